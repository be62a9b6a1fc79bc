"""Make-A-Million bots: ``rules``, a player of sound habits, and ``search`` (``random`` comes with every
game).

The search bot (:mod:`.search`) samples the unseen cards and plays the deal out many times;
``search-strong`` does so with four times the playouts, ``search-quick`` with an eighth.

The rule-of-thumb player values its hand for bidding from its Money, its longest colour and
its animals; discards its lowest number cards from short colours (to trump sooner); names its
longest, strongest colour; and plays as card players are taught: second hand low, third hand
high, win cheaply, give Money to a partner who holds the trick, keep the Tiger for a trick worth
taking, lay the Bull on a trick its side will take and the Bear on one the other side will.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.cards import (
    BEAR,
    BULL,
    COLOURS,
    RANKS,
    TIGER,
    colour_of,
    rank_of,
    value_of,
)
from highstakes.catalog.make_a_million.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.bot import Bot
from highstakes.engine.parts import BotInfo


def _suit(card: str, trump: str | None) -> str | None:
    if card == TIGER:
        return trump if trump is not None else TIGER
    if card in (BULL, BEAR):
        return None
    return colour_of(card)


def _strength(card: str) -> int:
    return len(RANKS) - RANKS.index(rank_of(card))


def _power(card: str, trump: str | None, no_trump: str | None, led: str | None) -> tuple[int, int] | None:
    if card in (BULL, BEAR):
        return None
    if card == TIGER:
        if trump is not None:
            return (2, 99)
        return (3, 0) if no_trump == "high" else None
    colour = colour_of(card)
    if trump is not None and colour == trump:
        return (2, _strength(card))
    if colour == led:
        return (1, _strength(card))
    return None


def _winning(trick: Sequence[tuple[int, str]], trump: str | None, no_trump: str | None,
             led: str | None) -> tuple[int | None, tuple[int, int] | None]:
    best: tuple[int, int] | None = None
    winner = None
    for seat, card in trick:
        power = _power(card, trump, no_trump, led)
        if power is not None and (best is None or power >= best):
            best, winner = power, seat
    return winner, best


def _allies(view: dict[str, JSON]) -> set[int]:
    """The seats on this seat's side, as far as it knows (Silent Partner hides the partners)."""
    you, seats = view["you"], view["seats"]
    sides = view.get("sides")
    if sides is not None:
        return {seat for seat in range(seats) if sides[seat] == sides[you]}
    bidder, revealed = view.get("bidder"), set(view.get("partners_revealed") or [])
    if bidder is None:
        return {you}
    if you == bidder or view.get("partner"):
        return {you, bidder, *revealed}
    return {seat for seat in range(seats) if seat != bidder and seat not in revealed}


def hand_estimate(hand: Sequence[str]) -> tuple[int, str]:
    """What a hand may take with its best trump, in dollars, and that colour."""
    best_colour, best_score = COLOURS[0], -1.0
    for colour in COLOURS:
        cards = [c for c in hand if colour_of(c) == colour]
        score = len(cards) * 10 + sum(_strength(c) for c in cards) * 0.6
        if score > best_score:
            best_colour, best_score = colour, score
    length = sum(1 for c in hand if colour_of(c) == best_colour) + (TIGER in hand)
    money = sum(value_of(c) for c in hand)
    tops = sum(1 for c in hand if c not in (TIGER, BULL, BEAR) and rank_of(c) == 40)
    animals = 15_000 * (TIGER in hand) + 8_000 * (BULL in hand)
    estimate = 0.6 * money + 17_000 * length + 12_000 * tops + animals
    return int(estimate), best_colour


class RuleOfThumbBot:
    name = "rules"

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        moves = [m for m in legal if isinstance(m, Move)]
        if phase == "misdeal":
            return next((m for m in moves if m.kind == "redeal"), moves[0])
        if phase == "bid":
            return self._bid(view, moves)
        if phase == "discard":
            return self._discard(view, moves)
        if phase == "trump":
            _estimate, colour = hand_estimate(view["hand"])
            return next(m for m in moves if m.card == colour)
        if phase == "call":
            hand = view["hand"]
            # Call the strongest cards whose other copy someone else holds.
            single = [m for m in moves if hand.count(m.card or "") == 1] or moves
            return max(single, key=lambda m: (value_of(m.card or ""), _strength(m.card or "")))
        if phase == "tricks":
            return self._trick_bid(view, moves)
        if phase == "play" and view.get("variant") == "variation":
            return self._play_count(view, moves)
        if phase == "play":
            return self._play(view, moves)
        return moves[0]

    def _trick_bid(self, view: dict[str, JSON], moves: list[Move]) -> Move:
        """The Variation: count the cards likely to take a trick (top cards, high trumps, the Tiger)."""
        trump = view["trump"]
        sure = 0.0
        for card in view["hand"]:
            if card == TIGER:
                sure += 1
            elif card not in (BULL, BEAR):
                rank = rank_of(card)
                if colour_of(card) == trump:
                    sure += 1 if rank >= 15 else 0.4
                elif rank == 40:
                    sure += 0.8
                elif rank == 30:
                    sure += 0.3
        target = min(round(sure), len(view["hand"]))
        return min(moves, key=lambda move: abs((move.amount or 0) - target))

    def _play_count(self, view: dict[str, JSON], moves: list[Move]) -> Move:
        """The Variation: win tricks while short of the bid, then shed the cards that would win."""
        you = view["you"]
        trump, led = view["trump"], view["trick_colour"]
        cards = [m.card or "" for m in moves]
        by_card = {m.card: m for m in moves}
        trick = [] if view["trick_complete"] else [(e["seat"], e["card"]) for e in view["trick"]]
        want = (view["trick_bids"][you] or 0) > view["tricks_taken"][you]
        _winner, best = _winning(trick, trump, None, led)
        led_now = led or next((_suit(c, trump) for c in cards if _suit(c, trump) in COLOURS), None)

        def power(card: str) -> tuple[int, int]:
            return _power(card, trump, None, led_now) or (0, 0)

        if not trick:
            return by_card[max(cards, key=power) if want else min(cards, key=power)]
        beating = [c for c in cards if _power(c, trump, None, led_now) is not None
                   and (best is None or power(c) >= best)]
        if want and beating:
            return by_card[min(beating, key=power)]
        losing = [c for c in cards if c not in beating]
        if losing:
            return by_card[max(losing, key=power)]  # the highest card that still loses
        return by_card[min(cards, key=power)]

    def _bid(self, view: dict[str, JSON], moves: list[Move]) -> Move:
        estimate, _colour = hand_estimate(view["hand"])
        if view["seats"] != 4:
            estimate *= 2
        you = view["you"]
        high = view["high_bidder"]
        partner_high = high is not None and high != you and high in _allies(view)
        bids = [m for m in moves if m.kind == "bid"]
        if bids and not partner_high and bids[0].amount is not None and bids[0].amount <= estimate:
            return bids[0]
        return next(m for m in moves if m.kind == "pass")

    def _discard(self, view: dict[str, JSON], moves: list[Move]) -> Move:
        hand = view["hand"]
        _estimate, trump = hand_estimate(hand)

        def cost(move: Move) -> tuple[int, int, int]:
            card = move.card or ""
            colour = colour_of(card)
            length = sum(1 for c in hand if colour_of(c) == colour)
            return (colour == trump, value_of(card), length * 20 + _strength(card))

        return min(moves, key=cost)

    def _play(self, view: dict[str, JSON], moves: list[Move]) -> Move:
        seats = view["seats"]
        allies = _allies(view)
        trump, no_trump = view["trump"], view["no_trump"]
        cards = [m.card or "" for m in moves]
        by_card = {m.card: m for m in moves}
        trick = [] if view["trick_complete"] else [(e["seat"], e["card"]) for e in view["trick"]]
        if not trick:
            return by_card[self._lead(cards, trump, view["hand"])]
        led = view["trick_colour"]
        last = len(trick) == seats - 1
        winner, best = _winning(trick, trump, no_trump, led)
        partner_wins = winner is not None and winner in allies
        value = sum(value_of(c) for _s, c in trick)
        # The colour a card would set when none is set yet.
        led_now = led or next((_suit(c, trump) for c in cards if _suit(c, trump) in COLOURS), None)

        def beats(card: str) -> bool:
            power = _power(card, trump, no_trump, led_now)
            return power is not None and (best is None or power >= best)

        def cheap(card: str) -> tuple[int, int, int]:
            return (card == TIGER, value_of(card), _strength(card) if card not in (TIGER, BULL, BEAR) else 50)

        plain = [c for c in cards if c not in (BULL, BEAR)]
        if partner_wins and (last or (best is not None and best[0] >= 2 and best[1] >= 12)):
            if BULL in cards and value > 0:
                return by_card[BULL]
            money = [c for c in plain if (value_of(c) and not beats(c)) or (value_of(c) and last)]
            money = [c for c in money if c != TIGER]
            if money:
                return by_card[max(money, key=value_of)]
            return by_card[min(plain or cards, key=cheap)]
        winners = [c for c in plain if beats(c)]
        if not partner_wins and winners and (last or len(trick) >= seats // 2 or value >= 30_000):
            choice = min(winners, key=lambda c: (c == TIGER and value < 30_000, cheap(c)))
            if choice != TIGER or value >= 30_000 or last:
                return by_card[choice]
        if not partner_wins and BEAR in cards and value >= 30_000:
            return by_card[BEAR]
        if partner_wins and BULL in cards and value > 0:
            return by_card[BULL]
        # Second hand low: the cheapest card, keeping Money and the Tiger back.
        keep = [c for c in plain if c != TIGER] or plain or cards
        return by_card[min(keep, key=cheap)]

    def _lead(self, cards: list[str], trump: str | None, hand: list[str]) -> str:
        colours = [c for c in cards if c not in (TIGER, BULL, BEAR)]
        trumps_held = [c for c in hand if _suit(c, trump) == trump and trump is not None]
        # Draw trumps with the Tiger and a long trump holding.
        if TIGER in cards and len(trumps_held) >= 4:
            return TIGER
        tops = [c for c in colours if rank_of(c) == 40 and colour_of(c) != trump]
        if tops:
            return tops[0]
        if not colours:
            return min(cards, key=lambda c: (c == TIGER, c))
        side = [c for c in colours if colour_of(c) != trump] or colours

        def lead_cost(card: str) -> tuple[int, int]:
            length = sum(1 for c in hand if colour_of(c) == colour_of(card))
            return (value_of(card), -length * 20 + _strength(card))

        return min(side, key=lead_cost)


def _search_bot(level: str, name: str) -> Callable[[], Bot]:
    """A search bot at one strength, built when asked for (it loads the compiled playout)."""

    def make() -> Bot:
        from highstakes.catalog.make_a_million import search

        return search.SearchBot(getattr(search, f"{level}_BUDGET"), name, getattr(search, f"{level}_WORLDS"))

    return make


BOTS: tuple[BotInfo, ...] = (
    BotInfo("rules", RuleOfThumbBot, N_("rule of thumb"),
            N_("bids on its Money, long colour and animals; second hand low, third hand high, "
               "Money to a partner who holds the trick, the Bull and the Bear where they count")),
    BotInfo("search-quick", _search_bot("QUICK", "search-quick"), N_("quick card-play search"),
            N_("the card-play search with an eighth of the playouts: weaker, and quick to move")),
    BotInfo("search", _search_bot("DEFAULT", "search"), N_("card-play search"),
            N_("deals the cards it cannot see many ways and plays each deal out thousands of times "
               "to choose its bids, discards, trump and cards")),
    BotInfo("search-strong", _search_bot("STRONG", "search-strong"), N_("deep card-play search"),
            N_("the card-play search with four times the playouts: stronger, and slower to move")),
)
