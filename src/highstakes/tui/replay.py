"""Watching a finished game again in the terminal, move by move: ``highstakes replay FILE``.

The viewer knows no game. It steps through a record's positions (:class:`Timeline`: each
one what replaying the record to that point gives) and draws each with the game's own
terminal drawing (``TableApp.draw_view``), or its declared table (the generic one for a game
that declares none) as the seat saw it, with no actions.
Every seat's view can be shown in turn, since a record is only watched once its game is over
(and at the end, every game shows what it kept secret).

Keys: → / ← one move, Space plays or pauses, + and - change the speed, v changes whose view
is shown; the list of moves (↑ ↓ PgUp PgDn Home End, or a click) jumps to any move.
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.timer import Timer
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from highstakes.cli.words import game_text
from highstakes.engine.registry import definition
from highstakes.engine.timeline import Timeline
from highstakes.i18n import N_, _, ngettext
from highstakes.i18n.numbers import format_number
from highstakes.tui.view_panels import panels
from highstakes.tui.words import speak_bindings

#: Seconds between moves while playing, slowest first.
SPEEDS = (3.0, 2.0, 1.0, 0.5, 0.25, 0.1)
DEFAULT_SPEED = 2  # one move a second


class ReplayApp(App[None]):
    """One record's positions, drawn as the game's table draws them, with a list of its moves."""

    CSS_PATH = "replay.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("right,l", "step(1)", N_("next"), key_display="→"),
        Binding("left,h", "step(-1)", N_("back"), key_display="←"),
        Binding("space", "play", N_("play/pause")),
        Binding("plus,equals_sign", "speed(1)", N_("faster"), key_display="+"),
        Binding("minus", "speed(-1)", N_("slower"), key_display="-"),
        Binding("v", "next_view", N_("whose view")),
        Binding("q", "quit", N_("quit")),
    ]

    def __init__(self, timeline: Timeline, title: str = "") -> None:
        super().__init__()
        speak_bindings(self)
        self.timeline = timeline
        game = game_text(timeline.game_id, timeline.title)
        if title:
            self.title = _("{game} · replay of {file}").format(game=game, file=title)
        else:
            self.title = _("{game} · replay").format(game=game)
        self.position = 0
        self.seat: int | None = None  # whose view is shown: None is a spectator's
        self.speed = DEFAULT_SPEED
        self._player: Timer | None = None
        from highstakes.tui import table_for  # the game's table, for its way of drawing a view

        self._table = table_for(timeline.game_id)
        self._seat_keys = definition(timeline.game_id).seat_keys
        self._say = definition(timeline.game_id).text
        self.seat_names = seat_names(timeline)

    # --- layout ------------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="board"):
                yield Static(id="view")
            with Vertical(id="side"):
                yield OptionList(*self._move_options(), id="moves")
        yield Footer()

    def _move_options(self) -> list[Option]:
        names = self.seat_names
        options = [Option(Text("   0  " + _("the start"), style="dim"), id="position-0")]
        for index, move in enumerate(self.timeline.moves, start=1):
            line = Text(f"{index:>4}  {names[move.seat]}: {move.label}")
            options.append(Option(line, id=f"position-{index}"))
        return options

    def on_mount(self) -> None:
        self.query_one("#moves", OptionList).border_title = _("Moves (Enter or a click jumps)")
        self.query_one("#moves", OptionList).focus()
        self.show(0)

    # --- moving through the record ----------------------------------------------------------------
    def show(self, position: int) -> None:
        """Draw ``position`` (kept within the record) from the chosen seat's place."""
        if not self.screen.query("#view"):
            self._stop()  # the viewer is closing: a last tick of the player has nothing to draw
            return
        self.position = max(0, min(position, self.timeline.positions - 1))
        step = self.timeline.step(self.position, self.seat)
        names = self.seat_names
        seat_name = names.__getitem__
        to_act = list(step["to_act"])  # type: ignore[arg-type]
        position_drawer = getattr(self._table, "draw_position", None)
        if position_drawer is not None:  # a declared table: drawn from the game at that position
            drawn = position_drawer(self.timeline.game_at(self.position), self.seat, seat_name)
        else:
            drawn = self._table.draw_view(step["view"], seat_name, to_act)  # type: ignore[arg-type]
        if drawn is None:
            drawn = panels(step["view"], self._seat_keys, say=self._say)  # type: ignore[arg-type]
        self.query_one("#view", Static).update(drawn)
        if self.seat is None:
            whose = _("a spectator's view")
        else:
            whose = _("{name}'s view").format(name=names[self.seat])
        self.query_one("#board", VerticalScroll).border_title = whose
        self.query_one("#status", Static).update(self._status(step))
        moves = self.query_one("#moves", OptionList)
        if moves.highlighted != self.position:
            # Followed by the list, not a move of the person's: no jump may come of it (a late
            # one would take a playing replay back).
            with moves.prevent(OptionList.OptionHighlighted):
                moves.highlighted = self.position

    def _status(self, step: dict[str, object]) -> RenderableType:
        names = self.seat_names
        line = Text(_("Move {number} of {total}").format(
            number=self.position, total=self.timeline.positions - 1), style="bold")
        last = step["last_move"]
        if isinstance(last, dict):
            line.append(" · " + _("{name}: {move}").format(name=names[last["seat"]], move=last["label"]))
        to_act = step["to_act"]
        if isinstance(to_act, list) and to_act:
            following = _(" and ").join(names[seat] for seat in to_act)
            line.append(" · " + _("next: {names}").format(names=following), style="dim")
        result = step["result"]
        if isinstance(result, dict):
            winners = result.get("winners", [])
            over = ngettext("game over: {names} wins", "game over: {names} win", len(winners))
            line.append(" · " + over.format(names=_(" and ").join(names[seat] for seat in winners)),
                        style="bold yellow")
        playing = _("playing") if self._player is not None else _("paused")
        rate = SPEEDS[self.speed]
        if rate < 1:
            pace = _("{count} moves a second").format(count=format_number(round(1 / rate, 1)))
        else:
            pace = _("a move every {seconds} s").format(seconds=format_number(rate))
        keys = Text(_("{state}, {pace} · → next · ← back · space play · +/- speed · v whose view").format(
            state=playing, pace=pace), style="dim")
        return Group(line, keys)

    def action_step(self, step: int) -> None:
        self.show(self.position + step)

    def action_play(self) -> None:
        if self._player is not None:
            self._stop()
        else:
            if self.position == self.timeline.positions - 1:
                self.position = -1  # at the end, play starts again from the start
            self._start()
            self._advance()
        self.show(max(self.position, 0))

    def _start(self) -> None:
        self._player = self.set_interval(SPEEDS[self.speed], self._advance)

    def _stop(self) -> None:
        if self._player is not None:
            self._player.stop()
            self._player = None

    def _advance(self) -> None:
        if self.position >= self.timeline.positions - 1:
            self._stop()
            self.show(self.position)
            return
        self.show(self.position + 1)
        if self.position >= self.timeline.positions - 1:
            self._stop()
            self.show(self.position)

    def action_speed(self, change: int) -> None:
        self.speed = max(0, min(len(SPEEDS) - 1, self.speed + change))
        if self._player is not None:
            self._stop()
            self._start()
        self.show(self.position)

    def action_next_view(self) -> None:
        seats = self.timeline.seats
        self.seat = 0 if self.seat is None else (None if self.seat + 1 >= seats else self.seat + 1)
        self.show(self.position)

    @on(OptionList.OptionHighlighted, "#moves")
    def _move_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        if event.option_index != self.position:
            self.show(event.option_index)


def seat_names(timeline: Timeline) -> list[str]:
    """The seats' names a record carries (``highstakes play`` saves them), else "Player 1" and so on."""
    names = timeline.record.get("seat_names")
    if isinstance(names, list) and len(names) == timeline.seats and all(isinstance(n, str) for n in names):
        return list(names)
    return [_("Player {number}").format(number=seat + 1) for seat in range(timeline.seats)]


def watch(timeline: Timeline, title: str = "") -> None:
    """Open the viewer full-screen until the person quits."""
    ReplayApp(timeline, title).run()
