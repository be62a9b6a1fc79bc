"""What a table declaration is given: the seat's legal actions and who is looking.

A declaration (``GameDefinition.table(view, legal, context)``) sees exactly what the seat is
sent: its view, its legal actions with their labels and its amount entries. So a table can
never say more than the view: what it shows is built from these alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import msgspec

from highstakes.engine.action import JSON


def action_kind(act: JSON) -> str | None:
    """The kind of an action: the one key of ``{"keep": [...]}``; None for any other shape."""
    if isinstance(act, Mapping) and len(act) == 1:
        return next(iter(act))
    return None


def same_act(a: JSON, b: JSON) -> bool:
    """Whether two actions' JSON say the same move (key order aside)."""
    return msgspec.json.encode(a, order="sorted") == msgspec.json.encode(b, order="sorted")


class LegalAction(msgspec.Struct, frozen=True):
    """One legal action: its JSON (what is sent) and its label (the engine's words, already in the
    reader's language)."""

    act: Any
    label: str

    @property
    def kind(self) -> str | None:
        return action_kind(self.act)


class Legal(msgspec.Struct, frozen=True):
    """The seat's legal actions now (in the game's order) and its amount entries (the JSON of
    ``Game.amount_entries``: kinds that take any amount in a range). Empty when it is not the
    seat's turn, for a spectator, and in a replay."""

    actions: tuple[LegalAction, ...] = ()
    amounts: tuple[dict[str, Any], ...] = ()

    @classmethod
    def from_lists(cls, legal: Iterable[Mapping[str, Any]],
                   amounts: Iterable[Mapping[str, Any]] = ()) -> Legal:
        """From a state message's ``legal`` (``{"action", "label"}`` each) and ``amounts``."""
        return cls(tuple(LegalAction(entry["action"], str(entry["label"])) for entry in legal),
                   tuple(dict(entry) for entry in amounts))

    @classmethod
    def of(cls, actions: Sequence[Any], amounts: Iterable[Mapping[str, Any]] = ()) -> Legal:
        """From the engine's action objects (their JSON and their words)."""
        return cls(tuple(LegalAction(action.to_json(), str(action)) for action in actions),
                   tuple(dict(entry) for entry in amounts))

    def __bool__(self) -> bool:
        return bool(self.actions or self.amounts)

    def of_kind(self, kind: str) -> list[LegalAction]:
        """The legal actions of one kind (``{"keep": ...}``), in order."""
        return [action for action in self.actions if action.kind == kind]

    def allows(self, act: JSON) -> bool:
        """Whether ``act`` is one of the legal actions (an amount entry's range aside)."""
        return any(same_act(action.act, act) for action in self.actions)

    def find(self, act: JSON) -> LegalAction | None:
        return next((action for action in self.actions if same_act(action.act, act)), None)

    def amount(self, kind: str) -> dict[str, Any] | None:
        """The amount entry of ``kind``, when the seat may type an amount for it."""
        return next((entry for entry in self.amounts if entry.get("kind") == kind), None)


class TableContext(msgspec.Struct, frozen=True, kw_only=True):
    """Who is looking, and when: ``seat`` (None for a spectator), the table's ``seats``, who is to
    act, whether this is a ``replay`` (nothing can be sent), whether the game is ``over`` with its
    ``result``, and the table's ``options`` (JSON)."""

    seat: int | None
    seats: int
    to_act: tuple[int, ...] = ()
    replay: bool = False
    over: bool = False
    result: dict[str, Any] | None = None
    options: dict[str, Any] = {}

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_act and not self.replay
