"""What a table says: sentences by message id, the values they carry, and the pieces they name.

Every word a person reads on a declared table is a :class:`Say` (a message id of the game's
catalog, with arguments) or a :class:`Plain` text already in the reader's words (a label the
engine worded, a name). The face translates a ``Say`` in the reader's language (the terminal
through :mod:`highstakes.i18n`, the browser through ``/static/i18n.js`` with the same
catalogs) and writes each typed argument as that language writes it: :class:`Money`
("$1,000" / "1.000 $"), :class:`Number`, :class:`Percent`; a :class:`SeatRef` becomes the
seat's name as the face knows it (a person's name, "Bot 2 (steady)"), never "you": a sentence
about the reader is a message of its own, chosen by the declaration, which knows the viewing
seat. :class:`Strong` marks a part to draw bold.

The pieces (:class:`Die`, :class:`Coin`, :class:`Bill`, :class:`Card`, :class:`Case`) are
values too: a sentence names one through :class:`PieceRef`, and the collections of
:mod:`highstakes.table.widgets` draw them. A piece that a player may act on carries the
action's JSON (``act``), or a ``refusal`` saying in words why not; the face gives it a key.

All are frozen msgspec structs tagged by ``"widget"``, so a table encodes to plain JSON and
decodes back exactly (:func:`highstakes.table.encode`, :func:`highstakes.table.decode`).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

#: An action as the game reads it from JSON (``{"roll": true}``).
ActJSON = Any


class Node(msgspec.Struct, frozen=True, tag_field="widget", omit_defaults=True, kw_only=True):
    """What every table value and widget is: frozen, tagged by ``widget`` in its JSON."""


class Plain(Node, tag="plain"):
    """Text already in the reader's words (a label the engine worded in the reader's language,
    a question from a pack): shown as it is. Faces draw it as text; never a message id."""

    text: str


class Say(Node, tag="say"):
    """A sentence by message id (``msgid``, as written in the game's sources) with arguments.

    Faces translate ``msgid`` in the reader's language from ``domain`` (None: the table's
    domain, the game's own; a message the game's catalog lacks comes from the platform's),
    with ``plural`` and ``n`` for a message that has a plural (the form is chosen by ``n`` in
    the reader's language), then fill each ``{name}`` with ``args[name]`` written for the
    reader. Write one with :func:`say` or :func:`say_n`, which the catalogs' ``extract``
    reads, as it reads ``Say("...")``: a literal first argument is a message to translate.
    """

    msgid: str
    args: dict[str, Arg] = {}
    plural: str | None = None
    n: int | None = None
    domain: str | None = None


class Money(Node, tag="money"):
    """An amount in the currency's smallest unit (cents for ``USD``, yen for ``JPY``): written
    as the reader's language writes money ("$1,250", "1.250 $"), cents only when there are some."""

    amount: int
    currency: Literal["USD", "JPY"] = "USD"


class Number(Node, tag="number"):
    """A number written as the reader's language writes it ("12,345", "12.345", "12 345")."""

    value: int | float


class Percent(Node, tag="percent"):
    """A share (0.45) written as a percentage ("45%", "45 %"), with ``digits`` decimals."""

    share: float
    digits: int = 0


class SeatRef(Node, tag="seat"):
    """A seat (from 0) named as the face names it: the person's name, "Bot 2 (steady)", "Seat 3"."""

    seat: int


class Strong(Node, tag="strong"):
    """Its value drawn bold inside a sentence (an amount that matters, a name)."""

    value: Arg


class PieceRef(Node, tag="piece"):
    """A piece named in words inside a sentence: its ``label``, else what the face says of such a
    piece ("a die showing 5", "case 7", "a ¥500 coin")."""

    piece: Piece


class Listing(Node, tag="list"):
    """Several values as one phrase: ``and`` joins them as the language does ("Ann, Bob and Cy"),
    ``dots`` with a middle dot ("3 · 5 · 6"), for lists of numbers that have separators of their own."""

    items: list[Arg] = []
    join: Literal["and", "dots"] = "and"


#: Words a person reads: a sentence to translate, or text already in their words.
Text = Say | Plain


# --- pieces --------------------------------------------------------------------------------------


class Actionable(Node):
    """What a player may act on: ``act`` is the action's JSON the face sends when it is chosen
    (by click, touch or ``key``), the same path a menu uses; without ``act``, ``refusal`` says in
    one line why choosing it does nothing now. ``key`` is a suggestion from the declaration
    (``"b"`` for bank); :func:`highstakes.table.keys.assign_keys` fills every key in."""

    act: ActJSON | None = None
    refusal: Text | None = None
    key: str | None = None
    #: Marked as the advisor's choice (a star beside it).
    hint: bool = False

    @property
    def actionable(self) -> bool:
        return self.act is not None or self.refusal is not None


class Die(Actionable, tag="die", kw_only=True):
    """A die showing ``face`` (a number, or a symbol such as Greed's "G"), drawn as a square with
    ``shown`` (default: the face) on ``paint`` (a ``#rrggbb`` colour, default the theme's) in
    ``ink``; ``held`` draws it set aside. Its accessible name is ``label``, else "die showing 5"."""

    face: int | str
    shown: str | None = None
    paint: str | None = None
    ink: str | None = None
    held: bool = False
    label: Text | None = None


class Coin(Actionable, tag="coin", kw_only=True):
    """A coin of ``value``, drawn round with its amount; ``count`` of them stacked ("×3")."""

    value: Money
    count: int = 1
    label: Text | None = None


class Bill(Actionable, tag="bill", kw_only=True):
    """A bill (banknote) of ``value``, drawn as a wide rectangle; ``count`` of them ("×2")."""

    value: Money
    count: int = 1
    label: Text | None = None


class Card(Actionable, tag="card", kw_only=True):
    """A card of ``colour`` (an id the game names: ``"red"``, grouping a hand) and ``value``,
    drawn upright in ``paint`` with its value; ``label`` is its name in words ("red 7"), which the
    face always shows or speaks, so no meaning rests on colour alone. ``special`` words a power
    ("wild"); ``playable`` marks it legal to play, with a sign (▲) as well as emphasis;
    ``face_down`` draws its back (a card whose value the reader may not know)."""

    colour: str
    value: int | str | None = None
    paint: str | None = None
    label: Text | None = None
    special: Text | None = None
    playable: bool = False
    face_down: bool = False


class Case(Actionable, tag="case", kw_only=True):
    """A numbered case: ``value`` when the reader may know it (an opened case, their own revealed),
    else None (drawn closed); ``status`` says where it stands; ``holder`` is the seat holding it."""

    number: int
    value: Money | Number | None = None
    status: Literal["closed", "open", "held", "offered", "removed"] = "closed"
    holder: int | None = None
    label: Text | None = None


#: Anything that can lie on a table and be named in a sentence.
Piece = Die | Coin | Bill | Card | Case

#: What fills a ``{name}`` in a sentence: plain numbers and text (as they are), or typed values.
Arg = (
    bool | int | float | str | Money | Number | Percent | SeatRef | Strong | PieceRef | Listing | Say | Plain
)


def say(msgid: str, /, **args: Arg) -> Say:
    """A sentence of the game's: ``say("Roll {n}", n=3)``. The catalogs' ``extract`` reads ``say``."""
    return Say(msgid=msgid, args=args)


def say_n(singular: str, plural: str, n: int, /, **args: Arg) -> Say:
    """A sentence with a plural, the form chosen by ``n``: ``say_n("{n} die", "{n} dice", 2, n=2)``.
    ``n`` is given to the sentence as ``{n}`` too, unless ``args`` say otherwise."""
    return Say(msgid=singular, plural=plural, n=n, args={"n": Number(value=n), **args})


def platform_say(msgid: str, /, **args: Arg) -> Say:
    """A sentence of the platform's catalog (words every table shares, the generic table's)."""
    return Say(msgid=msgid, args=args, domain="highstakes")
