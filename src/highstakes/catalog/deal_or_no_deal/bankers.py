"""Deal or No Deal bankers: the offer models a bot host plays by (RULES.md §3.3, §7.1, D-13).

Both models offer a share of the mean of the values still on the board:

* :class:`GuideBanker` ("guide") offers the mean itself, the rulebook's guide for the host;
* :class:`TvBanker` ("tv") follows the TV show's schedule, offer = b_r × mean, where the share
  b_r rises each round toward 1 by b_{r+1} = b_r + (1 − b_r)·ρ^(9 − r) (the recurrence fitted by
  Post, van den Assem, Baltussen and Thaler, 2008).

Each offer is spread at random by a few per cent, so a contestant cannot read the board's mean
back from it exactly, then rounded as a person would (whole dollars, $100s above $10,000).
A counter within a tolerance above the model's offer (and not above the mean left) is
accepted; a bigger one is met halfway (never beyond that limit) or, when it is far too high or
the banker has nothing left to give, with a firm stand. The rules end every negotiation
after five counters.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.money import FINAL_ROUND, ROUND_SIZES
from highstakes.catalog.deal_or_no_deal.rules import round_amount
from highstakes.engine.action import JSON, Action

#: b_1 of the TV schedule: an opening offer of about an eighth of the mean, in the range the
#: published fits of the show report for the first round.
TV_FIRST_SHARE = 0.12
#: ρ of the TV schedule: how fast the share closes in on the mean.
TV_RHO = 0.79
#: Offers are the model's amount times a uniform factor in [1 − SPREAD, 1 + SPREAD].
SPREAD = 0.05
#: A counter up to this much above the model's offer is accepted.
COUNTER_TOLERANCE = 0.10
#: A counter more than this many times the most the banker would pay is not worth meeting.
UNREASONABLE_COUNTER = 2.0


def values_left(view: Mapping[str, JSON]) -> list[int]:
    """The values still uncovered on the money board, ascending (cents)."""
    return [entry["value"] for entry in view["board"] if entry["in_play"]]


def mean_left(view: Mapping[str, JSON]) -> float:
    """The exact mean of the values left; the view's ``mean_in_play`` is rounded to a cent."""
    values = values_left(view)
    return sum(values) / len(values) if values else 0.0


def tv_schedule(first_share: float = TV_FIRST_SHARE, rho: float = TV_RHO) -> tuple[float, ...]:
    """b_1 to b_10: the TV model's share of the mean for each round's offer.

    The recurrence's last step has ρ^0 = 1, so b_10, the final offer with two cases left,
    is the mean itself. With the rulebook's single final offer (D-2) round 9 makes no offer
    and b_9 goes unused; with literal timing it is the round-9 offer's share.
    """
    shares = [first_share]
    for round_number in range(1, FINAL_ROUND):
        share = shares[-1]
        shares.append(min(1.0, share + (1 - share) * rho ** (len(ROUND_SIZES) - round_number)))
    return tuple(shares)


TV_SCHEDULE = tv_schedule()


def tv_share(round_number: int) -> float:
    """The default TV schedule's share of the mean in a round (1 to 10)."""
    return TV_SCHEDULE[min(max(round_number, 1), FINAL_ROUND) - 1]


class OfferModelBanker:
    """A host that offers ``share(round) × mean`` and answers counters around that amount."""

    name = "banker"

    def __init__(self, spread: float = SPREAD, tolerance: float = COUNTER_TOLERANCE) -> None:
        self.spread = spread
        self.tolerance = tolerance

    def share(self, round_number: int) -> float:
        """The share of the mean this model offers in a round."""
        raise NotImplementedError

    def model_offer(self, view: Mapping[str, JSON]) -> float:
        """The model's offer for the board in view, before the random spread and rounding."""
        return self.share(int(view["round"])) * mean_left(view)

    def offer(self, view: Mapping[str, JSON], rng: random.Random) -> Move:
        factor = rng.uniform(1 - self.spread, 1 + self.spread)
        return Move("offer", round_amount(self.model_offer(view) * factor))

    def answer_counter(self, view: Mapping[str, JSON]) -> Move:
        """Accept a counter close to the model's offer; otherwise meet it halfway, or stand firm."""
        offer, counter = int(view["offer"]), int(view["counter"])
        model = self.model_offer(view)
        # Paying more than the mean left loses on average whatever the contestant does next,
        # so the tolerance stops there unless the model itself offers more.
        most = min(model * (1 + self.tolerance), max(model, mean_left(view)))
        if counter <= most:
            return Move("accept")
        if counter > UNREASONABLE_COUNTER * most:
            return Move("stand")
        raised = round_amount(min((offer + counter) / 2, most))
        # Nothing left to give (the offer is already at the limit): say so by standing firm,
        # rather than repeating an offer the contestant has just refused.
        return Move("offer", raised) if raised > offer else Move("stand")

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        if phase == "offer":
            return self.offer(view, rng)
        if phase == "counter":
            return self.answer_counter(view)
        return rng.choice(legal)


class GuideBanker(OfferModelBanker):
    """The rulebook's guide: offer the mean of the values left (§3.3), every round."""

    name = "guide"

    def share(self, round_number: int) -> float:
        return 1.0


class TvBanker(OfferModelBanker):
    """The TV show's model (§7.1): a share of the mean that starts low and rises to 1.

    ``first_share`` is b_1 and ``rho`` the speed of the rise; the defaults give shares of
    about 12, 25, 40, 54, 68, 81, 90, 96 and 99 % in rounds 1 to 9 and 100 % for the
    final offer.
    """

    name = "tv"

    def __init__(
        self,
        spread: float = SPREAD,
        tolerance: float = COUNTER_TOLERANCE,
        first_share: float = TV_FIRST_SHARE,
        rho: float = TV_RHO,
    ) -> None:
        super().__init__(spread, tolerance)
        self.schedule = tv_schedule(first_share, rho)

    def share(self, round_number: int) -> float:
        return self.schedule[min(max(round_number, 1), FINAL_ROUND) - 1]


__all__ = [
    "COUNTER_TOLERANCE", "SPREAD", "TV_FIRST_SHARE", "TV_RHO", "TV_SCHEDULE", "GuideBanker",
    "OfferModelBanker", "TvBanker", "mean_left", "tv_schedule", "tv_share", "values_left",
]
