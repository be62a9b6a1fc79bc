"""It's in the Bag's bots and advisor: what they believe, and that the believer wins more."""

from __future__ import annotations

import random

import pytest

import highstakes as hs
from highstakes.analysis.simulate import simulate
from highstakes.bots import make_bot
from highstakes.catalog.in_the_bag.bots import BelieverBot, HeuristicBot, believe, bid_gains, hint
from highstakes.catalog.in_the_bag.tests.helpers import new, play


def test_both_bots_feed_their_smallest_piece():
    game = new(2)
    for bot in (HeuristicBot(), BelieverBot()):
        assert bot.choose(game.view(0), game.legal_actions(0), random.Random(0)).to_json() == {"feed": 100}


def test_the_believer_values_a_piece_fed_by_a_player_without_small_coins_higher():
    game = new(2)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    at_start = believe(game.view(0)).feed_values[1]
    # From a full starting hand a player is believed to feed ¥100 mostly: weights 5 × 1, 2 × 0.08,
    # 1 × 0.02 and 1 × 0.005, so (500 + 80 + 20 + 25) / 5.185 ≈ ¥120.54.
    assert at_start == pytest.approx(625 / 5.185)
    assert believe(game.view(0)).bag_value == pytest.approx(100 + 625 / 5.185)
    # A player who bid all five of its ¥100 coins (and took nothing) has none left to feed:
    # its next piece is believed to be a ¥500 coin most likely.
    play(game, (0, {"bid": [1000, 500, 100]}), (1, {"bid": [100, 100, 100, 100]}))
    play(game, (0, {"feed": 100}), (1, {"feed": 500}))
    later = believe(game.view(0)).feed_values[1]
    assert later > 400 > at_start


def test_with_feeds_shown_the_believer_values_the_bag_at_the_pieces_it_saw():
    game = new(3, feeds="shown")
    play(game, (0, {"feed": 100}), (1, {"feed": 5000}), (2, {"feed": 500}))
    belief = believe(game.view(0))
    # Every fed piece was shown: the bag is worth ¥5,600 exactly, with nothing left to guess.
    assert belief.bag_value == 5_600 and belief.feed_values[1:] == [5_000, 500]
    play(game, (0, {"bid": [100]}), (1, {"bid": [100]}), (2, {"bid": [5000]}))
    play(game, (0, {"feed": 100}), (1, {"feed": 1000}), (2, {"feed": 100}))
    later = believe(game.view(0))
    # Seat 3 took the bag and paid ¥5,000: the bag holds the three bids and the three new
    # feeds, ¥5,200 + ¥1,200. Seat 3's hand is followed to the piece: 5/2/1/1, fed a ¥500
    # coin, took ¥100 + ¥500 + ¥5,000, paid a ¥5,000 bill: 6/2/1/1 (this round's feed aside).
    assert later.bag_value == 6_400
    assert later.hands[2] == [6.0, 2.0, 1.0, 1.0]


def test_the_believer_knows_a_bid_that_stands_while_the_tied_players_bid_again():
    game = new(3)
    play(game, *((seat, {"feed": 100}) for seat in range(3)))
    play(game, (0, {"bid": [1000]}), (1, {"bid": [1000]}), (2, {"bid": [500, 100]}))
    # Seats 1 and 2 tied at ¥1,000; seat 3's ¥600 stands. Below ¥600 a re-bid cannot win: its
    # chance is nil and its expected gain is minus the bid.
    view = game.view(0)
    assert view["previous_bids"] == [1000, 1000, None]
    _belief, gains = bid_gains(view, game.legal_actions(0))
    assert all(gains[amount] == -amount for amount in gains if amount < 600)


def test_the_advisor_gives_the_bags_expected_value_and_each_bids_expected_gain():
    game = new(2)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    advice = hint(game.view(0), game.legal_actions(0))
    # The bag: my ¥100 and the other's believed ¥120.54, so about ¥221. Before any bid is seen,
    # the other is believed to bid ¥100 five times in six and ¥200 once (shares 0 to 0.7 of the
    # bag, whole ¥100s). A ¥100 bid ties 5/6 of the time (a tie counts half): gain
    # 5/12 × (220.54 − 100) − 7/12 × 100 ≈ −8; ¥200 wins 11/12: 11/12 × 20.54 − 1/12 × 200 ≈ 2.
    assert advice["bag_value"] == 221
    gains = {entry["amount"]: entry["gain"] for entry in advice["gains"]}
    assert gains[100] == -8 and gains[200] == 2 and max(gains.values()) == 2
    assert advice["action"] == {"bid": [100, 100]}
    assert "¥221" in advice["reason"] and advice["label"] == "bid ¥200 (¥100 + ¥100)"
    assert [entry["amount"] for entry in advice["gains"]] == sorted(
        {sum(action.to_json()["bid"]) for action in game.legal_actions(0)})


def test_when_every_bid_is_expected_to_lose_the_advisor_says_so_and_advises_the_smallest_loss(monkeypatch):
    from highstakes.catalog.in_the_bag import bots

    game = new(2)
    play(game, (0, {"feed": 100}), (1, {"feed": 100}))
    view = game.view(0)
    # A bid is compulsory; suppose the others are believed to outbid almost anything.
    monkeypatch.setattr(bots, "bid_gains", lambda view, bids: (believe(view), {100: -60.4, 200: -150.0}))
    advice = hint(view, [action for action in game.legal_actions(0) if action.to_json()["bid"] in
                         ([100], [100, 100])])
    assert advice["action"] == {"bid": [100]}
    assert "every bid is expected to lose, this one least: about ¥60" in advice["reason"]
    assert "-" not in advice["reason"] and "−" not in advice["reason"]


def test_the_advisor_when_there_is_nothing_to_decide():
    assert hint(new(2).view(0), [])["action"] is None


@pytest.mark.parametrize("bot", ["heuristic", "cautious", "believer"])
def test_two_bots_of_one_kind_break_their_ties_and_the_game_ends(bot):
    """Two bots of one kind bid alike; called back by a tie each picks at random between two
    amounts, so that the five re-bids (RULES.md §5.2) do not all tie, round after round."""
    for seed in range(5):
        game = hs.new_game("in_the_bag", 2, seed=seed, options={"round_limit": 500})
        players = [make_bot("in_the_bag", bot) for _ in range(2)]
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act[0]
            game.act(seat, players[seat].choose(game.view(seat), game.legal_actions(seat), rng))
        assert game.result()["rounds"] < 100
        assert max(game.result()["scores"]) >= 10_000


def test_the_believer_wins_significantly_more_often_than_the_heuristic_bidder():
    summary = simulate("in_the_bag", ["believer", "heuristic"], 100, seed=0)
    # Measured: 100 of 100 (seats alternate). 80 of 100 is far outside what chance gives at 50%.
    assert _win_rate(summary, "believer") >= 0.8, summary.wins


def test_the_believer_beats_random_play():
    summary = simulate("in_the_bag", ["believer", "random"], 100, seed=1)
    assert _win_rate(summary, "believer") >= 0.8


def _win_rate(summary, bot: str) -> float:
    return summary.wins[bot] / summary.games
