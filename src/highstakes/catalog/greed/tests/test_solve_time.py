"""How long the solve takes, estimated from the options (``SOLVER.seconds``): faces say it ("about
30 s"), and the game server refuses a solve longer than it allows (docs/server.md).

The solve sweeps, for every pair of banked scores below the goal, the turn totals up to the cap
less the mover's score: that count, counted here by hand in points of 50, sets its time.
"""

from __future__ import annotations

import pytest

from highstakes.catalog.greed.solver import FULL_SOLVE_SECONDS, SOLVER, SolverRules, solve_work


def test_the_work_is_every_score_pair_times_the_turn_totals_left_below_the_cap() -> None:
    # Goal 150 (3 units), cap 650 (13): scores 0, 1, 2 leave 14, 13, 12 turn totals; 3 opponents' scores.
    assert solve_work(SolverRules(goal=150, cap=650, opening=500)) == 3 * (14 + 13 + 12)
    # The usual game: goal 5,000 (100 units), cap 10,000 (200): 100 x (201 + 200 + ... + 102).
    assert solve_work(SolverRules()) == 100 * (100 * 201 - 99 * 100 // 2) == 1_515_000


@pytest.mark.parametrize(("options", "seconds"), [
    ({}, FULL_SOLVE_SECONDS),
    # Goal 2,500: cap 5,000; 50 x (50 x 101 - 1,225) = 191,250 of 1,515,000.
    ({"goal": 2500}, FULL_SOLVE_SECONDS * 191_250 / 1_515_000),
    # The turn limit is the cap: 20,000 with the usual goal is 100 x (100 x 401 - 4,950) = 3,515,000.
    ({"turn_limit": 20_000}, FULL_SOLVE_SECONDS * 3_515_000 / 1_515_000),
    # The largest goal: cap 20,000, 200 x (200 x 401 - 19,900) = 12,060,000: eight times the usual.
    ({"goal": 10_000}, FULL_SOLVE_SECONDS * 12_060_000 / 1_515_000),
    # A short game is quick, but an estimate is never below a second.
    ({"goal": 500}, 1.0),
])
def test_the_estimate_grows_with_the_goal_and_the_turn_limit(options: dict[str, int], seconds: float) -> None:
    assert SOLVER.seconds(options) == pytest.approx(seconds)


def test_the_scoring_options_leave_the_estimate_alone() -> None:
    assert SOLVER.seconds({"dddd": 800, "six_of_a_kind": 1000, "min_every_turn": True}) == FULL_SOLVE_SECONDS
