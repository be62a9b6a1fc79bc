"""Millionaire's bots: they answer from their view (their hunch and cards), weigh the ladder, and
the stronger knower wins more."""

from __future__ import annotations

import random
from statistics import mean

import highstakes as hs
from highstakes.catalog.millionaire.bots import KnowerBot, belief, ladder_value


def play(bots: list[KnowerBot], games: int, seed: int) -> list[list[int]]:
    scores = []
    for index in range(games):
        g = hs.new_game("millionaire", len(bots), seed=seed + index)
        rng = random.Random(index)
        while not g.is_over:
            seat = g.to_act[0]
            g.act(seat, bots[seat].choose(g.view(seat), g.legal_actions(seat), rng))
        scores.append(g.result()["scores"])
    return scores


def test_belief_follows_clues_options_and_cards() -> None:
    # No clues, no cards: every option alike; a 50:50 leaves two.
    assert belief("", 0.8, ["A", "B", "C", "D"], []) == [0.25] * 4
    assert belief("", 0.8, ["B", "D"], []) == [0, 0.5, 0, 0.5]
    # One clue for C at 80 %: 0.8 against (0.2 / 3) for each other letter.
    assert round(belief("C", 0.8, list("ABCD"), [])[2], 4) == round(0.8 / (0.8 + 0.2), 4)
    # Phone cards B and B: the friend's card matches the correct one, so B is certain.
    assert belief("", 0.8, list("ABCD"), [["B", "B"]]) == [0, 1, 0, 0]


def test_a_blind_guess_at_half_a_million_walks_away() -> None:
    """At $500,000 with no idea: answering is worth 1/4 × $1,000,000 + 3/4 × $32,000 = $274,000."""
    g = hs.new_game("millionaire", 1, seed=2, options={"hunches": "off", "lifelines": "per_game"})
    bot = KnowerBot("knower", 2)
    view = g.view(0)
    view["players"][0]["step"] = 14
    view["level"] = 15
    legal = [a for a in g.legal_actions(0) if set(a.to_json()) & {"answer", "walk"}]
    assert bot.choose(view, legal, random.Random(0)).to_json() == {"walk": True}
    view["your_phone_cards"] = ["C", "C"]  # certain now
    assert bot.choose(view, legal, random.Random(0)).to_json() == {"answer": "C"}


def test_a_voter_passes_the_card_it_believes() -> None:
    g = hs.new_game("millionaire", 3, seed=4, options={"hunches": "off"}, auto_chance=False)
    g.apply_chance(g.chance_outcomes()[0][0])
    g.act(0, {"phone": 1})
    view = g.view(1)
    view["your_options"] = ["D"]  # as if it were sure of D
    choice = KnowerBot("knower", 2).choose(view, g.legal_actions(1), random.Random(0))
    assert choice.to_json() == {"card": "D"}


def test_the_ladder_value_rises_with_skill() -> None:
    assert ladder_value(0, 0) < ladder_value(1, 0) < ladder_value(4, 0)
    assert ladder_value(4, 14) >= 500_000 * 100


def test_the_strong_knower_wins_more_money_than_the_weak_one() -> None:
    scores = play([KnowerBot("knower-strong", 4), KnowerBot("knower-weak", 1)], games=150, seed=0)
    assert mean(score[0] for score in scores) > 1.5 * mean(score[1] for score in scores)
