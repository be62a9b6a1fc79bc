"""Bots, hints and solves, run in a few worker processes and never in the server's own.

A bot's move, an advisor's hint and above all a game's one-off preparation (Greed's
solve, half a minute of compiled code that holds its process's interpreter lock) would
stall every other room if they ran in the server's process, threads or not. They run in
a bounded pool of worker processes instead (the spawn start method: a fresh interpreter,
no copy of the server's state), and the server only waits for their answers.

A game says it needs a preparation through its ``GameDefinition.solver()``: the pool asks
a worker whether ``solver.cached(options)`` has the answer, and if not runs
``solver.solve`` once per set of options while bots and hints of those options wait for
it, unless ``solver.seconds(options)`` says it would take longer than the server allows
(``TooLong``). Stopping the server kills the workers, a solve in progress included.

**Fair turns.** The pool keeps its own queue and hands a worker one job at a time, so that
it chooses what runs next (:class:`Schedule`): a bot's move before a hint, a hint before a
replay; an owner (a client address, a room) past its budget of worker time behind everyone
else; one worker kept from work that cannot be shortened (replays, solves), so that a bot's
move never waits behind it; and a search started under load is given a small share of its
usual size (:mod:`highstakes.engine.effort`), so that it is soon done.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import itertools
import json
import logging
import math
import multiprocessing
import os
import pickle
import random
import signal
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from enum import IntEnum
from importlib.metadata import entry_points
from typing import Any, TypeVar

from highstakes.engine import effort
from highstakes.engine.action import JSON
from highstakes.engine.bot import Bot
from highstakes.engine.contract import GameDefinition
from highstakes.engine.registry import ENTRY_POINT_GROUP, definition, games, register
from highstakes.i18n import DEFAULT, _, use_language
from highstakes.server.limits import Limits, WorkBudget

T = TypeVar("T")

log = logging.getLogger("highstakes.server")


# --- in the worker processes ------------------------------------------------------------------------
_BOTS: dict[tuple[str, str], Bot] = {}


#: How much lower the workers' scheduling priority is than the server's (Unix ``nice``), once
#: they have started: when computations take every core, the server's own process still
#: answers at once.
WORKER_NICENESS = 10


def _start_worker(extra_games: list[bytes], parent: int) -> None:
    # Ctrl-C reaches every process of the terminal's group: the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with(parent)
    for pickled in extra_games:
        try:
            game = pickle.loads(pickled)
        except Exception:  # its module cannot be imported here: that game alone goes without
            continue
        if game.id not in games():
            register(game)
    _load_bots()  # at the usual priority: a worker's start is not to be slowed down
    with contextlib.suppress(AttributeError, OSError):  # no os.nice on Windows
        os.nice(WORKER_NICENESS)


def _load_bots() -> None:
    """Import every game's bots, so that a worker's first move is as quick as the others."""
    from highstakes.bots.registry import available_bots

    for game_id in games():
        with contextlib.suppress(Exception):  # a game whose bots fail to load fails its own moves
            available_bots(game_id)


def _die_with(parent: int) -> None:
    """Ask Linux to kill this worker when the server dies, even by SIGKILL (elsewhere: no-op)."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        pr_set_pdeathsig = 1
        libc.prctl(pr_set_pdeathsig, signal.SIGKILL)
        if os.getppid() != parent:  # the server died before the request took effect
            os._exit(1)


def _bot(game_id: str, bot_name: str) -> Bot:
    from highstakes.bots.registry import make_bot

    # Bots see only a view and the legal actions, and keep nothing between moves: one serves every room.
    key = (game_id, bot_name)
    if key not in _BOTS:
        _BOTS[key] = make_bot(game_id, bot_name)
    return _BOTS[key]


def load_games() -> int:
    """Nothing but a worker started (it loads the games as it starts: ``_start_worker``)."""
    time.sleep(0.1)  # stay busy a moment, so that the pool's other workers start too
    return os.getpid()


def choose_move(
    game_id: str, bot_name: str, view: dict[str, JSON], legal: list[JSON], seed: str, share: float = 1.0,
) -> JSON:
    """The bot's action (as JSON) for a seat's view and legal actions; a search bot searches
    ``share`` of its usual size."""
    game = definition(game_id)
    actions = [game.parse_action(action) for action in legal]
    with effort.limited(share):
        return _bot(game_id, bot_name).choose(view, actions, random.Random(seed)).to_json()


def give_advice(
    game_id: str, view: dict[str, JSON], legal: list[JSON], language: str = DEFAULT, share: float = 1.0,
) -> dict[str, JSON]:
    """The advisor's answer, its sentences in ``language`` (the asker's); an advisor that
    searches searches ``share`` of its usual size."""
    game = definition(game_id)
    advisor = game.advisor()
    assert advisor is not None
    with use_language(language), effort.limited(share):
        return advisor(view, [game.parse_action(action) for action in legal])


def replay_record(
    record: Mapping[str, Any], position: int | None, seat: int | None, language: str = DEFAULT
) -> dict[str, JSON]:
    """A record's outline (``position`` None), or what a viewer shows at a position from a seat,
    its words (moves, the title, the seats' names) in ``language``.

    A record that cannot be replayed comes back as ``{"error": "<why, in words>"}``.
    """
    from highstakes.cli.words import game_text
    from highstakes.engine.timeline import Timeline

    with use_language(language):
        try:
            timeline = Timeline(record)
            if position is not None:
                return {**timeline.step(position, seat), "table": replay_table(timeline, position, seat)}
            outline = timeline.summary()
        except ValueError as problem:
            return {"error": str(problem)}
        outline["title"] = game_text(timeline.game_id, timeline.title)
        if not _names_given(record, timeline.seats):
            outline["seat_names"] = [_("Player {number}").format(
                number=seat + 1) for seat in range(timeline.seats)]
        return outline


def replay_request(body: bytes, language: str = DEFAULT) -> tuple[str | None, bytes | str]:
    """A replay request's body, read, checked and replayed here rather than in the server, whose own
    process would pay for a megabyte made into Python objects (its garbage collector most of all):
    ``(None, the answer as JSON)``, or ``(an error code, why, in words in ``language``)``."""
    from highstakes.server import wire

    with use_language(language):
        try:
            request = wire.loads(body or b"{}")
        except ValueError:
            return "bad_json", _("the body is not valid JSON")
        if not isinstance(request, dict) or not isinstance(request.get("record"), dict):
            shape = _("the body is {shape}, with {position} and {seat} for one position")
            return "bad_request", shape.format(
                shape='{"record": {...}}', position='"position"', seat='"seat"')
        position, seat = request.get("position"), request.get("seat")
        if position is not None and (isinstance(position, bool) or not isinstance(position, int)):
            return "bad_request", _("'position' is a whole number")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            return "bad_request", _("'seat' is a seat index or null")
        answer = replay_record(request["record"], position, seat, language)
        if "error" in answer:
            return "bad_record", str(answer["error"])
        return None, wire.dumps_bytes(answer)


def replay_table(timeline: Any, position: int, seat: int | None) -> dict[str, JSON]:
    """The table ``seat`` saw at ``position`` (``highstakes.table``), as a replay draws it: no
    actions, keys on nothing. A declaration that fails gives the generic table."""
    from highstakes.table import Legal, seat_table, to_json
    from highstakes.table.build import context_of
    from highstakes.table.generic import generic_table

    game = timeline.game_at(position)
    try:
        table, _keys = seat_table(game, seat, replay=True)
    except Exception:
        context = context_of(game, seat, replay=True)
        table = generic_table(game.view(seat), Legal(), context, game.definition.seat_keys)
    return to_json(table)


def setup_after(game_id: str, records: list[dict[str, Any]]) -> JSON:
    """What a room's next game carries over from its last games (``GameDefinition.next_setup``)."""
    return definition(game_id).next_setup(records)


def _names_given(record: Mapping[str, Any], seats: int) -> bool:
    """Whether a record names its seats itself (``highstakes play`` saves the names it showed)."""
    names = record.get("seat_names")
    return isinstance(names, list) and len(names) == seats and all(isinstance(name, str) for name in names)


def uses_solver(game_id: str, bot_name: str) -> bool:
    """Whether the bot plays from the game's solution, and so waits for its preparation."""
    return any(bot.name == bot_name and bot.uses_solver for bot in definition(game_id).bots())


def preparation_seconds(game_id: str, options: Mapping[str, Any]) -> float | None:
    """About how long the game's preparation for these options takes; None when none is needed."""
    solver = definition(game_id).solver()
    if solver is None or solver.cached(options) is not None:
        return None
    return float(solver.seconds(options))


def prepare(game_id: str, options: Mapping[str, Any]) -> None:
    solver = definition(game_id).solver()
    if solver is not None and solver.cached(options) is None:
        solver.solve(options, None)


# --- in the server ---------------------------------------------------------------------------------
#: The share of its usual size a search is given when it starts under load (see ``Schedule``):
#: Make-A-Million's search then takes about a tenth of a second instead of one to five.
LOADED_EFFORT = 1 / 16
#: Hints and replays one client address may have waiting for a worker at once; one more is
#: refused ``busy`` (with one waiting hint a connection, the others' hints keep their place).
WAITING_PER_ADDRESS = 8


class Busy(Exception):
    """Too many computations wait for a worker: this hint or replay is refused (never a bot's move)."""


class TooLong(Exception):
    """The game's preparation for these options would take longer than the server allows."""

    def __init__(self, seconds: float, limit: float) -> None:
        super().__init__(f"the preparation would take about {seconds:.0f} s; the server allows {limit:.0f} s")
        self.seconds, self.limit = seconds, limit


class Kind(IntEnum):
    """What a computation is for; a free worker takes them in this order (docs/server.md)."""

    MOVE = 0  # a bot's move at a table where people play, a room's next setup: people wait for it
    ADVICE = 1  # a hint, or the preparation that hints and solving bots wait for
    SHOW = 2  # a bot's move where no person of the room is connected: only watchers wait
    REPLAY = 3  # a record replayed for a page


#: Seconds a job waits before it goes ahead of every other kind (within its side of the budget),
#: so that no kind of work waits for ever behind a stream of another.
PATIENCE = 5.0


@dataclass(frozen=True)
class Owner:
    """Whose computation it is, for the budgets: the client address that asked and the room
    it is for (either may be unknown: a bot's move has no address, a replay no room)."""

    address: str | None = None
    room: str | None = None


@dataclass(eq=False)
class Job:
    """One computation: waiting for a worker, then under way in one."""

    kind: Kind
    owner: Owner
    function: Callable[..., Any]
    args: tuple[Any, ...]
    order: int  # when it was asked for: the older first, among equals
    future: asyncio.Future[Any]
    #: Whether it may take the last idle worker: quick work, or a search that is made quick
    #: under load. A replay or a solve cannot be shortened, and never does.
    quick: bool = True
    #: Whether ``function`` takes the effort share as its last argument.
    takes_effort: bool = False
    on_start: Callable[[], None] | None = None
    asked: float = 0.0  # when it joined the queue, by the schedule's clock
    started: float = 0.0
    retried: bool = False
    pool: ProcessPoolExecutor | None = None


class Schedule:
    """Which waiting job a free worker takes next: bookkeeping only, no processes, so that the
    order itself can be tested.

    - An owner past its budget of worker time (by its address, or its room) waits behind every
      owner within budget, whatever the kind; and within that, bot moves where a person waits
      come first, then hints and preparations, then bots playing for watchers alone, then replays
      (:class:`Kind`), except that a job that has waited ``PATIENCE`` seconds goes ahead of
      every kind; among equals, the owner that used the least of its budget lately, then the
      oldest.
    - With two workers or more, a job that cannot be shortened (``quick`` false: a replay, a
      solve) never takes the last idle worker, which stays free for a bot's move: it waits for
      a second one, and meanwhile only bot moves pass it. So a bot's move waits for no more
      than a quick job, and at most all workers but one solve at once; except that such a job
      that has waited ``PATIENCE`` seconds, of an owner within its budget, takes the last idle
      worker too, so that a steady stream of bot moves cannot starve it.
    - A job started while others wait, or on the last idle worker, starts "under load": a
      search is given ``LOADED_EFFORT`` of its usual size, and is soon done.
    """

    def __init__(self, workers: int, addresses: WorkBudget, rooms: WorkBudget,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.workers = workers
        self.addresses, self.rooms = addresses, rooms
        self.clock = clock
        self.waiting: list[Job] = []
        self.running: set[Job] = set()

    def add(self, job: Job) -> None:
        """A job joins the queue."""
        job.asked = self.clock()
        self.waiting.append(job)

    @property
    def idle(self) -> int:
        return self.workers - len(self.running)

    def over_budget(self, owner: Owner) -> bool:
        """Whether the owner used more worker time lately than its address or its room may."""
        return (owner.address is not None and self.addresses.over(owner.address)) or (
            owner.room is not None and self.rooms.over(owner.room))

    def usage(self, owner: Owner) -> float:
        """The larger share of its budget that the owner's address or room used lately."""
        shares = [0.0]
        if owner.address is not None:
            shares.append(self.addresses.used(owner.address) / self.addresses.budget)
        if owner.room is not None:
            shares.append(self.rooms.used(owner.room) / self.rooms.budget)
        return max(shares)

    def rank(self, job: Job) -> tuple[bool, int, float, int]:
        patient = self.clock() - job.asked >= PATIENCE
        kind = Kind.MOVE if patient else job.kind
        return self.over_budget(job.owner), int(kind), self.usage(job.owner), job.order

    def next_job(self) -> Job | None:
        """The job a worker should take now, or None (no worker idle, nothing that may start)."""
        if self.idle <= 0 or not self.waiting:
            return None
        first, *others = sorted(self.waiting, key=self.rank)
        if self._may_take(first):
            return first
        # It waits for a second idle worker; bot moves do not wait behind it.
        return next((job for job in others if job.kind is Kind.MOVE and self._may_take(job)), None)

    def _may_take(self, job: Job) -> bool:
        if job.quick or self.idle >= 2 or self.workers == 1:
            return True
        patience_over = self._patience_over(job)
        return patience_over is not None and patience_over <= self.clock()

    def _patience_over(self, job: Job) -> float | None:
        """When a job kept from the last idle worker may take it after all, or None for never.

        Bot moves that keep one worker or another busy all the time would otherwise keep a replay
        waiting for ever: one that has waited its patience takes the last idle worker, unless its
        owner is past its budget (a flood of replays never does)."""
        return None if self.over_budget(job.owner) else job.asked + PATIENCE

    def seconds_to_patience(self) -> float | None:
        """When a worker is idle but every waiting job is held back from it (work that cannot be
        shortened, kept from the last idle worker), the seconds until the first of them that may
        take it once it has waited its patience; None when there is nothing to wait for."""
        if self.idle <= 0:
            return None
        ends = [end for job in self.waiting
                if not job.quick and (end := self._patience_over(job)) is not None]
        return max(0.0, min(ends) - self.clock()) if ends else None

    def start(self, job: Job) -> float:
        """Move a job from waiting to under way; the effort share it is given."""
        self.waiting.remove(job)
        self.running.add(job)
        loaded = bool(self.waiting) or (self.idle == 0 and self.workers > 1)
        return LOADED_EFFORT if loaded else 1.0

    def finish(self, job: Job, seconds: float) -> None:
        """A job is done (or its worker died): its owner's budgets are charged the time it took."""
        self.running.discard(job)
        if job.owner.address is not None:
            self.addresses.spend(job.owner.address, seconds)
        if job.owner.room is not None:
            self.rooms.spend(job.owner.room, seconds)

    def waiting_for_people(self) -> list[Job]:
        """The hints and replays waiting: what the queue's limits count (bot moves always wait)."""
        return [job for job in self.waiting if job.kind is not Kind.MOVE]


@dataclass
class Preparation:
    """A solve under way for one game and set of options."""

    seconds: float  # the game's estimate of the whole solve
    started: float = field(default_factory=time.monotonic)
    done: asyncio.Future[None] = field(default_factory=lambda: asyncio.get_running_loop().create_future())

    def seconds_left(self) -> int:
        """About how many seconds remain, rounded up; at least 1 while it runs."""
        return max(1, math.ceil(self.seconds - (time.monotonic() - self.started)))


def _options_key(game_id: str, options: Mapping[str, Any]) -> tuple[str, str]:
    return game_id, json.dumps(dict(options), sort_keys=True, default=str)


def _extra_games() -> list[bytes]:
    """The games registered by hand (not through entry points), for the workers to register too."""
    declared = {entry.name for entry in entry_points(group=ENTRY_POINT_GROUP)}
    extra: list[bytes] = []
    for game_id in games():
        if game_id in declared:
            continue
        game: GameDefinition = definition(game_id)
        try:
            extra.append(pickle.dumps(game))
        except Exception:  # a definition that cannot travel stays playable, without bots in workers
            log.warning("%r cannot reach the worker processes: its bots and hints will fail", game_id)
    return extra


class ComputePool:
    """A bounded pool of worker processes for bots, hints, replays and preparations, taking its
    jobs in the order of a :class:`Schedule` (see the module's text)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.workers = limits.compute_workers
        self.schedule = Schedule(self.workers, WorkBudget(limits.compute_seconds_per_address),
                                 WorkBudget(limits.compute_seconds_per_room))
        self._pool: ProcessPoolExecutor | None = None
        self._orders = itertools.count()
        self._ready: set[tuple[str, str]] = set()
        self._too_long: dict[tuple[str, str], float] = {}
        self._checks: dict[tuple[str, str], asyncio.Future[float | None]] = {}
        self._preparations: dict[tuple[str, str], Preparation] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
        self._patience_timer: asyncio.TimerHandle | None = None
        self.started = 0  # workers that have started and loaded the games

    def _executor(self) -> ProcessPoolExecutor:
        if self._closed:
            raise Busy("the server is stopping")
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(_extra_games(), os.getpid()),
            )
        return self._pool

    def _drop_pool(self, pool: ProcessPoolExecutor | None) -> None:
        """A worker of ``pool`` died (killed, out of memory): the next job starts a fresh pool."""
        if pool is not None and self._pool is pool:
            self._pool = None
            pool.shutdown(wait=False, cancel_futures=True)

    # --- the queue -----------------------------------------------------------------------------------
    async def _submit(
        self, kind: Kind, owner: Owner, function: Callable[..., T], *args: Any, quick: bool = True,
        takes_effort: bool = False, refuse_when_full: bool = False,
        on_start: Callable[[], None] | None = None,
    ) -> T:
        """Run ``function(*args)`` in a worker when the schedule says so, and wait for it.

        A caller that stops waiting (its task cancelled: a newer hint replaced this one, the
        room left memory) takes its job out of the queue; a job under way finishes unheard.
        """
        if self._closed:
            raise Busy("the server is stopping")
        if refuse_when_full:
            self._check_queue(owner)
        job = Job(kind, owner, function, args, next(self._orders), asyncio.get_running_loop().create_future(),
                  quick=quick, takes_effort=takes_effort, on_start=on_start)
        self.schedule.add(job)
        self._dispatch()
        try:
            return await job.future  # type: ignore[no-any-return]
        except asyncio.CancelledError:
            if job in self.schedule.waiting:
                self.schedule.waiting.remove(job)
            raise

    def _check_queue(self, owner: Owner) -> None:
        if self.queue_full(owner.address):
            raise Busy("too many computations are waiting")

    def queue_full(self, address: str | None) -> bool:
        """Whether a hint or replay from ``address`` would be refused ``busy`` now: so many wait,
        from everyone or from it. A replay asks before its megabyte is even read."""
        waiting = self.schedule.waiting_for_people()
        return len(waiting) >= self.limits.compute_queue or (address is not None and sum(
            job.owner.address == address for job in waiting) >= WAITING_PER_ADDRESS)

    def _dispatch(self) -> None:
        """Give every idle worker the job the schedule names, as long as there is one."""
        while not self._closed and (job := self.schedule.next_job()) is not None:
            share = self.schedule.start(job)
            self._launch(job, share)
        # Nothing else may wake the queue when the only change to come is a job's patience
        # running out (a replay behind a long solve, say): look again then.
        if self._patience_timer is not None:
            self._patience_timer.cancel()
            self._patience_timer = None
        delay = None if self._closed else self.schedule.seconds_to_patience()
        if delay is not None:
            self._patience_timer = asyncio.get_running_loop().call_later(delay + 0.01, self._dispatch)

    def _launch(self, job: Job, share: float) -> None:
        loop = asyncio.get_running_loop()
        args = (*job.args, share) if job.takes_effort else job.args
        job.started = time.monotonic()
        log.debug("a worker takes %s for %s at effort %.3f after %.3f s; %d waiting", job.function.__name__,
                  job.owner, share, job.started - job.asked, len(self.schedule.waiting))
        if job.on_start is not None:
            job.on_start()
        for attempt in range(2):
            try:
                job.pool = self._executor()
                work = job.pool.submit(job.function, *args)
                break
            except BrokenProcessPool:
                self._drop_pool(job.pool)
                if attempt:
                    self._fail(job, BrokenProcessPool("the worker processes cannot start"))
                    return
            except Exception as error:  # stopping
                self._fail(job, error)
                return

        def heard(done: concurrent.futures.Future[Any]) -> None:  # in the pool's own thread
            with contextlib.suppress(RuntimeError):  # the loop has closed: nobody waits any more
                loop.call_soon_threadsafe(self._finished, job, done)

        work.add_done_callback(heard)

    def _fail(self, job: Job, error: BaseException) -> None:
        self.schedule.finish(job, 0.0)
        if not job.future.done():
            job.future.set_exception(error)

    def _finished(self, job: Job, done: concurrent.futures.Future[Any]) -> None:
        took = time.monotonic() - job.started
        log.debug("%s for %s done in %.3f s", job.function.__name__, job.owner, took)
        self.schedule.finish(job, took)
        error = None if done.cancelled() else done.exception()
        if isinstance(error, BrokenProcessPool) and not self._closed:
            # A worker died (killed, out of memory): a fresh pool, and the job once more.
            self._drop_pool(job.pool)
            if not job.retried and not job.future.done():
                job.retried = True
                self.schedule.waiting.append(job)  # its place in the queue kept
                self._dispatch()
                return
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif error is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(done.result())
        self._dispatch()

    def would_wait(self, owner: Owner) -> bool:
        """Whether the owner's next job would wait behind others': its budget is spent, and the
        workers are taken or others wait."""
        return self.schedule.over_budget(owner) and (self.schedule.idle <= 0 or bool(self.schedule.waiting))

    async def warm(self) -> None:
        """Start every worker now, so that the first bot move or hint does not wait for one."""
        async def start_one() -> None:
            await self._submit(Kind.MOVE, Owner(), load_games)
            self.started += 1

        await asyncio.gather(*(start_one() for _ in range(self.workers)))

    # --- preparations ------------------------------------------------------------------------------
    async def readiness(
        self, game_id: str, options: Mapping[str, Any], owner: Owner = Owner(),
    ) -> Preparation | None:
        """None when bots and hints of these options may run now; else the preparation under way,
        which this call starts if it was not running yet. Raises TooLong, starting nothing, when
        the game estimates it longer than the server allows."""
        key = _options_key(game_id, options)
        if key in self._ready:
            return None
        if key in self._too_long:
            raise TooLong(self._too_long[key], self.limits.max_solve_seconds)
        if key in self._preparations:
            return self._preparations[key]
        check = self._checks.get(key)
        if check is None:
            check = asyncio.ensure_future(
                self._submit(Kind.MOVE, owner, preparation_seconds, game_id, dict(options)))
            self._checks[key] = check

            def forget(done: asyncio.Future[float | None]) -> None:
                self._checks.pop(key, None)
                if not done.cancelled():
                    done.exception()  # seen here: those who waited for it may have gone (a stop)

            check.add_done_callback(forget)
        try:
            seconds = await asyncio.shield(check)
        except asyncio.CancelledError:
            raise
        except Exception:
            # A solver that cannot even say whether it is ready: let bots and hints try on
            # their own (in a worker, where a failure harms nobody else).
            log.warning("could not tell whether %s is prepared for %s", game_id, key[1], exc_info=True)
            seconds = None
        if seconds is None:
            self._ready.add(key)
            return None
        if key in self._ready:
            return None
        if seconds > self.limits.max_solve_seconds:
            self._too_long[key] = seconds
            raise TooLong(seconds, self.limits.max_solve_seconds)
        if key not in self._preparations:
            preparation = self._preparations[key] = Preparation(seconds)
            task = asyncio.ensure_future(self._prepare(key, game_id, dict(options), preparation, owner))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return self._preparations[key]

    async def check_preparation(self, game_id: str, options: Mapping[str, Any]) -> None:
        """Raise TooLong when bots of these options would need a preparation longer than the server
        allows: the game's estimate, unless a worker finds the answer stored already."""
        solver = definition(game_id).solver()
        if solver is None or float(solver.seconds(options)) <= self.limits.max_solve_seconds:
            return
        await self.readiness(game_id, options)

    async def _prepare(self, key: tuple[str, str], game_id: str, options: dict[str, Any],
                       preparation: Preparation, owner: Owner) -> None:
        def begun() -> None:
            preparation.started = time.monotonic()  # the estimate counts from when a worker starts
            log.info("preparing %s for options %s (about %.0f s)", game_id, key[1], preparation.seconds)

        try:
            await self._submit(Kind.ADVICE, owner, prepare, game_id, options, quick=False, on_start=begun)
        except asyncio.CancelledError:
            raise
        except Exception:
            # The bots will then prepare for themselves, in a worker: slow, but never in this process.
            if not self._closed:  # when stopping, the workers were killed on purpose
                log.warning("the preparation of %s for options %s failed", game_id, key[1], exc_info=True)
        finally:
            if not self._closed:
                self._ready.add(key)
            self._preparations.pop(key, None)
            if not preparation.done.done():
                preparation.done.set_result(None)

    async def prepared(self, game_id: str, options: Mapping[str, Any], owner: Owner = Owner()) -> None:
        """Wait until bots and hints of these options may run, starting the preparation if needed."""
        preparation = await self.readiness(game_id, options, owner)
        if preparation is not None:
            await asyncio.shield(preparation.done)

    # --- moves, hints and replays ----------------------------------------------------------------------
    async def choose(
        self, game_id: str, options: Mapping[str, Any], bot_name: str, view: dict[str, JSON],
        legal: Sequence[JSON], seed: str, owner: Owner = Owner(), kind: Kind = Kind.MOVE,
    ) -> JSON:
        """A bot's move, once the game's preparation for ``options`` is done if the bot plays from it
        (TooLong when that preparation is longer than the server allows); ``kind`` is ``SHOW`` for
        bots playing for watchers alone."""
        if uses_solver(game_id, bot_name):
            await self.prepared(game_id, options, owner)
        return await self._submit(
            kind, owner, choose_move, game_id, bot_name, view, list(legal), seed, takes_effort=True)

    async def advise(
        self, game_id: str, view: dict[str, JSON], legal: Sequence[JSON], language: str = DEFAULT,
        owner: Owner = Owner(),
    ) -> dict[str, JSON]:
        """The advisor's answer in ``language``; raises Busy when too many computations are waiting."""
        return await self._submit(Kind.ADVICE, owner, give_advice, game_id, view, list(legal), language,
                                  takes_effort=True, refuse_when_full=True)

    async def replay(
        self, body: bytes, language: str = DEFAULT, address: str | None = None,
    ) -> tuple[str | None, bytes | str]:
        """A replay request's body as it came, worked out in ``language`` (see :func:`replay_request`);
        raises Busy when too many wait. It comes after every bot's move and hint, and never takes the
        last idle worker."""
        return await self._submit(Kind.REPLAY, Owner(address=address), replay_request, body, language,
                                  quick=False, refuse_when_full=True)

    async def next_setup(
        self, game_id: str, records: Sequence[Mapping[str, Any]], owner: Owner = Owner(),
    ) -> JSON:
        """The setup of a room's next game, worked out from its last games' records (a replay each)."""
        return await self._submit(
            Kind.MOVE, owner, setup_after, game_id, [dict(record) for record in records])

    # --- stopping ------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop at once: kill the workers, whatever they are doing."""
        self._closed = True
        if self._patience_timer is not None:
            self._patience_timer.cancel()
        for task in list(self._tasks):
            task.cancel()
        for preparation in self._preparations.values():
            if not preparation.done.done():
                preparation.done.cancel()
        for job in self.schedule.waiting:
            if not job.future.done():
                job.future.set_exception(Busy("the server is stopping"))
        self.schedule.waiting.clear()
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # Until Python 3.14 an executor offers no way to stop a running job: kill its processes.
        processes = list((getattr(pool, "_processes", None) or {}).values())
        for process in processes:
            with contextlib.suppress(Exception):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            with contextlib.suppress(Exception):
                process.join(timeout=1.0)
