"""Rooms survive a restart and a crash, on SQLite and on a real PostgreSQL server.

docs/server.md: every accepted action is committed before any client hears of it, and
on start the server rebuilds every room by replaying its log, so a crash or restart
loses no acknowledged action.
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

from highstakes.server.storage import SeatTaken, Storage, StoredRoom
from highstakes.testing.servers import (
    Client,
    ProcessServer,
    Replayer,
    Server,
    ThreadServer,
    check_states,
    decisions,
    game_over,
    play_all,
    play_to_end,
    stored_record,
)

GAME_KEYS = ("room", "game", "game_number", "seat", "status", "version", "to_act", "view", "legal", "result")


def game_part(state: dict[str, Any]) -> dict[str, Any]:
    """What a state says about the game and the seats, without who happens to be connected."""
    part = {key: state[key] for key in GAME_KEYS}
    part["seats"] = [{k: v for k, v in seat.items() if k != "connected"} for seat in state["seats"]]
    return part


def lasting_summary(server: Server, room: str) -> dict[str, Any]:
    summary = server.summary(room)
    summary["seats"] = [{k: v for k, v in seat.items() if k != "connected"} for seat in summary["seats"]]
    return summary


# --- the storage layer -----------------------------------------------------------------------------
def entry(index: int) -> dict[str, Any]:
    return {"seat": index % 2, "action": {"keep": ["$", "D"][: 1 + index % 2]}}


def test_storage_keeps_rooms_seats_and_logs(database_url: str) -> None:
    largest_seed = 2**63 - 1  # seeds are 63-bit: they need a 64-bit column
    first = StoredRoom(
        id="roomA", game="greed", options={"dddd": 800, "six_of_a_kind": 5000, "min_every_turn": True},
        seat_kinds=["human", "bot:heuristic"], turn_timer=None, created_at=1_700_000_000.25,
        game_number=1, seed=largest_seed,
    )
    second = StoredRoom(
        id="roomB", game="greed", options={}, seat_kinds=["human", "human", "human"], turn_timer=30.0,
        created_at=1_700_000_100.5, game_number=1, seed=0,
    )
    log = [entry(index) for index in range(12)]
    storage = Storage(database_url)
    try:
        storage.create_room(first)
        storage.create_room(second)
        storage.claim_seat("roomA", 0, "Ann", "a" * 64)
        storage.claim_seat("roomB", 2, "Émile Zoë", "c" * 64)
        with pytest.raises(SeatTaken):
            storage.claim_seat("roomA", 0, "Eve", "e" * 64)
        # Twelve entries in two batches: the log comes back in numeric order (10 after 9).
        storage.append_actions("roomA", 1, 0, log[:7])
        storage.append_actions("roomA", 1, 7, log[7:])
        # An index is written once; a batch that repeats one leaves nothing behind.
        with pytest.raises(IntegrityError):
            storage.append_actions("roomA", 1, 11, [entry(99), entry(100)])
        storage.append_actions("roomB", 1, 0, log[:1])

        loaded = {room.id: room for room in storage.load_rooms()}
        assert loaded["roomA"] == StoredRoom(
            **{**vars(first), "seats": {0: ("Ann", "a" * 64)}, "actions": log}
        )
        assert loaded["roomB"] == StoredRoom(
            **{**vars(second), "seats": {2: ("Émile Zoë", "c" * 64)}, "actions": log[:1]}
        )

        # A rematch: a new seed and game number, and only the new game's log is loaded.
        storage.start_game("roomA", 2, 12345)
        storage.append_actions("roomA", 2, 0, [entry(5)])
    finally:
        storage.close()

    # A new server process on the same database reads it all back.
    urls = [database_url]
    if database_url.startswith("postgresql://"):
        urls.append("postgres://" + database_url.split("://", 1)[1])  # the other spelling works too
    for url in urls:
        reopened = Storage(url)
        try:
            rooms = {room.id: room for room in reopened.load_rooms()}
        finally:
            reopened.close()
        assert set(rooms) == {"roomA", "roomB"}
        assert (rooms["roomA"].game_number, rooms["roomA"].seed) == (2, 12345)
        # A rematch leaves the first game as it was: each game keeps its own seed.
        reopened = Storage(url)
        try:
            assert reopened.game_record("roomA", 1)["seed"] == largest_seed  # type: ignore[index]
            assert reopened.game_record("roomA", 2)["seed"] == 12345  # type: ignore[index]
            assert reopened.load_room("roomA") == rooms["roomA"]
            assert reopened.load_room("nosuchroom") is None
        finally:
            reopened.close()
        assert rooms["roomA"].actions == [entry(5)]
        assert rooms["roomA"].seats == {0: ("Ann", "a" * 64)}
        assert rooms["roomB"].actions == log[:1] and rooms["roomB"].turn_timer == 30.0


def test_storage_refuses_an_unusable_database_url() -> None:
    with pytest.raises(ValueError, match="cannot use database"):
        Storage("nosuchdb://somewhere")


# --- a clean restart ------------------------------------------------------------------------------
def test_a_restarted_server_has_the_same_rooms_and_play_continues(database_url: str) -> None:
    tokens: dict[str, dict[int, str]] = {}
    before: dict[tuple[str, int | None], dict[str, Any]] = {}
    summaries: dict[str, dict[str, Any]] = {}
    with ThreadServer(database_url, seed=101) as first:
        rooms = {
            "play": first.create_room(["human", "human"]),
            "bot": first.create_room(["human", "bot:heuristic"]),
            "waiting": first.create_room(
                ["human", "human", "bot:random"], options={"dddd": 800}, turn_timer=600
            ),
            "rematch": first.create_room(["bot:random", "human"]),
        }
        clients: dict[tuple[str, int | None], Client] = {}
        for key, room in rooms.items():
            clients[(key, None)] = first.client(room)
            tokens[key] = {}
        people = {"play": ["Ann", "Bob"], "bot": ["Cy"], "waiting": ["Di"], "rematch": ["Ed"]}
        for key, names in people.items():
            for name in names:
                seat, token = first.join(rooms[key], name, seat=1 if key == "waiting" else None)
                tokens[key][seat] = token
                clients[(key, seat)] = first.client(rooms[key], token)
        # Some moves everywhere, stopping where a person is to act (so no bot is thinking);
        # the rematch room finishes its first game and starts a second.
        def rematched(client: Client) -> None:
            play_to_end([client], seed=3)
            client.send({"type": "rematch"})
            play_all([client], seed=4, stop=lambda state: state["game_number"] == 2 and state["version"] >= 3
                     and bool(state["legal"]))

        with ThreadPoolExecutor() as pool:
            running = [
                pool.submit(play_all, [clients[("play", 0)], clients[("play", 1)]], 1,
                            lambda state: state["version"] >= 6),
                pool.submit(play_all, [clients[("bot", 0)]], 2,
                            lambda state: state["version"] >= 6 and bool(state["legal"])),
                pool.submit(rematched, clients[("rematch", 1)]),
            ]
            for future in running:
                future.result()
        for (key, seat), client in clients.items():
            client.barrier()
            before[(key, seat)] = game_part(client.last_state())
        for client in clients.values():
            client.close()
        summaries = {key: lasting_summary(first, room) for key, room in rooms.items()}
        assert summaries["rematch"]["game_number"] == 2

    with ThreadServer(database_url, seed=202) as second:
        # Rooms are read when someone asks for them, not at the start.
        assert second.request("GET", "/healthz").json()["rooms"] == 0
        for key, room in rooms.items():
            assert lasting_summary(second, room) == summaries[key]
        assert second.request("GET", "/healthz").json()["rooms"] == len(rooms)
        again: dict[tuple[str, int | None], Client] = {}
        for key, seat in before:
            token = tokens[key][seat] if seat is not None else None
            again[(key, seat)] = second.client(rooms[key], token)
            # The same seat for the same token, the same position, view and legal actions.
            assert game_part(again[(key, seat)].last_state()) == before[(key, seat)]
        for key, room in rooms.items():
            replayer = Replayer(stored_record(database_url, room))
            for (owner, seat), client in again.items():
                if owner == key:
                    game_number = client.last_state()["game_number"]
                    assert check_states(replayer, seat, client.received, game_number) == 1
        with Client(second.ws_url(rooms["play"], "not-a-token")) as stranger:
            assert stranger.recv()["code"] == "bad_token"
            assert stranger.closed_with() == 4403

        # Play goes on: the waiting room fills and starts, and the other games finish.
        seat, token = second.join(rooms["waiting"], "Flo")
        assert seat == 0
        again[("waiting", 0)] = second.client(rooms["waiting"], token)
        assert again[("waiting", 0)].last_state()["status"] == "playing"
        players = [again[("play", 0)], again[("play", 1)], again[("bot", 0)], again[("rematch", 1)]]
        finals = play_to_end(players, seed=5)
        assert all(final["status"] == "over" for final in finals)
        for key, seat in [("play", 0), ("play", 1), ("bot", 0), ("rematch", 1)]:
            replayer = Replayer(stored_record(database_url, rooms[key]))
            client = again[(key, seat)]
            game_number = client.last_state()["game_number"]
            assert check_states(replayer, seat, client.received, game_number) == len(client.states())
        for client in again.values():
            client.close()


# --- a crash ----------------------------------------------------------------------------------------
def test_a_crash_loses_no_acknowledged_action(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    server = ProcessServer(database_url, log).start()
    try:
        duel = server.create_room(["human", "human"])
        versus_bot = server.create_room(["human", "bot:random"])
        seats = {(duel, seat): server.join(duel, name)[1] for seat, name in enumerate(["Ann", "Bob"])}
        seats[(versus_bot, 0)] = server.join(versus_bot, "Cy")[1]
        clients = {key: server.client(key[0], token) for key, token in seats.items()}
        watcher = server.client(duel)

        # Both people of the duel and the one against the bot play at once, each in a thread;
        # the server is killed outright while they are in the middle of their games.
        progress = {duel: 0, versus_bot: 0}
        lock = threading.Lock()

        def note(state: dict[str, Any]) -> bool:
            with lock:
                progress[state["room"]] = max(progress[state["room"]], state["version"])
            return game_over(state)

        failures: list[BaseException] = []

        def play() -> None:
            try:
                play_all(list(clients.values()), 7, note, 60.0, until_closed=True)
            except BaseException as error:
                failures.append(error)

        players = threading.Thread(target=play)
        players.start()
        deadline = time.monotonic() + 30
        while min(progress.values()) < 12 and time.monotonic() < deadline:
            time.sleep(0.005)
        server.kill()
        players.join(timeout=30)
        assert not players.is_alive() and not failures, failures
        assert min(progress.values()) >= 12, "the games did not get going"
        watcher.closed_with()  # read what reached the spectator before the crash
        for client in [*clients.values(), watcher]:
            client.close()
        # What a restarted server will rebuild the rooms from.
        records = {room: stored_record(database_url, room) for room in (duel, versus_bot)}

        server = ProcessServer(database_url, log).start()
        for room, record in records.items():
            replayer = Replayer(record)
            restored = len(decisions(record))
            heard = [(seat, client) for (owner, seat), client in clients.items() if owner == room]
            if room == duel:
                heard.append((None, watcher))
            # Every position a client was shown is in the log, and the log replays to what it showed.
            assert not replayer.at(restored).is_over, "the crash was meant to come in the middle of the game"
            for seat, client in heard:
                seen = [state["version"] for state in client.states()]
                assert max(seen) <= restored, f"version {max(seen)} was shown but only {restored} restored"
                assert check_states(replayer, seat, client.received) == len(seen)

        # The same tokens take the same seats again, and the games go on to their end.
        again = {key: server.client(key[0], token) for key, token in seats.items()}
        for (room, seat), client in again.items():
            state = client.last_state()
            assert state["seat"] == seat and state["version"] >= len(decisions(records[room]))
        finals = play_to_end(list(again.values()), seed=8)
        assert all(final["status"] == "over" for final in finals)
        for (room, seat), client in again.items():
            replayer = Replayer(stored_record(database_url, room))
            assert check_states(replayer, seat, client.received) == len(client.states())
            client.close()
    finally:
        server.stop()
    assert "Traceback" not in log.read_text(), log.read_text()
