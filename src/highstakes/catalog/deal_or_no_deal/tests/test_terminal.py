"""The Deal or No Deal terminal UI, driven headless through Textual's Pilot.

Each test runs its own event loop (``highstakes.testing.terminal.run``) so no pytest plugin is needed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

import highstakes as hs
from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.catalog.deal_or_no_deal.tui.app import DealApp
from highstakes.catalog.deal_or_no_deal.tui.moves import needs_confirmation
from highstakes.catalog.deal_or_no_deal.tui.screens import GameResultScreen, MatchOverScreen
from highstakes.catalog.deal_or_no_deal.tui.text import short_dollars
from highstakes.catalog.deal_or_no_deal.tui.widgets import offer_box_text
from highstakes.testing.terminal import decisions, drawn_text, log_text, run, start_the_next_game, wait_for
from highstakes.tui import play, table_for
from highstakes.tui.screens import ConfirmScreen, RulesScreen

KEY_NAMES = {".": "full_stop", ",": "comma", "$": "dollar_sign", " ": "space"}


async def type_keys(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` key by key, as a person does, wherever the focus is."""
    await pilot.press(*(KEY_NAMES.get(character, character) for character in text))


async def type_in(pilot: Pilot[None], text: str) -> None:
    """Type ``text`` (its first digit moves from the menu into the box) and press Enter."""
    await type_keys(pilot, text)
    await pilot.press("enter")


async def banker_to_offer(pilot: Pilot[None], app: DealApp) -> None:
    """Wait until seat 0, a person, is to make an offer; the keys are at the menu."""
    await wait_for(pilot, lambda: phase(app) == "offer" and app.human_to_act)
    assert app.focused is app.query_one("#choices")


def actions(app: DealApp) -> list[dict[str, Any]]:
    return decisions(app.game)


def phase(app: DealApp) -> str:
    return str(app.game.view(None)["phase"])


def test_bots_play_a_duo_match_to_the_end_then_n_starts_a_new_match(tmp_path: Path) -> None:
    record_path = tmp_path / "deal.json"
    app = DealApp(2, ["random", "random"], 7, {}, bot_delay=0, record_path=record_path)
    app._advisor_on = True  # the advisor was asked for, as with `a`, and stays wanted...

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, MatchOverScreen))
        assert not app.query_one("#advisor").display  # ...but its panel closes when the match ends
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
        # Seats named as the table names them, bots by their names in words, for a replay.
        assert saved["seat_names"] == ["Bot 1 (random moves)", "Bot 2 (random moves)"]
        saved_note = drawn_text(app, "#saved")
        assert saved_note == f"Record saved. Watch the game again with:\nhighstakes replay {record_path}\n"
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
        assert "The banker stands firm" in drawn_text(app, "#deal")  # the duo's word for the host
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


def test_a_typed_offer_reads_exactly_what_the_box_shows() -> None:
    # The reported trap: 2000000, Enter, seven backspaces, 40,000, Enter sent other amounts.
    app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await banker_to_offer(pilot, app)
        played, view = len(actions(app)), app.game.view(None)
        box = app.query_one("#amount", Input)
        await type_in(pilot, "2000000")
        assert app.focused is box and box.value == "2000000"  # kept, to be corrected
        assert "Not sent: Offer: from $1 to $1,000,000; got $2,000,000" in drawn_text(app, "#notice")
        assert len(actions(app)) == played and app.game.view(None) == view
        await pilot.press(*["backspace"] * 7)
        assert box.value == ""
        await type_keys(pilot, "40,000")
        assert box.value == "40,000"
        assert "= $40,000, forty thousand dollars" in drawn_text(app, "#typed")
        await pilot.press("enter")
        assert actions(app)[played] == {"seat": 0, "action": {"offer": 4_000_000}}

    run(app, script)


@pytest.mark.parametrize(
    ("typed", "problem"),
    [("240,00", "commas only between thousands"), ("1,5", "commas only between thousands"),
     ("4,0000", "commas only between thousands"), ("12.50", "in steps of $1"),
     ("1e5", "type the amount in digits"), ("abc", "type the amount in digits"),
     ("deal", "type the amount in digits")],
)
def test_what_is_not_an_amount_is_never_sent(typed: str, problem: str) -> None:
    app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await banker_to_offer(pilot, app)
        played, view = len(actions(app)), app.game.view(None)
        box = app.query_one("#amount", Input)
        box.focus()
        await type_in(pilot, typed)
        # Letters typed in the box are text in the box, never the table's keys (a advisor,
        # d deal...): nothing opened, nothing sent, the text kept for a correction.
        assert box.value == typed
        assert "Not sent: " in drawn_text(app, "#notice") and problem in drawn_text(app, "#notice")
        assert not app.query_one("#advisor").display
        assert len(actions(app)) == played and app.game.view(None) == view

    run(app, script)


def test_enter_in_an_empty_box_plays_nothing() -> None:
    app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await banker_to_offer(pilot, app)
        played = len(actions(app))
        app.query_one("#amount", Input).focus()
        await pilot.press("enter")
        assert len(actions(app)) == played
        assert "Type a number first" in drawn_text(app, "#notice")
        await pilot.press("escape")  # back to the menu, where Enter plays the highlighted line
        assert app.focused is app.query_one("#choices")

    run(app, script)


def test_a_large_offer_is_read_back_in_words_before_it_is_sent() -> None:
    app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await banker_to_offer(pilot, app)
        played = len(actions(app))
        await type_in(pilot, "900,000")
        assert isinstance(app.screen, ConfirmScreen)
        question = " ".join(drawn_text(app, "#question").split())
        assert "Send an offer of $900,000, nine hundred thousand dollars?" in question
        assert "of the mean of the values left" in question  # far above what the cases average
        await pilot.press("escape")
        assert not isinstance(app.screen, ConfirmScreen) and len(actions(app)) == played
        assert app.query_one("#amount", Input).value == "900,000"
        await pilot.press("enter")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        assert actions(app)[played] == {"seat": 0, "action": {"offer": 90_000_000}}

    run(app, script)


def test_which_amounts_are_read_back_before_sending() -> None:
    view = {"mean_in_play": 10_000_000, "offer": 2_000_000}  # a mean of $100,000; $20,000 offered
    assert needs_confirmation(view, {"offer": 5_000_000}) is None  # half the mean: usual
    assert "125% of the mean" in (needs_confirmation(view, {"offer": 12_500_000}) or "")
    assert "one hundred thousand dollars" in (needs_confirmation(view, {"offer": 10_000_000}) or "")
    assert needs_confirmation(view, {"counter": 3_000_000}) is None  # 1.5 times the offer
    assert "2.5 times the offer of $20,000" in (needs_confirmation(view, {"counter": 5_000_000}) or "")
    assert needs_confirmation(view, {"deal": True}) is None


def test_a_move_the_engine_refuses_is_said_in_words_without_its_rule_code() -> None:
    app = DealApp(2, [None, None], 3, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await type_in(pilot, "7")  # seat 1 takes case 7, then opens case 1
        await type_in(pilot, "1")
        before_actions, before_view = actions(app), app.game.view(None)
        await type_in(pilot, "1")  # case 1 again
        notice = drawn_text(app, "#notice")
        assert "Refused: case 1 is already open" in notice and "§" not in notice
        assert actions(app) == before_actions and app.game.view(None) == before_view

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


def test_values_are_written_short_on_the_cases() -> None:
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


def test_the_offer_box_names_the_one_who_stands_firm_as_each_version_calls_them() -> None:
    for version, seats, word in (("duo", 2, "The banker stands firm"), ("party", 3, "The host stands firm")):
        game = hs.new_game("deal_or_no_deal", seats, seed=2, options={"version": version})
        # Played to the first offer, countered at $1 more, and the counter refused.
        while not game.view(None)["stood_firm"]:
            [seat] = game.to_act
            view = game.view(None)
            if view["phase"] == "respond":
                game.act(seat, {"counter": view["offer"] + 100})
            elif view["phase"] == "counter":
                game.act(seat, {"stand": True})
            else:
                game.act(seat, game.legal_actions(seat)[0])
        assert word in offer_box_text(game.view(None), human_to_act=False).plain
