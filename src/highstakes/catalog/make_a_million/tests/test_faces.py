"""Make-A-Million at the generic terminal table: its view as panels, its moves as a menu."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from highstakes.testing.terminal import decisions, drawn_text, press_choice, run
from highstakes.tui.generic import GenericTable


def test_a_person_plays_a_deal_at_the_generic_table_with_number_keys() -> None:
    app = GenericTable.for_game("make_a_million")(4, [None, "rules", "rules", "rules"], 3,
                                                  {"hand_limit": 4}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        assert app.title == "Make-A-Million"
        text = drawn_text(app, "#view-panels")
        assert "hand" in text and "scores" in text
        # The auction takes any multiple of $5,000: the amount box is offered with the menu.
        seat = app.seat_to_act
        assert app.query_one("#choices", OptionList).option_count == len(app.game.legal_actions(seat))
        assert app.query_one("#amount", Input).display
        for _ in range(400):
            if app.game.view(0)["deal_number"] > 1 or app.game.is_over:
                break
            if app.human_to_act:
                # The first listed move: a pass, a discard, a colour, a card.
                await press_choice(pilot, app, 0)
            else:
                await pilot.pause(0.01)
        assert app.game.view(0)["deal_number"] > 1 or app.game.is_over
        assert [entry for entry in decisions(app.game) if entry["seat"] == 0]

    run(app, script)
