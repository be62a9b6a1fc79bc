"""Deal or No Deal in a real browser (Debian's Chromium) against a real server.

A person plays through the page only: clicking cases or typing their numbers, typing
offers and counters in dollars, pressing the table's keys. As in test_browser, the tests
only observe the WebSocket (see highstakes.testing.browsers); they never send a message themselves.

The cases are filled by the server's own draw (``highstakes serve`` picks each room's
seed) and the bots decide for themselves, so the tests follow whatever the game does:
every assertion holds for any filling of the cases.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from highstakes.catalog.deal_or_no_deal.money import MAX_OFFER, dollars

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

GAME = "deal_or_no_deal"
BOT = "bot:guide-ev"  # deals as soon as an offer reaches the mean left: matches stay short
MAX_DECISIONS = 200  # a person's decisions in one match; far more than any match needs

# On the deciding person's page: this position has arrived and its controls are drawn and
# live (not waiting for the server's answer to the previous action).
STAGE_READY_JS = """(version) => {
  const state = window.__hs.last;
  if (!state || state.version < version || !state.legal.length) return false;
  return document.querySelector("#table .stage-body button:not([aria-disabled='true'])") !== null;
}"""

# The latest state and, drawn from it, what each case button on the page says.
CASES_SHOWN_JS = """() => ({
  state: window.__hs.last,
  cases: [...document.querySelectorAll("#table .cases-grid .case")].map((node) => ({
    text: node.textContent,
    label: node.getAttribute("aria-label") ?? "",
    title: node.getAttribute("title") ?? "",
  })),
})"""


# --- what people do -----------------------------------------------------------------------------


def next_decision(page: Page, seat: int, after: int) -> dict[str, Any] | None:
    """Wait for ``seat``'s next decision on its page; its state when drawn, or None at the end."""
    turn = page.wait_for_function(NEXT_DECISION_JS, arg=[[seat], after]).json_value()
    if turn["over"]:
        return None
    page.wait_for_function(STAGE_READY_JS, arg=turn["version"])
    state = last_state(page)
    assert state["seat"] == seat and state["legal"], state
    return state


def last_act(page: Page) -> dict[str, Any]:
    act = page.evaluate("() => window.__hs.sent.filter((message) => message.type === 'act').at(-1)")
    assert isinstance(act, dict)
    return act


def type_and_submit(page: Page, box: str, text: str) -> None:
    """Empty a box, type into it key by key, as a person does, and press Enter."""
    field = page.locator(box)
    field.clear()
    field.press_sequentially(text)
    field.press("Enter")


def send_amount(page: Page, box: str, cents: int, *, from_the_table: bool = False) -> None:
    """Type an amount of whole dollars and send it, confirming it when the page asks to.

    ``from_the_table``: the first digit is typed with the focus on the table, which takes it
    into the box. A large or unusual amount is read back in words first; the person reads it
    and sends it.
    """
    if from_the_table:
        text = typed_dollars(cents)
        page.keyboard.press(text[0])
        expect(page.locator(box)).to_be_focused()
        page.keyboard.type(text[1:])
        page.keyboard.press("Enter")
    else:
        type_and_submit(page, box, typed_dollars(cents))
    confirm = page.locator("#table .amount-form .confirm")
    if confirm.count():
        expect(confirm).to_contain_text(f"{dollars(cents)}, ")
        confirm.get_by_role("button", name=f"Send {dollars(cents)}").click()


def typed_dollars(cents: int) -> str:
    """An amount of whole dollars as a person types it: 45,000."""
    assert cents % 100 == 0
    return f"{cents // 100:,}"


def whole_dollars(cents: float) -> int:
    """Cents rounded to whole dollars, within the allowed amounts."""
    return int(min(MAX_OFFER, max(100, round(cents / 100) * 100)))


def click_case(page: Page, number: int) -> None:
    page.locator(f"#table .cases-grid [data-focus='case-{number}']").click()


def play_duo_turn(page: Page, state: dict[str, Any], done: list[str]) -> dict[str, Any]:
    """Make one decision of a duo match through the page; return the action it must send.

    As contestant: take case 13 by clicking it, open cases by clicking and typing in turn,
    counter the first offer (typed), refuse the next answer, then deal. As banker: offer $1
    (typed), then a quarter above the mean left, which a contestant who deals at the mean
    takes; accept any counter. ``done`` collects what was done, and how.
    """
    view = state["view"]
    legal = [entry["action"] for entry in state["legal"]]
    phase = view["phase"]
    if phase == "pick":
        click_case(page, 13)
        done.append("pick by click")
        return {"pick": 13}
    if phase == "call":
        number = min(action["open"] for action in legal if "open" in action)
        if done.count("open by click") <= done.count("open by typing"):
            click_case(page, number)
            done.append("open by click")
        else:
            type_and_submit(page, "#dond-case-number", str(number))
            done.append("open by typing")
        return {"open": number}
    if phase == "respond":
        # A new decision made with keys and buttons: no box has the keys when it begins.
        assert page.evaluate("() => document.activeElement?.tagName ?? ''") != "INPUT"
        if "counter" not in done and any("counter" in action for action in legal):
            amount = whole_dollars(view["offer"] * 1.2)
            send_amount(page, "#dond-amount-counter", amount, from_the_table=True)
            done.append("counter")
            return {"counter": amount}
        if "no deal" not in done:
            page.keyboard.press("x")
            done.append("no deal")
            return {"no_deal": True}
        page.get_by_role("button", name="Deal", exact=True).click()
        done.append("deal")
        return {"deal": True}
    if phase == "offer":
        amount = 100 if "offer" not in done else whole_dollars(view["mean_in_play"] * 1.25)
        send_amount(page, "#dond-amount-offer", amount)
        done.append("offer")
        return {"offer": amount}
    if phase == "counter":
        page.get_by_role("button", name=f"Accept {dollars(view['counter'])}").click()
        done.append("accept")
        return {"accept": True}
    if phase == "keep_or_swap":
        page.keyboard.press("k")
        done.append("keep")
        return {"keep": True}
    pytest.fail(f"a duo match has no phase {phase!r} for a person")


def assert_sent_once(page: Page, before: int, state: dict[str, Any], action: dict[str, Any]) -> None:
    """The page sent ``action`` for this position, and nothing more (``before`` acts till then)."""
    # One click or key, one message: the table sends nothing more until the server answers.
    assert acts_sent(page) == before + 1
    assert last_act(page) == {"type": "act", "action": action, "version": state["version"]}


def decide(page: Page, state: dict[str, Any], action: dict[str, Any], do: Callable[[], None]) -> None:
    """Do what a person does for ``action`` (a click, a key) and check that it was sent."""
    before = acts_sent(page)
    do()
    assert_sent_once(page, before, state, action)


def money_after(before: dict[str, Any], after: dict[str, Any]) -> tuple[list[int], int]:
    """Each seat's cash and the kitty after the guesses and kitty cards logged since ``before``."""
    money, kitty = list(before["view"]["money"]), before["view"]["kitty"]
    for entry in after["view"]["log"][len(before["view"]["log"]):]:
        if entry["event"] == "guess":
            money[entry["seat"]] += entry["won"] - entry["price"]  # the prize from the bank
            kitty += entry["price"]
        elif entry["event"] == "kitty":
            money[entry["seat"]] += entry["amount"]
            kitty -= entry["amount"]
    return money, kitty


def expect_money_shown(page: Page, state: dict[str, Any]) -> None:
    """The players table shows every seat's cash and the kitty of ``state``, in dollars."""
    view = state["view"]
    cash = [dollars(amount) for amount in view["money"]]
    expect(page.locator("#table .players tbody td.num")).to_have_text(cash)
    expect(page.locator("#table .players tfoot td.num")).to_have_text(dollars(view["kitty"]))


# --- the tests ----------------------------------------------------------------------------------


def test_a_person_plays_a_duo_match_against_a_bot(visitors: Visitors, server_url: str) -> None:
    ann = visitors.open("/")
    # Seat 1 (the page's "seat 2") is the contestant of game 1 and the banker of game 2.
    # Seat 0 is a bot's, so creating the room opens it with Ann still to take her seat.
    invite = create_room_in_lobby(ann, GAME, [BOT, "human"])
    join(ann, "Ann", 1)
    expect(ann.locator("#table .cases-grid .case")).to_have_count(26)

    done: list[str] = []
    after = -1
    for _ in range(MAX_DECISIONS):
        state = next_decision(ann, 1, after)
        if state is None:
            break
        before = acts_sent(ann)
        action = play_duo_turn(ann, state, done)
        assert_sent_once(ann, before, state, action)
        after = state["version"]
    else:
        pytest.fail(f"the match did not end within {MAX_DECISIONS} decisions")
    # Both roles, each control: clicks and typing for cases, a typed counter and offers.
    assert {"pick by click", "open by click", "open by typing", "counter", "offer"} <= set(done), done

    summary = get_json(server_url, f"/api/rooms/{room_of(invite)}")
    assert summary["status"] == "over"
    names = seat_names(summary, bot_labels(server_url, GAME))
    assert names == ["Bot 1 (rulebook banker, bold contestant)", "Ann"]
    final = last_state(ann)
    result = final["result"]
    scores = result["scores"]
    # A duo score is what the seat won as contestant (the deal, or its case).
    assert scores == final["view"]["winnings"]
    assert [game["won"] for game in result["games"]] == [scores[1], scores[0]]

    expect(ann.locator("#turn")).to_have_text("Game over")
    expect(ann.locator("#result")).to_be_visible()
    winners = ["You" if seat == 1 else names[seat] for seat in result["winners"]]
    verb = "wins" if winners != ["You"] and len(winners) == 1 else "win"
    expect(ann.locator("#result-body .big")).to_have_text(f"{' and '.join(winners)} {verb}!")
    standings = sorted(range(2), key=lambda seat: -scores[seat])
    expect(ann.locator("#result-body .standings li")).to_have_text(
        [f"{names[seat]}{' (you)' if seat == 1 else ''}: {dollars(scores[seat])}" for seat in standings]
    )
    expect(ann.locator("#table .players tbody td.num")).to_have_text([dollars(score) for score in scores])
    expect(ann.locator("#table .stage-head h2")).to_have_text("Match over")
    expect(ann.locator("#error")).to_be_hidden()
    assert ann.evaluate("() => window.__hs.errors") == []
    visitors.assert_no_page_errors()


def test_a_case_holder_makes_a_free_and_a_paid_guess(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": [BOT, BOT, "human"]})["room"]
    cleo = visitors.open(f"/r/{room}")
    join(cleo, "Cleo", 2)
    # Game 1 of the party: seat 0 hosts, seat 1 is the contestant, and Cleo, the only
    # holder, holds every case: each case called waits for her guess.
    first = next_decision(cleo, 2, -1)
    assert first is not None
    view = first["view"]
    assert (view["version"], view["phase"], view["holders"]) == ("party", "guess", [2])
    expect(cleo.locator("#table .turn-line")).to_contain_text(
        f"you are the holder: guess the value in case {view['called']}"
    )
    expect_money_shown(cleo, first)

    # A free guess, the kind offered first: one click on a value.
    value = max(entry["action"]["guess"] for entry in first["legal"] if "guess" in entry["action"])
    guess = cleo.get_by_role("button", name=f"guess {dollars(value)}", exact=True)
    decide(cleo, first, {"guess": value}, guess.click)
    second = next_decision(cleo, 2, first["version"])
    assert second is not None and second["view"]["phase"] == "guess"
    assert money_after(first, second) == (second["view"]["money"], second["view"]["kitty"])
    expect(cleo.locator("#table .log-list")).to_contain_text(f"You guessed {dollars(value)}: ")
    expect_money_shown(cleo, second)

    # A paid guess: the p key switches to paid guesses at the round's price.
    price = second["view"]["price"]
    cleo.keyboard.press("p")
    paid_toggle = cleo.get_by_role("button", name=f"Paid guess · {dollars(price)}")
    expect(paid_toggle).to_have_attribute("aria-pressed", "true")
    value = max(entry["action"]["paid_guess"] for entry in second["legal"] if "paid_guess" in entry["action"])
    guess = cleo.get_by_role("button", name=f"paid guess {dollars(value)}", exact=True)
    decide(cleo, second, {"paid_guess": value}, guess.click)
    third = next_decision(cleo, 2, second["version"])
    assert third is not None
    events = third["view"]["log"][len(second["view"]["log"]):]
    [paid] = [entry for entry in events if entry["event"] == "guess"]
    assert (paid["seat"], paid["guess"], paid["paid"], paid["price"]) == (2, value, True, price)
    money, kitty = money_after(second, third)
    assert (money, kitty) == (third["view"]["money"], third["view"]["kitty"])
    # The price left Cleo's cash for the kitty (a right guess pays the case's value back).
    kitty_won = sum(entry["amount"] for entry in events if entry["event"] == "kitty" and entry["seat"] == 2)
    assert money[2] - second["view"]["money"][2] == paid["won"] - price + kitty_won
    expect(cleo.locator("#table .log-list")).to_contain_text(
        f"You guessed {dollars(value)} (paid {dollars(price)}): "
    )
    expect_money_shown(cleo, third)
    assert cleo.evaluate("() => window.__hs.errors") == []
    visitors.assert_no_page_errors()


def test_a_refused_offer_is_said_once_in_the_rules_words(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    # Ann banks game 1: her first decision is the offer after the bot's first six cases.
    state = next_decision(ann, 0, -1)
    assert state is not None
    version = state["version"]
    assert state["view"]["phase"] == "offer" and state["view"]["offer"] is None

    # Over a million is said beside the box and never sent.
    type_and_submit(ann, "#dond-amount-offer", "1,000,000.01")
    problem = ann.locator("#table .amount-form .typing-problem")
    expect(problem).to_have_text("Not sent: From $1 to $1,000,000, not $1,000,000.01.")
    assert acts_sent(ann) == 0

    # The page cannot send it, so send it through the page's own socket: the server refuses
    # it and the table says so beside the box, once: not again in the room's notice.
    ann.evaluate(
        """(version) => window.__hs.sockets.at(-1).send(
            JSON.stringify({ type: "act", action: { offer: 100000001 }, version }))""",
        version,
    )
    words = "an amount is whole dollars from $1 to $1,000,000; got $1,000,000.01"
    ann.wait_for_function("() => window.__hs.errors.length === 1")
    [refusal] = ann.evaluate("() => window.__hs.errors")
    assert refusal == {"type": "error", "code": "bad_amount", "message": words, "rule": "§7.1"}
    note = ann.locator("#table .amount-form .refusal")
    expect(note).to_have_text(f"Refused: {words}")
    expect(note).to_have_attribute("title", "Rule §7.1")  # the rule's code, only as a tooltip
    expect(ann.locator("#error")).to_be_hidden()
    expect(ann.get_by_text("Refused:")).to_have_count(1)
    expect(ann.locator("#dond-amount-offer")).to_have_value("1,000,000.01")
    assert last_state(ann)["version"] == version

    # The refusal changed nothing: the next offer is still round 1's first, and the only one.
    type_and_submit(ann, "#dond-amount-offer", "1")
    assert last_act(ann) == {"type": "act", "action": {"offer": 100}, "version": version}
    ann.wait_for_function("(version) => window.__hs.last.version > version", arg=version)
    later = next_decision(ann, 0, version)
    assert later is not None
    offers = [entry for entry in later["view"]["log"] if entry["event"] == "offer"]
    assert [(entry["round"], entry["amount"]) for entry in offers] == [(1, 100)]
    assert later["view"]["offers"][0]["offers"] == [100]
    visitors.assert_no_page_errors()


def test_an_offer_is_read_exactly_as_typed_and_never_from_letters(
    visitors: Visitors, server_url: str
) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    state = next_decision(ann, 0, -1)
    assert state is not None and state["view"]["phase"] == "offer"
    box = ann.locator("#dond-amount-offer")
    problem = ann.locator("#table .amount-form .typing-problem")
    for typed in ("240,00", "1,5", "4,0000", "12.50", "abc", "deal"):
        type_and_submit(ann, "#dond-amount-offer", typed)
        expect(problem).to_contain_text("Not sent: ")
        # What is typed stays text in the box: "a" never opened the advisor, "d" never dealt.
        expect(box).to_have_value(typed)
        expect(ann.locator("#table .advisor")).to_be_hidden()
    assert acts_sent(ann) == 0
    # The reported trap: seven digits, seven backspaces, then 40,000 is exactly $40,000.
    box.clear()
    box.press_sequentially("2000000")
    for _ in range(7):
        box.press("Backspace")
    box.press_sequentially("40,000")
    expect(ann.locator("#table .amount-reading")).to_have_text("= $40,000, forty thousand dollars")
    box.press("Enter")
    assert last_act(ann) == {"type": "act", "action": {"offer": 4_000_000}, "version": state["version"]}
    assert acts_sent(ann) == 1
    visitors.assert_no_page_errors()


def test_a_large_offer_is_read_back_in_words_before_it_is_sent(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": ["human", BOT]})["room"]
    ann = visitors.open(f"/r/{room}")
    join(ann, "Ann", 0)
    state = next_decision(ann, 0, -1)
    assert state is not None and state["view"]["phase"] == "offer"
    type_and_submit(ann, "#dond-amount-offer", "900,000")
    confirm = ann.locator("#table .amount-form .confirm")
    expect(confirm).to_contain_text("Send an offer of $900,000, nine hundred thousand dollars?")
    expect(confirm).to_contain_text("of the mean of the values left")  # far above what the cases average
    assert acts_sent(ann) == 0
    confirm.get_by_role("button", name="Change it").click()
    expect(confirm).to_have_count(0)
    expect(ann.locator("#dond-amount-offer")).to_be_focused()
    assert acts_sent(ann) == 0
    ann.locator("#dond-amount-offer").press("Enter")
    confirm.get_by_role("button", name="Send $900,000").click()
    assert last_act(ann) == {"type": "act", "action": {"offer": 90_000_000}, "version": state["version"]}
    visitors.assert_no_page_errors()


def test_on_a_phone_the_money_board_is_beside_the_decision_and_no_keys_are_shown(
    visitors: Visitors, server_url: str
) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": [BOT, "human"]})["room"]
    dan = visitors.open(f"/r/{room}", phone=True)
    join(dan, "Dan", 1)
    after = -1
    while True:
        state = next_decision(dan, 1, after)
        assert state is not None
        view = state["view"]
        if view["phase"] == "respond":
            break
        if view["phase"] == "pick":
            decide(dan, state, {"pick": 13}, lambda: click_case(dan, 13))
        else:
            number = min(entry["action"]["open"] for entry in state["legal"])
            decide(dan, state, {"open": number}, lambda number=number: click_case(dan, number))
        after = state["version"]
    # The offer and, in the same box, every value still in play: the board itself is far below.
    strip = dan.locator("#table .dialog .board-strip li")
    left = [entry for entry in view["board"] if entry["in_play"]]
    expect(strip).to_have_count(len(left))
    deal = dan.get_by_role("button", name="Deal", exact=True)
    deal.scroll_into_view_if_needed()
    height = dan.evaluate("() => window.innerHeight")
    strip_box, deal_box = strip.first.bounding_box(), deal.bounding_box()
    assert strip_box is not None and deal_box is not None
    assert strip_box["y"] >= 0 and deal_box["y"] + deal_box["height"] <= height  # both in sight at once
    # A touch screen has no keyboard: no key hints anywhere.
    assert dan.evaluate("() => [...document.querySelectorAll('kbd, .keys-help')]"
                        ".filter((node) => node.getClientRects().length).length") == 0
    visitors.assert_no_page_errors()


def test_a_spectator_never_sees_an_unopened_cases_value(visitors: Visitors, server_url: str) -> None:
    room = post_json(server_url, "/api/rooms", {"game": GAME, "seats": [BOT, "human"]})["room"]
    watcher = visitors.open(f"/r/{room}")
    watcher.get_by_role("button", name="Just watch").click()
    expect(watcher.locator("#connection")).to_have_text("Connected · watching")
    dan = visitors.open(f"/r/{room}")
    join(dan, "Dan", 1)
    expect(watcher.locator("#table .cases-grid .case")).to_have_count(26)

    # Dan plays game 1 as contestant (a case taken, six opened, the first offer taken); at
    # each of his decisions the game waits, and the watcher's page is read.
    seen: list[dict[str, Any]] = []
    state = next_decision(dan, 1, -1)
    while state is not None and state["view"]["game_number"] == 1:
        watcher.wait_for_function("(version) => window.__hs.last?.version === version", arg=state["version"])
        seen.append(watcher.evaluate(CASES_SHOWN_JS))
        view = state["view"]
        if view["phase"] == "pick":
            decide(dan, state, {"pick": 13}, lambda: click_case(dan, 13))
        elif view["phase"] == "call":
            number = min(entry["action"]["open"] for entry in state["legal"])
            decide(dan, state, {"open": number}, lambda number=number: click_case(dan, number))
        else:
            assert view["phase"] == "respond"
            decide(dan, state, {"deal": True}, lambda: dan.keyboard.press("d"))
        state = next_decision(dan, 1, state["version"])
    assert state is not None and len(seen) == 8  # the pick, six cases, the offer

    # Every value of game 1, shown by the server once the game was over.
    values = state["view"]["results"][0]["cases"]
    for shown in seen:
        watched = shown["state"]
        assert watched["seat"] is None and watched["legal"] == []
        for case, button in zip(watched["view"]["cases"], shown["cases"], strict=True):
            value = values[case["case"] - 1]
            words = " ".join(button.values())
            if case["opened"]:
                assert case["value"] == value and dollars(value) in button["label"], (case, button)
            else:
                # The server sends no value, and the page shows no amount at all beside the
                # case: neither its value nor any other.
                assert case["value"] is None, case
                assert "$" not in words and dollars(value) not in words, (case, button)
    # Once the game is over the watcher sees every case, each with its value.
    expect(watcher.locator("#table .dond-finished .all-cases li")).to_have_text(
        [f"{number}{dollars(value)}" for number, value in enumerate(values, start=1)]
    )
    expect(watcher.locator("#table .stage-body button")).to_have_count(0)
    visitors.assert_no_page_errors()
