"""The stacking game at the generic terminal table: bids from the menu, an offset typed with a sign."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input

from highstakes.testing.terminal import decisions, press_choice, run, wait_for
from highstakes.tui.generic import GenericTable


def test_a_person_bids_lays_and_types_an_offset_to_the_left():
    app = GenericTable.for_game("stacking")(2, [None, "careful"], 4, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act)
        await press_choice(pilot, app, 1)  # the menu's second bid: 1 piece
        await wait_for(pilot, lambda: app.human_to_act and app.game.view(0)["phase"] == "lay")
        await press_choice(pilot, app, 0)  # lay the first piece listed
        game = app.game
        assert decisions(game)[:2] == [{"seat": 0, "action": {"bid": 1}}, {"seat": 0, "action": {"lay": 100}}]
        while not (app.human_to_act and game.view(0)["phase"] == "stack"):
            if app.human_to_act and game.view(0)["phase"] == "bid":
                await press_choice(pilot, app, len(game.legal_actions(0)) - 1)  # pass
            await pilot.pause(0.01)
            if game.view(0)["round"] > 1:
                raise AssertionError("the round ended before seat 1 placed a piece")
        box = app.query_one("#amount", Input)
        assert box.display
        played = len(decisions(game))
        box.focus()
        box.value = "-1.5"
        await pilot.press("enter")
        assert decisions(game)[played] == {"seat": 0, "action": {"place": -150}}

    run(app, script)
