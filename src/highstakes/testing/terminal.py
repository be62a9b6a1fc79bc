"""Driving a terminal table headless through Textual's Pilot, and reading what it shows.

Each test runs its own event loop with ``asyncio.run`` so no pytest plugin is needed.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Callable, Coroutine
from typing import Any

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import RichLog, Static

import highstakes as hs
from highstakes.tui.table import TableApp

SCREEN_SIZE = (100, 32)


def run(app: App[None], script: Callable[[Pilot[None]], Coroutine[Any, Any, None]]) -> None:
    async def main() -> None:
        async with app.run_test(size=SCREEN_SIZE) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


async def wait_for(pilot: Pilot[None], condition: Callable[[], bool], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "the UI did not reach the expected state in time"
        # A plain sleep lets the app run; pilot.pause would also wait for the CPU to go idle,
        # which never happens while bots are playing.
        await asyncio.sleep(0.02)
    await pilot.pause()


async def start_the_next_game(pilot: Pilot[None], app: TableApp, started: Callable[[], bool]) -> None:
    """Press `n` on a finished game and wait until ``started`` says the next one is on."""
    app.bot_delay = 60  # keep the next game's bots waiting, so the test need not watch it
    await pilot.press("n")
    await wait_for(pilot, started)


def static_text(app: App[None], selector: str) -> str:
    """What a Static holds, as plain text (for text content)."""
    return str(app.screen.query_one(selector, Static).content)


def drawn_text(app: App[None], selector: str) -> str:
    """What a Static shows, as plain text (tables rendered as they are drawn)."""
    console = Console(width=SCREEN_SIZE[0], record=True, file=io.StringIO())
    console.print(app.screen.query_one(selector, Static).content)
    return console.export_text()


def log_text(app: App[None]) -> str:
    """The log's words in order; lines wrap at the panel's width, so spacing is normalised."""
    return " ".join(word for line in app.query_one("#log", RichLog).lines for word in line.text.split())


def decisions(game: hs.Game) -> list[dict[str, Any]]:
    """The record's decisions (``{"seat", "action"}`` entries), without its chance outcomes."""
    return [entry for entry in game.record()["actions"] if "seat" in entry]
