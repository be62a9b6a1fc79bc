"""What every full-screen table shares: seats of people and bots around one game of the engine.

A table is only a face: it reads ``Game.view`` and ``Game.legal_actions`` and sends actions
through ``Game.act``, so every rule (and every refusal) comes from the engine. Bots and the
advisor think in background threads, because some need a moment and the screen must stay
responsive meanwhile; their answers come back through ``call_from_thread``.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import random
import threading
from collections.abc import Callable, Sequence
from os import PathLike
from pathlib import Path
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import App
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import OptionList, RichLog, Static

import highstakes as hs
from highstakes.bots import registry as bot_registry
from highstakes.bots.base import Bot, RandomBot
from highstakes.cli.words import bot_label, game_text
from highstakes.engine.action import JSON, Action
from highstakes.i18n import N_, _
from highstakes.i18n.numbers import format_number
from highstakes.tui.screens import GameOverScreen, PassScreen, RulesScreen
from highstakes.tui.words import speak_bindings

DEFAULT_BOT_DELAY = 0.4
# The pop-ups' looks; each table lists its own sheet after it. An absolute path, because a
# game's table lives in the game's package and Textual reads relative paths from there.
SHARED_CSS = str(Path(__file__).with_name("screens.tcss"))

# (game number in this session, moves applied in it): identifies the position a bot or
# the advisor was asked about, so that an answer arriving after play moved on is dropped.
Position = tuple[int, int]


def run_in_background(work: Callable[[], None]) -> None:
    """Run ``work`` in a daemon thread.

    Not a Textual thread worker: those run in the event loop's executor, which the
    program waits for on exit, so quitting during a long solve would hang. The thread
    runs in a copy of the caller's context, so that it speaks the table's language.
    """
    context = contextvars.copy_context()
    threading.Thread(target=context.run, args=(work,), daemon=True).start()


class TableApp(App[None]):
    """One game of the engine at one screen: people take turns at the keyboard, bots play themselves.

    A subclass names its game (``GAME_ID``, ``TITLE``), lays out and draws the table and fills
    in the hooks at the end; this class runs the seats, the bots, the advisor's thread, new
    games with `n`, the final standings and the saved records. The layout places
    ``_log_panel()`` and a ``#notice`` Static.
    """

    GAME_ID: ClassVar[str]
    ENABLE_COMMAND_PALETTE = False  # every action has its own key; the footer needs the room
    #: Said when the advisor fails, before the error (marked, and said in the table's words).
    ADVISOR_UNAVAILABLE: ClassVar[str] = N_("hint unavailable")

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
            raise ValueError(_("give one entry per seat in bots (None for a person): {seats} seats, "
                               "{entries} entries").format(seats=seats, entries=len(bots)))
        super().__init__()
        speak_bindings(self)
        self.title = self.text(self.TITLE)
        self.bot_names: list[str | None] = list(bots)
        self.options = dict(options or {})
        self.record_path = Path(record_path) if record_path is not None else None
        self.bot_delay = bot_delay
        self._bots: dict[int, Bot] = {
            seat: bot_registry.make_bot(self.GAME_ID, name)
            for seat, name in enumerate(self.bot_names) if name is not None
        }
        self.game = hs.new_game(self.GAME_ID, seats, seed=seed, options=self.options, bots=self.bot_seats)
        # A seeded session stays reproducible: game n uses seed + n - 1.
        self.seeded = seed is not None
        self.games_started = 1
        self.saved_records: list[Path] = []
        self._hint_running = False  # across games too: the advisor may still be thinking
        self._passed_to: int | None = None  # the person the keyboard was last handed to
        self._reset_game()

    def _reset_game(self) -> None:
        """State that belongs to one game of the engine; reset by `n`."""
        self._bot_rng = random.Random(self.game.seed)
        self._moves = 0
        self._bot_pending = False
        self._paused = False  # while set, a pop-up holds play: bots wait and nobody moves
        self._key_state: tuple[object, ...] | None = None
        self._reset_play_state()

    # --- words -----------------------------------------------------------------------------------
    def text(self, message: str) -> str:
        """One of the table's own words in the reader's language: the game's catalog, else the platform's."""
        return game_text(self.GAME_ID, message)

    # --- seats and positions -------------------------------------------------------------------
    @property
    def bot_seats(self) -> list[int]:
        """The seats bots play, told to every game of the table (a game may treat them apart)."""
        return [seat for seat, name in enumerate(self.bot_names) if name is not None]

    def seat_name(self, seat: int) -> str:
        """A seat as people read it: "Player 1", or "Bot 2 (best play)" with the bot's label in words."""
        bot = self.bot_names[seat]
        if bot is None:
            return _("Player {number}").format(number=seat + 1)
        return _("Bot {number} ({label})").format(number=seat + 1, label=bot_label(self.GAME_ID, bot))

    @property
    def _position(self) -> Position:
        return (self.games_started, self._moves)

    @property
    def seat_to_act(self) -> int | None:
        to_act = self.game.to_act
        return to_act[0] if to_act else None

    @property
    def human_to_act(self) -> bool:
        seat = self.seat_to_act
        return seat is not None and seat not in self._bots and not self._paused

    # --- the flow of play ----------------------------------------------------------------------
    def _after_change(self) -> None:
        self._refresh_table()
        if self.game.is_over:
            self._finish_game()
        elif self.human_to_act:
            self._on_human_turn()
        elif not self._paused:
            self._schedule_bot()

    def _play(self, seat: int, action: Action | JSON) -> bool:
        """Apply one action; a refusal is shown with its rule and changes nothing."""
        before = self.game.view(None)
        try:
            self.game.act(seat, action)
        except hs.IllegalAction as refusal:
            # The rule's words, not its code: people read the sentence, the code is for programs.
            self._set_notice(Text(_("Refused: {reason}").format(reason=refusal.message), style="bold red"))
            return False
        self._moves += 1
        self._set_notice(Text(""))
        self._after_move(before, seat, action)
        self._after_change()
        return True

    def _report_from_thread(self, callback: Callable[..., None], *args: Any) -> None:
        # If the app closed while the thread was thinking, nobody is waiting for the answer.
        with contextlib.suppress(RuntimeError):
            self.call_from_thread(callback, *args)

    # --- bots ----------------------------------------------------------------------------------
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
        if self._paused or seat is None or seat not in self._bots:
            # Not a bot's move after all, or people are reading a pop-up (closing it schedules
            # the move again).
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
            problem = _("{name} failed ({error}); it played at random").format(
                name=self.seat_name(seat), error=error)
        self._report_from_thread(self._apply_bot_move, position, seat, action, problem)

    def _apply_bot_move(self, position: Position, seat: int, action: Action, problem: str | None) -> None:
        if position != self._position:
            return  # a bot of a game that `n` has replaced
        self._bot_pending = False
        if problem:
            self._log(Text(problem, style="yellow"))
        if not self._play(seat, action):
            # A bot that insists on an illegal move would stall the table; play on at random.
            self._play(seat, RandomBot().choose(self.game.view(seat), self.game.legal_actions(seat),
                                                self._bot_rng))

    # --- the advisor ---------------------------------------------------------------------------
    def _consult_advisor(self, seat: int, told: dict[str, JSON] | None = None) -> None:
        """Ask the advisor about the position now, in the background; it answers `_show_advice`.

        ``told`` is what the person tells the advisor (Millionaire: their confidence in each
        option); the advisor reads it in the view as ``hint_input``, as the server passes a hint
        message's ``input``."""
        position = self._position
        view = self.game.view(seat)
        if told is not None:
            view = {**view, "hint_input": told}
        legal = self.game.legal_actions(seat)
        self._hint_running = True
        run_in_background(lambda: self._think_for_hint(position, view, legal))

    def _think_for_hint(self, position: Position, view: dict[str, JSON], legal: list[Action]) -> None:
        try:
            advice, problem = self._ask_advisor(view, legal), None
        except Exception as error:
            advice, problem = None, f"{self.text(self.ADVISOR_UNAVAILABLE)}: {error}"
        self._report_from_thread(self._receive_advice, position, advice, problem)

    def _receive_advice(
        self, position: Position, advice: dict[str, JSON] | None, problem: str | None
    ) -> None:
        self._hint_running = False
        if position != self._position:
            # Play moved on while the advisor thought; advise on the new position if still wanted.
            if self._advice_wanted() and self.human_to_act:
                self._start_hint()
            return
        self._show_advice(position, advice, problem)

    # --- the end of a game ---------------------------------------------------------------------
    def _finish_game(self) -> None:
        result = self.game.result()
        saved_note = self._save_record()
        score = self._score_text
        winners = [self.seat_name(seat) for seat in result["winners"]]
        top = max(result["scores"])
        if len(winners) == 1:
            winner_line = _("{name} wins with {score}!").format(name=winners[0], score=score(top))
        else:
            winner_line = _("Tie at {score}: {names}").format(score=score(top), names=", ".join(winners))
        standings = Table(box=None, show_header=False, padding=(0, 1))
        standings.add_column(justify="right")
        standings.add_column()
        standings.add_column(justify="right")
        ranked = sorted(range(self.game.seats), key=lambda seat: -result["scores"][seat])
        for place, seat in enumerate(ranked, 1):
            style = "bold" if seat in result["winners"] else ""
            standings.add_row(f"{place}.", self.seat_name(seat), score(result["scores"][seat]), style=style)
        self._log(Text(winner_line, style="bold yellow"))
        self.push_screen(self._game_over_screen(winner_line, standings, saved_note), self._after_game_over)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.exit()

    def _save_record(self) -> str | None:
        if self.record_path is None:
            return None
        path = self.record_path
        if self.games_started > 1:  # later games of the session must not overwrite the first
            path = path.with_name(f"{path.stem}-{self.games_started}{path.suffix}")
        # The record, and the seats' names for a replay to show (replay ignores them).
        record = {**self.game.record(), "seat_names": [self.seat_name(s) for s in range(self.game.seats)]}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            return _("Could not save the record: {reason}").format(reason=error.strerror or error)
        self.saved_records.append(path)
        return _("Record saved. Watch the game again with:\n{command}").format(
            command=f"highstakes replay {path}")

    # --- keys shared by every table ------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "new_game":
            return self.game.is_over
        return True

    def action_rules(self) -> None:
        self.push_screen(RulesScreen(self.title, hs.definition(self.GAME_ID).rules_text()))

    def action_new_game(self) -> None:
        if not self.game.is_over:
            return
        next_seed = self.game.seed + 1 if self.seeded else None
        # What the game carries over from the one just played (the questions seen, say).
        setup = hs.definition(self.GAME_ID).next_setup([self.game.record()])
        self.game = hs.new_game(self.GAME_ID, self.game.seats, seed=next_seed, options=self.options,
                                setup=setup, bots=self.bot_seats)
        self.games_started += 1
        self._reset_game()
        self.query_one("#log", RichLog).clear()
        self._set_notice(Text(""))
        self._begin_game()

    # --- drawing helpers -----------------------------------------------------------------------
    @staticmethod
    def _log_panel() -> RichLog:
        """The ``#log`` panel that every table keeps, for the table's layout to place."""
        # A small min_width lets lines wrap to the panel instead of a fixed 78 columns.
        log = RichLog(id="log", wrap=True, markup=False, min_width=20)
        log.border_title = _("Log")
        return log

    def _log(self, line: Text) -> None:
        self.query_one("#log", RichLog).write(line)

    def _set_notice(self, message: Text) -> None:
        self.query_one("#notice", Static).update(message)

    def _refresh_keys(self, key_state: tuple[object, ...]) -> None:
        """Redraw the footer if ``key_state`` (what decides the usable keys) changed.

        The footer rebuilds itself on every refresh, which is costly while bots play fast.
        """
        if key_state != self._key_state:
            self._key_state = key_state
            self.refresh_bindings()

    def _offer_choices(self, choices: OptionList, previously_highlighted: int | None, hinted: bool,
                       keyboard: Widget) -> None:
        """Highlight the first choice and hand the keyboard to ``keyboard``.

        A hint only adds its star to the same menu, so then the highlight stays where it was;
        and a pop-up in front keeps the keyboard.
        """
        same_position = previously_highlighted is not None and hinted
        choices.highlighted = previously_highlighted if same_position else 0
        if not isinstance(self.screen, ModalScreen):
            keyboard.focus()

    # --- hooks for each game -------------------------------------------------------------------
    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType | None:
        """The whole table for ``view`` as one picture, as this table draws it (for a replay).

        None when the table has no such drawing; a replay then shows the view as panels.
        """
        return None

    def _reset_play_state(self) -> None:
        """Reset the subclass's own state for a new game of the engine."""

    def _begin_game(self) -> None:
        """Open the log of a new game, then draw it (``_after_change``)."""
        raise NotImplementedError

    def _refresh_table(self) -> None:
        """Draw the whole table from the game's view."""
        raise NotImplementedError

    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        """Tell what the move changed (``before`` is the public view before it)."""

    # --- people sharing one keyboard ------------------------------------------------------------
    @property
    def _people(self) -> list[int]:
        """The seats people play; bots play the others."""
        return [seat for seat in range(self.game.seats) if seat not in self._bots]

    @property
    def _shared_keyboard(self) -> bool:
        """Whether people take turns at this keyboard with secrets to keep from each other: then
        the table hides between their turns (a game without secrets, Greed, never hides)."""
        return hs.definition(self.GAME_ID).hidden_information and len(self._people) > 1

    def _on_human_turn(self) -> None:
        """A person is to act, after the table was drawn: at a shared keyboard, the table hides
        until the keyboard has been handed to them."""
        seat = self.seat_to_act
        if self._shared_keyboard and seat is not None and seat != self._passed_to:
            self._passed_to = seat
            self._paused = True
            self._set_table_hidden(True)
            self.push_screen(PassScreen(self.seat_name(seat)), lambda _result: self._resume_after_pass())

    def _resume_after_pass(self) -> None:
        self._paused = False
        self._set_table_hidden(False)
        self._after_change()

    def _set_table_hidden(self, hidden: bool) -> None:
        """Hide or show what only the person at the keyboard may see."""

    def _score_text(self, score: int) -> str:
        """A final score as the standings show it."""
        return format_number(score)

    def _game_over_screen(self, winner_line: str, standings: Table, saved_note: str | None) -> GameOverScreen:
        return GameOverScreen(winner_line, standings, saved_note)

    def _start_hint(self) -> None:
        """Ask the advisor (``_consult_advisor``) if the table wants advice now."""

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        """The advisor's reading of a position; runs in a background thread."""
        raise NotImplementedError

    def _advice_wanted(self) -> bool:
        """Whether advice is still wanted for the position play has moved on to."""
        return False

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        """Show the advisor's answer (or the ``problem`` that kept it from answering)."""
