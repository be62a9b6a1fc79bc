"""OpenSpiel's expectiminimax, run through the OpenSpiel adapter, agrees with the solver.

The position: the first player rolled six $ (5,000, hot dice: all six set aside and rolled
again), then G R R Eb Eb Em, and banked 5,050; the second has one turn (RULES.md §2.6) and
needs more than 5,050. It rolled the same, set aside six $ and then the G: 5,050 this turn,
five dice to roll. A scoring roll now wins by banking (unless every die scores: hot dice
must roll again), a greed-out loses. OpenSpiel searches that chance node over every roll of
five dice and every decision after it; the solver's R(50, 5), the chance to make 50 more
points with five dice, in OpenSpiel's terms 2R - 1 (+1 a win, -1 a loss), is the value it
finds.

Why not the whole game: a Greed turn may go on as long as the player keeps scoring, so the
game has no bound on its length and no finite tree for value iteration or CFR to sweep; the
solver caps turn totals to make it finite. The final turn from a need of 50 is the part of
the game OpenSpiel's exact search can finish.
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
