"""Actions: small immutable values with a stable JSON form and a short label."""

from __future__ import annotations

from typing import Any

JSON = Any


class Action:
    """Base class of every game's actions.

    Subclasses are frozen dataclasses. ``to_json()`` gives the wire form that
    records, the server and bots exchange; ``str()`` gives a short label for a
    person ("keep D D G", "bank"). Two actions are equal when their JSON is.
    """

    __slots__ = ()

    def to_json(self) -> JSON:
        raise NotImplementedError

    def __str__(self) -> str:
        return str(self.to_json())
