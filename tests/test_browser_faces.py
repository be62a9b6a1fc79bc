"""The pages without traps, in plain words, quick to start, with replays: in Chromium.

As in test_browser, people are browser contexts and the tests observe the room page's
WebSocket. Replays and the list of open rooms come from the server (POST /api/replay, GET
/api/open-rooms).
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import time
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import highstakes as hs
from highstakes.bots import make_bot, play_out
from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.engine.timeline import Timeline

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    get_json,
    join,
    last_state,
    post_json,
    room_of,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)
from test_browser_words import GREED_READY_JS, play_greed


def finished_bots_room(server_url: str, game: str, bots: list[str]) -> str:
    """A room of bots only, watched to its end (bots alone pause while nobody watches)."""
    from websockets.sync.client import connect

    seats = [f"bot:{bot}" for bot in bots]
    room = post_json(server_url, "/api/rooms", {"game": game, "seats": seats})["room"]
    deadline = time.monotonic() + 60
    with connect(server_url.replace("http://", "ws://") + f"/ws/{room}", proxy=None) as spectator:
        while time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                message = json.loads(spectator.recv(timeout=1))
                if message.get("type") == "state" and message.get("status") == "over":
                    return str(room)
    pytest.fail("the bots' game did not end")


# --- the room: sticky status, words, names ----------------------------------------------------


@pytest.mark.parametrize("screen", ["desktop 1280x700", "phone"])
def test_your_turn_and_the_timer_stay_in_view_while_the_table_scrolls(
    visitors: Visitors, server_url: str, screen: str
) -> None:
    room = post_json(server_url, "/api/rooms",
                     {"game": "greed", "seats": ["human", "human"], "turn_timer": 60})["room"]
    phone = screen == "phone"
    viewport = None if phone else {"width": 1280, "height": 700}
    ann = visitors.open(f"/r/{room}", phone=phone, viewport=viewport)
    join(ann, "Ann", 0)
    bob = visitors.open(f"/r/{room}")
    join(bob, "Bob", 1)
    page = ann if last_state(ann)["to_act"] == [0] else bob
    if page is bob:
        page = visitors.open(f"/r/{room}", phone=phone, viewport=viewport)
        page.wait_for_function("() => window.__hs.last !== null")
        # Bob's own seat on a second device: the same token, so the same seat.
        token = bob.evaluate(f"() => localStorage.getItem('highstakes.token.{room}')")
        page.evaluate(f"(token) => localStorage.setItem('highstakes.token.{room}', token)", token)
        page.reload()
    expect(page.locator("#turn")).to_have_text("Your turn")
    expect(page.locator("#timer")).to_contain_text("s left in this turn")
    height = page.evaluate("() => window.innerHeight")
    assert page.evaluate("() => document.documentElement.scrollHeight") > height, "the page must scroll"
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_function("() => window.scrollY > 0")
    for part in ("#turn", "#timer"):
        box = page.locator(part).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, (part, box)
    visitors.assert_no_page_errors()


def test_an_empty_name_is_asked_for_beside_the_field(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    page = visitors.open(f"/r/{room}")
    expect(page.locator("#join")).to_be_visible()
    page.fill("#player-name", "   ")
    page.get_by_role("button", name="Take seat 1").click()
    problem = page.locator("#name-problem")
    expect(problem).to_have_text("Type your name first: the other players see it at the table.")
    expect(page.locator("#player-name")).to_be_focused()
    expect(page.locator("#player-name")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#error")).to_be_hidden()  # nothing was refused
    assert get_json(server_url, f"/api/rooms/{room}")["seats"][0]["name"] is None
    page.keyboard.type("Ann")
    expect(problem).to_be_hidden()
    page.get_by_role("button", name="Take seat 1").click()
    expect(page.locator("#seat-strip")).to_contain_text("Ann (you)")
    visitors.assert_no_page_errors()


def test_a_stale_double_click_says_the_move_was_already_made(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "human"]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    bob = visitors.open(f"/r/{room}")
    join(bob, "Bob", 1)
    page, seat = (ann, 0) if last_state(ann)["to_act"] == [0] else (bob, 1)
    page.wait_for_function(GREED_READY_JS, arg=-1)
    state = last_state(page)
    action = state["legal"][0]["action"]
    # The same move twice for one position, as a double click that beat the page's guard.
    page.evaluate(
        """([action, version]) => {
          const socket = window.__hs.sockets.at(-1);
          for (let i = 0; i < 2; i += 1) socket.send(JSON.stringify({ type: "act", action, version }));
        }""",
        [action, state["version"]],
    )
    page.wait_for_function("() => window.__hs.errors.length === 1")
    assert page.evaluate("() => window.__hs.errors[0].code") == "stale_version"
    expect(page.locator("#error")).to_have_text("Refused: that move was already made")
    # The first was played, the second refused: the game moved on by exactly one decision.
    page.wait_for_function("(version) => window.__hs.last.version === version + 1", arg=state["version"])
    assert last_state(page)["seat"] == seat
    visitors.assert_no_page_errors()


def test_greed_shows_one_turn_total_and_what_banking_now_would_score(
    visitors: Visitors, server_url: str
) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    # The bot's name in words, wherever the page names it.
    expect(ann.locator("#seat-strip")).to_contain_text("Bot 2 (rule of thumb)")
    seen_rolloff_open = []
    after = -1
    for _ in range(6):
        ann.wait_for_function(GREED_READY_JS, arg=after)
        state = last_state(ann)
        if state["status"] == "over":
            break
        view = state["view"]
        best = max(choice["points"] for choice in view["keep_choices"])
        would = view["bank_value"] if view["can_bank"] else view["turn_total"] + best
        totals = ann.locator("#table .totals")
        expect(totals.locator(".set-aside-total")).to_have_text(f"Set aside this turn {view['turn_total']:,}")
        expect(totals.locator(".bank-now")).to_contain_text(f"Banking now would score {would:,}")
        expect(totals).not_to_contain_text("Turn total")
        if not view["can_bank"] and view["bank_refusal"]["code"] == "below_opening_minimum":
            # The refusal's sentence counts the same number, under the same name.
            expect(ann.locator("#greed-no-bank")).to_contain_text(f"banking now would score {would}")
            expect(ann.locator("#greed-no-bank")).not_to_contain_text("§")
        started = state["version"] > 0 or view["turns_played"] > 0
        seen_rolloff_open.append(ann.locator("#table .greed-rolloff").evaluate("(node) => node.open"))
        assert seen_rolloff_open[-1] is not started  # folded away once play has started
        ann.keyboard.press("1")
        after = state["version"]
    assert False in seen_rolloff_open
    visitors.assert_no_page_errors()


# --- the lobby: one click to play, rooms waiting for players ------------------------------------


def test_play_now_is_one_click_to_a_game_against_the_strongest_bot(
    visitors: Visitors, server_url: str
) -> None:
    page = visitors.open("/")
    expect(page.locator(".game-card[data-game='greed']")).to_contain_text("best play")
    page.get_by_role("button", name="Play Greed now").click()
    # No name yet: it is asked for beside its field, and nothing is created.
    expect(page.locator("#player-name-problem")).to_contain_text("Type your name first")
    expect(page.locator("#player-name")).to_be_focused()
    page.keyboard.type("Ann")
    page.get_by_role("button", name="Play Greed now").click()
    page.wait_for_url(re.compile(r".*/r/[^/]+$"))
    expect(page.locator("#seat-strip")).to_contain_text("Ann (you)")
    expect(page.locator("#seat-strip")).to_contain_text("Bot 2 (best play)")
    summary = get_json(server_url, f"/api/rooms/{room_of(page.url)}")
    assert [(seat["kind"], seat["bot"], seat["name"]) for seat in summary["seats"]] == [
        ("human", None, "Ann"), ("bot", "optimal", "optimal bot")]
    assert summary["status"] == "playing" and summary["options"] == hs.new_game("greed", 2).options

    # The name is remembered: next time, Play now is the only click.
    page.goto("/")
    expect(page.locator("#player-name")).to_have_value("Ann")
    page.get_by_role("button", name="Play Deal or No Deal now").click()
    page.wait_for_url(re.compile(r".*/r/[^/]+$"))
    expect(page.locator("#seat-strip")).to_contain_text("Ann (you)")
    seats = get_json(server_url, f"/api/rooms/{room_of(page.url)}")["seats"]
    assert [seat["bot"] for seat in seats] == [None, "tv-crra"]  # the strongest for a duo table
    visitors.assert_no_page_errors()


def test_the_lobby_lists_the_rooms_waiting_for_players(visitors: Visitors, server_url: str) -> None:
    greed = post_json(server_url, "/api/rooms",
                      {"game": "greed", "seats": ["human", "human", "bot:heuristic"]})
    deal = post_json(server_url, "/api/rooms", {"game": "deal_or_no_deal", "seats": ["human", "bot:tv-ev"]})
    full = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})
    post_json(server_url, f"/api/rooms/{full['room']}/join", {"name": "Zoe"})  # no free seat left
    page = visitors.open("/", phone=True)
    rooms = page.locator("#open-rooms li")
    ours = {room["invite"]: rooms.filter(has=page.locator(f"a[href='{room['invite']}']"))
            for room in (greed, deal)}
    expect(ours[greed["invite"]]).to_have_text(
        re.compile(r"Greed · 2 of 3 seats free · waiting \d+ s\s*Join"))
    expect(ours[deal["invite"]]).to_have_text(
        re.compile(r"Deal or No Deal · 1 of 2 seats free · waiting \d+ s\s*Join"))
    expect(rooms.filter(has=page.locator(f"a[href='{full['invite']}']"))).to_have_count(0)
    visitors.assert_no_page_errors()


# --- replays ----------------------------------------------------------------------------------


def greed_page_shows(page: Page, view: dict[str, Any]) -> None:
    """The Greed table on ``page`` draws ``view``: its scores and its roll."""
    expect(page.locator("#table .scoreboard tbody td.num")).to_have_text([f"{s:,}" for s in view["scores"]])
    if view["roll"]:
        expect(page.locator("#table .dice.roll .die")).to_have_text(view["roll"])


def test_a_finished_game_is_replayed_from_the_end_screen_and_listed_in_its_room(
    visitors: Visitors, server_url: str
) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    play_greed(ann)
    expect(ann.locator("#result")).to_be_visible()
    # The winner is named once on the page: in the result, not again on the table.
    [winner] = last_state(ann)["result"]["winners"]
    name = "You" if winner == 0 else "Bot 2 (rule of thumb)"
    expect(ann.get_by_text(re.compile(rf"^{re.escape(name)} wins?!$"))).to_have_count(1)
    expect(ann.locator("#table .banner")).not_to_contain_text("win")

    record = get_json(server_url, f"/api/rooms/{room}/games/1/record")
    download = ann.get_by_role("link", name="Download the record")
    expect(download).to_have_attribute("download", f"greed-{room}-1.json")
    assert get_json(server_url, download.get_attribute("href") or "") == record

    # A rematch: the first game joins the room's list of earlier games.
    ann.get_by_role("button", name="Rematch").click()
    ann.wait_for_function("() => window.__hs.last?.game_number === 2")
    past = ann.locator("#past-games")
    expect(past).to_be_visible()
    expect(past.locator("li")).to_have_count(1)
    expect(past.locator("li")).to_contain_text("Game 1")
    past.get_by_role("link", name="Watch the replay").click()
    expect(ann).to_have_url(re.compile(rf"/static/replay\.html\?room={room}&game=1$"))
    timeline = Timeline(record)
    expect(ann.locator("#position-text")).to_have_text(f"0 of {timeline.positions - 1}")
    expect(ann.locator("#replay-title")).to_have_text("Greed · replay of game 1")
    greed_page_shows(ann, timeline.step(0, None)["view"])
    expect(ann.locator("#viewer option")).to_have_text(["a spectator", "Ann", "Bot 2 (rule of thumb)"])
    visitors.assert_no_page_errors()


def test_stepping_a_greed_replay_shows_the_record_replayed_to_each_move(
    visitors: Visitors, server_url: str
) -> None:
    room = finished_bots_room(server_url, "greed", ["heuristic", "maxexp"])
    record = get_json(server_url, f"/api/rooms/{room}/games/1/record")
    timeline = Timeline(record)
    last = timeline.positions - 1
    page = visitors.open(f"/static/replay.html?room={room}&game=1")
    text = page.locator("#position-text")
    expect(text).to_have_text(f"0 of {last}")

    def at(position: int) -> None:
        expect(text).to_have_text(f"{position} of {last}")
        greed_page_shows(page, hs.replay({**record, "actions": prefix(record, position)}).view(None))
        move = timeline.moves[position - 1] if position else None
        expect(page.locator("#last-move")).to_contain_text(move.label if move else "The start")

    for key, position in (("ArrowRight", 1), ("ArrowRight", 2), ("ArrowRight", 3), ("ArrowLeft", 2),
                          ("End", last), ("ArrowLeft", last - 1), ("Home", 0)):
        page.keyboard.press(key)
        at(position)
    page.get_by_role("button", name="Next ▶").click()
    at(1)
    # Jump to a move from the list of every move.
    page.locator("#moves-panel summary").click()
    page.locator("#moves button[data-position='7']").click()
    at(7)
    expect(page.locator("#moves button[data-position='7']")).to_have_attribute("aria-current", "step")
    # The end: the result, the winner named once.
    page.get_by_role("button", name="End ▶▶").click()
    at(last)
    result = timeline.summary()["result"]
    [winner] = result["winners"]
    bots = ["rule of thumb", "most points per turn"]
    expect(page.locator("#result-body .big")).to_have_text(f"Bot {winner + 1} ({bots[winner]}) wins!")
    # Play at a speed: from the start, the moves go by on their own, and pause stops them.
    page.select_option("#speed", "250")
    page.get_by_role("button", name="◀◀ Start").click()
    page.get_by_role("button", name="▶ Play").click()
    page.wait_for_function("() => Number(document.querySelector('#position').value) >= 3")
    page.get_by_role("button", name="Pause").click()
    stopped = int(page.locator("#position").input_value())
    page.wait_for_timeout(700)
    assert int(page.locator("#position").input_value()) == stopped
    at(stopped)
    visitors.assert_no_page_errors()


def prefix(record: dict[str, Any], decisions: int) -> list[dict[str, Any]]:
    """The record's entries up to (not including) its ``decisions + 1``-th decision."""
    made = 0
    for index, entry in enumerate(record["actions"]):
        if "seat" in entry:
            if made == decisions:
                return list(record["actions"][:index])
            made += 1
    return list(record["actions"])


def test_a_deal_or_no_deal_record_file_is_replayed_on_a_phone_from_every_seat(
    visitors: Visitors, server_url: str, tmp_path: Any
) -> None:
    game = hs.new_game("deal_or_no_deal", seats=3, seed=7)
    play_out(game, [make_bot("deal_or_no_deal", "tv-ev") for _ in range(3)], random.Random(7))
    record = game.record()
    path = tmp_path / "party.json"
    path.write_text(json.dumps({**record, "seat_names": ["Ann", "Bob", "Cleo"]}))
    timeline = Timeline(record)
    last = timeline.positions - 1

    page = visitors.open("/static/replay.html", phone=True)
    expect(page.locator("#pick")).to_be_visible()
    page.set_input_files("#record-file", str(path))
    text = page.locator("#position-text")
    expect(text).to_have_text(f"0 of {last}")
    expect(page.locator("#viewer option")).to_have_text(["a spectator", "Ann", "Bob", "Cleo"])

    def cases_shown(position: int, seat: int | None) -> None:
        expect(text).to_have_text(f"{position} of {last}")
        view = hs.replay({**record, "actions": prefix(record, position)}).view(seat)
        opened = [case for case in view["cases"] if case["value"] is not None]
        labels = page.locator("#table .cases-grid .case").evaluate_all(
            "(cases) => cases.map((node) => node.getAttribute('aria-label'))")
        assert len(labels) == 26
        for case in view["cases"]:
            label = labels[case["case"] - 1]
            if case["value"] is None:
                assert "$" not in label, (position, case, label)
            else:
                assert dollars(case["value"]) in label, (position, case, label)
        assert len(opened) == sum("$" in label for label in labels)

    for _ in range(8):
        page.get_by_role("button", name="Next ▶").click()
    cases_shown(8, None)
    page.get_by_role("button", name="◀ Back").click()
    cases_shown(7, None)
    page.select_option("#viewer", label="Bob")  # Bob's own view, at the same move
    cases_shown(7, 1)
    page.locator("#position").fill(str(last // 2))  # the slider jumps anywhere
    cases_shown(last // 2, 1)
    page.get_by_role("button", name="End ▶▶").click()
    cases_shown(last, 1)
    # Once over, every case of the match's last game is shown, and the scores are money.
    result = timeline.summary()["result"]
    top = max(result["scores"])
    expect(page.locator("#result-body .standings li").first).to_contain_text(dollars(top))
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    visitors.assert_no_page_errors()


def test_a_file_that_is_not_a_record_is_said_so(visitors: Visitors, server_url: str, tmp_path: Any) -> None:
    path = tmp_path / "notes.json"
    path.write_text('{"hello": "world"}')
    page = visitors.open("/static/replay.html")
    page.set_input_files("#record-file", str(path))
    expect(page.locator("#error")).to_have_text(
        "notes.json is not a game record: a record is a JSON object with a game, seats and actions.")
    expect(page.locator("#controls")).to_be_hidden()
    assert acts_sent(page) == 0
    visitors.assert_no_page_errors()
