"""The stacking game's table drawn from a view: the stack in side view, the seats, the events in words.

Pure functions from a view (and the seats' names) to Rich renderables, shared by the table and
the replay viewer. The stack is drawn to scale across (one scale for the whole table, chosen so
that the widest bill and the widest swing fit an 80-column terminal) and one text row per
piece up (heights are not to scale). A piece's edges fall on half cells: a half-filled cell
(``▌`` or ``▐``) draws an edge that lies mid-cell, so a 1 mm shift shows at 2 mm a cell.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from highstakes.catalog.currency_sakana import DENOMINATIONS, yen
from highstakes.catalog.stacking.actions import millimetres, piece_name
from highstakes.catalog.stacking.model import COLLAPSE, MISS, STOOD, TOUCHED, Plate, lean
from highstakes.catalog.stacking.options import NO_LIMIT
from highstakes.catalog.stacking.sway import MAX_AMPLITUDE
from highstakes.catalog.stacking.words import _, ngettext
from highstakes.engine.action import JSON
from highstakes.tui.words import styled

SeatName = Callable[[int], str]

#: The drawing's width the scale is chosen for: an 80-column terminal less the panel's frame.
DRAWING_COLUMNS = 72
#: Each piece's colour (its body) and the colour of the words on it.
PIECE_COLOURS = {100: ("grey70", "black"), 500: ("gold3", "black"),
                 1000: ("dark_cyan", "white"), 5000: ("medium_purple3", "white")}
#: A piece in a row or a hand: a coin is round, a bill is flat.
PIECE_MARKS = {100: "●", 500: "●", 1000: "▬", 5000: "▬"}
#: A row shows this many pieces one by one, then "+n".
ROW_SHOWN = 8


# --- the scale ----------------------------------------------------------------------------------
def mm_per_cell(bill_width_mm: int) -> int:
    """Millimetres a character cell stands for at this table: the fewest whole millimetres such that
    a bill swinging as far as the swing ever reaches (its centre ``MAX_AMPLITUDE`` either side)
    fits ``DRAWING_COLUMNS``. 2 mm for bills 40 or 76 mm wide, 3 mm for 150 mm."""
    widest = bill_width_mm * 100 + 2 * MAX_AMPLITUDE  # hundredths of a millimetre
    return max(1, math.ceil(widest / (DRAWING_COLUMNS * 100)))


def half_cells(position: int, scale_mm: int) -> int:
    """A position (hundredths of a mm from the axis) in half cells from the axis, rounded."""
    return round(position / (scale_mm * 50))


def plates_of(view: dict[str, JSON]) -> dict[int, Plate]:
    shapes: dict[str, dict[str, int]] = view["plates"]  # type: ignore[assignment]
    return {int(piece): Plate(shape["width"], shape["thickness"], shape["mass"])
            for piece, shape in shapes.items()}


def stack_of_view(view: dict[str, JSON]) -> list[tuple[Plate, int]]:
    """The view's stack as the stability model's plates and centres."""
    plates = plates_of(view)
    return [(plates[int(item["piece"])], int(item["centre"])) for item in view["stack"]]  # type: ignore[union-attr, index]


def piece_mark(piece: int) -> Text:
    colour = PIECE_COLOURS[piece][0]
    return Text(PIECE_MARKS[piece], style=f"bold {colour}")


def legend() -> Text:
    """What the drawing's colours mean, and that heights are not to scale."""
    line = Text()
    for piece in DENOMINATIONS:
        line.append_text(piece_mark(piece))
        line.append(f" {yen(piece)}  ")
    line.append(_("one row a piece: heights not to scale"), style="dim")
    return line


def plate_row(piece: int, centre: int, width: int, scale_mm: int, columns: int) -> Text:
    """One piece seen from the side at ``centre`` (hundredths of a mm), its value written on it.

    The axis is the drawing's middle; a piece reaching past an edge is cut there with an arrow."""
    origin = columns  # the axis, in half cells from the left edge (the middle of ``columns`` cells)
    left = origin + half_cells(centre - width // 2, scale_mm)
    right = origin + half_cells(centre + width // 2, scale_mm)  # exclusive
    body, ink = PIECE_COLOURS[piece]
    cells: list[tuple[str, str]] = []
    for cell in range(columns):
        first = left <= 2 * cell < right
        second = left <= 2 * cell + 1 < right
        if first and second:
            cells.append((" ", f"{ink} on {body}"))
        elif first:
            cells.append(("▌", body))
        elif second:
            cells.append(("▐", body))
        else:
            cells.append((" ", ""))
    full = [cell for cell in range(columns) if cells[cell][0] == " " and cells[cell][1]]
    label = yen(piece)
    if len(full) >= len(label) + 2:
        start = full[0] + (len(full) - len(label)) // 2
        for index, char in enumerate(label):
            cells[start + index] = (char, f"bold {ink} on {body}")
    if left < 0:
        cells[0] = ("◀", f"bold {body}")
    if right > 2 * columns:
        cells[-1] = ("▶", f"bold {body}")
    # One span per run of the same style: a frame of the swing builds and draws this row.
    row = Text(no_wrap=True, overflow="crop")
    start = 0
    for index in range(1, columns + 1):
        if index == columns or cells[index][1] != cells[start][1]:
            row.append("".join(char for char, _style in cells[start:index]), style=cells[start][1])
            start = index
    return row


def band_row(low: int, high: int, scale_mm: int, columns: int) -> Text:
    """Where the swinging piece's centre lets it stand (from the hint), as a dotted band."""
    origin = columns
    start = max(0, (origin + half_cells(low, scale_mm)) // 2)
    end = min(columns - 1, (origin + half_cells(high, scale_mm)) // 2)
    row = Text(" " * start, no_wrap=True)
    if start <= end:
        row.append("├" + "┈" * max(0, end - start - 1) + ("┤" if end > start else ""), style="bold cyan")
    return row


def lean_words(stack: Sequence[tuple[Plate, int]]) -> str:
    """The stack's lean: how far its centre of mass lies from the axis, in words."""
    if len(stack) < 2:
        return ""
    off = lean(stack)
    if abs(off) < 5:
        return _("the stack stands straight")
    if off < 0:
        return _("the stack leans {distance} left").format(distance=millimetres(off))
    return _("the stack leans {distance} right").format(distance=millimetres(off))


def stack_picture(
    view: dict[str, JSON], columns: int, rows: int, *, swing: int | None = None,
    standing: tuple[int, int] | None = None, in_hand: int | None = None,
) -> Text:
    """The stack in side view, ``columns`` wide and at most ``rows`` high.

    ``swing`` is the swinging piece's offset from the top piece's centre (None: no swing);
    ``in_hand`` the piece swinging (default: the next in the row of the seat to act);
    ``standing`` the offsets at which it would stand, once the hint has told them.
    Top to bottom: the swinging piece, the band, the top pieces that fit, the table (or how
    many pieces lie below), and the stack's lean marked on the table with ``●``.
    """
    columns = max(10, columns)
    options: dict[str, JSON] = view["options"]  # type: ignore[assignment]
    scale = mm_per_cell(int(options["bill_width"]))  # type: ignore[arg-type]
    plates = plates_of(view)
    placed = [(int(item["piece"]), int(item["centre"])) for item in view["stack"]]  # type: ignore[union-attr, index]
    stack = [(plates[piece], centre) for piece, centre in placed]
    top_x = placed[-1][1] if placed else 0
    lines: list[Text] = []
    if swing is not None:
        if in_hand is None:
            turn = view.get("turn")
            rows_of: list[list[int]] = view["rows"]  # type: ignore[assignment]
            in_hand = rows_of[turn][0] if isinstance(turn, int) and rows_of[turn] else None
        if in_hand is not None:
            lines.append(plate_row(in_hand, top_x + swing, plates[in_hand].width, scale, columns))
            if standing is not None:
                lines.append(band_row(top_x + standing[0], top_x + standing[1], scale, columns))
            else:
                lines.append(Text(""))
    room = max(1, rows - len(lines) - 1)
    shown = placed[-room:] if len(placed) > room else placed
    below = len(placed) - len(shown)
    for piece, centre in reversed(shown):
        lines.append(plate_row(piece, centre, plates[piece].width, scale, columns))
    if below:
        words = " " + ngettext("{n} more piece below", "{n} more pieces below", below).format(n=below) + " "
        lines.append(Text(words.center(columns, "┄"), style="dim", no_wrap=True))
    else:
        table = ["═"] * columns
        if len(stack) >= 2:
            cell = (columns + half_cells(lean(stack), scale)) // 2
            if 0 <= cell < columns:
                table[cell] = "●"
        line = Text("".join(table), style="bold", no_wrap=True)
        if "●" in table:
            line.stylize("bold yellow", table.index("●"), table.index("●") + 1)
        lines.append(line)
    # The table at the bottom of the drawing, as a stack stands.
    lines[:0] = [Text("") for _ in range(rows - len(lines))]
    return Text("\n", no_wrap=True).join(lines)


def fall_picture(frame: Sequence[tuple[float, float, float]], pieces: Sequence[int],
                 plates: dict[int, Plate], scale_mm: int, columns: int, rows: int, mm_per_row: float,
                 ) -> Text:
    """One frame of a falling stack (``physics.fall_frames``: each piece's centre in millimetres
    and its angle), ``columns`` wide and ``rows`` high, the table on the last row.

    Across, the table's scale; up, ``mm_per_row`` millimetres a row, so that the standing stack
    fills as many rows as it has pieces, as the still drawing does. Each piece is drawn along
    its tilt, a cell wherever it passes."""
    columns, rows = max(10, columns), max(3, rows)
    cells: list[list[tuple[str, str]]] = [[(" ", "")] * columns for _ in range(rows - 1)]
    for (x, y, angle), piece in zip(frame, pieces, strict=True):
        half = plates[piece].width / 200  # millimetres
        colour = PIECE_COLOURS[piece][0]
        steps = max(2, math.ceil(2 * half / (scale_mm / 2)))
        for step in range(steps + 1):
            along = -half + 2 * half * step / steps
            column = math.floor(columns / 2 + (x + along * math.cos(angle)) / scale_mm)
            row = rows - 2 - math.floor((y + along * math.sin(angle)) / mm_per_row)
            if 0 <= column < columns and 0 <= row < rows - 1:
                cells[row][column] = ("█", colour)
    lines = []
    for cells_row in cells:
        line = Text(no_wrap=True, overflow="crop")
        for char, style in cells_row:
            line.append(char, style=style)
        lines.append(line)
    lines.append(Text("═" * columns, style="bold", no_wrap=True))
    return Text("\n", no_wrap=True).join(lines)


# --- seats, rows and the round --------------------------------------------------------------------
def pieces_row(pieces: Sequence[int], limit: int = ROW_SHOWN) -> Text:
    """A row of pieces as marks in their colours, the first (nearest the centre) first."""
    row = Text(no_wrap=True)
    for piece in pieces[:limit]:
        row.append_text(piece_mark(piece))
    if len(pieces) > limit:
        row.append(f"+{len(pieces) - limit}", style="bold")
    return row


def hand_marks(hand: dict[str, int]) -> Text:
    """A hand kind by kind: ``●5●2▬1▬1`` in the pieces' colours."""
    marks = Text(no_wrap=True)
    for piece in DENOMINATIONS:
        held = int(hand.get(str(piece), 0))
        if held:
            marks.append_text(piece_mark(piece))
            marks.append(str(held))
    return marks


def seat_state(view: dict[str, JSON], seat: int) -> Text:
    """Where a seat stands in the round, in words."""
    phase = view["phase"]
    rows: list[list[int]] = view["rows"]  # type: ignore[assignment]
    if phase == "over":
        winners: list[int] = view["winners"]  # type: ignore[assignment]
        return Text(_("wins"), style="bold green") if seat in winners else Text("")
    if phase == "stack":
        left = len(rows[seat])
        if not left:
            return Text(_("done"), style="dim")
        return Text(ngettext("{n} to stack", "{n} to stack", left).format(n=left), style="cyan")
    passed: list[bool] = view["passed"]  # type: ignore[assignment]
    has_bid: list[bool] = view["has_bid"]  # type: ignore[assignment]
    if passed[seat]:
        return Text(_("passed"), style="dim")
    if has_bid[seat]:
        laying = int(view["to_lay"]) if phase == "lay" and view.get("turn") == seat else 0  # type: ignore[arg-type]
        return Text(_("bid {n}").format(n=len(rows[seat]) + laying), style="green")
    return Text(_("to bid"), style="cyan")


def players_table(view: dict[str, JSON], seat_name: SeatName) -> Table:
    """Every seat: whose turn it is, the pieces held, the row bid (nearest the centre first), its state."""
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False)
    table.add_column(_("Player"), no_wrap=True, overflow="ellipsis", min_width=10)
    table.add_column(_("Holds"), no_wrap=True, min_width=8)
    table.add_column(_("Row"), no_wrap=True, overflow="ellipsis", min_width=3)
    table.add_column("", no_wrap=True, overflow="ellipsis", min_width=6)
    hands: list[dict[str, int]] = view["hands"]  # type: ignore[assignment]
    held: list[int] = view["pieces_held"]  # type: ignore[assignment]
    rows: list[list[int]] = view["rows"]  # type: ignore[assignment]
    for seat in range(int(view["seats"])):  # type: ignore[arg-type]
        turn = view.get("turn") == seat
        name = Text("▶ " if turn else "  ", style="bold cyan")
        name.append(seat_name(seat), style="bold" if turn else "")
        holds = Text(f"{held[seat]} ", style="bold")
        holds.append_text(hand_marks(hands[seat]))
        table.add_row(name, holds, pieces_row(rows[seat]), seat_state(view, seat))
    return table


def limits(view: dict[str, JSON]) -> tuple[int, int]:
    """The table's last round and the misses in a row that bring the stack down: limits the rulebook
    does not have (RULES.md §5.3), ``NO_LIMIT`` unless the table sets them."""
    options: dict[str, int] = view["options"]  # type: ignore[assignment]
    return int(options.get("round_limit", NO_LIMIT)), int(options.get("miss_limit", NO_LIMIT))


def round_words(view: dict[str, JSON]) -> str:
    """"Round 3", or "Round 3 of 12" at a table that sets a last round, so that the limit is on screen."""
    last, _misses = limits(view)
    if last == NO_LIMIT:
        return _("Round {number}").format(number=view["round"])
    return _("Round {number} of {last}").format(number=view["round"], last=last)


def misses_words(view: dict[str, JSON]) -> str:
    """The misses of the piece being placed, and the table's miss limit when it sets one (said
    whenever it does, misses or not): by the rules a miss costs nothing (RULES.md §5.3)."""
    _last, most = limits(view)
    misses = int(view.get("misses") or 0)  # type: ignore[arg-type]
    placing = view["phase"] == "stack" and misses
    if most == NO_LIMIT:
        return _("misses of this piece: {n}, with no penalty").format(n=misses) if placing else ""
    if placing:
        return _("misses of this piece: {n} of {most}").format(n=misses, most=most)
    return ngettext("at this table a miss brings the stack down",
                    "at this table {n} misses in a row bring the stack down", most).format(n=most)


def round_line(view: dict[str, JSON]) -> Text:
    """The round (and the last round, when the table sets one), the highest bid and the bag, in one line."""
    bag = int(view["bag_pieces"])  # type: ignore[arg-type]
    line = Text(round_words(view), style="bold")
    if view["phase"] in ("bid", "lay"):
        line.append(" · " + _("highest bid {n}").format(n=view["high_bid"]))
    line.append(" · " + ngettext("{n} piece in the bag", "{n} pieces in the bag", bag).format(n=bag))
    height = int(view["stack_height"])  # type: ignore[arg-type]
    if height:
        line.append(" · " + ngettext("stack of {n}", "stack of {n}", height).format(n=height))
    return line


# --- events in words -------------------------------------------------------------------------------
def where_words(offset: int) -> str:
    if offset == 0:
        return _("centred")
    if offset < 0:
        return _("{distance} left").format(distance=millimetres(offset))
    return _("{distance} right").format(distance=millimetres(offset))


def event_sentence(event: dict[str, JSON], seat_name: SeatName) -> Text:
    """One event of a round as people say it: bids, passes, placements and what came of them."""
    seat = int(event["seat"])  # type: ignore[arg-type]
    name = seat_name(seat)
    kind = event["kind"]
    if kind == "bid":
        count = int(event["count"])  # type: ignore[arg-type]
        if count == 0:
            return Text(_("{name} stays in with an empty row").format(name=name))
        said = ngettext("{name} bid {n} piece", "{name} bid {n} pieces", count)
        return Text(said.format(name=name, n=count))
    if kind == "pass":
        count = int(event["count"])  # type: ignore[arg-type]
        said = ngettext("{name} passed with {n} piece in the row", "{name} passed with {n} pieces in the row",
                        count)
        return Text(said.format(name=name, n=count), style="dim")
    piece = piece_name(int(event["piece"]))  # type: ignore[arg-type]
    if kind == "base":
        said = _("{name} laid the {piece} on the table to start the stack")
        return Text(said.format(name=name, piece=piece))
    offset = event.get("offset")
    if isinstance(offset, int):
        where = where_words(offset)
        placed = _("{name} placed the {piece} {where}").format(name=name, piece=piece, where=where)
    else:
        placed = _("{name} placed the {piece}").format(name=name, piece=piece)
    outcome = event["outcome"]
    took = int(event.get("took") or 0)  # type: ignore[arg-type]
    if outcome == STOOD:
        return styled(_("{placed}: it stood"), placed=placed, style="green")
    misses = int(event.get("misses") or 1)  # type: ignore[arg-type]
    if outcome == MISS:
        said = _("{placed}: it slid off (miss {n}), to be placed again")
        return styled(said, "yellow", placed=placed, n=misses)
    taken = ngettext("{name} took the stack: {n} piece", "{name} took the stack: {n} pieces", took).format(
        name=name, n=took)
    if outcome == COLLAPSE and event.get("misses"):  # only at a table that sets a miss limit
        said = ngettext("{placed}: it slid off, and {n} miss in a row brings the stack down at this table; "
                        "{taken}",
                        "{placed}: it slid off, and {n} misses in a row bring the stack down at this table; "
                        "{taken}", misses)
        return Text(said.format(placed=placed, n=misses, taken=taken), style="bold red")
    if outcome == TOUCHED:
        return Text(_("{name} moved another piece; {taken}").format(name=name, taken=taken), style="bold red")
    return Text(_("{placed}: the stack fell; {taken}").format(placed=placed, taken=taken), style="bold red")


def round_summary(entry: dict[str, JSON], seat_name: SeatName) -> Text:
    """A finished round in one sentence or a few: penalties, the stack into the bag, who emptied."""
    number = entry["round"]
    to_bag = int(entry["to_bag"])  # type: ignore[arg-type]
    line = Text(_("Round {number} over").format(number=number), style="bold")
    line.append(": " + ngettext("{n} piece from the stack went into the bag",
                                "{n} pieces from the stack went into the bag", to_bag).format(n=to_bag))
    penalties: list[list[int]] = entry["penalties"]  # type: ignore[assignment]
    for seat, took in penalties:
        line.append("; " + ngettext("{name} took the stack: {n} piece", "{name} took the stack: {n} pieces",
                                    took).format(name=seat_name(seat), n=took))
    emptied: list[int] = entry["emptied"]  # type: ignore[assignment]
    if emptied:
        line.append("; " + _("hands emptied: {names}").format(names=", ".join(seat_name(s) for s in emptied)),
                    style="bold green")
    return line


def table_view(view: dict[str, JSON], seat_name: SeatName, columns: int = DRAWING_COLUMNS,
               rows: int = 12) -> RenderableType:
    """The whole table as one picture (the replay viewer's)."""
    return Group(round_line(view), stack_picture(view, columns, rows), players_table(view, seat_name))


__all__ = ["event_sentence", "legend", "limits", "misses_words", "mm_per_cell", "players_table", "round_line",
           "round_summary", "round_words", "stack_picture", "table_view"]
