"""uvicorn as the server runs it: connection caps and timeouts below the application.

uvicorn gives a client all the time it likes to send a request's head, and lets one
address open as many connections as it pleases: a thousand half-sent requests then hold a
thousand file descriptors until the process can accept no more. The protocols here wrap
uvicorn's own (httptools or h11 for HTTP, websockets for WebSockets) to add

- a **request timeout**: the head of every request must arrive within ``request_timeout``
  seconds of its first byte (or of the connection), and within 64 KiB; otherwise the server
  answers 408 (or 431) and closes the connection. Only the head's own bytes count, up to the
  blank line that ends it: a body sent in the same write is the application's to limit (1 MiB
  for a record to replay). Idle keep-alive connections close after 5 s (uvicorn's own rule).
- a cap on the **connections one address holds** (HTTP and WebSocket together); one more is
  answered 429 ``too_many_connections`` and closed at once. Addresses of trusted proxies
  (``--forwarded-allow-ips``) are not capped here: the application caps the WebSockets of
  each address the proxy names instead.

``server_config`` builds the uvicorn configuration that ``highstakes serve`` and the tests'
servers share.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import re
from collections.abc import Sequence
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from highstakes.server import wire
from highstakes.server.faults import LogOnce
from highstakes.server.limits import Counter, Limits
from highstakes.server.security import hide_tokens_in, security_headers

MAX_HEAD_BYTES = 64 * 1024  # a request's line and headers (its body has the application's limits)
HEAD_END = re.compile(rb"\r?\n\r?\n")  # the blank line after the headers
MAX_WEBSOCKET_MESSAGE = 64 * 1024  # frames beyond the server's 16 KiB message limit are cut off earlier
PING_SECONDS = 20.0  # WebSocket keep-alive pings, and how long a pong may take

log = logging.getLogger("highstakes.server")


def _base_http_protocol() -> type[asyncio.Protocol]:
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:  # httptools is optional: the pure Python parser does the same job
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol
    return HttpToolsProtocol


class ClientWarnings:
    """An HTTP protocol's logger, whose warnings go through ``LogOnce`` by client and warning.

    uvicorn's HTTP protocols warn of what one client sent (a request that cannot be read, an
    upgrade not supported), once per request: a stranger could fill the log with them. Every
    other use of the logger (its level, errors of the application) is the logger's own.
    """

    def __init__(self, logger: Any, faults: LogOnce, address: str) -> None:
        self._logger = logger
        self._faults = faults
        self._address = address

    def warning(self, message: str, *args: object, **_ignored: object) -> None:
        said = message % args if args else message
        self._faults.warning(f"{self._address} {message}", "%s: %s", self._address, said)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._logger, name)


def _utf8(frames: Sequence[bytes]) -> bool:
    """Whether a text message's frames, together, are UTF-8 (a character may span two frames)."""
    try:
        (frames[0] if len(frames) == 1 else b"".join(frames)).decode()
    except UnicodeDecodeError:
        return False
    return True


def _refusal(status: str, code: str, message: str) -> bytes:
    """A whole answer, written before the request's head is read: with the headers every answer
    of the server carries (``security.security_headers``)."""
    body = wire.dumps_bytes({"error": {"code": code, "message": message}})
    secure = "".join(f"{name.decode()}: {value.decode()}\r\n" for name, value in security_headers(None))
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
        f"{secure}connection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


class Trusted:
    """Addresses (or networks) of trusted proxies, as ``--forwarded-allow-ips`` lists them."""

    def __init__(self, entries: Sequence[str]) -> None:
        self.any = "*" in entries
        self.networks = []
        for entry in entries:
            if entry != "*":
                self.networks.append(ipaddress.ip_network(entry, strict=False))

    def __contains__(self, address: str) -> bool:
        if self.any:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


def guarded_protocols(
    limits: Limits, trusted: Trusted,
) -> tuple[type[asyncio.Protocol], type[asyncio.Protocol]]:
    """HTTP and WebSocket protocol classes with the caps and timeouts of ``limits``."""
    counts = Counter()
    too_many = _refusal(
        "429 Too Many Requests", "too_many_connections",
        f"this address holds the most connections the server allows ({limits.connections_per_address})",
    )
    timed_out = _refusal("408 Request Timeout", "timeout", "the request took too long to arrive")
    too_long = _refusal(
        "431 Request Header Fields Too Large", "too_large",
        f"a request's head is limited to {MAX_HEAD_BYTES} bytes",
    )
    http_base: Any = _base_http_protocol()
    invalid_text = LogOnce(log)  # a stranger may send it on every connection
    client_faults = LogOnce(logging.getLogger("uvicorn.error"))

    class GuardedHTTP(http_base):  # type: ignore[misc, valid-type]
        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            # Its warnings are about what this client sent: one line a minute each at most.
            self.logger = ClientWarnings(self.logger, client_faults, self.client[0] if self.client else "?")
            self._counted: str | None = None
            self._timer: asyncio.TimerHandle | None = None
            self._head_bytes = 0
            self._head_tail = b""  # the last bytes of the head so far, for an end split across writes
            self._refused = False
            peer = self.client[0] if self.client else ""
            if peer not in trusted:
                if counts.add(peer) > limits.connections_per_address:
                    counts.remove(peer)
                    self._refuse(too_many)
                    return
                self._counted = peer
            self._arm()

        def _refuse(self, answer: bytes) -> None:
            """Answer and close without a reset: what the client still sends is read and dropped
            (closing a socket with unread data would discard the answer), for a second at most."""
            self._refused = True
            self._disarm()
            self._uncount()  # done with, as far as the limits are concerned
            self.transport.write(answer)
            if self.transport.can_write_eof():
                self.transport.write_eof()
                self.loop.call_later(1.0, self.transport.close)
            else:
                self.transport.close()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            if self._timer is not None:  # a head is on its way: it may not grow without end
                # Only the head's bytes count: a client may send its body in the same write (the
                # replay page posts records of up to a mebibyte), and the body has its own limit.
                self._head_bytes += self._head_part(data)
                if self._head_bytes > MAX_HEAD_BYTES:
                    self._refuse(too_long)
                    return
            before = self.cycle
            super().data_received(data)
            if self.transport.get_protocol() is not self:
                # Now a WebSocket: its own protocol counts the connection from here on.
                self._disarm()
                self._uncount()
            elif self.cycle is not before:
                self._disarm()  # a request's head arrived
            elif (self.cycle is None or self.cycle.response_complete) and self._timer is None:
                self._arm()  # the start of the next request's head
                self._head_bytes = self._head_part(data)

        def _head_part(self, data: bytes) -> int:
            """How many of ``data``'s bytes belong to the head on its way: up to the blank line
            that ends it (which may have begun in the last write), else all of them."""
            seen = self._head_tail + data
            end = HEAD_END.search(seen)
            self._head_tail = seen[-3:]
            return len(data) if end is None else max(0, end.end() - (len(seen) - len(data)))

        def _uncount(self) -> None:
            if self._counted is not None:
                counts.remove(self._counted)
                self._counted = None

        def _arm(self) -> None:
            if self._timer is None and not self.transport.is_closing():
                self._timer = self.loop.call_later(limits.request_timeout, self._time_out)
                self._head_bytes = 0
                self._head_tail = b""

        def _disarm(self) -> None:
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None

        def _time_out(self) -> None:
            self._timer = None
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return
            if self.cycle is not None and not self.cycle.response_complete:
                return  # the head arrived; the application times out a slow body itself
            self._refuse(timed_out)

    class GuardedWebSocket(WebSocketsSansIOProtocol):
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            peer = self.client[0] if self.client else ""
            self._counted: str | None = None
            if peer not in trusted:
                counts.add(peer)  # admitted already, as an HTTP connection
                self._counted = peer

        def send_receive_event_to_app(self) -> None:
            """A text message that is not UTF-8 closes the connection with 1007, as uvicorn does,
            but logs one line a minute per address instead of an error with a traceback each."""
            if self.curr_msg_data_type == "text" and not self.close_sent and not _utf8(self.frames):
                self.frames = []
                peer = self.client[0] if self.client else "?"
                invalid_text.warning(
                    peer, "%s sent a WebSocket text message that is not UTF-8; closed with 1007", peer)
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
            super().send_receive_event_to_app()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._counted is not None:
                counts.remove(self._counted)
                self._counted = None
            super().connection_lost(exc)

    return GuardedHTTP, GuardedWebSocket


def server_config(
    app: Any, *, limits: Limits, host: str = "127.0.0.1", port: int = 8000, log_level: str = "warning",
    forwarded_allow_ips: Sequence[str] = (), ws_compression: bool = False, **more: Any,
) -> uvicorn.Config:
    """The uvicorn configuration of ``highstakes serve`` (``more``: e.g. ``fd`` or ``uds``)."""
    http, websocket = guarded_protocols(limits, Trusted(forwarded_allow_ips))
    config = uvicorn.Config(
        app, host=host, port=port, log_level=log_level, http=http, ws=websocket,
        # uvloop when installed; asyncio's own loop otherwise.
        loop="auto",
        ws_max_size=MAX_WEBSOCKET_MESSAGE, ws_ping_interval=PING_SECONDS, ws_ping_timeout=PING_SECONDS,
        # Compressing every message for every connection costs more than the bytes it saves here.
        ws_per_message_deflate=ws_compression,
        proxy_headers=bool(forwarded_allow_ips), forwarded_allow_ips=list(forwarded_allow_ips) or None,
        timeout_keep_alive=5,
        # Stop within a second of SIGINT or SIGTERM, whatever clients are doing.
        timeout_graceful_shutdown=1,
        server_header=False,
        **more,
    )
    hide_tokens_in()
    return config


def serve(app: Any, **settings: Any) -> None:
    """Run the application until SIGINT or SIGTERM (``settings`` as for ``server_config``)."""
    uvicorn.Server(server_config(app, **settings)).run()


def raise_open_file_limit() -> None:
    """Let the process hold as many connections as the system allows it (the soft limit is often 1,024)."""
    try:
        import resource
    except ImportError:  # not on Windows
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        wanted = hard if hard != resource.RLIM_INFINITY else 65536
        if soft != resource.RLIM_INFINITY and soft < wanted:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
    except (OSError, ValueError):
        pass
