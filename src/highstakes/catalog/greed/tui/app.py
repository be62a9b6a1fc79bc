"""A full-screen Textual table for Greed (RULES.md §2): hot-seat people and bots.

The shared table (``table.py``) runs the seats, the bots and the advisor; this module lays
out the Greed table, reads its keys and keeps its log. The strong Greed bots and the hint
may need a moment (loading or solving the game's solution), which is why they think in the
background.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, RichLog, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.catalog.greed import bots as greed_bots
from highstakes.catalog.greed import solver as greed_solver
from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.tui import draw
from highstakes.catalog.greed.words import N_, WORDS, _
from highstakes.cli.words import percent
from highstakes.engine.action import JSON, Action
from highstakes.tui.table import SHARED_CSS, Position, TableApp, run_in_background
from highstakes.tui.words import styled

GAME_ID = "greed"
NUMBER_KEYS = 9  # keys 1..9 pick the first nine keep options; arrows + enter reach the rest
TOP_HEIGHT = 11  # the scores and the roll (greed.tcss): nine seats, and the dice with five lines
PANEL_BORDERS = 2  # a panel's top and bottom borders
KEEP_KEYS = Binding.Group(N_("keep"), compact=True)  # shown once in the footer as "1-9 keep"


def ask_hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """The advisor's move for this position and the chance of winning with it."""
    return greed_bots.hint(view, legal)


def solution_is_cached(options: dict[str, Any]) -> bool:
    return greed_solver.load_cached(greed_solver.SolverRules.from_options(options)) is not None


class GreedApp(TableApp):
    """Greed at one screen: people take turns at the keyboard, bots play themselves."""

    GAME_ID = GAME_ID
    TITLE = N_("Greed")
    WORDS = WORDS  # the footer's keys are Greed's words
    CSS_PATH = [SHARED_CSS, "greed.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        *(
            Binding(str(number), f"keep({number})", N_("keep"), group=KEEP_KEYS)
            for number in range(1, NUMBER_KEYS + 1)
        ),
        Binding("b", "bank", N_("bank")),
        Binding("h", "hint", N_("hint")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    def _reset_play_state(self) -> None:
        self._keeps: list[Keep] = []
        self._bank_legal = False
        self._bank_refusal: str | None = None
        self._hint: tuple[Position, JSON] | None = None
        self._hint_wanted_at: Position | None = None
        self._final_round_announced = False
        # How far the log has got: turns are logged by their number, each exactly once, and
        # the turn under way entry by entry as its rolls are decided.
        self._turns_logged = 0
        self._entries_logged = 0

    @property
    def games_played(self) -> int:
        """Games of this session so far, the one at the table included."""
        return self.games_started

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
            yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self._fit_scoreboard()
        self._begin_game()
        self._prepare_solution()

    def _fit_scoreboard(self) -> None:
        """Give the scores one line per seat: the top grows past its usual height (greed.tcss)
        for more than nine players, up to twelve at 80×24, and the menu and log below shrink."""
        top = self.query_one("#top", Horizontal)
        top.styles.height = max(TOP_HEIGHT, self.game.seats + PANEL_BORDERS)

    def _prepare_solution(self) -> None:
        """Start the one-off solve now, so the optimal bot and hints are ready sooner."""
        wants_solution = "optimal" in self.bot_names or None in self.bot_names
        if not wants_solution or solution_is_cached(dict(self.game.options)):
            return
        log = self.query_one("#log", RichLog)
        log.write(Text(
            _("Solving Greed once for the optimal bot and hints: about half a minute, kept for next time."),
            style="yellow",
        ))
        view = self.game.view(None)

        def solve() -> None:
            greed_bots.solution_for(view)
            self._report_from_thread(log.write, Text(_("The optimal policy is ready."), style="green"))

        run_in_background(solve)

    def _begin_game(self) -> None:
        self._log(Text(_("Game {number} · seed {seed}").format(number=self.games_played, seed=self.game.seed),
                       style="bold"))
        for line in draw.rolloff_lines(self.game.view(None), self.seat_name):
            self._log(line)
        self._log_progress()
        self._after_change()

    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        self._log_progress()

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
        return super().check_action(action, parameters)

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

    # --- hints ---------------------------------------------------------------------------------
    def action_hint(self) -> None:
        if not self.human_to_act:
            return
        self._hint_wanted_at = self._position
        if self._hint_running:
            # One advisor at a time: it may be solving the game, which is slow and memory-hungry.
            self._set_notice(Text(_("Still thinking about the hint…"), style="italic"))
            return
        self._start_hint()

    def _start_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None:
            return
        self._set_notice(Text(_("Thinking about a hint (the first can take a while)…"), style="italic"))
        self._consult_advisor(seat)

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        return ask_hint(view, legal)

    def _advice_wanted(self) -> bool:
        # Answer again only if a hint was asked for since play moved on.
        return self._hint_wanted_at == self._position

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        if advice is None:
            self._set_notice(Text(problem or _("hint unavailable"), style="yellow"))
            return
        self._hint = (position, advice.get("action"))
        message = styled(_("Hint: {move}"), "bold cyan", move=Text(self._hint_label(advice), style="bold"))
        chance = advice.get("win_probability")
        if isinstance(chance, int | float):
            # With more than two players the advisor's figure is an estimate.
            about = "≈" if advice.get("approximate") else ""
            message.append(" · " + _("win chance {chance}").format(chance=about + percent(chance)))
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

    @staticmethod
    def _keep_key(index: int) -> str:
        """The number key that picks the keep at ``index`` ('' past the ninth)."""
        return str(index + 1) if index < NUMBER_KEYS else ""

    def _keyed_options(self) -> list[tuple[str, Action]]:
        """Every choice with the key that picks it."""
        keyed: list[tuple[str, Action]] = [("b", Bank())] if self._bank_legal else []
        keyed.extend((self._keep_key(index), keep) for index, keep in enumerate(self._keeps))
        return keyed

    # --- drawing the table ---------------------------------------------------------------------
    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        return draw.table_view(view, seat_name)

    def _refresh_table(self) -> None:
        view = self.game.view(None)
        seat = self.seat_to_act
        legal = self.game.legal_actions(seat) if seat is not None else []
        self._keeps = [action for action in legal if isinstance(action, Keep)]
        self._bank_legal = any(isinstance(action, Bank) for action in legal)
        refusal = view["bank_refusal"]
        # The rule in words; its code is for programs, not for people.
        self._bank_refusal = refusal["message"] if refusal else None
        scoreboard = self.query_one("#scoreboard", Static)
        scoreboard.update(draw.scoreboard(view, self.seat_name))
        scoreboard.border_title = draw.scores_title(view)
        self._refresh_turn(view)
        self._refresh_choices(view)
        usable_keeps = min(len(self._keeps), NUMBER_KEYS)
        self._refresh_keys((self.human_to_act, self._bank_legal, usable_keeps, self.game.is_over))

    def _refresh_turn(self, view: dict[str, JSON]) -> None:
        """The panel of the turn under way: the roll, what is set aside, the totals and goal."""
        table = self.query_one("#table", Vertical)
        seat = view["current"]
        if view["phase"] == "over":
            table.border_title = _("Game over")
        elif seat in self._bots:
            table.border_title = _("{name} plays").format(name=self.seat_name(seat))
        else:
            table.border_title = _("{name}, your roll").format(name=self.seat_name(seat))
        self.query_one("#dice", Static).update(draw.draw_dice(view["roll"]))
        self.query_one("#aside", Static).update(draw.set_aside_line(view))
        self.query_one("#totals", Static).update(draw.totals_line(view))
        self.query_one("#goal", Static).update(draw.goal_line(view, self.seat_name))
        self.query_one("#last-turn", Static).update(draw.last_turn_line(view, self.seat_name))

    def _refresh_choices(self, view: dict[str, JSON]) -> None:
        choices = self.query_one("#choices", OptionList)
        seat = self.seat_to_act
        previously_highlighted = choices.highlighted
        hinted = self._hint[1] if self._hint and self._hint[0] == self._position else None
        options: list[Option] = []
        if seat is not None:
            if self._bank_legal:
                options.append(Option(draw.bank_prompt(view, seat, hinted), id="bank"))
            for index, keep in enumerate(self._keeps):
                # keep_choices lists the keeps in the order of the legal actions.
                prompt = draw.keep_prompt(self._keep_key(index) or " ", keep, view["keep_choices"][index],
                                          view["dice_left"], hinted)
                options.append(Option(prompt, id=f"keep-{index}"))
            if not self._bank_legal:
                # Last, so that the moves one can make stay in view on a small screen.
                prompt = Text("b  " + _("no bank: {reason}").format(reason=self._bank_refusal), style="dim")
                options.append(Option(prompt, id="bank", disabled=True))
        choices.set_options(options)
        if seat is None:
            choices.border_title = _("No moves")
        elif self.human_to_act:
            choices.border_title = _("{name}: keep or bank").format(name=self.seat_name(seat))
        else:
            choices.border_title = _("{name} is thinking").format(name=self.seat_name(seat))
        choices.disabled = not self.human_to_act
        if self.human_to_act:
            self._offer_choices(choices, previously_highlighted, hinted is not None, choices)

    # --- the log -------------------------------------------------------------------------------
    def _log_progress(self) -> None:
        """Write what happened since the log was last written."""
        after = self.game.view(None)
        self._log_turns(after)
        if after["final_round"] and not self._final_round_announced:
            self._final_round_announced = True
            self._log(Text(
                _("{name} reached {points}: FINAL ROUND, everyone else has one more turn to finish above "
                  "the best score").format(name=self.seat_name(after["triggered_by"]),
                                           points=draw.points(after["winning_score"])),
                style="bold yellow",
            ))
        self.query_one("#log", RichLog).border_title = _("Log · turn {number}").format(
            number=after["turns_played"] + 1)

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
        for index in range(start, stop):
            turn_total = sum(step.get("points", 0) for step in turn_log[: index + 1])
            score = after["scores"][seat]
            self._log(draw.entry_line(self.seat_name(seat), turn_log[index], turn_total, score))
