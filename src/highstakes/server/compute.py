"""Bots, hints and solves, run in a few worker processes and never in the server's own.

A bot's move, an advisor's hint and above all a game's one-off preparation (Greed's
solve, half a minute of compiled code that holds its process's interpreter lock) would
stall every other room if they ran in the server's process, threads or not. They run in
a bounded pool of worker processes instead (the spawn start method: a fresh interpreter,
no copy of the server's state), and the server only waits for their answers.

A game says it needs a preparation through its ``GameDefinition.solver()``: the pool asks
a worker whether ``solver.cached(options)`` has the answer, and if not runs
``solver.solve`` once per set of options while bots and hints of those options wait for
it. At most all workers but one solve at once, so that moves and hints keep a worker.
Stopping the server kills the workers, a solve in progress included.
"""

from __future__ import annotations

import asyncio
import contextlib
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
from importlib.metadata import entry_points
from typing import Any, TypeVar

from highstakes.engine.action import JSON
from highstakes.engine.bot import Bot
from highstakes.engine.contract import GameDefinition
from highstakes.engine.registry import ENTRY_POINT_GROUP, definition, games, register
from highstakes.i18n import DEFAULT, _, use_language

T = TypeVar("T")

log = logging.getLogger("highstakes.server")


# --- in the worker processes ------------------------------------------------------------------------
_BOTS: dict[tuple[str, str], Bot] = {}


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
    """Import every game's bots, so that a worker's first move is as quick as the others."""
    from highstakes.bots.registry import available_bots

    for game_id in games():
        available_bots(game_id)
    time.sleep(0.1)  # stay busy a moment, so that the pool's other workers start too
    return os.getpid()


def choose_move(game_id: str, bot_name: str, view: dict[str, JSON], legal: list[JSON], seed: str) -> JSON:
    """The bot's action (as JSON) for a seat's view and legal actions."""
    game = definition(game_id)
    actions = [game.parse_action(action) for action in legal]
    return _bot(game_id, bot_name).choose(view, actions, random.Random(seed)).to_json()


def give_advice(
    game_id: str, view: dict[str, JSON], legal: list[JSON], language: str = DEFAULT
) -> dict[str, JSON]:
    """The advisor's answer, its sentences in ``language`` (the asker's)."""
    game = definition(game_id)
    advisor = game.advisor()
    assert advisor is not None
    with use_language(language):
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
class Busy(Exception):
    """Every worker is taken and the queue is full."""


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
    """A bounded pool of worker processes for bots, hints and preparations (see the module's text)."""

    def __init__(self, workers: int, queue_limit: int) -> None:
        self.workers = workers
        self.queue_limit = queue_limit
        self._pool: ProcessPoolExecutor | None = None
        self._waiting = 0  # moves and hints submitted and not yet answered
        self._solves = asyncio.Semaphore(max(1, workers - 1))
        self._ready: set[tuple[str, str]] = set()
        self._checks: dict[tuple[str, str], asyncio.Future[float | None]] = {}
        self._preparations: dict[tuple[str, str], Preparation] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._closed = False
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

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            pool = self._executor()
            try:
                return await loop.run_in_executor(pool, function, *args)
            except BrokenProcessPool:
                # A worker died (killed, out of memory): start a fresh pool and try once more.
                if self._pool is pool:
                    self._pool = None
                    pool.shutdown(wait=False, cancel_futures=True)
                if attempt or self._closed:
                    raise
        raise AssertionError("unreachable")

    async def _queued(self, function: Callable[..., T], *args: Any, refuse_when_full: bool) -> T:
        if refuse_when_full and self._waiting >= self.queue_limit:
            raise Busy(f"{self._waiting} computations are waiting")
        self._waiting += 1
        try:
            return await self._run(function, *args)
        finally:
            self._waiting -= 1

    async def warm(self) -> None:
        """Start every worker now, so that the first bot move or hint does not wait for one."""
        async def start_one() -> None:
            await self._run(load_games)
            self.started += 1

        await asyncio.gather(*(start_one() for _ in range(self.workers)))

    # --- preparations ------------------------------------------------------------------------------
    async def readiness(self, game_id: str, options: Mapping[str, Any]) -> Preparation | None:
        """None when bots and hints of these options may run now; else the preparation under way,
        which this call starts if it was not running yet."""
        key = _options_key(game_id, options)
        if key in self._ready:
            return None
        if key in self._preparations:
            return self._preparations[key]
        check = self._checks.get(key)
        if check is None:
            check = asyncio.ensure_future(self._run(preparation_seconds, game_id, dict(options)))
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
        if key not in self._preparations:
            preparation = self._preparations[key] = Preparation(seconds)
            task = asyncio.ensure_future(self._prepare(key, game_id, dict(options), preparation))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        return self._preparations[key]

    async def _prepare(self, key: tuple[str, str], game_id: str, options: dict[str, Any],
                       preparation: Preparation) -> None:
        try:
            async with self._solves:
                preparation.started = time.monotonic()  # the estimate counts from when a worker starts
                log.info("preparing %s for options %s (about %.0f s)", game_id, key[1], preparation.seconds)
                await self._run(prepare, game_id, options)
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

    async def prepared(self, game_id: str, options: Mapping[str, Any]) -> None:
        """Wait until bots and hints of these options may run, starting the preparation if needed."""
        preparation = await self.readiness(game_id, options)
        if preparation is not None:
            await asyncio.shield(preparation.done)

    # --- moves and hints -----------------------------------------------------------------------------
    async def choose(self, game_id: str, options: Mapping[str, Any], bot_name: str, view: dict[str, JSON],
                     legal: Sequence[JSON], seed: str) -> JSON:
        """A bot's move, once the game's preparation for ``options`` is done if the bot plays from it."""
        if uses_solver(game_id, bot_name):
            await self.prepared(game_id, options)
        return await self._queued(
            choose_move, game_id, bot_name, view, list(legal), seed, refuse_when_full=False
        )

    async def advise(
        self, game_id: str, view: dict[str, JSON], legal: Sequence[JSON], language: str = DEFAULT
    ) -> dict[str, JSON]:
        """The advisor's answer in ``language``; raises Busy when too many computations are waiting."""
        return await self._queued(give_advice, game_id, view, list(legal), language, refuse_when_full=True)

    async def replay(
        self, record: Mapping[str, Any], position: int | None, seat: int | None, language: str = DEFAULT
    ) -> dict[str, JSON]:
        """A record replayed for a viewer in ``language`` (see :func:`replay_record`); raises Busy
        when too many wait."""
        return await self._queued(
            replay_record, dict(record), position, seat, language, refuse_when_full=True)

    async def next_setup(self, game_id: str, records: Sequence[Mapping[str, Any]]) -> JSON:
        """The setup of a room's next game, worked out from its last games' records (a replay each)."""
        return await self._queued(setup_after, game_id, [dict(record) for record in records],
                                  refuse_when_full=False)

    # --- stopping ------------------------------------------------------------------------------------
    def close(self) -> None:
        """Stop at once: kill the workers, whatever they are doing."""
        self._closed = True
        for task in list(self._tasks):
            task.cancel()
        for preparation in self._preparations.values():
            if not preparation.done.done():
                preparation.done.cancel()
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
