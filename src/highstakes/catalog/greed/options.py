"""Greed's options (RULES.md §2.2, §2.5) and the fixed numbers of its rules: their one home."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from highstakes.catalog.greed.scoring import ScoringTable
from highstakes.catalog.greed.words import N_, _
from highstakes.engine.options import GameOptions, option
from highstakes.i18n.numbers import format_number

#: Reaching or passing this many points starts the final round (RULES.md §2.6, G-11): the
#: default of the ``goal`` option.
WINNING_SCORE: Final = 5000
#: Every Greed score is a multiple of this.
POINT_STEP: Final = 50
#: The largest goal the ``goal`` option takes.
MOST_GOAL: Final = 10000
#: The largest turn limit the ``turn_limit`` option takes: the solver's cap for the largest
#: goal. The limit sizes the solve (its time grows with it), so it has a bound like the goal.
MOST_TURN_LIMIT: Final = 2 * MOST_GOAL
#: Points a player must make in one turn to open their score (RULES.md §2.5).
OPENING_MINIMUM: Final = 500

_VERSION_A = ScoringTable()  # the scoring table's own defaults are version A of §2.2


def _check_points(value: Any) -> int:
    if type(value) is not int or value <= 0 or value % POINT_STEP:
        raise ValueError(_("{value} is not a positive multiple of {step}").format(
            value=value, step=POINT_STEP))
    return value


def _check_at_most(most: int) -> Callable[[Any], int]:
    """A check of a positive multiple of 50 that is at most ``most``."""

    def check(value: Any) -> int:
        points = _check_points(value)
        if points > most:
            raise ValueError(_("{value} is more than {most}").format(value=value, most=format_number(most)))
        return points

    return check


@dataclass(frozen=True)
class GreedOptions(GameOptions):
    GAME_ID = "greed"

    dddd: int = option(
        _VERSION_A.four_d, (_VERSION_A.four_d, 800),
        N_("points for four D's in one roll: 1,000 (version A of the rules) or 800 (version B)"),
    )
    six_of_a_kind: int = option(
        _VERSION_A.six_of_a_kind, (_VERSION_A.six_of_a_kind, 1000),
        N_("points for six of a kind in one roll"),
    )
    min_every_turn: bool = option(
        False, (False, True),
        N_("require 500 points in a turn to bank on every turn, not only the first"),
        labels={False: N_("first bank only"), True: N_("every bank")},
    )

    goal: int = option(
        WINNING_SCORE, (WINNING_SCORE, 2500, 1000),
        N_("points that end the game: a bank reaching them starts the final round"),
        also_accepts=N_("any multiple of 50 from 50 to 10,000"), check=_check_at_most(MOST_GOAL),
    )
    turn_limit: int = option(
        0, (0,),
        N_("for study: a turn whose points, with the player's score, pass this many is banked at once, "
           "before the final round; it keeps the game finite for solvers"),
        also_accepts=N_("a multiple of 50 from the goal plus 500 to 20,000"),
        check=_check_at_most(MOST_TURN_LIMIT),
        labels={0: N_("no limit")},
    )

    def __post_init__(self) -> None:
        # Checked here because it depends on two options: a turn banked at the limit must
        # always have made the opening minimum, and must reach the goal.
        if self.turn_limit and self.turn_limit < self.goal + OPENING_MINIMUM:
            raise ValueError(_("option 'turn_limit' must be 0 (no limit) or at least the goal plus "
                               "{opening} ({least}); got {value}").format(
                opening=format_number(OPENING_MINIMUM), least=format_number(self.goal + OPENING_MINIMUM),
                value=format_number(self.turn_limit)))

    @property
    def table(self) -> ScoringTable:
        return ScoringTable(four_d=self.dddd, six_of_a_kind=self.six_of_a_kind)


def options_of(view: Mapping[str, Any]) -> GreedOptions:
    """The typed options of a Greed view (every view carries its game's options)."""
    options = view["options"]
    return _options(tuple(sorted(options.items())))


@cache
def _options(items: tuple[tuple[str, Any], ...]) -> GreedOptions:
    return GreedOptions.from_json(dict(items))
