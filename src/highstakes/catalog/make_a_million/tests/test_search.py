"""The search bot and the advisor: legal in every variant, reproducible, and advice that can be played."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import highstakes as hs
from highstakes.catalog.make_a_million.advisor import advise, hint
from highstakes.catalog.make_a_million.cards import deck_for
from highstakes.catalog.make_a_million.search import SearchBot, sample_worlds

#: A small budget: legality and reproducibility do not depend on the strength.
QUICK = 400

VARIANTS = [
    (4, {"misdeal": True, "no_trump": True}),
    (4, {"widow": "everyone", "trump_lead": "after_trump_played"}),
    (6, {"no_trump": True}),
    (8, {"trump_lead": "after_trump_played"}),
    (6, {"variant": "silent_partner", "widow": "everyone"}),
    (8, {"variant": "silent_partner", "no_trump": True, "misdeal": True}),
    (3, {"variant": "variation"}),
    (7, {"variant": "variation", "trump_lead": "after_trump_played"}),
    (2, {}), (12, {}),  # the Variation's smallest and largest tables
]


def _play(game: hs.Game, bot: SearchBot, rng: random.Random, decisions: int) -> list[tuple[int, dict]]:
    """Let the bot take every seat for up to ``decisions`` moves; each must be among the legal ones."""
    moves = []
    while not game.is_over and len(moves) < decisions:
        for seat in game.to_act:
            legal = game.legal_actions(seat)
            move = bot.choose(game.view(seat), legal, rng)
            assert move in legal or (move.kind == "bid" and game.refusal(seat, move) is None)
            game.act(seat, move)
            moves.append((seat, move.to_json()))
    return moves


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_the_search_bot_plays_every_variant_legally(seats: int, options: dict) -> None:
    options = {"hand_limit": 4, **options}
    game = hs.new_game("make_a_million", seats=seats, seed=seats, options=options)
    moves = _play(game, SearchBot(QUICK, worlds=4), random.Random(seats), 10_000)
    assert game.is_over and moves


def test_the_search_bot_is_reproducible_from_its_seed() -> None:
    runs = []
    for _ in range(2):
        game = hs.new_game("make_a_million", seats=4, seed=7, options={"hand_limit": 4})
        runs.append(_play(game, SearchBot(QUICK, worlds=4), random.Random(11), 120))
    assert runs[0] == runs[1]
    game = hs.new_game("make_a_million", seats=4, seed=7, options={"hand_limit": 4})
    other = _play(game, SearchBot(QUICK, worlds=4), random.Random(12), 120)
    assert other != runs[0]  # another seed searches other worlds and, somewhere, plays otherwise


@pytest.mark.parametrize(("seats", "options"), [(4, {}), (6, {"variant": "silent_partner"}),
                                                (5, {"variant": "variation"}), (2, {}), (12, {})])
def test_worlds_agree_with_what_the_seat_sees(seats: int, options: dict) -> None:
    game = hs.new_game("make_a_million", seats=seats, seed=3, options=options)
    rng = random.Random(3)
    checked = 0
    while not game.is_over and checked < 40:
        (seat, *_rest) = game.to_act
        view = game.view(seat)
        if view["phase"] == "play":
            for world in sample_worlds(view, 3, rng):
                assert world.hands[seat] == view["hand"]
                assert [len(hand) for hand in world.hands] == view["hand_sizes"]
                # Every card is somewhere: in a hand, the trick, the widow, the discards or played.
                held = Counter(card for hand in world.hands for card in hand)
                held.update(card for _s, card in world.trick)
                held.update(world.to_deal)
                if view["variant"] != "variation":
                    held.update(world.discards)
                    if not world.widow_taken:
                        held.update(world.widow)
                    assert held == deck_for(seats)
                else:
                    held.update(world.turned)
                    assert sum(held.values()) == 55
                led = view["trick_colour"]
                for other, card in world.trick:  # the trick on the table is the real one
                    assert {"seat": other, "card": card} in view["trick"]
                if led is not None and not view["trick_complete"]:
                    for other in range(seats):
                        if led in world.voids[other]:
                            assert all(world.suit(card) != led for card in world.hands[other])
            checked += 1
        for actor in game.to_act:
            game.act(actor, random.Random(checked).choice(game.legal_actions(actor)))
    assert checked > 10


@pytest.mark.parametrize(("seats", "options"), [(4, {}), (6, {"variant": "silent_partner"}),
                                                (4, {"variant": "variation"})])
def test_the_advice_names_a_legal_move_and_what_it_is_worth(seats: int, options: dict) -> None:
    game = hs.new_game("make_a_million", seats=seats, seed=5, options=options)
    phases = set()
    rng = random.Random(5)
    while not game.is_over and "play" not in phases:
        seat = game.to_act[0]
        view, legal = game.view(seat), game.legal_actions(seat)
        if view["phase"] not in phases and len(legal) > 1:
            phases.add(view["phase"])
            advice = advise(view, legal, QUICK * 5, 8) if view["phase"] != "play" else hint(view, legal)
            assert advice["action"] in [move.to_json() for move in legal]
            assert advice == advise(view, legal, QUICK * 5, 8) or view["phase"] == "play"
            label = advice["label"]
            if view["phase"] in ("bid", "discard", "trump", "play", "tricks"):
                assert isinstance(advice["expected"], int)
                unit = "point" if view["variant"] == "variation" else "$"
                assert unit in label and "expect" in label
        for actor in game.to_act:
            game.act(actor, rng.choice(game.legal_actions(actor)))
    assert "play" in phases
    assert hint(game.view(0), [])["action"] is None
