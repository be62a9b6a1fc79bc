"""Rooms: one game each, seats for people and bots, live connections, persistence.

Everything that changes a room happens under its lock, in this order: try the
action on a clone of the game (a refusal changes nothing), commit it to the
database, swap the clone in, and only then tell the connections. A client
therefore never hears of an action that a crash could lose.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import random
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import highstakes as hs
from highstakes.bots.registry import available_bots, make_bot, strongest_bot
from highstakes.engine.action import JSON
from highstakes.engine.bot import Bot
from highstakes.engine.game import Game
from highstakes.engine.options import resolve_options
from highstakes.engine.registry import definition
from highstakes.server.storage import SeatTaken, Storage, StoredRoom

T = TypeVar("T")

MAX_NAME_LENGTH = 32
SEND_TIMEOUT = 5.0  # seconds a broadcast waits for one client before dropping it
MIN_TURN_TIMER, MAX_TURN_TIMER = 5.0, 3600.0


class RoomError(Exception):
    """A request the room refuses; ``status`` is the HTTP status to answer with."""

    def __init__(self, code: str, message: str, status: int = 400, rule: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.status, self.rule = code, message, status, rule

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "rule": self.rule}


class Connection(Protocol):
    """What a room needs of a client connection (a WebSocket, or a test double)."""

    seat: int | None

    async def send(self, message: dict[str, Any]) -> None: ...


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SeatKind:
    bot: str | None  # None: a person's seat

    @staticmethod
    def parse(text: Any, game_id: str) -> SeatKind:
        bots = available_bots(game_id)
        if text == "human":
            return SeatKind(None)
        if isinstance(text, str) and text.startswith("bot:") and text[4:] in bots:
            return SeatKind(text[4:])
        allowed = ", ".join(["human", *(f"bot:{name}" for name in bots)])
        raise RoomError("bad_seat_kind", f"a seat is one of {allowed}; got {text!r}")

    def to_text(self) -> str:
        return "human" if self.bot is None else f"bot:{self.bot}"


@dataclass
class Room:
    id: str
    game_id: str
    options: dict[str, Any]
    kinds: list[SeatKind]
    turn_timer: float | None
    created_at: float
    game_number: int
    game: Game
    names: dict[int, str] = field(default_factory=dict)
    token_hashes: dict[int, str] = field(default_factory=dict)
    connections: set[Any] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bots: dict[int, Bot] = field(default_factory=dict)
    pending: set[asyncio.Task[None]] = field(default_factory=set)
    # When each running turn timer fires, by the wall clock, keyed by (game number, version,
    # seat) like the timer itself: a rematch restarts versions, so the version alone is not
    # enough to tell whose deadline a state message may show.
    deadlines: dict[tuple[int, int, int], float] = field(default_factory=dict)

    @property
    def version(self) -> int:
        """The position clients act at: how many decisions the current game has seen."""
        return self.game.decision_count

    @property
    def waiting_for_people(self) -> bool:
        return any(kind.bot is None and seat not in self.names for seat, kind in enumerate(self.kinds))

    @property
    def status(self) -> str:
        if self.game.is_over:
            return "over"
        return "waiting" if self.waiting_for_people else "playing"

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat a token plays, None for no token; raises for a token of no seat."""
        if not token:
            return None
        digest = hash_token(token)
        for seat, stored in self.token_hashes.items():
            if secrets.compare_digest(stored, digest):
                return seat
        raise RoomError("bad_token", "this seat token does not belong to this room", 403)

    def start_turn_clocks(self) -> None:
        """Note the deadline of every person's seat that must act now, and forget older ones.

        Called as soon as a new position is in place, before anyone hears of it, so that the
        first state message of a turn already carries its deadline; noting a deadline twice
        keeps the first, so a timer never restarts without the position changing.
        """
        position = (self.game_number, self.version)
        self.deadlines = {key: at for key, at in self.deadlines.items() if key[:2] == position}
        if self.status != "playing" or self.turn_timer is None:
            self.deadlines.clear()
            return
        for seat in self.game.to_act:
            if self.kinds[seat].bot is None:
                self.deadlines.setdefault((*position, seat), time.time() + self.turn_timer)

    def turn_deadline(self, seat: int | None) -> float | None:
        """Seconds until a turn timer acts at this position, or None when none runs.

        The seat's own timer when it has one, else the soonest of the position's timers
        (whose turn it is is public already, and so is when it ends). Seconds left rather
        than a time of day, so that the server's and the browser's clocks need not agree.
        """
        position = (self.game_number, self.version)
        current = {key[2]: at for key, at in self.deadlines.items() if key[:2] == position}
        if not current or self.status != "playing":
            return None
        deadline = current[seat] if seat in current else min(current.values())
        return round(max(0.0, deadline - time.time()), 3)

    def summary(self) -> dict[str, Any]:
        connected = {connection.seat for connection in self.connections}
        return {
            "room": self.id,
            "game": self.game_id,
            "title": definition(self.game_id).title,
            "options": dict(self.game.options),
            "status": self.status,
            "seats": [
                {
                    "seat": seat,
                    "kind": "human" if kind.bot is None else "bot",
                    "bot": kind.bot,
                    "name": self.names.get(seat) if kind.bot is None else f"{kind.bot} bot",
                    "connected": kind.bot is not None or seat in connected,
                }
                for seat, kind in enumerate(self.kinds)
            ],
            "turn_timer": self.turn_timer,
            "game_number": self.game_number,
        }

    def state_message(self, seat: int | None, event: dict[str, Any] | None) -> dict[str, Any]:
        game = self.game
        legal = game.legal_actions(seat) if seat is not None and self.status == "playing" else []
        return {
            "type": "state",
            "room": self.id,
            "game": self.game_id,
            "game_number": self.game_number,
            "seat": seat,
            "status": self.status,
            "version": self.version,
            "to_act": list(game.to_act),
            "view": game.view(seat),
            "legal": [{"action": action.to_json(), "label": str(action)} for action in legal],
            "amounts": game.amount_entries(seat) if legal else [],
            "seats": self.summary()["seats"],
            "result": game.result() if game.is_over else None,
            "event": event,
            "turn_deadline": self.turn_deadline(seat),
        }


class RoomManager:
    """All rooms of this server process, their bots and timers."""

    def __init__(self, storage: Storage, *, bot_delay: float = 0.6, seed: int | None = None) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self._random = random.Random(seed)
        # One thread for the database: writes stay in order and SQLite never sees two writers.
        self._db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="highstakes-db")

    # --- the database, off the event loop ------------------------------------------------------
    async def _db_call(self, function: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._db, function, *args)

    async def restore(self) -> int:
        """Rebuild every stored room by replaying its log; returns how many."""
        stored_rooms = await self._db_call(self.storage.load_rooms)
        for stored in stored_rooms:
            game = hs.replay(stored.record())
            room = self._room_from(stored, game)
            self.rooms[room.id] = room
            self._schedule(room)
        return len(stored_rooms)

    def _room_from(self, stored: StoredRoom, game: Game) -> Room:
        kinds = [SeatKind.parse(text, stored.game) for text in stored.seat_kinds]
        room = Room(
            id=stored.id, game_id=stored.game, options=stored.options, kinds=kinds,
            turn_timer=stored.turn_timer, created_at=stored.created_at,
            game_number=stored.game_number, game=game,
        )
        for seat, (name, token_hash) in stored.seats.items():
            room.names[seat] = name
            room.token_hashes[seat] = token_hash
        room.bots = {seat: make_bot(room.game_id, kind.bot) for seat, kind in enumerate(kinds) if kind.bot}
        return room

    async def close(self) -> None:
        for room in self.rooms.values():
            for task in list(room.pending):
                task.cancel()
        self._db.shutdown(wait=True)

    # --- creating and joining -------------------------------------------------------------------
    async def create_room(self, request: Any) -> Room:
        if not isinstance(request, dict):
            raise RoomError("bad_request", "the body must be a JSON object")
        game_id = request.get("game")
        try:
            game_definition = definition(game_id) if isinstance(game_id, str) else None
        except ValueError as error:
            raise RoomError("unknown_game", str(error)) from None
        if game_definition is None:
            raise RoomError("unknown_game", f"'game' must be one of {', '.join(hs.games())}")
        seat_texts = request.get("seats")
        if not isinstance(seat_texts, list) or not (
            game_definition.min_seats <= len(seat_texts) <= game_definition.max_seats
        ):
            raise RoomError(
                "bad_seats",
                f"'seats' must list {game_definition.min_seats} to {game_definition.max_seats} seats "
                f"for {game_id}, each 'human' or 'bot:<name>'",
            )
        kinds = [SeatKind.parse(text, game_id) for text in seat_texts]  # type: ignore[arg-type]
        # Only a missing or null 'options' means the defaults: [] or "" is a mistake to report.
        options = request.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RoomError("bad_options", "'options' must be an object")
        try:
            options = resolve_options(game_id, game_definition.option_specs, options)  # type: ignore[arg-type]
        except ValueError as error:
            raise RoomError("bad_options", str(error)) from None
        turn_timer = request.get("turn_timer")
        if turn_timer is not None and (
            isinstance(turn_timer, bool) or not isinstance(turn_timer, int | float)
            or not MIN_TURN_TIMER <= turn_timer <= MAX_TURN_TIMER
        ):
            raise RoomError(
                "bad_turn_timer",
                f"'turn_timer' is null (off) or seconds from {MIN_TURN_TIMER:g} to {MAX_TURN_TIMER:g}",
            )
        room_id = self._new_room_id()
        seed = self._random.getrandbits(63)
        try:
            game = hs.new_game(game_id, len(kinds), seed=seed, options=options)  # type: ignore[arg-type]
        except ValueError as error:
            # Each option value is valid alone, but a game may refuse a combination of
            # options and seat count; that is the request's fault, not a server error.
            raise RoomError("bad_options", str(error)) from None
        stored = StoredRoom(
            id=room_id, game=game_id, options=dict(game.options),  # type: ignore[arg-type]
            seat_kinds=[kind.to_text() for kind in kinds],
            turn_timer=float(turn_timer) if turn_timer is not None else None,
            created_at=time.time(), game_number=1, seed=seed,
        )
        # The opening chance (a shuffle, a roll-off) is part of the record from the start.
        await self._db_call(self.storage.create_room, stored, game.record()["actions"])
        room = self._room_from(stored, game)
        self.rooms[room_id] = room
        self._schedule(room)
        return room

    def _new_room_id(self) -> str:
        while True:
            room_id = secrets.token_urlsafe(6)
            if room_id not in self.rooms:
                return room_id

    def room(self, room_id: str) -> Room:
        try:
            return self.rooms[room_id]
        except KeyError:
            raise RoomError("no_room", f"there is no room {room_id!r}", 404) from None

    async def join(self, room: Room, request: Any) -> tuple[int, str]:
        """Give a person's seat to a display name; returns (seat, token)."""
        if not isinstance(request, dict):
            raise RoomError("bad_request", "the body must be a JSON object")
        name = request.get("name")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME_LENGTH:
            raise RoomError("bad_name", f"'name' must be 1 to {MAX_NAME_LENGTH} characters")
        name = " ".join(name.split())
        if not name.isprintable():
            raise RoomError("bad_name", "'name' may hold printable characters only")
        seat = request.get("seat")
        async with room.lock:
            free = [s for s, kind in enumerate(room.kinds) if kind.bot is None and s not in room.names]
            if seat is None:
                if not free:
                    raise RoomError("room_full", "every person's seat in this room is taken", 409)
                seat = free[0]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(room.kinds):
                raise RoomError("bad_seat", f"'seat' must be a seat number from 0 to {len(room.kinds) - 1}")
            if room.kinds[seat].bot is not None:
                raise RoomError("seat_is_bot", f"seat {seat} is played by a bot", 409)
            if seat in room.names:
                raise RoomError("seat_taken", f"seat {seat} is taken", 409)
            token = secrets.token_urlsafe(24)
            try:
                await self._db_call(self.storage.claim_seat, room.id, seat, name, hash_token(token))
            except SeatTaken:
                raise RoomError("seat_taken", f"seat {seat} is taken", 409) from None
            room.names[seat] = name
            room.token_hashes[seat] = hash_token(token)
            room.start_turn_clocks()
        await self.broadcast(room, {"kind": "joined", "seat": seat})
        self._schedule(room)
        return seat, token

    # --- connections ------------------------------------------------------------------------------
    async def connect(self, room: Room, connection: Connection) -> None:
        room.connections.add(connection)
        await connection.send(room.state_message(connection.seat, None))
        await self.broadcast(room, {"kind": "connected", "seat": connection.seat}, skip=connection)

    async def disconnect(self, room: Room, connection: Connection) -> None:
        room.connections.discard(connection)
        with contextlib.suppress(Exception):
            await self.broadcast(room, {"kind": "disconnected", "seat": connection.seat})

    async def broadcast(self, room: Room, event: dict[str, Any], skip: Any = None) -> None:
        """Send every connection its own seat's state. Views are computed once per seat."""
        messages: dict[int | None, dict[str, Any]] = {}
        sends: list[Awaitable[None]] = []
        for connection in list(room.connections):
            if connection is skip:
                continue
            if connection.seat not in messages:
                messages[connection.seat] = room.state_message(connection.seat, event)
            sends.append(self._send_quietly(room, connection, messages[connection.seat]))
        await asyncio.gather(*sends)

    @staticmethod
    async def _send_quietly(room: Room, connection: Connection, message: dict[str, Any]) -> None:
        try:
            # A client that stops reading must not hold up the rest of its room.
            await asyncio.wait_for(connection.send(message), SEND_TIMEOUT)
        except Exception:
            # A client that went away (or stalled) is dropped from the room's broadcasts; its
            # own handler cleans up the socket. Never fail the room for it.
            room.connections.discard(connection)

    # --- playing -----------------------------------------------------------------------------------
    async def act(
        self, room: Room, seat: int | None, action: JSON, version: Any = None, event_kind: str = "acted",
        game_number: int | None = None,
    ) -> None:
        """Apply ``seat``'s action; raises RoomError (nothing changed) when refused.

        ``game_number``, when given, refuses the action once a rematch replaced that game:
        versions restart at 0, so the version alone cannot tell two games apart.
        """
        if seat is None:
            raise RoomError("spectator", "spectators cannot act; join a free seat to play")
        async with room.lock:
            if room.status == "waiting":
                raise RoomError("waiting_for_players", "the game starts when every person's seat is taken")
            if (version is not None and version != room.version) or (
                game_number is not None and game_number != room.game_number
            ):
                raise RoomError(
                    "stale_version",
                    f"that move was for position {version}, but the game is at {room.version}; "
                    "the board has been refreshed",
                )
            before = room.game.history_length
            candidate = room.game.clone()
            try:
                candidate.act(seat, action)
            except hs.IllegalAction as refusal:
                raise RoomError(refusal.code, refusal.message, 400, refusal.rule) from None
            entries = candidate.entries_since(before)  # the decision and the chance it led to
            await self._db_call(self.storage.append_actions, room.id, room.game_number, before, entries)
            room.game = candidate
            room.start_turn_clocks()
        await self.broadcast(room, {"kind": event_kind, "seat": seat})
        self._schedule(room)

    async def rematch(self, room: Room, seat: int | None) -> None:
        if seat is None:
            raise RoomError("spectator", "only players can start a rematch")
        async with room.lock:
            if not room.game.is_over:
                raise RoomError("not_over", "a rematch can start only when the game is over")
            seed = self._random.getrandbits(63)
            game_number = room.game_number + 1
            game = hs.new_game(room.game_id, len(room.kinds), seed=seed, options=room.game.options)
            await self._db_call(self.storage.start_game, room.id, game_number, seed, game.record()["actions"])
            room.game = game
            room.game_number = game_number
            room.start_turn_clocks()
        await self.broadcast(room, {"kind": "rematch", "seat": seat})
        self._schedule(room)

    async def game_record(self, room: Room, game_number: Any) -> dict[str, Any]:
        """The record of a finished game of the room: every secret it held, so only once over."""
        if isinstance(game_number, bool) or not isinstance(game_number, int) or not (
            1 <= game_number <= room.game_number
        ):
            raise RoomError("no_game", f"this room has played games 1 to {room.game_number}", 404)
        if game_number == room.game_number and not room.game.is_over:
            raise RoomError("not_over", "a game's record is shown once the game is over", 409)
        record = await self._db_call(self.storage.game_record, room.id, game_number)
        if record is None:
            raise RoomError("not_kept", f"game {game_number} of this room was not kept", 404)
        return record

    async def finished_games(self, room: Room) -> list[int]:
        """The games of the room whose records may be seen: every kept game that is over."""
        kept = await self._db_call(self.storage.kept_games, room.id)
        return [number for number in kept if number < room.game_number or room.game.is_over]

    async def hint(self, room: Room, seat: int | None) -> dict[str, Any]:
        if seat is None:
            raise RoomError("spectator", "hints are for players")
        advisor = definition(room.game_id).advisor()
        if advisor is None:
            raise RoomError("no_hint", f"{room.game_id} has no advisor")
        if seat not in room.game.to_act or room.status != "playing":
            raise RoomError("not_your_turn", "hints are given on your own turn")
        view, legal = room.game.view(seat), room.game.legal_actions(seat)
        # The advisor may load or even compute a solution: keep the event loop free.
        return await asyncio.to_thread(advisor, view, legal)

    # --- bots and turn timers --------------------------------------------------------------------------
    def _schedule(self, room: Room) -> None:
        """Start a bot move (or a turn timer) for every seat that must act now."""
        room.start_turn_clocks()  # a restored room has noted no deadline yet
        if room.status != "playing":
            return
        position = (room.game_number, room.version)
        for seat in room.game.to_act:
            if seat in room.bots:
                bot_move = self._bot_move(room, seat, position, room.bots[seat], "acted", self.bot_delay)
                self._spawn(room, bot_move)
            elif (deadline := room.deadlines.get((*position, seat))) is not None:
                strongest = strongest_bot(room.game_id, len(room.kinds), room.game.options)
                stand_in = make_bot(room.game_id, strongest)
                # Fire at the deadline the clients were told, not a full timer after the
                # broadcast, which a slow client may have held up.
                delay = max(0.0, deadline - time.time())
                self._spawn(room, self._bot_move(room, seat, position, stand_in, "timer", delay))

    def _spawn(self, room: Room, work: Awaitable[None]) -> None:
        task = asyncio.ensure_future(work)
        room.pending.add(task)
        task.add_done_callback(room.pending.discard)

    async def _bot_move(
        self, room: Room, seat: int, position: tuple[int, int], bot: Bot, event_kind: str, delay: float
    ) -> None:
        # ``position`` is (game number, version): a turn timer outlives its game, and the
        # next game passes through the same versions, so the version alone would let a
        # timer of the last game act early in this one.
        game_number, version = position
        if delay > 0:
            await asyncio.sleep(delay)
        if (room.game_number, room.version) != position or seat not in room.game.to_act or (
            room.status != "playing"
        ):
            return  # someone acted meanwhile, or a rematch replaced the game
        view, legal = room.game.view(seat), room.game.legal_actions(seat)
        rng = random.Random(f"{room.id}:{game_number}:{version}:{seat}")
        action = await asyncio.to_thread(bot.choose, view, legal, rng)
        with contextlib.suppress(RoomError):  # the position moved on while the bot thought
            await self.act(room, seat, action.to_json(), version, event_kind, game_number)
