"""Make-A-Million as a state machine: the partnership game for four, six or eight (RULES.md §1).

A game is a series of deals until a side reaches the target (A-5), however many that takes
(§1.10; a deal limit is an option, for simulations):

* **deal**: one chance event per card, hands in seat order, then the 3-card widow;
* **misdeal** (optional rule, A-6): each player in turn from the dealer's left may call for a
  new deal by the same dealer when their Money cards total $15,000 or less;
* **bid**: from the dealer's left, bid or pass; passing is final (A-1 to A-4, A-2);
* **discard**: the highest bidder takes the widow and discards three cards, one at a time (§1.6);
* **trump**: the bidder names the trump colour (or no trump, A-15);
* **play**: tricks, the bidder leading the first; then the deal is scored (§1.9).

Scores live in a ledger (one account per side and the bank, which may all go below zero:
a side set back owes its bid), so the total never moves. What a seat sees is its own hand,
the widow only as the bidder (or everyone, as an option), the current trick, and the
captured tricks as counts only until the deal is over (A-18).
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter

from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.cards import (
    BEAR,
    BULL,
    COLOUR_OF_CARD,
    COLOUR_WORDS,
    COLOURS,
    HAND_SIZE,
    MONEY_PER_DECK,
    RANKS,
    TIGER,
    WIDOW_SIZE,
    card_name,
    deck_for,
    dollars,
    is_money,
    is_plain,
    rank_of,
    sort_key,
    value_of,
)
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.words import N_, _
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.ledger import Ledger
from highstakes.engine.parts import AmountEntry

BANK = "bank"
#: Bids are whole multiples of this (A-3).
BID_STEP = 5_000
#: A player whose Money cards total this or less may call a misdeal (§1.11, A-6).
MISDEAL_LIMIT = 15_000
#: How much above the minimum the listed bids go; any other multiple of $5,000 is accepted.
BID_MENU = (0, 5_000, 15_000, 25_000)
PHASE_WORDS = {
    "misdeal": N_("calling a misdeal or playing on"), "bid": N_("a bid or a pass"),
    "discard": N_("a discard"), "trump": N_("naming trump"), "play": N_("a card"),
}
ANIMALS_BB = (BULL, BEAR)
#: Each colour card's capturing power within its colour: 13 for the $40,000 down to 1 for the 1 (§1.2).
STRENGTH = {card: len(RANKS) - RANKS.index(rank_of(card)) for card in COLOUR_OF_CARD}
#: One move object per card played: moves are immutable values, and legal_actions lists them often.
PLAY_MOVES = {card: Move("play", card=card) for card in (*COLOUR_OF_CARD, TIGER, BULL, BEAR)}


def side_of(seat: int) -> int:
    """Partners sit alternately: seats 1, 3, 5, 7 (counted from 1) against 2, 4, 6, 8 (§1.3, §1.12)."""
    return seat % 2


def account(side: int) -> str:
    return f"side{side}"


def trick_multiplier(cards: list[str]) -> int:
    """A-12: worth nothing if the last animal played is a Bear, else doubled for each Bull."""
    bulls = 0
    last = None
    for played in cards:
        if played == BULL:
            bulls += 1
            last = BULL
        elif played == BEAR:
            last = BEAR
    if last == BEAR:
        return 0
    return 2 ** bulls


def trick_value(cards: list[str]) -> int:
    """The Money a trick counts for the side that captures it (§1.8, §1.9, A-12)."""
    return sum(value_of(played) for played in cards) * trick_multiplier(cards)


class MillionState(GameState):
    """The whole game: scores, the deal under way, the auction, the tricks."""

    def __init__(self, seats: int, options: MillionOptions) -> None:
        if seats not in HAND_SIZE:
            message = _("the partnership game is played by 4, 6 or 8 players; choose the trick-count "
                        "Variation for {seats}")
            raise ValueError(message.format(seats=seats))
        self.seats = seats
        self.options = options
        self.options_json = options.to_json()
        self.deck = deck_for(seats)
        self.hand_size = HAND_SIZE[seats]
        self.money_in_play = MONEY_PER_DECK * (1 if seats == 4 else 2)
        self.opening = options.opening_for(seats)
        self.ledger = Ledger({account(0): 0, account(1): 0, BANK: 0},
                             overdraft=frozenset({account(0), account(1), BANK}))
        self._begin()

    def _begin(self) -> None:
        """What every variant starts from: no deal played yet, then the first deal."""
        self.dealer = self.seats - 1  # the first bid falls to seat 1 (counted from 1), the dealer's left
        self.deals = 0
        self.history: list[dict[str, JSON]] = []
        self.winner_sides: list[int] = []
        self.previous_tricks: list[dict[str, JSON]] = []
        self.phase = "deal"
        self._new_deal()

    # --- dealing ---------------------------------------------------------------------------------
    def _new_deal(self) -> None:
        self.to_deal: list[str] = sorted(self.deck.elements(), key=sort_key)
        self.dealt = 0
        self.hands: list[list[str]] = [[] for _ in range(self.seats)]
        self.widow: list[str] = []
        self.widow_taken = False
        self.polled: list[int] = []
        self.auction: list[dict[str, JSON]] = []
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.passed = [False] * self.seats
        self.bidder: int | None = None
        self.bid: int | None = None
        self.discards: list[str] = []
        self.money_discarded: list[str] = []
        self.trump: str | None = None
        self.no_trump: str | None = None  # "high" or "low" when no trump is called
        self.trick: list[tuple[int, str]] = []
        self.trick_colour: str | None = None
        self.trick_complete = False
        self.trick_winner: int | None = None
        self.tricks: list[dict[str, JSON]] = []
        self.tricks_won = [0, 0]
        self.captured = [0, 0]
        self.trumps_played = False
        self.voids: list[set[str]] = [set() for _ in range(self.seats)]
        self.turn = (self.dealer + 1) % self.seats
        self.phase = "deal"

    def to_act(self) -> tuple[int, ...]:
        return (self.turn,) if self.phase in ("misdeal", "bid", "discard", "trump", "play") else ()

    def is_chance(self) -> bool:
        return self.phase == "deal"

    def is_over(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        counts = Counter(self.to_deal)
        total = len(self.to_deal)
        return [(card, counts[card] / total) for card in sorted(counts, key=sort_key)]

    def sample_chance(self, rng: random.Random) -> JSON:
        return self.to_deal[rng.randrange(len(self.to_deal))]

    def check_chance(self, outcome: JSON) -> str:
        if not isinstance(outcome, str) or outcome not in self.to_deal:
            message = _("the next card dealt must be one not yet dealt; got {card}")
            raise IllegalAction("bad_chance", message.format(card=repr(outcome)), "§1.4")
        return outcome

    def apply_chance(self, outcome: str) -> None:
        self.to_deal.remove(outcome)
        position = self.dealt
        self.dealt += 1
        if position < self.seats * self.hand_size:
            insort(self.hands[position // self.hand_size], outcome, key=sort_key)
        else:
            insort(self.widow, outcome, key=sort_key)
        if not self.to_deal:
            self.turn = (self.dealer + 1) % self.seats
            self.phase = "misdeal" if self.options.misdeal else "bid"

    # --- what may be done --------------------------------------------------------------------------
    def money_in_hand(self, seat: int) -> int:
        return sum(value_of(held) for held in self.hands[seat])

    def min_bid(self) -> int:
        if self.high_bid is None:
            return self.opening
        return self.high_bid + self.options.raise_step

    def suit(self, played: str) -> str | None:
        """The colour a card counts as: the Tiger is trump (or a suit of its own at no trump)."""
        colour = COLOUR_OF_CARD.get(played)
        if colour is not None:
            return colour
        if played == TIGER:
            return self.trump if self.trump is not None else TIGER
        return None

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == "misdeal":
            moves = [Move("play_on")]
            if self.money_in_hand(seat) <= MISDEAL_LIMIT:
                moves.append(Move("redeal"))
            return moves
        if phase == "bid":
            low = self.min_bid()
            return [Move("pass")] + [Move("bid", amount=low + extra) for extra in BID_MENU
                                     if low + extra <= self.money_in_play]
        if phase == "discard":
            return [Move("discard", card=held) for held in self.discardable(seat)]
        if phase == "trump":
            moves = [Move("trump", card=colour) for colour in COLOURS]
            if self.options.no_trump:
                moves += [Move("trump", card="none_high"), Move("trump", card="none_low")]
            return moves
        if phase == "play":
            return [PLAY_MOVES[held] for held in self.playable(seat)]
        return []

    def discardable(self, seat: int) -> list[str]:
        """Number cards first; Money only when no number card is left; never an animal (§1.6)."""
        hand = self.hands[seat]
        plain = [held for held in hand if is_plain(held)]
        pool = plain if plain else [held for held in hand if is_money(held)]
        return _unique(pool)

    def playable(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        if self.trick_complete or not self.trick:
            return self._leads(hand)
        led = self.trick_colour
        if led is not None:
            # A card follows if it is of the colour led, or is the Tiger when trump is led (§1.7, §1.8).
            tiger_follows = self.trump == led
            following = [held for held in hand
                         if COLOUR_OF_CARD.get(held) == led or (tiger_follows and held == TIGER)]
            if following:
                return _unique(following)
        return _unique(hand)

    def _leads(self, hand: list[str]) -> list[str]:
        # the Bull and the Bear are led only when nothing else is left.
        leads = [held for held in hand if held not in ANIMALS_BB] or list(hand)
        if (self.options.trump_lead == "after_trump_played" and self.trump is not None
                and not self.trumps_played):
            # no trump lead until trump has been played, unless only trumps are left.
            other = [held for held in leads if self.suit(held) != self.trump]
            leads = other or leads
        return _unique(leads)

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is not allowed for ``seat`` now (§1.5 to §1.14), or None. Plays and
        bids, the moves made most, are decided without listing the legal moves."""
        if isinstance(action, Move):
            kind = action.kind
            if kind == "play":
                if self.phase == "play" and action.card in self.playable(seat):
                    return None
            elif kind == "bid" and self.phase == "bid":
                return self._bid_refusal(action.amount)
            elif action in self.legal_actions(seat):
                return None
        return self._why_not(seat, action)

    def _bid_refusal(self, amount: int | None) -> Refusal | None:
        assert amount is not None
        low = self.min_bid()
        if amount < low:
            if self.high_bid is None:
                message = _("the opening bid is at least {minimum}").format(minimum=dollars(low))
            else:
                message = _("a bid must be at least {step} above the current {bid}: {minimum} or more")
                message = message.format(step=dollars(self.options.raise_step), bid=dollars(self.high_bid),
                                         minimum=dollars(low))
            return Refusal("bid_too_low", message, "§1.5 (A-1, A-4)")
        if amount % BID_STEP:
            return Refusal("bid_step", _("bids go in steps of {step}; {amount} is not one").format(
                step=dollars(BID_STEP), amount=dollars(amount)), "§1.5 (A-3)")
        if amount > self.money_in_play:
            return Refusal("bid_too_high", _("a bid may not exceed the {money} in play").format(
                money=dollars(self.money_in_play)), "§1.5 (A-3)")
        return None

    def _why_not(self, seat: int, action: Action) -> Refusal:
        """The rule a refused action breaks, in words: the move the phase waits for, the bid's
        bounds, the hand, following and leading."""
        if not isinstance(action, Move):
            return Refusal(
                "illegal_action", _("{action} is not a Make-A-Million move").format(action=action), "§1")
        phase, kind = self.phase, action.kind
        expected = {"misdeal": ("redeal", "play_on"), "bid": ("bid", "pass"), "discard": ("discard",),
                    "trump": ("trump",), "play": ("play",)}.get(phase, ())
        if kind not in expected:
            return Refusal("wrong_move", _("that move does not fit now: the game waits for {what}").format(
                what=_(PHASE_WORDS.get(phase, PHASE_WORDS["play"]))), "§1")
        if kind == "redeal":
            message = _("a misdeal may be called only with {limit} or less in Money cards")
            return Refusal("no_misdeal", message.format(limit=dollars(MISDEAL_LIMIT)), "§1.11 (A-6)")
        if kind == "bid":
            refusal = self._bid_refusal(action.amount)
            if refusal is not None:
                return refusal
        if kind == "trump":
            return Refusal("no_trump_off", _("no trump may be called only when that optional rule is on"),
                           "§1.11 (A-15)")
        hand = self.hands[seat]
        card = action.card or ""
        if kind in ("discard", "play") and card not in hand:
            return Refusal("not_in_hand", _("you do not hold {card}").format(card=card_name(card)), "§1.7")
        if kind == "discard":
            if card in (TIGER, BULL, BEAR):
                message = _("the Tiger, the Bull and the Bear may never be discarded")
                return Refusal("animal_discard", message, "§1.6")
            message = _("a Money card may be discarded only when you hold no number card to discard")
            return Refusal("money_discard", message, "§1.6")
        if kind == "play":
            return self._play_refusal(seat, card)
        return Refusal("illegal_action", _("{action} is not allowed now").format(action=action), "§1")

    def _play_refusal(self, seat: int, card: str) -> Refusal:
        hand = self.hands[seat]
        if self.trick_complete or not self.trick:
            if card in ANIMALS_BB:
                return Refusal(
                    "animal_lead", _("the Bull and the Bear may not be led while you hold another card"),
                    "§1.8 (A-10)")
            return Refusal(
                "trump_lead", _("trump may not be led until trump has been played to an earlier trick"),
                "§1.11 (A-11)")
        led = self.trick_colour or ""
        colour = _(COLOUR_WORDS.get(led, "red"))
        if card == TIGER and self.trump == led:
            return Refusal(
                "must_follow", _("you must follow {colour}: the Tiger is a trump, but you hold another "
                                 "{colour} card to play").format(colour=colour), "§1.7")
        if card in ANIMALS_BB and len(hand) > 1:
            return Refusal(
                "animal_follow", _("the Bull and the Bear may be played only when you cannot follow "
                                   "{colour}").format(colour=colour), "§1.8")
        return Refusal(
            "must_follow", _("you must follow {colour}: you hold a {colour} card").format(colour=colour),
            "§1.7")

    # --- doing it ------------------------------------------------------------------------------------
    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Move)
        getattr(self, f"_do_{action.kind}")(seat, action)

    def _do_play_on(self, seat: int, action: Move) -> None:
        self.polled.append(seat)
        if len(self.polled) == self.seats:
            self.turn = (self.dealer + 1) % self.seats
            self.phase = "bid"
        else:
            self.turn = (seat + 1) % self.seats

    def _do_redeal(self, seat: int, action: Move) -> None:
        self._end_deal({"deal": self.deals + 1, "dealer": self.dealer, "misdeal": seat},
                       next_dealer=self.dealer)

    def _do_bid(self, seat: int, action: Move) -> None:
        self.high_bid = action.amount
        self.high_bidder = seat
        self.auction.append({"seat": seat, "bid": action.amount})
        self._next_bidder(seat)

    def _do_pass(self, seat: int, action: Move) -> None:
        self.passed[seat] = True
        self.auction.append({"seat": seat, "bid": None})
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        active = [s for s in range(self.seats) if not self.passed[s]]
        if not active:  # everyone passed: the hand is thrown in and the next dealer deals
            self._end_deal({"deal": self.deals + 1, "dealer": self.dealer, "all_passed": True},
                           next_dealer=(self.dealer + 1) % self.seats)
            return
        if len(active) == 1 and self.high_bidder == active[0]:
            self._won_auction(active[0])
            return
        for step in range(1, self.seats + 1):
            candidate = (seat + step) % self.seats
            if not self.passed[candidate]:
                self.turn = candidate
                return

    def _won_auction(self, seat: int) -> None:
        self.bidder = seat
        self.bid = self.high_bid
        self.hands[seat].extend(self.widow)
        self.hands[seat].sort(key=sort_key)
        self.widow_taken = True
        self.turn = seat
        self.phase = "discard"

    def _do_discard(self, seat: int, action: Move) -> None:
        card = action.card or ""
        self.hands[seat].remove(card)
        self.discards.append(card)
        if is_money(card):
            self.money_discarded.append(card)  # shown to the other players (§1.6)
        if len(self.discards) == WIDOW_SIZE:
            self.phase = "trump"

    def _do_trump(self, seat: int, action: Move) -> None:
        named = action.card or ""
        if named.startswith("none_"):
            self.no_trump = named.removeprefix("none_")
        else:
            self.trump = named
        self.phase = "play"
        self.turn = seat  # the highest bidder leads the first trick (§1.7)

    def _do_play(self, seat: int, action: Move) -> None:
        card = action.card or ""
        if self.trick_complete:
            self.trick = []
            self.trick_colour = None
            self.trick_complete = False
            self.trick_winner = None
        suit = self.suit(card)
        if self.trick and self.trick_colour is not None and suit != self.trick_colour:
            self.voids[seat].add(self.trick_colour)  # a failure to follow shows a void
        if self.trick_colour is None and suit in COLOURS:
            self.trick_colour = suit  # the first colour card (or the Tiger, as trump) sets it (§1.8)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.seats:
            self.turn = (seat + 1) % self.seats
            return
        self._finish_trick()

    def card_power(self, card: str) -> tuple[int, int] | None:
        """How strongly a card bids for the current trick; None when it cannot win it (§1.7, A-15)."""
        if card in ANIMALS_BB:
            return None
        if card == TIGER:
            if self.trump is not None:
                return (2, 99)  # always the highest trump
            return (3, 0) if self.no_trump == "high" else None
        strength = STRENGTH[card]
        colour = COLOUR_OF_CARD[card]
        if self.trump is not None and colour == self.trump:
            return (2, strength)
        if colour == self.trick_colour:
            return (1, strength)
        return None

    def winner_of(self, trick: list[tuple[int, str]]) -> int:
        """The highest trump, else the highest card of the colour led; a later duplicate wins (A-13)."""
        best: tuple[int, int] | None = None
        winner = trick[0][0]
        for seat, card in trick:
            power = self.card_power(card)
            if power is not None and (best is None or power >= best):
                best, winner = power, seat
        return winner

    def _finish_trick(self) -> None:
        cards = [card for _, card in self.trick]
        winner = self.winner_of(self.trick)
        value = trick_value(cards)
        self._credit(winner, value)
        if self.trump is not None and any(self.suit(card) == self.trump for card in cards):
            self.trumps_played = True
        self.tricks.append({"cards": [{"seat": s, "card": c} for s, c in self.trick], "winner": winner,
                            "value": value, "colour": self.trick_colour})
        self.trick_complete = True
        self.trick_winner = winner
        self.turn = winner
        if not any(self.hands):
            self._score_deal()

    def _credit(self, winner: int, value: int) -> None:
        """A trick taken: its Money goes to the winner's side (face down until the deal ends)."""
        side = side_of(winner)
        self.captured[side] += value
        self.tricks_won[side] += 1

    def _score_deal(self) -> None:
        """§1.9: the bidding side scores all it took if it made its bid, else is set back by the bid."""
        assert self.bidder is not None and self.bid is not None
        bid_side = side_of(self.bidder)
        made = self.captured[bid_side] >= self.bid
        scored = list(self.captured)
        if not made:
            scored[bid_side] = -self.bid
        for side, amount in enumerate(scored):
            if amount >= 0:
                self.ledger.transfer(BANK, account(side), amount)
            else:
                self.ledger.transfer(account(side), BANK, -amount)
        self._end_deal({
            "deal": self.deals + 1, "dealer": self.dealer, "bidder": self.bidder, "bid": self.bid,
            "trump": self.trump, "no_trump": self.no_trump, "captured": list(self.captured),
            "tricks_won": list(self.tricks_won), "made": made, "scored": scored, **self._widow_and_discards(),
        }, next_dealer=(self.dealer + 1) % self.seats, bid_side=bid_side)

    def _widow_and_discards(self) -> dict[str, JSON]:
        """What a deal's log keeps of the widow and the discards: the bidder's to see until the game
        ends (A-19), but for the Money discarded, which was shown to everyone (§1.6)."""
        return {"widow": list(self.widow), "discards": list(self.discards),
                "money_discarded": list(self.money_discarded)}

    def scores(self) -> list[int]:
        return [self.ledger.balance(account(side)) for side in (0, 1)]

    def _end_deal(self, summary: dict[str, JSON], next_dealer: int, bid_side: int | None = None) -> None:
        self.deals += 1
        # The tricks of a deal played out may be looked at once it is over, until the next.
        self.previous_tricks = [dict(trick) for trick in self.tricks] if "bid" in summary else []
        summary["scores"] = self.scores()
        self.history.append(summary)
        scores = self.scores()
        if self._game_ends(scores):
            self._finish(scores, bid_side)
            return
        self.dealer = next_dealer
        self._new_deal()

    def _game_ends(self, scores: list[int]) -> bool:
        """§1.10: a side has reached the target; or, with the deal limit option, the last deal is played."""
        limit = self.options.hand_limit
        reached = any(score >= self.options.target for score in scores)
        return reached or (limit is not None and self.deals >= limit)

    def _finish(self, scores: list[int], bid_side: int | None) -> None:
        """§1.10: the higher score wins; an exact tie goes to the side that won the bid (A-14)."""
        if scores[0] != scores[1]:
            self.winner_sides = [0 if scores[0] > scores[1] else 1]
        elif bid_side is not None:
            self.winner_sides = [bid_side]
        else:
            self.winner_sides = [0, 1]
        self.phase = "over"

    # --- what people see -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        over = self.phase == "over"
        bidder_sees = seat is not None and seat == self.bidder
        widow_public = self.widow_taken and self.options.widow == "everyone"
        show_widow = self.widow_taken and (bidder_sees or widow_public)
        bidding = self.phase == "bid"
        last = self.tricks[-2] if self.trick_complete and len(self.tricks) > 1 else (
            self.tricks[-1] if self.tricks and not self.trick_complete else None)
        return {
            "game": "make_a_million",
            "variant": "partnership",
            "you": seat,
            "seats": self.seats,
            "phase": self.phase,
            "deal_number": self.deals + 1,
            "dealer": self.dealer,
            "current": self.turn if self.to_act() else None,
            "sides": [side_of(s) for s in range(self.seats)],
            "hand": list(self.hands[seat]) if seat is not None else [],
            "hand_sizes": [len(hand) for hand in self.hands],
            "widow": list(self.widow) if show_widow else None,
            "misdeal_polled": list(self.polled),
            "auction": [dict(entry) for entry in self.auction],
            "high_bid": self.high_bid,
            "high_bidder": self.high_bidder,
            "passed": list(self.passed),
            "min_bid": self.min_bid() if bidding else None,
            "max_bid": self.money_in_play,
            "bidder": self.bidder,
            "bid": self.bid,
            "discards": list(self.discards) if bidder_sees else None,
            "money_discarded": list(self.money_discarded),
            "trump": self.trump,
            "no_trump": self.no_trump,
            "trick": [{"seat": s, "card": c} for s, c in self.trick],
            "trick_colour": self.trick_colour,
            "trick_complete": self.trick_complete,
            "trick_winner": self.trick_winner,
            "trick_number": len(self.tricks) + (0 if self.trick_complete or not self.trick else 1),
            "tricks_won": list(self.tricks_won),
            "trumps_played": self.trumps_played,
            "last_trick": dict(last) if last is not None and self.options.last_trick else None,
            "scores": self.scores(),
            "target": self.options.target,
            "history": [self._logged_deal(entry, seat) for entry in self.history],
            "previous_tricks": [dict(trick) for trick in self.previous_tricks],
            "winners": self._winner_seats() if over else None,
            "options": dict(self.options_json),
        }

    def _winner_seats(self) -> list[int]:
        return [s for s in range(self.seats) if side_of(s) in self.winner_sides]

    def _logged_deal(self, entry: dict[str, JSON], seat: int | None) -> dict[str, JSON]:
        """A finished deal as a seat sees it in the log: its widow and discards stay hidden from
        everyone but its bidder until the game ends (A-19), the widow shown to all with that
        option (A-7); the Money discarded, the Money each side took and the scores are public."""
        shown = dict(entry)
        if self._deal_secrets_hidden(entry, seat):
            if self.options.widow != "everyone":
                shown["widow"] = None
            shown["discards"] = None
        return shown

    def _deal_secrets_hidden(self, entry: dict[str, JSON], seat: int | None) -> bool:
        """Whether a logged deal's widow and discards are hidden from ``seat`` (A-19)."""
        return self.phase != "over" and "widow" in entry and seat != entry["bidder"]

    def result(self) -> dict[str, JSON]:
        scores = self.scores()
        return {
            "scores": [scores[side_of(s)] for s in range(self.seats)],
            "winners": self._winner_seats(),
            "side_scores": scores,
            "deals": self.deals,
        }

    # --- hooks ----------------------------------------------------------------------------------------
    def amount_entries(self, seat: int) -> list[AmountEntry]:
        """A bid may be any multiple of $5,000 from the minimum to the Money in play (A-3)."""
        if seat not in self.to_act() or self.phase != "bid" or self.min_bid() > self.money_in_play:
            return []
        # Translators: what a typed amount is, at the head of a problem with it.
        return [AmountEntry("bid", _("Bid"), self.min_bid(), self.money_in_play, step=BID_STEP, scale=1,
                            currency="USD")]

    def money(self) -> Ledger:
        return self.ledger

    def resample_hidden(self, seat: int | None, rng: random.Random) -> MillionState:
        """The same game with every card the seat cannot see dealt anew.

        Hidden places are the other hands, the widow before it is taken (unless shown), the
        cards not yet dealt and the bidder's face-down discards (number cards: Money discards are
        shown). A seat that failed to follow a colour holds none of it; with the widow shown to
        all, its cards still unseen are in the bidder's hand or discards.
        """
        world = self.clone()
        places: list[tuple[str, int, int]] = []  # (kind, index, capacity)
        for other in range(self.seats):
            if other != seat:
                places.append(("hand", other, len(self.hands[other])))
        widow_hidden = not self.widow_taken
        if widow_hidden:
            places.append(("widow", 0, len(self.widow)))
        places.append(("undealt", 0, len(self.to_deal)))
        hidden_discards = [card for card in self.discards if not is_money(card)]
        if seat != self.bidder and hidden_discards:
            places.append(("discards", 0, len(hidden_discards)))
        pool: list[str] = []
        for kind, index, _capacity in places:
            pool.extend(self._place_cards(kind, index))
        pool.sort(key=sort_key)
        pinned = self._pinned_widow(seat)
        assignment = self._assign(pool, places, pinned, rng)
        for (kind, index, _capacity), cards in zip(places, assignment, strict=True):
            cards.sort(key=sort_key)
            if kind == "hand":
                world.hands[index] = cards
            elif kind == "widow":
                world.widow = cards
            elif kind == "undealt":
                world.to_deal = cards
            else:
                shown = list(self.money_discarded)
                world.discards = self._merge_discards(cards, shown)
        if self.widow_taken and self.bidder is not None and seat != self.bidder and not pinned \
                and self.options.widow != "everyone":
            # The widow went into the bidder's hand unseen: any three of the bidder's cards.
            bidder = self.bidder
            candidates = sorted(world.hands[bidder] + world.discards
                                + [e["card"] for t in world.tricks for e in t["cards"] if e["seat"] == bidder]
                                + [c for s, c in world.trick if s == bidder], key=sort_key)
            world.widow = sorted(rng.sample(candidates, WIDOW_SIZE), key=sort_key)
        world.history = [self._redealt_log_entry(index, entry, rng) if self._deal_secrets_hidden(entry, seat)
                         else entry for index, entry in enumerate(self.history)]
        return world

    def _redealt_log_entry(self, index: int, entry: dict[str, JSON], rng: random.Random) -> dict[str, JSON]:
        """A finished deal's widow and discards, hidden from the seat (A-19), dealt anew from what it
        knows: for the last deal, whose tricks may be looked at (A-18), the discards are the cards
        nobody played and the widow three of those or of the bidder's plays; for earlier deals,
        any cards of the deck (the Money discarded kept, the other discards number cards)."""
        deck = sorted(self.deck.elements(), key=sort_key)
        shown = list(entry["money_discarded"])  # type: ignore[arg-type]
        kept = len(entry["discards"]) - len(shown)  # type: ignore[arg-type]
        if index == len(self.history) - 1 and self.previous_tricks:
            plays = [(play["seat"], play["card"]) for trick in self.previous_tricks
                     for play in trick["cards"]]  # type: ignore[union-attr]
            unplayed = Counter(deck) - Counter(card for _seat, card in plays)
            hidden = sorted((unplayed - Counter(shown)).elements(), key=sort_key)
            candidates = sorted([card for player, card in plays if player == entry["bidder"]]
                                + list(unplayed.elements()), key=sort_key)
        else:
            plain = sorted((card for card in (Counter(deck) - Counter(shown)).elements() if is_plain(card)),
                           key=sort_key)
            hidden = sorted(rng.sample(plain, kept), key=sort_key)
            candidates = deck
        redealt = dict(entry)
        if self.options.widow != "everyone":
            redealt["widow"] = sorted(rng.sample(candidates, WIDOW_SIZE), key=sort_key)
        redealt["discards"] = shown + hidden
        return redealt

    def _place_cards(self, kind: str, index: int) -> list[str]:
        if kind == "hand":
            return list(self.hands[index])
        if kind == "widow":
            return list(self.widow)
        if kind == "undealt":
            return list(self.to_deal)
        return [card for card in self.discards if not is_money(card)]

    def _merge_discards(self, hidden: list[str], shown: list[str]) -> list[str]:
        """Discards in the order made: shown Money cards where they were, number cards elsewhere."""
        merged, hidden_left, shown_left = [], list(hidden), list(shown)
        for card in self.discards:
            merged.append(shown_left.pop(0) if is_money(card) else hidden_left.pop(0))
        return merged

    def _pinned_widow(self, seat: int | None) -> Counter[str]:
        """With the widow shown to all, its cards not seen played or discarded since: the bidder's."""
        if not (self.widow_taken and self.options.widow == "everyone") or seat == self.bidder:
            return Counter()
        pinned = Counter(self.widow)
        pinned.subtract([card for trick in self.tricks for entry in trick["cards"]  # type: ignore[union-attr]
                         if entry["seat"] == self.bidder for card in [entry["card"]]])  # type: ignore[index]
        pinned.subtract([card for s, card in self.trick if s == self.bidder and not self.trick_complete])
        pinned.subtract(self.money_discarded)
        return +pinned

    def _fits(self, card: str, kind: str, index: int, pinned: bool, voids: bool = True) -> bool:
        if pinned and not ((kind == "hand" and index == self.bidder) or kind == "discards"):
            return False
        if kind == "hand" and voids:
            suit = self.suit(card)
            return suit is None or suit not in self.voids[index]
        if kind == "discards":
            return is_plain(card)
        return True

    def _assign(self, pool: list[str], places: list[tuple[str, int, int]], pinned: Counter[str],
                rng: random.Random) -> list[list[str]]:
        """Deal the pool into the places, each card where it may be; most constrained cards first."""
        if not pinned and not any(self.voids) and not any(kind == "discards" for kind, _i, _c in places):
            cards = list(pool)  # nothing constrains the deal: shuffle and share out
            rng.shuffle(cards)
            shares, start = [], 0
            for _kind, _index, capacity in places:
                shares.append(cards[start:start + capacity])
                start += capacity
            return shares
        where: dict[tuple[str, bool, bool], list[int]] = {}
        for attempt in range(40):
            voids = attempt < 20  # voids are dropped before giving up: they are rarely the obstacle
            cards = list(pool)
            rng.shuffle(cards)
            pins = Counter(pinned)
            tagged = []
            for card in cards:
                pin = pins[card] > 0
                if pin:
                    pins[card] -= 1
                fits = where.get((card, pin, voids))
                if fits is None:
                    fits = where[(card, pin, voids)] = [i for i, (kind, index, _c) in enumerate(places)
                                                        if self._fits(card, kind, index, pin, voids)]
                tagged.append((len(fits), card, fits))
            tagged.sort(key=lambda item: item[0])
            room = [capacity for _k, _i, capacity in places]
            result: list[list[str]] = [[] for _ in places]
            # Cards that fit anywhere fill the room the others leave, in their shuffled order.
            free = [card for count, card, _fits in tagged if count == len(places)]
            tagged = [item for item in tagged if item[0] < len(places)]
            for _n, card, fits in tagged:
                open_places = [i for i in fits if room[i] > 0]
                if not open_places:
                    break
                # A place is drawn in proportion to the room it has left.
                pick = rng.randrange(sum(room[i] for i in open_places))
                for chosen in open_places:
                    pick -= room[chosen]
                    if pick < 0:
                        break
                room[chosen] -= 1
                result[chosen].append(card)
            else:
                start = 0
                for place, left in enumerate(room):
                    result[place].extend(free[start:start + left])
                    start += left
                return result
        return self._matched(pool, places, pinned)

    def _matched(self, pool: list[str], places: list[tuple[str, int, int]],
                 pinned: Counter[str]) -> list[list[str]]:
        """A deal found by matching cards to places (voids set aside), for when random tries fail.

        One always exists, since the real deal is one; the pool's sorted order keeps it
        independent of anything the seat cannot see.
        """
        slots = [i for i, (_k, _i, capacity) in enumerate(places) for _ in range(capacity)]
        pins = Counter(pinned)
        options = []
        for card in pool:
            pin = pins[card] > 0
            if pin:
                pins[card] -= 1
            options.append([s for s, place in enumerate(slots)
                            if self._fits(card, places[place][0], places[place][1], pin, False)])
        owner: list[int | None] = [None] * len(slots)

        def seat_card(card_index: int, seen: set[int]) -> bool:
            for slot in options[card_index]:
                if slot not in seen:
                    seen.add(slot)
                    holder = owner[slot]
                    if holder is None or seat_card(holder, seen):
                        owner[slot] = card_index
                        return True
            return False

        for card_index in range(len(pool)):
            seat_card(card_index, set())
        result: list[list[str]] = [[] for _ in places]
        for slot, card_index in enumerate(owner):
            if card_index is not None:
                result[slots[slot]].append(pool[card_index])
        return result

    def clone(self) -> MillionState:
        copy = type(self).__new__(type(self))
        copy.__dict__.update(self.__dict__)
        copy.ledger = self.ledger.clone()
        copy.hands = [list(hand) for hand in self.hands]
        copy.voids = [set(void) for void in self.voids]
        for name in ("to_deal", "widow", "polled", "auction", "passed", "discards", "money_discarded",
                     "trick", "tricks", "tricks_won", "captured", "history", "winner_sides",
                     "previous_tricks"):
            setattr(copy, name, list(getattr(self, name)))
        return copy


def _unique(cards: list[str]) -> list[str]:
    """Each card once (two copies of a card are one choice), in hand order."""
    return list(dict.fromkeys(cards))
