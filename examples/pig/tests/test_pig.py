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


def test_the_table_shows_the_die_the_turn_at_stake_and_roll_or_hold():
    from highstakes.table import Dice, Menu, Seats, seat_table
    from highstakes.table.reading import Reader

    game = scripted()
    game.apply_chance(5)
    reader = Reader(hs.definition("pig").words(), seat_name=["Ann", "Bob"].__getitem__)
    mine, _keys = seat_table(game, 0)
    assert reader.text(mine.turn) == "Your turn: 5 at stake. Roll again or hold?"
    [menu] = mine.controls
    assert isinstance(menu, Menu)
    assert [(item.key, reader.text(item.label), item.act) for item in menu.items] == [
        ("1", "Roll again", {"roll": True}), ("2", "Hold and bank 5", {"hold": True})]
    [panel] = mine.main
    assert isinstance(panel.children[0], Dice) and panel.children[0].dice[0].face == 5
    theirs, _keys = seat_table(game, 1)
    assert reader.text(theirs.turn) == "Ann is playing." and theirs.controls == []
    [seats] = theirs.side
    assert isinstance(seats, Seats) and [row.to_act for row in seats.rows] == [True, False]
