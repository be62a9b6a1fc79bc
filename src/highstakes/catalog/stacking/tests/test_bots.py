"""The stacking game's bots: hands that miss by their spread, bids weighed by playing rounds out."""

from __future__ import annotations

import random
import statistics

import highstakes as hs
from highstakes.analysis.simulate import simulate
from highstakes.bots import make_bot
from highstakes.catalog.stacking.actions import Bid, Pass, Place
from highstakes.catalog.stacking.bots import (
    CAREFUL,
    RECKLESS,
    StackerBot,
    hint,
    place_until_it_lands,
    placement,
    round_outlook,
)
from highstakes.catalog.stacking.model import plates
from highstakes.catalog.stacking.tests.helpers import bid_and_lay, new, play


def test_a_hands_error_is_gaussian_with_its_spread_around_the_centre_beneath():
    rng = random.Random(1)
    coin = plates(76)[100]
    offsets = [placement([(coin, 0)], coin, 400.0, 0.0, rng) for _ in range(4000)]
    assert abs(statistics.fmean(offsets)) < 20
    assert 380 < statistics.pstdev(offsets) < 420


def test_an_eye_corrects_the_lean_toward_the_middle_of_the_offsets_that_stand():
    coin = plates(76)[100]
    stack = [(coin, 0), (coin, 1000)]  # leaning right: the top coin may go from -1080 to -...
    exact = [placement(stack, coin, 0.0, 1.0, random.Random(0))]
    half = [placement(stack, coin, 0.0, 0.5, random.Random(0))]
    # Placed on the coin at 1000: its own centre within -1080..1080 of it, and the two upper coins'
    # mean within -1080..1080 of the bottom coin: (1000 + x) / 2 <= 1080, x <= 1160, so the
    # offset (x - 1000) from -1080 to 160; the middle is -460.
    assert exact == [-460] and half == [-230]


def test_a_round_played_out_is_the_same_in_every_process_and_harder_for_more_pieces():
    one = round_outlook(800.0, 0.0, 76, (3,))
    assert one == round_outlook.__wrapped__(800.0, 0.0, 76, (3,))
    clean_few = round_outlook(800.0, 0.0, 76, (2, 2))[0]
    clean_many = round_outlook(800.0, 0.0, 76, (9, 9))[0]
    assert min(clean_few) > max(clean_many)


def test_the_reckless_bot_bids_all_it_can_and_the_careful_one_weighs_its_chances():
    game = new(2)
    bid_and_lay(game, 0, 9, [5000, 1000, 500, 500, 100, 100, 100, 100, 100])
    legal = game.legal_actions(1)
    assert RECKLESS.choose(game.view(1), legal, random.Random(0)) == Bid(9)
    assert isinstance(CAREFUL.choose(game.view(1), legal, random.Random(0)), (Bid, Pass))


def test_the_hint_aims_at_the_middle_of_the_offsets_that_stand():
    game = new(1)
    bid_and_lay(game, 0, 2, [100, 100])
    play(game, (0, {"pass": True}))
    advice = hint(game.view(0), game.legal_actions(0))
    assert advice["action"] == Place(0).to_json() and advice["standing"] == [-1080, 1080]


def test_careful_bots_play_whole_games_at_every_table():
    for seats in range(1, 7):
        game = hs.new_game("stacking", seats, seed=seats)
        rng = random.Random(seats)
        bots = [StackerBot("b", 800.0, 0.5, 1.0) for _ in range(seats)]
        while not game.is_over:
            seat = game.to_act[0]
            game.act(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat), rng))
        assert game.result()["winners"]


def test_random_bots_finish_games_with_no_limit_at_every_table():
    """With the rules' defaults (no last round, no miss limit) `highstakes simulate stacking --bots
    random` ends: the random bot places from the table's menu (0 to ±5 mm), where a piece never
    slides off the one beneath, and every round pours the stack into the bag. 40 games at each
    seat count, each ending within a few hundred moves."""
    bot = make_bot("stacking", "random")
    for seats in range(1, 7):
        longest = 0
        for seed in range(40):
            game = hs.new_game("stacking", seats, seed=seed, options={"longer": seed % 2 == 1})
            assert game.options["round_limit"] == game.options["miss_limit"] == 0
            rng = random.Random(seed)
            moves = 0
            while not game.is_over and moves < 5_000:
                seat = game.to_act[0]
                game.act(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
                moves += 1
            assert game.is_over, (seats, seed)
            longest = max(longest, moves)
        assert longest < 1_000
    summary = simulate("stacking", ["random"] * 3, 30, seed=0)
    assert summary.games == 30 and summary.to_json()["mean_decisions"] < 200


def test_a_bot_places_a_missed_piece_again_until_it_lands_and_a_miss_limit_brings_the_stack_down():
    coin = plates(76)[100]
    stack = [(coin, 0)]
    # A hand of 30 mm misses a 22.6 mm coin more often than not; every try is placed again.
    def outcomes(miss_limit: int) -> list[str]:
        return [place_until_it_lands(stack, coin, 3000.0, 0.0, miss_limit, random.Random(seed))[0]
                for seed in range(200)]

    assert set(outcomes(0)) == {"stood"}
    limited = outcomes(1)
    assert set(limited) == {"stood", "collapse"} and limited.count("collapse") > 100
