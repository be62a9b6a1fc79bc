"""Replays: a record's positions (``Timeline``) and the terminal viewer of ``highstakes replay``.

Position ``k`` must be exactly what replaying the record's entries up to its ``k + 1``-th
decision gives; the viewer, stepping forward and back and jumping, must draw that game's view.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot

import highstakes as hs
from highstakes.bots import make_bot, play_out
from highstakes.engine.timeline import Timeline
from highstakes.testing.terminal import SCREEN_SIZE, drawn_text, run
from highstakes.tui import table_for
from highstakes.tui.replay import ReplayApp


def finished(game_id: str, seats: int, bot: str, seed: int) -> hs.Game:
    game = hs.new_game(game_id, seats=seats, seed=seed)
    play_out(game, [make_bot(game_id, bot) for _ in range(seats)], random.Random(seed))
    assert game.is_over
    return game


def replayed_to(record: dict[str, Any], decisions: int) -> hs.Game:
    """The game after ``decisions`` decisions and the chance that followed them, from the record itself."""
    entries = record["actions"]
    made, cut = 0, len(entries)
    for index, entry in enumerate(entries):
        if "seat" in entry:
            if made == decisions:
                cut = index
                break
            made += 1
    return hs.replay({**record, "actions": entries[:cut]})


def test_a_timeline_has_a_position_per_decision_and_one_for_the_start() -> None:
    game = finished("greed", 2, "heuristic", seed=3)
    record = game.record()
    timeline = Timeline(record)
    decisions = [entry for entry in record["actions"] if "seat" in entry]
    assert timeline.positions == len(decisions) + 1
    moves = [(move.seat, move.action) for move in timeline.moves]
    assert moves == [(decision["seat"], decision["action"]) for decision in decisions]
    # Labels are the game's own words for each action.
    assert {move.label for move in timeline.moves} <= {"bank"} | {
        f"keep {' '.join(move.action['keep'])}" for move in timeline.moves if "keep" in move.action}
    # The start: the roll-off and the first roll are done, nobody has decided yet.
    start = timeline.step(0, None)
    assert start["last_move"] is None and start["position"] == 0 and not start["over"]
    first_decision = next(index for index, entry in enumerate(record["actions"]) if "seat" in entry)
    assert timeline.chance_since(0) == [entry["chance"] for entry in record["actions"][:first_decision]]
    assert start["to_act"] == [decisions[0]["seat"]]
    # The end is the game itself.
    end = timeline.step(timeline.positions - 1, None)
    assert end["over"] and end["result"] == game.result() and end["view"] == game.view(None)


@pytest.mark.parametrize(
    ("game_id", "seats", "bot"), [("greed", 3, "heuristic"), ("deal_or_no_deal", 3, "tv-ev")]
)
def test_every_position_is_the_record_replayed_to_that_point(game_id: str, seats: int, bot: str) -> None:
    record = finished(game_id, seats, bot, seed=11).record()
    timeline = Timeline(record)
    positions = range(timeline.positions)
    # Forward, then backward, then jumping about: each position is the same game every time.
    order = [*positions, *reversed(positions), *random.Random(2).sample(list(positions), 30)]
    for position in order[::5]:
        expected = replayed_to(record, position)
        for seat in (None, *range(seats)):
            step = timeline.step(position, seat)
            assert step["view"] == expected.view(seat), (position, seat)
            assert step["to_act"] == list(expected.to_act)


def test_a_timeline_refuses_what_is_not_a_position() -> None:
    timeline = Timeline(finished("greed", 2, "heuristic", seed=1).record())
    for position in (-1, timeline.positions, "3"):
        with pytest.raises(ValueError, match=f"a position is from 0 to {timeline.positions - 1}"):
            timeline.step(position, None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seat must be from 0 to 1"):
        timeline.step(0, 2)


def test_seat_names_come_from_the_record_when_it_has_them() -> None:
    record = finished("greed", 2, "heuristic", seed=1).record()
    assert Timeline(record).seat_names == ["Player 1", "Player 2"]
    named = Timeline({**record, "seat_names": ["Ann", "Bot 2 (rule of thumb)"]})
    assert named.seat_names == ["Ann", "Bot 2 (rule of thumb)"]


# --- the terminal viewer ------------------------------------------------------------------------------


def picture(game_id: str, view: dict[str, Any], names: list[str], to_act: list[int]) -> str:
    """What the game's table draws for ``view``, as plain text at the viewer's width."""
    console = Console(width=SCREEN_SIZE[0], record=True, file=io.StringIO())
    drawn = table_for(game_id).draw_view(view, names.__getitem__, to_act)
    assert drawn is not None, "both games draw their own table"
    console.print(drawn)
    return console.export_text()


@pytest.mark.parametrize(("game_id", "bot"), [("greed", "heuristic"), ("deal_or_no_deal", "tv-ev")])
def test_the_viewer_steps_forward_and_back_showing_the_record_replayed_to_each_move(
    game_id: str, bot: str
) -> None:
    record = finished(game_id, 2, bot, seed=5).record()
    app = ReplayApp(Timeline(record), "game.json")
    names = app.timeline.seat_names
    last = app.timeline.positions - 1

    async def expect_position(position: int, seat: int | None = None) -> None:
        assert app.position == position
        expected = replayed_to(record, position)
        # The board drawn is the game's own drawing of that view, nothing else.
        drawn = app.query_one("#view").content
        console = Console(width=SCREEN_SIZE[0], record=True, file=io.StringIO())
        console.print(drawn)
        assert console.export_text() == picture(game_id, expected.view(seat), names, list(expected.to_act))
        status = drawn_text(app, "#status")
        assert f"Move {position} of {last}" in status
        if position:
            move = app.timeline.moves[position - 1]
            assert f"{names[move.seat]}: {move.label}" in status

    async def script(pilot: Pilot[None]) -> None:
        await expect_position(0)
        await pilot.press("right", "right", "right")
        await expect_position(3)
        await pilot.press("left")
        await expect_position(2)
        await pilot.press("end")  # in the list of moves: the last one
        await expect_position(last)
        assert "game over" in drawn_text(app, "#status")
        await pilot.press("home")
        await expect_position(0)
        await pilot.press("pagedown")  # jumps down the list
        jumped = app.position
        assert jumped > 3
        await expect_position(jumped)
        await pilot.press("v")  # seat 1's own view
        await expect_position(jumped, seat=0)
        assert "Player 1's view" in str(app.query_one("#board").border_title)
        await pilot.press("right")
        await expect_position(jumped + 1, seat=0)

    run(app, script)


def test_the_viewer_plays_at_a_speed_and_stops_at_the_end() -> None:
    record = finished("greed", 2, "heuristic", seed=2).record()
    app = ReplayApp(Timeline(record))

    async def script(pilot: Pilot[None]) -> None:
        for _ in range(5):
            await pilot.press("plus")  # the fastest speed: a move every 0.1 s
        await pilot.press("space")
        assert "playing" in drawn_text(app, "#status")
        for _ in range(400):
            if app.position == app.timeline.positions - 1:
                break
            await pilot.pause(0.05)
        assert app.position == app.timeline.positions - 1
        await pilot.pause(0.3)
        assert "paused" in drawn_text(app, "#status")

    run(app, script)
