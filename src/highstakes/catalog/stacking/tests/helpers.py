"""Positions for the stacking game's tests."""

from __future__ import annotations

import json
from typing import Any

import highstakes as hs


def new(seats: int = 2, **options: Any) -> hs.Game:
    return hs.new_game("stacking", seats, seed=0, options=options)


def with_hand(game: hs.Game, seat: int, counts: list[int]) -> hs.Game:
    """``game`` as it stands, but with ``seat``'s hand set to ``counts`` (of ¥100, ¥500, ¥1,000 and
    ¥5,000 pieces): a position chosen by the test."""
    state = game.full_state()
    state.hands[seat] = list(counts)
    return game.with_state(state)


def snapshot(game: hs.Game) -> str:
    """Everything observable about a game, to show that a refusal changed nothing."""
    views = [game.view(seat) for seat in [None, *range(game.seats)]]
    return json.dumps([views, game.to_act, game.history_length], sort_keys=True)


def play(game: hs.Game, *moves: tuple[int, Any]) -> None:
    """Play moves given as (seat, JSON), each by the seat named."""
    for seat, move in moves:
        game.act(seat, move)


def bid_and_lay(game: hs.Game, seat: int, count: int, pieces: list[int]) -> None:
    """Bid ``count`` and lay ``pieces`` (own pieces) in the row."""
    game.act(seat, {"bid": count})
    for piece in pieces:
        game.act(seat, {"lay": piece})
