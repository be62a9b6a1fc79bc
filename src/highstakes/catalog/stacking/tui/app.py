"""A full-screen Textual table for the stacking game (RULES.md §5.3, §7.4): people and bots.

The shared table (``table.py``) runs the seats, the bots and the advisor; this module lays out
the stacking table: the stack drawn to scale in side view with its lean, every seat's row of
bid pieces and hand, the round, the bag and the events in words. A person bids by typing the
count (or + and −) and Enter, passes with ``p``, lays pieces by kind with the number keys, and
places a piece by the aim-and-release mini-game (``sway.py``): the piece swings over the stack
and Space lets it go; the offset at that moment is the move, sent like any other, so the
engine alone decides what happened and refuses what the rules forbid, in the rule's words.

In companion mode, real pieces are stacked at a real table: the four outcomes are buttons
(and the keys 1 to 4), and there is no swing.

Nothing is secret in this game, so people at one keyboard need no pass screen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widgets import Button, Footer, Static

from highstakes.catalog.currency_sakana import DENOMINATIONS
from highstakes.catalog.stacking.actions import Bid, Lay, Report, piece_name
from highstakes.catalog.stacking.bots import hint
from highstakes.catalog.stacking.model import COLLAPSE, MISS, STOOD, TOUCHED, first_failure, settle
from highstakes.catalog.stacking.physics import PhysicsUnavailable, fall_frames
from highstakes.catalog.stacking.sway import sway_offset
from highstakes.catalog.stacking.tui import draw
from highstakes.catalog.stacking.words import N_, WORDS, _, ngettext
from highstakes.engine.action import JSON, Action
from highstakes.tui.screens import GameOverScreen
from highstakes.tui.table import SHARED_CSS, Position, TableApp
from highstakes.tui.words import styled

GAME_ID = "stacking"
#: Frames a second of the swing; the position is computed from the clock, not counted in frames.
SWING_FPS = 30
#: A collapse is followed for FALL_SECONDS of physics at FALL_FRAMES a second (a stack of coins
#: is down in a tenth of a second) and shown in slow motion, FALL_FPS frames a real second.
FALL_SECONDS, FALL_FRAMES, FALL_FPS = 0.2, 120, 20
OUTCOMES = (STOOD, MISS, COLLAPSE, TOUCHED)
#: The button of each outcome in companion mode, in the words a player reports it.
OUTCOME_LABELS = {STOOD: N_("it stood"), MISS: N_("it slid off"), COLLAPSE: N_("the stack fell"),
                  TOUCHED: N_("I moved another piece")}
#: Bids typed longer than this many digits are not taken (no row is that long).
BID_DIGITS = 3

# What the person at the keyboard is doing now.
BIDDING, LAYING, SWINGING, REPORTING = "bid", "lay", "swing", "report"


class StackView(Static):
    """The stack in side view: redrawn by the table at each swing frame and when its size changes."""

    def on_resize(self) -> None:
        app = self.app
        if isinstance(app, StackApp):
            app.draw_stack()


class StackApp(TableApp):
    """The stacking game at one screen: bid, lay, and place each piece by letting it go mid-swing."""

    GAME_ID = GAME_ID
    TITLE = N_("The stacking game")
    WORDS = WORDS  # the footer's keys are the game's words
    CSS_PATH = [SHARED_CSS, "stacking.tcss"]
    #: A tall terminal gives the log more room (``.-tall`` in the style sheet).
    VERTICAL_BREAKPOINTS: ClassVar[list[tuple[int, str]] | None] = [(0, "-short"), (36, "-tall")]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "release", N_("let go")),
        Binding("enter", "enter", N_("bid / let go"), show=False),
        *(Binding(str(digit), f"digit({digit})", N_("type / choose"), show=digit == 1, key_display="0-9")
          for digit in range(10)),
        Binding("plus,up,right", "more", N_("one more"), key_display="+"),
        Binding("minus,down,left", "less", N_("one less"), key_display="−"),
        Binding("backspace", "erase", N_("erase"), show=False),
        Binding("p", "pass_round", N_("pass")),
        Binding("h", "hint", N_("hint")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    #: The swing's clock in seconds; a test sets its own to choose the moment of a release.
    clock: Callable[[], float] = time.monotonic  # a builtin: not bound as a method
    #: The clock a fall is shown by, in seconds: a test that looks at a fall sets its own, so
    #: the fall lasts until it has looked however slow the machine (the swing's clock stands
    #: still in tests that set it, and a fall must end all the same).
    fall_clock: Callable[[], float] = time.monotonic
    #: Whether a collapse is shown falling (with pymunk) before the next piece swings; a test that
    #: times its releases turns it off.
    falls: bool = True

    def _reset_play_state(self) -> None:
        self._mode: str | None = None  # what the person to act is doing, else None
        self._view: dict[str, JSON] | None = None
        self._typed = ""  # the bid's digits as typed
        self._draft: int | None = None  # the bid about to be sent
        self._draft_for: Position | None = None
        self._swing_started: float | None = None  # the clock when the swing began
        self._swing_for: Position | None = None
        self._hint: tuple[Position, dict[str, JSON]] | None = None
        self._logged_events: list[dict[str, JSON]] = []  # the round's events as last logged
        self._logged_round = 1
        self._summary: Text | None = None  # the last finished round, in words
        self._drawn: tuple[object, ...] | None = None  # what the stack panel shows now
        # A collapse being shown: its frames, the pieces from the bottom, when it began
        # (by ``fall_clock``) and the millimetres a row; None when the stack is drawn still.
        self._falling: tuple[list[list[tuple[float, float, float]]], list[int], float, float] | None = None

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield StackView(id="stack")
        with Horizontal(id="bottom"):
            yield Static(id="players")
            yield self._log_panel()
        yield Static(id="controls")
        with Horizontal(id="outcomes"):
            for number, outcome in enumerate(OUTCOMES, 1):
                label = f"{number} {_(OUTCOME_LABELS[outcome])}"
                button = Button(label, id=f"report-{outcome}", compact=True)
                button.can_focus = False  # clicked, or keyed 1 to 4: Space and Enter stay the table's
                yield button
        yield Static(id="notice")
        yield Footer()

    def on_mount(self) -> None:
        self._swing_timer: Timer = self.set_interval(1 / SWING_FPS, self.draw_stack, pause=True)
        self._fall_timer: Timer = self.set_interval(1 / FALL_FPS, self.draw_stack, pause=True)
        stack = self.query_one("#stack", StackView)
        stack.border_title = _("The stack, seen from the side")
        stack.border_subtitle = draw.legend().markup
        self.query_one("#players", Static).border_title = _("Players · rows nearest the centre first")
        self._begin_game()

    def _begin_game(self) -> None:
        self._log(Text(_("The stacking game · game {number} · seed {seed}").format(
            number=self.games_started, seed=self.game.seed), style="bold"))
        self._after_change()

    # --- drawing -------------------------------------------------------------------------------
    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        return draw.table_view(view, seat_name)

    def _refresh_table(self) -> None:
        acting = self.seat_to_act if self.human_to_act else None
        view = self.game.view(acting)
        self._view = view
        self._mode = self._mode_for(view) if acting is not None else None
        position = self._position
        if self._mode == BIDDING and self._draft_for != position:
            self._draft_for, self._typed = position, ""
            bids = self._bid_range()
            self._draft = bids[0] if bids else None
        if self._mode == SWINGING:
            if self._swing_for != position:  # a new piece in hand, or the same after a miss
                self._swing_for, self._swing_started = position, self.clock()
            self._swing_timer.resume()
        else:
            self._swing_timer.pause()
            self._swing_started = None
        self._refresh_status(view)
        self.draw_stack()
        self.query_one("#players", Static).update(draw.players_table(view, self.seat_name))
        self._refresh_controls(view)
        outcomes = self.query_one("#outcomes", Horizontal)
        outcomes.display = self._mode == REPORTING
        self._refresh_keys((self._mode, self.game.is_over))

    def _mode_for(self, view: dict[str, JSON]) -> str | None:
        phase = view["phase"]
        if phase == "bid":
            return BIDDING
        if phase == "lay":
            return LAYING
        if phase == "stack":
            return REPORTING if view["companion"] else SWINGING
        return None

    def swing_offset(self) -> int | None:
        """Where the swinging piece is now: the offset a release at this instant sends."""
        if self._swing_started is None or self._view is None or not self._view.get("sway"):
            return None
        if self._falling is not None:  # the next piece is taken in hand once the stack has fallen
            return None
        sway: dict[str, int] = self._view["sway"]  # type: ignore[assignment]
        elapsed_ms = (self.clock() - self._swing_started) * 1000
        return sway_offset(elapsed_ms, sway["amplitude"], sway["period_ms"])

    def draw_stack(self) -> None:
        """Draw the stack, and the swinging piece above it at its offset now.

        Called at every frame of the swing: a frame that would draw the same picture as the last
        (the piece moved less than a half cell) is skipped."""
        if self._view is None:
            return
        try:
            widget = self.query_one("#stack", StackView)
        except NoMatches:  # a timer's last tick as the table closes
            return
        columns = widget.content_size.width or draw.DRAWING_COLUMNS
        rows = widget.content_size.height or 8
        if self._draw_fall(widget, columns, rows):
            return
        hinted = self._hinted()
        standing = hinted.get("standing") if hinted else None
        swing = self.swing_offset()
        scale = draw.mm_per_cell(int(self._view["options"]["bill_width"]))  # type: ignore[index, call-overload]
        drawn = (self._position, self._mode, columns, rows, standing,
                 None if swing is None else draw.half_cells(swing, scale))
        if drawn == self._drawn:
            return
        self._drawn = drawn
        picture = draw.stack_picture(self._view, columns, max(3, rows - 1), swing=swing,
                                     standing=tuple(standing) if isinstance(standing, list) else None)
        lines = [picture]
        # The misses first: at a table that sets a miss limit, its limit is always on screen.
        words = " · ".join(filter(None, [draw.misses_words(self._view),
                                         draw.lean_words(draw.stack_of_view(self._view))]))
        lines.append(Text(words, style="italic", no_wrap=True, overflow="ellipsis"))
        # The panel's size is set by the layout, not by what it shows: a frame repaints it only.
        widget.update(Text("\n").join(lines), layout=False)

    def _draw_fall(self, widget: StackView, columns: int, rows: int) -> bool:
        """Draw the collapse under way, if one is (True), until its frames run out; a person's
        next piece swings only then."""
        if self._falling is None:
            return False
        frames, pieces, began, mm_per_row = self._falling
        index = int((self.fall_clock() - began) * FALL_FPS)
        if index >= len(frames):
            self._falling = None
            self._fall_timer.pause()
            self._drawn = None
            if self._mode == SWINGING:  # the swing of the piece in hand begins now
                self._swing_started = self.clock()
            return False
        assert self._view is not None
        scale = draw.mm_per_cell(int(self._view["options"]["bill_width"]))  # type: ignore[index, call-overload]
        picture = draw.fall_picture(frames[index], pieces, draw.plates_of(self._view), scale, columns,
                                    max(3, rows - 1), mm_per_row)
        widget.update(Text("\n").join([picture, Text(_("the stack falls"), style="italic")]), layout=False)
        return True

    def _start_fall(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        """When a piece placed on top brings the stack down, show the fall: the stack as it stood
        and the piece where it was put, left to gravity (pymunk, the optional extra ``physics``;
        without it the table just draws the new stack). The stability model has already
        decided; this is only the picture of it."""
        move = action.to_json() if isinstance(action, Action) else action
        if not self.falls or not isinstance(move, dict) or set(move) != {"place"}:
            return
        if not isinstance(move["place"], int):
            return
        stack = draw.stack_of_view(before)
        rows: list[list[int]] = before["rows"]  # type: ignore[assignment]
        if not stack or not rows[seat]:
            return
        piece = rows[seat][0]
        plate = draw.plates_of(before)[piece]
        outcome, x = settle(stack, plate, move["place"])
        if outcome != COLLAPSE:
            return
        fallen = [*stack, (plate, x)]
        level = first_failure(fallen)
        above = fallen[level:] if level else fallen[-1:]
        overhang = sum(each.mass * centre for each, centre in above) / sum(each.mass for each, _x in above)
        try:
            frames = fall_frames(fallen, seconds=FALL_SECONDS, frame_rate=FALL_FRAMES, tip_from=level,
                                 tip_right=overhang > fallen[(level or len(fallen)) - 1][1])
        except PhysicsUnavailable:
            return
        pieces = [int(item["piece"]) for item in before["stack"]] + [piece]  # type: ignore[index, union-attr]
        mm_per_row = sum(each.thickness for each, _x in stack) / len(stack) / 100
        self._falling = (frames, pieces, self.fall_clock(), mm_per_row)
        self._drawn = None
        self._fall_timer.resume()

    def _refresh_status(self, view: dict[str, JSON]) -> None:
        status = draw.round_line(view)
        seat = self.seat_to_act
        if self.game.is_over:
            status.append(" · " + _("The game is over."), style="bold")
        elif seat is not None:
            doing = {
                "bid": _("{name} bids or passes"),
                "lay": _("{name} lays the row"),
                "stack": _("{name} places a piece"),
            }[str(view["phase"])]
            status.append(" · ")
            status.append(doing.format(name=self.seat_name(seat)), style="bold cyan")
        self.query_one("#status", Static).update(status)

    def _refresh_controls(self, view: dict[str, JSON]) -> None:
        controls = self.query_one("#controls", Static)
        seat = self.seat_to_act
        if self.game.is_over:
            controls.update(self._summary or "")
        elif self._mode == BIDDING:
            controls.update(self._bid_controls(view))
        elif self._mode == LAYING:
            controls.update(self._lay_controls(view))
        elif self._mode == SWINGING:
            row: list[int] = view["rows"][seat]  # type: ignore[index]
            line = styled(_("Your {piece} swings over the stack: Space lets it go."), "bold",
                          piece=Text(piece_name(row[0]), style="bold"))
            controls.update(line)
        elif self._mode == REPORTING:
            row = view["rows"][seat]  # type: ignore[index]
            say = _("Place your {piece} on the real stack, then say how it went (1 to 4).")
            controls.update(Text(say.format(piece=piece_name(row[0])), style="bold"))
        elif seat is not None:
            waiting = Text(_("Waiting for {name}…").format(name=self.seat_name(seat)), style="italic")
            if self._summary is not None:
                waiting = Text("\n").join([self._summary, waiting])
            controls.update(waiting)
        else:
            controls.update("")

    def _bid_range(self) -> tuple[int, int] | None:
        seat = self.seat_to_act
        counts = [action.count for action in self.game.legal_actions(seat) if isinstance(action, Bid)] \
            if seat is not None else []
        return (min(counts), max(counts)) if counts else None

    def _bid_controls(self, view: dict[str, JSON]) -> Text:
        bids = self._bid_range()
        if bids is None:
            return Text(_("No bid is possible now: press p to pass."), style="bold")
        low, high = bids
        draft = "…" if self._draft is None else str(self._draft)
        line = styled(_("Your bid: {count}"), "bold", count=Text(f" {draft} ", style="bold reverse"))
        line.append("  ")
        if low == high:
            line.append(ngettext("only {n} piece is possible", "only {n} pieces are possible",
                                 low).format(n=low))
        else:
            line.append(_("from {low} to {high} pieces").format(low=low, high=high))
        if int(view["high_bid"]) and high > low:  # type: ignore[arg-type]
            line.append(" · " + _("{high} matches, more raises").format(high=view["high_bid"]))
        seat = self.seat_to_act
        hand = int(view["pieces_held"][seat]) if seat is not None else 0  # type: ignore[index]
        if not view["has_bid"][seat] and low > hand:  # type: ignore[index]
            taken = low - hand
            line.append(" · " + ngettext("matching takes {n} piece from the bag",
                                         "matching takes {n} pieces from the bag", taken).format(n=taken))
        line.append("\n")
        line.append(_("Type the count or use + and −, Enter bids, p passes."), style="dim")
        return line

    def _lay_controls(self, view: dict[str, JSON]) -> Text:
        to_lay = int(view["to_lay"])  # type: ignore[arg-type]
        line = Text(ngettext("Lay {n} more piece in your row:", "Lay {n} more pieces in your row:", to_lay)
                    .format(n=to_lay), style="bold")
        seat = self.seat_to_act
        hand: dict[str, int] = view["hands"][seat]  # type: ignore[index]
        for number, piece in enumerate(DENOMINATIONS, 1):
            if hand.get(str(piece)):
                line.append(f"  {number} ", style="bold")
                line.append_text(draw.piece_mark(piece))
                line.append(" " + _("{piece} ({n} held)").format(piece=piece_name(piece), n=hand[str(piece)]))
        from_bag = int(view["from_bag"])  # type: ignore[arg-type]
        if from_bag and to_lay > from_bag:  # your own pieces first (RULES.md §5.3, "Order in a bid row")
            then = ngettext("Then {n} piece from the bag, once your own are laid.",
                            "Then {n} pieces from the bag, once your own are laid.", from_bag)
            line.append("\n" + then.format(n=from_bag), style="dim")
        elif from_bag:
            bag: dict[str, int] = view["bag"]  # type: ignore[assignment]
            heading = ngettext("From the bag ({n} to take):", "From the bag ({n} to take):", from_bag)
            line.append("\n" + heading.format(n=from_bag), style="bold")
            for number, piece in enumerate(DENOMINATIONS, 5):
                if bag.get(str(piece)):
                    line.append(f"  {number} ", style="bold")
                    line.append_text(draw.piece_mark(piece))
                    line.append(" " + _("{piece} ({n} in the bag)").format(piece=piece_name(piece),
                                                                         n=bag[str(piece)]))
        return line

    # --- keys ----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "release":
            return self._mode == SWINGING
        if action == "enter":
            return self._mode in (SWINGING, BIDDING)
        if action == "digit":
            return self._mode in (BIDDING, LAYING, REPORTING)
        if action in ("more", "less", "erase", "pass_round"):
            return self._mode == BIDDING
        if action == "hint":
            return self._mode is not None
        return super().check_action(action, parameters)

    def action_release(self) -> None:
        """Let go of the swinging piece: the offset at this instant is the move."""
        seat = self.seat_to_act
        offset = self.swing_offset()
        if self._mode != SWINGING or seat is None or offset is None:
            return
        self._play(seat, {"place": offset})

    def action_enter(self) -> None:
        if self._mode == SWINGING:
            self.action_release()
        elif self._mode == BIDDING:
            self._send_bid()

    def _send_bid(self) -> None:
        seat = self.seat_to_act
        if seat is None or self._draft is None:
            self._set_notice(Text(_("Type how many pieces you bid first."), style="yellow"))
            return
        self._play(seat, {"bid": self._draft})

    def action_digit(self, digit: int) -> None:
        seat = self.seat_to_act
        if seat is None:
            return
        if self._mode == BIDDING:
            self._typed = (self._typed + str(digit)).lstrip("0")[-BID_DIGITS:] or "0"
            self._draft = int(self._typed)
            self._redraw_controls()
        elif self._mode == LAYING and 1 <= digit <= 2 * len(DENOMINATIONS):
            piece = DENOMINATIONS[(digit - 1) % len(DENOMINATIONS)]
            self._play(seat, Lay(piece, from_bag=digit > len(DENOMINATIONS)))
        elif self._mode == REPORTING and 1 <= digit <= len(OUTCOMES):
            self._play(seat, Report(OUTCOMES[digit - 1]))

    def action_more(self) -> None:
        self._step_draft(+1)

    def action_less(self) -> None:
        self._step_draft(-1)

    def _step_draft(self, step: int) -> None:
        if self._mode != BIDDING:
            return
        bids = self._bid_range()
        start = self._draft if self._draft is not None else (bids[0] if bids else 0)
        wanted = start + step
        if bids is not None:
            wanted = min(max(wanted, bids[0]), bids[1])
        self._draft, self._typed = max(0, wanted), ""
        self._redraw_controls()

    def action_erase(self) -> None:
        if self._mode == BIDDING:
            self._typed = self._typed[:-1]
            self._draft = int(self._typed) if self._typed else None
            self._redraw_controls()

    def action_pass_round(self) -> None:
        seat = self.seat_to_act
        if self._mode == BIDDING and seat is not None:
            self._play(seat, {"pass": True})

    def _redraw_controls(self) -> None:
        if self._view is not None:
            self._set_notice(Text(""))
            self._refresh_controls(self._view)

    @on(Button.Pressed)
    def _outcome_pressed(self, event: Button.Pressed) -> None:
        button = event.button.id or ""
        seat = self.seat_to_act
        if self._mode == REPORTING and seat is not None and button.startswith("report-"):
            self._play(seat, Report(button.removeprefix("report-")))

    # --- the log -------------------------------------------------------------------------------
    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        self._start_fall(before, seat, action)
        view = self.game.view(None)
        if view["round"] != self._logged_round or view["phase"] == "over":
            finished: list[dict[str, JSON]] = view["previous_events"]  # type: ignore[assignment]
            for event in new_events(self._logged_events, finished):
                self._log(draw.event_sentence(event, self.seat_name))
            history: list[dict[str, JSON]] = view["history"]  # type: ignore[assignment]
            self._summary = draw.round_summary(history[-1], self.seat_name)
            self._log(self._summary)
            self._logged_events, self._logged_round = [], int(view["round"])  # type: ignore[arg-type]
        current: list[dict[str, JSON]] = view["events"]  # type: ignore[assignment]
        for event in new_events(self._logged_events, current):
            self._log(draw.event_sentence(event, self.seat_name))
        self._logged_events = current

    # --- hints ---------------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or self._mode is None or self._hint_running:
            return
        self._set_notice(Text(_("Thinking about a hint…"), style="italic"))
        self._consult_advisor(seat)

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        return hint(view, legal)

    def _hinted(self) -> dict[str, JSON] | None:
        return self._hint[1] if self._hint and self._hint[0] == self._position else None

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        if advice is None or not advice.get("action"):
            self._set_notice(Text(problem or _("No hint now."), style="yellow"))
            return
        self._hint = (position, advice)
        message = styled(_("Hint: {move}"), "bold cyan", move=Text(str(advice.get("label")), style="bold"))
        standing = advice.get("standing")
        if isinstance(standing, list):
            low, high = standing
            message.append(" · " + _("it stands from {low} to {high}").format(
                low=draw.where_words(low), high=draw.where_words(high)))
        elif advice.get("reason"):
            message.append(" · " + str(advice["reason"]))
        action = advice["action"]
        if isinstance(action, dict) and "bid" in action and self._mode == BIDDING:
            self._draft, self._typed = int(action["bid"]), ""  # type: ignore[arg-type]
            message.append(" · " + _("press Enter to bid it"))
        self._set_notice(message)
        if self._view is not None:
            self._refresh_controls(self._view)
        self.draw_stack()


    # --- the end -------------------------------------------------------------------------------
    def _finish_game(self) -> None:
        """The standings by pieces left, fewest first (the shared table ranks the highest score
        first); solo, the rounds it took."""
        result = self.game.result()
        saved_note = self._save_record()
        pieces: list[int] = result["pieces"]  # type: ignore[assignment]
        winners: list[int] = result["winners"]  # type: ignore[assignment]
        rounds = int(result["rounds"])  # type: ignore[arg-type]
        if self.game.seats == 1:
            if pieces[0]:  # the table's last round came first
                played = ngettext("{n} round played", "{n} rounds played", rounds).format(n=rounds)
                left = ngettext("{n} piece still in hand", "{n} pieces still in hand", pieces[0]).format(
                    n=pieces[0])
                winner_line = _("{rounds}: {pieces}").format(rounds=played, pieces=left)
            else:
                winner_line = ngettext("Hands empty in {n} round!", "Hands empty in {n} rounds!",
                                       rounds).format(n=rounds)
        else:
            names = ", ".join(self.seat_name(seat) for seat in winners)
            fewest = pieces[winners[0]]
            if not fewest:
                winner_line = ngettext("{names} emptied their hands and wins!",
                                       "{names} emptied their hands and win!", len(winners))
                winner_line = winner_line.format(names=names)
            else:
                winner_line = ngettext("{names} wins with the fewest pieces: {n}",
                                       "{names} win with the fewest pieces: {n}", len(winners)).format(
                    names=names, n=fewest)
        standings = Table(box=None, show_header=False, padding=(0, 1))
        standings.add_column(justify="right")
        standings.add_column()
        standings.add_column(justify="right")
        for place, seat in enumerate(sorted(range(self.game.seats), key=lambda seat: pieces[seat]), 1):
            left = ngettext("{n} piece", "{n} pieces", pieces[seat]).format(n=pieces[seat])
            style = "bold" if seat in winners else ""
            standings.add_row(f"{place}.", self.seat_name(seat), left, style=style)
        self._log(Text(winner_line, style="bold yellow"))
        self.push_screen(GameOverScreen(winner_line, standings, saved_note), self._after_game_over)


def new_events(logged: list[dict[str, JSON]], shown: list[dict[str, JSON]]) -> list[dict[str, JSON]]:
    """The events of ``shown`` that follow those already ``logged``.

    A view keeps only a round's latest events, so once it holds that many the oldest drop off as
    new ones come: the new ones are what follows the longest tail of ``logged`` that ``shown``
    starts with."""
    for start in range(len(logged) + 1):
        kept = logged[start:]
        if shown[:len(kept)] == kept:
            return shown[len(kept):]
    return shown  # pragma: no cover - the empty tail always matches
