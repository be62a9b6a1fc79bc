"""Deal or No Deal's options (RULES.md §3, decisions D-1, D-2, D-6): their one home."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.deal_or_no_deal.money import DOLLAR, US_VALUES, check_custom_values
from highstakes.catalog.deal_or_no_deal.words import N_
from highstakes.engine.options import GameOptions, option


@dataclass(frozen=True)
class DealOptions(GameOptions):
    GAME_ID = "deal_or_no_deal"

    version: str = option(
        "auto", ("auto", "duo", "party"),
        N_("duo (2 players) or party (3 to 6); auto picks by the number of players"),
        labels={"auto": N_("by the number of players"), "duo": N_("duo: banker and contestant"),
                "party": N_("party: 3 to 6 players")},
    )
    values: str | tuple[int, ...] = option(
        "us", ("us",), N_("the 26 case values: the US show's $0.01 to $1,000,000"),
        also_accepts=N_("a list of 26 different amounts"), check=check_custom_values,
        # In JSON (and -o on the command line) the amounts are cents; people type dollars.
        amounts={"scale": DOLLAR, "currency": "USD"},
        labels={"us": N_("the US show's 26 values")},
    )
    offer_timing: str = option(
        "single", ("single", "literal"),
        N_("single: one final offer when two cases remain; literal: an offer after round 9 and a "
           "final offer at round 10"),
        labels={"single": N_("one final offer"), "literal": N_("an offer after round 9 too")},
    )
    round10_guess: str = option(
        "any", ("any", "keep_only"),
        N_("party: the last holder guesses whether the contestant keeps or swaps, or only on a keep"),
        labels={"any": N_("on a keep or a swap"), "keep_only": N_("only on a keep")},
    )

    def version_for(self, seats: int) -> str:
        """The version played at this table: ``auto`` is duo for two seats, party for more."""
        if self.version == "auto":
            return "duo" if seats == 2 else "party"
        return self.version

    @property
    def case_values(self) -> tuple[int, ...]:
        """The 26 amounts in cents, ascending."""
        return US_VALUES if self.values == "us" else tuple(self.values)
