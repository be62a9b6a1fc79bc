"""Make-A-Million's options (RULES.md §1.10, §1.11, A-1 to A-7, A-11, A-15, A-18, A-20): their one home."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from highstakes.catalog.make_a_million.words import N_
from highstakes.engine.options import GameOptions, option


@dataclass(frozen=True)
class MillionOptions(GameOptions):
    GAME_ID = "make_a_million"

    variant: str = option(
        "auto", ("auto", "partnership", "silent_partner", "variation"),
        N_("the partnership game (4, 6 or 8 players), Silent Partner (6 or 8) or the trick-count "
           "Variation (2 to 12); auto picks the partnership game when it can"),
        labels={"auto": N_("by the number of players"), "partnership": N_("partnerships"),
                "silent_partner": N_("Silent Partner"), "variation": N_("the trick-count Variation")},
    )
    target: int = option(
        1_000_000, (1_000_000, 500_000, 2_000_000),
        N_("dollars a side must reach to win the game"),
    )
    # §1.10: the game goes on until a side reaches the target, however many deals that takes. A
    # limit is for simulations and tests (random play names 8 in the definition's bounded_play).
    hand_limit: int | None = option(
        None, (None, 8, 4, 12, 1),
        N_("a deal limit, for simulations: the game also ends after this many deals, and the "
           "higher score wins; the rules have none"),
        labels={None: N_("no limit")},
    )
    opening_bid: int = option(
        175_000, (175_000, 150_000, 200_000),
        N_("the lowest opening bid with four players (doubled with six or eight)"),
    )
    raise_step: int = option(
        10_000, (10_000, 20_000),
        N_("the smallest raise over the previous bid"),
    )
    misdeal: bool = option(
        False, (False, True),
        N_("a player whose Money cards total $15,000 or less may call for a new deal"),
        labels={False: N_("no misdeal"), True: N_("misdeal allowed")},
    )
    no_trump: bool = option(
        False, (False, True),
        N_("the highest bidder may call no trump, with the Tiger high or low"),
        labels={False: N_("a trump colour is always named"), True: N_("no trump allowed")},
    )
    trump_lead: str = option(
        "any", ("any", "after_trump_played"),
        N_("whether trump may be led before trump has been played to an earlier trick"),
        labels={"any": N_("trump may be led at any time"),
                "after_trump_played": N_("no leading trump until trump has been played")},
    )
    widow: str = option(
        "bidder", ("bidder", "everyone"),
        N_("who sees the widow when the highest bidder takes it"),
        labels={"bidder": N_("only the highest bidder"), "everyone": N_("every player")},
    )
    last_trick: bool = option(
        False, (False, True),
        N_("players may look at the last trick taken"),
        labels={False: N_("only the current trick"), True: N_("the last trick too")},
    )

    def variant_for(self, seats: int) -> str:
        """The game played at this table: ``auto`` is the partnership game for 4, 6 or 8 players."""
        if self.variant == "auto":
            return "partnership" if seats in (4, 6, 8) else "variation"
        return self.variant

    def opening_for(self, seats: int) -> int:
        """The lowest opening bid: doubled with the double deck (A-1)."""
        return self.opening_bid * (1 if seats == 4 else 2)


def options_of(view: Mapping[str, Any]) -> MillionOptions:
    """The typed options of a view (every view carries its game's options)."""
    return _options(tuple(sorted(view["options"].items())))


@cache
def _options(items: tuple[tuple[str, Any], ...]) -> MillionOptions:
    return MillionOptions.from_json(dict(items))
