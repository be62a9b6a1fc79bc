"""The stacking game, the second Currency Sakana game (RULES.md §5.1, §5.3, §7.2, §7.4, §7.5).

Everything about the game lives in this package; :class:`StackingDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``). The
rulebook gives no title: it is called "the stacking game" until its name is confirmed.
"""

from __future__ import annotations

from collections.abc import Sequence

from highstakes.catalog.stacking.actions import Bid, Lay, Pass, Place, Report, parse_move
from highstakes.catalog.stacking.options import StackingOptions
from highstakes.catalog.stacking.rules import MAX_ROUNDS, StackingState
from highstakes.catalog.stacking.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import Advisor, BotInfo, TerminalTableFactory


class StackingDefinition(GameDefinition):
    id = "stacking"
    title = N_("The stacking game")
    summary = N_(
        "Currency Sakana: bid how many of your coins and bills you can stack, then stack them in "
        "turn on one shared pile. Topple it and you take the whole pile. Empty your hands to win."
    )
    min_seats = 1
    max_seats = 6
    default_seats = 3
    resources = __name__  # rules.md and README.md
    options_type = StackingOptions
    hidden_information = False  # every piece moves in view of the whole table
    seat_keys = GameDefinition.seat_keys | {"turn", "opener", "emptied"}
    # Per round at most: a bid or a pass per piece and seat, a lay per piece, three tries per piece.
    max_game_length = MAX_ROUNDS * 1_000

    def new_state(self, seats: int, options: StackingOptions) -> StackingState:
        return StackingState(seats, options)

    def max_chance_outcomes(self, seats: int, options: StackingOptions) -> int:
        """Nothing is left to chance: the pieces are the players' own, the bag's are laid by
        choice, and a placement's outcome follows from the stack and the offset alone."""
        return 0

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.stacking.bots import BOTS

        return BOTS

    def advisor(self) -> Advisor:
        from highstakes.catalog.stacking.bots import hint

        return hint

    def terminal_table(self) -> TerminalTableFactory:
        from highstakes.catalog.stacking.tui.app import StackApp

        return StackApp


STACKING = StackingDefinition()

__all__ = ["STACKING", "Bid", "Lay", "Pass", "Place", "Report", "StackingDefinition", "StackingOptions",
           "StackingState"]
