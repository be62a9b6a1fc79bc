"""The trick-count Variation, for 2 to 12 players (RULES.md §1.14, A-17, A-20, §7.3).

Each deal gives every player the same number of cards from the one deck, one fewer each deal
down to 1: ⌊(55 − 4) / N⌋ cards to start (12 with four players). The top undealt card turned
up names trump (an animal is passed over for the next card). Every player bids a number of
tricks at the same time: bids stay hidden until the last is in. The player on the dealer's
left leads; the usual play rules apply, the Tiger is the highest trump and the Bull and the
Bear never win. Taking exactly the bid scores the bid plus 5, anything else the tricks taken.
The highest total after the 1-card deal wins.
"""

from __future__ import annotations

import random
from collections import Counter

from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.cards import ANIMALS, ONE_DECK, colour_of, sort_key
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.rules import MillionState
from highstakes.catalog.make_a_million.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.ledger import Ledger

#: Points for taking exactly the tricks bid, on top of the bid (§1.14).
EXACT_BONUS = 5
#: Cards kept undealt so that a colour card is always left to turn up (A-17).
KEPT_BACK = 4
#: A-20: any number of players from 2; the tables place at most 12 round the trick.
FEWEST, MOST = 2, 12


def start_hand(seats: int) -> int:
    """A-17: ⌊(55 − 4) / N⌋ cards each in the first deal."""
    return (len(ONE_DECK) - KEPT_BACK) // seats


class VariationState(MillionState):
    """The trick-count game: no auction, no widow, no partners; points, not money."""

    def __init__(self, seats: int, options: MillionOptions) -> None:
        if not FEWEST <= seats <= MOST:
            message = _("the trick-count Variation is played by {fewest} to {most} players; got {seats}")
            raise ValueError(message.format(fewest=FEWEST, most=MOST, seats=seats))
        self.seats = seats
        self.options = options
        self.options_json = options.to_json()
        self.deck = Counter(ONE_DECK)
        self.money_in_play = 0
        self.opening = 0
        self.points = [0] * seats
        # Points, not money: the ledger stays empty and is not offered (money() is None).
        self.ledger = Ledger({})
        self.cards_this_deal = start_hand(seats)
        self._begin()

    def _new_deal(self) -> None:
        super()._new_deal()
        self.hand_size = self.cards_this_deal
        self.turned: list[str] = []  # the cards turned up for trump, the last one names it
        self.trick_bids: list[int | None] = [None] * self.seats
        self.tricks_taken = [0] * self.seats

    # --- chance: the deal, then the turn-up ----------------------------------------------------------
    def apply_chance(self, outcome: str) -> None:
        self.to_deal.remove(outcome)
        position = self.dealt
        self.dealt += 1
        if position < self.seats * self.hand_size:
            hand = self.hands[position // self.hand_size]
            hand.append(outcome)
            hand.sort(key=sort_key)
            return
        self.turned.append(outcome)
        if outcome not in ANIMALS:
            self.trump = colour_of(outcome)
            self.phase = "tricks"

    # --- who acts -------------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "tricks":
            return tuple(seat for seat in range(self.seats) if self.trick_bids[seat] is None)
        return (self.turn,) if self.phase == "play" else ()

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "tricks":
            return [Move("tricks", amount=count) for count in range(self.hand_size + 1)]
        return [Move("play", card=held) for held in self.playable(seat)]

    def _why_not(self, seat: int, action: Action) -> Refusal:
        if isinstance(action, Move) and action.kind == "tricks" and self.phase == "tricks":
            return Refusal(
                "bad_trick_bid", _("bid from 0 to {most} tricks").format(most=self.hand_size), "§1.14")
        if isinstance(action, Move) and self.phase == "tricks":
            return Refusal("wrong_move", _("that move does not fit now: the game waits for {what}").format(
                what=_("a trick bid")), "§1.14")
        if isinstance(action, Move) and action.kind != "play" and self.phase == "play":
            return Refusal("wrong_move", _("that move does not fit now: the game waits for {what}").format(
                what=_("a card")), "§1.14")
        return super()._why_not(seat, action)

    def _do_tricks(self, seat: int, action: Move) -> None:
        self.trick_bids[seat] = action.amount
        if all(bid is not None for bid in self.trick_bids):
            self.phase = "play"
            self.turn = (self.dealer + 1) % self.seats  # the dealer's left leads (§1.14)

    def _finish_trick(self) -> None:
        winner = self.winner_of(self.trick)
        self.tricks_taken[winner] += 1
        if any(self.suit(card) == self.trump for _seat, card in self.trick):
            self.trumps_played = True  # trump may be led from now on, with that option
        self.tricks.append({"cards": [{"seat": s, "card": c} for s, c in self.trick], "winner": winner,
                            "value": 0, "colour": self.trick_colour})
        self.trick_complete = True
        self.trick_winner = winner
        self.turn = winner
        if not any(self.hands):
            self._score_deal()

    def _score_deal(self) -> None:
        scored = []
        for seat in range(self.seats):
            bid, taken = self.trick_bids[seat], self.tricks_taken[seat]
            scored.append(taken + EXACT_BONUS if bid == taken else taken)
            self.points[seat] += scored[-1]
        self.deals += 1
        self.previous_tricks = [dict(trick) for trick in self.tricks]
        self.history.append({"deal": self.deals, "dealer": self.dealer, "cards": self.hand_size,
                             "trump": self.trump, "turned": list(self.turned),
                             "bids": list(self.trick_bids), "taken": list(self.tricks_taken),
                             "scored": scored, "scores": list(self.points)})
        if self.cards_this_deal == 1:
            top = max(self.points)
            self.winner_sides = [seat for seat in range(self.seats) if self.points[seat] == top]
            self.phase = "over"
            return
        self.cards_this_deal -= 1
        self.dealer = (self.dealer + 1) % self.seats
        self._new_deal()

    def scores(self) -> list[int]:
        return list(self.points)

    def _winner_seats(self) -> list[int]:
        return list(self.winner_sides)

    def result(self) -> dict[str, JSON]:
        return {"scores": list(self.points), "winners": list(self.winner_sides), "deals": self.deals}

    def money(self) -> Ledger | None:
        return None

    def amount_entries(self, seat: int) -> list:
        return []

    # --- what people see ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        bidding = self.phase == "tricks"
        return {
            "game": "make_a_million",
            "variant": "variation",
            "you": seat,
            "seats": self.seats,
            "phase": self.phase,
            "deal_number": self.deals + 1,
            "cards_this_deal": self.cards_this_deal,
            "dealer": self.dealer,
            "current": self.turn if self.phase == "play" else None,
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(hand) for hand in self.hands],
            "turned": list(self.turned),
            "trump": self.trump,
            # Bids are made at the same time: each stays hidden until the last is in (§7.3).
            "trick_bids": [None if bidding and s != seat else bid for s, bid in enumerate(self.trick_bids)],
            "have_bid": [bid is not None for bid in self.trick_bids],
            "tricks_taken": list(self.tricks_taken),
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "trick_colour": self.trick_colour,
            "trick_complete": self.trick_complete,
            "trick_winner": self.trick_winner,
            "trick_number": len(self.tricks) + (0 if self.trick_complete or not self.trick else 1),
            "last_trick": self._last_trick(),
            "previous_tricks": [dict(trick) for trick in self.previous_tricks],
            "scores": list(self.points),
            "history": [dict(entry) for entry in self.history],
            "winners": list(self.winner_sides) if self.phase == "over" else None,
            "options": dict(self.options_json),
        }

    def _last_trick(self) -> dict[str, JSON] | None:
        if not self.options.last_trick:
            return None
        last = self.tricks[-2] if self.trick_complete and len(self.tricks) > 1 else (
            self.tricks[-1] if self.tricks and not self.trick_complete else None)
        return dict(last) if last is not None else None

    # --- hooks ----------------------------------------------------------------------------------
    def resample_hidden(self, seat: int | None, rng: random.Random) -> VariationState:
        """Other hands and the undealt cards dealt anew (voids kept); others' unrevealed bids redrawn."""
        world = super().resample_hidden(seat, rng)
        assert isinstance(world, VariationState)
        if self.phase == "tricks":
            for other in range(self.seats):
                if other != seat and world.trick_bids[other] is not None:
                    world.trick_bids[other] = rng.randint(0, self.hand_size)
        return world

    def check_chance(self, outcome: JSON) -> str:
        if not isinstance(outcome, str) or outcome not in self.to_deal:
            message = _("the next card dealt must be one not yet dealt; got {card}")
            raise IllegalAction("bad_chance", message.format(card=repr(outcome)), "§1.14")
        return outcome

    def is_chance(self) -> bool:
        return self.phase == "deal"

    def clone(self) -> VariationState:
        copy = super().clone()
        assert isinstance(copy, VariationState)
        copy.points = list(self.points)
        copy.turned = list(self.turned)
        copy.trick_bids = list(self.trick_bids)
        copy.tricks_taken = list(self.tricks_taken)
        return copy
