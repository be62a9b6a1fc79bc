"""Greed for learning: its action catalogue and its own view encoder (dice as counts)."""

from __future__ import annotations

import pytest

import highstakes as hs
from highstakes.catalog.greed import GREED
from highstakes.catalog.greed.encoding import GreedEncoder
from highstakes.catalog.greed.options import GreedOptions


def test_the_catalogue_is_banking_and_every_all_scoring_set_aside():
    catalogue = GREED.action_catalogue(2, GreedOptions())
    assert catalogue[0] == {"bank": True}
    keeps = [tuple(action["keep"]) for action in catalogue[1:]]
    # Single scoring dice are only D and G (§2.2); three R's score, two do not; $GREED is all six.
    assert keeps[:2] == [("G",), ("D",)]
    assert ("R", "R", "R") in keeps and ("R", "R") not in keeps and ("R",) not in keeps
    assert ("$", "G", "R", "Eb", "Em", "D") in keeps
    assert ("Eb", "Eb", "Eb", "D") in keeps and ("Eb", "Em", "Eb") not in keeps
    assert len(keeps) == len(set(keeps)) == 78


def test_the_encoder_counts_dice_and_sees_the_table_from_its_seat():
    view = hs.new_game("greed", seats=3, seed=0).view(0)
    view.update({
        "you": 1, "current": 1, "phase": "play", "roll": ["$", "$", "D", "Em"], "dice_left": 4,
        "scores": [1000, 2500, 0], "opened": [True, True, False], "turn_total": 500,
        "bank_value": 600, "can_bank": True, "final_round": False, "final_turns_left": [], "target": None,
        "min_turn_points": 500, "winning_score": 5000,
        "options": {"dddd": 800, "six_of_a_kind": 5000, "min_every_turn": False},
    })
    encoder = GreedEncoder(3)
    encoded = dict(zip(encoder.names, encoder.encode(view), strict=True))
    assert [encoded[f"dice showing {face}"] for face in ("$", "G", "R", "Eb", "Em", "D")] == pytest.approx(
        [2 / 6, 0, 0, 0, 1 / 6, 1 / 6])
    assert encoded["dice left to roll"] == pytest.approx(4 / 6)
    assert encoded["turn total"] == pytest.approx(0.1) and encoded["bank value"] == pytest.approx(0.12)
    # Seat 2 (index 1) sees its own 2,500 first, then seat 3's 0, then seat 1's 1,000.
    assert [encoded[f"score of seat you+{k}"] for k in range(3)] == pytest.approx([0.5, 0.0, 0.2])
    assert [encoded[f"seat you+{k} has opened"] for k in range(3)] == [1.0, 0.0, 1.0]
    assert encoded["your turn"] == 1.0 and encoded["can bank"] == 1.0 and encoded["DDDD scores 800"] == 1.0
    assert encoded["six of a kind scores 1,000"] == 0.0


def test_a_twelve_seat_table_is_encoded_round_from_the_viewing_seat():
    # Any number of players (RULES.md §2.1): 18 numbers, then a score and an opened flag per seat.
    game = hs.new_game("greed", seats=12, seed=0)
    view = game.view(9)
    seats = range(12)
    view.update({"scores": [100 * seat for seat in seats], "opened": [seat % 3 == 0 for seat in seats]})
    encoder = GREED.observation_encoder(12, GreedOptions())
    encoded = dict(zip(encoder.names, encoder.encode(view), strict=True))
    assert len(encoder.names) == 18 + 2 * 12
    # Seat 10 (index 9) sees its own 900 first, then seats 11, 12, 1, ... 9.
    order = [9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7, 8]
    assert [encoded[f"score of seat you+{k}"] for k in range(12)] == pytest.approx(
        [100 * seat / 5000 for seat in order])
    opened = [encoded[f"seat you+{k} has opened"] for k in range(12)]
    assert opened == [float(seat % 3 == 0) for seat in order]
