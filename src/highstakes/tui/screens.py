"""Pop-up screens every table shows: the rules, a question before an unusual move is sent, and
the final standings when a game is over.

Their looks live in ``screens.tcss``, which every table loads before its own style sheet.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.table import Table
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import MarkdownViewer, Static


class RulesScreen(ModalScreen[None]):
    """The rules of a game as its package writes them for players."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,question_mark", "close", "Close"),
    ]

    def __init__(self, game_title: str, rules_markdown: str) -> None:
        super().__init__()
        self._game_title = game_title
        self._rules_markdown = rules_markdown

    def compose(self) -> ComposeResult:
        with Vertical(id="rules-box") as box:
            box.border_title = f"Rules of {self._game_title}"
            box.border_subtitle = "esc / ? / q to close · arrows to scroll"
            yield MarkdownViewer(self._rules_markdown, show_table_of_contents=False, id="rules")

    def on_mount(self) -> None:
        self.query_one(MarkdownViewer).focus()

    def action_close(self) -> None:
        self.dismiss()


class ConfirmScreen(ModalScreen[bool]):
    """A question in words before something is sent ("Send an offer of $900,000, nine hundred
    thousand dollars?"): True to go ahead, False to go back and change it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter,y", "answer(True)", "Send"),
        Binding("escape,n", "answer(False)", "Change it"),
    ]

    def __init__(self, question: str, keys: str) -> None:
        super().__init__()
        self._question = question
        self._keys = keys

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm-box") as box:
            box.border_title = "Check before sending"
            yield Static(self._question, id="question")
            yield Static(self._keys, classes="result-keys")

    def action_answer(self, answer: bool) -> None:
        self.dismiss(answer)


class GameOverScreen(ModalScreen[str | None]):
    """Final standings and the winner; dismissed with "new", "quit" or None (just close)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "new", "New game"),
        Binding("q", "quit_app", "Quit"),
        Binding("escape", "close", "Look at the table"),
    ]
    #: What is over, and what `n` starts anew.
    PLAYED: ClassVar[str] = "game"

    def __init__(
        self,
        winner_line: str,
        standings: Table,
        saved_note: str | None,
        details: dict[str, RenderableType] | None = None,
    ) -> None:
        """``details`` are further panels under the standings, by the id that styles them."""
        super().__init__()
        self._winner_line = winner_line
        self._standings = standings
        self._saved_note = saved_note
        self._details = dict(details or {})

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="result-box") as box:
            box.border_title = f"{self.PLAYED.capitalize()} over"
            yield Static(self._winner_line, id="winner")
            yield Static(self._standings, id="standings")
            for panel_id, panel in self._details.items():
                yield Static(panel, id=panel_id)
            if self._saved_note:
                yield Static(self._saved_note, id="saved")
            yield Static(f"n new {self.PLAYED} · q quit · esc close", classes="result-keys")

    def action_new(self) -> None:
        self.dismiss("new")

    def action_quit_app(self) -> None:
        self.dismiss("quit")

    def action_close(self) -> None:
        self.dismiss(None)
