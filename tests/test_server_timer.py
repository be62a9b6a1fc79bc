"""The turn timer's deadline in state messages (docs/server.md: ``turn_deadline``).

Most of it is driven through the room manager directly: a room may not ask for less than
5 s, and these tests shorten the timer (or never wait for it) to stay fast.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from highstakes.server import rooms
from highstakes.server.limits import Limits
from highstakes.server.rooms import Room, RoomManager
from highstakes.server.storage import Storage
from highstakes.testing.servers import ThreadServer

TWO = ["human", "human"]


@pytest.fixture(autouse=True)
def spectators_hear_every_update(monkeypatch: pytest.MonkeyPatch) -> None:
    """These tests look at every update a spectator gets: send them as they come, unthrottled."""
    monkeypatch.setattr(rooms, "SPECTATOR_INTERVAL", 0.0)


@dataclass(eq=False)  # a room keeps its connections in a set: hashed by identity
class Listener:
    """A connection double that keeps every state message the room sends it."""

    seat: int | None
    received: list[dict[str, Any]] = field(default_factory=list)
    arrived: list[float] = field(default_factory=list)  # time.monotonic() of each message

    def deliver(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            self.received.append(message)
            self.arrived.append(time.monotonic())

    def last(self) -> dict[str, Any]:
        return self.received[-1]


def run(
    tmp_path: Path, scenario: Callable[[RoomManager], Awaitable[None]], limits: Limits | None = None,
) -> None:
    async def main() -> None:
        storage = Storage(f"sqlite:///{tmp_path / 'timer.db'}")
        manager = RoomManager(storage, bot_delay=0.0, seed=3, limits=limits)
        try:
            await scenario(manager)
        finally:
            await manager.close()
            manager.storage.close()

    asyncio.run(main())


Listeners = dict[int | None, Listener]  # by seat, None: a spectator


async def full_room(manager: RoomManager, turn_timer: float | None) -> tuple[Room, Listeners]:
    """A started two-person Greed room, each seat and a spectator listening (each person
    connected as soon as they joined, as the room page does)."""
    room = await manager.create_room({"game": "greed", "seats": TWO, "turn_timer": turn_timer})
    listeners: Listeners = {None: Listener(None)}
    manager.connect(room, listeners[None])
    assert listeners[None].last()["turn_deadline"] is None, "nobody must act while people are missing"
    for name in ("Ann", "Bob"):
        seat, _token = await manager.join(room, {"name": name})
        listeners[seat] = Listener(seat)
        manager.connect(room, listeners[seat])
    assert room.status == "playing"
    return room, listeners


async def play_random(manager: RoomManager, room: Room, rng: random.Random) -> None:
    seat = room.game.to_act[0]
    await manager.act(room, seat, rng.choice(room.game.legal_actions(seat)).to_json())


def test_a_timed_room_tells_every_connection_the_seconds_left(tmp_path: Path) -> None:
    async def scenario(manager: RoomManager) -> None:
        timer = 5.0
        room, listeners = await full_room(manager, timer)
        first = {seat: listener.last()["turn_deadline"] for seat, listener in listeners.items()}
        for seat, left in first.items():
            assert isinstance(left, float) and 0 < left <= timer, (seat, left)
        # The last join, which starts the game, was broadcast with the deadline already.
        [started] = [message for message in listeners[None].received if message["event"] == {
            "kind": "joined", "seat": 1}]
        assert started["status"] == "playing" and 0 < started["turn_deadline"] <= timer

        await asyncio.sleep(0.3)
        later = Listener(None)
        manager.connect(room, later)  # the deadline is computed when a message is sent
        left = later.last()["turn_deadline"]
        assert 0 < left <= first[None] - 0.25, (first[None], left)
        # A seat connecting is no new position: the same deadline, only less of it left.
        second_tab = Listener(0)
        manager.connect(room, second_tab)
        assert 0 < second_tab.last()["turn_deadline"] <= first[0] - 0.25

        # A new position starts a new timer.
        rng = random.Random(2)
        await play_random(manager, room, rng)
        if room.status == "playing":
            assert listeners[None].last()["turn_deadline"] > left

        # A finished game has no timer; a rematch starts one for the next game.
        while not room.game.is_over:
            await play_random(manager, room, rng)
        for listener in listeners.values():
            assert listener.last()["status"] == "over" and listener.last()["turn_deadline"] is None
        assert room.deadlines == {}
        await manager.rematch(room, 0)
        for listener in listeners.values():
            message = listener.last()
            assert message["game_number"] == 2 and message["version"] == 0
            assert 0 < message["turn_deadline"] <= timer
        assert {key[:2] for key in room.deadlines} == {(2, 0)}

    run(tmp_path, scenario)


def test_a_room_without_a_timer_sends_null(tmp_path: Path) -> None:
    async def scenario(manager: RoomManager) -> None:
        room, listeners = await full_room(manager, None)
        rng = random.Random(4)
        for _ in range(5):
            if room.game.is_over:
                break
            await play_random(manager, room, rng)
        for listener in listeners.values():
            assert listener.received
            assert all(message["turn_deadline"] is None for message in listener.received)
        assert room.deadlines == {}

    run(tmp_path, scenario)


def test_the_timer_acts_at_the_deadline_it_announced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The stand-in's strength is not the point here, and the strongest Greed bot needs the
    # full solution: any bot will do.
    monkeypatch.setattr(rooms, "strongest_bot", lambda game_id, seats, options: "random")

    async def scenario(manager: RoomManager) -> None:
        timer = 0.6
        await manager.compute.warm()  # bots think in worker processes: start them first
        room = await manager.create_room({"game": "greed", "seats": TWO, "turn_timer": 5})
        room.turn_timer = timer  # below the API's minimum, to keep the test fast
        for name in ("Ann", "Bob"):
            await manager.join(room, {"name": name})
        ann = Listener(0)
        manager.connect(room, ann)
        announced, heard = ann.last()["turn_deadline"], ann.arrived[-1]
        assert 0 < announced <= timer
        mover = ann.last()["to_act"][0]

        def fired() -> list[float]:
            return [
                at for message, at in zip(ann.received, ann.arrived, strict=True)
                if message["event"] == {"kind": "timer", "seat": mover}
            ]

        while not fired():
            assert time.monotonic() - heard < timer + 2, "the timer never acted"
            await asyncio.sleep(0.01)
        waited = fired()[0] - heard
        # Exact up to scheduling and the bot's (quick) choice.
        assert announced - 0.05 <= waited <= announced + 0.3, (announced, waited)

    run(tmp_path, scenario)


def test_the_websocket_state_carries_the_deadline(server: ThreadServer) -> None:
    untimed = server.create_room(TWO)
    timed = server.create_room(TWO, turn_timer=30)
    for room in (untimed, timed):
        tokens = [server.join(room, name)[1] for name in ("Ann", "Bob")]
        with server.client(room, tokens[0]) as ann, server.client(room) as spectator:
            for client in (ann, spectator):
                left = client.last_state()["turn_deadline"]
                if room == untimed:
                    assert left is None
                else:
                    assert isinstance(left, float) and 0 < left <= 30


# --- the clock stops while no person of the room is connected ----------------------------------------
def test_the_turn_timer_stops_while_no_person_of_the_room_is_connected_and_runs_on_when_one_returns(
    tmp_path: Path,
) -> None:
    async def scenario(manager: RoomManager) -> None:
        room, listeners = await full_room(manager, 30.0)
        spectator = listeners[None]
        for seat in (0, 1):
            manager.disconnect(room, listeners[seat])
        # The last person left: the watchers hear the clock stop (no deadline), nobody is timed.
        stopped = spectator.last()
        assert stopped["event"] == {"kind": "paused", "seat": 1} and stopped["turn_deadline"] is None
        assert room.deadlines == {} and room.timer_tasks == {}
        [left] = room.stopped_clocks.values()
        assert 29.0 < left <= 30.0
        await asyncio.sleep(0.5)  # time passes while nobody is there: it does not count
        ann = Listener(0)
        manager.connect(room, ann)
        # Ann is back: the clock runs on from where it stopped, and the watchers hear it (in
        # seconds rounded to the millisecond).
        assert left - 0.1 <= ann.last()["turn_deadline"] <= left + 0.001
        resumed = spectator.last()
        assert resumed["event"] == {"kind": "resumed", "seat": 0}
        assert left - 0.1 <= resumed["turn_deadline"] <= left + 0.001
        assert [key for key in room.timer_tasks] == list(room.deadlines)

    run(tmp_path, scenario)


def test_an_empty_timed_room_makes_no_moves_and_leaves_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Twenty timed rooms whose people left: no stand-in moves while nobody is there (the
    attacker saw 3,146 in 40 s), so each room is idle and leaves memory."""
    monkeypatch.setattr(rooms, "strongest_bot", lambda game_id, seats, options: "random")

    async def scenario(manager: RoomManager) -> None:
        await manager.compute.warm()
        made = []
        for _ in range(20):
            room, listeners = await full_room(manager, 5.0)
            room.turn_timer = 0.2  # below the API's minimum, to keep the test fast
            for listener in listeners.values():
                manager.disconnect(room, listener)
            made.append((room, room.version))
        await asyncio.sleep(1.0)  # five turn timers' worth
        assert [room.version for room, _ in made] == [version for _, version in made], "a stand-in moved"
        manager.sweep()
        assert manager.rooms == {}, "empty rooms stay in memory"

    # Twenty rooms of two people from one place; a room unused half a second leaves memory.
    run(tmp_path, scenario, Limits(rooms_per_minute=20, seats_per_address=40, idle_room_seconds=0.5))


def test_a_timed_room_waits_for_its_people_to_connect_before_its_clock_starts(tmp_path: Path) -> None:
    async def scenario(manager: RoomManager) -> None:
        room = await manager.create_room({"game": "greed", "seats": TWO, "turn_timer": 30})
        for name in ("Ann", "Bob"):
            await manager.join(room, {"name": name})
        assert room.status == "playing" and room.deadlines == {}, "nobody has connected yet"
        bob = Listener(1)
        manager.connect(room, bob)
        assert 29.0 < bob.last()["turn_deadline"] <= 30.0

    run(tmp_path, scenario)
