"""Helpers for the server tests: real servers on loopback, WebSocket clients, random play.

Every server here is the real application behind real sockets: either uvicorn in a
background thread of the test process (quick to start and stop) or a
``python -m highstakes serve`` subprocess (the only way to test a crash).
"""

from __future__ import annotations

import inspect
import json
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack, suppress
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
import uvicorn
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

import highstakes as hs
from highstakes.server.app import create_app
from highstakes.server.limits import Limits
from highstakes.server.security import Access
from highstakes.server.storage import Storage, StoredRoom
from highstakes.server.transport import server_config

HOST = "127.0.0.1"
STARTUP_TIMEOUT = 30.0
RECEIVE_TIMEOUT = 10.0
# The server refuses more than 20 messages a second from one connection. Clients that
# play stay below that, so a refusal in a test is the one it provoked; the margin
# absorbs a server that stalls and then reads several messages at once.
PACED_MESSAGES_PER_SECOND = 18
# The server's own limits, except that tests make many rooms, requests, connections and seats from
# one address in a short time (the tests of the limits set their own).
TEST_LIMITS = Limits(rooms_per_minute=1000, requests_per_second=1000, seats_per_address=1000)
# Loopback never goes through a proxy from the environment (websockets 15+ would use one).
_NO_PROXY: dict[str, Any] = {"proxy": None} if "proxy" in inspect.signature(connect).parameters else {}


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


class Server:
    """What the tests need of any running server: its URLs and the JSON API."""

    port: int

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}"

    def ws_url(self, room: str, token: str | None = None) -> str:
        query = f"?token={token}" if token is not None else ""
        return f"ws://{HOST}:{self.port}/ws/{room}{query}"

    def http(self, local_address: str | None = None) -> httpx.Client:
        """An HTTP client; ``local_address`` (any of 127.0.0.0/8) makes it another client address."""
        transport = httpx.HTTPTransport(local_address=local_address) if local_address else None
        # trust_env=False: a proxy configured in the environment must not see loopback calls.
        return httpx.Client(base_url=self.base_url, timeout=RECEIVE_TIMEOUT, trust_env=False,
                            transport=transport)

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        with self.http() as client:
            return client.request(method, path, **kwargs)

    def create_room(
        self, seats: list[str], game: str = "greed", options: dict[str, Any] | None = None,
        turn_timer: float | None = None,
    ) -> str:
        body: dict[str, Any] = {"game": game, "seats": seats, "turn_timer": turn_timer}
        if options is not None:
            body["options"] = options
        response = self.request("POST", "/api/rooms", json=body)
        assert response.status_code == 201, response.text
        return str(response.json()["room"])

    def join(self, room: str, name: str, seat: int | None = None) -> tuple[int, str]:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        response = self.request("POST", f"/api/rooms/{room}/join", json=body)
        assert response.status_code == 200, response.text
        answer = response.json()
        return int(answer["seat"]), str(answer["token"])

    def summary(self, room: str) -> dict[str, Any]:
        response = self.request("GET", f"/api/rooms/{room}")
        assert response.status_code == 200, response.text
        return dict(response.json())

    def client(self, room: str, token: str | None = None, local_address: str | None = None) -> Client:
        """A connected client that has already read its first state message (from
        ``local_address``, any of 127.0.0.0/8, for another client address)."""
        client = Client(self.ws_url(room, token), local_address)
        first = client.recv()
        assert first["type"] == "state", first
        return client

    def wait_healthy(self, alive: Callable[[], bool]) -> None:
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline:
            if not alive():
                raise RuntimeError("the server stopped while starting")
            with suppress(httpx.HTTPError):
                if self.request("GET", "/healthz").status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer /healthz within {STARTUP_TIMEOUT:g} s")


class LogRecords(logging.Handler):
    """Every record the server's loggers emit while attached, formatted as the log would show it."""

    LOGGERS = ("uvicorn", "uvicorn.access", "highstakes")

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []
        self.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def attach(self) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).addHandler(self)

    def detach(self) -> None:
        for name in self.LOGGERS:
            logging.getLogger(name).removeHandler(self)


class ThreadServer(Server):
    """The application under uvicorn in a background thread of this process.

    ``logs`` keeps what the server logs while it runs (at ``log_level`` and above).
    """

    def __init__(
        self, database_url: str, *, bot_delay: float = 0.0, seed: int | None = None,
        log_level: str = "warning", limits: Limits | None = None, access: Access | None = None,
    ) -> None:
        self.database_url = database_url
        self.limits = limits or TEST_LIMITS
        self.app = create_app(database_url, bot_delay=bot_delay, seed=seed, limits=self.limits, access=access)
        # The same protocols, caps and timeouts as `highstakes serve`.
        self.server = uvicorn.Server(server_config(self.app, limits=self.limits, log_level=log_level))
        # Attached after the configuration, which sets up uvicorn's loggers afresh.
        self.logs = LogRecords()
        # Binding here, before the thread starts, means no other process can take the port.
        # IPPROTO_TCP explicitly: asyncio turns Nagle's algorithm off only for sockets that
        # name it, and with it on every answer waits 40 ms for a delayed acknowledgement.
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.socket.bind((HOST, 0))
        self.port = int(self.socket.getsockname()[1])
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)

    def start(self) -> ThreadServer:
        self.logs.attach()
        self.thread.start()
        try:
            self.wait_healthy(self.thread.is_alive)
        except BaseException:
            self.stop()
            raise
        return self

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=STARTUP_TIMEOUT)
        assert not self.thread.is_alive(), "the server thread did not stop"
        self.socket.close()
        self.logs.detach()

    def __enter__(self) -> ThreadServer:
        return self.start()

    def __exit__(self, *_exc: object) -> None:
        self.stop()


class ProcessServer(Server):
    """``python -m highstakes serve`` in a subprocess, so that it can be killed outright."""

    def __init__(
        self, database_url: str, log_path: Path, *, args: Sequence[str] = (), log_level: str = "warning",
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.args = list(args)  # more options for `serve`
        self.log_level = log_level
        self.env = None if env is None else {**os.environ, **env}
        self.process: subprocess.Popen[bytes] | None = None
        self.port = 0

    def start(self) -> ProcessServer:
        # A free port can be taken by someone else before the server binds it: try again then.
        for _attempt in range(3):
            self.port = free_port()
            with self.log_path.open("ab") as log:
                self.process = subprocess.Popen(
                    [sys.executable, "-m", "highstakes", "serve", "--port", str(self.port),
                     "--db", self.database_url, "--bot-delay", "0", "--log-level", self.log_level,
                     *self.args],
                    stdout=log, stderr=subprocess.STDOUT, env=self.env,
                )
            try:
                self.wait_healthy(self._running)
                return self
            except RuntimeError:
                self.kill()
        raise RuntimeError(f"the server did not start; its log:\n{self.log_path.read_text()}")

    def _running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, exactly like a crash."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=STARTUP_TIMEOUT)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=STARTUP_TIMEOUT)
            except subprocess.TimeoutExpired:
                self.kill()


class Client:
    """A blocking WebSocket client that remembers every message it received."""

    def __init__(self, url: str, local_address: str | None = None) -> None:
        self.url = url
        self._stack = ExitStack()
        sock = None
        if local_address is not None:  # another client address of loopback
            place = urlsplit(url)
            sock = socket.create_connection((place.hostname, place.port), timeout=RECEIVE_TIMEOUT,
                                            source_address=(local_address, 0))
        self.connection: ClientConnection = self._stack.enter_context(
            # max_queue=None: a client that is not reading now must never hold the server up.
            connect(
                url, open_timeout=RECEIVE_TIMEOUT, close_timeout=2, max_size=2**22, max_queue=None,
                sock=sock, **_NO_PROXY,
            )
        )
        # Without Nagle's algorithm: a small message waits for no acknowledgement of the last.
        with suppress(OSError):
            self.connection.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.raw: list[str] = []
        self.received: list[dict[str, Any]] = []
        self._sent: deque[float] = deque()
        self._pings = 0

    # --- sending ---------------------------------------------------------------------------------
    def send(self, message: Mapping[str, Any] | str, *, paced: bool = True) -> None:
        """Send a message (a dict as JSON, a str as is), below the server's rate limit if paced."""
        if paced:
            self._pace()
        self.connection.send(message if isinstance(message, str) else json.dumps(message))

    def send_binary(self, data: bytes) -> None:
        self.connection.send(data)

    def _pace(self) -> None:
        now = time.monotonic()
        while self._sent and now - self._sent[0] > 1.0:
            self._sent.popleft()
        if len(self._sent) >= PACED_MESSAGES_PER_SECOND:
            time.sleep(1.0 - (now - self._sent[0]) + 0.01)
            self._sent.popleft()
        self._sent.append(time.monotonic())

    # --- receiving -------------------------------------------------------------------------------
    def recv(self, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        text = self.connection.recv(timeout=timeout)
        assert isinstance(text, str), "the server sends text frames only"
        self.raw.append(text)
        message = json.loads(text)
        self.received.append(message)
        return dict(message)

    def recv_until(
        self, accept: Callable[[dict[str, Any]], bool], timeout: float = RECEIVE_TIMEOUT
    ) -> dict[str, Any]:
        """The first message that ``accept`` takes, skipping (but remembering) the others."""
        deadline = time.monotonic() + timeout
        while True:
            message = self.recv(timeout=max(0.0, deadline - time.monotonic()))
            if accept(message):
                return message

    def state(self, timeout: float = RECEIVE_TIMEOUT) -> dict[str, Any]:
        """The next message, which must be a state."""
        message = self.recv(timeout)
        assert message["type"] == "state", message
        return message

    def error(self, code: str) -> dict[str, Any]:
        """The next message, which must be an error with this code."""
        message = self.recv()
        assert message["type"] == "error", message
        assert message["code"] == code, message
        assert isinstance(message["message"], str) and message["message"], message
        return message

    def barrier(self, *, paced: bool = True) -> list[dict[str, Any]]:
        """Every message that arrives before the answer to a ping sent now.

        Messages on one connection arrive in the order sent, so anything the server
        meant for this client before the ping is in the returned list. The ping carries an
        id of its own: a pong owed to an earlier ping (one still on its way) is not the answer.
        """
        self._pings += 1
        ping_id = f"barrier-{self._pings}"
        self.send({"type": "ping", "id": ping_id}, paced=paced)
        before: list[dict[str, Any]] = []
        while (message := self.recv()) != {"type": "pong", "id": ping_id}:
            if message["type"] != "pong":
                before.append(message)
        return before

    def states(self) -> list[dict[str, Any]]:
        return [message for message in self.received if message["type"] == "state"]

    def last_state(self) -> dict[str, Any]:
        return self.states()[-1]

    def seats(self) -> list[dict[str, Any]]:
        """The seats as this client knows them: its last state's, with the presence heard since."""
        seats: list[dict[str, Any]] = []
        for message in self.received:
            if message["type"] == "state":
                seats = [dict(seat) for seat in message["seats"]]
            elif message["type"] == "presence" and seats:
                seats[message["seat"]]["connected"] = message["connected"]
        return seats

    def closed_with(self) -> int | None:
        """Read until the server closes the connection; its close code."""
        try:
            while True:
                self.recv()
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None

    def close(self) -> None:
        self._stack.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


def endless_greed_replay(size: int) -> bytes:
    """A request for ``/api/replay`` of at most ``size`` bytes, as large as it can be: a real Greed
    game in which nobody ever banks (the rules let it go on for ever), so that replaying it takes a
    worker the better part of a second for a megabyte."""
    game = hs.new_game("greed", 2, seed=7)
    body = b""
    while True:
        for _ in range(500):
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            game.act(seat, next((action for action in legal if "bank" not in action.to_json()), legal[0]))
        longer = json.dumps({"record": game.record()}).encode()
        if len(longer) > size:
            return body
        body = longer


# --- playing ---------------------------------------------------------------------------------------
def random_action(state: Mapping[str, Any], rng: random.Random) -> Any:
    """A uniformly random legal action of a state message."""
    return rng.choice(state["legal"])["action"]


def play_until(
    client: Client, rng: random.Random, stop: Callable[[dict[str, Any]], bool],
    timeout: float = 60.0,
) -> dict[str, Any]:
    """Play random legal actions for the client's seat until a state satisfies ``stop``.

    Acts at most once per position (game number and version), always naming the
    version, so the server never has to refuse a move of this player.
    """
    deadline = time.monotonic() + timeout
    acted: set[tuple[int, int]] = set()
    state = client.last_state()
    while not stop(state):
        position = (state["game_number"], state["version"])
        if state["legal"] and position not in acted:
            acted.add(position)
            client.send({"type": "act", "action": random_action(state, rng), "version": state["version"]})
        message = client.recv(timeout=max(0.0, deadline - time.monotonic()))
        if message["type"] == "state":
            state = message
        elif message["type"] == "presence":
            continue  # someone's connection came or went
        elif message.get("code") == "rate_limited":
            # Only if the server stalled and then read a paced burst at once: try again.
            time.sleep(1.0)
            acted.discard(position)
        else:
            # Only a move that became stale while it travelled may be refused.
            assert message["type"] == "error" and message["code"] == "stale_version", message
    return state


def game_over(state: Mapping[str, Any]) -> bool:
    return state.get("type") == "state" and state["status"] == "over"


def play_all(
    clients: list[Client], seed: int, stop: Callable[[dict[str, Any]], bool] = game_over,
    timeout: float = 60.0, until_closed: bool = False,
) -> list[dict[str, Any] | None]:
    """Every client plays random legal actions in its own thread until a state satisfies ``stop``.

    Returns each client's last state. With ``until_closed``, a connection the server
    drops (a crash) ends that client's play quietly, with None.
    """
    results: list[dict[str, Any] | BaseException | None] = [None] * len(clients)

    def run(index: int) -> None:
        try:
            results[index] = play_until(clients[index], random.Random(seed * 1000 + index), stop, timeout)
        except ConnectionClosed as error:
            results[index] = None if until_closed else error
        except BaseException as error:
            results[index] = error

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(clients))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for outcome in results:
        if isinstance(outcome, BaseException):
            raise outcome
    return results  # type: ignore[return-value]


def play_to_end(clients: list[Client], seed: int, timeout: float = 60.0) -> list[dict[str, Any]]:
    """Every client plays random legal actions in its own thread until its game is over."""
    finals = play_all(clients, seed, game_over, timeout)
    return [final for final in finals if final is not None]


# --- what the database holds -------------------------------------------------------------------
def stored_room(database_url: str, room: str) -> StoredRoom:
    storage = Storage(database_url)
    try:
        rooms = {stored.id: stored for stored in storage.load_rooms()}
    finally:
        storage.close()
    return rooms[room]


def stored_record(database_url: str, room: str) -> dict[str, Any]:
    """The record of the room's current game, rebuilt from its stored action log."""
    return stored_room(database_url, room).record()


def decisions(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A record's decisions (``{"seat", "action"}`` entries), without its chance outcomes."""
    return [entry for entry in record["actions"] if "seat" in entry]


def as_json(value: Any) -> Any:
    """``value`` as a client receives it (tuples become lists, keys strings)."""
    return json.loads(json.dumps(value))


class Replayer:
    """The game of a record at every version (the number of decisions made).

    Version ``v`` is the game after its ``v``-th decision and the chance that followed it,
    as a client hears of it. Replaying every prefix from the start would cost quadratic
    time, so each version is the one before it, cloned, plus the next decision and its
    chance outcomes from the log. The full log is checked against ``hs.replay`` as well.
    """

    def __init__(self, record: Mapping[str, Any]) -> None:
        self.record = record
        entries: list[dict[str, Any]] = list(record["actions"])
        # Each decision with the chance outcomes that came after it.
        self.steps: list[list[dict[str, Any]]] = []
        opening: list[dict[str, Any]] = []
        for entry in entries:
            if "chance" in entry:
                (self.steps[-1] if self.steps else opening).append(entry)
            else:
                self.steps.append([entry])
        self._games: list[hs.Game] = [hs.replay({**record, "auto_chance": False, "actions": opening})]
        stepped, replayed = self.at(len(self.steps)), hs.replay(record)
        assert stepped.to_act == replayed.to_act
        for seat in [None, *range(replayed.seats)]:
            assert stepped.view(seat) == replayed.view(seat)

    @property
    def decisions(self) -> int:
        return len(self.steps)

    def at(self, version: int) -> hs.Game:
        assert 0 <= version <= len(self.steps), (
            f"a client saw version {version}, but the log holds {len(self.steps)} decisions"
        )
        while len(self._games) <= version:
            game = self._games[-1].clone()
            decision, *chance = self.steps[len(self._games) - 1]
            game.act(decision["seat"], decision["action"])
            for entry in chance:
                game.apply_chance(entry["chance"])
            self._games.append(game)
        return self._games[version]


def check_states(
    replayer: Replayer, seat: int | None, messages: list[dict[str, Any]], game_number: int = 1
) -> int:
    """Check every state message of one client against the replayed game; how many were checked.

    Each message must show exactly what the rules let this seat (or a spectator) see at
    its version, the legal actions only to a seat that must act, and the result once over.
    """
    checked = 0
    last_version = -1
    for message in messages:
        if message["type"] != "state" or message["game_number"] != game_number:
            continue
        version = message["version"]
        game = replayer.at(version)
        assert message["seat"] == seat
        # One connection hears of the positions in the order they were played.
        assert version >= last_version, (last_version, version)
        last_version = version
        assert message["view"] == as_json(game.view(seat)), f"the view of seat {seat} at version {version}"
        assert message["to_act"] == list(game.to_act)
        if message["legal"]:
            assert seat is not None and seat in message["to_act"], message
        if game.is_over:
            assert message["status"] == "over"
            assert message["result"] == as_json(game.result())
            assert message["legal"] == []
        else:
            assert message["status"] in ("waiting", "playing")
            assert message["result"] is None
            if message["status"] == "playing" and seat is not None:
                legal = game.legal_actions(seat)
                assert message["legal"] == as_json([{"action": a.to_json(), "label": str(a)} for a in legal])
                assert message["amounts"] == as_json(game.amount_entries(seat))
            else:
                assert message["legal"] == []
        checked += 1
    return checked


def assert_secrets_absent(raw_messages: list[str], secrets: list[str]) -> None:
    for text in raw_messages:
        for secret in secrets:
            assert secret not in text, "a message carries a secret"
