"""A full-screen Textual table for Deal or No Deal (RULES.md §3, §7.1): hot-seat people and bots.

Both versions play here: duo (a banker and a contestant, then the roles swap) and party (a
rotating host, case holders who guess, the kitty). The shared table (``table.py``) runs the
seats, the bots and the advisor; this module lays out the Deal or No Deal table and reads its
keys, clicks and typing. Amounts are typed as people write them ("45,000", "$1,250.50") and
read exactly as shown, commas only between thousands; what is typed in the box is never a
key for the table, and a large or unusual offer is read back in words before it is sent.
The engine alone decides whether an amount is allowed.

Nothing in this game's views is secret from the seat to act except a holder's own pending
guess, so at one shared keyboard the public view is shown throughout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.catalog.deal_or_no_deal.tui import moves
from highstakes.catalog.deal_or_no_deal.tui.log import DealNarrator
from highstakes.catalog.deal_or_no_deal.tui.screens import (
    GameResultScreen,
    MatchOverScreen,
    all_cases,
    game_summary,
    games_table,
)
from highstakes.catalog.deal_or_no_deal.tui.text import advice_text, role_words, short_dollars
from highstakes.catalog.deal_or_no_deal.tui.widgets import (
    AmountBox,
    CaseCell,
    CasesGrid,
    MoneyBoard,
    PlayersPanel,
    cases_text,
    mean_words,
    money_board,
    offer_box_text,
    players_table,
)
from highstakes.catalog.deal_or_no_deal.words import N_, WORDS, _
from highstakes.engine.action import JSON, Action
from highstakes.tui.screens import ConfirmScreen, GameOverScreen
from highstakes.tui.table import SHARED_CSS, Position, TableApp

GAME_ID = "deal_or_no_deal"
SHORT_SCREEN = 30  # rows; below this the advisor and the log share one place by turns


def ask_hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """The advisor's reading of this position (the game's bots module)."""
    # Imported when first asked for: the advisor is optional and the table plays without it.
    from highstakes.catalog.deal_or_no_deal import bots as deal_bots

    advice: dict[str, JSON] = deal_bots.hint(view, legal)
    return advice


def round_title(view: dict[str, JSON]) -> str:
    """Which game of the match and which round: "Game 1/2 · round 3"."""
    return _("Game {number}/{total} · round {round}").format(
        number=view["game_number"], total=view["games_total"], round=view["round"])


class DealApp(TableApp):
    """Deal or No Deal at one screen: people take turns at the keyboard, bots play themselves.

    One game of the engine is a whole match; "game" on this table means one game of the match.
    """

    GAME_ID = GAME_ID
    TITLE = N_("Deal or No Deal")
    WORDS = WORDS  # the footer's keys are the game's words
    CSS_PATH = [SHARED_CSS, "deal.tcss"]
    ADVISOR_UNAVAILABLE = N_("The advisor is not available")
    BINDINGS: ClassVar[list[BindingType]] = [
        # One key per move that carries no amount; a key serves two moves that never meet
        # (x: no deal or no guess; s: stand firm or swap), and only the legal one shows.
        Binding("d", "move('deal')", N_("deal")),
        Binding("x", "move('no_deal')", N_("no deal")),
        Binding("x", "move('no_guess')", N_("no guess")),
        Binding("y", "move('accept')", N_("accept counter")),
        Binding("s", "move('stand')", N_("stand firm")),
        Binding("k", "move('keep')", N_("keep")),
        Binding("s", "move('swap')", N_("swap")),
        Binding("p", "paid", N_("paid/free")),
        Binding("a", "advisor", N_("advisor")),
        Binding("h", "advisor", N_("advisor"), show=False),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new match")),
        Binding("q", "quit", N_("quit")),
    ]
    # The advisor stays shown or hidden across matches, so `n` leaves it alone; toggling it
    # sets the app's own value over this default.
    _advisor_on = False

    def _reset_play_state(self) -> None:
        self._paid_mode = False
        self._choices: dict[str, JSON] = {}
        self._hint: tuple[Position, dict[str, JSON]] | None = None
        self._hint_problem: str | None = None
        self._narrator = DealNarrator(self.short_name)

    @property
    def matches_played(self) -> int:
        """Matches of this session so far, the one at the table included."""
        return self.games_started

    def short_name(self, seat: int) -> str:
        if self.bot_names[seat] is None:
            return _("Player {number}").format(number=seat + 1)
        return _("Bot {number}").format(number=seat + 1)

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield MoneyBoard(id="board")
                yield PlayersPanel(id="players")
            with Vertical(id="right"):
                with Vertical(id="table"):
                    yield Static(id="status")
                    yield CasesGrid(id="cases")
                with Horizontal(id="bottom"):
                    with Vertical(id="act"):
                        yield Static(id="deal")
                        yield OptionList(id="choices")
                        yield AmountBox(id="amount", max_length=24, select_on_focus=False)
                        yield Static(id="typed")
                        yield Static(id="notice")
                    with Vertical(id="side"):
                        yield Static(id="advisor")
                        yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#advisor", Static).border_title = _("Advisor")
        self.query_one("#advisor", Static).display = False
        self._begin_game()

    def _begin_game(self) -> None:
        version = self.game.view(None)["version"]
        self._log(Text(_("Match {number} ({version}) · seed {seed}").format(
            number=self.matches_played, version=version, seed=self.game.seed), style="bold"))
        self._log_progress()
        self._after_change()

    # --- the flow of play ----------------------------------------------------------------------
    def _after_change(self) -> None:
        self._paid_mode = False
        super()._after_change()

    def _on_human_turn(self) -> None:
        if self._advisor_on:
            self._start_hint()

    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        box = self.query_one("#amount", AmountBox)
        box.clear()
        if self.focused is box:
            # A new decision starts at the menu, whoever makes it: keys typed for it must not
            # land in a box filled for the last one.
            self.set_focus(None)
        self._log_progress(before, seat, action.to_json() if isinstance(action, Action) else action)

    def _log_progress(self, before: dict[str, JSON] | None = None, seat: int | None = None,
                      action: JSON = None) -> None:
        """Write the events since the log was last written."""
        after = self.game.view(None)
        lines, finished = self._narrator.catch_up(after, before, seat, action)
        for line in lines:
            self._log(line)
        if finished is not None and before is not None:
            self._show_game_result(finished, before)
        self.query_one("#log", RichLog).border_title = _("Log · game {number}").format(
            number=after["game_number"])

    def _show_game_result(self, result: dict[str, JSON], before: dict[str, JSON]) -> None:
        """Between games with people at the table, show the finished game until they go on."""
        if len(self._bots) == self.game.seats:
            return  # bots alone need nobody to read it; the log has it all
        self._paused = True
        title = _("Game {number} of {total} over").format(number=result["game"], total=before["games_total"])
        summary = game_summary(result, self.game.view(None)["version"], self.seat_name)
        cases = all_cases(result["cases"], result["special_case"], before)
        self.push_screen(GameResultScreen(title, summary, cases), self._after_game_result)

    def _after_game_result(self, choice: str | None) -> None:
        if choice == "quit":
            self.exit()
            return
        self._paused = False
        self._after_change()

    def _score_text(self, score: int) -> str:
        return dollars(score)

    def _game_over_screen(self, winner_line: str, standings: Table, saved_note: str | None) -> GameOverScreen:
        games = games_table(self.game.result()["games"], self.short_name)
        return MatchOverScreen(winner_line, standings, saved_note, {"games": games})

    # --- keys, clicks and typing ---------------------------------------------------------------
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
            return self.human_to_act and self._phase() in moves.GUESS_PHASES
        if action == "advisor":
            return not self.game.is_over
        return super().check_action(action, parameters)

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
            can_spend = dollars(view["spendable"][seat] if seat is not None and view["spendable"] else 0)
            self._set_notice(Text(_("A paid guess costs {price}; you can spend {amount} (the {bill} bill is "
                                    "spendable once you have hosted)").format(
                price=dollars(view["price"]), amount=can_spend, bill=dollars(100_000_000)), style="yellow"))
            return
        self._paid_mode = not self._paid_mode
        self._refresh_choices(self.game.view(None))

    @on(AmountBox.Leave)
    def _leave_amount_box(self, event: AmountBox.Leave) -> None:
        choices = self.query_one("#choices", OptionList)
        if event.step < 0:
            choices.action_cursor_up()
        elif event.step > 0:
            choices.action_cursor_down()
        if not choices.disabled:
            choices.focus()

    def on_key(self, event: events.Key) -> None:
        # A digit typed at the menu starts an amount or a case number: the box takes it, and
        # everything typed after it, until Enter or Escape.
        box = self.query_one("#amount", AmountBox)
        if (event.character and event.character in "0123456789$" and not box.disabled
                and self.focused is self.query_one("#choices", OptionList)):
            event.stop()
            box.focus()
            box.insert_text_at_cursor(event.character)

    @on(Input.Changed, "#amount")
    def _amount_changed(self, event: Input.Changed) -> None:
        reading = moves.typed_reading(event.value, self.game.view(None), self._amount_entries(),
                                      self._paid_mode)
        self.query_one("#typed", Static).update(reading)

    def _amount_entries(self) -> list[dict[str, JSON]]:
        seat = self.seat_to_act
        return self.game.amount_entries(seat) if seat is not None and self.human_to_act else []

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
            self._set_notice(Text(_("Type a number first, or press Esc to choose from the menu"),
                                  style="yellow"))
            return
        action = moves.typed_action(text, self.game.view(None), self._legal_json(), self._amount_entries(),
                                    self._paid_mode)
        if isinstance(action, str):
            self._set_notice(Text(_("Not sent: {reason}").format(reason=action), style="bold red"))
            return
        question = moves.needs_confirmation(self.game.view(None), action)
        if question is None:
            self._play(seat, action)
            return
        position = self._position

        def answered(confirmed: bool | None) -> None:
            if confirmed and position == self._position:
                self._play(seat, action)
            else:
                self._set_notice(Text(_("Not sent: change the amount, or press Enter to send it again"),
                                      style="yellow"))
                self.query_one("#amount", AmountBox).focus()

        self.push_screen(ConfirmScreen(question, _("Enter or y: send it · Esc or n: change it")), answered)

    # --- the advisor ---------------------------------------------------------------------------
    def action_advisor(self) -> None:
        self._advisor_on = not self._advisor_on
        if self._advisor_on and self.human_to_act:
            self._start_hint()
        self._refresh_advisor()

    def on_resize(self) -> None:
        self._fit_side_column()

    def _fit_side_column(self) -> None:
        # A short terminal has no room for both: the advisor, once asked for, takes the column.
        short = self.size.height < SHORT_SCREEN
        log = self.query_one("#log", RichLog)
        log.display = not (self.query_one("#advisor", Static).display and short)
        # The advisor shrinks the log; keep its newest lines in view.
        self.call_after_refresh(log.scroll_end, animate=False)

    def _start_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or self._hint_running or self._current_hint() is not None:
            return
        self._hint_problem = None
        self._consult_advisor(seat)
        self._refresh_advisor()

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        return ask_hint(view, legal)

    def _advice_wanted(self) -> bool:
        return self._advisor_on

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
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
        # Shown while wanted during a match; closed once it is over (a new match opens it again).
        shown = self._advisor_on and not self.game.is_over
        if advisor.display != shown:
            advisor.display = shown
            self._fit_side_column()
        if not shown:
            return
        advice = self._current_hint()
        if not self.human_to_act:
            advisor.update(Text(_("The advisor speaks on a person's turn."), style="dim"))
        elif self._hint_problem:
            advisor.update(Text(self._hint_problem, style="yellow"))
        elif advice is None:
            advisor.update(Text(_("Thinking…"), style="italic"))
        else:
            advisor.update(advice_text(advice))

    # --- drawing the table ---------------------------------------------------------------------
    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        board = Panel(money_board(view), title=_("Money board"), subtitle=mean_words(view),
                      title_align="left", width=30)
        acting = to_act[0] if to_act else None
        players = Panel(players_table(view, acting, seat_name), title=_("Players"), title_align="left",
                        width=30)
        title = _("Match over") if view["phase"] == "over" else round_title(view)
        offer = offer_box_text(view, human_to_act=False)
        table = Panel(Group(cases_text(view), *([Text(""), offer] if offer else [])), title=title,
                      title_align="left")
        left = Table.grid()
        left.add_row(board)
        left.add_row(players)
        layout = Table.grid(padding=(0, 1))
        layout.add_column()
        layout.add_column(ratio=1)
        layout.add_row(left, table)
        return layout

    def _refresh_table(self) -> None:
        view = self.game.view(None)
        self.query_one("#board", MoneyBoard).show(view)
        acting = None if self.game.is_over else self.seat_to_act
        self.query_one("#players", PlayersPanel).show(view, acting, self.short_name)
        self._refresh_status(view)
        self.query_one("#cases", CasesGrid).show(view)
        offer_box = self.query_one("#deal", Static)
        offer = offer_box_text(view, self.human_to_act)
        offer_box.display = bool(offer)
        offer_box.update(offer)
        self._refresh_choices(view)
        self._refresh_advisor()
        self._refresh_keys((self.human_to_act, view["phase"], view["stood_firm"], view["counters_left"],
                            self.game.is_over, tuple(sorted({next(iter(a)) for a in self._legal_json()}))))

    def _refresh_status(self, view: dict[str, JSON]) -> None:
        table = self.query_one("#table", Vertical)
        if view["phase"] == "over":
            table.border_title = _("Match over")
            self.query_one("#status", Static).update(Text(_("Every game is played."), style="bold yellow"))
            return
        title = round_title(view)
        if view["to_open"]:
            title += " · " + _("{count} to open").format(count=view["to_open"])
        if view["version"] == "party":
            title += " · " + _("paid guess {price}").format(price=short_dollars(view["price"]))
        table.border_title = title
        seat = self.seat_to_act
        status = Text()
        if seat is not None:
            status.append("▶ ", style="bold green")
            status.append(self.seat_name(seat), style="bold")
            status.append(f" ({role_words(view, seat)}) ")
            status.append(self._doing(view), style="bold" if self.human_to_act else "italic")
        self.query_one("#status", Static).update(status)

    def _doing(self, view: dict[str, JSON]) -> str:
        if self._paused:
            return _("plays next")
        if not self.human_to_act:
            return _("is thinking…")
        return moves.doing(view)

    def _refresh_choices(self, view: dict[str, JSON]) -> None:
        choices = self.query_one("#choices", OptionList)
        amount_box = self.query_one("#amount", AmountBox)
        previously_highlighted = choices.highlighted
        hinted = self._current_hint()
        hinted_action = hinted.get("action") if hinted else None
        seat = self.seat_to_act
        entries: list[tuple[Text, JSON]] = []
        if seat is not None and self.human_to_act:
            entries = moves.choice_entries(view, self._legal_json(), self._paid_mode)
        self._choices = {f"choice-{index}": action for index, (_, action) in enumerate(entries)}
        options = []
        for index, (prompt, action) in enumerate(entries):
            marker = Text("★ ", style="bold cyan") if hinted_action == action else Text("  ")
            options.append(Option(marker + prompt, id=f"choice-{index}"))
        choices.set_options(options)
        act = self.query_one("#act", Vertical)
        if seat is None:
            act.border_title = _("No moves")
        elif self.human_to_act:
            act.border_title = moves.choices_title(view, self._paid_mode)
        else:
            act.border_title = _("{name} is thinking…").format(name=self.short_name(seat))
        choices.disabled = not self.human_to_act
        typing = self.human_to_act and moves.takes_typing(view)
        amount_box.disabled = not typing
        amount_box.placeholder = moves.typed_prompt(view["phase"]) if typing else ""
        if not typing:
            self.query_one("#typed", Static).update("")
        if self.human_to_act and options:
            # The menu takes the keys (d deal, x no deal...); a digit typed there moves to the box.
            # Someone typing keeps the box: a redraw (a hint arriving) never moves their keys.
            typing_now = typing and self.focused is amount_box
            self._offer_choices(choices, previously_highlighted, hinted is not None,
                                amount_box if typing_now else choices)
