"""Errors the engine raises. Every refusal says what went wrong and which rule forbids it."""

from __future__ import annotations

from typing import NamedTuple


class Refusal(NamedTuple):
    """Why the rules forbid an action now: what ``GameState.refusal`` answers (None: allowed).

    ``code`` is a stable machine identifier (``"must_beat_leader"``), ``message`` a sentence
    for a person in their language saying which rule forbids it, and ``rule`` the RULES.md
    section it comes from (``"§2.6 (G-9)"``), or None. A tuple, so that
    ``IllegalAction(*refusal)`` raises it, and cheap to make: a game builds one only for a
    refused action.
    """

    code: str
    message: str
    rule: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "rule": self.rule}


class IllegalAction(Exception):
    """An action the rules do not allow now. The game is left unchanged.

    ``code`` is a stable machine identifier (``"not_your_turn"``), ``message`` a
    sentence for a person, and ``rule`` the RULES.md section it comes from
    (``"§2.4"``), so faces can quote the rule back to the player.
    """

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.code = code
        self.message = message
        self.rule = rule

    @property
    def refusal(self) -> Refusal:
        """The refusal this error carries, as ``Game.refusal`` answers it."""
        return Refusal(self.code, self.message, self.rule)

    def to_json(self) -> dict[str, str | None]:
        return self.refusal.to_json()
