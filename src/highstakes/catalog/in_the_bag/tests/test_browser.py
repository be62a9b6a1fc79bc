"""It's in the Bag's own table in a real browser (Debian's Chromium) against a real server.

A person plays through the page only: a click on a coin feeds it; a click on each piece puts
it in the fist (and another takes it back), and "Seal the bid" sends the pieces in the fist.
The tests observe the room's WebSocket and never send a message themselves.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Page, expect

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.i18n import use_language
from highstakes.i18n.numbers import format_money
from highstakes.testing.browsers import (
    PHONE,
    RECORDER_JS,
    STEP_TIMEOUT_MS,
    Frame,
    Send,
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    join,
    last_state,
    next_ready_decision,
    post_json,
    relay_room_sockets,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)
from highstakes.testing.servers import Client

KINDS = (100, 500, 1000, 5000)

# A piece the person can click: the table is drawn for a decision and no move is on its way.
PIECE_READY = "#table .hand .piece-button:not([aria-disabled])"
READY_JS = f"""(version) => {{
  const state = window.__hs.last;
  return !!state && state.version >= version && state.legal.length > 0
    && document.querySelector("{PIECE_READY}") !== null;
}}"""

SHOWS_LATEST_JS = """() => {
  const view = window.__hs.last.view;
  const yen = new Intl.NumberFormat("en-US").format(view.your_yen);
  const shown = (selector) => document.querySelector(selector)?.textContent ?? "";
  return shown("#table .hand-total").includes(`¥${yen}`)
    && shown("#table .bag-words").startsWith(`${view.bag_pieces} piece`);
}"""

SENT_JS = "(count) => window.__hs.sent.filter((m) => m.type === 'act').length > count"
LAST_SENT_JS = "() => window.__hs.sent.filter((m) => m.type === 'act').at(-1).action"


def held_pieces(view: dict[str, Any]) -> list[int]:
    """The seat's pieces one by one, in the order the page draws them: smallest kind first."""
    return [kind for kind in KINDS for _ in range(view["your_pieces"][str(kind)])]


def feed_or_bid(page: Page, state: dict[str, Any]) -> dict[str, Any]:
    """Make the decision the state asks for by clicking pieces; returns the action the page must send.

    Feed the smallest piece; bid the smallest piece, or it and the next one when the smallest
    alone is the amount a tie forbids.
    """
    view = state["view"]
    pieces = held_pieces(view)
    buttons = page.locator("#table .hand .piece-button")
    expect(buttons).to_have_count(len(pieces))
    if view["phase"] == "feed":
        buttons.first.click()
        return {"feed": pieces[0]}
    chosen = [0]
    if view["must_differ_from"] == pieces[0]:
        chosen.append(1)
    for index in chosen:
        buttons.nth(index).click()
        expect(buttons.nth(index)).to_have_attribute("aria-pressed", "true")
    amount = sum(pieces[index] for index in chosen)
    expect(page.locator("#table .fist-total")).to_contain_text(f"¥{amount:,}")
    page.locator("#table button.seal").click()
    return {"bid": sorted((pieces[index] for index in chosen), reverse=True)}


def hold_moves_until_the_other_seat_has_moved(page: Page, other: int) -> None:
    """From now on the page's moves reach the server only once seat `other` has made its own,
    and the other seat's move reaches the page first: the order in which the page sees a newer
    position that still asks for the move it has just sent."""
    held: list[Frame] = []
    waiting = {"other": False}

    def from_page(frame: Frame, _to_page: Send, to_server: Send) -> None:
        if isinstance(frame, str) and json.loads(frame)["type"] == "act" and waiting["other"]:
            held.append(frame)
        else:
            to_server(frame)

    def from_server(frame: Frame, to_page: Send, to_server: Send) -> None:
        to_page(frame)
        if isinstance(frame, str) and json.loads(frame)["type"] == "state":
            waiting["other"] = other in json.loads(frame)["to_act"]
            while held and not waiting["other"]:
                to_server(held.pop(0))

    relay_room_sockets(page.context, from_page=from_page, from_server=from_server)
    page.reload()


@pytest.mark.parametrize("ours_arrive_last", [False, True], ids=["as-they-come", "ours-after-the-bot"])
def test_a_person_plays_to_the_end_composing_each_bid_from_pieces(
    server_url: str, visitors: Visitors, ours_arrive_last: bool
) -> None:
    table = {"game": "in_the_bag", "seats": ["human", "bot:heuristic"]}
    room = post_json(server_url, "/api/rooms", table)["room"]
    page = visitors.open(f"/r/{room}")
    if ours_arrive_last:
        hold_moves_until_the_other_seat_has_moved(page, other=1)
    join(page, "Ann", 0)
    after, sent, refused = -1, [], False
    while True:
        turn = next_ready_decision(page, [0], after, PIECE_READY)
        if turn["over"]:
            break
        state = last_state(page)
        view = state["view"]
        # The table shows the latest state's hand and bag (bots move meanwhile: read both at once).
        page.wait_for_function(SHOWS_LATEST_JS)
        if view["phase"] == "bid" and not refused:
            # An empty fist is sent as it is and refused in the rule's words, beside the fist.
            before = acts_sent(page)
            expect(page.locator("#table .fist-total")).to_contain_text("¥0")
            page.locator("#table button.seal").click()
            expect(page.locator("#table .refusal")).to_contain_text("the minimum bid is ¥100")
            assert page.evaluate(LAST_SENT_JS) == {"bid": []}
            # Nothing of ours changed (the bot may bid meanwhile: seats bid at once).
            now = last_state(page)["view"]
            assert acts_sent(page) == before + 1
            assert not now["sealed"][0] and now["your_pieces"] == view["your_pieces"]
            refused = True
        before = acts_sent(page)
        expected = feed_or_bid(page, state)
        page.wait_for_function(SENT_JS, arg=before)
        assert page.evaluate(LAST_SENT_JS) == expected
        sent.append(expected)
        after = turn["version"]
    final = last_state(page)
    view, result = final["view"], final["result"]
    assert refused and any("bid" in action for action in sent)
    # Every move was played as sent, the bot's coming first or not: the one refusal is the empty fist.
    assert [error["code"] for error in page.evaluate("() => window.__hs.errors")] == ["bid_minimum"]
    # Every round's reveal reached the page, and the page shows the last one with who took the bag.
    last = view["history"][-1]
    reveal = page.locator("#table .reveal")
    expect(reveal).to_contain_text(f"Round {last['round']}")
    for amount in last["bids"]:
        if amount:
            expect(reveal).to_contain_text(f"¥{amount:,}")
    # The end: everyone's pieces counted in the open, the winner named, the standings in yen.
    expect(reveal).to_contain_text("Everyone's pieces, counted in the open")
    expect(reveal).not_to_contain_text("A tie for the highest bid")
    expect(page.locator("#table .banner")).to_contain_text("The game is over after")
    # The last round's sealed fist is not spoken of as still waiting to open.
    expect(page.locator("#table .instruction")).to_have_text("")
    expect(page.locator("#result")).to_be_visible()
    top = max(result["scores"])
    expect(page.locator("#result")).to_contain_text(f"¥{top:,}")
    visitors.assert_no_page_errors()


def test_a_round_in_spanish_on_a_phone(server_url: str, visitors: Visitors, browser):
    """The table's words in Spanish, yen as Spanish writes them, pieces that fit a phone."""
    seats = {"game": "in_the_bag", "seats": ["human", "bot:believer"]}
    room = post_json(server_url, "/api/rooms", seats)["room"]
    context = browser.new_context(base_url=server_url, locale="es-ES", viewport=PHONE, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    visitors.contexts.append(context)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.add_init_script(RECORDER_JS)
    page = context.new_page()
    page.on("pageerror", lambda error: visitors.problems.append(f"uncaught: {error}"))
    page.goto(f"/r/{room}")
    page.wait_for_function("() => document.documentElement.dataset.words === 'ready'")
    page.fill("#player-name", "Ana")
    page.locator("#join-seats button").first.click()
    page.wait_for_function("() => window.__hs.last?.seat === 0")
    with use_language("es"):
        start, coin, bill = (format_money(amount, "JPY") for amount in (7_500, 100, 5_000))
    turn = next_ready_decision(page, [0], -1, PIECE_READY)
    table = page.locator("#table")
    expect(table.locator(".banner")).to_contain_text("Ronda 1: mete una pieza en la bolsa.")
    expect(table.locator(".hand-total")).to_contain_text(f"9 piezas, {start}")
    expect(table.locator(".kinds")).to_contain_text(f"moneda de {coin}")
    expect(table.locator(".kinds")).to_contain_text(f"billete de {bill}")
    feed_or_bid(page, last_state(page))
    # The bot may feed before or after us: wait for the bid itself, not just a newer state.
    page.wait_for_function(
        "() => window.__hs.last?.view?.phase === 'bid' && window.__hs.last.legal.length > 0")
    page.wait_for_function(READY_JS, arg=turn["version"] + 1)
    expect(table.locator("#bag-picker-heading")).to_have_text("Tu puja")
    buttons = table.locator(".hand .piece-button")
    buttons.nth(0).click()
    buttons.nth(1).click()
    expect(table.locator(".fist-total")).to_contain_text("En tu puño: 200 ¥")
    buttons.nth(1).click()  # taken back
    expect(buttons.nth(1)).to_have_attribute("aria-pressed", "false")
    expect(table.locator(".fist-total")).to_contain_text("En tu puño: 100 ¥")
    before = acts_sent(page)
    table.get_by_role("button", name="Cerrar la puja de 100 ¥").click()
    page.wait_for_function(SENT_JS, arg=before)
    assert page.evaluate(LAST_SENT_JS) == {"bid": [100]}
    page.wait_for_function("() => (window.__hs.last?.view?.history ?? []).length > 0")
    expect(table.locator(".reveal")).to_contain_text("Ronda 1 · las pujas")
    expect(table.locator(".reveal")).to_contain_text("la bolsa")
    # Nothing wider than the phone.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth + 1")
    visitors.assert_no_page_errors()


def test_a_hint_asked_when_another_seat_moves_first_is_asked_again_and_shown(
    server_url: str, visitors: Visitors
) -> None:
    """Seats feed at once: Bob's piece changes the position while Ann's hint is being worked out,
    and the server sends no advice for a position that has moved on. Ann's page asks again for
    the new position (her choice is still to make) and shows the answer.

    The first hint request is held back on its way, as if its answer had been dropped for
    Bob's move: that is the one ordering in which the hint would be lost.
    """
    room = post_json(server_url, "/api/rooms", {"game": "in_the_bag", "seats": ["human", "human"]})["room"]
    asked: list[str] = []  # the page's hint requests; the first is held back
    hints: list[dict[str, Any]] = []

    def from_page(frame: Frame, _to_page: Send, to_server: Send) -> None:
        if isinstance(frame, str) and json.loads(frame)["type"] == "hint":
            asked.append(frame)
            if len(asked) == 1:
                return
        to_server(frame)

    def from_server(frame: Frame, to_page: Send, _to_server: Send) -> None:
        if isinstance(frame, str) and json.loads(frame)["type"] == "hint":
            hints.append(json.loads(frame)["hint"])
        to_page(frame)

    page = visitors.open(f"/r/{room}")
    relay_room_sockets(page.context, from_page=from_page, from_server=from_server)
    page.reload()
    join(page, "Ann", 0)
    bob_token = post_json(server_url, f"/api/rooms/{room}/join", {"name": "Bob", "seat": 1})["token"]
    page.wait_for_function(READY_JS, arg=0)
    hint_text = page.locator("#table .hint-text")
    page.keyboard.press("h")
    expect(hint_text).to_have_text("Thinking about a hint…")
    assert len(asked) == 1
    with Client(server_url.replace("http://", "ws://") + f"/ws/{room}?token={bob_token}") as bob:
        state = bob.recv_until(lambda message: message["type"] == "state" and bool(message["legal"]))
        bob.send({"type": "act", "action": state["legal"][0]["action"], "version": state["version"]})
        bob.barrier()
    page.wait_for_function("(version) => window.__hs.last.version > version", arg=state["version"])
    expect(hint_text).to_contain_text("Hint: ")
    assert len(asked) == 2 and len(hints) == 1
    assert hints[0]["action"] in [entry["action"] for entry in last_state(page)["legal"]]
    expect(hint_text).to_contain_text(hints[0]["label"])
    visitors.assert_no_page_errors()


def _act_by_socket(client: Client, action: dict[str, Any]) -> None:
    """A seat played over its own socket: its next decision, as sent from the latest state."""
    state = client.recv_until(lambda message: message["type"] == "state" and any(
        entry["action"] == action for entry in message["legal"]))
    client.send({"type": "act", "action": action, "version": state["version"]})
    client.barrier()


def test_a_table_with_feeds_shown_and_a_round_limit_shows_both_and_a_standing_bid(
    server_url: str, visitors: Visitors
) -> None:
    """Three people; the table shows every fed piece and has a round limit. Ann's bid stands
    while Bob and Cy, tied at ¥500, bid again: the page tells her so, in whole sentences."""
    table = {"game": "in_the_bag", "seats": ["human", "human", "human"],
             "options": {"feeds": "shown", "round_limit": 20}}
    room = post_json(server_url, "/api/rooms", table)["room"]
    page = visitors.open(f"/r/{room}")
    join(page, "Ann", 0)
    tokens = [post_json(server_url, f"/api/rooms/{room}/join", {"name": name, "seat": seat})["token"]
              for seat, name in ((1, "Bob"), (2, "Cy"))]
    sockets = server_url.replace("http://", "ws://")
    with Client(f"{sockets}/ws/{room}?token={tokens[0]}") as bob, \
            Client(f"{sockets}/ws/{room}?token={tokens[1]}") as cy:
        page.wait_for_function(READY_JS, arg=0)
        bag = page.locator("#table .bag-panel")
        expect(bag).to_contain_text("The bag · round 1 of 20")
        expect(bag).to_contain_text("This table ends the game after round 20 at the latest.")
        expect(bag).to_contain_text("Every fed piece is shown when the last one is in.")
        expect(page.locator("#table .rules-body")).to_contain_text(
            "This table ends the game after round 20 at the latest.")
        # Ann feeds a ¥500 coin (her pieces are drawn smallest first: five ¥100 coins, then ¥500).
        page.locator("#table .hand .piece-button").nth(5).click()
        expect(page.locator("#table .instruction")).to_have_text(
            "Every fed piece is shown when the last one is in; then everyone bids.")
        expect(bag).not_to_contain_text("Fed this round:")
        _act_by_socket(bob, {"feed": 100})
        _act_by_socket(cy, {"feed": 100})
        page.wait_for_function("() => window.__hs.last?.view?.fed_pieces !== null")
        expect(bag).to_contain_text("Fed this round:")
        fed = bag.locator(".fed-list li")
        expect(fed).to_have_count(3)
        expect(fed.nth(0)).to_contain_text("Ann")
        expect(fed.nth(0)).to_contain_text("¥500")
        expect(fed.nth(1)).to_contain_text("Bob")
        expect(fed.nth(1)).to_contain_text("¥100")
        expect(bag).to_contain_text("Every piece inside was seen: ¥700")
        # Ann bids ¥100; Bob and Cy tie at ¥500 above her.
        page.wait_for_function("() => window.__hs.last?.view?.phase === 'bid'")
        page.locator("#table .hand .piece-button").first.click()
        page.locator("#table button.seal").click()
        _act_by_socket(bob, {"bid": [500]})
        _act_by_socket(cy, {"bid": [500]})
        page.wait_for_function("() => window.__hs.last?.view?.rebid === 1")
        reveal = page.locator("#table .reveal")
        expect(reveal).to_contain_text(
            "A tie for the highest bid at ¥500: the tied players bid again, each with a different amount.")
        expect(reveal).to_contain_text("Your bid stands.")
        expect(reveal).not_to_contain_text("bid again with a different amount.")
        expect(page.locator("#table .instruction")).to_have_text(
            "Your bid stands while the tied players bid again.")
        expect(page.locator("#table .board")).to_contain_text("bid stands")
    visitors.assert_no_page_errors()
