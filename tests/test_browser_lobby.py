"""The lobby's form in a real browser (Debian's Chromium) against a real server.

An option that also accepts values beyond its listed choices (Deal or No Deal's ``values``:
a list of 26 amounts) offers a "your own…" entry with a text box. The option says its values
are amounts (cents in JSON, typed in dollars), so people type dollars as they write them;
the server gets cents, and its refusal is shown on the form. Options read as words.
"""

from __future__ import annotations

import json
import re
import urllib.error
from typing import Any

from playwright.sync_api import Page, expect

# The fixtures are used by their names: server_url, browser, visitors.
from highstakes.testing.browsers import (
    Visitors,
    browser_fixture,  # noqa: F401
    get_json,
    post_json,
    room_of,
    server_fixture,  # noqa: F401
    visitors_fixture,  # noqa: F401
)

GAME = "deal_or_no_deal"
OPTION = "values"
SEATS = ["human", "bot:guide-ev"]
# 26 different amounts in cents, ascending (the order the server keeps a value set in).
AMOUNTS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1_000, 2_500, 5_000, 10_000, 25_000, 50_000,
           75_000, 100_000, 250_000, 500_000, 750_000, 1_000_000, 2_500_000, 5_000_000,
           10_000_000, 50_000_000, 100_000_000]


def also_accepts(server_url: str) -> str:
    """How the lobby labels the option's text box: the sentence from GET /api/games, in dollars."""
    game = next(game for game in get_json(server_url, "/api/games") if game["id"] == GAME)
    spec = next(spec for spec in game["options"] if spec["name"] == OPTION)
    sentence = spec["also_accepts"]
    assert isinstance(sentence, str) and sentence
    assert spec["amounts"] == {"scale": 100, "currency": "USD"}  # cents in JSON, dollars for people
    return f"{sentence[0].upper()}{sentence[1:]}, in dollars"


def typed_dollars(cents: int) -> str:
    """An amount as people write it in dollars: 0.01, 2.50, 1,000, 1,000,000."""
    whole, part = divmod(cents, 100)
    return f"{whole:,}" + (f".{part:02d}" if part else "")


def refusal(server_url: str, body: dict[str, Any]) -> str:
    """The server's reason for refusing to create this room."""
    try:
        post_json(server_url, "/api/rooms", body)
    except urllib.error.HTTPError as error:
        assert error.code == 400
        answer = json.loads(error.read())
        assert answer["error"]["code"] == "bad_options", answer
        return str(answer["error"]["message"])
    raise AssertionError(f"the server created a room for {body}")


def rooms_on_server(server_url: str) -> int:
    return int(get_json(server_url, "/healthz")["rooms"])


def set_up_custom_values(page: Page, label: str, typed: str) -> None:
    """Choose the game, its seats and "custom…" for its values, then type ``typed`` by keyboard."""
    expect(page.locator(f".game-card[data-game='{GAME}']")).to_be_visible()
    page.select_option("#game", GAME)
    page.select_option("#seat-count", str(len(SEATS)))
    for index, seat in enumerate(SEATS):
        page.select_option(f"#seat-{index}", seat)
    box = page.get_by_label(label)
    expect(box).to_be_hidden()
    page.select_option(f"#option-{OPTION}", label="your own…")
    expect(box).to_be_visible()
    # The box follows its select in the tab order, so a keyboard reaches it at once.
    page.focus(f"#option-{OPTION}")
    page.keyboard.press("Tab")
    expect(box).to_be_focused()
    page.keyboard.type(typed)


def test_own_case_values_are_typed_in_dollars_and_sent_in_cents(visitors: Visitors, server_url: str) -> None:
    page = visitors.open("/")
    page.fill("#player-name", "Ann")
    # A comma and a space, spaces and a line break all separate the amounts; a comma between
    # digits separates thousands.
    typed = ", ".join(typed_dollars(amount) for amount in AMOUNTS[:13]) + "\n" + " ".join(
        typed_dollars(amount) for amount in AMOUNTS[13:])
    assert "1,000,000" in typed and "0.01" in typed
    set_up_custom_values(page, also_accepts(server_url), typed)
    page.get_by_role("button", name="Create room and play").click()
    page.wait_for_url(re.compile(r".*/r/[^/]+$"))
    summary = get_json(server_url, f"/api/rooms/{room_of(page.url)}")
    assert summary["game"] == GAME
    assert summary["options"][OPTION] == AMOUNTS
    visitors.assert_no_page_errors()


def test_an_amount_that_is_not_one_is_said_and_nothing_is_created(
    visitors: Visitors, server_url: str
) -> None:
    before = rooms_on_server(server_url)
    page = visitors.open("/")
    page.fill("#player-name", "Ann")
    label = also_accepts(server_url)
    typed = ", ".join(typed_dollars(amount) for amount in AMOUNTS[:-1]) + ", 1,0000"
    set_up_custom_values(page, label, typed)
    page.get_by_role("button", name="Create room and play").click()
    expect(page.locator("#create-error")).to_contain_text("“1,0000” is not an amount")
    expect(page.get_by_label(label)).to_be_focused()
    assert rooms_on_server(server_url) == before
    visitors.assert_no_page_errors()


def test_options_and_bots_read_as_words(visitors: Visitors, server_url: str) -> None:
    page = visitors.open("/")
    games = get_json(server_url, "/api/games")
    for game in games:
        page.select_option("#game", game["id"])
        form = page.locator("#create").inner_text()
        for spec in game["options"]:
            # Each option is labelled by its description, never by its name in the code.
            label = spec["description"][0].upper() + spec["description"][1:]
            expect(page.get_by_label(label)).to_be_visible()
            if "_" in spec["name"] or spec["name"] == "dddd":
                assert spec["name"] not in form
        assert "_" not in form  # no identifiers: choices too are words ("keep only")
        for spec in game["options"]:
            if sorted(map(str, spec["choices"])) == ["False", "True"]:
                continue  # a yes/no option is a checkbox labelled by its description
            options = page.locator(f"#option-{spec['name']} option").all_inner_texts()
            for choice, words in zip(spec["choices"], spec["choice_labels"], strict=True):
                if words != str(choice):  # the game's own words for the choice, not its value
                    assert any(shown.startswith(words) for shown in options), (spec["name"], words, options)
        for bot, label in game["bot_labels"].items():
            expect(page.locator(f".game-card[data-game='{game['id']}']")).to_contain_text(label)
            if not label.startswith(bot):
                assert f"Bot: {bot}" not in form
    visitors.assert_no_page_errors()


def test_a_refused_value_set_shows_the_servers_reason(visitors: Visitors, server_url: str) -> None:
    short = AMOUNTS[:-1]
    reason = refusal(server_url, {"game": GAME, "seats": SEATS, "options": {OPTION: short}})
    before = rooms_on_server(server_url)
    page = visitors.open("/", phone=True)
    page.fill("#player-name", "Ann")
    set_up_custom_values(page, also_accepts(server_url), ", ".join(typed_dollars(amount) for amount in short))
    page.get_by_role("button", name="Create room and play").click()
    error = page.locator("#create-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text(reason)
    expect(page).to_have_url(re.compile(r".*/$"))  # still in the lobby
    assert rooms_on_server(server_url) == before
    # On a phone the long list wraps inside its box: the page never scrolls sideways.
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    # Chromium logs the refused request itself as a console error; anything else is a bug.
    refused = "Failed to load resource: the server responded with a status of 400"
    assert [problem for problem in visitors.problems if not problem.startswith(refused)] == []


def test_an_empty_custom_value_is_asked_for_before_sending(visitors: Visitors, server_url: str) -> None:
    before = rooms_on_server(server_url)
    page = visitors.open("/")
    label = also_accepts(server_url)
    set_up_custom_values(page, label, "")
    page.get_by_role("button", name="Create room and play").click()
    expect(page.locator("#create-error")).to_contain_text("type your own values for “the 26 case values")
    expect(page.get_by_label(label)).to_be_focused()
    expect(page.get_by_label(label)).to_have_attribute("aria-invalid", "true")
    assert rooms_on_server(server_url) == before
    visitors.assert_no_page_errors()


def test_a_name_typed_as_an_options_own_value_is_not_told_how_to_type_numbers(visitors: Visitors) -> None:
    page = visitors.open("/")
    expect(page.locator(".game-card[data-game='millionaire']")).to_be_visible()
    page.select_option("#game", "millionaire")
    page.select_option("#option-pack", label="your own…")
    box = page.locator("#option-pack-custom")
    expect(box).to_be_visible()
    expect(page.locator("#option-pack-custom-help")).to_be_hidden()
    # Where numbers are meant (the case values, typed in dollars), the help says how to type them.
    page.select_option("#game", GAME)
    page.select_option(f"#option-{OPTION}", label="your own…")
    expect(page.locator(f"#option-{OPTION}-custom-help")).to_be_visible()


def test_a_private_room_set_up_in_the_lobby_is_not_listed_among_the_open_rooms(
    visitors: Visitors, server_url: str,
) -> None:
    page = visitors.open("/")
    page.fill("#player-name", "Ann")
    expect(page.locator(".game-card[data-game='greed']")).to_be_visible()
    page.select_option("#game", "greed")
    page.select_option("#seat-count", "2")
    for index in range(2):
        page.select_option(f"#seat-{index}", "human")
    private = page.get_by_label("Private room")
    expect(private).not_to_be_checked()
    expect(page.locator("#private-room-help")).to_have_text(
        "Only people with the invite link can join: the room is not listed among the open rooms.")
    private.check()
    page.get_by_role("button", name="Create room and play").click()
    page.wait_for_url(re.compile(r".*/r/[^/]+$"))
    room = room_of(page.url)
    assert get_json(server_url, f"/api/rooms/{room}")["private"] is True
    assert room not in [entry["room"] for entry in get_json(server_url, "/api/open-rooms")]
    visitors.assert_no_page_errors()
