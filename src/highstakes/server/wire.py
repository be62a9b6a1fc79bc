"""JSON on the wire, read and written with orjson.

Reading is strict: besides bad syntax it refuses lone surrogates (text no UTF-8 can
carry), nesting beyond 1,024 levels and numbers beyond a double, all as ``ValueError``,
the client's mistake. Writing turns tuples into lists and integer keys into strings, as
the standard library would, but many times faster: every message the server sends goes
through here, encoded once however many connections receive it.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.responses import JSONResponse

_OPTIONS = orjson.OPT_NON_STR_KEYS


def loads(data: str | bytes) -> Any:
    """Parse JSON; raises ``ValueError`` for anything that is not valid JSON text."""
    return orjson.loads(data)


def dumps(value: Any) -> str:
    return orjson.dumps(value, option=_OPTIONS).decode()


def dumps_bytes(value: Any) -> bytes:
    return orjson.dumps(value, option=_OPTIONS)


def printable(text: str) -> str:
    """``text`` with anything UTF-8 cannot carry (a lone surrogate) replaced, for messages."""
    return text.encode("utf-8", "replace").decode("utf-8")


class JSONAnswer(JSONResponse):
    """A JSON response encoded with orjson."""

    def render(self, content: Any) -> bytes:
        return dumps_bytes(content)
