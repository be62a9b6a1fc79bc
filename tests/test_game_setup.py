"""What a table's next game carries over from its last games (``GameDefinition.next_setup``), and
the commands a game adds to the command line (``GameDefinition.commands()``): both generic, shown
with the toy game of ``toy_game.py``, which counts the games its table has played."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

import highstakes as hs
from highstakes.cli.main import main
from highstakes.engine.action import JSON
from highstakes.engine.parts import Command, UsageError
from highstakes.engine.registry import register, unregister
from highstakes.engine.timeline import Timeline
from toy_game import BluffDefinition, BluffState


class CountingState(BluffState):
    """The bluff die, knowing how many games its table played before this one."""

    games_before = 0

    def apply_setup(self, setup: JSON) -> None:
        if not isinstance(setup, dict) or not isinstance(setup.get("games_before"), int):
            raise ValueError('a setup is {"games_before": N}')
        self.games_before = setup["games_before"]

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {**super().view(seat), "games_before": self.games_before}

    def clone(self) -> CountingState:
        copy = super().clone()
        copy.__class__ = CountingState
        copy.games_before = self.games_before
        return copy  # type: ignore[return-value]


class CountingBluff(BluffDefinition):
    """Its setup counts the table's games from the last record's own setup."""

    def __init__(self, commands: Sequence[Command] = ()) -> None:
        super().__init__()
        self.id = "counting_bluff"
        self._commands = tuple(commands)

    def new_state(self, seats: int, options: Any) -> CountingState:
        return CountingState(options, self.breakage)

    def next_setup(self, records: Sequence[Mapping[str, Any]]) -> JSON:
        last = hs.replay(records[-1])
        return {"games_before": last.view(None)["games_before"] + 1}

    def commands(self) -> Sequence[Command]:
        return self._commands


@contextlib.contextmanager
def registered(*definitions: BluffDefinition) -> Iterator[None]:
    for definition in definitions:
        register(definition)
    try:
        yield
    finally:
        for definition in definitions:
            unregister(definition.id)


def play_out(game: hs.Game, seed: int = 0) -> hs.Game:
    rng = random.Random(seed)
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, rng.choice(game.legal_actions(seat)))
    return game


# --- the setup -------------------------------------------------------------------------------------
def test_a_game_without_the_hook_carries_nothing_over_and_refuses_a_setup() -> None:
    greed = hs.definition("greed")
    assert greed.next_setup([play_out(hs.new_game("greed", 2, seed=1)).record()]) is None
    with pytest.raises(ValueError, match="takes no setup"):
        hs.new_game("greed", 2, seed=1, setup={"anything": 1})


def test_the_setup_is_the_records_first_entry_and_replays_exactly(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with registered(CountingBluff()):
        definition = hs.definition("counting_bluff")
        first = play_out(hs.new_game("counting_bluff", 2, seed=3))
        assert first.record()["actions"][0] != {"setup": {"games_before": 0}}  # no setup: no entry
        setup = definition.next_setup([first.record()])
        assert setup == {"games_before": 1}
        second = play_out(hs.new_game("counting_bluff", 2, seed=4, setup=setup))
        third = hs.new_game("counting_bluff", 2, seed=5, setup=definition.next_setup([second.record()]))
        assert third.view(None)["games_before"] == 2
        record = second.record()
        assert record["actions"][0] == {"setup": {"games_before": 1}}
        again = hs.replay(record)
        assert again.record() == record and again.view(None)["games_before"] == 1
        # Every position of the replay viewer starts from the setup.
        timeline = Timeline(record)
        assert [timeline.game_at(k).view(None)["games_before"] for k in range(timeline.positions)] == [1] * (
            timeline.positions)
        assert timeline.moves[0].seat == record["actions"][1 + _first_decision(record)]["seat"]
        # And the command line replays the record.
        path = tmp_path / "record.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        assert main(["replay", str(path), "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["view"]["games_before"] == 1
        # A bad setup in a record is refused in words; a setup anywhere but first is no entry.
        with pytest.raises(ValueError, match="games_before"):
            hs.replay({**record, "actions": [{"setup": "two"}, *record["actions"][1:]]})
        moved = {**record, "actions": [*record["actions"][1:], record["actions"][0]]}
        path.write_text(json.dumps(moved), encoding="utf-8")
        assert main(["replay", str(path), "--json"]) == 2
        assert "entry" in capsys.readouterr().err


def _first_decision(record: Mapping[str, Any]) -> int:
    return next(index for index, entry in enumerate(record["actions"][1:]) if "seat" in entry)


def test_the_terminals_new_game_carries_the_setup_over() -> None:
    from highstakes.testing.terminal import run, wait_for
    from highstakes.tui.generic import GenericTable

    with registered(CountingBluff()):
        app = GenericTable.for_game("counting_bluff")(2, ["random", "random"], 9, {}, bot_delay=0)

        async def script(pilot: Any) -> None:
            await wait_for(pilot, lambda: app.game.is_over)
            app.action_new_game()
            assert app.game.record()["actions"][0] == {"setup": {"games_before": 1}}
            await wait_for(pilot, lambda: app.game.is_over)
            app.action_new_game()
            assert app.game.view(None)["games_before"] == 2

        run(app, script)


def test_a_rooms_rematch_carries_the_setup_over_and_a_reload_replays_it(tmp_path: Path) -> None:
    """Millionaire declares the hook: a rematch avoids the first game's questions, the new
    game's record holds the setup, and the room read back from the database is the same."""
    from highstakes.server.rooms import RoomManager
    from highstakes.server.storage import Storage

    async def scenario() -> None:
        manager = RoomManager(Storage(f"sqlite:///{tmp_path / 'rooms.db'}"), bot_delay=0.0, seed=2)
        try:
            room = await manager.create_room({"game": "millionaire", "seats": ["human", "human"],
                                              "options": {"rounds": 2}})
            for name in ("Ann", "Bob"):
                await manager.join(room, {"name": name})
            rng = random.Random(1)

            async def finish() -> None:
                while not room.game.is_over:
                    seat = room.game.to_act[0]
                    await manager.act(room, seat, rng.choice(room.game.legal_actions(seat)).to_json())

            await finish()
            first = room.game.record()
            await manager.rematch(room, 0)
            record = room.game.record()
            setup = hs.definition("millionaire").next_setup([first])
            assert setup is not None and record["actions"][0] == {"setup": setup}
            await finish()
            asked_first = set(hs.replay(first).result()["questions"])
            asked_second = set(room.game.result()["questions"])
            assert asked_first and asked_second and not asked_first & asked_second
            final = room.game.record()
            manager._release(room)
            reloaded = await manager.get(room.id)
            assert reloaded is not room and reloaded.game.record() == final
            assert await manager.game_record(reloaded, 2) == final
        finally:
            await manager.close()
            manager.storage.close()

    asyncio.run(scenario())



async def played_millionaire_room(manager: Any, options: dict[str, Any]) -> Any:
    """A room of two people, Ann and Bob, who play a game of Millionaire at random to its end."""
    room = await manager.create_room({"game": "millionaire", "seats": ["human", "human"], "options": options})
    for name in ("Ann", "Bob"):
        await manager.join(room, {"name": name})
    rng = random.Random(1)
    while not room.game.is_over:
        seat = room.game.to_act[0]
        await manager.act(room, seat, rng.choice(room.game.legal_actions(seat)).to_json())
    return room


def test_a_slow_setup_for_the_rematch_does_not_hold_the_room(tmp_path: Path) -> None:
    """The next game's setup is worked out in a worker, which may take seconds to start: the
    room's lock is not held meanwhile, so a hint or another request is answered at once."""
    from highstakes.server.rooms import RoomManager
    from highstakes.server.storage import Storage

    async def scenario() -> None:
        manager = RoomManager(Storage(f"sqlite:///{tmp_path / 'rooms.db'}"), bot_delay=0.0, seed=2)
        release = asyncio.Event()
        computed = manager.compute.next_setup

        async def slow_setup(game_id: str, records: Any, *owner: Any) -> Any:
            await release.wait()
            return await computed(game_id, records, *owner)

        manager.compute.next_setup = slow_setup  # type: ignore[method-assign]
        try:
            room = await played_millionaire_room(manager, {})
            rematch = asyncio.create_task(manager.rematch(room, 0))
            await asyncio.sleep(0.05)
            async with asyncio.timeout(2):  # the lock is free while the setup is worked out
                async with room.lock:
                    assert room.game_number == 1
            release.set()
            await rematch
            assert room.game_number == 2 and room.game.record()["actions"][0].get("setup")
        finally:
            await manager.close()
            manager.storage.close()

    asyncio.run(scenario())


def test_a_rematch_waiting_for_its_setup_does_not_hold_up_the_connections_other_messages(
        tmp_path: Path) -> None:
    """Over a connection: the player asks for a rematch whose setup waits for a worker, then
    pings. The pong comes at once; the rematch follows when the worker answers."""
    import threading

    from highstakes.testing.servers import ThreadServer, play_to_end

    release = threading.Event()
    with ThreadServer(f"sqlite:///{tmp_path / 'rooms.db'}") as server:
        manager = server.app.manager
        computed = manager.compute.next_setup

        async def slow_setup(game_id: str, records: Any, *owner: Any) -> Any:
            while not release.is_set():  # a worker still starting
                await asyncio.sleep(0.01)
            return await computed(game_id, records, *owner)

        manager.compute.next_setup = slow_setup
        room = server.create_room(["human", "human"], game="millionaire")
        tokens = [server.join(room, name)[1] for name in ("Ann", "Bob")]
        with server.client(room, tokens[0]) as ann, server.client(room, tokens[1]) as bob:
            play_to_end([ann, bob], seed=3)
            ann.barrier(paced=False)
            ann.send({"type": "rematch"}, paced=False)
            ann.send({"type": "ping"}, paced=False)
            assert ann.recv(timeout=5)["type"] == "pong"  # not behind the rematch
            release.set()
            state = ann.recv_until(lambda message: message["type"] == "state", timeout=30)
            assert state["game_number"] == 2 and state["event"] == {"kind": "rematch", "seat": 0}


# --- a game's own commands ----------------------------------------------------------------------------
def _counting_command(name: str) -> Command:
    def build(parser: Any) -> None:
        parser.add_argument("words", nargs="*")
        parser.set_defaults(run=run)

    def run(args: Any) -> int:
        if args.words == ["bad"]:
            raise UsageError("a bad word")
        print(f"{name}: {len(args.words)} words")
        return 0

    return Command(name, "count words", build)


def test_a_games_command_is_mounted_and_its_mistakes_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with registered(CountingBluff([_counting_command("count-words")])):
        assert main(["count-words", "a", "b", "--lang", "es"]) == 0
        assert capsys.readouterr().out == "count-words: 2 words\n"
        assert main(["count-words", "bad"]) == 2
        assert capsys.readouterr().err == "highstakes: error: a bad word\n"
        with pytest.raises(SystemExit):
            main(["--help"])
        assert "count-words" in capsys.readouterr().out


def test_a_command_name_already_taken_is_refused_with_a_warning(capsys: pytest.CaptureFixture[str]) -> None:
    """A game may not replace the command line's own commands, nor an earlier game's."""
    first = CountingBluff([_counting_command("play"), _counting_command("shared")])
    second = CountingBluff([_counting_command("shared")])
    second.id = "counting_bluff_2"
    with registered(first, second):
        assert main(["shared", "x"]) == 0
        out, err = capsys.readouterr()
        assert out == "shared: 1 words\n"
        assert "warning: the command play of counting_bluff is left out: the name is taken" in err
        assert "warning: the command shared of counting_bluff_2 is left out: the name is taken" in err
        with pytest.raises(SystemExit):
            main(["play", "--help"])
        assert "GAME" in capsys.readouterr().out  # the command line's own play


# --- the conformance kit ------------------------------------------------------------------------------
class TupleSetup(CountingBluff):
    """Carries its count over as a tuple, which a record cannot hold as it is."""

    def __init__(self) -> None:
        super().__init__()
        self.id = "tuple_setup_bluff"

    def next_setup(self, records: Sequence[Mapping[str, Any]]) -> JSON:
        return {"games_before": (1,)}  # type: ignore[dict-item]


def test_the_kit_plays_each_tables_next_game_from_its_setup() -> None:
    from highstakes.testing import check_game
    from highstakes.testing.kit import ConformanceError

    with registered(CountingBluff()):
        report = check_game("counting_bluff", games=12, seed=1)
        assert report.games == 12
    with registered(TupleSetup()), pytest.raises(ConformanceError) as failure:
        check_game("tuple_setup_bluff", games=6, seed=1)
    assert "next_setup's value changes in a JSON round trip" in str(failure.value)


def test_a_rematch_whose_options_no_longer_make_a_game_is_refused_in_words(tmp_path: Path) -> None:
    """A Millionaire room played with the user's pack, which is then deleted: the finished game
    stands (its record holds its questions), but a rematch cannot deal from the pack. It is
    refused in words, and the room keeps its finished game."""
    import shutil

    from highstakes.catalog.millionaire.packs import user_packs_dir
    from highstakes.cli.main import main
    from highstakes.server.rooms import RoomError, RoomManager
    from highstakes.server.storage import Storage

    fixture = Path(hs.__file__).parent / "catalog" / "millionaire" / "tests" / "fixtures" / "pack-good.csv"
    assert main(["questions", "import", str(fixture), "--name", "tiny", "--force"]) == 0

    async def scenario() -> None:
        manager = RoomManager(Storage(f"sqlite:///{tmp_path / 'rooms.db'}"))
        try:
            room = await played_millionaire_room(manager, {"pack": "tiny"})
            shutil.rmtree(user_packs_dir() / "tiny")
            with pytest.raises(RoomError) as refused:
                await manager.rematch(room, 0)
            assert refused.value.code == "rematch_failed"
            assert "tiny" in refused.value.message and "Traceback" not in refused.value.message
            assert room.game_number == 1 and room.game.is_over
        finally:
            await manager.close()
            manager.storage.close()

    asyncio.run(scenario())
