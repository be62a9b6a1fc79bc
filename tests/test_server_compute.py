"""Bots, hints and a game's one-off preparation run in worker processes (docs/server.md).

A toy game declares a preparation of a second and a half (its "solve" writes a file), an
advisor, and a bot that refuses to play before the file exists: the server must answer a
hint with "preparing, about 2 s" at once, send the advice by itself once ready, make the
bot wait instead of running it early, and prepare only once for every room.
"""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from highstakes.engine import JSON, Action, BotInfo
from highstakes.engine.parts import Advisor, Report, Solver
from highstakes.engine.registry import register, unregister
from highstakes.testing.servers import ThreadServer
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
