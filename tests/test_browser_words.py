"""Every word the browser shows goes through the translation layer: in Chromium.

The proof, for the pages and the games' tables:

- **Pseudo-localisation.** Under the tests' language ``qps`` every translated message comes
  back wrapped in ⟦ ⟧. The tests walk the lobby, a Greed and a Deal or No Deal game and a
  replay under it and fail on any visible text, ``aria-label``, ``title`` or ``placeholder``
  that holds words outside the markers. Numbers, money, dice faces, keys, punctuation,
  players' names, the languages' own names in the switcher and the options' values (which
  are typed on the command line as they are, see docs/glossary.md) are not words. What the
  server says in words (refusals, moves, bots, titles, options) is the server's to
  translate: here the server's answers are given to the pages with those words marked, as a
  server speaking the pseudo-language gives them, so that a page showing a word of its own
  without the layer is caught, and one dropping or rewriting the server's words too.
- **Spanish and Italian.** A Greed and a Deal or No Deal game played in Spanish, and a
  refusal read in Italian. These read the translated catalogs, which translators fill after
  the messages are marked: until then they are expected to fail (strict xfail). Numbers and
  money are the language's from the start: Spanish thousands with dots (1.000.000 $).
- **The switcher**: the reader's choice, remembered across pages and reloads, applied at once.
- **Layout**: screenshots of the lobby and both tables in Spanish on a phone and a desktop,
  kept in the test's temporary directory, and no element wider than its container nor text
  cut off, with the words as they are and with every message a good deal longer.

As in test_browser, people are browser contexts and the tests observe the room page's
WebSocket (``RECORDER_JS``).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page, Route, expect

import highstakes as hs
from amounts_in_words import CENTS, SPELLED
from highstakes.i18n import Domain, use_language
from highstakes.i18n.catalogs import domains as catalog_domains
from highstakes.i18n.export import browser_catalog
from highstakes.i18n.numbers import format_money, format_number, format_percent

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    DESKTOP,
    NEXT_DECISION_JS,
    PHONE,
    RECORDER_JS,
    STEP_TIMEOUT_MS,
    Frame,
    Send,
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    get_json,
    last_state,
    post_json,
    relay_room_sockets,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)
from highstakes.testing.pseudo import ELEMENT_TEXTS_JS, page_you_joins

LANGUAGE_KEY = "highstakes.language"
NATIVE_NAMES = ["English", "Español", "Italiano", "Oʻzbekcha"]
PLAYERS = ["Ann", "Bob", "Cleo"]
MAX_DECISIONS = 300

# Keys of the server's JSON whose text values are words for people (in whatever answer or
# message they come): the server translates them, the pages show them as they come.
SERVER_WORD_KEYS = {"title", "summary", "description", "also_accepts", "label", "message", "reason", "unit"}


# --- what the server says, marked as a server speaking the pseudo-language marks it -----------------


def marked(value: Any, key: str = "") -> Any:
    """``value`` (an answer or message of the server) with its words wrapped in ⟦ ⟧."""
    if isinstance(value, dict):
        return {
            name: ({bot: f"⟦{label}⟧" for bot, label in item.items()} if name == "bot_labels"
                   and isinstance(item, dict) else marked(item, name))
            for name, item in value.items()
        }
    if isinstance(value, list):
        return [marked(item, key) for item in value]
    if isinstance(value, str) and key in SERVER_WORD_KEYS and value:
        return f"⟦{value}⟧"
    return value


def mark_answer(route: Route) -> None:
    response = route.fetch()
    if "json" not in (response.headers.get("content-type") or "") or "/record" in route.request.url:
        route.fulfill(response=response)
        return
    route.fulfill(response=response, json=marked(response.json()))


def mark_frame(frame: Frame, to_page: Send, _to_server: Send) -> None:
    to_page(json.dumps(marked(json.loads(frame))) if isinstance(frame, str) else frame)


def game_domains() -> list[Domain]:
    definitions = [hs.definition(game) for game in hs.games()]
    return [Domain(definition.id, definition.resources) for definition in definitions if definition.resources]


def open_page(
    visitors: Visitors, path: str, *, language: str | None = None, locale: str = "en-US",
    pseudo_server: bool = False, phone: bool = False, viewport: dict[str, int] | None = None,
    catalogs: Callable[[str], dict[str, Any]] | None = None,
) -> Page:
    """A person at their own browser, reading ``language`` (chosen before the first page; None:
    the browser's own languages, ``locale``, decide). ``pseudo_server``: the server's words reach
    the page marked. ``catalogs``: the translations the page loads, by language (the server's own
    catalogs, as /i18n/<language>.json gives them, by default)."""
    options: dict[str, Any] = {"base_url": visitors.base_url, "locale": locale}
    if phone:
        options.update(viewport=viewport or PHONE, is_mobile=True, has_touch=True, device_scale_factor=3)
    else:
        options.update(viewport=viewport or DESKTOP)
    context: BrowserContext = visitors.browser.new_context(**options)
    visitors.contexts.append(context)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    context.add_init_script(RECORDER_JS)
    if language is not None:
        # Chosen once, as if on an earlier visit; the page may change it afterwards.
        context.add_init_script(
            f"if (!sessionStorage.getItem('chosen')) {{ localStorage.setItem('{LANGUAGE_KEY}', "
            f"'{language}'); sessionStorage.setItem('chosen', '1'); }}")
    if catalogs is not None:
        context.route(re.compile(r".*/i18n/[a-z]+\.json$"),
                      lambda route: route.fulfill(json=catalogs(route.request.url.rsplit("/", 1)[1][:-5])))
    if pseudo_server:
        context.route("**/api/**", mark_answer)
        relay_room_sockets(context, from_server=mark_frame)
    page = context.new_page()
    page.on("pageerror", lambda error: visitors.problems.append(f"uncaught: {error}"))
    page.on("console", lambda message: message.type == "error" and visitors.problems.append(message.text))
    page.goto(path)
    wait_for_words(page)
    return page


def wait_for_words(page: Page) -> None:
    """The page has written its words (until then it stays hidden)."""
    page.wait_for_function("() => document.documentElement.dataset.words === 'ready'")


# --- finding words outside the layer ------------------------------------------------------------------

# Every visible element's own text (its text and its children's, but not commands, keys and
# dice, which are not words), every select's options, and the attributes people read:
# whatever holds a run of two letters or more outside ⟦ ⟧, once `allowed` phrases are removed.
UNMARKED_JS = r"""(allowed) => {
  const phrases = [...allowed].sort((a, b) => b.length - a.length);
  const SKIP = "code, kbd, .die, script, style";
  const outside = (text) => {
    let depth = 0;
    let out = "";
    for (const character of text) {
      if (character === "⟦") depth += 1;
      else if (character === "⟧") depth = Math.max(0, depth - 1);
      else if (depth === 0) out += character;
    }
    return out;
  };
  const words = (text) => {
    let rest = outside(text);
    for (const phrase of phrases) rest = rest.split(phrase).join(" ");
    return rest.match(/\p{L}{2,}/gu) ?? [];
  };
  const textOf = (node) => [...node.childNodes].map((child) => {
    if (child.nodeType === Node.TEXT_NODE) return child.textContent;
    if (child.nodeType !== Node.ELEMENT_NODE || child.matches(SKIP)) return " ";
    return textOf(child);
  }).join("");
  const describe = (node) => {
    const classes = typeof node.className === "string" && node.className.trim()
      ? `.${node.className.trim().split(/\s+/).join(".")}` : "";
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes}`;
  };
  const problems = [];
  const check = (where, text) => {
    const found = words(text ?? "");
    if (found.length) problems.push({ where, text: (text ?? "").trim().slice(0, 200), words: found });
  };
  const visible = (node) => node.checkVisibility({ checkVisibilityCSS: true });
  for (const node of document.body.querySelectorAll("*")) {
    if (node.closest(SKIP) || !visible(node)) continue;
    const ownText = [...node.childNodes]
      .some((child) => child.nodeType === Node.TEXT_NODE && child.textContent.trim());
    if (ownText) check(describe(node), textOf(node));
    for (const attribute of ["aria-label", "title", "placeholder"]) {
      if (!node.hasAttribute(attribute)) continue;
      check(`${describe(node)}[${attribute}]`, node.getAttribute(attribute));
    }
    if (node.tagName === "SELECT") {
      for (const option of node.options) check(`${describe(node)} option`, option.textContent);
    }
  }
  check("document.title", document.title);
  return problems;
}"""


class Walk:
    """What a person reads on the way, checked at every stop for words outside the layer, and,
    with ``you_joins``, for a "you" glued to another person's verb (``highstakes.testing.pseudo``)."""

    def __init__(self, server_url: str, *, you_joins: bool = False) -> None:
        self.you_joins = you_joins
        games = get_json(server_url, "/api/games")
        choices = {str(choice) for game in games for spec in game["options"] for choice in spec["choices"]
                   if isinstance(choice, str)}
        # Option values are typed as they are (docs/glossary.md); the lobby shows them with spaces.
        self.allowed = sorted({*PLAYERS, *NATIVE_NAMES, "$GREED", *choices,
                               *(choice.replace("_", " ") for choice in choices)})
        self.problems: dict[tuple[str, str], str] = {}
        self.stops: list[str] = []

    def check(self, page: Page, stop: str) -> None:
        self.stops.append(stop)
        for problem in page.evaluate(UNMARKED_JS, self.allowed):
            self.problems.setdefault((problem["where"], problem["text"]), f"{stop}: {problem['words']}")
        if self.you_joins:
            for join in page_you_joins(page.evaluate(ELEMENT_TEXTS_JS)):
                self.problems.setdefault(("a 'you' glued to other words", join), stop)

    def assert_all_marked(self) -> None:
        report = "\n".join(f"  {where}: {text!r} ({seen})" for (where, text), seen in self.problems.items())
        stops = len(self.stops)
        assert not self.problems, f"words outside the translation layer, at {stops} stops:\n{report}"


# --- playing through the pages, whatever their language -------------------------------------------------

STAGE_READY_JS = """(version) => {
  const state = window.__hs.last;
  if (!state || state.version < version || !state.legal.length) return false;
  return document.querySelector("#table .stage-body button:not([aria-disabled='true'])") !== null;
}"""

GREED_READY_JS = """(after) => {
  const state = window.__hs.last;
  if (!state) return false;
  if (state.status === "over") return true;
  if (!state.legal.length || state.version <= after) return false;
  return document.querySelector("#table .choices .choice:not([aria-disabled='true'])") !== null;
}"""


def deal_room(server_url: str) -> str:
    """A Deal or No Deal duo: a person in seat 1 (the first banker), a bot that deals at the mean."""
    body = {"game": "deal_or_no_deal", "seats": ["human", "bot:guide-ev"]}
    return str(post_json(server_url, "/api/rooms", body)["room"])


def join_seat(page: Page, name: str, seat: int) -> None:
    """Type a name and take a seat with the join form's buttons (named in any language)."""
    expect(page.locator("#join")).to_be_visible()
    page.fill("#player-name", name)
    page.locator(f"#join-seats button[value='{seat}']").click()
    expect(page.locator("#join")).to_be_hidden()
    page.wait_for_function("(seat) => window.__hs.last?.seat === seat", arg=seat)


def play_greed(page: Page, at_each: Callable[[dict[str, Any]], None] = lambda state: None) -> None:
    """The page's person plays Greed by keys to the end: bank when offered, else 1."""
    after = -1
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(GREED_READY_JS, arg=after)
        state = last_state(page)
        if state["status"] == "over":
            return
        at_each(state)
        page.keyboard.press("b" if page.locator("#table .choice.bank").count() else "1")
        after = state["version"]
    pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")


def next_decision(page: Page, seat: int, after: int) -> dict[str, Any] | None:
    turn = page.wait_for_function(NEXT_DECISION_JS, arg=[[seat], after]).json_value()
    if turn["over"]:
        return None
    page.wait_for_function(STAGE_READY_JS, arg=turn["version"])
    return last_state(page)


def type_into(page: Page, box: str, text: str) -> None:
    field = page.locator(box)
    field.clear()
    field.press_sequentially(text)


def play_deal_or_no_deal(
    page: Page, seat: int, at_each: Callable[[dict[str, Any]], None] = lambda state: None
) -> None:
    """The page's person plays a duo match to its end through the table's own controls.

    As contestant: take and open the first cases offered, refuse the first offer, deal at the
    next. As banker: offer from the quick picks, accept a counter.
    """
    after = -1
    refused = False
    for _ in range(MAX_DECISIONS):
        state = next_decision(page, seat, after)
        if state is None:
            return
        at_each(state)
        phase = state["view"]["phase"]
        table = page.locator("#table")
        if phase in ("pick", "call"):
            table.locator(".cases-grid .case.usable").first.click()
        elif phase == "offer":
            table.locator(".chips-list button").last.click()
        elif phase == "respond":
            table.locator("[data-focus='deal']" if refused else "[data-focus='no_deal']").click()
            refused = True
        elif phase == "counter":
            table.locator("[data-focus='accept']").click()
        elif phase == "keep_or_swap":
            table.locator("[data-focus='keep']").click()
        else:
            table.locator("[data-focus='no_guess']").click()
        page.wait_for_function("(version) => window.__hs.last.version > version", arg=state["version"])
        after = state["version"]
    pytest.fail(f"the match did not end within {MAX_DECISIONS} decisions")


# --- pseudo-localisation ----------------------------------------------------------------------------------


def test_under_the_pseudo_language_the_lobby_has_no_word_outside_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    walk = Walk(server_url, you_joins=True)
    page = open_page(visitors, "/", language="qps")
    expect(page.locator(".game-card")).to_have_count(len(hs.games()))
    walk.check(page, "the lobby")
    # A name is asked for before a game starts.
    page.locator(".game-card[data-game='greed'] button").first.click()
    expect(page.locator("#player-name-problem")).to_be_visible()
    walk.check(page, "the lobby asking for a name")
    page.fill("#player-name", "Ann")
    for game in ("greed", "deal_or_no_deal"):
        page.select_option("#game", game)
        page.select_option("#seat-count", index=1)
        walk.check(page, f"the form set up for {game}")
    # An option's own values: the box, its help, and a mistake in it.
    page.select_option("#option-values", "custom")
    walk.check(page, "an option's own values")
    page.fill("#option-values-custom", "1, 2, three")
    page.locator("#create-button").click()
    expect(page.locator("#create-error")).to_be_visible()
    walk.check(page, "an option's values refused")
    assert acts_sent(page) == 0
    # The rooms waiting for players and this browser's seats.
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "human"]})["room"]
    waiting = [{"room": room, "game": "greed", "title": "Greed", "invite": f"/r/{room}", "seats_free": 2,
                "seats_total": 2, "waiting_seconds": 75}]
    page.route("**/api/open-rooms", lambda route: route.fulfill(json=marked(waiting)))
    page.evaluate(f"() => localStorage.setItem('highstakes.token.{room}', 'a-token')")
    page.reload()
    wait_for_words(page)
    expect(page.locator("#open-rooms li")).to_have_count(1)
    expect(page.locator("#my-rooms li")).to_have_count(1)
    expect(page.locator("#my-rooms li .muted")).not_to_have_text("")
    walk.check(page, "the lobby with open rooms and seats")
    walk.assert_all_marked()
    visitors.assert_no_page_errors()


def test_under_the_pseudo_language_a_greed_game_and_its_replay_have_no_word_outside_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    walk = Walk(server_url)
    # A room waiting for its people: the seats offered, then the wait for the other person.
    waiting = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "human"]})["room"]
    page = open_page(visitors, f"/r/{waiting}", language="qps")
    expect(page.locator("#join")).to_be_visible()
    walk.check(page, "a room waiting, offering its seats")
    join_seat(page, "Ann", 0)
    expect(page.locator("#invite")).to_have_attribute("open", "")
    walk.check(page, "a room waiting for its other person")
    # A game against a bot, with a turn timer.
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"],
                                                "turn_timer": 300})["room"]
    page.goto(f"/r/{room}")
    wait_for_words(page)
    join_seat(page, "Ann", 0)
    page.keyboard.press("?")  # the scoring
    page.locator("#table .greed-rolloff summary").click()

    def stop(state: dict[str, Any]) -> None:
        if state["version"] < 6 or state["version"] % 5 == 0:
            walk.check(page, f"Greed, decision {state['version']}")

    play_greed(page, stop)
    expect(page.locator("#result")).to_be_visible()
    walk.check(page, "Greed, the end")
    # The replay: every move, from the start and from a seat's view.
    page.locator("#result-links a").first.click()
    wait_for_words(page)
    expect(page.locator("#controls")).to_be_visible()
    walk.check(page, "the replay, at the start")
    page.locator("#moves-panel summary").click()
    for key in ("ArrowRight", "ArrowRight", "End"):
        page.keyboard.press(key)
        walk.check(page, f"the replay after {key}")
    page.select_option("#viewer", index=1)
    expect(page.locator("#result")).to_be_visible()
    walk.check(page, "the replay from a seat, at the end")
    walk.assert_all_marked()
    visitors.assert_no_page_errors()


def test_under_the_pseudo_language_a_deal_or_no_deal_match_has_no_word_outside_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    walk = Walk(server_url)
    room = deal_room(server_url)
    page = open_page(visitors, f"/r/{room}", language="qps")
    join_seat(page, "Ann", 0)
    page.keyboard.press("?")  # how it works
    seen: set[str] = set()

    def stop(state: dict[str, Any]) -> None:
        phase = state["view"]["phase"]
        walk.check(page, f"Deal or No Deal, {phase}")
        if phase == "offer" and "offer" not in seen:
            seen.add("offer")
            # A mistyped amount, a refused one, then one read back before it is sent.
            type_into(page, "#dond-amount-offer", "12,34")
            page.locator("#dond-amount-offer").press("Enter")
            expect(page.locator("#table .typing-problem")).to_be_visible()
            walk.check(page, "an offer mistyped")
            page.evaluate("""(version) => window.__hs.sockets.at(-1).send(
                JSON.stringify({ type: "act", action: { offer: 100000001 }, version }))""", state["version"])
            page.wait_for_function("() => window.__hs.errors.length === 1")
            expect(page.locator("#table .refusal")).to_be_visible()
            walk.check(page, "an offer refused by the server")
            type_into(page, "#dond-amount-offer", "900,000")
            expect(page.locator("#table .amount-reading")).not_to_have_text("")
            page.locator("#dond-amount-offer").press("Enter")
            expect(page.locator("#table .confirm")).to_be_visible()
            walk.check(page, "an offer read back before it is sent")
            page.locator("[data-focus='change-offer']").click()
            page.locator("#table").focus()
            page.keyboard.press("a")  # the advisor
            expect(page.locator("#table .advisor-body")).to_be_visible()
            expect(page.locator("#table .advisor-body")).not_to_have_text(re.compile("^⟦Thinking…⟧$"))
            walk.check(page, "the advisor")
            page.keyboard.press("a")
        if phase == "respond" and "respond" not in seen:
            seen.add("respond")
            type_into(page, "#dond-amount-counter", "5")
            walk.check(page, "a counter typed")
            page.locator("#dond-amount-counter").clear()

    play_deal_or_no_deal(page, 0, stop)
    expect(page.locator("#result")).to_be_visible()
    walk.check(page, "Deal or No Deal, the end")
    page.locator("#rematch").click()
    page.wait_for_function("() => window.__hs.last?.game_number === 2")
    expect(page.locator("#past-games")).to_be_visible()
    walk.check(page, "the rematch, with the earlier game listed")
    walk.assert_all_marked()
    assert page.evaluate("() => window.__hs.errors.length") == 1
    visitors.assert_no_page_errors()


MILLIONAIRE_READY_JS = """([version, seat]) => {
  const state = window.__hs.last;
  if (!state || state.version < version || !state.legal.length) return false;
  if (state.to_act.length !== 1 || state.to_act[0] !== seat) return false;
  return document.querySelector("#table .mill .option:not([aria-disabled='true'])") !== null;
}"""


def pack_words(view: dict[str, Any]) -> set[str]:
    """The question pack's own words in a Millionaire view: its question, options, explanation."""
    words: set[str] = set()
    if view["question"]:
        words |= {view["question"]["text"], *(option["text"] for option in view["question"]["options"])}
    if view["last_reveal"]:
        reveal = view["last_reveal"]
        words |= {reveal["question"], reveal["answer_text"], reveal["explanation"]}
    return words


def test_under_the_pseudo_language_a_millionaire_game_has_no_word_outside_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    """Every word of Millionaire's table but the questions' own, which are the pack's; and every
    sentence about a seat one message, for "you" or for another player."""
    walk = Walk(server_url, you_joins=True)
    seats = ["human", "bot:knower", "bot:knower-weak"]
    table = {"game": "millionaire", "seats": seats, "options": {"rounds": 2}}
    room = post_json(server_url, "/api/rooms", table)["room"]
    page = open_page(visitors, f"/r/{room}", language="qps")
    join_seat(page, "Ann", 0)
    page.keyboard.press("?")  # how it works
    after, phoned = -1, False
    for step in range(MAX_DECISIONS):
        turn = page.wait_for_function(NEXT_DECISION_JS, arg=[[0], after]).json_value()
        if turn["over"]:
            break
        page.wait_for_function(MILLIONAIRE_READY_JS, arg=[turn["version"], 0])
        state = last_state(page)
        walk.allowed = sorted({*walk.allowed, *pack_words(state["view"])})
        kinds = {next(iter(entry["action"])) for entry in state["legal"]}
        if step < 4 or step % 5 == 0:
            walk.check(page, f"Millionaire, decision {state['version']}")
        before = acts_sent(page)
        if "phone" in kinds and not phoned:
            phoned = True
            page.keyboard.press("w")  # walking away asks first
            expect(page.locator("#table .confirm-walk")).to_be_visible()
            walk.check(page, "Millionaire, walking away asked")
            page.keyboard.press("Escape")
            page.keyboard.press("p")  # whom to phone
            expect(page.locator("#table .friends")).to_be_visible()
            walk.check(page, "Millionaire, phone a friend")
            page.keyboard.press("1")
        else:
            option = page.locator("#table .option:not([aria-disabled='true'])").first
            page.keyboard.press(str(option.get_attribute("data-letter")).lower())
        page.wait_for_function("(count) => window.__hs.sent.filter((m) => m.type === 'act').length > count",
                               arg=before)
        after = state["version"]
    else:
        pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")
    assert phoned
    walk.allowed = sorted({*walk.allowed, *pack_words(last_state(page)["view"])})
    expect(page.locator("#result")).to_be_visible()
    walk.check(page, "Millionaire, the end")
    walk.assert_all_marked()
    visitors.assert_no_page_errors()


def smallest_piece(view: dict[str, Any]) -> int:
    """It's in the Bag: the smallest piece the seat holds (the picker's first kind)."""
    return min(int(piece) for piece, count in view["your_pieces"].items() if count)


def second_piece_key(view: dict[str, Any]) -> str:
    """It's in the Bag: the picker's key that puts the second smallest piece held in the fist."""
    kinds = sorted(int(piece) for piece, count in view["your_pieces"].items() if count)
    return "1" if view["your_pieces"][str(kinds[0])] > 1 else "2"


BAG_READY_JS = """(after) => {
  const state = window.__hs.last;
  if (!state) return false;
  if (state.status === "over") return true;
  if (!state.legal.length || state.version <= after) return false;
  return document.querySelector("#table .hand .piece-button:not([aria-disabled])") !== null;
}"""


def test_under_the_pseudo_language_an_its_in_the_bag_game_has_no_word_outside_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    """Fed and bid by keys to the end: the pieces, the fist, a refusal, a hint, the reveals, the rules."""
    walk = Walk(server_url)
    table = {"game": "in_the_bag", "seats": ["human", "bot:believer"]}
    room = post_json(server_url, "/api/rooms", table)["room"]
    page = open_page(visitors, f"/r/{room}", language="qps")
    join_seat(page, "Ann", 0)
    page.keyboard.press("?")  # the rules
    after, advised = -1, False
    for _ in range(MAX_DECISIONS):
        page.wait_for_function(BAG_READY_JS, arg=after)
        state = last_state(page)
        if state["status"] == "over":
            break
        view = state["view"]
        walk.check(page, f"It's in the Bag, {view['phase']} at decision {state['version']}")
        if view["phase"] == "feed":
            page.keyboard.press("1")
        else:
            if not advised:  # an empty fist refused, then the advisor's pieces in the fist
                advised = True
                page.keyboard.press("s")
                expect(page.locator("#table .refusal")).to_be_visible()
                walk.check(page, "It's in the Bag, a refused bid")
                page.keyboard.press("h")
                expect(page.locator("#table .hint-text")).to_contain_text("⟦")
                walk.check(page, "It's in the Bag, a hint")
                page.keyboard.press("c")
            # The smallest piece; with the next one when a tie forbids the smallest alone.
            page.keyboard.press("1")
            if view["must_differ_from"] == smallest_piece(view):
                page.keyboard.press(second_piece_key(view))
            page.keyboard.press("s")
        after = state["version"]
    expect(page.locator("#result")).to_be_visible()
    walk.check(page, "It's in the Bag, the end")
    walk.assert_all_marked()
    visitors.assert_no_page_errors()


def test_under_the_pseudo_language_the_generic_table_has_no_word_outside_the_layer(
    visitors: Visitors, server_url: str
) -> None:
    """A game without a renderer of its own is drawn by the generic table: here Deal or No Deal's
    view, its moves and its box for an amount, with the game's renderer left out of its entry."""
    walk = Walk(server_url, you_joins=True)

    def without_renderer(route: Route) -> None:
        games = route.fetch().json()
        route.fulfill(json=marked([{**game, "renderer": None} for game in games]))

    page = open_page(visitors, "/", language="qps")
    page.context.route("**/api/games", without_renderer)
    page.goto(f"/r/{deal_room(server_url)}")
    wait_for_words(page)
    join_seat(page, "Ann", 0)
    state = page.wait_for_function(NEXT_DECISION_JS, arg=[[0], -1]).json_value()
    assert not state["over"]
    expect(page.locator("#table .htable .amounts input")).to_be_visible()
    walk.check(page, "the generic table")
    box = page.locator("#table .htable .amounts input")
    box.press_sequentially("40,000")
    expect(page.locator("#table .amount-reading")).not_to_have_text("")
    walk.check(page, "an amount read back")
    box.fill("4,0000")
    box.press("Enter")
    expect(page.locator("#table .typing-problem")).not_to_have_text("")
    walk.check(page, "an amount mistyped")
    page.keyboard.press("Escape")
    page.locator("#table .htable .table-hint").click()
    hint = page.locator("#table .htable .hint-text")
    expect(hint).not_to_have_text(re.compile(r"^(⟦Thinking about a hint…⟧)?$"))
    walk.check(page, "a hint")
    assert acts_sent(page) == 0
    walk.assert_all_marked()
    visitors.assert_no_page_errors()


def test_the_generic_table_reads_a_games_view_in_the_games_own_words(
    visitors: Visitors, server_url: str
) -> None:
    """A key or text value of the view that the game's catalog translates is shown translated."""

    def without_renderer(route: Route) -> None:
        route.fulfill(json=[{**game, "renderer": None} for game in route.fetch().json()])

    catalog = {"language": "es", "pseudo": False,
               "domains": {"deal_or_no_deal": {"phase": "fase", "offer": "oferta"}, "highstakes": {}}}
    page = open_page(visitors, "/", locale="es-ES", catalogs=lambda language: catalog)
    page.context.route("**/api/games", without_renderer)
    page.goto(f"/r/{deal_room(server_url)}")
    wait_for_words(page)
    join_seat(page, "Ann", 0)
    page.wait_for_function(NEXT_DECISION_JS, arg=[[0], -1])
    data = page.locator("#table .htable .table-main .table-facts").first
    expect(data.locator(":scope > dt", has_text=re.compile("^fase$"))).to_have_count(1)
    expect(data.locator(":scope > dt:text-is('fase') + dd")).to_have_text("oferta")
    expect(data.locator(":scope > dt", has_text=re.compile("^phase$"))).to_have_count(0)
    visitors.assert_no_page_errors()


def test_the_check_finds_words_outside_the_layer(visitors: Visitors, server_url: str) -> None:
    """The walks above can fail: a word the page writes without the layer is found, wherever it is."""
    walk = Walk(server_url)
    page = open_page(visitors, "/", language="qps")
    expect(page.locator(".game-card")).to_have_count(len(hs.games()))
    page.evaluate("""() => {
      const box = document.createElement("p");
      const key = Object.assign(document.createElement("kbd"), { textContent: "Esc" });
      box.append("⟦Marked⟧ but not this, ", key);
      const button = Object.assign(document.createElement("button"), { textContent: "⟦Go⟧" });
      button.setAttribute("aria-label", "Go now");
      document.querySelector("main").append(box, button);
    }""")
    walk.check(page, "the lobby, with words added")
    found = {where: seen for (where, _text), seen in walk.problems.items()}
    assert found["p"] == "the lobby, with words added: ['but', 'not', 'this']"  # the key is not a word
    assert found["button[aria-label]"] == "the lobby, with words added: ['Go', 'now']"
    # The server's words reach the page in the page's language: here the test language, marked.
    assert not any(where.startswith("h3") for where in found)  # the games' titles
    assert not any("option" in where for where in found)  # the bots, by their names in words


# --- numbers, money and amounts: as the server writes them ---------------------------------------------

FORMATS_JS = """async (languages) => {
  const words = await import("/static/i18n.js");
  const answer = {};
  for (const language of languages) {
    await words.start(language);
    answer[language] = {
      numbers: [5000, 1234567, 999, 0.5, -5000].map((value) => words.number(value)),
      dollars: [100000000, 500000, 1, 1050, -500, 12345678].map((cents) => words.money(cents, "USD")),
      yen: [7500, 10000].map((yen) => words.money(yen, "JPY")),
      percents: [0.45, 0.527, 1].map((share) => words.percent(share)),
    };
  }
  return answer;
}"""


def test_numbers_and_money_are_written_as_the_server_writes_them(visitors: Visitors, server_url: str) -> None:
    page = open_page(visitors, "/static/not-found.html")
    languages = ["en", "es", "it", "uz"]
    shown = page.evaluate(FORMATS_JS, languages)
    for language in languages:
        assert shown[language] == {
            "numbers": [format_number(value, language) for value in (5000, 1234567, 999, 0.5, -5000)],
            "dollars": [format_money(cents, "USD", language)
                        for cents in (100000000, 500000, 1, 1050, -500, 12345678)],
            "yen": [format_money(yen, "JPY", language) for yen in (7500, 10000)],
            "percents": [format_percent(share, language) for share in (0.45, 0.527, 1)],
        }, language
    # Spanish writes thousands with dots and the sign after a no-break space, even for 5.000.
    assert shown["es"]["dollars"][:2] == ["1.000.000\u00a0$", "5.000\u00a0$"]
    assert shown["es"]["numbers"][0] == "5.000"
    assert shown["uz"]["numbers"][0] == "5\u00a0000"


HUGE_JS = """async (languages) => {
  const words = await import("/static/i18n.js");
  const common = await import("/static/common.js");
  const entry = { kind: "offer", label: "offer", low: 100, high: 100000000, step: 100, scale: 100,
    currency: "USD" };
  const answer = {};
  for (const language of languages) {
    await words.start(language);
    answer[language] = {
      numbers: [1e30, -1e30, Infinity, -Infinity, NaN, 1e15].map((value) => words.number(value)),
      dollars: [1e32, -1e32, 1e17].map((cents) => words.money(cents, "USD")),
      typed: common.formatAmount(1e32, entry),
      refusals: ["9".repeat(400), "9".repeat(17)].map((text) => common.parseAmount(text, entry).message),
    };
  }
  return answer;
}"""


def test_a_number_past_a_quadrillion_is_said_in_words_as_the_server_says_it(
    visitors: Visitors, server_url: str
) -> None:
    """10**30 is "more than 1,000,000,000,000,000", never "1e+30"; 400 typed digits are refused
    in words that repeat only the start of them."""
    page = open_page(visitors, "/static/not-found.html")
    languages = ["en", "es", "it", "uz"]
    shown = page.evaluate(HUGE_JS, languages)
    for language in languages:
        numbers = (10**30, -(10**30), math.inf, -math.inf, math.nan, 10**15)
        assert shown[language]["numbers"] == [format_number(value, language) for value in numbers]
        assert shown[language]["dollars"] == [
            format_money(cents, "USD", language) for cents in (10**32, -(10**32), 10**17)]
        assert shown[language]["typed"] == format_money(10**32, "USD", language)
    assert shown["en"]["numbers"][:2] == [
        "more than 1,000,000,000,000,000", "less than -1,000,000,000,000,000"]
    assert shown["es"]["dollars"][0] == "más de 1.000.000.000.000.000\u00a0$"
    assert shown["en"]["refusals"] == [
        f"That is too large: “{'9' * 39}…”.", f"That is too large: “{'9' * 17}”."]
    visitors.assert_no_page_errors()

AMOUNTS_JS = """async ([language, typed, cents]) => {
  const words = await import("/static/i18n.js");
  const common = await import("/static/common.js");
  await words.start(language);
  const entry = { kind: "offer", label: "offer", low: 1, high: 100000000, step: 1, scale: 100,
    currency: "USD" };
  return {
    read: typed.map((text) => {
      const amount = common.parseAmount(text, entry);
      return typeof amount === "number" ? amount : `error: ${amount.message}`;
    }),
    spelled: cents.map((amount) => common.amountInWords(amount, entry)),
  };
}"""

# What people type in each language, and the cents it says (or the page's message refusing it).
DECIMALS = "At most {n} decimal, not “{text}”."
COMMAS = "Type the amount in digits, with commas only between thousands (such as {example}), not “{text}”."
DOTS = "Type the amount in digits, with dots only between thousands (such as {example}), not “{text}”."
SPACES = "Type the amount in digits, with spaces only between thousands (such as {example}), not “{text}”."
TYPED: dict[str, list[tuple[str, int | str]]] = {
    "en": [("40,000", 4_000_000), ("$1,000,000", 100_000_000), ("12.50", 1_250), ("40000", 4_000_000),
           ("40.000", DECIMALS), ("240,00", COMMAS)],
    "es": [("40.000", 4_000_000), ("1.000.000 $", 100_000_000), ("12,50", 1_250), ("40000", 4_000_000),
           ("40,000", DECIMALS), ("240.00", DOTS)],
    "it": [("40.000", 4_000_000), ("1.000.000", 100_000_000), ("0,01", 1), ("40,000", DECIMALS)],
    "uz": [("40 000", 4_000_000), ("1\u00a0000\u00a0000 $", 100_000_000), ("12,50", 1_250),
           ("4 0000", SPACES)],
}


def refusal_pattern(language: str, message: str) -> re.Pattern[str]:
    """The page's refusal ``error: <message>`` in ``language``, any value in its placeholders."""
    translated = shipped_catalogs(language)["domains"].get("highstakes", {}).get(message, message)
    if isinstance(translated, dict):  # a plural: the general form (the tests type two decimals)
        translated = translated["other"]
    elif translated == message and message == DECIMALS:
        translated = "At most {n} decimals, not “{text}”."
    pieces = re.split(r"\{[A-Za-z_]\w*\}", translated)
    return re.compile("error: " + ".+".join(map(re.escape, pieces)), re.DOTALL)


@pytest.mark.parametrize("language", ["en", "es", "it", "uz"])
def test_amounts_are_read_as_typed_and_spelled_in_the_readers_language(
    visitors: Visitors, server_url: str, language: str
) -> None:
    page = open_page(visitors, "/static/not-found.html")
    typed = [text for text, _amount in TYPED[language]]
    answer = page.evaluate(AMOUNTS_JS, [language, typed, CENTS])
    for (text, wanted), read in zip(TYPED[language], answer["read"], strict=True):
        if isinstance(wanted, int):
            assert read == wanted, text
        else:
            assert isinstance(read, str) and refusal_pattern(language, wanted).fullmatch(read), (text, read)
    assert answer["spelled"] == SPELLED[language]
    visitors.assert_no_page_errors()


# --- the reader's language: first visit, the switcher, the server told -----------------------------------


def requests_seen(page: Page) -> list[tuple[str, str | None]]:
    """Every request of ``page`` from now on: its address and its Accept-Language."""
    seen: list[tuple[str, str | None]] = []
    page.on("request", lambda request: seen.append((request.url, request.headers.get("accept-language"))))
    return seen


def sockets_opened(page: Page) -> list[str]:
    return list(page.evaluate("() => window.__hs.sockets.map((socket) => socket.url)"))


def test_a_first_visit_reads_in_the_browsers_language_and_a_choice_beats_it(
    visitors: Visitors, server_url: str
) -> None:
    spanish = open_page(visitors, "/", locale="es-ES")
    expect(spanish.locator("html")).to_have_attribute("lang", "es")
    expect(spanish.locator("#language")).to_have_value("es")
    french = open_page(visitors, "/", locale="fr-FR")  # a language the project does not ship: English
    expect(french.locator("html")).to_have_attribute("lang", "en")
    expect(french.locator("#language")).to_have_value("en")
    chosen = open_page(visitors, "/", locale="es-ES", language="it")
    expect(chosen.locator("html")).to_have_attribute("lang", "it")
    expect(chosen.locator("#language")).to_have_value("it")
    # The switcher names each language in itself.
    expect(chosen.locator("#language option")).to_have_text(NATIVE_NAMES)
    visitors.assert_no_page_errors()


def test_the_switcher_applies_a_language_at_once_and_is_remembered_across_pages_and_reloads(
    visitors: Visitors, server_url: str
) -> None:
    page = open_page(visitors, "/")
    expect(page.locator("#language")).to_have_value("en")
    page.fill("#player-name", "Ann")
    page.select_option("#game", "greed")
    page.select_option("#seat-count", "3")
    page.select_option("#seat-2", "human")
    expect(page.locator("#option-dddd option").first).to_have_text("1,000 (default)")
    seen = requests_seen(page)
    page.select_option("#language", "es")
    # At once: the page's numbers in Spanish, the games asked for again in Spanish, the form as it was.
    expect(page.locator("html")).to_have_attribute("lang", "es")
    spanish = Reading("es", shipped_catalogs)
    spanish_default = spanish.words("highstakes", "{choice} (default)").format(choice="1.000")
    expect(page.locator("#option-dddd option").first).to_have_text(spanish_default)
    expect(page.locator("#game")).to_have_value("greed")
    expect(page.locator("#seat-count")).to_have_value("3")
    expect(page.locator("#seat-2")).to_have_value("human")
    expect(page.locator("#player-name")).to_have_value("Ann")
    assert (f"{server_url}/api/games", "es") in seen
    assert page.evaluate(f"() => localStorage.getItem('{LANGUAGE_KEY}')") == "es"

    # Another page of the site: the same language, told to the server on every request.
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    seen.clear()
    page.goto(f"/r/{room}")
    wait_for_words(page)
    expect(page.locator("#language")).to_have_value("es")
    join_seat(page, "Ann", 0)
    api_requests = [language for url, language in seen if "/api/" in url]
    assert api_requests and set(api_requests) == {"es"}
    assert all("lang=es" in url for url in sockets_opened(page))
    expect(page.locator("#table .scoreboard caption")).to_contain_text("5.000")

    # A switch in the room: written again at once, and the server told by a new connection.
    page.select_option("#language", "it")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    page.wait_for_function("() => window.__hs.sockets.at(-1).url.includes('lang=it')")
    page.wait_for_function("() => window.__hs.sockets.at(-1).readyState === WebSocket.OPEN")
    expect(page.locator("#table .scoreboard caption")).to_contain_text("5.000")
    expect(page.locator("#seat-strip")).to_contain_text("Ann")
    # Kept across a reload, and on the lobby.
    page.reload()
    wait_for_words(page)
    expect(page.locator("#language")).to_have_value("it")
    page.wait_for_function("() => window.__hs.sockets.length > 0")
    assert "lang=it" in sockets_opened(page)[-1]
    page.goto("/")
    wait_for_words(page)
    expect(page.locator("#language")).to_have_value("it")
    visitors.assert_no_page_errors()


def test_spanish_money_is_written_with_dots_for_thousands_and_typed_so(
    visitors: Visitors, server_url: str
) -> None:
    room = deal_room(server_url)
    page = open_page(visitors, f"/r/{room}", locale="es-ES")
    join_seat(page, "Ann", 0)
    state = next_decision(page, 0, -1)
    assert state is not None and state["view"]["phase"] == "offer"
    board = page.locator("#table .money-board li")
    expect(board).to_have_count(26)
    shown = board.all_text_contents()
    assert "1.000.000\u00a0$" in shown and "0,01\u00a0$" in shown and "750\u00a0$" in shown
    assert "5.000\u00a0$" in shown  # four digits are grouped too
    # Amounts are typed as Spanish writes them, read back in Spanish words, sent exactly.
    type_into(page, "#dond-amount-offer", "40,000")
    page.locator("#dond-amount-offer").press("Enter")
    expect(page.locator("#table .typing-problem")).to_be_visible()
    assert acts_sent(page) == 0
    type_into(page, "#dond-amount-offer", "40.000")
    expect(page.locator("#table .amount-reading")).to_have_text("= 40.000\u00a0$, cuarenta mil dólares")
    # The sign stands after the box, where Spanish writes it.
    assert page.evaluate("""() => {
      const row = document.querySelector("#table .amount-form .row");
      return [...row.children].map((node) => node.tagName === "INPUT" ? "box" : node.textContent.trim())[1];
    }""") == "$"
    page.locator("#dond-amount-offer").press("Enter")
    page.wait_for_function("() => window.__hs.sent.some((message) => message.type === 'act')")
    sent = page.evaluate("() => window.__hs.sent.filter((message) => message.type === 'act')")
    assert sent == [{"type": "act", "action": {"offer": 4_000_000}, "version": state["version"]}]
    visitors.assert_no_page_errors()


# --- games played in Spanish, a refusal read in Italian --------------------------------------------------

LOCALES = {"es": "es-ES", "it": "it-IT", "uz": "uz-UZ"}


def browser_messages() -> list[tuple[str, str]]:
    """Every message the pages and the games' tables write, as (domain, source text) with each
    plural form, from their sources as the catalog tool reads them."""
    from highstakes.i18n.catalogs import extract

    found = []
    for domain in catalog_domains():
        for message in extract(domain):
            if any(str(path).endswith(".js") for path, _line in message.locations):
                forms = message.id if isinstance(message.id, tuple) else (message.id,)
                found.extend((domain.name, form) for form in forms)
    return found


def longer(text: str) -> str:
    """``text`` with every word about two fifths longer, placeholders kept: what a translation
    into a wordier language does to a layout."""
    return re.sub(r"\{[A-Za-z_]\w*\}|[^\W\d_]+",
                  lambda match: match[0] if match[0].startswith("{") else
                  match[0] + match[0][:math.ceil(len(match[0]) * 0.4)].lower(), text)


def longer_catalogs(language: str) -> dict[str, Any]:
    """A catalog in which every message of the pages is translated, each word longer."""
    from highstakes.i18n.catalogs import extract

    domains: dict[str, dict[str, Any]] = {}
    for domain in catalog_domains():
        messages = domains.setdefault(domain.name, {})
        for message in extract(domain):
            if isinstance(message.id, tuple):
                messages[message.id[0]] = dict(zip(("one", "other"), map(longer, message.id), strict=True))
            elif message.id:
                messages[message.id] = longer(message.id)
    return {"language": language, "pseudo": False, "domains": domains}


def shipped_catalogs(language: str) -> dict[str, Any]:
    """The translations the server ships, as /i18n/<language>.json gives them."""
    return browser_catalog(language, game_domains())


def english_phrases(catalog: dict[str, Any]) -> dict[str, str]:
    """The phrases of the pages' English messages (two words or more between placeholders) that a
    translated page must not show: phrase → its message. A phrase the translation keeps is left out."""
    phrases: dict[str, str] = {}
    for domain, message in browser_messages():
        translated = catalog["domains"].get(domain, {}).get(message)
        kept = " ".join(translated.values()) if isinstance(translated, dict) else translated or ""
        for piece in re.split(r"\{[A-Za-z_]\w*\}", message):
            phrase = piece.strip(" .,:;!?()·—–-…“”\"'")
            if len(re.findall(r"[^\W\d_]{2,}", phrase)) >= 2 and phrase not in kept:
                phrases[phrase] = message
    return phrases


SHOWN_TEXT_JS = """() => {
  const parts = [document.title, document.body.innerText];
  for (const node of document.body.querySelectorAll("[aria-label], [title], [placeholder]")) {
    if (!node.checkVisibility()) continue;
    for (const name of ["aria-label", "title", "placeholder"]) parts.push(node.getAttribute(name) ?? "");
  }
  for (const option of document.querySelectorAll("option")) parts.push(option.textContent);
  return parts.join("\\n");
}"""


class Reading:
    """A person reading the pages in ``language`` from ``catalogs``: whatever English phrase of the
    pages' messages is left on a page is noted, with where it was seen."""

    def __init__(self, language: str, catalogs: Callable[[str], dict[str, Any]]) -> None:
        self.language = language
        self.catalog = catalogs(language)
        self.phrases = english_phrases(self.catalog)
        self.left: dict[str, str] = {}

    def words(self, domain: str, message: str) -> str:
        """``message`` as the page must write it in this language; it must be translated."""
        translated = self.catalog["domains"].get(domain, {}).get(message)
        assert isinstance(translated, str) and translated, f"{message!r} has no {self.language} translation"
        return translated

    def check(self, page: Page, stop: str) -> None:
        text = page.evaluate(SHOWN_TEXT_JS)
        # What the server says (marked when it is not translated here) is not the pages' own.
        while (unmarked := re.sub(r"⟦[^⟦⟧]*⟧", " ", text)) != text:
            text = unmarked
        for phrase, message in self.phrases.items():
            if phrase in text:
                self.left.setdefault(phrase, f"{stop} (from {message!r})")

    def assert_translated(self) -> None:
        report = "\n".join(f"  {phrase!r}: {where}" for phrase, where in self.left.items())
        assert not self.left, f"English left on pages read in {self.language}:\n{report}"


# The shipped translations, and every message of the pages translated (each word longer), with
# the server's words marked: they are the server's to translate, not the pages'.
TRANSLATIONS = pytest.mark.parametrize(("catalogs", "server_marked"), [
    pytest.param(None, False, id="translated"),  # as the server serves them
    pytest.param(longer_catalogs, True, id="every-message-longer"),
])


@TRANSLATIONS
def test_a_greed_game_played_in_spanish(
    visitors: Visitors, server_url: str, catalogs: Callable, server_marked: bool
) -> None:
    reading = Reading("es", catalogs or shipped_catalogs)
    room = post_json(server_url, "/api/rooms", {"game": "greed", "seats": ["human", "bot:heuristic"]})["room"]
    page = open_page(visitors, f"/r/{room}", locale="es-ES", catalogs=catalogs, pseudo_server=server_marked)
    expect(page.locator("html")).to_have_attribute("lang", "es")
    # The page's own title ("High Stakes", the name in every language) until the room is loaded.
    expect(page).not_to_have_title("High Stakes")
    reading.check(page, "the room, before joining")
    join_seat(page, "Ann", 0)

    def stop(state: dict[str, Any]) -> None:
        expect(page.locator("#turn")).to_have_text(reading.words("highstakes", "Your turn"))
        expect(page.locator("#table #greed-play-heading")).to_have_text(reading.words("greed", "Your roll"))
        if state["version"] < 4:
            reading.check(page, f"decision {state['version']}")

    play_greed(page, stop)
    expect(page.locator("#turn")).to_have_text(reading.words("highstakes", "Game over"))
    scores = last_state(page)["view"]["scores"]
    expect(page.locator("#table .scoreboard tbody td.num")).to_have_text(
        [format_number(score, "es") for score in scores])
    reading.check(page, "the end")
    reading.assert_translated()
    visitors.assert_no_page_errors()


@TRANSLATIONS
def test_a_deal_or_no_deal_match_played_in_spanish(
    visitors: Visitors, server_url: str, catalogs: Callable, server_marked: bool
) -> None:
    reading = Reading("es", catalogs or shipped_catalogs)
    room = deal_room(server_url)
    page = open_page(visitors, f"/r/{room}", locale="es-ES", catalogs=catalogs, pseudo_server=server_marked)
    join_seat(page, "Ann", 0)

    def stop(state: dict[str, Any]) -> None:
        expect(page.locator("#turn")).to_have_text(reading.words("highstakes", "Your turn"))
        expect(page.locator("#table .turn-line .your-turn")).to_have_text(
            reading.words("deal_or_no_deal", "Your turn"))
        reading.check(page, state["view"]["phase"])

    play_deal_or_no_deal(page, 0, stop)
    expect(page.locator("#table .stage-head h2")).to_have_text(reading.words("deal_or_no_deal", "Match over"))
    scores = last_state(page)["result"]["scores"]
    expect(page.locator("#table .players tbody td.num")).to_have_text(
        [format_money(score, "USD", "es") for score in scores])
    expect(page.locator("#table .money-board li").first).to_have_text("0,01\u00a0$")
    reading.check(page, "the end")
    reading.assert_translated()
    visitors.assert_no_page_errors()


def test_a_refusal_is_read_in_italian(visitors: Visitors, server_url: str) -> None:
    reading = Reading("it", shipped_catalogs)
    room = deal_room(server_url)
    page = open_page(visitors, f"/r/{room}", locale="it-IT")
    join_seat(page, "Ann", 0)
    state = next_decision(page, 0, -1)
    assert state is not None and state["view"]["phase"] == "offer"
    # Typed over the limit: said beside the box, in Italian, with Italian money; nothing sent.
    type_into(page, "#dond-amount-offer", "1.000.000,01")
    page.locator("#dond-amount-offer").press("Enter")
    within = reading.words("highstakes", "From {low} to {high}, not {amount}.").format(
        low="1\u00a0$", high="1.000.000\u00a0$", amount="1.000.000,01\u00a0$")
    expect(page.locator("#table .typing-problem")).to_have_text(
        reading.words("deal_or_no_deal", "Not sent: {reason}").format(reason=within))
    assert acts_sent(page) == 0
    # Sent anyway through the page's socket: the server refuses it in Italian, shown once.
    page.evaluate("""(version) => window.__hs.sockets.at(-1).send(
        JSON.stringify({ type: "act", action: { offer: 100000001 }, version }))""", state["version"])
    page.wait_for_function("() => window.__hs.errors.length === 1")
    [refusal] = page.evaluate("() => window.__hs.errors")
    with use_language("en"):
        english = "an amount is whole dollars from $1 to $1,000,000; got $1,000,000.01"
    assert refusal["code"] == "bad_amount" and refusal["message"] != english
    expect(page.locator("#table .amount-form .refusal")).to_have_text(
        reading.words("deal_or_no_deal", "Refused: {reason}").format(reason=refusal["message"]))
    reading.check(page, "the refusal")
    reading.assert_translated()
    visitors.assert_no_page_errors()


# --- layout: longer words on a phone and a desktop ------------------------------------------------------

# What does not fit: the page scrolling sideways, an element reaching out of its container (one
# that does not scroll), or text cut off by a box that clips it.
OVERFLOW_JS = r"""() => {
  const problems = [];
  const describe = (node) => {
    const classes = typeof node.className === "string" && node.className.trim()
      ? `.${node.className.trim().split(/\s+/).join(".")}` : "";
    const text = node.textContent.trim().slice(0, 60);
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}${classes} “${text}”`;
  };
  const root = document.documentElement;
  if (root.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
  }
  for (const node of document.body.querySelectorAll("*")) {
    if (!node.checkVisibility({ checkVisibilityCSS: true })) continue;
    if (node.closest(".visually-hidden, .skip-link")) continue;
    const style = getComputedStyle(node);
    if (["absolute", "fixed"].includes(style.position)) continue;
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    if (clips && node.scrollWidth > node.clientWidth + 1) {
      problems.push(`text cut off: ${describe(node)} (${node.scrollWidth} px in ${node.clientWidth} px)`);
    }
    // The container is the nearest ancestor with a box of its own (not display: contents).
    let parent = node.parentElement;
    while (parent && parent !== document.body && getComputedStyle(parent).display === "contents") {
      parent = parent.parentElement;
    }
    if (!parent || parent === document.body) continue;
    if (["auto", "scroll"].includes(getComputedStyle(parent).overflowX)) continue;
    const box = node.getBoundingClientRect();
    const outer = parent.getBoundingClientRect();
    // A negative margin reaches out on purpose (a bar drawn edge to edge): only beyond it counts.
    const left = Math.max(0, -parseFloat(style.marginLeft) || 0);
    const right = Math.max(0, -parseFloat(style.marginRight) || 0);
    if (box.width && (box.right > outer.right + right + 1 || box.left < outer.left - left - 1)) {
      const span = (rect) => `${Math.round(rect.left)}–${Math.round(rect.right)} px`;
      problems.push(`wider than its container: ${describe(node)} (${span(box)} ` +
        `in ${describe(parent)} at ${span(outer)})`);
    }
  }
  return problems;
}"""

SCREENS = {"phone": {"phone": True}, "desktop": {"viewport": {"width": 1280, "height": 800}}}


@pytest.mark.parametrize("screen", ["phone", "desktop"])
@pytest.mark.parametrize("catalogs", [shipped_catalogs, longer_catalogs],
                         ids=["spanish", "every-message-longer"])
def test_the_spanish_lobby_and_tables_fit_a_phone_and_a_desktop(
    visitors: Visitors, server_url: str, tmp_path: Path, screen: str, catalogs: Callable
) -> None:
    """Screenshots of the lobby and both tables in Spanish, kept in the test's temporary
    directory for review; nothing wider than its container, no text cut off."""
    problems: dict[str, list[str]] = {}

    def look(page: Page, name: str) -> None:
        page.evaluate("() => document.fonts.ready")
        page.screenshot(path=str(tmp_path / f"{name}-{screen}.png"), full_page=True)
        found = page.evaluate(OVERFLOW_JS)
        if found:
            problems[name] = found

    def opened(path: str) -> Page:
        page = open_page(visitors, path, locale="es-ES", catalogs=catalogs, **SCREENS[screen])
        page.emulate_media(reduced_motion="reduce")  # the dice land without turning
        return page

    lobby = opened("/")
    expect(lobby.locator(".game-card")).to_have_count(len(hs.games()))
    lobby.select_option("#game", "deal_or_no_deal")
    lobby.select_option("#option-values", "custom")
    look(lobby, "lobby")

    seats = ["human", "bot:heuristic", "bot:maxexp"]
    greed = post_json(server_url, "/api/rooms", {"game": "greed", "seats": seats, "turn_timer": 300})["room"]
    page = opened(f"/r/{greed}")
    join_seat(page, "Ann", 0)
    page.wait_for_function(GREED_READY_JS, arg=-1)
    page.locator("#table .greed-rules summary").click()
    look(page, "greed")

    deal = deal_room(server_url)
    page = opened(f"/r/{deal}")
    join_seat(page, "Ann", 0)
    state = next_decision(page, 0, -1)
    assert state is not None and state["view"]["phase"] == "offer"
    type_into(page, "#dond-amount-offer", "900.000")
    page.locator("#dond-amount-offer").press("Enter")
    expect(page.locator("#table .confirm")).to_be_visible()
    page.locator("#table").focus()
    page.keyboard.press("a")
    expect(page.locator("#table .advisor")).to_be_visible()
    page.locator("#table .dond-rules summary").click()
    look(page, "deal-or-no-deal")

    assert sorted(path.name for path in tmp_path.glob("*.png")) == sorted(
        f"{name}-{screen}.png" for name in ("lobby", "greed", "deal-or-no-deal"))
    assert not problems, "\n".join(f"{name}:\n  " + "\n  ".join(found) for name, found in problems.items())
    visitors.assert_no_page_errors()


SIGNED_JS = """async ([language, typed]) => {
  const words = await import("/static/i18n.js");
  const common = await import("/static/common.js");
  await words.start(language);
  const offset = { kind: "place", label: "place", low: -10000, high: 10000, step: 1, scale: 100, unit: "mm" };
  const bid = { kind: "bid", label: "bid", low: 1, high: 100, step: 1, scale: 1 };
  const read = (text, entry) => {
    const amount = common.parseAmount(text, entry);
    return typeof amount === "number" ? amount : "error";
  };
  return {
    offsets: typed.map((text) => read(text, offset)),
    bid: read("-5", bid),
    shown: [common.formatAmount(-150, offset), common.formatAmount(-50, offset)],
  };
}"""


def test_an_entry_that_goes_below_zero_takes_a_minus_sign(visitors: Visitors, server_url: str) -> None:
    page = open_page(visitors, "/static/not-found.html")
    answer = page.evaluate(SIGNED_JS, ["en", ["-1.5", "\u22120.25", "2", "--1"]])
    assert answer["offsets"] == [-150, -25, 200, "error"]
    assert answer["bid"] == "error"  # an entry that stays above zero takes no sign
    assert answer["shown"] == ["\u22121.50 mm", "\u22120.50 mm"]
    visitors.assert_no_page_errors()
