"""Deal or No Deal: the board game's duo and party versions (RULES.md §3, §7.1).

Everything about the game lives in this package; :class:`DealDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highstakes.catalog.deal_or_no_deal.actions import Move, parse_move
from highstakes.catalog.deal_or_no_deal.money import NUM_CASES
from highstakes.catalog.deal_or_no_deal.options import DealOptions
from highstakes.catalog.deal_or_no_deal.rules import DealState
from highstakes.catalog.deal_or_no_deal.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import Advisor, Analysis, BotInfo, TerminalTableFactory


class DealDefinition(GameDefinition):
    id = "deal_or_no_deal"
    title = N_("Deal or No Deal")
    summary = N_(
        "Open cases, weigh the banker's offers, deal or no deal. Duo for two (banker and "
        "contestant, then swap); party for 3 to 6 with case holders, paid guesses and the kitty."
    )
    min_seats = 2
    max_seats = 6
    resources = __name__  # rules.md, README.md and web/renderer.js
    options_type = DealOptions
    hidden_information = True  # the values inside unopened cases, and a holder's guess
    # Per game of a match: 26 fillings, a pick, 24 calls with a guess each, 10 offers with
    # up to 5 counters and answers each, the final choices. Six games at most.
    seat_keys = GameDefinition.seat_keys | {"host", "contestant", "holder", "holders"}
    max_game_length = 6 * (NUM_CASES + 1 + 2 * 24 + 10 * 12 + 6)

    def new_state(self, seats: int, options: DealOptions) -> DealState:
        return DealState(seats, options)

    def max_chance_outcomes(self, seats: int, options: DealOptions) -> int:
        """Filling a case: one of the values not yet placed (§3.3)."""
        return NUM_CASES

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.deal_or_no_deal.bots import BOTS

        return BOTS

    def strongest_bot(self, seats: int, options: Mapping[str, Any]) -> str:
        from highstakes.catalog.deal_or_no_deal.bots import strongest

        return strongest(seats, options)

    def advisor(self) -> Advisor:
        from highstakes.catalog.deal_or_no_deal.bots import hint

        return hint

    def analysis(self) -> Analysis:
        from highstakes.catalog.deal_or_no_deal.analysis import ANALYSIS

        return ANALYSIS

    def terminal_table(self) -> TerminalTableFactory:
        from highstakes.catalog.deal_or_no_deal.tui.app import DealApp

        return DealApp


DEAL_OR_NO_DEAL = DealDefinition()

__all__ = ["DEAL_OR_NO_DEAL", "DealDefinition", "DealOptions", "DealState", "Move"]
