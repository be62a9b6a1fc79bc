"""The pop-ups of Deal or No Deal: each finished game with every case shown, and the match's end."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.catalog.deal_or_no_deal.tui.text import MONEY_STYLE, short_dollars
from highstakes.catalog.deal_or_no_deal.tui.widgets import CASE_SPECIAL_STYLE
from highstakes.engine.action import JSON
from highstakes.tui.screens import GameOverScreen

CASES_PER_ROW = 7


class GameResultScreen(ModalScreen[str | None]):
    """One finished game of the match, every case shown: the moment a deal is judged."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Continue"),
        Binding("q", "quit_app", "Quit"),
    ]

    def __init__(self, title: str, lines: list[Text], cases: Text) -> None:
        super().__init__()
        self._title = title
        self._lines = lines
        self._cases = cases

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="game-result-box") as box:
            box.border_title = self._title
            for line in self._lines:
                yield Static(line, classes="result-line")
            yield Static(self._cases, id="all-cases")
            yield Static("enter continue · q quit", classes="result-keys")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_quit_app(self) -> None:
        self.dismiss("quit")


class MatchOverScreen(GameOverScreen):
    """The match's standings and every game's result; dismissed with "new", "quit" or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("n", "new", "New match")]
    PLAYED = "match"


def game_summary(result: dict[str, JSON], version: str, seat_name: Callable[[int], str]) -> list[Text]:
    """What a finished game came to: the deal against the case, or the case kept or swapped."""
    contestant, host = result["contestant"], result["host"]
    special = result["special_case"]
    value = result["special_value"]
    lines = []
    if result["deal"]:
        line = Text(f"{seat_name(contestant)} took the deal: ")
        line.append(dollars(result["won"]), style=MONEY_STYLE)
        lines.append(line)
        verdict = Text(f"Case {special} held ")
        verdict.append(dollars(value), style="bold")
        difference = result["won"] - value
        if difference > 0:
            verdict.append(f": a good deal, {dollars(difference)} more than the case", style="green")
        elif difference < 0:
            verdict.append(f": the case was worth {dollars(-difference)} more", style="red")
        else:
            verdict.append(": exactly the deal")
        lines.append(verdict)
    else:
        line = Text(f"{seat_name(contestant)} refused every offer and won ")
        line.append(dollars(result["won"]), style=MONEY_STYLE)
        lines.append(line)
        kept = result["won"] == value  # the values all differ, so this tells keep from swap
        lines.append(Text(f"Their own case {special} held {dollars(value)}: "
                          f"{'kept to the end' if kept else 'swapped at the end'}"))
    payer = "the bank" if version == "duo" else seat_name(host)
    lines.append(Text(f"Paid by {payer}", style="dim"))
    return lines


def all_cases(values: list[int], special: int, before: dict[str, JSON]) -> Text:
    """Every case of a finished game with its value: the contestant's in green, the ones
    opened during play dimmed, the ones only now revealed in bold."""
    grid = Text()
    for index, value in enumerate(values):
        number = index + 1
        if index and index % CASES_PER_ROW == 0:
            grid.append("\n")
        opened = before["cases"][index]["opened"]
        style = CASE_SPECIAL_STYLE if number == special else ("dim" if opened else "bold")
        grid.append(f"{number:>2} {short_dollars(value):<6}", style=style)
        grid.append(" ")
    return grid


def games_table(games: list[dict[str, JSON]], short_name: Callable[[int], str]) -> Table:
    """Every game of the match: who was the contestant, what they won and how."""
    table = Table(box=None, padding=(0, 1), title="Games", title_justify="left", title_style="bold")
    table.add_column("#", justify="right")
    table.add_column("contestant")
    table.add_column("won", justify="right")
    table.add_column("how")
    for entry in games:
        case = entry["special_case"]
        if entry["deal"]:
            how = f"deal · case {case} held {dollars(entry['special_value'])}"
        elif entry["won"] == entry["special_value"]:
            how = f"kept case {case} to the end"
        else:
            how = f"swapped case {case} at the end"
        who = short_name(entry["contestant"])
        table.add_row(str(entry["game"]), who, dollars(entry["won"]), how)
    return table
