"""Every widget of :mod:`highstakes.table` as Rich text, once for all games: the terminal's drawers.

:class:`Drawing` holds what the drawers need beyond the widget: the reader (the table's
words in the reader's language, seats named as this table names them), the reader's seat, the
advisor's choice and what a picker holds so far. Each drawer returns a Rich renderable;
``draw`` dispatches on the widget's type. Keys are drawn in front of what they choose, in bold.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from msgspec.structs import replace
from rich.console import Group, RenderableType
from rich.panel import Panel as RichPanel
from rich.table import Table as RichTable
from rich.text import Text

from highstakes.i18n import _, ngettext
from highstakes.i18n.numbers import format_number
from highstakes.table import (
    Actionable,
    AmountBox,
    Bars,
    Bill,
    Card,
    Case,
    CaseGrid,
    Clock,
    Coin,
    Column,
    Compose,
    Custom,
    Dice,
    Die,
    Facts,
    Hand,
    Ladder,
    Log,
    Menu,
    MenuItem,
    Note,
    Panel,
    Pieces,
    Plain,
    Records,
    Row,
    Say,
    Seats,
    Table,
    same_act,
)
from highstakes.table.compose import canonical
from highstakes.table.reading import Reader

TONES = {"info": "", "warn": "yellow", "win": "bold green", "bad": "bold red"}
DIE_WIDTH = 5
DEFAULT_PAINT, DEFAULT_INK = "#e8e8e8", "#101010"
#: Entries of a log drawn inside the board (the log area has a panel of its own).
LOG_LINES = 12


@dataclass
class Drawing:
    """What the drawers need beyond a widget (see the module's text)."""

    reader: Reader
    seat: int | None = None
    hinted: Any = None
    composition: dict[str, list[Any]] = field(default_factory=dict)
    #: Custom kinds this face has a drawer for (drawn elsewhere; here their fallback is skipped).
    extended: frozenset[str] = frozenset()

    def text(self, value: Any, style: str = "") -> Text:
        """A sentence or value as Rich text, its strong parts bold."""
        text = Text(style=style)
        for part, strong in self.reader.parts(value):
            text.append(part, style="bold" if strong else "")
        return text

    def keyed(self, element: Actionable | Compose, label: Text) -> Text:
        """``label`` with the element's key in front and the hint's star behind."""
        line = Text()
        if element.key:
            line.append(f"{element.key} ", style="bold reverse")
            line.append(" ")
        line.append_text(label)
        if isinstance(element, Actionable):
            if element.act is None and element.refusal is not None:
                line.stylize("dim")
            if element.hint or (self.hinted is not None and element.act is not None
                                and same_act(element.act, self.hinted)):
                line.append("  ★ " + _("hint"), style="bold cyan")
        return line


def draw_all(widgets: Sequence[Any], drawing: Drawing) -> RenderableType:
    return Group(*(draw(widget, drawing) for widget in widgets))


def draw_board(table: Table, drawing: Drawing, *, with_turn: bool = False) -> RenderableType:
    """The table's main and side areas (and its turn line and log, for a replay's picture)."""
    parts: list[RenderableType] = []
    if with_turn and table.turn is not None:
        parts.append(drawing.text(table.turn, "bold"))
    parts.extend(draw(widget, drawing) for widget in [*table.main, *table.side])
    if with_turn and table.log is not None:
        parts.append(draw_log(table.log, drawing))
    return Group(*parts)


def draw(widget: Any, drawing: Drawing) -> RenderableType:
    """One widget as Rich text."""
    drawer = DRAWERS.get(type(widget))
    return drawer(widget, drawing) if drawer else Text("")


# --- layout and words ----------------------------------------------------------------------------

def draw_panel(panel: Panel, drawing: Drawing) -> RenderableType:
    title = drawing.text(panel.title, "bold") if panel.title is not None else None
    return RichPanel(draw_all(panel.children, drawing), title=title, title_align="left", expand=True)


def draw_row(row: Row, drawing: Drawing) -> RenderableType:
    grid = RichTable.grid(padding=(0, 2))
    for _child in row.children:
        grid.add_column()
    grid.add_row(*(draw(child, drawing) for child in row.children))
    return grid


def draw_column(column: Column, drawing: Drawing) -> RenderableType:
    return draw_all(column.children, drawing)


def draw_note(note: Note, drawing: Drawing) -> RenderableType:
    return drawing.text(note.text, TONES[note.tone])


def draw_words(words: Say | Plain, drawing: Drawing) -> RenderableType:
    return drawing.text(words)


def draw_facts(facts: Facts, drawing: Drawing) -> RenderableType:
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(style="dim")
    grid.add_column()
    for fact in facts.rows:
        grid.add_row(drawing.text(fact.label), drawing.text(fact.value))
    return grid


def draw_records(records: Records, drawing: Drawing) -> RenderableType:
    shown = records.rows[-records.limit:] if records.limit else records.rows
    table = RichTable(show_edge=False, pad_edge=False)
    for column in records.columns:
        table.add_column(drawing.text(column))
    for row in shown:
        table.add_row(*(drawing.text(value) for value in row))
    parts: list[RenderableType] = [drawing.text(records.title, "bold")] if records.title is not None else []
    parts.append(table)
    total = max(records.total or 0, len(records.rows))
    if len(shown) < total:  # under the table, not as its caption, which would wrap to its width
        caption = _("the last {shown} of {total}").format(shown=len(shown), total=total)
        parts.append(Text(caption, style="dim"))
    return Group(*parts)


# --- seats ---------------------------------------------------------------------------------------

def draw_seats(seats: Seats, drawing: Drawing) -> RenderableType:
    grid = RichTable.grid(padding=(0, 1))
    for justify in ("left", "left", "left", "right"):
        grid.add_column(justify=justify)  # type: ignore[arg-type]
    if seats.score_label is not None:
        grid.add_row("", "", "", drawing.text(seats.score_label, "dim"))
    for row in seats.rows:
        name = Text(drawing.reader.seat_name(row.seat))
        if row.seat == drawing.seat:
            name = Text(_("{name} (you)").format(name=name.plain))
        if row.side is not None:
            name.append(" ◆" + str(row.side + 1), style="cyan")
        marker = "★" if row.winner else "▶" if row.to_act else ""
        notes = Text(" ").join([drawing.text(word, "italic") for word in [row.status, *row.badges]
                                if word is not None])
        score = drawing.text(row.score) if row.score is not None else Text("")
        if row.to_act:
            name.stylize("bold")
        grid.add_row(Text(marker, style="bold yellow"), name, notes, score)
    return grid


# --- pieces --------------------------------------------------------------------------------------

def die_lines(die: Die, drawing: Drawing) -> list[Text]:
    """A die as three lines, its key beneath when it has one."""
    paint, ink = die.paint or DEFAULT_PAINT, die.ink or DEFAULT_INK
    shown = die.shown or drawing.reader.plain(die.face)
    style = f"bold {ink} on {paint}" + (" dim" if die.held else "")
    lines = [Text("▗" + "▄" * (DIE_WIDTH - 2) + "▖", style=paint), Text(shown.center(DIE_WIDTH), style=style),
             Text("▝" + "▀" * (DIE_WIDTH - 2) + "▘", style=paint)]
    below = (die.key or "").center(DIE_WIDTH) if die.key else " " * DIE_WIDTH
    lines.append(Text(below, style="bold"))
    return lines


def draw_dice(dice: Dice, drawing: Drawing) -> RenderableType:
    rows: list[Text] = [Text(), Text(), Text(), Text()]
    for index, die in enumerate(dice.dice):
        for line, part in zip(rows, die_lines(die, drawing), strict=True):
            if index:
                line.append(" ")
            line.append_text(part)
    if not any(die.key for die in dice.dice):
        rows.pop()
    label = [drawing.text(dice.label, "dim")] if dice.label is not None else []
    return Group(*label, *rows)


def piece_chip(piece: Any, drawing: Drawing) -> Text:
    """One piece as a chip of text: a coin round, a bill square, a card upright, a case numbered."""
    if isinstance(piece, Die):
        shown = piece.shown or drawing.reader.plain(piece.face)
        chip = Text(f" {shown} ", style=f"bold {piece.ink or DEFAULT_INK} on {piece.paint or DEFAULT_PAINT}")
    elif isinstance(piece, Coin | Bill):
        amount = drawing.reader.plain(piece.value)
        chip = Text(f"({amount})" if isinstance(piece, Coin) else f"[{amount}]", style="bold yellow")
        if piece.count != 1:
            chip.append(f" ×{piece.count}")
    elif isinstance(piece, Card):
        chip = card_chip(piece, drawing)
    elif isinstance(piece, Case):
        chip = case_chip(piece, drawing)
    else:
        return Text("")
    return drawing.keyed(piece, chip) if piece.actionable else chip


def card_chip(card: Card, drawing: Drawing) -> Text:
    """A card with its name in words (no meaning by colour alone); ▲ marks a playable one."""
    if card.face_down:
        return Text("▒▒", style="dim")
    words = drawing.reader.piece_name(card)
    style = f"bold {card.paint}" if card.paint else "bold"
    chip = Text(("▲" if card.playable else " ") + words, style=style if card.playable else (card.paint or ""))
    if card.special is not None:
        chip.append(" ").append_text(drawing.text(card.special, "italic"))
    if not card.playable and card.act is None:
        chip.stylize("dim")
    return chip


def case_chip(case: Case, drawing: Drawing) -> Text:
    number = f"{case.number:>2}"
    if case.status in ("open", "removed"):
        shown = Text(number, style="dim strike")
        if case.value is not None:
            shown.append(" " + drawing.reader.plain(case.value), style="dim")
        return shown
    style = {"held": "bold reverse", "offered": "bold yellow"}.get(case.status, "bold")
    chip = Text(f"[{number}]", style=style)
    if case.value is not None:
        chip.append(" " + drawing.reader.plain(case.value))
    if case.holder is not None:
        chip.append(" " + drawing.reader.seat_name(case.holder), style="italic")
    return chip


def draw_pieces(pieces: Pieces, drawing: Drawing) -> RenderableType:
    line = Text("  ").join(piece_chip(piece, drawing) for piece in pieces.pieces)
    return Group(drawing.text(pieces.label, "dim"), line) if pieces.label is not None else line


def draw_piece(piece: Any, drawing: Drawing) -> RenderableType:
    return piece_chip(piece, drawing)


def draw_hand(hand: Hand, drawing: Drawing) -> RenderableType:
    grid = RichTable.grid(padding=(0, 1))
    grid.add_column(style="dim")
    grid.add_column()
    for group in hand.groups:
        label = drawing.text(group.label) if group.label is not None else Text("")
        grid.add_row(label, Text("  ").join(piece_chip(card, drawing) for card in group.cards))
    return Group(drawing.text(hand.label, "dim"), grid) if hand.label is not None else grid


def draw_case_grid(grid: CaseGrid, drawing: Drawing) -> RenderableType:
    columns = grid.columns or 6
    table = RichTable.grid(padding=(0, 2))
    for _column in range(columns):
        table.add_column()
    chips = [piece_chip(case, drawing) for case in grid.cases]
    for start in range(0, len(chips), columns):
        row = chips[start:start + columns]
        table.add_row(*row, *[""] * (columns - len(row)))
    return Group(drawing.text(grid.label, "dim"), table) if grid.label is not None else table


def draw_ladder(ladder: Ladder, drawing: Drawing) -> RenderableType:
    table = RichTable.grid(padding=(0, 1))
    for justify in ("left", "right", "right", "left", "left"):
        table.add_column(justify=justify)  # type: ignore[arg-type]
    for index in reversed(range(len(ladder.rungs))):
        rung = ladder.rungs[index]
        here = index == ladder.current
        style = "bold reverse" if here else ("bold" if rung.safe else "")
        mark = ladder.marks.get(index)
        table.add_row("▶" if here else "", format_number(index + 1), drawing.text(rung.amount, style),
                      "◆" if rung.safe else "", drawing.text(mark, "italic") if mark is not None else "")
    return Group(drawing.text(ladder.label, "dim"), table) if ladder.label is not None else table


# --- words over time -----------------------------------------------------------------------------

def draw_log(log: Log, drawing: Drawing) -> RenderableType:
    entries = log.entries[-LOG_LINES:] if not log.newest_first else log.entries[:LOG_LINES]
    lines = [drawing.text(entry) for entry in entries]
    if log.title is not None:
        return RichPanel(Group(*lines), title=drawing.text(log.title, "bold"), title_align="left")
    return Group(*lines)


def draw_clock(clock: Clock, drawing: Drawing) -> RenderableType:
    seconds = ngettext("{n} second", "{n} seconds", round(clock.seconds_left)).format(
        n=format_number(round(clock.seconds_left)))
    line = Text("⏱ " + seconds, style="bold")
    if clock.of is not None:
        line.append(" · " + drawing.reader.plain(clock.of))
    return Group(drawing.text(clock.label, "dim"), line) if clock.label is not None else line


def draw_bars(bars: Bars, drawing: Drawing, width: int = 24) -> RenderableType:
    top = max((bar.value for bar in bars.items), default=0) or 1
    table = RichTable.grid(padding=(0, 1))
    table.add_column()
    table.add_column()
    table.add_column(justify="right")
    for bar in bars.items:
        length = round(width * bar.value / top)
        style = "bold yellow" if bar.highlight else "cyan"
        shown = drawing.text(bar.shown if bar.shown is not None else bar.value)
        table.add_row(drawing.text(bar.label), Text("█" * length or "▏", style=style), shown)
    return Group(drawing.text(bars.label, "dim"), table) if bars.label is not None else table


# --- controls ------------------------------------------------------------------------------------

def menu_line(item: MenuItem, drawing: Drawing) -> Text:
    line = drawing.keyed(item, drawing.text(item.label))
    if item.detail is not None:
        line.append("\n    ").append_text(drawing.text(item.detail, "dim"))
    return line


def draw_menu(menu: Menu, drawing: Drawing) -> RenderableType:
    lines = [menu_line(item, drawing) for item in menu.items]
    return Group(drawing.text(menu.title, "bold"), *lines) if menu.title is not None else Group(*lines)


def composition_text(compose: Compose, drawing: Drawing) -> Text:
    """What a picker holds so far, in words: each piece by its name, "nothing yet" when empty."""
    names = [drawing.reader.piece_name(piece) for piece in composed_pieces(compose, drawing.composition)]
    return Text(" + ".join(names) if names else _("nothing yet"), style="bold")


def composed_pieces(compose: Compose, composition: dict[str, list[Any]]) -> list[Any]:
    """The pieces a picker holds, one each (a choice's piece with a count of one)."""
    by_value = {canonical(choice.value): choice.piece for choice in compose.choices}
    pieces = []
    for value in composition.get(compose.kind, []):
        piece = by_value.get(canonical(value))
        if piece is not None:
            pieces.append(replace(piece, count=1) if isinstance(piece, Coin | Bill) else piece)
    return pieces


def draw_compose(compose: Compose, drawing: Drawing) -> RenderableType:
    held = drawing.composition.get(compose.kind, [])
    lines: list[RenderableType] = []
    if compose.label is not None:
        lines.append(drawing.text(compose.label, "bold"))
    for choice in compose.choices:
        left = choice.count - sum(1 for value in held if value == choice.value)
        chip = drawing.keyed(choice, piece_chip(choice.piece, drawing)) if choice.key else piece_chip(
            choice.piece, drawing)
        chip.append(" " + _("({n} left)").format(n=format_number(left)), style="dim")
        lines.append(chip)
    lines.append(Text(_("Chosen: ")).append_text(composition_text(compose, drawing)))
    submit = drawing.text(compose.submit)
    lines.append(drawing.keyed(compose, submit) if compose.key else submit)
    lines.append(Text(_("Backspace takes the last piece back."), style="dim"))
    return Group(*lines)


def draw_amount_box(box: AmountBox, drawing: Drawing) -> RenderableType:
    return drawing.text(box.label, "bold")


def draw_custom(custom: Custom, drawing: Drawing) -> RenderableType:
    return Text("") if custom.kind in drawing.extended else draw_all(custom.fallback, drawing)


DRAWERS: dict[type, Callable[[Any, Drawing], RenderableType]] = {
    Panel: draw_panel, Row: draw_row, Column: draw_column, Note: draw_note,
    Say: draw_words, Plain: draw_words,
    Facts: draw_facts, Records: draw_records, Seats: draw_seats, Dice: draw_dice, Pieces: draw_pieces,
    Die: draw_piece, Coin: draw_piece, Bill: draw_piece, Card: draw_piece, Case: draw_piece, Hand: draw_hand,
    CaseGrid: draw_case_grid, Ladder: draw_ladder, Log: draw_log, Clock: draw_clock, Bars: draw_bars,
    Menu: draw_menu, Compose: draw_compose, AmountBox: draw_amount_box, Custom: draw_custom,
}
