"""Any game's view as readable panels: what the generic terminal table draws.

A view is plain JSON. Scalars become a two-column table of names and values, lists of
records become tables with a column per field, nested objects become panels of their own.
Keys are shown as words (``turn_total`` → "turn total") and so are the view's own words (a
phase, say), each through the game's catalog (``say``), so that a game gives them their
translations there; the values of the keys the game names as seats
(``GameDefinition.seat_keys``) are counted from 1, as people count seats. Numbers are
written as the reader's language writes them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from highstakes.i18n import _
from highstakes.i18n.numbers import format_number

#: Keys every view carries that the table shows elsewhere (the title, whose view it is).
_SKIPPED = frozenset({"game", "you"})
#: Records beyond this many are summarised, keeping the newest: logs grow all game long.
MAX_ROWS = 12

#: Turns a game's own words (its view's keys and values) into the reader's language.
Say = Callable[[str], str]


def _same(text: str) -> str:
    return text


def words(key: str, say: Say = _same) -> str:
    """A view key as words: ``turn_total`` → "turn total" (then in the reader's language)."""
    return say(key.replace("_", " "))


def value_text(key: str, value: Any, seat_keys: frozenset[str] = frozenset(), say: Say = _same) -> str:
    """One value as a person reads it; seats (by their key) counted from 1."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, int) and key in seat_keys:
        return _("seat {number}").format(number=value + 1)
    if isinstance(value, int):
        return format_number(value)
    if isinstance(value, float):
        return format_number(float(f"{value:.4g}"))
    if isinstance(value, str):
        return say(value)
    if isinstance(value, Sequence) and all(not isinstance(item, Mapping | list) for item in value):
        if key in seat_keys:
            seats = (_("seat {number}").format(number=item + 1) if isinstance(item, int) else say(str(item))
                     for item in value)
            return ", ".join(seats) or "—"
        # Not a comma: amounts have thousands separators of their own.
        return " · ".join(value_text("", item, say=say) for item in value) or "—"
    return ""


def _is_scalar(value: Any) -> bool:
    return value_text("", value) != "" or value == [] or value is None


def _records_table(
    key: str, records: Sequence[Mapping[str, Any]], seat_keys: frozenset[str], say: Say
) -> RenderableType:
    columns: list[str] = []
    for record in records:
        columns.extend(name for name in record if name not in columns)
    shown = list(records)[-MAX_ROWS:]
    table = Table(title=words(key, say), title_justify="left", expand=False, show_edge=False, pad_edge=False)
    for name in columns:
        table.add_column(words(name, say))
    for record in shown:
        table.add_row(*(value_text(name, record.get(name), seat_keys, say)
                        if _is_scalar(record.get(name)) else "…" for name in columns))
    if len(records) > len(shown):
        table.caption = _("the last {shown} of {total}").format(shown=len(shown), total=len(records))
    return table


def _table_of(data: Mapping[str, Any], seat_keys: frozenset[str], say: Say) -> Table:
    table = Table(show_header=False, box=None, pad_edge=False, padding=(0, 1))
    table.add_column(style="dim")
    table.add_column()
    for key, value in data.items():
        table.add_row(words(key, say), value_text(key, value, seat_keys, say))
    return table


def panels(
    view: Mapping[str, Any], seat_keys: frozenset[str] = frozenset(), title: str | None = None,
    say: Say = _same,
) -> RenderableType:
    """The whole view: a table of its simple values, then a panel or table per structure."""
    scalars = {k: v for k, v in view.items() if k not in _SKIPPED and _is_scalar(v)}
    parts: list[RenderableType] = []
    if scalars:
        parts.append(_table_of(scalars, seat_keys, say))
    for key, value in view.items():
        if key in _SKIPPED or key in scalars:
            continue
        parts.append(structure(key, value, seat_keys, say))
    return Panel(Group(*parts), title=title, title_align="left") if title else Group(*parts)


def structure(
    key: str, value: Any, seat_keys: frozenset[str] = frozenset(), say: Say = _same
) -> RenderableType:
    """A nested value: records as a table, an object as its own panel, other lists item by item."""
    if isinstance(value, Mapping):
        return panels(value, seat_keys, title=words(key, say), say=say)
    if isinstance(value, list) and value and all(isinstance(item, Mapping) for item in value):
        return _records_table(key, value, seat_keys, say)
    if isinstance(value, list):
        lines = [Text(f"{index + 1}. ") + Text(value_text(key, item, seat_keys, say) or str(item))
                 for index, item in enumerate(value[-MAX_ROWS:])]
        return Panel(Group(*lines), title=words(key, say), title_align="left")
    return Text(f"{words(key, say)}: {value}")
