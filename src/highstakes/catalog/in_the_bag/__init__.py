"""It's in the Bag, the first Currency Sakana game (RULES.md §5.1, §5.2, §7.2, §7.3, §7.5).

Everything about the game lives in this package; :class:`BagDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType

from highstakes.catalog.in_the_bag.actions import Bid, Feed, parse_move
from highstakes.catalog.in_the_bag.options import BagOptions
from highstakes.catalog.in_the_bag.rules import MAX_REBIDS, BagState
from highstakes.catalog.in_the_bag.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import Advisor, BotInfo, TerminalTableFactory

#: The round limit random play takes when its options leave ``round_limit`` at "no limit".
BOUNDED_ROUNDS = 100


class BagDefinition(GameDefinition):
    id = "in_the_bag"
    title = N_("It's in the Bag")
    summary = N_(
        "Currency Sakana: feed the bag a piece in secret, then bid blind with the coins and bills "
        "you hold. The highest bid takes the bag, and every bid goes in. First to ¥10,000 ends it."
    )
    min_seats = 2
    max_seats = 6
    resources = __name__  # rules.md and README.md
    options_type = BagOptions
    hidden_information = True  # every hand, the pieces fed, the bag, the bids until the reveal
    seat_keys = GameDefinition.seat_keys | {"winner", "consoled"}
    # The rulebook has no last round (RULES.md §5.2 "No round limit"); random play, which may
    # never reach ¥10,000, gets one. Per round: a feed and at most 1 + MAX_REBIDS bids from each
    # of at most six seats.
    bounded_play = MappingProxyType({"round_limit": BOUNDED_ROUNDS})
    max_game_length = BOUNDED_ROUNDS * 6 * (2 + MAX_REBIDS)

    def new_state(self, seats: int, options: BagOptions) -> BagState:
        return BagState(seats, options)

    def max_chance_outcomes(self, seats: int, options: BagOptions) -> int:
        """Nothing is left to chance: the players feed the bag and bid."""
        return 0

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.in_the_bag.bots import BOTS

        return BOTS

    def advisor(self) -> Advisor:
        from highstakes.catalog.in_the_bag.bots import hint

        return hint

    def terminal_table(self) -> TerminalTableFactory:
        from highstakes.catalog.in_the_bag.tui.app import BagApp

        return BagApp


IN_THE_BAG = BagDefinition()

__all__ = ["IN_THE_BAG", "BagDefinition", "BagOptions", "BagState", "Bid", "Feed"]
