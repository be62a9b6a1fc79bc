"""The generic terminal table plays any registered game: its view as panels, its moves as a menu.

Greed and Deal or No Deal have tables of their own; here they are played at the generic one,
as a game without its own table would be.
"""

from __future__ import annotations

import re
from typing import Any

from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from highstakes.testing.terminal import decisions, drawn_text, log_text, press_choice, run, wait_for
from highstakes.tui.generic import GenericTable
from highstakes.tui.screens import PassScreen
from highstakes.tui.view_panels import panels, value_text


def generic(
    game_id: str, bots: list[str | None], seed: int, options: dict[str, Any] | None = None
) -> GenericTable:
    return GenericTable.for_game(game_id)(len(bots), bots, seed, options or {}, bot_delay=0)


def test_greed_is_played_to_the_end_with_number_keys() -> None:
    app = generic("greed", [None, "heuristic"], seed=5)

    async def script(pilot: Pilot[None]) -> None:
        assert app.title == "Greed"
        for _ in range(2000):
            if app.game.is_over:
                break
            if app.human_to_act:
                # The first listed move: bank when allowed, else the best set-aside.
                await press_choice(pilot, app, 0)
            else:
                await pilot.pause(0.01)
        await wait_for(pilot, lambda: app.game.is_over)
        assert "wins" in log_text(app) or app.game.is_over
        own = [entry for entry in decisions(app.game) if entry["seat"] == 0]
        assert own, "the person's moves were played"

    run(app, script)


def test_the_view_is_drawn_as_panels_with_seats_counted_from_one() -> None:
    app = generic("greed", [None, None], seed=2)

    async def script(pilot: Pilot[None]) -> None:
        text = drawn_text(app, "#view-panels")
        assert "scores" in text and "turn total" in text
        seat = app.seat_to_act
        # At a shared keyboard the turn line names whose move it is; seats are named, from 1.
        assert f"Player {seat + 1}: Your move" in drawn_text(app, "#status")
        current = app.game.view(seat)["current"]
        assert re.search(rf"current\s+Player {current + 1}", text)
        menu = app.query_one("#choices", OptionList)
        assert menu.option_count == len(app.game.legal_actions(seat))
        assert not app.query_one("#amount", Input).display  # Greed takes no free amounts

    run(app, script)
    assert value_text("current", 0, frozenset({"current"})) == "seat 1"
    assert value_text("scores", [1100, 0]) == "1,100 · 0"


def test_an_amount_is_typed_for_a_deal_or_no_deal_offer_and_a_bad_one_is_explained() -> None:
    # Seat 0 is the banker of the first game of a duo match; the contestant is a bot.
    app = generic("deal_or_no_deal", [None, "tv-ev"], seed=5)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act and app.game.view(0)["phase"] == "offer")
        box = app.query_one("#amount", Input)
        assert box.display and "$1 to $1,000,000" in box.placeholder
        played = len(decisions(app.game))
        box.focus()
        for text in ("240,00", "1,5", "12.50", "2,000,000"):
            box.value = text
            await pilot.press("enter")
            assert len(decisions(app.game)) == played, text  # never sent
            assert "Not sent" in str(app.query_one("#notice").render())
        box.value = "40,000"
        await pilot.pause()
        assert "= $40,000, forty thousand dollars" in str(app.query_one("#notice").render())
        await pilot.press("enter")
        assert decisions(app.game)[played] == {"seat": 0, "action": {"offer": 4_000_000}}

    run(app, script)


def test_people_sharing_a_keyboard_in_a_game_with_secrets_pass_it_between_turns() -> None:
    app = generic("deal_or_no_deal", [None, None, None], seed=1)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        seat = app.seat_to_act
        assert not app.query_one("#main").display  # nothing shows until the right person is there
        await pilot.press("enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, PassScreen))
        assert app.query_one("#main").display
        assert f"as Player {seat + 1} sees it" in str(app.query_one("#view").border_title)

    run(app, script)


def test_panels_show_records_as_tables_and_keep_the_newest() -> None:
    from rich.console import Console

    console = Console(width=100, record=True)
    console.print(panels({"log": [{"event": "open", "case": n} for n in range(30)], "you": 0}))
    text = " ".join(console.export_text().split())
    assert "the last 12 of 30" in text and "29" in text and "17" not in text
