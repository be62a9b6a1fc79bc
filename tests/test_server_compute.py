"""Bots, hints and a game's one-off preparation run in worker processes (docs/server.md).

A toy game declares a preparation of a second and a half (its "solve" writes a file), an
advisor, and a bot that refuses to play before the file exists: the server must answer a
hint with "preparing, about 2 s" at once, send the advice by itself once ready, make the
bot wait instead of running it early, and prepare only once for every room.

The workers take their jobs in a fair order (docs/server.md, "Fair turns"): the order is
tested on the schedule itself (no processes, no clocks but a hand-driven one), and then once
through a real server, where only the order of the answers is asserted, never their timing.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from highstakes.engine import JSON, Action, BotInfo, effort
from highstakes.engine.parts import Advisor, Report, Solver
from highstakes.engine.registry import register, unregister
from highstakes.server.compute import LOADED_EFFORT, PATIENCE, ComputePool, Job, Kind, Owner, Schedule
from highstakes.server.limits import Limits, WorkBudget
from highstakes.testing.servers import TEST_LIMITS, Client, ThreadServer
from toy_game import BluffDefinition

PREPARATION_SECONDS = 1.5


class CarefulBot:
    """Plays only once the game's preparation is done, as a solver's bot would need it to be."""

    name = "careful"

    def __init__(self, marker: str) -> None:
        self.marker = marker

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if not Path(self.marker).exists():
            raise RuntimeError("asked to play before the preparation was done")
        return legal[0]


class QuickBot:
    """Plays from rules of thumb: it needs no preparation, so never waits for one."""

    name = "quick"

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        return legal[0]


class PreparedBluff(BluffDefinition):
    """The toy bluff game with a preparation, an advisor and a bot that depends on it."""

    def __init__(self, directory: Path) -> None:
        super().__init__("none")
        self.id = "bluff_prepared"
        self.marker = str(directory / "prepared")
        self.runs = str(directory / "runs")

    def solver(self) -> Solver:
        marker, runs = Path(self.marker), Path(self.runs)

        def solve(options: Any, progress: Any) -> Report:
            with runs.open("a") as log:
                log.write("solve\n")
            time.sleep(PREPARATION_SECONDS)
            marker.write_text("ready")
            return Report({})

        return Solver(
            about="a toy preparation", cached=lambda options: Report({}) if marker.exists() else None,
            solve=solve, seconds=lambda options: PREPARATION_SECONDS,
        )

    def advisor(self) -> Advisor:
        marker = self.marker

        def advise(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
            return {"action": legal[0].to_json(), "label": str(legal[0]), "prepared": Path(marker).exists()}

        return advise

    def bots(self) -> Sequence[BotInfo]:
        marker = self.marker
        return (
            BotInfo("careful", lambda: CarefulBot(marker), "careful", "waits for the preparation",
                    uses_solver=True),
            BotInfo("quick", QuickBot, "quick", "plays its rules of thumb, with no preparation"),
        )


@pytest.fixture
def prepared_game(tmp_path: Path) -> Iterator[PreparedBluff]:
    game = register(PreparedBluff(tmp_path))
    assert isinstance(game, PreparedBluff)
    try:
        yield game
    finally:
        unregister(game.id)


def test_a_preparation_runs_once_in_a_worker_while_hints_and_bots_wait(
    prepared_game: PreparedBluff, sqlite_url: str,
) -> None:
    with ThreadServer(sqlite_url) as server:
        # A bot that needs the preparation is the first to ask for it.
        bot_room = server.create_room(["bot:careful", "human"], game=prepared_game.id)
        _, token = server.join(bot_room, "Ann")
        started = time.monotonic()
        with server.client(bot_room, token) as ann:
            # People in another room ask for a hint meanwhile.
            room = server.create_room(["human", "human"], game=prepared_game.id)
            players = [server.client(room, server.join(room, name)[1]) for name in ("Bea", "Cy")]
            mover = players[0].last_state()["to_act"][0]
            players[mover].send({"type": "hint"})
            reply = players[mover].recv_until(lambda message: message["type"] == "hint", timeout=5)
            # Answered at once, with about how long the preparation still takes (it runs 1.5 s).
            assert set(reply) == {"type", "preparing", "seconds"} and reply["preparing"] is True, reply
            assert reply["seconds"] in (1, 2), reply
            # The advice follows by itself once the preparation is done, for the same position.
            advice = players[mover].recv_until(lambda message: message["type"] == "hint", timeout=15)
            assert advice["hint"]["prepared"] is True
            assert advice["hint"]["action"] == players[mover].last_state()["legal"][0]["action"]
            # The bot waited for it, then played.
            moved = ann.recv_until(lambda message: message.get("version") == 1, timeout=15)
            assert moved["event"] == {"kind": "acted", "seat": 0}
            assert time.monotonic() - started >= PREPARATION_SECONDS
            # Now hints come straight away.
            players[mover].send({"type": "hint"})
            again = players[mover].recv_until(lambda message: message["type"] == "hint", timeout=5)
            assert again["hint"]["prepared"] is True
            for client in players:
                client.close()
    assert Path(prepared_game.runs).read_text() == "solve\n", "one preparation for every room"
    assert "Traceback" not in server.logs.text, server.logs.text


def test_a_bot_that_needs_no_preparation_plays_at_once_and_starts_none(
    prepared_game: PreparedBluff, sqlite_url: str,
) -> None:
    with ThreadServer(sqlite_url) as server:
        room = server.create_room(["bot:quick", "human"], game=prepared_game.id)
        _, token = server.join(room, "Ann")
        with server.client(room, token) as ann:
            moved = ann.recv_until(lambda message: message.get("version") == 1, timeout=15)
            assert moved["event"] == {"kind": "acted", "seat": 0}
        # The bot did not wait for a preparation: none was even started.
        assert not Path(prepared_game.runs).exists() and not Path(prepared_game.marker).exists()


ADVICE_SECONDS = 1.5


class SlowAdvice(PreparedBluff):
    """The toy game with no preparation and an advisor that takes a second and a half."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self.id = "bluff_slow_advice"

    def solver(self) -> None:  # type: ignore[override]
        return None

    def advisor(self) -> Advisor:
        def advise(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
            time.sleep(ADVICE_SECONDS)
            return {"action": legal[0].to_json(), "label": str(legal[0])}

        return advise


def test_a_hint_being_worked_out_holds_up_neither_the_connection_nor_the_stop(
    tmp_path: Path, sqlite_url: str,
) -> None:
    game = register(SlowAdvice(tmp_path))
    try:
        with ThreadServer(sqlite_url) as server:
            room = server.create_room(["human", "human"], game=game.id)
            players = [server.client(room, server.join(room, name)[1]) for name in ("Bea", "Cy")]
            mover = players[0].last_state()["to_act"][0]
            players[mover].send({"type": "hint"})
            # The connection still answers at once while the advice is worked out...
            before_pong = players[mover].barrier()
            assert not [message for message in before_pong if message["type"] == "hint"]
            # ...and the advice follows by itself.
            advice = players[mover].recv_until(lambda message: message["type"] == "hint", timeout=15)
            assert advice["hint"]["action"] == players[mover].last_state()["legal"][0]["action"]
            # Asked again, and the server stopped while a worker works it out: nobody waits for
            # it, and nothing goes wrong in the log.
            players[mover].send({"type": "hint"})
            players[mover].barrier()
            for client in players:
                client.close()
    finally:
        unregister(game.id)
    assert "Traceback" not in server.logs.text and "Exception" not in server.logs.text, server.logs.text


class ToldAdvice(SlowAdvice):
    """The slow advisor, saying back what the person told it."""

    def __init__(self, directory: Path) -> None:
        super().__init__(directory)
        self.id = "bluff_told_advice"

    def advisor(self) -> Advisor:
        def advise(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
            time.sleep(ADVICE_SECONDS)
            return {"action": legal[0].to_json(), "label": str(legal[0]), "told": view.get("hint_input")}

        return advise


def test_a_hint_asked_anew_with_other_input_is_answered_for_that_input(
    tmp_path: Path, sqlite_url: str,
) -> None:
    """Two questions at one position before the first answer: the answer is the second's, once;
    the same question twice is answered once."""
    game = register(ToldAdvice(tmp_path))
    try:
        with ThreadServer(sqlite_url) as server:
            room = server.create_room(["human", "human"], game=game.id)
            players = [server.client(room, server.join(room, name)[1]) for name in ("Bea", "Cy")]
            mover = players[0].last_state()["to_act"][0]
            asker = players[mover]
            asker.send({"type": "hint", "input": {"sure": 1}})
            asker.send({"type": "hint", "input": {"sure": 2}})
            advice = asker.recv_until(lambda message: message["type"] == "hint", timeout=15)
            assert advice["hint"]["told"] == {"sure": 2}
            time.sleep(ADVICE_SECONDS)  # the first question's answer would have come by now
            assert not [message for message in asker.barrier() if message["type"] == "hint"]
            # The same question twice before its answer: one answer.
            asker.send({"type": "hint", "input": {"sure": 3}})
            asker.send({"type": "hint", "input": {"sure": 3}})
            again = asker.recv_until(lambda message: message["type"] == "hint", timeout=15)
            assert again["hint"]["told"] == {"sure": 3}
            time.sleep(ADVICE_SECONDS)
            assert not [message for message in asker.barrier() if message["type"] == "hint"]
            for client in players:
                client.close()
    finally:
        unregister(game.id)
    assert "Traceback" not in server.logs.text and "Exception" not in server.logs.text, server.logs.text


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_stops_the_server_within_a_second_while_workers_compute(stop: int, tmp_path: Path) -> None:
    from highstakes.testing.servers import ProcessServer
    from test_server_attacks import child_pids, running

    server = ProcessServer(
        f"sqlite:///{tmp_path / 'rooms.db'}", tmp_path / "server.log",
        env={"HIGHSTAKES_CACHE_DIR": str(tmp_path / "empty-cache")},
    ).start()
    try:
        # Bots that need Greed's solve (half a minute, none cached here) keep a worker busy.
        room = server.create_room(["bot:optimal", "bot:optimal"], options={"dddd": 800})
        with server.client(room):
            assert server.process is not None
            deadline = time.monotonic() + 20
            while len(child_pids(server.process.pid)) < 2 and time.monotonic() < deadline:
                time.sleep(0.1)
            time.sleep(1.0)  # the solve is under way
            workers = child_pids(server.process.pid)
            assert workers
            stopped = time.monotonic()
            server.process.send_signal(stop)
            server.process.wait(timeout=10)
            assert time.monotonic() - stopped < 1.5
        time.sleep(0.2)
        assert not [pid for pid in workers if running(pid)], "a worker outlived the server"
    finally:
        server.kill()
    log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in log, log


# --- the order in which the workers take their jobs ----------------------------------------------------
class Clock:
    """A clock that moves only when the test says so."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def a_schedule(workers: int, clock: Clock | None = None, budget: float = 30.0) -> Schedule:
    clock = clock or Clock()
    return Schedule(workers, WorkBudget(budget, clock), WorkBudget(budget, clock), clock)


def a_job(kind: Kind, order: int, address: str | None = None, room: str | None = None,
          quick: bool = True) -> Job:
    return Job(kind, Owner(address, room), print, (), order, future=None, quick=quick)  # type: ignore[arg-type]


def taken_in_turn(schedule: Schedule, jobs: list[Job]) -> list[Job]:
    """The jobs in the order the workers take them, each done as soon as it starts."""
    for job in jobs:
        schedule.add(job)
    taken = []
    while (job := schedule.next_job()) is not None:
        schedule.start(job)
        schedule.finish(job, 0.0)
        taken.append(job)
    return taken


def test_a_bots_move_is_taken_before_the_hints_and_replays_that_waited_longer() -> None:
    replay = a_job(Kind.REPLAY, 0, address="1.2.3.4")
    show = a_job(Kind.SHOW, 1, room="bots alone")
    hints = [a_job(Kind.ADVICE, order, address="1.2.3.4", room="loud") for order in range(2, 7)]
    move = a_job(Kind.MOVE, 7, room="quiet")
    # A move at a people's table, the hints, the moves of bots playing for watchers, a replay.
    assert taken_in_turn(a_schedule(2), [replay, show, *hints, move]) == [move, *hints, show, replay]


def test_a_job_that_waited_long_goes_ahead_of_every_kind() -> None:
    """Bots at people's tables that keep both workers busy do not keep a hint waiting for ever."""
    clock = Clock()
    schedule = a_schedule(1, clock)
    hint = a_job(Kind.ADVICE, 0, room="patient")
    schedule.add(hint)
    clock.now = PATIENCE - 0.1
    move = a_job(Kind.MOVE, 1, room="busy")
    schedule.add(move)
    assert schedule.next_job() is move
    clock.now = PATIENCE
    assert schedule.next_job() is hint


def test_a_replay_that_waited_long_takes_the_last_idle_worker_unless_its_owner_is_past_its_budget(
) -> None:
    """Bot moves that always keep one of two workers busy do not starve a replay, which waits
    for two idle workers; a flood of replays, past its budget, still never takes the last one."""
    clock = Clock()
    schedule = a_schedule(2, clock, budget=30.0)
    move = a_job(Kind.MOVE, 0, room="busy")
    schedule.add(move)
    schedule.start(move)
    replay = a_job(Kind.REPLAY, 1, address="1.2.3.4", quick=False)
    flood = a_job(Kind.REPLAY, 2, address="9.9.9.9", quick=False)
    schedule.addresses.spend("9.9.9.9", 45.0)
    schedule.add(flood)
    schedule.add(replay)
    clock.now = PATIENCE - 0.1
    assert schedule.next_job() is None
    clock.now = PATIENCE
    assert schedule.next_job() is replay
    schedule.start(replay)
    schedule.finish(move, 0.0)
    assert schedule.next_job() is None  # the flood waits for a second idle worker


def test_a_replay_behind_a_long_solve_starts_when_its_patience_runs_out_not_when_the_solve_ends() -> None:
    """Two workers, one of them solving for long: a replay may not take the last idle worker at
    first, and nothing else happens in the pool; once it has waited its patience, the pool looks
    again by itself (it used to wait for the solve to end, half a minute on a fresh server)."""
    async def scenario() -> None:
        pool = ComputePool(Limits(**{**vars(TEST_LIMITS), "compute_workers": 2}))
        try:
            await pool.warm()
            solve = asyncio.ensure_future(
                pool._submit(Kind.ADVICE, Owner(room="solving"), time.sleep, PATIENCE * 4, quick=False))
            await asyncio.sleep(0.5)
            asked = time.monotonic()
            await pool._submit(Kind.REPLAY, Owner(address="1.2.3.4"), time.sleep, 0.0, quick=False)
            assert time.monotonic() - asked >= PATIENCE - 0.1
            assert not solve.done(), "the replay waited for the solve"
        finally:
            pool.close()

    asyncio.run(scenario())


def test_an_owner_past_its_budget_waits_behind_everyone_within_theirs() -> None:
    clock = Clock()
    schedule = a_schedule(2, clock, budget=30.0)
    schedule.addresses.spend("9.9.9.9", 45.0)  # 45 worker seconds in a minute that allows 30
    schedule.rooms.spend("busy", 45.0)
    greedy_hint = a_job(Kind.ADVICE, 0, address="9.9.9.9", room="calm")
    busy_move = a_job(Kind.MOVE, 1, room="busy")
    replay = a_job(Kind.REPLAY, 2, address="1.2.3.4")
    hint = a_job(Kind.ADVICE, 3, address="1.2.3.4", room="calm")
    # Within budget first (a hint before a replay), then the others (a bot's move before a hint).
    taken = taken_in_turn(schedule, [greedy_hint, busy_move, replay, hint])
    assert taken == [hint, replay, busy_move, greedy_hint]
    # What it used fades by a factor e a minute: 45 x e^(-1/2) = 27.3 s after half a minute.
    clock.now = 20.0
    assert schedule.over_budget(Owner("9.9.9.9"))  # 45 x e^(-1/3) = 32.2
    clock.now = 30.0
    assert schedule.addresses.used("9.9.9.9") == pytest.approx(27.29, abs=0.01)
    assert not schedule.over_budget(Owner("9.9.9.9"))


def test_among_equals_the_owner_that_used_least_of_its_budget_goes_first() -> None:
    schedule = a_schedule(1)
    schedule.rooms.spend("a", 10.0)
    schedule.rooms.spend("b", 2.0)
    moves = [a_job(Kind.MOVE, order, room=room) for order, room in enumerate("abc")]
    assert [job.owner.room for job in taken_in_turn(schedule, moves)] == ["c", "b", "a"]


def test_work_that_cannot_be_shortened_never_takes_the_last_idle_worker() -> None:
    schedule = a_schedule(3)
    busy = [a_job(Kind.MOVE, order) for order in (0, 1)]
    for job in busy:
        schedule.add(job)
        schedule.start(job)
    solve = a_job(Kind.ADVICE, 2, quick=False)
    hint = a_job(Kind.ADVICE, 3)
    for job in (solve, hint):
        schedule.add(job)
    # One worker is idle: the solve may not take it, and a hint may not pass the solve...
    assert schedule.next_job() is None
    # ...but a bot's move does.
    move = a_job(Kind.MOVE, 4)
    schedule.add(move)
    assert schedule.next_job() is move
    schedule.start(move)
    schedule.finish(move, 0.0)
    # With a second worker idle, the solve starts, then the hint takes the last one.
    schedule.finish(busy[0], 0.0)
    assert schedule.next_job() is solve
    schedule.start(solve)
    assert schedule.next_job() is hint
    # A replay waits for a second idle worker too; with a single worker there is no other.
    lone = a_schedule(1)
    replay = a_job(Kind.REPLAY, 0)
    assert taken_in_turn(lone, [replay]) == [replay]


def test_a_job_started_under_load_is_given_a_small_share_of_its_search() -> None:
    schedule = a_schedule(2)
    first, second = a_job(Kind.ADVICE, 0), a_job(Kind.ADVICE, 1)
    schedule.add(first)
    assert schedule.start(first) == 1.0, "alone, with a worker left idle: its full size"
    schedule.add(second)
    assert schedule.start(second) == LOADED_EFFORT, "on the last idle worker"
    for job in (first, second):
        schedule.finish(job, 0.0)
    third, fourth = a_job(Kind.ADVICE, 2), a_job(Kind.ADVICE, 3)
    schedule.add(third)
    schedule.add(fourth)
    assert schedule.start(third) == LOADED_EFFORT, "while another waits"


def test_what_an_owner_used_fades_by_a_factor_e_a_minute_and_is_then_forgotten() -> None:
    clock = Clock()
    budget = WorkBudget(30.0, clock)
    budget.spend("room", 45.0)
    assert budget.used("room") == 45.0 and budget.over("room")
    clock.now = 60.0
    assert budget.used("room") == pytest.approx(45.0 / math.e)
    budget.spend("room", 5.0)
    assert budget.used("room") == pytest.approx(45.0 / math.e + 5.0) and not budget.over("room")
    # A steady use of a fifth of a second every second holds about 12 s: within 30, while a room
    # that used a tenth of a second once holds less, and goes first.
    for second in range(61, 601):
        clock.now = float(second)
        budget.spend("steady", 0.2)
    assert budget.used("steady") == pytest.approx(0.2 / (1 - math.exp(-1 / 60)), rel=0.01)
    clock.now = 60.0 * 30
    budget.prune()
    assert budget.buckets == {}


def test_a_search_under_load_plays_out_a_sixteenth_of_its_deals_but_never_fewer_than_the_quick_bots() -> None:
    """Make-A-Million's search reads the effort share: its default budget (40,000 playouts) at a
    sixteenth is 2,500, below the quick bot's 5,000, so it searches as the quick bot does."""
    import random

    import highstakes as hs
    from highstakes.catalog.make_a_million import search

    game = hs.new_game("make_a_million", 4, seed=11)
    seat = game.to_act[0]
    view, legal = game.view(seat), game.legal_actions(seat)

    def playouts(bot: search.SearchBot, share: float) -> int:
        with effort.limited(share):
            bot.decide(view, legal, random.Random(5))
        return bot.playouts

    full = playouts(search.SearchBot(search.DEFAULT_BUDGET, "search", search.DEFAULT_WORLDS), 1.0)
    loaded = playouts(search.SearchBot(search.DEFAULT_BUDGET, "search", search.DEFAULT_WORLDS), LOADED_EFFORT)
    quick = playouts(search.SearchBot(search.QUICK_BUDGET, "search", search.DEFAULT_WORLDS), 1.0)
    assert loaded == quick and full == 8 * loaded  # 48 worlds: 40,000 // 96 = 416 a world against 52
    assert effort.share() == 1.0, "the share holds only within its block"


def test_an_effort_share_is_above_zero_and_at_most_one() -> None:
    for wrong in (0.0, -0.5, 1.5):
        with pytest.raises(ValueError, match="above 0 and at most 1"), effort.limited(wrong):
            pass
    with effort.limited(0.25):
        assert effort.scaled(160_000) == 40_000 and effort.scaled(100, least=40) == 40
        assert effort.scaled(10, least=40) == 10, "never more than the usual size"


# --- the same order through a real server, with one worker ------------------------------------------
@contextlib.contextmanager
def one_worker(game: PreparedBluff, sqlite_url: str, **changes: Any) -> Iterator[ThreadServer]:
    """A server with one worker process (and the limits ``changes``), the toy ``game`` registered
    while it runs; nothing may go wrong in its log."""
    register(game)
    try:
        limits = Limits(**{**vars(TEST_LIMITS), "compute_workers": 1, **changes})
        with ThreadServer(sqlite_url, limits=limits) as server:
            yield server
    finally:
        unregister(game.id)
    assert "Traceback" not in server.logs.text, server.logs.text


def rooms_of_two(server: ThreadServer, game_id: str, count: int) -> tuple[list[str], list[Client]]:
    """``count`` rooms of two people under way, and a connection of each room's first seat (the
    one that claims first, who may ask for a hint)."""
    rooms = [server.create_room(["human", "human"], game=game_id) for _ in range(count)]
    clients = [server.client(room, server.join(room, "Bea")[1]) for room in rooms]
    for room in rooms:
        server.join(room, "Cy")
    return rooms, clients


def is_answer(message: dict[str, Any]) -> bool:
    """A hint's advice, or a refusal."""
    return message["type"] == "error" or (message["type"] == "hint" and "hint" in message)


def hint_answer(client: Client, timeout: float = 20) -> tuple[float, dict[str, Any]]:
    """When the connection's next hint with advice (or refusal) arrived, and what it was."""
    message = client.recv_until(is_answer, timeout=timeout)
    return time.monotonic(), message


def arrivals(waits: dict[str, tuple[Client, Callable[[dict[str, Any]], bool]]]) -> dict[str, float]:
    """When each client's awaited message arrived: every client is read at once, in a thread of
    its own, so that each time is the arrival's and not when the test got round to reading it."""
    times: dict[str, float] = {}

    def wait(name: str, client: Client, accept: Callable[[dict[str, Any]], bool]) -> None:
        client.recv_until(accept, timeout=30)
        times[name] = time.monotonic()

    threads = [threading.Thread(target=wait, args=(name, *how)) for name, how in waits.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(times) == set(waits), f"only {sorted(times)} arrived"
    return times


def test_a_bots_move_is_taken_before_the_hints_that_waited_for_the_worker(
    tmp_path: Path, sqlite_url: str,
) -> None:
    """Three connections of one seat ask for a slow hint; then a bot of another room must move.
    The bot's move goes to the worker as soon as the hint under way ends, before the two hints
    that waited longer (with a first-come queue it came after all three)."""
    game = SlowAdvice(tmp_path)
    with one_worker(game, sqlite_url) as server:
        room = server.create_room(["human", "human"], game=game.id)
        tokens = [server.join(room, name)[1] for name in ("Bea", "Cy")]
        askers = [server.client(room, tokens[0]) for _ in range(3)]  # seat 1 claims first
        askers[0].send({"type": "hint"})
        hint_answer(askers[0], timeout=60)  # the worker has started
        bot_room = server.create_room(["human", "bot:quick"], game=game.id)
        with server.client(bot_room, server.join(bot_room, "Ann")[1]) as ann:
            for asker in askers:
                asker.send({"type": "hint", "input": {"again": True}})
                asker.barrier()  # each question reached the server before the move
            claim = ann.last_state()["legal"][0]["action"]
            ann.send({"type": "act", "action": claim})
            times = arrivals({
                "bot": (ann, lambda message: message.get("event") == {"kind": "acted", "seat": 1}),
                **{f"hint {index}": (asker, is_answer) for index, asker in enumerate(askers)},
            })
        hints = sorted(at for name, at in times.items() if name != "bot")
        assert hints[0] < times["bot"] < hints[1], "the bot moves right after the hint under way"
        for client in askers:
            client.close()


def test_a_new_question_takes_the_place_of_the_waiting_one_in_the_queue(
    tmp_path: Path, sqlite_url: str,
) -> None:
    """One waiting hint a connection: asked five times over while the worker is busy, the
    connection has one job in the queue, and is answered once, for its last question."""
    game = ToldAdvice(tmp_path)
    with one_worker(game, sqlite_url) as server:
        rooms, (busy, asker) = rooms_of_two(server, game.id, 2)
        busy.send({"type": "hint"})
        hint_answer(busy, timeout=60)  # the worker has started
        busy.send({"type": "hint", "input": {"busy": True}})  # holds the worker a second and a half
        busy.barrier()
        for sure in range(5):
            asker.send({"type": "hint", "input": {"sure": sure}})
        asker.barrier()
        queue = server.app.manager.compute.schedule.waiting
        assert [job.owner.room for job in queue] == [rooms[1]]
        _, advice = hint_answer(asker)
        assert advice["hint"]["told"] == {"sure": 4}
        time.sleep(ADVICE_SECONDS)
        assert not [message for message in asker.barrier() if message["type"] == "hint"]
        for client in (busy, asker):
            client.close()


def test_a_room_past_its_budget_is_told_its_hint_waits_and_is_answered_after_the_others(
    tmp_path: Path, sqlite_url: str,
) -> None:
    """A room that used more than its second of worker time a minute asks again while the
    worker is busy: it hears, in words, that its hint waits its turn; a room within its budget
    that asks later is answered first, and the waiting hint is answered after (not refused)."""
    game = SlowAdvice(tmp_path)
    with one_worker(game, sqlite_url, compute_seconds_per_room=1.0) as server:
        _rooms, (greedy, busy, calm) = rooms_of_two(server, game.id, 3)
        greedy.send({"type": "hint"})
        hint_answer(greedy, timeout=60)  # 1.5 s of worker time: past the room's budget
        busy.send({"type": "hint"})
        busy.barrier()
        greedy.send({"type": "hint", "input": {"again": True}})
        told = greedy.recv_until(lambda message: message["type"] == "hint")
        assert told == {"type": "hint", "waiting": True, "message": (
            "The server is busy with other players' work: your hint waits its turn, "
            "and will appear when ready.")}
        calm.send({"type": "hint"})
        calm.barrier()
        times = arrivals({name: (client, is_answer)
                          for name, client in (("busy", busy), ("calm", calm), ("greedy", greedy))})
        assert all("hint" in client.received[-1] for client in (greedy, busy, calm)), "not refused"
        assert times["busy"] < times["calm"] < times["greedy"]
        for client in (greedy, busy, calm):
            client.close()
