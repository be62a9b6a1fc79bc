"""Make-A-Million's rules with scripted deals and hand-built positions (RULES.md §1)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import highstakes as hs
from highstakes.catalog.make_a_million.bots import RuleOfThumbBot
from highstakes.catalog.make_a_million.cards import BEAR, BULL, TIGER, deck_for
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.rules import MillionState, account, trick_value
from highstakes.catalog.make_a_million.tests.helpers import act, auction, play, scripted
from highstakes.engine.bot import RandomBot

# Seats 0 and 2 (A and B) against 1 and 3 (Z and Y), as in the rulebook's examples.
HANDS = [
    ["R1", "R2", "R4", "R7", "Y40", "Y30", "Y15", "Y11", "Y10", "K1", "K2", "G1", "G2"],
    ["R40", "R30", "R15", "R5", "Y9", "Y8", "Y7", "K40", "K30", "K15", "G40", "G30", TIGER],
    ["R3", "R8", "R9", "R10", "R11", "Y5", "Y4", "Y3", "K11", "K10", "G15", "G11", "G10"],
    ["Y2", "Y1", "K9", "K8", "K7", "K5", "K4", "K3", "G9", "G8", "G7", "G5", BULL],
]
WIDOW = [BEAR, "G4", "G3"]


def refused(game: hs.Game, seat: int, move: dict) -> hs.IllegalAction:
    """The move is refused, with a rule, and nothing changes."""
    before = (game.record(), [game.view(s) for s in range(game.seats)], game.view(None))
    with pytest.raises(hs.IllegalAction) as error:
        game.act(seat, move)
    assert (game.record(), [game.view(s) for s in range(game.seats)], game.view(None)) == before
    assert error.value.rule and "§" not in error.value.message
    return error.value


def won_by_seat_zero(options: dict | None = None) -> hs.Game:
    game = scripted(HANDS, WIDOW, options=options)
    auction(game, 175_000, None, None, None)
    return game


def ready_to_play(options: dict | None = None, trump: str = "yellow") -> hs.Game:
    game = won_by_seat_zero(options)
    for card in ("G1", "G2", "G3"):
        act(game, {"discard": card})
    act(game, {"trump": trump})
    return game


class TestDealAndDeck:
    def test_the_deck_has_55_cards_and_400000_in_money(self):
        deck = deck_for(4)
        assert sum(deck.values()) == 55 and "R6" not in deck
        assert sum(trick_value([card]) * count for card, count in deck.items()) == 400_000

    def test_double_decks_drop_the_ones_to_deal_evenly(self):
        assert sum(deck_for(8).values()) == 107 and deck_for(8)["Y1"] == 1 and deck_for(8)["K1"] == 2
        assert sum(deck_for(6).values()) == 105 and deck_for(6)["Y1"] == 0 and deck_for(6)["R1"] == 1

    def test_thirteen_each_and_a_widow_nobody_sees(self):
        game = scripted(HANDS, WIDOW)
        assert game.view(0)["hand_sizes"] == [13, 13, 13, 13]
        assert sorted(game.view(1)["hand"]) == sorted(HANDS[1])
        assert all(game.view(seat)["widow"] is None for seat in (None, 0, 1, 2, 3))
        assert game.to_act == (0,)  # the dealer (seat 4) has seat 1 on the left

    def test_a_card_not_left_cannot_be_dealt(self):
        game = hs.new_game("make_a_million", seats=4, seed=1, auto_chance=False)
        game.apply_chance("R40")
        with pytest.raises(hs.IllegalAction):
            game.apply_chance("R40")


class TestAuction:
    def test_rulebook_example_y_wins_at_220000(self):
        # A opens 175, Z 190, B passes, Y 200, A 210, Z passes, Y 220, A passes (§1.5).
        game = scripted(HANDS, WIDOW)
        auction(game, 175_000, 190_000, None, 200_000, 210_000, None, 220_000, None)
        view = game.view(3)
        assert view["bidder"] == 3 and view["bid"] == 220_000 and view["phase"] == "discard"
        assert view["widow"] == ["G4", "G3", BEAR] and len(view["hand"]) == 16
        assert game.view(0)["widow"] is None and game.view(1)["widow"] is None

    def test_opening_below_175000_is_refused(self):
        error = refused(scripted(HANDS, WIDOW), 0, {"bid": 170_000})
        assert error.code == "bid_too_low" and "A-1" in error.rule

    def test_a_raise_of_less_than_10000_is_refused(self):
        game = scripted(HANDS, WIDOW)
        auction(game, 175_000)
        assert refused(game, 1, {"bid": 180_000}).code == "bid_too_low"

    def test_bids_go_in_5000_steps_and_not_above_the_money(self):
        game = scripted(HANDS, WIDOW)
        assert refused(game, 0, {"bid": 187_000}).code == "bid_step"
        assert refused(game, 0, {"bid": 405_000}).code == "bid_too_high"
        game.act(0, {"bid": 235_000})  # any multiple of $5,000, not only the listed ones
        assert game.view(1)["min_bid"] == 245_000

    def test_a_raise_option_of_20000(self):
        game = scripted(HANDS, WIDOW, options={"raise_step": 20_000})
        auction(game, 175_000)
        assert refused(game, 1, {"bid": 190_000}).code == "bid_too_low"
        game.act(1, {"bid": 195_000})

    def test_a_pass_is_final(self):
        game = scripted(HANDS, WIDOW)
        auction(game, None, 175_000, None, 185_000)
        assert game.to_act == (1,)  # seat 0 passed and is skipped
        assert game.view(0)["passed"] == [True, False, True, False]

    def test_all_pass_throws_the_hand_in_and_the_next_dealer_deals(self):
        game = scripted(HANDS, WIDOW)
        auction(game, None, None, None, None)
        view = game.view(None)
        assert view["phase"] == "deal" and view["dealer"] == 0 and view["history"][0]["all_passed"]
        assert game.view(None)["scores"] == [0, 0]


class TestWidowAndDiscard:
    def test_animals_may_never_be_discarded(self):
        game = won_by_seat_zero()
        assert refused(game, 0, {"discard": BEAR}).code == "animal_discard"

    def test_money_only_when_no_number_card_is_left(self):
        game = won_by_seat_zero()
        assert refused(game, 0, {"discard": "Y40"}).code == "money_discard"

    def test_discarded_money_is_shown_to_everyone(self):
        hand = ["R40", "R30", "R15", "R10", "R5", "Y40", "Y30", "Y15", "Y10", "Y5", "K40", "K30", "K15"]
        game = scripted([hand], ["G40", "G30", TIGER])
        auction(game, 175_000, None, None, None)
        act(game, {"discard": "R5"})
        assert game.view(2)["money_discarded"] == ["R5"] and game.view(2)["discards"] is None
        assert game.view(0)["discards"] == ["R5"]

    def test_the_widow_shown_to_all_as_an_option(self):
        game = won_by_seat_zero({"widow": "everyone"})
        assert game.view(2)["widow"] == ["G4", "G3", BEAR] and game.view(None)["widow"] == ["G4", "G3", BEAR]

    def test_trump_may_be_discarded(self):
        game = won_by_seat_zero()
        for card in ("R1", "R2", "R4"):
            act(game, {"discard": card})
        act(game, {"trump": "red"})
        assert game.view(0)["trump"] == "red"

    def test_no_trump_only_with_its_option(self):
        game = won_by_seat_zero()
        for card in ("G1", "G2", "G3"):
            act(game, {"discard": card})
        assert refused(game, 0, {"trump": "none_high"}).code == "no_trump_off"


class TestPlay:
    def test_the_bull_trick_worth_80000(self):
        # A leads a low red, Z the red $40,000, B a low red, Y has no red and plays the Bull (§1.8).
        game = ready_to_play()
        play(game, "R2", "R40", "R3", BULL)
        view = game.view(0)
        assert view["trick_complete"] and view["trick_winner"] == 1 and view["tricks_won"] == [0, 1]
        assert game.full_state().captured == [0, 80_000]  # hidden until the deal ends
        assert "captured" not in view and view["history"] == []
        assert game.to_act == (1,)  # the winner leads

    def test_following_colour_is_compulsory(self):
        game = ready_to_play()
        play(game, "R2")
        error = refused(game, 1, {"play": "Y9"})
        assert error.code == "must_follow" and "red" in error.message

    def test_a_void_player_may_trump_and_the_highest_trump_wins(self):
        game = ready_to_play()
        play(game, "R2", "R40", "R3", "Y2")
        assert game.view(0)["trick_winner"] == 3

    def test_the_bull_may_not_be_played_while_one_can_follow(self):
        game = ready_to_play()
        act(game, {"play": "K1"})
        act(game, {"play": "K15"})
        act(game, {"play": "K10"})
        assert refused(game, 3, {"play": BULL}).code == "animal_follow"

    def test_the_bull_and_bear_are_not_led_while_other_cards_are_held(self):
        game = ready_to_play()
        assert refused(game, 0, {"play": BEAR}).code == "animal_lead"

    def test_a_card_not_held_is_refused(self):
        game = ready_to_play()
        assert refused(game, 0, {"play": "R40"}).code == "not_in_hand"

    def test_the_tiger_led_calls_for_trumps_and_must_be_played_as_the_only_trump(self):
        state = MillionState(4, MillionOptions())
        state.phase, state.trump, state.turn = "play", "yellow", 1
        state.hands = [["Y40"], [TIGER, "R5"], ["Y3"], ["K2"]]
        state.trick, state.trick_colour = [(0, "Y40")], "yellow"
        assert state.playable(1) == [TIGER]  # the Tiger counts as a trump (§1.8)

    def test_the_tiger_led_sets_the_trump_colour(self):
        state = MillionState(4, MillionOptions())
        state.phase, state.trump, state.turn = "play", "green", 0
        state.hands = [[TIGER, "R3"], ["G2", "R40"], ["R5"], ["K2"]]
        state._do_play(0, hs.definition("make_a_million").parse_action({"play": TIGER}))
        assert state.trick_colour == "green" and state.playable(1) == ["G2"]

    def test_no_trump_lead_before_trump_is_played_as_an_option(self):
        game = ready_to_play({"trump_lead": "after_trump_played"})
        error = refused(game, 0, {"play": "Y40"})
        assert error.code == "trump_lead" and "A-11" in error.rule
        play(game, "R2", "R40", "R3", "Y2")  # seat 4 trumps: trump has now been played
        assert game.view(0)["trumps_played"]

    def test_tiger_high_and_low_at_no_trump(self):
        state = MillionState(4, MillionOptions(no_trump=True))
        state.no_trump, state.trick_colour = "high", "red"
        assert state.winner_of([(0, "R2"), (1, TIGER), (2, "R40"), (3, "K40")]) == 1
        state.no_trump = "low"
        assert state.winner_of([(0, "R2"), (1, TIGER), (2, "R40"), (3, "K40")]) == 2


class TestAnimalsAndDuplicates:
    def test_a12_every_stated_case(self):
        money = ["K40", "K30"]
        assert trick_value([*money, BULL]) == 140_000
        assert trick_value([*money, BULL, BEAR]) == 0
        assert trick_value([*money, BEAR, BULL]) == 140_000
        assert trick_value([*money, BULL, BULL]) == 280_000
        assert trick_value([*money, BULL, BULL, BEAR]) == 0
        assert trick_value([*money, BULL, BEAR, BULL]) == 280_000

    def test_the_eight_player_trick_worth_280000(self):
        # Black $40,000 led; W low; B Bull; X Bear; C low; Y black $30,000; D Bull; Z low (§1.12).
        trick = ["K40", "K2", BULL, BEAR, "K3", "K30", BULL, "K4"]
        state = MillionState(8, MillionOptions())
        state.trump, state.trick_colour = "red", "black"
        assert trick_value(trick) == 280_000
        assert state.winner_of(list(enumerate(trick))) == 0  # A wins it

    def test_the_six_player_duplicate_later_copy_wins(self):
        # A yellow $40,000, X yellow $10,000, B low, Y the other yellow $40,000, C low, Z yellow $30,000.
        state = MillionState(6, MillionOptions())
        state.trump, state.trick_colour = "red", "yellow"
        trick = list(enumerate(["Y40", "Y10", "Y2", "Y40", "Y3", "Y30"]))
        assert state.winner_of(trick) == 3
        assert trick_value([card for _s, card in trick]) == 120_000

    def test_the_later_tiger_wins_too(self):
        state = MillionState(8, MillionOptions())
        state.trump, state.trick_colour = "red", "red"
        assert state.winner_of([(0, TIGER), (1, "R40"), (2, TIGER), (3, "R2")]) == 2


class TestScoring:
    def _scored(self, bid: int, captured: list[int], bidder: int = 1) -> MillionState:
        state = MillionState(4, MillionOptions())
        state.bidder, state.bid, state.captured = bidder, bid, captured
        state._score_deal()
        return state

    def test_the_260000_made_bid(self):
        # Z bids $240,000; Y-Z take $200,000 plus a Bull trick of $30,000, doubled: $260,000 (§1.9).
        captured = 200_000 + trick_value(["R30", BULL])
        state = self._scored(240_000, [80_000, captured])
        assert state.scores() == [80_000, 260_000]

    def test_a_side_short_of_its_bid_is_set_back(self):
        state = self._scored(240_000, [170_000, 230_000])
        assert state.scores() == [170_000, -240_000]
        assert state.history[-1]["made"] is False and state.ledger.total == 0

    def test_first_to_a_million_wins(self):
        state = MillionState(4, MillionOptions())
        state.ledger.transfer("bank", account(0), 900_000)
        state.bidder, state.bid, state.captured = 0, 175_000, [180_000, 220_000]
        state._score_deal()
        assert state.is_over() and state.result()["winners"] == [0, 2]

    def test_both_past_a_million_the_higher_wins(self):
        state = MillionState(4, MillionOptions())
        state.ledger.transfer("bank", account(0), 900_000)
        state.ledger.transfer("bank", account(1), 850_000)
        state.bidder, state.bid, state.captured = 0, 175_000, [180_000, 220_000]
        state._score_deal()
        assert state.scores() == [1_080_000, 1_070_000] and state.result()["winners"] == [0, 2]

    def test_an_exact_tie_goes_to_the_bidding_side(self):
        state = MillionState(4, MillionOptions())
        state.ledger.transfer("bank", account(0), 900_000)
        state.ledger.transfer("bank", account(1), 880_000)
        state.bidder, state.bid, state.captured = 1, 200_000, [200_000, 220_000]
        state._score_deal()
        assert state.scores() == [1_100_000, 1_100_000] and state.result()["winners"] == [1, 3]


class TestTheEnd:  # §1.10
    @staticmethod
    def _scored(state: MillionState, bidder: int, bid: int, captured: list[int]) -> None:
        state.bidder, state.bid, state.captured = bidder, bid, list(captured)
        state._score_deal()

    def _set_back_in_turn(self, state: MillionState, deals: int, first: int = 0) -> None:
        """Seats 1 and 2 bid $175,000 in turn and take only $150,000; the other side takes $250,000."""
        for deal in range(first, first + deals):
            bidder = deal % 2
            captured = [150_000, 250_000] if bidder == 0 else [250_000, 150_000]
            self._scored(state, bidder, 175_000, captured)

    def test_the_game_goes_on_past_eight_deals_until_a_side_reaches_a_million(self):
        state = MillionState(4, MillionOptions())
        self._set_back_in_turn(state, 9)
        # Seats 1 and 3 bid five times (-$875,000) and took $250,000 four times: $125,000;
        # seats 2 and 4 bid four times (-$700,000) and took $250,000 five times: $550,000.
        assert state.scores() == [125_000, 550_000]
        assert not state.is_over() and state.deals == 9 and state.phase == "deal"
        # The tenth deal: seats 2 and 4 bid $300,000 and take $450,000 (a Bull trick doubled).
        self._scored(state, 1, 300_000, [50_000, 450_000])
        assert state.scores() == [175_000, 1_000_000]
        assert state.is_over() and state.result()["winners"] == [1, 3] and state.result()["deals"] == 10

    def test_a_deal_limit_set_as_an_option_ends_the_game_after_that_many_deals(self):
        state = MillionState(4, MillionOptions(hand_limit=8))
        self._set_back_in_turn(state, 7)
        assert not state.is_over()
        self._set_back_in_turn(state, 1, first=7)
        # $300,000 each after eight deals: the higher score wins, and an exact tie goes to the
        # side that won the bid in the last hand: seats 2 and 4.
        assert state.scores() == [300_000, 300_000]
        assert state.is_over() and state.result()["winners"] == [1, 3]

    def test_no_deal_limit_is_the_default_and_random_play_is_bounded_by_eight_deals(self):
        definition = hs.definition("make_a_million")
        spec = next(spec for spec in definition.option_specs if spec.name == "hand_limit")
        assert spec.default is None and MillionOptions().hand_limit is None
        assert spec.label(None) == "no limit" and spec.choices[0] is None
        # Random play (the kit, the benches, the research faces) takes a limit of eight deals
        # for the option left at its default, and a limit the table chose stays.
        assert definition.bounded_options({}) == {"hand_limit": 8}
        assert definition.bounded_options({"hand_limit": 4}) == {"hand_limit": 4}
        with pytest.raises(ValueError, match="hand_limit"):
            hs.new_game("make_a_million", seats=4, options={"hand_limit": 0})


class TestMisdeal:
    def test_a_poor_hand_may_call_for_a_new_deal_by_the_same_dealer(self):
        poor = ["R1", "R2", "R3", "R4", "R7", "Y1", "Y2", "Y3", "Y4", "K1", "K2", "K3", "R5"]
        game = scripted([poor], options={"misdeal": True})
        assert {str(a) for a in game.legal_actions(0)} == {"play this deal", "call a misdeal"}
        act(game, {"redeal": True})
        view = game.view(None)
        assert view["phase"] == "deal" and view["dealer"] == 3

    def test_a_rich_hand_may_not(self):
        game = scripted(HANDS, WIDOW, options={"misdeal": True})
        assert refused(game, 0, {"redeal": True}).code == "no_misdeal"


class TestSecrecyAndCounts:
    def test_resampled_worlds_keep_what_the_seat_saw_and_the_voids(self):
        game = ready_to_play()
        play(game, "R2", "R40", "R3", BULL)  # seat 4 showed it has no red
        for seed in range(20):
            world = game.sample_world(0, random.Random(seed))
            assert world.view(0) == game.view(0)
            assert not any(card.startswith("R") for card in world.full_state().hands[3])

    @staticmethod
    def _first_deal_played_out(options: dict) -> hs.Game:
        """Seat 1 bids $175,000, takes the widow (the Bear, green 4, green 3), discards green 1, 2
        and 3 and names yellow; the deal is played out with the first card allowed each time."""
        game = ready_to_play(options)
        while not game.view(None)["history"]:
            (seat,) = game.to_act
            game.act(seat, game.legal_actions(seat)[0])
        return game

    def test_the_widow_stays_hidden_from_the_other_seats_after_the_deal_until_the_game_ends(self):
        game = self._first_deal_played_out({"hand_limit": 4})
        (logged,) = game.view(0)["history"]
        assert logged["widow"] == ["G4", "G3", BEAR] and logged["discards"] == ["G1", "G2", "G3"]
        for seat in (None, 1, 2, 3):
            (seen,) = game.view(seat)["history"]
            assert seen["widow"] is None and seen["discards"] is None
            # The Money each side took, what the deal scored and the scores stay public.
            assert {key: seen[key] for key in ("bidder", "bid", "captured", "made", "scored", "scores")} \
                == {key: logged[key] for key in ("bidder", "bid", "captured", "made", "scored", "scores")}
            assert seen["money_discarded"] == []
        # The fourth deal ends the game (the limit is four deals): the whole log is shown.
        rng = random.Random(2)
        while not game.is_over:
            if game.is_chance:  # a scripted game deals when told
                game.apply_chance(rng.choice(game.chance_outcomes())[0])
                continue
            seat = game.to_act[0]
            game.act(seat, rng.choice(game.legal_actions(seat)))
        for seat in (None, 0, 1, 2, 3):
            assert game.view(seat)["history"][0] == logged

    def test_a_money_discard_stays_shown_in_the_log(self):  # §1.6, A-19
        hand = ["R40", "R30", "R15", "R10", "R5", "Y40", "Y30", "Y15", "Y10", "Y5", "K40", "K30", "K15"]
        game = scripted([hand], ["G40", "G30", TIGER])
        auction(game, 175_000, None, None, None)
        for card in ("R5", "Y5", "K15"):
            act(game, {"discard": card})
        act(game, {"trump": "green"})
        while not game.view(None)["history"]:
            (seat,) = game.to_act
            game.act(seat, game.legal_actions(seat)[0])
        (seen,) = game.view(2)["history"]
        assert seen["money_discarded"] == ["R5", "Y5", "K15"] and seen["discards"] is None

    def test_with_the_widow_shown_to_all_it_stays_shown_in_the_log(self):
        game = self._first_deal_played_out({"widow": "everyone"})
        for seat in (None, 1, 2, 3):
            (seen,) = game.view(seat)["history"]
            assert seen["widow"] == ["G4", "G3", BEAR] and seen["discards"] is None

    def test_worlds_resampled_for_another_seat_deal_the_past_widow_anew(self):  # A-19, §7.2
        game = self._first_deal_played_out({})
        played = Counter(entry["card"] for trick in game.view(None)["previous_tricks"]
                         for entry in trick["cards"])
        by_bidder = Counter(entry["card"] for trick in game.view(None)["previous_tricks"]
                            for entry in trick["cards"] if entry["seat"] == 0)
        unplayed = deck_for(4) - played
        assert sorted(unplayed) == sorted(["G1", "G2", "G3"])
        widows = set()
        for seed in range(12):
            world = game.sample_world(2, random.Random(seed))
            assert world.view(2) == game.view(2)
            (entry,) = world.full_state().history
            # The widow went into seat 1's hand: three of the cards it played or discarded; the
            # discards are the cards nobody played.
            assert not Counter(entry["widow"]) - (by_bidder + unplayed)
            assert sorted(entry["discards"]) == sorted(unplayed.elements())
            widows.add(tuple(entry["widow"]))
        assert len(widows) > 1
        # The bidder saw its widow: its worlds keep it.
        worlds = [game.sample_world(0, random.Random(seed)) for seed in range(4)]
        assert all(world.full_state().history[0]["widow"] == ["G4", "G3", BEAR] for world in worlds)

    def test_a_widow_leaked_into_the_log_would_show_in_a_resampled_world(self, monkeypatch):
        """The kit's secrecy check compares a seat's view of the game and of worlds resampled for
        it: since those worlds deal the past widow anew, a view that showed it would differ."""
        game = self._first_deal_played_out({})
        monkeypatch.setattr(MillionState, "_logged_deal", lambda self, entry, seat: dict(entry))
        assert any(game.sample_world(2, random.Random(seed)).view(2) != game.view(2) for seed in range(6))

    def test_card_counts_are_constant_over_many_random_games(self):
        deck = deck_for(4)
        for seed in range(300):
            game = hs.new_game("make_a_million", seats=4, seed=seed, options={"hand_limit": 4})
            rng = random.Random(seed)
            while not game.is_over:
                state = game.full_state()
                if state.phase == "play":
                    held = Counter(card for hand in state.hands for card in hand)
                    played = Counter(e["card"] for t in state.tricks for e in t["cards"])
                    if not state.trick_complete:
                        played.update(card for _s, card in state.trick)
                    assert held + played + Counter(state.discards) == deck
                seat = game.to_act[0]
                game.act(seat, rng.choice(game.legal_actions(seat)))
            assert game.money_total == 0


def test_the_rule_of_thumb_bot_beats_random():
    rules, rand = RuleOfThumbBot(), RandomBot()
    margin = []
    for seed in range(200):
        game = hs.new_game("make_a_million", seats=4, seed=seed, options={"hand_limit": 4})
        rng = random.Random(seed)
        side = seed % 2
        while not game.is_over:
            seat = game.to_act[0]
            bot = rules if seat % 2 == side else rand
            game.act(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
        scores = game.result()["side_scores"]
        margin.append(scores[side] - scores[1 - side])
    assert sum(margin) / len(margin) > 500_000
    assert sum(m > 0 for m in margin) >= 180
