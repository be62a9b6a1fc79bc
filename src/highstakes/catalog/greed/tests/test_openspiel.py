"""OpenSpiel's algorithms, run through the OpenSpiel adapter, agree with the solver.

**The whole of a small game, by value iteration.** Greed to 500 points (the ``goal`` option),
with the ``turn_limit`` option at 1,000 (before the final round, a set-aside that takes a
player past 1,000 banks at once: the solver's cap made a rule, so the game has finitely many
positions) and six of a kind worth 1,000 (version C of the table, which keeps the final
round's targets small). OpenSpiel's own ``value_iteration`` sweeps every position through the
adapter's positions mode (``GameState.position_key``: equal keys are one state, so the game's
cycles, greed-outs that hand the dice back and forth, are cycles for OpenSpiel too) and the
value it finds at each of the about 17,700 positions where a player decides is the solver's
win chance there, in OpenSpiel's terms 2P - 1 for player 0 (+1 a win, -1 a loss).

**One final turn of the real game, by expectiminimax** (below): what OpenSpiel's exact search
can finish in the game without a turn limit, whose turns may go on for ever.

The position: the first player rolled six $ (5,000, hot dice: all six set aside and rolled
again), then G R R Eb Eb Em, and banked 5,050; the second has one turn (RULES.md §2.6) and
needs more than 5,050. It rolled the same, set aside six $ and then the G: 5,050 this turn,
five dice to roll. A scoring roll now wins by banking (unless every die scores: hot dice
must roll again), a greed-out loses. OpenSpiel searches that chance node over every roll of
five dice and every decision after it; the solver's R(50, 5), the chance to make 50 more
points with five dice, in OpenSpiel's terms 2R - 1 (+1 a win, -1 a loss), is the value it
finds.
"""

from __future__ import annotations

import json
import random
import sys

import pytest

from highstakes.catalog.greed import solver
from highstakes.catalog.greed.position import solved_win_chance
from highstakes.catalog.greed.solver import SolverRules

pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("highstakes.openspiel")


def _roll(state, faces: list[str]) -> None:
    for number, _p in state.chance_outcomes():
        if json.loads(state.action_to_string(-1, number).removeprefix("chance ")) == faces:
            state.apply_action(number)
            return
    raise AssertionError(f"no roll {faces}")


def _play(state, move: dict) -> None:
    seat = state.current_player()
    for number in state.legal_actions():
        if state._numbered(seat)[number].to_json() == move:
            state.apply_action(number)
            return
    raise AssertionError(f"{move} is not legal")


def test_expectiminimax_through_the_adapter_agrees_with_the_solvers_reach_table() -> None:
    from open_spiel.python.algorithms.minimax import expectiminimax

    game = openspiel.load("greed", seats=2, returns="win")
    state = game.new_initial_state()
    rng = random.Random(0)
    while json.loads(str(state))[0]["phase"] == "rolloff":
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    first = json.loads(str(state))[0]["current"]
    second = 1 - first
    for seat in (first, second):
        assert json.loads(str(state))[0]["current"] == seat
        _roll(state, ["$"] * 6)
        _play(state, {"keep": ["$"] * 6})
        _roll(state, ["G", "R", "R", "Eb", "Eb", "Em"])
        _play(state, {"bank": True} if seat == first else {"keep": ["G"]})
    assert state.is_chance_node() and len(state.chance_outcomes()) == 252  # rolls of five dice

    # One decision deep, every position is decided (banking wins, a greed-out loses) but
    # after hot dice (every die scores: all are set aside and six dice rolled, §2.4). There
    # the need is met, so each such position is worth the same: v, the value of six dice to
    # roll with the need met. A search that scores unsearched positions c is affine in c,
    # a + h c, so v is the fixed point of that search from the six-dice position.
    def search(position, unsearched: float) -> float:
        value, _action = expectiminimax(
            position, 1, lambda s: s.returns()[second] if s.is_terminal() else unsearched, second)
        return value

    six = state.clone()
    _roll(six, ["G", "D", "D", "D", "D"])  # hot dice: every die scores
    _play(six, {"keep": ["G", "D", "D", "D", "D"]})
    assert six.is_chance_node() and len(six.chance_outcomes()) == 462
    low, high = search(six, -1.0), search(six, 1.0)
    a, h = (low + high) / 2, (high - low) / 2
    v = a / (1 - h)
    value = search(state, v)

    reach = solver.solve(SolverRules(goal=300, cap=600, opening=100)).reach_probability(50, 5)
    assert 0.9 < reach < 1.0
    assert value == pytest.approx(2 * reach - 1, abs=1e-9)
    assert search(state, -1.0) < value < search(state, 1.0)


STUDY = {"goal": 500, "six_of_a_kind": 1000, "turn_limit": 1000}


def test_value_iteration_solves_a_small_game_and_agrees_with_the_solver_everywhere() -> None:
    pytest.importorskip("cvxpy")  # OpenSpiel's value iteration imports it (for simultaneous moves)
    from open_spiel.python.algorithms.value_iteration import value_iteration

    game = openspiel.load("greed", seats=2, options=STUDY, positions=True)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 100_000))  # OpenSpiel's state walk recurses once a state
    try:
        values = value_iteration(game, depth_limit=-1, threshold=1e-11, cyclic_game=True)
    finally:
        sys.setrecursionlimit(limit)

    rules = SolverRules.from_options(STUDY)
    assert (rules.goal, rules.cap, rules.opening) == (500, 1000, 500)
    solution = solver.solve(rules)
    compared = 0
    for key, value in values.items():
        position = json.loads(key)
        if position[0] == "over":
            assert value == (1.0 if position[1] == [0] else -1.0)
            continue
        decided = solved_win_chance(solution, position)
        assert decided is not None, position  # OpenSpiel keeps decisions and ends only
        seat, chance = decided
        expected = 2 * chance - 1 if seat == 0 else 1 - 2 * chance
        assert value == pytest.approx(expected, abs=1e-8), position
        compared += 1
    assert compared > 15_000
