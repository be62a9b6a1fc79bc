"""A full-screen Textual table for Who Wants to Be a Millionaire (RULES.md §4, §7.1 to §7.3).

The shared table (``highstakes.tui.table``) runs the seats, the bots and the advisor; this
module lays out the question, the money tree, the players and the last reveal, and reads the
table's keys: a to d lock in an answer (or pass a card when a player asks for help), w walks
away, f, u and p are the lifelines, h asks the advisor, and s asks it with the confidence the
person states in each option (how sure they are, 0 to 100).

Answers are secret until the reveal (§7.3). The table shows the view of the person to act
(else the last person who acted), never anyone else's, and the log says only that a player
has locked in or passed a card. When several people share the keyboard, the table is hidden
between two people's turns until the next one says they are ready.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.catalog.millionaire.advisor import CONFIDENCE
from highstakes.catalog.millionaire.money import dollars
from highstakes.catalog.millionaire.tui import draw
from highstakes.catalog.millionaire.words import N_, WORDS, _
from highstakes.engine.action import JSON, Action
from highstakes.tui.screens import ConfirmScreen, GameOverScreen
from highstakes.tui.table import SHARED_CSS, Position, TableApp
from highstakes.tui.words import speak_bindings, styled

GAME_ID = "millionaire"
LETTER_KEYS = Binding.Group(N_("answer"), compact=True)  # shown once in the footer as "a b c d answer"


class PhoneScreen(ModalScreen[int | None]):
    """Phone a Friend: choose which player to call; dismissed with the seat, or None."""

    WORDS = WORDS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"))]

    def __init__(self, friends: list[tuple[int, str]]) -> None:
        super().__init__()
        speak_bindings(self)
        self._friends = friends

    def compose(self) -> ComposeResult:
        with Vertical(id="phone-box") as box:
            box.border_title = _("Phone a Friend: whom do you call?")
            yield OptionList(*(Option(f"{index + 1}  {name}", id=f"friend-{seat}")
                               for index, (seat, name) in enumerate(self._friends)), id="friends")
            yield Static(_("arrows and Enter, or the number · Esc: back"), classes="result-keys")

    def on_mount(self) -> None:
        self.query_one("#friends", OptionList).focus()

    def on_key(self, event: Any) -> None:
        if event.character and event.character.isdigit():
            index = int(event.character) - 1
            if 0 <= index < len(self._friends):
                event.stop()
                self.dismiss(self._friends[index][0])

    @on(OptionList.OptionSelected, "#friends")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option_id:
            self.dismiss(int(event.option_id.removeprefix("friend-")))

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfidenceScreen(ModalScreen[dict[str, int] | None]):
    """How sure the person is of each option, 0 to 100 (blank is 0), for the advisor; dismissed
    with a number per letter (an option a 50:50 removed is 0 and cannot be typed in), or None."""

    WORDS = WORDS
    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", N_("Back"))]
    HIGHEST = 100

    def __init__(self, options: list[tuple[str, str]], kept: list[str]) -> None:
        super().__init__()
        speak_bindings(self)
        self._options = options  # (letter, text) of the question's four options
        self._kept = kept

    def compose(self) -> ComposeResult:
        with Vertical(id="sure-box") as box:
            box.border_title = _("How sure are you of each option?")
            yield Static(_("From 0 (surely wrong) to 100 (certain); a blank counts as 0."))
            for letter, text in self._options:
                removed = letter not in self._kept
                with Horizontal(classes="sure-row"):
                    yield Input(placeholder="0" if not removed else "–", restrict=r"[0-9]*", type="integer",
                                max_length=3, id=f"sure-{letter}", disabled=removed, compact=True)
                    words = _("{letter}: {text}").format(letter=letter, text=text)
                    if removed:
                        words += " " + _("(removed by 50:50)")
                    yield Label(words, classes="sure-label")
            yield Static(id="sure-problem")
            yield Static(_("Enter: hint · Tab: next option · Esc: back"), classes="result-keys")

    def on_mount(self) -> None:
        first = next((field for field in self.query(Input) if not field.disabled), None)
        if first is not None:
            first.focus()

    def stated(self) -> dict[str, int] | None:
        """The numbers typed, by letter; None (and the reason shown) when one is above 100."""
        values: dict[str, int] = {}
        for letter, _text in self._options:
            field = self.query_one(f"#sure-{letter}", Input)
            value = int(field.value) if field.value and not field.disabled else 0
            if value > self.HIGHEST:
                self.query_one("#sure-problem", Static).update(Text(
                    _("{letter}: {value} is more than 100; say how sure you are from 0 to 100").format(
                        letter=letter, value=value), style="bold red"))
                field.focus()
                return None
            values[letter] = value
        return values

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        values = self.stated()
        if values is not None:
            self.dismiss(values)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MillionaireOverScreen(GameOverScreen):
    """The final standings, and what every round paid every player."""

    WORDS = WORDS


class MillionaireApp(TableApp):
    """Millionaire at one screen: people take turns at the keyboard, bots play themselves."""

    GAME_ID = GAME_ID
    TITLE = N_("Who Wants to Be a Millionaire")
    WORDS = WORDS  # the footer's keys are the game's words
    CSS_PATH = [SHARED_CSS, "millionaire.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(letter.lower(), f"letter('{letter}')", N_("answer"), group=LETTER_KEYS)
          for letter in draw.LETTERS),
        Binding("w", "walk", N_("walk away")),
        Binding("f", "lifeline('fifty')", N_("50:50")),
        Binding("u", "lifeline('audience')", N_("audience")),
        Binding("p", "phone", N_("phone")),
        Binding("h", "hint", N_("hint")),
        Binding("s", "confidence", N_("how sure")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    def _reset_play_state(self) -> None:
        self._legal: list[Action] = []
        self._shown_seat: int | None = None  # whose view is on the screen (None: a spectator's)
        self._hint: tuple[Position, dict[str, JSON]] | None = None
        self._menu: dict[str, JSON] = {}

    # --- layout --------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="left"):
                yield Static(id="question")
                yield OptionList(id="choices")
                yield Static(id="notice")
                yield Static(id="reveal")
                yield Static(id="players")
            with Vertical(id="right"):
                yield Static(id="ladder")
                yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self._begin_game()

    def _begin_game(self) -> None:
        view = self.game.view(None)
        self._log(Text(_("{title} · game {number} · seed {seed}").format(
            title=self.title, number=self.games_started, seed=self.game.seed), style="bold"))
        self._log_round_start(view)
        self._after_change()

    # --- whose view is shown -------------------------------------------------------------------
    def _seat_shown(self) -> int | None:
        """Whose view the table shows: the person alone at the keyboard; with several people,
        the one to act once the keyboard is theirs, and nobody's secrets (a spectator's view)
        while bots think or the keyboard passes, since anyone may be looking then."""
        people = self._people
        if len(people) == 1:
            return people[0]
        seat = self.seat_to_act
        if seat is not None and seat not in self._bots and seat == self._passed_to:
            return seat
        return None

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
        if seat is None or acting != seat:
            self._legal = []
        question = self.query_one("#question", Static)
        question.update(draw.question_panel(view))
        self.query_one("#left", VerticalScroll).border_title = draw.round_line(view)
        reveal = self.query_one("#reveal", Static)
        reveal.update(draw.reveal_panel(view, self.seat_name))
        reveal.border_title = _("Last reveal")
        players = self.query_one("#players", Static)
        players.update(draw.players_panel(view, self.seat_name, None if self.game.is_over else acting))
        players.border_title = _("Players")
        ladder = self.query_one("#ladder", Static)
        ladder.update(draw.ladder_panel(view))
        ladder.border_title = _("Money tree")
        ladder.border_subtitle = draw.ladder_legend()
        self._refresh_status(view, acting)
        self._refresh_choices(view)
        kinds = tuple(sorted({next(iter(action.to_json())) for action in self._legal}))  # type: ignore[arg-type]
        self._refresh_keys((self.human_to_act, kinds, self.game.is_over, self._hint_shown()))

    def _refresh_status(self, view: dict[str, JSON], acting: int | None) -> None:
        status = self.query_one("#status", Static)
        if self.game.is_over:
            status.update(Text(_("The game is over."), style="bold yellow"))
            return
        line = Text()
        if acting is not None:
            line.append("▶ ", style="bold green")
            line.append(self.seat_name(acting), style="bold")
            line.append(" · ")
            line.append(self._doing(view, acting), style="bold" if self.human_to_act else "italic")
        waiting = [s for s in self.game.to_act if s != acting]
        if waiting:
            line.append(" · " + _("then {names}").format(names=", ".join(self.seat_name(s) for s in waiting)),
                        style="dim")
        status.update(line)

    def _doing(self, view: dict[str, JSON], acting: int) -> str:
        if self._paused:
            return _("plays next")
        if not self.human_to_act:
            return _("is thinking…")
        helping = view["helping"]
        if helping is not None:
            asker = self.seat_name(int(helping["asker"]))
            if helping["lifeline"] == "phone":
                return _("{name} phones you: pass the card you believe is right (a to d)").format(name=asker)
            return _("{name} asks the audience: pass the card you believe is right (a to d)").format(
                name=asker)
        return _("lock in an answer (a to d), walk away (w) or use a lifeline")

    def _refresh_choices(self, view: dict[str, JSON]) -> None:
        choices = self.query_one("#choices", OptionList)
        previously = choices.highlighted
        hinted = self._current_hint()
        hinted_action = hinted.get("action") if hinted else None
        entries = self._menu_entries(view)
        self._menu = {f"choice-{index}": action for index, (_label, action) in enumerate(entries)}
        options = []
        for index, (label, action) in enumerate(entries):
            hinted_here = action is not None and action == hinted_action
            marker = Text("★ ", style="bold cyan") if hinted_here else Text("  ")
            options.append(Option(marker + label, id=f"choice-{index}"))
        choices.set_options(options)
        acting = self.seat_to_act
        if self._legal:
            helping = view["helping"]
            if helping is not None:
                asker = self.seat_name(int(helping["asker"]))
                choices.border_title = _("Your card for {name}").format(name=asker)
            else:
                choices.border_title = _("Your final answer")
        elif acting is not None and acting in self._bots:
            choices.border_title = _("{name} is thinking").format(name=self.seat_name(acting))
        else:
            choices.border_title = _("No moves")
        choices.disabled = not self._legal
        choices.display = bool(self._legal)
        if self._legal:
            self._offer_choices(choices, previously, hinted is not None, choices)

    def _menu_entries(self, view: dict[str, JSON]) -> list[tuple[Text, JSON]]:
        """The moves as the menu lists them, each with its key; all phone calls as one entry."""
        entries: list[tuple[Text, JSON]] = []
        texts = {str(o["letter"]): str(o["text"]) for o in (view["question"] or {}).get("options", [])}
        phoned = False
        for action in self._legal:
            data = action.to_json()
            assert isinstance(data, dict)
            kind, value = next(iter(data.items()))
            if kind in ("answer", "card"):
                letter = str(value)
                label = Text(f"{letter.lower()}  ", style="bold")
                words = _("lock in {letter}: {text}") if kind == "answer" else _("pass card {letter}: {text}")
                label.append(words.format(letter=letter, text=texts.get(letter, "")))
                entries.append((label, data))
            elif kind == "walk":
                you = view["you"]
                reached = view["players"][you]["reached"] if isinstance(you, int) else 0
                walk = _("walk away with {amount}").format(amount=dollars(reached))
                entries.append((Text("w  ") + Text(walk), data))
            elif kind == "fifty":
                entries.append((Text("f  ") + Text(_("lifeline: 50:50")), data))
            elif kind == "audience":
                entries.append((Text("u  ") + Text(_("lifeline: Ask the Audience")), data))
            elif kind == "phone" and not phoned:
                phoned = True
                entries.append((Text("p  ") + Text(_("lifeline: Phone a Friend…")), None))
        return entries

    def _hint_shown(self) -> bool:
        return self._current_hint() is not None

    # --- keys ----------------------------------------------------------------------------------
    def _legal_kinds(self) -> dict[str, list[JSON]]:
        kinds: dict[str, list[JSON]] = {}
        for action in self._legal:
            data = action.to_json()
            assert isinstance(data, dict)
            kind, value = next(iter(data.items()))
            kinds.setdefault(kind, []).append(value)
        return kinds

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        kinds = self._legal_kinds() if self.human_to_act else {}
        if action == "letter":
            (letter,) = parameters
            if not kinds:
                return False
            return True if letter in kinds.get("answer", []) + kinds.get("card", []) else None
        if action == "walk":
            return "walk" in kinds
        if action == "lifeline":
            (kind,) = parameters
            if "answer" not in kinds:
                return False
            return True if kind in kinds else None  # greyed out once used
        if action == "phone":
            if "answer" not in kinds:
                return False
            return True if "phone" in kinds else None
        if action in ("hint", "confidence"):
            return bool(kinds) and hs.definition(GAME_ID).advisor() is not None
        return super().check_action(action, parameters)

    def action_letter(self, letter: str) -> None:
        kinds = self._legal_kinds()
        if letter in kinds.get("card", []):
            self._send({"card": letter})
        elif letter in kinds.get("answer", []):
            self._send({"answer": letter})

    def action_walk(self) -> None:
        seat = self.seat_to_act
        if seat is None or "walk" not in self._legal_kinds():
            return
        view = self.game.view(seat)
        reached = dollars(view["players"][seat]["reached"])
        position = self._position

        def answered(confirmed: bool | None) -> None:
            if confirmed and position == self._position:
                self._send({"walk": True})

        question = _("Walk away with {amount}? It is final, and shows only at the reveal.").format(
            amount=reached)
        self.push_screen(ConfirmScreen(question, _("Enter or y: walk away · Esc or n: stay")), answered)

    def action_lifeline(self, kind: str) -> None:
        if kind in self._legal_kinds():
            self._send({kind: True})

    def action_phone(self) -> None:
        seat = self.seat_to_act
        friends = [int(value) for value in self._legal_kinds().get("phone", [])]  # type: ignore[arg-type]
        if seat is None or not friends:
            return
        position = self._position

        def chosen(friend: int | None) -> None:
            if friend is not None and position == self._position:
                self._send({"phone": friend})

        self.push_screen(PhoneScreen([(friend, self.seat_name(friend)) for friend in friends]), chosen)

    def _send(self, action: JSON) -> None:
        seat = self.seat_to_act
        if seat is not None and self.human_to_act:
            self._play(seat, action)

    @on(OptionList.OptionSelected, "#choices")
    def _choice_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None or event.option_id not in self._menu:
            return
        action = self._menu[event.option_id]
        if action is None:
            self.action_phone()
        elif isinstance(action, dict) and "walk" in action:
            self.action_walk()
        else:
            self._send(action)

    # --- people sharing the keyboard ----------------------------------------------------------
    def _set_table_hidden(self, hidden: bool) -> None:
        self.query_one("#main", Horizontal).display = not hidden

    # --- the log -------------------------------------------------------------------------------
    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        after = self.game.view(None)
        data = action.to_json() if isinstance(action, Action) else action
        assert isinstance(data, dict)
        kind, value = next(iter(data.items()))
        name = self.seat_name(seat)
        if kind in ("answer", "walk"):
            # Which answer, or a walk, stays secret until the reveal (§7.3, WM-2).
            self._log(Text(_("{name} has locked in").format(name=name)))
        elif kind == "card":
            asker = before["helping"]["asker"] if before["helping"] else seat
            passed = _("{name} passes a card to {asker}").format(name=name, asker=self.seat_name(int(asker)))
            self._log(Text(passed, style="dim"))
        elif kind == "phone":
            self._log(styled(_("{name} uses {lifeline}: calls {friend}"), name=name,
                             lifeline=Text(draw.lifeline_name("phone"), style="bold magenta"),
                             friend=self.seat_name(int(value))))
        else:
            self._log(styled(_("{name} uses {lifeline}"), name=name,
                             lifeline=Text(draw.lifeline_name(kind), style="bold magenta")))
        if after["last_reveal"] != before["last_reveal"] and after["last_reveal"] is not None:
            self._log_reveal(after["last_reveal"])
        if len(after["rounds_played"]) > len(before["rounds_played"]):
            self._log_round_end(after["rounds_played"][-1])
            if not after["winners"]:
                self._log_round_start(after)

    def _log_reveal(self, reveal: dict[str, JSON]) -> None:
        self._log(styled(_("Question {level}: the answer is {letter}, {text}"), "bold",
                         level=reveal["level"], letter=Text(str(reveal["correct"]), style="green"),
                         text=Text(str(reveal["answer_text"]), style="green")))
        for entry in reveal["answers"]:  # one log for every person at the keyboard: names, never "you"
            line = Text("  ")
            line.append_text(draw.reveal_line(entry, self.seat_name(int(entry["seat"]))))
            self._log(line)

    def _log_round_end(self, played: dict[str, JSON]) -> None:
        paid = ", ".join(_("{name}: {amount}").format(name=self.seat_name(seat), amount=dollars(amount))
                         for seat, amount in enumerate(played["paid"]) if seat != played["host"])
        self._log(Text(_("Round {number} is over: {paid}").format(number=played["round"], paid=paid),
                       style="bold yellow"))

    def _log_round_start(self, view: dict[str, JSON]) -> None:
        line = _("Round {number} of {total}").format(number=view["round"], total=view["rounds"])
        if view["host"] is not None:
            line += " · " + _("{name} hosts").format(name=self.seat_name(int(view["host"])))
        self._log(Text(line, style="bold"))

    # --- the end -------------------------------------------------------------------------------
    def _score_text(self, score: int) -> str:
        return dollars(score)

    def _game_over_screen(self, winner_line: str, standings: Table, saved_note: str | None) -> GameOverScreen:
        view = self.game.view(None)
        details: dict[str, RenderableType] = {"rounds": draw.rounds_table(view, self.seat_name)}
        return MillionaireOverScreen(winner_line, standings, saved_note, details)

    # --- hints ---------------------------------------------------------------------------------
    def action_hint(self) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or self._hint_running:
            return
        self._set_notice(Text(_("Thinking about a hint…"), style="italic"))
        self._consult_advisor(seat)

    def action_confidence(self) -> None:
        """Ask how sure the person is of each option, then ask the advisor with that."""
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or self._hint_running:
            return
        view = self.game.view(seat)
        question = view["question"] or {}
        options = [(str(option["letter"]), str(option["text"])) for option in question.get("options", [])]
        kept = [str(letter) for letter in view.get("your_options") or draw.LETTERS]
        position = self._position

        def stated(values: dict[str, int] | None) -> None:
            if values is None or position != self._position or self._hint_running:
                return
            self._set_notice(Text(_("Thinking about a hint…"), style="italic"))
            self._consult_advisor(seat, {CONFIDENCE: dict(values)})

        self.push_screen(ConfidenceScreen(options, kept), stated)

    def _ask_advisor(self, view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
        advisor = hs.definition(GAME_ID).advisor()
        if advisor is None:
            raise RuntimeError(_("this game gives no hints"))
        return advisor(view, legal)

    def _current_hint(self) -> dict[str, JSON] | None:
        if self._hint is not None and self._hint[0] == self._position:
            return self._hint[1]
        return None

    def _show_advice(self, position: Position, advice: dict[str, JSON] | None, problem: str | None) -> None:
        if advice is None:
            self._set_notice(Text(problem or _("no hint now"), style="yellow"))
            return
        if advice.get("action") is None:
            # Refused (a confidence of 0 for every option left, say): the advisor says why, and
            # the star of an earlier hint goes, since it answered another question.
            self._hint = None
            self._set_notice(Text(str(advice.get("reason") or advice.get("label") or _("no hint now")),
                                  style="yellow"))
            self._refresh_choices(self.game.view(self._shown_seat))
            return
        self._hint = (position, advice)
        move = advice.get("label") or advice.get("action")
        message = styled(_("Hint: {move}"), "bold cyan", move=Text(str(move), style="bold"))
        reason = advice.get("reason")
        if isinstance(reason, str) and reason:
            message.append(" · " + reason)
        self._set_notice(message)
        self._refresh_choices(self.game.view(self._shown_seat))
