"""Millionaire's terminal table, driven headless through Textual's Pilot, as a person plays it.

Each test runs its own event loop (``highstakes.testing.terminal.run``) so no pytest plugin is needed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

import highstakes as hs
from highstakes.catalog.millionaire import MillionaireDefinition
from highstakes.catalog.millionaire.actions import LETTERS
from highstakes.catalog.millionaire.advisor import advise
from highstakes.catalog.millionaire.money import dollars
from highstakes.catalog.millionaire.tui.app import (
    ConfidenceScreen,
    MillionaireApp,
    MillionaireOverScreen,
    PhoneScreen,
)
from highstakes.testing.terminal import decisions, drawn_text, log_text, run, wait_for
from highstakes.tui import table_for
from highstakes.tui.screens import ConfirmScreen, PassScreen, RulesScreen

NO_HUNCHES = {"hunches": "off"}


def plain(app: MillionaireApp, selector: str) -> str:
    return " ".join(drawn_text(app, selector).split())


def menu_lines(app: MillionaireApp, selector: str) -> list[str]:
    """What an option list shows, one line per option."""
    menu = app.screen.query_one(selector, OptionList)
    return [" ".join(str(menu.get_option_at_index(i).prompt).split()) for i in range(menu.option_count)]


def last_decision(app: MillionaireApp) -> dict[str, object]:
    return decisions(app.game)[-1]


def test_play_uses_the_game_own_table() -> None:
    assert table_for("millionaire") is MillionaireApp


def test_a_person_plays_a_whole_game_against_a_bot_to_the_standings(tmp_path: Path) -> None:
    record_path = tmp_path / "millionaire.json"
    app = MillionaireApp(2, [None, "knower"], 5, {"rounds": 2}, bot_delay=0, record_path=record_path)

    async def script(pilot: Pilot[None]) -> None:
        # The first screen: the question, its four options, the money tree with its havens.
        view = app.game.view(0)
        question = plain(app, "#question")
        assert view["question"]["text"].split()[0] in question
        for option in view["question"]["options"]:
            assert f"{option['letter']} {option['text'].split()[0]}" in question
        ladder = plain(app, "#ladder")
        assert "$1,000,000" in ladder and "$100" in ladder
        assert "$32,000 ◆" in ladder and "$1,000 ◆" in ladder and "$64,000 ◆" not in ladder
        assert "Round 1 of 2 · question 1 of 15 for $100" in str(app.query_one("#left").border_title)
        moves = 0
        while not app.game.is_over:
            await wait_for(pilot, lambda: app.human_to_act or app.game.is_over)
            if app.game.is_over:
                break
            # The highlighted move of the menu: an answer, or a card when a player asks for one.
            await pilot.press("enter")
            moves += 1
            assert moves < 200
        await wait_for(pilot, lambda: isinstance(app.screen, MillionaireOverScreen))
        result = app.game.result()
        assert len(result["rounds"]) == 2 or max(result["scores"]) >= 100_000_000  # WM-1 ends it early
        winner_line = plain(app, "#winner")
        assert dollars(max(result["scores"])) in winner_line
        standings = plain(app, "#standings")
        assert all(dollars(score) in standings for score in result["scores"])
        rounds = plain(app, "#rounds")
        assert "Player 1" in rounds and "Bot 2 (average)" in rounds
        saved = json.loads(record_path.read_text(encoding="utf-8"))
        assert hs.replay(saved).result() == result
        # Every reveal went to the log, with the correct answer of each question.
        assert log_text(app).count("the answer is") == sum(
            1 for entry in saved["actions"] if isinstance(entry.get("chance"), dict))

    run(app, script)


def test_lifelines_a_fifty_fifty_then_a_phone_call_to_the_chosen_player() -> None:
    app = MillionaireApp(3, [None, "knower", "knower"], 2, NO_HUNCHES, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act)
        await pilot.press("f")
        assert last_decision(app) == {"seat": 0, "action": {"fifty": True}}
        await wait_for(pilot, lambda: app.human_to_act)
        kept = app.game.view(0)["your_options"]
        assert len(kept) == 2
        question = plain(app, "#question")
        assert question.count("(removed by 50:50)") == 2
        # The used lifeline is gone from the menu and its key is greyed out.
        labels = menu_lines(app, "#choices")
        assert not any("50:50" in label for label in labels)
        assert sum("lock in" in label for label in labels) == 2
        await pilot.press("f")
        assert last_decision(app) == {"seat": 0, "action": {"fifty": True}}  # nothing more sent
        # Phone a Friend asks whom to call, by name.
        await pilot.press("p")
        assert isinstance(app.screen, PhoneScreen)
        assert menu_lines(app, "#friends") == ["1 Bot 2 (average)", "2 Bot 3 (average)"]
        await pilot.press("2")
        assert {"seat": 0, "action": {"phone": 2}} in decisions(app.game)
        assert "Player 1 uses Phone a Friend: calls Bot 3 (average)" in log_text(app)
        await wait_for(pilot, lambda: app.human_to_act)
        cards = app.game.view(0)["your_phone_cards"]
        assert len(cards) == 2
        assert f"Your friend's cards: {', '.join(cards)}" in plain(app, "#question")
        # Lock in one of the two letters left: the log says only that Player 1 locked in.
        played = len(decisions(app.game))
        await pilot.press(kept[0].lower())
        assert decisions(app.game)[played] == {"seat": 0, "action": {"answer": kept[0]}}
        assert "Player 1 has locked in" in log_text(app)

    run(app, script)


def test_walking_away_is_confirmed_then_secret_until_the_reveal() -> None:
    # Two bots play on; the person walks away before the $100 question with nothing.
    app = MillionaireApp(2, [None, "knower"], 9, NO_HUNCHES, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act)
        await pilot.press("w")
        assert isinstance(app.screen, ConfirmScreen)
        assert "Walk away with $0?" in plain(app, "#question")
        await pilot.press("n")  # changed their mind: nothing sent
        assert decisions(app.game) == [] or all(entry["seat"] != 0 for entry in decisions(app.game))
        await pilot.press("w")
        await pilot.press("enter")
        assert {"seat": 0, "action": {"walk": True}} in decisions(app.game)
        await wait_for(pilot, lambda: app.game.view(None)["last_reveal"] is not None)
        reveal = app.game.view(None)["last_reveal"]
        mine = next(entry for entry in reveal["answers"] if entry["seat"] == 0)
        assert mine == {"seat": 0, "answer": "walk", "outcome": "walked", "paid": 0, "step": 0}
        log = log_text(app)
        assert log.index("Player 1 has locked in") < log.index("Player 1 walked away with $0.")
        # The table speaks to the person in their own words; the shared log names them.
        assert "You walked away with $0." in plain(app, "#reveal")
        # Out of the round, and the players panel says so; the bot may still phone Player 1.
        assert "Player 1 (you) · out of the round" in plain(app, "#players")
        await wait_for(pilot, lambda: app.human_to_act or app.game.is_over)
        if app.human_to_act:
            assert "Bot 2 (average) phones you" in plain(app, "#status")
            assert [line[:1] for line in menu_lines(app, "#choices")] == ["a", "b", "c", "d"]

    run(app, script)


def test_people_at_one_keyboard_pass_it_and_an_out_player_is_phoned() -> None:
    # Two people: Player 1 walks away at once; Player 2 then phones Player 1, who is out of
    # the round and passes a card. Nobody sees the other's screen in between.
    app = MillionaireApp(2, [None, None], 4, NO_HUNCHES, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        assert not app.query_one("#main").display  # hidden until the right person is there
        await pilot.press("enter")
        assert app.seat_to_act == 0 and app.query_one("#main").display
        await pilot.press("w", "enter")
        # Player 2's turn: the table hides first; Player 1's choice never shows on it.
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        assert not app.query_one("#main").display
        await pilot.press("enter")
        assert app.seat_to_act == 1
        question = plain(app, "#question")
        assert "walk away" not in question and "locked in" not in question
        assert "Player 1 · locked in" in plain(app, "#players")  # that they have, in public
        await pilot.press("p")  # the only friend: still a choice, by name
        assert menu_lines(app, "#friends") == ["1 Player 1"]
        await pilot.press("enter")
        assert last_decision(app) == {"seat": 1, "action": {"phone": 0}}
        # The friend is asked, out of the round though they are.
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.press("enter")
        assert app.seat_to_act == 0
        assert "Player 2 phones you" in plain(app, "#status")
        assert "Your card for Player 2" in str(app.query_one("#choices").border_title)
        await pilot.press("c")
        assert last_decision(app) == {"seat": 0, "action": {"card": "C"}}
        assert "Player 1 passes a card to Player 2" in log_text(app)
        await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
        await pilot.press("enter")
        assert app.seat_to_act == 1
        assert "Your friend's cards:" in plain(app, "#question")

    run(app, script)


def test_the_hint_key_shows_the_advisor_move(monkeypatch: pytest.MonkeyPatch) -> None:
    def advisor(view: dict[str, object], legal: list[object]) -> dict[str, object]:
        return {"action": {"walk": True}, "label": "walk away with $0", "reason": "too risky"}

    monkeypatch.setattr(MillionaireDefinition, "advisor", lambda self: advisor)
    app = MillionaireApp(1, [None], 1, NO_HUNCHES, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint" in plain(app, "#notice"))
        assert "Hint: walk away with $0 · too risky" in plain(app, "#notice")
        starred = [line for line in menu_lines(app, "#choices") if "★" in line]
        assert len(starred) == 1 and "walk away" in starred[0]

    run(app, script)


def correct_letter(app: MillionaireApp) -> str:
    """The answer to the question on the table (a secret the test reads from the game's state)."""
    return LETTERS[app.game.full_state().correct]


async def state_confidence(pilot: Pilot[None], app: MillionaireApp, keys: list[str]) -> None:
    """Press s, type ``keys`` into the confidence box and Enter; wait for the advisor's words."""
    before = plain(app, "#notice")
    await pilot.press("s")
    assert isinstance(app.screen, ConfidenceScreen)
    await pilot.press(*keys, "enter")
    await wait_for(pilot, lambda: not isinstance(app.screen, ConfidenceScreen)
                   and plain(app, "#notice") not in (before, "Thinking about a hint…"))


def test_the_advice_follows_the_confidence_the_person_states() -> None:
    """A player alone who has reached $125,000 with right answers (played before the table opens)."""
    app = MillionaireApp(1, [None], 3, NO_HUNCHES, bot_delay=0)
    for _ in range(12):
        app.game.act(0, {"answer": correct_letter(app)})
    assert app.game.view(0)["level"] == 13

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("f")
        kept = app.game.view(0)["your_options"]
        assert len(kept) == 2
        # The box asks for the two options left; the two the 50:50 removed cannot be typed in.
        await pilot.press("s")
        assert isinstance(app.screen, ConfidenceScreen)
        fields = {letter: app.screen.query_one(f"#sure-{letter}", Input) for letter in LETTERS}
        assert [letter for letter, field in fields.items() if not field.disabled] == kept
        assert app.screen.focused is fields[kept[0]]
        # Escape: nothing asked, nothing sent.
        await pilot.press("escape")
        assert not isinstance(app.screen, ConfidenceScreen)
        assert "Hint" not in plain(app, "#notice")
        assert decisions(app.game)[-1] == {"seat": 0, "action": {"fifty": True}}
        # Ask the Audience, then lock in the right answer: $250,000 reached, no lifeline left.
        await pilot.press("u")
        await pilot.press(correct_letter(app).lower())
        await wait_for(pilot, lambda: app.game.view(0)["level"] == 14 and app.human_to_act)
        view, legal = app.game.view(0), app.game.legal_actions(0)
        assert [action.to_json() for action in legal] == [
            *({"answer": letter} for letter in LETTERS), {"walk": True}]
        right = correct_letter(app)
        played = len(decisions(app.game))

        # Certain of the right answer: answer it. What the table says is what the advisor says.
        await state_confidence(pilot, app, ["tab"] * LETTERS.index(right) + ["1", "0", "0"])
        sure = advise({**view, "hint_input": {"confidence": {right: 100}}}, legal)
        assert sure["action"] == {"answer": right} and sure["walk_value"] == 250_000 * 100
        assert sure["answer_value"] > sure["walk_value"]
        assert plain(app, "#notice") == f"Hint: {sure['label']} · {sure['reason']}"
        assert f"Answering {right} (100% sure) is worth {dollars(round(sure['answer_value'] / 100) * 100)}" \
            in plain(app, "#notice")
        assert "walking away takes $250,000" in plain(app, "#notice")
        starred = [line for line in menu_lines(app, "#choices") if "★" in line]
        assert len(starred) == 1 and f"lock in {right}" in starred[0]

        # An even split over the four at the same position: a quarter of reaching $500,000 and the
        # rest $32,000 is worth less than the $250,000 in hand: walk away.
        await state_confidence(pilot, app, ["2", "5", "tab", "2", "5", "tab", "2", "5", "tab", "2", "5"])
        even = advise({**view, "hint_input": {"confidence": dict.fromkeys(LETTERS, 25)}}, legal)
        assert even["answer_value"] == pytest.approx(0.25 * sure["answer_value"] + 0.75 * 32_000 * 100)
        assert even["action"] == {"walk": True}
        assert plain(app, "#notice") == f"Hint: {even['label']} · {even['reason']}"
        assert "From the confidence you stated. Answering A (25% sure)" in plain(app, "#notice")
        starred = [line for line in menu_lines(app, "#choices") if "★" in line]
        assert len(starred) == 1 and "walk away" in starred[0]

        # Above 100 is refused in the box, which stays open to correct it.
        await pilot.press("s", "1", "5", "0", "enter")
        assert isinstance(app.screen, ConfidenceScreen)
        assert "A: 150 is more than 100" in " ".join(drawn_text(app, "#sure-problem").split())
        await pilot.press("escape")

        # Nothing typed: every option at 0 is no confidence at all; the advisor's words say so.
        await state_confidence(pilot, app, [])
        assert plain(app, "#notice") == "give at least one of the options left a confidence above 0"
        assert not any("★" in line for line in menu_lines(app, "#choices"))
        assert len(decisions(app.game)) == played  # hints send nothing

    run(app, script)


def test_the_rules_pop_up_opens_with_the_question_mark() -> None:
    app = MillionaireApp(1, [None], 1, NO_HUNCHES, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, RulesScreen)

    run(app, script)


def test_a_replay_draws_each_position_with_the_table() -> None:
    game = hs.new_game("millionaire", 3, seed=3, options={"host": "rotating", **NO_HUNCHES})
    view = game.view(1)
    console = Console(width=120, record=True, color_system=None)
    console.print(MillionaireApp.draw_view(view, lambda seat: f"Seat {seat + 1}", game.to_act))
    text = " ".join(console.export_text().split())
    assert view["question"]["text"].split()[0] in text
    assert "Seat 1 · hosts this round" in text  # the rotating host sits the round out
    assert "Money tree" in text and "$1,000,000" in text


def test_with_several_people_a_bots_turn_shows_nobody_s_secrets() -> None:
    # Two people and a slow bot: once both people have locked in, the screen shows the table as
    # a spectator sees it, not the last person's answer, while anyone may be looking.
    app = MillionaireApp(3, [None, None, "knower"], 4, {"hunches": "everyone"}, bot_delay=60)

    async def script(pilot: Pilot[None]) -> None:
        for seat, key in ((0, "b"), (1, "c")):
            await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
            await pilot.press("enter")
            assert app.seat_to_act == seat
            assert "Your hunch" in plain(app, "#question")  # their own, now that it is theirs
            await pilot.press(key)
        assert app.seat_to_act == 2 and not app.human_to_act
        question = plain(app, "#question")
        assert "Your hunch" not in question and "You have locked in" not in question
        players = plain(app, "#players")
        assert "Player 1 · locked in" in players and "Player 2 · locked in" in players
        assert "(you)" not in players

    run(app, script)


def test_a_person_at_the_terminal_is_dealt_no_hunch_and_a_practice_table_says_it_deals_one() -> None:
    """WM-5: the table tells the game that seat 2 is a bot's; only the bot holds a hunch. With
    hunches for everyone, the person holds one too and the table says so while it is on."""
    app = MillionaireApp(2, [None, "knower"], 3, {}, bot_delay=60)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act)
        assert app.game.bot_seats == (1,)
        assert app.game.view(0)["your_hunch"] is None and app.game.view(1)["your_hunch"] is not None
        question = plain(app, "#question")
        assert "Your hunch" not in question and "Practice table" not in question

    run(app, script)
    practice = MillionaireApp(2, [None, "knower"], 3, {"hunches": "everyone"}, bot_delay=60)

    async def practising(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: practice.human_to_act)
        question = plain(practice, "#question")
        assert "Practice table: people are dealt a hunch for each question too, as bots are." in question
        assert "Your hunch" in question

    run(practice, practising)
