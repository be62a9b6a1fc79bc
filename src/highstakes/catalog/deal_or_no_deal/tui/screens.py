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
from highstakes.catalog.deal_or_no_deal.words import N_, WORDS, _
from highstakes.engine.action import JSON
from highstakes.tui.screens import GameOverScreen
from highstakes.tui.words import speak_bindings, styled

CASES_PER_ROW = 7


class GameResultScreen(ModalScreen[str | None]):
    """One finished game of the match, every case shown: the moment a deal is judged."""

    WORDS = WORDS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", N_("Continue")),
        Binding("q", "quit_app", N_("Quit")),
    ]

    def __init__(self, title: str, lines: list[Text], cases: Text) -> None:
        super().__init__()
        speak_bindings(self)
        self._title = title
        self._lines = lines
        self._cases = cases

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="game-result-box") as box:
            box.border_title = self._title
            for line in self._lines:
                yield Static(line, classes="result-line")
            yield Static(self._cases, id="all-cases")
            yield Static(_("enter continue · q quit"), classes="result-keys")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_quit_app(self) -> None:
        self.dismiss("quit")


class MatchOverScreen(GameOverScreen):
    """The match's standings and every game's result; dismissed with "new", "quit" or None."""

    WORDS = WORDS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("n", "new", N_("New match"))]
    OVER = N_("Match over")
    KEYS = N_("n new match · q quit · esc close")


def game_summary(result: dict[str, JSON], version: str, seat_name: Callable[[int], str]) -> list[Text]:
    """What a finished game came to: the deal against the case, or the case kept or swapped."""
    contestant, host = result["contestant"], result["host"]
    special = result["special_case"]
    value = result["special_value"]
    lines = []
    if result["deal"]:
        lines.append(styled(_("{name} took the deal: {amount}"), name=seat_name(contestant),
                            amount=Text(dollars(result["won"]), style=MONEY_STYLE)))
        held = Text(dollars(value), style="bold")
        difference = result["won"] - value
        if difference > 0:
            verdict = styled(_("Case {case} held {amount}: {judgement}"), case=special, amount=held,
                             judgement=Text(_("a good deal, {amount} more than the case").format(
                                 amount=dollars(difference)), style="green"))
        elif difference < 0:
            verdict = styled(_("Case {case} held {amount}: {judgement}"), case=special, amount=held,
                             judgement=Text(_("the case was worth {amount} more").format(
                                 amount=dollars(-difference)), style="red"))
        else:
            verdict = styled(_("Case {case} held {amount}: exactly the deal"), case=special, amount=held)
        lines.append(verdict)
    else:
        lines.append(styled(_("{name} refused every offer and won {amount}"), name=seat_name(contestant),
                            amount=Text(dollars(result["won"]), style=MONEY_STYLE)))
        kept = result["won"] == value  # the values all differ, so this tells keep from swap
        if kept:
            lines.append(Text(_("Their own case {case} held {amount}: kept to the end").format(
                case=special, amount=dollars(value))))
        else:
            lines.append(Text(_("Their own case {case} held {amount}: swapped at the end").format(
                case=special, amount=dollars(value))))
    if version == "duo":
        lines.append(Text(_("Paid by the bank"), style="dim"))
    else:
        lines.append(Text(_("Paid by {name}").format(name=seat_name(host)), style="dim"))
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
    table = Table(box=None, padding=(0, 1), title=_("Games"), title_justify="left", title_style="bold")
    table.add_column("#", justify="right")
    table.add_column(_("contestant"))
    table.add_column(_("won"), justify="right")
    table.add_column(_("how"))
    for entry in games:
        case = entry["special_case"]
        if entry["deal"]:
            how = _("deal · case {case} held {amount}").format(
                case=case, amount=dollars(entry["special_value"]))
        elif entry["won"] == entry["special_value"]:
            how = _("kept case {case} to the end").format(case=case)
        else:
            how = _("swapped case {case} at the end").format(case=case)
        who = short_name(entry["contestant"])
        table.add_row(str(entry["game"]), who, dollars(entry["won"]), how)
    return table
