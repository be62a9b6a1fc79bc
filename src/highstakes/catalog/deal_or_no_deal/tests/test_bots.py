"""Deal or No Deal bots: always legal, and each model's arithmetic on hand-computed boards.

Hand-built positions start from a real view and replace only what the position is about
(the board, the round, the offer), so they have every key a real view has.
"""

from __future__ import annotations

import itertools
import math
import random
import sys
from typing import Any

import pytest

import highstakes as hs
from highstakes.bots import Bot, available_bots, make_bot, play_out
from highstakes.catalog.deal_or_no_deal import analysis, bots
from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.bankers import (
    SPREAD,
    TV_FIRST_SHARE,
    TV_RHO,
    TV_SCHEDULE,
    GuideBanker,
    TvBanker,
    tv_schedule,
)
from highstakes.catalog.deal_or_no_deal.contestants import CrraContestant, EvContestant
from highstakes.catalog.deal_or_no_deal.guessers import EvGuesser
from highstakes.catalog.deal_or_no_deal.money import DOLLAR, FREE_GUESS_PRIZE, MAX_OFFER, US_VALUES
from highstakes.catalog.deal_or_no_deal.rules import round_amount
from highstakes.engine.action import JSON, Action

PRESETS = ["guide-ev", "guide-crra", "tv-ev", "tv-crra"]
AMOUNT_KINDS = ("offer", "counter")


class LegalityChecked:
    """Wraps a bot and fails the test the moment it returns a move it may not make.

    A bot may leave the menu only for an offer or counter amount, of a kind on the menu now;
    the engine's own check of the amount follows when the move is played.
    """

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        action = self.bot.choose(view, legal, rng)
        if action not in legal:
            where = (self.name, action, view["phase"])
            assert isinstance(action, Move) and action.kind in AMOUNT_KINDS, where
            assert any(isinstance(move, Move) and move.kind == action.kind for move in legal), where
            assert action.amount is not None and 1 <= action.amount <= MAX_OFFER
        self.decisions += 1
        return action


def position(
    left: list[int], round_number: int, phase: str = "respond", offer: int | None = None, **extra: Any
) -> dict[str, JSON]:
    """A view of a party game at a hand-chosen board (``left``: the values in play, cents)."""
    view = hs.new_game("deal_or_no_deal", seats=3, seed=1).view(0)
    view.update(
        phase=phase,
        round=round_number,
        board=[{"value": value, "in_play": True} for value in sorted(left)],
        mean_in_play=round(sum(left) / len(left)),
        offer=offer,
        offers=[{"round": round_number, "offers": [offer] if offer else [], "counters": [], "outcome": None}],
    )
    view.update(extra)
    return view


RESPOND_LEGAL: list[Action] = [Move("deal"), Move("no_deal"), Move("counter", MAX_OFFER)]


# --------------------------------------------------------------------------------------
# The registry and legality
# --------------------------------------------------------------------------------------
def test_presets_are_registered_weakest_first() -> None:
    assert [info.name for info in bots.BOTS] == PRESETS
    assert list(available_bots("deal_or_no_deal")) == ["random", *PRESETS]
    for info in bots.BOTS:
        name, bot = info.name, info.make()
        assert bot.name == name
        assert isinstance(bot, bots.DealBot)
        assert bot.banker.name == name.split("-")[0] and bot.contestant.name == name.split("-")[1]


@pytest.mark.parametrize("name", [*PRESETS, "mixed"])
def test_bots_only_play_legal_moves(name: str) -> None:
    """Fifty matches a bot: 2 to 6 seats, both offer timings, both round-10 guess rules."""
    every = ["random", *PRESETS]
    for seed in range(50):
        seats = 2 + seed % 5
        names = [every[(seed + seat) % len(every)] for seat in range(seats)] if name == "mixed" else [name]
        options = {"offer_timing": ("single", "literal")[seed % 2],
                   "round10_guess": ("any", "keep_only")[seed // 2 % 2]}
        game = hs.new_game("deal_or_no_deal", seats=seats, seed=seed, options=options)
        players = [LegalityChecked(make_bot("deal_or_no_deal", names[seat % len(names)]))
                   for seat in range(seats)]
        play_out(game, players, random.Random(seed))
        assert game.is_over
        assert len(game.result()["games"]) == (2 if seats == 2 else seats)


# --------------------------------------------------------------------------------------
# Bankers
# --------------------------------------------------------------------------------------
def test_tv_schedule_follows_the_recurrence_and_rises_to_one() -> None:
    expected = [TV_FIRST_SHARE]
    for r in range(1, 10):
        expected.append(expected[-1] + (1 - expected[-1]) * TV_RHO ** (9 - r))
    assert pytest.approx(expected) == TV_SCHEDULE
    assert TV_SCHEDULE[-1] == 1.0
    assert all(a < b for a, b in itertools.pairwise(TV_SCHEDULE))
    assert 0.11 <= TV_SCHEDULE[0] <= 0.15
    banker = TvBanker(first_share=0.2, rho=0.5)
    assert [banker.share(r) for r in range(1, 11)] == list(tv_schedule(0.2, 0.5))
    assert banker.share(10) == 1.0


def test_guide_banker_offers_the_mean_within_the_spread() -> None:
    left = [100 * DOLLAR, 50_000 * DOLLAR, 200_000 * DOLLAR]  # mean $83,366.67
    view = position(left, 5, phase="offer")
    mean = sum(left) / 3
    offers = {GuideBanker().offer(view, random.Random(seed)).amount for seed in range(200)}
    assert len(offers) > 10  # spread, not a fixed amount
    for amount in offers:
        assert amount is not None
        assert mean * (1 - SPREAD) - 50 * DOLLAR <= amount <= mean * (1 + SPREAD) + 50 * DOLLAR
        assert amount % (100 * DOLLAR) == 0  # rounded to $100s above $10,000


def test_tv_banker_offers_its_share_of_the_mean() -> None:
    view = position(list(US_VALUES), 1, phase="offer")
    mean = sum(US_VALUES) / len(US_VALUES)
    for seed in range(50):
        amount = TvBanker().offer(view, random.Random(seed)).amount
        assert amount is not None
        assert abs(amount / mean - TV_FIRST_SHARE) <= TV_FIRST_SHARE * SPREAD + 0.001


def test_banker_answers_counters() -> None:
    left = [10_000 * DOLLAR, 90_000 * DOLLAR]  # mean $50,000; the TV model offers it in round 10
    banker = TvBanker()
    near = position(left, 10, phase="counter", offer=48_000 * DOLLAR, counter=50_000 * DOLLAR)
    assert banker.answer_counter(near) == Move("accept")
    # Above the mean: met halfway, but never beyond the mean.
    high = position(left, 10, phase="counter", offer=48_000 * DOLLAR, counter=60_000 * DOLLAR)
    assert banker.answer_counter(high) == Move("offer", 50_000 * DOLLAR)
    early = position(left, 1, phase="counter", offer=6_000 * DOLLAR, counter=7_000 * DOLLAR)
    assert banker.answer_counter(early) == Move("offer", 6_500 * DOLLAR)  # b_1 × $50,000 × 1.1 = $6,600
    absurd = position(left, 1, phase="counter", offer=6_000 * DOLLAR, counter=40_000 * DOLLAR)
    assert banker.answer_counter(absurd) == Move("stand")
    at_limit = position(left, 10, phase="counter", offer=50_000 * DOLLAR, counter=55_000 * DOLLAR)
    assert banker.answer_counter(at_limit) == Move("stand")


# --------------------------------------------------------------------------------------
# Contestants
# --------------------------------------------------------------------------------------
def test_ev_contestant_takes_an_offer_above_the_mean_and_refuses_one_far_below() -> None:
    left = list(US_VALUES)
    mean = sum(left) / len(left)
    ev = EvContestant()
    above = position(left, 4, offer=round_amount(mean * 1.02))
    assert ev.respond(above, RESPOND_LEGAL) == Move("deal")
    below = position(left, 4, offer=round_amount(mean * 0.3))
    assert ev.respond(below, RESPOND_LEGAL) == Move("no_deal")
    final = position([DOLLAR, 1_000_000 * DOLLAR], 10, offer=400_000 * DOLLAR)
    assert ev.certainty_equivalent(final) == pytest.approx(500_000.005 * DOLLAR)
    assert ev.respond(final, RESPOND_LEGAL).kind != "deal"


def test_ev_contestant_expects_a_banker_who_offers_above_the_mean_to_go_on_doing_so() -> None:
    left = list(US_VALUES)
    mean = sum(left) / len(left)
    view = position(left, 2, offer=round(mean * 1.2))
    assert EvContestant().certainty_equivalent(view) == pytest.approx(round(mean * 1.2))


def test_crra_takes_a_sure_offer_below_the_mean_that_ev_refuses() -> None:
    # Round 10, $100 and $10,000 left; with ρ = 1/2 and no wealth offset the certainty
    # equivalent is ((√$100 + √$10,000) / 2)² = (10 + 100)² / 4 dollars = $3,025.
    view = position([100 * DOLLAR, 10_000 * DOLLAR], 10, offer=4_000 * DOLLAR)
    crra = CrraContestant(risk_aversion=0.5, wealth=0)
    assert crra.certainty_equivalent(view) == pytest.approx(3_025 * DOLLAR)
    assert crra.respond(view, RESPOND_LEGAL) == Move("deal")
    assert EvContestant().respond(view, RESPOND_LEGAL).kind != "deal"  # $4,000 < the mean, $5,050
    # The default wealth offset of $25,000 makes it less cautious, but still below the mean.
    default = CrraContestant()
    w = 25_000
    expected = ((math.sqrt(100 + w) + math.sqrt(10_000 + w)) / 2) ** 2 - w
    assert default.certainty_equivalent(view) == pytest.approx(expected * DOLLAR)
    assert 3_025 < expected < 5_050


def test_crra_looks_one_offer_ahead() -> None:
    # Round 8, three values left: round 9 opens one case, then the final offer at the mean of
    # the two left, which a risk-averse contestant prefers to their gamble. Refusing now is
    # worth the average utility of the three possible final offers.
    left = [100 * DOLLAR, 400 * DOLLAR, 1_600 * DOLLAR]
    view = position(left, 8, offer=100 * DOLLAR)
    pair_means = [(a + b) / 2 for a, b in ((100, 400), (100, 1_600), (400, 1_600))]
    expected = (sum(math.sqrt(m * DOLLAR) for m in pair_means) / 3) ** 2
    crra = CrraContestant(risk_aversion=0.5, wealth=0)
    assert crra.certainty_equivalent(view) == pytest.approx(expected)


def test_crra_is_deterministic_and_quick_on_a_full_board() -> None:
    view = position(list(US_VALUES), 1, offer=15_000 * DOLLAR)
    crra = CrraContestant()
    assert crra.certainty_equivalent(view) == crra.certainty_equivalent(view)
    assert crra.respond(view, RESPOND_LEGAL) == Move("no_deal")


def test_contestant_counters_a_little_below_and_takes_a_reply_worth_its_certainty_equivalent() -> None:
    left = [100 * DOLLAR, 10_000 * DOLLAR]
    ev = EvContestant()  # refusing is worth the mean, $5,050
    close = position(left, 10, offer=4_500 * DOLLAR)
    move = ev.respond(close, RESPOND_LEGAL)
    assert move == Move("counter", 5_325 * DOLLAR)  # $5,050 + ($5,050 − $4,500) / 2
    no_counters = [Move("deal"), Move("no_deal")]
    assert ev.respond(close, no_counters) == Move("no_deal")
    far = position(left, 10, offer=2_000 * DOLLAR)
    assert ev.respond(far, RESPOND_LEGAL) == Move("no_deal")
    reply = position(left, 10, offer=5_100 * DOLLAR)
    assert ev.respond(reply, RESPOND_LEGAL) == Move("deal")


# --------------------------------------------------------------------------------------
# Guessers
# --------------------------------------------------------------------------------------
def guess_legal(left: list[int], free: bool = True, paid: bool = True) -> list[Action]:
    moves: list[Action] = [Move("no_guess")]
    moves += [Move("guess", v) for v in left] if free else []
    moves += [Move("paid_guess", v) for v in left] if paid else []
    return moves


def test_guesser_pays_when_the_best_paid_guess_beats_the_free_one() -> None:
    left = [DOLLAR, 100 * DOLLAR, 10_000 * DOLLAR, 1_000_000 * DOLLAR]
    view = position(left, 1, phase="guess", price=5_000 * DOLLAR, spendable=[125_000 * DOLLAR] * 3)
    advice = EvGuesser().advise(view, guess_legal(left))
    assert advice.free_ev == pytest.approx(FREE_GUESS_PRIZE / 4)  # $1,250
    assert advice.paid_ev == pytest.approx((250_000 - 5_000) * DOLLAR)  # $1,000,000 / 4 − $5,000
    assert advice.move == Move("paid_guess", 1_000_000 * DOLLAR)


def test_guesser_takes_the_free_guess_when_paying_is_worse_or_over_budget() -> None:
    small = [DOLLAR, 100 * DOLLAR, 10_000 * DOLLAR]
    view = position(small, 1, phase="guess", price=5_000 * DOLLAR, spendable=[125_000 * DOLLAR] * 3)
    advice = EvGuesser().advise(view, guess_legal(small))
    assert advice.paid_ev == pytest.approx((10_000 / 3 - 5_000) * DOLLAR)  # −$1,666.67
    assert advice.move.kind == "guess"
    rich = [DOLLAR, 1_000_000 * DOLLAR]
    poor = position(rich, 10, phase="final_guess", price=50_000 * DOLLAR, spendable=[150_000 * DOLLAR] * 3)
    assert EvGuesser().advise(poor, guess_legal(rich)).move.kind == "guess"  # $50,000 > 25 % of $150,000
    assert EvGuesser(budget_share=0.5).advise(poor, guess_legal(rich)).move == Move("paid_guess", MAX_OFFER)
    bot_move = EvGuesser().choose(poor, guess_legal(rich), random.Random(3))
    assert bot_move in guess_legal(rich) and bot_move.kind == "guess"


def test_host_guesses_after_a_deal_only_when_a_paid_guess_is_worth_it() -> None:
    host = {"phase": "host_guess", "price": 20_000 * DOLLAR, "spendable": [1_000_000 * DOLLAR] * 3}
    worth_it = [10 * DOLLAR, 300_000 * DOLLAR, 500_000 * DOLLAR]  # $500,000 / 3 − $20,000 > 0
    view = position(worth_it, 4, **host)
    best = Move("paid_guess", 500_000 * DOLLAR)
    assert EvGuesser().advise(view, guess_legal(worth_it, free=False)).move == best
    not_worth = [DOLLAR, 5 * DOLLAR, 50_000 * DOLLAR]  # $50,000 / 3 − $20,000 < 0
    view = position(not_worth, 4, **host)
    advice = EvGuesser().advise(view, guess_legal(not_worth, free=False))
    assert advice.free_ev is None and advice.move == Move("no_guess")


# --------------------------------------------------------------------------------------
# The advisor
# --------------------------------------------------------------------------------------
def test_advisor_for_a_contestant_facing_an_offer() -> None:
    left = [100 * DOLLAR, 10_000 * DOLLAR]
    view = position(left, 10, offer=4_900 * DOLLAR)  # below the mean, above the default CE ($4,845)
    advice = bots.hint(view, RESPOND_LEGAL)
    assert advice["mean"] == pytest.approx(5_050 * DOLLAR)
    assert advice["offer_ratio"] == pytest.approx(4_900 / 5_050)
    assert advice["certainty_equivalent"] == pytest.approx(CrraContestant().certainty_equivalent(view))
    assert advice["action"] == {"deal": True} and advice["label"] == "deal"


def test_advisor_for_a_holder_and_a_host() -> None:
    left = [DOLLAR, 100 * DOLLAR, 10_000 * DOLLAR, 1_000_000 * DOLLAR]
    view = position(left, 1, phase="guess", price=5_000 * DOLLAR, spendable=[125_000 * DOLLAR] * 3)
    advice = bots.hint(view, guess_legal(left))
    assert advice["free_ev"] == pytest.approx(1_250 * DOLLAR)
    assert advice["paid_ev"] == pytest.approx(245_000 * DOLLAR)
    assert advice["action"] == {"paid_guess": 1_000_000 * DOLLAR} and advice["label"]

    host_view = position(left, 3, phase="offer")
    mean = sum(left) / 4
    advice = bots.hint(host_view, [Move("offer", 100)])
    assert advice["guide_offer"] == round_amount(mean)
    assert advice["tv_offer"] == round_amount(TV_SCHEDULE[2] * mean)
    assert advice["action"] == {"offer": advice["tv_offer"]}


def test_advisor_in_a_real_game_always_gives_an_action_and_a_label() -> None:
    game = hs.new_game("deal_or_no_deal", seats=4, seed=7)
    players = [make_bot("deal_or_no_deal", "tv-crra") for _ in range(4)]
    rng = random.Random(7)
    while not game.is_over:
        (seat,) = game.to_act
        view, legal = game.view(seat), game.legal_actions(seat)
        advice = bots.hint(view, legal)
        assert advice["label"]
        game.clone().act(seat, advice["action"])  # the advice is a legal move
        game.act(seat, players[seat].choose(view, legal, rng))
    assert bots.hint(game.view(0), [])["action"] is None


# --------------------------------------------------------------------------------------
# Analysis
# --------------------------------------------------------------------------------------
def test_simulate_summary_shape() -> None:
    run = (6, ["tv-crra", "guide-ev", "tv-ev"], 3, 5, {"offer_timing": "literal"})
    summary = analysis.simulate_summary(*run)
    assert summary["games"] == 6 and summary["seats"] == 3 and summary["version"] == "party"
    assert set(summary["winnings"]) == {"tv-crra", "guide-ev", "tv-ev"}
    for name, stats in summary["winnings"].items():
        assert stats["games"] == 6  # each bot is contestant once a match
        assert stats["min"] <= stats["percentiles"]["50"] <= stats["max"]
        assert sum(summary["deal_rounds"][name].values()) == 6
    assert set(summary["offer_shares"]) == {"tv", "guide"}
    assert summary["offer_shares"]["tv"]["1"]["count"] > 0
    assert summary == analysis.simulate_summary(*run)  # seeded: the same run, the same summary
    text = analysis.format_summary(summary)
    assert "Contestant winnings" in text and "Opening offer" in text and "tv-crra" in text
    with pytest.raises(ValueError, match="one bot per seat"):
        analysis.simulate_summary(1, ["tv-ev", "tv-ev"], 3)


def test_plot_offer_curves(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    summary = analysis.simulate_summary(2, ["tv-crra"], 2)
    path = analysis.plot_offer_curves(tmp_path / "offers.png", summary)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_matplotlib_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # makes the import fail
    with pytest.raises(analysis.PlotUnavailable, match=r'pip install "\.\[plot\]"'):
        analysis.plot_offer_curves(tmp_path / "offers.png")


def test_strongest_preset_depends_on_the_version():
    from highstakes.bots.registry import strongest_bot

    assert strongest_bot("deal_or_no_deal", 2, {"version": "auto"}) == "tv-crra"
    assert strongest_bot("deal_or_no_deal", 4, {"version": "auto"}) == "guide-crra"
    assert strongest_bot("deal_or_no_deal", 3, {"version": "party"}) == "guide-crra"
    assert strongest_bot("greed", 2, {}) == "optimal"  # no hook: the last of its list
