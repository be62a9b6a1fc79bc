"""A full-screen Textual table for Make-A-Million (RULES.md §1): hot-seat people and bots.

Every variant plays here: the partnership game, Silent Partner and the trick-count Variation.
The shared table (``highstakes.tui.table``) runs the seats, the bots and the advisor; this
module lays out the table (the seats around the trick, the hand by colour, the auction and the
scores beside), and reads keys and clicks. Cards are chosen by their key (``1``-``9``, ``0``,
then letters), by the arrows and Enter, or by a click; a card the rules forbid is dimmed, and
choosing it anyway shows the engine's refusal in the rule's words. Bids, trump and the
Variation's trick bids are a menu (and a box for any bid in steps of $5,000).

People at one keyboard see only their own hand: with more than one person at the table, a pass
screen comes between their turns. The log says only what everyone saw: calls, trump, who took
each trick (its cards are not kept, A-18), and each deal's score.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.cards import card_name, dollars, is_money
from highstakes.catalog.make_a_million.tui import draw
from highstakes.catalog.make_a_million.words import N_, WORDS, _, ngettext
from highstakes.engine.action import JSON, Action
from highstakes.i18n.numbers import format_number
from highstakes.tui.amounts import AmountError, amount_in_words, format_amount, parse_amount
from highstakes.tui.screens import GameOverScreen
from highstakes.tui.table import SHARED_CSS, Position, TableApp
from highstakes.tui.words import speak_bindings, styled

GAME_ID = "make_a_million"
#: The keys that pick a card of the hand, in hand order: h, n and q are the table's own.
CARD_KEYS = "1234567890abcdefgijklmoprstuvwxyz"
CARD_KINDS = ("discard", "play", "call")
#: Terminals shorter than this many lines leave the move panel too little room for the auction's
#: prompt, menu, bid box and a message together: the prompt gives way to the message.
CRAMPED_BELOW = 32
CHOOSE_KEYS = Binding.Group(N_("choose"), compact=True)
#: The hand's border and padding, in columns: what the screen's width leaves for its cards.
HAND_FRAME = 4


class HandView(Static, can_focus=True):
    """The hand: focusable, so that the arrows and Enter reach the table while a card is chosen."""


class DealOverScreen(ModalScreen[str | None]):
    """A deal just scored, with people at the table: what it was worth, until they go on."""

    WORDS = WORDS
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,escape,space", "close", N_("Continue")),
        Binding("q", "quit_app", N_("Quit")),
    ]

    def __init__(self, title: str, summary: RenderableType, scores: RenderableType) -> None:
        super().__init__()
        speak_bindings(self)
        self._title = title
        self._summary = summary
        self._scores = scores

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="deal-over-box") as box:
            box.border_title = self._title
            yield Static(self._summary, id="deal-summary")
            yield Static(self._scores, id="deal-scores")
            yield Static(_("enter continue · q quit"), classes="result-keys")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_quit_app(self) -> None:
        self.dismiss("quit")


class MillionGameOverScreen(GameOverScreen):
    """The final standings and every deal's result."""

    WORDS = WORDS


class MillionApp(TableApp):
    """Make-A-Million at one screen: people take turns at the keyboard, bots play themselves."""

    GAME_ID = GAME_ID
    TITLE = N_("Make-A-Million")
    WORDS = WORDS  # the footer's keys are the game's words
    CSS_PATH = [SHARED_CSS, "million.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"key('{key}')", N_("choose"), show=key == "1", key_display="1-9 a-z",
                  group=CHOOSE_KEYS) for key in CARD_KEYS),
        Binding("left", "cursor(-1)", N_("previous card"), show=False),
        Binding("right", "cursor(1)", N_("next card"), show=False),
        Binding("up", "colour(-1)", N_("previous colour"), show=False),
        Binding("down", "colour(1)", N_("next colour"), show=False),
        Binding("enter", "play_cursor", N_("play the card"), show=False),
        Binding("h", "hint", N_("hint")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    def _reset_play_state(self) -> None:
        self._definition = hs.definition(GAME_ID)
        self._legal: list[Action] = []
        self._menu: list[tuple[str, Action]] = []
        self._cards: list[str] = []  # the hand on screen
        self._choosable: set[str] = set()  # its cards that may be chosen now
        self._card_kind: str | None = None  # "play", "discard" or "call" while a card is chosen
        self._cursor: int | None = None
        self._shown_seat: int | None = None
        self._hint: tuple[Position, dict[str, JSON]] | None = None
        self._tricks_logged = 0
        self._calls_logged = 0

    # --- names ---------------------------------------------------------------------------------
    def short_name(self, seat: int) -> str:
        """A seat in a few words, for the places around the table: "Player 1", "Bot 2"."""
        if self.bot_names[seat] is None:
            return _("Player {number}").format(number=seat + 1)
        return _("Bot {number}").format(number=seat + 1)

    def _ring_name(self, seat: int) -> str:
        if seat == self._shown_seat:
            return _("{name} (you)").format(name=self.short_name(seat))
        return self.short_name(seat)

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="top"):
            with VerticalScroll(id="ring-box"):  # eight seats may need more rows than a small screen has
                yield Static(id="ring")
            with VerticalScroll(id="facts"):
                yield Static(id="facts-body")
        yield HandView(id="hand")
        with Horizontal(id="bottom"):
            with Vertical(id="act"):
                yield Static(id="prompt")
                yield OptionList(id="choices")
                # Compact (one line, no border) so that it fits under the menu at 80x24.
                yield Input(id="amount", placeholder=_("Any bid: type it, Enter to send (t)"), compact=True)
                yield Static(id="notice")
            yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self._begin_game()

    def on_resize(self, event: events.Resize) -> None:
        # A short terminal leaves the move panel five lines: see million.tcss.
        self.query_one("#act", Vertical).set_class(event.size.height < CRAMPED_BELOW, "cramped")
        if self._shown_seat is not None:  # a short hand may fit on one line now, or no longer
            self._refresh_hand(self.game.view(self._shown_seat))

    def _set_notice(self, message: Text) -> None:
        super()._set_notice(message)
        self.query_one("#act", Vertical).set_class(bool(message.plain), "noticed")

    def _begin_game(self) -> None:
        opening = _("Game {number} · seed {seed}").format(number=self.games_started, seed=self.game.seed)
        self._log(Text(opening, style="bold"))
        self._log_progress(self.game.view(None))
        self._after_change()

    # --- whose table it is ------------------------------------------------------------------------
    def _seat_shown(self) -> int | None:
        """Whose hand the table shows: the person to act, else the last one, else the only one."""
        seat = self.seat_to_act
        if seat is not None and seat not in self._bots and not self._paused:
            return seat
        if self._shown_seat is not None:
            return self._shown_seat
        people = self._people
        return people[0] if people else None

    @property
    def seat_to_act(self) -> int | None:
        """The seat to act; with bids made at once (the Variation), the first person yet to bid."""
        to_act = self.game.to_act
        people = [seat for seat in to_act if seat not in self._bots]
        if people:
            return people[0]
        return to_act[0] if to_act else None

    # --- drawing -------------------------------------------------------------------------------
    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        return draw.table_view(view, seat_name, to_act)

    def _refresh_table(self) -> None:
        seat = self._seat_shown()
        self._shown_seat = seat
        view = self.game.view(seat)
        acting = self.seat_to_act
        self._legal = self.game.legal_actions(acting) if self.human_to_act and acting is not None else []
        kinds = {action.kind for action in self._legal if isinstance(action, Move)}
        self._card_kind = next((kind for kind in CARD_KINDS if kind in kinds), None)
        self._cards = list(view.get("hand") or [])
        self._choosable = {action.card for action in self._legal
                           if isinstance(action, Move) and action.kind == self._card_kind and action.card}
        if self._card_kind is None:
            self._cursor = None
        elif self._cursor is None or self._cursor >= len(self._cards) \
                or self._cards[self._cursor] not in self._choosable:
            self._cursor = next((i for i, card in enumerate(self._cards) if card in self._choosable), None)
        self.query_one("#ring", Static).update(draw.table_picture(view, self.short_name, self.game.to_act,
                                                                  label=self._ring_name, you=seat))
        self.query_one("#top", Horizontal).set_class(self.game.seats > draw.CROWDED, "crowded")
        self.query_one("#ring-box", VerticalScroll).border_title = self._ring_title(view)
        facts = self.query_one("#facts", VerticalScroll)
        facts.border_title = _("Scores and deal")
        self.query_one("#facts-body", Static).update(draw.info_panel(view, self.short_name))
        self._refresh_hand(view)
        self._refresh_choices(view)
        self._refresh_keys((self.human_to_act, self._card_kind, len(self._menu), self.game.is_over))

    def _ring_title(self, view: dict[str, JSON]) -> str:
        if self.game.is_over:
            return _("Game over")
        phase = view.get("phase")
        words = {
            "misdeal": _("Misdeal?"), "bid": _("Auction"), "discard": _("The widow"),
            "trump": _("Naming trump"), "call": _("Calling partners"), "tricks": _("Bidding tricks"),
            "play": _("Trick {number}").format(number=view.get("trick_number") or 1),
        }
        stage = words.get(str(phase), "")
        return _("Deal {number} · {stage}").format(number=view.get("deal_number"), stage=stage)

    def _refresh_hand(self, view: dict[str, JSON]) -> None:
        hand = self.query_one("#hand", HandView)
        choosing = self._card_kind is not None
        playable = self._choosable if choosing else None
        keys = CARD_KEYS if choosing else ""
        hand.update(draw.hand_lines(self._cards, keys, playable, self._cursor, view.get("called") or [],
                                    click=lambda index: f"app.card({index})",
                                    width=self.size.width - HAND_FRAME))
        seat = self._shown_seat
        if seat is None:
            hand.border_title = _("No hand: you are watching")
        elif choosing:
            hand.border_title = {
                "play": _("{name}, play a card").format(name=self.seat_name(seat)),
                "discard": _("{name}, discard a card ({n} of 3)").format(
                    name=self.seat_name(seat), n=len(view.get("discards") or []) + 1),
                "call": _("{name}, call a card of your hand").format(name=self.seat_name(seat)),
            }[self._card_kind or "play"]
        else:
            hand.border_title = _("{name}'s hand").format(name=self.seat_name(seat))
        hand.border_subtitle = _("keys, ←→ and Enter, or a click · dimmed cards may not be chosen") \
            if choosing else ""

    def _refresh_choices(self, view: dict[str, JSON]) -> None:
        choices = self.query_one("#choices", OptionList)
        box = self.query_one("#amount", Input)
        prompt = self.query_one("#prompt", Static)
        previously = choices.highlighted
        acting = self.seat_to_act
        self._menu = [] if self._card_kind else self._menu_of(self._legal)
        hinted = self._current_hint()
        hinted_action = hinted.get("action") if hinted else None
        options = []
        for index, (key, action) in enumerate(self._menu):
            label = Text(f"{key or ' '}  ", style="bold")
            label.append(self._menu_label(action))
            if hinted_action is not None and action.to_json() == hinted_action:
                label.append("  ★ " + _("hint"), style="bold cyan")
            options.append(Option(label, id=f"move-{index}"))
        choices.set_options(options)
        choices.display = bool(self._menu)
        choices.disabled = not self._menu
        bidding = bool(self._menu) and view.get("phase") == "bid"
        box.display = bidding
        act = self.query_one("#act", Vertical)
        act.set_class(bidding, "bidding")
        if self.game.is_over:
            act.border_title = _("Game over")
            prompt.update("")
        elif acting is None:
            act.border_title = _("Dealing…")
            prompt.update("")
        elif not self.human_to_act:
            act.border_title = _("{name} is thinking").format(name=self.seat_name(acting))
            prompt.update(self._waiting_words(view))
        else:
            act.border_title = _("{name}, your move").format(name=self.seat_name(acting))
            prompt.update(self._prompt_words(view))
        if self.human_to_act:
            if self._menu:
                if not (bidding and self.focused is box):
                    self._offer_choices(choices, previously, hinted is not None, choices)
            elif not isinstance(self.screen, ModalScreen):
                self.query_one("#hand", HandView).focus()

    def _menu_of(self, legal: list[Action]) -> list[tuple[str, Action]]:
        """The decisions that are not a card, each with its key."""
        menu: list[tuple[str, Action]] = []
        number = 1
        for action in legal:
            if not isinstance(action, Move):
                continue
            if action.kind == "pass":
                menu.append(("p", action))
            elif action.kind == "tricks":
                menu.append((str(action.amount) if (action.amount or 0) <= 9 else "", action))
            else:
                menu.append((str(number) if number <= 9 else "", action))
                number += 1
        return menu

    def _menu_label(self, action: Action) -> str:
        if isinstance(action, Move) and action.kind == "play_on":
            return _("play this deal")
        if isinstance(action, Move) and action.kind == "redeal":
            return _("call a misdeal (a new deal by the same dealer)")
        return str(action)

    def _prompt_words(self, view: dict[str, JSON]) -> Text:
        """What the person to act is asked, in a sentence."""
        phase = view.get("phase")
        if phase == "misdeal":
            return Text(_("Play this deal, or call a misdeal if your Money cards total $15,000 or less."))
        if phase == "bid":
            low = view.get("min_bid")
            message = _("Bid at least {amount} for the right to name trump, or pass (a pass is final).")
            return Text(message.format(amount=dollars(int(low or 0))))
        if phase == "trump":
            return Text(_("Name trump: its colour beats the others, and the Tiger is its highest card."))
        if phase == "tricks":
            return Text(_("How many tricks will you take? Bids stay hidden until everyone has bid."))
        if self._card_kind == "discard":
            return Text(_("Discard three cards: number cards first, a Money card only when you hold no "
                          "number card; never an animal."))
        if self._card_kind == "call":
            return Text(_("Call a card of your hand: whoever holds its other copy is your silent partner."))
        return self._follow_words(view)

    def _follow_words(self, view: dict[str, JSON]) -> Text:
        colour = view.get("trick_colour")
        if isinstance(colour, str) and view.get("trick") and not view.get("trick_complete"):
            return styled(_("Your card to the trick: {colour} was led."),
                          colour=Text(draw.colour_words(colour), style=draw.COLOUR_STYLES[colour]))
        return Text(_("Your lead."))

    def _waiting_words(self, view: dict[str, JSON]) -> Text:
        if view.get("phase") == "tricks":
            waiting = [self.seat_name(seat) for seat in self.game.to_act]
            return Text(_("Waiting for the bids of {names}").format(names=", ".join(waiting)), style="italic")
        return Text("")

    # --- moves ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("key", "cursor", "colour", "play_cursor"):
            return self.human_to_act
        if action == "hint":
            return self.human_to_act and self._definition.advisor() is not None
        return super().check_action(action, parameters)

    def action_key(self, key: str) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act:
            return
        if self._card_kind is not None:
            index = CARD_KEYS.find(key)
            if 0 <= index < len(self._cards):
                self._choose_card(index)
            return
        if key == "t" and self.query_one("#amount", Input).display:
            self.query_one("#amount", Input).focus()
            return
        for menu_key, action in self._menu:
            if menu_key == key:
                self._play(seat, action)
                return

    def action_card(self, index: int) -> None:
        """A click on a card of the hand."""
        if self.human_to_act and self._card_kind is not None and 0 <= index < len(self._cards):
            self._choose_card(index)

    def _choose_card(self, index: int) -> None:
        seat = self.seat_to_act
        if seat is None:
            return
        self._cursor = index
        self._play(seat, Move(self._card_kind or "play", card=self._cards[index]))

    def _play(self, seat: int, action: Action | JSON) -> bool:
        played = super()._play(seat, action)
        if not played:
            self._refresh_hand(self.game.view(self._shown_seat))
        return played

    def action_cursor(self, step: int) -> None:
        if self._card_kind is None or not self._cards:
            return
        start = self._cursor if self._cursor is not None else (-1 if step > 0 else 0)
        self._cursor = (start + step) % len(self._cards)
        self._after_cursor()

    def action_colour(self, step: int) -> None:
        """Up and down: the first card of the previous or next colour of the hand."""
        if self._card_kind is None or not self._cards:
            return
        groups = []
        for index, card in enumerate(self._cards):
            group = draw.colour_of(card) or "animal"
            if not groups or groups[-1][0] != group:
                groups.append((group, index))
        current = draw.colour_of(self._cards[self._cursor or 0]) or "animal"
        position = next(i for i, (group, _first) in enumerate(groups) if group == current)
        self._cursor = groups[(position + step) % len(groups)][1]
        self._after_cursor()

    def _after_cursor(self) -> None:
        self._refresh_hand(self.game.view(self._shown_seat))
        if self._cursor is None:
            return
        card = self._cards[self._cursor]
        if card in self._choosable:
            self._set_notice(Text(card_name(card)))
            return
        reason = self._why_not(card)
        self._set_notice(styled(_("{card}: {reason}"), "yellow", card=draw.card_text(card),
                                reason=reason or ""))

    def _why_not(self, card: str) -> str | None:
        """The engine's own words for refusing this card now (asked of a copy: nothing changes)."""
        seat = self.seat_to_act
        if seat is None:
            return None
        try:
            self.game.clone().act(seat, Move(self._card_kind or "play", card=card))
        except hs.IllegalAction as refusal:
            return refusal.message
        return None

    def action_play_cursor(self) -> None:
        if self._card_kind is not None and self._cursor is not None:
            self._choose_card(self._cursor)

    @on(OptionList.OptionSelected, "#choices")
    def _choice_selected(self, event: OptionList.OptionSelected) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or event.option_id is None:
            return
        index = int(event.option_id.removeprefix("move-"))
        if 0 <= index < len(self._menu):
            self._play(seat, self._menu[index][1])

    def _bid_entry(self) -> dict[str, JSON] | None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act:
            return None
        entries = self.game.amount_entries(seat)
        return entries[0] if entries else None

    @on(Input.Changed, "#amount")
    def _amount_changed(self, event: Input.Changed) -> None:
        entry = self._bid_entry()
        if entry is None or not event.value.strip():
            return
        try:
            amount = parse_amount(event.value, entry)
        except AmountError:
            self._set_notice(Text(""))
            return
        self._set_notice(Text(f"= {format_amount(amount, entry)}, {amount_in_words(amount, entry)}"))

    @on(Input.Submitted, "#amount")
    def _amount_submitted(self, event: Input.Submitted) -> None:
        seat = self.seat_to_act
        entry = self._bid_entry()
        if seat is None or entry is None:
            return
        try:
            amount = parse_amount(event.value, entry)
        except AmountError as problem:
            self._set_notice(Text(_("Not sent: {reason}").format(reason=problem), style="bold red"))
            return
        if self._play(seat, {"bid": amount}):
            event.input.value = ""
            self.set_focus(None)

    def on_key(self, event: Any) -> None:
        # Escape in the bid box goes back to the menu.
        box = self.query_one("#amount", Input)
        if event.key == "escape" and self.focused is box:
            event.stop()
            choices = self.query_one("#choices", OptionList)
            if choices.display:
                choices.focus()

    # --- hot-seat secrecy and the log -----------------------------------------------------------
    def _set_table_hidden(self, hidden: bool) -> None:
        for selector in ("#top", "#hand", "#bottom"):
            self.query_one(selector).display = not hidden

    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        move = action if isinstance(action, Move) else self._definition.parse_action(action)
        after = self.game.view(None)
        self._log_move(before, seat, move)
        self._log_progress(after, before)
        finished = len(after.get("history") or []) > len(before.get("history") or [])
        if finished and self._people and not self.game.is_over:
            self._show_deal_over(after)

    def _log_move(self, before: dict[str, JSON], seat: int, move: Action) -> None:
        """Say a move the way everyone at the table saw it."""
        name = self.seat_name(seat)
        if not isinstance(move, Move):
            return
        kind = move.kind
        if kind == "discard":
            if move.card and is_money(move.card):
                self._log(styled(_("{name} discards {card} (Money cards are shown)"), name=name,
                                 card=draw.card_text(move.card)))
            else:
                self._log(Text(_("{name} discards a card").format(name=name)))
        elif kind == "tricks":
            self._log(Text(_("{name} has bid").format(name=name)))
        elif kind == "play":
            return  # the table shows the trick; who took it is logged when it is complete
        elif kind == "call" and move.card:
            self._log(styled(_("{name} calls {card}"), name=name, card=draw.card_text(move.card)))
        else:
            self._log(Text(_("{name}: {move}").format(name=name, move=self._menu_label(move))))

    def _log_progress(self, after: dict[str, JSON], before: dict[str, JSON] | None = None) -> None:
        """Tricks taken and deals scored since the log was last written."""
        number = int(after.get("trick_number") or 0)
        if after.get("trick_complete") and number > self._tricks_logged:
            self._tricks_logged = number
            winner = after.get("trick_winner")
            if isinstance(winner, int):
                taken = _("Trick {number} to {name}").format(number=number, name=self.seat_name(winner))
                self._log(Text(taken, style="dim"))
        if before is not None and len(after.get("history") or []) > len(before.get("history") or []):
            # The deal's last trick ended it: its winner is in the tricks shown once a deal is over.
            for number, trick in enumerate(after.get("previous_tricks") or [], 1):
                if number > self._tricks_logged:
                    taken = _("Trick {number} to {name}").format(number=number,
                                                                 name=self.seat_name(int(trick["winner"])))
                    self._log(Text(taken, style="dim"))
            self._tricks_logged = 0
            entry = (after.get("history") or [])[-1]
            self._log(draw.deal_summary(entry, after, self.seat_name))
        if after.get("phase") == "play" and before is not None and before.get("phase") == "tricks":
            bids = after.get("trick_bids") or []
            self._log(Text(_("Bids were: {bids}").format(bids=", ".join(
                f"{self.short_name(seat)} {bid}" for seat, bid in enumerate(bids))), style="dim"))

    def _show_deal_over(self, after: dict[str, JSON]) -> None:
        """Between deals, with people at the table: the deal's score until they go on."""
        entry = (after.get("history") or [])[-1]
        self._paused = True
        title = _("Deal {number} over").format(number=entry.get("deal"))
        tricks = draw.tricks_table(after.get("previous_tricks") or [], after, self.short_name)
        secrets = draw.widow_and_discards(entry)  # everyone at the keyboard sees this screen: hidden
        summary = Group(draw.deal_summary(entry, after, self.seat_name), *([secrets] if secrets else []),
                        Text(""), tricks, Text(""))
        scores = draw.score_rows(after, self.seat_name, with_tricks=False)
        self.push_screen(DealOverScreen(title, summary, scores), self._after_deal_over)

    def _after_deal_over(self, choice: str | None) -> None:
        if choice == "quit":
            self.exit()
            return
        self._paused = False
        self._after_change()

    # --- the end -------------------------------------------------------------------------------
    def _score_text(self, score: int) -> str:
        if self.game.view(None).get("variant") == "variation":
            return ngettext("{n} point", "{n} points", score).format(n=format_number(score))
        return dollars(score)

    def _game_over_screen(self, winner_line: str, standings: Table, saved_note: str | None) -> GameOverScreen:
        history = draw.history_table(self.game.view(None), self.seat_name)
        return MillionGameOverScreen(winner_line, standings, saved_note, {"deals": history})

    # --- hints ---------------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or self._hint_running:
            return
        self._set_notice(Text(_("Thinking about a hint…"), style="italic"))
        self._consult_advisor(seat)

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        advisor = self._definition.advisor()
        assert advisor is not None
        advice: dict[str, JSON] = advisor(view, legal)
        return advice

    def _current_hint(self) -> dict[str, JSON] | None:
        if self._hint is not None and self._hint[0] == self._position:
            return self._hint[1]
        return None

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        if advice is None:
            self._set_notice(Text(problem or _("no hint now"), style="yellow"))
            return
        self._hint = (position, advice)
        suggested = advice.get("action")
        label = advice.get("label")
        if not isinstance(label, str):
            try:
                label = str(self._definition.parse_action(suggested))
            except hs.IllegalAction:
                label = str(suggested)
        key = self._key_of(suggested)
        move = f"[{key}] {label}" if key else label
        message = styled(_("Hint: {move}"), "bold cyan", move=Text(move, style="bold"))
        value = advice.get("value")
        if isinstance(value, int | float) and not isinstance(value, bool):
            worth = (ngettext("{n} point", "{n} points", int(value)).format(n=format_number(round(value, 1)))
                     if self.game.view(None).get("variant") == "variation" else dollars(round(value)))
            message.append(" · " + _("worth about {value}").format(value=worth))
        self._set_notice(message)
        if (isinstance(suggested, dict) and "play" in suggested) or (isinstance(suggested, dict) and (
                "discard" in suggested or "call" in suggested)):
            card = next(iter(suggested.values()))
            if card in self._cards:
                self._cursor = self._cards.index(card)
        self._refresh_table()

    def _key_of(self, suggested: JSON) -> str:
        for key, action in self._menu:
            if action.to_json() == suggested:
                return key
        if isinstance(suggested, dict) and len(suggested) == 1:
            card = next(iter(suggested.values()))
            if card in self._cards:
                index = self._cards.index(card)
                return CARD_KEYS[index] if index < len(CARD_KEYS) else ""
        return ""
