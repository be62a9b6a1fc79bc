"""Fixtures and helpers for the browser tests: a real server and Debian's Chromium.

A test module imports the fixture functions (``server_fixture``, ``browser_fixture``,
``visitors_fixture``), and its tests ask for them by their fixture names: ``server_url``
(``highstakes serve`` on a free loopback port, one per test module), ``browser`` (Chromium,
one per test module) and ``visitors`` (people at their own browsers, closed after each
test, whatever its outcome).

People are browser contexts: each has its own storage, so its own seat token. Pages are
only observed through their WebSocket: an init script (``RECORDER_JS``) records what the
room page's current socket carried, without changing it.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
HOST = "127.0.0.1"
# Bots answer almost at once, so a game is over in seconds, yet each bot move still goes
# through the server's scheduling as in real play.
BOT_DELAY = 0.05
STARTUP_TIMEOUT = 90.0
STEP_TIMEOUT_MS = 15_000  # one wait: a page load, or the bots' moves up to a person's turn

# Records what the room page's current socket carries, without changing it: the latest
# state, the refusals, and every message the page sent.
RECORDER_JS = """
(() => {
  const Native = window.WebSocket;
  const record = { sockets: [], last: null, errors: [], sent: [] };
  window.__hs = record;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      record.sockets.push(this);
      this.addEventListener("message", (event) => {
        // The page ignores a socket it has replaced (after taking a seat); so do we.
        if (record.sockets[record.sockets.length - 1] !== this) return;
        let message;
        try {
          message = JSON.parse(event.data);
        } catch {
          return;
        }
        if (message.type === "state") record.last = message;
        else if (message.type === "error") record.errors.push(message);
      });
    }
    send(data) {
      try {
        record.sent.push(JSON.parse(data));
      } catch {
        record.sent.push(data);
      }
      return super.send(data);
    }
  };
})();
"""

# The next person's decision, read from one page's latest state: the seat and version,
# or "over". `after` is the version of the last decision made, so a position is never
# answered twice.
NEXT_DECISION_JS = """([people, after]) => {
  const state = window.__hs.last;
  if (!state) return null;
  if (state.status === "over") return { over: true };
  const seat = state.to_act.find((seat) => people.includes(seat));
  return seat !== undefined && state.version > after ? { over: false, seat, version: state.version } : null;
}"""

# The same, for a game where seats move at once, once the person's controls (the CSS selector
# `controls`) are drawn ready: another seat's move can reach the page while the person's own is
# still on its way, and that newer position still lists the person to act. The page keeps its
# controls busy until its own move is answered, so waiting for them skips that position; and the
# end is watched in the same wait, since the person's move may end the game.
NEXT_READY_DECISION_JS = """([people, after, controls]) => {
  const state = window.__hs.last;
  if (!state) return null;
  if (state.status === "over") return { over: true };
  const seat = state.to_act.find((seat) => people.includes(seat));
  const ready = seat !== undefined && state.version > after && state.legal.length > 0
    && document.querySelector(controls) !== null;
  return ready ? { over: false, seat, version: state.version } : null;
}"""


# --- the server ---------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


# Loopback requests never go through a proxy configured in the environment.
_NO_PROXY = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def get_json(base_url: str, path: str) -> Any:
    with _NO_PROXY.open(base_url + path, timeout=10) as response:
        return json.loads(response.read())


def post_json(base_url: str, path: str, body: Any) -> Any:
    request = urllib.request.Request(
        base_url + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with _NO_PROXY.open(request, timeout=10) as response:
        return json.loads(response.read())


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def _healthy(process: subprocess.Popen[bytes], base_url: str) -> bool:
    deadline = time.monotonic() + STARTUP_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            return False  # it exited: most likely another process took the port first
        with suppress(OSError, ValueError):
            health = get_json(base_url, "/healthz")
            # Ready when a worker for the bots has started too: on a loaded machine starting one
            # takes longer than a test waits for a bot's move.
            if health.get("ok") is True and health.get("workers", 0) >= 1:
                return True
        time.sleep(0.05)
    return False


#: The limits per client address lifted for the browser tests' server, where the test and all
#: its visitors come from one loopback address. Its budget of worker time too: the hints and
#: replays of every test of a run add up there, and past the budget a replay would wait behind
#: every room's bots.
PER_ADDRESS_ALLOWANCES = (
    "--requests-per-second", "1000", "--address-messages-per-second", "1000",
    "--connections-per-address", "512", "--rooms-per-minute", "10000", "--seats-per-address", "10000",
    "--compute-seconds-per-address", "100000",
)


@contextmanager
def running_server(directory: Path, env: dict[str, str] | None = None) -> Iterator[str]:
    """``highstakes serve`` on a free loopback port with a fresh SQLite database.

    ``env`` adds to the server's environment (a ``PYTHONPATH`` with more games, say). Yields
    its base URL; the server's log is ``directory/server.log``.
    """
    log_path = directory / "server.log"
    for _attempt in range(3):
        port = _free_port()
        base_url = f"http://{HOST}:{port}"
        command = [
            sys.executable, "-m", "highstakes", "serve", "--port", str(port),
            "--db", f"sqlite:///{directory / 'rooms.db'}", "--bot-delay", str(BOT_DELAY),
            # Every visitor of a test, and the test itself, share one address (loopback): the
            # limits per address are for strangers, and are tested with the server itself.
            *PER_ADDRESS_ALLOWANCES,
        ]
        with log_path.open("ab") as log:
            process = subprocess.Popen(
                command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                env={**os.environ, **(env or {})},
            )
        try:
            if _healthy(process, base_url):
                break
        except BaseException:
            _stop(process)
            raise
        _stop(process)
    else:
        pytest.fail(f"the server did not start; its log:\n{log_path.read_text(errors='replace')}")
    try:
        yield base_url
    finally:
        _stop(process)


@pytest.fixture(scope="module", name="server_url")
def server_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``highstakes serve`` on a free loopback port with a fresh SQLite database."""
    with running_server(tmp_path_factory.mktemp("browser-server")) as base_url:
        yield base_url


# --- the browser --------------------------------------------------------------------------------


@pytest.fixture(scope="module", name="browser")
def browser_fixture() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        reason = f"the browser tests need Debian's Chromium at {CHROMIUM}, which is not installed"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI must install it)")
        pytest.skip(reason)
    # Waits are for the server and the bots, which a busy machine (the whole suite in
    # parallel) can slow down: the same patience for every expectation as for every step.
    expect.set_options(timeout=STEP_TIMEOUT_MS)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


class Visitors:
    """People at their own browsers: one context (storage, seat token) each."""

    def __init__(self, browser: Browser, base_url: str) -> None:
        self.browser = browser
        self.base_url = base_url
        self.contexts: list[BrowserContext] = []
        self.problems: list[str] = []

    def open(self, path: str = "/", *, phone: bool = False, viewport: dict[str, int] | None = None) -> Page:
        if phone:
            context = self.browser.new_context(
                base_url=self.base_url, viewport=viewport or PHONE,
                is_mobile=True, has_touch=True, device_scale_factor=3,
            )
        else:
            context = self.browser.new_context(base_url=self.base_url, viewport=viewport or DESKTOP)
        self.contexts.append(context)
        context.set_default_timeout(STEP_TIMEOUT_MS)
        context.add_init_script(RECORDER_JS)
        page = context.new_page()
        # Uncaught exceptions and the pages' own console.error calls (a renderer that
        # failed, say) are bugs even when the page recovers from them.
        page.on("pageerror", lambda error: self.problems.append(f"uncaught: {error}"))
        page.on("console", lambda message: message.type == "error" and self.problems.append(message.text))
        page.goto(path)
        return page

    def close(self) -> None:
        for context in self.contexts:
            with suppress(Exception):
                context.close()

    def assert_no_page_errors(self) -> None:
        assert self.problems == []


@pytest.fixture(name="visitors")
def visitors_fixture(browser: Browser, server_url: str) -> Iterator[Visitors]:
    people = Visitors(browser, server_url)
    try:
        yield people
    finally:
        people.close()


# --- what people do -----------------------------------------------------------------------------


def create_room_in_lobby(page: Page, game: str, seats: list[str], name: str | None = None) -> str:
    """Set up a room of ``game`` with these seats in the lobby's form and create it.

    The lobby then opens the room, where its creator (``name``, typed at the top of the
    lobby) already holds seat 1 when that seat is a person's. Returns the invite link.
    """
    expect(page.locator(f".game-card[data-game='{game}']")).to_be_visible()
    if name is not None:
        page.fill("#player-name", name)
    page.select_option("#game", game)
    page.select_option("#seat-count", str(len(seats)))
    for index, seat in enumerate(seats):
        page.select_option(f"#seat-{index}", seat)
    page.get_by_role("button", name="Create room and play").click()
    page.wait_for_url(re.compile(r".*/r/[^/]+$"))
    invite = page.url
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/r/[^/]+", invite), invite
    if seats[0] == "human" and name is not None:
        expect(page.locator("#seat-strip")).to_contain_text(f"{name} (you)")
    return invite


def room_of(invite: str) -> str:
    return invite.rsplit("/", 1)[1]


# --- a room's socket, through the test ------------------------------------------------------------

ROOM_SOCKET = re.compile(r".*/ws/.*")
Frame = str | bytes
Send = Callable[[Frame], None]
#: What the test does with one frame of a room's socket: it is given the frame and the two ways
#: on, to the page and to the server, and sends it on (changed or not), later, or never.
Relay = Callable[[Frame, Send, Send], None]


def _on_to_server(frame: Frame, _to_page: Send, to_server: Send) -> None:
    to_server(frame)


def _on_to_page(frame: Frame, to_page: Send, _to_server: Send) -> None:
    to_page(frame)


def relay_room_sockets(context: BrowserContext, *, from_page: Relay = _on_to_server,
                       from_server: Relay = _on_to_page) -> None:
    """Route the room sockets the context's pages open from now on through the test: each frame
    from a page goes to ``from_page`` and each from the server to ``from_server`` (by default
    straight on). A page already open takes the route once reloaded."""
    def through(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        socket.on_message(lambda frame: from_page(frame, socket.send, server.send))
        server.on_message(lambda frame: from_server(frame, socket.send, server.send))

    context.route_web_socket(ROOM_SOCKET, through)


def join(page: Page, name: str, seat: int) -> None:
    """Type a name and take a seat (numbered from 0 here, from 1 on the page)."""
    expect(page.locator("#join")).to_be_visible()
    page.fill("#player-name", name)
    page.get_by_role("button", name=f"Take seat {seat + 1}").click()
    expect(page.locator("#seat-strip")).to_contain_text(f"{name} (you)")
    expect(page.locator("#join")).to_be_hidden()
    page.wait_for_function("(seat) => window.__hs.last?.seat === seat", arg=seat)


def next_ready_decision(page: Page, people: list[int], after: int, controls: str) -> dict[str, Any]:
    """Wait for one of `people` to have a decision newer than version `after` with its controls
    ready, or for the game's end: {"over": True} or {"over": False, "seat": ..., "version": ...}."""
    turn = page.wait_for_function(NEXT_READY_DECISION_JS, arg=[people, after, controls]).json_value()
    assert isinstance(turn, dict)
    return turn


def last_state(page: Page) -> dict[str, Any]:
    state = page.evaluate("() => window.__hs.last")
    assert isinstance(state, dict)
    return state


def acts_sent(page: Page) -> int:
    return int(page.evaluate("() => window.__hs.sent.filter((message) => message.type === 'act').length"))


def bot_labels(base_url: str, game: str) -> dict[str, str]:
    """A game's bots in words by their short ids, as the server lists them (GET /api/games)."""
    [entry] = [entry for entry in get_json(base_url, "/api/games") if entry["id"] == game]
    return dict(entry["bot_labels"])


def seat_names(summary: dict[str, Any], labels: dict[str, str]) -> list[str]:
    """The seats of a room summary as the pages name them: a person by name, a bot by seat and in
    words (``labels``: the game's bots in words, by their ids)."""
    return [
        f"Bot {seat['seat'] + 1} ({labels[seat['bot']]})" if seat["kind"] == "bot" else seat["name"]
        for seat in summary["seats"]
    ]
