"""The server's limits (docs/server.md, "Limits"): each cap refuses with its own code, rooms
leave memory when unused and come back on first use, and spectators' updates are coalesced."""

from __future__ import annotations

import asyncio
import json
import random
import socket
import time
from pathlib import Path
from typing import Any

import pytest

from highstakes.server import rooms
from highstakes.server.limits import Limits
from highstakes.server.rooms import RoomManager
from highstakes.server.storage import Storage, StoredRoom
from highstakes.testing.servers import TEST_LIMITS, Client, ThreadServer, play_to_end

TWO = ["human", "human"]


def refusal(response: Any, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    error = response.json()["error"]
    assert error["code"] == code, error
    assert error["message"], error
    return str(error["message"])


def limited(**changes: Any) -> Limits:
    return Limits(**{**vars(TEST_LIMITS), **changes})


# --- caps on rooms ---------------------------------------------------------------------------------
def test_one_address_creates_only_so_many_rooms_a_minute(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, limits=limited(rooms_per_minute=3)) as server, server.http() as http:
        body = {"game": "greed", "seats": TWO}
        for _ in range(3):
            assert http.post("/api/rooms", json=body).status_code == 201
        message = refusal(http.post("/api/rooms", json=body), 429, "too_many_rooms")
        assert "3 rooms" in message and "minute" in message
        # A refused request does not count, nor does a bad one.
        assert http.post("/api/rooms", json={"game": "chess", "seats": TWO}).status_code == 400
        assert server.request("GET", "/healthz").json()["rooms"] == 3


def test_the_server_holds_only_so_many_open_rooms_and_games_with_bots(sqlite_url: str) -> None:
    limits = limited(max_rooms=4, max_bot_rooms=2)
    with ThreadServer(sqlite_url, limits=limits) as server, server.http() as http:
        with_bot = {"game": "greed", "seats": ["human", "bot:random"]}
        for _ in range(2):
            assert http.post("/api/rooms", json=with_bot).status_code == 201
        refusal(http.post("/api/rooms", json=with_bot), 503, "too_many_bots")
        for _ in range(2):
            assert http.post("/api/rooms", json={"game": "greed", "seats": TWO}).status_code == 201
        refusal(http.post("/api/rooms", json={"game": "greed", "seats": TWO}), 503, "server_full")


def test_a_room_takes_only_so_many_spectators(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, limits=limited(max_spectators=3)) as server:
        room = server.create_room(TWO)
        _, token = server.join(room, "Ann")
        watching = [server.client(room) for _ in range(3)]
        try:
            with Client(server.ws_url(room)) as fourth:
                error = fourth.recv()
                assert error["type"] == "error" and error["code"] == "room_crowded", error
                assert fourth.closed_with() == 4429
            # Players are no spectators: their seat is theirs however many watch.
            with server.client(room, token) as ann:
                assert ann.last_state()["seat"] == 0
        finally:
            for client in watching:
                client.close()


def test_one_address_holds_only_so_many_connections(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, limits=limited(connections_per_address=4)) as server:
        room = server.create_room(TWO)
        held = [server.client(room) for _ in range(4)]
        try:
            # One more is answered at once, before any WebSocket handshake.
            with socket.create_connection(("127.0.0.1", server.port), timeout=5) as probe:
                probe.sendall(
                    f"GET /ws/{room} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                    "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                    "Sec-WebSocket-Version: 13\r\n\r\n".encode()
                )
                answer = b""
                while chunk := probe.recv(4096):
                    answer += chunk
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.startswith(b"HTTP/1.1 429"), answer
            assert json.loads(body)["error"]["code"] == "too_many_connections"
            with server.http() as http:
                refusal(http.get("/healthz"), 429, "too_many_connections")
        finally:
            for client in held:
                client.close()
        time.sleep(0.2)
        assert server.request("GET", "/healthz").status_code == 200


def test_api_requests_and_connections_from_one_address_are_limited(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, limits=limited(requests_per_second=5)) as server, server.http() as http:
        answers = [http.get("/api/rooms/nosuchroom").status_code for _ in range(15)]
        assert answers.count(404) == 10 and answers.count(429) == 5, answers  # a burst of twice the rate
        refusal(http.get("/api/games"), 429, "rate_limited")
        # A WebSocket connection counts as a request: each may make the server read a room.
        with Client(server.ws_url("nosuchroom")) as refused:
            assert refused.recv()["code"] == "rate_limited"
            assert refused.closed_with() == 4429


# --- rooms leave memory and come back ---------------------------------------------------------------
def stored_rooms(database_url: str, count: int) -> list[str]:
    """``count`` rooms written straight to the database, as a server long in use would have."""
    storage = Storage(database_url)
    try:
        for index in range(count):
            storage.create_room(StoredRoom(
                id=f"old{index:04d}", game="greed", options={"dddd": 1000, "six_of_a_kind": 5000,
                                                             "min_every_turn": False},
                seat_kinds=TWO, turn_timer=None, created_at=1_700_000_000.0 + index, game_number=1,
                seed=index,
            ))
    finally:
        storage.close()
    return [f"old{index:04d}" for index in range(count)]


def test_a_server_starts_without_reading_the_rooms_and_reads_one_when_asked(sqlite_url: str) -> None:
    ids = stored_rooms(sqlite_url, 300)
    with ThreadServer(sqlite_url) as server:
        assert server.request("GET", "/healthz").json()["rooms"] == 0
        summary = server.summary(ids[123])
        assert summary["room"] == "old0123" and summary["status"] == "waiting"
        assert server.request("GET", "/healthz").json()["rooms"] == 1
        # Anything that names a room brings it back: the page, the API, a connection.
        assert server.request("GET", f"/r/{ids[7]}").status_code == 200
        seat, token = server.join(ids[8], "Ann")
        with server.client(ids[8], token) as ann:
            assert ann.last_state()["seat"] == seat
        assert server.request("GET", "/healthz").json()["rooms"] == 3
        assert server.request("GET", "/api/rooms/old9999").status_code == 404
        assert server.request("GET", "/api/rooms/..%2F..").status_code == 404


def test_finished_and_idle_rooms_leave_memory_and_come_back_as_they_were(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url, limits=limited(idle_room_seconds=1.0)) as server:
        finished = server.create_room(TWO)
        idle = server.create_room(TWO)
        tokens = [server.join(finished, name)[1] for name in ("Ann", "Bob")]
        players = [server.client(finished, token) for token in tokens]
        with server.client(idle):  # someone watches the idle one a moment
            pass
        finals = play_to_end(players, seed=3)
        assert server.request("GET", "/healthz").json()["rooms"] >= 1, "a room in use stays"
        for client in players:
            client.close()
        deadline = time.monotonic() + 10
        while server.request("GET", "/healthz").json()["rooms"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.request("GET", "/healthz").json()["rooms"] == 0, "unused rooms stay in memory"
        # Each comes back as it was when asked for, and play goes on.
        assert server.summary(finished)["status"] == "over"
        again = server.client(finished, tokens[0])
        assert again.last_state()["result"] == finals[0]["result"]
        again.send({"type": "rematch"})
        assert again.state()["game_number"] == 2
        again.close()
        assert server.summary(idle)["status"] == "waiting"


def test_a_room_of_bots_rests_while_nobody_watches(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        room = server.create_room(["bot:random", "bot:random"])
        time.sleep(0.5)
        assert server.summary(room)["status"] == "playing"
        with server.client(room) as watcher:
            assert watcher.last_state()["version"] == 0, "the bots played for nobody"
            final = watcher.recv_until(lambda message: message.get("status") == "over", timeout=60)
        assert final["result"]["winners"]


class Listener:
    """A connection double that keeps the states a room sends it."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.states: list[dict[str, Any]] = []
        self.texts: list[str] = []

    def deliver(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            self.states.append(message)
            self.texts.append(text)


# --- spectators -----------------------------------------------------------------------------------------
def test_spectators_get_the_latest_position_at_most_ten_times_a_second(tmp_path: Path) -> None:
    async def scenario() -> None:
        manager = RoomManager(Storage(f"sqlite:///{tmp_path / 'rooms.db'}"), bot_delay=0.0, seed=1)
        try:
            room = await manager.create_room({"game": "greed", "seats": TWO})
            for name in ("Ann", "Bob"):
                await manager.join(room, {"name": name})
            player, spectators = Listener(0), [Listener(None) for _ in range(50)]
            for listener in [player, *spectators]:
                manager.connect(room, listener)
            rng = random.Random(5)
            began = time.monotonic()
            moves = 0
            while not room.game.is_over and moves < 40:
                seat = room.game.to_act[0]
                await manager.act(room, seat, rng.choice(room.game.legal_actions(seat)).to_json())
                moves += 1
            elapsed = time.monotonic() - began
            await asyncio.sleep(rooms.SPECTATOR_INTERVAL + 0.05)
            assert [state["version"] for state in player.states[1:]] == list(range(1, moves + 1))
            for spectator in spectators:
                versions = [state["version"] for state in spectator.states]
                assert versions[-1] == moves, "the last position always reaches the spectators"
                assert versions == sorted(versions)
                assert len(versions) - 1 <= elapsed / rooms.SPECTATOR_INTERVAL + 2, (len(versions), elapsed)
            # One message for all of them: the very same text, encoded once.
            assert all(spectator.texts[-1] is spectators[0].texts[-1] for spectator in spectators)
        finally:
            await manager.close()
            manager.storage.close()

    asyncio.run(scenario())


# --- the lobby's list of rooms waiting for people --------------------------------------------------
def test_open_rooms_lists_rooms_waiting_for_people_newest_first(server: ThreadServer) -> None:
    first = server.create_room(["human", "bot:random", "human"], game="greed")
    second = server.create_room(TWO, game="deal_or_no_deal")
    full = server.create_room(TWO)
    for name in ("Ann", "Bob"):
        server.join(full, name)
    _, token = server.join(first, "Cy")
    server.create_room(["bot:random", "bot:random"])  # nobody to wait for
    listed = server.request("GET", "/api/open-rooms").json()
    assert [entry["room"] for entry in listed] == [second, first]
    newest, older = listed
    assert newest == {
        "room": second, "invite": f"/r/{second}", "game": "deal_or_no_deal", "title": "Deal or No Deal",
        "seats_free": 2, "seats_total": 2, "waiting_seconds": newest["waiting_seconds"],
    }
    assert older["seats_free"] == 1 and older["seats_total"] == 3 and older["title"] == "Greed"
    for entry in listed:
        assert isinstance(entry["waiting_seconds"], int) and entry["waiting_seconds"] >= 0
    assert token not in json.dumps(listed) and "Cy" not in json.dumps(listed)


def test_open_rooms_lists_fifty_at_most(sqlite_url: str) -> None:
    with ThreadServer(sqlite_url) as server:
        made = [server.create_room(TWO) for _ in range(55)]
        listed = server.request("GET", "/api/open-rooms").json()
        assert [entry["room"] for entry in listed] == made[::-1][:50]


# --- words for people ------------------------------------------------------------------------------
def test_refusals_count_seats_from_one(server: ThreadServer) -> None:
    room = server.create_room(["human", "human", "bot:random", "human"])
    server.join(room, "Ann", seat=0)
    with server.http() as http:
        path = f"/api/rooms/{room}/join"
        taken = refusal(http.post(path, json={"name": "Bob", "seat": 0}), 409, "seat_taken")
        assert taken == "seat 1 is taken"
        assert refusal(http.post(path, json={"name": "Bob", "seat": 2}), 409, "seat_is_bot") == (
            "seat 3 is played by a bot"
        )
        message = refusal(http.post(path, json={"name": "Bob", "seat": 4}), 400, "bad_seat")
        assert "4 seats" in message and "0" not in message


def test_a_move_sent_twice_is_refused_as_already_made(server: ThreadServer) -> None:
    room = server.create_room(TWO)
    tokens = [server.join(room, name)[1] for name in ("Ann", "Bob")]
    clients = [server.client(room, token) for token in tokens]
    try:
        mover = clients[0].last_state()["to_act"][0]
        state = clients[mover].last_state()
        move = {"type": "act", "action": state["legal"][0]["action"], "version": state["version"]}
        clients[mover].send(move)
        clients[mover].send(move)  # a double click
        assert clients[mover].recv_until(lambda message: message["type"] == "state")["version"] == 1
        error = clients[mover].recv_until(lambda message: message["type"] == "error")
        assert error["code"] == "stale_version" and error["message"] == "that move was already made", error
        # A different move for a position the seat itself has left since is another matter: the
        # rules' answer now, or (were they to take it) words that say the seat moved on; never played.
        stale = {"type": "act", "action": {"bank": True}, "version": 0}
        clients[mover].send(stale)
        error = clients[mover].recv_until(lambda message: message["type"] == "error")
        assert error["code"] == "stale_version", error
        assert "already made" not in error["message"] and "play moved on" not in error["message"], error
        assert not [message for message in clients[mover].barrier() if message["type"] == "state"]
    finally:
        for client in clients:
            client.close()


def test_seats_choosing_at_once_each_have_their_move_played_whoever_is_heard_first(
    server: ThreadServer,
) -> None:
    """In It's in the Bag both seats feed the bag at once, each from the position it was shown.

    The move heard second was sent for a position one move older, yet it still stands: only
    the other seat has moved since (hidden from it), and its choices are the ones it was shown.
    A seat that has moved since, or had nothing to choose at that position, is refused as before.
    """
    room = server.create_room(TWO, game="in_the_bag")
    tokens = [server.join(room, name)[1] for name in ("Ann", "Bob")]
    clients = [server.client(room, token) for token in tokens]
    try:
        shown = [client.last_state() for client in clients]
        assert [state["version"] for state in shown] == [0, 0] and sorted(shown[0]["to_act"]) == [0, 1]
        feeds = [state["legal"][0]["action"] for state in shown]
        for client, feed in zip(clients, feeds, strict=True):
            client.send({"type": "act", "action": feed, "version": 0})
        for client in clients:
            state = client.recv_until(lambda message: message["type"] == "state" and message["version"] == 2)
            assert state["view"]["phase"] == "bid" and sorted(state["to_act"]) == [0, 1]
        heard = [message for client in clients for message in client.barrier()]
        assert not [message for message in heard if message["type"] == "error"]
        # Sent again, each feed was already made, whichever of the two was played first.
        for client, feed in zip(clients, feeds, strict=True):
            client.send({"type": "act", "action": feed, "version": 0})
            error = client.recv_until(lambda message: message["type"] == "error")
            assert error["code"] == "stale_version" and error["message"] == "that move was already made"
        # Another piece for that position: the seat has fed since, and the rules say so.
        other = next(entry["action"] for entry in shown[0]["legal"] if entry["action"] != feeds[0])
        clients[0].send({"type": "act", "action": other, "version": 0})
        error = clients[0].recv_until(lambda message: message["type"] == "error")
        assert (error["code"], error["rule"]) == ("stale_version", "§5.2"), error
        # Nothing changed: no new state.
        assert not [message for message in clients[0].barrier() if message["type"] == "state"]
    finally:
        for client in clients:
            client.close()


def test_a_move_for_a_position_where_the_seat_had_no_choice_is_refused_when_play_moved_on(
    server: ThreadServer,
) -> None:
    room = server.create_room(TWO)  # Greed: one seat moves at a time
    tokens = [server.join(room, name)[1] for name in ("Ann", "Bob")]
    clients = [server.client(room, token) for token in tokens]
    try:
        mover = clients[0].last_state()["to_act"][0]
        state = clients[mover].last_state()
        move = state["legal"][0]["action"]
        clients[mover].send({"type": "act", "action": move, "version": state["version"]})
        clients[mover].recv_until(lambda message: message["type"] == "state" and message["version"] == 1)
        waiter = clients[1 - mover]
        waiter.send({"type": "act", "action": move, "version": 0})
        error = waiter.recv_until(lambda message: message["type"] == "error")
        assert error["code"] == "stale_version" and "moved on" in error["message"]
    finally:
        for client in clients:
            client.close()


# --- what one client may hold, and what bots may cost ----------------------------------------------
def test_rooms_with_a_turn_timer_count_among_the_games_with_bots(sqlite_url: str) -> None:
    """A turn timer's stand-in is a bot: such rooms are held to --max-bot-rooms like rooms with bots."""
    with ThreadServer(sqlite_url, limits=limited(max_bot_rooms=2)) as server, server.http() as http:
        timed = {"game": "greed", "seats": TWO, "turn_timer": 30}
        for _ in range(2):
            assert http.post("/api/rooms", json=timed).status_code == 201
        message = refusal(http.post("/api/rooms", json=timed), 503, "too_many_bots")
        assert message.endswith("play without bots and without a turn timer")
        refusal(http.post("/api/rooms", json={"game": "greed", "seats": ["human", "bot:random"]}), 503,
                "too_many_bots")
        assert http.post("/api/rooms", json={"game": "greed", "seats": TWO}).status_code == 201


def test_one_address_holds_only_so_many_seats_in_games_not_over(sqlite_url: str) -> None:
    """Seat squatting: one address took 60 seats of 30 open rooms; the host's friend found none."""
    with ThreadServer(sqlite_url, limits=limited(seats_per_address=3)) as server:
        made = [server.create_room(TWO) for _ in range(3)]
        squatting, friendly = server.http(local_address="127.0.0.2"), server.http(local_address="127.0.0.3")
        with squatting as squatter, friendly as friend:
            taken = [squatter.post(f"/api/rooms/{room}/join", json={"name": f"S{n}"}) for n, room in
                     enumerate([made[0], made[0], made[1]])]
            assert [answer.status_code for answer in taken] == [200, 200, 200]
            message = refusal(squatter.post(f"/api/rooms/{made[1]}/join", json={"name": "S4"}), 429,
                              "too_many_seats")
            assert message == ("this address holds as many seats as the server allows (3) in games not over; "
                               "finish one of those games first")
            # Another address still finds the seat, and the squatter's seats in a finished game no
            # longer count.
            assert friend.post(f"/api/rooms/{made[1]}/join", json={"name": "Friend"}).status_code == 200
        tokens = [answer.json()["token"] for answer in taken[:2]]
        play_to_end([server.client(made[0], token) for token in tokens], seed=4)
        with server.http(local_address="127.0.0.2") as squatter:
            assert squatter.post(f"/api/rooms/{made[2]}/join", json={"name": "S5"}).status_code == 200


def test_a_private_room_is_reached_by_its_link_only_and_stays_private(database_url: str) -> None:
    with ThreadServer(database_url, limits=limited(idle_room_seconds=0.5)) as server, server.http() as http:
        secret = http.post("/api/rooms", json={"game": "greed", "seats": TWO, "private": True})
        assert secret.status_code == 201, secret.text
        secret_room = secret.json()["room"]
        listed = server.create_room(TWO)
        assert [entry["room"] for entry in http.get("/api/open-rooms").json()] == [listed]
        # The link works as for any room: its page, its summary, a seat.
        assert http.get(f"/r/{secret_room}").status_code == 200
        assert server.summary(secret_room)["private"] is True and server.summary(listed)["private"] is False
        # Out of memory and read back from the database, it is still private.
        deadline = time.monotonic() + 10
        while server.request("GET", "/healthz").json()["rooms"] and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.summary(secret_room)["private"] is True
        server.summary(listed)
        assert [entry["room"] for entry in http.get("/api/open-rooms").json()] == [listed]
        server.join(secret_room, "Ann")
        for wrong in ["yes", 1, None]:
            answer = http.post("/api/rooms", json={"game": "greed", "seats": TWO, "private": wrong})
            assert refusal(answer, 400, "bad_request").startswith("'private' is true")


def test_a_seat_taken_by_someone_who_never_connects_is_freed(database_url: str) -> None:
    with ThreadServer(database_url, limits=limited(unclaimed_seat_seconds=1.0)) as server:
        room = server.create_room(TWO)
        _, host_token = server.join(room, "Host")
        with server.client(room, host_token) as host:
            _, squatter_token = server.join(room, "Squatter")  # and never comes
            started = host.recv_until(lambda message: message.get("event") == {"kind": "joined", "seat": 1})
            assert started["status"] == "playing"
            freed = host.recv_until(lambda message: message.get("event") == {"kind": "freed", "seat": 1},
                                    timeout=10)
            assert freed["status"] == "waiting" and freed["seats"][1]["name"] is None
            with Client(server.ws_url(room, squatter_token)) as late:
                assert late.recv()["code"] == "bad_token" and late.closed_with() == 4403
            _, friend_token = server.join(room, "Friend", seat=1)
            with server.client(room, friend_token) as friend:
                assert friend.last_state()["status"] == "playing"
                time.sleep(1.5)  # a holder who came keeps the seat
                assert server.summary(room)["seats"][1]["name"] == "Friend"
    # The seat went back to the friend in the database too.
    with ThreadServer(database_url) as again:
        assert [seat["name"] for seat in again.summary(room)["seats"]] == ["Host", "Friend"]


def test_bots_and_hints_that_need_a_solve_longer_than_the_server_allows_are_refused_in_words(
    sqlite_url: str,
) -> None:
    """Greed to 10,000 needs a solve of about four minutes; the server allows two by default."""
    with ThreadServer(sqlite_url) as server, server.http() as http:
        body = {"game": "greed", "seats": ["human", "bot:optimal"], "options": {"goal": 10_000}}
        message = refusal(http.post("/api/rooms", json=body), 400, "too_long")
        assert message == ("the best play bot first needs a preparation of about 239 s for these options, "
                           "and this server allows 120 s at most; choose other options or another bot")
        # People may still play it, without the bots and hints it would need.
        room = server.create_room(TWO, options={"goal": 10_000})
        tokens = [server.join(room, name)[1] for name in ("Ann", "Bob")]
        players = [server.client(room, token) for token in tokens]
        mover = players[0].last_state()["to_act"][0]
        players[mover].send({"type": "hint"})
        error = players[mover].recv_until(lambda message: message["type"] == "error", timeout=30)
        assert error["code"] == "too_long" and error["message"] == (
            "a hint for these options first needs a preparation of about 239 s, and this server allows "
            "120 s at most")
        for client in players:
            client.close()


def test_a_turn_timer_whose_stand_in_needs_too_long_a_solve_lets_another_bot_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    async def scenario() -> None:
        manager = RoomManager(Storage(f"sqlite:///{tmp_path / 'rooms.db'}"), bot_delay=0.0, seed=1)
        try:
            room = await manager.create_room({"game": "greed", "seats": TWO, "turn_timer": 5,
                                              "options": {"goal": 10_000}})
            room.turn_timer = 0.3  # below the API's minimum, to keep the test fast
            for name in ("Ann", "Bob"):
                seat, _token = await manager.join(room, {"name": name})
                manager.connect(room, Listener(seat))
            mover = room.game.to_act[0]
            deadline = time.monotonic() + 60
            while room.version == 0 and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            assert room.version == 1 and room.recent[0][0] == mover, "the stand-in played"
            assert rooms.bot_without_solver("greed") == "maxexp"
        finally:
            await manager.close()
            manager.storage.close()

    asyncio.run(scenario())
