"""It's in the Bag's options (RULES.md §5.1, §5.2): their one home."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.in_the_bag.words import N_, _
from highstakes.engine.options import GameOptions, option

UNLIMITED = 0
NO_ROUND_LIMIT = 0
#: The longest round limit a table may set: a limit is for simulations and tests (§5.2).
MOST_ROUNDS = 1_000


def _check_round_limit(value: object) -> int:
    """A round limit beyond the listed ones: a whole number of rounds from 1 to MOST_ROUNDS."""
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MOST_ROUNDS:
        raise ValueError(_("got {value}").format(value=repr(value)))
    return value


@dataclass(frozen=True)
class BagOptions(GameOptions):
    GAME_ID = "in_the_bag"

    reserve: int = option(
        UNLIMITED, (UNLIMITED, 20, 10),
        N_("¥100 coins in the reserve for the ¥200 consolation; 0 means as many as needed"),
        labels={UNLIMITED: N_("as many as needed")},
    )
    tie_rebid: str = option(
        "tied", ("tied", "all"),
        N_("after a tie for the highest bid: only the tied players bid again, or everyone who bid"),
        labels={"tied": N_("only the tied players bid again"), "all": N_("everyone bids again")},
    )
    feeds: str = option(
        "secret", ("secret", "shown"),
        N_("the pieces fed to the bag: secret, or shown to everyone once every player has fed"),
        labels={"secret": N_("secret"), "shown": N_("shown to everyone")},
    )
    round_limit: int = option(
        NO_ROUND_LIMIT, (NO_ROUND_LIMIT, 20, 100),
        N_("for simulations and tests: the game ends after this round at the latest; 0 means no limit"),
        also_accepts=N_("any whole number of rounds from 1 to 1,000"),
        check=_check_round_limit,
        labels={NO_ROUND_LIMIT: N_("no limit")},
    )
