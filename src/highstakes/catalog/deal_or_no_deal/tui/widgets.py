"""The panels of the Deal or No Deal table: the money board, the players, the cases grid, the
offer box and the box for typed amounts. Each panel draws itself from the public view."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Grid
from textual.message import Message
from textual.widgets import Input, Static

from highstakes.catalog.deal_or_no_deal.money import FREE_GUESS_PRIZE, NUM_CASES, dollars
from highstakes.catalog.deal_or_no_deal.tui.text import (
    MONEY_STYLE,
    own_case,
    percent,
    role_of,
    seat_tag,
    short_dollars,
)
from highstakes.catalog.deal_or_no_deal.words import N_, _, ngettext
from highstakes.engine.action import JSON
from highstakes.tui.words import styled

# The show's board: low values on blue, high values on gold; covered values struck out.
LOW_STYLE = "bold #ffffff on #1d4f91"
HIGH_STYLE = "bold #1a1405 on #e0b422"
GONE_STYLE = "strike #8a8a8a"
CASE_CLOSED_STYLE = "bold #101010 on #c0c0c8"
CASE_SPECIAL_STYLE = "bold #101010 on #3fcf6a"
CASE_CALLED_STYLE = "bold #ffffff on #d7263d"
CASE_OPENED_STYLE = "#b0b0b0 on #262626"
# How each role is marked in the players panel: a letter of the role's word in the reader's
# language (said with ``_``, the legend under the panel names them), and its style.
ROLE_LETTERS: dict[str, tuple[str, str]] = {
    # Translators: the banker's letter in the players panel (B=banker).
    "banker": (N_("B"), "bold #ffd56b"),
    # Translators: the host's letter in the players panel (H=host).
    "host": (N_("H"), "bold #ffd56b"),
    # Translators: the contestant's letter in the players panel (C=contestant).
    "contestant": (N_("C"), "bold #3fcf6a"),
    "holder": ("·", "dim"),
}


def role_letter(role: str) -> tuple[str, str]:
    letter, style = ROLE_LETTERS.get(role, ("", ""))
    return (_(letter) if letter.isalpha() else letter), style


class AmountBox(Input):
    """The box for typed case numbers and amounts.

    What is typed here stays text in the box: no key typed into it acts on the table (the
    letters that are the table's keys elsewhere included), and Enter sends only what the box
    reads. Escape, Up and Down go back to the menu of choices.
    """

    class Leave(Message):
        """The person left the box for the menu; ``step`` moves the menu's highlight (0: stay)."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    async def _on_key(self, event: events.Key) -> None:
        steps = {"up": -1, "down": 1, "escape": 0}
        if event.key in steps:
            event.stop()
            event.prevent_default()
            self.post_message(self.Leave(steps[event.key]))


def money_board(view: dict[str, JSON]) -> Table:
    """The values, low on the left and high on the right; those no longer in play struck out."""
    board = Table(box=None, show_header=False, padding=(0, 0), expand=True)
    board.add_column(justify="right", ratio=1)
    board.add_column(width=1)
    board.add_column(justify="right", ratio=1)
    entries = view["board"]
    half = len(entries) // 2
    for low, high in zip(entries[:half], entries[half:], strict=True):
        board.add_row(
            Text(f" {dollars(low['value'])} ", style=LOW_STYLE if low["in_play"] else GONE_STYLE),
            "",
            Text(f" {dollars(high['value'])} ", style=HIGH_STYLE if high["in_play"] else GONE_STYLE),
        )
    return board


class MoneyBoard(Static):
    """The values still in play, low on the left and high on the right, and their mean."""

    def on_mount(self) -> None:
        self.border_title = _("Money board")

    def show(self, view: dict[str, JSON]) -> None:
        self.update(money_board(view))
        self.border_subtitle = mean_words(view)


def mean_words(view: dict[str, JSON]) -> str:
    return _("mean {amount}").format(amount=dollars(view["mean_in_play"]))


def players_table(view: dict[str, JSON], acting: int | None, short_name: Callable[[int], str]) -> Group:
    """Each seat's role and money, this game's offers, then the games already finished."""
    party = view["version"] == "party"
    money = view["money"] if party else view["winnings"]
    table = Table(box=None, show_header=False, expand=True, padding=(0, 0))
    table.add_column(width=2)
    table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
    table.add_column(width=2)
    table.add_column(justify="right", no_wrap=True)
    for seat in range(view["seats"]):
        letter, style = role_letter(role_of(view, seat))
        current = seat == acting
        table.add_row(
            Text("▶", style="bold green") if current else "",
            Text(short_name(seat), style="bold" if current else ""),
            Text(letter, style=style),
            Text(dollars(money[seat]), style=MONEY_STYLE if current else ""),
        )
    return Group(table, _history(view, short_name))


def _history(view: dict[str, JSON], short_name: Callable[[int], str]) -> Text:
    text = Text()
    for entry in view["offers"]:
        if not entry["offers"]:
            continue
        outcome = {"deal": (_("DEAL"), "bold green"), "no_deal": (_("no deal"), "red")}.get(
            entry["outcome"] or "", ("…", "dim"))
        # Translators: a round in the players panel's list of offers, in at most four characters.
        round_label = _("R{round}").format(round=entry["round"])
        text.append(f"\n{round_label:<4}")
        text.append(f"{dollars(entry['offers'][-1]):>11} ")
        text.append(outcome[0], style=outcome[1])
    for entry in view["results"]:
        text.append("\n")
        text.append_text(styled(_("Game {number}: {name} won {amount}"), number=entry["game"],
                                name=short_name(entry["contestant"]),
                                amount=Text(dollars(entry["won"]), style=MONEY_STYLE)))
    return text


class PlayersPanel(Static):
    """Each seat's role and money, this game's offers, then the games already finished."""

    def show(self, view: dict[str, JSON], acting: int | None, short_name: Callable[[int], str]) -> None:
        """``acting`` is the seat to act (None once the match is over)."""
        self.update(players_table(view, acting, short_name))
        if view["version"] == "party":
            self.border_title = _("Money · kitty {amount}").format(amount=dollars(view["kitty"]))
            self.border_subtitle = _("{host}=host {contestant}=contestant").format(
                host=_(ROLE_LETTERS["host"][0]), contestant=_(ROLE_LETTERS["contestant"][0]))
        else:
            self.border_title = _("Winnings")
            self.border_subtitle = _("{banker}=banker {contestant}=contestant").format(
                banker=_(ROLE_LETTERS["banker"][0]), contestant=_(ROLE_LETTERS["contestant"][0]))


class CaseCell(Static):
    """One briefcase of the grid; a click on it picks or opens that case."""

    class Clicked(Message):
        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, number: int) -> None:
        super().__init__(id=f"case-{number}", classes="case")
        self.number = number

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.number))


class CasesGrid(Grid):
    """Every briefcase: its number, then its holder while closed or its value once opened."""

    def compose(self) -> ComposeResult:
        for number in range(1, NUM_CASES + 1):
            yield CaseCell(number)

    def show(self, view: dict[str, JSON]) -> None:
        for case in view["cases"]:
            number = case["case"]
            label, style, called = case_face(view, case)
            cell = self.query_one(f"#case-{number}", CaseCell)
            cell.update(Text(f"{number:^6}\n{label:^6}", style=style))
            cell.set_class(case["opened"], "opened")
            cell.set_class(case["special"], "special")
            cell.set_class(called, "called")


def case_face(view: dict[str, JSON], case: dict[str, JSON]) -> tuple[str, str, bool]:
    """A briefcase as drawn: the label under its number, its style, and whether it is called now."""
    number, holder = case["case"], case["holder"]
    called = number == view["called"] and not case["opened"]
    if case["value"] is not None:  # opened, or every case once the match is over
        return short_dollars(case["value"]), CASE_OPENED_STYLE, called
    if case["special"]:
        return "★" + seat_tag(view["contestant"]), CASE_SPECIAL_STYLE, called
    if called:
        return (seat_tag(holder) + "?" if holder is not None else "?"), CASE_CALLED_STYLE, called
    label = seat_tag(holder) if holder is not None else (_("centre") if view["version"] == "party" else "")
    return label, CASE_CLOSED_STYLE, called


def cases_text(view: dict[str, JSON], per_row: int = 7) -> Text:
    """Every briefcase as two lines of text a row (the grid's look, for a replay's drawing)."""
    rows = []
    cases = view["cases"]
    for start in range(0, len(cases), per_row):
        numbers, labels = Text(), Text()
        for case in cases[start:start + per_row]:
            label, style, _ = case_face(view, case)
            numbers.append(f"{case['case']:^6}", style=style).append(" ")
            labels.append(f"{label:^6}", style=style).append(" ")
        rows.append(Text("\n").join([numbers, labels]))
    return Text("\n").join(rows)


def offer_box_text(view: dict[str, JSON], human_to_act: bool) -> Text:
    """The offer while host and contestant negotiate; what a guess may win while a person guesses."""
    phase = view["phase"]
    text = Text()
    if phase in ("offer", "respond", "counter") and view["offers"]:
        _negotiation(view, text)
    elif phase in ("guess", "final_guess") and human_to_act:
        text.append_text(styled(_("If right, free wins {prize}, paid ({price}) the value"),
                                prize=Text(dollars(FREE_GUESS_PRIZE), style="bold"),
                                price=short_dollars(view["price"])))
    elif phase == "host_guess" and human_to_act:
        text.append(_("Pay {price} to guess case {case}").format(
            price=dollars(view["price"]), case=own_case(view)))
        text.append("\n" + _("right: the bank pays its value"))
    return text


def _negotiation(view: dict[str, JSON], text: Text) -> None:
    mean = view["mean_in_play"]
    current = view["offers"][-1]
    if view["offer"] is None:
        text.append_text(styled(_("Round {round} · mean left {amount}"), round=current["round"],
                                amount=Text(dollars(mean), style="bold")))
    else:
        text.append_text(styled(_("{offer} {amount}"), offer=Text(_("OFFER"), style="bold"),
                                amount=Text(dollars(view["offer"]), style=MONEY_STYLE)))
        text.append(" " + _("({share} of mean)").format(share=percent(view["offer"], mean)), style="dim")
    if view["counter"] is not None:
        text.append("\n")
        text.append_text(styled(_("{counter} {amount}"), counter=Text(_("COUNTER"), style="bold"),
                                amount=Text(dollars(view["counter"]), style="bold cyan")))
    if view["stood_firm"]:
        firm = _("The host stands firm") if view["version"] == "party" else _("The banker stands firm")
        text.append("\n" + firm, style="bold yellow")
    elif view["phase"] == "respond":
        left = view["counters_left"]
        text.append("\n" + ngettext("{count} counter left", "{count} counters left", left).format(count=left),
                    style="dim")
    if len(current["offers"]) > 1:
        history = " → ".join(short_dollars(amount) for amount in current["offers"])
        text.append("\n" + _("offers {history}").format(history=history), style="dim")
