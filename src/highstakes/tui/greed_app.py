"""A full-screen Textual table for Greed (RULES.md §2): hot-seat people and bots.

The app is only a face: it reads ``Game.view`` and ``Game.legal_actions`` and
sends actions through ``Game.act``, so every rule (and every refusal) comes
from the engine. Bots and the hint run in background threads because the strong
Greed bots may need a moment (loading their solution) and the screen must stay
responsive meanwhile.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
from collections.abc import Callable, Sequence
from os import PathLike
from pathlib import Path
from typing import Any, ClassVar

from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, MarkdownViewer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.bots import registry as bot_registry
from highstakes.bots.base import Bot, RandomBot
from highstakes.catalog.greed import bots as greed_bots
from highstakes.catalog.greed import solver as greed_solver
from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.scoring import NUM_DICE
from highstakes.engine.action import JSON, Action

GAME_ID = "greed"
DEFAULT_BOT_DELAY = 0.4
NUMBER_KEYS = 9  # keys 1..9 pick the first nine keep options; arrows + enter reach the rest
KEEP_KEYS = Binding.Group("keep", compact=True)  # shown once in the footer as "1-9 keep"

# (game number in this session, moves applied in it): identifies the position a bot or
# the advisor was asked about, so that an answer arriving after play moved on is dropped.
Position = tuple[int, int]

# RULES.md §2.1: G orange, R red, ebony E black, emerald E green, D blue, $ silver.
# Each face is (background, text colour) so that a die reads well on a dark screen.
FACE_COLOURS: dict[str, tuple[str, str]] = {
    "$": ("#c0c0c8", "#101010"),
    "G": ("#ff8c1a", "#101010"),
    "R": ("#d7263d", "#ffffff"),
    "Eb": ("#3a3a3a", "#ffffff"),
    "Em": ("#1e8f3e", "#ffffff"),
    "D": ("#1f5fd1", "#ffffff"),
}
# Lighter shades for faces written as text (in the log) rather than drawn as dice.
FACE_TEXT_COLOURS: dict[str, str] = {
    "$": "#d0d0d8", "G": "#ff9f40", "R": "#ff5c6c", "Eb": "#a0a0a0", "Em": "#3fcf6a", "D": "#6b9cff",
}
DIE_WIDTH = 5


# --- drawing dice ---------------------------------------------------------------------------

def _die_style(face: str) -> str:
    background, text = FACE_COLOURS[face]
    return f"bold {text} on {background}"


def draw_dice(faces: Sequence[str]) -> Text:
    """Dice as three-line coloured blocks with their face in the middle."""
    top, middle, bottom = Text(), Text(), Text()
    for index, face in enumerate(faces):
        if index:
            for line in (top, middle, bottom):
                line.append(" ")
        background, _ = FACE_COLOURS[face]
        top.append("▗" + "▄" * (DIE_WIDTH - 2) + "▖", style=background)
        middle.append(face.center(DIE_WIDTH), style=_die_style(face))
        bottom.append("▝" + "▀" * (DIE_WIDTH - 2) + "▘", style=background)
    return Text("\n").join([top, middle, bottom])


CHIP_WIDTH = 3


def dice_chips(faces: Sequence[str]) -> Text:
    """Dice as one-line coloured chips of equal width, so that lists of them line up."""
    chips = Text()
    for face in faces:
        chips.append(face.center(CHIP_WIDTH), style=_die_style(face))
    return chips


def coloured_faces(faces: Sequence[str]) -> Text:
    """Faces as coloured letters, compact enough for a narrow log."""
    return Text(" ").join(Text(face, style=f"bold {FACE_TEXT_COLOURS[face]}") for face in faces)


def points(value: int) -> str:
    return f"{value:,}"


# --- bots and hints ---------------------------------------------------------------------------

def run_in_background(work: Callable[[], None]) -> None:
    """Run ``work`` in a daemon thread.

    Not a Textual thread worker: those run in the event loop's executor, which the
    program waits for on exit, so quitting during a long solve would hang.
    """
    threading.Thread(target=work, daemon=True).start()


def make_bot(name: str) -> Bot:
    """The Greed bot called ``name``; raises ValueError naming the bots for an unknown one."""
    return bot_registry.make_bot(GAME_ID, name)


def ask_hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """The advisor's move for this position and the chance of winning with it."""
    return greed_bots.hint(view, legal)


def solution_is_cached(options: dict[str, Any]) -> bool:
    return greed_solver.load_cached(greed_solver.SolverRules.from_options(options)) is not None


# --- pop-up screens -------------------------------------------------------------------------

class RulesScreen(ModalScreen[None]):
    """The rules of Greed as the game package writes them for players."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close"),
    ]

    def __init__(self, rules_markdown: str) -> None:
        super().__init__()
        self._rules_markdown = rules_markdown

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box") as box:
            box.border_title = "Rules of Greed"
            box.border_subtitle = "esc / ? / q to close · arrows to scroll"
            yield MarkdownViewer(self._rules_markdown, show_table_of_contents=False, id="rules")

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.dismiss()


class GameOverScreen(ModalScreen[str | None]):
    """Final scores and the winner; dismissed with "new", "quit" or None (just close)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new_game", "New game"),
        Binding("q", "quit_app", "Quit"),
        Binding("escape", "close", "Look at the table"),
    ]

    def __init__(self, winner_line: str, standings: Table, saved_note: str | None) -> None:
        super().__init__()
        self._winner_line = winner_line
        self._standings = standings
        self._saved_note = saved_note

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-box") as box:
            box.border_title = "Game over"
            yield Static(self._winner_line, id="winner")
            yield Static(self._standings, id="standings")
            if self._saved_note:
                yield Static(self._saved_note, id="saved")
            yield Static("n new game · q quit · esc close", id="result-keys")

    def action_new_game(self) -> None:
        self.dismiss("new")

    def action_quit_app(self) -> None:
        self.dismiss("quit")

    def action_close(self) -> None:
        self.dismiss(None)


# --- the app --------------------------------------------------------------------------------

class GreedApp(App[None]):
    """Greed at one screen: people take turns at the keyboard, bots play themselves."""

    TITLE = "Greed"
    CSS_PATH = "greed.tcss"
    ENABLE_COMMAND_PALETTE = False  # every action has its own key; the footer needs the room
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(number), f"keep({number})", "keep", group=KEEP_KEYS)
            for number in range(1, NUMBER_KEYS + 1)
        ),
        Binding("b", "bank", "bank"),
        Binding("h", "hint", "hint"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("n", "new_game", "new game"),
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
        # A seeded session stays reproducible: game n uses seed + n - 1.
        self.seeded = seed is not None
        self.games_played = 1
        self.saved_records: list[Path] = []
        self._hint_running = False  # across games too: the advisor may still be solving
        self._setup_game()

    def _setup_game(self) -> None:
        """State that belongs to one game; reset by `n`."""
        self._bot_rng = random.Random(self.game.seed)
        self._moves = 0
        self._keeps: list[Keep] = []
        self._bank_legal = False
        self._bank_refusal: str | None = None
        self._hint: tuple[Position, JSON] | None = None
        self._hint_wanted_at: Position | None = None
        self._bot_pending = False
        self._final_round_announced = False
        # How far the log has got: turns are logged by their number, each exactly once, and
        # the turn under way entry by entry as its rolls are decided.
        self._turns_logged = 0
        self._entries_logged = 0
        self._key_state: tuple[bool, bool, int, bool] | None = None

    # --- names and positions -----------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        bot = self.bot_names[seat]
        return f"Player {seat + 1}" if bot is None else f"Bot {seat + 1} ({bot})"

    @property
    def _position(self) -> Position:
        return (self.games_played, self._moves)

    @property
    def seat_to_act(self) -> int | None:
        to_act = self.game.to_act
        return to_act[0] if to_act else None

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and seat not in self._bots

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield Static(id="scoreboard")
            with Vertical(id="table"):
                yield Static(id="dice")
                yield Static(id="aside")
                yield Static(id="totals")
                yield Static(id="goal")
                yield Static(id="last-turn")
                yield Static(id="notice")
        with Horizontal(id="bottom"):
            yield OptionList(id="choices")
            # A small min_width lets lines wrap to the panel instead of a fixed 78 columns.
            yield RichLog(id="log", wrap=True, markup=False, min_width=20)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#log", RichLog).border_title = "Log"
        self._begin_game()
        self._prepare_solution()

    def _prepare_solution(self) -> None:
        """Start the one-off solve now, so the optimal bot and hints are ready sooner."""
        wants_solution = "optimal" in self.bot_names or None in self.bot_names
        if not wants_solution or solution_is_cached(dict(self.game.options)):
            return
        log = self.query_one("#log", RichLog)
        log.write(Text(
            "Solving Greed once for the optimal bot and hints: about half a minute, "
            "kept for next time.", style="yellow",
        ))
        view = self.game.view(None)

        def solve() -> None:
            greed_bots.solution_for(view)
            self._report_from_thread(log.write, Text("The optimal policy is ready.", style="green"))

        run_in_background(solve)

    def _begin_game(self) -> None:
        log = self.query_one("#log", RichLog)
        log.write(Text(f"Game {self.games_played} · seed {self.game.seed}", style="bold"))
        self._log_rolloff(self.game.view(None))
        self._log_progress()
        self._after_change()

    # --- the flow of play ----------------------------------------------------------------------
    def _after_change(self) -> None:
        self._refresh_board()
        if self.game.is_over:
            self._finish_game()
        elif not self.human_to_act:
            self._schedule_bot()

    def _play(self, seat: int, action: Action) -> bool:
        """Apply one action; a refusal is shown with its rule and changes nothing."""
        try:
            self.game.act(seat, action)
        except hs.IllegalAction as refusal:
            rule = f" ({refusal.rule})" if refusal.rule else ""
            self._set_notice(Text(f"Refused: {refusal.message}{rule}", style="bold red"))
            return False
        self._moves += 1
        self._set_notice(Text(""))
        self._log_progress()
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
        if position != self._position:
            return  # scheduled in a game that `n` has replaced
        seat = self.seat_to_act
        if seat is None or seat not in self._bots:
            self._bot_pending = False
            return
        view = self.game.view(seat)
        legal = self.game.legal_actions(seat)
        run_in_background(lambda: self._think_for_bot(position, seat, view, legal))

    def _think_for_bot(
        self, position: Position, seat: int, view: dict[str, JSON], legal: list[Action]
    ) -> None:
        """Runs in a worker thread: a slow or broken bot must not freeze or kill the table."""
        try:
            action = self._bots[seat].choose(view, legal, self._bot_rng)
            problem = None
        except Exception as error:
            action = RandomBot().choose(view, legal, self._bot_rng)
            problem = f"{self.seat_name(seat)} failed ({error}); it played at random"
        self._report_from_thread(self._apply_bot_move, position, seat, action, problem)

    def _report_from_thread(self, callback: Callable[..., None], *args: Any) -> None:
        # If the app closed while the thread was thinking, nobody is waiting for the answer.
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(callback, *args)

    def _apply_bot_move(self, position: Position, seat: int, action: Action, problem: str | None) -> None:
        if position != self._position:
            return  # a bot of a game that `n` has replaced
        self._bot_pending = False
        if problem:
            self.query_one("#log", RichLog).write(Text(problem, style="yellow"))
        if not self._play(seat, action):
            # A bot that insists on an illegal move would stall the table; play on at random.
            self._play(seat, RandomBot().choose(self.game.view(seat), self.game.legal_actions(seat),
                                                self._bot_rng))

    def _finish_game(self) -> None:
        result = self.game.result()
        saved_note = self._save_record()
        winners = [self.seat_name(seat) for seat in result["winners"]]
        top = max(result["scores"])
        if len(winners) == 1:
            winner_line = f"{winners[0]} wins with {points(top)}!"
        else:
            winner_line = f"Tie at {points(top)}: {', '.join(winners)}"
        standings = Table(box=None, show_header=False, padding=(0, 1))
        standings.add_column(justify="right")
        standings.add_column()
        standings.add_column(justify="right")
        ranked = sorted(range(self.game.seats), key=lambda seat: -result["scores"][seat])
        for place, seat in enumerate(ranked, 1):
            style = "bold" if seat in result["winners"] else ""
            standings.add_row(f"{place}.", self.seat_name(seat), points(result["scores"][seat]), style=style)
        self.query_one("#log", RichLog).write(Text(winner_line, style="bold yellow"))
        self.push_screen(GameOverScreen(winner_line, standings, saved_note), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.exit()

    def _save_record(self) -> str | None:
        if self.record_path is None:
            return None
        path = self.record_path
        if self.games_played > 1:  # later games of the session must not overwrite the first
            path = path.with_name(f"{path.stem}-{self.games_played}{path.suffix}")
        try:
            path.write_text(json.dumps(self.game.record(), indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            return f"Could not save the record: {error}"
        self.saved_records.append(path)
        return f"Record saved to {path}"

    # --- keys ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "keep":
            (number,) = parameters
            return self.human_to_act and isinstance(number, int) and number <= len(self._keeps)
        if action == "bank":
            if not self.human_to_act:
                return False
            return True if self._bank_legal else None  # greyed out: visible but refused
        if action == "hint":
            return self.human_to_act
        if action == "new_game":
            return self.game.is_over
        return True

    def action_keep(self, number: int) -> None:
        self._choose(number - 1)

    def action_bank(self) -> None:
        seat = self.seat_to_act
        if seat is not None and self.human_to_act and self._bank_legal:
            self._play(seat, Bank())

    def _choose(self, keep_index: int) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or not 0 <= keep_index < len(self._keeps):
            return
        self._play(seat, self._keeps[keep_index])

    @on(OptionList.OptionSelected, "#choices")
    def _choice_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == "bank":
            self.action_bank()
        elif event.option_id is not None and event.option_id.startswith("keep-"):
            self._choose(int(event.option_id.removeprefix("keep-")))

    def action_rules(self) -> None:
        self.push_screen(RulesScreen(hs.definition(GAME_ID).rules_text()))

    def action_new_game(self) -> None:
        if not self.game.is_over:
            return
        next_seed = self.game.seed + 1 if self.seeded else None
        self.game = hs.new_game(GAME_ID, self.game.seats, seed=next_seed, options=self.options)
        self.games_played += 1
        self._setup_game()
        self.query_one("#log", RichLog).clear()
        self._set_notice(Text(""))
        self._begin_game()

    def action_hint(self) -> None:
        if not self.human_to_act:
            return
        self._hint_wanted_at = self._position
        if self._hint_running:
            # One advisor at a time: it may be solving the game, which is slow and memory-hungry.
            self._set_notice(Text("Still thinking about the hint…", style="italic"))
            return
        self._start_hint()

    def _start_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None:
            return
        position = self._position
        view = self.game.view(seat)
        legal = self.game.legal_actions(seat)
        self._hint_running = True
        self._set_notice(Text("Thinking about a hint (the first can take a while)…", style="italic"))
        run_in_background(lambda: self._think_for_hint(position, view, legal))

    def _think_for_hint(self, position: Position, view: dict[str, JSON], legal: list[Action]) -> None:
        try:
            advice, problem = ask_hint(view, legal), None
        except Exception as error:
            advice, problem = None, f"hint unavailable: {error}"
        self._report_from_thread(self._show_hint, position, advice, problem)

    def _show_hint(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        self._hint_running = False
        if position != self._position:
            # Play moved on while the advisor thought; answer again if a hint was asked for since.
            if self._hint_wanted_at == self._position and self.human_to_act:
                self._start_hint()
            return
        if advice is None:
            self._set_notice(Text(problem or "hint unavailable", style="yellow"))
            return
        self._hint = (position, advice.get("action"))
        message = Text("Hint: ", style="bold cyan")
        message.append(self._hint_label(advice), style="bold")
        chance = advice.get("win_probability")
        if isinstance(chance, int | float):
            # With more than two players the advisor's figure is an estimate.
            about = "≈" if advice.get("approximate") else ""
            message.append(f" · win chance {about}{chance:.1%}")
        self._set_notice(message)
        self._refresh_choices(self.game.view(None))

    def _hint_label(self, advice: dict[str, JSON]) -> str:
        suggested = advice.get("action")
        keys = [key for key, option in self._keyed_options() if option.to_json() == suggested]
        key = f"[{keys[0]}] " if keys and keys[0] else ""
        label = advice.get("label")
        if not isinstance(label, str):
            try:
                label = str(hs.definition(GAME_ID).parse_action(suggested))
            except hs.IllegalAction:
                label = str(suggested)
        return key + label

    def _keyed_options(self) -> list[tuple[str, Action]]:
        """Every choice with the key that picks it ('' past the ninth keep)."""
        keyed: list[tuple[str, Action]] = [("b", Bank())] if self._bank_legal else []
        for index, keep in enumerate(self._keeps):
            keyed.append((str(index + 1) if index < NUMBER_KEYS else "", keep))
        return keyed

    # --- drawing the table ---------------------------------------------------------------------
    def _set_notice(self, message: Text) -> None:
        self.query_one("#notice", Static).update(message)

    def _refresh_board(self) -> None:
        view = self.game.view(None)
        seat = self.seat_to_act
        legal = self.game.legal_actions(seat) if seat is not None else []
        self._keeps = [action for action in legal if isinstance(action, Keep)]
        self._bank_legal = any(isinstance(action, Bank) for action in legal)
        refusal = view["bank_refusal"]
        self._bank_refusal = f"{refusal['message']} ({refusal['rule']})" if refusal else None
        self.query_one("#scoreboard", Static).update(self._scoreboard(view))
        self.query_one("#scoreboard", Static).border_title = f"Scores · goal {points(view['winning_score'])}"
        self._refresh_table(view)
        self._refresh_choices(view)
        # The footer rebuilds itself on every refresh, which is costly while bots play fast;
        # refresh it only when the set of usable keys changes.
        usable_keeps = min(len(self._keeps), NUMBER_KEYS)
        key_state = (self.human_to_act, self._bank_legal, usable_keeps, self.game.is_over)
        if key_state != self._key_state:
            self._key_state = key_state
            self.refresh_bindings()

    def _scoreboard(self, view: dict[str, JSON]) -> Table:
        board = Table(box=None, show_header=False, expand=True, padding=(0, 0))
        board.add_column(width=2)
        board.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        board.add_column(justify="right", width=6)
        board.add_column(width=9, no_wrap=True)
        for seat in range(view["seats"]):
            current = seat == view["current"]
            note = Text()
            if seat in view["winners"]:
                note = Text(" winner", style="bold yellow")
            elif seat == view["triggered_by"]:
                note = Text(" reached", style="yellow")
            elif not view["opened"][seat]:
                note = Text(" unopened", style="dim")
            elif view["final_round"] and not current and seat not in view["final_turns_left"]:
                note = Text(" done", style="dim")
            board.add_row(
                Text("▶", style="bold green") if current else "",
                Text(self.seat_name(seat), style="bold" if current else ""),
                Text(points(view["scores"][seat]), style="bold" if current else ""),
                note,
            )
        return board

    def _refresh_table(self, view: dict[str, JSON]) -> None:
        table = self.query_one("#table", Vertical)
        seat = view["current"]
        if view["phase"] == "over":
            table.border_title = "Game over"
        elif seat in self._bots:
            table.border_title = f"{self.seat_name(seat)} plays"
        else:
            table.border_title = f"{self.seat_name(seat)}, your roll"
        self.query_one("#dice", Static).update(draw_dice(view["roll"]))
        self.query_one("#aside", Static).update(self._set_aside_line(view))
        self.query_one("#totals", Static).update(self._totals_line(view))
        self.query_one("#goal", Static).update(self._goal_line(view))
        self.query_one("#last-turn", Static).update(self._last_turn_line(view))

    def _set_aside_line(self, view: dict[str, JSON]) -> Text:
        if view["phase"] == "over":
            return Text("")
        line = Text("Set aside: ", style="dim")
        kept = [entry for entry in view["turn_log"] if "keep" in entry]
        if not kept:
            line.append("nothing yet", style="dim")
        for index, entry in enumerate(kept):
            if index:
                line.append(" ")
            line.append_text(dice_chips(entry["keep"]))
            line.append(f" {points(entry['points'])}")
        return line

    def _totals_line(self, view: dict[str, JSON]) -> Text:
        if view["phase"] == "over":
            return Text("")
        line = Text("Turn total ")
        line.append(points(view["turn_total"]), style="bold")
        line.append("  ·  bank now: ")
        if view["can_bank"]:
            line.append(points(view["bank_value"]), style="bold green")
        else:
            line.append("not yet", style="dim")
        return line

    def _goal_line(self, view: dict[str, JSON]) -> Text:
        if view["phase"] == "over":
            winners = " and ".join(self.seat_name(seat) for seat in view["winners"])
            return Text(f"{winners} won", style="bold yellow")
        if view["final_round"]:
            return Text(f"FINAL ROUND · must finish above {points(view['target'])}", style="bold yellow")
        if view["min_turn_points"]:
            return Text(f"A bank needs {points(view['min_turn_points'])}+ in this turn", style="yellow")
        return Text(f"Reaching {points(view['winning_score'])} starts the final round", style="dim")

    def _last_turn_line(self, view: dict[str, JSON]) -> Text:
        last = view["last_turn"]
        if not last:
            starter = view["starter"]
            return Text(f"Roll-off won by {self.seat_name(starter)}", style="dim")
        line = Text(self.seat_name(last["seat"]))
        if last["greed_out"]:
            line.append(" greeded out", style="bold red")
            final_roll = last["log"][-1]["roll"] if last["log"] else []
            line.append(" on ")
            line.append_text(coloured_faces(final_roll))
        else:
            line.append(f" banked {points(last['banked'])}", style="green")
            line.append(f" → {points(view['scores'][last['seat']])}")
        return line

    def _refresh_choices(self, view: dict[str, JSON]) -> None:
        choices = self.query_one("#choices", OptionList)
        seat = self.seat_to_act
        previously_highlighted = choices.highlighted
        hinted = self._hint[1] if self._hint and self._hint[0] == self._position else None
        options: list[Option] = []
        if seat is not None:
            if self._bank_legal:
                after = view["scores"][seat] + view["bank_value"]
                prompt = self._key_column("b", Bank(), hinted)
                prompt.append("bank ", style="bold")
                prompt.append(f"+{points(view['bank_value'])}", style="bold green")
                prompt.append(f" → {points(after)}")
                options.append(Option(prompt, id="bank"))
            for index, keep in enumerate(self._keeps):
                options.append(Option(self._keep_prompt(index, keep, view, hinted), id=f"keep-{index}"))
            if not self._bank_legal:
                # Last, so that the moves one can make stay in view on a small screen.
                prompt = Text(f"b  no bank: {self._bank_refusal}", style="dim")
                options.append(Option(prompt, id="bank", disabled=True))
        choices.set_options(options)
        if seat is None:
            choices.border_title = "No moves"
        elif self.human_to_act:
            choices.border_title = f"{self.seat_name(seat)}: keep or bank"
        else:
            choices.border_title = f"{self.seat_name(seat)} is thinking"
        choices.disabled = not self.human_to_act
        if self.human_to_act:
            same_position = previously_highlighted is not None and hinted is not None
            choices.highlighted = previously_highlighted if same_position else 0
            if not isinstance(self.screen, ModalScreen):
                choices.focus()

    def _keep_prompt(self, index: int, keep: Keep, view: dict[str, JSON], hinted: JSON) -> Text:
        prompt = self._key_column(str(index + 1) if index < NUMBER_KEYS else " ", keep, hinted)
        prompt.append_text(dice_chips(keep.faces))
        prompt.append(" " * (CHIP_WIDTH * (NUM_DICE - len(keep.faces))))
        choice = view["keep_choices"][index]  # the same order as the legal keeps
        prompt.append(f" {'+' + points(choice['points']):>6}", style="bold")
        dice_next = choice["dice_next"]
        if len(keep.faces) == view["dice_left"]:
            prompt.append(f"  roll {dice_next}", style="bold yellow")  # hot dice: all six again
        else:
            prompt.append(f"  roll {dice_next}", style="dim")
        return prompt

    @staticmethod
    def _key_column(key: str, action: Action, hinted: JSON) -> Text:
        """The key that picks a choice, and a star beside it when it is the hinted move."""
        column = Text(key, style="bold")
        if hinted is not None and action.to_json() == hinted:
            column.append("★ ", style="bold cyan")
        else:
            column.append("  ")
        return column

    # --- the log -------------------------------------------------------------------------------
    def _log_rolloff(self, view: dict[str, JSON]) -> None:
        log = self.query_one("#log", RichLog)
        log.write(Text("Roll-off for the first turn:", style="bold"))
        for round_number, rolls in enumerate(view["rolloff"]["rounds"]):
            if round_number:
                log.write(Text("Tie: the tied players roll again", style="dim"))
            for entry in rolls:
                line = Text(f"  {self.seat_name(entry['seat'])}: ")
                line.append_text(coloured_faces(entry["roll"]))
                line.append(f"  {points(entry['points'])}", style="bold")
                log.write(line)
        log.write(Text(f"{self.seat_name(view['starter'])} starts.", style="bold green"))

    def _log_progress(self) -> None:
        """Write what happened since the log was last written."""
        after = self.game.view(None)
        self._log_turns(after)
        if after["final_round"] and not self._final_round_announced:
            self._final_round_announced = True
            self.query_one("#log", RichLog).write(Text(
                f"{self.seat_name(after['triggered_by'])} reached {points(after['winning_score'])}: "
                "FINAL ROUND, everyone else has one more turn to finish above the best score",
                style="bold yellow",
            ))
        self.query_one("#log", RichLog).border_title = f"Log · turn {after['turns_played'] + 1}"

    def _log_turns(self, after: dict[str, JSON]) -> None:
        """Log the turns finished since the last write, then the decided rolls of the turn under way.

        One action can end several turns: the mover's, then those of players who greed out
        on their first roll before anyone decides anything. The view keeps every turn that
        ended since the latest decision in ``recent_turns``, and the log is written after
        each decision, so no turn is missed.
        """
        for turn in after["recent_turns"]:
            if turn["number"] < self._turns_logged:
                continue
            self._log_entries(turn["seat"], turn["log"], self._entries_logged, len(turn["log"]), after)
            self._turns_logged = turn["number"] + 1
            self._entries_logged = 0
        # A roll still awaiting its decision is logged once decided, with what was kept.
        turn_log = after["turn_log"]
        decided = sum(1 for entry in turn_log if "keep" in entry)
        if after["current"] is not None:
            self._log_entries(after["current"], turn_log, self._entries_logged, decided, after)
        self._entries_logged = decided

    def _log_entries(
        self, seat: int, turn_log: list[dict[str, JSON]], start: int, stop: int, after: dict[str, JSON]
    ) -> None:
        log = self.query_one("#log", RichLog)
        for index in range(start, stop):
            entry = turn_log[index]
            turn_total = sum(step.get("points", 0) for step in turn_log[: index + 1])
            log.write(self._entry_line(seat, entry, turn_total, after["scores"][seat]))

    def _entry_line(self, seat: int, entry: dict[str, JSON], turn_total: int, score: int) -> Text:
        line = Text(self.seat_name(seat), style="bold")
        line.append(" rolls ")
        line.append_text(coloured_faces(entry["roll"]))
        if entry.get("greed_out"):
            line.append(": GREED-OUT", style="bold red")
            if entry.get("lost"):
                line.append(f", loses {points(entry['lost'])}", style="red")
            return line
        if "bank" in entry:
            line.append(", takes ")
            line.append_text(coloured_faces(entry["keep"]))
            line.append(f" +{points(entry['points'])} and ")
            line.append(f"BANKS {points(entry['bank'])}", style="bold green")
            line.append(f" → {points(score)}")
            return line
        line.append(", keeps ")
        line.append_text(coloured_faces(entry["keep"]))
        line.append(f" +{points(entry['points'])} (turn {points(turn_total)})")
        if entry.get("hot_dice"):
            line.append(" HOT DICE: all six again", style="bold yellow")
        return line
