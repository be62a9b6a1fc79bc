"""It's in the Bag's bots and advisor. Each sees only its seat's view and legal moves.

* ``heuristic``: feeds its smallest piece and bids about a third of what it guesses the bag
  holds (the bids known to be in it, plus ¥100 for each piece fed), the minimum when the bag
  is small.
* ``believer``: keeps a belief about the bag and about every other player. From the public
  history (each revealed bid, who took the bag, the consolations) and its own feeds and
  takings it follows each player's likely hand, so a piece fed by a player who has run out
  of ¥100 coins is believed to be worth more; from each player's revealed bids, measured
  against the bag's believed value at the time, it learns how much of a bag that player
  bids. It then bids the amount with the best expected gain: the chance that the bid is the
  highest times the bag, less the bid (every bid is paid). Its risk dial weighs a losing
  bid's cost: below 1 it is cautious, above 1 bold (``cautious`` is the preset at 0.6).

The advisor reports the believer's view: the bag's expected value and each bid's expected gain.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from highstakes.catalog.in_the_bag.actions import Bid, Feed
from highstakes.catalog.in_the_bag.pieces import DENOMINATIONS, START, to_counts, value, yen
from highstakes.catalog.in_the_bag.rules import CONSOLATION_COINS, MIN_BID
from highstakes.catalog.in_the_bag.words import N_, _
from highstakes.engine.action import JSON, Action
from highstakes.engine.parts import BotInfo

#: How much likelier a player is believed to feed a piece the smaller it is (per denomination).
FEED_WEIGHTS = (1.0, 0.08, 0.02, 0.005)
#: What the believer assumes of a player before seeing any bid: shares of the bag it might bid.
PRIOR_SHARES = (0.0, 0.0, 0.15, 0.3, 0.5, 0.7)


def _feed_smallest(legal: Sequence[Action]) -> Action:
    return min((action for action in legal if isinstance(action, Feed)), key=lambda feed: feed.piece)


def _bids(legal: Sequence[Action]) -> list[Bid]:
    return [action for action in legal if isinstance(action, Bid)]


def _thrifty(bids: Sequence[Bid], amount: int) -> Bid:
    """Of the bids of ``amount``, the one that keeps the most ¥100 coins, then uses the fewest pieces."""
    same = [bid for bid in bids if bid.amount == amount]
    return min(same, key=lambda bid: (bid.pieces.count(100), len(bid.pieces), bid.pieces))


def _feeders(view: dict[str, JSON]) -> list[int]:
    """The other seats whose piece is (or will be) in the bag this round."""
    return [seat for seat in range(view["seats"])
            if seat != view["you"] and (view["fed"][seat] or view["pieces_held"][seat] > 0)]


class HeuristicBot:
    """Feeds its smallest piece; bids about a third of the bag it guesses, the minimum for a small bag."""

    name = "heuristic"

    def __init__(self, share: float = 0.35, small_bag: int = 1_000) -> None:
        self.share = share
        self.small_bag = small_bag

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], Feed):
            return _feed_smallest(legal)
        bids = _bids(legal)
        guess = sum(view["bag_known"]) + (view["your_feed"] or 0) + 100 * len(_feeders(view))
        wanted = self.share * guess if guess >= self.small_bag else 0
        wanted = min(wanted, 0.4 * view["your_yen"])
        amounts = sorted({bid.amount for bid in bids})
        amount = next((a for a in amounts if a >= wanted), amounts[-1])
        return _thrifty(bids, amount)


@dataclass
class Belief:
    """What the believer holds true now: each hand's expected pieces, the bag's expected value,
    and each player's revealed bids as shares of the bag's believed value when it bid."""

    hands: list[list[float]]
    bag_value: float
    shares: list[list[float]]
    feed_values: list[float]


def _expected_feed(hand: Sequence[float]) -> tuple[float, list[float]]:
    """The expected value of the piece a player with this (expected) hand feeds, and each piece's chance."""
    weights = [max(0.0, count) * weight for count, weight in zip(hand, FEED_WEIGHTS, strict=True)]
    total = sum(weights)
    if total <= 0:
        return 100.0, [1.0, 0.0, 0.0, 0.0]
    chances = [weight / total for weight in weights]
    return sum(chance * piece for chance, piece in zip(chances, DENOMINATIONS, strict=True)), chances


def _take(hand: list[float], pieces: Sequence[int]) -> None:
    for piece in pieces:
        index = DENOMINATIONS.index(piece)
        hand[index] = max(0.0, hand[index] - 1)


def believe(view: dict[str, JSON]) -> Belief:
    """Follow the public history (and the seat's own feeds and takings) to a belief about now."""
    seats, me = view["seats"], view["you"]
    hands: list[list[float]] = [[float(count) for count in START] for _ in range(seats)]
    bag = [0.0, 0.0, 0.0, 0.0]
    shares: list[list[float]] = [[] for _ in range(seats)]

    def feed_round(fed_by_me: int | None, feeders: Sequence[int]) -> list[float]:
        values = [0.0] * seats
        for seat in feeders:
            if seat == me and fed_by_me is not None:
                index = DENOMINATIONS.index(fed_by_me)
                hands[seat][index] = max(0.0, hands[seat][index] - 1)
                bag[index] += 1
                values[seat] = fed_by_me
                continue
            expected, chances = _expected_feed(hands[seat])
            for index, chance in enumerate(chances):
                hands[seat][index] = max(0.0, hands[seat][index] - chance)
                bag[index] += chance
            values[seat] = expected
        return values

    for entry in view["history"]:
        feeders = [seat for seat in range(seats) if sum(hands[seat]) > 0.5]
        feed_round(entry.get("you_fed"), feeders)
        believed = value(bag)  # type: ignore[arg-type]
        for reveal in entry["reveals"]:
            for seat, pieces in enumerate(reveal):
                if pieces and believed > 0:
                    shares[seat].append(sum(pieces) / believed)
        winner = entry["winner"]
        if winner is not None:
            taken = to_counts(tuple(entry["you_took"])) if winner == me and entry.get("you_took") else None
            for index in range(4):
                hands[winner][index] += taken[index] if taken is not None else bag[index]
                bag[index] = 0.0
        for seat, pieces in enumerate(entry["reveals"][-1]):
            _take(hands[seat], pieces)
            for piece in pieces:
                bag[DENOMINATIONS.index(piece)] += 1
        for seat in entry["consoled"]:
            hands[seat][0] += CONSOLATION_COINS
    if me is not None:
        hands[me] = [float(view["your_pieces"][str(piece)]) for piece in DENOMINATIONS]
    # This round: the known bids in the bag, the seat's own feed, and the others' believed feeds.
    bag_value = float(sum(view["bag_known"])) + (view["your_feed"] or 0)
    feed_values = [0.0] * seats
    for seat in range(seats):
        if seat == me:
            continue
        if view["fed"][seat] or view["pieces_held"][seat] > 0:
            feed_values[seat], _chances = _expected_feed(hands[seat])
            bag_value += feed_values[seat]
    return Belief(hands, bag_value, shares, feed_values)


def _chance_below(samples: Sequence[float], amount: int) -> tuple[float, float]:
    """(P(bid < amount), P(bid == amount)) over a player's predicted bids."""
    below = sum(1 for bid in samples if bid < amount) / len(samples)
    equal = sum(1 for bid in samples if bid == amount) / len(samples)
    return below, equal


def _round_bid(amount: float, most: float) -> float:
    """A predicted bid: a whole number of ¥100, at least the minimum, at most what the player holds."""
    return max(MIN_BID, min(most, round(amount / 100) * 100))


def bid_gains(view: dict[str, JSON], bids: Sequence[Bid],
              risk: float = 1.0) -> tuple[Belief, dict[int, float]]:
    """The belief, and each formable amount's expected gain: P(highest) × bag − bid (risk-weighted)."""
    belief = believe(view)
    me = view["you"]
    predicted: list[list[float]] = []
    for seat in range(view["seats"]):
        if seat == me or not view["pieces_held"][seat] or (view["reveals"] and not view["reveals"][-1][seat]
                                                             and not view["sealed"][seat]):
            continue
        most = value(belief.hands[seat])  # type: ignore[arg-type]
        shares = list(PRIOR_SHARES) + belief.shares[seat][-12:] * 2
        predicted.append([_round_bid(share * belief.bag_value, most) for share in shares])
    gains: dict[int, float] = {}
    for amount in sorted({bid.amount for bid in bids}):
        win, tie = 1.0, 1.0
        for samples in predicted:
            below, equal = _chance_below(samples, amount)
            win *= below
            tie *= below + equal
        chance = win + 0.5 * (tie - win)
        gains[amount] = chance * (belief.bag_value - amount) - (1 - chance) * amount / risk
    return belief, gains


class BelieverBot:
    """Bids the amount with the best expected gain under its belief; ``risk`` weighs a losing bid."""

    def __init__(self, risk: float = 1.0, name: str = "believer") -> None:
        self.risk = risk
        self.name = name

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if isinstance(legal[0], Feed):
            return _feed_smallest(legal)
        bids = _bids(legal)
        _belief, gains = bid_gains(view, bids, self.risk)
        best = max(gains.values())
        amount = min(amount for amount, gain in gains.items() if gain >= best - 1e-9)
        return _thrifty(bids, amount)


def hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """Advice for the seat in view: the bag's expected value and each bid's expected gain."""
    if not legal:
        return {"action": None, "label": _("nothing to decide now"), "reason": _("it is not your turn")}
    if isinstance(legal[0], Feed):
        move = _feed_smallest(legal)
        return {"action": move.to_json(), "label": str(move),
                "reason": _("whoever takes the bag gets what you feed: feed your smallest piece")}
    bids = _bids(legal)
    belief, gains = bid_gains(view, bids)
    best = max(gains.values())
    amount = min(amount for amount, gain in gains.items() if gain >= best - 1e-9)
    move = _thrifty(bids, amount)
    gain = round(gains[amount])
    if gain < 0:  # a bid is compulsory (the ¥100 minimum): the advice is the smallest expected loss
        reason = _("the bag is worth about {value}; every bid is expected to lose, this one least: "
                   "about {loss}").format(value=yen(round(belief.bag_value)), loss=yen(-gain))
    else:
        reason = _("the bag is worth about {value}; this bid's expected gain is {gain}").format(
            value=yen(round(belief.bag_value)), gain=yen(gain))
    return {
        "action": move.to_json(),
        "label": str(move),
        "bag_value": round(belief.bag_value),
        "gains": [{"amount": amount, "gain": round(gain)} for amount, gain in gains.items()],
        "reason": reason,
    }


BOTS: tuple[BotInfo, ...] = (
    BotInfo("heuristic", HeuristicBot, N_("rule of thumb"),
            N_("feeds its smallest piece and bids about a third of the bag it guesses")),
    BotInfo("cautious", lambda: BelieverBot(0.6, "cautious"), N_("cautious believer"),
            N_("keeps a belief about the bag and the players, and bids carefully by expected gain")),
    BotInfo("believer", BelieverBot, N_("believer"),
            N_("keeps a belief about the bag and the players, and bids by expected gain")),
)

__all__ = ["BOTS", "BelieverBot", "HeuristicBot", "believe", "bid_gains", "hint"]
