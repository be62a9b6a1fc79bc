"""Deal or No Deal guessers: a case holder's guess, and the host's after a deal (§3.5, D-8 to D-10).

Nobody sees a case's value before it opens, so a guess names each of the n values still on the
board with the same chance 1/n of being right, whatever the value:

* a **free guess** wins $5,000 when right: worth $5,000 / n, whatever value it names, so it is
  always worth making (it costs nothing) and the value named does not matter;
* a **paid guess** naming v wins v itself for the round's price: worth v / n − price, best for
  the largest value left.

:class:`EvGuesser` makes the best paid guess only when it beats the free one (for a host after
a deal, where no free guess is allowed, when it is worth more than nothing) and its price is
at most a set share of the seat's spendable cash, so a run of bad luck cannot drain a player.
It ignores what a price paid into the kitty may later bring back through the kitty cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.bankers import values_left
from highstakes.catalog.deal_or_no_deal.money import FREE_GUESS_PRIZE
from highstakes.engine.action import JSON, Action

#: A paid guess may cost at most this share of the seat's spendable cash.
BUDGET_SHARE = 0.25


def free_guess_value(values: list[int]) -> float:
    """Expected winnings (cents) of a free guess with ``values`` left: $5,000 / n."""
    return FREE_GUESS_PRIZE / len(values)


def paid_guess_value(values: list[int], price: int) -> tuple[int, float]:
    """The best value to name in a paid guess and its expected gain, v / n − price (cents)."""
    best = max(values)
    return best, best / len(values) - price


@dataclass(frozen=True)
class GuessAdvice:
    """What a guess is worth now, and the move that makes the most of it."""

    move: Move
    free_ev: float | None  # None when no free guess is allowed (the host after a deal)
    paid_ev: float | None  # None when no paid guess is allowed or affordable
    paid_value: int | None  # the value the best paid guess names


class EvGuesser:
    """Makes the guess of highest expected value, within a budget (see the module)."""

    name = "ev"

    def __init__(self, budget_share: float = BUDGET_SHARE) -> None:
        self.budget_share = budget_share

    def advise(
        self, view: Mapping[str, JSON], legal: list[Action], free_value: int | None = None
    ) -> GuessAdvice:
        """The best guess; a free guess names ``free_value``, or the largest value left."""
        values = values_left(view)
        kinds = {move.kind for move in legal if isinstance(move, Move)}
        free_ev = free_guess_value(values) if "guess" in kinds else None
        paid_ev: float | None = None
        paid_value: int | None = None
        if "paid_guess" in kinds:
            paid_value, paid_ev = paid_guess_value(values, int(view["price"]))
        baseline = free_ev if free_ev is not None else 0.0
        cash = view.get("spendable")  # party only: duo games have no guesses
        spendable = int(cash[int(view["you"])]) if cash else 0
        within_budget = int(view["price"]) <= self.budget_share * spendable
        if paid_ev is not None and paid_value is not None and paid_ev > baseline and within_budget:
            move = Move("paid_guess", paid_value)
        elif free_ev is not None:
            move = Move("guess", free_value if free_value in values else max(values))
        else:
            move = Move("no_guess")
        return GuessAdvice(move, free_ev, paid_ev, paid_value)

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if view["phase"] not in ("guess", "final_guess", "host_guess"):
            return rng.choice(legal)
        # Every value is as good as another for a free guess: name one at random.
        return self.advise(view, legal, free_value=rng.choice(values_left(view))).move


__all__ = ["BUDGET_SHARE", "EvGuesser", "GuessAdvice", "free_guess_value", "paid_guess_value"]
