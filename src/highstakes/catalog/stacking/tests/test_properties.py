"""Thousands of random stacking games: pieces conserved after every action, refusals harmless."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import highstakes as hs
from highstakes.bots import make_bot
from highstakes.catalog.stacking import STACKING
from highstakes.catalog.stacking.options import StackingOptions
from highstakes.catalog.stacking.rules import starting_pieces
from highstakes.catalog.stacking.tests.helpers import snapshot
from highstakes.testing import check_game

OPTION_SETS = [{}, {"longer": True}, {"companion": True}, {"bill_width": 40, "bag": 5},
               {"bill_width": 150, "bag": 20, "longer": True}]


def play_checking_pieces(seats: int, seed: int, bots: list[str], options: dict) -> hs.Game:
    """Play a game to the end, checking after every action that no piece appeared or vanished:
    every piece of every kind is in a hand, a row, the stack or the bag.

    Random play takes the game's bounds for it (a last round, a miss count), as the conformance kit
    does: a companion table whose outcomes are said at random hardly ever ends without them."""
    options = STACKING.bounded_options(options)
    game = hs.new_game("stacking", seats, seed=seed, options=options)
    hands, bag = starting_pieces(seats, StackingOptions.from_json(options))
    expected = [sum(hand[index] for hand in hands) + bag[index] for index in range(4)]
    players = [make_bot("stacking", name) for name in bots]
    rng = random.Random(seed)
    total = game.money_total
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, players[seat].choose(game.view(seat), game.legal_actions(seat), rng))
        state = game.full_state()
        assert state.piece_totals() == expected
        assert all(count >= 0 for hand in state.hands for count in hand) and min(state.bag) >= 0
        assert game.money_total == total
    return game


def test_pieces_are_conserved_after_every_action_over_thousands_of_random_games():
    rng = random.Random(2026)
    for index in range(2_000):
        seats = 1 + index % 6
        play_checking_pieces(seats, rng.getrandbits(32), ["random"] * seats, OPTION_SETS[index % 5])


def test_pieces_are_conserved_in_games_between_the_bots():
    rng = random.Random(7)
    names = ["random", "reckless", "careful", "steady"]
    for index in range(12):
        seats = 1 + index % 6
        play_checking_pieces(seats, rng.getrandbits(32), [rng.choice(names) for _ in range(seats)],
                             OPTION_SETS[index % 5])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(1, 6), junk=st.sampled_from(
    [{"bid": 400}, {"bid": -1}, {"bid": 2.0}, {"pass": False}, {"lay": 200}, {"take": 100},
     {"place": "0"}, {"place": 1.5}, {"place": 0, "level": 99}, {"report": "stood"}, {"report": "fell"},
     {"bid": 1, "pass": True}]))
def test_refused_moves_change_nothing(seed, seats, junk):
    game = hs.new_game("stacking", seats, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(30)):
        if game.is_over:
            return
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    if game.is_over:
        return
    before = snapshot(game)
    seat = game.to_act[0]
    try:
        game.act(seat, junk)
    except hs.IllegalAction as refusal:
        assert refusal.message.strip() and refusal.code
    else:
        # Some of these are legal in some positions (a bid of 400 never is): then it was played.
        assert junk in ({"take": 100}, {"report": "stood"}) or "level" in junk
        return
    assert snapshot(game) == before


def test_the_stacking_game_passes_the_conformance_kit_at_every_seat_count_with_every_option():
    # The defaults, each option's every other value (8 sets) and one mix: 10 option sets, each at
    # 1 to 6 seats. Random play cannot go on without end: the kit gives every set the game's last
    # round and miss count for random play (its bounded_play), the rules' defaults having none.
    report = check_game("stacking", games=60, seed=0, max_option_sets=10)
    assert {seats for seats, _options in report.tables} == {1, 2, 3, 4, 5, 6}
    limits = {(options["round_limit"], options["miss_limit"]) for _seats, options in report.tables}
    assert limits == {(12, 3)}
    changed = [{name: value for name, value in options.items() if name not in ("round_limit", "miss_limit")}
               for _seats, options in report.tables]
    singles = {next(iter(change.items())) for change in changed if len(change) == 1}
    assert singles == {("longer", True), ("companion", True), ("bill_width", 40), ("bill_width", 150),
                       ("bag", 20), ("bag", 5)}
