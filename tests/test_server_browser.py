"""The room page with the server's small messages, in a real browser (Debian's Chromium).

A seat's connection coming or going is a ``presence`` message, not a new state: the page
must still show who is there. The pages also run under the server's content security
policy: anything it blocked would be a console error, which the visitors record.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playwright.sync_api import Browser, expect
from sqlalchemy import insert
from websockets.sync.client import connect

from highstakes.server.storage import Storage, actions_table

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    Visitors,
    browser_fixture,  # noqa: F401
    join,
    post_json,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)
from highstakes.testing.servers import ThreadServer, stored_record


def test_the_room_page_shows_a_seat_come_and_go(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "human"]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    bob_token = post_json(server_url, f"/api/rooms/{room}/join", {"name": "Bob"})["token"]
    bobs_dot = ann.locator("#seat-strip li").nth(1).locator(".dot")
    expect(bobs_dot).to_have_attribute("aria-label", "offline")
    ws_url = server_url.replace("http", "ws", 1) + f"/ws/{room}?token={bob_token}"
    with connect(ws_url, origin=server_url, proxy=None) as bob:  # type: ignore[arg-type]
        assert json.loads(bob.recv(timeout=10))["type"] == "state"
        expect(bobs_dot).to_have_attribute("aria-label", "online")
        expect(ann.locator("#seat-strip li").nth(1)).to_contain_text("Bob")
    expect(bobs_dot).to_have_attribute("aria-label", "offline")
    visitors.assert_no_page_errors()


def test_a_room_that_can_no_longer_be_read_says_why_on_its_page(browser: Browser, tmp_path: Path) -> None:
    """Its stored game no longer replays (here, its log was given a move no Greed roll allows):
    the page answers 410 and says so in the reader's words, with the way back to the lobby."""
    database = f"sqlite:///{tmp_path / 'rooms.db'}"
    with ThreadServer(database) as server:
        room = server.create_room(["human", "human"])
    storage = Storage(database)
    try:
        with storage.engine.begin() as connection:
            connection.execute(insert(actions_table).values(
                room_id=room, game_number=1, idx=len(stored_record(database, room)["actions"]),
                entry='{"seat": 0, "action": {"keep": ["X"]}}'))
    finally:
        storage.close()
    with ThreadServer(database) as server:
        visitors = Visitors(browser, server.base_url)
        try:
            page = visitors.open(f"/r/{room}")
            expect(page.locator("#table h2")).to_have_text("This room cannot be opened")
            expect(page.locator("#table p").first).to_have_text(
                "this room can no longer be opened: the game stored for it does not replay on this "
                "version of the server")
            expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
            # Chromium logs the answers with status 410 itself; anything else is a bug.
            gone = "Failed to load resource: the server responded with a status of 410"
            assert [problem for problem in visitors.problems if not problem.startswith(gone)] == []
        finally:
            visitors.close()
STOPPED = "The turn timer is stopped while no player is connected, and runs on when one comes back."


def test_the_room_page_says_when_the_turn_timer_stops_and_runs_on(
    visitors: Visitors, server_url: str,
) -> None:
    """The clock stops while no person of the room is connected: a watcher is told so, and sees
    the countdown again when a player comes back."""
    body = {"game": "greed", "seats": ["human", "human"], "turn_timer": 60}
    room = post_json(server_url, "/api/rooms", body)["room"]
    tokens = [post_json(server_url, f"/api/rooms/{room}/join", {"name": name})["token"]
              for name in ("Ann", "Bob")]
    watcher = visitors.open(f"/r/{room}")
    facts = "turn timer 60 s, stopped while no player is connected"
    expect(watcher.locator("#room-facts")).to_contain_text(facts)
    timer = watcher.locator("#timer")
    expect(timer).to_have_text(STOPPED)
    ws_url = server_url.replace("http", "ws", 1) + f"/ws/{room}?token={tokens[1]}"
    with connect(ws_url, origin=server_url, proxy=None) as bob:  # type: ignore[arg-type]
        assert json.loads(bob.recv(timeout=10))["turn_deadline"] > 55
        expect(timer).to_have_text(re.compile(r"^\d+ s left in this turn$"))
    expect(timer).to_have_text(STOPPED)
    visitors.assert_no_page_errors()
