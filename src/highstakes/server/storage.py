"""Rooms, seats and action logs in a relational database (SQLite or PostgreSQL).

The server keeps the rooms in use in memory and writes through to the database: each
accepted action is appended and committed before anyone is told about it, so replaying
the log (``hs.replay``) rebuilds a room after a crash, and a room that left memory is
rebuilt the same way when someone asks for it. SQLAlchemy Core keeps one code path for
both databases.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import (
    BigInteger,
    Column,
    Engine,
    Float,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from highstakes.engine.game import RECORD_FORMAT

metadata = MetaData()

rooms_table = Table(
    "rooms",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("seat_kinds", Text, nullable=False),  # JSON list: "human" or "bot:<name>"
    Column("turn_timer", Float, nullable=True),
    Column("created_at", Float, nullable=False),
    Column("game_number", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
)

seats_table = Table(
    "seats",
    metadata,
    Column("room_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("name", String(64), nullable=False),
    Column("token_hash", String(64), nullable=False),
)

# One row per game of a room (a rematch starts the next): its own seed and record format,
# so every game of a room can still be replayed after later ones began. Rooms stored before
# this table existed have no rows; their games are format 1 records.
games_table = Table(
    "games",
    metadata,
    Column("room_id", String(32), primary_key=True),
    Column("game_number", Integer, primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("record_format", Integer, nullable=False),
    Column("started_at", Float, nullable=False),
)

# The rooms reached by their link only, never listed among the open rooms: a table of their own,
# so that databases made before private rooms existed need no new column.
private_rooms_table = Table(
    "private_rooms",
    metadata,
    Column("room_id", String(32), primary_key=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("room_id", String(32), primary_key=True),
    Column("game_number", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("entry", Text, nullable=False),  # JSON: one entry of Game.record()["actions"]
)


@dataclass
class StoredRoom:
    id: str
    game: str
    options: dict[str, Any]
    seat_kinds: list[str]
    turn_timer: float | None
    created_at: float
    game_number: int
    seed: int
    seats: dict[int, tuple[str, str]] = field(default_factory=dict)  # seat -> (name, token hash)
    actions: list[dict[str, Any]] = field(default_factory=list)  # of the current game
    record_format: int = RECORD_FORMAT  # of the current game's log
    private: bool = False  # reached by its link only

    def record(self) -> dict[str, Any]:
        """The current game's record, for ``hs.replay``."""
        record: dict[str, Any] = {
            "game": self.game, "seats": len(self.seat_kinds), "options": self.options,
            "seed": self.seed, "actions": self.actions, **bots_of(self.seat_kinds),
        }
        if self.record_format >= 2:
            record.update(format=self.record_format, auto_chance=True)
        return record


def bots_of(seat_kinds: list[str]) -> dict[str, Any]:
    """The record's ``bots`` for a room's seat kinds: the seats bots play, when any (the room's
    games were told them when they were created, so their replays must be told the same)."""
    bots = [seat for seat, kind in enumerate(seat_kinds) if kind.startswith("bot:")]
    return {"bots": bots} if bots else {}


def default_database_url() -> str:
    directory = Path(platformdirs.user_data_dir("highstakes"))
    directory.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{directory / 'highstakes.db'}"


def engine_for(url: str) -> Engine:
    """An engine for ``url``; plain ``postgresql://`` URLs use the psycopg 3 driver."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _record: Any) -> None:
            # WAL lets readers run beside the writer; NORMAL is durable against a process
            # crash (the server's failure mode), which is what "nothing lost" promises.
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class SeatTaken(Exception):
    """Someone else claimed this seat first."""


class Storage:
    """Synchronous storage calls; the server runs them on one dedicated thread."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self.engine = engine_for(url)
        except Exception as error:  # SQLAlchemy raises several kinds for a bad URL
            raise ValueError(f"cannot use database {url!r}: {error}") from error
        metadata.create_all(self.engine)

    def create_room(self, room: StoredRoom, entries: list[Any] | None = None) -> None:
        """Store a new room, its first game and that game's first entries (its opening chance)."""
        with self.engine.begin() as connection:
            connection.execute(
                insert(rooms_table).values(
                    id=room.id, game=room.game, options=json.dumps(room.options),
                    seat_kinds=json.dumps(room.seat_kinds), turn_timer=room.turn_timer,
                    created_at=room.created_at, game_number=room.game_number, seed=room.seed,
                )
            )
            if room.private:
                connection.execute(insert(private_rooms_table).values(room_id=room.id))
            self._insert_game(connection, room.id, room.game_number, room.seed, room.created_at)
            self._insert_entries(connection, room.id, room.game_number, 0, entries or [])

    @staticmethod
    def _insert_game(connection: Any, room_id: str, game_number: int, seed: int, started_at: float) -> None:
        connection.execute(
            insert(games_table).values(
                room_id=room_id, game_number=game_number, seed=seed, record_format=RECORD_FORMAT,
                started_at=started_at,
            )
        )

    @staticmethod
    def _insert_entries(connection: Any, room_id: str, game_number: int, first_index: int,
                        entries: list[Any]) -> None:
        if entries:
            connection.execute(
                insert(actions_table),
                [
                    {"room_id": room_id, "game_number": game_number, "idx": first_index + offset,
                     "entry": json.dumps(entry)}
                    for offset, entry in enumerate(entries)
                ],
            )

    def claim_seat(self, room_id: str, seat: int, name: str, token_hash: str) -> None:
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(seats_table).values(
                        room_id=room_id, seat=seat, name=name, token_hash=token_hash
                    )
                )
        except IntegrityError:
            raise SeatTaken(f"seat {seat} is taken") from None

    def release_seat(self, room_id: str, seat: int, token_hash: str) -> None:
        """Free a seat again (its holder never came), if it is still the one that token took."""
        with self.engine.begin() as connection:
            connection.execute(
                delete(seats_table).where(
                    (seats_table.c.room_id == room_id) & (seats_table.c.seat == seat)
                    & (seats_table.c.token_hash == token_hash)
                )
            )

    def append_actions(self, room_id: str, game_number: int, first_index: int, entries: list[Any]) -> None:
        with self.engine.begin() as connection:
            self._insert_entries(connection, room_id, game_number, first_index, entries)

    def append_many(self, appends: list[tuple[str, int, int, list[Any]]]) -> None:
        """Several ``append_actions`` in one transaction: all are committed, or none."""
        rows = [
            {"room_id": room_id, "game_number": game_number, "idx": first_index + offset,
             "entry": json.dumps(entry)}
            for room_id, game_number, first_index, entries in appends
            for offset, entry in enumerate(entries)
        ]
        if rows:
            with self.engine.begin() as connection:
                connection.execute(insert(actions_table), rows)

    def start_game(self, room_id: str, game_number: int, seed: int, entries: list[Any] | None = None,
                   started_at: float | None = None) -> None:
        """Begin a room's next game (a rematch) with its own seed and its first entries.

        The seed goes with the game's own row: the room's row keeps its first game's seed.
        """
        with self.engine.begin() as connection:
            connection.execute(
                update(rooms_table).where(rooms_table.c.id == room_id).values(game_number=game_number)
            )
            self._insert_game(connection, room_id, game_number, seed,
                              time.time() if started_at is None else started_at)
            self._insert_entries(connection, room_id, game_number, 0, entries or [])

    def game_record(self, room_id: str, game_number: int) -> dict[str, Any] | None:
        """The record of one game of a room, or None when no such game is kept.

        Games of rooms stored before the ``games`` table existed have no row, and are not kept.
        """
        with self.engine.connect() as connection:
            room = connection.execute(select(rooms_table).where(rooms_table.c.id == room_id)).first()
            game = connection.execute(
                select(games_table).where(
                    (games_table.c.room_id == room_id) & (games_table.c.game_number == game_number)
                )
            ).first()
            if room is None or game is None:
                return None
            entries = [
                json.loads(row.entry)
                for row in connection.execute(
                    select(actions_table.c.entry)
                    .where(actions_table.c.room_id == room_id)
                    .where(actions_table.c.game_number == game_number)
                    .order_by(actions_table.c.idx)
                )
            ]
        seat_kinds = json.loads(room.seat_kinds)
        return {
            "format": game.record_format, "game": room.game, "seats": len(seat_kinds),
            "options": json.loads(room.options), "seed": game.seed, "auto_chance": True, "actions": entries,
            **bots_of(seat_kinds),
        }

    def kept_games(self, room_id: str) -> list[int]:
        """The numbers of a room's games whose records are kept, in order."""
        with self.engine.connect() as connection:
            rows = connection.execute(
                select(games_table.c.game_number)
                .where(games_table.c.room_id == room_id)
                .order_by(games_table.c.game_number)
            )
            return [row.game_number for row in rows]

    def load_room(self, room_id: str) -> StoredRoom | None:
        """One room with its seats and the action log of its current game, or None when unknown."""
        with self.engine.connect() as connection:
            row = connection.execute(select(rooms_table).where(rooms_table.c.id == room_id)).first()
            if row is None:
                return None
            room = StoredRoom(
                id=row.id, game=row.game, options=json.loads(row.options),
                seat_kinds=json.loads(row.seat_kinds), turn_timer=row.turn_timer,
                created_at=row.created_at, game_number=row.game_number, seed=row.seed,
            )
            for seat in connection.execute(select(seats_table).where(seats_table.c.room_id == room_id)):
                room.seats[seat.seat] = (seat.name, seat.token_hash)
            private = select(private_rooms_table).where(private_rooms_table.c.room_id == room_id)
            room.private = connection.execute(private).first() is not None
            game = connection.execute(
                select(games_table).where(
                    (games_table.c.room_id == room_id) & (games_table.c.game_number == room.game_number)
                )
            ).first()
            # A room stored before each game had its own row: its log is a format 1 record.
            if game is not None:
                room.seed, room.record_format = game.seed, game.record_format
            else:
                room.record_format = 1
            room.actions = [
                json.loads(entry.entry)
                for entry in connection.execute(
                    select(actions_table.c.entry)
                    .where(actions_table.c.room_id == room_id)
                    .where(actions_table.c.game_number == room.game_number)
                    .order_by(actions_table.c.idx)
                )
            ]
        return room

    def load_rooms(self) -> list[StoredRoom]:
        """Every room with its seats and the action log of its current game, in order."""
        with self.engine.connect() as connection:
            rooms = {
                row.id: StoredRoom(
                    id=row.id, game=row.game, options=json.loads(row.options),
                    seat_kinds=json.loads(row.seat_kinds), turn_timer=row.turn_timer,
                    created_at=row.created_at, game_number=row.game_number, seed=row.seed,
                )
                for row in connection.execute(select(rooms_table))
            }
            for row in connection.execute(select(seats_table)):
                if row.room_id in rooms:
                    rooms[row.room_id].seats[row.seat] = (row.name, row.token_hash)
            for row in connection.execute(select(private_rooms_table)):
                if row.room_id in rooms:
                    rooms[row.room_id].private = True
            for room in rooms.values():
                room.record_format = 1  # unless the room's current game has a row of its own
            for row in connection.execute(select(games_table)):
                room = rooms.get(row.room_id)
                if room is not None and row.game_number == room.game_number:
                    room.record_format, room.seed = row.record_format, row.seed
            for row in connection.execute(
                select(actions_table).order_by(actions_table.c.room_id, actions_table.c.idx)
            ):
                room = rooms.get(row.room_id)
                if room is not None and row.game_number == room.game_number:
                    room.actions.append(json.loads(row.entry))
        return list(rooms.values())

    def close(self) -> None:
        self.engine.dispose()
