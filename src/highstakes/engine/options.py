"""Game options: declared as data, validated once at creation with a clear error.

A game declares its options as a frozen dataclass deriving from :class:`GameOptions`, each
field made with :func:`option`. That one class is the options' only home: the specs that
faces build pickers from, the validation, the defaults, and the typed value the rules,
bots and solvers read all come from it.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from highstakes.i18n import _, get_language


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
    #: When the values beyond ``choices`` are amounts (a list of case values, say): how people
    #: type them, as for an amount entry: ``{"scale": 100, "currency": "USD"}`` means the JSON
    #: counts cents and people type dollars.
    amounts: Mapping[str, Any] | None = None
    #: Each choice in words, for pickers (``{"duo": "two players: banker and contestant"}``);
    #: a choice without one is shown as it is (numbers, yes/no).
    labels: Mapping[Any, str] | None = None
    #: Whether the default follows the language of whoever sets the table: the choice named
    #: by the language's code when there is one (a question pack "es" for Spanish), else
    #: ``default``. A created game records the value it resolved, so replays never depend on it.
    follows_language: bool = False

    def default_for(self, language: str | None = None) -> Any:
        """The default for people reading ``language`` (None: the current language)."""
        if self.follows_language:
            code = get_language() if language is None else language
            for choice in self.choices:
                if choice == code and type(choice) is str:
                    return choice
        return self.default

    def label(self, choice: Any, text: Callable[[str], str] = str) -> str:
        """A choice as people read it: its label in their language, else the value itself."""
        if self.labels:
            for value, words in self.labels.items():
                if value == choice and type(value) is type(choice):
                    return text(words)
        return _show(choice).strip("'")

    def validate(self, game_id: str, value: Any, text: Callable[[str], str] = str) -> Any:
        """The value in its canonical form, or ValueError naming what is allowed.

        ``text`` translates the game's own words (``also_accepts``) into the reader's language.
        """
        # bool is an int subclass: compare types too, so True never passes for 1.
        for choice in self.choices:
            if value == choice and type(value) is type(choice):
                return choice
        allowed = ", ".join(_show(choice) for choice in self.choices)
        if self.check is not None:
            try:
                return self.check(value)
            except ValueError as problem:
                raise ValueError(_("option {name} must be one of {allowed}, or {other}: {problem}").format(
                    name=repr(self.name), allowed=allowed, other=text(self.also_accepts or ""),
                    problem=problem,
                )) from None
        raise ValueError(_("option {name} must be one of {allowed}; got {value}").format(
            name=repr(self.name), allowed=allowed, value=_show(value)))

    def to_json(self, text: Callable[[str], str] = str) -> dict[str, Any]:
        """The spec as JSON, its words through ``text`` (the game's catalog, for the reader)."""
        described: dict[str, Any] = {
            "name": self.name,
            "default": self.default_for(),
            "choices": list(self.choices),
            "choice_labels": [self.label(choice, text) for choice in self.choices],
            "description": text(self.description),
        }
        if self.also_accepts:
            described["also_accepts"] = text(self.also_accepts)
        if self.amounts:
            described["amounts"] = dict(self.amounts)
        if self.follows_language:
            described["follows_language"] = True
        return described


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, str) else str(value)


#: How much of a value a message shows: a request may hold a megabyte where a value belongs.
_SHOWN_CHARACTERS = 60


def _show_short(value: Any) -> str:
    text = _show(value)
    return text if len(text) <= _SHOWN_CHARACTERS else text[: _SHOWN_CHARACTERS - 1] + "…"


def resolve_options(
    game_id: str, specs: Sequence[OptionSpec], given: Mapping[str, Any] | None,
    text: Callable[[str], str] = str, language: str | None = None,
) -> dict[str, Any]:
    """Merge ``given`` over the defaults, refusing unknown names and bad values.

    An option whose default follows the language takes the one of ``language`` (None: the
    current language: the command line's, or the request's that creates a room).
    """
    by_name = {spec.name: spec for spec in specs}
    if given is not None and not isinstance(given, Mapping):
        # A record's or a request's "options" may hold anything: say so, not Python's words.
        raise ValueError(_("the options are a JSON object of option names and their values; got {value}")
                         .format(value=_show_short(given)))
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name), key=repr)
    if unknown:
        # ascii: a name is shown escaped, whatever characters it holds.
        if not by_name:
            raise ValueError(_("unknown option {name}: this game has no options").format(
                name=ascii(unknown[0])))
        raise ValueError(_("unknown option {name}; allowed options: {allowed}").format(
            name=ascii(unknown[0]), allowed=", ".join(by_name)))
    return {
        name: spec.validate(game_id, given[name], text) if name in given else spec.default_for(language)
        for name, spec in by_name.items()
    }


def parse_option_value(text: str) -> Any:
    """Read an option value typed on a command line: true/false, null (as the games list writes
    an option's "none", a deal limit's "no limit" say), integers, JSON lists, else text."""
    lowered = text.strip().lower()
    if lowered == "null":
        return None
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


_SPEC_KEY = "highstakes_option"


def option(
    default: Any,
    choices: Sequence[Any],
    description: str,
    *,
    also_accepts: str | None = None,
    check: Callable[[Any], Any] | None = None,
    amounts: Mapping[str, Any] | None = None,
    labels: Mapping[Any, str] | None = None,
    follows_language: bool = False,
) -> Any:
    """A field of a :class:`GameOptions` dataclass: its default, allowed values and meaning."""
    spec = {"default": default, "choices": tuple(choices), "description": description,
            "also_accepts": also_accepts, "check": check, "amounts": amounts, "labels": labels,
            "follows_language": follows_language}
    return dataclasses.field(default=default, metadata={_SPEC_KEY: spec})


class GameOptions:
    """Base of a game's typed options (subclasses are frozen dataclasses of :func:`option` fields).

    ``GAME_ID`` names the game in error messages.
    """

    GAME_ID: ClassVar[str] = "game"

    @classmethod
    def specs(cls) -> tuple[OptionSpec, ...]:
        specs = []
        for item in dataclasses.fields(cls):  # type: ignore[arg-type]
            declared = item.metadata.get(_SPEC_KEY)
            if declared is None:
                raise TypeError(f"{cls.__name__}.{item.name} must be declared with option()")
            specs.append(OptionSpec(item.name, declared["default"], declared["choices"],
                                    declared["description"], declared["also_accepts"], declared["check"],
                                    declared["amounts"], declared["labels"], declared["follows_language"]))
        return tuple(specs)

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None = None) -> Self:
        """The options from their JSON form (a record's or a view's ``options``), validated."""
        return cls(**resolve_options(cls.GAME_ID, cls.specs(), data))

    def to_json(self) -> dict[str, Any]:
        """The JSON form: lists for tuples, so that it survives a JSON round trip unchanged."""
        return {
            item.name: _jsonable(getattr(self, item.name))
            for item in dataclasses.fields(self)  # type: ignore[arg-type]
        }


def _jsonable(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value
