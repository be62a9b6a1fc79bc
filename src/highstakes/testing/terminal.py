"""Driving a terminal table headless through Textual's Pilot, and reading what it shows.

Each test runs its own event loop with ``asyncio.run`` so no pytest plugin is needed.
"""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from rich.console import Console
from textual.app import App
from textual.content import Content
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, MarkdownViewer, OptionList, RichLog, Static
from textual.widgets._footer import FooterKey

import highstakes as hs
from highstakes.tui.screens import RulesScreen
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


async def press_choice(pilot: Pilot[None], app: Any, index: int) -> None:
    """Press the key the declared table shows for its menu's entry ``index`` (from 0): keys stay with
    their actions from one position to the next, so the first entry's is not always 1."""
    key = app.menu_keys[index]
    assert key is not None, f"menu entry {index} has no key"
    await pilot.press(key)


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
    """The record's decisions (``{"seat", "action"}`` entries), without its chance outcomes; for a
    game set at a position by hand (which has no record), those made since."""
    return [entry for entry in game.entries_since(0) if "seat" in entry]


# --- a real terminal --------------------------------------------------------------------------------
_ESCAPES = re.compile(rb"\x1b\[[0-9;?>$<=]*[a-zA-Z~]|\x1b\][^\x07]*\x07|\x1b[=>]")


def run_in_terminal(
    argv: list[str], keys: Iterable[bytes], until: bytes, *, timeout: float = 60.0,
    size: tuple[int, int] = SCREEN_SIZE, env: dict[str, str] | None = None,
) -> tuple[int, str]:
    """Run a full-screen program in a pseudo-terminal, as a person at a terminal would.

    ``keys`` are typed one by one until the screen shows ``until``; then ``q`` is pressed.
    Returns the exit code and everything the program wrote, without its escape sequences.
    """
    import fcntl
    import os
    import pty
    import select
    import struct
    import termios
    import time

    pid, fd = pty.fork()
    if pid == 0:  # the child: the program, in the terminal
        os.execvpe(argv[0], argv, {**os.environ, "TERM": "xterm-256color", **(env or {})})
    columns, lines = size
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
    output, typed, started = b"", iter(keys), time.monotonic()
    quit_at: float | None = None
    try:
        while time.monotonic() - started < timeout:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    break  # the program closed the terminal: it has ended
                if not chunk:
                    break
                output += chunk
            if quit_at is None and until in _ESCAPES.sub(b"", output[-8000:]):
                os.write(fd, b"q")
                quit_at = time.monotonic()
            elif quit_at is None and time.monotonic() - started > 1.0:
                key = next(typed, None)
                if key is not None:
                    os.write(fd, key)
            elif quit_at is not None and time.monotonic() - quit_at > 15:
                break
    finally:
        finished, status = os.waitpid(pid, os.WNOHANG)
        if finished == 0:
            os.kill(pid, 9)
            _, status = os.waitpid(pid, 0)
        os.close(fd)
    return os.waitstatus_to_exitcode(status), _ESCAPES.sub(b"", output).decode("utf-8", "replace")


# --- everything a screen shows --------------------------------------------------------------------
def _plain(renderable: object) -> str:
    """A renderable as plain text, wide enough that nothing is cut or wrapped."""
    console = Console(width=2000, record=True, file=io.StringIO(), color_system=None)
    console.print(renderable)
    return console.export_text()


def widget_texts(widget: Widget) -> Iterable[str]:
    """What one widget shows a person: its titles, its text, its menu's lines, its log, its key's
    description, its placeholder. The rules' page is left out: it is a page per language."""
    for title in (widget.border_title, widget.border_subtitle):
        if title:
            # A title is markup, drawn without its tags (a legend's colours): read what is drawn.
            yield Content.from_markup(title).plain if isinstance(title, str) else str(title)
    if isinstance(widget, MarkdownViewer):
        return
    if isinstance(widget, FooterKey):
        yield widget.description
    elif isinstance(widget, Input):
        yield widget.placeholder
    elif isinstance(widget, OptionList):
        for index in range(widget.option_count):
            yield _plain(widget.get_option_at_index(index).prompt)
    elif isinstance(widget, RichLog):
        # Lines are wrapped at the panel's width: joined, a sentence stays whole.
        yield " ".join(line.text for line in widget.lines)
    elif isinstance(widget, Static):
        yield _plain(widget.content)


def screen_texts(app: App[None]) -> dict[str, list[str]]:
    """Every text on every screen of the stack that a person can see, by the widget showing it."""
    found: dict[str, list[str]] = {}
    for screen in app.screen_stack:
        if isinstance(screen, RulesScreen):
            box = screen.query_one("#rules-box")
            found[type(screen).__name__] = [str(box.border_title or ""), str(box.border_subtitle or "")]
            continue
        for widget in screen.query("*"):
            if widget.display:
                texts = [text for text in widget_texts(widget) if text]
                if texts:
                    found[f"{type(screen).__name__} {type(widget).__name__}#{widget.id}"] = texts
    return found
