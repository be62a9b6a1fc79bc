"""The table of a game that declares none: built from any view and legal list.

The view becomes panels of named values (its plain values as :class:`Facts`, each object a
:class:`Panel` of its own, lists of records as :class:`Records`), the legal actions a
:class:`Menu` labelled as the engine labels them, each amount entry an :class:`AmountBox`, and
a view's ``log`` of sentences a :class:`Log`. A view's keys and its text values are the game's
ids (``turn_total``, ``keep_only``): they are said as words ("turn total") through the game's
catalog, then the platform's, as the generic faces always did. Values under the keys the game
names as seats (``GameDefinition.seat_keys``) are seats, named as the face names them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from highstakes.i18n import N_
from highstakes.table.inputs import Legal, TableContext
from highstakes.table.values import Arg, Listing, Number, Plain, Say, SeatRef, platform_say
from highstakes.table.widgets import (
    AmountBox,
    Fact,
    Facts,
    Log,
    Menu,
    MenuItem,
    Panel,
    Records,
    SeatRow,
    Seats,
    Table,
    Widget,
)

#: Keys every view carries that the table shows elsewhere (the game, whose view it is).
SKIPPED = frozenset({"game", "you"})
#: Records beyond this many are summarised, keeping the newest: logs grow all game long.
MAX_ROWS = 12


def id_words(name: str) -> Say:
    """A view's key or text value as words: ``turn_total`` → "turn total", in the game's words."""
    return Say(name.replace("_", " "))


def generic_table(view: Mapping[str, Any], legal: Legal, context: TableContext,
                  seat_keys: frozenset[str] = frozenset()) -> Table:
    """The generic declaration: any game's table from its view and legal actions."""
    log = view.get("log")
    has_log = isinstance(log, list) and all(isinstance(entry, str) for entry in log)
    shown = {key: value for key, value in view.items() if not (has_log and key == "log")}
    return Table(
        turn=turn_line(context),
        main=[Panel(title=platform_say(N_("The table")), children=view_widgets(shown, seat_keys))],
        side=seat_widgets(view, context),
        controls=control_widgets(legal, context),
        log=Log(entries=[id_words(entry) for entry in log]) if has_log else None,
    )


def turn_line(context: TableContext) -> Say | None:
    """Whose turn it is, in one line."""
    if context.over:
        return platform_say(N_("The game is over."))
    if context.my_turn:
        return platform_say(N_("Your move"))
    others = [seat for seat in context.to_act if seat != context.seat]
    if others:
        names = Listing(items=[SeatRef(seat=seat) for seat in others])
        return platform_say(N_("Waiting for {names}."), names=names)
    return None


def control_widgets(legal: Legal, context: TableContext) -> list[Widget]:
    """A menu of the legal actions, and a box for each kind that takes an amount."""
    if context.replay or not legal:
        return []
    controls: list[Widget] = []
    if legal.actions:
        items = [MenuItem(act=action.act, label=Plain(text=action.label)) for action in legal.actions]
        controls.append(Menu(title=platform_say(N_("Your moves")), items=items))
    for entry in legal.amounts:
        label = platform_say(N_("Or type an amount for {what}"), what=Plain(text=str(entry.get("label", ""))))
        controls.append(AmountBox(entry=dict(entry), label=label))
    return controls


def seat_widgets(view: Mapping[str, Any], context: TableContext) -> list[Widget]:
    """The seats round the table, with a view's ``scores`` when it has one per seat."""
    scores = view.get("scores")
    if not (isinstance(scores, list) and len(scores) == context.seats
            and all(isinstance(score, int | float) and not isinstance(score, bool) for score in scores)):
        scores = None
    rows = [SeatRow(seat=seat, to_act=seat in context.to_act and not context.over,
                    score=scores[seat] if scores else None,
                    winner=bool(context.result and seat in context.result.get("winners", ())))
            for seat in range(context.seats)]
    return [Seats(rows=rows, score_label=platform_say(N_("Score")) if scores else None)]


def view_widgets(view: Mapping[str, Any], seat_keys: frozenset[str]) -> list[Widget]:
    """A view (or an object inside one) as widgets: its plain values first, then each structure."""
    plain = {key: value for key, value in view.items() if key not in SKIPPED and _is_plain(value)}
    widgets: list[Widget] = []
    if plain:
        widgets.append(Facts(rows=[Fact(label=id_words(key), value=value_arg(key, value, seat_keys))
                                   for key, value in plain.items()]))
    for key, value in view.items():
        if key in SKIPPED or key in plain:
            continue
        widgets.append(structure(key, value, seat_keys))
    return widgets


def structure(key: str, value: Any, seat_keys: frozenset[str]) -> Widget:
    """A nested value: an object as its own panel, records as a table, other lists item by item."""
    if isinstance(value, Mapping):
        return Panel(title=id_words(key), children=view_widgets(value, seat_keys))
    if isinstance(value, list) and all(isinstance(item, Mapping) for item in value):
        columns: list[str] = []
        for record in value:
            columns.extend(name for name in record if name not in columns)
        rows: list[list[Arg | None]] = [
            [value_arg(name, record.get(name), seat_keys) if _is_plain(record.get(name)) else "…"
             for name in columns] for record in value[-MAX_ROWS:]]
        return Records(title=id_words(key), columns=[id_words(name) for name in columns], rows=rows,
                       limit=MAX_ROWS, total=len(value))
    items = value if isinstance(value, list) else [value]
    return Panel(title=id_words(key), children=[
        Facts(rows=[Fact(label=Plain(text=f"{index + 1}."), value=value_arg(key, item, seat_keys)
                         if _is_plain(item) else Plain(text=str(item)))
                    for index, item in enumerate(items[-MAX_ROWS:])])])


def value_arg(key: str, value: Any, seat_keys: frozenset[str]) -> Arg | None:
    """One plain value as a sentence argument: seats named, ids in words, numbers typed."""
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, int) and key in seat_keys:
        return SeatRef(seat=value)
    if isinstance(value, int | float):
        return Number(value=value)
    if isinstance(value, str):
        return id_words(value)
    if isinstance(value, Sequence):
        items = [value_arg(key, item, seat_keys) for item in value]
        return Listing(items=[item for item in items if item is not None],
                       join="and" if key in seat_keys else "dots")
    return Plain(text=str(value))


def _is_plain(value: Any) -> bool:
    """A value said in one line: a scalar, or a list of scalars."""
    if value is None or isinstance(value, bool | int | float | str):
        return True
    return isinstance(value, list) and all(item is None or isinstance(item, bool | int | float | str)
                                           for item in value)
