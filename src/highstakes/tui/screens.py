"""Pop-up screens every table shows: the rules, a question before an unusual move is sent, and
the final standings when a game is over.

Their looks live in ``screens.tcss``, which every table loads before its own style sheet.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import MarkdownViewer, Static

from highstakes.i18n import N_, _
from highstakes.tui.words import speak_bindings, words_of


class RulesScreen(ModalScreen[None]):
    """The rules of a game as its package writes them for players."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", N_("Close")),
    ]

    def __init__(self, game_title: str, rules_markdown: str) -> None:
        super().__init__()
        speak_bindings(self)
        self._game_title = game_title
        self._rules_markdown = rules_markdown

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box") as box:
            box.border_title = _("Rules of {game}").format(game=self._game_title)
            box.border_subtitle = _("esc / ? / q to close · arrows to scroll")
            yield MarkdownViewer(self._rules_markdown, show_table_of_contents=False, id="rules")

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """A question in words before something is sent ("Send an offer of $900,000, nine hundred
    thousand dollars?"): True to go ahead, False to go back and change it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", N_("Send")),
        Binding("escape,n", "answer(False)", N_("Change it")),
    ]

    def __init__(self, question: str, keys: str) -> None:
        super().__init__()
        speak_bindings(self)
        self._question = question
        self._keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box") as box:
            box.border_title = _("Check before sending")
            yield Static(self._question, id="question")
            yield Static(self._keys, classes="result-keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class GameOverScreen(ModalScreen[str | None]):
    """Final standings and the winner; dismissed with "new", "quit" or None (just close)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", N_("New game")),
        Binding("q", "quit_app", N_("Quit")),
        Binding("escape", "close", N_("Look at the table")),
    ]
    #: What the box's title says is over, and what its keys say `n` starts anew.
    OVER: ClassVar[str] = N_("Game over")
    KEYS: ClassVar[str] = N_("n new game · q quit · esc close")

    def __init__(
        self,
        winner_line: str,
        standings: Table,
        saved_note: str | None,
        details: dict[str, RenderableType] | None = None,
    ) -> None:
        """``details`` are further panels under the standings, by the id that styles them."""
        super().__init__()
        speak_bindings(self)
        self._winner_line = winner_line
        self._standings = standings
        self._saved_note = saved_note
        self._details = dict(details or {})

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-box") as box:
            box.border_title = self._say(self.OVER)
            yield Static(self._winner_line, id="winner")
            yield Static(self._standings, id="standings")
            for panel_id, panel in self._details.items():
                yield Static(panel, id=panel_id)
            if self._saved_note:
                yield Static(self._saved_note, id="saved")
            yield Static(self._say(self.KEYS), classes="result-keys")

    def _say(self, message: str) -> str:
        """One of this pop-up's own words, from the catalog of the package that declares it."""
        for cls in type(self).__mro__:
            if message in (cls.__dict__.get("OVER"), cls.__dict__.get("KEYS")):
                return words_of(cls).gettext(message)
        return _(message)

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit_app(self) -> None:
        self.dismiss("quit")

    def action_close(self) -> None:
        self.dismiss(None)


class PassScreen(ModalScreen[None]):
    """Between two people's turns in a game with secrets: hand the keyboard over first."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter,space", "ready", N_("I am ready"))]

    def __init__(self, name: str) -> None:
        super().__init__()
        speak_bindings(self)
        self._name = name

    def compose(self) -> ComposeResult:
        with Vertical(id="pass-box"):
            yield Static(Text(_("Pass the keyboard to {name}").format(name=self._name), style="bold"))
            yield Static(_("{name}: press Enter when nobody else is looking.").format(name=self._name),
                         classes="result-keys")

    def action_ready(self) -> None:
        self.dismiss()
