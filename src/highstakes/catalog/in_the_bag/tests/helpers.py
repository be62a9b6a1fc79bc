"""Positions for It's in the Bag's tests: a game, or one set up with hands chosen by the test."""

from __future__ import annotations

import json
from typing import Any

import highstakes as hs


def new(seats: int = 2, **options: Any) -> hs.Game:
    return hs.new_game("in_the_bag", seats, seed=0, options=options)


def position(hands: list[list[int]], **options: Any) -> hs.Game:
    """A game at round 1 whose hands are ``hands`` (counts of ¥100, ¥500, ¥1,000, ¥5,000)."""
    game = new(len(hands), **options)
    state = game._state
    state.hands = [list(hand) for hand in hands]
    state._start_round(1)
    return game


def snapshot(game: hs.Game) -> str:
    """Everything observable about a game, to show that a refusal changed nothing."""
    views = [game.view(seat) for seat in [None, *range(game.seats)]]
    return json.dumps([views, game.to_act, game.history_length], sort_keys=True)


def play(game: hs.Game, *moves: tuple[int, Any]) -> None:
    for seat, move in moves:
        game.act(seat, move)
