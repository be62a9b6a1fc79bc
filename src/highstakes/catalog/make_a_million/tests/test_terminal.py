"""Make-A-Million's own terminal table, driven headless through Textual's Pilot.

Each test runs its own event loop (``highstakes.testing.terminal.run``). Positions that need a
known hand are scripted deals (``helpers.scripted``) put on the table before it starts.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

import highstakes as hs
from highstakes.catalog.make_a_million import MillionDefinition
from highstakes.catalog.make_a_million.cards import BEAR, BULL, TIGER
from highstakes.catalog.make_a_million.tests.helpers import act, auction, play, scripted
from highstakes.catalog.make_a_million.tui import draw
from highstakes.catalog.make_a_million.tui.app import CARD_KEYS, DealOverScreen, MillionApp
from highstakes.i18n import PSEUDO, use_language
from highstakes.testing.terminal import (
    decisions,
    drawn_text,
    log_text,
    run,
    screen_texts,
    start_the_next_game,
    static_text,
    wait_for,
)
from highstakes.tui import table_for
from highstakes.tui.screens import GameOverScreen, PassScreen, RulesScreen

# The rulebook's seats A and B (0 and 2) against Z and Y (1 and 3), as in test_rules.
HANDS = [
    ["R1", "R2", "R4", "R7", "Y40", "Y30", "Y15", "Y11", "Y10", "K1", "K2", "G1", "G2"],
    ["R40", "R30", "R15", "R5", "Y9", "Y8", "Y7", "K40", "K30", "K15", "G40", "G30", TIGER],
    ["R3", "R8", "R9", "R10", "R11", "Y5", "Y4", "Y3", "K11", "K10", "G15", "G11", "G10"],
    ["Y2", "Y1", "K9", "K8", "K7", "K5", "K4", "K3", "G9", "G8", "G7", "G5", BULL],
]
WIDOW = [BEAR, "G4", "G3"]


def plain(renderable: Any, width: int = 100) -> str:
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def at_the_table(game: hs.Game, bots: list[str | None], **options: Any) -> MillionApp:
    """A table that starts from ``game`` (a scripted deal) instead of a fresh one."""
    app = MillionApp(game.seats, bots, 1, options or None, bot_delay=60)
    app.game = game
    app._reset_game()
    return app


def red_two_led(options: dict[str, Any] | None = None) -> hs.Game:
    """Seat 1 has bid $175,000, discarded green 1, 2, 3, named yellow and led the red 2."""
    game = scripted(HANDS, WIDOW, options=options)
    auction(game, 175_000, None, None, None)
    for card in ("G1", "G2", "G3"):
        act(game, {"discard": card})
    act(game, {"trump": "yellow"})
    play(game, "R2")
    return game


def key_of(app: MillionApp, card: str) -> str:
    return CARD_KEYS[app._cards.index(card)]


# --- a whole game -------------------------------------------------------------------------------

async def play_through(pilot: Pilot[None], app: MillionApp, steps: int = 3000,
                       deals: list[str] | None = None) -> list[str]:
    """The person plays to the end: the first listed decision, else the first card allowed
    (by its key); the pass screen and each deal's score are read (into ``deals``) and closed.
    Returns what was pressed, in order."""
    pressed: list[str] = []
    for _step in range(steps):
        if isinstance(app.screen, GameOverScreen):
            break
        if isinstance(app.screen, DealOverScreen) and deals is not None:
            deals.append(drawn_text(app, "#deal-summary"))
        if isinstance(app.screen, DealOverScreen | PassScreen):
            await pilot.press("enter")
            pressed.append("enter")
        elif app.human_to_act:
            if app._card_kind is not None:
                index = next(i for i, card in enumerate(app._cards) if card in app._choosable)
                key = CARD_KEYS[index]
            else:
                key = app._menu[0][0]
            await pilot.press(key)
            pressed.append(key)
        else:
            await pilot.pause(0.01)
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
    return pressed


def test_the_game_declares_its_own_table() -> None:
    assert table_for("make_a_million") is MillionApp


def test_a_person_plays_a_whole_game_against_bots_with_the_keys(tmp_path: Path) -> None:
    record_path = tmp_path / "million.json"
    app = MillionApp(4, [None, "rules", "rules", "rules"], 5, {"hand_limit": 4}, bot_delay=0,
                     record_path=record_path)

    async def script(pilot: Pilot[None]) -> None:
        deals: list[str] = []
        pressed = await play_through(pilot, app, deals=deals)
        mine = [entry["action"] for entry in decisions(app.game) if entry["seat"] == 0]
        assert len(mine) == len([key for key in pressed if key != "enter"])
        assert any("play" in action for action in mine) and any("pass" in action or "bid" in action
                                                                 for action in mine)
        result = app.game.result()
        view = app.game.view(None)
        assert result["deals"] == len(view["history"]) and 1 <= result["deals"] <= 4
        # The standings and the winner in dollars, each deal told in a sentence.
        winner = drawn_text(app, "#winner")
        assert hs.definition("make_a_million") and draw.dollars(max(result["scores"])) in winner
        for seat in result["winners"]:
            assert app.seat_name(seat) in winner
        deals = drawn_text(app, "#deals")
        for entry in view["history"]:
            assert f"Deal {entry['deal']}:" in deals
        # Once the game is over the whole log is shown: each deal's widow and discards.
        bid = [entry for entry in view["history"] if "widow" in entry]
        assert " ".join(deals.split()).count("Widow: ") == len(bid)
        assert "hidden" not in deals
        saved = json.loads(record_path.read_text(encoding="utf-8"))
        assert hs.replay(saved).result() == result
        # Each deal's score was shown between deals (people at the table), with its tricks once
        # it was over (not before: A-18), each with its cards, who took it and its worth.
        assert pressed.count("enter") >= len(view["history"]) - 1 and deals
        played = [text for text in deals if "Cards played" in text]
        # Between deals, before the end, they stay hidden from the table.
        assert all("The widow and the discards stay hidden until the game ends." in " ".join(text.split())
                   for text in played)
        for text in played:
            rows = [line for line in text.splitlines() if re.match(r"\s*\d+\s+\S", line)]
            assert [int(row.split()[0]) for row in rows] == list(range(1, 14))
            assert all("$" in row for row in rows)
        assert "Trick 1 to" in log_text(app)
        # n starts the next game of the session, with the next seed.
        await start_the_next_game(pilot, app, lambda: app.games_started == 2)
        assert app.game.seed == 6 and not app.game.is_over

    run(app, script)


def test_the_table_shows_the_auction_with_the_high_bid_and_who_holds_it() -> None:
    game = scripted(HANDS, WIDOW)
    auction(game, 175_000)
    app = at_the_table(game, [None, None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("enter")  # the pass screen: seat 2 takes the keyboard
        facts = drawn_text(app, "#facts-body")
        assert "High bid $175,000 by Player 1" in facts
        assert "Next bid at least $185,000, in steps of $5,000" in facts
        assert "Player 1: $175,000" in facts
        menu = app.query_one("#choices", OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert prompts[:2] == ["p  pass", "1  bid $185,000"]
        # A bid typed in the box, in whole dollars, read back in words before it is sent.
        await pilot.press("t")
        box = app.query_one("#amount", Input)
        assert app.focused is box
        await pilot.press(*"190,000")
        assert "= $190,000, one hundred ninety thousand dollars" in static_text(app, "#notice")
        await pilot.press("enter")
        assert decisions(app.game)[-1] == {"seat": 1, "action": {"bid": 190_000}}

    run(app, script)


def test_at_80_by_24_the_bid_box_and_a_refusal_under_it_are_in_view_during_the_auction() -> None:
    game = scripted(HANDS, WIDOW)
    app = at_the_table(game, [None, "rules", "rules", "rules"])

    def shown(selector: str) -> bool:
        """Whether the widget is drawn whole inside the move panel's inner area."""
        widget = app.query_one(selector)
        panel = app.query_one("#act").content_region
        region = widget.region
        return region.height > 0 and panel.contains_region(region)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert shown("#amount") and shown("#choices")
        await pilot.press("t", *"177000", "enter")
        await pilot.pause()
        assert static_text(app, "#notice").startswith("Not sent: ")
        assert shown("#notice") and shown("#amount")
        await pilot.resize_terminal(100, 44)  # room enough: the prompt stays with the message
        await pilot.pause()
        assert shown("#prompt") and shown("#notice") and shown("#amount")

    run(app, script)


def test_a_bid_in_the_wrong_step_is_refused_in_the_rules_words() -> None:
    game = scripted(HANDS, WIDOW)
    app = at_the_table(game, [None, "rules", "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("t", *"177000", "enter")
        assert static_text(app, "#notice").startswith("Not sent: ")
        assert decisions(app.game) == []

    run(app, script)


def test_a_refused_card_shows_the_rule_in_words_and_changes_nothing() -> None:
    # Seat 2 (index 1) holds red $40,000, $30,000, $15,000 and $5,000: it must follow red.
    app = at_the_table(red_two_led(), ["rules", None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        assert app._card_kind == "play"
        assert app._choosable == {"R40", "R30", "R15", "R5"}
        before = (app.game.record(), app.game.view(1))
        await pilot.press(key_of(app, "Y9"))
        assert static_text(app, "#notice") == "Refused: you must follow red: you hold a red card"
        assert (app.game.record(), app.game.view(1)) == before
        # The Tiger is trump (yellow): still no card while red can be followed.
        await pilot.press(key_of(app, TIGER))
        assert static_text(app, "#notice") == "Refused: you must follow red: you hold a red card"
        # The arrows say why a dimmed card may not be chosen, before anyone tries it.
        app._cursor = app._cards.index("R5")
        await pilot.press("right")
        assert app._cards[app._cursor] == "Y9"
        assert static_text(app, "#notice") == "yellow 9: you must follow red: you hold a red card"
        assert app.game.record() == before[0]
        # Allowed cards are bright, the others dimmed; the hand shows each card's key.
        hand = app.query_one("#hand").render()
        assert "1:$40,000" in str(hand)
        await pilot.press("left", "enter")  # back to red $5,000, played
        assert decisions(app.game)[-1] == {"seat": 1, "action": {"play": "R5"}}

    run(app, script)


def test_a_click_on_a_card_plays_it() -> None:
    app = at_the_table(red_two_led(), ["rules", None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        app.action_card(app._cards.index("R40"))  # what a click on the card runs
        await pilot.pause()
        assert decisions(app.game)[-1] == {"seat": 1, "action": {"play": "R40"}}

    run(app, script)


def test_the_trick_is_placed_around_the_table_by_seat() -> None:
    game = red_two_led()
    play(game, "R40", "R3")
    app = at_the_table(game, ["rules", "rules", "rules", None])

    async def script(pilot: Pilot[None]) -> None:
        ring = drawn_text(app, "#ring")
        lines = ring.splitlines()
        # Seat 4 sits at the bottom; play goes on to its left: seat 1 (who led) on the left,
        # its partner seat 2 opposite, seat 3 on the right.
        top = next(i for i, line in enumerate(lines) if "Bot 2" in line)
        middle = next(i for i, line in enumerate(lines) if "Bot 1" in line)
        bottom = next(i for i, line in enumerate(lines) if "Player 4 (you)" in line)
        assert top < middle < bottom
        row = lines[middle]
        assert row.index("Bot 1") < row.index("Bot 3")
        assert "red 2" in ring and "red $40,000" in ring and "red 3" in ring
        assert "Trump: yellow" in ring
        # Seat 4 cannot follow red: anything goes, so every card is bright.
        assert app._choosable == set(app._cards)
        facts = drawn_text(app, "#facts-body")
        assert "Bot 1 bid $175,000" in facts and "Trump: yellow" in facts
        assert "Seats 2, 4 (you)" in facts

    run(app, script)


def test_the_table_says_you_take_the_trick_to_the_seat_it_shows() -> None:
    game = red_two_led()
    play(game, "R40", "R3", "Y2")  # seat 4 has no red: it trumps with the yellow 2 and takes the trick
    app = at_the_table(game, ["rules", "rules", "rules", None])

    async def script(pilot: Pilot[None]) -> None:
        ring = " ".join(drawn_text(app, "#ring").split())
        assert "You take the trick" in ring and "takes the trick" not in ring
        # A replay, which speaks to nobody, names the seat.
        picture = " ".join(plain(MillionApp.draw_view(game.view(3), app.seat_name)).split())
        assert "Player 4 takes the trick" in picture

    run(app, script)


def test_a_table_with_a_deal_limit_says_so() -> None:  # §1.10: a limit is an option, never the rules'
    for options, shown in (({"hand_limit": 4}, True), ({}, False)):
        view = scripted(HANDS, WIDOW, options=options).view(0)
        facts = " ".join(plain(draw.info_panel(view, lambda seat: f"Seat {seat + 1}")).split())
        limit = "Deal limit, not in the rules: the game ends after 4 deals, and the higher score wins."
        assert (limit in facts) is shown and ("Deal limit" in facts) is shown
    one = scripted(HANDS, WIDOW, options={"hand_limit": 1}).view(0)
    assert "the game ends after 1 deal, and" in " ".join(plain(draw.info_panel(one, str)).split())


def test_a_finished_deals_widow_and_discards_show_only_where_the_view_has_them() -> None:
    game = red_two_led()
    while not game.view(None)["history"]:
        (seat,) = game.to_act
        game.act(seat, game.legal_actions(seat)[0])
    ((hidden,), (seen,)) = game.view(2)["history"], game.view(0)["history"]
    assert plain(draw.widow_and_discards(hidden)).strip() == (
        "The widow and the discards stay hidden until the game ends.")
    assert " ".join(plain(draw.widow_and_discards(seen)).split()) == (
        "Widow: green 4 · green 3 · the Bear · Discards: green 1 · green 2 · green 3")
    summary = plain(draw.deal_summary(hidden, game.view(2), lambda seat: f"Seat {seat + 1}"))
    assert summary.startswith("Deal 1: Seat 1 bid $175,000; seats 1, 3 took ")


def test_twelve_seats_sit_round_the_table_at_80_by_24() -> None:
    app = MillionApp(12, [None] + ["rules"] * 11, 3, {}, bot_delay=60)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        ring = drawn_text(app, "#ring").splitlines()
        # Everyone in view, none cut off: the seats go clockwise from the person's left, up the
        # left side, along the top, down the right side to the person's right.
        assert app.query_one("#ring-box").max_scroll_y == 0
        row = {seat: next(i for i, line in enumerate(ring) if re.search(rf"(Bot|Player) {seat}\b", line))
               for seat in map(str, range(1, 13))}
        assert row["6"] == row["7"] == row["8"] == 0
        assert row["5"] == row["9"] < row["4"] == row["10"] < row["3"] == row["11"] < row["2"]
        assert row["2"] == row["1"] == row["12"]
        bottom = ring[row["1"]]
        assert bottom.index("Bot 2") < bottom.index("Player 1 (you)") < bottom.index("Bot 12")
        # The hand (four cards) and the decision are whole on the screen too.
        screen = app.screen.region
        assert all(screen.contains_region(app.query_one(part).region) for part in ("#hand", "#act"))

    run(app, script)


def test_a_two_player_variation_shows_the_25_card_hand_at_80_by_24() -> None:
    app = MillionApp(2, [None, "rules"], 3, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(80, 24)
        await wait_for(pilot, lambda: app.human_to_act)
        await pilot.press("0")  # a trick bid; seat 1, on the dealer's left, leads
        await wait_for(pilot, lambda: app.human_to_act and app._card_kind == "play")
        assert len(app._cards) == 25
        hand = app.query_one("#hand")
        assert app.screen.region.contains_region(hand.region)
        drawn = str(hand.render())
        for index, card in enumerate(app._cards):  # every card with its own key
            assert f"{CARD_KEYS[index]}:{draw.rank_text(card)}" in drawn
        assert app.query_one("#ring-box").max_scroll_y == 0
        ring = " ".join(drawn_text(app, "#ring").split())
        assert "Bot 2" in ring and "Player 1 (you)" in ring

    run(app, script)


def test_the_last_trick_shows_only_when_the_option_allows_it() -> None:
    for allowed in (False, True):
        game = red_two_led({"last_trick": allowed})
        play(game, "R40", "R3", "Y2")  # seat 4 trumps with yellow 2 and takes it
        play(game, "K9")  # it leads the next trick
        app = at_the_table(game, ["rules", "rules", "rules", None])

        async def script(pilot: Pilot[None], app: MillionApp = app, allowed: bool = allowed) -> None:
            facts = drawn_text(app, "#facts-body")
            if allowed:
                assert "Last trick: Bot 1: red 2 · Bot 2: red $40,000 · Bot 3: red 3 · Player 4: yellow 2" \
                    in " ".join(facts.split())
            else:
                assert "Last trick" not in facts and "red $40,000" not in facts
            assert "Trick 1 to" not in drawn_text(app, "#ring")

        run(app, script)


def test_the_widow_and_the_discards_are_the_bidders_to_see() -> None:
    game = scripted(HANDS, WIDOW)
    auction(game, 175_000, None, None, None)
    app = at_the_table(game, [None, "rules", "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        assert app._card_kind == "discard"
        assert "Widow: green 4 · green 3 · the Bear" in " ".join(drawn_text(app, "#facts-body").split())
        # A Money card while number cards are held, and an animal: refused with the rule.
        await pilot.press(key_of(app, "Y40"))
        assert static_text(app, "#notice") == (
            "Refused: a Money card may be discarded only when you hold no number card to discard")
        await pilot.press(key_of(app, BEAR))
        assert static_text(app, "#notice") == (
            "Refused: the Tiger, the Bull and the Bear may never be discarded")
        await pilot.press(key_of(app, "G1"))
        assert decisions(app.game)[-1] == {"seat": 0, "action": {"discard": "G1"}}
        assert "Your discards: green 1" in drawn_text(app, "#facts-body")
        assert "Player 1 discards a card" in log_text(app)

    run(app, script)


def test_trump_is_named_from_the_menu() -> None:
    game = scripted(HANDS, WIDOW, options={"no_trump": True})
    auction(game, 175_000, None, None, None)
    for card in ("G1", "G2", "G3"):
        act(game, {"discard": card})
    app = at_the_table(game, [None, "rules", "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        menu = app.query_one("#choices", OptionList)
        prompts = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert prompts == ["1  trump: red", "2  trump: yellow", "3  trump: black", "4  trump: green",
                           "5  no trump, the Tiger high", "6  no trump, the Tiger low"]
        await pilot.press("2")
        assert decisions(app.game)[-1] == {"seat": 0, "action": {"trump": "yellow"}}
        assert "Trump: yellow" in drawn_text(app, "#ring")

    run(app, script)


def test_the_variation_takes_bids_at_once_and_hides_them_until_all_are_in() -> None:
    app = MillionApp(3, [None, "rules", "rules"], 2, {}, bot_delay=0)

    async def script(pilot: Pilot[None]) -> None:
        await wait_for(pilot, lambda: app.human_to_act)
        view = app.game.view(0)
        assert view["phase"] == "tricks"
        menu = app.query_one("#choices", OptionList)
        assert menu.option_count == view["cards_this_deal"] + 1
        assert str(menu.get_option_at_index(2).prompt) == "2  bid 2 tricks"
        await pilot.press("2")
        assert decisions(app.game)[0] == {"seat": 0, "action": {"tricks": 2}}
        await wait_for(pilot, lambda: app.game.view(0)["phase"] == "play")
        bids = app.game.view(0)["trick_bids"]
        assert bids[0] == 2 and None not in bids
        log = log_text(app)
        assert "Bot 2 (rule of thumb) has bid" in log
        assert f"Bids were: Player 1 2, Bot 2 {bids[1]}, Bot 3 {bids[2]}" in log
        ring = drawn_text(app, "#ring")
        assert f"bid {bids[1]} · took 0" in ring
        assert "point" in drawn_text(app, "#facts-body")  # scores by player, in points

    run(app, script)


def test_silent_partner_scores_by_player_and_marks_the_called_cards() -> None:
    game = hs.new_game("make_a_million", 6, seed=4, options={"variant": "silent_partner"})
    for _ in range(400):
        if game.view(None)["phase"] == "play":
            break
        (seat,) = game.to_act
        game.act(seat, game.legal_actions(seat)[0 if game.view(None)["phase"] != "bid" or seat else 1])
    view = game.view(None)
    assert view["phase"] == "play" and len(view["called"]) == 2
    facts = plain(draw.info_panel(view, lambda seat: f"P{seat + 1}"))
    assert all(f"P{seat + 1}" in facts for seat in range(6))
    assert "Seats 1, 3, 5" not in facts
    assert "Called: " in facts
    bidder = view["bidder"]
    hand_view = game.view(bidder)
    hand = plain(draw.hand_lines(hand_view["hand"], CARD_KEYS, None, None, hand_view["called"]))
    assert hand.count("*") >= 1


def test_the_hint_key_shows_the_advisors_move_and_value(monkeypatch: pytest.MonkeyPatch) -> None:
    def advisor(view: dict, legal: list) -> dict:
        return {"action": legal[0].to_json(), "label": str(legal[0]), "value": 215_000}

    monkeypatch.setattr(MillionDefinition, "advisor", lambda self: advisor)
    app = at_the_table(red_two_led(), ["rules", None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await wait_for(pilot, lambda: "Hint" in static_text(app, "#notice"))
        assert static_text(app, "#notice") == "Hint: [1] play red $40,000 · worth about $215,000"
        assert decisions(app.game)[-1]["seat"] == 0  # a hint plays nothing

    run(app, script)


def test_without_an_advisor_the_hint_key_is_not_offered() -> None:
    app = at_the_table(red_two_led(), ["rules", None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        assert app.check_action("hint", ()) is (MillionDefinition().advisor() is not None)

    run(app, script)


def test_the_rules_pop_up_opens_and_closes() -> None:
    app = at_the_table(red_two_led(), ["rules", None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert not isinstance(app.screen, RulesScreen)

    run(app, script)


def test_two_people_at_one_keyboard_pass_it_between_turns() -> None:
    game = scripted(HANDS, WIDOW)
    app = at_the_table(game, [None, None, "rules", "rules"])

    async def script(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, PassScreen)
        assert not app.query_one("#hand").display  # nobody's cards while the keyboard moves
        await pilot.press("enter")
        assert app.query_one("#hand").display
        assert "Player 1, your move" in str(app.query_one("#act").border_title)
        await pilot.press("p")
        assert isinstance(app.screen, PassScreen)
        await pilot.press("enter")
        assert app._shown_seat == 1
        hand = str(app.query_one("#hand").render())
        assert "$40,000" in hand and "Tiger" in hand  # seat 2's cards, not seat 1's

    run(app, script)


def test_a_replay_draws_each_position_with_this_table() -> None:
    view = red_two_led().view(1)
    picture = plain(MillionApp.draw_view(view, lambda seat: f"Seat {seat + 1}", (1,)))
    assert "Seat 1" in picture and "red 2" in picture and "Trump: yellow" in picture
    assert "40,000" in picture


def test_every_word_on_the_table_goes_through_the_translation_layer() -> None:
    """Under the pseudo-language every translated message is wrapped in ⟦ ⟧: a word outside them
    bypassed the layer."""
    marked = re.compile(r"⟦[^⟦⟧]*⟧")
    word = re.compile(r"[^\W\d_]{2,}")
    found: dict[str, set[str]] = {}

    def read(app: MillionApp) -> None:
        for where, texts in screen_texts(app).items():
            for text in texts:
                while True:
                    stripped = marked.sub(" ", text)
                    if stripped == text:
                        break
                    text = stripped
                words = set(word.findall(text))
                if words:
                    found.setdefault(where, set()).update(words)

    with use_language(PSEUDO):
        app = MillionApp(4, [None, "rules", "rules", "rules"], 6, {"hand_limit": 4, "last_trick": True},
                         bot_delay=0)

        async def script(pilot: Pilot[None]) -> None:
            read(app)
            for _step in range(3000):
                if isinstance(app.screen, GameOverScreen):
                    break
                if isinstance(app.screen, DealOverScreen | PassScreen):
                    read(app)
                    await pilot.press("enter")
                elif app.human_to_act:
                    if app._card_kind is not None:
                        # First a card that may not be played, when there is one: its refusal.
                        banned = [i for i, card in enumerate(app._cards) if card not in app._choosable]
                        if banned:
                            await pilot.press(CARD_KEYS[banned[0]])
                            read(app)
                        index = next(i for i, card in enumerate(app._cards) if card in app._choosable)
                        await pilot.press(CARD_KEYS[index])
                    else:
                        await pilot.press(app._menu[0][0])
                    read(app)
                else:
                    await pilot.pause(0.01)
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
            read(app)

        run(app, script)
    assert found == {}
