"""The stacking game's moves, each a small value with a JSON form.

* ``{"bid": 3}``: the whole count of your row (your turn to bid); ``{"pass": true}``;
* ``{"lay": 500}``: one of your pieces, next in your row, until the row is as long as the bid
  (``{"lay": 100, "count": 3}``: three of that kind); ``{"take": 500}``: a piece from the bag
  instead, after matching with too few pieces (``count`` too);
* ``{"place": -150}``: the offset from the centre of the piece beneath, in hundredths of a
  millimetre (negative: to the left); ``{"place": -150, "level": 2}`` slides it in with that
  many pieces below it;
* ``{"report": "stood"}`` (``miss``, ``collapse``, ``touched``) in companion mode.
"""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.currency_sakana import COINS, DENOMINATIONS, yen
from highstakes.catalog.stacking.model import COLLAPSE, MAX_OFFSET, MISS, STOOD, TOUCHED
from highstakes.catalog.stacking.words import N_, _, ngettext
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction
from highstakes.i18n.numbers import format_number

#: No row is longer than every piece of a six-seat longer game with the largest bag.
MAX_BID = 400
OUTCOMES = (STOOD, MISS, COLLAPSE, TOUCHED)


def piece_name(piece: int) -> str:
    """One piece in words: "¥500 coin", "¥1,000 bill"."""
    if piece in COINS:
        return _("{amount} coin").format(amount=yen(piece))
    return _("{amount} bill").format(amount=yen(piece))


def millimetres(offset: int) -> str:
    """An offset in hundredths of a millimetre as people read it: "1.5 mm"."""
    from decimal import Decimal

    return _("{number} mm").format(number=format_number(Decimal(abs(offset)) / 100))


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Declare how many pieces your row holds this round (RULES.md §5.3, bidding)."""

    count: int

    def to_json(self) -> JSON:
        return {"bid": self.count}

    def __str__(self) -> str:
        if self.count == 0:
            return _("bid nothing for now")
        return ngettext("bid {n} piece", "bid {n} pieces", self.count).format(n=self.count)


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass for the round: your bid is locked (RULES.md §5.3, bidding, step 2)."""

    def to_json(self) -> JSON:
        return {"pass": True}

    def __str__(self) -> str:
        return _("pass")


@dataclass(frozen=True, slots=True)
class Lay(Action):
    """Lay ``count`` of your pieces of one kind next in your row, or (``from_bag``) take them from
    the bag."""

    piece: int
    from_bag: bool = False
    count: int = 1

    def to_json(self) -> JSON:
        kind = "take" if self.from_bag else "lay"
        return {kind: self.piece} if self.count == 1 else {kind: self.piece, "count": self.count}

    def __str__(self) -> str:
        piece = piece_name(self.piece)
        # Said without "your": a move's label also follows another player's name in a log.
        if self.from_bag:
            return ngettext("take a {piece} from the bag for the row",
                            "take {n} × {piece} from the bag for the row", self.count).format(
                piece=piece, n=self.count)
        return ngettext("lay a {piece} in the row", "lay {n} × {piece} in the row", self.count).format(
            piece=piece, n=self.count)


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Place your row's next piece ``offset`` hundredths of a millimetre from the centre of the
    piece it lands on (negative: to the left), on top or, with ``level``, slid in with that many
    pieces below it (RULES.md §7.4)."""

    offset: int
    level: int | None = None

    def to_json(self) -> JSON:
        if self.level is None:
            return {"place": self.offset}
        return {"place": self.offset, "level": self.level}

    def __str__(self) -> str:
        if self.offset == 0:
            where = _("place the piece centred")
        elif self.offset < 0:
            where = _("place the piece {distance} left of centre").format(distance=millimetres(self.offset))
        else:
            where = _("place the piece {distance} right of centre").format(distance=millimetres(self.offset))
        if self.level is None:
            return where
        return ngettext("{placement}, slid in above {n} piece", "{placement}, slid in above {n} pieces",
                        self.level).format(placement=where, n=self.level)


@dataclass(frozen=True, slots=True)
class Report(Action):
    """Companion mode: how placing a real piece went (RULES.md §7.4)."""

    outcome: str

    def to_json(self) -> JSON:
        return {"report": self.outcome}

    def __str__(self) -> str:
        return {
            STOOD: _("it stood"),
            MISS: _("it fell to the table (place it again)"),
            COLLAPSE: _("the stack fell"),
            TOUCHED: _("I moved another piece"),
        }.get(self.outcome, self.outcome)


#: What each number of a move is, said to whoever sends another value (a fraction, a word,
#: true, a number out of range), in words and without repeating what was sent.
NUMBER_WORDS = {
    "bid": N_("a bid is a whole number of pieces, from 0 to {most}"),
    "count": N_("a count is a whole number of pieces, from 1 to {most}"),
    "place": N_("a piece is placed at most {distance} left or right of the centre"),
    "level": N_("a piece slides in above a whole number of pieces, from 0 to {most}"),
}


def _integer(raw: object, low: int, high: int, what: str, rule: str) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or not low <= raw <= high:
        message = _(NUMBER_WORDS[what]).format(most=high, distance=millimetres(MAX_OFFSET))
        raise IllegalAction("bad_action", message, rule)
    return raw


def _piece(raw: object) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw not in DENOMINATIONS:
        pieces = ", ".join(yen(piece) for piece in DENOMINATIONS)
        raise IllegalAction("bad_action", _("a piece is named by its value: {pieces}").format(pieces=pieces),
                            "§5.1")
    return raw


def parse_move(data: JSON) -> Action:
    if isinstance(data, dict) and len(data) == 1:
        ((kind, raw),) = data.items()
        if kind == "bid":
            return Bid(_integer(raw, 0, MAX_BID, "bid", "§5.3"))
        if kind == "pass" and raw is True:
            return Pass()
        if kind in ("lay", "take"):
            return Lay(_piece(raw), from_bag=kind == "take")
        if kind == "place":
            return Place(_integer(raw, -MAX_OFFSET, MAX_OFFSET, "place", "§7.4"))
        if kind == "report":
            if raw not in OUTCOMES:
                raise IllegalAction("bad_action", _("report is one of {outcomes}; got {value}").format(
                    outcomes=", ".join(OUTCOMES), value=repr(raw)[:40]), "§7.4")
            return Report(raw)
    if isinstance(data, dict) and len(data) == 2 and "count" in data and set(data) & {"lay", "take"}:
        kind = "take" if "take" in data else "lay"
        return Lay(_piece(data[kind]), from_bag=kind == "take",
                   count=_integer(data["count"], 1, MAX_BID, "count", "§5.3"))
    if isinstance(data, dict) and set(data) == {"place", "level"}:
        offset = _integer(data["place"], -MAX_OFFSET, MAX_OFFSET, "place", "§7.4")
        return Place(offset, _integer(data["level"], 0, MAX_BID * 6, "level", "§5.3"))
    shape = _('a move is {"bid": count}, {"pass": true}, {"lay": piece}, {"take": piece}, '
              '{"place": offset} or {"report": outcome}')
    raise IllegalAction("bad_action", shape + "; " + _("got {data}").format(data=repr(data)[:80]), "§5.3")
