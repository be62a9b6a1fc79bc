"""OpenSpiel's expectiminimax, run through the OpenSpiel adapter, agrees with the solver.

The position: the first player rolled six $ (5,000, hot dice: all six set aside and rolled
again), then G R R Eb Eb Em, and banked 5,050; the second has one turn (RULES.md §2.6) and
needs more than 5,050. It rolled the same, set aside six $ and then the G: 5,050 this turn,
five dice to roll. A scoring roll now wins by banking (unless every die scores: hot dice
must roll again), a greed-out loses. OpenSpiel searches that chance node over every roll of
five dice and every decision after it; the solver's R(50, 5), the chance to make 50 more
points with five dice, in OpenSpiel's terms 2R - 1 (+1 a win, -1 a loss), must lie between
the search's bounds.
"""

from __future__ import annotations

import json
import random

import pytest

from highstakes.catalog.greed import solver
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

    # One decision deep, a position left unsearched counts as a loss (a lower bound) or a win
    # (an upper bound). Banking wins outright, so only hot dice (every die scores: roll six
    # more, §2.4) are left unsearched, and the solver's value must lie between the two.
    def bound(unsearched: float) -> float:
        value, _action = expectiminimax(
            state, 1, lambda s: s.returns()[second] if s.is_terminal() else unsearched, second)
        return value

    low, high = bound(-1.0), bound(1.0)
    reach = solver.solve(SolverRules(goal=300, cap=600, opening=100)).reach_probability(50, 5)
    assert 0.9 < reach < 1.0
    assert low < 2 * reach - 1 < high
    assert high - low < 0.2  # hot dice with five dice are rare
