"""Greed's position keys (``position.py``): equal keys are the same game from there on."""

from __future__ import annotations

import random

import highstakes as hs
from highstakes.catalog.greed.tests.helpers import greed_scripted, play_turn

STUDY = {"goal": 500, "turn_limit": 1000}


def test_rolls_that_leave_the_same_choices_are_one_position() -> None:
    keys = []
    for roll in (["D", "R", "R", "Eb", "Em", "$"], ["D", "$", "$", "R", "Eb", "Em"]):
        game = greed_scripted(options=STUDY)
        play_turn(game, roll)
        keys.append(game.position_key())
    # Named by the first roll of six dice that leaves only the D: the key says what is left to decide.
    assert keys[0] == keys[1] == ["turn", 0, [0, 0], [False, False], 0, ["$", "$", "R", "R", "Eb", "D"]]
    other = greed_scripted(options=STUDY)
    play_turn(other, ["D", "D", "R", "R", "Eb", "Em"])  # 200 to bank, or one D or two: not the same
    assert other.position_key() != keys[0]


def test_the_final_round_counts_only_what_the_catch_up_player_still_needs() -> None:
    keys = []
    for first_turn in (["$", "$", "$", "D", "R", "Eb"], ["$", "$", "$", "G", "R", "Eb"]):
        game = greed_scripted(options=STUDY)
        play_turn(game, first_turn, {"bank": True})  # 700 or 650: the catch-up turn begins
        keys.append(game.position_key())
    assert keys == [["final", 1, 701, 6], ["final", 1, 651, 6]]
    game = greed_scripted(options=STUDY)
    play_turn(game, ["$", "$", "$", "G", "R", "Eb"], {"bank": True}, ["D", "R", "R", "Eb", "Em", "$"],
              {"keep": ["D"]})
    assert game.position_key() == ["final", 1, 551, 5]


def test_equal_keys_lead_to_equal_keys_in_random_games() -> None:
    """The contract, checked where random play goes: every choice from equal keys reaches equal keys."""
    reached: dict[str, frozenset[str]] = {}
    compared = 0
    for seed in range(150):
        game = hs.new_game("greed", seats=2, seed=seed, options=STUDY, auto_chance=False)
        rng = random.Random(seed)
        while not game.is_over:
            if game.is_chance:
                outcomes = game.chance_outcomes()
                game.apply_chance(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                continue
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            after = set()
            for action in legal:
                child = game.clone()
                child.act(seat, action)
                after.add(repr(child.position_key()))
            key = repr(game.position_key())
            if key in reached:
                assert reached[key] == frozenset(after), key
                compared += 1
            reached[key] = frozenset(after)
            game.act(seat, rng.choice(legal))
    assert compared > 100


def test_more_than_two_seats_have_no_key() -> None:
    assert hs.new_game("greed", seats=3, seed=1, options=STUDY).position_key() is None
