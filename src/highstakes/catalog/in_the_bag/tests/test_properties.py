"""Thousands of random It's in the Bag games: pieces conserved, refusals harmless, secrets kept."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import highstakes as hs
from highstakes.bots import make_bot
from highstakes.catalog.in_the_bag.pieces import DENOMINATIONS, START
from highstakes.catalog.in_the_bag.rules import NOT_YET
from highstakes.catalog.in_the_bag.tests.helpers import snapshot
from highstakes.testing import check_game


def expected_totals(seats: int, reserve_paid: int) -> list[int]:
    return [count * seats + (reserve_paid if index == 0 else 0) for index, count in enumerate(START)]


def play_checking_pieces(seats: int, seed: int, bots: list[str], options: dict) -> hs.Game:
    """Play a game to the end, checking after every action that no piece appeared or vanished."""
    game = hs.new_game("in_the_bag", seats, seed=seed, options=options)
    players = [make_bot("in_the_bag", name) for name in bots]
    rng = random.Random(seed)
    total = game.money_total
    while not game.is_over:
        seat = rng.choice(game.to_act)
        game.act(seat, players[seat].choose(game.view(seat), game.legal_actions(seat), rng))
        state = game.full_state()
        # Every piece is in a hand or the bag; the reserve's ¥100 coins are counted by what it paid.
        assert state.piece_totals() == expected_totals(seats, 0)
        hands_and_bag = sum(sum(hand) for hand in state.hands) + sum(state.bag)
        assert hands_and_bag == sum(START) * seats + state.reserve_paid
        assert all(count >= 0 for hand in state.hands for count in hand) and min(state.bag) >= 0
        assert game.money_total == total
    return game


def test_pieces_are_conserved_after_every_action_over_thousands_of_random_games():
    rng = random.Random(2026)
    for index in range(2_000):
        seats = 2 + index % 5
        options = {"reserve": rng.choice((0, 20, 10)), "tie_rebid": rng.choice(("all", "tied")),
                   "feeds": rng.choice(("secret", "shown"))}
        options = hs.definition("in_the_bag").bounded_options(options)
        play_checking_pieces(seats, rng.getrandbits(32), ["random"] * seats, options)


def test_pieces_are_conserved_in_long_games_between_the_bots():
    rng = random.Random(7)
    names = ["random", "heuristic", "cautious", "believer"]
    for index in range(30):
        seats = 2 + index % 5
        options = hs.definition("in_the_bag").bounded_options({"feeds": rng.choice(("secret", "shown"))})
        play_checking_pieces(seats, rng.getrandbits(32), [rng.choice(names) for _ in range(seats)], options)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 6), junk=st.sampled_from(
    [{"feed": 200}, {"feed": 5000.0}, {"bid": [5000] * 9}, {"bid": []}, {"bid": "500"}, {"bid": [True]},
     {"feed": 100, "bid": [100]}, {"pass": True}]))
def test_refused_moves_change_nothing(seed, seats, junk):
    game = hs.new_game("in_the_bag", seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(12)):
        if game.is_over:
            return
        seat = rng.choice(game.to_act)
        game.act(seat, rng.choice(game.legal_actions(seat)))
    if game.is_over:
        return
    before = snapshot(game)
    seat = rng.choice(game.to_act)
    try:
        game.act(seat, junk)
    except hs.IllegalAction as refusal:
        assert refusal.message.strip() and refusal.code
    else:
        raise AssertionError(f"{junk} was accepted")
    assert snapshot(game) == before


@pytest.mark.parametrize("feeds", ["secret", "shown"])
def test_resampled_worlds_keep_what_the_seat_knows_and_redraw_the_rest(feeds):
    rng = random.Random(3)
    game = hs.new_game("in_the_bag", 4, seed=3, options={"feeds": feeds})
    bots = [make_bot("in_the_bag", name) for name in ("heuristic", "believer", "random", "cautious")]
    redrawn = False
    while not game.is_over:
        seat = game.to_act[0]  # one move at a time: a round half fed or half bid is checked too
        game.act(seat, bots[seat].choose(game.view(seat), game.legal_actions(seat), rng))
        state = game.full_state()
        for seat in (None, 0, 2):
            world = state.resample_hidden(seat, random.Random(rng.getrandbits(32)))
            assert world.piece_totals() == state.piece_totals()
            assert all(count >= 0 for hand in world.hands for count in hand)
            if seat is not None:
                assert world.view(seat) == state.view(seat)
            if feeds == "shown" and NOT_YET not in state.fed:
                # Every fed piece was shown: nothing but the sealed bids is left to redraw.
                assert world.hands == state.hands and world.history == state.history
            redrawn |= world.hands != state.hands or world.bids != state.bids
    assert redrawn


def test_every_piece_is_one_of_four_denominations():
    assert DENOMINATIONS == (100, 500, 1000, 5000) and START == (5, 2, 1, 1)


def test_in_the_bag_passes_the_conformance_kit():
    report = check_game("in_the_bag", games=120, seed=0)
    assert {seats for seats, _options in report.tables} == {2, 3, 4, 5, 6}
