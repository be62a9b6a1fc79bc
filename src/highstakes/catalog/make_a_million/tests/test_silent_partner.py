"""Silent Partner (RULES.md §1.13, A-16): called cards, hidden partners, individual scores."""

from __future__ import annotations

import random

import pytest

import highstakes as hs
from highstakes.catalog.make_a_million.cards import BEAR, BULL, TIGER
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.silent import SilentPartnerState, seat_account
from highstakes.catalog.make_a_million.tests.helpers import act, auction, scripted

SILENT = {"variant": "silent_partner"}
# Six players, 17 cards each: seat 1 holds the red and the green $40,000, seat 4 the other red
# $40,000, seat 6 the other green $40,000.
HANDS = [
    ["R40", "G40", "R30", "R15", "R11", "Y40", "Y30", "Y15", "K2", "K3", "K4", "G2", "G3", "G4", "Y2", "Y3",
     TIGER],
    [],
    [],
    ["R40", BULL],
    [],
    ["G40", BEAR],
]


def called_game() -> hs.Game:
    game = scripted(HANDS, seats=6, options=SILENT)
    auction(game, 480_000, None, None, None, None, None)
    for card in ("K2", "K3", "K4"):
        act(game, {"discard": card})
    act(game, {"trump": "yellow"})
    return game


def test_the_bidder_calls_two_cards_with_six_players_never_an_animal():
    game = called_game()
    assert game.view(0)["phase"] == "call"
    with pytest.raises(hs.IllegalAction) as error:
        game.act(0, {"call": TIGER})
    assert error.value.code == "animal_call"
    act(game, {"call": "R40"})
    with pytest.raises(hs.IllegalAction) as error:
        game.act(0, {"call": "R40"})
    assert error.value.code == "already_called"
    act(game, {"call": "G40"})
    view = game.view(2)
    assert view["phase"] == "play" and view["called"] == ["R40", "G40"] and view["sides"] is None
    assert "R40" in game.view(0)["hand"]  # the called cards stay in the bidder's hand


def test_partners_are_known_only_to_themselves_until_the_card_is_played():
    game = called_game()
    act(game, {"call": "R40"})
    act(game, {"call": "G40"})
    assert game.view(3)["partner"] and game.view(5)["partner"]
    assert not game.view(1)["partner"] and not game.view(0)["partner"]
    assert all(game.view(seat)["partners_revealed"] == [] for seat in (None, 0, 1, 2, 3, 4, 5))
    assert game.view(None)["team"] is None
    # In a world resampled for seat 2, the hidden partners are whoever holds the copies there.
    world = game.sample_world(2, random.Random(4))
    assert world.view(2) == game.view(2)
    state = world.full_state()
    assert state.partners == sorted({s for s in range(6) if s != 0 and ("R40" in state.hands[s]
                                                                        or "G40" in state.hands[s])})


def test_a_partner_shows_when_the_other_copy_is_played():
    game = called_game()
    act(game, {"call": "R40"})
    act(game, {"call": "G40"})
    act(game, {"play": "R11"})  # the bidder leads a red
    for seat in (1, 2):
        game.act(seat, game.legal_actions(seat)[-1])
    game.act(3, {"play": "R40"})
    assert game.view(1)["partners_revealed"] == [3]


def test_the_silent_partner_510000():
    # A bids $480,000 and calls the red and the green $40,000; Y holds the other red $40,000.
    # The team makes $510,000: recorded for A and for each partner (§1.13).
    state = SilentPartnerState(6, MillionOptions(variant="silent_partner"))
    state.bidder, state.bid, state.partners = 0, 480_000, [3]
    state.captured_by_seat = [300_000, 100_000, 90_000, 210_000, 100_000, 0]
    state._score_deal()
    assert state.scores() == [510_000, 290_000, 290_000, 510_000, 290_000, 290_000]
    assert state.history[-1]["team"] == [0, 3] and state.history[-1]["made"]


def test_a_set_back_applies_to_every_member_of_the_team():
    state = SilentPartnerState(8, MillionOptions(variant="silent_partner"))
    state.bidder, state.bid, state.partners = 2, 500_000, [4, 7]
    state.captured_by_seat = [100_000, 0, 200_000, 0, 100_000, 200_000, 200_000, 0]
    state._score_deal()
    assert [state.ledger.balance(seat_account(seat)) for seat in range(8)] == [
        500_000, 500_000, -500_000, 500_000, -500_000, 500_000, 500_000, -500_000]


def test_silent_partner_needs_six_or_eight():
    with pytest.raises(ValueError, match="6 or 8"):
        hs.new_game("make_a_million", seats=4, options=SILENT)


def test_random_silent_partner_games_keep_the_cards_and_the_money():
    for seed in range(30):
        game = hs.new_game("make_a_million", seats=8, seed=seed, options={**SILENT, "hand_limit": 4})
        rng = random.Random(seed)
        while not game.is_over:
            state = game.full_state()
            if state.phase == "play" and not state.trick_complete:
                held = sum(len(hand) for hand in state.hands)
                played = sum(len(trick["cards"]) for trick in state.tricks) + len(state.trick)
                assert held + played == 104
            seat = rng.choice(game.to_act)
            game.act(seat, rng.choice(game.legal_actions(seat)))
        assert game.money_total == 0
