"""Silent Partner Make-A-Million, for six or eight players (RULES.md §1.13, A-16).

As the six- or eight-player game, except that partners are not fixed seats. Once trump is
named, the highest bidder calls 2 cards (6 players) or 3 (8 players) from its own hand, one at
a time, never an animal; they stay in its hand, marked as called. Whoever holds the other
copy of a called card is the bidder's partner, and nobody knows it (the partner excepted)
until that copy is played to a trick. A called card whose other copy is the bidder's own (in
hand or discarded) gives no partner. Every player keeps an individual score: what the team
takes is recorded for each member (a set-back too), and each opponent scores what the
opponents took together.
"""

from __future__ import annotations

import random

from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.cards import ANIMALS, card_name
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.rules import BANK, MillionState, _unique
from highstakes.catalog.make_a_million.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import Refusal
from highstakes.engine.ledger import Ledger

#: Cards the bidder calls: 2 with six players, 3 with eight (§1.13).
CALLS = {6: 2, 8: 3}


def seat_account(seat: int) -> str:
    return f"seat{seat}"


class SilentPartnerState(MillionState):
    """The partnership game with hidden, called partners and individual scores."""

    def __init__(self, seats: int, options: MillionOptions) -> None:
        if seats not in CALLS:
            raise ValueError(_("Silent Partner is played by 6 or 8 players; got {seats}").format(seats=seats))
        super().__init__(seats, options)
        accounts = {seat_account(seat): 0 for seat in range(seats)}
        self.ledger = Ledger({**accounts, BANK: 0}, overdraft=frozenset({*accounts, BANK}))
        self.last_team: list[int] = []

    def _new_deal(self) -> None:
        super()._new_deal()
        self.called: list[str] = []
        self.partners: list[int] = []  # hidden: who holds the other copy of a called card
        self.revealed: list[int] = []
        self.captured_by_seat = [0] * self.seats
        self.tricks_by_seat = [0] * self.seats

    # --- calling the partners ------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "call":
            return (self.turn,)
        return super().to_act()

    def callable(self, seat: int) -> list[str]:
        return _unique([card for card in self.hands[seat] if card not in ANIMALS and card not in self.called])

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "call" and seat in self.to_act():
            return [Move("call", card=card) for card in self.callable(seat)]
        return super().legal_actions(seat)

    def _why_not(self, seat: int, action: Action) -> Refusal:
        if self.phase == "call" and isinstance(action, Move):
            if action.kind != "call":
                return Refusal(
                    "wrong_move", _("that move does not fit now: the game waits for {what}").format(
                        what=_("a called card")), "§1.13")
            card = action.card or ""
            if card in ANIMALS:
                return Refusal(
                    "animal_call", _("the Tiger, the Bull and the Bear may not be called"), "§1.13")
            if card in self.called:
                return Refusal(
                    "already_called", _("{card} is called already").format(card=card_name(card)), "§1.13")
            return Refusal(
                "not_in_hand", _("you do not hold {card}").format(card=card_name(card)), "§1.13 (A-16)")
        if isinstance(action, Move) and action.kind == "call":
            return Refusal("wrong_move", _("that move does not fit now: the game waits for {what}").format(
                what=_("a card")), "§1.13")
        return super()._why_not(seat, action)

    def _do_trump(self, seat: int, action: Move) -> None:
        super()._do_trump(seat, action)
        self.phase = "call"

    def _do_call(self, seat: int, action: Move) -> None:
        self.called.append(action.card or "")
        if len(self.called) == CALLS[self.seats]:
            self.partners = self._holders()
            self.phase = "play"

    def _holders(self) -> list[int]:
        """The seats other than the bidder holding the other copy of a called card (A-16)."""
        return sorted({seat for seat in range(self.seats) if seat != self.bidder
                       for card in self.called if card in self.hands[seat]} | set(self.revealed))

    def _do_play(self, seat: int, action: Move) -> None:
        if action.card in self.called and seat != self.bidder and seat not in self.revealed:
            self.revealed.append(seat)  # the other copy of a called card is played: a partner shows
        super()._do_play(seat, action)

    # --- scores ---------------------------------------------------------------------------------------
    def _credit(self, winner: int, value: int) -> None:
        self.captured_by_seat[winner] += value
        self.tricks_by_seat[winner] += 1

    def team(self) -> list[int]:
        assert self.bidder is not None
        return sorted({self.bidder, *self.partners})

    def _score_deal(self) -> None:
        """The team's takings, or the set-back, are recorded for every member; the rest share theirs."""
        assert self.bidder is not None and self.bid is not None
        team = self.team()
        team_took = sum(self.captured_by_seat[seat] for seat in team)
        others_took = sum(self.captured_by_seat) - team_took
        made = team_took >= self.bid
        scored = []
        for seat in range(self.seats):
            amount = (team_took if made else -self.bid) if seat in team else others_took
            scored.append(amount)
            if amount >= 0:
                self.ledger.transfer(BANK, seat_account(seat), amount)
            else:
                self.ledger.transfer(seat_account(seat), BANK, -amount)
        self.last_team = team
        self._end_deal({
            "deal": self.deals + 1, "dealer": self.dealer, "bidder": self.bidder, "bid": self.bid,
            "trump": self.trump, "no_trump": self.no_trump, "called": list(self.called), "team": team,
            "captured": [team_took, others_took], "tricks_won": list(self.tricks_by_seat), "made": made,
            "scored": scored, **self._widow_and_discards(),
        }, next_dealer=(self.dealer + 1) % self.seats, bid_side=0)

    def scores(self) -> list[int]:
        return [self.ledger.balance(seat_account(seat)) for seat in range(self.seats)]

    def _finish(self, scores: list[int], bid_side: int | None) -> None:
        """The highest individual score wins; a tie goes to those of the last bidding team (A-14)."""
        top = max(scores)
        tied = [seat for seat in range(self.seats) if scores[seat] == top]
        on_team = [seat for seat in tied if seat in self.last_team and bid_side is not None]
        self.winner_sides = on_team or tied
        self.phase = "over"

    def _winner_seats(self) -> list[int]:
        return list(self.winner_sides)

    def result(self) -> dict[str, JSON]:
        return {"scores": self.scores(), "winners": list(self.winner_sides), "deals": self.deals}

    # --- what people see ---------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        view = super().view(seat)
        over = self.phase in ("over",)
        view["variant"] = "silent_partner"
        view["sides"] = None
        view["tricks_won"] = list(self.tricks_by_seat)
        view["called"] = list(self.called)
        view["partners_revealed"] = list(self.revealed)
        # A partner knows it from its own hand; nobody else learns it before the card is played.
        view["partner"] = seat is not None and seat != self.bidder and (
            seat in self.revealed or any(card in self.hands[seat] for card in self.called))
        view["team"] = self.team() if over and self.bidder is not None else None
        return view

    # --- hooks ----------------------------------------------------------------------------------------
    def resample_hidden(self, seat: int | None, rng: random.Random) -> SilentPartnerState:
        world = super().resample_hidden(seat, rng)
        assert isinstance(world, SilentPartnerState)
        if self.phase in ("play", "over") and self.called:
            world.partners = world._holders()
        return world

    def clone(self) -> SilentPartnerState:
        copy = super().clone()
        assert isinstance(copy, SilentPartnerState)
        for name in ("called", "partners", "revealed", "captured_by_seat", "tricks_by_seat", "last_team"):
            setattr(copy, name, list(getattr(self, name)))
        return copy
