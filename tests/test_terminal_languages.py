"""The terminal tables played in Spanish, Italian and Uzbek, as their readers would.

Each test plays a whole game at a game's own table in one language and reads every screen
after every step (texts, titles, menus, the log, the footer's keys, pop-ups): no phrase of
the English messages may be left where the translation has other words. Money and numbers
are written the language's way (Spanish and Italian thousands with dots).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import Input

from highstakes.catalog.deal_or_no_deal.tui.app import DealApp
from highstakes.catalog.greed.tui.app import GreedApp
from highstakes.catalog.in_the_bag.tui.app import BagApp
from highstakes.catalog.millionaire.tui.app import MillionaireApp, MillionaireOverScreen
from highstakes.catalog.stacking.tui.app import StackApp
from highstakes.i18n import _, use_language
from highstakes.i18n.catalogs import TRANSLATED, domains, extract
from highstakes.i18n.numbers import format_money
from highstakes.testing.terminal import decisions, drawn_text, run, screen_texts, wait_for
from highstakes.tui.screens import ConfirmScreen
from test_pseudo_terminal import play_deal_match, play_greed_game, play_stacking_game

PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*\}")
#: Two words or more: a phrase a reader would notice left in English.
PHRASE = re.compile(r"[^\W\d_]{2,}(?:[ '’-]+[^\W\d_]{2,})+")


@cache
def english_phrases(language: str) -> dict[str, str]:
    """The phrases of every Python message (the platform's and each game's) that a screen in
    ``language`` must not show: phrase → its message. A phrase some translation keeps is left out."""
    messages: list[str] = []
    translations: list[str] = []
    for domain in domains():
        with domain.po(language).open("rb") as stream:
            catalog = read_po(stream)
        for message in extract(domain):
            if not any(source.endswith(".py") for source, _line in message.locations):
                continue
            messages.extend([message.id] if isinstance(message.id, str) else message.id)
        for message in catalog:
            if message.id and message.string:
                strings = [message.string] if isinstance(message.string, str) else message.string
                translations.extend(strings)
    kept = "\n".join(translations)
    phrases: dict[str, str] = {}
    for message in messages:
        for piece in PLACEHOLDER.split(message):
            for phrase in PHRASE.findall(piece):
                if phrase not in kept:
                    phrases[phrase] = message
    return phrases


def shown(app: App[None]) -> str:
    """Everything the screens show, runs of spaces and line ends made one space (no-break spaces kept)."""
    return re.sub(r"[ \n]+", " ", " ".join(text for texts in screen_texts(app).values() for text in texts))


class Reader:
    """Reads every screen after each step and notes the English phrases left on it."""

    def __init__(self, app: App[None], language: str) -> None:
        self.app = app
        self.phrases = english_phrases(language)
        self.left: dict[str, str] = {}
        self.reads = 0

    def read(self) -> None:
        self.reads += 1
        for where, texts in screen_texts(self.app).items():
            text = " ".join(" ".join(texts).split())
            for phrase, message in self.phrases.items():
                if phrase in text:
                    self.left.setdefault(phrase, f"{where} (from {message!r})")

    def assert_translated(self) -> None:
        report = "\n".join(f"  {phrase!r}: {where}" for phrase, where in self.left.items())
        assert self.reads > 5 and not self.left, f"English left on the screens:\n{report}"


def test_the_reader_finds_english_on_an_english_table() -> None:
    """The check can fail: the same table read in English shows phrases the Spanish must not."""
    app = GreedApp(2, [None, "heuristic"], seed=3, bot_delay=0)
    reader = Reader(app, "es")

    async def script(pilot: Pilot[None]) -> None:
        for _step in range(6):
            reader.read()

    run(app, script)
    assert reader.left


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_greed_game_at_its_own_table(language: str, full_greed_solution: object) -> None:
    with use_language(language):
        app = GreedApp(2, [None, "heuristic"], seed=3, bot_delay=0)
        reader = Reader(app, language)

        async def script(pilot: Pilot[None]) -> None:
            await play_greed_game(pilot, app, reader.read)
            assert _("Game over") in shown(app)

        run(app, script)
    reader.assert_translated()


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_deal_or_no_deal_match_at_its_own_table(language: str) -> None:
    with use_language(language):
        app = DealApp(2, [None, "tv-ev"], seed=4, bot_delay=0)
        reader = Reader(app, language)

        async def script(pilot: Pilot[None]) -> None:
            # The board's top value, the language's way, from the first screen on.
            assert format_money(100_000_000, "USD") in shown(app)
            await play_deal_match(pilot, app, reader.read)

        run(app, script)
    reader.assert_translated()


class QuizReader(Reader):
    """A Reader that leaves out the questions' own words (the question, its options, the
    explanation), which are the question pack's: there is no Italian or Uzbek pack yet."""

    def __init__(self, app: MillionaireApp, language: str) -> None:
        super().__init__(app, language)
        self.pack_words: set[str] = set()

    def read(self) -> None:
        view = self.app.game.view(None)  # type: ignore[attr-defined]
        question, reveal = view["question"], view["last_reveal"]
        if question:
            self.pack_words |= {question["text"], *(option["text"] for option in question["options"])}
        if reveal:
            self.pack_words |= {reveal["question"], reveal["answer_text"], reveal["explanation"]}
        self.reads += 1
        for where, texts in screen_texts(self.app).items():
            text = " ".join(" ".join(texts).split())
            for words in sorted(self.pack_words, key=len, reverse=True):
                text = text.replace(" ".join(words.split()), " ")
            for phrase, message in self.phrases.items():
                if phrase in text:
                    self.left.setdefault(phrase, f"{where} (from {message!r})")


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_millionaire_game_at_its_own_table(language: str) -> None:
    with use_language(language):
        app = MillionaireApp(3, [None, "knower", "knower-weak"], seed=6, options={"rounds": 2}, bot_delay=0)
        reader = QuizReader(app, language)

        async def script(pilot: Pilot[None]) -> None:
            assert format_money(100_000_000, "USD") in shown(app)  # the top of the money tree
            await wait_for(pilot, lambda: app.human_to_act)
            for key in ("p", "w"):  # whom to phone, and walking away: read, then back
                await pilot.press(key)
                reader.read()
                await pilot.press("escape")
            for _step in range(300):
                await wait_for(pilot, lambda: app.human_to_act or app.game.is_over)
                reader.read()
                if app.game.is_over:
                    break
                await pilot.press("f" if _step == 0 else "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, MillionaireOverScreen))
            reader.read()

        run(app, script)
    reader.assert_translated()


def smallest_piece(view: dict[str, Any]) -> int:
    """It's in the Bag: the smallest piece the seat holds (the picker's first kind)."""
    return min(int(piece) for piece, count in view["your_pieces"].items() if count)


def second_piece_key(view: dict[str, Any]) -> str:
    """It's in the Bag: the picker's key that puts the second smallest piece held in the fist."""
    kinds = sorted(int(piece) for piece, count in view["your_pieces"].items() if count)
    return "1" if view["your_pieces"][str(kinds[0])] > 1 else "2"


@pytest.mark.parametrize("language", TRANSLATED)
def test_an_its_in_the_bag_game_at_its_own_table(language: str) -> None:
    """Fed and bid by keys to the end, with a hint and a refused empty fist on the way."""
    with use_language(language):
        app = BagApp(3, [None, "believer", "heuristic"], seed=2, bot_delay=0)
        reader = Reader(app, language)

        async def script(pilot: Pilot[None]) -> None:
            assert format_money(7_500, "JPY") in shown(app)
            advised = False
            for _step in range(300):
                await wait_for(pilot, lambda: app.game.is_over or app._phase is not None)
                reader.read()
                if app.game.is_over:
                    break
                if app._phase == "feed":
                    await pilot.press("1")
                    continue
                if not advised:  # the first bid: an empty fist refused, then the advisor's pieces
                    advised = True
                    await pilot.press("s")
                    reader.read()
                    await pilot.press("h")
                    await wait_for(pilot, lambda: app._hint is not None)
                    reader.read()
                    await pilot.press("c")
                view = app.game.view(0)
                # The smallest piece; with the next one when a tie forbids the smallest alone.
                await pilot.press("1")
                if view["must_differ_from"] == smallest_piece(view):
                    await pilot.press(second_piece_key(view))
                reader.read()
                await pilot.press("s")
            await wait_for(pilot, lambda: app.game.is_over)
            reader.read()

        run(app, script)
    reader.assert_translated()


def test_money_is_written_the_spanish_way() -> None:
    with use_language("es"):
        assert format_money(100_000_000, "USD") == "1.000.000\u00a0$"
        assert format_money(4_000_050, "USD") == "40.000,50\u00a0$"


def test_an_offer_over_the_limit_is_refused_in_italian() -> None:
    with use_language("it"):
        app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

        async def script(pilot: Pilot[None]) -> None:
            await wait_for(pilot, lambda: app.game.view(None)["phase"] == "offer" and app.human_to_act)
            played = len(decisions(app.game))
            await pilot.press("2", "0", "0", "0", "0", "0", "0", "enter")  # $2,000,000: above the top
            notice = drawn_text(app, "#notice")
            assert format_money(200_000_000, "USD") in notice and format_money(100_000_000, "USD") in notice
            english = [phrase for phrase in english_phrases("it") if phrase in " ".join(notice.split())]
            assert not english and "offer" not in notice, notice
            assert len(decisions(app.game)) == played
            assert app.query_one("#amount", Input).value == "2000000"

        run(app, script)


def test_a_large_offer_is_read_back_in_spanish_words() -> None:
    with use_language("es"):
        app = DealApp(2, [None, "random"], 5, {}, bot_delay=0)

        async def script(pilot: Pilot[None]) -> None:
            await wait_for(pilot, lambda: app.game.view(None)["phase"] == "offer" and app.human_to_act)
            await pilot.press("9", "0", "0", "0", "0", "0", "enter")
            assert isinstance(app.screen, ConfirmScreen)
            question = " ".join(drawn_text(app, "#question").split())
            assert "900.000 $, novecientos mil dólares" in question.replace("\u00a0", " "), question

        run(app, script)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_stacking_game_at_its_own_table(language: str) -> None:
    with use_language(language):
        app = StackApp(2, [None, "careful"], 5, {}, bot_delay=0)
        reader = Reader(app, language)
        run(app, lambda pilot: play_stacking_game(pilot, app, reader.read))
    reader.assert_translated()
