"""Pig: roll a die as often as you dare; a 1 loses the turn's points. First to the target wins.

An example of a High Stakes game in its own package. It offers rules, two bots, a rules
page and its table, declared once (``table.py``) and drawn by every face.
"""

from __future__ import annotations

from collections.abc import Sequence

from highstakes.engine import JSON, Action, BotInfo, GameDefinition
from highstakes.table import Legal, Table, TableContext
from highstakes_pig.rules import PigOptions, PigState, parse_move
from highstakes_pig.table import PigView, pig_table
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
    view_type = PigView  # the declaration below reads the view typed

    def new_state(self, seats: int, options: PigOptions) -> PigState:
        return PigState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def table(self, view: PigView, legal: Legal, context: TableContext) -> Table:
        return pig_table(view, legal, context)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes_pig.bots import HoldAtBot

        return (
            BotInfo("hold10", lambda: HoldAtBot(10), N_("timid"), N_("holds as soon as a turn is worth 10")),
            BotInfo("hold20", lambda: HoldAtBot(20), N_("steady"),
                    N_("holds once a turn is worth 20, the classic rule of thumb")),
        )


PIG = PigDefinition()
