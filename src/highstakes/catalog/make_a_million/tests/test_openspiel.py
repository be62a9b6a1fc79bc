"""OpenSpiel's information-set MCTS plays Make-A-Million through the OpenSpiel adapter."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pyspiel")
openspiel = pytest.importorskip("highstakes.openspiel")


def test_ismcts_plays_legal_moves_of_make_a_million() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = openspiel.load("make_a_million", seats=4)
    randomness = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, randomness), 2.0, 8,
                           random_state=randomness)
    state = game.new_initial_state()
    moves = []
    while len(moves) < 4 and not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[randomness.randint(len(outcomes))][0])
            continue
        seat = state.current_player()
        action = bot.step(state)
        assert action in state.legal_actions(seat)
        moves.append(state.action_to_string(seat, action))
        state.apply_action(action)
    # The deal is over and the auction has begun (RULES.md §1.5): every move a bid or a pass.
    assert len(moves) == 4
    assert all(move.startswith(("bid", "pass", "call", "play")) for move in moves), moves
