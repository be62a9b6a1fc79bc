"""Which sites and host names the server answers, the headers every page carries, and a log
that never shows a seat token.

- **Host.** A request must name this server: an IP address, ``localhost``, this machine's
  name, or a name given with ``--allowed-host``. Anything else is refused (``bad_host``),
  which defeats DNS rebinding: a page on a name its author controls, pointed at this
  machine, cannot reach the server through the visitor's browser.
- **Origin.** A WebSocket, and any request that changes something (not GET or HEAD), that
  comes from a page on another site is refused (``bad_origin``): the page's own origin
  is allowed, and so are those given with ``--allow-origin``. Programs that send no
  ``Origin`` (scripts, the command line) are not browsers acting for someone else, and pass.
- **Headers.** Every answer forbids framing and content sniffing, sends no referrer, and
  carries a content security policy that lets pages load scripts, styles and connections
  from this server only.
"""

from __future__ import annotations

import ipaddress
import logging
import re
import socket
from collections.abc import Iterable
from dataclasses import dataclass, field
from urllib.parse import unquote

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from highstakes.i18n import _, use_language
from highstakes.server import wire
from highstakes.server.language import of_scope

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
HOST_CHARACTERS = re.compile(r"[A-Za-z0-9.\-:\[\]]+")


def _own_names() -> set[str]:
    names = {"localhost"}
    try:
        name = socket.gethostname().lower()
    except OSError:
        return names
    if name:
        names.update({name, f"{name}.local"})
    return names


def split_host(host: str) -> tuple[str, str | None]:
    """(name, port) of a Host header value; IPv6 addresses keep no brackets."""
    if host.startswith("["):
        name, _, rest = host[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") else None
    name, sep, port = host.rpartition(":")
    return (name, port) if sep and port.isdigit() else (host, None)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def normal_origin(origin: str) -> str:
    """``scheme://host[:port]`` in lower case, without a trailing slash."""
    return origin.strip().rstrip("/").lower()


@dataclass(frozen=True)
class Access:
    """Who may use the server from a browser: host names and other sites' origins."""

    #: Host names served beyond IP addresses, localhost and this machine's name ("*" any,
    #: "*.example.org" a domain's every name).
    allowed_hosts: tuple[str, ...] = ()
    #: Origins (``https://games.example.org``) whose pages may use the API beyond the server's own.
    allowed_origins: tuple[str, ...] = ()
    _names: frozenset[str] = field(default=frozenset(), init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for origin in self.allowed_origins:
            scheme, sep, rest = normal_origin(origin).partition("://")
            if scheme not in ("http", "https") or not sep or not rest or "/" in rest:
                raise ValueError(_("an allowed origin is {form}, like {example}; got {origin}").format(
                    form="scheme://host[:port]", example="https://games.example.org", origin=repr(origin)))
        names = frozenset(name.lower() for name in (*_own_names(), *self.allowed_hosts))
        object.__setattr__(self, "_names", names)

    def host_allowed(self, host: str) -> bool:
        if not HOST_CHARACTERS.fullmatch(host):
            return False
        name, _port = split_host(host.lower())
        if "*" in self._names or _is_ip(name) or name in self._names or name.endswith(".localhost"):
            return True
        return any(pattern.startswith("*.") and name.endswith(pattern[1:]) for pattern in self._names)

    def origin_allowed(self, origin: str, host: str) -> bool:
        origin = normal_origin(origin)
        if origin in {normal_origin(allowed) for allowed in self.allowed_origins}:
            return True
        scheme, sep, netloc = origin.partition("://")
        if not sep or scheme not in ("http", "https"):
            return False  # "null" (a sandboxed frame, a file), or something stranger
        default = "443" if scheme == "https" else "80"
        name, port = split_host(netloc)
        host_name, host_port = split_host(host.lower())
        return name == host_name and (port or default) == (host_port or default)


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def security_headers(host: str | None) -> list[tuple[bytes, bytes]]:
    """The headers of every answer; ``host`` (already checked) names the WebSocket's address.

    None for an answer made before the request's head was read (``transport``'s refusals): no
    WebSocket address is named then, and everything else is the same.
    """
    sockets = "" if host is None else f" ws://{host} wss://{host}"
    policy = (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        f"connect-src 'self'{sockets}; font-src 'self'; object-src 'none'; base-uri 'none'; "
        "form-action 'self'; frame-ancestors 'none'"
    )
    return [
        (b"content-security-policy", policy.encode("latin-1")),
        (b"x-frame-options", b"DENY"),
        (b"x-content-type-options", b"nosniff"),
        (b"referrer-policy", b"no-referrer"),
        (b"cross-origin-opener-policy", b"same-origin"),
        (b"cross-origin-resource-policy", b"same-origin"),
    ]


class Guard:
    """ASGI middleware: the host and origin checks and the security headers (see the module's text)."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host") or ""
        if not self.access.host_allowed(host):
            with use_language(of_scope(scope)):
                refusal = _("this server does not answer to that host name")
            await self._refuse(scope, receive, send, 400, "bad_host", refusal, host="")
            return
        origin = _header(scope, b"origin")
        changes = kind == "websocket" or scope.get("method") not in SAFE_METHODS
        if changes and origin is not None and not self.access.origin_allowed(origin, host):
            with use_language(of_scope(scope)):
                refusal = _("pages of another site may not use this server")
            await self._refuse(scope, receive, send, 403, "bad_origin", refusal, host=host)
            return
        if kind == "websocket":
            await self.app(scope, receive, send)
            return
        extra = security_headers(host)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", ()), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str,
                      host: str) -> None:
        body = wire.dumps_bytes({"error": {"code": code, "message": message}})
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        headers += security_headers(host or None)
        if scope["type"] == "http":
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})
            return
        await receive()  # websocket.connect
        if "websocket.http.response" in scope.get("extensions", {}):
            await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
            await send({"type": "websocket.http.response.body", "body": body})
        else:
            await send({"type": "websocket.close", "code": 1008})


# --- the log ------------------------------------------------------------------------------------------
# A query parameter as a log shows an address: a name, percent-encoded as anyone pleases
# (tok%65n), "=" (or %3D, when the whole query travels encoded in the path), and a value up to
# the next separator (&, ;) or the end of the address.
PARAMETER = re.compile(r"(?P<name>(?:[A-Za-z0-9._~+-]|%[0-9A-Fa-f]{2})+?)(?P<equals>=|%3[Dd])"
                       r"(?P<value>[^&;\s\"'#]*)")
NAME_SEPARATORS = re.compile(r"[?&;/=]")
DECODINGS = 3  # a name encoded three times over is still found


def _names_a_token(encoded: str) -> bool:
    """Whether a parameter's name, decoded (again and again) and in any case, names a token."""
    name = encoded
    for _round in range(DECODINGS):
        decoded = unquote(name)
        if decoded == name:
            break
        name = decoded
    # An encoded "?" or "&" may have joined the name to what came before it.
    return "token" in NAME_SEPARATORS.split(name)[-1].lower()


def _hidden(parameter: re.Match[str]) -> str:
    if not _names_a_token(parameter["name"]):
        return parameter[0]
    return parameter["name"] + parameter["equals"] + "…"


def hide_tokens(text: str) -> str:
    """``text`` with the value of every parameter whose name says token hidden, however the name
    is written: the server reads ``tok%65n=`` as ``token=``, so the log must not show either."""
    return PARAMETER.sub(_hidden, text) if "=" in text or "%" in text else text


class HideTokens(logging.Filter):
    """Replaces seat tokens in log records (a WebSocket's address carries its seat's token)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = hide_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(hide_tokens(arg) if isinstance(arg, str) else arg for arg in record.args)
        return True


def hide_tokens_in(loggers: Iterable[str] = ("uvicorn.access", "uvicorn.error")) -> None:
    """Install the filter on the server's loggers (after uvicorn configured them); idempotent."""
    for name in loggers:
        logger = logging.getLogger(name)
        if not any(isinstance(existing, HideTokens) for existing in logger.filters):
            logger.addFilter(HideTokens())
