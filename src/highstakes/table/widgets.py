"""The widgets a game declares its table with, and how each face draws them.

A :class:`Table` is what one seat sees at one position: a one-line ``turn`` (whose turn it is,
what is asked), then areas the faces place: ``main`` (what the game is about: dice, cases, a
hand), ``side`` (seats, scores, boards), ``controls`` (what the reader can do: menus, amount
boxes, pickers) and ``log``. The terminal draws the turn line and the controls first, so they
stay in view at 80×24, and scrolls the rest; the browser puts ``main`` and ``controls`` first
and ``side`` beside them on a wide screen, below on a narrow one.

Only actionable elements send anything: a :class:`MenuItem`, a piece with ``act``
(:class:`~highstakes.table.values.Actionable`), a :class:`Compose` or an :class:`AmountBox`.
Each sends the game's action JSON through the face's one path (the room's ``act`` message with
its version; the terminal's ``Game.act``), so the engine checks and refuses as it always does.
"""

from __future__ import annotations

from typing import Any, Literal

from highstakes.table.values import (
    Actionable,
    ActJSON,
    Arg,
    Bill,
    Card,
    Case,
    Coin,
    Die,
    Node,
    Piece,
    Plain,
    Say,
    SeatRef,
    Text,
)

Tone = Literal["info", "warn", "win", "bad"]


# --- layout --------------------------------------------------------------------------------------


class Panel(Node, tag="panel"):
    """A titled group: a bordered box in the terminal, a ``<section>`` with a heading in the browser."""

    title: Text | None = None
    children: list[Widget] = []


class Row(Node, tag="row"):
    """Children side by side (wrapping on a narrow screen)."""

    children: list[Widget] = []


class Column(Node, tag="column"):
    """Children one under another."""

    children: list[Widget] = []


class Note(Node, tag="note"):
    """A sentence that stands out: ``info`` plain, ``warn`` yellow, ``win`` green and bold, ``bad``
    red. The browser reads a note to screen readers once, through its polite live region."""

    text: Text
    tone: Tone = "info"


class Fact(Node, tag="fact"):
    """One named value: "Turn total: 12"."""

    label: Text
    value: Arg | None = None


class Facts(Node, tag="facts"):
    """Named values as two columns (a ``<dl>`` in the browser): what a view's plain values are."""

    rows: list[Fact] = []


class Records(Node, tag="records"):
    """Rows of values under column headings (a history, a table of offers): the newest
    ``limit`` rows shown, with "the last 12 of 40" beneath when some are left out (``total``
    counts them when the declaration sends only the newest)."""

    columns: list[Text] = []
    rows: list[list[Arg | None]] = []
    title: Text | None = None
    limit: int = 12
    #: How many rows there are in all, when ``rows`` holds only the newest (a long log).
    total: int | None = None


# --- seats ---------------------------------------------------------------------------------------


class SeatRow(Node, tag="seat_row"):
    """One seat round the table: ``to_act`` draws the turn marker (▶, "to play"), ``status`` a
    word on it ("holds", "out"), ``score`` its number or money, ``side`` its partnership (seats
    of one side share a mark), ``badges`` short words, ``winner`` a crown at the end. The face adds
    the seat's name (the reader's own seat says "you"), bots' labels, presence and the turn timer."""

    seat: int
    to_act: bool = False
    status: Text | None = None
    score: Arg | None = None
    side: int | None = None
    badges: list[Text] = []
    winner: bool = False


class Seats(Node, tag="seats"):
    """The seats as a table of rows, in seat order (``table``) or ranked as the game is won
    (``standings``: the declaration orders the rows, so fewer pieces can win)."""

    rows: list[SeatRow] = []
    order: Literal["table", "standings"] = "table"
    score_label: Text | None = None


# --- collections of pieces ----------------------------------------------------------------------


class Dice(Node, tag="dice"):
    """Dice in a row, drawn as coloured squares (three lines tall in the terminal)."""

    dice: list[Die] = []
    label: Text | None = None


class Pieces(Node, tag="pieces"):
    """Pieces in a row: coins and bills, a trick of cards, anything mixed."""

    pieces: list[Piece] = []
    label: Text | None = None


class HandGroup(Node, tag="hand_group"):
    """The cards of one colour in a hand, under the colour's name."""

    colour: str
    label: Text | None = None
    paint: str | None = None
    cards: list[Card] = []


class Hand(Node, tag="hand"):
    """A hand grouped by colour, the playable cards marked (▲ and emphasis) and bound to keys."""

    groups: list[HandGroup] = []
    label: Text | None = None


class CaseGrid(Node, tag="case_grid"):
    """Cases in a grid of ``columns`` (default: as many as fit), closed ones showing their number."""

    cases: list[Case] = []
    columns: int | None = None
    label: Text | None = None


class Rung(Node, tag="rung"):
    """One step of a ladder: its ``amount``, ``safe`` for a safe haven (drawn with a sign)."""

    amount: Arg
    safe: bool = False
    label: Text | None = None


class Ladder(Node, tag="ladder"):
    """A money ladder drawn top down: ``rungs`` from the bottom, ``current`` the index reached,
    ``marks`` words beside rungs by index (a hunch, a lifeline used)."""

    rungs: list[Rung] = []
    current: int | None = None
    marks: dict[int, Text] = {}
    label: Text | None = None


# --- words over time -----------------------------------------------------------------------------


class Log(Node, tag="log"):
    """What happened, a sentence an entry, oldest first (``newest_first`` turns it round)."""

    entries: list[Text] = []
    newest_first: bool = False
    title: Text | None = None


class Clock(Node, tag="clock"):
    """Seconds left to ``of`` (a game's own clock; the turn timer is the face's already)."""

    seconds_left: float
    of: SeatRef | None = None
    label: Text | None = None


class Bar(Node, tag="bar"):
    """One bar: its ``label``, its ``value`` (lengths are to scale with the largest), the value
    as shown (``shown``: money, a percentage; default the number) and ``highlight``."""

    label: Text
    value: float
    shown: Arg | None = None
    highlight: bool = False


class Bars(Node, tag="bars"):
    """A bar chart (the audience's votes, the banker's offers)."""

    items: list[Bar] = []
    label: Text | None = None


# --- controls: the only widgets that send --------------------------------------------------------


class MenuItem(Actionable, tag="menu_item", kw_only=True):
    """One entry of a menu: ``label`` says it, ``detail`` adds a second line; ``act`` sends it."""

    label: Text
    detail: Text | None = None


class Menu(Node, tag="menu"):
    """A menu of choices, one button (terminal: one line) each, with its key in front."""

    items: list[MenuItem] = []
    title: Text | None = None


class ComposeChoice(Actionable, tag="compose_choice", kw_only=True):
    """A piece a :class:`Compose` can add, ``count`` times at most; ``value`` is what goes in the
    action's list (``500`` for a ¥500 coin). Its key adds one; ``act`` is unused."""

    piece: Piece
    value: ActJSON
    count: int = 1


class Compose(Node, tag="compose", kw_only=True):
    """A multiset picker: the reader adds pieces (``choices``) to a composition, takes them back,
    and sends ``{kind: [values...]}`` with ``submit``. Only compositions in ``legal`` (each a list
    of values, compared as multisets) are sent; any other says ``refusal`` (or a platform sentence)
    in one line. It's in the Bag's fist."""

    kind: str
    choices: list[ComposeChoice] = []
    legal: list[list[ActJSON]] = []
    submit: Text
    refusal: Text | None = None
    label: Text | None = None
    key: str | None = None


class AmountBox(Node, tag="amount_box"):
    """A box to type an amount for ``entry`` (an amount entry's JSON, ``Game.amount_entries``): read
    with the strict parser of the reader's language, said back in words as it is typed, and sent
    as ``{kind: amount}``. ``confirm_above`` asks once before sending more than that; ``quick``
    amounts are buttons that fill the box. Wherever a box is on the table, digits open it."""

    entry: dict[str, Any]
    label: Text
    confirm_above: int | None = None
    quick: list[int] = []


# --- the escape hatch ----------------------------------------------------------------------------


class Custom(Node, tag="custom"):
    """What no widget can show (the stacking game's stack drawn to scale): drawn by the drawer the
    game registers for ``kind`` (``GameDefinition.table_extensions()``), given ``data``; a face
    without that drawer (a text dump, a plugin's face) draws ``fallback``."""

    kind: str
    data: Any = None
    fallback: list[Widget] = []


#: Every widget a table area may hold.
Widget = (
    Panel | Row | Column | Note | Facts | Records | Seats | Dice | Pieces | Hand | CaseGrid | Ladder | Log
    | Clock | Bars | Menu | Compose | AmountBox | Custom | Say | Plain | Die | Coin | Bill | Card | Case
)


class Table(Node, tag="table"):
    """What one seat sees: the ``turn`` line, then the areas (see the module's text).

    ``domain`` (filled in when the table is built) is the catalog its sentences come from;
    ``extensions`` maps each :class:`Custom` kind the game draws itself to its browser module's
    address (filled in by the server)."""

    turn: Text | None = None
    main: list[Widget] = []
    side: list[Widget] = []
    controls: list[Widget] = []
    log: Log | None = None
    domain: str | None = None
    extensions: dict[str, str] = {}


__all__ = [
    "AmountBox",
    "Bar",
    "Bars",
    "CaseGrid",
    "Clock",
    "Column",
    "Compose",
    "ComposeChoice",
    "Custom",
    "Dice",
    "Fact",
    "Facts",
    "Hand",
    "HandGroup",
    "Ladder",
    "Log",
    "Menu",
    "MenuItem",
    "Note",
    "Panel",
    "Pieces",
    "Records",
    "Row",
    "Rung",
    "SeatRow",
    "Seats",
    "Table",
    "Tone",
    "Widget",
]
