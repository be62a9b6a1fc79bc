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
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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


def start_server(port: int, database: str, extra: list[str]) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [sys.executable, "-m", "highstakes", "serve", "--port", str(port), "--db", database,
         "--bot-delay", "0", *LIFTED, *extra],
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


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rooms", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, help="people per room (2 to 8)")
    parser.add_argument("--seconds", type=float, default=20.0, help="measured time")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured time first")
    parser.add_argument("--think", type=float, default=0.03,
                        help="seconds a client waits before each action (default 0.03)")
    parser.add_argument("--db", help="database URL (default: a fresh temporary SQLite file)")
    parser.add_argument("--server-arg", action="append", default=[], metavar="FLAG",
                        help="another flag for `highstakes serve` (repeatable), "
                        "e.g. --server-arg=--ws-compression")
    args = parser.parse_args()

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
