"""Positions for It's in the Bag's tests: a game, or one set up with hands chosen by the test."""

from __future__ import annotations

import json
from typing import Any

import highstakes as hs


def new(seats: int = 2, **options: Any) -> hs.Game:
    return hs.new_game("in_the_bag", seats, seed=0, options=options)


def position(hands: list[list[int]] | None = None, *, bag: list[int] | None = None, reserve_paid: int = 0,
             round_number: int = 1, **options: Any) -> hs.Game:
    """A game at the start of round ``round_number`` whose hands are ``hands`` (counts of ¥100,
    ¥500, ¥1,000, ¥5,000; by default two seats with the pieces every player starts with), the
    bag holding ``bag`` (as counts; by default nothing), the reserve having paid ``reserve_paid``
    ¥100 coins."""
    game = new(len(hands) if hands is not None else 2, **options)
    state = game.full_state()
    if hands is not None:
        state.hands = [list(hand) for hand in hands]
    if bag is not None:
        state.bag = list(bag)
    state.reserve_paid = reserve_paid
    state._start_round(round_number)
    return game.with_state(state)


def snapshot(game: hs.Game) -> str:
    """Everything observable about a game, to show that a refusal changed nothing."""
    views = [game.view(seat) for seat in [None, *range(game.seats)]]
    return json.dumps([views, game.to_act, game.history_length], sort_keys=True)


def play(game: hs.Game, *moves: tuple[int, Any]) -> None:
    for seat, move in moves:
        game.act(seat, move)
