"""The stacking game, the second Currency Sakana game (RULES.md §5.1, §5.3, §7.2, §7.4, §7.5).

Everything about the game lives in this package; :class:`StackingDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``). The
rulebook gives no title: it is called "the stacking game" until its name is confirmed.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from highstakes.catalog.stacking.actions import Bid, Lay, Pass, Place, Report, parse_move
from highstakes.catalog.stacking.options import BOUNDED_MISSES, BOUNDED_ROUNDS, StackingOptions
from highstakes.catalog.stacking.rules import StackingState
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
    # The rulebook has no last round and no penalty for misses (RULES.md §5.3), so a game may
    # go on as long as its players like: random play (the conformance kit, the research faces)
    # is bounded by a last round and a miss count that brings the stack down, never a table's
    # defaults. A companion table whose outcomes are said at random gives back half the stacks
    # placed, and its hands grow: without a last round it hardly ever ends.
    bounded_play = MappingProxyType({"round_limit": BOUNDED_ROUNDS, "miss_limit": BOUNDED_MISSES})
    # Per round at most, under those bounds: a bid or a pass per piece and seat, a lay per piece,
    # as many tries per piece as the miss count allows (about 700 with every piece of the
    # largest bag in play).
    max_game_length = BOUNDED_ROUNDS * 1_000

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
