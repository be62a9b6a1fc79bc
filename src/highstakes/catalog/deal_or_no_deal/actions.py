"""Deal or No Deal's moves: one small value type, a kind and, for some kinds, an amount.

The JSON form is ``{kind: amount}`` for kinds that carry a number (a case number, a
value or an amount in cents) and ``{kind: true}`` for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.deal_or_no_deal.money import MAX_OFFER, MIN_OFFER, NUM_CASES, dollars
from highstakes.catalog.deal_or_no_deal.words import N_, _
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction

#: Kinds whose JSON value is a number: a case (pick, open) or cents (the rest).
NUMBER_KINDS = ("pick", "open", "guess", "paid_guess", "offer", "counter")
#: Kinds whose JSON value is ``true``.
FLAG_KINDS = ("no_guess", "deal", "no_deal", "accept", "stand", "keep", "swap")


@dataclass(frozen=True, slots=True)
class Move(Action):
    kind: str
    amount: int | None = None  # the case number or the cents, for NUMBER_KINDS

    def to_json(self) -> JSON:
        return {self.kind: self.amount if self.kind in NUMBER_KINDS else True}

    def __str__(self) -> str:
        label = _(LABELS[self.kind])
        if self.kind in CASE_KINDS:
            return label.format(case=self.amount)
        if self.kind in NUMBER_KINDS:
            return label.format(amount=dollars(self.amount or 0))
        return label


#: What each move is called, for people (``{case}`` a case number, ``{amount}`` money).
LABELS = {
    "pick": N_("pick case {case} as yours"),
    "open": N_("open case {case}"),
    "guess": N_("guess {amount} (free)"),
    "paid_guess": N_("paid guess {amount}"),
    "no_guess": N_("no guess"),
    "offer": N_("offer {amount}"),
    "deal": N_("deal"),
    "no_deal": N_("no deal"),
    "counter": N_("counter-offer {amount}"),
    "accept": N_("accept the counter-offer"),
    "stand": N_("stand firm"),
    "keep": N_("keep your case"),
    "swap": N_("swap for the other case"),
}
CASE_KINDS = ("pick", "open")
#: What the number of each kind is, said to whoever sent something else (a fraction, a word,
#: true, null): in words, without repeating what was sent. A float is refused even when it is
#: whole (100.0): JSON's amounts are whole numbers, as JavaScript writes them.
NUMBER_WORDS = {
    "pick": (N_("a case is chosen by its number, from 1 to {last}"), "§3.1"),
    "open": (N_("a case is chosen by its number, from 1 to {last}"), "§3.1"),
    "guess": (N_("a guess names one of the values still on the board"), "§3.6 (D-8)"),
    "paid_guess": (N_("a guess names one of the values still on the board"), "§3.6 (D-8)"),
    "offer": (N_("an offer is a whole number of dollars from {low} to {high}"), "§7.1"),
    "counter": (N_("a counter-offer is a whole number of dollars from {low} to {high}"), "§7.1"),
}


def parse_move(data: JSON) -> Move:
    if isinstance(data, dict) and len(data) == 1:
        ((kind, value),) = data.items()
        if kind in NUMBER_KINDS:
            if isinstance(value, bool) or not isinstance(value, int):
                words, rule = NUMBER_WORDS[kind]
                raise IllegalAction("bad_action", _(words).format(
                    last=NUM_CASES, low=dollars(MIN_OFFER), high=dollars(MAX_OFFER)), rule)
            return Move(kind, value)
        if kind in FLAG_KINDS:
            if value is not True:
                raise IllegalAction("bad_action", _("{move} takes the value true; got {value}").format(
                    move=repr(kind), value=repr(value)), "§3")
            return Move(kind)
    shape = _('a move is one of {"pick": n}, {"open": n}, {"guess": cents}, {"paid_guess": cents}, '
              '{"offer": cents}, {"counter": cents}, or {"no_guess" | "deal" | "no_deal" | "accept" '
              '| "stand" | "keep" | "swap": true}')
    raise IllegalAction("bad_action", shape + "; " + _("got {data}").format(data=repr(data)), "§3")
