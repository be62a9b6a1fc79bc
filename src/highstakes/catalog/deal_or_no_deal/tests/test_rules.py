"""Deal or No Deal's rules, scenario by scenario, with the case values scripted (RULES.md §3)."""

from __future__ import annotations

import pytest

import highstakes as hs
from highstakes.catalog.deal_or_no_deal.money import US_VALUES
from highstakes.catalog.deal_or_no_deal.tests.helpers import (
    DEAL,
    NO_DEAL,
    NO_GUESS,
    act,
    deal_scripted,
    open_cases,
    refuse_until_final,
    usd,
)


def refused(game: hs.Game, move: dict, seat: int | None = None) -> hs.IllegalAction:
    """Assert the move is refused and changes nothing; return the error."""
    seat = game.to_act[0] if seat is None else seat
    before = (game.record(), [game.view(s) for s in range(game.seats)])
    with pytest.raises(hs.IllegalAction) as error:
        game.act(seat, move)
    assert (game.record(), [game.view(s) for s in range(game.seats)]) == before
    return error.value


def money(game: hs.Game) -> list[int]:
    return game.view(None)["money"]


class TestSetUp:
    def test_us_values(self):
        assert len(US_VALUES) == 26 and sum(US_VALUES) == 341_841_601  # $3,418,416.01
        assert US_VALUES[0] == 1 and US_VALUES[-1] == usd(1_000_000)

    @pytest.mark.parametrize(("seats", "version"), [(2, "duo"), (3, "party"), (6, "party")])
    def test_auto_version(self, seats, version):
        assert hs.new_game("deal_or_no_deal", seats=seats, seed=1).view(None)["version"] == version

    def test_version_must_fit_the_seats(self):
        with pytest.raises(ValueError, match="duo version is for 2 players"):
            hs.new_game("deal_or_no_deal", seats=3, options={"version": "duo"})
        with pytest.raises(ValueError, match="party version is for 3 to 6"):
            hs.new_game("deal_or_no_deal", seats=2, options={"version": "party"})
        with pytest.raises(ValueError, match="2 to 6 players"):
            hs.new_game("deal_or_no_deal", seats=7)

    def test_custom_values(self):
        values = [usd(v) for v in range(1, 27)]
        game = hs.new_game("deal_or_no_deal", seats=2, seed=3, options={"values": list(reversed(values))})
        assert [entry["value"] for entry in game.view(None)["board"]] == values
        for bad in ([1] * 26, [usd(1)] * 25, [0, *values[1:]], "uk"):
            with pytest.raises(ValueError, match="option 'values'"):
                hs.new_game("deal_or_no_deal", seats=2, options={"values": bad})

    def test_filling_is_chance_and_hidden(self):
        game = hs.new_game("deal_or_no_deal", seats=2, seed=1, auto_chance=False)
        assert game.is_chance and len(game.chance_outcomes()) == 26
        game.apply_chance(usd(750))
        assert len(game.chance_outcomes()) == 25 and usd(750) not in [o for o, _ in game.chance_outcomes()]
        with pytest.raises(hs.IllegalAction):
            game.apply_chance(usd(750))  # already placed
        assert all(case["value"] is None for case in game.view(None)["cases"])

    @pytest.mark.parametrize(
        ("seats", "holder_counts", "centre"),
        [(3, {2: 26}, []), (4, {2: 13, 3: 13}, []), (5, {2: 8, 3: 8, 4: 8}, [25, 26]),
         (6, {2: 6, 3: 6, 4: 6, 5: 6}, [25, 26])],
    )
    def test_party_deal_of_cases(self, seats, holder_counts, centre):
        view = deal_scripted(seats).view(None)
        assert view["host"] == 0 and view["contestant"] == 1
        holders = [case["holder"] for case in view["cases"]]
        assert {seat: holders.count(seat) for seat in holder_counts} == holder_counts
        assert [case["case"] for case in view["cases"] if case["holder"] is None] == centre


class TestDuo:
    def test_a_deal_and_the_role_swap(self):
        game = deal_scripted(2)
        assert game.to_act == (1,)  # the contestant picks
        act(game, {"pick": 26})
        open_cases(game, [1, 2, 3, 4, 5, 6])
        view = game.view(None)
        assert view["phase"] == "offer" and game.to_act == (0,) and view["round"] == 1
        assert [b["value"] for b in view["board"] if not b["in_play"]] == list(US_VALUES[:6])
        act(game, {"offer": usd(50_000)})
        act(game, {"counter": usd(100_000)})
        act(game, {"stand": True})
        assert game.view(None)["stood_firm"]
        assert refused(game, {"counter": usd(90_000)}).code == "no_more_counters"
        act(game, DEAL)
        view = game.view(None)
        assert view["winnings"] == [0, usd(50_000)]
        assert view["game_number"] == 2 and view["host"] == 1 and view["contestant"] == 0
        first = view["results"][0]
        assert first["deal"] and first["won"] == usd(50_000) and first["special_value"] == usd(1_000_000)

    def test_nine_offers_then_keep_or_swap(self):
        game = deal_scripted(2)
        act(game, {"pick": 1})  # $0.01
        refuse_until_final(game, list(range(2, 26)))  # leaves case 26 ($1,000,000)
        view = game.view(None)
        assert view["round"] == 10 and [o["round"] for o in view["offers"]] == [1, 2, 3, 4, 5, 6, 7, 8, 10]
        act(game, {"offer": usd(400_000)})
        act(game, NO_DEAL)
        assert game.view(None)["phase"] == "keep_or_swap" and game.to_act == (1,)
        act(game, {"swap": True})
        view = game.view(None)
        assert view["winnings"] == [0, usd(1_000_000)] and view["results"][0]["deal"] is False

    def test_literal_offer_timing_makes_ten_offers(self):
        game = deal_scripted(2, options={"offer_timing": "literal"})
        act(game, {"pick": 1})
        refuse_until_final(game, list(range(2, 26)))
        act(game, {"offer": usd(1)})
        act(game, NO_DEAL)
        assert [o["round"] for o in game.view(None)["offers"]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]

    def test_the_winner_won_more(self):
        game = deal_scripted(2)
        act(game, {"pick": 26})
        open_cases(game, range(1, 7))
        act(game, {"offer": usd(20_000)})
        act(game, DEAL)  # seat 1 wins $20,000
        from highstakes.catalog.deal_or_no_deal.tests.helpers import fill
        fill(game)
        act(game, {"pick": 1})
        open_cases(game, range(2, 8))
        act(game, {"offer": usd(30_000)})
        act(game, DEAL)  # seat 0 wins $30,000
        assert game.is_over
        assert game.result()["scores"] == [usd(30_000), usd(20_000)] and game.result()["winners"] == [0]


class TestNegotiation:
    def start(self) -> hs.Game:
        game = deal_scripted(2)
        act(game, {"pick": 26})
        open_cases(game, range(1, 7))
        act(game, {"offer": usd(10_000)})
        return game

    def test_accepting_a_counter(self):
        game = self.start()
        act(game, {"counter": usd(15_000)})
        assert game.to_act == (0,) and game.view(None)["counter"] == usd(15_000)
        act(game, {"accept": True})
        assert game.view(None)["winnings"][1] == usd(15_000)

    def test_at_most_five_counters(self):
        game = self.start()
        for step in range(5):
            act(game, {"counter": usd(20_000 + step)})
            act(game, {"offer": usd(10_000 + step)})
        error = refused(game, {"counter": usd(30_000)})
        assert error.code == "no_more_counters" and error.rule == "§7.1"
        assert game.view(None)["counters_left"] == 0
        act(game, NO_DEAL)
        assert game.view(None)["round"] == 2 and game.view(None)["phase"] == "call"

    @pytest.mark.parametrize("amount", [0, -5, usd(1_000_000) + 1])
    def test_offer_bounds(self, amount):
        game = deal_scripted(2)
        act(game, {"pick": 26})
        open_cases(game, range(1, 7))
        error = refused(game, {"offer": amount})
        assert error.code == "bad_amount" and "$1,000,000" in error.message

    def test_extreme_offers_allowed(self):
        for amount in (usd(1), usd(1_000_000)):
            game = deal_scripted(2)
            act(game, {"pick": 26})
            open_cases(game, range(1, 7))
            act(game, {"offer": amount})
            assert game.view(None)["offer"] == amount

    def test_offers_and_counters_are_whole_dollars_from_1_to_a_million(self):
        # RULES.md §7.1: "any offer from $1 to $1,000,000 (whole dollars)".
        game = deal_scripted(2)
        act(game, {"pick": 26})
        open_cases(game, range(1, 7))
        for bad in (1, 99, usd(1) + 1, usd(15_000) + 50, usd(1_000_000) + 100, 0, -usd(5)):
            refusal = refused(game, {"offer": bad}, seat=0)
            assert refusal.code == "bad_amount" and "whole dollars" in refusal.message
        act(game, {"offer": usd(10_000)})
        assert refused(game, {"counter": usd(15_000) + 1}).code == "bad_amount"
        act(game, {"counter": usd(15_000)})
        assert game.view(None)["counter"] == usd(15_000)

    @pytest.mark.parametrize("amount", [10**30, 10**400], ids=["1e30", "1e400"])
    def test_an_absurd_offer_is_refused_in_words_and_changes_nothing(self, amount):
        # The reported case: {"offer": 10**30} raised decimal.InvalidOperation while the refusal
        # was being written. RULES.md §7.1: offers are whole dollars from $1 to $1,000,000.
        game = deal_scripted(2)
        act(game, {"pick": 26})
        open_cases(game, range(1, 7))
        assert [entry["kind"] for entry in game.amount_entries(0)] == ["offer"]
        decisions = game.decision_count
        for kind in ("offer", "counter"):
            if kind == "counter":
                act(game, {"offer": usd(10_000)})
                decisions = game.decision_count
            refusal = refused(game, {kind: amount})
            assert refusal.code == "bad_amount" and refusal.rule == "§7.1"
            assert refusal.message == ("an amount is whole dollars from $1 to $1,000,000; "
                                       "got more than $1,000,000,000,000,000")
            assert game.decision_count == decisions

    @pytest.mark.parametrize("value", [1.5, 100.0, usd(10_000) * 1.0, True, None, float("inf"), float("-inf"),
                                       float("nan"), "abc", "100", [], {}])
    def test_an_offer_that_is_not_a_whole_number_is_refused_in_words(self, value):
        # A float is refused even when it is whole (100.0): JSON's amounts are whole numbers.
        game = deal_scripted(2)
        act(game, {"pick": 26})
        open_cases(game, range(1, 7))
        refusal = refused(game, {"offer": value})
        assert refusal.code == "bad_action" and refusal.rule == "§7.1"
        assert refusal.message == "an offer is a whole number of dollars from $1 to $1,000,000"

    @pytest.mark.parametrize(("move", "words"), [
        ({"open": 10**30}, "cases are numbered 1 to 26"),
        ({"open": 27}, "cases are numbered 1 to 26; there is no case 27"),
        ({"open": 2.0}, "a case is chosen by its number, from 1 to 26"),
        ({"open": True}, "a case is chosen by its number, from 1 to 26"),
    ])
    def test_a_case_number_that_is_not_a_case_is_refused_in_words(self, move, words):
        game = deal_scripted(2)
        act(game, {"pick": 26})
        assert refused(game, move).message == words

    def test_wrong_moves_name_the_phase(self):
        game = deal_scripted(2)
        assert refused(game, {"open": 3}).code == "wrong_move"
        act(game, {"pick": 26})
        assert refused(game, {"open": 26}).code == "own_case"
        assert refused(game, {"open": 27}).code == "no_such_case"
        act(game, {"open": 3})
        assert refused(game, {"open": 3}).code == "already_open"
        assert refused(game, {"offer": usd(5)}, seat=0).code == "not_your_turn"
        for bad in ({"open": "3"}, {"deal": False}, {"open": 1, "deal": True}, {"sell": True}):
            assert refused(game, bad).code == "bad_action"


class TestParty:
    def test_free_and_paid_guesses(self):
        game = deal_scripted(3)  # seat 0 hosts, seat 1 plays, seat 2 holds all 26 cases
        act(game, {"pick": 26})
        act(game, {"open": 5})  # $25
        assert game.view(None)["phase"] == "guess" and game.to_act == (2,)
        act(game, {"guess": usd(25)})  # free and right: $5,000 from the bank
        assert money(game)[2] == usd(1_125_000 + 5_000)
        act(game, {"open": 20})  # $100,000
        act(game, {"paid_guess": usd(100_000)})  # pays $5,000 to the kitty, wins $100,000
        assert money(game)[2] == usd(1_125_000 + 5_000 - 5_000 + 100_000)
        assert game.view(None)["kitty"] == usd(10_000)
        act(game, {"open": 21})  # $200,000
        act(game, {"paid_guess": usd(300_000)})  # wrong: the price is lost to the kitty
        assert money(game)[2] == usd(1_125_000 + 100_000 - 5_000)
        assert game.view(None)["kitty"] == usd(15_000)
        guesses = game.view(None)["guesses"]
        assert [(g["case"], g["right"], g["won"]) for g in guesses] == [
            (5, True, usd(5_000)), (20, True, usd(100_000)), (21, False, 0)
        ]

    def test_guess_must_be_a_value_still_on_the_board(self):
        game = deal_scripted(3)
        act(game, {"pick": 26})
        open_cases(game, [1])
        act(game, {"open": 2})
        error = refused(game, {"guess": 1})  # $0.01 was opened already
        assert error.code == "value_not_in_play" and "D-8" in error.rule

    def test_paid_guesses_need_spendable_cash(self):
        values = list(US_VALUES)
        values[12], values[25] = values[25], values[12]  # $750 in case 26, kept closed
        game = deal_scripted(3, values)
        assert game.view(None)["spendable"] == [usd(1_125_000), usd(125_000), usd(125_000)]
        act(game, {"pick": 26})
        wrong = {"paid_guess": usd(750)}  # the special case's value: every guess is wrong
        open_cases(game, range(1, 7), guess=wrong)  # 6 x $5,000
        act(game, {"offer": usd(1)})
        act(game, NO_DEAL)
        open_cases(game, range(7, 12), guess=wrong)  # 5 x $10,000: $80,000 spent
        act(game, {"offer": usd(1)})
        act(game, NO_DEAL)
        open_cases(game, range(12, 15), guess=wrong)  # 3 x $15,000: $125,000 spent
        assert game.view(None)["spendable"][2] == 0 and money(game)[2] == usd(1_000_000)
        act(game, {"open": 15})
        error = refused(game, wrong)
        assert error.code == "cannot_afford" and "D-10" in error.rule
        assert "paid_guess" not in {m.to_json().__iter__().__next__() for m in game.legal_actions(2)}
        act(game, {"guess": usd(750)})  # a free guess is always possible

    def test_holder_wins_the_kitty_with_750(self):
        game = deal_scripted(3)
        act(game, {"pick": 26})
        act(game, {"open": 13})  # $750, held by seat 2
        act(game, NO_GUESS)
        assert money(game)[2] == usd(1_130_000) and game.view(None)["kitty"] == 0
        act(game, {"open": 1})  # $0.01: the host would win the kitty, but it is empty
        act(game, NO_GUESS)
        assert money(game)[0] == usd(1_125_000)
        kitty_events = [e for e in game.view(None)["log"] if e["event"] == "kitty"]
        assert [(e["seat"], e["card"], e["amount"]) for e in kitty_events] == [
            (2, "holder", usd(5000)), (0, "host", 0)
        ]

    def test_host_wins_the_kitty_with_a_cent(self):
        game = deal_scripted(3)
        act(game, {"pick": 26})
        act(game, {"open": 1})
        act(game, {"paid_guess": usd(5)})  # wrong; the $5,000 price joins the kitty first
        assert money(game)[0] == usd(1_125_000 + 10_000) and game.view(None)["kitty"] == 0

    def test_750_in_the_centre_pays_nobody(self):
        values = list(US_VALUES)
        values[12], values[24] = values[24], values[12]  # $750 into case 25, in the centre
        game = deal_scripted(5, values)
        act(game, {"pick": 1})
        act(game, {"open": 25})
        view = game.view(None)
        assert view["phase"] == "call"  # nobody guesses a centre case
        assert view["kitty"] == usd(5_000) and view["money"][2:] == [usd(1_125_000)] * 3

    def test_the_host_pays_a_deal_then_may_guess_the_special_case(self):
        game = deal_scripted(3)
        act(game, {"pick": 20})  # $100,000
        open_cases(game, range(1, 7))
        act(game, {"offer": usd(60_000)})
        act(game, DEAL)
        assert game.view(None)["phase"] == "host_guess" and game.to_act == (0,)
        assert refused(game, {"guess": usd(100_000)}).code == "host_guess_is_paid"
        act(game, {"paid_guess": usd(100_000)})  # round 1 price: $5,000
        # The host also won the $5,000 kitty when case 1 ($0.01) was opened in round 1.
        assert money(game)[0] == usd(1_125_000 + 5_000 - 60_000 - 5_000 + 100_000)
        assert money(game)[1] == usd(1_125_000 + 60_000)
        view = game.view(None)
        assert view["game_number"] == 2 and view["host"] == 1 and view["contestant"] == 2

    def test_round_ten_holder_guesses_before_the_swap_and_no_cent_kitty(self):
        game = deal_scripted(3)
        act(game, {"pick": 2})  # $1; case 1 ($0.01) will be the last other case
        refuse_until_final(game, list(range(3, 27)))
        kitty = game.view(None)["kitty"]
        act(game, {"offer": usd(1)})
        act(game, NO_DEAL)
        assert game.view(None)["phase"] == "final_guess" and game.to_act == (2,)
        act(game, {"paid_guess": 1})  # $50,000 in round 10; right: wins one cent
        assert game.view(2)["your_guess"]["value"] == 1
        assert game.view(0)["your_guess"] is None and game.view(None)["your_guess"] is None
        assert not any(g["case"] == 1 for g in game.view(0)["guesses"])  # revealed only with the case
        host_before = money(game)[0]
        act(game, {"swap": True})  # takes case 1: $0.01
        view = game.view(None)
        last = view["results"][0]
        assert last["won"] == 1 and not last["deal"]
        # The $0.01 opened in round 10 paid the host no kitty (D-5): the kitty kept the
        # round-10 price, and the host paid only the cent the contestant won.
        assert kitty == 0 and view["kitty"] == usd(50_000)
        assert view["money"][0] == host_before - 1
        assert view["money"][2] == usd(1_125_000 + 5_000 - 50_000) + 1  # the $750 kitty, the guess
        guess = next(g for g in last["guesses"] if g["case"] == 1)
        assert guess["right"] and guess["paid"] and guess["won"] == 1

    def test_keep_only_option(self):
        game = deal_scripted(3, options={"round10_guess": "keep_only"})
        act(game, {"pick": 2})
        refuse_until_final(game, list(range(3, 27)))
        act(game, {"offer": usd(1)})
        act(game, NO_DEAL)
        assert game.view(None)["phase"] == "keep_or_swap"
        act(game, {"keep": True})
        assert game.view(None)["phase"] == "final_guess" and game.to_act == (2,)
        act(game, NO_GUESS)
        assert game.view(None)["results"][0]["won"] == usd(1)

    def test_the_million_bill_is_spendable_once_hosted_and_everyone_hosts_once(self):
        game = hs.new_game("deal_or_no_deal", seats=4, seed=11)
        hosts = []
        while not game.is_over:
            view = game.view(None)
            if not hosts or hosts[-1] != view["host"]:
                hosts.append(view["host"])
                assert view["hosted"][view["host"]] and view["contestant"] == (view["host"] + 1) % 4
            (seat,) = game.to_act
            legal = game.legal_actions(seat)
            deal = [m for m in legal if str(m) == "deal"]
            game.act(seat, deal[0] if deal else legal[0])
        assert hosts == [0, 1, 2, 3]
        assert len(game.result()["games"]) == 4


def test_secrecy_values_hidden_until_opened():
    game = deal_scripted(3)
    act(game, {"pick": 26})
    open_cases(game, [4])
    for seat in (0, 1, 2, None):
        for case in game.view(seat)["cases"]:
            assert (case["value"] is not None) == (case["case"] == 4)


def test_d4_a_special_case_with_750_pays_no_kitty():
    game = deal_scripted(3)
    act(game, {"pick": 13})  # $750, taken from holder 2
    assert game.view(None)["cases"][12]["holder"] is None
    open_cases(game, range(1, 7))
    assert game.view(None)["money"][2] == usd(1_125_000)  # the cent paid the host, not the holder
    kitty_cards = [e["card"] for e in game.view(None)["log"] if e["event"] == "kitty"]
    assert kitty_cards == ["host"]


def test_a_finished_games_log_stays_with_its_result():
    game = deal_scripted(2)
    act(game, {"pick": 26})
    open_cases(game, range(1, 7))
    act(game, {"offer": usd(50_000)})
    act(game, DEAL)
    view = game.view(None)
    assert [e["event"] for e in view["log"]] == ["game"]  # game 2 has begun
    finished = view["results"][0]["log"]
    assert [e["event"] for e in finished][-3:] == ["offer", "deal", "end"]
    assert sum(e["event"] == "open" for e in finished) == 6
