"""Pseudo-localisation of the terminal: every word a table shows comes through the translation layer.

Under the test language ``qps`` every translated message is wrapped in ⟦ ⟧. These tests play
a Greed and a Deal or No Deal game at their own tables, and a game at the generic table,
and read everything the screen holds after each step (texts, titles, menus, the log, the
footer's keys, pop-ups): any word left outside the markers bypassed the layer. Numbers,
money, dice faces, keys and punctuation are not words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Static

from highstakes.catalog.deal_or_no_deal.tui.app import DealApp
from highstakes.catalog.greed.tui.app import GreedApp
from highstakes.catalog.in_the_bag.tui.app import BagApp
from highstakes.catalog.stacking.tui.app import StackApp
from highstakes.i18n import PSEUDO, use_language
from highstakes.testing.terminal import run, screen_texts, wait_for
from highstakes.tui.generic import GenericTable
from highstakes.tui.screens import GameOverScreen

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
#: A word: two letters or more (a lone letter is a key, a die, a case's holder: P1).
WORD = re.compile(r"[^\W\d_]{2,}")
#: What is not words though it is letters: Greed's two E faces, as the table writes them.
NOT_WORDS = frozenset({"Eb", "Em"})


def unmarked(text: str) -> list[str]:
    """The words of ``text`` outside every ⟦ ⟧ (markers may nest: the innermost go first)."""
    while True:
        stripped = MARKED.sub(" ", text)
        if stripped == text:
            break
        text = stripped
    return [word for word in WORD.findall(text) if word not in NOT_WORDS]


def screen_words(app: App[None]) -> dict[str, list[str]]:
    """Every unmarked word on every screen of the stack, by the widget that shows it."""
    found: dict[str, list[str]] = {}
    for where, texts in screen_texts(app).items():
        words = [word for text in texts for word in unmarked(text)]
        if words:
            found[where] = words
    return found


class Reader:
    """Reads the screen after each step and keeps every unmarked word with where it was."""

    def __init__(self, app: App[None]) -> None:
        self.app = app
        self.found: dict[str, set[str]] = {}
        self.reads = 0

    def read(self) -> None:
        self.reads += 1
        for where, words in screen_words(self.app).items():
            self.found.setdefault(where, set()).update(words)


def test_the_unmarked_word_check_finds_words_and_only_words() -> None:
    assert unmarked("⟦Player 1⟧ · 1,250 · $40,000 · P2 · Eb Em G") == []
    assert unmarked("⟦Bot 2 (⟦best play⟧)⟧, your move") == ["your", "move"]
    assert unmarked("⟦Hint: ⟧keep G G") == ["keep"]


async def play_greed_game(pilot: Pilot[None], app: GreedApp, read: Callable[[], None]) -> None:
    """The person plays Greed to the end (bank when allowed, else the first listed dice), after the
    rules' pop-up and a hint; ``read`` after every step that changes the screen."""
    read()
    await pilot.press("question_mark")  # the rules' pop-up
    await pilot.pause()
    read()
    await pilot.press("escape")
    def notice() -> str:
        return str(app.query_one("#notice", Static).content)

    before = notice()
    await pilot.press("h")  # a hint
    await wait_for(pilot, lambda: notice() != before and not app._hint_running)
    read()
    for _step in range(400):
        if app.game.is_over:
            break
        if app.human_to_act:
            await pilot.press("b" if app._bank_legal else "1")
            read()
        else:
            await pilot.pause(0.01)
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
    read()


async def play_deal_match(pilot: Pilot[None], app: DealApp, read: Callable[[], None]) -> None:
    """The person plays a Deal or No Deal match to the end with the advisor shown, typing a large
    offer (read back, then confirmed) and taking the highlighted choice otherwise; ``read`` after
    every step that changes the screen."""
    await pilot.press("a")  # the advisor's panel, shown from now on
    read()
    for _step in range(600):
        if app.game.is_over:
            break
        if app.human_to_act and not app._hint_running:
            if app.game.view(None)["phase"] == "offer":
                await pilot.press("9", "0", "0", "0", "0", "0")
                read()
                await pilot.press("enter")  # read back...
                await pilot.pause()
                read()
                await pilot.press("enter")  # ...and confirmed
            else:
                await pilot.press("enter")
            await pilot.pause()
            read()
        else:
            await pilot.pause(0.01)
            if app.screen is not app.screen_stack[0]:  # a game's result between games
                read()
                await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
    read()


def test_greed_at_its_own_table_shows_only_marked_words(full_greed_solution: object) -> None:
    with use_language(PSEUDO):
        app = GreedApp(2, [None, "heuristic"], seed=3, bot_delay=0)
        reader = Reader(app)
        run(app, lambda pilot: play_greed_game(pilot, app, reader.read))
    assert reader.reads > 5
    assert reader.found == {}


def test_deal_or_no_deal_at_its_own_table_shows_only_marked_words() -> None:
    with use_language(PSEUDO):
        # A duo match: the person is the contestant of the first game and the banker of the second.
        app = DealApp(2, [None, "tv-ev"], seed=4, bot_delay=0)
        reader = Reader(app)
        run(app, lambda pilot: play_deal_match(pilot, app, reader.read))
    assert reader.reads > 10
    assert reader.found == {}


def test_its_in_the_bag_table_shows_only_marked_words() -> None:
    """Two people and a bot for three rounds: the pass screen, the piece picker, a refused fist, a hint,
    the reveals and the log."""
    with use_language(PSEUDO):
        app = BagApp(3, [None, None, "heuristic"], 6, {}, bot_delay=0)
        reader = Reader(app)

        async def script(pilot: Pilot[None]) -> None:
            reader.read()
            advised = False
            for _step in range(300):
                if app.game.is_over or app.game.view(None)["round"] > 3:
                    break
                if app.screen is not app.screen_stack[0]:
                    reader.read()
                    await pilot.press("enter")  # the pass screen
                elif app._phase == "feed":
                    await pilot.press("1")
                    reader.read()
                elif app._phase == "bid":
                    if not advised:
                        advised = True
                        await pilot.press("s", "h")  # an empty fist refused, then the advisor's pieces
                        await wait_for(pilot, lambda: app._hint is not None)
                        reader.read()
                        await pilot.press("c")
                    view = app.game.view(app.seat_to_act)
                    held = sorted(int(piece) for piece, count in view["your_pieces"].items() if count)
                    await pilot.press("1")
                    if view["must_differ_from"] == held[0]:
                        await pilot.press("1" if view["your_pieces"][str(held[0])] > 1 else "2")
                    reader.read()
                    await pilot.press("s")
                else:
                    await pilot.pause(0.01)
            assert app.game.view(None)["history"], "a round was played"
            reader.read()

        run(app, script)
    assert reader.reads > 10
    assert reader.found == {}


async def play_stacking_game(pilot: Pilot[None], app: StackApp, read: Callable[[], None]) -> None:
    """Seat 1 against a bot to the end: bid, lay, pass, a hint at the first swing, and releases
    at set moments of the swing (the table's clock is set), reading every screen."""
    kinds = (100, 500, 1000, 5000)
    now = [100.0]
    app.clock = lambda: now[0]
    hinted = False
    for step in range(400):
        await wait_for(pilot, lambda: app.game.is_over or app._mode is not None)
        read()
        if app.game.is_over:
            break
        view = app.game.view(0)
        if app._mode == "bid":
            counts = [action.count for action in app.game.legal_actions(0) if hasattr(action, "count")]
            if view["has_bid"][0] or not counts:
                await pilot.press("p")
            else:
                await pilot.press(*str(min(max(min(counts), 3), max(counts))), "enter")
        elif app._mode == "lay":  # the first kind in hand (keys 1-4), else in the bag (keys 5-8)
            own = [index for index, piece in enumerate(kinds) if view["your_pieces"][str(piece)]]
            if view["to_lay"] > view["from_bag"] and own:
                await pilot.press(str(own[0] + 1))
            else:
                await pilot.press(str(5 + next(index for index, piece in enumerate(kinds)
                                              if view["bag"][str(piece)])))
        else:
            if not hinted:
                hinted = True
                await pilot.press("h")
                await pilot.pause(0.2)
                read()
            await wait_for(pilot, lambda: app.swing_offset() is not None)  # after a fall, if any
            now[0] += 0.05 * (step % 5)
            await pilot.press("space")
        await pilot.pause()
    await wait_for(pilot, lambda: app.game.is_over)
    read()
    assert hinted


def test_the_stacking_table_shows_only_marked_words() -> None:
    with use_language(PSEUDO):
        app = StackApp(2, [None, "careful"], 5, {}, bot_delay=0)
        reader = Reader(app)
        run(app, lambda pilot: play_stacking_game(pilot, app, reader.read))
    assert reader.reads > 10
    assert reader.found == {}


def test_the_generic_table_shows_only_marked_words() -> None:
    with use_language(PSEUDO):
        # Two people at one keyboard in a game with secrets: the pass screen shows too.
        app = GenericTable.for_game("deal_or_no_deal")(3, [None, None, "tv-ev"], 5, {}, bot_delay=0)
        reader = Reader(app)

        async def script(pilot: Pilot[None]) -> None:
            reader.read()
            for _step in range(60):
                if app.game.is_over:
                    break
                if app.screen is not app.screen_stack[0]:
                    reader.read()
                    await pilot.press("enter")  # the pass screen
                elif app.human_to_act:
                    await pilot.press("1")
                    await pilot.pause()
                    reader.read()
                else:
                    await pilot.pause(0.01)

        run(app, script)
    assert reader.reads > 10
    assert reader.found == {}


def test_the_reader_sees_the_words_of_a_table_in_english() -> None:
    """The check can fail: read in English, the same table's words are all unmarked."""
    app = GenericTable.for_game("deal_or_no_deal")(2, [None, "tv-ev"], 5, {}, bot_delay=60)
    reader = Reader(app)

    async def script(pilot: Pilot[None]) -> None:
        reader.read()

    run(app, script)
    seen = set().union(*reader.found.values())
    assert {"Waiting", "table", "Log", "seed", "quit"} <= seen
