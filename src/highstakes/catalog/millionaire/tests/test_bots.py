"""Millionaire's bots: they answer from their view (their hunch and cards), weigh the ladder and
their lifelines, help or bluff as the option says, and the stronger knower earns more."""

from __future__ import annotations

import random

import pytest

import highstakes as hs
from highstakes.bots import make_bot, play_out
from highstakes.catalog.millionaire.analysis import simulate_summary
from highstakes.catalog.millionaire.bots import (
    BLUFF_RELIABILITY,
    KnowerBot,
    hands,
    misleads,
    vote_reliability,
)
from highstakes.engine.action import JSON, Action


def answers_and_walk(g: hs.Game, seat: int) -> list[Action]:
    return [a for a in g.legal_actions(seat) if set(a.to_json()) & {"answer", "walk"}]


def test_a_blind_guess_at_half_a_million_walks_away() -> None:
    """At $500,000 with no idea: answering is worth 1/4 × $1,000,000 + 3/4 × $32,000 = $274,000."""
    g = hs.new_game("millionaire", 1, seed=2, options={"hunches": "off", "lifelines": "per_game"})
    bot = KnowerBot("knower", 2)
    view = g.view(0)
    view["players"][0]["step"] = 14
    view["level"] = 15
    legal = answers_and_walk(g, 0)
    assert bot.choose(view, legal, random.Random(0)).to_json() == {"walk": True}
    view["your_phone_cards"] = ["C", "C"]  # the friend's card matches the host's: certain now
    assert bot.choose(view, legal, random.Random(0)).to_json() == {"answer": "C"}


def test_an_unsure_bot_spends_the_lifeline_worth_most() -> None:
    """No hunch at $500,000, alone, with both lifelines a single player has (nobody to phone):
    walking is worth $500,000, answering 1/4 × $1,000,000 + 3/4 × $32,000 = $274,000. A 50:50
    leaves two options alike: 1/2 × 1,000,000 + 1/2 × 32,000 = $516,000, a gain of $16,000."""
    g = hs.new_game("millionaire", 1, seed=2, options={"hunches": "off"})
    view = g.view(0)
    view["players"][0]["step"] = 14
    view["level"] = 15
    bot = KnowerBot("knower", 2)
    weighing = bot.weigh(view, g.legal_actions(0), [0.25] * 4)
    assert weighing.walk == 500_000 * 100 and weighing.answer == pytest.approx(274_000 * 100)
    assert set(weighing.gains) == {"fifty", "audience"}
    assert weighing.gains["fifty"] == pytest.approx(16_000 * 100)
    # Three simulated voters (right 30 % each at this level) plus the correct card often show the
    # answer outright: worth more than the 50:50, so that is what the bot spends.
    assert weighing.gains["audience"] > weighing.gains["fifty"]
    assert bot.choose(view, g.legal_actions(0), random.Random(0)).to_json() == {"audience": True}


def test_skill_and_categories_set_how_often_a_bot_knows() -> None:
    strong, weak = KnowerBot("knower-strong", 4), KnowerBot("knower-weak", 1)
    category = next(c for c in ("history", "science", "sport", "music", "film")
                    if c not in strong.weak | weak.strong)
    for level in (1, 8, 15):
        assert strong.knowing_chance(level, category) > weak.knowing_chance(level, category)
    # Falls with the level.
    assert strong.knowing_chance(1, category) > strong.knowing_chance(8, category) > strong.knowing_chance(
        15, category)
    # One clue more in a strong category, one fewer in a weak one.
    assert weak.reads(next(iter(weak.strong))) == 2 and weak.reads(next(iter(weak.weak))) == 0
    assert strong.reads(next(iter(strong.weak))) == 3 and strong.reads(next(iter(strong.strong))) == 4
    # The same categories in every game: they come from the name.
    assert KnowerBot("knower-weak", 1).strong == weak.strong


def test_a_fractional_dial_reads_the_extra_clue_on_that_share_of_questions() -> None:
    bot = KnowerBot("dial", 2.25, favourites=False)
    reads = [bot.clues_for({"category": "history", "text": f"question {n}"}) for n in range(2000)]
    assert set(reads) == {2, 3}
    assert 0.2 < reads.count(3) / len(reads) < 0.3
    # The same question, the same clues, however often the bot is asked.
    assert bot.clues_for({"category": "history", "text": "question 7"}) == reads[7]
    assert bot.knowing_chance(10, "history") == pytest.approx(
        0.75 * KnowerBot("two", 2, favourites=False).knowing_chance(10, "history")
        + 0.25 * KnowerBot("three", 3, favourites=False).knowing_chance(10, "history"))
    with pytest.raises(ValueError, match="skill"):
        KnowerBot("too-keen", 5)


def phoned_view(bluffing: str, **money: int) -> tuple[hs.Game, dict[str, JSON]]:
    """Seat 0 phones seat 1, which holds the hunch DDDD (so it believes D, then A); bots play every seat."""
    g = hs.new_game("millionaire", 3, seed=4, options={"bluffing": bluffing}, bots=[0, 1, 2])
    g.act(0, {"phone": 1})
    view = g.view(1)
    view["your_hunch"] = "DDDD"
    for seat, amount in money.items():
        view["players"][int(seat[-1])]["money"] = amount
    return g, view


def test_a_friend_passes_the_card_it_believes_when_bluffing_is_off() -> None:
    g, view = phoned_view("off")
    assert g.to_act == (1,)  # the round waits on the friend's real decision
    assert not misleads(view, 1, 0)
    card = KnowerBot("knower-strong", 4).choose(view, g.legal_actions(1), random.Random(0))
    assert card.to_json() == {"card": "D"}


def test_a_bot_that_knows_nothing_does_not_always_say_a() -> None:
    """No hunches: every option alike, so its answer and its card fall on every letter."""
    g = hs.new_game("millionaire", 3, seed=4, options={"hunches": "off"})
    view, legal = g.view(0), answers_and_walk(g, 0)
    bot = KnowerBot("knower", 2)
    answers = {bot.choose(view, legal, random.Random(seed)).to_json()["answer"] for seed in range(40)}
    assert answers == {"A", "B", "C", "D"}
    g.act(0, {"phone": 1})
    cards = {bot.choose(g.view(1), g.legal_actions(1), random.Random(seed)).to_json()["card"]
             for seed in range(40)}
    assert cards == {"A", "B", "C", "D"}


def test_a_bluffing_friend_misleads_a_rival_and_helps_a_player_behind() -> None:
    g, view = phoned_view("on")
    # Level at the start: the asker answering right would pass it, so it passes its second choice,
    # one of A, B and C, which it believes alike.
    assert misleads(view, 1, 0)
    bot = KnowerBot("knower-strong", 4)
    legal = g.legal_actions(1)
    cards = {bot.choose(view, legal, random.Random(seed)).to_json()["card"] for seed in range(30)}
    assert cards == {"A", "B", "C"}
    # Far behind it ($0 + $100 against $500,000): no threat, the truth costs it nothing.
    _g, behind = phoned_view("on", seat1=500_000 * 100)
    assert not misleads(behind, 1, 0)
    assert KnowerBot("knower-strong", 4).choose(behind, g.legal_actions(1), random.Random(0)).to_json() == {
        "card": "D"}


def test_an_asker_trusts_a_bluffer_less_only_when_bluffing_is_on() -> None:
    _g, view = phoned_view("on")
    assert vote_reliability(view, 1, 0) == BLUFF_RELIABILITY
    _g, honest = phoned_view("off")
    assert vote_reliability(honest, 1, 0) > 0.5  # an average bot's vote on the first question
    honest["players"][1]["hunches"] = False  # a person, dealt no hunch (WM-5): a guess as good as any
    assert vote_reliability(honest, 1, 0) == 0.5


def test_an_asker_weighs_the_card_of_the_friend_it_phoned() -> None:
    """Bluffing on, three players: seat 2 is far ahead, so it has no reason to mislead seat 0;
    seat 1 starts level with seat 0 and would. Seat 0 phones seat 1: its cards count as a
    bluffer's, whom the view names, not as those of the friend it would trust most."""
    g = hs.new_game("millionaire", 3, seed=4, options={"bluffing": "on"}, bots=[0, 1, 2])
    g.act(0, {"phone": 1})
    g.act(1, {"card": "C"})
    view = g.view(0)
    assert view["your_friend"] == 1 and g.view(1)["your_friend"] is None
    view["players"][2]["money"] = 900_000 * 100
    view["your_phone_cards"] = ["B", "C"]
    assert hands(view, 0) == ([["B", "C"]], [BLUFF_RELIABILITY])
    assert vote_reliability(view, 2, 0) > 0.5  # the friend it did not phone it would have trusted
    view["your_friend"] = 2
    assert hands(view, 0)[1] == [vote_reliability(view, 2, 0)]


def test_players_out_of_the_round_still_vote_as_real_decisions() -> None:
    """Seat 1 walks away on the first question; seat 0 then asks the audience: the round waits for
    seat 1 (out of the round) and seat 2, who are offered the four cards and nothing else."""
    g = hs.new_game("millionaire", 3, seed=5, options={"hunches": "off"})
    state = g.full_state()
    correct = state.question_of(state.question).answer
    letter = "ABCD"[correct]
    g.act(0, {"answer": letter})
    g.act(1, {"walk": True})
    g.act(2, {"answer": letter})
    assert g.view(None)["players"][1]["in_round"] is False
    g.act(0, {"audience": True})
    assert set(g.to_act) == {1, 2}
    for seat in (1, 2):
        assert [a.to_json() for a in g.legal_actions(seat)] == [{"card": c} for c in "ABCD"]
        assert g.view(seat)["asked_of_you"] == {"lifeline": "audience", "asker": 0}
    assert g.legal_actions(0) == []


class PhonesTheLastSeat:
    """Phones the last seat on its first decision, then answers or passes A."""

    name = "phoner"

    def __init__(self) -> None:
        self.phoned = False

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        last = {"phone": len(view["players"]) - 1}
        if not self.phoned and any(action.to_json() == last for action in legal):
            self.phoned = True
            return next(action for action in legal if action.to_json() == last)
        return next(action for action in legal if set(action.to_json().values()) == {"A"})


class AnswersA(PhonesTheLastSeat):
    phoned = True


def test_bots_play_out_a_pass_in_which_a_lifeline_asks_another_seat() -> None:
    """Seats 0, 1 and 2 answer at once; seat 0 phones seat 2, which takes seat 1 off the turn it was
    about to take in the same pass: the loop skips it and lets it answer once the card is passed."""
    g = hs.new_game("millionaire", 3, seed=3, options={"hunches": "off"})
    play_out(g, [PhonesTheLastSeat(), AnswersA(), AnswersA()], random.Random(0))
    assert g.is_over
    for seed in range(3):  # and the knowers, bluffing, lifelines and all
        g = hs.new_game("millionaire", 3, seed=seed, options={"bluffing": "on"})
        play_out(g, [make_bot("millionaire", name) for name in ("knower-weak", "knower", "knower-strong")],
                 random.Random(seed))
        assert g.is_over


def test_the_strong_knower_earns_more_than_the_weak_one() -> None:
    """60 seeded two-seat games, the bots changing seats game by game. Over seeds 0 to 5 the strong
    knower's mean was 6 to 130 times the weak one's and it climbed 3 to 4.6 steps higher: a
    margin of 2 times and 2 steps leaves room for any seed."""
    summary = simulate_summary(60, ["knower-strong", "knower-weak"], seed=0)
    strong, weak = summary["per_bot"]["knower-strong"], summary["per_bot"]["knower-weak"]
    assert strong["mean_winnings"] > 2 * weak["mean_winnings"]
    assert strong["mean_step"] > weak["mean_step"] + 2
