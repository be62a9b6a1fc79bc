"""Thousands of random Deal or No Deal games, checking money, secrecy and legality at every step."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import highstakes as hs
from highstakes.catalog.deal_or_no_deal.money import MAX_OFFER, MILLION_BILL, US_VALUES


def total_money(view: dict) -> int:
    cash = view["money"] if view["version"] == "party" else view["winnings"]
    return sum(cash) + (view["kitty"] or 0) + view["bank"]


def check_secrecy(game: hs.Game, placed: list[int]) -> None:
    """No view shows a closed case's value, or another seat's unrevealed guess."""
    over = game.is_over
    for seat in [*range(game.seats), None]:
        view = game.view(seat)
        assert "seed" not in view and "seed" not in view["options"]  # the seed foretells every case
        for case in view["cases"]:
            if case["opened"] or over:
                assert case["value"] == placed[case["case"] - 1] or over
            else:
                assert case["value"] is None
        if view["your_guess"] is not None:
            assert view["your_guess"]["seat"] == seat


def random_illegal(view: dict, rng: random.Random) -> dict:
    opened = [c["case"] for c in view["cases"] if c["opened"]]
    choices = [
        {"offer": MAX_OFFER + rng.randint(1, 10**6)},
        {"counter": -rng.randint(1, 100)},
        {"open": rng.choice([0, 27, *opened])},
        {"guess": rng.choice([b["value"] for b in view["board"] if not b["in_play"]] or [3])},
        {"keep": True} if view["phase"] != "keep_or_swap" else {"pick": 1},
    ]
    return rng.choice(choices)


def play_checked(seats: int, options: dict, seed: int) -> hs.Game:
    rng = random.Random(seed)
    game = hs.new_game("deal_or_no_deal", seats=seats, seed=seed, options=options, auto_chance=False)
    placed: list[int] = []
    total = None
    decisions = 0
    while not game.is_over:
        if game.is_chance:
            if not placed or len(placed) == 26:
                placed = []
            outcome = rng.choice([o for o, _ in game.chance_outcomes()])
            game.apply_chance(outcome)
            placed.append(outcome)
            continue
        view = game.view(None)
        total = total_money(view) if total is None else total
        assert total_money(view) == total  # money is conserved to the cent
        cash = view["money"] or view["winnings"]
        assert min(cash) >= 0 and (view["kitty"] or 0) >= 0 and view["bank"] >= 0
        if view["version"] == "party":
            for seat in range(seats):
                locked = 0 if view["hosted"][seat] else MILLION_BILL
                assert view["spendable"][seat] == max(0, view["money"][seat] - locked)
        check_secrecy(game, placed)
        (seat,) = game.to_act
        legal = game.legal_actions(seat)
        assert legal
        illegal = random_illegal(view, rng)
        if hs.definition("deal_or_no_deal").parse_action(illegal) not in legal:
            before = game.record()
            with pytest.raises(hs.IllegalAction):
                game.act(seat, illegal)
            assert game.record() == before
        game.act(seat, rng.choice(legal))
        decisions += 1
        assert decisions < 5_000
    view = game.view(None)
    assert total_money(view) == total
    result = game.result()
    assert len(result["games"]) == (2 if seats == 2 else seats)
    assert result["winners"] == [s for s, v in enumerate(result["scores"]) if v == max(result["scores"])]
    again = hs.replay(json.loads(json.dumps(game.record())))
    assert again.result() == result
    return game


options_strategy = st.fixed_dictionaries(
    {},
    optional={
        "offer_timing": st.sampled_from(["single", "literal"]),
        "round10_guess": st.sampled_from(["any", "keep_only"]),
    },
)


# A third of the profile's examples per seat count: still over a thousand games in all.
@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
@settings(max_examples=max(20, settings.default.max_examples // 3), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(seats, options, seed):
    play_checked(seats, options, seed)


def test_auto_chance_games_end_and_conserve_money():
    for seed in range(300):
        game = hs.new_game("deal_or_no_deal", seats=2 + seed % 5, seed=seed,
                           options={"values": list(US_VALUES)} if seed % 2 else None)
        rng = random.Random(seed)
        start = total_money(game.view(None))
        while not game.is_over:
            (seat,) = game.to_act
            game.act(seat, rng.choice(game.legal_actions(seat)))
        assert total_money(game.view(None)) == start
