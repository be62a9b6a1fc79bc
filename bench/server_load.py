"""Load on one game server: many simulated players over WebSockets.

Starts ``highstakes serve`` in a subprocess (fresh SQLite database unless ``--db``, no bot
delay, the limits per address lifted because every client here shares one address),
creates ROOMS Greed rooms of SEATS people each, joins every seat with its own WebSocket
client, and lets the clients play random legal actions, each after a short think and
never faster than the server's limit per connection (20 messages a second), starting a
rematch whenever a game ends. It prints the actions per second, the latency from sending
an action to receiving the update that includes it (p50, p90, p99, max), the errors, and
the processor time the server spent per action (its own process, from /proc).

    python bench/server_load.py                      # 50 rooms x 4 seats = 200 connections, 20 s
    python bench/server_load.py --rooms 10 --seats 2 --seconds 10
    python bench/server_load.py --db postgresql://user:pw@127.0.0.1/bench
    python bench/server_load.py --server-arg=--ws-compression   # any other flag of `serve`

``--attack hints|bots|replays`` measures instead how long one person waits while another
address attacks, the server's limits as they are: the person (at 127.0.0.3) plays Greed
against the heuristic bot and pings from a second connection; meanwhile 31 connections of
one seat ask Make-A-Million hints in a loop (``hints``, from 127.0.0.1), ten rooms of
Make-A-Million's strongest bots play to their watchers (``bots``), or megabyte records are
posted to /api/replay eighteen times a second (``replays``). It prints the bot's moves' waits
and the pongs (median, 95th percentile, worst), with the date, the machine and its load.

    python bench/server_load.py --attack hints --seconds 15
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import multiprocessing
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import websockets

# Every client of the bench shares one address: lift the limits meant for one person's.
LIFTED = [
    "--rooms-per-minute", "100000", "--connections-per-address", "100000", "--requests-per-second", "100000",
    "--address-messages-per-second", "100000", "--max-rooms", "100000", "--seats-per-address", "100000",
]
MESSAGES_PER_SECOND = 20  # the server's limit per connection (docs/server.md)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def http_json(url: str, body: dict[str, Any] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, headers={"Content-Type": "application/json"})
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    with opener.open(request, timeout=10) as response:
        return json.loads(response.read())


def start_server(port: int, database: str, extra: list[str], lifted: bool = True) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "highstakes", "serve", "--port", str(port), "--db", database,
         "--bot-delay", "0", *(LIFTED if lifted else []), *extra],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            http_json(f"http://127.0.0.1:{port}/healthz")
            return server
        except OSError:
            time.sleep(0.1)
    server.kill()
    raise SystemExit("the server did not start within 30 s")


def cpu_seconds(pid: int) -> float:
    """User plus system time of a process so far (Linux), or NaN elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games: int = 0
    errors: int = 0
    actions_per_second: float = 0.0
    server_cpu: float = 0.0
    bench_cpu: float = 0.0


class Pace:
    """Never more than the server's limit per connection: a token bucket like the server's."""

    def __init__(self, rate: float) -> None:
        self.rate, self.allowance, self.last = rate, rate, time.monotonic()

    async def wait(self) -> None:
        while True:
            now = time.monotonic()
            self.allowance = min(self.rate, self.allowance + (now - self.last) * self.rate)
            self.last = now
            if self.allowance >= 1:
                self.allowance -= 1
                return
            await asyncio.sleep((1 - self.allowance) / self.rate)


async def player(
    url: str, token: str, seat: int, stats: Stats, stop: asyncio.Event, rng: random.Random, think: float
) -> None:
    pace = Pace(MESSAGES_PER_SECOND * 0.95)
    # Offer compression as browsers do: whether it is used is the server's choice.
    async with websockets.connect(f"{url}?token={token}", max_size=2**22, compression="deflate") as socket_:
        sent_at: dict[int, float] = {}  # version the action was sent at -> send time
        async for raw in socket_:
            message = json.loads(raw)
            if message["type"] == "error":
                stats.errors += 1
                if stats.errors <= 3:
                    print(f"server refused an action: {message}", file=sys.stderr)
                continue
            if message["type"] != "state":
                continue
            version = message["version"]
            for pending in [v for v in sent_at if v < version]:
                stats.latencies.append(time.perf_counter() - sent_at.pop(pending))
                stats.actions += 1
            if stop.is_set():
                return
            if message["status"] == "over":
                if seat == 0 and message["event"] and message["event"].get("kind") == "acted":
                    stats.games += 1
                    await pace.wait()
                    await socket_.send(json.dumps({"type": "rematch"}))
                continue
            if message["legal"] and version not in sent_at:
                await asyncio.sleep(think)
                await pace.wait()
                choice = rng.choice(message["legal"])
                sent_at[version] = time.perf_counter()
                act = {"type": "act", "action": choice["action"], "version": version}
                await socket_.send(json.dumps(act))


async def run(args: argparse.Namespace, base: str, server_pid: int) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    clients = []
    for room_index in range(args.rooms):
        room = http_json(f"{base}/api/rooms", {"game": "greed", "seats": ["human"] * args.seats})
        for seat in range(args.seats):
            joined = http_json(f"{base}/api/rooms/{room['room']}/join", {"name": f"p{room_index}-{seat}"})
            ws_url = base.replace("http", "ws", 1) + f"/ws/{room['room']}"
            rng = random.Random(room_index * 100 + seat)
            clients.append(player(ws_url, joined["token"], joined["seat"], stats, stop, rng, args.think))
    tasks = [asyncio.ensure_future(client) for client in clients]
    await asyncio.sleep(args.warmup)
    stats.latencies.clear()
    stats.actions = 0
    began, server_began, bench_began = time.perf_counter(), cpu_seconds(server_pid), time.process_time()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - began
    stats.server_cpu = cpu_seconds(server_pid) - server_began
    stats.bench_cpu = time.process_time() - bench_began
    stats.actions_per_second = stats.actions / elapsed
    stop.set()
    done, pending = await asyncio.wait(tasks, timeout=5)
    for task in pending:
        task.cancel()
    for task in done:
        if not task.cancelled() and task.exception() is not None:
            stats.errors += 1
            print(f"a client failed: {task.exception()!r}", file=sys.stderr)
    return stats


# --- one person while another address attacks (--attack) -------------------------------------------
PERSON, ATTACKER = "127.0.0.3", "127.0.0.1"
ATTACKS = ("hints", "bots", "replays")


def http_from(
    address: str, port: int, path: str, body: Any = None, raw: bytes | None = None,
) -> tuple[int, Any]:
    """A request from ``address`` (any of 127.0.0.0/8): its status and its JSON answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(address, 0))
    try:
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        connection.request("GET" if data is None else "POST", path, body=data,
                           headers={"Content-Type": "application/json"})
        answer = connection.getresponse()
        text = answer.read()
        return answer.status, json.loads(text) if text.startswith(b"{") or text.startswith(b"[") else None
    finally:
        connection.close()


def person_room(port: int, game: str, seats: list[str], address: str) -> tuple[str, str]:
    room = http_from(address, port, "/api/rooms", {"game": game, "seats": seats})[1]["room"]
    token = http_from(address, port, f"/api/rooms/{room}/join", {"name": "Ann"})[1]["token"]
    return room, token


async def person_plays(port: int, seconds: float) -> tuple[list[float], list[float]]:
    """The person's bot waits (from the state that made it the bot's turn) and pongs."""
    room, token = person_room(port, "greed", ["human", "bot:heuristic"], PERSON)
    url = f"ws://127.0.0.1:{port}/ws/{room}"
    waits: list[float] = []
    pongs: list[float] = []
    stop = time.monotonic() + seconds

    async def ping() -> None:
        async with websockets.connect(url, local_addr=(PERSON, 0), max_size=2**22) as socket_:
            await socket_.recv()
            while time.monotonic() < stop:
                sent = time.perf_counter()
                await socket_.send(json.dumps({"type": "ping"}))
                while json.loads(await socket_.recv())["type"] != "pong":
                    pass
                pongs.append(time.perf_counter() - sent)
                await asyncio.sleep(0.05)

    async def play() -> None:
        rng, pace = random.Random(3), Pace(MESSAGES_PER_SECOND * 0.9)
        player = websockets.connect(f"{url}?token={token}", local_addr=(PERSON, 0), max_size=2**22)
        async with player as socket_:
            since = time.monotonic()
            while time.monotonic() < stop:
                message = json.loads(await socket_.recv())
                if message["type"] != "state":
                    continue
                now = time.monotonic()
                if message["event"] == {"kind": "acted", "seat": 1}:
                    waits.append(now - since)
                since = now
                if message["status"] == "over":
                    await pace.wait()
                    await socket_.send(json.dumps({"type": "rematch"}))
                elif 0 in message["to_act"]:
                    act = {"type": "act", "action": rng.choice(message["legal"])["action"],
                           "version": message["version"]}
                    await pace.wait()  # below the server's limit of messages a connection
                    await socket_.send(json.dumps(act))

    await asyncio.gather(ping(), play())
    return waits, pongs


async def ask_hints(port: int, stop: asyncio.Event) -> None:
    seats = ["human", "bot:rules", "bot:rules", "bot:rules"]
    room, token = person_room(port, "make_a_million", seats, ATTACKER)
    url = f"ws://127.0.0.1:{port}/ws/{room}?token={token}"

    async def loop(index: int) -> None:
        async with websockets.connect(url, local_addr=(ATTACKER, 0), max_size=2**22) as socket_:
            asked = 0
            while not stop.is_set():
                asked += 1
                await socket_.send(json.dumps({"type": "hint", "input": {"n": index, "asked": asked}}))
                with contextlib.suppress(TimeoutError):
                    while True:
                        message = json.loads(await asyncio.wait_for(socket_.recv(), 5))
                        if message["type"] == "error" or "hint" in message:
                            break

    await asyncio.gather(*(loop(index) for index in range(31)), return_exceptions=True)


async def watch_bots(port: int, stop: asyncio.Event) -> None:
    async def watch() -> None:
        room = http_from(ATTACKER, port, "/api/rooms",
                         {"game": "make_a_million", "seats": ["bot:search-strong"] * 4})[1]["room"]
        async with websockets.connect(f"ws://127.0.0.1:{port}/ws/{room}", local_addr=(ATTACKER, 0),
                                      max_size=2**22) as socket_:
            while not stop.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(socket_.recv(), 1)

    await asyncio.gather(*(watch() for _ in range(10)), return_exceptions=True)


async def post_replays(port: int, stop: asyncio.Event) -> None:
    from highstakes.testing.servers import endless_greed_replay

    body = endless_greed_replay(1_000_000)
    loop = asyncio.get_running_loop()

    async def sender() -> None:
        while not stop.is_set():
            began = time.monotonic()
            with contextlib.suppress(OSError):
                await loop.run_in_executor(None, lambda: http_from(ATTACKER, port, "/api/replay", raw=body))
            await asyncio.sleep(max(0.0, 1 - (time.monotonic() - began)))

    await asyncio.gather(*(sender() for _ in range(18)))


def attack_process(attack: str, port: int, stopping: Any) -> None:
    """The attack, in a process of its own at a lower priority: an attacker's processor time is
    spent on their machine, not the server's, which here shares the machine with them."""
    os.nice(10)

    async def until_stopped() -> None:
        stop = asyncio.Event()
        harm = {"hints": ask_hints, "bots": watch_bots, "replays": post_replays}[attack]
        attacking = asyncio.ensure_future(harm(port, stop))
        while not stopping.is_set():
            await asyncio.sleep(0.2)
        stop.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(attacking, 10)

    asyncio.run(until_stopped())


def run_attack(args: argparse.Namespace, port: int) -> tuple[list[float], list[float]]:
    context = multiprocessing.get_context("spawn")
    stopping = context.Event()
    attacker = context.Process(target=attack_process, args=(args.attack, port, stopping))
    attacker.start()
    time.sleep(args.warmup + 10)  # the workers start, and load the searches
    try:
        return asyncio.run(person_plays(port, args.seconds))
    finally:
        stopping.set()
        attacker.join(timeout=20)
        if attacker.is_alive():
            attacker.kill()


def spread(values: list[float]) -> str:
    ordered = sorted(values)
    if not ordered:
        return "none"
    return (f"median {statistics.median(ordered) * 1000:.1f} ms, 95th percentile "
            f"{ordered[int(0.95 * (len(ordered) - 1))] * 1000:.1f} ms, worst {ordered[-1] * 1000:.1f} ms "
            f"({len(ordered)})")


def attack_main(args: argparse.Namespace) -> int:
    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        database = args.db or f"sqlite:///{os.path.join(scratch, 'attack.db')}"
        server = start_server(port, database, ["--rooms-per-minute", "100", *args.server_arg], lifted=False)
        try:
            waits, pongs = run_attack(args, port)
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)
    load = os.getloadavg() if hasattr(os, "getloadavg") else (float("nan"),) * 3
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {platform.node()}: {os.cpu_count()} cores, "
          f"{platform.python_version()}, load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} "
          f"({'idle' if load[0] < 0.5 else 'not idle'})")
    print(f"attack: {args.attack}; {args.seconds:g} s measured")
    print(f"bot moves    {spread(waits)}")
    print(f"pongs        {spread(pongs)}")
    print("goal: every bot move within a second, pongs within 50 ms")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, help="people per room (2 to 12)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0,
                        help="unmeasured time first (with --attack: 10 s more, for the searches to load)")
    parser.add_argument("--think", type=float, default=0.03,
                        help="seconds a client waits before each action (default 0.03)")
    parser.add_argument("--db", help="database URL (default: a fresh temporary SQLite file)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="FLAG",
                        help="another flag for `highstakes serve` (repeatable), "
                        "e.g. --server-arg=--ws-compression")
    parser.add_argument("--attack", choices=ATTACKS,
                        help="measure one person's waits while another address attacks (see above)")
    args = parser.parse_args()
    if args.attack:
        return attack_main(args)

    port = free_port()
    with tempfile.TemporaryDirectory() as scratch:
        database = args.db or f"sqlite:///{os.path.join(scratch, 'load.db')}"
        server = start_server(port, database, args.server_arg)
        try:
            stats = asyncio.run(run(args, f"http://127.0.0.1:{port}", server.pid))
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(timeout=10)

    latencies = sorted(stats.latencies)
    if not latencies:
        print("no action completed: is the server working?")
        return 1

    def percentile(p: float) -> float:
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

    where = "given" if args.db else "SQLite (temporary)"
    extra = f", server flags {' '.join(args.server_arg)}" if args.server_arg else ""
    print(f"{args.rooms} rooms x {args.seats} seats = {args.rooms * args.seats} WebSocket connections, "
          f"{args.seconds:g} s measured, think {args.think * 1000:g} ms, database {where}{extra}")
    print(f"actions/s     {stats.actions_per_second:,.0f}  ({stats.actions:,} actions, "
          f"{stats.games} games finished, {stats.errors} errors)")
    print(f"latency (ms)  p50 {percentile(0.50):.1f}  p90 {percentile(0.90):.1f}  "
          f"p99 {percentile(0.99):.1f}  max {latencies[-1] * 1000:.1f}  "
          f"mean {statistics.fmean(latencies) * 1000:.1f}")
    per_action = stats.server_cpu / stats.actions * 1000 if stats.actions else float("nan")
    print(f"server CPU    {per_action:.2f} ms per action, {stats.server_cpu / args.seconds:.0%} of a core "
          f"(the bench's own clients: {stats.bench_cpu / args.seconds:.0%} of a core)")
    print("goal: p99 under 50 ms and at least 1,000 actions/s with 200 connections in 50 rooms, no errors")
    return 0


if __name__ == "__main__":
    sys.exit(main())
