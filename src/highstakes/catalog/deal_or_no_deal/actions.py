"""Deal or No Deal's moves: one small value type, a kind and, for some kinds, an amount.

The JSON form is ``{kind: amount}`` for kinds that carry a number (a case number, a
value or an amount in cents) and ``{kind: true}`` for the others.
"""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.deal_or_no_deal.money import dollars
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
        amount = self.amount or 0
        labels = {
            "pick": f"pick case {amount} as yours",
            "open": f"open case {amount}",
            "guess": f"guess {dollars(amount)} (free)",
            "paid_guess": f"paid guess {dollars(amount)}",
            "no_guess": "no guess",
            "offer": f"offer {dollars(amount)}",
            "deal": "deal",
            "no_deal": "no deal",
            "counter": f"counter {dollars(amount)}",
            "accept": "accept the counter",
            "stand": "stand firm",
            "keep": "keep your case",
            "swap": "swap for the other case",
        }
        return labels[self.kind]


def parse_move(data: JSON) -> Move:
    shape = (
        'a move is one of {"pick": n}, {"open": n}, {"guess": cents}, {"paid_guess": cents}, '
        '{"offer": cents}, {"counter": cents}, or {"no_guess" | "deal" | "no_deal" | "accept" '
        '| "stand" | "keep" | "swap": true}'
    )
    if not isinstance(data, dict) or len(data) != 1:
        raise IllegalAction("bad_action", f"{shape}; got {data!r}", "§3")
    ((kind, value),) = data.items()
    if kind in NUMBER_KINDS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalAction("bad_action", f'"{kind}" takes a whole number; got {value!r}', "§3")
        return Move(kind, value)
    if kind in FLAG_KINDS:
        if value is not True:
            raise IllegalAction("bad_action", f'"{kind}" takes the value true; got {value!r}', "§3")
        return Move(kind)
    raise IllegalAction("bad_action", f"{shape}; got {data!r}", "§3")
