"""The stacking game's options (RULES.md §5.3, §7.4): their one home.

The rulebook has no last round and no penalty for misses (RULES.md §5.3, "No round limit, and
no penalty for misses"), so ``round_limit`` and ``miss_limit`` default to none; random play,
which could otherwise go on for ever (a companion table whose outcomes are said at random), is
bounded by the values the definition names in ``bounded_play``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from highstakes.catalog.stacking.words import N_, _
from highstakes.engine.options import GameOptions, option
from highstakes.i18n.numbers import format_number

#: An option's "no limit".
NO_LIMIT = 0
#: The most rounds and misses a table may set as its limits.
MOST_ROUNDS, MOST_MISSES = 1_000, 10
#: The limits random play is given (the definition's ``bounded_play``): a last round, and misses in
#: a row that bring the stack down.
BOUNDED_ROUNDS, BOUNDED_MISSES = 12, 3


def _whole_number_up_to(most: int) -> Any:
    """A check for a limit typed beyond the choices: a whole number from 1 to ``most``."""

    def check(value: Any) -> int:
        if type(value) is not int or not 1 <= value <= most:
            raise ValueError(_("{value} is not a whole number from 1 to {most}").format(
                value=value, most=format_number(most)))
        return value

    return check


def _limit(bound: int, most: int, description: str, also_accepts: str, unlimited: str) -> Any:
    """An option for a limit the rulebook does not have: none by default, ``bound`` (the value random
    play is given) among the choices, and any whole number up to ``most`` typed."""
    return option(NO_LIMIT, (NO_LIMIT, bound), description, also_accepts=also_accepts,
                  check=_whole_number_up_to(most), labels={NO_LIMIT: unlimited})


@dataclass(frozen=True)
class StackingOptions(GameOptions):
    GAME_ID = "stacking"

    longer: bool = option(
        False, (False, True),
        N_("longer game: all the currency, the bag's pieces too, is dealt out equally by kind"),
        labels={False: N_("the usual starting money"), True: N_("deal all the currency")},
    )
    companion: bool = option(
        False, (False, True),
        N_("companion mode: stack real pieces at a real table and enter how each placement went"),
        labels={False: N_("stack on the screen"), True: N_("stack real pieces")},
    )
    bill_width: int = option(
        76, (76, 40, 150),
        N_("how wide a bill lies on the stack, in millimetres: folded to its short side, folded small, "
           "or flat and long"),
        labels={76: N_("76 mm (a bill's short side)"), 40: N_("40 mm (folded small)"),
                150: N_("150 mm (flat and long)")},
    )
    bag: int = option(
        10, (10, 5, 20),
        N_("pieces of each kind in the bag at the start, before any longer-game deal"),
    )
    round_limit: int = _limit(
        BOUNDED_ROUNDS, MOST_ROUNDS,
        N_("for simulations and tests (the rulebook has no last round): the game ends after this many "
           "rounds and the fewest pieces win; alone, your score is then the rounds played"),
        N_("any whole number of rounds from 1 to 1,000"), N_("no limit"),
    )
    miss_limit: int = _limit(
        BOUNDED_MISSES, MOST_MISSES,
        N_("for simulations and tests (the rulebook has no penalty for misses): this many misses of one "
           "piece in a row bring the stack down on the player"),
        N_("any whole number of misses from 1 to 10"),
        N_("none: a piece that misses is placed again, however many times"),
    )
