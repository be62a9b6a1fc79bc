"""The fast playout against the rules engine, the oracle: the same legal cards, captures and scores."""

from __future__ import annotations

import random

import numpy as np
import pytest

import highstakes as hs
from highstakes.catalog.make_a_million import fast

VARIANTS = [
    (4, {}), (4, {"no_trump": True}), (4, {"trump_lead": "after_trump_played"}),
    (6, {}), (8, {"no_trump": True, "trump_lead": "after_trump_played"}),
    (6, {"variant": "silent_partner"}), (8, {"variant": "silent_partner", "no_trump": True}),
    (3, {"variant": "variation"}), (5, {"variant": "variation", "trump_lead": "after_trump_played"}),
    (2, {}), (12, {}),  # the Variation's smallest and largest tables
]


def _to_play(game: hs.Game, rng: random.Random) -> bool:
    """Random moves until the play phase (a fresh deal if a deal is thrown in); False once the game ends."""
    while not game.is_over and game.view(None)["phase"] != "play":
        for seat in game.to_act:
            legal = game.legal_actions(seat)
            # Bid low and seldom, so that deals are played rather than thrown in.
            bids = [m for m in legal if getattr(m, "kind", "") in ("bid", "pass")]
            if bids and rng.random() < 0.7:
                game.act(seat, bids[0] if rng.random() < 0.5 else bids[-1])
            else:
                game.act(seat, rng.choice(legal))
    return not game.is_over


def _seat_captures(state) -> list[int]:
    """What each seat captured this deal, from the engine's record of the tricks."""
    captured = [0] * state.seats
    for trick in state.tricks:
        captured[trick["winner"]] += trick["value"]
    return captured


def _replay_hand(game: hs.Game, rng: random.Random) -> int:
    """Play one deal at random in the engine and, move by move, in the fast path; compare them."""
    state = game.full_state()
    start_tricks = len(state.tricks)
    hands, pos = fast.encode_state(state)
    captured = np.zeros(state.seats, dtype=np.int64)
    taken = np.zeros(state.seats, dtype=np.int64)
    deal = state.deals
    checked = 0
    while not game.is_over and game.full_state().deals == deal:
        (seat,) = game.to_act
        engine_legal = sorted(move.card for move in game.legal_actions(seat))
        assert int(pos[fast.TURN]) == seat
        assert sorted(fast.legal_ids(hands, pos)) == engine_legal
        card = rng.choice(engine_legal)
        game.act(seat, {"play": card})
        fast.play_card(hands, pos, captured, taken, fast.INDEX[card])
        checked += 1
        if game.full_state().deals == deal:
            assert bool(pos[fast.TRUMPS_PLAYED]) == game.full_state().trumps_played
    # The deal is over: compare what each seat took with the engine's record of it.
    state = game.full_state()
    record = state.history[-1]
    tricks = state.previous_tricks
    expected = [0] * game.seats
    counts = [0] * game.seats
    for trick in tricks[start_tricks:]:
        expected[trick["winner"]] += trick["value"]
        counts[trick["winner"]] += 1
    if game.view(None)["variant"] != "variation":  # the Variation counts tricks, not Money
        assert list(captured) == expected
    assert list(taken) == counts
    _check_score(game, record, hands, pos, captured, taken, tricks[:start_tricks])
    return checked


def _check_score(game: hs.Game, record: dict, hands, pos, captured, taken, earlier: list) -> None:
    """The fast scoring of the deal equals the engine's, given what was captured before the replay."""
    seats = game.seats
    for trick in earlier:
        captured[trick["winner"]] += trick["value"]
        taken[trick["winner"]] += 1
    variant = game.view(None)["variant"]
    team = np.zeros(seats, dtype=np.bool_)
    bids = np.zeros(seats, dtype=np.int64)
    if variant == "partnership":
        mode = fast.PARTNERSHIP
        bidder, bid = record["bidder"], record["bid"]
    elif variant == "silent_partner":
        mode = fast.SILENT
        bidder, bid = record["bidder"], record["bid"]
        team[record["team"]] = True
    else:
        mode = fast.VARIATION
        bidder, bid = 0, 0
        bids[:] = record["bids"]
    for me in range(seats):
        _utility, value = fast.score_deal(mode, me, seats, captured, taken, bidder, bid, team, bids)
        if variant == "partnership":
            assert value == record["scored"][me % 2]
        else:
            assert value == record["scored"][me]


@pytest.mark.parametrize(("seats", "options"), VARIANTS)
def test_fast_playout_matches_the_rules_engine(seats: int, options: dict) -> None:
    rng = random.Random(seats * 1000 + len(options))
    checked = 0
    for index in range(12):
        game = hs.new_game("make_a_million", seats=seats, seed=index, options=options)
        # Start the replay at a random point of a deal's play: after some random cards.
        while _to_play(game, rng):
            for _ in range(rng.randrange(0, 2 * seats)):
                if game.view(None)["phase"] != "play":
                    break
                (seat,) = game.to_act
                game.act(seat, rng.choice(game.legal_actions(seat)))
            if not game.is_over and game.view(None)["phase"] == "play":
                checked += _replay_hand(game, rng)
            if game.view(None)["deal_number"] > 2:
                break
    assert checked > 100



def _score(mode: int, me: int, captured: list[int], bidder: int = 0, bid: int = 0, team: list[int] = (),
           taken: list[int] | None = None, bids: list[int] | None = None) -> tuple[float, float]:
    seats = len(captured)
    mask = np.zeros(seats, dtype=np.bool_)
    mask[list(team)] = True
    return fast.score_deal(mode, me, seats, np.array(captured, dtype=np.int64),
                           np.array(taken or [0] * seats, dtype=np.int64), bidder, bid, mask,
                           np.array(bids or [0] * seats, dtype=np.int64))


def test_hand_scores_of_the_rulebook() -> None:
    # §1.9: Z bids $240,000 and Z-Y take $260,000 (the Bull doubling included): all of it scores.
    assert _score(fast.PARTNERSHIP, 1, [70_000, 200_000, 70_000, 60_000], bidder=1, bid=240_000) == (
        260_000 - 140_000, 260_000)
    # Set back: $230,000 taken against a $240,000 bid scores minus the bid; the others keep theirs.
    assert _score(fast.PARTNERSHIP, 0, [70_000, 170_000, 100_000, 60_000], bidder=1, bid=240_000) == (
        170_000 + 240_000, 170_000)
    # §1.13: A (seat 0) bids $480,000, Y (seat 4) is the partner; the team's $510,000 counts for each.
    utility, value = _score(fast.SILENT, 4, [300_000, 50_000, 40_000, 0, 210_000, 200_000], bidder=0,
                            bid=480_000, team=[0, 4])
    assert value == 510_000 and utility == 510_000 - (510_000 + 4 * 290_000) / 5
    # §1.14: exactly the bid scores the bid plus 5, anything else the tricks taken.
    assert _score(fast.VARIATION, 0, [0, 0, 0], taken=[2, 3, 0], bids=[2, 1, 0]) == (7 - (3 + 5) / 2, 7)
