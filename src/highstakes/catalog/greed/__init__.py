"""Greed: the six-dice push-your-luck game (RULES.md §2).

Everything about the game lives in this package; :class:`GreedDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from highstakes.catalog.greed.actions import Bank, Keep, parse_action
from highstakes.catalog.greed.options import GreedOptions
from highstakes.catalog.greed.rules import GreedState
from highstakes.catalog.greed.scoring import FACES, NUM_DICE, Counts, faces_of
from highstakes.catalog.greed.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import ActionCatalogue, Advisor, BotInfo, Solver, TerminalTableFactory


class GreedDefinition(GameDefinition):
    id = "greed"
    title = N_("Greed")
    summary = N_(
        "Six-dice push-your-luck: set scoring dice aside, roll on or bank, "
        "and don't greed out. First to 5,000 starts the final round."
    )
    min_seats = 2
    max_seats = 8
    resources = __name__  # rules.md, README.md and web/renderer.js
    options_type = GreedOptions
    hidden_information = False  # dice are rolled in the open
    seat_keys = GameDefinition.seat_keys | {"triggered_by", "final_turns_left"}

    def new_state(self, seats: int, options: GreedOptions) -> GreedState:
        return GreedState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_action(data)

    def action_catalogue(self, seats: int, options: GreedOptions) -> ActionCatalogue:
        """Banking, then every set-aside of one to six dice (923); a roll has at most 462 outcomes."""
        keeps = [
            Keep(faces_of(counts)).to_json()
            for size in range(1, NUM_DICE + 1)
            for counts in _multisets(size)
        ]
        rolls = len(_multisets(NUM_DICE))
        return ActionCatalogue((Bank().to_json(), *keeps), menu_slots=0, chance_outcomes=rolls)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.greed.bots import BOTS

        return BOTS

    def strongest_bot(self, seats: int, options: Mapping[str, Any]) -> str:
        return "optimal"  # exact for two players, a close approximation beyond

    def advisor(self) -> Advisor:
        from highstakes.catalog.greed.bots import hint

        return hint

    def solver(self) -> Solver:
        from highstakes.catalog.greed.solver import SOLVER

        return SOLVER

    def terminal_table(self) -> TerminalTableFactory:
        from highstakes.catalog.greed.tui.app import GreedApp

        return GreedApp


GREED = GreedDefinition()

__all__ = ["GREED", "Bank", "GreedDefinition", "GreedOptions", "GreedState", "Keep"]


def _multisets(size: int) -> list[Counts]:
    """Every roll of ``size`` dice as a count vector, in a fixed order."""
    return [
        tuple(combo.count(face) for face in range(len(FACES)))  # type: ignore[misc]
        for combo in itertools.combinations_with_replacement(range(len(FACES)), size)
    ]
