"""It's in the Bag's terminal table, driven headless through Textual's Pilot with the keys a person presses.

Each test runs its own event loop (``highstakes.testing.terminal.run``) so no pytest plugin is needed.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import OptionList

import highstakes as hs
from highstakes.catalog.in_the_bag.tui import draw
from highstakes.catalog.in_the_bag.tui.app import BagApp
from highstakes.testing.terminal import decisions, drawn_text, log_text, run, static_text, wait_for
from highstakes.tui import table_for
from highstakes.tui.screens import GameOverScreen, PassScreen, RulesScreen


def test_the_game_declares_its_own_table() -> None:
    assert table_for("in_the_bag") is BagApp


def test_a_person_plays_against_a_bot_to_the_end_with_the_piece_picker(tmp_path: Path) -> None:
    record_path = tmp_path / "bag.json"
    app = BagApp(2, [None, "believer"], 3, {}, bot_delay=0, record_path=record_path)

    async def script(pilot: Pilot[None]) -> None:
        fed = bids = 0
        while not app.game.is_over:
            await wait_for(pilot, lambda: app.game.is_over or app._phase is not None)
            if app.game.is_over:
                break
            view = app.game.view(0)
            hand = [view["your_pieces"][key] for key in ("100", "500", "1000", "5000")]
            smallest = next(amount for amount, held in zip((100, 500, 1000, 5000), hand, strict=True) if held)
            before = len(decisions(app.game))
            if app._phase == "feed":
                await pilot.press("1")  # the first row: the smallest piece held
                assert decisions(app.game)[-1] == {"seat": 0, "action": {"feed": smallest}}
                fed += 1
            else:
                # Compose the smallest bid the rules allow: one smallest piece, two after a tie on it.
                await pilot.press("1")
                assert "In your fist: ¥" in static_text(app, "#fist")
                expected = [smallest]
                if view["must_differ_from"] == smallest:
                    if hand[(100, 500, 1000, 5000).index(smallest)] > 1:
                        await pilot.press("1")
                        expected = [smallest, smallest]
                    else:
                        await pilot.press("2")
                        second = next(a for a, held in zip((100, 500, 1000, 5000), hand, strict=True)
                                      if held and a > smallest)
                        expected = [second, smallest]
                await pilot.press("s")
                assert decisions(app.game)[before] == {"seat": 0, "action": {"bid": expected}}
                bids += 1
            await pilot.pause()
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert fed >= 1 and bids >= fed
        result = app.game.result()
        winner = app.seat_name(result["winners"][0])
        assert winner in static_text(app, "#winner")
        top = max(result["scores"])
        assert f"¥{top:,}" in static_text(app, "#winner")
        # Every hand counted in the open at the end, as pieces.
        assert "¥" in drawn_text(app, "#final-pieces")
        # Every round was revealed in the log, with who took the bag.
        reveals = sum(len(entry["reveals"]) for entry in app.game.view(0)["history"])
        assert log_text(app).count("Bids revealed:") == reveals
        await pilot.press("escape")  # back to the table, as it stands at the end
        assert "A tie for the highest bid" not in drawn_text(app, "#reveal")
        saved = json.loads(record_path.read_text(encoding="utf-8"))
        assert hs.replay(saved).result() == result

    run(app, script)


def test_an_empty_fist_and_a_repeated_amount_after_a_tie_are_refused_in_words() -> None:
    """Two people at one keyboard: feed, bid ¥100 each (a tie), then the same ¥100 is refused."""
    app = BagApp(2, [None, None], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        for seat in (0, 1):
            await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
            assert app.query_one("#main").display is False  # nobody's pieces while the keyboard passes
            await pilot.press("enter")
            await wait_for(pilot, lambda: app._phase == "feed")
            assert f"Player {seat + 1}: feed one piece" in static_text(app, "#status")
            await pilot.press("1")
            assert app._phase == "bid"
            if seat == 0:
                # An empty fist: the ¥100 minimum, in words, and nothing changed.
                before = decisions(app.game)
                await pilot.press("s")
                assert "Refused: the minimum bid is ¥100" in static_text(app, "#notice")
                assert decisions(app.game) == before
            await pilot.press("1")
            assert "¥100" in static_text(app, "#fist")
            await pilot.press("s")
        # The tie sent both back: the reveal shows both bids and says so.
        assert app.game.view(None)["rebid"] == 1
        for seat in (0, 1):
            await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))  # back to Player 1, then 2
            await pilot.press("enter")
            await wait_for(pilot, lambda seat=seat: app._phase == "bid" and app.seat_to_act == seat)
            assert "tie for the highest bid at ¥100" in drawn_text(app, "#reveal")
            assert "After the tie, bid an amount other than ¥100." in static_text(app, "#rule")
            before = decisions(app.game)
            await pilot.press("1", "s")
            assert "Refused: after a tie, bid an amount different from your last bid (¥100)" in static_text(
                app, "#notice")
            assert decisions(app.game) == before
            # One piece more: ¥200 is another amount, and goes.
            await pilot.press("1", "s")
            assert decisions(app.game)[-1] == {"seat": seat, "action": {"bid": [100, 100]}}
        # ¥200 each: a second tie, both back again; the log said each person's own move only.
        assert app.game.view(None)["rebid"] == 2
        assert "Bids revealed: Player 1 ¥100, Player 2 ¥100 · tie at ¥100: bid again" in log_text(app)

    run(app, script)


def test_pieces_in_the_fist_go_back_one_by_one_and_the_hint_fills_the_fist() -> None:
    app = BagApp(3, [None, "heuristic", "heuristic"], 1, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._phase == "feed")
        # Others' pieces are never shown: only how many each holds.
        players = drawn_text(app, "#players")
        assert "Bot 2" in players and "¥" not in players
        assert "0 pieces in the bag" in drawn_text(app, "#bag")
        await pilot.press("1")
        assert "1 piece in the bag" in drawn_text(app, "#bag")
        await pilot.press("2", "2", "1")  # both ¥500 coins and a ¥100 coin
        assert "¥1,100" in static_text(app, "#fist")
        await pilot.press("2")  # no third ¥500 coin
        assert "No other ¥500 coin to put in your fist." in static_text(app, "#notice")
        picker = app.query_one("#picker", OptionList)
        picker.highlighted = 1  # the ¥500 row
        await pilot.press("minus")
        assert "In your fist: ¥600" in static_text(app, "#fist")
        await pilot.press("c")
        assert "In your fist: ¥0" in static_text(app, "#fist")
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint:" in static_text(app, "#notice"))
        advice = app._hint[1] if app._hint else None
        assert isinstance(advice, dict) and "bid" in advice
        assert f"In your fist: ¥{sum(advice['bid']):,}" in static_text(app, "#fist")
        await pilot.press("s")
        assert [d for d in decisions(app.game) if "bid" in d["action"] and d["seat"] == 0] == [
            {"seat": 0, "action": advice}]
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)

    run(app, script)


def test_your_own_moves_are_told_as_yours_in_the_log() -> None:
    app = BagApp(2, [None, "heuristic"], 1, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._phase == "feed")
        await pilot.press("1")  # the ¥100 coin
        await wait_for(pilot, lambda: app._phase == "bid")
        await pilot.press("1", "s")
        await wait_for(pilot, lambda: "Bids revealed:" in log_text(app))
        log = log_text(app)
        assert "You fed the bag: ¥100 coin" in log and "You sealed a bid of ¥100" in log
        assert "Player 1 fed" not in log and "Player 1 sealed" not in log
        assert "Bot 2 (rule of thumb) fed a piece" in log  # the bot's piece stays secret

    run(app, script)


def test_at_a_shared_keyboard_the_log_keeps_every_piece_fed_and_bid_secret() -> None:
    """The log stays on the screen for the next person: it names no one's piece or bid."""
    app = BagApp(2, [None, None], 5, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        for key in ("2", "1"):  # Player 1 feeds a ¥500 coin, Player 2 a ¥100 coin
            await wait_for(pilot, lambda: isinstance(app.screen, PassScreen))
            await pilot.press("enter")
            await wait_for(pilot, lambda: app._phase == "feed")
            await pilot.press(key)
            await pilot.press("1", "1", "s")  # a ¥200 bid
        log = log_text(app)
        assert "Player 1 fed a piece" in log and "Player 2 fed a piece" in log
        assert "Player 1 sealed a bid" in log and "coin" not in log and "You " not in log

    run(app, script)


def test_a_table_with_feeds_shown_and_a_round_limit_says_so() -> None:
    app = BagApp(3, [None, "heuristic", "heuristic"], 1, {"feeds": "shown", "round_limit": 20}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app._phase == "feed")
        bag = drawn_text(app, "#bag")
        assert "This table ends the game after round 20 at the latest." in bag
        assert "Every fed piece is shown when the last one is in." in bag
        assert app.query_one("#bag").border_title == "Round 1 of 20"
        assert "everyone sees it once every piece is in" in static_text(app, "#rule")
        await pilot.press("2")  # a ¥500 coin
        await wait_for(pilot, lambda: app._phase == "bid")
        fed = app.game.view(0)["fed_pieces"]
        bag = drawn_text(app, "#bag")
        assert "Fed this round:" in bag and "Bot 2 (rule of thumb)" in bag and "(¥500)" in bag
        assert f"Every piece inside was seen: ¥{sum(fed):,}" in bag
        assert "Pieces fed: Player 1 ¥500 coin, Bot 2 (rule of thumb) ¥100 coin" in log_text(app)

    run(app, script)


def _drawn(renderable: object) -> str:
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(renderable)
    return " ".join(console.export_text().split())


def _seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def test_the_reveal_tells_a_tied_player_to_bid_again_and_the_others_that_their_bid_stands() -> None:
    game = hs.new_game("in_the_bag", 3, seed=0)
    for seat in range(3):
        game.act(seat, {"feed": 100})
    for seat, bid in enumerate(([500], [500], [100])):
        game.act(seat, {"bid": bid})
    _title, tied = draw.reveal_panel(game.view(0), _seat_name)
    assert "A tie for the highest bid at ¥500: bid again with a different amount." in _drawn(tied)
    _title, standing = draw.reveal_panel(game.view(2), _seat_name)
    assert ("A tie for the highest bid at ¥500: the tied players bid again, each with a different amount. "
            "Your bid stands.") in _drawn(standing)
    assert "bid stands" in _drawn(draw.players_table(game.view(None), _seat_name))


def test_a_round_the_ties_ended_is_told_and_the_end_shows_what_is_left_in_the_bag() -> None:
    game = hs.new_game("in_the_bag", 2, seed=0, options={"round_limit": 1})
    game.act(0, {"feed": 100})
    game.act(1, {"feed": 100})
    for amount in (100, 200, 300, 400, 100, 200):  # ¥100 coins: four left after feeding one
        for seat in (0, 1):
            game.act(seat, {"bid": [100] * (amount // 100)})
    view = game.view(0)
    _title, reveal = draw.reveal_panel(view, _seat_name)
    assert ("Still tied after five re-bids: everyone takes back their bid, and the bag goes on untouched "
            "to the next round.") in _drawn(reveal)
    assert "Left in the bag: ¥200" in _drawn(draw.bag_panel(view, _seat_name))
