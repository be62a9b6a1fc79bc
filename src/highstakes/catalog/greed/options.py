"""Greed's options (RULES.md §2.2, §2.5) and the fixed numbers of its rules: their one home."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from highstakes.catalog.greed.scoring import ScoringTable
from highstakes.catalog.greed.words import N_
from highstakes.engine.options import GameOptions, option

#: Reaching or passing this many points starts the final round (RULES.md §2.6, G-11).
WINNING_SCORE: Final = 5000
#: Points a player must make in one turn to open their score (RULES.md §2.5).
OPENING_MINIMUM: Final = 500

_VERSION_A = ScoringTable()  # the scoring table's own defaults are version A of §2.2


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
