"""What a multiset picker (:class:`~highstakes.table.widgets.Compose`) may send: one rule for both faces.

A picker holds values (``[500, 100, 100]``); it sends ``{kind: values}`` only when the values
are, as a multiset (order aside), one of the compositions its ``legal`` lists. The browser's
``/static/table/compose.js`` follows the same rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import msgspec

from highstakes.table.widgets import Compose


def canonical(value: Any) -> str:
    """A value as sorted JSON text, so that equal values compare equal whatever their key order."""
    return msgspec.json.encode(value, order="sorted").decode()


def multiset(values: Iterable[Any]) -> Counter[str]:
    return Counter(canonical(value) for value in values)


def legal_composition(compose: Compose, values: list[Any]) -> list[Any] | None:
    """The legal composition ``values`` make (in the order the legal list writes it), or None."""
    wanted = multiset(values)
    return next((list(option) for option in compose.legal if multiset(option) == wanted), None)


def can_add(compose: Compose, values: list[Any], value: Any) -> bool:
    """Whether one more ``value`` fits what the choices offer."""
    key = canonical(value)
    offered = sum(choice.count for choice in compose.choices if canonical(choice.value) == key)
    return multiset(values)[key] < offered


def action(compose: Compose, values: list[Any]) -> dict[str, Any] | None:
    """The action the picker sends for ``values``, or None when they are not a legal composition."""
    composition = legal_composition(compose, values)
    return None if composition is None else {compose.kind: composition}
