"""Greed: the six-dice push-your-luck game (RULES.md §2).

Everything about the game lives in this package; :class:`GreedDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highstakes.catalog.greed.actions import Bank, Keep, parse_action
from highstakes.catalog.greed.options import GreedOptions
from highstakes.catalog.greed.rules import GreedState
from highstakes.catalog.greed.scoring import FACES
from highstakes.catalog.greed.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import Advisor, BotInfo, Solver, TerminalTableFactory, ViewEncoder


class GreedDefinition(GameDefinition):
    id = "greed"
    title = N_("Greed")
    summary = N_(
        "Six-dice push-your-luck: set scoring dice aside, roll on or bank, "
        "and don't greed out. First to 5,000 starts the final round."
    )
    # Any number of players from two (RULES.md §2.1; the seed: "cualquier número"). A table
    # seats twelve at most: every score then stays on screen beside the dice and the menu, in
    # the terminal at 80×24 (tui/app.py) and in the browser in one column.
    min_seats = 2
    max_seats = 12
    resources = __name__  # rules.md, README.md and web/renderer.js
    options_type = GreedOptions
    hidden_information = False  # dice are rolled in the open
    seat_keys = GameDefinition.seat_keys | {"triggered_by", "final_turns_left"}

    def new_state(self, seats: int, options: GreedOptions) -> GreedState:
        return GreedState(seats, options)

    def max_chance_outcomes(self, seats: int, options: GreedOptions) -> int:
        """A roll of six dice (the roll-off's too): 462 different rolls, multisets of six faces."""
        from math import comb

        from highstakes.catalog.greed.scoring import NUM_DICE

        return comb(NUM_DICE + len(FACES) - 1, NUM_DICE)

    def parse_action(self, data: JSON) -> Action:
        return parse_action(data)

    def action_catalogue(self, seats: int, options: GreedOptions) -> Sequence[JSON]:
        """Banking, and every set-aside of one to six dice made only of scoring combinations
        (§2.2, G-2), fewest dice first: the 79 moves a roll can ever offer."""
        from itertools import combinations_with_replacement

        from highstakes.catalog.greed.scoring import NUM_DICE, counts_of, keep_value

        keeps = [list(faces) for size in range(1, NUM_DICE + 1)
                 for faces in combinations_with_replacement(FACES, size)
                 if keep_value(counts_of(faces)) is not None]
        return [{"bank": True}, *({"keep": faces} for faces in keeps)]

    def observation_encoder(self, seats: int, options: GreedOptions) -> ViewEncoder:
        """The dice as counts of each face, the scores from the viewing seat round the table."""
        from highstakes.catalog.greed.encoding import GreedEncoder

        return GreedEncoder(seats)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.greed.bots import BOTS

        return BOTS

    def strongest_bot(self, seats: int, options: Mapping[str, Any]) -> str:
        # Exact for two players; beyond, an approximation no other bot beats (at twelve seats it
        # is only as good as maxexp: the reference page, "More than two players").
        return "optimal"

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
