"""Pig's rules with scripted dice, and the conformance kit every High Stakes game passes."""

from __future__ import annotations

import pytest

import highstakes as hs
from highstakes.testing import check_game


def scripted(seats: int = 2, target: int = 100) -> hs.Game:
    return hs.new_game("pig", seats=seats, seed=0, options={"target": target}, auto_chance=False)


def test_rolls_add_up_and_holding_banks_them():
    game = scripted()
    game.apply_chance(5)
    game.act(0, {"roll": True})
    game.apply_chance(3)
    assert game.view(None)["turn_total"] == 8
    game.act(0, {"hold": True})
    assert game.view(None)["scores"] == [8, 0] and game.view(None)["current"] == 1


def test_a_one_loses_the_turn():
    game = scripted()
    game.apply_chance(6)
    game.act(0, {"roll": True})
    game.apply_chance(1)
    view = game.view(None)
    assert view["scores"] == [0, 0] and view["turn_total"] == 0 and view["current"] == 1


def test_reaching_the_target_wins_at_once():
    game = scripted(target=50)
    for face in (6, 6, 6, 6, 6, 6, 6, 6):
        game.apply_chance(face)
        game.act(0, {"roll": True})
    game.apply_chance(2)
    game.act(0, {"hold": True})
    assert game.is_over and game.result() == {"scores": [50, 0], "winners": [0]}


def test_a_move_out_of_turn_or_malformed_is_refused():
    game = scripted()
    game.apply_chance(4)
    with pytest.raises(hs.IllegalAction):
        game.act(1, {"hold": True})
    with pytest.raises(hs.IllegalAction):
        game.act(0, {"hold": "yes"})


def test_pig_passes_the_conformance_kit():
    check_game("pig", games=200, seed=0)
