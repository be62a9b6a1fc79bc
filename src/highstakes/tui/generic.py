"""The generic terminal table: every registered game is playable in the terminal with it.

It draws the seat's view as panels (:mod:`highstakes.tui.view_panels`), lists the legal
actions as a menu labelled as the game labels them, and, where the game takes amounts
beyond its menu (``Game.amount_entries``), has a box to type one. People at one keyboard
take turns; in a game with hidden information a pass screen keeps each person's view from
the next. A game with its own table (``GameDefinition.terminal_table``) uses that instead.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.engine.action import JSON, Action
from highstakes.i18n import N_, _
from highstakes.i18n.numbers import format_number
from highstakes.tui.amounts import AmountError, amount_in_words, format_amount, parse_amount
from highstakes.tui.table import SHARED_CSS, Position, TableApp
from highstakes.tui.view_panels import panels

NUMBER_KEYS = 9  # keys 1..9 pick the first nine moves; arrows and Enter reach the rest


class GenericTable(TableApp):
    """Any game at one screen, drawn from its view and its legal actions."""

    CSS_PATH = [SHARED_CSS, "generic.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(n), f"choose({n})", N_("move"), show=n == 1, key_display="1-9")
          for n in range(1, NUMBER_KEYS + 1)),
        Binding("h", "hint", N_("hint")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    @classmethod
    def for_game(cls, game_id: str) -> type[GenericTable]:
        """The generic table, made for one game."""
        definition = hs.definition(game_id)
        return type(f"GenericTable_{game_id}", (cls,), {
            "GAME_ID": game_id, "TITLE": definition.title, "__module__": cls.__module__,
        })

    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        definition = hs.definition(cls.GAME_ID)
        return panels(view, definition.seat_keys, say=definition.text)

    def _reset_play_state(self) -> None:
        self._legal: list[Action] = []
        self._entries: list[dict[str, JSON]] = []
        self._shown_seat: int | None = None
        self._hint: tuple[Position, JSON] | None = None
        self._definition = hs.definition(self.GAME_ID)

    # --- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="view"):
                yield Static(id="view-panels")
            with Vertical(id="side"):
                yield OptionList(id="choices")
                yield Input(id="amount", placeholder=_("an amount"))
                yield Static(id="notice")
                yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self._begin_game()

    def _begin_game(self) -> None:
        self._log(Text(_("{title} · game {number} · seed {seed}").format(
            title=self.title, number=self.games_started, seed=self.game.seed), style="bold"))
        self._after_change()

    # --- whose table it is ----------------------------------------------------------------------------
    def _seat_shown(self) -> int | None:
        """Whose view the table shows: the person to act, else the last one, else a spectator's."""
        seat = self.seat_to_act
        if seat is not None and seat not in self._bots:
            return seat
        if self._shown_seat is not None:
            return self._shown_seat
        people = self._people
        return people[0] if len(people) == 1 else None

    # --- drawing ---------------------------------------------------------------------------------------
    def _refresh_table(self) -> None:
        seat = self._seat_shown()
        self._shown_seat = seat
        view = self.game.view(seat)
        to_act = self.game.to_act
        acting = self.seat_to_act
        self._legal = self.game.legal_actions(acting) if self.human_to_act and acting is not None else []
        self._entries = self.game.amount_entries(acting) if self._legal and acting is not None else []
        status = self.query_one("#status", Static)
        if self.game.is_over:
            status.update(Text(_("The game is over."), style="bold"))
        elif self.human_to_act and acting is not None:
            status.update(Text(_("{name}, your move").format(name=self.seat_name(acting)), style="bold"))
        elif to_act:
            waiting = ", ".join(self.seat_name(s) for s in to_act)
            status.update(Text(_("Waiting for {names}").format(names=waiting), style="italic"))
        else:
            status.update("")
        view_box = self.query_one("#view", VerticalScroll)
        if seat is None:
            view_box.border_title = _("The table, as a spectator sees it")
        else:
            view_box.border_title = _("The table, as {name} sees it").format(name=self.seat_name(seat))
        self.query_one("#view-panels", Static).update(
            panels(view, self._definition.seat_keys, say=self._definition.text))
        self._refresh_choices()
        self._refresh_amount()
        self._refresh_keys((self.human_to_act, len(self._legal), bool(self._entries), self.game.is_over))

    def _refresh_choices(self) -> None:
        choices = self.query_one("#choices", OptionList)
        previously = choices.highlighted
        hinted = self._hint[1] if self._hint and self._hint[0] == self._position else None
        options = []
        for index, action in enumerate(self._legal):
            key = str(index + 1) if index < NUMBER_KEYS else " "
            label = Text(f"{key}  {action}")
            if hinted is not None and action.to_json() == hinted:
                label.append("  ★ " + _("hint"), style="bold cyan")
            options.append(Option(label, id=f"move-{index}"))
        choices.set_options(options)
        choices.disabled = not self._legal
        acting = self.seat_to_act
        if self._legal:
            choices.border_title = _("Your moves")
        elif acting is not None and acting in self._bots:
            choices.border_title = _("{name} is thinking").format(name=self.seat_name(acting))
        else:
            choices.border_title = _("No moves")
        if self._legal:
            self._offer_choices(choices, previously, hinted is not None, choices)

    def _refresh_amount(self) -> None:
        box = self.query_one("#amount", Input)
        box.display = bool(self._entries)
        if self._entries:
            entry = self._entries[0]
            kinds = _(" or ").join(str(e["label"]) for e in self._entries)
            box.placeholder = _("type an amount for {kinds}: {low} to {high}").format(
                kinds=kinds, low=format_amount(int(entry["low"]), entry),
                high=format_amount(int(entry["high"]), entry))
            box.border_title = _("Amount (Enter to send)")

    # --- moves -----------------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose":
            (number,) = parameters
            return isinstance(number, int) and number <= len(self._legal)
        if action == "hint":
            return self.human_to_act and self._definition.advisor() is not None
        return super().check_action(action, parameters)

    def action_choose(self, number: int) -> None:
        self._choose(number - 1)

    def _choose(self, index: int) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or not 0 <= index < len(self._legal):
            return
        self._play(seat, self._legal[index])

    @on(OptionList.OptionSelected, "#choices")
    def _choice_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is not None and event.option_id.startswith("move-"):
            self._choose(int(event.option_id.removeprefix("move-")))

    @on(Input.Changed, "#amount")
    def _amount_changed(self, event: Input.Changed) -> None:
        # What the box reads, in words, before it is sent.
        if not self._entries or not event.value.strip():
            return
        entry = self._entries[0]
        try:
            amount = parse_amount(event.value, entry)
        except AmountError:
            self._set_notice(Text(""))
            return
        spelled = amount_in_words(amount, entry)
        shown = format_amount(amount, entry)
        self._set_notice(Text(f"= {shown}, {spelled}" if spelled else f"= {shown}"))

    @on(Input.Submitted, "#amount")
    def _amount_submitted(self, event: Input.Submitted) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or not self._entries:
            return
        entry = self._entries[0]
        try:
            amount = parse_amount(event.value, entry)
        except AmountError as problem:
            self._set_notice(Text(_("Not sent: {reason}").format(reason=problem), style="bold red"))
            return
        if self._play(seat, {str(entry["kind"]): amount}):
            event.input.value = ""

    # --- hot-seat secrecy and the log --------------------------------------------------------------------
    def _set_table_hidden(self, hidden: bool) -> None:
        self.query_one("#main", Horizontal).display = not hidden

    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        # In a game with secrets another seat's move may be one (a blind bid): say only that it moved.
        shown = action if isinstance(action, Action) else self._definition.parse_action(action)
        if self._definition.hidden_information and seat != self._shown_seat:
            self._log(Text(_("{name} has moved").format(name=self.seat_name(seat))))
        else:
            self._log(Text(_("{name}: {move}").format(name=self.seat_name(seat), move=shown)))

    # --- hints -------------------------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or self._hint_running:
            return
        self._set_notice(Text(_("Thinking about a hint…"), style="italic"))
        self._consult_advisor(seat)

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        advisor = self._definition.advisor()
        assert advisor is not None
        return advisor(view, legal)

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        if advice is None:
            self._set_notice(Text(problem or _("no hint now"), style="yellow"))
            return
        self._hint = (position, advice.get("action"))
        move = advice.get("label") or advice.get("action")
        self._set_notice(Text(_("Hint: {move}").format(move=move), style="bold cyan"))
        self._refresh_choices()

    def _score_text(self, score: Any) -> str:
        return format_number(score) if isinstance(score, int | float) else str(score)
