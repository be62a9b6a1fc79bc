"""Pig's bots: hold once the turn is worth enough."""

from __future__ import annotations

import random

from highstakes.engine import JSON, Action
from highstakes_pig.rules import HOLD, ROLL


class HoldAtBot:
    """Rolls until the turn is worth ``threshold`` points (or the game is won), then holds."""

    def __init__(self, threshold: int = 20) -> None:
        self.threshold = threshold
        self.name = f"hold{threshold}"

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        mine = view["scores"][view["you"]] + view["turn_total"]
        if HOLD in legal and (view["turn_total"] >= self.threshold or mine >= view["target"]):
            return HOLD
        return ROLL
