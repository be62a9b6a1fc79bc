"""Play a game to the end with bots in every seat: the loop simulations and tests share."""

from __future__ import annotations

import random
from collections.abc import Sequence

from highstakes.bots.base import Bot
from highstakes.engine.game import Game

# Safety net only: a correct game ends long before this many decisions.
MAX_DECISIONS = 1_000_000


class UnendingGame(RuntimeError):
    """Bots played a game far past the length any game of it should have: under the rulebook's
    options some games have no fixed end (no deal limit), and some bots never reach the goal."""

    def __init__(self, game_id: str, decisions: int) -> None:
        super().__init__(game_id, decisions)
        self.game_id = game_id
        self.decisions = decisions

    def __str__(self) -> str:
        return f"a game of {self.game_id} did not end after {self.decisions} decisions"


def play_out(game: Game, bots: Sequence[Bot], rng: random.Random, *,
             max_decisions: int = MAX_DECISIONS) -> int:
    """Let ``bots[seat]`` act for every seat until the game ends; returns the decision count.

    Each bot sees only ``game.view(seat)`` and ``game.legal_actions(seat)``. A game still going
    after ``max_decisions`` raises :class:`UnendingGame`.
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
        if decisions >= max_decisions and not game.is_over:
            raise UnendingGame(game.game_id, decisions)
    return decisions
