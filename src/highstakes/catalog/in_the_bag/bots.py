"""It's in the Bag's bots and advisor. Each sees only its seat's view and legal moves.

* ``heuristic``: feeds its smallest piece and bids about a third of what it guesses the bag
  holds (the pieces known to be in it, plus ¥100 for each piece fed unseen), the minimum when
  the bag is small.
* ``believer``: keeps a belief about the bag and about every other player. From the public
  history (each revealed bid, who took the bag, the consolations) and its own feeds and
  takings it follows each player's likely hand, so a piece fed by a player who has run out
  of ¥100 coins is believed to be worth more; from each player's revealed bids, measured
  against the bag's believed value at the time, it learns how much of a bag that player
  bids. It then bids the amount with the best expected gain: the chance that the bid is the
  highest times the bag, less the bid (every bid is paid). Its risk dial weighs a losing
  bid's cost: below 1 it is cautious, above 1 bold (``cautious`` is the preset at 0.6).
  Pieces fed in the open (option ``feeds``) are believed as seen, and a bid that stands while
  the tied players bid again is known.

Called back by a tie, both pick at random between their best amount and the next (by gain
for the believer, by size for the heuristic): two players of one kind would otherwise bid the
same again and again, and every such round would end in ties (RULES.md §5.2) with nobody
ever taking the bag.

The advisor reports the believer's view: the bag's expected value and each bid's expected gain.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from highstakes.catalog.in_the_bag.actions import Bid, Feed
from highstakes.catalog.in_the_bag.pieces import DENOMINATIONS, START, to_counts, value, yen
from highstakes.catalog.in_the_bag.rules import CONSOLATION_COINS, MIN_BID, TIED
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
    """The other seats whose piece is in the bag this round (or will be), unseen by this seat.

    With feeds shown (option ``feeds``), once every piece is in, none is unseen.
    """
    if view["fed_pieces"] is not None:
        return []
    return [seat for seat in range(view["seats"])
            if seat != view["you"] and (view["fed"][seat] or view["pieces_held"][seat] > 0)]


def _bag_seen(view: dict[str, JSON]) -> int:
    """The yen this seat knows to be in the bag: the known pieces, and its own feed when that is
    not among them (with feeds shown, every fed piece is known once the last is in)."""
    known = sum(view["bag_known"])
    return known if view["fed_pieces"] is not None else known + (view["your_feed"] or 0)


def _rebidding(view: dict[str, JSON]) -> bool:
    """Whether this seat is bidding again after a tie."""
    previous = view["previous_bids"]
    return previous is not None and view["you"] is not None and previous[view["you"]] is not None


def _standing_bid(view: dict[str, JSON], seat: int) -> int | None:
    """The amount of ``seat``'s bid when it stands while the tied players bid again (§5.2)."""
    previous = view["previous_bids"]
    if not view["rebid"] or previous is None or previous[seat] is not None:
        return None
    return sum(view["reveals"][-1][seat]) or None


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
        guess = _bag_seen(view) + 100 * len(_feeders(view))
        wanted = self.share * guess if guess >= self.small_bag else 0
        wanted = min(wanted, 0.4 * view["your_yen"])
        amounts = sorted({bid.amount for bid in bids})
        at = next((index for index, a in enumerate(amounts) if a >= wanted), len(amounts) - 1)
        if _rebidding(view):
            at = rng.choice(sorted({at, min(at + 1, len(amounts) - 1)}))
        return _thrifty(bids, amounts[at])


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

    def feed_round(seen: Sequence[int | None], feeders: Sequence[int]) -> list[float]:
        """The round's feeds: a piece seen (its own, or every one with feeds shown) as it is,
        another by what the feeder is believed to hold."""
        values = [0.0] * seats
        for seat in feeders:
            if seen[seat] is not None:
                index = DENOMINATIONS.index(seen[seat])
                hands[seat][index] = max(0.0, hands[seat][index] - 1)
                bag[index] += 1
                values[seat] = seen[seat]
                continue
            expected, chances = _expected_feed(hands[seat])
            for index, chance in enumerate(chances):
                hands[seat][index] = max(0.0, hands[seat][index] - chance)
                bag[index] += chance
            values[seat] = expected
        return values

    for entry in view["history"]:
        seen = _seen_feeds(entry.get("fed"), entry.get("you_fed"), me, seats)
        public = entry.get("fed") is not None
        feeders = [seat for seat in range(seats)
                   if seen[seat] is not None or (not public and sum(hands[seat]) > 0.5)]
        feed_round(seen, feeders)
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
        if entry["outcome"] != TIED:  # when the ties ran out, every bid was taken back
            for seat, pieces in enumerate(entry["reveals"][-1]):
                _take(hands[seat], pieces)
                for piece in pieces:
                    bag[DENOMINATIONS.index(piece)] += 1
        for seat in entry["consoled"]:
            hands[seat][0] += CONSOLATION_COINS
    if me is not None:
        hands[me] = [float(view["your_pieces"][str(piece)]) for piece in DENOMINATIONS]
    # This round: the pieces seen in the bag, and the others' believed feeds, unseen.
    bag_value = float(_bag_seen(view))
    shown = view["fed_pieces"]
    feed_values = [float(piece or 0) for piece in shown] if shown is not None else [0.0] * seats
    for seat in _feeders(view):
        feed_values[seat], _chances = _expected_feed(hands[seat])
        bag_value += feed_values[seat]
    return Belief(hands, bag_value, shares, feed_values)


def _seen_feeds(shown: Sequence[int | None] | None, own: int | None, me: int | None,
                seats: int) -> list[int | None]:
    """A settled round's feeds as this seat saw them: all with feeds shown, else its own alone."""
    if shown is not None:
        return list(shown)
    return [own if seat == me else None for seat in range(seats)]


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
        standing = _standing_bid(view, seat)
        if standing is not None:  # revealed, and it stands: known
            predicted.append([float(standing)])
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
        ranked = sorted(gains, key=lambda amount: (-round(gains[amount], 9), amount))
        amount = rng.choice(ranked[:2]) if _rebidding(view) else ranked[0]
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
