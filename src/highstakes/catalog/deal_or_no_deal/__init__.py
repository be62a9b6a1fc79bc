"""Deal or No Deal: the board game's duo and party versions (RULES.md §3, §7.1)."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from highstakes.catalog.deal_or_no_deal.actions import Move, parse_move
from highstakes.catalog.deal_or_no_deal.money import check_custom_values
from highstakes.catalog.deal_or_no_deal.rules import DealState
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.options import OptionSpec
from highstakes.engine.registry import register


class DealDefinition(GameDefinition):
    id = "deal_or_no_deal"
    title = "Deal or No Deal"
    summary = (
        "Open cases, weigh the banker's offers, deal or no deal. Duo for two (banker and "
        "contestant, then swap); party for 3 to 6 with case holders, paid guesses and the kitty."
    )
    min_seats = 2
    max_seats = 6
    option_specs = (
        OptionSpec("version", "auto", ("auto", "duo", "party"),
                   "duo (2 players) or party (3 to 6); auto picks by the number of seats"),
        OptionSpec("values", "us", ("us",), "the 26 case values: the US show's $0.01 to $1,000,000 (D-1)",
                   "a list of 26 different amounts in cents", check_custom_values),
        OptionSpec("offer_timing", "single", ("single", "literal"),
                   "single: one final offer when two cases remain (D-2); literal: an offer after "
                   "round 9 and a final offer at round 10"),
        OptionSpec("round10_guess", "any", ("any", "keep_only"),
                   "party: the last holder guesses whether the contestant keeps or swaps (D-6), "
                   "or only on a keep"),
    )

    def new_state(self, seats: int, options: dict[str, Any]) -> DealState:
        return DealState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def rules_text(self) -> str:
        return files("highstakes.catalog.deal_or_no_deal").joinpath("rules.md").read_text(encoding="utf-8")


DEAL_OR_NO_DEAL = register(DealDefinition())

__all__ = ["DEAL_OR_NO_DEAL", "DealState", "Move"]
