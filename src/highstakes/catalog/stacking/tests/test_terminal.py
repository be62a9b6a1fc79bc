"""The stacking game's terminal table, driven headless through Textual's Pilot with the keys a person presses.

The swing's clock is the table's ``clock`` attribute: a test sets it, so that what a release
sends never depends on how fast the machine runs.
"""

from __future__ import annotations

import asyncio
import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from rich.text import Text
from textual.pilot import Pilot
from textual.widgets import Button

import highstakes as hs
from highstakes.catalog.currency_sakana import yen
from highstakes.catalog.stacking.sway import sway_offset
from highstakes.catalog.stacking.tests.helpers import with_hand
from highstakes.catalog.stacking.tui import draw
from highstakes.catalog.stacking.tui.app import FALL_FPS, StackApp
from highstakes.i18n import use_language
from highstakes.testing.terminal import (
    decisions,
    drawn_text,
    log_text,
    run,
    screen_texts,
    static_text,
    wait_for,
)
from highstakes.tui import table_for
from highstakes.tui.screens import GameOverScreen

KINDS = (100, 500, 1000, 5000)


def test_the_game_declares_its_own_table() -> None:
    assert table_for("stacking") is StackApp


def test_a_whole_game_against_a_bot_each_piece_let_go_at_a_set_moment(tmp_path: Path) -> None:
    record_path = tmp_path / "stacking.json"
    app = StackApp(2, [None, "reckless"], 7, {}, bot_delay=0, record_path=record_path)
    now = [1000.0]
    app.clock = lambda: now[0]

    async def script(pilot: Pilot[None]) -> None:
        releases = 0
        for _step in range(600):
            await wait_for(pilot, lambda: app.game.is_over or app._mode is not None)
            if app.game.is_over:
                break
            view = app.game.view(0)
            before = len(decisions(app.game))
            if app._mode == "bid":
                # A round's first bid is typed: two pieces, or the least allowed if more; then pass.
                counts = [a.count for a in app.game.legal_actions(0) if hasattr(a, "count")]
                if view["has_bid"][0] or not counts:
                    await pilot.press("p")
                    assert decisions(app.game)[before] == {"seat": 0, "action": {"pass": True}}
                else:
                    target = min(max(min(counts), 2), max(counts))
                    await pilot.press(*str(target), "enter")
                    assert decisions(app.game)[before] == {"seat": 0, "action": {"bid": target}}
            elif app._mode == "lay":
                # The first kind the hand holds (keys 1-4), else the bag's (keys 5-8).
                hand, bag = view["your_pieces"], view["bag"]
                own = [i for i, piece in enumerate(KINDS) if hand[str(piece)]] if view["to_lay"] > view[
                    "from_bag"] else []
                key = own[0] + 1 if own else 5 + next(i for i, piece in enumerate(KINDS) if bag[str(piece)])
                await pilot.press(str(key))
                piece = KINDS[(key - 1) % 4]
                assert decisions(app.game)[before] == {
                    "seat": 0, "action": {"take" if key > 4 else "lay": piece}}
            else:
                assert app._mode == "swing"
                # After a collapse the next piece swings once the stack has been seen to fall.
                await wait_for(pilot, lambda: app.swing_offset() is not None)
                sway = view["sway"]
                started = now[0]
                now[0] = started + 0.125 * (releases % 7)  # a different moment of the swing each time
                elapsed = (now[0] - started) * 1000
                expected = sway_offset(elapsed, sway["amplitude"], sway["period_ms"])
                assert app.swing_offset() == expected
                await pilot.press("space")
                assert decisions(app.game)[before] == {"seat": 0, "action": {"place": expected}}
                releases += 1
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert releases >= 2
        # The log told every round's end, with the penalties in words.
        history = app.game.view(None)["history"]
        assert log_text(app).count("over:") == len(history)
        for entry in history:
            for seat, took in entry["penalties"]:
                assert f"{app.seat_name(seat)} took the stack: {took} piece" in log_text(app)
        result = app.game.result()
        winner_words = static_text(app, "#winner")
        assert all(app.seat_name(seat) in winner_words for seat in result["winners"])
        standings = drawn_text(app, "#standings")  # fewest pieces first
        first = min(range(2), key=lambda seat: result["pieces"][seat])
        assert standings.index(app.seat_name(first)) < standings.index(app.seat_name(1 - first))
        saved = json.loads(record_path.read_text(encoding="utf-8"))
        assert hs.replay(saved).result() == app.game.result()

    run(app, script)


def test_solo_a_whole_row_let_go_at_the_centre_of_each_swing_stands_and_empties_the_hands() -> None:
    """Alone: bid all 9 pieces, lay them, pass; every release at the swing's start is centred (offset
    0), and pieces centred on one another always stand: the hands are empty after one round."""
    app = StackApp(1, [None], 0, {}, bot_delay=0)
    app.clock = lambda: 50.0

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._mode == "bid")
        await pilot.press("9", "enter", *"11111223", "4", "p")
        for _piece in range(8):  # the first piece was laid on the table for the player
            await wait_for(pilot, lambda: app._mode == "swing")
            await pilot.press("space")
            assert decisions(app.game)[-1] == {"seat": 0, "action": {"place": 0}}
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert static_text(app, "#winner") == "Hands empty in 1 round!"
        assert "Round 1 over: 9 pieces from the stack went into the bag" in log_text(app)

    run(app, script)


def test_a_bid_below_the_highest_and_a_piece_not_held_are_refused_in_the_rules_words() -> None:
    """Two people at one keyboard: Player 1 bids 3 and lays; Player 2 tries 2, then matches."""
    app = StackApp(2, [None, None], 1, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._mode == "bid")
        await pilot.press("3")
        assert "Your bid:  3" in static_text(app, "#controls")
        await pilot.press("enter", "4")
        # A second ¥5,000 bill: Player 1 holds one only.
        before, shown = decisions(app.game), app.game.view(None)
        await pilot.press("4")
        assert "Refused: you hold too few of: ¥5,000 bill" in static_text(app, "#notice")
        assert decisions(app.game) == before and app.game.view(None) == shown
        await pilot.press("1", "1")
        await wait_for(pilot, lambda: app._mode == "bid" and app.seat_to_act == 1)
        assert "from 3 to 9 pieces" in static_text(app, "#controls")
        await pilot.press("2", "enter")
        assert "Refused: match or raise the highest bid (3), or pass" in static_text(app, "#notice")
        assert decisions(app.game) == before + [{"seat": 0, "action": {"lay": 100}}] * 2
        assert app.game.view(None)["high_bid"] == 3 and app.game.view(None)["rows"][1] == []
        # + from the typed 2 steps into the range; Enter bids it.
        await pilot.press("plus", "enter")
        assert decisions(app.game)[-1] == {"seat": 1, "action": {"bid": 3}}
        assert "Player 2 bid 3 pieces" in log_text(app)

    run(app, script)


def test_a_player_who_takes_from_the_bag_lays_their_own_pieces_first_at_the_terminal() -> None:
    """RULES.md §5.3, "Order in a bid row": Player 2, with a ¥100 and a ¥500 coin, matches 4; the
    bag's keys wait until its own two coins are laid, and a key pressed early is refused in words."""
    app = StackApp(2, [None, None], 1, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._mode == "bid")
        app.game = with_hand(app.game, 1, [1, 1, 0, 0])
        await pilot.press("4", "enter", "4", "3", "2", "2")
        await wait_for(pilot, lambda: app._mode == "bid" and app.seat_to_act == 1)
        await pilot.press("enter")  # the only bid: 4, matching with 2 from the bag
        await wait_for(pilot, lambda: app._mode == "lay")
        controls = static_text(app, "#controls")
        assert "Then 2 pieces from the bag, once your own are laid." in controls and "5 " not in controls
        before = decisions(app.game)
        await pilot.press("5")
        assert "Refused: lay your own 2 pieces first: the bag's pieces come after them in your row" in \
            static_text(app, "#notice")
        assert decisions(app.game) == before
        await pilot.press("2", "1")
        assert "From the bag (2 to take):" in static_text(app, "#controls")
        await pilot.press("8", "5")
        assert app.game.view(None)["rows"][1] == [500, 100, 5000, 100]

    run(app, script)


def test_companion_mode_has_no_swing_and_its_buttons_and_keys_report_outcomes() -> None:
    app = StackApp(2, [None, None], 2, {"companion": True}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._mode == "bid")
        await pilot.press("2", "enter", "1", "1")  # Player 1: two ¥100 coins
        await wait_for(pilot, lambda: app.seat_to_act == 1)
        await pilot.press("enter", "1", "1", "p", "p")  # Player 2 matches; both pass
        await wait_for(pilot, lambda: app._mode == "report")
        assert app.query_one("#outcomes").display
        assert app.game.view(None)["sway"] is None and app.swing_offset() is None
        seat = app.seat_to_act
        played = len(decisions(app.game))
        await pilot.click("#report-miss")
        assert decisions(app.game)[played] == {"seat": seat, "action": {"report": "miss"}}
        assert "slid off (miss 1), to be placed again" in log_text(app)
        assert "misses of this piece: 1, with no penalty" in static_text(app, "#stack")
        await pilot.press("1")  # it stood
        assert decisions(app.game)[played + 1] == {"seat": seat, "action": {"report": "stood"}}
        labels = [str(button.label) for button in app.query(Button)]
        assert labels == ["1 it stood", "2 it slid off", "3 the stack fell", "4 I moved another piece"]
        await pilot.press("4")  # the other seat touched the stack: it takes it all
        assert "took the stack: 3 pieces" in log_text(app)

    run(app, script)


def test_a_table_without_limits_shows_none_and_one_that_sets_them_says_so_on_screen() -> None:
    """RULES.md §5.3: no last round and no penalty for misses; a table that sets them (for
    simulations) says so: "Round 1 of 12", and the misses that bring the stack down."""
    plain = StackApp(2, [None, None], 5, {}, bot_delay=0)

    async def without(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: plain._mode == "bid")
        assert "Round 1 ·" in static_text(plain, "#status") and " of " not in static_text(plain, "#status")
        assert "bring the stack down" not in static_text(plain, "#stack")

    run(plain, without)
    options = {"companion": True, "round_limit": 12, "miss_limit": 3}
    limited = StackApp(2, [None, None], 5, options, bot_delay=0)

    async def with_limits(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: limited._mode == "bid")
        assert "Round 1 of 12 ·" in static_text(limited, "#status")
        assert "at this table 3 misses in a row bring the stack down" in static_text(limited, "#stack")
        # Player 1 lays two ¥500 coins and stacks them alone; the second is said to miss three times.
        await pilot.press("2", "enter", "2", "2", "p", "p")
        await wait_for(pilot, lambda: limited._mode == "report")
        await pilot.press("2", "2")
        assert "misses of this piece: 2 of 3" in static_text(limited, "#stack")
        await pilot.press("2")
        said = "and 3 misses in a row bring the stack down at this table; Player 1 took the stack: 2 pieces"
        assert said in log_text(limited) and limited.game.view(None)["round"] == 2

    run(limited, with_limits)


def _first_half_cell(row: Text) -> int:
    """The leftmost half cell a drawn piece covers: a cell with the piece's colour behind it is
    whole, ``▐`` is its right half only."""
    console = Console()
    for column, char in enumerate(row.plain):
        if char == "▐":
            return 2 * column + 1
        if char == "▌" or row.get_style_at_offset(console, column).bgcolor is not None:
            return 2 * column
    raise AssertionError("no piece on this row")


def test_a_piece_5_mm_right_is_drawn_5_half_cells_right_at_2_mm_a_cell() -> None:
    view = hs.new_game("stacking", 2, seed=0).view(None)  # bills 76 mm wide: 2 mm a cell
    assert draw.mm_per_cell(76) == 2 and draw.mm_per_cell(40) == 2 and draw.mm_per_cell(150) == 3
    view["stack"] = [{"piece": 100, "centre": 0}, {"piece": 100, "centre": 500}]
    drawn = draw.stack_picture(view, 72, 4).split("\n")
    upper, lower = drawn[-3], drawn[-2]
    lines = [line.plain for line in drawn]
    table = lines[-1]
    assert lines[-2].index("▐") == 30 and lines[-2].index("▌") == 41  # 22.6 mm: 61 to 83 half cells of 144
    assert _first_half_cell(lower) == 61 and _first_half_cell(upper) == 66  # 5 half cells: 5 mm
    assert "¥100" in lines[-3] and set(table) <= {"═", "●"}
    # The lean: the centre of mass 2.5 mm right of the axis, 2.5 half cells: the cell right of the middle.
    assert table.index("●") == 37
    # A flat 150 mm bill swung as far as any swing goes still fits a 72-column drawing at 3 mm a cell.
    far = draw.plate_row(5000, 3000, 15000, 3, 72)
    assert _first_half_cell(far) == 72 - 30  # its left edge 45 mm left of its centre at 30 mm
    assert far.plain[-1] == " " and far.get_style_at_offset(Console(), 71).bgcolor is None  # room to spare
    assert "▶" not in far.plain and "◀" not in far.plain
    # The replay viewer's picture: the round, the same stack, the seats.
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(StackApp.draw_view(view, lambda seat: f"Seat {seat + 1}"))
    replayed = console.export_text()
    assert "Round 1" in replayed and replayed.count("¥100") == 2 and "Seat 2" in replayed
    # A tall stack: the top pieces that fit, and how many lie below.
    view["stack"] = [{"piece": 500, "centre": 0}] * 10
    lines = draw.stack_picture(view, 72, 5).plain.split("\n")
    assert "6 more pieces below" in lines[-1] and sum("¥500" in line for line in lines) == 4


def test_the_table_fits_80_by_24_in_spanish_with_the_swing_drawn() -> None:
    with use_language("es"):
        app = StackApp(2, [None, "reckless"], 3, {}, bot_delay=0)
        app.clock = lambda: 5.0

        async def main() -> None:
            async with app.run_test(size=(80, 24)) as pilot:
                await wait_for(pilot, lambda: app._mode == "bid")
                await pilot.press("2", "enter", "1", "1")
                for _step in range(20):
                    await wait_for(pilot, lambda: app._mode is not None)
                    if app._mode == "swing":
                        break
                    await pilot.press("p")
                assert app._mode == "swing"
                texts = " ".join(text for found in screen_texts(app).values() for text in found)
                for english in ("swings over the stack", "heights not to scale", "Players", "let go"):
                    assert english not in texts
                assert "Sobre la pila se balancea tu pieza" in static_text(app, "#controls")
                assert "Jugador 1" in drawn_text(app, "#players") and "Bot 2" in drawn_text(app, "#players")
                # The swinging coin is the drawing's first line, a blank line above the stack.
                drawn = static_text(app, "#stack").split("\n")
                first = next(index for index, line in enumerate(drawn) if line.strip())
                assert yen(100) in drawn[first] and not drawn[first + 1].strip()
                assert yen(app.game.view(0)["stack"][-1]["piece"]) in drawn[first + 2]  # the top piece

        asyncio.run(main())


def test_a_collapse_falls_on_screen_before_the_next_piece_swings() -> None:
    """Two people stack ¥100 coins, each let go at the right end of the swing: 9 mm right of the
    base coin, then 10.2 mm right of that one, whose pair now overhangs the base: it falls. The
    panel shows it falling (pymunk's frames) and the next piece swings only afterwards."""
    pytest.importorskip("pymunk")
    app = StackApp(2, [None, None], 0, {}, bot_delay=0)
    now, fall_now = [10.0], [0.0]
    app.clock = lambda: now[0]
    app.fall_clock = lambda: fall_now[0]

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._mode == "bid")
        await pilot.press("3", "enter", "1", "1", "1", "3", "enter", "1", "1", "1", "p", "p")
        for _placement in range(2):
            await wait_for(pilot, lambda: app._mode == "swing" and app.swing_offset() is not None)
            now[0] += app.game.view(None)["sway"]["period_ms"] / 4000  # a quarter swing: its right end
            await pilot.press("space")
        places = [event for event in app.game.view(None)["events"] if event["kind"] == "place"]
        outcomes = [(event["offset"], event["outcome"]) for event in places]
        assert outcomes == [(900, "stood"), (1020, "collapse")]
        assert app._falling is not None
        fall_seconds = len(app._falling[0]) / FALL_FPS  # every frame shown once
        # The fall is timed by its own clock, which stands still here: however slow the
        # machine, the fall is still on screen after more than its length in real time.
        await pilot.pause(fall_seconds + 0.3)
        assert app._falling is not None and "the stack falls" in static_text(app, "#stack")
        assert app.swing_offset() is None  # the next piece is not in hand yet: Space does nothing
        before = len(decisions(app.game))
        await pilot.press("space")
        assert len(decisions(app.game)) == before
        fall_now[0] += fall_seconds  # every frame of the fall has been shown
        await wait_for(pilot, lambda: app.swing_offset() is not None)
        assert "the stack falls" not in static_text(app, "#stack")

    run(app, script)
