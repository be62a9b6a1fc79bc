"""The lobby and room pages in a real browser (Debian's Chromium) against a real server.

People are browser contexts (see highstakes.testing.browsers): each has its own storage, so its own
seat token. They create rooms with the lobby's form, join by the invite link and play with
the keys the Greed table offers (``b`` bank, ``1`` the best set-aside) or its buttons, as a
person would. The tests only observe the WebSocket (an init script records what the page's
socket carried); the one message they send through it themselves is the refused action
of ``test_a_refused_action_shows_the_rules_words``, which the page offers no way to send.

The dice are not seeded (``highstakes serve`` draws each room's seed), so nothing here
depends on them: every assertion holds for any game.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    NEXT_DECISION_JS,
    Visitors,
    acts_sent,
    bot_labels,
    browser_fixture,  # noqa: F401
    create_room_in_lobby,
    get_json,
    join,
    last_state,
    post_json,
    room_of,
    seat_names,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)

MAX_MOVES = 1_500  # a person's decisions in one game; far more than any game needs

# On the deciding person's page: this position has arrived and its choices are drawn
# and live (not waiting for the server's answer to an earlier key).
CHOICES_READY_JS = """(version) => {
  const state = window.__hs.last;
  if (!state || state.version < version || !state.legal.length) return false;
  return document.querySelector("#table .choices .choice:not([aria-disabled='true'])") !== null;
}"""


# --- what people do -----------------------------------------------------------------------------


def wait_for_choices(page: Page, version: int) -> None:
    page.wait_for_function(CHOICES_READY_JS, arg=version)


def decide_by_keys(page: Page) -> None:
    """Press the bank key when banking is offered, else 1 (the best set-aside)."""
    page.keyboard.press("b" if page.locator("#table .choice.bank").count() else "1")


def decide_by_clicks(page: Page) -> None:
    """Click the bank button when banking is offered, else the first (best) set-aside."""
    bank = page.locator("#table .choice.bank")
    (bank if bank.count() else page.locator("#table .choices .choice").first).click()


def play_to_end(
    players: dict[int, Page],
    observer: Page,
    before_decision: Callable[[int, dict[str, Any]], None] | None = None,
    clicking: frozenset[int] = frozenset(),
) -> int:
    """Each person decides on their own page when it is their turn, until the game ends.

    People decide by keys, those of ``clicking`` by clicks. ``observer`` is any page in
    the room, read for whose turn it is. ``before_decision`` is called with the seat and
    its state while the game waits for that person, when nothing can change. Returns the
    number of decisions made.
    """
    after = -1
    for decisions in range(MAX_MOVES):
        turn = observer.wait_for_function(NEXT_DECISION_JS, arg=[list(players), after]).json_value()
        if turn["over"]:
            return decisions
        page = players[turn["seat"]]
        wait_for_choices(page, turn["version"])
        state = last_state(page)
        assert state["seat"] == turn["seat"] and state["legal"], state
        if before_decision is not None:
            before_decision(turn["seat"], state)
        sent = acts_sent(page)
        (decide_by_clicks if turn["seat"] in clicking else decide_by_keys)(page)
        # One key or click, one message: the table sends nothing more until the server answers.
        assert acts_sent(page) == sent + 1
        after = state["version"]
    pytest.fail(f"the game did not end within {MAX_MOVES} decisions")


def sticking_out(page: Page, width: int, scrolling: str = "") -> list[str]:
    """The start of each element drawn past the page's sides, but for those inside ``scrolling``
    (a selector of a box that scrolls sideways itself)."""
    return page.evaluate(
        """([width, scrolling]) => [...document.querySelectorAll("body *")]
            .filter((node) => node.getClientRects().length && !node.closest(".visually-hidden, .skip-link"))
            .filter((node) => !scrolling || !node.parentElement.closest(scrolling))
            .filter((node) => {
              const box = node.getBoundingClientRect();
              return box.left < -0.5 || box.right > width + 0.5;
            })
            .map((node) => node.outerHTML.slice(0, 80))""",
        [width, scrolling],
    )


def formatted(points: int) -> str:
    return f"{points:,}"


# --- the tests ----------------------------------------------------------------------------------


def test_two_people_and_a_bot_play_greed_to_the_end(visitors: Visitors, server_url: str) -> None:
    ann = visitors.open("/")
    # Creating the room takes Ann into it, in seat 1, under the name typed in the lobby.
    invite = create_room_in_lobby(ann, "greed", ["human", "human", "bot:heuristic"], name="Ann")
    expect(ann.locator("#turn")).to_have_text("Waiting for players: 1 of 2 people have joined")
    ann.wait_for_function("() => window.__hs.last?.seat === 0")

    bob = visitors.open(invite)
    # Ann's seat is taken: only the second person's seat is offered.
    expect(bob.locator("#join-seats button[type='submit']")).to_have_text(["Take seat 2"])
    join(bob, "Bob", 1)
    for page in (ann, bob):
        expect(page.locator("#table .scoreboard")).to_be_visible()

    # Ann plays by keys, Bob by clicks.
    decisions = play_to_end({0: ann, 1: bob}, observer=ann, clicking=frozenset({1}))
    assert decisions > 0

    room = room_of(invite)
    summary = get_json(server_url, f"/api/rooms/{room}")
    assert summary["status"] == "over"
    # As the pages name seats: a person by name, a bot by its seat and its name in words.
    names = seat_names(summary, bot_labels(server_url, "greed"))
    assert names == ["Ann", "Bob", "Bot 3 (rule of thumb)"]

    final = last_state(ann)
    result = final["result"]
    assert last_state(bob)["result"] == result
    [winner] = result["winners"]
    scores = result["scores"]
    assert scores == final["view"]["scores"]
    assert scores[winner] == max(scores) and scores[winner] >= final["view"]["winning_score"]

    for page, seat in ((ann, 0), (bob, 1)):
        expect(page.locator("#turn")).to_have_text("Game over")
        expect(page.locator("#result")).to_be_visible()
        expected = "You win!" if seat == winner else f"{names[winner]} wins!"
        expect(page.locator("#result-body .big")).to_have_text(expected)
        standings = sorted(range(3), key=lambda s: -scores[s])
        expect(page.locator("#result-body .standings li")).to_have_text(
            [f"{names[s]}{' (you)' if s == seat else ''}: {formatted(scores[s])}" for s in standings]
        )
        winner_row = page.locator("#table .scoreboard tr", has=page.locator(".tag.winner"))
        expect(winner_row).to_contain_text(names[winner])
        expect(page.locator("#table .scoreboard tbody td.num")).to_have_text([formatted(s) for s in scores])
        expect(page.locator("#table .choices")).to_have_count(0)
        expect(page.locator("#rematch")).to_be_visible()
        # Every key pressed was a legal choice: nothing was refused along the way.
        expect(page.locator("#error")).to_be_hidden()
        assert page.evaluate("() => window.__hs.errors") == []

    # Someone opening the link now hears the same result from the server, and no seat is offered.
    late = visitors.open(invite)
    expect(late.locator("#result-body .big")).to_have_text(f"{names[winner]} wins!")
    assert last_state(late)["result"] == result
    expect(late.locator("#join")).to_be_hidden()
    visitors.assert_no_page_errors()


def test_a_spectator_watches_the_game_to_its_end(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]

    watcher = visitors.open(f"/r/{room}")
    expect(watcher.locator("#join")).to_be_visible()
    watcher.get_by_role("button", name="Just watch").click()
    expect(watcher.locator("#join")).to_be_hidden()
    expect(watcher.locator("#seat-strip")).to_contain_text("You are watching")
    expect(watcher.locator("#connection")).to_have_text("Connected · watching")

    cleo = visitors.open(f"/r/{room}")
    join(cleo, "Cleo", 0)
    expect(watcher.locator("#table .scoreboard")).to_be_visible()

    seen_scores: list[list[str]] = []

    def watcher_sees(seat: int, state: dict[str, Any]) -> None:
        # The game waits for Cleo: the watcher's page must show this very position.
        expect(watcher.locator("#turn")).to_have_text("Cleo to play")
        shown = [formatted(points) for points in state["view"]["scores"]]
        expect(watcher.locator("#table .scoreboard tbody td.num")).to_have_text(shown)
        expect(watcher.locator("#table .scoreboard tr.current")).to_contain_text("Cleo")
        expect(watcher.locator("#table .choices-box")).to_contain_text(
            "Waiting for Cleo to play… You are watching."
        )
        expect(watcher.locator("#table .choices")).to_have_count(0)
        if not seen_scores or seen_scores[-1] != shown:
            seen_scores.append(shown)

    play_to_end({0: cleo}, observer=cleo, before_decision=watcher_sees)
    # The scores moved while the watcher looked on, not only at the end.
    assert len(seen_scores) >= 2

    result = last_state(cleo)["result"]
    [winner] = result["winners"]
    winner_name = "Cleo" if winner == 0 else "Bot 2 (rule of thumb)"
    expect(watcher.locator("#turn")).to_have_text("Game over")
    expect(watcher.locator("#result")).to_be_visible()
    expect(watcher.locator("#result-body .big")).to_have_text(f"{winner_name} wins!")
    expect(watcher.locator("#result-body")).to_contain_text("A player can start a rematch in this room.")
    expect(watcher.locator("#table .scoreboard tbody td.num")).to_have_text(
        [formatted(points) for points in result["scores"]]
    )
    assert last_state(watcher)["result"] == result
    assert last_state(watcher)["seat"] is None

    # No controls at all for a spectator, and the keys send nothing.
    expect(watcher.locator("#rematch")).to_be_hidden()
    expect(watcher.locator("#table button.choice")).to_have_count(0)
    for key in ("b", "1", "h"):
        watcher.keyboard.press(key)
    assert watcher.evaluate("() => window.__hs.sent.filter((m) => m.type !== 'ping')") == []
    visitors.assert_no_page_errors()


def test_a_reload_keeps_the_seat(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    # The bot plays first if it won the roll-off: wait for Ann's turn.
    ann.wait_for_function("() => window.__hs.last?.legal.length > 0")
    before = last_state(ann)
    wait_for_choices(ann, before["version"])

    ann.reload()
    # A new page: nothing recorded yet, and no offer to join, since the token is kept.
    ann.wait_for_function("() => window.__hs.last !== null")
    expect(ann.locator("#connection")).to_have_text("Connected")
    expect(ann.locator("#join")).to_be_hidden()
    expect(ann.locator("#seat-strip li").first).to_have_text("Ann (you)")
    expect(ann.locator("#table .scoreboard tbody tr").first).to_contain_text("Ann")
    expect(ann.locator("#table .scoreboard tbody tr").first.locator(".tag.you")).to_have_text("you")
    after_reload = last_state(ann)
    assert after_reload["seat"] == 0
    assert after_reload["version"] == before["version"]

    # Still Ann's turn: her controls are back, and a key plays for seat 0.
    expect(ann.locator("#turn")).to_have_text("Your turn")
    wait_for_choices(ann, before["version"])
    decide_by_keys(ann)
    ann.wait_for_function("(version) => window.__hs.last.version > version", arg=before["version"])
    assert ann.evaluate("() => window.__hs.errors") == []
    summary = get_json(server_url, f"/api/rooms/{room}")
    assert summary["seats"][0]["name"] == "Ann" and summary["seats"][0]["connected"] is True
    visitors.assert_no_page_errors()


def test_a_refused_action_shows_the_rules_words(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)

    # Play by keys (never banking) until banking is refused: on Ann's opening turn, below
    # 500 points or on hot dice. That is almost always her very first roll.
    state: dict[str, Any] = {}
    for _ in range(MAX_MOVES):
        ann.wait_for_function(
            "(after) => window.__hs.last?.legal.length > 0 && window.__hs.last.version > after",
            arg=state.get("version", -1),
        )
        state = last_state(ann)
        wait_for_choices(ann, state["version"])
        if not state["view"]["can_bank"]:
            break
        ann.keyboard.press("1")
    else:
        pytest.fail("banking was never refused on Ann's turn")
    version = state["version"]
    view = state["view"]
    assert not view["opened"][0]

    # The table offers exactly the legal set-asides, and no bank, saying why in words.
    keeps = sorted("keep:" + " ".join(entry["action"]["keep"]) for entry in state["legal"])
    assert all("keep" in entry["action"] for entry in state["legal"])
    offered = ann.locator("#table .choices .choice").evaluate_all(
        "(buttons) => buttons.map((button) => button.dataset.focus)"
    )
    assert sorted(offered) == keeps
    expect(ann.locator("#table .choice.bank")).to_have_count(0)
    hot = any(len(entry["action"]["keep"]) == len(view["roll"]) for entry in state["legal"])
    # The page shows the engine's own refusal, from the view's bank_refusal.
    why = (
        "every die of this roll scores" if hot
        else "you need at least 500 points in one turn to open your score"
    )
    assert view["bank_refusal"]["message"].startswith(why)
    expect(ann.locator("#greed-no-bank")).to_contain_text(f"No bank: {why}")

    # The bank key sends nothing when banking is refused; it only says why.
    sent = acts_sent(ann)
    ann.keyboard.press("b")
    expect(ann.locator("#table .announce")).to_contain_text(f"No bank: {why}")
    assert acts_sent(ann) == sent

    # The page cannot send it, so send the bank through the page's own socket: the server
    # refuses it and the page shows the rule's words.
    ann.evaluate(
        """(version) => window.__hs.sockets.at(-1).send(
            JSON.stringify({ type: "act", action: { bank: true }, version }))""",
        version,
    )
    error = ann.locator("#error")
    expect(error).to_be_visible()
    [refusal] = ann.evaluate("() => window.__hs.errors")
    if hot:
        assert refusal["code"] == "hot_dice_must_roll"
        words = "every die of this roll scores: set all of them aside and roll six dice again"
        assert refusal["message"] == words and refusal["rule"] == "§2.4.4 (G-7)"
    else:
        assert refusal["code"] == "below_opening_minimum"
        words = r"you need at least 500 points in one turn to open your score; banking now would score \d+"
        assert re.fullmatch(words, refusal["message"])
        assert refusal["rule"] == "§2.5 (G-6)"
    # The rule in words; its code is only a tooltip, for those who look it up.
    expect(error).to_have_text(f"Refused: {refusal['message']}")
    expect(error.locator("[title]")).to_have_attribute("title", f"Rule {refusal['rule']}")

    # The refusal changed nothing: the same position, still Ann's to play by keys.
    assert last_state(ann)["version"] == version
    wait_for_choices(ann, version)
    decide_by_keys(ann)
    ann.wait_for_function("(version) => window.__hs.last.version > version", arg=version)
    # The next position clears the refusal.
    expect(error).to_be_hidden()
    visitors.assert_no_page_errors()


def test_the_lobby_fits_a_phone(visitors: Visitors, server_url: str) -> None:
    games = get_json(server_url, "/api/games")
    assert "greed" in [game["id"] for game in games]
    phone = visitors.open("/", phone=True)
    # Every game the server offers has its card, with its button to set up a room.
    expect(phone.locator(".game-card h3")).to_have_text([game["title"] for game in games])
    for game in games:
        card = phone.locator(f".game-card[data-game='{game['id']}']")
        expect(card.get_by_role("button", name=f"Set up a {game['title']} room")).to_be_visible()
    expect(phone.locator("#game option")).to_have_count(len(games))
    form = phone.locator("#create")
    form.scroll_into_view_if_needed()
    expect(form).to_be_visible()
    for control in ("#game", "#seat-count", "#seat-0", "#seat-1", "#turn-timer", "#create-button"):
        expect(phone.locator(control)).to_be_visible()

    viewport_width = phone.evaluate("() => document.documentElement.clientWidth")
    assert viewport_width == 390
    scroll_width = phone.evaluate(
        "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
    )
    assert scroll_width <= viewport_width
    # Nothing sticks out sideways either (an element can overflow a box that clips it).
    assert sticking_out(phone, viewport_width) == []
    visitors.assert_no_page_errors()


def test_a_four_seat_room_fits_a_phone_with_its_status_bar_edge_to_edge(
        visitors: Visitors, server_url: str) -> None:
    seats = ["human", "bot:random", "bot:random", "bot:random"]
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": seats})["room"]
    phone = visitors.open(f"/r/{room}", phone=True)
    expect(phone.locator("#seat-strip li").nth(3)).to_be_visible()
    width = phone.evaluate("() => document.documentElement.clientWidth")
    # The sticky bar reaches across the page's padding, and no further.
    bar = phone.evaluate("() => { const box = document.querySelector('#status').getBoundingClientRect();"
                         " return [box.left, box.right]; }")
    assert bar == [0, width]
    assert phone.evaluate("() => document.documentElement.scrollWidth") <= width
    visitors.assert_no_page_errors()


@pytest.mark.parametrize("phone", [False, True], ids=["desktop_1280", "phone_390"])
def test_a_twelve_seat_greed_room_shows_every_score_and_the_roll_without_spilling_sideways(
        visitors: Visitors, server_url: str, phone: bool) -> None:
    """Greed is for any number from 2 (RULES.md §2.1); the table takes up to twelve, set up in the
    lobby's seat picker."""
    page = visitors.open("/", phone=phone)
    expect(page.locator(".game-card[data-game='greed']")).to_be_visible()
    page.select_option("#game", "greed")
    expect(page.locator("#seat-count option")).to_have_text([str(count) for count in range(2, 13)])
    create_room_in_lobby(page, "greed", ["human", *["bot:heuristic"] * 11], name="Ann")
    rows = page.locator("#table .scoreboard tbody tr")
    expect(rows).to_have_count(12)
    expect(page.locator("#seat-strip li")).to_have_count(12)
    expect(page.locator("#table .choice").first).to_be_visible()  # the person's roll, with its choices
    # The bar that stays at the top while the table scrolls keeps to a few lines: on a phone the
    # seats are one line that scrolls sideways.
    bar = page.locator("#status").bounding_box()
    assert bar is not None and bar["height"] < (120 if phone else 160), bar
    for seat in range(12):
        row = rows.nth(seat)
        row.scroll_into_view_if_needed()
        expect(row).to_be_visible()
        box = row.bounding_box()
        assert box is not None and box["height"] < 80, f"seat {seat + 1}'s row is not one compact line"
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert width == (390 if phone else 1280)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    assert sticking_out(page, width, scrolling="#seat-strip") == []
    visitors.assert_no_page_errors()
