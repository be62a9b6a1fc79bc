"""Optimal two-player Greed: the policy that maximises the probability of winning.

The method is value iteration in the pre-roll/post-roll form that Busche and
Neller used for Farkle, organised so that almost nothing is iterated.

**States.** A *pre-roll* state is ``(my, opp, turn_total, dice)``: the banked
scores of the player to move and of the opponent, the points set aside this
turn, and how many dice are about to be rolled. Whether a player has opened
follows from the score (a player has opened exactly when the score is above 0),
except under ``min_every_turn``, where every turn needs the opening minimum.
``V(my, opp, t, n)`` is the probability that the player to move wins when both
players play optimally. After the roll the player picks the best of: every
legal set-aside (go to ``V(my, opp, t + points, dice left)``, or to six dice
after hot dice), and banking when it is legal. A greed-out is worth
``1 - V(opp, my, 0, 6)``, the opponent's turn from the start.

**Order of solution.** Banking below the goal moves to the opponent's turn
with a strictly larger score sum, and a greed-out only swaps the two scores.
Score pairs are therefore solved in decreasing order of their sum. Within one
unordered pair ``{i, j}``, ``V(i, j, 0, 6)`` and ``V(j, i, 0, 6)`` depend on each
other through greed-outs only. A turn's table (all ``t`` and ``n``) is acyclic in
the turn total, so for a given value ``x`` of the opponent's start-of-turn
state it is one backwards sweep. The sweep also carries each state's
derivative with respect to ``x``: under a fixed policy every value is affine
in ``x``, so the coupled pair is solved by Newton steps (policy iteration on
two unknowns) that are exact once the policy stops changing: about three
and a half steps per pair on average for the full game. Convergence is to
:data:`TOLERANCE`; should Newton steps cycle between policies, plain
iteration (a contraction, since a greed-out is never certain) finishes the job.

**Final round.** When a bank takes a player to the goal or beyond, the
opponent has exactly one turn and must finish strictly above that total, and
must also make the opening minimum in that turn if they have not opened.
``R(d, n)``, the probability of making at least ``d`` more points in one turn
with ``n`` dice to roll (banking as soon as it is allowed, never straight after
hot dice), gives the banker's value ``1 - R(d, 6)``.

**The cap.** Turn totals are unbounded in the real game. The model keeps
pre-roll states only while ``my + turn_total <= cap`` (:data:`CAP`, 10,000).
A set-aside that would take the banked score plus turn total beyond the cap
is valued as banking that total at once: the roll it would still have to
survive is ignored. Only turns that have already passed the goal by more
than 5,000 points are affected.

**Compression.** Rolls are grouped by the set of distinct (points, dice used)
set-asides they allow; rolls in one group are interchangeable for every
decision. Six dice have 462 distinct rolls but only 66 groups.

Solutions are cached on disk as ``.npz`` (see :func:`cache_dir`), one file per
scoring table, opening rule and solver format version.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import sys
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal

import numba
import numpy as np
import platformdirs

from highstakes.catalog.greed.options import OPENING_MINIMUM, POINT_STEP, WINNING_SCORE, GreedOptions
from highstakes.catalog.greed.scoring import (
    NUM_DICE,
    Counts,
    ScoringTable,
    all_rolls,
    scoring_keeps,
)
from highstakes.catalog.greed.words import N_, _
from highstakes.engine.parts import Report, Solver
from highstakes.i18n.numbers import format_number, format_percent

#: The real game's goal and opening minimum (their home is ``options.py``), as the solver calls them.
GOAL: Final = WINNING_SCORE
#: Largest banked score plus turn total that the model keeps as a state (see the module notes).
CAP: Final = 10000
OPENING: Final = OPENING_MINIMUM
#: Every Greed score is a multiple of this, so the solver counts in these units.
UNIT: Final = POINT_STEP
#: Bump when the meaning or layout of the cached arrays changes, so old files are not reused.
FORMAT_VERSION: Final = 1
#: Newton steps converge when both start-of-turn values move less than this.
TOLERANCE: Final = 1e-12
#: Environment variable that moves the solution cache away from the user cache directory.
CACHE_ENV: Final = "HIGHSTAKES_CACHE_DIR"

#: The post-roll decision "bank": take the best scoring of the roll and end the turn.
BANK: Final = "bank"
Decision = Counts | Literal["bank"]

_NEWTON_STEPS: Final = 60
_FIXED_POINT_STEPS: Final = 100_000


# --------------------------------------------------------------------------------------
# Which game is solved
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SolverRules:
    """Everything the optimal policy depends on. Points are multiples of :data:`UNIT`.

    ``goal``, ``cap`` and ``opening`` exist so that tests can solve a small game
    in seconds; the real game uses the defaults.
    """

    dddd: int = GreedOptions.dddd
    six_of_a_kind: int = GreedOptions.six_of_a_kind
    min_every_turn: bool = GreedOptions.min_every_turn
    goal: int = GOAL
    cap: int = CAP
    opening: int = OPENING

    def __post_init__(self) -> None:
        for name in ("dddd", "six_of_a_kind", "goal", "cap", "opening"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0 or value % UNIT:
                raise ValueError(f"{name} must be a non-negative multiple of {UNIT}; got {value!r}")
        if self.goal < UNIT:
            raise ValueError(f"goal must be at least {UNIT}; got {self.goal}")
        # A bank that reaches the goal must leave room for the opening minimum below the cap,
        # so that the "bank beyond the cap" rule never banks an unopened turn.
        if self.cap < self.goal + self.opening:
            least = self.goal + self.opening
            raise ValueError(f"cap must be at least goal + opening ({least}); got {self.cap}")

    @classmethod
    def from_options(cls, options: GreedOptions | Mapping[str, Any] | None = None) -> SolverRules:
        """Rules from Greed's options (typed, or their JSON form).

        The goal is the options'; the cap is the turn limit when the table has one (the game
        is then exactly the model), else :data:`CAP` for the usual goal and twice the goal
        (at least goal plus opening) for others.
        """
        typed = options if isinstance(options, GreedOptions) else GreedOptions.from_json(options)
        goal = typed.goal
        cap = typed.turn_limit or (CAP if goal == GOAL else max(2 * goal, goal + OPENING))
        return cls(dddd=typed.dddd, six_of_a_kind=typed.six_of_a_kind, min_every_turn=typed.min_every_turn,
                   goal=goal, cap=cap)

    @property
    def table(self) -> ScoringTable:
        return ScoringTable(four_d=self.dddd, six_of_a_kind=self.six_of_a_kind)

    def cache_name(self) -> str:
        opening_rule = "every" if self.min_every_turn else "first"
        return (
            f"greed-v{FORMAT_VERSION}-dddd{self.dddd}-six{self.six_of_a_kind}-open{self.opening}"
            f"-{opening_rule}-goal{self.goal}-cap{self.cap}.npz"
        )


# --------------------------------------------------------------------------------------
# Compressed rolls
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RollClasses:
    """Roll outcomes grouped by the set-asides they allow, as flat arrays for Numba.

    Groups of ``n`` dice are ``class_start[n]`` to ``class_start[n + 1]``; group
    ``c`` has probability ``class_prob[c]``, best scoring ``class_best[c]`` (in
    units), is hot when ``class_hot[c]``, and offers set-asides
    ``option_start[c]`` to ``option_start[c + 1]``, each worth ``option_points``
    units and leaving ``option_next`` dice to roll (6 after hot dice).
    ``greed_out[n]`` is the probability that ``n`` dice score nothing.
    """

    greed_out: np.ndarray
    class_start: np.ndarray
    class_prob: np.ndarray
    class_best: np.ndarray
    class_hot: np.ndarray
    option_start: np.ndarray
    option_points: np.ndarray
    option_next: np.ndarray

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        return (
            self.greed_out, self.class_start, self.class_prob, self.class_best,
            self.class_hot, self.option_start, self.option_points, self.option_next,
        )

    @property
    def max_points(self) -> int:
        """Most units one roll can score: bounds how far a bank can overshoot the cap."""
        return int(self.class_best.max())


@cache
def roll_classes(table: ScoringTable) -> RollClasses:
    greed_out = np.zeros(NUM_DICE + 1)
    class_start = [0]
    probs: list[float] = []
    bests: list[int] = []
    hots: list[bool] = []
    option_start = [0]
    points: list[int] = []
    nexts: list[int] = []
    for dice in range(1, NUM_DICE + 1):
        groups: dict[frozenset[tuple[int, int]], float] = {}
        for roll, probability in all_rolls(dice):
            options = frozenset((value // UNIT, sum(keep)) for keep, value in scoring_keeps(roll, table))
            if options:
                groups[options] = groups.get(options, 0.0) + probability
            else:
                greed_out[dice] += probability
        for options, probability in sorted(groups.items(), key=lambda item: sorted(item[0])):
            probs.append(probability)
            bests.append(max(value for value, _used in options))
            hots.append(any(used == dice for _kept, used in options))
            for value, used in sorted(options):
                points.append(value)
                nexts.append(dice - used if used < dice else NUM_DICE)
            option_start.append(len(points))
        class_start.append(len(probs))
    # Index by dice count directly: slot 0 of class_start stands for "0 dice", which has no groups.
    return RollClasses(
        greed_out=greed_out,
        class_start=np.array([0, *class_start], dtype=np.int64),
        class_prob=np.array(probs),
        class_best=np.array(bests, dtype=np.int64),
        class_hot=np.array(hots, dtype=np.bool_),
        option_start=np.array(option_start, dtype=np.int64),
        option_points=np.array(points, dtype=np.int64),
        option_next=np.array(nexts, dtype=np.int64),
    )


# --------------------------------------------------------------------------------------
# Numba kernels (all points in units of 50)
# --------------------------------------------------------------------------------------
@numba.njit(cache=True)
def _reach_table(
    size: int, greed_out: np.ndarray, class_start: np.ndarray, class_prob: np.ndarray,
    class_best: np.ndarray, class_hot: np.ndarray, option_start: np.ndarray,
    option_points: np.ndarray, option_next: np.ndarray,
) -> np.ndarray:
    """``R[d, n]``: chance of making at least ``d`` more units this turn, ``n`` dice to roll."""
    reach = np.zeros((size, NUM_DICE + 1))
    # d = 0 is already made, but hot dice still force a roll: R(0, 6) feeds on itself
    # through "keep all six again", so it is the fixed point of this sweep.
    for _sweep in range(10_000):
        change = 0.0
        for dice in range(1, NUM_DICE + 1):
            value = 0.0
            for c in range(class_start[dice], class_start[dice + 1]):
                if not class_hot[c]:
                    value += class_prob[c]
                    continue
                best = 0.0
                for o in range(option_start[c], option_start[c + 1]):
                    best = max(best, reach[0, option_next[o]])
                value += class_prob[c] * best
            change = max(change, abs(value - reach[0, dice]))
            reach[0, dice] = value
        if change < 1e-17:
            break
    for need in range(1, size):
        for dice in range(1, NUM_DICE + 1):
            value = 0.0
            for c in range(class_start[dice], class_start[dice + 1]):
                if not class_hot[c] and class_best[c] >= need:
                    value += class_prob[c]
                    continue
                best = 0.0
                for o in range(option_start[c], option_start[c + 1]):
                    best = max(best, reach[max(need - option_points[o], 0), option_next[o]])
                value += class_prob[c] * best
            reach[need, dice] = value
    return reach


@numba.njit(cache=True)
def _bank_value(
    me: int, opp: int, total: int, goal: int, opening: int, every_turn: bool,
    start: np.ndarray, reach: np.ndarray,
) -> float:
    """Win chance of the banker who ends the turn with ``total`` units banked."""
    if total >= goal:
        # The opponent gets one turn and must finish strictly above the total.
        need = total + 1 - opp
        if (every_turn or opp == 0) and need < opening:
            need = opening
        return 1.0 - reach[need, NUM_DICE]
    return 1.0 - start[opp, total]


@numba.njit(cache=True)
def _turn_table(
    me: int, opp: int, x: float, goal: int, cap: int, opening: int, every_turn: bool,
    start: np.ndarray, reach: np.ndarray, values: np.ndarray, slopes: np.ndarray,
    greed_out: np.ndarray, class_start: np.ndarray, class_prob: np.ndarray,
    class_best: np.ndarray, class_hot: np.ndarray, option_start: np.ndarray,
    option_points: np.ndarray, option_next: np.ndarray,
) -> None:
    """Fill ``values[t, n]`` = V(me, opp, t, n) for every turn total, given ``x`` = V(opp, me, 0, 6).

    ``slopes`` receives dV/dx under the chosen policy, which is what makes the
    Newton step for the coupled pair exact.
    """
    top = cap - me
    must_open = every_turn or me == 0
    for t in range(top, -1, -1):
        for dice in range(1, NUM_DICE + 1):
            value = greed_out[dice] * (1.0 - x)
            slope = -greed_out[dice]
            for c in range(class_start[dice], class_start[dice + 1]):
                best = -1.0
                best_slope = 0.0
                if not class_hot[c] and (not must_open or t + class_best[c] >= opening):
                    best = _bank_value(
                        me, opp, me + t + class_best[c], goal, opening, every_turn, start, reach
                    )
                for o in range(option_start[c], option_start[c + 1]):
                    after = t + option_points[o]
                    if after > top:
                        option_value = _bank_value(
                            me, opp, me + after, goal, opening, every_turn, start, reach
                        )
                        option_slope = 0.0
                    else:
                        option_value = values[after, option_next[o]]
                        option_slope = slopes[after, option_next[o]]
                    if option_value > best:
                        best = option_value
                        best_slope = option_slope
                value += class_prob[c] * best
                slope += class_prob[c] * best_slope
            values[t, dice] = value
            slopes[t, dice] = slope


@numba.njit(cache=True)
def _solve_score_sum(
    total: int, goal: int, cap: int, opening: int, every_turn: bool,
    start: np.ndarray, reach: np.ndarray, values: np.ndarray, slopes: np.ndarray,
    greed_out: np.ndarray, class_start: np.ndarray, class_prob: np.ndarray,
    class_best: np.ndarray, class_hot: np.ndarray, option_start: np.ndarray,
    option_points: np.ndarray, option_next: np.ndarray,
) -> tuple[int, float]:
    """Solve V(i, j, 0, 6) for every pair with i + j == total. Returns (sweeps, worst residual)."""
    sweeps = 0
    worst = 0.0
    for i in range(max(0, total - goal + 1), total // 2 + 1):
        j = total - i
        # y = V(i, j, 0, 6), x = V(j, i, 0, 6); start from a neighbour's answer when there is one.
        y = start[i, j] if start[i, j] >= 0.0 else 0.5
        x = start[j, i] if start[j, i] >= 0.0 else 0.5
        converged = False
        residual = 1.0
        for step in range(_NEWTON_STEPS + _FIXED_POINT_STEPS):
            _turn_table(i, j, x, goal, cap, opening, every_turn, start, reach, values, slopes,
                        greed_out, class_start, class_prob, class_best, class_hot,
                        option_start, option_points, option_next)
            sweeps += 1
            y_seen = values[0, NUM_DICE]
            y_slope = slopes[0, NUM_DICE]
            if i == j:
                residual = abs(y_seen - y)
                new_y = (y_seen - y_slope * x) / (1.0 - y_slope) if step < _NEWTON_STEPS else y_seen
                new_x = new_y
            else:
                _turn_table(j, i, y, goal, cap, opening, every_turn, start, reach, values, slopes,
                            greed_out, class_start, class_prob, class_best, class_hot,
                            option_start, option_points, option_next)
                sweeps += 1
                x_seen = values[0, NUM_DICE]
                x_slope = slopes[0, NUM_DICE]
                residual = max(abs(y_seen - y), abs(x_seen - x))
                if step < _NEWTON_STEPS:
                    # Both values are affine in the other's under the current policies:
                    # y = a + b x and x = c + d y, solved exactly.
                    a = y_seen - y_slope * x
                    c = x_seen - x_slope * y
                    new_y = (a + y_slope * c) / (1.0 - y_slope * x_slope)
                    new_x = c + x_slope * new_y
                else:
                    # Newton can cycle between policies in a stochastic game; plain
                    # iteration is a contraction (a greed-out is never certain), so it ends it.
                    new_y = y_seen
                    new_x = x_seen
            if residual < TOLERANCE:
                converged = True
                break
            y = min(max(new_y, 0.0), 1.0)
            x = min(max(new_x, 0.0), 1.0)
        if not converged:
            worst = max(worst, residual)
        start[i, j] = y
        start[j, i] = x
        # Seed the next pair (one step along the same diagonal) with these values.
        if i + 1 <= total // 2 and start[i + 1, j - 1] < 0.0:
            start[i + 1, j - 1] = y
            start[j - 1, i + 1] = x
    return sweeps, worst


# --------------------------------------------------------------------------------------
# The solution
# --------------------------------------------------------------------------------------
@dataclass(eq=False)
class GreedSolution:
    """The solved game: start-of-turn win chances and the final-round reach table.

    Turn-level values are rebuilt on demand from these (one sweep of a turn,
    about a millisecond) and memoised per score pair, so the cache file stays small.
    """

    rules: SolverRules
    start_values: np.ndarray  # [my, opp] in units: V(my, opp, 0, 6)
    reach: np.ndarray  # [need, dice] in units: R(need, dice)
    state_count: int
    solve_seconds: float
    peak_memory_mib: float | None = None
    cache_path: Path | None = None
    _turns: dict[tuple[int, int], np.ndarray] = field(default_factory=dict, repr=False)

    # --- headline numbers ----------------------------------------------------------------
    @property
    def first_player_win_probability(self) -> float:
        """P(win) of the player who moves first (the roll-off winner), both optimal."""
        return float(self.start_values[0, 0])

    @property
    def fair_compensation(self) -> int:
        """Head start (points) for the second player that makes the game closest to 50/50.

        Exactly: the ``c`` on the 50-point grid from 0 to ``goal - 50`` minimising
        ``|V(0, c, 0, 6) - 1/2|``, the first player's win chance when the second
        player starts with ``c`` banked points (smallest ``c`` on a tie). The head
        start counts as banked score, so under the default opening rule a
        second player given any points counts as opened.
        """
        gaps = np.abs(self.start_values[0, :] - 0.5)
        return int(np.argmin(gaps)) * UNIT

    @property
    def compensated_first_player_win_probability(self) -> float:
        return float(self.start_values[0, self.fair_compensation // UNIT])

    # --- values of states and actions ---------------------------------------------------
    def win_probability(self, my: int, opp: int, turn_total: int = 0, dice_left: int = NUM_DICE) -> float:
        """V before a roll: the mover has ``my`` banked, ``turn_total`` set aside, ``dice_left`` to roll."""
        me, other = self._scores(my, opp)
        t = self._points(turn_total, "turn_total")
        if not 1 <= dice_left <= NUM_DICE:
            raise ValueError(f"dice_left must be 1 to {NUM_DICE}; got {dice_left}")
        if me + t > self.rules.cap // UNIT:
            return self._bank_after(me, other, me + t)
        return float(self.turn_values(my, opp)[t, dice_left])

    def action_values(self, my: int, opp: int, turn_total: int, roll: Counts) -> dict[Decision, float]:
        """Win chance after each legal decision on ``roll`` (set-asides by count vector, and BANK)."""
        me, other = self._scores(my, opp)
        t = self._points(turn_total, "turn_total")
        keeps = scoring_keeps(tuple(roll), self.rules.table)  # type: ignore[arg-type]
        if not keeps:
            raise ValueError("a roll that scores nothing is a greed-out: there is no decision")
        dice = sum(roll)
        top = self.rules.cap // UNIT - me
        table = self.turn_values(my, opp) if t <= top else None
        result: dict[Decision, float] = {}
        hot = any(sum(keep) == dice for keep, _points in keeps)
        best = keeps[0][1] // UNIT
        if not hot and (not self._must_open(me) or t + best >= self.rules.opening // UNIT):
            result[BANK] = self._bank_after(me, other, me + t + best)
        for keep, points in keeps:
            after = t + points // UNIT
            used = sum(keep)
            if after > top or table is None:
                result[keep] = self._bank_after(me, other, me + after)
            else:
                result[keep] = float(table[after, dice - used if used < dice else NUM_DICE])
        return result

    def best_action(self, my: int, opp: int, turn_total: int, roll: Counts) -> tuple[Decision, float]:
        """The optimal decision on ``roll`` (a set-aside count vector or BANK) and its win chance."""
        values = self.action_values(my, opp, turn_total, roll)
        decision = max(values, key=lambda d: values[d])
        return decision, values[decision]

    def reach_probability(self, need: int, dice_left: int = NUM_DICE) -> float:
        """R: chance of making at least ``need`` more points this turn (final-round catch-up)."""
        units = max(0, -(-need // UNIT))
        if units >= self.reach.shape[0]:
            return 0.0
        return float(self.reach[units, dice_left])

    def catch_up_action_values(self, need: int, roll: Counts, can_bank: bool) -> dict[Decision, float]:
        """Chance of making ``need`` more points after each decision on ``roll`` (final round).

        ``need`` counts from the points already set aside this turn; ``can_bank``
        says whether the rules allow banking now (only when that wins).
        """
        keeps = scoring_keeps(tuple(roll), self.rules.table)  # type: ignore[arg-type]
        if not keeps:
            raise ValueError("a roll that scores nothing is a greed-out: there is no decision")
        dice = sum(roll)
        result: dict[Decision, float] = {}
        if can_bank:
            result[BANK] = 1.0
        for keep, points in keeps:
            used = sum(keep)
            result[keep] = self.reach_probability(need - points, dice - used if used < dice else NUM_DICE)
        return result

    def turn_values(self, my: int, opp: int) -> np.ndarray:
        """The whole turn table V(my, opp, t, n) as an array indexed [t / 50, n]."""
        me, other = self._scores(my, opp)
        key = (me, other)
        if key not in self._turns:
            size = self.rules.cap // UNIT + 1
            values = np.zeros((size, NUM_DICE + 1))
            slopes = np.zeros((size, NUM_DICE + 1))
            classes = roll_classes(self.rules.table)
            _turn_table(
                me, other, float(self.start_values[other, me]), *self._unit_sizes(),
                self.rules.min_every_turn, self.start_values, self.reach, values, slopes,
                *classes.arrays,
            )
            if len(self._turns) > 4096:  # a long session visits few pairs; bound it anyway
                self._turns.clear()
            self._turns[key] = values[: self.rules.cap // UNIT - me + 1].copy()
        return self._turns[key]

    # --- reporting -----------------------------------------------------------------------
    def summary(self) -> dict[str, Any]:
        """Facts about the solve, for ``highstakes solve greed``."""
        return {
            "rules": {
                "dddd": self.rules.dddd,
                "six_of_a_kind": self.rules.six_of_a_kind,
                "min_every_turn": self.rules.min_every_turn,
                "goal": self.rules.goal,
                "cap": self.rules.cap,
                "opening": self.rules.opening,
            },
            "state_count": self.state_count,
            "solve_seconds": round(self.solve_seconds, 3),
            "first_player_win_probability": self.first_player_win_probability,
            "fair_compensation": self.fair_compensation,
            "compensated_first_player_win_probability": self.compensated_first_player_win_probability,
            "cache_path": str(self.cache_path) if self.cache_path else None,
            "peak_memory_mib": self.peak_memory_mib,
        }

    # --- helpers -------------------------------------------------------------------------
    def _unit_sizes(self) -> tuple[int, int, int]:
        return self.rules.goal // UNIT, self.rules.cap // UNIT, self.rules.opening // UNIT

    def _must_open(self, me: int) -> bool:
        return self.rules.min_every_turn or me == 0

    def _bank_after(self, me: int, other: int, total: int) -> float:
        goal, _cap, opening = self._unit_sizes()
        return float(_bank_value(me, other, total, goal, opening, self.rules.min_every_turn,
                                 self.start_values, self.reach))

    def _points(self, points: int, name: str) -> int:
        if points < 0 or points % UNIT:
            raise ValueError(f"{name} must be a non-negative multiple of {UNIT}; got {points}")
        return points // UNIT

    def _scores(self, my: int, opp: int) -> tuple[int, int]:
        me = self._points(my, "my score")
        other = self._points(opp, "opponent score")
        if me >= self.rules.goal // UNIT or other >= self.rules.goal // UNIT:
            raise ValueError(f"scores at or above the goal ({self.rules.goal}) mean the final round")
        return me, other


def solve(
    options: GreedOptions | Mapping[str, Any] | SolverRules | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> GreedSolution:
    """Solve the game for these options (a view's ``options`` dict, or :class:`SolverRules`).

    ``progress(done, total)`` is called after each score sum (``total`` of them).
    """
    rules = options if isinstance(options, SolverRules) else SolverRules.from_options(options)
    began = time.perf_counter()
    classes = roll_classes(rules.table)
    goal, cap, opening = rules.goal // UNIT, rules.cap // UNIT, rules.opening // UNIT
    # A bank can overshoot the cap by one roll's points, and the opponent needs one unit more.
    reach = _reach_table(cap + classes.max_points + 2, *classes.arrays)
    start = np.full((goal, goal), -1.0)
    values = np.zeros((cap + 1, NUM_DICE + 1))
    slopes = np.zeros((cap + 1, NUM_DICE + 1))
    sums = range(2 * goal - 2, -1, -1)
    worst = 0.0
    for done, score_sum in enumerate(sums, start=1):
        _sweeps, residual = _solve_score_sum(
            score_sum, goal, cap, opening, rules.min_every_turn, start, reach, values, slopes,
            *classes.arrays,
        )
        worst = max(worst, residual)
        if progress is not None:
            progress(done, len(sums))
    if worst > 1e-9:
        raise RuntimeError(f"the Greed solve did not converge (residual {worst:.3g})")
    # Pre-roll states: every (my, opp) pair, turn total up to the cap, 1 to 6 dice; plus R.
    turn_states = sum(cap - me + 1 for me in range(goal)) * goal * NUM_DICE
    state_count = turn_states + reach.shape[0] * NUM_DICE
    return GreedSolution(
        rules=rules,
        start_values=start,
        reach=reach,
        state_count=state_count,
        solve_seconds=time.perf_counter() - began,
        peak_memory_mib=_peak_memory_mib(),
    )


# --------------------------------------------------------------------------------------
# The on-disk cache
# --------------------------------------------------------------------------------------
def cache_dir() -> Path:
    """Where solutions are stored: ``$HIGHSTAKES_CACHE_DIR`` or the user cache directory."""
    override = os.environ.get(CACHE_ENV)
    return Path(override) if override else Path(platformdirs.user_cache_dir("highstakes"))


def cache_path(options: GreedOptions | Mapping[str, Any] | SolverRules | None = None) -> Path:
    rules = options if isinstance(options, SolverRules) else SolverRules.from_options(options)
    return cache_dir() / rules.cache_name()


def load_cached(
    options: GreedOptions | Mapping[str, Any] | SolverRules | None = None,
) -> GreedSolution | None:
    """The cached solution for these options, or None when there is none (or it is unreadable)."""
    rules = options if isinstance(options, SolverRules) else SolverRules.from_options(options)
    path = cache_path(rules)
    try:
        with np.load(path) as data:
            meta = data["meta"]
            if int(meta[0]) != FORMAT_VERSION:
                return None
            solution = GreedSolution(
                rules=rules,
                start_values=data["start_values"].astype(np.float64),
                reach=data["reach"].astype(np.float64),
                state_count=int(meta[1]),
                solve_seconds=float(meta[2]),
                peak_memory_mib=float(meta[3]) if meta[3] >= 0 else None,
                cache_path=path,
            )
    except (OSError, EOFError, KeyError, ValueError, IndexError, zipfile.BadZipFile):
        return None
    goal, cap = rules.goal // UNIT, rules.cap // UNIT
    if solution.start_values.shape != (goal, goal) or solution.reach.shape[0] < cap + 2:
        return None
    return solution


def save(solution: GreedSolution) -> Path:
    """Write a solution to the cache atomically, so a reader never sees half a file."""
    path = cache_path(solution.rules)
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = np.array([
        FORMAT_VERSION, solution.state_count, solution.solve_seconds,
        -1.0 if solution.peak_memory_mib is None else solution.peak_memory_mib,
    ])
    handle, temporary = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    try:
        # mkstemp makes the file private; a cache is as readable as any other cache file.
        os.chmod(temporary, 0o644)
        with os.fdopen(handle, "wb") as stream:
            np.savez_compressed(stream, start_values=solution.start_values, reach=solution.reach, meta=meta)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    solution.cache_path = path
    return path


def load_or_solve(
    options: GreedOptions | Mapping[str, Any] | SolverRules | None = None,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> GreedSolution:
    """The cached solution for these options, solving and caching it first if needed.

    Solutions are also kept per process, so bots share one copy.
    """
    rules = options if isinstance(options, SolverRules) else SolverRules.from_options(options)
    if rules in _LOADED:
        return _LOADED[rules]
    solution = load_cached(rules)
    if solution is None:
        # Another process (a second terminal, a test worker) may be solving the same
        # rules: wait for it and load its result rather than solving twice.
        with _interprocess_lock(cache_path(rules).with_suffix(".lock")):
            solution = load_cached(rules)
            if solution is None:
                solution = solve(rules, progress=progress)
                # An unwritable cache only costs a re-solve next time.
                with contextlib.suppress(OSError):
                    save(solution)
    _LOADED[rules] = solution
    return solution


@contextlib.contextmanager
def _interprocess_lock(path: Path) -> Iterator[None]:
    """An exclusive advisory lock on ``path`` where the platform has one; else no lock."""
    try:
        import fcntl
    except ImportError:  # Windows: solving twice is only wasted time, never wrong
        yield
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(path, "a")  # noqa: SIM115 (held for the whole block)
    except OSError:
        yield
        return
    with handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


_LOADED: dict[SolverRules, GreedSolution] = {}


def _peak_memory_mib() -> float | None:
    try:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    except (AttributeError, OSError):
        return None
    # Linux reports kibibytes, macOS bytes.
    return round(peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024, 1)




# --------------------------------------------------------------------------------------
# The part ``highstakes solve greed`` runs
# --------------------------------------------------------------------------------------
#: About how long the full solve takes on an ordinary 2-core machine, for faces that must
#: say how long to wait (measured: 26 to 35 s; see bench/README.md).
FULL_SOLVE_SECONDS: Final = 30.0


def solve_work(rules: SolverRules) -> int:
    """What the solve has to sweep for these rules, the quantity its time grows with: for every
    pair of banked scores below the goal, the turn totals from 0 to the cap less the mover's
    score (each swept a few times by the Newton steps, with 1 to 6 dice)."""
    goal, cap = rules.goal // UNIT, rules.cap // UNIT
    return goal * sum(cap - me + 1 for me in range(goal))


def estimated_seconds(options: Mapping[str, Any]) -> float:
    """About how long solving these options takes: the full solve's time in proportion to its
    work (:func:`solve_work`; measured within 15 % for goals from 1,000 to 5,000 and caps up to
    10,000), and at least a second. The goal and the turn limit set it: Greed to 10,000
    takes about eight times as long as the usual game."""
    work = solve_work(SolverRules.from_options(options))
    return max(1.0, FULL_SOLVE_SECONDS * work / solve_work(SolverRules()))


def report(solution: GreedSolution) -> Report:
    """The solve's facts, as data and as lines for people in their language."""
    summary = solution.summary()
    rules = ", ".join(f"{k}={json.dumps(v)}" for k, v in summary["rules"].items())
    memory = summary["peak_memory_mib"]
    lines = [
        # Translators: the options the solve was made for, written as name=value (kept as typed).
        (_("options"), rules),
        (_("states"), format_number(summary["state_count"])),
        (_("solve time"), _("{seconds} s").format(seconds=format_number(round(summary["solve_seconds"], 1)))),
        (_("peak memory"),
         _("{mib} MiB").format(mib=format_number(round(memory))) if memory else _("not measured")),
        (_("the first player wins (both playing their best)"),
         format_percent(summary["first_player_win_probability"], decimals=2)),
        (_("fair compensation for the second player"),
         _("{points} points (the first player then wins {chance})").format(
             points=format_number(summary["fair_compensation"]),
             chance=format_percent(summary["compensated_first_player_win_probability"], decimals=2))),
        (_("cached at"), summary["cache_path"] or _("not cached")),
    ]
    return Report(summary, lines)


def _cached_report(options: Mapping[str, Any]) -> Report | None:
    solution = load_cached(SolverRules.from_options(options))
    return None if solution is None else report(solution)


def _solve_report(options: Mapping[str, Any], progress: Callable[[int, int], None] | None) -> Report:
    rules = SolverRules.from_options(options)
    fresh = solve(rules, progress=progress)
    save(fresh)
    _LOADED[rules] = fresh
    return report(fresh)


SOLVER = Solver(
    about=N_("value iteration over every pair of scores: the two-player policy with the best chance to win"),
    cached=_cached_report,
    solve=_solve_report,
    seconds=estimated_seconds,
)


__all__ = [
    "BANK", "CACHE_ENV", "CAP", "FORMAT_VERSION", "GOAL", "OPENING", "SOLVER", "UNIT", "Decision",
    "GreedSolution", "RollClasses", "SolverRules", "cache_dir", "cache_path", "estimated_seconds",
    "load_cached", "load_or_solve", "roll_classes", "save", "solve", "solve_work",
]
