"""Greed bots: a threshold heuristic, an expected-points maximiser and the optimal player.

Every bot decides from the seat's view and the legal actions only, and always
returns one of the legal actions it was given: the rules stay with the engine.

* :class:`ThresholdBot` ("heuristic") plays the way a careful person does:
  sets aside points while keeping many dice to roll, and banks at a fixed total.
* :class:`MaxExpectedScoreBot` ("maxexp") maximises the expected points it banks
  this turn, ignoring the scores.
* :class:`OptimalBot` ("optimal") maximises the probability of winning with the
  two-player solution of :mod:`highstakes.catalog.greed.solver`. With more than
  two players it uses an approximation, described in its docstring.

:func:`hint` gives the optimal bot's advice for a seat, for the terminal UI.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Mapping
from functools import cache
from typing import Final

import numba
import numpy as np

from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.options import OPENING_MINIMUM, options_of
from highstakes.catalog.greed.scoring import (
    NUM_DICE,
    Counts,
    ScoringTable,
    counts_of,
    keep_value,
    scoring_keeps,
)
from highstakes.catalog.greed.solver import (
    BANK,
    UNIT,
    Decision,
    GreedSolution,
    SolverRules,
    load_or_solve,
    roll_classes,
)
from highstakes.catalog.greed.words import N_, _
from highstakes.engine.action import JSON, Action
from highstakes.engine.parts import BotInfo


# --------------------------------------------------------------------------------------
# Reading a view
# --------------------------------------------------------------------------------------
def _table(view: Mapping[str, JSON]) -> ScoringTable:
    return options_of(view).table


def _must_open(view: Mapping[str, JSON]) -> bool:
    """Whether this turn needs the opening minimum before a bank (RULES.md §2.5)."""
    return options_of(view).min_every_turn or not view["opened"][view["you"]]


def _turn_minimum(view: Mapping[str, JSON]) -> int:
    """Fewest points this turn (set aside plus the bank's roll) that make a bank legal."""
    minimum = OPENING_MINIMUM if _must_open(view) else 0
    if view.get("final_round") and view.get("target") is not None:
        # A catch-up player must finish strictly above the target (G-9).
        minimum = max(minimum, int(view["target"]) + UNIT - int(view["scores"][view["you"]]))
    return minimum


def _roll(view: Mapping[str, JSON]) -> Counts:
    return counts_of(view["roll"])


def _dice_after(dice: int, used: int) -> int:
    """Dice to roll next after setting ``used`` of ``dice`` aside: all six after hot dice."""
    return dice - used if used < dice else NUM_DICE


def _bank_action(legal: list[Action]) -> Action | None:
    return next((action for action in legal if isinstance(action, Bank)), None)


def _best_legal(legal: list[Action], value_of: Callable[[Action], float | None]) -> Action:
    """The legal action of highest value; earlier actions win ties (the engine lists Bank first)."""
    best: Action | None = None
    best_value = -np.inf
    for action in legal:
        value = value_of(action)
        if value is not None and value > best_value:
            best, best_value = action, value
    return best if best is not None else legal[0]


def _in_play(view: Mapping[str, JSON], legal: list[Action]) -> bool:
    return bool(legal) and view.get("phase") == "play" and bool(view.get("roll"))


# --------------------------------------------------------------------------------------
# The heuristic
# --------------------------------------------------------------------------------------
class ThresholdBot:
    """Bank at a fixed turn total; set aside points but keep dice to roll.

    The set-aside maximises ``points + dice_worth * dice left to roll`` (six
    after hot dice), so one D (100 points, 5 dice left) beats D and G (150
    points, 4 dice left) while a triple is always taken. It banks, when the
    rules allow, once the bank would be worth ``bank_at`` points this turn, or
    ``bank_at_few_dice`` when that set-aside leaves ``few_dice`` or fewer dice.
    In the final round a bank is allowed only when it wins the lead, so it banks then.
    """

    name = "heuristic"

    def __init__(
        self, bank_at: int = 300, few_dice: int = 2, bank_at_few_dice: int = 150, dice_worth: int = 75
    ) -> None:
        self.bank_at = bank_at
        self.few_dice = few_dice
        self.bank_at_few_dice = bank_at_few_dice
        self.dice_worth = dice_worth

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if not _in_play(view, legal):
            return legal[0]
        table = _table(view)
        dice = len(view["roll"])
        keeps = [action for action in legal if isinstance(action, Keep)]
        bank = _bank_action(legal)
        if not keeps:
            return legal[0]

        def appeal(keep: Keep) -> tuple[int, int]:
            points = keep_value(counts_of(keep.faces), table) or 0
            return points + self.dice_worth * _dice_after(dice, len(keep.faces)), points

        keep = max(keeps, key=appeal)
        if bank is None:
            return keep
        if view.get("final_round"):
            return bank
        best = scoring_keeps(_roll(view), table)[0][1]
        total = int(view["turn_total"]) + best
        left = _dice_after(dice, len(keep.faces))
        if total >= self.bank_at or (left <= self.few_dice and total >= self.bank_at_few_dice):
            return bank
        return keep


# --------------------------------------------------------------------------------------
# Expected points
# --------------------------------------------------------------------------------------
#: Turn points (beyond the minimum) the expected-points table covers. A set-aside that
#: goes beyond is valued as banking at once; a maximiser of expected points banks long
#: before (it risks the whole total on each roll), so the cap does not change its play.
EXPECTED_CAP: Final = 20000


@numba.njit(cache=True)
def _expected_table(
    minimum: int, top: int, greed_out: np.ndarray, class_start: np.ndarray, class_prob: np.ndarray,
    class_best: np.ndarray, class_hot: np.ndarray, option_start: np.ndarray,
    option_points: np.ndarray, option_next: np.ndarray,
) -> np.ndarray:
    """E[t, n]: most expected units banked this turn, with t set aside and n dice to roll."""
    expected = np.zeros((top + 1, NUM_DICE + 1))
    for t in range(top, -1, -1):
        for dice in range(1, NUM_DICE + 1):
            value = 0.0  # a greed-out banks nothing
            for c in range(class_start[dice], class_start[dice + 1]):
                best = 0.0
                if not class_hot[c] and t + class_best[c] >= minimum:
                    best = float(t + class_best[c])
                for o in range(option_start[c], option_start[c + 1]):
                    after = t + option_points[o]
                    option_value = float(after) if after > top else expected[after, option_next[o]]
                    best = max(best, option_value)
                value += class_prob[c] * best
            expected[t, dice] = value
    return expected


@cache
def expected_turn_table(table: ScoringTable, minimum: int) -> np.ndarray:
    """E[t / 50, n] in points: the best expected bank of a turn whose bank needs ``minimum`` points."""
    units = max(0, -(-minimum // UNIT))
    top = units + EXPECTED_CAP // UNIT
    return _expected_table(units, top, *roll_classes(table).arrays) * UNIT


class MaxExpectedScoreBot:
    """Maximises the expected points banked this turn (a greed-out banks 0).

    The turn's minimum counts: 500 to open (or every turn under
    ``min_every_turn``), and in the final round whatever it takes to finish
    strictly above the target. Scores otherwise play no part. The table covers
    turn totals up to :data:`EXPECTED_CAP` points above the minimum.
    """

    name = "maxexp"

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if not _in_play(view, legal):
            return legal[0]
        table = _table(view)
        expected = expected_turn_table(table, _turn_minimum(view))
        roll = _roll(view)
        dice = sum(roll)
        turn_total = int(view["turn_total"])
        best = scoring_keeps(roll, table)[0][1]

        def value_of(action: Action) -> float | None:
            if isinstance(action, Bank):
                return float(turn_total + best)
            if not isinstance(action, Keep):
                return None
            after = turn_total + (keep_value(counts_of(action.faces), table) or 0)
            if after // UNIT >= expected.shape[0]:
                return float(after)
            return float(expected[after // UNIT, _dice_after(dice, len(action.faces))])

        return _best_legal(legal, value_of)


# --------------------------------------------------------------------------------------
# The optimal player
# --------------------------------------------------------------------------------------
_SOLVE_LOCK = threading.Lock()


def solution_for(view: Mapping[str, JSON]) -> GreedSolution:
    """The solution for the view's options (goal and turn limit included), loaded or solved once per process.

    Solving takes about half a minute the first time; the result is cached on disk.
    """
    rules = SolverRules.from_options(options_of(view))
    # A bot thread and a hint thread may ask at once: solve only once.
    with _SOLVE_LOCK:
        return load_or_solve(rules)


def _strongest_opponent(view: Mapping[str, JSON]) -> int:
    you = view["you"]
    return max(int(score) for seat, score in enumerate(view["scores"]) if seat != you)


def advise(
    view: Mapping[str, JSON], legal: list[Action], solution: GreedSolution
) -> tuple[Action, float | None]:
    """The optimal (or, beyond two players, approximately optimal) action and its win chance.

    With two players this is the exact optimal policy, and the chance is the
    probability of winning after that action. With more players: before the
    final round the strongest opponent is treated as the only one; in the
    final round the chance is that of finishing above the current target this
    turn, and the bot banks as soon as that is allowed.
    """
    if not _in_play(view, legal):
        return legal[0], None
    roll = _roll(view)
    my = int(view["scores"][view["you"]])
    turn_total = int(view["turn_total"])
    goal = solution.rules.goal
    if view.get("final_round"):
        need = _turn_minimum(view) - turn_total
        values = solution.catch_up_action_values(need, roll, can_bank=_bank_action(legal) is not None)
    else:
        opp = _strongest_opponent(view)
        if my >= goal or opp >= goal:
            raise ValueError(
                f"a score of {goal} or more outside the final round: the solution is for another goal"
            )
        values = solution.action_values(my, opp, turn_total, roll)
    chosen = _best_legal(legal, lambda action: _value_of(action, values))
    return chosen, _value_of(chosen, values)


def _value_of(action: Action, values: Mapping[Decision, float]) -> float | None:
    if isinstance(action, Bank):
        return values.get(BANK)
    if isinstance(action, Keep):
        return values.get(counts_of(action.faces))
    return None


class OptimalBot:
    """Maximises the probability of winning (exact for two players; see :func:`advise`).

    ``solution`` fixes the solved game to use; by default the bot loads (or
    solves, once) the one matching the view's options.
    """

    name = "optimal"

    def __init__(self, solution: GreedSolution | None = None) -> None:
        self.solution = solution

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if not _in_play(view, legal):
            return legal[0]
        solution = self.solution or solution_for(view)
        return advise(view, legal, solution)[0]


def hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """The optimal bot's advice: ``action`` (JSON), its ``label`` and the ``win_probability``.

    ``approximate`` is true with more than two players, where the advice comes
    from the approximation described in :func:`advise`.
    """
    if not _in_play(view, legal):
        return {"action": None, "label": _("no decision to make now"), "win_probability": None,
                "approximate": False}
    action, chance = advise(view, legal, solution_for(view))
    return {
        "action": action.to_json(),
        "label": str(action),
        "win_probability": chance,
        "approximate": int(view["seats"]) > 2,
    }


#: Greed's own bots, weakest first (the registry offers "random" before them).
BOTS: tuple[BotInfo, ...] = (
    BotInfo("heuristic", ThresholdBot, N_("rule of thumb"),
            N_("keeps dice to roll and banks at a fixed turn total, as a careful person does")),
    BotInfo("maxexp", MaxExpectedScoreBot, N_("most points per turn"),
            N_("plays for the most points this turn, whatever the scores")),
    BotInfo("optimal", OptimalBot, N_("best play"),
            N_("plays for the best chance of winning, from the game's exact solution"), uses_solver=True),
)

__all__ = [
    "BOTS", "EXPECTED_CAP", "MaxExpectedScoreBot", "OptimalBot", "ThresholdBot", "advise",
    "expected_turn_table", "hint", "solution_for",
]
