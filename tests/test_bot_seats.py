"""Which seats programs play: the faces tell the game, the record keeps it, a replay agrees.

A game may treat bots apart (Millionaire deals its hunches to bots only, RULES.md WM-5), so
the engine carries the seats bots play from the face that knows them to the state, before
any chance: ``new_game(..., bots=...)`` -> ``GameState.set_bot_seats`` -> the record's
``"bots"`` -> ``replay``. Shown with the toy game of ``toy_game.py``.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import highstakes as hs
from highstakes.engine.action import JSON
from highstakes.engine.registry import register, unregister
from highstakes.engine.timeline import Timeline
from test_game_setup import play_out
from toy_game import BluffDefinition, BluffState


class BotAwareState(BluffState):
    """The bluff die, noting the bot seats it was told and how many chance events came first."""

    told: tuple[int, ...] | None = None
    chance_before_told = -1
    chance_applied = 0

    def set_bot_seats(self, seats: tuple[int, ...]) -> None:
        self.told = seats
        self.chance_before_told = self.chance_applied

    def apply_chance(self, outcome: Any) -> None:
        self.chance_applied += 1
        super().apply_chance(outcome)

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {**super().view(seat), "bots_told": None if self.told is None else list(self.told)}

    def clone(self) -> BotAwareState:
        copy = super().clone()
        copy.__class__ = BotAwareState
        copy.told, copy.chance_before_told = self.told, self.chance_before_told
        copy.chance_applied = self.chance_applied
        return copy  # type: ignore[return-value]


class BotAwareBluff(BluffDefinition):
    def __init__(self) -> None:
        super().__init__()
        self.id = "bot_aware_bluff"

    def new_state(self, seats: int, options: Any) -> BotAwareState:
        return BotAwareState(options, self.breakage)


@pytest.fixture
def bluff() -> Any:
    register(BotAwareBluff())
    yield "bot_aware_bluff"
    unregister("bot_aware_bluff")


def state_of(game: hs.Game) -> BotAwareState:
    return game.full_state()  # type: ignore[return-value]


def test_the_state_hears_which_seats_bots_play_before_any_chance(bluff: str) -> None:
    game = hs.new_game(bluff, 2, seed=1, bots=[1])
    assert state_of(game).told == (1,) and state_of(game).chance_before_told == 0
    assert state_of(game).chance_applied == 1  # the first die was rolled after it heard
    assert game.bot_seats == (1,)


def test_a_game_without_bots_tells_the_state_none_and_writes_no_bots_key(bluff: str) -> None:
    game = hs.new_game(bluff, 2, seed=1)
    assert state_of(game).told == () and game.bot_seats == ()
    assert "bots" not in game.record()


def test_the_record_keeps_the_bot_seats_and_a_replay_tells_the_state_the_same(bluff: str) -> None:
    game = play_out(hs.new_game(bluff, 2, seed=3, bots=(1, 0)))
    record = json.loads(json.dumps(game.record()))
    assert record["bots"] == [0, 1]  # sorted
    again = hs.replay(record)
    assert again.bot_seats == (0, 1) and state_of(again).told == (0, 1)
    assert state_of(again).chance_before_told == 0
    assert again.record() == record
    # Every position of a replay viewer agrees too.
    assert Timeline(record).game_at(0).view(None)["bots_told"] == [0, 1]


def test_an_old_record_without_the_key_replays_with_no_bots(bluff: str) -> None:
    record = play_out(hs.new_game(bluff, 2, seed=3)).record()
    assert "bots" not in record
    assert state_of(hs.replay(record)).told == ()


def test_clones_and_sampled_worlds_keep_the_bot_seats(bluff: str) -> None:
    game = hs.new_game(bluff, 2, seed=4, bots=[0])
    assert game.clone().bot_seats == (0,) and state_of(game.clone()).told == (0,)
    world = game.sample_world(1, random.Random(0))
    assert world.bot_seats == (0,)


@pytest.mark.parametrize("bots", [[2], [-1], [0, 0], ["1"], [True], "01", {"0": 1}, 1, [1.0]])
def test_bot_seats_that_are_not_seats_of_the_table_are_refused_in_words(bluff: str, bots: Any) -> None:
    with pytest.raises(ValueError) as refusal:
        hs.new_game(bluff, 2, seed=0, bots=bots)
    assert str(refusal.value) == (
        f"'bots' lists the seats that bots play, each once, as numbers from 0 to 1; got {bots!r}")


def test_a_record_with_bad_bot_seats_is_refused_in_words(bluff: str) -> None:
    record = {**play_out(hs.new_game(bluff, 2, seed=5)).record(), "bots": [5]}
    with pytest.raises(ValueError, match="'bots' lists the seats that bots play"):
        hs.replay(record)


class CountingSkips(BotAwareState):
    """Counts the chance events a replay skipped rather than drew."""

    skipped = 0

    def skip_chance(self, rng: random.Random) -> None:
        type(self).skipped += 1
        super().skip_chance(rng)


def test_a_replay_skips_each_recorded_chance_event_through_the_hook_and_goes_on_alike(bluff: str) -> None:
    """The replay takes each outcome from the record and the random source past it through
    ``skip_chance``; by default that draws as the game would, so the replayed game goes on
    exactly as the original does."""
    definition = hs.definition(bluff)

    def new_state(seats: int, options: Any) -> CountingSkips:
        return CountingSkips(options, definition.breakage)

    definition.new_state = new_state  # type: ignore[method-assign]
    game = hs.new_game(bluff, 2, seed=6)
    seat = game.to_act[0]
    game.act(seat, game.legal_actions(seat)[0])
    chance = sum("chance" in entry for entry in game.record()["actions"])
    CountingSkips.skipped = 0
    again = hs.replay(game.record())
    assert CountingSkips.skipped == chance
    assert play_out(again, seed=9).record() == play_out(game, seed=9).record()


# --- the faces tell the game what they know -------------------------------------------------------


@contextlib.contextmanager
def noting_bot_seats() -> Iterator[list[tuple[int, ...]]]:
    """Every set of bot seats a toy game is told while the block runs, in order."""
    told: list[tuple[int, ...]] = []
    original = BotAwareState.set_bot_seats

    def noting(self: BotAwareState, seats: tuple[int, ...]) -> None:
        told.append(seats)
        original(self, seats)

    BotAwareState.set_bot_seats = noting  # type: ignore[method-assign]
    try:
        yield told
    finally:
        BotAwareState.set_bot_seats = original  # type: ignore[method-assign]


def test_the_conformance_kit_tells_games_random_bot_seats_and_its_replays_agree(bluff: str) -> None:
    """The toy shows the seats it was told in its views, so a replay told other seats (or none)
    would show other views, and the kit's replays would fail."""
    from highstakes.testing import check_game

    with noting_bot_seats() as told:
        check_game(bluff, games=30, seed=2)
    assert {(), (0,), (1,), (0, 1)} <= set(told)


def test_the_simulator_and_the_research_faces_say_programs_play_every_seat(bluff: str) -> None:
    from highstakes.analysis.simulate import play_one
    from highstakes.rl.table import Table

    with noting_bot_seats() as told:
        play_one(bluff, ["random", "random"], {}, seed=0, index=0)
        assert told[-1] == (0, 1)
        told.clear()
        table = Table(bluff, 2, None, 0, sample_games=2)
        table.reset(seed=1)
    assert told and set(told) == {(0, 1)} and table.game.bot_seats == (0, 1)


def test_a_terminal_table_tells_every_game_the_seats_it_gives_to_bots(bluff: str) -> None:
    from highstakes.testing.terminal import run
    from highstakes.tui.generic import GenericTable

    app = GenericTable.for_game(bluff)(2, [None, "random"], seed=1, bot_delay=60)
    assert app.game.bot_seats == (1,) and state_of(app.game).told == (1,)

    async def script(pilot: Any) -> None:
        play_out(app.game)
        app.action_new_game()  # the table's next game is told the same
        await pilot.pause()

    run(app, script)
    assert app.games_started == 2
    assert app.game.bot_seats == (1,) and app.game.record()["bots"] == [1]
