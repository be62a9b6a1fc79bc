"""Which key chooses what: one rule for both faces, worked out here and sent with the table.

Every actionable element of a table (a menu entry, a piece with an action or a refusal, a piece
a picker can add, a picker's send) gets a key: digits 1–9 first, then letters. The faces keep
``h`` (hint), ``n`` (new game), ``q`` (quit) and ``?`` (the rules) for themselves. Wherever a
table has an amount box, digits open that box (and type the amount), so its entries take
letters only. A key the declaration suggests (``key="b"`` for bank) is kept when it is free.

Keys are stable: an element keeps its key from one table to the next as long as it is there
(identified by its action's JSON), so that a card keeps its key while the hand changes; only
new elements take the keys left free, lowest first. :func:`assign_keys` takes the last
assignment (a :data:`KeyMemory`) and returns the new one with the table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import msgspec

from highstakes.table.values import Actionable, Node, Plain, Say
from highstakes.table.widgets import (
    AmountBox,
    Bars,
    Clock,
    Compose,
    ComposeChoice,
    Facts,
    Ladder,
    Log,
    Note,
    Records,
    Seats,
    Table,
)

DIGITS = "123456789"
#: Keys the faces keep for themselves: hint, new game, quit, rules.
RESERVED = frozenset("hnq?")
LETTERS = "".join(letter for letter in "abcdefghijklmnopqrstuvwxyz" if letter not in RESERVED)
#: Every key an element may have, in the order they are handed out.
KEYS = DIGITS + LETTERS

#: What each element (by its identity) was given last time.
KeyMemory = dict[str, str]
#: Widgets that hold nothing to act on: not entered when keys are handed out (tables are built
#: for every state the server sends, so the walk stays short).
INERT = (Say, Plain, Facts, Records, Log, Seats, Bars, Ladder, Clock, Note)


def identity(element: Actionable | Compose) -> str:
    """What makes an element the same one from table to table: its action's JSON, else (a refusal
    only) the element itself, its key aside; a picker by its kind, a piece it adds by its value."""
    if isinstance(element, Compose):
        return "compose:" + element.kind
    if isinstance(element, ComposeChoice):
        return "choice:" + msgspec.json.encode(element.value, order="sorted").decode()
    if element.act is not None:
        return "act:" + msgspec.json.encode(element.act, order="sorted").decode()
    return "node:" + msgspec.json.encode(msgspec.structs.replace(element, key=None), order="sorted").decode()


def _children(node: Node) -> Iterator[Node]:
    """The widgets inside ``node``, in the order they are drawn (sentences and widgets that hold
    nothing to act on are not entered)."""
    if isinstance(node, INERT):
        return
    for name in node.__struct_fields__:
        value = getattr(node, name)
        if isinstance(value, Node):
            yield value
        elif isinstance(value, list):
            yield from (item for item in value if isinstance(item, Node))


def walk(node: Node) -> Iterator[Node]:
    """``node`` and every widget inside it, depth first, in drawing order."""
    yield node
    for child in _children(node):
        yield from walk(child)


def areas(table: Table) -> Iterator[Node]:
    """The table's widgets in the order keys are handed out: controls, then main, then side."""
    for area in (table.controls, table.main, table.side):
        for widget in area:
            yield from walk(widget)


def takes_key(node: Node) -> bool:
    """Whether ``node`` is chosen by a key: an element with an action or a refusal, a picker (its
    key sends), or a piece a picker adds."""
    return (isinstance(node, Actionable) and node.actionable) or isinstance(node, Compose | ComposeChoice)


def actionables(table: Table) -> list[Actionable | Compose]:
    """The elements that take a key, in the order keys are handed out."""
    return [node for node in areas(table) if takes_key(node)]  # type: ignore[misc]


def allowed_keys(table: Table) -> str:
    """The keys this table hands out: letters only where an amount box takes the digits."""
    has_box = any(isinstance(node, AmountBox) for node in areas(table))
    return LETTERS if has_box else KEYS


def assign_keys(table: Table, memory: Mapping[str, str] | None = None) -> tuple[Table, KeyMemory]:
    """``table`` with a key on every actionable element (see the module's text), and the new memory."""
    memory = memory or {}
    nodes = list(areas(table))
    allowed = LETTERS if any(isinstance(node, AmountBox) for node in nodes) else KEYS
    given: KeyMemory = {}
    taken: set[str] = set()
    elements = [node for node in nodes if takes_key(node)]
    ids = [identity(element) for element in elements]

    def give(element_id: str, key: str | None) -> bool:
        if key is None or key not in allowed or key in taken or element_id in given:
            return False
        given[element_id] = key
        taken.add(key)
        return True

    for element, element_id in zip(elements, ids, strict=True):
        give(element_id, element.key)  # the declaration's suggestion first
    for element_id in ids:
        give(element_id, memory.get(element_id))  # then what it had last time
    free = (key for key in allowed if key not in taken)
    for element_id in ids:
        if element_id not in given:
            give(element_id, next((key for key in free if key not in taken), None))
    return _with_keys(table, given), given


def _with_keys(node: Any, given: Mapping[str, str]) -> Any:
    """A copy of ``node`` with each element's key as ``given`` (frozen structs are rebuilt)."""
    if not isinstance(node, Node) or isinstance(node, INERT):
        return node
    changes: dict[str, Any] = {}
    for name in node.__struct_fields__:
        value = getattr(node, name)
        if isinstance(value, Node):
            new = _with_keys(value, given)
        elif isinstance(value, list) and any(isinstance(item, Node) for item in value):
            new = [_with_keys(item, given) for item in value]
        else:
            continue
        if new is not value:
            changes[name] = new
    if takes_key(node):
        key = given.get(identity(node))  # type: ignore[arg-type]
        if key != node.key:
            changes["key"] = key
    return msgspec.structs.replace(node, **changes) if changes else node
