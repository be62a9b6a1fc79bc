"""Who Wants to Be a Millionaire: the board game with a rotating host or the app as host
(RULES.md §4, §7.1 to §7.3).

Everything about the game lives in this package: the question bank (``bank``), the rules,
the bots and the words; :class:`MillionaireDefinition` declares what it offers, and the
project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highstakes.catalog.millionaire.actions import Move, parse_move
from highstakes.catalog.millionaire.commands import build_questions_command
from highstakes.catalog.millionaire.money import STEPS
from highstakes.catalog.millionaire.options import MillionaireOptions
from highstakes.catalog.millionaire.rules import MillionaireState
from highstakes.catalog.millionaire.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import Advisor, Analysis, BotInfo, Command, TerminalTableFactory


class MillionaireDefinition(GameDefinition):
    id = "millionaire"
    title = N_("Who Wants to Be a Millionaire")
    summary = N_(
        "Climb the 15-step money tree from $100 to $1,000,000 with secret answers revealed together, "
        "three lifelines and two safe havens; walk away or risk it. The richest after the agreed rounds wins."
    )
    min_seats = 1
    max_seats = 8
    default_seats = 2  # you and a bot; one seat alone is the solo game
    resources = __name__  # rules.md, README.md and the question packs
    options_type = MillionaireOptions
    hidden_information = True  # the correct answer, every seat's answer, hunch and lifeline cards
    seat_keys = GameDefinition.seat_keys | {"host", "asker", "waiting_for", "your_friend"}
    # Per round: 15 questions, each with its chance events (a question, a hunch per seat,
    # lifelines) and decisions (an answer per seat, lifelines, cards passed); 15 rounds at most.
    max_game_length = 15 * STEPS * (2 + 8 * 12)

    def max_chance_outcomes(self, seats: int, options: MillionaireOptions) -> int:
        """A question of the level, the 50:50's pair, or the letters of a hunch or of the
        audience's voters, whichever has the most outcomes."""
        from highstakes.catalog.millionaire.actions import LETTERS
        from highstakes.catalog.millionaire.rules import HUNCH_CLUES, SIMULATED_VOTERS, pack_levels

        questions = max(len(level) for level in pack_levels(options.pack)[1])
        return max(questions, len(LETTERS) ** max(HUNCH_CLUES, SIMULATED_VOTERS))

    def new_state(self, seats: int, options: MillionaireOptions) -> MillionaireState:
        return MillionaireState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def action_catalogue(self, seats: int, options: MillionaireOptions) -> Sequence[JSON]:
        """Every move: an answer or a card by letter, walking away, the lifelines, and phoning
        each seat as the friend (§4.4, §4.5)."""
        from highstakes.catalog.millionaire.actions import FLAG_KINDS, LETTERS

        return ([{"answer": letter} for letter in LETTERS] + [{"card": letter} for letter in LETTERS]
                + [{kind: True} for kind in FLAG_KINDS] + [{"phone": seat} for seat in range(seats)])

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.millionaire.bots import BOTS

        return BOTS

    def advisor(self) -> Advisor:
        from highstakes.catalog.millionaire.advisor import advise

        return advise

    def analysis(self) -> Analysis:
        from highstakes.catalog.millionaire.analysis import ANALYSIS

        return ANALYSIS

    def terminal_table(self) -> TerminalTableFactory:
        from highstakes.catalog.millionaire.tui.app import MillionaireApp

        return MillionaireApp

    def next_setup(self, records: Sequence[Mapping[str, Any]]) -> JSON | None:
        """The questions the table saw in its last games, which the next game avoids where it can."""
        from highstakes.catalog.millionaire.rules import next_setup

        return next_setup(records)

    def commands(self) -> Sequence[Command]:
        """``highstakes questions validate | import | stats``: the user's own question packs."""
        return (Command("questions", N_("check, import and count question packs for Millionaire"),
                        build_questions_command),)


MILLIONAIRE = MillionaireDefinition()

__all__ = ["MILLIONAIRE", "MillionaireDefinition", "MillionaireOptions", "MillionaireState", "Move"]
