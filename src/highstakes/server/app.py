"""The ASGI application: lobby and game pages, the JSON API and the WebSocket.

See docs/server.md for the protocol. Game-independent: it relays views and legal
actions; each game may ship a browser renderer in ``catalog/<game>/web/renderer.js``.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import AsyncIterator
from importlib.resources import files
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

import highstakes as hs
from highstakes.bots.registry import available_bots, bot_catalog
from highstakes.engine.registry import definition
from highstakes.server.rooms import Room, RoomError, RoomManager
from highstakes.server.storage import Storage

MAX_MESSAGE_BYTES = 16 * 1024
MESSAGES_PER_SECOND = 20  # a person clicks a few times a second; more is a flood
CLOSE_BAD_TOKEN = 4403
CLOSE_NO_ROOM = 4404


def _static(name: str) -> Any:
    return files("highstakes.web").joinpath("static", name)


def _renderer(game_id: str) -> Any | None:
    return definition(game_id).web_renderer()


def _error(error: RoomError) -> JSONResponse:
    return JSONResponse({"error": {"code": error.code, "message": error.message}}, status_code=error.status)


async def _json_body(request: Request) -> Any:
    # Read in chunks and stop at the limit: request.body() would first buffer a body of any size.
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise RoomError("too_large", f"the body is over {MAX_MESSAGE_BYTES} bytes", 413)
    try:
        return json.loads(body or b"{}")
    except (ValueError, RecursionError):
        # ValueError covers bad syntax, bad UTF-8 and over-long numbers; RecursionError
        # deeply nested arrays. Either is the client's mistake, never a server error.
        raise RoomError("bad_json", "the body is not valid JSON") from None


class RateLimiter:
    """A token bucket: ``rate`` messages a second, in bursts of up to ``rate``."""

    def __init__(self, rate: float) -> None:
        self.rate = rate
        self.allowance = rate
        self.last = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.allowance = min(self.rate, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


class SocketConnection:
    """One browser tab on one room: a seat (or None for a spectator) and its socket."""

    def __init__(self, websocket: WebSocket, seat: int | None) -> None:
        self.websocket = websocket
        self.seat = seat

    async def send(self, message: dict[str, Any]) -> None:
        await self.websocket.send_text(json.dumps(message, separators=(",", ":")))


def create_app(database_url: str, *, bot_delay: float = 0.6, seed: int | None = None) -> Starlette:
    """The server application, storing rooms at ``database_url`` (SQLite or PostgreSQL)."""
    storage = Storage(database_url)
    manager = RoomManager(storage, bot_delay=bot_delay, seed=seed)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        await manager.restore()
        try:
            yield
        finally:
            await manager.close()
            storage.close()

    async def lobby_page(_request: Request) -> Response:
        return FileResponse(str(_static("index.html")))

    async def room_page(request: Request) -> Response:
        try:
            manager.room(request.path_params["room"])
        except RoomError as error:
            return Response(f"{error.message}\n", status_code=404, media_type="text/plain")
        return FileResponse(str(_static("room.html")))

    async def renderer(request: Request) -> Response:
        game_id = request.path_params["game"]
        if game_id not in hs.games() or (path := _renderer(game_id)) is None:
            return Response("no renderer for this game\n", status_code=404, media_type="text/plain")
        return FileResponse(str(path), media_type="text/javascript")

    async def list_games(_request: Request) -> Response:
        catalog = []
        for game_id in hs.games():
            described = definition(game_id).describe()
            described["bots"] = list(available_bots(game_id))
            described["bot_labels"] = {name: info.label for name, info in bot_catalog(game_id).items()}
            described["renderer"] = f"/games/{game_id}/renderer.js" if _renderer(game_id) else None
            catalog.append(described)
        return JSONResponse(catalog)

    async def create_room(request: Request) -> Response:
        try:
            room = await manager.create_room(await _json_body(request))
        except RoomError as error:
            return _error(error)
        return JSONResponse({"room": room.id, "invite": f"/r/{room.id}"}, status_code=201)

    async def room_summary(request: Request) -> Response:
        try:
            return JSONResponse(manager.room(request.path_params["room"]).summary())
        except RoomError as error:
            return _error(error)

    async def room_games(request: Request) -> Response:
        try:
            room = manager.room(request.path_params["room"])
            return JSONResponse({"finished": await manager.finished_games(room)})
        except RoomError as error:
            return _error(error)

    async def game_record(request: Request) -> Response:
        try:
            room = manager.room(request.path_params["room"])
            return JSONResponse(await manager.game_record(room, request.path_params["number"]))
        except RoomError as error:
            return _error(error)

    async def join_room(request: Request) -> Response:
        try:
            room = manager.room(request.path_params["room"])
            seat, token = await manager.join(room, await _json_body(request))
        except RoomError as error:
            return _error(error)
        return JSONResponse({"seat": seat, "token": token})

    async def health(_request: Request) -> Response:
        return JSONResponse({"ok": True, "rooms": len(manager.rooms)})

    async def play_socket(websocket: WebSocket) -> None:
        await websocket.accept()
        try:
            room = manager.room(websocket.path_params["room"])
            seat = room.seat_for_token(websocket.query_params.get("token"))
        except RoomError as error:
            await websocket.send_text(json.dumps(error.to_json()))
            await websocket.close(CLOSE_NO_ROOM if error.status == 404 else CLOSE_BAD_TOKEN)
            return
        connection = SocketConnection(websocket, seat)
        limiter = RateLimiter(MESSAGES_PER_SECOND)
        await manager.connect(room, connection)
        try:
            while True:
                # Not receive_text(): it fails on a binary frame, which would drop the client
                # with a server error instead of telling it what is wrong.
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    raise WebSocketDisconnect(frame.get("code", 1000))
                try:
                    if not limiter.allow():
                        raise RoomError("rate_limited", "too many messages; slow down")
                    text = frame.get("text")
                    if text is None:
                        raise RoomError("bad_message", "messages are JSON in text frames, not binary ones")
                    await _handle(room, connection, text)
                except RoomError as error:
                    await connection.send(error.to_json())
        except WebSocketDisconnect:
            pass
        finally:
            await manager.disconnect(room, connection)

    async def _handle(room: Room, connection: SocketConnection, text: str) -> None:
        if len(text.encode()) > MAX_MESSAGE_BYTES:
            raise RoomError("too_large", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError):
            # As for request bodies: over-long numbers and deep nesting are bad JSON too,
            # and an uncaught error here would drop the player's connection.
            raise RoomError("bad_json", "that message is not valid JSON") from None
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            raise RoomError("bad_message", 'a message is a JSON object with a "type"')
        kind = message["type"]
        if kind == "act":
            if "action" not in message:
                raise RoomError("bad_message", 'an "act" message needs an "action"')
            await manager.act(room, connection.seat, message["action"], message.get("version"))
        elif kind == "hint":
            await connection.send({"type": "hint", "hint": await manager.hint(room, connection.seat)})
        elif kind == "rematch":
            await manager.rematch(room, connection.seat)
        elif kind == "ping":
            await connection.send({"type": "pong"})
        else:
            raise RoomError("unknown_type", f"unknown message type {kind!r}; use act, hint, rematch or ping")

    routes = [
        Route("/", lobby_page),
        Route("/r/{room}", room_page),
        Route("/games/{game}/renderer.js", renderer),
        Route("/api/games", list_games),
        Route("/api/rooms", create_room, methods=["POST"]),
        Route("/api/rooms/{room}", room_summary),
        Route("/api/rooms/{room}/join", join_room, methods=["POST"]),
        Route("/api/rooms/{room}/games", room_games),
        Route("/api/rooms/{room}/games/{number:int}/record", game_record),
        Route("/healthz", health),
        WebSocketRoute("/ws/{room}", play_socket),
        Mount("/static", StaticFiles(packages=[("highstakes.web", "static")]), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.manager = manager
    return app
