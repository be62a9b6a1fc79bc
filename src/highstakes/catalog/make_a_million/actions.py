"""Make-A-Million's moves: one small value type, a kind and what it carries.

JSON forms: ``{"bid": 190000}`` (whole dollars), ``{"pass": true}``, ``{"discard": "Y3"}``,
``{"trump": "red"}`` (or ``"none_high"``, ``"none_low"`` for no trump), ``{"play": "R40"}``,
and, when the misdeal rule is on, ``{"redeal": true}`` or ``{"play_on": true}``.
"""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.make_a_million.cards import COLOUR_WORDS, COLOURS, ONE_DECK, card_name, dollars
from highstakes.catalog.make_a_million.words import _, ngettext
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction

FLAG_KINDS = ("pass", "redeal", "play_on")
#: The trick-count Variation's bid: a number of tricks (RULES.md §1.14).
COUNT_KINDS = ("tricks",)
CARD_KINDS = ("discard", "play", "call")
TRUMPS = (*COLOURS, "none_high", "none_low")


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: str
    card: str | None = None  # a card id, or the trump named
    amount: int | None = None  # a bid, in whole dollars

    def to_json(self) -> JSON:
        if self.kind in ("bid", "tricks"):
            return {self.kind: self.amount}
        if self.kind in FLAG_KINDS:
            return {self.kind: True}
        return {self.kind: self.card}

    def __str__(self) -> str:
        kind = self.kind
        if kind == "bid":
            return _("bid {amount}").format(amount=dollars(self.amount or 0))
        if kind == "pass":
            return _("pass")
        if kind == "tricks":
            return ngettext("bid {n} trick", "bid {n} tricks", self.amount or 0).format(n=self.amount)
        if kind == "redeal":
            return _("call a misdeal")
        if kind == "play_on":
            return _("play this deal")
        if kind == "discard":
            return _("discard {card}").format(card=card_name(self.card or ""))
        if kind == "play":
            return _("play {card}").format(card=card_name(self.card or ""))
        if kind == "call":
            return _("call {card}").format(card=card_name(self.card or ""))
        if self.card == "none_high":
            return _("no trump, the Tiger high")
        if self.card == "none_low":
            return _("no trump, the Tiger low")
        return _("trump: {colour}").format(colour=_(COLOUR_WORDS[self.card or "red"]))


def parse_move(data: JSON) -> Move:
    if isinstance(data, dict) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind == "bid":
            if isinstance(value, bool) or not isinstance(value, int):
                raise IllegalAction("bad_action", _("a bid is a whole number of dollars"), "§1.5")
            return Move("bid", amount=value)
        if kind == "tricks":
            if isinstance(value, bool) or not isinstance(value, int):
                raise IllegalAction("bad_action", _("a trick bid is a whole number of tricks"), "§1.14")
            return Move("tricks", amount=value)
        if kind in FLAG_KINDS:
            if value is not True:
                raise IllegalAction("bad_action", _("{move} takes the value true; got {value}").format(
                    move=repr(kind), value=repr(value)), "§1")
            return Move(kind)
        if kind in CARD_KINDS:
            if not isinstance(value, str) or value not in ONE_DECK:
                raise IllegalAction("bad_action", _("there is no card {card} in the deck").format(
                    card=repr(value)), "§1.2")
            return Move(kind, card=value)
        if kind == "trump":
            if value not in TRUMPS:
                message = _("trump is red, yellow, black or green; got {value}")
                raise IllegalAction("bad_action", message.format(value=repr(value)), "§1.6")
            return Move("trump", card=value)
    shape = _('a move is one of {"bid": dollars}, {"pass": true}, {"discard": card}, {"trump": colour}, '
              '{"play": card}, {"call": card}, {"tricks": n}, {"redeal": true} or {"play_on": true}')
    raise IllegalAction("bad_action", shape + "; " + _("got {data}").format(data=repr(data)), "§1")
