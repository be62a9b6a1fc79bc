"""Pig: roll a die as often as you dare; a 1 loses the turn's points. First to the target wins.

An example of a High Stakes game in its own package. It offers rules, two bots and a rules
page; every face plays it with its generic table and renderer.
"""

from __future__ import annotations

from collections.abc import Sequence

from highstakes.engine import JSON, Action, BotInfo, GameDefinition
from highstakes_pig.rules import PigOptions, PigState, parse_move
from highstakes_pig.words import N_


class PigDefinition(GameDefinition):
    id = "pig"
    title = N_("Pig")
    summary = N_("Roll a die as often as you dare; a 1 loses the turn. First to 100 wins.")
    min_seats = 2
    max_seats = 6
    resources = __name__  # rules.md and README.md ship in this package
    options_type = PigOptions
    hidden_information = False  # the die is rolled in the open
    max_game_length = 20_000  # random play ends long before this

    def new_state(self, seats: int, options: PigOptions) -> PigState:
        return PigState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes_pig.bots import HoldAtBot

        return (
            BotInfo("hold10", lambda: HoldAtBot(10), N_("timid"), N_("holds as soon as a turn is worth 10")),
            BotInfo("hold20", lambda: HoldAtBot(20), N_("steady"),
                    N_("holds once a turn is worth 20, the classic rule of thumb")),
        )


PIG = PigDefinition()
