"""The ASGI application: lobby and game pages, the JSON API and the WebSocket.

See docs/server.md for the protocol and the limits. Game-independent: it relays views and
legal actions; each game may ship a browser renderer in ``catalog/<game>/web/renderer.js``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import re
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures.process import BrokenProcessPool
from importlib.resources import files
from typing import Any
from urllib.parse import parse_qs

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import Message, Receive, Scope, Send

import highstakes as hs
from highstakes.bots.registry import available_bots, bot_catalog
from highstakes.cli.words import bot_about, bot_label
from highstakes.engine.registry import definition
from highstakes.i18n import LANGUAGES, UnknownLanguage, _, check_language, get_language, use_language
from highstakes.i18n.export import browser_catalog
from highstakes.server import language as languages
from highstakes.server import wire
from highstakes.server.compute import Busy
from highstakes.server.faults import LogOnce
from highstakes.server.limits import AddressBuckets, Counter, Limits, TokenBucket
from highstakes.server.rooms import Room, RoomError, RoomManager
from highstakes.server.security import Access, Guard
from highstakes.server.storage import Storage

log = logging.getLogger("highstakes.server")

MAX_MESSAGE_BYTES = 16 * 1024
#: A record sent to be replayed holds a whole game: a long party game is some tens of KiB.
MAX_RECORD_BYTES = 1024 * 1024
#: How long a browser may keep a language's catalog (they change only with a new version).
CATALOG_MAX_AGE = 3600
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_ROOM = 4404
CLOSE_GONE = 4410  # the room's stored game can no longer be read
CLOSE_LIMIT = 4429  # a limit refused the connection: try again later
CLOSE_TOO_SLOW = 4408  # the client stopped reading its messages
SEND_TIMEOUT = 5.0  # seconds a connection may take to take one message before it is dropped
MAX_QUEUED = 256  # messages waiting for one connection before it counts as not reading
SWEEP_SECONDS = 1.0


def _static(name: str) -> Any:
    return files("highstakes.web").joinpath("static", name)


def _renderer(game_id: str) -> Any | None:
    return definition(game_id).web_renderer()


def _error(error: RoomError) -> Response:
    body = {"error": {"code": error.code, "message": error.message}}
    return wire.JSONAnswer(body, status_code=error.status)


def client_address(scope: Scope) -> str:
    """The client's address (the one a trusted proxy names, when there is one)."""
    client = scope.get("client")
    return str(client[0]) if client else ""


class SocketConnection:
    """One browser tab on one room: a seat (None for a spectator), and an outbox that never blocks.

    Messages queue here and a task of the connection's own sends them in order, so that a
    room tells all its connections of a change without waiting for any one of them. A
    connection that falls behind (too many messages queued, or one message unsent for
    ``SEND_TIMEOUT``) is closed: it catches up when it reconnects.
    """

    __slots__ = (
        "_send", "address", "closed", "closing", "language", "outbox", "pump", "seat", "sending_since",
        "wake",
    )

    def __init__(self, send: Send, seat: int | None, address: str, language: str) -> None:
        self._send = send
        self.seat = seat
        self.address = address
        self.language = language  # what it reads; a "language" message changes it
        self.outbox: deque[str] = deque()
        self.wake = asyncio.Event()
        self.sending_since: float | None = None
        self.closed = False
        self.closing: asyncio.Future[None] | None = None
        self.pump = asyncio.ensure_future(self._pump())

    def deliver(self, text: str) -> None:
        if self.closed:
            return
        if len(self.outbox) >= MAX_QUEUED:
            self.drop()
            return
        self.outbox.append(text)
        self.wake.set()

    def drop(self) -> None:
        """Stop sending; ask the client to reconnect."""
        if self.closed:
            return
        self.closed = True
        self.outbox.clear()
        self.pump.cancel()
        self.closing = asyncio.ensure_future(self._close_quietly(CLOSE_TOO_SLOW))

    async def _close_quietly(self, code: int) -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._send({"type": "websocket.close", "code": code}), 1.0)

    def stalled(self, now: float) -> bool:
        return self.sending_since is not None and now - self.sending_since > SEND_TIMEOUT

    async def _pump(self) -> None:
        try:
            while True:
                await self.wake.wait()
                self.wake.clear()
                while self.outbox:
                    text = self.outbox.popleft()
                    self.sending_since = time.monotonic()
                    await self._send({"type": "websocket.send", "text": text})
                    self.sending_since = None
        except (OSError, RuntimeError):
            # The client went away (uvicorn's ClientDisconnected is an OSError); its handler
            # hears of it from the socket and cleans up.
            self.closed = True

    def stop(self) -> None:
        self.closed = True
        self.pump.cancel()


def create_app(
    database_url: str, *, bot_delay: float = 0.6, seed: int | None = None, limits: Limits | None = None,
    access: Access | None = None, start_workers: bool = False,
) -> ServerApp:
    """The server application, storing rooms at ``database_url`` (SQLite or PostgreSQL).

    ``start_workers`` starts the processes for bots and hints with the server rather than
    on first use (a second or so later, and they cost memory while unused).
    """
    limits = limits or Limits()
    storage = Storage(database_url)
    manager = RoomManager(storage, bot_delay=bot_delay, seed=seed, limits=limits)
    requests = AddressBuckets(limits.requests_per_second, 2 * limits.requests_per_second)
    messages = AddressBuckets(limits.address_messages_per_second)
    sockets = Counter()
    live: set[SocketConnection] = set()
    faults = LogOnce(log)  # what strangers can cause again and again: a line a minute at most

    async def sweep_forever() -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            try:
                now = time.monotonic()
                for connection in [connection for connection in live if connection.stalled(now)]:
                    connection.drop()
                manager.sweep()
                requests.prune()
                messages.prune()
            except Exception:
                log.exception("the periodic clean-up failed")

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        # Load every game's bots now: a first room must not wait for their imports.
        for game_id in hs.games():
            available_bots(game_id)
        sweeper = asyncio.ensure_future(sweep_forever())
        warming = asyncio.ensure_future(manager.compute.warm()) if start_workers else None
        try:
            yield
        finally:
            sweeper.cancel()
            if warming is not None:
                warming.cancel()
            for connection in list(live):
                connection.stop()
            await manager.close()
            storage.close()

    # --- helpers for the HTTP API ---------------------------------------------------------------
    def api(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        """An API endpoint: limited per address, its refusals as JSON errors, all in the language
        its ``Accept-Language`` asks for."""

        async def endpoint(request: Request) -> Response:
            with use_language(languages.of_scope(request.scope)):
                if not requests.allow(client_address(request.scope)):
                    return _error(RoomError("rate_limited", _("too many requests; slow down"), 429))
                try:
                    return await handler(request)
                except RoomError as error:
                    return _error(error)

        return endpoint

    async def json_body(request: Request, limit: int = MAX_MESSAGE_BYTES) -> Any:
        body = await json_bytes(request, limit)
        try:
            return wire.loads(body or b"{}")
        except ValueError:
            # Bad syntax, bad UTF-8, a lone surrogate, numbers beyond a double, nesting beyond
            # 1,024 levels: the client's mistake, never a server error.
            raise RoomError("bad_json", _("the body is not valid JSON")) from None

    async def json_bytes(request: Request, limit: int) -> bytes:
        """A JSON request's body as it came (sent as JSON, within ``limit`` bytes and the time allowed)."""
        content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if content_type != "application/json":
            raise RoomError(
                "not_json", _("send the body as JSON, with the header {header}").format(
                    header="Content-Type: application/json"), 415
            )
        try:
            body = await asyncio.wait_for(_read_body(request, limit), limits.request_timeout)
        except TimeoutError:
            raise RoomError("timeout", _("the request's body took too long to arrive"), 408) from None
        except ClientDisconnect:
            raise RoomError("bad_request", _("the request ended before its body"), 400) from None
        return body

    async def _read_body(request: Request, limit: int) -> bytes:
        # Read in chunks and stop at the limit: request.body() would first buffer a body of any size.
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise RoomError("too_large", _("the body is over {count} bytes").format(count=limit), 413)
        return body

    # --- pages -----------------------------------------------------------------------------------
    async def lobby_page(_request: Request) -> Response:
        return FileResponse(str(_static("index.html")))

    async def room_page(request: Request) -> Response:
        if not requests.allow(client_address(request.scope)):
            with use_language(languages.of_scope(request.scope)):
                refusal = _("too many requests; slow down")
            return Response(refusal + "\n", status_code=429, media_type="text/plain")
        try:
            await manager.get(request.path_params["room"])
        except RoomError as error:
            if error.status == 410:
                # A room whose stored game no longer replays: the room page says why, in the
                # reader's language, from what the API answers.
                return FileResponse(str(_static("room.html")), status_code=410)
            # A mistyped or forgotten link: the site's own page, with the way back to the lobby.
            return FileResponse(str(_static("not-found.html")), status_code=404)
        return FileResponse(str(_static("room.html")))

    async def renderer(request: Request) -> Response:
        game_id = request.path_params["game"]
        if game_id not in hs.games() or (path := _renderer(game_id)) is None:
            with use_language(languages.of_scope(request.scope)):
                refusal = _("no renderer for this game")
            return Response(refusal + "\n", status_code=404, media_type="text/plain")
        return FileResponse(str(path), media_type="text/javascript")

    async def table_extension(request: Request) -> Response:
        """A game's own drawer of one kind of its table's Custom widgets (an ES module)."""
        game_id, kind = request.path_params["game"], request.path_params["kind"]
        module = None
        if game_id in hs.games():
            module = next((extension.web_module for extension in definition(game_id).table_extensions()
                           if extension.kind == kind), None)
        if module is None:
            with use_language(languages.of_scope(request.scope)):
                refusal = _("no such drawer for this game's table")
            return Response(refusal + "\n", status_code=404, media_type="text/plain")
        return Response(module.read_bytes(), media_type="text/javascript")

    catalogs: dict[str, tuple[bytes, str]] = {}  # language -> (the encoded catalog, its ETag)

    def encoded_catalog(language: str) -> tuple[bytes, str]:
        """A language's catalogs encoded once (they change only with a new version), and their tag."""
        if language not in catalogs:
            domains = [definition(game_id).words() for game_id in hs.games()]
            body = wire.dumps_bytes(
                browser_catalog(language, [domain for domain in domains if domain.domain != "highstakes"]))
            catalogs[language] = body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        return catalogs[language]

    async def catalog(request: Request) -> Response:
        """The browser's catalogs in one language: the platform's words and every game's.

        Some 190 KB each: limited per address like the API, and answered ``304`` with no body to
        a browser that sends back the ETag of the copy it has."""
        asked = request.path_params["language"]
        with use_language(languages.of_scope(request.scope)):
            if not requests.allow(client_address(request.scope)):
                return _error(RoomError("rate_limited", _("too many requests; slow down"), 429))
            try:
                language = check_language(asked)
            except UnknownLanguage:
                language = None
            if language is None or asked != language:
                reason = _("no catalog for the language {language}; available: {languages}").format(
                    language=repr(asked), languages=", ".join(LANGUAGES))
                return _error(RoomError("unknown_language", reason, 404))
        body, tag = encoded_catalog(language)
        headers = {"cache-control": f"public, max-age={CATALOG_MAX_AGE}", "content-language": language,
                   "etag": tag}
        if {tag, "*"} & _tags(request.headers.get("if-none-match", "")):
            return Response(status_code=304, headers=headers)
        return Response(body, media_type="application/json", headers=headers)

    # --- the API ---------------------------------------------------------------------------------
    @api
    async def list_games(_request: Request) -> Response:
        """Every game with its bots and options; its words (title, summary, bots, options) in the
        request's language, its ids and values as they are."""
        catalog = []
        for game_id in hs.games():
            described = definition(game_id).describe()  # its words already in the request's language
            described["bots"] = list(available_bots(game_id))
            described["bot_labels"] = {name: bot_label(game_id, name) for name in bot_catalog(game_id)}
            described["bot_about"] = {name: bot_about(game_id, name) for name in bot_catalog(game_id)}
            described["renderer"] = f"/games/{game_id}/renderer.js" if _renderer(game_id) else None
            described["declares_table"] = definition(game_id).declares_table
            catalog.append(described)
        return wire.JSONAnswer(catalog)

    @api
    async def create_room(request: Request) -> Response:
        room = await manager.create_room(await json_body(request), client_address(request.scope))
        return wire.JSONAnswer({"room": room.id, "invite": f"/r/{room.id}"}, status_code=201)

    @api
    async def open_rooms(_request: Request) -> Response:
        return wire.JSONAnswer(manager.open_rooms())

    @api
    async def room_summary(request: Request) -> Response:
        return wire.JSONAnswer((await manager.get(request.path_params["room"])).summary())

    @api
    async def room_games(request: Request) -> Response:
        room = await manager.get(request.path_params["room"])
        return wire.JSONAnswer({"finished": await manager.finished_games(room)})

    @api
    async def game_record(request: Request) -> Response:
        room = await manager.get(request.path_params["room"])
        return wire.JSONAnswer(await manager.game_record(room, request.path_params["number"]))

    @api
    async def join_room(request: Request) -> Response:
        room = await manager.get(request.path_params["room"])
        seat, token = await manager.join(room, await json_body(request), client_address(request.scope))
        return wire.JSONAnswer({"seat": seat, "token": token})

    @api
    async def replay_record(request: Request) -> Response:
        """A record the page holds (a finished game, a file), replayed: its outline or one position.

        The body is read here, but parsed, checked and replayed in a worker process, its words in
        the request's language: a megabyte of JSON made into objects would cost this process's
        garbage collector pauses of a second. Refused ``busy`` before its body is read when too
        many wait."""
        address = client_address(request.scope)
        try:
            if manager.compute.queue_full(address):
                raise Busy("too many wait")
            body = await json_bytes(request, MAX_RECORD_BYTES)
            refusal, answer = await manager.compute.replay(body, get_language(), address=address)
        except (Busy, BrokenProcessPool):
            raise RoomError("busy", _("the server is busy; try again in a moment"), 503) from None
        except RoomError:
            raise
        except Exception as fault:
            # The engine refuses any malformed record in words (ValueError): this is a game's own
            # code failing on a record nobody played. Still the record's refusal, never a server
            # error, and one line a minute in the log, whoever sends such records.
            faults.warning("replay", "a record sent for replay made its game fail: %r", fault)
            refusal = _("this record cannot be replayed: its game could not read it")
            raise RoomError("bad_record", refusal) from None
        if refusal is not None:
            raise RoomError(refusal, str(answer))
        return Response(answer, media_type="application/json")

    async def health(_request: Request) -> Response:
        return wire.JSONAnswer({"ok": True, "rooms": len(manager.rooms), "workers": manager.compute.started})

    # --- the WebSocket ----------------------------------------------------------------------------
    async def play_socket(scope: Scope, receive: Receive, send: Send) -> None:
        if (await receive())["type"] != "websocket.connect":
            return
        address = client_address(scope)
        language = languages.of_scope(scope)  # the handshake's Accept-Language, or lang=
        with use_language(language):
            await _connected(scope, receive, send, address, language)

    async def _connected(scope: Scope, receive: Receive, send: Send, address: str, language: str) -> None:
        """A WebSocket handshake that arrived, answered in the connection's language."""

        async def refuse(error: RoomError, close_code: int) -> None:
            await send({"type": "websocket.accept"})
            await send({"type": "websocket.send", "text": wire.dumps(error.to_json())})
            await send({"type": "websocket.close", "code": close_code, "reason": close_reason(error.message)})

        if not requests.allow(address):  # a connection costs like a request (it may read a room)
            error = RoomError("rate_limited", _("too many connections at once; slow down"), 429)
            await refuse(error, CLOSE_LIMIT)
            return
        if sockets[address] >= limits.connections_per_address:
            most = limits.connections_per_address
            message = _("this address holds the most connections the server allows ({count})").format(
                count=most)
            await refuse(RoomError("too_many_connections", message, 429), CLOSE_LIMIT)
            return
        sockets.add(address)
        try:
            await _play(scope, receive, send, address, refuse, language)
        except OSError:
            pass  # the client went away while the server was answering it
        finally:
            sockets.remove(address)

    async def _play(scope: Scope, receive: Receive, send: Send, address: str,
                    refuse: Callable[[RoomError, int], Awaitable[None]], language: str) -> None:
        try:
            room = await manager.get(scope["path_params"]["room"])
            token = _query_value(scope, "token")
            seat = room.seat_for_token(token)
        except RoomError as error:
            await refuse(error, {404: CLOSE_NO_ROOM, 410: CLOSE_GONE}.get(error.status, CLOSE_BAD_TOKEN))
            return
        await send({"type": "websocket.accept"})
        connection = SocketConnection(send, seat, address, language)
        try:
            manager.connect(room, connection)
        except RoomError as error:
            connection.stop()
            await send({"type": "websocket.send", "text": wire.dumps(error.to_json())})
            await send({"type": "websocket.close", "code": CLOSE_LIMIT})
            return
        live.add(connection)
        limiter = TokenBucket(limits.messages_per_second)
        try:
            while True:
                frame: Message = await receive()
                if frame["type"] == "websocket.disconnect":
                    return
                if connection.closed:
                    continue  # dropped for not reading: wait for the socket to close
                # Each message is handled, and refused, in the language the connection reads now.
                with use_language(connection.language):
                    try:
                        if not limiter.allow() or not messages.allow(address):
                            raise RoomError("rate_limited", _("too many messages; slow down"))
                        text = frame.get("text")
                        if text is None:
                            raise RoomError("bad_message",
                                            _("messages are JSON in text frames, not binary ones"))
                        await _handle(room, connection, text)
                    except RoomError as error:
                        connection.deliver(wire.dumps(error.to_json()))
        finally:
            live.discard(connection)
            connection.stop()
            manager.disconnect(room, connection)

    async def _handle(room: Room, connection: SocketConnection, text: str) -> None:
        if len(text) > MAX_MESSAGE_BYTES or len(text.encode()) > MAX_MESSAGE_BYTES:
            raise RoomError("too_large", _("messages are limited to {count} bytes").format(
                count=MAX_MESSAGE_BYTES))
        try:
            message = wire.loads(text)
        except ValueError:
            # As for request bodies: over-long numbers, deep nesting and lone surrogates are
            # bad JSON too, and an uncaught error here would drop the player's connection.
            raise RoomError("bad_json", _("that message is not valid JSON")) from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise RoomError("bad_message", _("a message is a JSON object with a {key}").format(key='"type"'))
        kind = message["type"]
        if kind == "act":
            if "action" not in message:
                raise RoomError("bad_message", _("an {kind} message needs an {key}").format(
                    kind='"act"', key='"action"'))
            await manager.act(room, connection.seat, message["action"], message.get("version"))
        elif kind == "hint":
            given = message.get("input")
            if given is not None and not isinstance(given, dict):
                raise RoomError("bad_message", _("a {kind} message's {key} is a JSON object").format(
                    kind='"hint"', key='"input"'))
            await manager.hint(room, connection, given)
        elif kind == "rematch":
            manager.start_rematch(room, connection)
        elif kind == "ping":
            pong = {"type": "pong"}
            if "id" in message:
                pong["id"] = _ping_id(message["id"])
            manager.before_pong(room, connection)
            connection.deliver(wire.dumps(pong))
        elif kind == "language":
            asked = message.get("language")
            try:
                language = check_language(asked) if isinstance(asked, str) else None
            except UnknownLanguage:
                language = None
            if language is None:
                raise RoomError("bad_language", _("a {kind} message names one of {languages}").format(
                    kind='"language"', languages=", ".join(LANGUAGES)))
            connection.language = language
            # The position again, in the words of the new language.
            connection.deliver(room.state_text(connection.seat, None, language))
        else:
            raise RoomError("unknown_type", _("unknown message type; use {types}").format(
                types="act, hint, rematch, language, ping"))

    routes = [
        Route("/", lobby_page),
        Route("/r/{room}", room_page),
        Route("/games/{game}/renderer.js", renderer),
        Route("/games/{game}/table/{kind}.js", table_extension),
        Route("/i18n/{language}.json", catalog),
        Route("/api/games", list_games),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/open-rooms", open_rooms),
        Route("/api/rooms/{room}", room_summary),
        Route("/api/rooms/{room}/join", join_room, methods=["POST"]),
        Route("/api/rooms/{room}/games", room_games),
        Route("/api/rooms/{room}/games/{number:int}/record", game_record),
        Route("/api/replay", replay_record, methods=["POST"]),
        Route("/healthz", health),
        Mount("/static", StaticFiles(packages=[("highstakes.web", "static")]), name="static"),
    ]
    return ServerApp(Starlette(routes=routes, lifespan=lifespan), play_socket, access or Access(), manager)


SOCKET_PATH = re.compile(r"/ws/([^/]+)")
MAX_CLOSE_REASON = 123  # bytes of UTF-8 a WebSocket close frame has room for
MAX_PING_ID = 64  # characters of a text
MAX_PING_ID_DIGITS = 15  # of a whole number: exact in every client's numbers, JavaScript's too


def _ping_id(given: Any) -> str | int:
    """A ping's ``id``, which its pong carries back so that a client can tell its pongs apart."""
    if isinstance(given, str) and len(given) <= MAX_PING_ID:
        return given
    if isinstance(given, int) and not isinstance(given, bool) and abs(given) < 10**MAX_PING_ID_DIGITS:
        return given
    words = _("a {kind} message's {key} is a text of at most {count} characters "
              "or a whole number of at most {digits} digits")
    raise RoomError("bad_message", words.format(kind='"ping"', key='"id"', count=MAX_PING_ID,
                                                digits=MAX_PING_ID_DIGITS))


class ServerApp:
    """The ASGI application: the guard (hosts, origins, headers) in front of everything, then
    the game's WebSocket straight to its handler and every other request to Starlette.

    The WebSocket skips Starlette's routing and middleware: each of its many messages would
    otherwise pass through them on the way out.
    """

    def __init__(self, http: Starlette, socket: Callable[[Scope, Receive, Send], Awaitable[None]],
                 access: Access, manager: RoomManager) -> None:
        self.http = http
        self.socket = socket
        self.manager = manager
        self._guarded = Guard(self._dispatch, access)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self._guarded(scope, receive, send)

    async def _dispatch(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and (match := SOCKET_PATH.fullmatch(scope["path"])):
            scope["path_params"] = {"room": match[1]}
            await self.socket(scope, receive, send)
            return
        await self.http(scope, receive, send)


def close_reason(message: str) -> str:
    """A refusal's words as a close frame's reason: whole characters, cut short to fit."""
    encoded = message.encode()
    if len(encoded) <= MAX_CLOSE_REASON:
        return message
    return encoded[: MAX_CLOSE_REASON - 3].decode(errors="ignore") + "…"


def _tags(if_none_match: str) -> set[str]:
    """The entity tags an ``If-None-Match`` header names, weak ones (``W/"..."``) as strong."""
    return {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}


def _query_value(scope: Scope, name: str) -> str | None:
    values = parse_qs(scope.get("query_string", b"").decode("latin-1")).get(name)
    return values[0] if values else None
