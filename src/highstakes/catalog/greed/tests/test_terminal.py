"""The Greed terminal UI, driven headless through Textual's Pilot.

Each test runs its own event loop (``highstakes.testing.terminal.run``) so no pytest plugin is needed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

import highstakes as hs
from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.tui import app as greed_app
from highstakes.catalog.greed.tui import draw
from highstakes.catalog.greed.tui.app import GreedApp
from highstakes.engine.action import JSON
from highstakes.testing.terminal import (
    decisions,
    drawn_text,
    log_text,
    run,
    start_the_next_game,
    static_text,
    wait_for,
)
from highstakes.tui import play, table_for
from highstakes.tui.screens import GameOverScreen, RulesScreen


def seed_where(condition: Callable[[dict[str, JSON]], bool]) -> int:
    """A seed whose first decision in a two-seat game satisfies ``condition``."""
    for seed in range(500):
        if condition(hs.new_game("greed", 2, seed=seed).view(None)):
            return seed
    raise AssertionError("no seed found")


def hot_seat(seed: int) -> GreedApp:
    return GreedApp(2, [None, None], seed, {}, bot_delay=0)


def test_two_bots_play_to_the_end_then_n_starts_a_new_game(tmp_path: Path) -> None:
    record_path = tmp_path / "greed.json"
    app = GreedApp(2, ["random", "random"], 7, {}, bot_delay=0, record_path=record_path)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        result = app.game.result()
        assert len(result["winners"]) == 1
        winner = app.seat_name(result["winners"][0])
        assert winner in static_text(app, "#winner")
        assert f"{max(result['scores']):,}" in static_text(app, "#winner")
        saved = json.loads(record_path.read_text(encoding="utf-8"))
        assert hs.replay(saved).result() == result

        await start_the_next_game(pilot, app, lambda: app.games_played == 2)
        assert app.game.seed == 8  # the next seed, so a session stays reproducible

    run(app, script)


def test_keys_keep_then_bank_change_the_game() -> None:
    seed = seed_where(lambda view: view["can_bank"])
    app = hot_seat(seed)

    async def script(pilot: Pilot[None]) -> None:
        seat = app.seat_to_act
        assert seat is not None
        bank_value = app.game.view(None)["bank_value"]
        await pilot.press("b")
        assert decisions(app.game) == [{"seat": seat, "action": Bank().to_json()}]
        assert app.game.view(None)["scores"][seat] == bank_value
        assert "BANKS" in log_text(app)

        mover = app.seat_to_act
        assert mover is not None and mover != seat
        first_keep = next(a for a in app.game.legal_actions(mover) if isinstance(a, Keep))
        await pilot.press("1")
        assert decisions(app.game)[-1] == {"seat": mover, "action": first_keep.to_json()}

    run(app, script)


def test_bank_key_does_nothing_when_banking_is_not_allowed() -> None:
    app = hot_seat(seed_where(lambda view: not view["can_bank"]))

    async def script(pilot: Pilot[None]) -> None:
        before = app.game.view(None)
        await pilot.press("b")
        await pilot.pause()
        assert decisions(app.game) == []
        assert app.game.view(None) == before

    run(app, script)


def test_number_keys_beyond_the_options_do_nothing() -> None:
    app = hot_seat(seed_where(lambda view: True))

    async def script(pilot: Pilot[None]) -> None:
        seat = app.seat_to_act
        assert seat is not None
        keeps = [a for a in app.game.legal_actions(seat) if isinstance(a, Keep)]
        if len(keeps) < 9:
            await pilot.press(str(len(keeps) + 1))
            assert decisions(app.game) == []

    run(app, script)


def test_a_refused_action_shows_the_rule_in_words_without_its_code() -> None:
    app = hot_seat(seed_where(lambda view: not view["can_bank"]))

    async def script(pilot: Pilot[None]) -> None:
        seat = app.seat_to_act
        assert seat is not None
        refusal = app.game.view(None)["bank_refusal"]
        assert not app._play(seat, Bank())
        await pilot.pause()
        assert static_text(app, "#notice") == f"Refused: {refusal['message']}"
        assert refusal["rule"].startswith("§2.")  # kept for programs, never shown
        choices = app.query_one("#choices", OptionList)
        menu = " ".join(str(choices.get_option_at_index(i).prompt) for i in range(choices.option_count))
        assert refusal["message"] in menu and "§" not in menu
        assert decisions(app.game) == []

    run(app, script)


def test_one_turn_total_with_its_meaning_and_what_banking_now_would_score() -> None:
    # The reported case: 350 set aside, and a roll whose best dice add 100 more, on an
    # opening turn: banking would score 450, which the first bank's 500 minimum refuses.
    view = {"phase": "play", "turn_total": 350, "roll": ["D", "R", "R", "Em", "$"], "can_bank": False,
            "bank_value": None, "keep_choices": [{"keep": ["D"], "points": 100, "dice_next": 4}],
            "scores": [0, 0], "current": 0}
    refused = "Set aside this turn 350  ·  banking now would score 450: not allowed"
    assert draw.totals_line(view).plain == refused
    allowed = {**view, "can_bank": True, "bank_value": 450, "scores": [1200, 0]}
    banked = "Set aside this turn 350  ·  banking now would score 450 → 1,650"
    assert draw.totals_line(allowed).plain == banked


def test_question_mark_opens_the_rules() -> None:
    app = hot_seat(1)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)

    run(app, script)


def test_hint_shows_the_advised_move_and_win_probability(monkeypatch: pytest.MonkeyPatch) -> None:
    def fake_hint(view: dict[str, JSON], legal: list[hs.Action]) -> dict[str, JSON]:
        advised = legal[-1]
        return {"action": advised.to_json(), "label": str(advised), "win_probability": 0.625}

    monkeypatch.setattr(greed_app, "ask_hint", fake_hint)
    app = hot_seat(1)

    async def script(pilot: Pilot[None]) -> None:
        seat = app.seat_to_act
        assert seat is not None
        advised = app.game.legal_actions(seat)[-1]
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint" in static_text(app, "#notice"))
        notice = static_text(app, "#notice")
        assert str(advised) in notice and "62.5%" in notice
        choices = app.query_one("#choices", OptionList)
        starred = [option.id for option in choices.options if "★" in str(option.prompt)]
        assert len(starred) == 1
        assert decisions(app.game) == []  # a hint never plays by itself

    run(app, script)


def test_human_and_bot_take_turns() -> None:
    app = GreedApp(2, [None, "random"], 3, {}, bot_delay=0)

    def bot_has_played() -> bool:
        return any(entry["seat"] == 1 for entry in decisions(app.game))

    async def script(pilot: Pilot[None]) -> None:
        # Always keeping the best dice and never banking, the person soon greeds out.
        while not bot_has_played():
            await wait_for(pilot, lambda: app.human_to_act or bot_has_played())
            if app.human_to_act:
                await pilot.press("1")
        await wait_for(pilot, lambda: app.human_to_act or app.game.is_over)

    run(app, script)


def test_bad_arguments_are_refused_before_the_screen_starts() -> None:
    with pytest.raises(ValueError, match="greed"):
        play("chess", 2, [None, None], 1, {})
    with pytest.raises(ValueError, match="one entry per seat"):
        GreedApp(3, [None, None], 1, {})
    with pytest.raises(ValueError):
        GreedApp(2, [None, None], 1, {"dddd": 7})
    assert table_for("greed") is GreedApp


def test_enter_plays_the_highlighted_choice() -> None:
    app = hot_seat(seed_where(lambda view: True))

    async def script(pilot: Pilot[None]) -> None:
        seat = app.seat_to_act
        assert seat is not None
        legal = app.game.legal_actions(seat)
        listed_first = Bank() if Bank() in legal else next(a for a in legal if isinstance(a, Keep))
        await pilot.press("enter")
        assert decisions(app.game) == [{"seat": seat, "action": listed_first.to_json()}]

    run(app, script)


def _first_key_and_action(game: hs.Game) -> tuple[str, hs.Action]:
    seat = game.to_act[0]
    legal = game.legal_actions(seat)
    if Bank() in legal:
        return "b", Bank()
    return "1", next(a for a in legal if isinstance(a, Keep))


def _greed_out_line(app: GreedApp, turn: dict[str, JSON]) -> str:
    return f"{app.seat_name(turn['seat'])} rolls {' '.join(turn['log'][-1]['roll'])}: GREED-OUT"


def test_the_log_tells_of_a_turn_ended_together_with_the_next_one() -> None:
    """After the mover's turn ends, the next player may greed out before anyone decides."""

    def ends_two_turns(seed: int) -> bool:
        game = hs.new_game("greed", 2, seed=seed)
        _, action = _first_key_and_action(game)
        game.act(game.to_act[0], action)
        return game.view(None)["turns_played"] >= 2

    seed = next(seed for seed in range(3000) if ends_two_turns(seed))
    app = hot_seat(seed)

    async def script(pilot: Pilot[None]) -> None:
        mover = app.seat_to_act
        assert mover is not None
        key, _ = _first_key_and_action(app.game)
        await pilot.press(key)
        mover_turn, undecided = app.game.view(None)["recent_turns"][:2]
        assert mover_turn["seat"] == mover and undecided["log"][0]["greed_out"]
        ending = mover_turn["log"][-1]
        logged = log_text(app)
        if mover_turn["greed_out"]:
            assert _greed_out_line(app, mover_turn) in logged
        else:
            assert f"BANKS {ending['bank']:,}" in logged
        assert _greed_out_line(app, undecided) in logged

    run(app, script)


def test_every_roll_of_every_turn_is_logged_once() -> None:
    """Seed 46 has a decision that ends four turns: a bank, then three greed-outs on a first roll."""
    app = GreedApp(2, ["random", "random"], 46, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        actions = [entry["action"] for entry in decisions(app.game)]
        replayed = hs.new_game("greed", 2, seed=46)
        most_turns_ended = 0
        for action in actions:
            before = replayed.view(None)["turns_played"]
            replayed.act(replayed.to_act[0], action)
            most_turns_ended = max(most_turns_ended, replayed.view(None)["turns_played"] - before)
        assert most_turns_ended > app.game.seats  # more than a round of turns at once

        # Each roll is either decided (a keep or a bank) or a greed-out ending its turn.
        turns = app.game.result()["turns"]
        banks = sum(1 for action in actions if action == Bank().to_json())
        words = log_text(app).split()
        assert words.count("rolls") == len(actions) + turns - banks
        assert words.count("GREED-OUT") + words.count("GREED-OUT,") == turns - banks

    run(app, script)


def test_at_80_by_24_twelve_players_scores_the_dice_and_the_menu_are_all_in_view() -> None:
    """Any number of players from 2 (RULES.md §2.1), up to the table's twelve: one score per line."""
    app = GreedApp(12, [None, *["heuristic"] * 11], 5, {}, bot_delay=0)

    def in_view(selector: str) -> Region:
        region = app.query_one(selector).region
        assert region.height > 0 and app.screen.region.contains_region(region), selector
        return region

    async def script(pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.human_to_act)
        board = app.query_one("#scoreboard", Static)
        assert board.content_region.height >= 12 and in_view("#scoreboard")
        scores = drawn_text(app, "#scoreboard").splitlines()
        assert [line.split()[0:2] for line in scores if line.strip()][1:] == [
            ["Bot", str(seat)] for seat in range(2, 13)]  # Player 1 first, each seat once, in order
        assert in_view("#dice").height == 3
        menu = in_view("#choices")
        choices = app.query_one("#choices", OptionList)
        assert choices.option_count >= 1 and menu.height - 2 >= 5  # the menu keeps five lines at least

    run(app, script)
