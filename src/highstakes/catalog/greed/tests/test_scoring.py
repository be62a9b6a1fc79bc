"""Greed's scoring table, combination by combination (RULES.md §2.2 and G-1 to G-5)."""

from __future__ import annotations

import pytest

from highstakes.catalog.greed.scoring import (
    DEFAULT_TABLE,
    ScoringTable,
    all_rolls,
    best_keep,
    combination_names,
    counts_of,
    faces_of,
    is_hot,
    keep_value,
    scoring_keeps,
)


def value(faces: str | list[str], table: ScoringTable = DEFAULT_TABLE) -> int | None:
    return keep_value(counts_of(faces.split() if isinstance(faces, str) else faces), table)


@pytest.mark.parametrize(
    ("faces", "points"),
    [
        ("D", 100), ("G", 50), ("D D", 200), ("D D G", 250),  # the rulebook's example scores
        ("G G G", 500), ("R R R", 400), ("Eb Eb Eb", 300), ("Em Em Em", 300), ("$ $ $", 600),
        ("D D D", 300),  # three D's have no bonus
        ("D D D D", 1000), ("D D D D D", 1100),  # G-3: 5 D = DDDD + D
        ("$ G R Eb Em D", 1000),  # $GREED
        ("G G G G", 550),  # G-3: GGG + G
        ("$ $ $ D", 700), ("Eb Eb Eb Em Em Em", 600),  # G-2 examples
        ("D D D D D D", 5000), ("G G G G G G", 5000), ("R R R R R R", 5000),
        ("Eb Eb Eb Eb Eb Eb", 5000), ("$ $ $ $ $ $", 5000),
        ("G G G D D D", 800), ("$ $ $ R R R", 1000), ("G G G G D D", 750),
    ],
)
def test_combinations_default_table(faces, points):
    assert value(faces) == points


@pytest.mark.parametrize(
    "faces",
    ["$", "R", "Eb", "Em", "$ $", "R R", "Eb Em", "Eb Eb", "R R R R", "$ $ $ $", "Eb Eb Em",
     "Eb Eb Eb Em", "G G G R", "D R", "$ G R Eb Eb D"],
)
def test_non_scoring_dice_cannot_be_set_aside(faces):
    assert value(faces) is None


def test_mixed_e_colours_are_not_three_or_six_of_a_kind():
    assert value("Eb Eb Em Em Em Em") is None
    assert best_keep(counts_of("Eb Eb Em Em Em Em".split())) == (counts_of("Em Em Em".split()), 300)


def test_version_b_and_six_of_a_kind_option():
    table_b = ScoringTable(four_d=800)
    assert value("D D D D", table_b) == 800
    assert value("D D D D D", table_b) == 900
    low_six = ScoringTable(six_of_a_kind=1000)
    assert value("D D D D D D", low_six) == 1200  # DDDD + D + D beats a 1,000 six of a kind
    assert value("G G G G G G", low_six) == 1000
    assert value("R R R R R R", low_six) == 1000


def test_rulebook_example_keeps():
    # RULES.md §2.4: roll $, G, R, D, D, E. Keep D (100), D D (200), D D G (250), or bank 250.
    roll = counts_of(["$", "G", "R", "D", "D", "Eb"])
    keeps = {faces_of(counts): points for counts, points in scoring_keeps(roll)}
    assert keeps == {("D",): 100, ("D", "D"): 200, ("G", "D"): 150, ("G", "D", "D"): 250, ("G",): 50}
    assert best_keep(roll) == (counts_of(["G", "D", "D"]), 250)
    assert not is_hot(roll)


def test_s8_example_only_the_d_scores():
    roll = counts_of(["R", "Eb", "Em", "D", "$"])
    assert [faces_of(c) for c, _ in scoring_keeps(roll)] == [("D",)]


def test_hot_dice_when_every_die_scores():
    assert is_hot(counts_of("$ G R Eb Em D".split()))
    assert is_hot(counts_of("D G".split()))
    assert not is_hot(counts_of("D G R".split()))


def test_greed_out_roll_has_no_keeps():
    assert scoring_keeps(counts_of("$ $ R R Eb Em".split())) == ()
    assert best_keep(counts_of(["R"])) is None


def test_combination_names():
    assert sorted(combination_names(counts_of("$ $ $ D".split()))) == ["$$$", "D"]
    assert sorted(combination_names(counts_of("G G G G".split()))) == ["G", "GGG"]
    with pytest.raises(ValueError):
        combination_names(counts_of(["R"]))


@pytest.mark.parametrize(("dice", "p_no_score"), [(1, 4 / 6), (2, 16 / 36), (3, 60 / 216)])
def test_greed_out_probability_small_cases(dice, p_no_score):
    # Hand count: a roll scores nothing when it has no D and no G, and for 3 dice no
    # three of a kind of $, R, Eb or Em: 4^3 - 4 = 60 of 216.
    total = sum(p for roll, p in all_rolls(dice) if not scoring_keeps(roll))
    assert total == pytest.approx(p_no_score)


def test_roll_probabilities_sum_to_one():
    for dice in range(1, 7):
        assert sum(p for _, p in all_rolls(dice)) == pytest.approx(1.0)
