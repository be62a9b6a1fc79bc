"""Errors the engine raises. Every refusal says what went wrong and which rule forbids it."""

from __future__ import annotations


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

    def to_json(self) -> dict[str, str | None]:
        return {"code": self.code, "message": self.message, "rule": self.rule}
