"""It's in the Bag in a real browser (Debian's Chromium) against a real server, at the generic table.

A person plays through the page only: a button to feed a piece, then a button for a bid made
of the pieces they hold. The tests observe the room's WebSocket and never send a message
themselves.
"""

from __future__ import annotations

from playwright.sync_api import expect

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    NEXT_DECISION_JS,
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    join,
    last_state,
    post_json,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)

READY_JS = """(version) => {
  const state = window.__hs.last;
  return !!state && state.version >= version && state.legal.length > 0
    && document.querySelector("#table .moves button:not([disabled])") !== null;
}"""


def test_a_person_feeds_and_bids_with_pieces_at_the_generic_table(server_url: str, visitors: Visitors):
    table = {"game": "in_the_bag", "seats": ["human", "bot:believer"]}
    room = post_json(server_url, "/api/rooms", table)["room"]
    page = visitors.open(f"/r/{room}")
    join(page, "Ann", 0)
    after, fed, bids = 0, 0, []
    while fed < 2 or not bids:
        turn = page.wait_for_function(NEXT_DECISION_JS, arg=[[0], after]).json_value()
        assert not turn["over"]
        page.wait_for_function(READY_JS, arg=turn["version"])
        state = last_state(page)
        buttons = page.locator("#table .moves button")
        before = acts_sent(page)
        if state["view"]["phase"] == "feed":
            expect(buttons.first).to_contain_text("feed a ¥100 coin")
            buttons.first.click()
            fed += 1
        else:
            assert state["view"]["phase"] == "bid"
            # Every bid is a choice of pieces held, listed with its pieces: "bid ¥200 (¥100 + ¥100)".
            several = next(index for index, action in enumerate(state["legal"])
                           if len(action["action"]["bid"]) > 1)
            expect(buttons.nth(several)).to_contain_text(" + ")
            buttons.nth(several).click()
            bids.append(state["legal"][several]["action"])
        page.wait_for_function("(count) => window.__hs.sent.filter((m) => m.type === 'act').length > count",
                               arg=before)
        after = turn["version"]
    sent = page.evaluate("() => window.__hs.sent.filter((m) => m.type === 'act').map((m) => m.action)")
    assert sent.count({"feed": 100}) == 2 and bids[0] in sent
    # The round's reveal reaches the page with the state after the last bid: wait for it.
    page.wait_for_function("() => (window.__hs.last?.view?.history ?? []).length > 0")
    history = last_state(page)["view"]["history"]
    assert history and history[0]["bids"][0] == sum(bids[-1]["bid"])
    expect(page.locator("#table")).to_contain_text("your pieces")
