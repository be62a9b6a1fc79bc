"""Make-A-Million at duplicate play: its partnerships, one deal a game, and a deal decided by the seed."""

from __future__ import annotations

import random

import pytest

import highstakes as hs
from highstakes.bots.registry import make_bot
from highstakes.bots.runner import play_out
from highstakes.catalog.make_a_million import MillionOptions
from highstakes.catalog.make_a_million.cards import deck_for
from highstakes.catalog.make_a_million.tests.helpers import auction, scripted

MAKE_A_MILLION = hs.definition("make_a_million")


@pytest.mark.parametrize(("seats", "sides"), [
    (4, ((0, 2), (1, 3))), (6, ((0, 2, 4), (1, 3, 5))), (8, ((0, 2, 4, 6), (1, 3, 5, 7))),
])
def test_partners_sit_alternately(seats: int, sides: tuple[tuple[int, ...], ...]) -> None:
    # §1.3, §1.12: seats 1, 3, 5, 7 (counted from 1) against 2, 4, 6, 8.
    assert MAKE_A_MILLION.partnerships(seats, MillionOptions()) == sides
    assert MAKE_A_MILLION.partnerships(seats, MillionOptions(variant="partnership")) == sides


@pytest.mark.parametrize(("seats", "variant"), [
    (3, "auto"), (5, "auto"), (7, "auto"), (4, "variation"), (6, "variation"),
    (6, "silent_partner"), (8, "silent_partner"),
])
def test_the_variation_and_silent_partner_have_no_fixed_partnerships(seats: int, variant: str) -> None:
    # The Variation is every player for themself; Silent Partner's sides are secret.
    assert MAKE_A_MILLION.partnerships(seats, MillionOptions(variant=variant)) is None


def test_a_duplicate_game_is_one_deal_under_the_tables_other_options() -> None:
    options = MillionOptions(misdeal=True, target=500_000, hand_limit=12)
    assert MAKE_A_MILLION.duplicate_options(4, options) == MillionOptions(misdeal=True, target=500_000,
                                                                           hand_limit=1)


def test_a_game_of_one_deal_scores_that_deals_points() -> None:
    for seed in range(6):
        game = hs.new_game("make_a_million", 4, seed=seed, options={"hand_limit": 1})
        play_out(game, [make_bot("make_a_million", "rules")] * 4, random.Random(seed))
        result = game.result()
        (deal,) = game.view(0)["history"]
        assert result["deals"] == 1 and result["side_scores"] == deal["scored"]


def test_a_deal_everyone_passes_ends_a_game_of_one_deal_at_0_to_0() -> None:
    # all pass and the hand is thrown in; with one deal to play, that is the game, at 0 to 0.
    game = scripted([], options={"hand_limit": 1})
    auction(game, None, None, None, None)
    assert game.is_over
    assert game.result()["side_scores"] == [0, 0] and game.result()["winners"] == [0, 1, 2, 3]


@pytest.mark.parametrize("seats", [4, 6, 8])
def test_both_plays_of_a_deal_hold_the_same_cards(seats: int) -> None:
    """The seed decides the whole deal before the first decision, whoever plays which side."""
    options = MAKE_A_MILLION.duplicate_options(seats, MillionOptions()).to_json()
    sides = MAKE_A_MILLION.partnerships(seats, MillionOptions())
    assert sides is not None
    for seed in range(4):
        records = []
        for first, second in (("rules", "random"), ("random", "rules")):
            bots = [make_bot("make_a_million", first if seat in sides[0] else second)
                    for seat in range(seats)]
            game = hs.new_game("make_a_million", seats, seed=seed, options=options)
            play_out(game, bots, random.Random(seed))
            records.append(game.record()["actions"])
        chance = [[entry for entry in record if "chance" in entry] for record in records]
        assert chance[0] == chance[1] and len(chance[0]) == sum(deck_for(seats).values())
        for record in records:  # every card dealt before anyone acts
            assert all("chance" in entry for entry in record[:len(chance[0])])
        assert records[0] != records[1]  # the plays themselves differed
