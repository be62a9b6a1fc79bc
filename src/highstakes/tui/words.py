"""The terminal's words in the reader's language: styled sentences and the footer's keys.

A sentence on a table is often part plain and part coloured ("Player 1 banked **+300** →
1,250"). It is written whole for the translators, with a placeholder for each coloured part,
and :func:`styled` fills the translated sentence with the parts, keeping their styles, so
that every language may put them in its own order.

The keys of the footer are declared once per class, at import, in English; each table and
pop-up says them in the reader's language when it is made (:func:`speak_bindings`), from the
catalog of the package that declared them.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

from rich.text import Text
from textual.binding import Binding, BindingsMap
from textual.dom import DOMNode

from highstakes.i18n import PLATFORM, Domain

_PLACEHOLDER = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


def styled(template: str, style: str = "", **parts: str | Text | int) -> Text:
    """``template`` (already translated) with each ``{name}`` replaced by its part, styles kept.

    ``style`` is the whole sentence's; a part that is a :class:`Text` keeps its own on top.
    ``{{`` and ``}}`` are literal braces, as in ``str.format``.
    """
    text = Text(style=style)
    position = 0
    for match in _PLACEHOLDER.finditer(template):
        text.append(template[position:match.start()].replace("{{", "{").replace("}}", "}"))
        part = parts[match.group(1)]
        if isinstance(part, Text):
            text.append_text(part)
        else:
            text.append(str(part))
        position = match.end()
    text.append(template[position:].replace("{{", "{").replace("}}", "}"))
    return text


def words_of(cls: type) -> Domain:
    """The catalog a class's own words come from: its ``WORDS``, else the platform's."""
    words = cls.__dict__.get("WORDS")
    return words if isinstance(words, Domain) else PLATFORM


def translated_bindings(cls: type[DOMNode]) -> BindingsMap:
    """The class's key bindings as Textual merges them, each description in the reader's language.

    Each class's own bindings are said from its own catalog (``WORDS``): a game's table from
    the game's, the shared tables and pop-ups from the platform's. Textual's own bindings
    (its classes declare none with a description shown) are left as they are.
    """
    keys: dict[str, list[Binding]] = {}
    for base in reversed(cls.__mro__):
        if not (isinstance(base, type) and issubclass(base, DOMNode)):
            continue
        if not base._inherit_bindings:
            keys.clear()
        declared = BindingsMap(base.__dict__.get("BINDINGS", []))
        ours = base.__module__.startswith("highstakes.") or "WORDS" in base.__dict__
        say: Callable[[str], str] = words_of(base).gettext if ours else (lambda text: text)
        for key, bindings in declared.key_to_bindings.items():
            keys[key] = [_said(binding, say) for binding in bindings]
    return BindingsMap.from_keys(keys)


def _said(binding: Binding, say: Callable[[str], str]) -> Binding:
    """A binding with its description (and its group's, shown once for the group) said."""
    changes: dict[str, object] = {}
    if binding.description:
        changes["description"] = say(binding.description)
    if binding.group is not None and binding.group.description:
        changes["group"] = dataclasses.replace(binding.group, description=say(binding.group.description))
    return dataclasses.replace(binding, **changes) if changes else binding  # type: ignore[arg-type]


def speak_bindings(node: DOMNode) -> None:
    """Give ``node`` (a table or a pop-up, just made) its key bindings in the reader's language."""
    node._bindings = translated_bindings(type(node))


__all__ = ["speak_bindings", "styled", "translated_bindings", "words_of"]
