"""Make-A-Million in a real browser (Debian's Chromium) against a real server.

A person plays through the page only: pressing the cards' keys or clicking them, clicking
bids or typing one. As in the platform's browser tests, the tests only observe the WebSocket
(see highstakes.testing.browsers) and never send a message themselves. The server deals (each
room draws its own seed) and the bots decide for themselves, so the tests follow whatever the
game does: every assertion holds for any deal.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from highstakes.i18n import use_language
from highstakes.i18n.numbers import format_money

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    get_json,
    join,
    last_state,
    next_ready_decision,
    post_json,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)

GAME = "make_a_million"
BOT = "bot:rules"
MAX_DECISIONS = 400  # a person's decisions in one game; far more than four deals need
CARD_KEYS = "1234567890abcdefgijklmoprstuvwxyz"
SCREENSHOTS = Path(__file__).resolve().parents[5] / ".pytest_cache" / "make_a_million"

# On the deciding person's page: a card they can press (the hand is drawn and no move is on its way).
HAND_READY = "#table .mam-hand button:not([aria-disabled='true'])"

# The refusals the page was sent, and what the table shows under the hand.
REFUSAL_SHOWN_JS = """(count) => window.__hs.errors.length === count
  && document.querySelector("#table .mam-hand .refusal")?.textContent !== "" """


def next_decision(page: Page, seat: int, after: int) -> dict[str, Any] | None:
    """Wait for ``seat``'s next decision on its page; its state when drawn, or None at the end."""
    if next_ready_decision(page, [seat], after, HAND_READY)["over"]:
        return None
    state = last_state(page)
    assert state["seat"] == seat and state["legal"], state
    return state


def last_act(page: Page) -> dict[str, Any]:
    act = page.evaluate("() => window.__hs.sent.filter((message) => message.type === 'act').at(-1)")
    assert isinstance(act, dict)
    return act


def card_choice(state: dict[str, Any]) -> tuple[str, list[str]] | None:
    """The card decision under way and the cards the server allows, or None."""
    for kind in ("play", "discard", "call"):
        cards = [entry["action"][kind] for entry in state["legal"] if kind in entry["action"]]
        if cards:
            return kind, cards
    return None


def decide(
    page: Page, state: dict[str, Any], turn: int, done: list[str], *, bid: bool = False
) -> dict[str, Any]:
    """Make one decision through the page; return the action it must send.

    Cards: the first allowed one, by its key or (every other time) by a click on its button.
    The auction: the first time a bid typed in the box, then passes (the p key), or with
    ``bid`` the lowest bid (the 1 key). Other decisions: the first listed, by its key.
    """
    view = state["view"]
    choice = card_choice(state)
    if choice is not None:
        kind, allowed = choice
        card = allowed[0]
        index = view["hand"].index(card)
        if turn % 2 and index < len(CARD_KEYS):
            page.keyboard.press(CARD_KEYS[index])
            done.append("card by key")
        else:
            page.locator(f"#table .hand button[data-focus='card:{index}:{card}']").click()
            done.append("card by click")
        return {kind: card}
    if view["phase"] == "bid":
        if "typed bid" not in done:
            amount = view["min_bid"]
            page.keyboard.press("t")
            expect(page.locator("#mam-bid")).to_be_focused()
            page.keyboard.type(f"{amount:,}")
            expect(page.locator("#mam-bid-reading")).to_contain_text(f"${amount:,}: ")
            page.keyboard.press("Enter")
            done.append("typed bid")
            return {"bid": amount}
        if bid:
            page.keyboard.press("1")
            done.append("bid by key")
            return state["legal"][1]["action"]
        page.keyboard.press("p")
        done.append("pass")
        return {"pass": True}
    first = state["legal"][0]["action"]
    page.keyboard.press("0" if "tricks" in first else "1")
    done.append(next(iter(first)))
    return first


def play_to_the_end(page: Page, seat: int) -> list[str]:
    done: list[str] = []
    after = -1
    for turn in range(MAX_DECISIONS):
        state = next_decision(page, seat, after)
        if state is None:
            return done
        before = acts_sent(page)
        action = decide(page, state, turn, done)
        page.wait_for_function("(count) => window.__hs.sent.filter((m) => m.type === 'act').length > count",
                               arg=before)
        assert last_act(page) == {"type": "act", "action": action, "version": state["version"]}
        after = state["version"]
    pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")


def test_a_person_plays_a_game_against_bots_to_the_end(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT, BOT, BOT],
                                                "options": {"hand_limit": 4, "target": 500_000}})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    expect(ann.locator("#table .ring .seat")).to_have_count(4)
    expect(ann.locator("#table .ring .place-b")).to_contain_text("You")
    expect(ann.locator("#table .ring .place-t")).to_contain_text("Bot 3")  # the partner sits opposite
    # The table set a deal limit, which the rules do not have (§1.10): it says so.
    expect(ann.locator("#table .deal-limit")).to_have_text(
        "Deal limit, not in the rules: the game ends after 4 deals, and the higher score wins.")

    done = play_to_the_end(ann, 0)
    assert {"card by key", "card by click", "typed bid"} <= set(done), done

    summary = get_json(server_url, f"/api/rooms/{room}")
    assert summary["status"] == "over"
    final = last_state(ann)
    view, result = final["view"], final["result"]
    assert result["deals"] == len(view["history"])
    expect(ann.locator("#table .mam-table h2")).to_have_text("Game over")
    expect(ann.locator("#table .history li")).to_have_count(len(view["history"]))
    for entry in view["history"]:
        expect(ann.locator("#table .history")).to_contain_text(f"Deal {entry['deal']}:")
        if entry.get("bidder") == 0:  # a sentence about the reader is its own: "you bid"
            expect(ann.locator("#table .history")).to_contain_text(f"Deal {entry['deal']}: you bid ")
    # The game is over: every deal's widow and discards are shown.
    bid = [entry for entry in view["history"] if "widow" in entry]
    expect(ann.locator("#table .history .secrets")).to_have_count(len(bid))
    for secrets in ann.locator("#table .history .secrets").all():
        expect(secrets).to_contain_text("Widow: ")
        expect(secrets).to_contain_text("Discards: ")
    # Scores by side, in dollars, as the result says.
    with use_language("en"):
        scores = [format_money(score * 100, "USD") for score in view["scores"]]  # −$55,000 below zero
    expect(ann.locator("#table .score-table tbody td.num:nth-child(2)")).to_have_text(scores)
    # The last deal played out may be looked at now, trick by trick.
    expect(ann.locator("#table .last-tricks tbody tr")).to_have_count(len(view["previous_tricks"]))
    expect(ann.locator("#result")).to_be_visible()
    expect(ann.locator("#result-body .standings li")).to_have_count(4)
    expect(ann.locator("#error")).to_be_hidden()
    assert ann.evaluate("() => window.__hs.errors") == []
    visitors.assert_no_page_errors()


def test_a_refused_card_shows_the_rule_in_words_and_changes_nothing(
    visitors: Visitors, server_url: str
) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT, BOT, BOT]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    after, done = -1, []
    for turn in range(MAX_DECISIONS):
        state = next_decision(ann, 0, after)
        assert state is not None, "no card was ever refused"
        choice = card_choice(state)
        hand = state["view"]["hand"]
        banned = [card for card in hand if choice and card not in choice[1]]
        if choice and choice[0] == "play" and banned:
            break
        decide(ann, state, turn, done)
        after = state["version"]
    card = banned[0]
    index = hand.index(card)
    button = ann.locator(f"#table .hand button[data-focus='card:{index}:{card}']")
    # Shown unavailable (dimmed, and said so in words), yet it can be chosen to hear why.
    expect(button).to_have_attribute("aria-disabled", "true")
    expect(button).to_have_attribute("aria-label", f"{CARD_KEYS[index]}: {card_words(card)}, not allowed now")
    # Its key (a click does the same: the button stays focusable and clickable, for this).
    ann.keyboard.press(CARD_KEYS[index])
    ann.wait_for_function(REFUSAL_SHOWN_JS, arg=1)
    [refusal] = ann.evaluate("() => window.__hs.errors")
    assert refusal["type"] == "error" and refusal["rule"].startswith("§1.")
    led = state["view"]["trick_colour"]
    leading = not state["view"]["trick"] or state["view"]["trick_complete"]
    if leading:  # only the Bull and the Bear may not be led (trump may be, by default: A-11)
        assert card in ("bull", "bear")
        assert refusal["message"] == "the Bull and the Bear may not be led while you hold another card"
    elif card in ("bull", "bear"):
        assert refusal["message"] == f"the Bull and the Bear may be played only when you cannot follow {led}"
    else:
        assert refusal["message"].startswith(f"you must follow {led}: ")
    note = ann.locator("#table .mam-hand .refusal")
    expect(note).to_have_text(f"{card_words(card)} refused: {refusal['message']}")
    expect(note).to_have_attribute("title", f"Rule {refusal['rule']}")
    expect(ann.locator("#error")).to_be_hidden()  # said once, beside the hand
    assert last_state(ann)["version"] == state["version"]
    # Then an allowed card by its key: it is played, and the refusal goes away.
    allowed = choice[1][0]
    ann.keyboard.press(CARD_KEYS[hand.index(allowed)])
    ann.wait_for_function("(version) => window.__hs.last.version > version", arg=state["version"])
    assert last_act(ann)["action"] == {"play": allowed}
    expect(note).to_be_empty()
    visitors.assert_no_page_errors()


def card_words(card: str) -> str:
    """A card as the page names it in English: "red $40,000", "the Tiger"."""
    from highstakes.catalog.make_a_million.cards import card_name

    with use_language("en"):
        return card_name(card)


def test_in_spanish_on_a_phone(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT, BOT, BOT]})["room"]
    page = visitors.open("/", phone=True)
    page.evaluate("() => localStorage.setItem('highstakes.language', 'es')")
    page.goto(f"/r/{room}")
    expect(page.locator("#player-name")).to_be_visible()
    page.fill("#player-name", "Ana")
    page.get_by_role("button", name="Ocupar el asiento 1").click()
    state = next_decision(page, 0, -1)
    assert state is not None
    with use_language("es"):
        opening = format_money(state["view"]["min_bid"] * 100, "USD")
    expect(page.locator("#mam-hand-heading")).to_have_text("Tu mano")
    expect(page.locator("#table .mam-hand .prompt")).to_contain_text(opening)
    expect(page.locator("#table .mam-table h2")).to_contain_text("Reparto 1")
    expect(page.locator("#table .scores-panel h2")).to_have_text("Puntuaciones")
    # Every card a button named in Spanish words: colour and rank.
    first = state["view"]["hand"][0]
    with use_language("es"):
        from highstakes.catalog.make_a_million.cards import card_name

        name = card_name(first)
    expect(page.locator("#table .hand button").first).to_have_attribute("aria-label", name)
    # Nothing of the table is wider than the phone.
    assert page.evaluate("""() => [...document.querySelectorAll("#table *")]
      .every((node) => node.getBoundingClientRect().right <= 390)""")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "phone-es.png"), full_page=True)
    # The game goes on in Spanish: pass, then play the first allowed card when asked.
    after, done = -1, ["typed bid"]  # bids by their buttons' keys here
    for turn in range(60):
        state = next_decision(page, 0, after)
        if state is None or card_choice(state):
            break
        decide(page, state, turn, done)
        after = state["version"]
    if state is not None and card_choice(state):
        _kind, allowed = card_choice(state)
        expect(page.locator("#mam-hand-heading")).to_contain_text("Tu mano: ")
        page.locator(f"#table .hand button[data-focus='card:{state['view']['hand'].index(allowed[0])}:"
                     f"{allowed[0]}']").click()
        page.wait_for_function("(version) => window.__hs.last.version > version", arg=state["version"])
    page.screenshot(path=str(SCREENSHOTS / "phone-es-play.png"), full_page=True)
    assert page.evaluate("() => window.__hs.errors") == []
    visitors.assert_no_page_errors()


# Every visible element of the table with text of its own, and the attributes people read
# (aria-label, title): the runs of two letters or more outside ⟦ ⟧ (keys in <kbd> are not words).
UNMARKED_IN_TABLE_JS = r"""(allowed) => {
  const outside = (text) => {
    let depth = 0;
    let out = "";
    for (const character of text) {
      if (character === "⟦") depth += 1;
      else if (character === "⟧") depth = Math.max(0, depth - 1);
      else if (depth === 0) out += character;
    }
    for (const phrase of allowed) out = out.split(phrase).join(" ");
    return out.match(/\p{L}{2,}/gu) ?? [];
  };
  const own = (node) => [...node.childNodes].filter((child) => child.nodeType === Node.TEXT_NODE)
    .map((child) => child.textContent).join(" ");
  const problems = [];
  for (const node of document.querySelectorAll("#table *")) {
    if (node.closest("kbd, style") || !node.checkVisibility({ checkVisibilityCSS: true })) continue;
    for (const text of [own(node), node.getAttribute("aria-label"), node.getAttribute("title")]) {
      const words = outside(text ?? "");
      if (words.length) problems.push(`${node.tagName.toLowerCase()}.${node.className}: ${text.trim()}`);
    }
  }
  return problems;
}"""


def test_under_the_pseudo_language_every_word_of_the_table_goes_through_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    """Under the test language every translated message is wrapped in ⟦ ⟧ (the page's and the
    server's): a word outside them bypassed the translation layer."""
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT, BOT, BOT],
                                                "options": {"last_trick": True}})["room"]
    page = visitors.open("/")
    page.evaluate("() => localStorage.setItem('highstakes.language', 'qps')")
    page.goto(f"/r/{room}")
    page.wait_for_function("() => document.documentElement.dataset.words === 'ready'")
    page.fill("#player-name", "Ann")
    page.locator("#join-seats button[value='0']").click()
    page.wait_for_function("() => window.__hs.last?.seat === 0")
    page.keyboard.press("?")  # how to play
    problems: set[str] = set()
    after, done, refused, stops = -1, ["typed bid"], False, 0
    for turn in range(120):
        state = next_decision(page, 0, after)
        if state is None or any("bid" in entry for entry in state["view"]["history"]):
            break  # a deal was played out
        problems.update(page.evaluate(UNMARKED_IN_TABLE_JS, ["Ann"]))
        stops += 1
        choice = card_choice(state)
        banned = [card for card in state["view"]["hand"] if choice and card not in choice[1]]
        if choice and banned and not refused:
            refused = True
            errors = len(page.evaluate("() => window.__hs.errors"))
            page.keyboard.press(CARD_KEYS[state["view"]["hand"].index(banned[0])])
            page.wait_for_function(REFUSAL_SHOWN_JS, arg=errors + 1)
            problems.update(page.evaluate(UNMARKED_IN_TABLE_JS, ["Ann"]))
        decide(page, state, turn, done, bid=True)
        after = state["version"]
    assert stops > 10 and refused
    assert not problems, "\n".join(sorted(problems))
    visitors.assert_no_page_errors()


def test_the_variation_takes_a_trick_bid_by_its_digit_and_shows_the_bids_once_all_are_in(
    visitors: Visitors, server_url: str
) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT, BOT]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    state = next_decision(ann, 0, -1)
    assert state is not None and state["view"]["phase"] == "tricks"
    # Each bid from 0 to the cards held is a button keyed by its own digit.
    held = state["view"]["cards_this_deal"]
    expect(ann.locator("#table .decide .moves button")).to_have_count(held + 1)
    expect(ann.locator("#table .decide .moves button").nth(2)).to_have_text("2bid 2 tricks")
    # Nobody's bid shows before the last is in; the others are said to have bid, or not yet.
    for seat in (1, 2):
        assert state["view"]["trick_bids"][seat] is None
    ann.keyboard.press("2")
    ann.wait_for_function("() => window.__hs.last.view.phase === 'play'")
    bids = last_state(ann)["view"]["trick_bids"]
    assert bids[0] == 2 and None not in bids
    expect(ann.locator("#table .ring .place-b .seat-facts")).to_contain_text("bid 2 · took 0")
    expect(ann.locator("#table .ring .place-l .seat-facts")).to_contain_text(f"bid {bids[1]} · took 0")
    expect(ann.locator("#table .scores")).to_contain_text("0 points")
    visitors.assert_no_page_errors()


# Each seat's box on the table: its place and where it is drawn.
SEAT_BOXES_JS = """() => [...document.querySelectorAll("#table .ring .seat")].map((seat) => {
  const box = seat.getBoundingClientRect();
  return { place: [...seat.classList].find((name) => name.startsWith("place-")),
    name: seat.querySelector(".seat-name").lastChild.textContent,
    left: box.left, right: box.right, top: box.top, bottom: box.bottom };
})"""


@pytest.mark.parametrize("phone", [False, True], ids=["1280px", "390px"])
def test_twelve_seats_sit_round_the_table(visitors: Visitors, server_url: str, phone: bool) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human"] + [BOT] * 11})["room"]
    ann = visitors.open(f"/r/{room}", phone=phone)
    join(ann, "Ann", 0)
    expect(ann.locator("#table .ring .seat")).to_have_count(12)
    boxes = {box["place"]: box for box in ann.evaluate(SEAT_BOXES_JS)}
    width = ann.viewport_size["width"]
    # Clockwise from the reader's left: the corner beside the reader, up the left side, along
    # the top, down the right side, the corner on the reader's right.
    order = ["place-bl", "place-l3", "place-l2", "place-l1", "place-tl", "place-t", "place-tr",
             "place-r1", "place-r2", "place-r3", "place-br"]
    assert [boxes[place]["name"] for place in order] == [f"Bot {seat}" for seat in range(2, 13)]
    assert "You" in boxes["place-b"]["name"]
    assert boxes["place-bl"]["right"] <= boxes["place-b"]["left"]
    assert boxes["place-b"]["right"] <= boxes["place-br"]["left"]
    left_side = ["place-tl", "place-l1", "place-l2", "place-l3", "place-bl"]
    for upper, lower in pairwise(left_side):
        assert boxes[upper]["bottom"] <= boxes[lower]["top"]
    placed = list(boxes.values())
    for index, one in enumerate(placed):  # nothing overlaps, nothing is wider than the screen
        assert one["left"] >= 0 and one["right"] <= width
        for other in placed[index + 1:]:
            assert (one["right"] <= other["left"] or other["right"] <= one["left"]
                    or one["bottom"] <= other["top"] or other["bottom"] <= one["top"]), (one, other)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SCREENSHOTS / f"twelve-seats-{width}.png"), full_page=True)
    visitors.assert_no_page_errors()


@pytest.mark.parametrize("phone", [False, True], ids=["1280px", "390px"])
def test_two_players_see_the_25_card_hand(visitors: Visitors, server_url: str, phone: bool) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT]})["room"]
    ann = visitors.open(f"/r/{room}", phone=phone)
    join(ann, "Ann", 0)
    state = next_decision(ann, 0, -1)
    assert state is not None and state["view"]["cards_this_deal"] == 25
    expect(ann.locator("#table .ring .seat")).to_have_count(2)
    expect(ann.locator("#table .ring .place-t")).to_contain_text("Bot 2")
    cards = ann.locator("#table .hand button.card")
    expect(cards).to_have_count(25)
    width = ann.viewport_size["width"]
    # Measured in one step in the page: a state arriving between two looks would draw new cards.
    boxes = cards.evaluate_all(
        "cards => cards.map(card => [card.getBoundingClientRect().x, card.getBoundingClientRect().width])")
    assert len(boxes) == 25
    for x, card_width in boxes:
        assert x >= 0 and x + card_width <= width, (x, card_width, width)
    # Each trick bid from 0 to 25 is a button; the first ten have their digit.
    expect(ann.locator("#table .decide .moves button")).to_have_count(26)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SCREENSHOTS / f"two-players-{width}.png"), full_page=True)
    visitors.assert_no_page_errors()
