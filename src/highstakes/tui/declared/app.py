"""The terminal's one table for every game that declares one (and the generic table for the rest).

It draws ``GameDefinition.table(...)`` (or the generic declaration) for the seat whose turn it
is at this keyboard, or the last person's, with the drawers of :mod:`.draw`: the turn line on
top, the controls (menus, the amount box, a picker) and the notice in the right column with the
log, the main and side areas in a scrolling board on the left. At 80×24 the turn line and
the controls stay in view; the board scrolls.

Every actionable element has its key (worked out by :func:`highstakes.table.assign_keys`, as
the browser's are, and kept while the element stays): pressing it sends the element's action
through ``Game.act``, or says its refusal in one line. Digits open the amount box where the
table has one. A key that chooses nothing says so. Seats, bots, hints, new games, records and
the pass screen between people sharing the keyboard come from :class:`TableApp`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

import highstakes as hs
from highstakes.engine.action import JSON, Action
from highstakes.i18n import N_, _
from highstakes.i18n.numbers import format_number
from highstakes.table import (
    AmountBox,
    Compose,
    Legal,
    Menu,
    MenuItem,
    Table,
    TableContext,
    seat_table,
    table_for,
)
from highstakes.table.compose import action as composed_action
from highstakes.table.compose import can_add
from highstakes.table.keys import KEYS, actionables, areas
from highstakes.table.reading import Reader
from highstakes.tui.amounts import AmountError, amount_in_words, format_amount, parse_amount
from highstakes.tui.declared.draw import Drawing, draw_all, draw_board, draw_log, menu_line
from highstakes.tui.table import SHARED_CSS, Position, TableApp


class DeclaredTable(TableApp):
    """Any game at one screen, drawn from its declared table (see the module's text)."""

    CSS_PATH = [SHARED_CSS, "declared.tcss"]
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", N_("hint")),
        Binding("question_mark", "rules", N_("rules"), key_display="?"),
        Binding("n", "new_game", N_("new game")),
        Binding("q", "quit", N_("quit")),
    ]

    @classmethod
    def for_game(cls, game_id: str) -> type[DeclaredTable]:
        """The table, made for one game."""
        definition = hs.definition(game_id)
        return type(f"{cls.__name__}_{game_id}", (cls,), {
            "GAME_ID": game_id, "TITLE": definition.title, "__module__": cls.__module__,
        })

    def _reset_play_state(self) -> None:
        self._definition = hs.definition(self.GAME_ID)
        self._shown_seat: int | None = None
        self._hint: tuple[Position, JSON] | None = None
        self._table: Table = Table()
        self._keys: dict[str, str] = {}
        self._by_key: dict[str, Any] = {}
        self._composition: dict[str, list[JSON]] = {}
        self._entry: dict[str, Any] | None = None
        self._box: AmountBox | None = None
        self._confirmed: int | None = None  # an unusual amount asked about once, sent on the next Enter
        self._menu_acts: list[Any] = []

    # --- layout ----------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            with VerticalScroll(id="view"):
                yield Vertical(id="extensions")
                yield Static(id="view-panels")
            with Vertical(id="side"):
                yield Static(id="controls")
                yield OptionList(id="choices")
                # Digits typed at the table open the box: what was typed must stay, not be selected.
                yield Input(id="amount", placeholder=_("an amount"), select_on_focus=False)
                yield Static(id="notice")
                yield self._log_panel()
        yield Footer()

    def on_mount(self) -> None:
        self._begin_game()

    def _begin_game(self) -> None:
        self._log(Text(_("{title} · game {number} · seed {seed}").format(
            title=self.title, number=self.games_started, seed=self.game.seed), style="bold"))
        self._after_change()

    # --- whose table it is ----------------------------------------------------------------------
    def _seat_shown(self) -> int | None:
        """Whose table is drawn: the person to act, else the last one, else a spectator's."""
        seat = self.seat_to_act
        if seat is not None and seat not in self._bots:
            return seat
        if self._shown_seat is not None:
            return self._shown_seat
        people = self._people
        return people[0] if len(people) == 1 else None

    def _declared(self, seat: int | None) -> Table:
        """The seat's table now, with its keys kept from the last one."""
        game = self.game
        acting = self.human_to_act and seat is not None and seat in game.to_act
        actions = game.legal_actions(seat) if acting and seat is not None else []
        legal = Legal.of(actions, game.amount_entries(seat) if actions and seat is not None else ())
        context = TableContext(seat=seat, seats=game.seats, to_act=tuple(game.to_act), over=game.is_over,
                               result=game.result() if game.is_over else None, options=dict(game.options))
        table, self._keys = table_for(self._definition, game.view(seat), legal, context, self._keys)
        return table

    def _drawing(self) -> Drawing:
        hinted = self._hint[1] if self._hint and self._hint[0] == self._position else None
        return Drawing(reader=self._reader(), seat=self._shown_seat, hinted=hinted,
                       composition=self._composition, extended=frozenset(self._extension_kinds()))

    def _reader(self) -> Reader:
        return Reader(self._definition.words(), self.seat_name)

    # --- drawing ---------------------------------------------------------------------------------
    def _refresh_table(self) -> None:
        seat = self._seat_shown()
        if seat != self._shown_seat:
            self._composition = {}
        self._shown_seat = seat
        self._table = table = self._declared(seat)
        drawing = self._drawing()
        self._draw_status(table, drawing)
        view_box = self.query_one("#view", VerticalScroll)
        if seat is None:
            view_box.border_title = _("The table, as a spectator sees it")
        else:
            view_box.border_title = _("The table, as {name} sees it").format(name=self.seat_name(seat))
        self.query_one("#view-panels", Static).update(draw_board(table, drawing))
        self._draw_extensions(table)
        self._draw_controls(table, drawing)
        if table.log is not None:
            log = self.query_one("#log", RichLog)
            log.clear()
            log.write(draw_log(table.log, drawing))
        live = self.human_to_act
        self._by_key = {element.key: element for element in actionables(table) if element.key} if live else {}
        self._refresh_keys((live, tuple(sorted(self._by_key)), self._entry is not None, self.game.is_over))

    def _draw_status(self, table: Table, drawing: Drawing) -> None:
        status = self.query_one("#status", Static)
        turn = drawing.text(table.turn, "bold") if table.turn is not None else Text("")
        acting = self.seat_to_act
        if self.human_to_act and acting is not None and self._people != [acting]:
            # At a shared keyboard the line says who is to play: the table's words are for them.
            turn = Text(_("{name}: ").format(name=self.seat_name(acting)), style="bold").append_text(turn)
        status.update(turn)

    def _draw_controls(self, table: Table, drawing: Drawing) -> None:
        """The menus as one list (arrows and Enter, or their keys), the rest of the controls above it."""
        menus = [widget for widget in table.controls if isinstance(widget, Menu)]
        others = [widget for widget in table.controls if not isinstance(widget, Menu | AmountBox)]
        self.query_one("#controls", Static).update(draw_all(others, drawing))
        self.query_one("#controls", Static).display = bool(others)
        choices = self.query_one("#choices", OptionList)
        previously = choices.highlighted
        items: list[MenuItem] = [item for menu in menus for item in menu.items]
        self._menu_acts = [item.act for item in items]
        choices.set_options([Option(menu_line(item, drawing), id=f"move-{index}")
                             for index, item in enumerate(items)])
        live = bool(items) and self.human_to_act
        choices.disabled = not live
        acting = self.seat_to_act
        if menus and menus[0].title is not None:
            choices.border_title = drawing.text(menus[0].title).plain
        elif live:
            choices.border_title = _("Your moves")
        elif acting is not None and acting in self._bots:
            choices.border_title = _("{name} is thinking").format(name=self.seat_name(acting))
        else:
            choices.border_title = _("No moves")
        if live:
            hinted = drawing.hinted is not None
            self._offer_choices(choices, previously, hinted, choices)
        self._draw_amount(table, drawing)

    def _draw_amount(self, table: Table, drawing: Drawing) -> None:
        boxes = [node for node in areas(table) if isinstance(node, AmountBox)]
        box = self.query_one("#amount", Input)
        self._entry = boxes[0].entry if boxes and self.human_to_act else None
        self._box = boxes[0] if boxes else None
        box.display = self._entry is not None
        if self._entry is not None:
            entry = self._entry
            box.border_title = drawing.text(boxes[0].label).plain
            box.placeholder = _("from {low} to {high}, then Enter").format(
                low=format_amount(int(entry["low"]), entry), high=format_amount(int(entry["high"]), entry))

    def _extension_kinds(self) -> list[str]:
        return [extension.kind for extension in self._definition.table_extensions()
                if extension.textual is not None]

    def _draw_extensions(self, table: Table) -> None:
        """The game's own drawers for its Custom widgets (the escape hatch), above the board."""
        from highstakes.table import Custom

        place = self.query_one("#extensions", Vertical)
        drawers = {extension.kind: extension.textual for extension in self._definition.table_extensions()
                   if extension.textual is not None}
        place.remove_children()
        for node in areas(table):
            if isinstance(node, Custom) and node.kind in drawers:
                place.mount(drawers[node.kind](node.data))  # type: ignore[misc]

    # --- keys ------------------------------------------------------------------------------------
    @property
    def menu_keys(self) -> list[str | None]:
        """The key of each menu entry in the controls, in the order the list shows them."""
        return [item.key for menu in self._table.controls if isinstance(menu, Menu) for item in menu.items]

    def on_key(self, event: events.Key) -> None:
        """An element's key acts (or says why not); digits open the amount box; Backspace takes a
        picker's last piece back; any other table key says that it chooses nothing."""
        character = event.character
        if isinstance(self.focused, Input) or not self.human_to_act or character is None:
            return
        if event.key == "backspace" and self._composition:
            event.stop()
            self._take_back()
            return
        element = self._by_key.get(character)
        if element is not None:
            event.stop()
            self._choose(element)
        elif character.isdigit() and self._entry is not None:
            event.stop()
            box = self.query_one("#amount", Input)
            box.focus()
            box.insert_text_at_cursor(character)
        elif character in KEYS:
            event.stop()
            self._set_notice(Text(_("No choice on the table has the key {key}.").format(key=character),
                                  style="yellow"))

    def _choose(self, element: Any) -> None:
        from highstakes.table import ComposeChoice

        seat = self.seat_to_act
        if seat is None or not self.human_to_act:
            return
        if isinstance(element, ComposeChoice):
            self._add_piece(element)
        elif isinstance(element, Compose):
            self._send_composition(seat, element)
        elif element.act is not None:
            self._play(seat, element.act)
        elif element.refusal is not None:
            self._set_notice(self._drawing().text(element.refusal, "yellow"))

    def _composes(self) -> list[Compose]:
        return [node for node in areas(self._table) if isinstance(node, Compose)]

    def _add_piece(self, choice: Any) -> None:
        compose = next((c for c in self._composes() if choice in c.choices), None)
        if compose is None:
            return
        held = self._composition.setdefault(compose.kind, [])
        if not can_add(compose, held, choice.value):
            self._set_notice(Text(_("There is no more of that piece to add."), style="yellow"))
            return
        held.append(choice.value)
        self._set_notice(Text(""))
        self._refresh_table()

    def _take_back(self) -> None:
        for kind, held in self._composition.items():
            if held:
                held.pop()
                if not held:
                    del self._composition[kind]
                break
        self._refresh_table()

    def _send_composition(self, seat: int, compose: Compose) -> None:
        action = composed_action(compose, self._composition.get(compose.kind, []))
        if action is None:
            refusal = compose.refusal
            words = (self._drawing().text(refusal, "yellow") if refusal is not None else
                     Text(_("That choice of pieces cannot be sent now."), style="yellow"))
            self._set_notice(words)
            return
        if self._play(seat, action):
            self._composition.pop(compose.kind, None)

    @on(OptionList.OptionSelected, "#choices")
    def _choice_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_id is None or not event.option_id.startswith("move-"):
            return
        index = int(event.option_id.removeprefix("move-"))
        items = [item for menu in self._table.controls if isinstance(menu, Menu) for item in menu.items]
        if 0 <= index < len(items):
            self._choose(items[index])

    # --- the amount box --------------------------------------------------------------------------
    @on(Input.Changed, "#amount")
    def _amount_changed(self, event: Input.Changed) -> None:
        """What the box reads, in words, before it is sent."""
        if self._entry is None or not event.value.strip():
            return
        try:
            amount = parse_amount(event.value, self._entry)
        except AmountError:
            self._set_notice(Text(""))
            return
        spelled = amount_in_words(amount, self._entry)
        shown = format_amount(amount, self._entry)
        self._set_notice(Text(f"= {shown}, {spelled}" if spelled else f"= {shown}"))

    @on(Input.Submitted, "#amount")
    def _amount_submitted(self, event: Input.Submitted) -> None:
        seat = self.seat_to_act
        if seat is None or not self.human_to_act or self._entry is None:
            return
        try:
            amount = parse_amount(event.value, self._entry)
        except AmountError as problem:
            self._set_notice(Text(_("Not sent: {reason}").format(reason=problem), style="bold red"))
            return
        limit = self._box.confirm_above if self._box is not None else None
        if limit is not None and amount > limit and self._confirmed != amount:
            # An unusual amount is sent only when Enter is pressed again for it.
            self._confirmed = amount
            self._set_notice(Text(_("{amount} is unusually high: press Enter again to send it.").format(
                amount=format_amount(amount, self._entry)), style="bold yellow"))
            return
        self._confirmed = None
        if self._play(seat, {str(self._entry["kind"]): amount}):
            event.input.value = ""

    # --- hot-seat secrecy and the log ------------------------------------------------------------
    def _set_table_hidden(self, hidden: bool) -> None:
        self.query_one("#main", Horizontal).display = not hidden
        if hidden:
            self.query_one("#status", Static).update("")

    def _after_move(self, before: dict[str, JSON], seat: int, action: Action | JSON) -> None:
        if self._table.log is not None:
            return  # the game's own log says what happened
        # In a game with secrets another seat's move may be one (a blind bid): say only that it moved.
        shown = action if isinstance(action, Action) else self._definition.parse_action(action)
        if self._definition.hidden_information and seat != self._shown_seat:
            self._log(Text(_("{name} has moved").format(name=self.seat_name(seat))))
        else:
            self._log(Text(_("{name}: {move}").format(name=self.seat_name(seat), move=shown)))

    # --- hints -----------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "hint":
            return self.human_to_act and self._definition.advisor() is not None
        return super().check_action(action, parameters)

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
        self._refresh_table()

    def _score_text(self, score: Any) -> str:
        return format_number(score) if isinstance(score, int | float) else str(score)

    # --- a replay's picture ----------------------------------------------------------------------
    @classmethod
    def draw_position(cls, game: hs.Game, seat: int | None,
                      seat_name: Callable[[int], str]) -> RenderableType:
        """The table ``seat`` saw in ``game`` as one picture (a replay's): the declaration, no actions."""
        table, _keys = seat_table(game, seat, replay=True)
        return draw_board(table, Drawing(reader=Reader(game.definition.words(), seat_name), seat=seat),
                          with_turn=True)

    @classmethod
    def draw_view(cls, view: dict[str, JSON], seat_name: Callable[[int], str],
                  to_act: Sequence[int] = ()) -> RenderableType:
        """The table for ``view`` alone as one picture, as far as the view tells (its seats from its
        ``scores``, else from who acts); a replay draws ``draw_position``, which knows the game."""
        definition = hs.definition(cls.GAME_ID)
        seat = view.get("you") if isinstance(view.get("you"), int) else None
        scores = view.get("scores")
        seats = len(scores) if isinstance(scores, list) else max([*to_act, seat or 0]) + 1
        context = TableContext(seat=seat, seats=seats, to_act=tuple(to_act), replay=True)  # type: ignore[arg-type]
        table, _keys = table_for(definition, view, Legal(), context)
        return draw_board(table, Drawing(reader=Reader(definition.words(), seat_name), seat=seat),  # type: ignore[arg-type]
                          with_turn=True)
