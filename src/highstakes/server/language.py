"""The language a request or a connection speaks.

An HTTP request speaks the best shipped language of its ``Accept-Language``; a WebSocket
connection that of its handshake, unless its address names one (``/ws/<room>?lang=es``), and
it may change it later with a ``language`` message. Error codes never change with the
language: only the messages do.

The tests' pseudo-language is honoured when a client asks for it alone (``Accept-Language:
qps`` or ``lang=qps``), as the browser's pseudo-localisation tests do; no browser asks for it
by itself.
"""

from __future__ import annotations

import contextlib
from urllib.parse import parse_qs

from starlette.types import Scope

from highstakes.i18n import PSEUDO, UnknownLanguage, check_language, negotiate


def from_header(accept_language: str | None) -> str:
    """The language an ``Accept-Language`` header asks for (English when none is shipped)."""
    if accept_language is not None and accept_language.strip().lower() == PSEUDO:
        return PSEUDO
    return negotiate(accept_language)


def header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return bytes(value).decode("latin-1")
    return None


def of_scope(scope: Scope) -> str:
    """The language of an HTTP request, or of a WebSocket's handshake with its ``lang`` parameter."""
    if scope["type"] == "websocket":
        asked = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("lang")
        if asked:
            with contextlib.suppress(UnknownLanguage):
                return check_language(asked[0])
    return from_header(header(scope, b"accept-language"))


__all__ = ["from_header", "header", "of_scope"]
