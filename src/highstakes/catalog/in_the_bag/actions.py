"""It's in the Bag's moves: feed one piece to the bag, or seal a bid made of pieces.

JSON forms: ``{"feed": 500}`` (a piece's value) and ``{"bid": [500, 100, 100]}`` (the pieces
in the closed fist, largest first).
"""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.in_the_bag.pieces import COINS, DENOMINATIONS, pieces_text, to_pieces, yen
from highstakes.catalog.in_the_bag.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction

#: No hand holds more pieces than this (every piece of a six-seat game and a large reserve),
#: so a longer list is refused before anything else is read.
MAX_BID_PIECES = 500


@dataclass(frozen=True, slots=True)
class Feed(Action):
    """Slip one piece into the bag (RULES.md §5.2, step 1)."""

    piece: int

    def to_json(self) -> JSON:
        return {"feed": self.piece}

    def __str__(self) -> str:
        if self.piece in COINS:
            return _("feed a {amount} coin").format(amount=yen(self.piece))
        return _("feed a {amount} bill").format(amount=yen(self.piece))


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A blind bid: the pieces in the closed fist, largest first (RULES.md §5.2, step 2)."""

    pieces: tuple[int, ...]

    def to_json(self) -> JSON:
        return {"bid": list(self.pieces)}

    @property
    def amount(self) -> int:
        return sum(self.pieces)

    def __str__(self) -> str:
        if len(self.pieces) == 1:
            return _("bid {amount}").format(amount=yen(self.amount))
        return _("bid {amount} ({pieces})").format(amount=yen(self.amount), pieces=pieces_text(self.pieces))


def bid_of(counts: tuple[int, ...] | list[int]) -> Bid:
    """The bid of these counts of pieces."""
    return Bid(to_pieces(counts))


def _piece(raw: object) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int) or raw not in DENOMINATIONS:
        pieces = ", ".join(yen(piece) for piece in DENOMINATIONS)
        raise IllegalAction("bad_action", _("a piece is named by its value: {pieces}").format(pieces=pieces),
                            "§5.1")
    return raw


def parse_move(data: JSON) -> Feed | Bid:
    if isinstance(data, dict) and len(data) == 1:
        ((kind, raw),) = data.items()
        if kind == "feed":
            return Feed(_piece(raw))
        if kind == "bid":
            if not isinstance(raw, list) or len(raw) > MAX_BID_PIECES:
                message = _("a bid is a list of pieces, such as [500, 100]; got {value}")
                raise IllegalAction("bad_action", message.format(value=repr(raw)[:80]), "§5.2")
            pieces = tuple(sorted((_piece(piece) for piece in raw), reverse=True))
            return Bid(pieces)
    shape = _('a move is {"feed": piece} or {"bid": [pieces]}, a piece being 100, 500, 1000 or 5000')
    raise IllegalAction("bad_action", shape + "; " + _("got {data}").format(data=repr(data)[:80]), "§5.2")
