"""The stacking game's own table in a real browser (Debian's Chromium) against a real server.

A person plays through the page only: a bid is typed or stepped and sent with "Bid", a row is
laid with a button per piece, and a piece is placed by letting it go as it swings (the Drop
button, Space, or a press on the drawing). The swing's clock is fixed by the page's
``window.__stackingClock`` hook, so every release happens at a known time and must send
exactly the offset of ``sway.py``'s formula. The tests observe the room's WebSocket and never
send a message themselves.
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page, expect

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.catalog.stacking.sway import sway_offset
from highstakes.testing.browsers import (
    PHONE,
    RECORDER_JS,
    STEP_TIMEOUT_MS,
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    join,
    last_state,
    next_ready_decision,
    post_json,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)

# The swing's clock stands still at `window.__stackingNow` (ms) until a test moves it for one release:
# once the release's event (`window.__stackingResetOn`) has reached the renderer, the clock goes back
# in the same dispatch, before the next position can start a swing at the moved time.
START_MS = 1000
CLOCK_JS = """
window.__stackingNow = 1000;
window.__stackingClock = () => window.__stackingNow;
for (const type of ["click", "pointerdown", "keydown"]) {
  window.addEventListener(type, (event) => {
    if (event.type !== window.__stackingResetOn) return;
    window.__stackingNow = 1000;
    window.__stackingResetOn = null;
  });
}
"""

SENT_JS = "(count) => window.__hs.sent.filter((m) => m.type === 'act').length > count"
LAST_SENT_JS = "() => window.__hs.sent.filter((m) => m.type === 'act').at(-1).action"
# The table drawn for the latest state, with the person's controls ready.
MOVES_READY = "#table .stk .moves button:not([aria-disabled])"


def new_room(server_url: str, seats: list[str], **options: Any) -> str:
    body = {"game": "stacking", "seats": seats, "options": options}
    return str(post_json(server_url, "/api/rooms", body)["room"])


def offset_words(offset: int) -> str:
    """Where a piece went, as the page says it in English (millimetres, up to two decimals)."""
    if offset == 0:
        return "centred"
    distance = f"{abs(offset) / 100:.2f}".rstrip("0").rstrip(".")
    return f"{distance} mm {'left' if offset < 0 else 'right'} of centre"


def decide(page: Page, after: int) -> dict[str, Any]:
    """Wait for the person's next decision and its controls; returns the state (or an "over" state)."""
    next_ready_decision(page, [0], after, MOVES_READY)
    return last_state(page)


def act(page: Page, click: Any) -> dict[str, Any]:
    """Do something on the page that sends one action; returns the action sent."""
    before = acts_sent(page)
    click()
    page.wait_for_function(SENT_JS, arg=before)
    return page.evaluate(LAST_SENT_JS)


def to_my_placement(page: Page, after: int = -1) -> dict[str, Any]:
    """Bid one piece, lay the first piece offered and pass, until it is the person's turn to place."""
    table = page.locator("#table")
    while True:
        state = decide(page, after)
        view = state["view"]
        if state["status"] == "over" or view["phase"] == "stack":
            return state
        if view["phase"] == "lay":
            sent = act(page, lambda: table.locator(".lay-button").first.click())
            assert "lay" in sent or "take" in sent
        elif view["rows"][0]:
            assert act(page, lambda: table.locator(".pass-button").click()) == {"pass": True}
        else:
            count = max(1, view["high_bid"])
            table.locator("input.bid-count").fill(str(count))
            assert act(page, lambda: table.locator(".bid-button").click()) == {"bid": count}
        after = state["version"]


def release_at(page: Page, elapsed: int, how: str) -> tuple[dict[str, Any], int]:
    """Let the swinging piece go `elapsed` ms into its swing; returns the action sent and the formula's
    offset for that moment."""
    sway = last_state(page)["view"]["sway"]
    expected = sway_offset(elapsed, sway["amplitude"], sway["period_ms"])
    event = {"button": "click", "space": "keydown", "drawing": "pointerdown", "tap": "pointerdown"}[how]
    page.evaluate("([now, event]) => { window.__stackingNow = now; window.__stackingResetOn = event; }",
                  [START_MS + elapsed, event])
    table = page.locator("#table")
    if how == "button":
        sent = act(page, lambda: table.locator("button.drop").click())
    elif how == "space":
        sent = act(page, lambda: page.keyboard.press("Space"))
    elif how == "tap":  # a finger lets go when it lifts, at the moment it touched
        sent = act(page, lambda: table.locator(".svg-box svg").tap())
    else:
        drawing = table.locator(".svg-box svg")
        sent = act(page, lambda: drawing.dispatch_event("pointerdown", {"bubbles": True}))
    assert page.evaluate("() => window.__stackingNow") == START_MS
    return sent, expected


def test_the_swing_is_sway_py_formula():
    """The renderer's offset function against sway.py's, at hand-picked moments of a swing."""
    # A quarter swing is the full reach right, three quarters the full reach left.
    assert sway_offset(450, 900, 1800) == 900
    assert sway_offset(1350, 900, 1800) == -900
    assert sway_offset(0, 900, 1800) == 0


def test_a_game_against_a_bot_bids_lays_and_places_by_the_swing(server_url: str, visitors: Visitors):
    room = new_room(server_url, ["human", "bot:reckless"])
    page = visitors.open(f"/r/{room}")
    page.add_init_script(CLOCK_JS)
    page.evaluate(CLOCK_JS)
    join(page, "Ann", 0)
    table = page.locator("#table")
    # The page's own swing function is sway.py's, moment by moment.
    moments = [0, 37, 225, 450, 700, 1111, 1799, 2500]
    shown = page.evaluate("""async (moments) => {
      const { swayOffset } = await import("/games/stacking/renderer.js");
      return moments.map((t) => swayOffset(t, 1260, 1620));
    }""", moments)
    assert shown == [sway_offset(moment, 1260, 1620) for moment in moments]

    state = decide(page, -1)
    assert state["view"]["phase"] == "bid"
    expect(table.locator(".banner")).to_contain_text("Round 1: your bid.")
    expect(table.locator(".controls")).to_contain_text("Match or raise the highest bid: 0–9 pieces")
    # More pieces than a hand holds is sent as typed and refused in the rule's words; nothing changes.
    table.locator("input.bid-count").fill("12")
    assert act(page, lambda: table.locator(".bid-button").click()) == {"bid": 12}
    expect(table.locator(".refusal")).to_contain_text(
        "you hold 9 pieces: you may take pieces from the bag only to match")
    assert last_state(page)["version"] == state["version"]
    # The steps stay in the legal range: − from 12 goes down to the highest legal bid.
    table.locator("button.step").first.click()
    expect(table.locator("input.bid-count")).to_have_value("9")
    table.locator("input.bid-count").fill("2")
    assert act(page, lambda: table.locator(".bid-button").click()) == {"bid": 2}
    state = decide(page, state["version"])
    assert state["view"]["phase"] == "lay"
    expect(table.locator(".controls")).to_contain_text("Lay 2 more pieces toward the centre.")
    lay_500 = table.get_by_role("button", name="lay a ¥500 coin in the row")
    assert act(page, lambda: lay_500.click()) == {"lay": 500}
    state = decide(page, state["version"])
    assert act(page, lambda: table.locator(".lay-button").first.click()) == {"lay": 100}

    state = to_my_placement(page, state["version"])
    view = state["view"]
    assert view["phase"] == "stack" and view["turn"] == 0
    # The rows, nearest the centre first, and the events in words.
    expect(table.locator(".board")).to_contain_text("Row, nearest the centre first:")
    expect(table.locator(".board .seat-row").first.get_by_role("img")).to_have_attribute(
        "aria-label", "¥500 coin, ¥100 coin")
    expect(table.locator(".log")).to_contain_text("You bid 2 pieces.")
    expect(table.locator(".log")).to_contain_text("on the table: it starts the stack.")
    # The stack to scale: its bottom piece drawn at its real width, and its text alternative.
    bottom = view["stack"][0]
    plate = table.locator(".stack-svg rect.plate[data-level='0']")
    assert float(plate.get_attribute("width")) == view["plates"][str(bottom["piece"])]["width"]
    expect(table.locator("#stk-svg-desc")).to_contain_text("1 piece,")
    expect(table.locator("#stk-svg-desc")).to_contain_text("its weight is centred over the bottom piece")
    expect(table.locator(".drawing figcaption")).to_contain_text("thicknesses drawn")

    # Three releases, each its own way, each at a fixed moment of its swing.
    placements = 0
    for elapsed, how in ((230, "button"), (1300, "space"), (610, "drawing")):
        piece = state["view"]["rows"][0][0]
        sent, expected = release_at(page, elapsed, how)
        assert sent == {"place": expected}, how
        placements += 1
        # The placement is told in words, with where it went.
        page.wait_for_function("(version) => window.__hs.last.version > version", arg=state["version"])
        kind = "coin" if piece < 1000 else "bill"
        told = f"You place your ¥{piece:,} {kind} {offset_words(expected)}"
        expect(table.locator(".log")).to_contain_text(told)
        state = to_my_placement(page, state["version"])
        if state["status"] == "over" or state["view"]["phase"] != "stack":
            break
    assert placements >= 2
    visitors.assert_no_page_errors()


def test_a_spectator_sees_the_table_without_controls(server_url: str, visitors: Visitors):
    room = new_room(server_url, ["human", "bot:careful"])
    player = visitors.open(f"/r/{room}")
    join(player, "Ann", 0)
    decide(player, -1)
    watcher = visitors.open(f"/r/{room}")
    watcher.wait_for_function("() => window.__hs.last?.view?.game === 'stacking'")
    table = watcher.locator("#table")
    expect(table.locator(".controls")).to_contain_text("You are watching this table.")
    expect(table.locator(".moves button")).to_have_count(0)
    expect(table.locator(".board")).to_contain_text("Ann")
    expect(table.locator(".facts")).to_contain_text("40 pieces")
    visitors.assert_no_page_errors()


def test_solo_a_person_bids_lays_and_places_alone(server_url: str, visitors: Visitors):
    room = new_room(server_url, ["human"])
    page = visitors.open(f"/r/{room}")
    page.evaluate(CLOCK_JS)
    join(page, "Ann", 0)
    table = page.locator("#table")
    # By keys: + three times from the lowest bid (0), b to bid, 1 for the first piece offered, p to
    # pass; and the rest of the ¥100 coins laid at once with their "× 2" button.
    state = decide(page, -1)
    expect(table.locator("input.bid-count")).to_have_value("0")
    for _ in range(3):
        page.keyboard.press("+")
    expect(table.locator("input.bid-count")).to_have_value("3")
    assert act(page, lambda: page.keyboard.press("b")) == {"bid": 3}
    state = decide(page, state["version"])
    assert act(page, lambda: page.keyboard.press("1")) == {"lay": 100}
    state = decide(page, state["version"])
    both = table.get_by_role("button", name="lay 2 × ¥100 coin in the row")
    expect(both).to_have_text("× 2")
    assert act(page, lambda: both.click()) == {"lay": 100, "count": 2}
    state = decide(page, state["version"])
    assert act(page, lambda: page.keyboard.press("p")) == {"pass": True}
    state = decide(page, state["version"])
    assert state["view"]["phase"] == "stack" and len(state["view"]["stack"]) == 1
    expect(table.locator(".log")).to_contain_text("You lay your ¥100 coin on the table: it starts the stack.")
    # Slid in under the one piece of the stack (RULES: any level), the swing drawn in its place.
    expect(table.locator("select.level option")).to_have_text(["on top", "slid in under the whole stack"])
    table.locator("select.level").select_option("0")
    expect(table.locator("#stk-svg-desc")).to_contain_text("Your ¥100 coin swings where you slide it in")
    sent, expected = release_at(page, 150, "button")
    assert sent == {"place": expected, "level": 0}
    told = f"You slide your ¥100 coin in under the whole stack, {offset_words(expected)}"
    expect(table.locator(".log")).to_contain_text(told)
    visitors.assert_no_page_errors()


def test_companion_mode_reports_each_outcome_with_a_button(server_url: str, visitors: Visitors):
    room = new_room(server_url, ["human", "bot:reckless"], companion=True)
    page = visitors.open(f"/r/{room}")
    join(page, "Ann", 0)
    state = to_my_placement(page)
    assert state["view"]["companion"] and state["view"]["sway"] is None
    table = page.locator("#table")
    reports = table.locator(".report-row button")
    expect(reports).to_have_count(4)
    miss = "it fell to the table (place it again)"
    for label in ("it stood", miss, "the stack fell", "I moved another piece"):
        expect(table.get_by_role("button", name=label)).to_be_visible()
    expect(table.locator("button.drop")).to_have_count(0)
    assert act(page, lambda: table.get_by_role("button", name=miss).click()) == {"report": "miss"}
    state = decide(page, state["version"])
    expect(table.locator(".misses")).to_have_text("This piece has missed 1 time: no penalty, place it again.")
    expect(table.locator(".facts")).not_to_contain_text("Miss limit")
    expect(table.locator(".log")).to_contain_text("it slides off to the table (miss 1)")
    assert act(page, lambda: table.get_by_role("button", name="it stood").click()) == {"report": "stood"}
    visitors.assert_no_page_errors()


def test_a_table_that_sets_a_last_round_and_a_miss_limit_says_so(server_url: str, visitors: Visitors):
    """RULES.md §5.3: no last round and no miss penalty by default; a table that sets them (for
    simulations) shows them in its facts and its rules panel, and a table without them does not."""
    room = new_room(server_url, ["human", "bot:reckless"], round_limit=12, miss_limit=3)
    page = visitors.open(f"/r/{room}")
    join(page, "Ann", 0)
    decide(page, -1)
    table = page.locator("#table")
    expect(table.locator("#stk-facts-heading")).to_have_text("Round 1 of 12")
    expect(table.locator(".fact-list dt:text-is('Last round') + dd")).to_have_text("12")
    expect(table.locator(".fact-list dt:text-is('Miss limit') + dd")).to_have_text("3 misses in a row")
    page.keyboard.press("?")
    expect(table.locator(".rules-body li.limit")).to_have_text([
        "This table ends the game after round 12: then the fewest pieces win.",
        "At this table 3 misses in a row bring the stack down, as a fall does."])
    plain = visitors.open(f"/r/{new_room(server_url, ['human', 'bot:reckless'])}")
    join(plain, "Bo", 0)
    decide(plain, -1)
    expect(plain.locator("#stk-facts-heading")).to_have_text("Round 1")
    expect(plain.locator(".rules-body")).to_contain_text("There is no last round.")
    expect(plain.locator(".rules-body li.limit")).to_have_count(0)
    visitors.assert_no_page_errors()


def test_a_placement_in_spanish_on_a_phone(server_url: str, visitors: Visitors, browser):
    """The table's words in Spanish, and a stack and controls that fit a phone's width."""
    room = new_room(server_url, ["human", "bot:reckless"])
    context = browser.new_context(base_url=server_url, locale="es-ES", viewport=PHONE, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    visitors.contexts.append(context)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.add_init_script(RECORDER_JS)
    context.add_init_script(CLOCK_JS)
    page = context.new_page()
    page.on("pageerror", lambda error: visitors.problems.append(f"uncaught: {error}"))
    page.goto(f"/r/{room}")
    page.wait_for_function("() => document.documentElement.dataset.words === 'ready'")
    page.fill("#player-name", "Ana")
    page.locator("#join-seats button").first.click()
    page.wait_for_function("() => window.__hs.last?.seat === 0")
    table = page.locator("#table")
    decide(page, -1)
    expect(table.locator("#stk-controls-heading")).to_have_text("Tu puja")
    state = to_my_placement(page)
    assert state["view"]["phase"] == "stack"
    expect(table.locator("#stk-stack-heading")).to_have_text("La pila")
    expect(table.locator("button.drop")).to_contain_text("Soltar")
    expect(table.locator("#stk-svg-desc")).to_contain_text("La pila, vista de lado")
    box = table.locator(".stack-svg").bounding_box()
    assert box is not None and box["width"] <= PHONE["width"]
    # Nothing of the table is wider than the phone (a mobile page's window widens to fit what overflows,
    # so each element is measured against the phone's own width).
    wide = page.evaluate("""(width) => [...document.querySelectorAll("#table *")]
      .filter((node) => node.getBoundingClientRect().right > width + 0.5).map((node) => node.className)""",
                         PHONE["width"])
    assert wide == []
    sent, expected = release_at(page, 400, "tap")
    assert sent == {"place": expected}
    visitors.assert_no_page_errors()
