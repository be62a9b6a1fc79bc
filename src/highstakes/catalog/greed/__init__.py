"""Greed: the six-dice push-your-luck game (RULES.md §2)."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

from highstakes.catalog.greed.actions import Bank, Keep, parse_action
from highstakes.catalog.greed.rules import GreedState
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.options import OptionSpec
from highstakes.engine.registry import register


class GreedDefinition(GameDefinition):
    id = "greed"
    title = "Greed"
    summary = (
        "Six-dice push-your-luck: set scoring dice aside, roll on or bank, "
        "and don't greed out. First to 5,000 starts the final round."
    )
    min_seats = 2
    max_seats = 8
    option_specs = (
        OptionSpec("dddd", 1000, (1000, 800), "points for four D's in one roll (G-1)"),
        OptionSpec("six_of_a_kind", 5000, (5000, 1000), "points for six of a kind in one roll (G-1)"),
        OptionSpec(
            "min_every_turn", False, (False, True),
            "require 500 points in a turn to bank on every turn, not only the first (§2.5)",
        ),
    )

    def new_state(self, seats: int, options: dict[str, Any]) -> GreedState:
        return GreedState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_action(data)

    def rules_text(self) -> str:
        return files("highstakes.catalog.greed").joinpath("rules.md").read_text(encoding="utf-8")


GREED = register(GreedDefinition())

__all__ = ["GREED", "Bank", "GreedState", "Keep"]
