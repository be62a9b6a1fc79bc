"""What a seed plays is pinned: the same seed and choices give the very same game, forever.

Greed's rules are heavily cached for speed. These tests fingerprint whole seeded
games (every legal-action list in order, every view, every refusal message, the
record and the result) so that no optimisation can quietly change what a seed
plays, the order of the legal actions, or what players are told.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import highstakes as hs
from highstakes.catalog.greed import Bank, Keep, rules
from highstakes.catalog.greed.scoring import counts_of
from highstakes.catalog.greed.tests.helpers import greed_scripted

SIX_D = Keep(("D",) * 6)


def refusal(game: hs.Game, seat: int, action: hs.Action) -> dict[str, Any]:
    with pytest.raises(hs.IllegalAction) as error:
        game.act(seat, action)
    return error.value.to_json()


def traced_game(seats: int, options: dict[str, Any], seed: int, chooser: int) -> tuple[hs.Game, list[Any]]:
    """Play a seeded game with seeded uniform choices; trace everything a player could observe."""
    game = hs.new_game("greed", seats=seats, seed=seed, options=options)
    rng = random.Random(chooser)
    trace: list[Any] = [game.view(None)]
    while not game.is_over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        step: dict[str, Any] = {"seat": seat, "legal": [action.to_json() for action in legal]}
        step["view"] = game.view(seat)
        # Refusals go through a different path from the legal list; both must stay in step.
        if Bank() not in legal:
            step["bank_refused"] = refusal(game, seat, Bank())
        whole_roll = Keep(tuple(step["view"]["roll"]))
        if whole_roll not in legal:
            step["keep_all_refused"] = refusal(game, seat, whole_roll)
        if SIX_D not in legal:
            step["six_d_refused"] = refusal(game, seat, SIX_D)
        trace.append(step)
        game.act(seat, rng.choice(legal))
    trace.append({"record": decisions_record(game), "result": game.result(), "end": game.view(None)})
    return game, trace


def decisions_record(game: hs.Game) -> dict[str, Any]:
    """The record as format 1 wrote it (decisions only; the dice came from the seed).

    Format 2 also lists the dice, which the views in the trace show anyway: pinning this
    projection keeps the fingerprints from before format 2, so they still prove that
    nothing a seed plays has changed.
    """
    record = game.record()
    return {
        **{key: record[key] for key in ("game", "seats", "options", "seed")},
        "actions": [entry for entry in record["actions"] if "seat" in entry],
    }


def fingerprint(trace: list[Any]) -> str:
    return hashlib.sha256(json.dumps(trace, sort_keys=True).encode()).hexdigest()


# (seats, options, game seed, chooser seed), trace sha256, final scores, decisions.
# Adding a view key changes every fingerprint. These were re-pinned when `recent_turns`,
# and later `keep_choices` and `bank_refusal`, joined the view, each time after checking
# that the traces without the new keys still gave the previous fingerprints: the games,
# records, results and other view keys stayed the same. Re-pinned again when the bank
# refusals came to name the figure as banking would ("this turn has N" became "banking now
# would score N", "banking now gives N" "banking now would bring you to N"), and when they
# began to write numbers the reader's way ("above 5,000"), each time after checking that the
# old words gave the previous fingerprints. Re-pinned when the options `goal` and
# `turn_limit` joined (every view carries its options), after checking that the traces without
# them gave the previous fingerprints.
PINNED = [
    ((2, {}, 1, 1), "505ca36a3ffe0ffdd05d4493d0e8683bb6048be9a969910f14c6c01aabf10cd0", [5000, 5200], 111),
    (
        (2, {"dddd": 800, "six_of_a_kind": 1000}, 42, 7),
        "ae492928e943529db92ac7fe5c6465ccad2170e49c3c3582ec65c9d1a1be288d",
        [5200, 3100],
        89,
    ),
    (
        (3, {"min_every_turn": True}, 2024, 3),
        "8893ced47effd4ffbee3a0f721d3d0c68b75cf7ebe02e044b2c2eaaab2f5190a",
        [2200, 3800, 6300],
        219,
    ),
    (
        (3, {"dddd": 800}, 5, 11),
        "70fddb6374957ec5b30be67644aa70530f83c819cdd619b9ab19dc72752d18dc",
        [5200, 3750, 4050],
        137,
    ),
    (
        (5, {}, 99, 5),
        "7a62127d38fcc9a1e3298abff0ebff8410ada9111862b1ca13bb489d76680738",
        [5150, 2550, 4250, 4150, 3600],
        265,
    ),
    (
        (5, {"six_of_a_kind": 1000, "min_every_turn": True}, 123456789, 17),
        "fe1e2466a36b975f57463df14c83991bb1fd324ad20ec035203e3e99b5a33548",
        [2150, 2300, 3000, 5400, 2850],
        332,
    ),
]


@pytest.mark.parametrize(
    ("setup", "sha256", "scores", "decisions"), PINNED, ids=[str(pin[0]) for pin in PINNED]
)
def test_seeded_games_are_pinned(setup, sha256, scores, decisions):
    seats, options, seed, chooser = setup
    game, trace = traced_game(seats, options, seed, chooser)
    played = sum(1 for entry in game.record()["actions"] if "seat" in entry)
    assert (game.result()["scores"], played) == (scores, decisions)
    assert fingerprint(trace) == sha256


@pytest.mark.parametrize("setup", [pin[0] for pin in PINNED], ids=str)
def test_plain_play_matches_the_traced_game(setup):
    """Only ``legal_actions`` and ``act``, as a bot plays: no views or refusals in between."""
    seats, options, seed, chooser = setup
    game = hs.new_game("greed", seats=seats, seed=seed, options=options)
    play_out(game, random.Random(chooser))
    traced, _ = traced_game(seats, options, seed, chooser)
    assert game.record() == traced.record() and game.result() == traced.result()


def test_replay_of_a_seeded_game_is_identical():
    game, _ = traced_game(3, {"dddd": 800}, 5, 11)
    again = hs.replay(json.loads(json.dumps(game.record())))
    assert again.view(None) == game.view(None) and again.result() == game.result()


def legal_labels_after(roll: list[str]) -> list[str]:
    game = hs.new_game("greed", seats=2, seed=7, auto_chance=False)
    for rolloff in (["$", "$", "$", "G", "G", "G"], ["$", "R", "R", "Eb", "Em", "G"]):
        game.apply_chance(rolloff)
    game.apply_chance(roll)
    return [str(action) for action in game.legal_actions(0)]


def test_legal_actions_order_is_pinned():
    """Bank first when allowed, then keeps best first: bots and faces rely on this order."""
    assert legal_labels_after(["D", "R", "G", "$", "$", "$"]) == [
        "bank",
        "keep $ $ $ G D",
        "keep $ $ $ D",
        "keep $ $ $ G",
        "keep $ $ $",
        "keep G D",
        "keep D",
        "keep G",
    ]
    # Hot dice: no bank, and among equal points the keep of more dice comes first.
    assert legal_labels_after(["D", "D", "G", "$", "$", "$"]) == [
        "keep $ $ $ G D D",
        "keep $ $ $ D D",
        "keep $ $ $ G D",
        "keep $ $ $ D",
        "keep $ $ $ G",
        "keep $ $ $",
        "keep G D D",
        "keep D D",
        "keep G D",
        "keep D",
        "keep G",
    ]


def snapshot(game: hs.Game) -> tuple[Any, ...]:
    to_act = game.to_act
    legal = [action.to_json() for action in game.legal_actions(to_act[0])] if to_act else []
    return game.record(), game.view(None), [game.view(seat) for seat in range(game.seats)], legal


def play_out(game: hs.Game, rng: random.Random) -> None:
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))


# After 1, 3, 5 and 13 decisions the turn is under way (3: with banking allowed).
@pytest.mark.parametrize("decisions_before", [0, 1, 2, 3, 5, 8, 13])
def test_clone_made_mid_turn_is_independent(decisions_before):
    """A clone taken anywhere in a turn may be played out without touching the original."""
    game = hs.new_game("greed", seats=3, seed=31, options={"min_every_turn": True})
    rng = random.Random(decisions_before)
    for _ in range(decisions_before):
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    before = snapshot(game)

    copy = game.clone()
    assert snapshot(copy) == before
    for action in (Bank(), Keep(("R", "R", "R", "R", "R", "R"))):  # refusals must not leak either
        if action not in copy.legal_actions(copy.to_act[0]):
            refusal(copy, copy.to_act[0], action)
    play_out(copy, random.Random(1000 + decisions_before))
    assert snapshot(game) == before

    # The original then plays on exactly as an untouched twin does.
    twin = game.clone()
    play_out(game, random.Random(2000))
    play_out(twin, random.Random(2000))
    assert snapshot(game) == snapshot(twin)


def test_clone_made_before_a_roll_mid_turn_is_independent():
    """Cloned after a set-aside with the roll still to come, each copy rolls its own dice."""
    game = greed_scripted()
    game.apply_chance(["D", "R", "G", "$", "$", "$"])
    game.act(0, {"keep": ["$", "$", "$", "G", "D"]})  # 750 set aside, one die to roll
    before = snapshot(game)

    copy = game.clone()
    copy.apply_chance(["D"])  # hot dice
    assert [str(action) for action in copy.legal_actions(0)] == ["keep D"]
    copy.act(0, {"keep": ["D"]})
    copy.apply_chance(["G", "R", "R", "Eb", "Em", "$"])
    copy.act(0, {"bank": True})
    assert snapshot(game) == before

    game.apply_chance(["R"])  # a greed-out on the original
    assert game.view(None)["scores"] == [0, 0] and copy.view(None)["scores"] == [900, 0]
    assert game.view(None)["last_turn"]["greed_out"] and not copy.view(None)["last_turn"]["greed_out"]


@pytest.mark.parametrize("seed", [0, 1, 7, 2024, 2**40 + 3])
def test_dice_are_drawn_exactly_as_randrange_draws_them(seed):
    """The fast dice draw must give the very rolls ``randrange(6)`` gives, and leave the same state."""
    fast, slow = random.Random(seed), random.Random(seed)
    for num_dice in [6, 1, 5, 2, 4, 3] * 200:
        faces = [rules.FACES[slow.randrange(rules.NUM_DICE)] for _ in range(num_dice)]
        assert rules.roll_dice(fast, num_dice) == counts_of(faces)
    assert fast.getstate() == slow.getstate()
