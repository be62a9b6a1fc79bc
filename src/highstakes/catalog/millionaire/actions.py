"""Millionaire's moves: one small value type, a kind and, for some kinds, a letter or a seat.

JSON forms: ``{"answer": "A"}`` (lock in an answer), ``{"walk": true}`` (lock in walking away),
``{"fifty": true}``, ``{"audience": true}``, ``{"phone": seat}`` (the lifelines; the friend's
seat counted from 0) and ``{"card": "A"}`` (the card a voter or a friend passes to the host).
"""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.millionaire.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction

LETTERS = ("A", "B", "C", "D")
LETTER_KINDS = ("answer", "card")
FLAG_KINDS = ("walk", "fifty", "audience")
SEAT_KINDS = ("phone",)


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: str
    value: str | int | None = None  # the letter (answer, card) or the friend's seat (phone)

    def to_json(self) -> JSON:
        return {self.kind: True if self.kind in FLAG_KINDS else self.value}

    def __str__(self) -> str:
        if self.kind == "answer":
            return _("lock in answer {letter}").format(letter=self.value)
        if self.kind == "card":
            return _("pass card {letter}").format(letter=self.value)
        if self.kind == "walk":
            return _("walk away with what you have")
        if self.kind == "fifty":
            return _("lifeline: 50:50")
        if self.kind == "audience":
            return _("lifeline: ask the audience")
        return _("lifeline: phone seat {number}").format(number=int(self.value or 0) + 1)


WALK, FIFTY, AUDIENCE = Move("walk"), Move("fifty"), Move("audience")


def parse_move(data: JSON) -> Move:
    if isinstance(data, dict) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind in LETTER_KINDS:
            if value not in LETTERS or not isinstance(value, str):
                raise IllegalAction("bad_action", _("{move} takes a letter A, B, C or D; got {value}").format(
                    move=repr(kind), value=repr(value)), "§4.4")
            return Move(kind, value)
        if kind in FLAG_KINDS:
            if value is not True:
                raise IllegalAction("bad_action", _("{move} takes the value true; got {value}").format(
                    move=repr(kind), value=repr(value)), "§4.4")
            return Move(kind)
        if kind in SEAT_KINDS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise IllegalAction("bad_action", _("a friend is phoned by the number of their seat"), "§4.5")
            return Move(kind, value)
    shape = _('a move is one of {"answer": letter}, {"card": letter}, {"phone": seat}, or '
              '{"walk" | "fifty" | "audience": true}')
    raise IllegalAction("bad_action", shape + "; " + _("got {data}").format(data=repr(data)), "§4.4")
