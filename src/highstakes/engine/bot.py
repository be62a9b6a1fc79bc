"""What a bot is: a player that sees only its seat's view and legal actions.

The protocol lives in the engine because every game's bots implement it, and games
import only the engine; the bot registry and the loop that lets bots play sit above the
games, in :mod:`highstakes.bots`.
"""

from __future__ import annotations

import random
from typing import Protocol

from highstakes.engine.action import JSON, Action


class Bot(Protocol):
    """A player. ``choose`` gets exactly what a person in the seat would see."""

    name: str

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every game supports."""

    name = "random"

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)
