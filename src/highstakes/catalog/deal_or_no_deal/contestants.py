"""Deal or No Deal contestants: when to deal, when to counter, and for how much.

Case values are hidden until opened, so every unopened case is equally likely to hold each
value left on the board: which case to keep as one's own, which to open and whether to swap at
the end make no difference to the odds, and the bots choose those at random. The one real
decision is the banker's offer, taken when it is worth at least the contestant's value of
refusing it, its **certainty equivalent** of saying "no deal":

* :class:`EvContestant` ("ev") is risk-neutral. Refusing is worth the mean of the values left,
  or more when it expects the banker's next offer to exceed the mean (see below).
* :class:`CrraContestant` ("crra") maximises the expected utility of its winnings with constant
  relative risk aversion, so a sure amount below the mean can beat the gamble.

Both look one offer ahead with a belief about the banker: its next offer will be the share of
the mean given by the TV schedule (:mod:`.bankers`), or the share its opening offer this round
made, if higher (offers as a share of the mean rarely fall from one round to the next).
Refusing is then worth the expected best of taking that next offer and playing on to the end
with no more deals, over the boards the next round may leave. For the risk-neutral contestant
this needs no enumeration: playing to the end is worth the mean, whose expectation after any
round is the mean now, so refusing is worth max(1, believed share) × mean.

The counter-offer policy is shared: an offer somewhat below the certainty equivalent (at least
:data:`COUNTER_FLOOR` of it) is countered with an ask above the certainty equivalent by half
the shortfall; anything the banker comes back with is taken if it reaches the certainty
equivalent. An ask is never below the certainty equivalent, so a banker who accepts it always
makes a deal the contestant wants.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from functools import cache
from itertools import combinations

import numpy as np

from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.bankers import mean_left, tv_share, values_left
from highstakes.catalog.deal_or_no_deal.money import DOLLAR, FINAL_ROUND, MAX_OFFER, ROUND_SIZES
from highstakes.engine.action import JSON, Action

#: Counter an offer of at least this share of the certainty equivalent; refuse a lower one
#: outright, since no banker model meets a counter that far above its offer.
COUNTER_FLOOR = 0.75
#: The CRRA contestant's default relative risk aversion: square-root utility.
DEFAULT_RISK_AVERSION = 0.5
#: Wealth added to the winnings before taking utility: without it, with a risk aversion of 1
#: or more, the $0.01 case would weigh infinitely (the utility of nothing is -∞).
DEFAULT_WEALTH = 25_000 * DOLLAR
#: Boards the CRRA contestant looks at for the next round: all of them when there are at most
#: this many, otherwise this many drawn at random (rounds 1 and 2 have thousands).
LOOKAHEAD_BOARDS = 256
#: A float certainty equivalent can miss an equal whole-cent offer by a rounding error.
_CENTS_SLACK = 1e-6


def next_offer(view: Mapping[str, JSON]) -> tuple[int, int] | None:
    """Cases opened before the banker's next offer and that offer's round; None after the last.

    With the single final offer (D-2) the offer after round 9's opening is round 10's; with
    literal timing round 9 makes an offer and round 10's follows on the same board.
    """
    round_number = int(view["round"])
    if round_number >= FINAL_ROUND:
        return None
    if round_number >= len(ROUND_SIZES):
        return 0, FINAL_ROUND
    coming = round_number + 1
    literal = (view.get("options") or {}).get("offer_timing") == "literal"
    offer_round = FINAL_ROUND if coming == len(ROUND_SIZES) and not literal else coming
    return ROUND_SIZES[coming - 1], offer_round


def believed_share(view: Mapping[str, JSON], offer_round: int) -> float:
    """The share of the mean the contestant expects the banker to offer in ``offer_round``."""
    share = tv_share(offer_round)
    history = view.get("offers") or []
    mean = mean_left(view)
    if history and history[-1]["offers"] and mean > 0:
        share = max(share, history[-1]["offers"][0] / mean)  # this round's opening offer
    return share


def round_up_amount(cents: float) -> int:
    """The smallest amount a person would name (whole dollars, $100s above $10,000) ≥ ``cents``."""
    step = 100 * DOLLAR if cents >= 10_000 * DOLLAR else DOLLAR
    return int(min(MAX_OFFER, max(DOLLAR, math.ceil(cents / step - 1e-9) * step)))


class ContestantModel:
    """The shared play of a contestant; subclasses say what refusing an offer is worth."""

    name = "contestant"

    def __init__(self, counter_floor: float = COUNTER_FLOOR) -> None:
        self.counter_floor = counter_floor

    def certainty_equivalent(self, view: Mapping[str, JSON]) -> float:
        """The sure amount (cents) worth as much as refusing the offer in view."""
        raise NotImplementedError

    def respond(self, view: Mapping[str, JSON], legal: list[Action]) -> Move:
        """Deal, counter or refuse the offer in view (see the module's counter-offer policy)."""
        offer = int(view["offer"])
        worth = self.certainty_equivalent(view)
        if offer >= worth - _CENTS_SLACK:
            return Move("deal")
        may_counter = any(isinstance(move, Move) and move.kind == "counter" for move in legal)
        if may_counter and offer >= self.counter_floor * worth:
            ask = round_up_amount(worth + (worth - offer) / 2)
            if ask >= worth and ask > offer:
                return Move("counter", ask)
        return Move("no_deal")

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if view["phase"] == "respond":
            return self.respond(view, legal)
        # Picking, calling and keep-or-swap: the hidden values make every choice alike.
        return rng.choice(legal)


class EvContestant(ContestantModel):
    """Maximises expected winnings: refusing is worth max(1, believed next share) × mean."""

    name = "ev"

    def certainty_equivalent(self, view: Mapping[str, JSON]) -> float:
        mean = mean_left(view)
        coming = next_offer(view)
        if coming is None:
            return mean  # keep or swap: either case is worth the mean
        return max(1.0, believed_share(view, coming[1])) * mean


@cache
def _every_subset(size: int, chosen: int) -> np.ndarray:
    return np.array(list(combinations(range(size), chosen)), dtype=np.intp).reshape(-1, chosen)


def opened_sets(size: int, chosen: int, limit: int, seed: int) -> np.ndarray:
    """Rows of ``chosen`` distinct indexes below ``size``: every set, or ``limit`` random ones."""
    if math.comb(size, chosen) <= limit:
        return _every_subset(size, chosen)
    generator = np.random.default_rng(seed)
    # The positions of the `chosen` smallest of `size` uniform keys: a uniform random subset.
    return np.argpartition(generator.random((limit, size)), chosen - 1, axis=1)[:, :chosen]


class CrraContestant(ContestantModel):
    """Maximises the expected CRRA utility u(w + W) of its winnings w (W: a wealth offset).

    u(x) = x^(1 − ρ) / (1 − ρ), or log x when ρ = 1; ρ = 0 is the risk-neutral contestant.
    Refusing is valued by one offer's lookahead (see the module) over the next round's
    possible boards: all of them when there are at most ``boards``, otherwise that many
    drawn with a seed taken from the board, so the same view always gets the same answer.
    """

    name = "crra"

    def __init__(
        self,
        risk_aversion: float = DEFAULT_RISK_AVERSION,
        wealth: int = DEFAULT_WEALTH,
        boards: int = LOOKAHEAD_BOARDS,
        counter_floor: float = COUNTER_FLOOR,
    ) -> None:
        super().__init__(counter_floor)
        if risk_aversion < 0:
            raise ValueError(f"risk aversion is 0 (risk-neutral) or more; got {risk_aversion}")
        if wealth <= 0 and risk_aversion >= 1:
            raise ValueError("a risk aversion of 1 or more needs a positive wealth offset")
        self.risk_aversion = risk_aversion
        self.wealth = wealth
        self.boards = boards

    def utility(self, cents: np.ndarray) -> np.ndarray:
        """u(cents + wealth), up to a positive scale (which changes no decision)."""
        total = np.asarray(cents, dtype=float) + self.wealth
        if self.risk_aversion == 1:
            return np.log(total)
        power = 1 - self.risk_aversion
        return np.power(total, power) / power

    def inverse_utility(self, utility: float) -> float:
        """The winnings (cents) whose utility is ``utility``."""
        if self.risk_aversion == 1:
            return math.exp(utility) - self.wealth
        power = 1 - self.risk_aversion
        return (utility * power) ** (1 / power) - self.wealth

    def expected_utility_of_refusing(self, view: Mapping[str, JSON]) -> float:
        values = np.array(values_left(view), dtype=float)
        utilities = self.utility(values)
        coming = next_offer(view)
        if coming is None or coming[0] >= len(values):
            return float(utilities.mean())  # no more offers: the last case is a gamble
        opened, offer_round = coming
        share = believed_share(view, offer_round)
        if opened == 0:
            means, play_on = np.array([values.mean()]), np.array([utilities.mean()])
        else:
            seed = hash((int(view["round"]), *values_left(view))) & 0xFFFF_FFFF
            rows = opened_sets(len(values), opened, self.boards, seed)
            left = len(values) - opened
            means = (values.sum() - values[rows].sum(axis=1)) / left
            play_on = (utilities.sum() - utilities[rows].sum(axis=1)) / left
        # The better of the believed next offer and never dealing again, on each board.
        return float(np.maximum(self.utility(share * means), play_on).mean())

    def certainty_equivalent(self, view: Mapping[str, JSON]) -> float:
        return self.inverse_utility(self.expected_utility_of_refusing(view))


__all__ = [
    "COUNTER_FLOOR", "DEFAULT_RISK_AVERSION", "DEFAULT_WEALTH", "ContestantModel", "CrraContestant",
    "EvContestant", "believed_share", "next_offer", "opened_sets", "round_up_amount",
]
