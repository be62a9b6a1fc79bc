"""Game options: declared as data, validated once at creation with a clear error."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, default, allowed values and meaning.

    ``choices`` lists every allowed value. Faces (the CLI, the lobby) build their
    option pickers from these specs, so a game never writes its own form.
    """

    name: str
    default: Any
    choices: tuple[Any, ...]
    description: str
    #: For options that also take values beyond ``choices`` (a custom list, say): what else
    #: is accepted, in words, and a function that returns the value in its canonical form
    #: or raises ValueError saying what is wrong.
    also_accepts: str | None = None
    check: Callable[[Any], Any] | None = None

    def validate(self, game_id: str, value: Any) -> Any:
        # bool is an int subclass: compare types too, so True never passes for 1.
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        allowed = ", ".join(_show(choice) for choice in self.choices)
        if self.check is not None:
            try:
                return self.check(value)
            except ValueError as problem:
                raise ValueError(
                    f"option '{self.name}' of {game_id} must be one of {allowed}, or "
                    f"{self.also_accepts}: {problem}"
                ) from None
        raise ValueError(
            f"option '{self.name}' of {game_id} must be one of {allowed}; got {_show(value)}"
        )

    def to_json(self) -> dict[str, Any]:
        described: dict[str, Any] = {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices),
            "description": self.description,
        }
        if self.also_accepts:
            described["also_accepts"] = self.also_accepts
        return described


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


def resolve_options(
    game_id: str, specs: Sequence[OptionSpec], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Merge ``given`` over the defaults, refusing unknown names and bad values."""
    by_name = {spec.name: spec for spec in specs}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        allowed = ", ".join(by_name) or "none"
        raise ValueError(f"unknown option '{unknown[0]}' for {game_id}; allowed options: {allowed}")
    return {
        name: spec.validate(game_id, given[name]) if name in given else spec.default
        for name, spec in by_name.items()
    }


def parse_option_value(text: str) -> Any:
    """Read an option value typed on a command line: true/false, integers, JSON lists, else text."""
    lowered = text.strip().lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    try:
        return int(text)
    except ValueError:
        pass
    if text.strip().startswith("["):
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            pass
    return text
