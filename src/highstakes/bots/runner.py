"""Play a game to the end with bots in every seat: the loop simulations and tests share."""

from __future__ import annotations

import random
from collections.abc import Sequence

from highstakes.bots.base import Bot
from highstakes.engine.game import Game

# Safety net only: a correct game ends long before this many decisions.
MAX_DECISIONS = 1_000_000


def play_out(game: Game, bots: Sequence[Bot], rng: random.Random) -> int:
    """Let ``bots[seat]`` act for every seat until the game ends; returns the decision count.

    Each bot sees only ``game.view(seat)`` and ``game.legal_actions(seat)``.
    """
    if len(bots) != game.seats:
        raise ValueError(f"need one bot per seat: {game.seats} seats, {len(bots)} bots")
    decisions = 0
    while not game.is_over:
        for seat in game.to_act:
            if seat not in game.to_act:  # an earlier move of this pass changed who acts (one asking others)
                continue
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat), rng)
            game.act(seat, action)
            decisions += 1
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{game!r} did not end after {MAX_DECISIONS} decisions")
    return decisions
