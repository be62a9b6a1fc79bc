"""What one server lets its clients use, and the counters that enforce it.

Every cap has a ``serve`` flag (docs/server.md lists them with their error codes). Limits
that concern one client count by its address, so that many connections from one
machine share one allowance.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Limits:
    """The caps of one server; the defaults suit a public server on a small machine."""

    #: Rooms one client address may create in a minute.
    rooms_per_minute: int = 10
    #: Rooms open at once: held in memory with their game not over.
    max_rooms: int = 1000
    #: Rooms whose bots are playing: a game under way with at least one bot seat.
    max_bot_rooms: int = 100
    #: Spectators watching one room.
    max_spectators: int = 100
    #: Connections (HTTP and WebSocket) one client address may hold open.
    connections_per_address: int = 32
    #: Messages a second from one WebSocket connection.
    messages_per_second: float = 20.0
    #: Messages a second from all the WebSocket connections of one client address.
    address_messages_per_second: float = 60.0
    #: API requests and WebSocket connections a second from one client address.
    requests_per_second: float = 20.0
    #: Seconds a client has to send a request's head, and its body.
    request_timeout: float = 10.0
    #: Seconds a room nobody is connected to stays in memory (a finished one: a minute at most).
    idle_room_seconds: float = 600.0
    #: Processes that run bots, hints and solves.
    compute_workers: int = 2
    #: Hints and replays waiting for a process, all clients together; one more is refused.
    compute_queue: int = 64
    #: Seconds of worker time a minute that one client address may use (its hints and
    #: replays) before its work waits behind everyone else's.
    compute_seconds_per_address: float = 30.0
    #: The same for one room: its bots' moves and its players' hints.
    compute_seconds_per_room: float = 30.0
    #: The longest one-off preparation (Greed's solve) the server starts, in seconds as the
    #: game estimates it from the options; bots and hints that need a longer one are refused.
    max_solve_seconds: float = 120.0
    #: Seats one client address may hold in games not over.
    seats_per_address: int = 8
    #: Seconds after which a seat taken by someone who never connected to the room is free again.
    unclaimed_seat_seconds: float = 60.0

    def __post_init__(self) -> None:
        for spec in fields(self):
            value = getattr(self, spec.name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                raise ValueError(f"{spec.name.replace('_', ' ')} must be a positive number; got {value!r}")

    @property
    def finished_room_seconds(self) -> float:
        """How long a finished room nobody is connected to stays in memory."""
        return min(60.0, self.idle_room_seconds)


class TokenBucket:
    """``rate`` events a second, in bursts of up to ``burst`` (by default one second's worth)."""

    __slots__ = ("allowance", "burst", "last", "rate")

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate = rate
        self.burst = rate if burst is None else burst
        self.allowance = self.burst
        self.last = time.monotonic()

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        self.allowance = min(self.burst, self.allowance + (now - self.last) * self.rate)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True

    def full(self, now: float) -> bool:
        """Whether the bucket has refilled: forgetting it would change nothing."""
        return self.allowance + (now - self.last) * self.rate >= self.burst


class AddressBuckets:
    """One token bucket per client address, forgotten once refilled."""

    def __init__(self, rate: float, burst: float | None = None) -> None:
        self.rate, self.burst = rate, burst
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, address: str) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = TokenBucket(self.rate, self.burst)
        return bucket.allow()

    def prune(self) -> None:
        now = time.monotonic()
        for address in [address for address, bucket in self.buckets.items() if bucket.full(now)]:
            del self.buckets[address]


class SlidingWindow:
    """At most ``count`` events per address in any ``seconds`` (rooms created a minute, say)."""

    def __init__(self, count: int, seconds: float) -> None:
        self.count, self.seconds = count, seconds
        self.events: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        events = self.events.setdefault(address, deque())
        while events and now - events[0] >= self.seconds:
            events.popleft()
        return events

    def allows(self, address: str) -> bool:
        return len(self._recent(address, time.monotonic())) < self.count

    def note(self, address: str) -> None:
        self._recent(address, time.monotonic()).append(time.monotonic())

    def prune(self) -> None:
        now = time.monotonic()
        for address in list(self.events):
            if not self._recent(address, now):
                del self.events[address]


class Counter:
    """How many of something each address holds now (open connections, say)."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, address: str) -> int:
        self.counts[address] = self.counts.get(address, 0) + 1
        return self.counts[address]

    def remove(self, address: str) -> None:
        left = self.counts.get(address, 0) - 1
        if left > 0:
            self.counts[address] = left
        else:
            self.counts.pop(address, None)

    def __getitem__(self, address: str) -> int:
        return self.counts.get(address, 0)


class WorkBudget:
    """Worker time each owner (a client address, a room) used lately, against its budget.

    What an owner used is the seconds its computations took, each counting less as it ages (by
    a factor e a minute): about what it used in the last minute, which a steady user of ``r``
    seconds a second holds at ``60 r``. An owner past ``seconds_per_minute`` is past its budget
    (its work then waits behind everyone else's); among the others, the one that used least goes
    first. An owner whose use has faded is forgotten.
    """

    MINUTE = 60.0
    FORGOTTEN = 0.01  # seconds of use below which an owner is forgotten

    def __init__(self, seconds_per_minute: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.budget = seconds_per_minute
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # owner -> (seconds used, when)

    def used(self, owner: str) -> float:
        """The seconds the owner used lately, as they count now."""
        held, when = self.buckets.get(owner, (0.0, 0.0))
        return held * math.exp(-(self.clock() - when) / self.MINUTE) if held else 0.0

    def spend(self, owner: str, seconds: float) -> None:
        self.buckets[owner] = (self.used(owner) + max(0.0, seconds), self.clock())

    def over(self, owner: str) -> bool:
        return self.used(owner) > self.budget

    def prune(self) -> None:
        for owner in [owner for owner in self.buckets if self.used(owner) < self.FORGOTTEN]:
            del self.buckets[owner]
