"""It's in the Bag's options (RULES.md §5.1, §5.2): their one home."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.in_the_bag.words import N_
from highstakes.engine.options import GameOptions, option

UNLIMITED = 0


@dataclass(frozen=True)
class BagOptions(GameOptions):
    GAME_ID = "in_the_bag"

    reserve: int = option(
        UNLIMITED, (UNLIMITED, 20, 10),
        N_("¥100 coins in the reserve for the ¥200 consolation; 0 means as many as needed"),
        labels={UNLIMITED: N_("as many as needed")},
    )
    tie_rebid: str = option(
        "all", ("all", "tied"),
        N_("after a tie for the highest bid: everyone bids again, or only the tied players"),
        labels={"all": N_("everyone bids again"), "tied": N_("only the tied players bid again")},
    )
