"""Typed views: one definition of a seat's view for the declaration, the reference page and its words.

A game declares ``GameDefinition.view_type``, a msgspec Struct its ``view()`` converts to
(``GameDefinition.typed_view``): its table's declaration reads the view typed, and the kit
holds every view to the type. :func:`view_keys` lists the keys the type declares at any
depth, so a game's reference page (its table of view keys) and its view words (the generic
table says a view's keys as words) can be checked against the same definition.
"""

from __future__ import annotations

from typing import Any

import msgspec
from msgspec import inspect


def view_keys(view_type: type[msgspec.Struct]) -> tuple[str, ...]:
    """Every key a view of ``view_type`` may hold, at any depth, each once, in the order declared."""
    found: list[str] = []
    _collect(inspect.type_info(view_type), found, set())
    return tuple(found)


def _collect(info: Any, found: list[str], seen: set[type]) -> None:
    if isinstance(info, inspect.StructType):
        if info.cls in seen:
            return
        seen.add(info.cls)
        for field in info.fields:
            if field.encode_name not in found:
                found.append(field.encode_name)
            _collect(field.type, found, seen)
    elif isinstance(info, inspect.UnionType):
        for member in info.types:
            _collect(member, found, seen)
    elif isinstance(info, inspect.ListType | inspect.SetType | inspect.FrozenSetType | inspect.VarTupleType):
        _collect(info.item_type, found, seen)
    elif isinstance(info, inspect.TupleType):
        for member in info.item_types:
            _collect(member, found, seen)
    elif isinstance(info, inspect.DictType):
        _collect(info.value_type, found, seen)
