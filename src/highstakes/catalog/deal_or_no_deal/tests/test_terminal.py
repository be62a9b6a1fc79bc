"""The Deal or No Deal terminal UI, driven headless through Textual's Pilot.

Each test runs its own event loop (``tui_helpers.run``) so no pytest plugin is needed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

import highstakes as hs
from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.catalog.deal_or_no_deal.tui.app import DealApp
from highstakes.catalog.deal_or_no_deal.tui.screens import GameResultScreen, MatchOverScreen
from highstakes.catalog.deal_or_no_deal.tui.text import parse_amount, short_dollars
from highstakes.testing.terminal import decisions, drawn_text, log_text, run, start_the_next_game, wait_for
from highstakes.tui import play, table_for
from highstakes.tui.screens import RulesScreen


async def type_in(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` into the focused amount box and press Enter."""
    names = {".": "full_stop", ",": "comma", "$": "dollar_sign"}
    await pilot.press(*(names.get(character, character) for character in text), "enter")


def actions(app: DealApp) -> list[dict[str, Any]]:
    return decisions(app.game)


def phase(app: DealApp) -> str:
    return str(app.game.view(None)["phase"])


def test_bots_play_a_duo_match_to_the_end_then_n_starts_a_new_match(tmp_path: Path) -> None:
    record_path = tmp_path / "deal.json"
    app = DealApp(2, ["random", "random"], 7, {}, bot_delay=0, record_path=record_path)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        result = app.game.result()
        winner_line = drawn_text(app, "#winner")
        top = dollars(max(result["scores"]))
        assert top in winner_line
        for seat in result["winners"]:
            assert app.seat_name(seat) in winner_line
        standings = drawn_text(app, "#standings")
        assert all(dollars(score) in standings for score in result["scores"])
        assert len(result["games"]) == 2
        saved = json.loads(record_path.read_text(encoding="utf-8"))
        assert hs.replay(saved).result() == result
        assert "Game 2 over" in log_text(app)

        await start_the_next_game(pilot, app, lambda: app.matches_played == 2)
        assert app.game.seed == 8  # the next seed, so a session stays reproducible

    run(app, script)


def test_a_contestant_picks_opens_counters_by_typing_then_deals() -> None:
    # Hot-seat: seat 0 banks game 1 and seat 1 plays it, both from the keyboard.
    app = DealApp(2, [None, None], 3, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        assert app.seat_to_act == 1 and phase(app) == "pick"
        await type_in(pilot, "7")
        assert actions(app) == [{"seat": 1, "action": {"pick": 7}}]
        assert app.query_one("#case-7").has_class("special")
        for number in range(1, 6):
            await type_in(pilot, str(number))
        await pilot.click("#case-8")  # a click opens a case too
        assert [entry["action"] for entry in actions(app)[1:]] == [{"open": n} for n in (1, 2, 3, 4, 5, 8)]
        assert app.query_one("#case-8").has_class("opened")
        assert phase(app) == "offer" and app.seat_to_act == 0

        await type_in(pilot, "10,000")
        assert actions(app)[-1] == {"seat": 0, "action": {"offer": 1_000_000}}
        assert "OFFER $10,000" in drawn_text(app, "#deal")
        await type_in(pilot, "$15000")
        assert actions(app)[-1] == {"seat": 1, "action": {"counter": 1_500_000}}
        assert "COUNTER $15,000" in drawn_text(app, "#deal")
        await pilot.press("s")  # the banker stands firm
        assert actions(app)[-1] == {"seat": 0, "action": {"stand": True}}
        assert "stands firm" in drawn_text(app, "#deal")
        await pilot.press("d")
        assert actions(app)[-1] == {"seat": 1, "action": {"deal": True}}

        result = app.game.view(None)["results"][0]
        assert result["deal"] and result["won"] == 1_000_000
        assert isinstance(app.screen, GameResultScreen)  # the deal is judged against the case
        assert "took the deal: $10,000" in drawn_text(app, ".result-line")
        assert "says DEAL: $10,000" in log_text(app)
        await pilot.press("enter")
        assert not isinstance(app.screen, GameResultScreen)
        view = app.game.view(None)
        assert view["game_number"] == 2 and view["host"] == 1 and app.seat_to_act == 0

    run(app, script)


def test_a_host_types_an_offer_or_plays_the_highlighted_one() -> None:
    app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)  # seat 0 banks game 1

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: phase(app) == "offer" and app.human_to_act)
        assert "Your offer" in str(app.query_one("#act").border_title)
        played = len(actions(app))  # the bot may answer at once, so look at this one action
        await type_in(pilot, "12345")
        assert actions(app)[played] == {"seat": 0, "action": {"offer": 1_234_500}}
        assert "$12,345" in log_text(app)
        # The bot answers; at the next decision of the banker, arrows and Enter pick from the menu.
        await wait_for(pilot, lambda: app.human_to_act or app.game.is_over
                       or isinstance(app.screen, GameResultScreen))
        if phase(app) == "offer" and app.human_to_act:
            menu = [action.to_json() for action in app.game.legal_actions(0)]
            await pilot.press("down", "enter")
            assert actions(app)[-1] == {"seat": 0, "action": menu[1]}

    run(app, script)


def test_a_bad_amount_is_refused_by_the_engine_and_changes_nothing() -> None:
    app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: phase(app) == "offer" and app.human_to_act)
        before_actions, before_view = actions(app), app.game.view(None)
        await type_in(pilot, "2000000")
        notice = drawn_text(app, "#notice")
        assert "Refused" in notice and "$1,000,000" in notice and "§7.1" in notice
        await type_in(pilot, "1.2.3")  # not an amount at all: said here, never sent
        assert "amount in dollars" in drawn_text(app, "#notice")
        assert actions(app) == before_actions
        assert app.game.view(None) == before_view

    run(app, script)


def test_the_advisor_reads_the_offer_for_the_contestant() -> None:
    app = DealApp(2, ["random", None], 4, {}, bot_delay=0)  # seat 1 is the contestant in game 1

    async def script(pilot: Pilot[None]) -> None:
        await type_in(pilot, "1")
        for number in range(2, 8):
            await type_in(pilot, str(number))
        await wait_for(pilot, lambda: phase(app) == "respond")
        await pilot.press("a")
        await wait_for(pilot, lambda: "Mean of the values left" in drawn_text(app, "#advisor"))
        advice = drawn_text(app, "#advisor")
        assert "the offer is" in advice and "%" in advice and "cautious" in advice
        await pilot.press("h")  # the same key pair hides it again
        assert not app.query_one("#advisor").display

    run(app, script)


def test_question_mark_opens_the_rules_and_escape_closes_them() -> None:
    app = DealApp(2, [None, None], 1, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, RulesScreen)
        assert actions(app) == []

    run(app, script)


def test_amounts_are_read_and_written_as_people_do() -> None:
    assert parse_amount("45,000") == 4_500_000
    assert parse_amount("$1,250.5") == 125_050
    assert parse_amount("0.01") == 1
    assert parse_amount("12k") is None and parse_amount("") is None
    assert [short_dollars(v) for v in (1, 100, 75_000, 100_000, 7_500_000, 100_000_000)] == [
        "$0.01", "$1", "$750", "$1K", "$75K", "$1M"]


def test_play_uses_the_games_own_table_and_refuses_unknown_games() -> None:
    assert table_for("deal_or_no_deal") is DealApp
    with pytest.raises(ValueError, match="deal_or_no_deal"):
        play("chess", 2, [None, None], 1, {})
    with pytest.raises(ValueError, match="one entry per seat"):
        DealApp(3, [None, None], 1, {})
    with pytest.raises(ValueError, match="duo"):
        DealApp(3, [None, None, None], 1, {"version": "duo"})
