"""Millionaire in a real browser (Debian's Chromium) against a real server, at its own table.

A person plays through the page only: the option buttons and the lifeline buttons, or the
table's keys. The tests observe the room's WebSocket (see highstakes.testing.browsers) and
never send a message themselves. The server draws the questions and the bots decide for
themselves, so every assertion holds for any game.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from highstakes.catalog.millionaire.money import dollars
from highstakes.i18n import use_language
from highstakes.server.compute import give_advice

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

GAME = "millionaire"
MAX_DECISIONS = 200  # a person's decisions in one game; far more than any game needs
LANGUAGE_KEY = "highstakes.language"

# On the deciding person's page: this position has arrived, its option buttons are live, and
# the bots have made their moves at it. Seats answer at once, so a bot's lifeline could
# otherwise ask the person for a card between their reading the table and pressing a button.
READY_JS = """([version, seat]) => {
  const state = window.__hs.last;
  if (!state || state.version < version || !state.legal.length) return false;
  if (state.to_act.length !== 1 || state.to_act[0] !== seat) return false;
  return document.querySelector("#table .mill .option:not([aria-disabled='true'])") !== null;
}"""


def next_decision(page: Page, seat: int, after: int) -> dict[str, Any] | None:
    """Wait for ``seat``'s next decision on its page; its state when drawn, or None at the end."""
    turn = page.wait_for_function(NEXT_DECISION_JS, arg=[[seat], after]).json_value()
    if turn["over"]:
        return None
    page.wait_for_function(READY_JS, arg=[turn["version"], seat])
    state = last_state(page)
    assert state["seat"] == seat and state["legal"], state
    return state


def sent_after(page: Page, before: int) -> dict[str, Any]:
    """The one action the page sent since ``before`` acts."""
    page.wait_for_function("(count) => window.__hs.sent.filter((m) => m.type === 'act').length > count",
                           arg=before)
    acts = page.evaluate("() => window.__hs.sent.filter((m) => m.type === 'act').map((m) => m.action)")
    assert len(acts) == before + 1, acts
    return acts[-1]


def first_usable_option(page: Page) -> str:
    """The letter of the first option button one can press now."""
    return str(page.locator("#table .option:not([aria-disabled='true'])").first.get_attribute("data-letter"))


def decide(page: Page, state: dict[str, Any]) -> str:
    """Ann's move at this position through the page's buttons: a card when asked, the 50:50 and
    Phone a Friend when she has them, else the first option. Says which it was."""
    view = state["view"]
    kinds = {next(iter(entry["action"])) for entry in state["legal"]}
    before = acts_sent(page)
    expect(page.locator("#table .question-text")).to_have_text(view["question"]["text"])
    if "card" in kinds:
        # Asked for a card (in the round or out of it): the option buttons pass cards.
        expect(page.locator("#table .turn-line")).to_contain_text("pass the card you believe is right")
        letter = first_usable_option(page)
        page.locator(f"#table .option[data-letter='{letter}']").click()
        assert sent_after(page, before) == {"card": letter}
        return "card"
    if "fifty" in kinds:
        page.get_by_role("button", name="50:50").click()
        assert sent_after(page, before) == {"fifty": True}
        # Two options left; the two others are struck out and cannot be pressed.
        page.wait_for_function("() => (window.__hs.last.view.your_options ?? []).length === 2")
        expect(page.locator("#table .option.removed")).to_have_count(2)
        expect(page.locator("#table .option.removed[aria-disabled='true']")).to_have_count(2)
        return "fifty"
    if "phone" in kinds:
        page.get_by_role("button", name="Phone a Friend").click()
        friends = page.get_by_role("group", name="Phone a Friend: whom do you call?")
        friends.get_by_role("button", name="Bot 3 (weak)").click()
        assert sent_after(page, before) == {"phone": 2}
        page.wait_for_function("() => !!window.__hs.last.view.your_phone_cards")
        cards = last_state(page)["view"]["your_phone_cards"]
        expect(page.locator("#table .secrets")).to_contain_text(f"Your friend's cards: {', '.join(cards)}")
        return "phone"
    letter = first_usable_option(page)
    button = page.locator(f"#table .option[data-letter='{letter}']")
    text = next(option["text"] for option in view["question"]["options"] if option["letter"] == letter)
    expect(button).to_have_attribute("aria-label", f"Lock in {letter}: {text}")
    button.click()
    assert sent_after(page, before) == {"answer": letter}
    return "answer"


def test_a_person_plays_a_game_against_bots_with_lifelines(visitors: Visitors, server_url: str) -> None:
    table = {"game": GAME, "seats": ["human", "bot:knower", "bot:knower-weak"], "options": {"rounds": 2}}
    room = post_json(server_url, "/api/rooms", table)["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    expect(ann.locator("#table .ladder li")).to_have_count(16)  # 15 steps and the start
    expect(ann.locator("#table .ladder li.safe")).to_have_count(2)
    expect(ann.locator("#table .ladder li.safe .amount")).to_have_text([dollars(3_200_000), dollars(100_000)])

    done: set[str] = set()
    after = -1
    for _ in range(MAX_DECISIONS):
        state = next_decision(ann, 0, after)
        if state is None:
            break
        if not done:
            # The hint key: the advisor's move, or why there is none, in words; nothing is sent.
            ann.keyboard.press("h")
            hint = ann.locator("#table .hint-line")
            expect(hint).not_to_have_text(re.compile(r"^(Thinking about a hint…)?$"))
            assert acts_sent(ann) == 0
        done.add(decide(ann, state))
        after = state["version"]
    else:
        pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")
    assert {"fifty", "phone", "answer"} <= done, done

    final = last_state(ann)
    assert final["status"] == "over"
    view, result = final["view"], final["result"]
    reveal = view["last_reveal"]
    body = ann.locator("#table .reveal-body")
    expect(body).to_contain_text(f"The answer is {reveal['correct']}: {reveal['answer_text']}")
    expect(body).to_contain_text(reveal["explanation"])
    expect(ann.locator("#table .stage-head h2")).to_have_text("Game over")
    expect(ann.locator("#table .players tbody td.num:last-child")).to_have_text(
        [dollars(score) for score in result["scores"]])
    expect(ann.locator("#table .rounds-table tbody tr")).to_have_count(len(result["rounds"]))
    expect(ann.locator("#result")).to_be_visible()
    expect(ann.locator("#error")).to_be_hidden()
    # The replay draws each position with the same table: the first question, then the end.
    ann.locator("#result-links a").first.click()
    expect(ann.locator("#controls")).to_be_visible()
    ann.keyboard.press("Home")
    expect(ann.locator("#table .mill .stage-head h2")).to_have_text("Round 1 of 2 · question 1 of 15")
    expect(ann.locator("#table .mill .option")).to_have_count(4)
    ann.keyboard.press("End")
    expect(ann.locator("#table .mill .stage-head h2")).to_have_text("Game over")
    # No refusal but, while the game has no advisor, the hint's.
    assert [error for error in ann.evaluate("() => window.__hs.errors") if error["code"] != "no_hint"] == []
    visitors.assert_no_page_errors()


def test_in_spanish_on_a_phone_a_person_walks_away_by_keys(visitors: Visitors, server_url: str) -> None:
    table = {"game": GAME, "seats": ["human", "bot:knower"], "options": {"pack": "es", "hunches": "off"}}
    room = post_json(server_url, "/api/rooms", table)["room"]
    eva = visitors.open("/", phone=True)
    eva.evaluate(f"() => localStorage.setItem('{LANGUAGE_KEY}', 'es')")
    eva.goto(f"/r/{room}")
    # The join form in Spanish: its seat buttons are named in it.
    eva.fill("#player-name", "Eva")
    eva.get_by_role("button", name="Ocupar el asiento 1").click()
    eva.wait_for_function("() => window.__hs.last?.seat === 0")
    state = next_decision(eva, 0, -1)
    assert state is not None
    while "card" in state["legal"][0]["action"]:  # the bot phoned Eva first: she passes a card
        before = acts_sent(eva)
        letter = first_usable_option(eva)
        eva.keyboard.press(letter.lower())
        assert sent_after(eva, before) == {"card": letter}
        state = next_decision(eva, 0, state["version"])
        assert state is not None
    with use_language("es"):
        top, haven = dollars(100_000_000), dollars(3_200_000)
    # The table in Spanish, the money the Spanish way (1.000.000 $).
    expect(eva.locator("#table .stage-head h2")).to_have_text("Ronda 1 de 1 · pregunta 1 de 15")
    expect(eva.locator("#table .ladder li").first).to_contain_text(top)
    expect(eva.locator("#table .ladder li.safe .amount").first).to_have_text(haven)
    expect(eva.locator("#mill-ladder-heading")).to_have_text("Árbol del dinero")
    # Nothing is wider than the phone's screen.
    assert eva.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")

    # Walk away at once, by the keyboard: w, read the question, Enter on the focused button.
    before = acts_sent(eva)
    eva.keyboard.press("w")
    confirm = eva.get_by_role("group", name="¿Plantarse?")
    with use_language("es"):
        nothing = dollars(0)
    expect(confirm).to_contain_text(f"¿Plantarse con {nothing}?")
    expect(confirm.get_by_role("button", name="Plantarse", exact=True)).to_be_focused()
    eva.keyboard.press("Enter")
    assert sent_after(eva, before) == {"walk": True}
    # Out of the round, Eva may still be phoned by the bot: she passes a card by its key.
    after = state["version"]
    for _ in range(MAX_DECISIONS):
        state = next_decision(eva, 0, after)
        if state is None:
            break
        before = acts_sent(eva)
        expect(eva.locator("#table .turn-line")).to_contain_text("te llama")
        letter = first_usable_option(eva)
        eva.keyboard.press(letter.lower())
        assert sent_after(eva, before) == {"card": letter}
        after = state["version"]
    else:
        pytest.fail(f"the game did not end within {MAX_DECISIONS} decisions")
    expect(eva.locator("#table .stage-head h2")).to_have_text("Fin de la partida")
    # The walk showed at the first reveal: the page's log of reveals keeps it, with what it took,
    # in one sentence that speaks to her ("te plantaste"), not "Tú" beside "se plantó".
    # (The bot may walk away too, at a later question: only Eva's line is hers.)
    walked = eva.locator("#table .log-list li li", has_text="Te plantaste")
    expect(walked).to_have_text([f"Te plantaste con {nothing}."])
    expect(eva.locator("#table .log-list")).not_to_contain_text("Tú")
    assert eva.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    visitors.assert_no_page_errors()


def hints_sent(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.__hs.sent.filter((m) => m.type === 'hint')")


def test_a_person_states_a_confidence_and_reads_the_advice_for_it(
        visitors: Visitors, server_url: str) -> None:
    """Alone at the table, at the first question: the form sends the confidence typed, the advice
    shown is the advisor's for it, and a new confidence at the same position is asked anew."""
    alone = {"game": GAME, "seats": ["human"], "options": {"hunches": "off"}}
    room = post_json(server_url, "/api/rooms", alone)["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    state = next_decision(ann, 0, -1)
    assert state is not None
    legal = [entry["action"] for entry in state["legal"]]

    def advice_for(confidence: dict[str, int]) -> dict[str, Any]:
        return give_advice(GAME, {**state["view"], "hint_input": {"confidence": confidence}}, legal, "en")

    form = ann.locator("#table form.sure")
    expect(form).to_be_visible()
    field = {letter: form.get_by_label(f"How sure you are of {letter}, from 0 to 100") for letter in "ABCD"}
    hint_line = ann.locator("#table .hint-line")

    # Certain of A: the form sends it, and the advice is to lock in A, in the advisor's words.
    field["A"].fill("100")
    form.get_by_role("button", name="Hint with my confidence").click()
    ann.wait_for_function("() => window.__hs.sent.filter((m) => m.type === 'hint').length === 1")
    assert hints_sent(ann) == [{"type": "hint", "input": {"confidence": {"A": 100, "B": 0, "C": 0, "D": 0}}}]
    sure_of_a = advice_for({"A": 100})
    assert sure_of_a["action"] == {"answer": "A"} and sure_of_a["walk_value"] == 0
    expect(hint_line).to_have_text(f"Hint: {sure_of_a['label']} · {sure_of_a['reason']}")
    expect(hint_line).to_contain_text("Answering A (100% sure) is worth")
    expect(ann.locator("#table .option.hinted")).to_have_attribute("data-letter", "A")

    # Now 30 for A and 70 for B, by the keys (s, type, Tab, Enter): same position, a new question.
    ann.evaluate("() => document.activeElement?.blur()")  # the focus off the form: s is the table's key
    ann.keyboard.press("s")
    expect(field["A"]).to_be_focused()
    ann.keyboard.press("Control+a")
    ann.keyboard.type("30")
    ann.keyboard.press("Tab")
    ann.keyboard.type("70")
    ann.keyboard.press("Enter")
    ann.wait_for_function("() => window.__hs.sent.filter((m) => m.type === 'hint').length === 2")
    assert hints_sent(ann)[-1]["input"] == {"confidence": {"A": 30, "B": 70, "C": 0, "D": 0}}
    leaning_b = advice_for({"A": 30, "B": 70})
    assert leaning_b["confidence"] == {"A": 0.3, "B": 0.7, "C": 0.0, "D": 0.0}
    expect(hint_line).to_have_text(f"Hint: {leaning_b['label']} · {leaning_b['reason']}")
    expect(hint_line).to_contain_text("Answering B (70% sure)")

    # More than 100 is refused on the page: nothing is sent.
    field["C"].fill("150")
    form.get_by_role("button", name="Hint with my confidence").click()
    expect(form.locator(".sure-problem")).to_have_text(
        "Say how sure you are of C with a whole number from 0 to 100.")
    expect(field["C"]).to_be_focused()
    assert len(hints_sent(ann)) == 2

    # All blank: the advisor refuses, and the page says its reason.
    for letter in "ABCD":
        field[letter].fill("")
    form.get_by_role("button", name="Hint with my confidence").click()
    ann.wait_for_function("() => window.__hs.sent.filter((m) => m.type === 'hint').length === 3")
    expect(form.locator(".sure-problem")).to_be_hidden()
    expect(hint_line).to_have_text("give at least one of the options left a confidence above 0")
    expect(ann.locator("#table .option.hinted")).to_have_count(0)
    assert acts_sent(ann) == 0
    assert [error["code"] for error in ann.evaluate("() => window.__hs.errors")] == []
    visitors.assert_no_page_errors()


@pytest.mark.parametrize("hunches", ["bots", "everyone"])
def test_a_person_is_dealt_no_hunch_unless_the_table_says_it_is_a_practice_table(
        visitors: Visitors, server_url: str, hunches: str) -> None:
    """WM-5 in the browser: with the bots' hunches (the default) the person's page shows no hunch
    and no practice notice; with hunches for everyone it shows both, and the rules say which."""
    table = {"game": GAME, "seats": ["human", "bot:knower"], "options": {"hunches": hunches}}
    room = post_json(server_url, "/api/rooms", table)["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    state = next_decision(ann, 0, -1)
    assert state is not None
    practice = ann.locator("#table .mill .practice")
    ann.keyboard.press("?")  # how it works
    rules = ann.locator("#table .mill .rules-body")
    if hunches == "everyone":
        assert state["view"]["your_hunch"] is not None
        expect(practice).to_have_text(
            "Practice table: people are dealt a hunch for each question too, as bots are.")
        expect(ann.locator("#table .mill .secrets")).to_contain_text("Your hunch")
        expect(rules).to_contain_text("Every player, people too, is dealt a private hunch")
    else:
        assert state["view"]["your_hunch"] is None
        expect(practice).to_be_hidden()
        expect(ann.locator("#table .mill .secrets")).not_to_contain_text("Your hunch")
        expect(rules).to_contain_text("people are dealt none")
    visitors.assert_no_page_errors()
