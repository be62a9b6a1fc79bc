"""Thousands of random Greed games through the public API, checking invariants after every step."""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highstakes as hs
from highstakes.catalog.greed.scoring import FACES, ScoringTable, counts_of, keep_value

options_strategy = st.fixed_dictionaries(
    {},
    optional={
        "dddd": st.sampled_from([1000, 800]),
        "six_of_a_kind": st.sampled_from([5000, 1000]),
        "min_every_turn": st.booleans(),
    },
)


def public_part(view: dict) -> dict:
    return {key: value for key, value in view.items() if key != "you"}


def check_views(game: hs.Game) -> dict:
    spectator = game.view(None)
    text = json.dumps(spectator)  # views are plain JSON
    assert "seed" not in text  # the seed would let a seat foresee the dice
    for seat in range(game.seats):
        view = game.view(seat)
        assert view["you"] == seat
        assert public_part(view) == public_part(spectator)  # Greed hides nothing from anyone
    return spectator


def random_illegal(roll: list[str], legal: list[hs.Action], rng: random.Random) -> dict:
    """An action the rules forbid now: bank when it isn't offered, or a bad set-aside."""
    if "bank" not in {str(a) for a in legal}:
        return {"bank": True}
    legal_keeps = {tuple(a.to_json()["keep"]) for a in legal if str(a) != "bank"}
    while True:
        faces = sorted(rng.choices(FACES, k=rng.randint(0, 6)), key=FACES.index)
        if tuple(faces) not in legal_keeps:
            return {"keep": faces}


def play_checked(seats: int, options: dict, seed: int, bank_bias: float) -> hs.Game:
    game = hs.new_game("greed", seats=seats, seed=seed, options=options)
    rng = random.Random(seed)
    min_every_turn = game.options["min_every_turn"]
    table = ScoringTable(four_d=game.options["dddd"], six_of_a_kind=game.options["six_of_a_kind"])
    view = check_views(game)
    decisions = 0
    while not game.is_over:
        assert not game.is_chance  # auto chance never stops at a chance node
        (seat,) = game.to_act
        assert view["current"] == seat and view["phase"] == "play"
        roll = view["roll"]
        assert len(roll) == view["dice_left"] and 1 <= len(roll) <= 6
        assert view["turn_total"] >= 0 and view["turn_total"] % 50 == 0
        legal = game.legal_actions(seat)
        assert legal, "a player awaiting a decision always has one"
        for action in legal:
            if str(action) != "bank":
                kept = counts_of(action.to_json()["keep"])
                assert all(k <= r for k, r in zip(kept, counts_of(roll), strict=True))
                assert keep_value(kept, table)
        assert ("bank" in {str(a) for a in legal}) == view["can_bank"]
        assert (view["bank_refusal"] is None) == view["can_bank"]
        assert [choice["keep"] for choice in view["keep_choices"]] == [
            a.to_json()["keep"] for a in legal if str(a) != "bank"
        ]

        # An illegal action is refused and changes nothing.
        illegal = random_illegal(roll, legal, rng)
        before = game.record()
        try:
            game.act(seat, illegal)
            raise AssertionError(f"illegal action {illegal} accepted")
        except hs.IllegalAction as error:
            assert error.code and error.message
        assert game.record() == before and game.view(None) == view

        banks = [a for a in legal if str(a) == "bank"]
        action = banks[0] if banks and rng.random() < bank_bias else rng.choice(legal)
        was_final, old_scores, bank_value = view["final_round"], view["scores"], view["bank_value"]
        old_target = view["target"]
        game.act(seat, action)
        decisions += 1
        view = check_views(game)

        scores = view["scores"]
        for other in range(seats):
            if other != seat:
                assert scores[other] == old_scores[other]
        if str(action) == "bank":
            assert scores[seat] == old_scores[seat] + bank_value
            if min_every_turn or old_scores[seat] == 0:
                assert bank_value >= 500
            if was_final:
                assert scores[seat] > old_target  # G-9: strictly above the moving target
        else:
            assert scores[seat] == old_scores[seat]  # a keep never banks
        assert all(score % 50 == 0 for score in scores)
        if view["final_round"] and not was_final:
            assert view["triggered_by"] == seat and scores[seat] >= 5000
        if not view["final_round"]:
            assert max(scores) < 5000
        assert decisions < 50_000

    result = game.result()
    assert result["winners"] == [max(range(seats), key=lambda s: result["scores"][s])]
    assert Counter(result["scores"])[max(result["scores"])] == 1  # the moving target forbids ties
    assert result["scores"][result["triggered_by"]] >= 5000
    again = hs.replay(json.loads(json.dumps(game.record())))
    assert again.view(None) == game.view(None) and again.result() == result
    return game


# Split by table size so that parallel test workers share the thousands of games.
@pytest.mark.parametrize(("fewest", "most"), [(2, 2), (3, 4), (5, 8)])
@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), options=options_strategy, seed=st.integers(0, 2**63 - 1),
       bank_bias=st.floats(0.05, 1.0))
def test_random_games_keep_every_invariant(fewest, most, data, options, seed, bank_bias):
    seats = data.draw(st.integers(fewest, most), label="seats")
    play_checked(seats, options, seed, bank_bias)


@settings(deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.integers(2, 8))
def test_roll_off_picks_a_unique_best_roll(seed, seats):
    game = hs.new_game("greed", seats=seats, seed=seed)
    rounds = game.view(None)["rolloff"]["rounds"]
    last = rounds[-1]
    best = max(entry["points"] for entry in last)
    assert [entry["seat"] for entry in last if entry["points"] == best] == [game.view(None)["starter"]]
    for earlier, later in itertools.pairwise(rounds):
        top = max(entry["points"] for entry in earlier)
        assert [e["seat"] for e in later] == [e["seat"] for e in earlier if e["points"] == top]
