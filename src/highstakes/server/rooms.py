"""Rooms: one game each, seats for people and bots, live connections, persistence.

Everything that changes a room happens under its lock, in this order: try the action on
a clone of the game (a refusal changes nothing), commit it to the database, swap the
clone in, and only then tell the connections. A client therefore never hears of an
action that a crash could lose.

Only the rooms in use live in memory. A room nobody is connected to leaves it after a
while (a finished one sooner), and is rebuilt from its log when someone asks for it; the
server therefore starts without reading any room. A room's turn timer runs only while a
person of the room is connected, so an empty room makes no moves and can leave memory.

What connections hear: every player's connection gets each new position at once, in its
own seat's view, computed and encoded once for all connections of that seat; spectators
share one encoded message, sent at most ten times a second (the latest position, when
play is quicker); a connection coming or going is a small ``presence`` message, sent
only when a seat's presence changes.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import re
import secrets
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any, Protocol

from msgspec.structs import replace

import highstakes as hs
from highstakes.bots.registry import available_bots, bot_catalog, strongest_bot
from highstakes.cli.words import bot_label, game_text
from highstakes.engine.action import JSON
from highstakes.engine.contract import GameDefinition
from highstakes.engine.game import Game
from highstakes.engine.registry import definition
from highstakes.i18n import DEFAULT, _, use_language
from highstakes.i18n.numbers import format_number
from highstakes.server import wire
from highstakes.server.compute import Busy, ComputePool, Kind, Owner, TooLong, uses_solver
from highstakes.server.faults import LogOnce, UnreadableRooms
from highstakes.server.limits import Limits, SlidingWindow
from highstakes.server.storage import SeatTaken, Storage, StoredRoom
from highstakes.server.writer import DatabaseThread
from highstakes.table import Legal, TableContext, assign_keys, table_for
from highstakes.table import to_json as table_json
from highstakes.table.generic import generic_table

log = logging.getLogger("highstakes.server")
#: A game's table declaration that fails: one line a minute per game at most.
table_faults = LogOnce(log)

MAX_NAME_LENGTH = 32
MIN_TURN_TIMER, MAX_TURN_TIMER = 5.0, 3600.0
SPECTATOR_INTERVAL = 0.1  # seconds between two updates to a room's spectators
OPEN_ROOMS_LISTED = 50
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
RECENT_MOVES = 16  # decisions remembered per room, to recognise a double click


def _no_next_game(problem: ValueError) -> RoomError:
    return RoomError("rematch_failed", _("no rematch can start at this table: {problem}").format(
        problem=problem), 409)


class RoomError(Exception):
    """A request the room refuses; ``status`` is the HTTP status to answer with.

    ``code`` is the same in every language; ``message`` is written in the language of the
    request or connection being answered (the current language when it is raised).
    """

    def __init__(self, code: str, message: str, status: int = 400, rule: str | None = None) -> None:
        message = wire.printable(message)
        super().__init__(message)
        self.code, self.message, self.status, self.rule = code, message, status, rule

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "rule": self.rule}


class Connection(Protocol):
    """What a room needs of a client connection (a WebSocket, or a test double)."""

    seat: int | None
    language: str  # what it reads: every message it is sent is in this language

    def deliver(self, text: str) -> None:
        """Queue a message (JSON text) for the client; never waits."""


def table_extensions(game: GameDefinition) -> dict[str, str]:
    """Where the browser loads the game's own table drawers (``GameDefinition.table_extensions``), by kind."""
    return {extension.kind: f"/games/{game.id}/table/{extension.kind}.js"
            for extension in game.table_extensions() if extension.web_module is not None}


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_words(seat: int) -> str:
    """A seat as people count it: from 1."""
    return _("seat {number}").format(number=seat + 1)


def language_of(connection: Connection) -> str:
    """The language a connection reads (a test double without one reads English)."""
    return getattr(connection, "language", DEFAULT)


def address_of(connection: Connection) -> str | None:
    """The client address of a connection (a test double may have none)."""
    return getattr(connection, "address", None)


def too_long_refusal(words: str, too_long: TooLong, **more: str) -> RoomError:
    """The refusal of what needs a preparation longer than the server allows, in ``words`` (with
    ``{seconds}``, the game's estimate, and ``{limit}``, the server's)."""
    return RoomError("too_long", words.format(
        seconds=format_number(round(too_long.seconds)), limit=format_number(round(too_long.limit)), **more))


def bot_without_solver(game_id: str) -> str:
    """The strongest of the game's bots that plays without its preparation (bots come weakest first)."""
    return [name for name, info in bot_catalog(game_id).items() if not info.uses_solver][-1]


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
        raise RoomError("bad_seat_kind", _("a seat is one of {allowed}; got {text}").format(
            allowed=allowed, text=repr(text)))

    def to_text(self) -> str:
        return "human" if self.bot is None else f"bot:{self.bot}"


def bot_seats(kinds: list[SeatKind]) -> list[int]:
    """The seats a room gives to bots, which its games are told (``new_game(..., bots=...)``).

    Only these: a person's seat that the turn timer's stand-in plays for a silent person stays
    a person's seat (the person may be back for the next move), so a game that treats bots
    apart treats it as a person's throughout.
    """
    return [seat for seat, kind in enumerate(kinds) if kind.bot is not None]


@dataclass(eq=False)
class Room:
    id: str
    game_id: str
    options: dict[str, Any]
    kinds: list[SeatKind]
    turn_timer: float | None
    created_at: float
    game_number: int
    game: Game
    private: bool = False  # reached by its link only: never listed among the open rooms
    names: dict[int, str] = field(default_factory=dict)
    token_hashes: dict[int, str] = field(default_factory=dict)
    # Who took each seat since this process holds the room: the client address (for the cap on
    # seats an address holds), when (time.monotonic()), and the seats whose holder connected
    # since; a seat taken and never connected to is freed after a while.
    seat_addresses: dict[int, str] = field(default_factory=dict)
    taken_at: dict[int, float] = field(default_factory=dict)
    seen: set[int] = field(default_factory=set)
    players: dict[int, set[Connection]] = field(default_factory=dict)  # seat -> its connections
    spectators: set[Connection] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    pending: set[asyncio.Task[None]] = field(default_factory=set)
    scheduled: set[tuple[int, int, int]] = field(default_factory=set)  # (game, version, seat) with a task
    # When each running turn timer fires, by the wall clock, keyed by (game number, version,
    # seat) like the timer itself: a rematch restarts versions, so the version alone is not
    # enough to tell whose deadline a state message may show.
    deadlines: dict[tuple[int, int, int], float] = field(default_factory=dict)
    # The turn timers stop while no person of the room is connected: each keeps the seconds it
    # had left, by the same keys, and the tasks that would have acted are cancelled.
    clocks_stopped: bool = True
    stopped_clocks: dict[tuple[int, int, int], float] = field(default_factory=dict)
    timer_tasks: dict[tuple[int, int, int], asyncio.Task[None]] = field(default_factory=dict)
    last_active: float = field(default_factory=time.monotonic)
    evicted: bool = False  # left memory: a newer copy may be loaded from the database
    # Decisions of the current game by version, to recognise a move sent twice.
    recent: dict[int, tuple[int, JSON]] = field(default_factory=dict)
    # The choices each seat was sent at recent versions: a move sent for an older position may
    # still stand where seats choose at once (see ``still_stands``).
    offered: dict[int, dict[int, list[JSON]]] = field(default_factory=dict)
    # The hint each connection waits for: (game, version, what the person told the advisor as
    # text) and what they told it; and the task that works out each connection's latest question.
    hint_waiters: dict[Connection, tuple[tuple[int, int, str], JSON]] = field(default_factory=dict)
    hint_tasks: dict[Connection, asyncio.Task[None]] = field(default_factory=dict)
    # What the spectators were last sent, and the update that waits for its turn.
    spectator_text: str | None = None
    spectator_event: dict[str, Any] | None = None
    last_spectator_flush: float = 0.0
    spectator_flush: asyncio.TimerHandle | None = None
    # Each seat's view, legal actions and amounts at the current position, computed once
    # per seat and language.
    _parts: dict[tuple[int | None, str], dict[str, Any]] = field(default_factory=dict)
    _parts_key: tuple[int, int, str] | None = None
    # Each seat's table keys: (position, the keys before it, the keys at it), so that an element
    # keeps its key from one position to the next (highstakes.table.keys).
    _table_keys: dict[int | None, tuple[tuple[int, int], dict[str, str], dict[str, str]]] = field(
        default_factory=dict)

    @property
    def version(self) -> int:
        """The position clients act at: how many decisions the current game has seen."""
        return self.game.decision_count

    @property
    def waiting_for_people(self) -> bool:
        # Only people's seats have names: the room waits while some have none.
        return len(self.names) < self.people

    def __post_init__(self) -> None:
        self.people = sum(kind.bot is None for kind in self.kinds)  # seats that are people's; never changes

    @property
    def status(self) -> str:
        if self.game.is_over:
            return "over"
        return "waiting" if self.waiting_for_people else "playing"

    @property
    def has_bots(self) -> bool:
        return any(kind.bot is not None for kind in self.kinds)

    @property
    def computes(self) -> bool:
        """Whether bots play here: bot seats, or a turn timer whose stand-in is a bot."""
        return self.has_bots or self.turn_timer is not None

    @property
    def person_connected(self) -> bool:
        """Whether a person of the room (a seat's holder, not a spectator) is connected."""
        return any(self.players.values())

    @property
    def has_people(self) -> bool:
        return self.people > 0

    @property
    def watched(self) -> bool:
        return bool(self.spectators) or any(self.players.values())

    def connections(self) -> list[Connection]:
        return [*self.spectators, *(connection for seat in self.players.values() for connection in seat)]

    def unclaimed(self, now: float, after: float) -> list[int]:
        """Seats taken here at least ``after`` seconds ago whose holder never connected to the
        room, while its game is not over: the holder is not coming."""
        if self.game.is_over:
            return []
        return [seat for seat, at in self.taken_at.items() if seat not in self.seen and now - at >= after]

    def seat_for_token(self, token: str | None) -> int | None:
        """The seat a token plays, None for no token; raises for a token of no seat."""
        if not token:
            return None
        digest = hash_token(token)
        for seat, stored in self.token_hashes.items():
            if secrets.compare_digest(stored, digest):
                return seat
        raise RoomError("bad_token", _("this seat token does not belong to this room"), 403)

    def start_turn_clocks(self) -> None:
        """Note the deadline of every person's seat that must act now, and forget older ones.

        Called as soon as a new position is in place, before anyone hears of it, so that the
        first state message of a turn already carries its deadline; noting a deadline twice
        keeps the first, so a timer never restarts without the position changing.
        """
        position = (self.game_number, self.version)
        self.deadlines = {key: at for key, at in self.deadlines.items() if key[:2] == position}
        self.stopped_clocks = {key: left for key, left in self.stopped_clocks.items() if key[:2] == position}
        self.timer_tasks = {key: task for key, task in self.timer_tasks.items() if key[:2] == position}
        self.scheduled = {key for key in self.scheduled if key[:2] == position}
        if self.status != "playing" or self.turn_timer is None:
            self.deadlines.clear()
            self.stopped_clocks.clear()
            return
        for seat in self.game.to_act:
            key = (*position, seat)
            if self.kinds[seat].bot is not None or key in self.deadlines or key in self.stopped_clocks:
                continue
            if self.clocks_stopped:
                self.stopped_clocks[key] = self.turn_timer
            else:
                self.deadlines[key] = time.time() + self.turn_timer

    def stop_clocks(self) -> None:
        """No person of the room is connected any more: the turn timers stop, each keeping the
        seconds it had left (nobody waits for the absent, and an empty room makes no moves)."""
        if self.clocks_stopped:
            return
        self.clocks_stopped = True
        now = time.time()
        for key, at in self.deadlines.items():
            self.stopped_clocks[key] = max(0.0, at - now)
        self.deadlines.clear()
        for key, task in self.timer_tasks.items():
            task.cancel()
            self.scheduled.discard(key)
        self.timer_tasks.clear()

    def restart_clocks(self) -> None:
        """A person of the room is back: the stopped turn timers run on from where they stopped."""
        if not self.clocks_stopped:
            return
        self.clocks_stopped = False
        now = time.time()
        for key, left in self.stopped_clocks.items():
            self.deadlines[key] = now + left
        self.stopped_clocks.clear()

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

    def seats(self) -> list[dict[str, Any]]:
        """Every seat; a bot's name is said in the current language, with its id."""
        return [
            {
                "seat": seat,
                "kind": "human" if kind.bot is None else "bot",
                "bot": kind.bot,
                "name": self.names.get(seat) if kind.bot is None else _("{bot} bot").format(bot=kind.bot),
                "connected": kind.bot is not None or bool(self.players.get(seat)),
            }
            for seat, kind in enumerate(self.kinds)
        ]

    def summary(self) -> dict[str, Any]:
        return {
            "room": self.id,
            "game": self.game_id,
            "title": game_text(self.game_id, definition(self.game_id).title),
            "options": dict(self.game.options),
            "status": self.status,
            "seats": self.seats(),
            "turn_timer": self.turn_timer,
            "game_number": self.game_number,
            "private": self.private,
        }

    def _seat_parts(self, seat: int | None, language: str) -> dict[str, Any]:
        """What a seat sees at this position in a language; computed once per position, seat and language."""
        status = self.status
        key = (self.game_number, self.version, status)
        if self._parts_key != key:
            self._parts_key, self._parts = key, {}
        parts = self._parts.get((seat, language))
        if parts is None:
            game = self.game
            legal = game.legal_actions(seat) if seat is not None and status == "playing" else []
            if seat is not None:
                self.offered.setdefault(self.version, {})[seat] = [action.to_json() for action in legal]
            parts = self._parts[(seat, language)] = {
                "to_act": list(game.to_act),
                "view": game.view(seat),
                "legal": [{"action": action.to_json(), "label": str(action)} for action in legal],
                "amounts": game.amount_entries(seat) if legal else [],
                "result": game.result() if game.is_over else None,
            }
            parts["table"] = self._seat_table(seat, parts)
        return parts

    def _seat_table(self, seat: int | None, parts: dict[str, Any]) -> dict[str, Any]:
        """The seat's table (``highstakes.table``), built from exactly what the seat is sent (its
        view, legal actions and amounts), so it can never show more; its keys kept from the last
        position. A declaration that fails gives the generic table, and the fault is logged."""
        game = self.game
        context = TableContext(seat=seat, seats=game.seats, to_act=tuple(parts["to_act"]), over=game.is_over,
                               result=parts["result"], options=dict(game.options))
        position = (self.game_number, self.version)
        known = self._table_keys.get(seat)
        before = {} if known is None else known[1] if known[0] == position else known[2]
        legal = Legal.from_lists(parts["legal"], parts["amounts"])
        game_definition = definition(self.game_id)
        try:
            table, keys = table_for(game_definition, parts["view"], legal, context, before)
        except Exception as fault:
            table_faults.warning(self.game_id, "the table of %s failed: %r", self.game_id, fault)
            generic = generic_table(parts["view"], legal, context, game_definition.seat_keys)
            table, keys = assign_keys(replace(generic, domain=game_definition.words().domain), before)
        self._table_keys[seat] = (position, before, keys)
        return {**table_json(table), "extensions": table_extensions(game_definition)}

    def state_message(
        self, seat: int | None, event: dict[str, Any] | None, language: str = DEFAULT
    ) -> dict[str, Any]:
        """The state a seat's connections reading ``language`` are sent."""
        with use_language(language):
            return self._state_message(seat, event, language)

    def _state_message(self, seat: int | None, event: dict[str, Any] | None, language: str) -> dict[str, Any]:
        parts = self._seat_parts(seat, language)
        return {
            "type": "state",
            "room": self.id,
            "game": self.game_id,
            "game_number": self.game_number,
            "seat": seat,
            "status": self.status,
            "version": self.version,
            "to_act": parts["to_act"],
            "view": parts["view"],
            "legal": parts["legal"],
            "amounts": parts["amounts"],
            "table": parts["table"],
            "seats": self.seats(),
            "result": parts["result"],
            "event": event,
            "turn_deadline": self.turn_deadline(seat),
        }

    def state_text(self, seat: int | None, event: dict[str, Any] | None, language: str = DEFAULT) -> str:
        return wire.dumps(self.state_message(seat, event, language))

    def note_move(self, version: int, seat: int, action: JSON) -> None:
        self.recent[version] = (seat, action)
        for memory in (self.recent, self.offered):
            for old in [old for old in memory if old <= version - RECENT_MOVES]:
                del memory[old]

    def forget_moves(self) -> None:
        """A new game begins: its versions start again from 0."""
        self.recent.clear()
        self.offered.clear()

    def still_stands(self, seat: int, version: Any) -> bool:
        """Whether ``seat``'s move sent for the older position ``version`` is played as if it had
        arrived first.

        Where seats choose at once, another seat's choice can reach the server first and make
        the position one move newer while this seat's move is on its way. That move still
        stands when every move since was another seat's (hidden from this one, or the seat's
        choices would show it) and the seat was sent exactly the choices it has now.
        """
        if not self._earlier(version, within=RECENT_MOVES):
            return False
        if any(move is None or move[0] == seat for move in self._moves_since(version)):
            return False
        then = self.offered.get(version, {}).get(seat)
        return bool(then) and then == [action.to_json() for action in self.game.legal_actions(seat)]

    def _earlier(self, version: Any, within: int | None = None) -> bool:
        """Whether ``version`` (as a client sent it) names a position of this game before the
        current one, and at most ``within`` decisions back if given."""
        if not isinstance(version, int) or isinstance(version, bool):
            return False
        oldest = 0 if within is None else max(0, self.version - within)
        return oldest <= version < self.version

    def _moves_since(self, version: int) -> list[tuple[int, JSON] | None]:
        """The moves made from position ``version`` on that are still remembered (the last
        ``RECENT_MOVES``), each (seat, action), or None where the room has forgotten it (it was
        read back from the database)."""
        start = max(version, self.version - RECENT_MOVES)
        return [self.recent.get(at) for at in range(start, self.version)]

    def stale(self, seat: int, action: Any, version: Any, game_number: int | None) -> RoomError:
        """The refusal of a move sent for another position, in words that say what happened."""
        if game_number is not None and game_number != self.game_number:
            message = _("that move was for a game that has ended; a new game has begun")
        elif self._earlier(version):
            since = self._moves_since(version)
            if (seat, _normal(action)) in since:
                message = _("that move was already made")
            elif any(move is not None and move[0] == seat for move in since):
                return self._left_by_the_seat(seat, action)
            else:
                message = _("play moved on before that move arrived; the board shows where it stands now")
        else:
            message = _("that move is not for the position on the board; the board shows where it stands now")
        return RoomError("stale_version", message)

    def _left_by_the_seat(self, seat: int, action: Any) -> RoomError:
        """The refusal of another move for a position the seat itself has left since (from another
        tab or window of the seat, or a second click).

        Where the rules refuse it now, it is refused in their words, with their rule (a second
        piece fed, a sealed bid); a move they would take now is still not played, since it was
        chosen for a position this seat has moved on from, and the words say so. Either way the
        code stays ``stale_version``: for a program, the move was for another position.
        """
        try:
            self.game.clone().act(seat, action)
        except hs.IllegalAction as refusal:
            return RoomError("stale_version", refusal.message, 400, refusal.rule)
        return RoomError("stale_version", _(
            "your seat has moved on since that move was sent (from another tab or window, perhaps); "
            "the board shows where it stands now"))


def _normal(action: Any) -> Any:
    """An action as it reads after a trip through JSON, to compare two of them."""
    try:
        return wire.loads(wire.dumps(action))
    except (TypeError, ValueError):
        return None


class RoomManager:
    """The rooms of this server process in use, their bots and timers, and the limits on them."""

    def __init__(
        self, storage: Storage, *, bot_delay: float = 0.6, seed: int | None = None,
        limits: Limits | None = None,
    ) -> None:
        self.storage = storage
        self.bot_delay = bot_delay
        self.limits = limits or Limits()
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room]] = {}
        self._random = random.Random(seed)
        self._created = SlidingWindow(self.limits.rooms_per_minute, 60.0)
        self._database: DatabaseThread | None = None
        self._compute: ComputePool | None = None
        self.unreadable = UnreadableRooms(log)

    # --- helpers that need the event loop, made on first use ----------------------------------
    @property
    def database(self) -> DatabaseThread:
        if self._database is None:
            self._database = DatabaseThread(self.storage)
        return self._database

    @property
    def compute(self) -> ComputePool:
        if self._compute is None:
            self._compute = ComputePool(self.limits)
        return self._compute

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            self._release(room)
        if self._compute is not None:
            self._compute.close()
        if self._database is not None:
            await asyncio.get_running_loop().run_in_executor(None, self._database.close)

    # --- finding rooms: in memory, or rebuilt from the database -------------------------------------
    async def get(self, room_id: str) -> Room:
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        if not ROOM_ID.fullmatch(room_id):
            raise self._no_room()
        if room_id in self.unreadable:
            raise self._unreadable_room()
        loading = self._loading.get(room_id)
        if loading is None:
            loading = self._loading[room_id] = asyncio.ensure_future(self._load(room_id))
            loading.add_done_callback(lambda _done: self._loading.pop(room_id, None))
        try:
            return await asyncio.shield(loading)
        except RoomError as refusal:
            # Said again in this request's language: the room was read in the first asker's.
            again = {"no_room": self._no_room, "unreadable_room": self._unreadable_room}.get(refusal.code)
            raise (refusal if again is None else again()) from None

    @staticmethod
    def _no_room() -> RoomError:
        return RoomError("no_room", _("there is no such room; check the invite link"), 404)

    @staticmethod
    def _unreadable_room() -> RoomError:
        return RoomError("unreadable_room", _(
            "this room can no longer be opened: the game stored for it does not replay on this version "
            "of the server"), 410)

    def _cannot_read(self, room_id: str, problem: Exception) -> RoomError:
        """A stored room that cannot be rebuilt (a row that is not JSON, a game that no longer
        replays after its rules changed, a bot no longer installed): gone for whoever asks, one
        line in the log, and not read again for a while."""
        self.unreadable.note(room_id, problem)
        return self._unreadable_room()

    async def _load(self, room_id: str) -> Room:
        try:
            stored = await self.database.call(self.storage.load_room, room_id)
        except (ValueError, TypeError) as problem:
            raise self._cannot_read(room_id, problem) from None
        if stored is None:
            raise self._no_room()
        if room_id in self.rooms:  # created meanwhile
            return self.rooms[room_id]
        try:
            with use_language(DEFAULT):  # the reason goes to the log
                room = self._room_from(stored, hs.replay(stored.record()))
        except (ValueError, TypeError, RoomError) as problem:
            raise self._cannot_read(room_id, problem) from None
        self.rooms[room.id] = room
        self._schedule(room)
        return room

    def _room_from(self, stored: StoredRoom, game: Game) -> Room:
        kinds = [SeatKind.parse(text, stored.game) for text in stored.seat_kinds]
        room = Room(
            id=stored.id, game_id=stored.game, options=stored.options, kinds=kinds,
            turn_timer=stored.turn_timer, created_at=stored.created_at,
            game_number=stored.game_number, game=game, private=stored.private,
        )
        for seat, (name, token_hash) in stored.seats.items():
            room.names[seat] = name
            room.token_hashes[seat] = token_hash
        return room

    def sweep(self) -> None:
        """Let rooms nobody uses leave memory; forget the limits' old counts. Run every few seconds."""
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if room.watched or room.lock.locked():
                continue
            idle = self.limits.finished_room_seconds if room.game.is_over else self.limits.idle_room_seconds
            if now - room.last_active >= idle:
                self._release(room)
        for room in list(self.rooms.values()):
            for seat in room.unclaimed(now, self.limits.unclaimed_seat_seconds):
                self._spawn(room, self._free_unclaimed(room, seat))
        self._created.prune()
        self.compute.schedule.addresses.prune()
        self.compute.schedule.rooms.prune()

    def _release(self, room: Room) -> None:
        """Take a room out of memory: its tasks stop, and the next request loads it afresh."""
        room.evicted = True
        self.rooms.pop(room.id, None)
        for task in list(room.pending):
            task.cancel()
        if room.spectator_flush is not None:
            room.spectator_flush.cancel()
            room.spectator_flush = None

    # --- creating and joining -------------------------------------------------------------------
    def open_count(self) -> int:
        return sum(not room.game.is_over for room in self.rooms.values())

    def bot_room_count(self) -> int:
        """Games under way whose bots play: bot seats, or a turn timer's stand-in."""
        return sum(room.computes and not room.game.is_over for room in self.rooms.values())

    def seats_held(self, address: str) -> int:
        """The seats an address took (since this process holds their rooms) in games not over."""
        return sum(
            held == address
            for room in self.rooms.values() if not room.game.is_over
            for held in room.seat_addresses.values()
        )

    async def create_room(self, request: Any, address: str = "") -> Room:
        if not isinstance(request, dict):
            raise RoomError("bad_request", _("the body must be a JSON object"))
        game_id = request.get("game")
        try:
            game_definition = definition(game_id) if isinstance(game_id, str) else None
        except ValueError as error:
            raise RoomError("unknown_game", str(error)) from None
        if game_definition is None:
            raise RoomError("unknown_game", _("'game' must be one of {games}").format(
                games=", ".join(hs.games())))
        seat_texts = request.get("seats")
        if not isinstance(seat_texts, list) or not (
            game_definition.min_seats <= len(seat_texts) <= game_definition.max_seats
        ):
            raise RoomError(
                "bad_seats",
                _("'seats' must list {low} to {high} seats for {game}, each 'human' or 'bot:<name>'").format(
                    low=game_definition.min_seats, high=game_definition.max_seats, game=game_id),
            )
        kinds = [SeatKind.parse(text, game_id) for text in seat_texts]  # type: ignore[arg-type]
        # Only a missing or null 'options' means the defaults: [] or "" is a mistake to report.
        options = request.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise RoomError("bad_options", _("'options' must be an object"))
        try:
            options = game_definition.resolve_options(options)  # type: ignore[arg-type]
        except ValueError as error:
            raise RoomError("bad_options", str(error)) from None
        private = request.get("private", False)
        if not isinstance(private, bool):
            raise RoomError("bad_request", _("'private' is true (the room is reached by its link only) "
                                             "or false"))
        turn_timer = request.get("turn_timer")
        if turn_timer is not None and (
            isinstance(turn_timer, bool) or not isinstance(turn_timer, int | float)
            or not MIN_TURN_TIMER <= turn_timer <= MAX_TURN_TIMER
        ):
            raise RoomError(
                "bad_turn_timer",
                _("'turn_timer' is null (off) or seconds from {low} to {high}").format(
                    low=f"{MIN_TURN_TIMER:g}", high=f"{MAX_TURN_TIMER:g}"),  # as the JSON writes them
            )
        seed = self._random.getrandbits(63)
        try:
            game = hs.new_game(game_id, len(kinds), seed=seed, options=options,  # type: ignore[arg-type]
                               bots=bot_seats(kinds))
        except ValueError as error:
            # Each option value is valid alone, but a game may refuse a combination of
            # options and seat count; that is the request's fault, not a server error.
            raise RoomError("bad_options", str(error)) from None
        self._check_room_limits(address, bots=any(kind.bot for kind in kinds) or turn_timer is not None)
        await self._check_preparations(game_id, dict(game.options), kinds)  # type: ignore[arg-type]
        self._created.note(address)
        room_id = self._new_room_id()
        stored = StoredRoom(
            id=room_id, game=game_id, options=dict(game.options),  # type: ignore[arg-type]
            seat_kinds=[kind.to_text() for kind in kinds],
            turn_timer=float(turn_timer) if turn_timer is not None else None,
            created_at=time.time(), game_number=1, seed=seed, private=private,
        )
        # The opening chance (a shuffle, a roll-off) is part of the record from the start.
        await self.database.call(self.storage.create_room, stored, game.record()["actions"])
        room = self._room_from(stored, game)
        self.rooms[room_id] = room
        self._schedule(room)
        return room

    def _check_room_limits(self, address: str, *, bots: bool) -> None:
        limits = self.limits
        if not self._created.allows(address):
            raise RoomError(
                "too_many_rooms",
                _("you have created {count} rooms in the last minute; wait a little").format(
                    count=limits.rooms_per_minute), 429,
            )
        if self.open_count() >= limits.max_rooms:
            raise RoomError(
                "server_full", _("the server has as many rooms open as it can hold; try again later"), 503
            )
        if bots and self.bot_room_count() >= limits.max_bot_rooms:
            raise RoomError(
                "too_many_bots", _("the server has as many games with bots under way as it can run; "
                                   "try again later, or play without bots and without a turn timer"), 503,
            )

    async def _check_preparations(self, game_id: str, options: dict[str, Any], kinds: list[SeatKind]) -> None:
        """Refuse bots that play from the game's preparation (Greed's solve) when, for these
        options, it would take longer than the server allows (``--max-solve-seconds``)."""
        solving = [kind.bot for kind in kinds if kind.bot is not None and uses_solver(game_id, kind.bot)]
        if not solving:
            return
        try:
            await self.compute.check_preparation(game_id, options)
        except TooLong as too_long:
            words = _("the {bot} bot first needs a preparation of about {seconds} s for these options, "
                      "and this server allows {limit} s at most; choose other options or another bot")
            raise too_long_refusal(words, too_long, bot=bot_label(game_id, solving[0])) from None

    def _new_room_id(self) -> str:
        while True:
            room_id = secrets.token_urlsafe(6)
            if room_id not in self.rooms:
                return room_id

    async def join(self, room: Room, request: Any, address: str = "") -> tuple[int, str]:
        """Give a person's seat to a display name; returns (seat, token).

        One client address holds at most ``seats_per_address`` seats in games not over, so that
        nobody can take every seat of the open rooms.
        """
        if not isinstance(request, dict):
            raise RoomError("bad_request", _("the body must be a JSON object"))
        name = request.get("name")
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME_LENGTH:
            raise RoomError("bad_name", _("A name must be 1 to {count} characters long").format(
                count=MAX_NAME_LENGTH))
        name = " ".join(name.split())
        if not name.isprintable():
            raise RoomError("bad_name", _("A name may hold printable characters only"))
        seat = request.get("seat")
        async with room.lock:
            if room.evicted:
                raise self._no_room()
            free = [s for s, kind in enumerate(room.kinds) if kind.bot is None and s not in room.names]
            if seat is None:
                if not free:
                    raise RoomError("room_full", _("every person's seat in this room is taken"), 409)
                seat = free[0]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(room.kinds):
                raise RoomError("bad_seat", _("there is no such seat; this room has {count} seats").format(
                    count=len(room.kinds)))
            if room.kinds[seat].bot is not None:
                raise RoomError("seat_is_bot", _("{seat} is played by a bot").format(
                    seat=seat_words(seat)), 409)
            if seat in room.names:
                raise RoomError("seat_taken", _("{seat} is taken").format(seat=seat_words(seat)), 409)
            if self.seats_held(address) >= self.limits.seats_per_address:
                raise RoomError("too_many_seats", _(
                    "this address holds as many seats as the server allows ({count}) in games not over; "
                    "finish one of those games first").format(count=self.limits.seats_per_address), 429)
            token = secrets.token_urlsafe(24)
            try:
                await self.database.call(self.storage.claim_seat, room.id, seat, name, hash_token(token))
            except SeatTaken:
                raise RoomError("seat_taken", _("{seat} is taken").format(
                    seat=seat_words(seat)), 409) from None
            room.names[seat] = name
            room.token_hashes[seat] = hash_token(token)
            room.seat_addresses[seat] = address
            room.taken_at[seat] = time.monotonic()
            room.seen.discard(seat)
            room.last_active = time.monotonic()
            room.start_turn_clocks()
        self.broadcast(room, {"kind": "joined", "seat": seat})
        self._schedule(room)
        return seat, token

    async def _free_unclaimed(self, room: Room, seat: int) -> None:
        """Free a seat whose holder never connected to the room (see ``Room.unclaimed``): the
        seat is a person's to take again, and a game it started waits for people again."""
        async with room.lock:
            unclaimed = room.unclaimed(time.monotonic(), self.limits.unclaimed_seat_seconds)
            if room.evicted or seat not in unclaimed:
                return
            await self.database.call(self.storage.release_seat, room.id, seat, room.token_hashes[seat])
            for held in (room.names, room.token_hashes, room.seat_addresses, room.taken_at):
                held.pop(seat, None)
            room.start_turn_clocks()
        log.info("seat %d of room %s was freed: its holder never connected", seat + 1, room.id)
        self.broadcast(room, {"kind": "freed", "seat": seat})
        self._schedule(room)

    # --- connections ------------------------------------------------------------------------------
    def connect(self, room: Room, connection: Connection) -> None:
        """Add a connection to a room: it gets the state, the others hear if its seat came back."""
        if connection.seat is None and len(room.spectators) >= self.limits.max_spectators:
            raise RoomError(
                "room_crowded",
                _("this room has as many spectators as it can take ({count}); try again later").format(
                    count=self.limits.max_spectators), 429,
            )
        seat = connection.seat
        if seat is None:
            room.spectators.add(connection)
        else:
            room.players.setdefault(seat, set()).add(connection)
            room.seen.add(seat)
        resumed = seat is not None and room.clocks_stopped and bool(room.stopped_clocks)
        if seat is not None:
            room.restart_clocks()  # a person of the room is here: the turn timers run
            room.start_turn_clocks()
        room.last_active = time.monotonic()
        text = room.state_text(seat, None, language_of(connection))
        if seat is None:
            self._catch_up(room, connection, text)
        else:
            connection.deliver(text)
            if resumed:  # the others' clocks run again: a new deadline, in a state
                self.broadcast(room, {"kind": "resumed", "seat": seat}, skip=connection)
            elif len(room.players[seat]) == 1:
                self._presence(room, seat, True, skip=connection)
        self._schedule(room)  # a room of bots alone rests while nobody watches it

    def disconnect(self, room: Room, connection: Connection) -> None:
        seat = connection.seat
        room.hint_waiters.pop(connection, None)
        hinting = room.hint_tasks.pop(connection, None)
        if hinting is not None:
            hinting.cancel()  # nobody to answer: a hint still waiting for a worker leaves the queue
        room.last_active = time.monotonic()
        if seat is None:
            room.spectators.discard(connection)
            return
        connections = room.players.get(seat, set())
        if connection in connections:
            connections.discard(connection)
            if not connections:
                del room.players[seat]
                if not room.person_connected:
                    timed = bool(room.deadlines)
                    room.stop_clocks()  # nobody of the room is here: nobody to wait for
                    if timed:  # the watchers' countdown stops: a state says so
                        self.broadcast(room, {"kind": "paused", "seat": seat})
                        return
                self._presence(room, seat, False)

    def _presence(self, room: Room, seat: int, connected: bool, skip: Connection | None = None) -> None:
        text = wire.dumps({"type": "presence", "seat": seat, "connected": connected})
        for connection in room.connections():
            if connection is not skip:
                connection.deliver(text)

    def broadcast(self, room: Room, event: dict[str, Any], skip: Connection | None = None) -> None:
        """Tell every connection of the room (but ``skip``) of a new state: players at once,
        spectators soon."""
        for seat, connections in room.players.items():
            texts: dict[str, str] = {}  # each seat's state, encoded once per language it is read in
            for connection in connections:
                if connection is skip:
                    continue
                language = language_of(connection)
                if language not in texts:
                    texts[language] = room.state_text(seat, event, language)
                connection.deliver(texts[language])
        room.spectator_event = event
        if room.spectators and room.spectator_flush is None:
            wait = room.last_spectator_flush + SPECTATOR_INTERVAL - time.monotonic()
            if wait <= 0:
                self._flush_spectators(room)
            else:
                loop = asyncio.get_running_loop()
                room.spectator_flush = loop.call_later(wait, self._flush_spectators, room)

    def _flush_spectators(self, room: Room) -> None:
        room.spectator_flush = None
        room.last_spectator_flush = time.monotonic()
        texts: dict[str, str] = {}
        for connection in room.spectators:
            language = language_of(connection)
            if language not in texts:
                texts[language] = room.state_text(None, room.spectator_event, language)
            connection.deliver(texts[language])
        room.spectator_text = texts.get(DEFAULT)

    def _catch_up(self, room: Room, connection: Connection, text: str | None = None) -> None:
        """Bring one spectator up to date at once (on connecting, or before answering its ping)."""
        if text is None:
            text = room.state_text(None, room.spectator_event, language_of(connection))
        connection.deliver(text)

    def before_pong(self, room: Room, connection: Connection) -> None:
        """Whatever a connection is owed before the answer to its ping (see ``Client.barrier``).

        A spectator whose update waits for its turn gets it now, so that a ping still finds
        every message sent before it; the room's next update to spectators follows as usual.
        """
        if connection.seat is None and room.spectator_flush is not None:
            self._catch_up(room, connection)

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
            raise RoomError("spectator", _("spectators cannot act; take a free seat to play"))
        async with room.lock:
            if room.evicted:
                raise self._no_room()
            if room.status == "waiting":
                raise RoomError("waiting_for_players", _("the game starts when every person's seat is taken"))
            if (game_number is not None and game_number != room.game_number) or (
                version is not None and version != room.version and not room.still_stands(seat, version)
            ):
                raise room.stale(seat, action, version, game_number)
            before = room.game.history_length
            position = room.version
            candidate = room.game.clone()
            try:
                candidate.act(seat, action)
            except hs.IllegalAction as refusal:
                raise RoomError(refusal.code, refusal.message, 400, refusal.rule) from None
            entries = candidate.entries_since(before)  # the decision and the chance it led to
            await self.database.append(room.id, room.game_number, before, entries)
            room.game = candidate
            room.note_move(position, seat, _normal(action))
            room.last_active = time.monotonic()
            room.start_turn_clocks()
        self.broadcast(room, {"kind": event_kind, "seat": seat})
        self._schedule(room)

    async def rematch(self, room: Room, seat: int | None) -> None:
        if seat is None:
            raise RoomError("spectator", _("only players can start a rematch"))
        # What the game carries over from the one just played (questions seen, say) is worked out
        # from its record in a worker (it replays it), without holding the room's lock: a worker
        # may take seconds to start, and moves, pings and other requests must not wait for it.
        carries_over = type(definition(room.game_id)).next_setup is not GameDefinition.next_setup
        async with room.lock:
            self._check_rematch(room)
            finished = room.game_number
            record = room.game.record() if carries_over else None
        try:
            setup = (None if record is None
                     else await self.compute.next_setup(room.game_id, [record], Owner(room=room.id)))
        except ValueError as problem:
            raise _no_next_game(problem) from None
        async with room.lock:
            self._check_rematch(room)
            if room.game_number != finished:  # another rematch started the next game meanwhile
                raise RoomError("not_over", _("a rematch can start only when the game is over"))
            seed = self._random.getrandbits(63)
            game_number = room.game_number + 1
            try:
                game = hs.new_game(room.game_id, len(room.kinds), seed=seed, options=room.game.options,
                                   setup=setup, bots=bot_seats(room.kinds))
            except ValueError as problem:
                # The options no longer make a game here (a question pack since deleted, say):
                # the finished game stands, and the players are told why no other follows.
                raise _no_next_game(problem) from None
            opening = game.record()["actions"]
            await self.database.call(self.storage.start_game, room.id, game_number, seed, opening)
            room.game = game
            room.game_number = game_number
            room.forget_moves()
            room.last_active = time.monotonic()
            room.start_turn_clocks()
        self.broadcast(room, {"kind": "rematch", "seat": seat})
        self._schedule(room)

    def start_rematch(self, room: Room, connection: Connection) -> None:
        """A connection's rematch request: refused at once if the room cannot start one now,
        else started as the room's background task, since working out the next game's setup may
        wait for a worker and the connection's other messages (a ping, a move) must not wait
        behind it. A refusal found later (another rematch came first) is the connection's error."""
        if connection.seat is None:
            raise RoomError("spectator", _("only players can start a rematch"))
        self._check_rematch(room)
        self._spawn(room, self._rematch_for(room, connection))

    async def _rematch_for(self, room: Room, connection: Connection) -> None:
        try:
            await self.rematch(room, connection.seat)
        except RoomError as error:
            connection.deliver(wire.dumps(error.to_json()))

    def _check_rematch(self, room: Room) -> None:
        """Refuse a rematch the room cannot start now (the caller holds the room's lock)."""
        if room.evicted:
            raise self._no_room()
        if not room.game.is_over:
            raise RoomError("not_over", _("a rematch can start only when the game is over"))
        if room.computes and self.bot_room_count() >= self.limits.max_bot_rooms:
            raise RoomError(
                "too_many_bots", _("the server has as many games with bots under way as it can run; "
                                   "try again in a little while"), 503,
            )

    async def game_record(self, room: Room, game_number: Any) -> dict[str, Any]:
        """The record of a finished game of the room: every secret it held, so only once over."""
        if isinstance(game_number, bool) or not isinstance(game_number, int) or not (
            1 <= game_number <= room.game_number
        ):
            raise RoomError("no_game", _("this room has played games 1 to {count}").format(
                count=room.game_number), 404)
        if game_number == room.game_number and not room.game.is_over:
            raise RoomError("not_over", _("a game's record is shown once the game is over"), 409)
        try:
            record = await self.database.call(self.storage.game_record, room.id, game_number)
        except (ValueError, TypeError) as problem:  # a row that is not JSON
            self.unreadable.note_record(room.id, game_number, problem)
            raise RoomError("unreadable_game", _("game {number} of this room can no longer be read").format(
                number=game_number), 410) from None
        if record is None:
            raise RoomError("not_kept", _("game {number} of this room was not kept").format(
                number=game_number), 404)
        return record

    async def finished_games(self, room: Room) -> list[int]:
        """The games of the room whose records may be seen: every kept game that is over."""
        kept = await self.database.call(self.storage.kept_games, room.id)
        return [number for number in kept if number < room.game_number or room.game.is_over]

    def open_rooms(self) -> list[dict[str, Any]]:
        """Rooms waiting for people, newest first: what a lobby may offer to strangers (a private
        room is reached by its link only)."""
        now = time.time()
        waiting = sorted(
            (room for room in self.rooms.values() if room.status == "waiting" and not room.private),
            key=lambda room: room.created_at, reverse=True,
        )[:OPEN_ROOMS_LISTED]
        return [
            {
                "room": room.id,
                "invite": f"/r/{room.id}",
                "game": room.game_id,
                "title": game_text(room.game_id, definition(room.game_id).title),
                "seats_free": room.people - len(room.names),
                "seats_total": len(room.kinds),
                "waiting_seconds": max(0, round(now - room.created_at)),
            }
            for room in waiting
        ]

    # --- hints -----------------------------------------------------------------------------------------
    async def hint(self, room: Room, connection: Connection, given: dict[str, JSON] | None = None) -> None:
        """Send the connection's seat the game's advice for its position (or say it is being prepared).

        ``given`` is what the person tells the advisor (Millionaire: their confidence in each
        option); the advisor reads it in the view, as ``hint_input``. The same question asked again
        before its answer is answered once; another one (a new position, or something else told)
        replaces the one waiting, whose computation leaves the queue if it has not started (one
        waiting hint a connection), and only the latest is answered.

        A request the rules refuse is refused at once; the advice itself is worked out as the
        room's background task, so that the connection's other messages (a ping, a move) are
        not held up behind a worker, and a connection that leaves, or a server that stops,
        leaves nothing waiting on its behalf.
        """
        seat = connection.seat
        if seat is None:
            raise RoomError("spectator", _("hints are for players"))
        if definition(room.game_id).advisor() is None:
            raise RoomError("no_hint", _("this game gives no hints"))
        if seat not in room.game.to_act or room.status != "playing":
            raise RoomError("not_your_turn", _("hints are given on your own turn"))
        try:
            told = "" if given is None else wire.dumps(given)
        except TypeError:  # nested deeper than the encoder goes: a question like no other
            told = f"#{id(given)}"
        asked = (room.game_number, room.version, told)
        waiting = room.hint_waiters.get(connection)
        if waiting is not None and waiting[0] == asked:
            return  # the same question again before its answer: one answer comes
        room.hint_waiters[connection] = (asked, given)
        earlier = room.hint_tasks.pop(connection, None)
        if earlier is not None:
            earlier.cancel()  # replaced: out of the queue, or (under way) unheard
        room.hint_tasks[connection] = self._spawn(room, self._hint(room, connection, asked, given))

    async def _hint(self, room: Room, connection: Connection, asked: tuple[int, int, str],
                    given: dict[str, JSON] | None) -> None:
        """Work out one question of a connection, unless a newer one replaces it meanwhile."""

        def current() -> bool:
            waiting = room.hint_waiters.get(connection)
            return waiting is not None and waiting[0] == asked

        owner = Owner(address_of(connection), room.id)
        try:
            preparation = await self.compute.readiness(room.game_id, room.game.options, owner)
            if preparation is not None:
                preparing = {"type": "hint", "preparing": True, "seconds": preparation.seconds_left()}
                connection.deliver(wire.dumps(preparing))
                # The advice follows by itself once ready, if the position has not changed.
                await asyncio.shield(preparation.done)
            if current():
                await self._send_hint(room, connection, asked, given, owner)
        except TooLong as too_long:
            if current():
                words = _("a hint for these options first needs a preparation of about {seconds} s, and this "
                          "server allows {limit} s at most")
                connection.deliver(wire.dumps(too_long_refusal(words, too_long).to_json()))
        except RoomError as error:
            if current():
                connection.deliver(wire.dumps(error.to_json()))
        finally:
            if current():
                del room.hint_waiters[connection]
            if room.hint_tasks.get(connection) is asyncio.current_task():
                del room.hint_tasks[connection]

    async def _send_hint(self, room: Room, connection: Connection, asked: tuple[int, int, str],
                         given: dict[str, JSON] | None, owner: Owner) -> None:
        position = asked[:2]
        seat = connection.seat
        assert seat is not None
        if (room.game_number, room.version) != position or seat not in room.game.to_act:
            return  # play moved on: the advice would be for a position no longer on the board
        view, legal = room.game.view(seat), room.game.legal_actions(seat)
        if given is not None:
            view = {**view, "hint_input": given}
        if self.compute.would_wait(owner):
            # Past its budget of worker time: told so, it waits behind everyone else's work.
            waiting = _("The server is busy with other players' work: your hint waits its turn, "
                        "and will appear when ready.")
            connection.deliver(wire.dumps({"type": "hint", "waiting": True, "message": waiting}))
        try:
            # Worked out in a worker process, in the asker's language.
            advice = await self.compute.advise(
                room.game_id, view, [action.to_json() for action in legal], language_of(connection), owner)
        except Busy:
            raise RoomError("busy", _("the server is busy; ask for a hint again in a moment"), 503) from None
        except Exception:
            log.exception("the advisor of %s failed", room.game_id)
            raise RoomError("hint_failed", _("no hint could be worked out for this position"), 500) from None
        waiting = room.hint_waiters.get(connection)
        if (room.game_number, room.version) == position and waiting is not None and waiting[0] == asked:
            connection.deliver(wire.dumps({"type": "hint", "hint": advice}))

    # --- bots and turn timers --------------------------------------------------------------------------
    def _schedule(self, room: Room) -> None:
        """Start a bot move (or a turn timer) for every seat that must act now, once per position."""
        room.start_turn_clocks()  # a restored room has noted no deadline yet
        if room.status != "playing" or room.evicted:
            return
        if not room.has_people and not room.watched:
            return  # bots playing for nobody: the room rests until someone watches
        position = (room.game_number, room.version)
        for seat in room.game.to_act:
            key = (*position, seat)
            if key in room.scheduled:
                continue
            bot = room.kinds[seat].bot
            if bot is not None:
                room.scheduled.add(key)
                self._spawn(room, self._bot_move(room, seat, position, bot, "acted", self.bot_delay))
            elif (deadline := room.deadlines.get(key)) is not None:
                room.scheduled.add(key)
                stand_in = strongest_bot(room.game_id, len(room.kinds), room.game.options)
                # Fire at the deadline the clients were told, not a full timer after the
                # broadcast, which a slow client may have held up.
                delay = max(0.0, deadline - time.time())
                room.timer_tasks[key] = self._spawn(
                    room, self._bot_move(room, seat, position, stand_in, "timer", delay))

    def _spawn(self, room: Room, work: Awaitable[None]) -> asyncio.Task[None]:
        task = asyncio.ensure_future(work)
        room.pending.add(task)
        task.add_done_callback(self._finished)
        task.add_done_callback(room.pending.discard)
        return task

    @staticmethod
    def _finished(task: asyncio.Task[None]) -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("a room's background task failed", exc_info=task.exception())

    async def _bot_move(
        self, room: Room, seat: int, position: tuple[int, int], bot: str, event_kind: str, delay: float
    ) -> None:
        # ``position`` is (game number, version): a turn timer outlives its game, and the
        # next game passes through the same versions, so the version alone would let a
        # timer of the last game act early in this one.
        game_number, version = position

        def current() -> bool:
            return (room.game_number, room.version) == position and seat in room.game.to_act and (
                room.status == "playing" and not room.evicted
            )

        if delay > 0:
            await asyncio.sleep(delay)
        if not current():
            return  # someone acted meanwhile, or a rematch replaced the game
        view, legal = room.game.view(seat), room.game.legal_actions(seat)
        seed = f"{room.id}:{game_number}:{version}:{seat}"
        try:
            # In a worker process, after the game's preparation when the bot needs one.
            action = await self._choose(room, bot, view, [action.to_json() for action in legal], seed)
        except asyncio.CancelledError:
            raise
        except Exception:
            # Logged once; the next change in the room (a connection, say) tries again.
            room.scheduled.discard((game_number, version, seat))
            log.exception("the %s bot of room %s could not move", bot, room.id)
            return
        if not current():
            return
        room.timer_tasks.pop((game_number, version, seat), None)  # acting now: stopping the clock is too late
        with contextlib.suppress(RoomError):  # the position moved on while the bot thought
            await self.act(room, seat, action, version, event_kind, game_number)

    async def _choose(
        self, room: Room, bot: str, view: dict[str, JSON], legal: list[JSON], seed: str,
    ) -> JSON:
        """The bot's move, worked out in a worker and charged to the room's budget (in the queue as
        a move people wait for, or, when no person of the room is there, after their hints). A bot whose
        preparation the server no longer allows (a turn timer's stand-in, or a room created under
        a higher ``--max-solve-seconds``) gives way to the strongest bot that needs none."""
        owner = Owner(room=room.id)
        options = room.game.options
        # Bots playing for watchers alone (a room of bots, or one its people left) come after the
        # hints people wait for.
        kind = Kind.MOVE if room.person_connected else Kind.SHOW
        try:
            return await self.compute.choose(room.game_id, options, bot, view, legal, seed, owner, kind)
        except TooLong:
            stand_in = bot_without_solver(room.game_id)
            log.info("room %s: the %s bot plays for %s, whose preparation is too long",
                     room.id, stand_in, bot)
            return await self.compute.choose(room.game_id, options, stand_in, view, legal, seed, owner, kind)
