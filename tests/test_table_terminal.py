"""The terminal draws a declared table with every widget, at 80×24 and at 120×40, and its keys act.

The showcase game (``showcase_game.py``) declares every widget; two people share the keyboard.
What a key does is checked against the game's record: a bound key sends its action through
``Game.act``; a key bound to a refusal, or to nothing, says why in one line and sends nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Static

import highstakes as hs
from highstakes.engine.registry import register, unregister
from highstakes.engine.timeline import Timeline
from highstakes.table.widgets import Compose, ComposeChoice
from highstakes.testing.terminal import decisions, drawn_text, static_text
from highstakes.tui.declared import DeclaredTable
from highstakes.tui.replay import ReplayApp
from showcase_game import SHOWCASE


@pytest.fixture(autouse=True, scope="module")
def showcase() -> Iterator[None]:
    register(SHOWCASE)
    yield
    unregister(SHOWCASE.id)


def table() -> DeclaredTable:
    return DeclaredTable.for_game("showcase")(2, [None, None], 1, {}, bot_delay=0)


def run_at(app: DeclaredTable, size: tuple[int, int], script) -> None:  # type: ignore[no-untyped-def]
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(main())


def key_of(app: DeclaredTable, predicate) -> str:  # type: ignore[no-untyped-def]
    return next(key for key, element in app._by_key.items() if predicate(element))


def in_view(app: DeclaredTable, selector: str, size: tuple[int, int]) -> bool:
    region = app.query_one(selector).region
    return region.height > 0 and region.bottom <= size[1] and region.right <= size[0]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_every_widget_is_drawn_and_what_is_asked_stays_in_view(size: tuple[int, int]) -> None:
    app = table()

    async def script(pilot: Pilot[None]) -> None:
        assert "Player 1: Your move: pick, bid or pay." in static_text(app, "#status")
        menu = app.query_one("#choices", OptionList)
        lines = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert lines[0].startswith("a  Pick 1") and lines[1].startswith("e  End the game")
        assert "Double everything" in lines[2]
        for selector in ("#status", "#choices", "#amount"):
            assert in_view(app, selector, size), selector
        assert app.query_one("#amount", Input).border_title == "Pay an amount"
        board = drawn_text(app, "#view-panels")
        for words in ("The dice", "Pick by a die", "(¥100) ×2", "▲red 3", "red 7", "[ 2]", "$1,000,000",
                      "The ladder", "◆", "top", "The audience", "45%", "30 seconds", "Moves so far",
                      "Player 1 (you)", "Score", "brave",
                      "Player 1 and Player 2"):
            assert words in board, words
        # The custom widget is drawn by the game's own Textual drawer, so its fallback is not.
        assert "A spiral of three turns." not in board
        assert "@@@" in str(app.query_one(".showcase-spiral", Static).render())
        controls = drawn_text(app, "#controls")
        assert "Make a bid from your purse" in controls and "Seal the bid" in controls

    run_at(app, size, script)


def test_keys_send_their_actions_and_refusals_are_said_in_words() -> None:
    app = table()

    async def script(pilot: Pilot[None]) -> None:
        game = app.game
        # A refusal, a card that refuses, and a key that chooses nothing: words, nothing sent.
        doubling = key_of(app, lambda e: type(e).__name__ == "MenuItem" and e.refusal is not None)
        red_seven = key_of(app, lambda e: getattr(e, "value", None) == 7)
        for key, words in ((doubling, "Doubling is not in these rules."),
                           (red_seven, "A red 7 cannot be picked."),
                           ("z", "No choice on the table has the key z.")):
            await pilot.press(key)
            assert words in static_text(app, "#notice"), key
        assert decisions(game) == []
        # The picker: add a ¥100 and a ¥500, then seal: the bid is sent as the game reads it.
        submit = key_of(app, lambda e: isinstance(e, Compose))
        await pilot.press(submit)
        assert "A bid is a ¥100 coin with a ¥500 coin" in static_text(app, "#notice")
        await pilot.press(key_of(app, lambda e: isinstance(e, ComposeChoice) and e.value == 100))
        await pilot.press(key_of(app, lambda e: isinstance(e, ComposeChoice) and e.value == 500))
        assert "¥100 coin + a ¥500 coin" in drawn_text(app, "#controls")
        await pilot.press(submit)
        assert decisions(game) == [{"seat": 0, "action": {"bid": [100, 500]}}]
        # Seat 1: a die's key picks; the menu's suggested key ends the game.
        await pilot.press(key_of(app, lambda e: getattr(e, "act", None) == {"pick": 2}))
        assert decisions(game)[-1] == {"seat": 1, "action": {"pick": 2}}
        # Digits open the amount box and type there; the amount is read back in words.
        await pilot.press("5", "0")
        box = app.query_one("#amount", Input)
        assert app.focused is box and box.value == "50"
        assert "$50, fifty dollars" in static_text(app, "#notice")
        await pilot.press("enter")
        assert decisions(game)[-1] == {"seat": 0, "action": {"pay": 5000}}
        # Bob's turn: an amount above the box's usual range is sent only on a second Enter.
        await pilot.press(key_of(app, lambda e: getattr(e, "act", None) == {"pick": 1}))
        box.value = "900"
        box.focus()
        await pilot.press("enter")
        assert "$900 is unusually high: press Enter again to send it." in static_text(app, "#notice")
        assert decisions(game)[-1] == {"seat": 1, "action": {"pick": 1}}
        await pilot.press("enter")
        assert decisions(game)[-1] == {"seat": 0, "action": {"pay": 90_000}}
        app.set_focus(None)
        await pilot.pause()
        await pilot.press("e")
        assert decisions(game)[-1] == {"seat": 1, "action": {"end": True}} and game.is_over

    run_at(app, (80, 24), script)


def test_an_element_keeps_its_key_from_one_turn_to_the_next() -> None:
    app = table()

    async def script(pilot: Pilot[None]) -> None:
        before = dict(app._by_key)
        await pilot.press(key_of(app, lambda e: getattr(e, "act", None) == {"pick": 1}))
        after = app._by_key
        same = {key for key, element in before.items() if key in after and after[key] == element}
        assert len(same) >= len(before) - 1  # the new seat's table keeps the keys of what stays

    run_at(app, (80, 24), script)


def test_the_replay_viewer_draws_each_position_as_the_seat_saw_it_with_nothing_to_press() -> None:
    game = hs.new_game("showcase", 2, seed=0)
    game.act(0, {"pick": 2})
    game.act(1, {"end": True})
    viewer = ReplayApp(Timeline(game.record()))

    async def script(pilot: Pilot[None]) -> None:
        viewer.seat = 1
        viewer.show(1)
        await pilot.pause()
        drawn = drawn_text(viewer, "#view")
        # Seat 2 is to act at position 1; a replay is nobody's turn to move, so the table says who plays.
        assert drawn.startswith("Player 2 is playing.") and "Your move" not in drawn
        assert "Player 2 (you)" in drawn and "The dice" in drawn
        assert "Your moves" not in drawn  # a replay offers nothing to act on

    run_at(viewer, (100, 32), script)  # type: ignore[arg-type]
