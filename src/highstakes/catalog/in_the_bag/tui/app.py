"""A full-screen Textual table for It's in the Bag (RULES.md §5.1, §5.2): people and bots.

The shared table (``table.py``) runs the seats, the bots and the advisor; this module lays
out the Bag table: the person's pieces drawn as coins and bills in a **piece picker** (feed
one piece; or put pieces in the fist one by one, with the running total, and seal the bid),
the bag with its number of pieces, every player's piece count (never their values), the
reveal of all bids together and who took the bag. The engine alone decides whether a bid is
allowed; a refused one is said in the rule's words and changes nothing.

Seats move at once (§7.3). People at one keyboard take turns, and since every hand is a
secret, a pass screen stands between two people's turns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from highstakes.catalog.in_the_bag.actions import Bid, Feed
from highstakes.catalog.in_the_bag.bots import hint
from highstakes.catalog.in_the_bag.pieces import DENOMINATIONS, to_counts, to_pieces, value, yen
from highstakes.catalog.in_the_bag.tui import draw
from highstakes.catalog.in_the_bag.words import N_, WORDS, _
from highstakes.engine.action import JSON, Action
from highstakes.tui.screens import GameOverScreen
from highstakes.tui.table import SHARED_CSS, Position, TableApp
from highstakes.tui.words import styled

GAME_ID = "in_the_bag"
SEAL = "seal"  # the picker's last row in the bid phase


class BagApp(TableApp):
    """It's in the Bag at one screen: a piece picker to feed and to compose a bid."""

    GAME_ID = GAME_ID
    TITLE = N_("It's in the Bag")
    WORDS = WORDS  # the footer's keys are the game's words
    CSS_PATH = [SHARED_CSS, "bag.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(number), f"pick({number})", N_("pick a piece"), show=number == 1, key_display="1-4")
          for number in range(1, len(DENOMINATIONS) + 1)),
        Binding("plus,right", "more", N_("one more"), show=False),
        Binding("minus,left,backspace", "less", N_("one less"), key_display="−"),
        Binding("c", "clear", N_("empty the fist")),
        Binding("s", "seal", N_("seal the bid")),
        Binding("h", "hint", N_("hint")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    def _reset_play_state(self) -> None:
        self._phase: str | None = None  # the acting person's: "feed" or "bid", else None
        self._rows: list[int] = []  # the picker's pieces, one row per kind held
        self._hand: list[int] = [0, 0, 0, 0]
        self._fist: list[int] = [0, 0, 0, 0]  # the bid being composed, counts per kind
        self._fist_for: tuple[int, int, int] | None = None  # (seat, round, re-bid) it is for
        self._shown_seat: int | None = None
        self._hint: tuple[Position, JSON] | None = None
        self._rounds_logged = 0
        self._reveals_logged = 0

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield OptionList(id="picker")
                yield Static(id="fist")
                yield Static(id="rule")
                yield Static(id="notice")
            with Vertical(id="right"):
                yield Static(id="bag")
                yield Static(id="players")
        with Horizontal(id="bottom"):
            yield Static(id="reveal")
            yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self._begin_game()

    def _begin_game(self) -> None:
        self._log(Text(_("It's in the Bag · game {number} · seed {seed}").format(
            number=self.games_started, seed=self.game.seed), style="bold"))
        self._after_change()

    # --- whose table it is ---------------------------------------------------------------------
    def _seat_shown(self) -> int | None:
        """Whose pieces the table shows: the person to act, else the last one shown, else a spectator's."""
        seat = self.seat_to_act
        if seat is not None and seat not in self._bots:
            return seat
        if self._shown_seat is not None:
            return self._shown_seat
        people = self._people
        return people[0] if people else None

    # --- drawing -------------------------------------------------------------------------------
    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        return draw.table_view(view, seat_name)

    def _refresh_table(self) -> None:
        seat = self._seat_shown()
        self._shown_seat = seat
        view = self.game.view(seat)
        acting = self.seat_to_act if self.human_to_act else None
        self._phase = str(view["phase"]) if acting is not None and acting == seat else None
        self._hand = draw.counts_of(view.get("your_pieces"))  # type: ignore[arg-type]
        fist_for = (acting, int(view["round"]), int(view["rebid"])) if self._phase == "bid" else None
        if fist_for != self._fist_for:
            self._fist_for = fist_for
            self._fist = [0, 0, 0, 0]
        self._refresh_status(view, seat)
        self._refresh_picker(view, seat)
        self._refresh_fist(view)
        bag = self.query_one("#bag", Static)
        bag.update(draw.bag_panel(view, self.seat_name))
        bag.border_title = draw.round_title(view)
        players = self.query_one("#players", Static)
        players.update(draw.players_table(view, self.seat_name))
        players.border_title = _("Players · pieces held")
        title, reveal = draw.reveal_panel(view, self.seat_name)
        panel = self.query_one("#reveal", Static)
        panel.update(reveal)
        panel.border_title = title
        self._refresh_keys((self.human_to_act, self._phase, tuple(self._rows), self.game.is_over))

    def _refresh_status(self, view: dict[str, JSON], seat: int | None) -> None:
        status = self.query_one("#status", Static)
        acting = self.seat_to_act
        round_words = draw.round_title(view)
        if self.game.is_over:
            status.update(Text(_("The game is over."), style="bold"))
        elif self._phase == "feed" and acting is not None:
            status.update(Text(f"{round_words} · " + _("{name}: feed one piece to the bag").format(
                name=self.seat_name(acting)), style="bold"))
        elif self._phase == "bid" and acting is not None:
            doing = _("{name}: put pieces in your fist and seal your bid").format(name=self.seat_name(acting))
            status.update(Text(f"{round_words} · {doing}", style="bold"))
        else:
            waiting = ", ".join(self.seat_name(other) for other in self.game.to_act)
            waiting_words = _("Waiting for {names}").format(names=waiting)
            status.update(Text(f"{round_words} · {waiting_words}", style="italic"))

    def _refresh_picker(self, view: dict[str, JSON], seat: int | None) -> None:
        picker = self.query_one("#picker", OptionList)
        previously = picker.highlighted
        self._rows = [amount for amount, held in zip(DENOMINATIONS, self._hand, strict=True) if held]
        hinted = self._hinted()
        options: list[Option] = []
        for index, amount in enumerate(self._rows):
            held = self._hand[DENOMINATIONS.index(amount)]
            chosen = self._fist[DENOMINATIONS.index(amount)] if self._phase == "bid" else 0
            prompt = Text(f"{index + 1}  ", style="bold")
            prompt.append_text(draw.kind_row(amount, held, chosen))
            if self._phase == "bid" and chosen:
                prompt.append(f"  ✓{chosen}", style="bold green")  # how many of these are in the fist
            if isinstance(hinted, dict) and hinted.get("feed") == amount:
                prompt.append("  ★ " + _("hint"), style="bold cyan")
            options.append(Option(prompt, id=f"piece-{amount}"))
        if self._phase == "bid":
            seal = Text("s  ", style="bold")
            seal.append(_("Seal the bid of {amount}").format(amount=yen(value(self._fist))),
                        style="bold green")
            options.append(Option(seal, id=SEAL))
        picker.set_options(options)
        picker.disabled = self._phase is None
        if self._phase == "feed":
            picker.border_title = _("Feed one piece: pick it")
        elif self._phase == "bid":
            picker.border_title = _("Your bid: pick pieces (− takes one back)")
        elif seat is not None:
            picker.border_title = _("Your pieces")
        else:
            picker.border_title = _("No moves")
        if self._phase is not None and options:
            keep = previously is not None and previously < len(options)
            picker.highlighted = previously if keep else 0
            if not self.screen.is_modal:
                picker.focus()

    def _refresh_fist(self, view: dict[str, JSON]) -> None:
        fist = self.query_one("#fist", Static)
        rule = self.query_one("#rule", Static)
        if self._phase == "bid":
            chosen = to_pieces(self._fist)
            line = styled(_("In your fist: {amount}"), "bold",
                          amount=Text(yen(value(self._fist)), style="bold green"))
            if chosen:
                line.append("  ")
                line.append_text(draw.pieces_row(chosen, limit=8))
            fist.update(line)
            words = [_("A bid is at least {amount}, made of pieces you hold: no change is given.")
                     .format(amount=yen(100))]
            forbidden = view.get("must_differ_from")
            if isinstance(forbidden, int):
                words.append(_("After the tie, bid an amount other than {amount}.")
                             .format(amount=yen(forbidden)))
            rule.update(Text(" ".join(words), style="dim" if not isinstance(forbidden, int) else "yellow"))
        elif self._phase == "feed":
            fist.update(draw.hand_total(view))
            if draw.feeds_shown(view):
                words = _("Whoever takes the bag gets the piece you feed; "
                          "everyone sees it once every piece is in.")
            else:
                words = _("Whoever takes the bag gets the piece you feed; nobody sees which.")
            rule.update(Text(words, style="dim"))
        else:
            bid = view.get("your_bid") if not self.game.is_over else None
            if bid:
                fist.update(styled(_("Your sealed bid: {amount}"), "bold",
                                   amount=Text(yen(sum(bid)), style="bold green")))  # type: ignore[arg-type]
            elif view.get("your_pieces") is not None:
                fist.update(draw.hand_view(view))
            else:
                fist.update("")
            rule.update("")

    # --- keys and the picker -------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pick":
            (number,) = parameters
            return self._phase is not None and isinstance(number, int) and number <= len(self._rows)
        if action in ("more", "less", "clear", "seal"):
            return self._phase == "bid"
        if action == "hint":
            return self._phase is not None
        return super().check_action(action, parameters)

    def action_pick(self, number: int) -> None:
        if self._phase is None or not 0 < number <= len(self._rows):
            return
        self._pick(self._rows[number - 1])

    def _pick(self, amount: int) -> None:
        """A piece chosen in the picker: feed it, or put one more of it in the fist."""
        seat = self.seat_to_act
        if seat is None or not self.human_to_act:
            return
        if self._phase == "feed":
            self._play(seat, Feed(amount))
        elif self._phase == "bid":
            self._change_fist(amount, +1)

    def _change_fist(self, amount: int, step: int) -> None:
        index = DENOMINATIONS.index(amount)
        wanted = self._fist[index] + step
        if not 0 <= wanted <= self._hand[index]:
            if step > 0:
                self._set_notice(Text(_("No other {piece} to put in your fist.").format(
                    piece=draw.piece_words(amount)), style="yellow"))
            return
        self._fist[index] = wanted
        self._set_notice(Text(""))
        view = self.game.view(self._shown_seat)
        self._refresh_picker(view, self._shown_seat)
        self._refresh_fist(view)

    def _highlighted_piece(self) -> int | None:
        picker = self.query_one("#picker", OptionList)
        index = picker.highlighted
        if index is None or index >= len(self._rows):
            return None
        return self._rows[index]

    def action_more(self) -> None:
        amount = self._highlighted_piece()
        if self._phase == "bid" and amount is not None:
            self._change_fist(amount, +1)

    def action_less(self) -> None:
        amount = self._highlighted_piece()
        if self._phase == "bid" and amount is not None:
            self._change_fist(amount, -1)

    def action_clear(self) -> None:
        if self._phase == "bid":
            self._fist = [0, 0, 0, 0]
            self._change_fist(DENOMINATIONS[0], 0)

    def action_seal(self) -> None:
        """Send the fist as a bid; the engine says, in the rule's words, why one is refused."""
        seat = self.seat_to_act
        if self._phase != "bid" or seat is None or not self.human_to_act:
            return
        self._play(seat, Bid(to_pieces(self._fist)))

    @on(OptionList.OptionSelected, "#picker")
    def _picker_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id == SEAL:
            self.action_seal()
        elif event.option_id is not None and event.option_id.startswith("piece-"):
            self._pick(int(event.option_id.removeprefix("piece-")))

    # --- hot-seat secrecy ----------------------------------------------------------------------
    def _set_table_hidden(self, hidden: bool) -> None:
        self.query_one("#main", Horizontal).display = not hidden
        self.query_one("#bottom", Horizontal).display = not hidden

    # --- the log -------------------------------------------------------------------------------
    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        # Another seat's feed and bid are secrets: only that it moved is said. The person's own
        # move is said in full, unless people share the keyboard: the log stays on the screen
        # for the next person, so there it tells every move alike.
        own = seat == self._shown_seat and not self._shared_keyboard
        if isinstance(action, Feed):
            if own:
                self._log(Text(_("You fed the bag: {piece}").format(piece=draw.piece_words(action.piece))))
            else:
                self._log(Text(_("{name} fed a piece").format(name=self.seat_name(seat)), style="dim"))
        elif isinstance(action, Bid):
            if own:
                self._log(Text(_("You sealed a bid of {amount}").format(amount=yen(action.amount))))
            else:
                self._log(Text(_("{name} sealed a bid").format(name=self.seat_name(seat)), style="dim"))
        self._log_feeds(before)
        self._log_reveals()

    def _log_feeds(self, before: dict[str, JSON]) -> None:
        """With feeds shown, log every fed piece when the last one goes in (RULES.md §5.2)."""
        shown = self.game.view(None).get("fed_pieces")
        if before.get("fed_pieces") is not None or not isinstance(shown, list):
            return
        pieces = ", ".join(f"{self.seat_name(seat)} {draw.piece_words(fed)}"
                           for seat, fed in enumerate(shown) if isinstance(fed, int))
        self._log(Text(_("Pieces fed: {pieces}").format(pieces=pieces), style="bold"))

    def _log_reveals(self) -> None:
        """Log every reveal since the last: ties, then the round settled."""
        view = self.game.view(self._shown_seat)
        you = view.get("you")
        history = list(view["history"])  # type: ignore[arg-type]
        for entry in history[self._rounds_logged:]:
            for reveal in entry["reveals"][self._reveals_logged:]:
                self._log_reveal(reveal, last=reveal is entry["reveals"][-1])
            self._log(draw.settled_sentence(entry, self.seat_name, you))  # type: ignore[arg-type]
            consoled = draw.consoled_sentence(entry, self.seat_name, you)  # type: ignore[arg-type]
            if consoled is not None:
                self._log(consoled)
            self._rounds_logged += 1
            self._reveals_logged = 0
        # This round's reveals are ties still being bid again; at the end they are the last round's.
        current = [] if self.game.is_over else list(view["reveals"])  # type: ignore[arg-type]
        for reveal in current[self._reveals_logged:]:
            self._log_reveal(reveal, last=False)
        self._reveals_logged = len(current)

    def _log_reveal(self, reveal: list[list[int]], *, last: bool) -> None:
        bids = ", ".join(f"{self.seat_name(seat)} {yen(sum(bid))}" for seat, bid in enumerate(reveal) if bid)
        line = Text(_("Bids revealed: {bids}").format(bids=bids or "—"), style="bold")
        if not last:
            top = max(sum(bid) for bid in reveal)
            line.append(" · " + _("tie at {amount}: bid again").format(amount=yen(top)), style="yellow")
        self._log(line)

    # --- hints ---------------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or self._phase is None or self._hint_running:
            return
        self._set_notice(Text(_("Thinking about a hint…"), style="italic"))
        self._consult_advisor(seat)

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        return hint(view, legal)

    def _hinted(self) -> JSON:
        return self._hint[1] if self._hint and self._hint[0] == self._position else None

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        if advice is None or not advice.get("action"):
            self._set_notice(Text(problem or _("No hint now."), style="yellow"))
            return
        self._hint = (position, advice["action"])
        message = styled(_("Hint: {move}"), "bold cyan", move=Text(str(advice.get("label")), style="bold"))
        reason = advice.get("reason")
        if reason:
            message.append(" · " + str(reason))
        action = advice["action"]
        if isinstance(action, dict) and "bid" in action and self._phase == "bid":
            # The advised pieces go in the fist; the person still seals (or changes) the bid.
            self._fist = list(to_counts(tuple(action["bid"])))  # type: ignore[arg-type]
            message.append(" · " + _("in your fist now: press s to seal it"))
        self._set_notice(message)
        view = self.game.view(self._shown_seat)
        self._refresh_picker(view, self._shown_seat)
        self._refresh_fist(view)

    # --- the end -------------------------------------------------------------------------------
    def _score_text(self, score: int) -> str:
        return yen(score)

    def _game_over_screen(self, winner_line: str, standings: Table, saved_note: str | None) -> GameOverScreen:
        view = self.game.view(None)
        return GameOverScreen(winner_line, standings, saved_note,
                              {"final-pieces": draw.final_pieces(view, self.seat_name)})
