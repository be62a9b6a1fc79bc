"""The one thread that talks to the database, with group commit.

Database calls block, so the server makes them on a thread of their own; one thread keeps
writes in order and gives SQLite a single writer. Appends of actions that arrive while the
thread is busy are committed together, in one transaction: each caller still hears back only
once its own entries are committed (so nobody is told of an action a crash could lose), but
a busy server pays for one commit per batch instead of one per action. A batch that fails
(one append repeating an entry already written, say) is retried one append at a time, so
that only the faulty append fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from highstakes.server.storage import Storage

T = TypeVar("T")

MAX_BATCH = 512  # appends in one transaction


@dataclass
class _Job:
    loop: asyncio.AbstractEventLoop
    future: asyncio.Future[Any]
    function: Callable[..., Any] | None  # None: an append, grouped with its neighbours
    args: tuple[Any, ...]


def _settle(outcomes: list[tuple[asyncio.Future[Any], bool, Any]]) -> None:
    for future, ok, value in outcomes:
        if future.done():  # its caller gave up (cancelled)
            continue
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)


class DatabaseThread:
    """Runs storage calls in order on one thread; see the module's text."""

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._serve, name="highstakes-db", daemon=True)
        self._thread.start()

    async def call(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` on the database thread, after every call and append queued before it."""
        return await self._submit(function, args)  # type: ignore[no-any-return]

    async def append(self, room_id: str, game_number: int, first_index: int, entries: list[Any]) -> None:
        """Append entries to a game's log; returns once they are committed."""
        await self._submit(None, (room_id, game_number, first_index, entries))

    def _submit(self, function: Callable[..., Any] | None, args: tuple[Any, ...]) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        self._jobs.put(_Job(loop, future, function, args))
        return future

    def close(self) -> None:
        """Finish the calls already queued, then stop the thread."""
        self._jobs.put(None)
        self._thread.join()

    # --- on the database thread -------------------------------------------------------------------
    def _serve(self) -> None:
        stopping = False
        while not stopping:
            job = self._jobs.get()
            if job is None:
                return
            batch = [job]
            while len(batch) < MAX_BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            self._run_batch(batch)

    def _run_batch(self, batch: list[_Job]) -> None:
        outcomes: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], bool, Any]]] = {}
        appends: list[_Job] = []

        def note(job: _Job, ok: bool, value: Any) -> None:
            outcomes.setdefault(job.loop, []).append((job.future, ok, value))

        def flush_appends() -> None:
            if not appends:
                return
            try:
                self.storage.append_many([job.args for job in appends])
                for job in appends:
                    note(job, True, None)
            except Exception:
                # Find the faulty append: each of the others still gets written.
                for job in appends:
                    try:
                        self.storage.append_many([job.args])
                        note(job, True, None)
                    except Exception as error:
                        note(job, False, error)
            appends.clear()

        for job in batch:
            if job.function is None:
                appends.append(job)
                continue
            flush_appends()  # calls and appends stay in the order they were made
            try:
                note(job, True, job.function(*job.args))
            except Exception as error:
                note(job, False, error)
        flush_appends()
        for loop, settled in outcomes.items():
            with contextlib.suppress(RuntimeError):  # that loop has closed: nobody waits any more
                loop.call_soon_threadsafe(_settle, settled)
