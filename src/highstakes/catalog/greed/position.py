"""Greed's positions: what two states share when the rest of the game is the same for both.

Solvers that merge equal positions (OpenSpiel's value iteration, through the adapter's
positions mode) ask :meth:`GreedState.position_key`. Two states with the same key have the
same future up to who wins: the same seat acts, with choices that lead to equal keys, and
chance draws to equal keys with equal probabilities. Their histories differ, and so may
their scores, but never in a way that changes the winner.

* **Rolls** are named by a *canonical* roll: the first roll of as many dice, in the order of
  ``all_rolls``, that allows set-asides of the same worths and sizes, the same bank and the
  same hot dice. After ``D R R Eb Em $`` and after ``D $ $ R Eb Em`` a player may only set the
  D aside or bank 100 with it: one position.
* **The final round** (two seats) depends only on what the catch-up player still needs,
  counted from the points set aside: the leader's total and the catch-up player's score
  merge into that one number, held at 0 once reached (banking wins from then on).
* With more than two seats the final round has several catch-up turns whose targets move
  (G-9); there is no key then (None), and solvers that need one say so.

A game without the turn limit has unboundedly many positions (a turn may go on for ever);
with it, finitely many: that is what the limit is for.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from highstakes.catalog.greed.scoring import Counts, ScoringTable, counts_of
from highstakes.engine.action import JSON

if TYPE_CHECKING:
    from highstakes.catalog.greed.rules import GreedState, RollFacts
    from highstakes.catalog.greed.solver import GreedSolution


def position_key(state: GreedState) -> JSON | None:
    if state.seats != 2:
        return None
    if state.phase == "over":
        return ["over", state._winners()]
    if state.phase == "rolloff":
        rolled = [roll.best_points for _seat, roll in state.rolloff_rolls]
        return ["rolloff", list(state.rolloff_contenders), rolled]
    seat = state.current
    assert seat is not None
    roll = state.roll
    dice: JSON = state.dice_left if roll is None else list(canonical_roll(roll, state.options.table))
    if state.final_round:
        need = max(max(state.scores) + 1 - state.scores[seat], state.min_turn_points(seat))
        return ["final", seat, max(need - state.turn_total, 0), dice]
    return ["turn", seat, list(state.scores), list(state.opened), state.turn_total, dice]


def canonical_roll(roll: RollFacts, table: ScoringTable) -> tuple[str, ...]:
    """The faces of the first roll that leaves a player exactly the choices ``roll`` leaves."""
    return _canonical(table)[roll.counts]


@cache
def _canonical(table: ScoringTable) -> dict[Counts, tuple[str, ...]]:
    from highstakes.catalog.greed.rules import scoring_lookup

    first: dict[tuple[object, ...], tuple[str, ...]] = {}
    canonical: dict[Counts, tuple[str, ...]] = {}
    for counts, facts in scoring_lookup(table).rolls.items():
        choices = frozenset((kept.points, kept.dice) for kept in facts.kept.values())
        signature = (sum(counts), facts.hot, facts.best_points, choices)
        canonical[counts] = first.setdefault(signature, facts.faces)
    return canonical


def solved_win_chance(solution: GreedSolution, key: JSON) -> tuple[int, float] | None:
    """At a position where a player decides: that seat and the solver's chance that it wins.

    None for positions where no one decides (chance, the roll-off, the end). This is how
    OpenSpiel's values, keyed by these positions, are checked against the solver.
    """
    if not isinstance(key, list) or key[0] not in ("turn", "final") or not isinstance(key[-1], list):
        return None
    roll = counts_of(key[-1])
    table = solution.rules.table
    if key[0] == "turn":
        _turn, seat, scores, _opened, turn_total, _roll = key
        values = solution.action_values(scores[seat], scores[1 - seat], turn_total, roll)
    else:
        from highstakes.catalog.greed.rules import scoring_lookup

        _final, seat, need, _roll = key
        facts = scoring_lookup(table).rolls[roll]  # the rules' own bank test: not hot, and enough
        values = solution.catch_up_action_values(need, roll, not facts.hot and facts.best_points >= need)
    return seat, max(values.values())
