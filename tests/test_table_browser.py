"""The browser draws a declared table with every widget, at 1280 and 390 px wide, and acts from it.

The showcase game (``showcase_game.py``) is installed as a plugin for the server; Ann and Bob
take its seats in their own browsers. What the page sends is read from its recorder; a refusal
is said in one line and sends nothing. The same declaration says the same words in both faces:
Greed's generic table, drawn by the page, holds every sentence the terminal's reader makes of
the table the server sent.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import highstakes as hs
from highstakes.i18n import use_language
from highstakes.table import from_json
from highstakes.table.keys import walk
from highstakes.table.reading import Reader
from highstakes.table.widgets import Facts, Menu, Seats
from highstakes.testing.browsers import (  # browser_fixture is used by its name: browser
    PHONE,
    Visitors,
    acts_sent,
    browser_fixture,  # noqa: F401
    join,
    last_state,
    post_json,
    running_server,
    visitors_fixture,  # noqa: F401  (used by its name: visitors)
)
from showcase_game import install


@pytest.fixture(scope="module", name="server_url")
def showcase_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The server, with the showcase game installed as a plugin (the visitors' fixture visits it)."""
    site = install(tmp_path_factory.mktemp("showcase-site"))
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    with running_server(tmp_path_factory.mktemp("showcase-server"), env={"PYTHONPATH": path}) as url:
        yield url


def seated(visitors: Visitors, server_url: str, game: str = "showcase", *, phone: bool = False,
           language: str | None = None) -> tuple[Page, Page]:
    """Ann (seat 1) and Bob (seat 2) at their browsers in a new room of ``game``."""
    created = post_json(server_url, "/api/rooms", {"game": game, "seats": ["human", "human"]})
    pages = []
    for seat, name in enumerate(("Ann", "Bob")):
        page = visitors.open("/", phone=phone and seat == 0)
        # A game with a renderer of its own until it is ported: drawn here from the table it is sent.
        page.context.route("**/api/games", lambda route: route.fulfill(
            json=[{**game, "renderer": None} for game in route.fetch().json()]))
        page.goto(created["invite"])
        join(page, name, seat)
        if language:
            page.evaluate("(code) => localStorage.setItem('highstakes.language', code)", language)
            page.reload()
            page.wait_for_function("(seat) => window.__hs.last?.seat === seat", arg=seat)
        pages.append(page)
    expect(pages[0].locator(".table-turn")).not_to_be_empty()
    return pages[0], pages[1]


def sent_actions(page: Page) -> list[Any]:
    return page.evaluate("() => window.__hs.sent.filter((m) => m.type === 'act').map((m) => m.action)")


WIDGETS = [".table-turn", ".table-dice", ".table-die", ".table-coin", ".table-bill", ".table-hand",
           ".table-card", ".table-case-grid", ".table-case", ".table-ladder", ".table-bars", ".table-clock",
           ".table-seats",
           ".table-log", ".table-records", ".table-facts", ".table-compose", ".amount-form", ".table-menu",
           ".table-note", ".table-panel", ".table-row", ".table-column"]


@pytest.mark.parametrize("phone", [False, True], ids=["1280px", "390px"])
def test_every_widget_is_drawn_and_named_by_its_visible_words(
    visitors: Visitors, server_url: str, phone: bool,
) -> None:
    ann, _bob = seated(visitors, server_url, phone=phone)
    expect(ann.locator(".table-turn")).to_have_text("Your move: pick, bid or pay.")
    for selector in WIDGETS:
        expect(ann.locator(f"#table {selector}").first).to_be_attached()
    # Accessible names start with the visible words; the key is shown and declared.
    button = lambda words: ann.get_by_role("button", name=re.compile("^" + re.escape(words)))  # noqa: E731
    expect(button("Pick 1")).to_have_attribute("aria-keyshortcuts", "a")
    expect(button("End the game")).to_have_attribute("aria-keyshortcuts", "e")
    # A die's name is its face, then what it is; a playable card says so in words, not by colour alone.
    expect(ann.get_by_role("button", name=re.compile(r"^2\s*, a die showing 2"))).to_have_count(1)
    expect(ann.get_by_role("button", name=re.compile(r"^red 3\s*, playable"))).to_have_count(1)
    expect(ann.get_by_role("button", name=re.compile(r"^red 7"))).to_have_attribute("aria-disabled", "true")
    expect(ann.get_by_role("textbox", name="Pay an amount")).to_be_visible()
    # The custom widget is drawn by the game's own module, loaded from the address the table names.
    expect(ann.locator("#table .showcase-spiral")).to_have_text("@@@")
    expect(ann.locator("#table .table-custom")).to_have_count(0)
    if phone:
        # The turn line stays on screen, on one line, while the table scrolls under it.
        ann.locator(".table-ladder").scroll_into_view_if_needed()
        top, height = ann.evaluate(
            "() => { const box = document.querySelector('.table-turn').getBoundingClientRect();"
            " return [box.top, box.height]; }")
        assert ann.evaluate("() => window.scrollY") > 500
        assert -1 <= top <= 2 and height < 40
        assert ann.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
        # What the reader acts on comes before the rest of the table.
        controls = ann.locator(".table-controls").bounding_box()
        main = ann.locator(".table-main").bounding_box()
        assert controls is not None and main is not None and controls["y"] < main["y"]
    visitors.assert_no_page_errors()


def test_clicks_and_keys_act_and_refusals_are_said_in_words(visitors: Visitors, server_url: str) -> None:
    ann, bob = seated(visitors, server_url)
    refusal = ann.locator(".table-refusal")
    # aria-disabled, not disabled: a person can still press it, and hears why it does nothing.
    ann.get_by_role("button", name=re.compile(r"^Double everything")).click(force=True)
    expect(refusal).to_have_text("Doubling is not in these rules.")
    ann.keyboard.press("z")
    expect(refusal).to_have_text("No choice on the table has the key z.")
    ann.get_by_role("button", name=re.compile(r"^red 7")).click(force=True)
    expect(refusal).to_have_text("A red 7 cannot be picked.")
    # The amount box refuses what is not an amount, in words, and reads a good one back.
    box = ann.get_by_role("textbox", name="Pay an amount")
    box.fill("4,0000")
    box.press("Enter")
    expect(ann.locator(".typing-problem")).to_contain_text("with commas only between thousands")
    box.fill("")
    ann.locator("#table .table-main").click(position={"x": 2, "y": 2})
    ann.keyboard.press("5")  # a digit opens the box
    expect(box).to_be_focused()
    box.press_sequentially("00")
    expect(ann.locator(".amount-reading")).to_have_text("= $500, five hundred dollars")
    assert acts_sent(ann) == 0
    box.press("Enter")
    ann.wait_for_function("() => window.__hs.last.to_act[0] === 1")
    assert sent_actions(ann) == [{"pay": 50_000}]
    # Bob's key picks; Ann's picker sends only a legal bid.
    bob.wait_for_function("() => window.__hs.last.to_act[0] === 1")
    bob.keyboard.press("a")
    bob.wait_for_function("() => window.__hs.last.to_act[0] === 0")
    assert sent_actions(bob) == [{"pick": 1}]
    ann.wait_for_function("() => window.__hs.last.to_act[0] === 0")
    seal = ann.get_by_role("button", name=re.compile(r"^Seal the bid"))
    seal.click()
    expect(refusal).to_have_text("A bid is a ¥100 coin with a ¥500 coin, or two ¥100 coins.")
    ann.get_by_role("button", name=re.compile(r"^¥500")).click()
    ann.get_by_role("button", name=re.compile(r"^¥100")).click()
    expect(ann.locator(".table-chosen")).to_have_text("Chosen: a ¥500 coin + a ¥100 coin")
    seal.click()
    ann.wait_for_function("() => window.__hs.last.to_act[0] === 1")
    assert sent_actions(ann)[-1] == {"bid": [100, 500]}
    visitors.assert_no_page_errors()


KEYS_JS = "() => [...document.querySelectorAll('#table [data-key]')].map((b) => b.dataset.key)"


def test_a_key_stays_with_its_action_from_one_turn_to_the_next(visitors: Visitors, server_url: str) -> None:
    ann, bob = seated(visitors, server_url)
    keys = ann.evaluate(KEYS_JS)
    ann.keyboard.press("a")
    ann.wait_for_function("() => window.__hs.last.to_act[0] === 1")
    bob.keyboard.press("a")
    ann.wait_for_function("() => window.__hs.last.to_act[0] === 0")
    again = ann.evaluate(KEYS_JS)
    assert again == keys
    visitors.assert_no_page_errors()


def python_words(table_json: dict[str, Any], game: str, names: list[str]) -> list[str]:
    """What the terminal's reader says of a table's turn line, facts, menu and seats."""
    table = from_json(table_json)
    reader = Reader(hs.definition(game).words(), names.__getitem__)
    said = [reader.text(table.turn)] if table.turn is not None else []
    for node in walk(table):
        if isinstance(node, Facts):
            said += [reader.text(fact.label) for fact in node.rows]
            said += [reader.text(fact.value) for fact in node.rows if fact.value is not None]
        elif isinstance(node, Menu):
            said += [reader.text(item.label) for item in node.items]
        elif isinstance(node, Seats):
            said += [names[row.seat] for row in node.rows]
    return said


@pytest.mark.parametrize("language", ["en", "es"])
def test_both_faces_say_the_same_words_of_greeds_generic_table(
    visitors: Visitors, server_url: str, language: str,
) -> None:
    ann, _bob = seated(visitors, server_url, game="greed", language=language)
    ann.wait_for_function("() => window.__hs.last.to_act.length > 0")
    state = last_state(ann)
    page_text = " ".join(ann.locator("#table .htable").inner_text().split())
    with use_language(language):
        said = python_words(state["table"], "greed", ["Ann", "Bob"])
    assert said
    for words in said:
        assert " ".join(words.split()) in page_text, words
    visitors.assert_no_page_errors()


def test_a_replayed_position_draws_its_table(visitors: Visitors, server_url: str, tmp_path: Path) -> None:
    game = hs.new_game("greed", 2, seed=4)
    while not game.is_over and game.decision_count < 3:
        seat = game.to_act[0]
        game.act(seat, game.legal_actions(seat)[0])
    record = game.record()
    step = post_json(server_url, "/api/replay", {"record": record, "position": 2, "seat": 0})
    assert step["table"]["widget"] == "table" and "controls" not in step["table"]
    visitors.assert_no_page_errors()
