"""Six and eight players, and the trick-count Variation (RULES.md §1.12, §1.14, A-12, A-13, A-17, A-20)."""

from __future__ import annotations

import random

import pytest

import highstakes as hs
from highstakes.catalog.make_a_million.cards import BEAR, BULL, TIGER
from highstakes.catalog.make_a_million.tests.helpers import act, auction
from highstakes.catalog.make_a_million.variation import start_hand


def dealt(seats: int, options: dict | None = None) -> hs.Game:
    return hs.new_game("make_a_million", seats=seats, seed=3, options=options)


class TestDoubleDeck:
    @pytest.mark.parametrize(("seats", "size"), [(6, 17), (8, 13)])
    def test_hands_of_the_double_deck(self, seats, size):
        game = dealt(seats)
        view = game.view(0)
        assert view["hand_sizes"] == [size] * seats and view["variant"] == "partnership"
        assert view["sides"] == [seat % 2 for seat in range(seats)]  # partners alternate

    def test_the_opening_and_the_cap_double(self):
        game = dealt(6)
        assert game.view(0)["min_bid"] == 350_000 and game.view(0)["max_bid"] == 800_000
        with pytest.raises(hs.IllegalAction) as error:
            game.act(0, {"bid": 340_000})
        assert error.value.code == "bid_too_low"

    def test_a_raise_of_10000_is_kept_with_eight(self):
        game = dealt(8)
        auction(game, 350_000)
        assert game.view(1)["min_bid"] == 360_000

    def test_a_partnership_game_needs_an_even_table(self):
        with pytest.raises(ValueError, match="Variation"):
            hs.new_game("make_a_million", seats=5, options={"variant": "partnership"})


class TestVariation:
    def test_auto_plays_the_variation_at_odd_tables(self):
        assert dealt(5).view(0)["variant"] == "variation"
        assert dealt(4, {"variant": "variation"}).view(0)["variant"] == "variation"

    @pytest.mark.parametrize(("seats", "cards"), [(2, 25), (3, 17), (4, 12), (5, 10), (6, 8), (7, 7), (8, 6),
                                                  (9, 5), (10, 5), (11, 4), (12, 4)])
    def test_the_first_deal_leaves_four_cards_or_more(self, seats, cards):
        assert start_hand(seats) == cards
        assert 55 - seats * cards >= 4

    @pytest.mark.parametrize("seats", [2, 9, 10, 11, 12])
    def test_auto_plays_the_variation_at_every_table_the_partnership_game_does_not_take(self, seats):
        view = dealt(seats).view(0)
        assert view["variant"] == "variation" and view["hand_sizes"] == [start_hand(seats)] * seats

    def test_the_variation_seats_two_players(self):
        game = dealt(2)
        view = game.view(0)
        assert view["cards_this_deal"] == 25 and view["hand_sizes"] == [25, 25]
        assert [move.amount for move in game.legal_actions(0)] == list(range(26))  # 0 to 25 tricks
        rng = random.Random(2)
        while not game.is_over:
            seat = rng.choice(game.to_act)
            game.act(seat, rng.choice(game.legal_actions(seat)))
        deals = game.view(None)["history"]
        assert [deal["cards"] for deal in deals] == list(range(25, 0, -1))  # one card fewer each deal
        assert [sum(deal["taken"]) for deal in deals] == list(range(25, 0, -1))  # every trick taken

    def test_the_variation_seats_twelve_players(self):
        game = dealt(12)
        assert game.view(11)["hand_sizes"] == [4] * 12 and len(game.view(11)["turned"]) >= 1
        assert [move.amount for move in game.legal_actions(11)] == [0, 1, 2, 3, 4]

    def test_more_than_twelve_players_are_refused(self):  # the table's cap, for screen space
        definition = hs.definition("make_a_million")
        assert (definition.min_seats, definition.max_seats) == (2, 12)
        with pytest.raises(ValueError, match="12"):
            hs.new_game("make_a_million", seats=13)

    @pytest.mark.parametrize(("seats", "variant"), [(2, "partnership"), (10, "partnership"),
                                                    (12, "partnership"), (4, "silent_partner"),
                                                    (10, "silent_partner"), (12, "silent_partner")])
    def test_the_partnership_games_keep_their_tables(self, seats, variant):  # §1.12, §1.13
        with pytest.raises(ValueError):
            hs.new_game("make_a_million", seats=seats, options={"variant": variant})

    def test_an_animal_turned_up_is_passed_over(self):
        game = hs.new_game("make_a_million", seats=5, seed=1, auto_chance=False)
        cards = [card for card, _p in game.chance_outcomes() if card not in (TIGER, BULL, "K7")]
        for card in cards[:50]:
            game.apply_chance(card)  # 5 x 10 cards
        assert game.is_chance
        game.apply_chance(TIGER)
        assert game.is_chance and game.view(None)["trump"] is None
        game.apply_chance(BULL)
        game.apply_chance("K7")
        view = game.view(0)
        assert view["trump"] == "black" and view["turned"] == [TIGER, BULL, "K7"]
        assert set(game.to_act) == {0, 1, 2, 3, 4}  # everyone bids at once

    def test_bids_stay_hidden_until_the_last_is_in(self):  # §7.3
        game = dealt(3)
        game.act(0, {"tricks": 4})
        assert game.view(1)["trick_bids"] == [None, None, None]
        assert game.view(1)["have_bid"] == [True, False, False]
        assert game.view(0)["trick_bids"] == [4, None, None]
        game.act(2, {"tricks": 0})
        game.act(1, {"tricks": 17})
        assert game.view(None)["trick_bids"] == [4, 17, 0]
        assert game.to_act == (0,)  # the dealer's left leads

    def test_a_bid_beyond_the_hand_is_refused(self):
        game = dealt(3)
        with pytest.raises(hs.IllegalAction) as error:
            game.act(0, {"tricks": 18})
        assert error.value.code == "bad_trick_bid" and game.view(0)["have_bid"] == [False] * 3

    def test_exact_bids_score_five_more_and_the_deals_shrink_to_one(self):
        game = dealt(7)
        deals = []
        while not game.is_over:
            view = game.view(None)
            if view["phase"] == "tricks":
                for seat in game.to_act:
                    game.act(seat, {"tricks": 1 if seat == 0 else 0})
                continue
            (seat,) = game.to_act
            game.act(seat, game.legal_actions(seat)[0])
            if game.view(None)["history"] and len(game.view(None)["history"]) > len(deals):
                deals = game.view(None)["history"]
        assert [deal["cards"] for deal in deals] == [7, 6, 5, 4, 3, 2, 1]
        for deal in deals:
            for bid, taken, scored in zip(deal["bids"], deal["taken"], deal["scored"], strict=True):
                assert scored == (taken + 5 if bid == taken else taken)
        totals = [sum(deal["scored"][seat] for deal in deals) for seat in range(7)]
        assert game.result()["scores"] == totals
        assert game.result()["winners"] == [s for s in range(7) if totals[s] == max(totals)]


def test_bull_and_bear_never_win_a_trick_in_the_variation():
    game = dealt(4, {"variant": "variation"})
    state = game.full_state()
    state.trick_colour = "red"
    assert state.winner_of([(0, BULL), (1, "R2"), (2, BEAR), (3, "K40")]) == 1


def test_misdeal_poll_goes_round_the_table():
    game = dealt(4, {"misdeal": True})
    for _ in range(4):
        act(game, {"play_on": True})
    assert game.view(0)["phase"] == "bid" and game.view(0)["misdeal_polled"] == [0, 1, 2, 3]


@pytest.mark.parametrize("seats", [3, 5])
def test_the_rule_of_thumb_bot_beats_random_in_the_variation(seats):
    import random

    from highstakes.catalog.make_a_million.bots import RuleOfThumbBot
    from highstakes.engine.bot import RandomBot

    rules, rand = RuleOfThumbBot(), RandomBot()
    margins = []
    for seed in range(40):
        game = hs.new_game("make_a_million", seats=seats, seed=seed)
        rng = random.Random(seed)
        mine = [seat for seat in range(seats) if seat % 2 == seed % 2]
        while not game.is_over:
            seat = rng.choice(game.to_act)
            bot = rules if seat in mine else rand
            game.act(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
        scores = game.result()["scores"]
        others = [seat for seat in range(seats) if seat not in mine]
        mean_mine = sum(scores[s] for s in mine) / len(mine)
        margins.append(mean_mine - sum(scores[s] for s in others) / len(others))
    assert sum(margins) / len(margins) > 5 and sum(m > 0 for m in margins) >= 30



def test_trump_may_be_led_in_the_variation_once_trump_has_been_played():  # A-11 with §1.14's usual rules
    game = dealt(3, {"variant": "variation", "trump_lead": "after_trump_played"})
    for seat in range(3):
        game.act(seat, {"tricks": 0})
    state = game.full_state()
    state.trump = "yellow"
    state.hands = [["R40", "Y2", "G2"], ["Y40", "Y30", "K3"], ["R2", "G3", "K4"]]
    game = game.with_state(state)
    assert state.turn == 0  # the dealer's left leads
    assert {move.card for move in game.legal_actions(0)} == {"R40", "G2"}  # no trump lead yet
    game.act(0, {"play": "R40"})
    game.act(1, {"play": "Y40"})  # no red: seat 2 trumps
    game.act(2, {"play": "R2"})
    assert game.full_state().turn == 1
    assert {move.card for move in game.legal_actions(1)} == {"Y30", "K3"}  # trump has been played
