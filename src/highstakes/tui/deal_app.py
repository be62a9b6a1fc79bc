"""A full-screen Textual table for Deal or No Deal (RULES.md §3, §7.1): hot-seat people and bots.

Both versions play here: duo (a banker and a contestant, then the roles swap) and party (a
rotating host, case holders who guess, the kitty). The app is only a face: it reads
``Game.view`` and ``Game.legal_actions`` and sends actions through ``Game.act``, so every rule
and every refusal comes from the engine. Amounts are typed as a person says them ("45,000",
"$1,250.50"); the engine alone decides whether they are allowed.

Nothing in this game's views is secret from the seat to act except a holder's own pending
guess, so at one shared keyboard the public view is shown throughout.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading
from collections.abc import Callable, Sequence
from os import PathLike
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, MarkdownViewer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.bots import registry as bot_registry
from highstakes.bots.base import Bot, RandomBot
from highstakes.catalog.deal_or_no_deal.money import (
    FREE_GUESS_PRIZE,
    HOLDER_WINS_KITTY,
    HOST_WINS_KITTY,
    NUM_CASES,
    dollars,
)
from highstakes.engine.action import JSON

GAME_ID = "deal_or_no_deal"
DEFAULT_BOT_DELAY = 0.4
CASES_PER_ROW = 7
SHORT_SCREEN = 30  # rows; below this the advisor and the log share one place by turns

# (match number in this session, moves applied in it): identifies the position a bot or the
# advisor was asked about, so that an answer arriving after play moved on is dropped.
Position = tuple[int, int]

# The show's board: low values on blue, high values on gold; covered values struck out.
LOW_STYLE = "bold #ffffff on #1d4f91"
HIGH_STYLE = "bold #1a1405 on #e0b422"
GONE_STYLE = "strike #8a8a8a"
CASE_CLOSED_STYLE = "bold #101010 on #c0c0c8"
CASE_SPECIAL_STYLE = "bold #101010 on #3fcf6a"
CASE_CALLED_STYLE = "bold #ffffff on #d7263d"
CASE_OPENED_STYLE = "#b0b0b0 on #262626"
MONEY_STYLE = "bold #ffd56b"

# Phases in which a typed number means something, and what it means.
TYPED_PROMPTS: dict[str, str] = {
    "pick": "type your case's number, Enter",
    "call": "type a case number to open, Enter",
    "guess": "type a value to guess, Enter",
    "final_guess": "type a value to guess, Enter",
    "host_guess": "type a value to guess (paid), Enter",
    "offer": "type an offer in dollars, Enter",
    "respond": "type a counter in dollars, Enter",
    "counter": "type a new offer in dollars, Enter",
}
# An amount as people write it: "45000", "45,000", "$1,250.50".
AMOUNT_PATTERN = re.compile(r"\$?\s*(\d[\d,_]*)(?:\.(\d{1,2}))?")
# The only characters the amount box takes; every other key reaches the app's key bindings.
AMOUNT_CHARACTERS = frozenset("0123456789$,._ ")


# --- money and names as people read them ------------------------------------------------------

def short_dollars(cents: int) -> str:
    """A value in at most six characters, for the cases grid: $0.01, $750, $75K, $1M."""
    if cents < 100 * 1000:
        return dollars(cents)
    whole = cents / 100
    for size, suffix in ((1_000_000, "M"), (1_000, "K")):
        if whole >= size:
            amount = whole / size
            text = f"{amount:.0f}" if amount == int(amount) or amount >= 100 else f"{amount:.1f}"
            return f"${text.removesuffix('.0')}{suffix}"
    return dollars(cents)


def parse_amount(text: str) -> int | None:
    """Cents from a typed amount in dollars, or None if it is not written like one."""
    match = AMOUNT_PATTERN.fullmatch(text.strip())
    if match is None:
        return None
    whole = int(match.group(1).replace(",", "").replace("_", ""))
    fraction = (match.group(2) or "0").ljust(2, "0")
    return whole * 100 + int(fraction)


def parse_case_number(text: str) -> int | None:
    cleaned = text.strip().lstrip("#")
    return int(cleaned) if cleaned.isdigit() else None


def percent(part: float, whole: float) -> str:
    return f"{part / whole:.0%}" if whole else "—"


def signed_dollars(cents: float) -> str:
    """An expected gain or loss: +$1,250 or −$4,000 (with a real minus sign)."""
    amount = round(cents)
    return f"{'−' if amount < 0 else '+'}{dollars(abs(amount))}"


# --- bots and the advisor ---------------------------------------------------------------------

def run_in_background(work: Callable[[], None]) -> None:
    """Run ``work`` in a daemon thread, so that quitting never waits for a slow bot."""
    threading.Thread(target=work, daemon=True).start()


def make_bot(name: str) -> Bot:
    """The Deal or No Deal bot called ``name``; raises ValueError naming the bots for an unknown one."""
    return bot_registry.make_bot(GAME_ID, name)


def ask_hint(view: dict[str, JSON], legal: list[Any]) -> dict[str, JSON]:
    """The advisor's reading of this position (the game's bots module)."""
    # Imported when first asked for: the advisor is optional and the table plays without it.
    from highstakes.catalog.deal_or_no_deal import bots as deal_bots

    advice: dict[str, JSON] = deal_bots.hint(view, legal)
    return advice


def _number(advice: dict[str, JSON], key: str) -> float | None:
    value = advice.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


#: Advice fields shown in words by advice_lines; any other simple field is listed as is.
ADVICE_WORDED = frozenset({
    "action", "label", "role", "reason", "mean", "offer", "offer_ratio", "certainty_equivalent",
    "expected_value_of_refusing", "free_ev", "paid_ev", "paid_value", "guide_offer", "tv_offer",
})


def advice_lines(advice: dict[str, JSON]) -> list[Text]:
    """The advisor's figures in words: the contestant's mean and offer ratio, the worth of
    refusing; a guesser's expected value of a free and a paid guess; a host's model offers."""
    lines: list[Text] = []
    mean, ratio = _number(advice, "mean"), _number(advice, "offer_ratio")
    if mean is not None:
        line = Text("Mean of the values left ").append(dollars(round(mean)), style="bold")
        if ratio is not None:
            line.append(" · the offer is ").append(f"{ratio:.0%}", style="bold").append(" of it")
        lines.append(line)
    expected = _number(advice, "expected_value_of_refusing")
    cautious = _number(advice, "certainty_equivalent")
    if expected is not None or cautious is not None:
        line = Text("Refusing is worth ")
        if expected is not None:
            line.append(dollars(round(expected)), style="bold").append(" on average")
        if cautious is not None:
            line.append(", " if expected is not None else "")
            line.append(dollars(round(cautious)), style="bold").append(" to a cautious (risk-averse) player")
        lines.append(line)
    free_ev, paid_ev = _number(advice, "free_ev"), _number(advice, "paid_ev")
    paid_value = advice.get("paid_value")
    if free_ev is not None:
        lines.append(Text("A free guess wins ").append(dollars(round(free_ev)), style="bold").append(
            " on average"))
    if paid_ev is not None:
        named = f" of {dollars(paid_value)}" if isinstance(paid_value, int) else ""
        line = Text(f"A paid guess{named}: ")
        line.append(signed_dollars(paid_ev), style="bold green" if paid_ev > 0 else "bold red")
        lines.append(line.append(" on average, price paid"))
    guide, tv = _number(advice, "guide_offer"), _number(advice, "tv_offer")
    if guide is not None or tv is not None:
        line = Text("Offers: ")
        if guide is not None:
            line.append("the guide (the mean) ").append(dollars(round(guide)), style="bold")
        if tv is not None:
            line.append(" · " if guide is not None else "").append("the TV model ")
            line.append(dollars(round(tv)), style="bold")
        lines.append(line)
    for key, value in advice.items():
        if key in ADVICE_WORDED or isinstance(value, dict | list) or value is None:
            continue
        shown = f"{value:.3g}" if isinstance(value, float) else str(value)
        lines.append(Text(f"{key.replace('_', ' ')}: {shown}", style="dim"))
    # Last: on a small screen the figures matter more than the sentence explaining them.
    reason = advice.get("reason")
    if isinstance(reason, str):
        lines.append(Text(reason, style="italic"))
    return lines


# --- widgets ----------------------------------------------------------------------------------

class AmountBox(Input):
    """The box for typed case numbers and amounts.

    Letters are not part of any amount, so they pass through to the app's keys (d deal,
    x no deal, ? rules...) even while the box has the focus; the arrows move the choices
    list, so that one focus serves both typing and picking.
    """

    class Step(Message):
        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def check_consume_key(self, key: str, character: str | None) -> bool:
        return character is not None and character in AMOUNT_CHARACTERS

    async def _on_key(self, event: events.Key) -> None:
        if event.key in ("up", "down"):
            event.stop()
            event.prevent_default()
            self.post_message(self.Step(-1 if event.key == "up" else 1))
        elif event.is_printable and event.character not in AMOUNT_CHARACTERS:
            event.prevent_default()  # skip Input's handler, which would swallow the key


class CaseCell(Static):
    """One briefcase of the grid; a click on it picks or opens that case."""

    class Clicked(Message):
        def __init__(self, number: int) -> None:
            super().__init__()
            self.number = number

    def __init__(self, number: int) -> None:
        super().__init__(id=f"case-{number}", classes="case")
        self.number = number

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.number))


# --- pop-up screens ---------------------------------------------------------------------------

class RulesScreen(ModalScreen[None]):
    """The rules as the game package writes them for players."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark", "close", "Close")]

    def __init__(self, rules_markdown: str) -> None:
        super().__init__()
        self._rules_markdown = rules_markdown

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box") as box:
            box.border_title = "Rules of Deal or No Deal"
            box.border_subtitle = "esc / ? / q to close · arrows to scroll"
            yield MarkdownViewer(self._rules_markdown, show_table_of_contents=False, id="rules")

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.dismiss()


class GameResultScreen(ModalScreen[str | None]):
    """One finished game of the match, every case shown: the moment a deal is judged."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", "Continue"),
        Binding("q", "quit_app", "Quit"),
    ]

    def __init__(self, title: str, lines: list[Text], cases: Text) -> None:
        super().__init__()
        self._title = title
        self._lines = lines
        self._cases = cases

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="game-result-box") as box:
            box.border_title = self._title
            for line in self._lines:
                yield Static(line, classes="result-line")
            yield Static(self._cases, id="all-cases")
            yield Static("enter continue · q quit", classes="result-keys")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_quit_app(self) -> None:
        self.dismiss("quit")


class MatchOverScreen(ModalScreen[str | None]):
    """The match's standings and every game's result; dismissed with "new", "quit" or None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_match", "New match"),
        Binding("q", "quit_app", "Quit"),
        Binding("escape", "close", "Look at the table"),
    ]

    def __init__(self, winner_line: str, standings: Table, games: Table, saved_note: str | None) -> None:
        super().__init__()
        self._winner_line = winner_line
        self._standings = standings
        self._games = games
        self._saved_note = saved_note

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-box") as box:
            box.border_title = "Match over"
            yield Static(self._winner_line, id="winner")
            yield Static(self._standings, id="standings")
            yield Static(self._games, id="games")
            if self._saved_note:
                yield Static(self._saved_note, id="saved")
            yield Static("n new match · q quit · esc close", classes="result-keys")

    def action_new_match(self) -> None:
        self.dismiss("new")

    def action_quit_app(self) -> None:
        self.dismiss("quit")

    def action_close(self) -> None:
        self.dismiss(None)


# --- the app ----------------------------------------------------------------------------------

class DealApp(App[None]):
    """Deal or No Deal at one screen: people take turns at the keyboard, bots play themselves."""

    TITLE = "Deal or No Deal"
    CSS_PATH = "deal.tcss"
    ENABLE_COMMAND_PALETTE = False  # every action has its own key; the footer needs the room
    BINDINGS: ClassVar[list[BindingType]] = [
        # One key per move that carries no amount; a key serves two moves that never meet
        # (x: no deal or no guess; s: stand firm or swap), and only the legal one shows.
        Binding("d", "move('deal')", "deal"),
        Binding("x", "move('no_deal')", "no deal"),
        Binding("x", "move('no_guess')", "no guess"),
        Binding("y", "move('accept')", "accept counter"),
        Binding("s", "move('stand')", "stand firm"),
        Binding("k", "move('keep')", "keep"),
        Binding("s", "move('swap')", "swap"),
        Binding("p", "paid", "paid/free"),
        Binding("a", "advisor", "advisor"),
        Binding("h", "advisor", "advisor", show=False),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("n", "new_match", "new match"),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self,
        seats: int,
        bots: Sequence[str | None],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        record_path: str | PathLike[str] | None = None,
        bot_delay: float = DEFAULT_BOT_DELAY,
    ) -> None:
        if len(bots) != seats:
            raise ValueError(f"give one entry per seat in bots (None for a person): {seats} seats, "
                             f"{len(bots)} entries")
        super().__init__()
        self.bot_names: list[str | None] = list(bots)
        self.options = dict(options or {})
        self.record_path = Path(record_path) if record_path is not None else None
        self.bot_delay = bot_delay
        self._bots: dict[int, Bot] = {}
        for seat, name in enumerate(self.bot_names):
            if name is not None:
                self._bots[seat] = make_bot(name)
        self.game = hs.new_game(GAME_ID, seats, seed=seed, options=self.options)
        # A seeded session stays reproducible: match n uses seed + n - 1.
        self.seeded = seed is not None
        self.matches_played = 1
        self.saved_records: list[Path] = []
        self._advisor_on = False
        self._setup_match()

    def _setup_match(self) -> None:
        """State that belongs to one match; reset by `n`."""
        self._bot_rng = random.Random(self.game.seed)
        self._moves = 0
        self._bot_pending = False
        self._paused = False  # a finished game's result is on screen: bots wait for it
        self._paid_mode = False
        self._choices: dict[str, JSON] = {}
        self._hint: tuple[Position, dict[str, JSON]] | None = None
        self._hint_running = False
        self._hint_problem: str | None = None
        self._logged_game = 0
        self._logged_entries = 0
        self._last_guess: dict[str, JSON] | None = None
        self._key_state: tuple[object, ...] | None = None

    # --- names and positions ------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        bot = self.bot_names[seat]
        return f"Player {seat + 1}" if bot is None else f"Bot {seat + 1} ({bot})"

    def short_name(self, seat: int) -> str:
        return f"Player {seat + 1}" if self.bot_names[seat] is None else f"Bot {seat + 1}"

    @staticmethod
    def role(view: dict[str, JSON], seat: int) -> str:
        if seat == view["host"]:
            return "banker" if view["version"] == "duo" else "host"
        if seat == view["contestant"]:
            return "contestant"
        return "holder" if seat in view["holders"] else ""

    @property
    def _position(self) -> Position:
        return (self.matches_played, self._moves)

    @property
    def seat_to_act(self) -> int | None:
        to_act = self.game.to_act
        return to_act[0] if to_act else None

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and seat not in self._bots and not self._paused

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="board")
                yield Static(id="players")
            with Vertical(id="right"):
                with Vertical(id="table"):
                    yield Static(id="status")
                    with Grid(id="cases"):
                        for number in range(1, NUM_CASES + 1):
                            yield CaseCell(number)
                with Horizontal(id="bottom"):
                    with Vertical(id="act"):
                        yield Static(id="deal")
                        yield OptionList(id="choices")
                        yield AmountBox(id="amount", restrict=r"[0-9$,._ ]*", max_length=20)
                        yield Static(id="notice")
                    with Vertical(id="side"):
                        yield Static(id="advisor")
                        yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#board", Static).border_title = "Money board"
        self.query_one("#log", RichLog).border_title = "Log"
        self.query_one("#advisor", Static).border_title = "Advisor"
        self.query_one("#advisor", Static).display = False
        self._begin_match()

    def _begin_match(self) -> None:
        log = self.query_one("#log", RichLog)
        version = self.game.view(None)["version"]
        log.write(Text(f"Match {self.matches_played} ({version}) · seed {self.game.seed}", style="bold"))
        self._log_progress(None, None, None)
        self._after_change()

    # --- the flow of play ----------------------------------------------------------------------
    def _after_change(self) -> None:
        self._paid_mode = False
        self._refresh_table()
        if self.game.is_over:
            self._finish_match()
            return
        if self.human_to_act and self._advisor_on:
            self._start_hint()
        if not self._paused and not self.human_to_act:
            self._schedule_bot()

    def _play(self, seat: int, action: JSON) -> bool:
        """Apply one action; a refusal is shown with its rule and changes nothing."""
        before = self.game.view(None)
        try:
            self.game.act(seat, action)
        except hs.IllegalAction as refusal:
            rule = f" ({refusal.rule})" if refusal.rule else ""
            self._set_notice(Text(f"Refused: {refusal.message}{rule}", style="bold red"))
            return False
        self._moves += 1
        if isinstance(action, dict) and ("guess" in action or "paid_guess" in action):
            case = self._own_case(before) if before["phase"] == "host_guess" else before["called"]
            self._last_guess = {"seat": seat, "case": case, "value": next(iter(action.values())),
                                "paid": "paid_guess" in action, "price": before["price"]}
        self.query_one("#amount", AmountBox).value = ""
        self._set_notice(Text(""))
        self._log_progress(before, seat, action)
        self._after_change()
        return True

    def _schedule_bot(self) -> None:
        if self._bot_pending:
            return
        self._bot_pending = True
        position = self._position
        if self.bot_delay > 0:
            self.set_timer(self.bot_delay, lambda: self._start_bot_move(position))
        else:
            self.call_later(self._start_bot_move, position)

    def _start_bot_move(self, position: Position) -> None:
        if position != self._position or self._paused:
            # Replaced by `n`, or waiting for people to read a finished game (resuming
            # schedules the move again).
            self._bot_pending = False
            return
        seat = self.seat_to_act
        if seat is None or seat not in self._bots:
            self._bot_pending = False
            return
        view = self.game.view(seat)
        legal = self.game.legal_actions(seat)
        run_in_background(lambda: self._think_for_bot(position, seat, view, legal))

    def _think_for_bot(self, position: Position, seat: int, view: dict[str, JSON], legal: list[Any]) -> None:
        """Runs in a worker thread: a slow or broken bot must not freeze or kill the table."""
        try:
            action = self._bots[seat].choose(view, legal, self._bot_rng)
            problem = None
        except Exception as error:
            action = RandomBot().choose(view, legal, self._bot_rng)
            problem = f"{self.seat_name(seat)} failed ({error}); it played at random"
        self._report_from_thread(self._apply_bot_move, position, seat, action.to_json(), problem)

    def _report_from_thread(self, callback: Callable[..., None], *args: Any) -> None:
        # If the app closed while the thread was thinking, nobody is waiting for the answer.
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(callback, *args)

    def _apply_bot_move(self, position: Position, seat: int, action: JSON, problem: str | None) -> None:
        if position != self._position:
            return  # a bot of a match that `n` has replaced
        self._bot_pending = False
        if problem:
            self.query_one("#log", RichLog).write(Text(problem, style="yellow"))
        if not self._play(seat, action):
            # A bot that insists on an illegal move would stall the table; play on at random.
            fallback = RandomBot().choose(self.game.view(seat), self.game.legal_actions(seat), self._bot_rng)
            self._play(seat, fallback.to_json())

    # --- games and the match ending ------------------------------------------------------------
    def _show_game_result(self, result: dict[str, JSON], before: dict[str, JSON]) -> None:
        """Between games with people at the table, show the finished game until they go on."""
        if len(self._bots) == self.game.seats:
            return  # bots alone need nobody to read it; the log has it all
        self._paused = True
        title = f"Game {result['game']} of {before['games_total']} over"
        cases = self._all_cases(result["cases"], result["special_case"], before)
        self.push_screen(GameResultScreen(title, self._game_summary(result), cases), self._after_game_result)

    def _after_game_result(self, choice: str | None) -> None:
        if choice == "quit":
            self.exit()
            return
        self._paused = False
        self._after_change()

    def _game_summary(self, result: dict[str, JSON]) -> list[Text]:
        contestant, host = result["contestant"], result["host"]
        special = result["special_case"]
        value = result["special_value"]
        lines = []
        if result["deal"]:
            line = Text(f"{self.seat_name(contestant)} took the deal: ")
            line.append(dollars(result["won"]), style=MONEY_STYLE)
            lines.append(line)
            verdict = Text(f"Case {special} held ")
            verdict.append(dollars(value), style="bold")
            difference = result["won"] - value
            if difference > 0:
                verdict.append(f": a good deal, {dollars(difference)} more than the case", style="green")
            elif difference < 0:
                verdict.append(f": the case was worth {dollars(-difference)} more", style="red")
            else:
                verdict.append(": exactly the deal")
            lines.append(verdict)
        else:
            line = Text(f"{self.seat_name(contestant)} refused every offer and won ")
            line.append(dollars(result["won"]), style=MONEY_STYLE)
            lines.append(line)
            kept = result["won"] == value  # the values all differ, so this tells keep from swap
            lines.append(Text(f"Their own case {special} held {dollars(value)}: "
                              f"{'kept to the end' if kept else 'swapped at the end'}"))
        payer = "the bank" if self.game.view(None)["version"] == "duo" else self.seat_name(host)
        lines.append(Text(f"Paid by {payer}", style="dim"))
        return lines

    @staticmethod
    def _all_cases(values: list[int], special: int, before: dict[str, JSON]) -> Text:
        """Every case of a finished game with its value: the contestant's in green, the ones
        opened during play dimmed, the ones only now revealed in bold."""
        grid = Text()
        for index, value in enumerate(values):
            number = index + 1
            if index and index % CASES_PER_ROW == 0:
                grid.append("\n")
            opened = before["cases"][index]["opened"]
            style = CASE_SPECIAL_STYLE if number == special else ("dim" if opened else "bold")
            grid.append(f"{number:>2} {short_dollars(value):<6}", style=style)
            grid.append(" ")
        return grid

    def _finish_match(self) -> None:
        result = self.game.result()
        saved_note = self._save_record()
        winners = [self.seat_name(seat) for seat in result["winners"]]
        top = max(result["scores"])
        if len(winners) == 1:
            winner_line = f"{winners[0]} wins with {dollars(top)}!"
        else:
            winner_line = f"Tie at {dollars(top)}: {', '.join(winners)}"
        standings = Table(box=None, show_header=False, padding=(0, 1))
        standings.add_column(justify="right")
        standings.add_column()
        standings.add_column(justify="right")
        ranked = sorted(range(self.game.seats), key=lambda seat: -result["scores"][seat])
        for place, seat in enumerate(ranked, 1):
            style = "bold" if seat in result["winners"] else ""
            standings.add_row(f"{place}.", self.seat_name(seat), dollars(result["scores"][seat]), style=style)
        self.query_one("#log", RichLog).write(Text(winner_line, style="bold yellow"))
        games = self._games_table(result["games"])
        self.push_screen(MatchOverScreen(winner_line, standings, games, saved_note), self._after_match_over)

    def _games_table(self, games: list[dict[str, JSON]]) -> Table:
        table = Table(box=None, padding=(0, 1), title="Games", title_justify="left", title_style="bold")
        table.add_column("#", justify="right")
        table.add_column("contestant")
        table.add_column("won", justify="right")
        table.add_column("how")
        for entry in games:
            case = entry["special_case"]
            if entry["deal"]:
                how = f"deal · case {case} held {dollars(entry['special_value'])}"
            elif entry["won"] == entry["special_value"]:
                how = f"kept case {case} to the end"
            else:
                how = f"swapped case {case} at the end"
            who = self.short_name(entry["contestant"])
            table.add_row(str(entry["game"]), who, dollars(entry["won"]), how)
        return table

    def _after_match_over(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_match()
        elif choice == "quit":
            self.exit()

    def _save_record(self) -> str | None:
        if self.record_path is None:
            return None
        path = self.record_path
        if self.matches_played > 1:  # later matches of the session must not overwrite the first
            path = path.with_name(f"{path.stem}-{self.matches_played}{path.suffix}")
        try:
            path.write_text(json.dumps(self.game.record(), indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            return f"Could not save the record: {error}"
        self.saved_records.append(path)
        return f"Record saved to {path}"

    # --- keys ----------------------------------------------------------------------------------
    def _phase(self) -> str:
        return str(self.game.view(None)["phase"])

    def _legal_json(self) -> list[JSON]:
        seat = self.seat_to_act
        return [action.to_json() for action in self.game.legal_actions(seat)] if seat is not None else []

    def _has_legal(self, kind: str) -> bool:
        return any(kind in action for action in self._legal_json())

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "move":
            (kind,) = parameters
            return self.human_to_act and isinstance(kind, str) and self._has_legal(kind)
        if action == "paid":
            return self.human_to_act and self._phase() in ("guess", "final_guess")
        if action == "advisor":
            return not self.game.is_over
        if action == "new_match":
            return self.game.is_over
        return True

    def action_move(self, kind: str) -> None:
        seat = self.seat_to_act
        if seat is not None and self.human_to_act:
            self._play(seat, {kind: True})

    def action_paid(self) -> None:
        if not self.human_to_act:
            return
        if not self._has_legal("paid_guess"):
            seat = self.seat_to_act
            view = self.game.view(None)
            can_spend = dollars(view["spendable"][seat]) if seat is not None and view["spendable"] else "$0"
            self._set_notice(Text(f"A paid guess costs {dollars(view['price'])}; you can spend {can_spend}"
                                  " (the $1,000,000 bill is spendable once you have hosted)", style="yellow"))
            return
        self._paid_mode = not self._paid_mode
        self._refresh_choices(self.game.view(None))

    @on(AmountBox.Step)
    def _move_choice(self, event: AmountBox.Step) -> None:
        choices = self.query_one("#choices", OptionList)
        if event.step < 0:
            choices.action_cursor_up()
        else:
            choices.action_cursor_down()

    def action_rules(self) -> None:
        self.push_screen(RulesScreen(hs.definition(GAME_ID).rules_text()))

    def action_new_match(self) -> None:
        if not self.game.is_over:
            return
        next_seed = self.game.seed + 1 if self.seeded else None
        self.game = hs.new_game(GAME_ID, self.game.seats, seed=next_seed, options=self.options)
        self.matches_played += 1
        self._setup_match()
        self.query_one("#log", RichLog).clear()
        self._set_notice(Text(""))
        self._begin_match()

    @on(CaseCell.Clicked)
    def _case_clicked(self, event: CaseCell.Clicked) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act:
            return
        phase = self._phase()
        if phase in ("pick", "call"):
            self._play(seat, {"pick" if phase == "pick" else "open": event.number})

    @on(OptionList.OptionSelected, "#choices")
    def _choice_selected(self, event: OptionList.OptionSelected) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or event.option_id is None:
            return
        action = self._choices.get(event.option_id)
        if action is not None:
            self._play(seat, action)

    @on(Input.Submitted, "#amount")
    def _amount_submitted(self, event: Input.Submitted) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act:
            return
        text = event.value.strip()
        if not text:
            # Enter on an empty box plays the highlighted choice, so arrows + Enter work here too.
            choices = self.query_one("#choices", OptionList)
            if choices.highlighted is not None:
                option = choices.get_option_at_index(choices.highlighted)
                if option.id is not None and option.id in self._choices:
                    self._play(seat, self._choices[option.id])
            return
        action = self._typed_action(text)
        if isinstance(action, str):
            self._set_notice(Text(action, style="bold red"))
            return
        self._play(seat, action)

    def _typed_action(self, text: str) -> JSON | str:
        """The action a typed number stands for now, or why it cannot be read."""
        phase = self._phase()
        if phase in ("pick", "call"):
            number = parse_case_number(text)
            if number is None:
                return f"type a case number from 1 to {NUM_CASES}, not {text!r}"
            return {"pick" if phase == "pick" else "open": number}
        amount = parse_amount(text)
        if amount is None:
            return f"type an amount in dollars, like 45000 or $45,000.50, not {text!r}"
        kind = {
            "offer": "offer", "counter": "offer", "respond": "counter", "host_guess": "paid_guess",
            "guess": "paid_guess" if self._paid_mode else "guess",
            "final_guess": "paid_guess" if self._paid_mode else "guess",
        }.get(phase)
        if kind is None:
            return "nothing to type now: use the keys below"
        return {kind: amount}

    # --- the advisor ---------------------------------------------------------------------------
    def action_advisor(self) -> None:
        advisor = self.query_one("#advisor", Static)
        self._advisor_on = not self._advisor_on
        advisor.display = self._advisor_on
        self._fit_side_column()
        if self._advisor_on and self.human_to_act:
            self._start_hint()
        self._refresh_advisor()

    def on_resize(self) -> None:
        self._fit_side_column()

    def _fit_side_column(self) -> None:
        # A short terminal has no room for both: the advisor, once asked for, takes the column.
        short = self.size.height < SHORT_SCREEN
        log = self.query_one("#log", RichLog)
        log.display = not (self._advisor_on and short)
        # The advisor shrinks the log; keep its newest lines in view.
        self.call_after_refresh(log.scroll_end, animate=False)

    def _start_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or self._hint_running:
            return
        if self._hint is not None and self._hint[0] == self._position:
            return
        position = self._position
        view = self.game.view(seat)
        legal = self.game.legal_actions(seat)
        self._hint_running = True
        self._hint_problem = None
        self._refresh_advisor()
        run_in_background(lambda: self._think_for_hint(position, view, legal))

    def _think_for_hint(self, position: Position, view: dict[str, JSON], legal: list[Any]) -> None:
        try:
            advice, problem = ask_hint(view, legal), None
        except Exception as error:
            advice, problem = None, f"The advisor is not available: {error}"
        self._report_from_thread(self._show_hint, position, advice, problem)

    def _show_hint(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        self._hint_running = False
        if position != self._position:
            # Play moved on while the advisor thought; advise on the new position if wanted.
            if self._advisor_on and self.human_to_act:
                self._start_hint()
            return
        self._hint_problem = problem
        if advice is not None:
            self._hint = (position, advice)
        self._refresh_advisor()
        self._refresh_choices(self.game.view(None))

    def _current_hint(self) -> dict[str, JSON] | None:
        if self._hint is not None and self._hint[0] == self._position:
            return self._hint[1]
        return None

    def _refresh_advisor(self) -> None:
        advisor = self.query_one("#advisor", Static)
        if not self._advisor_on:
            return
        advice = self._current_hint()
        if not self.human_to_act:
            advisor.update(Text("The advisor speaks on a person's turn.", style="dim"))
        elif self._hint_problem:
            advisor.update(Text(self._hint_problem, style="yellow"))
        elif advice is None:
            advisor.update(Text("Thinking…", style="italic"))
        else:
            advisor.update(self._advice_text(advice))

    @staticmethod
    def _advice_text(advice: dict[str, JSON]) -> Text:
        text = Text()
        text.append("★ ", style="bold cyan")
        label = advice.get("label")
        text.append(label if isinstance(label, str) else json.dumps(advice.get("action")), style="bold")
        for line in advice_lines(advice):
            text.append("\n")
            text.append_text(line)
        return text

    # --- drawing the table ---------------------------------------------------------------------
    def _set_notice(self, message: Text) -> None:
        self.query_one("#notice", Static).update(message)

    def _refresh_table(self) -> None:
        view = self.game.view(None)
        self.query_one("#board", Static).update(self._board(view))
        self.query_one("#board", Static).border_subtitle = f"mean {dollars(view['mean_in_play'])}"
        self._refresh_players(view)
        self._refresh_status(view)
        self._refresh_cases(view)
        self._refresh_deal(view)
        self._refresh_choices(view)
        self._refresh_advisor()
        # The footer rebuilds itself on every refresh, which is costly while bots play fast;
        # refresh it only when the set of usable keys changes.
        key_state = (self.human_to_act, view["phase"], view["stood_firm"], view["counters_left"],
                     self.game.is_over, tuple(sorted({next(iter(a)) for a in self._legal_json()})))
        if key_state != self._key_state:
            self._key_state = key_state
            self.refresh_bindings()

    @staticmethod
    def _board(view: dict[str, JSON]) -> Table:
        board = Table(box=None, show_header=False, padding=(0, 0), expand=True)
        board.add_column(justify="right", ratio=1)
        board.add_column(width=1)
        board.add_column(justify="right", ratio=1)
        entries = view["board"]
        half = len(entries) // 2
        for low, high in zip(entries[:half], entries[half:], strict=True):
            board.add_row(
                Text(f" {dollars(low['value'])} ", style=LOW_STYLE if low["in_play"] else GONE_STYLE),
                "",
                Text(f" {dollars(high['value'])} ", style=HIGH_STYLE if high["in_play"] else GONE_STYLE),
            )
        return board

    def _refresh_players(self, view: dict[str, JSON]) -> None:
        players = self.query_one("#players", Static)
        party = view["version"] == "party"
        money = view["money"] if party else view["winnings"]
        table = Table(box=None, show_header=False, expand=True, padding=(0, 0))
        table.add_column(width=2)
        table.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        table.add_column(width=2)
        table.add_column(justify="right", no_wrap=True)
        acting = self.seat_to_act
        letters = {"banker": ("B", "bold #ffd56b"), "host": ("H", "bold #ffd56b"),
                   "contestant": ("C", "bold #3fcf6a"), "holder": ("·", "dim")}
        for seat in range(view["seats"]):
            letter, style = letters.get(self.role(view, seat), ("", ""))
            current = seat == acting and not self.game.is_over
            table.add_row(
                Text("▶", style="bold green") if current else "",
                Text(self.short_name(seat), style="bold" if current else ""),
                Text(letter, style=style),
                Text(dollars(money[seat]), style=MONEY_STYLE if current else ""),
            )
        players.update(Group(table, self._history(view)))
        if party:
            players.border_title = f"Money · kitty {dollars(view['kitty'])}"
            players.border_subtitle = "H=host C=contestant"
        else:
            players.border_title = "Winnings"
            players.border_subtitle = "B=banker C=contestant"

    def _history(self, view: dict[str, JSON]) -> Text:
        """This game's offer rounds, then the games already finished."""
        text = Text()
        for entry in view["offers"]:
            if not entry["offers"]:
                continue
            outcome = {"deal": ("DEAL", "bold green"), "no_deal": ("no deal", "red")}.get(
                entry["outcome"] or "", ("…", "dim"))
            text.append(f"\nR{entry['round']:<3}")
            text.append(f"{dollars(entry['offers'][-1]):>11} ")
            text.append(outcome[0], style=outcome[1])
        for entry in view["results"]:
            text.append(f"\nGame {entry['game']}: {self.short_name(entry['contestant'])} won ")
            text.append(dollars(entry["won"]), style=MONEY_STYLE)
        return text

    def _refresh_status(self, view: dict[str, JSON]) -> None:
        table = self.query_one("#table", Vertical)
        if view["phase"] == "over":
            table.border_title = "Match over"
            self.query_one("#status", Static).update(Text("Every game is played.", style="bold yellow"))
            return
        title = f"Game {view['game_number']}/{view['games_total']} · round {view['round']}"
        if view["to_open"]:
            title += f" · {view['to_open']} to open"
        if view["version"] == "party":
            title += f" · paid guess {short_dollars(view['price'])}"
        table.border_title = title
        seat = self.seat_to_act
        status = Text()
        if seat is not None:
            status.append("▶ ", style="bold green")
            status.append(self.seat_name(seat), style="bold")
            status.append(f" ({self.role(view, seat)}) ")
            status.append(self._doing(view), style="bold" if self.human_to_act else "italic")
        self.query_one("#status", Static).update(status)

    def _doing(self, view: dict[str, JSON]) -> str:
        if self._paused:
            return "plays next"
        if not self.human_to_act:
            return "is thinking…"
        phase = view["phase"]
        own = self._own_case(view)
        return {
            "pick": "choose your own case",
            "call": f"call {view['to_open']} more case{'s' if view['to_open'] != 1 else ''} to open",
            "guess": f"guess the value in case {view['called']}",
            "final_guess": f"guess the value in case {view['called']} (the last other case)",
            "offer": "make an offer",
            "respond": "deal or no deal?",
            "counter": f"answer the counter of {dollars(view['counter'] or 0)}",
            "host_guess": f"buy a guess of case {own}?",
            "keep_or_swap": f"keep case {own} or swap it for case {view['called']}",
        }.get(phase, phase)

    @staticmethod
    def _own_case(view: dict[str, JSON]) -> int | None:
        return next((case["case"] for case in view["cases"] if case["special"]), None)

    def _refresh_cases(self, view: dict[str, JSON]) -> None:
        party = view["version"] == "party"
        for case in view["cases"]:
            number, holder = case["case"], case["holder"]
            called = number == view["called"] and not case["opened"]
            if case["value"] is not None:  # opened, or every case once the match is over
                label, style = short_dollars(case["value"]), CASE_OPENED_STYLE
            elif case["special"]:
                label, style = f"★P{view['contestant'] + 1}", CASE_SPECIAL_STYLE
            elif called:
                label, style = (f"P{holder + 1}?" if holder is not None else "?"), CASE_CALLED_STYLE
            else:
                label = f"P{holder + 1}" if holder is not None else ("centre" if party else "")
                style = CASE_CLOSED_STYLE
            cell = self.query_one(f"#case-{number}", CaseCell)
            cell.update(Text(f"{number:^6}\n{label:^6}", style=style))
            cell.set_class(case["opened"], "opened")
            cell.set_class(case["special"], "special")
            cell.set_class(called, "called")

    def _refresh_deal(self, view: dict[str, JSON]) -> None:
        """The offer dialog while host and contestant negotiate; what a guess may win while guessing."""
        deal = self.query_one("#deal", Static)
        phase = view["phase"]
        text = Text()
        if phase in ("offer", "respond", "counter") and view["offers"]:
            self._negotiation(view, text)
        elif phase in ("guess", "final_guess") and self.human_to_act:
            text.append("If right, free wins ").append(dollars(FREE_GUESS_PRIZE), style="bold")
            text.append(f", paid ({short_dollars(view['price'])}) the value")
        elif phase == "host_guess" and self.human_to_act:
            text.append(f"Pay {dollars(view['price'])} to guess case {self._own_case(view)}")
            text.append("\nright: the bank pays its value")
        deal.display = bool(text)
        deal.update(text)

    def _negotiation(self, view: dict[str, JSON], text: Text) -> None:
        mean = view["mean_in_play"]
        current = view["offers"][-1]
        if view["offer"] is None:
            text.append(f"Round {current['round']} · mean left ")
            text.append(dollars(mean), style="bold")
        else:
            text.append("OFFER ", style="bold")
            text.append(dollars(view["offer"]), style=MONEY_STYLE)
            text.append(f" ({percent(view['offer'], mean)} of mean)", style="dim")
        if view["counter"] is not None:
            text.append("\nCOUNTER ", style="bold")
            text.append(dollars(view["counter"]), style="bold cyan")
        if view["stood_firm"]:
            text.append("\nThe banker stands firm", style="bold yellow")
        elif view["phase"] == "respond":
            text.append(f"\n{view['counters_left']} counters left", style="dim")
        if len(current["offers"]) > 1:
            history = " → ".join(short_dollars(amount) for amount in current["offers"])
            text.append(f"\noffers {history}", style="dim")

    def _refresh_choices(self, view: dict[str, JSON]) -> None:
        choices = self.query_one("#choices", OptionList)
        amount_box = self.query_one("#amount", AmountBox)
        previously_highlighted = choices.highlighted
        hinted = self._current_hint()
        hinted_action = hinted.get("action") if hinted else None
        seat = self.seat_to_act
        entries: list[tuple[str, Text, JSON]] = []
        if seat is not None and self.human_to_act:
            entries = self._choice_entries(view, seat)
        self._choices = {option_id: action for option_id, _, action in entries}
        options = []
        for option_id, prompt, action in entries:
            marker = Text("★ ", style="bold cyan") if hinted_action == action else Text("  ")
            options.append(Option(marker + prompt, id=option_id))
        choices.set_options(options)
        phase = view["phase"]
        act = self.query_one("#act", Vertical)
        if seat is None:
            act.border_title = "No moves"
        elif self.human_to_act:
            act.border_title = self._choices_title(view, seat)
        else:
            act.border_title = f"{self.short_name(seat)} is thinking…"
        choices.disabled = not self.human_to_act
        typing = self.human_to_act and phase in TYPED_PROMPTS and not (
            phase == "respond" and (view["stood_firm"] or view["counters_left"] == 0))
        amount_box.disabled = not typing
        amount_box.placeholder = TYPED_PROMPTS.get(phase, "") if typing else ""
        if self.human_to_act and options:
            same_position = previously_highlighted is not None and hinted is not None
            choices.highlighted = previously_highlighted if same_position else 0
            if not isinstance(self.screen, ModalScreen):
                (amount_box if typing else choices).focus()

    def _choices_title(self, view: dict[str, JSON], seat: int) -> str:
        phase = view["phase"]
        if phase in ("guess", "final_guess"):
            return f"{'Paid' if self._paid_mode else 'Free'} guess of case {view['called']}"
        if phase == "host_guess":
            return f"Paid guess of case {self._own_case(view)}"
        return {
            "pick": "Your own case", "call": "Open a case", "offer": "Your offer",
            "respond": "Deal or no deal?", "counter": "The counter", "keep_or_swap": "Keep or swap",
        }.get(phase, "Your move")

    def _choice_entries(self, view: dict[str, JSON], seat: int) -> list[tuple[str, Text, JSON]]:
        """Every menu choice for the seat to act: (id, prompt, action)."""
        legal = self._legal_json()
        phase = view["phase"]
        mean = view["mean_in_play"]
        entries: list[tuple[str, Text, JSON]] = []
        cases = {case["case"]: case for case in view["cases"]}

        def add(prompt: Text, action: JSON) -> None:
            entries.append((f"choice-{len(entries)}", prompt, action))

        for action in legal:
            ((kind, amount),) = action.items()
            if kind in ("pick", "open"):
                holder = cases[amount]["holder"]
                where = f"P{holder + 1}" if holder is not None else ""
                if holder is None and view["version"] == "party":
                    where = "centre"
                add(Text(f"case {amount:>2}  ").append(where, style="dim"), action)
            elif kind == "offer":
                prompt = Text("offer ").append(dollars(amount), style="bold")
                add(prompt.append(f"  {percent(amount, mean)}", style="dim"), action)
            elif kind == "counter":
                offer = view["offer"] or 1
                prompt = Text("counter ").append(dollars(amount), style="bold")
                add(prompt.append(f"  +{percent(amount - offer, offer)}", style="dim"), action)
            elif kind == "deal":
                add(Text("d  DEAL ", style="bold green").append(dollars(view["offer"] or 0)), action)
            elif kind == "no_deal":
                add(Text("x  NO DEAL", style="bold red"), action)
            elif kind == "accept":
                add(Text("y  accept ", style="bold green").append(dollars(view["counter"] or 0)), action)
            elif kind == "stand":
                add(Text("s  stand firm"), action)
            elif kind == "keep":
                add(Text(f"k  keep case {self._own_case(view)}"), action)
            elif kind == "swap":
                add(Text(f"s  swap for case {view['called']}"), action)
            elif kind == "no_guess":
                add(Text("x  no guess"), action)
        if phase in ("guess", "final_guess", "host_guess"):
            paid = self._paid_mode or phase == "host_guess"
            wanted = "paid_guess" if paid else "guess"
            for action in legal:
                if wanted in action:
                    add(Text("guess ").append(dollars(action[wanted]), style="bold"), action)
        return entries

    # --- the log -------------------------------------------------------------------------------
    def _log(self, line: Text) -> None:
        self.query_one("#log", RichLog).write(line)

    def _log_progress(self, before: dict[str, JSON] | None, seat: int | None, action: JSON) -> None:
        """Write the events since the log was last written.

        When an action ends a game the next one starts at once and the view's log is the new
        game's, so the end of the old game is told from its result and the action that ended it.
        """
        after = self.game.view(None)
        if before is not None and after["game_number"] != self._logged_game and self._logged_game:
            result = after["results"][-1]
            self._log_game_ending(before, seat, action, result)
            self._show_game_result(result, before)
            self._logged_entries = 0
        self._logged_game = after["game_number"]
        for entry in after["log"][self._logged_entries:]:
            line = self._event_line(entry, after)
            if line is not None:
                self._log(line)
        self._logged_entries = len(after["log"])
        self.query_one("#log", RichLog).border_title = f"Log · game {after['game_number']}"

    def _event_line(self, entry: dict[str, JSON], view: dict[str, JSON]) -> Text | None:
        event = entry["event"]
        name = self.short_name
        if event == "game":
            host, contestant = entry["host"], entry["contestant"]
            line = Text(f"Game {entry['number']}: ", style="bold")
            line.append(f"{name(host)} is the {self.role(view, host)}, {name(contestant)} the contestant")
            return line
        if event == "pick":
            return Text(f"{name(entry['seat'])} takes case {entry['case']}")
        if event == "open":
            return self._open_line(entry["case"], entry["value"], entry["holder"])
        if event == "guess":
            return self._guess_line(entry["seat"], entry["guess"], entry["paid"], entry["price"],
                                    entry["right"], entry["won"])
        if event == "kitty":
            return self._kitty_line(entry["seat"], entry["card"], entry["amount"])
        if event == "offer":
            line = Text(f"Round {entry['round']} offer ")
            line.append(dollars(entry["amount"]), style=MONEY_STYLE)
            return line.append(f" ({percent(entry['amount'], view['mean_in_play'])} of mean)", style="dim")
        if event == "counter":
            line = Text(f"{name(entry['seat'])} counters ")
            return line.append(dollars(entry["amount"]), style="bold cyan")
        if event == "stand":
            return Text(f"{name(entry['seat'])} stands firm at {dollars(entry['amount'])}", style="yellow")
        if event in ("deal", "accept"):
            who = "accepts the counter" if event == "accept" else "says DEAL"
            line = Text(f"{name(entry['seat'])} {who}: ", style="bold green")
            return line.append(dollars(entry["amount"]), style=MONEY_STYLE)
        if event == "no_deal":
            return Text(f"{name(entry['seat'])}: NO DEAL", style="bold red")
        if event in ("keep", "swap"):
            verb = "keeps" if event == "keep" else "swaps"
            return Text(f"{name(entry['seat'])} {verb} the case", style="bold")
        if event == "end":
            line = Text(f"Game {view['game_number']} over: ", style="bold")
            line.append(f"{name(view['contestant'])} wins ")
            return line.append(dollars(entry["won"]), style=MONEY_STYLE)
        return None

    def _open_line(self, case: int, value: int, holder: int | None) -> Text:
        line = Text(f"Case {case}")
        if holder is not None:
            line.append(f" ({self.short_name(holder)})", style="dim")
        line.append(": ")
        return line.append(dollars(value), style="bold")

    def _kitty_line(self, seat: int, card: str, amount: int) -> Text:
        shown = dollars(HOLDER_WINS_KITTY if card == "holder" else HOST_WINS_KITTY)
        if not amount:
            return Text(f"{shown} card: the kitty is empty", style="dim")
        who = self.short_name(seat)
        return Text(f"{shown} card: {who} wins the kitty, {dollars(amount)}", style="bold magenta")

    def _guess_line(self, seat: int, value: int, paid: bool, price: int, right: bool, won: int) -> Text:
        line = Text(f"{self.short_name(seat)} guessed {dollars(value)}")
        if paid:
            line.append(f" (paid {dollars(price)})", style="dim")
        if right:
            return line.append(f": RIGHT, wins {dollars(won)}", style="bold green")
        return line.append(": wrong", style="red")

    def _log_game_ending(self, before: dict[str, JSON], seat: int | None, action: JSON,
                         result: dict[str, JSON]) -> None:
        """Tell the end of a game whose own log the next game has replaced."""
        kind = next(iter(action)) if isinstance(action, dict) else None
        values = result["cases"]
        special = result["special_case"]
        if kind in ("deal", "accept") and seat is not None:
            amount = before["offer"] if kind == "deal" else before["counter"]
            who = "accepts the counter" if kind == "accept" else "says DEAL"
            self._log(Text(f"{self.short_name(seat)} {who}: ", style="bold green").append(
                dollars(amount), style=MONEY_STYLE))
        if before["phase"] == "host_guess" and kind == "paid_guess" and seat is not None:
            right = action["paid_guess"] == result["special_value"]
            self._log(self._guess_line(seat, action["paid_guess"], True, before["price"], right,
                                       result["special_value"] if right else 0))
        if not result["deal"]:
            if kind in ("keep", "swap") and seat is not None:
                verb = "keeps" if kind == "keep" else "swaps"
                self._log(Text(f"{self.short_name(seat)} {verb} the case", style="bold"))
            other = before["called"]
            if other is not None:
                holder = before["cases"][other - 1]["holder"]
                self._log(self._open_line(other, values[other - 1], holder))
                guess = self._last_guess
                if guess is not None and guess["case"] == other:
                    right = guess["value"] == values[other - 1]
                    prize = (values[other - 1] if guess["paid"] else FREE_GUESS_PRIZE) if right else 0
                    self._log(self._guess_line(guess["seat"], guess["value"], guess["paid"], guess["price"],
                                               right, prize))
                if holder is not None and values[other - 1] == HOLDER_WINS_KITTY:
                    # D-7: a held $750 opened in round 10 still pays the kitty to its holder; a
                    # paid guess that ended the game went into the kitty just before.
                    paid_now = before["price"] if kind == "paid_guess" else 0
                    self._log(self._kitty_line(holder, "holder", (before["kitty"] or 0) + paid_now))
        self._log(self._open_line(special, result["special_value"], None).append(
            " (the contestant's)", style="dim"))
        line = Text(f"Game {result['game']} over: ", style="bold")
        line.append(f"{self.short_name(result['contestant'])} wins ")
        line.append(dollars(result["won"]), style=MONEY_STYLE)
        self._log(line.append(" by a deal" if result["deal"] else " with the case"))
        self._last_guess = None
