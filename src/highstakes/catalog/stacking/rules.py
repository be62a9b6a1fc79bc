"""The stacking game as a state machine (RULES.md §5.1, §5.3, with §7.2, §7.4 and §7.5).

Every player starts with 5 ¥100 coins, 2 ¥500 coins, a ¥1,000 and a ¥5,000 bill; the rest
of the currency is in the bag (the longer game deals it out too). Each round:

* **Bidding**, from the round's opener, clockwise among the seats that have not passed: bid
  a count at least the highest so far (match or raise) and lay that many pieces in your row,
  or pass, which is final. A seat that has not yet bid this round and holds too few pieces to
  match takes the missing ones of its choice from the bag. Bidding ends when all have passed.
* **Stacking**, from the last seat to pass, clockwise among the seats whose row still holds a
  piece: place your row's next piece on the stack. It stands, misses (slides to the table:
  place it again) or collapses the stack (you take the whole stack and the piece in hand,
  then start a new stack with your next piece). In companion mode the players say which.
* **End of the round**, when every row is empty: the stack goes into the bag; every player
  with no piece left wins at once, together; otherwise the last seat that added a piece to
  the stack opens the next round.

Decisions the rulebook leaves open (told to players in ``rules.md``):

* Seat 1 opens the first round (the rulebook's youngest player). Raising adds pieces at the
  far end of your row; the row's first piece is the one nearest the centre.
* A bid is the whole count of your row, at least the highest bid so far, and more than your
  row already holds (a seat that has not bid may bid zero while the highest bid is zero: it
  stays in and may raise later). Passing without ever bidding is a bid of zero: no stacking.
* The bag helps only to **match**, only a seat that has not yet bid this round, and only
  for the pieces it lacks: such a seat lays all of its own pieces first, then takes the rest
  from the bag, pieces of its choice, while the bag holds them (RULES.md §5.3, "Order in a bid
  row"): its own pieces lie nearest the centre and are stacked first.
* A piece on the bare table cannot fall: when a stack is to be started (the round's first
  piece, a new stack after a penalty, a seat whose turn finds no stack), the piece is laid
  centred for the player.
* A miss is placed again, however many times, with no penalty (RULES.md §5.3, "No round
  limit, and no penalty for misses"). A table may set ``miss_limit`` (for simulations): that
  many misses of one piece in a row then count as a collapse. A touched stack (companion mode)
  is penalised as a collapse.
* "The last player who added a piece" is the last to place (a collapse or a new stack
  counts); after a round with no stacking, the seat after the round's opener opens.
* Nothing is hidden: every piece moves in view of the whole table (the deal, the rows, the
  stack, the penalties, the bag), so anyone could count every hand.
* The bag starts with ``bag`` pieces of each kind (the box's count is unknown). The longer
  game deals every piece of every kind equally; what does not divide stays in the bag.
* There is no last round: the game ends only when a player is left with no piece. A table
  may set ``round_limit`` (for simulations): a game still going after that round ends there,
  and the fewest pieces win.
* Solo (one seat, no rules in the rulebook; RULES.md §5.3's decision): a score attack, bidding
  and stacking alone until your pieces are gone, with no limit; your score is the number of
  rounds it took, fewer is better (with ``round_limit``, the rounds played).
"""

from __future__ import annotations

from highstakes.catalog.currency_sakana import DENOMINATIONS, START, count_map, value
from highstakes.catalog.stacking.actions import Bid, Lay, Pass, Place, Report, piece_name
from highstakes.catalog.stacking.model import (
    COLLAPSE,
    MAX_OFFSET,
    MISS,
    STOOD,
    TOUCHED,
    Placed,
    Plate,
    plates,
    settle,
)
from highstakes.catalog.stacking.options import NO_LIMIT, StackingOptions
from highstakes.catalog.stacking.sway import sway_of
from highstakes.catalog.stacking.words import _, ngettext
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import Refusal
from highstakes.engine.ledger import Ledger
from highstakes.engine.parts import AmountEntry

#: A view shows this many of the latest events of the round under way and of the last round
#: (a record holds them all).
SHOWN_EVENTS = 40
#: The placements the menu offers (hundredths of a millimetre); any other offset is typed.
MENU_OFFSETS = (0, -50, 50, -100, 100, -200, 200, -500, 500)

BID, LAY, STACK, OVER = "bid", "lay", "stack", "over"


def seat_account(seat: int) -> str:
    return f"seat{seat}"


def starting_pieces(seats: int, options: StackingOptions) -> tuple[list[list[int]], list[int]]:
    """Every hand and the bag at the start (RULES.md §5.3, set-up)."""
    hands = [list(START) for _ in range(seats)]
    bag = [options.bag] * len(DENOMINATIONS)
    if options.longer:  # every kind shared out equally; what does not divide stays in the bag
        for index in range(len(DENOMINATIONS)):
            share, bag[index] = divmod(bag[index], seats)
            for hand in hands:
                hand[index] += share
    return hands, bag


class StackingState(GameState):
    """The whole game, all of it public: hands, rows, the stack, the bag, the round under way."""

    def __init__(self, seats: int, options: StackingOptions) -> None:
        self.seats = seats
        self.options = options
        self.companion = options.companion
        self.plates: dict[int, Plate] = plates(options.bill_width)
        self.hands, self.bag = starting_pieces(seats, options)
        self.rows: list[list[int]] = [[] for _ in range(seats)]
        self.stack: list[Placed] = []
        self.history: list[dict[str, JSON]] = []
        self.winners: list[int] | None = None
        self.last_placer: int | None = None
        self._start_round(1, 0)

    # --- the round ------------------------------------------------------------------------------
    def _start_round(self, number: int, opener: int) -> None:
        self.round = number
        self.opener = opener
        self.phase = BID
        self.turn = opener
        self.high = 0
        self.passed = [False] * self.seats
        self.has_bid = [False] * self.seats
        self.to_lay = 0
        self.from_bag = 0  # pieces the seat laying its row may still take from the bag
        self.misses = 0
        self.last_passer: int | None = None
        self.round_placer: int | None = None  # the last seat to add a piece this round
        self.events: list[dict[str, JSON]] = []

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == OVER

    # --- what may be done ------------------------------------------------------------------------
    def bid_range(self, seat: int) -> tuple[int, int, bool] | None:
        """The counts ``seat`` may bid now (lowest, highest) and whether the lowest needs the bag."""
        row, hand = len(self.rows[seat]), sum(self.hands[seat])
        if not self.has_bid[seat]:
            if hand >= self.high:
                return self.high, hand, False
            if sum(self.bag) >= self.high - hand:
                return self.high, self.high, True
            return None
        low = max(self.high, row + 1)
        return (low, row + hand, False) if low <= row + hand else None

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or seat != self.turn:
            return []
        if self.phase == BID:
            counts = self.bid_range(seat)
            bids: list[Action] = [Bid(n) for n in range(counts[0], counts[1] + 1)] if counts else []
            return [*bids, Pass()]
        if self.phase == LAY:
            # Your own pieces first, then the bag's (RULES.md §5.3, "Order in a bid row").
            own_left = self.own_pieces_to_lay()
            if own_left:
                hand = zip(DENOMINATIONS, self.hands[seat], strict=True)
                return [Lay(piece, False, many) for piece, held in hand
                        for many in range(1, min(held, own_left) + 1)]
            return [Lay(piece, True, many) for piece, held in zip(DENOMINATIONS, self.bag, strict=True)
                    for many in range(1, min(held, self.from_bag) + 1)]
        if self.companion:
            return [Report(outcome) for outcome in (STOOD, MISS, COLLAPSE, TOUCHED)]
        return [Place(offset) for offset in MENU_OFFSETS]

    def own_pieces_to_lay(self) -> int:
        """How many of its own pieces the seat laying its row has still to lay: all of them come
        before any piece from the bag, so that its own lie nearest the centre and are stacked first
        (RULES.md §5.3, "Order in a bid row")."""
        return self.to_lay - self.from_bag

    def amount_entries(self, seat: int) -> list[AmountEntry]:
        """Any offset, typed in millimetres to the hundredth (the JSON counts hundredths)."""
        if self.phase != STACK or self.companion or seat != self.turn:
            return []
        label = _("offset from the centre of the piece beneath")
        return [AmountEntry("place", label, -MAX_OFFSET, MAX_OFFSET, step=1, scale=100, unit=_("mm"))]

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is not allowed for ``seat`` now (§5.3, §7.4), or None."""
        if self.phase == OVER or seat != self.turn:
            return Refusal("not_your_turn", _("it is not your turn"), "§5.3")
        if self.phase == LAY and not isinstance(action, Lay):
            return Refusal("lay_first", _("lay the pieces of your bid in your row first"), "§5.3")
        if isinstance(action, (Bid, Pass)):
            if self.phase != BID:
                return Refusal("not_bidding", _("bidding is over for this round"), "§5.3")
            return self._bid_refusal(seat, action) if isinstance(action, Bid) else None
        if isinstance(action, Lay):
            if self.phase != LAY:
                return Refusal("nothing_to_lay", _("your row is as long as your bid"), "§5.3")
            index = DENOMINATIONS.index(action.piece)
            if action.from_bag:
                if not self.from_bag:
                    return Refusal(
                        "bag_refused", _("only a player who has not yet bid this round and lacks pieces "
                                         "to match takes the missing pieces from the bag"), "§5.3")
                if self.own_pieces_to_lay():
                    message = ngettext("lay your own piece first: the bag's pieces come after it in your row",
                                       "lay your own {n} pieces first: the bag's pieces come after them "
                                       "in your row", self.own_pieces_to_lay())
                    return Refusal("own_first", message.format(n=self.own_pieces_to_lay()), "§5.3")
                if self.bag[index] < action.count:
                    return Refusal("not_in_bag", _("the bag holds too few of: {piece}").format(
                        piece=piece_name(action.piece)), "§5.3")
                if action.count > self.from_bag:
                    message = ngettext("you may take only {n} more piece from the bag",
                                       "you may take only {n} more pieces from the bag", self.from_bag)
                    return Refusal("bag_refused", message.format(n=self.from_bag), "§5.3")
                return None
            if self.hands[seat][index] < action.count:
                return Refusal("not_held", _("you hold too few of: {piece}").format(
                    piece=piece_name(action.piece)), "§5.3")
            if action.count > self.to_lay:
                message = ngettext("your row needs only {n} more piece",
                                   "your row needs only {n} more pieces", self.to_lay)
                return Refusal("too_many", message.format(n=self.to_lay), "§5.3")
            return None
        if isinstance(action, (Place, Report)):
            if self.phase != STACK:
                return Refusal("not_stacking", _("pieces are stacked once everyone has passed"), "§5.3")
            if isinstance(action, Report) and not self.companion:
                return Refusal("not_companion", _("outcomes are reported only in companion mode; "
                                                  "place your piece with an offset"), "§7.4")
            if isinstance(action, Place):
                if self.companion:
                    return Refusal(
                        "companion", _("in companion mode, say how placing your real piece went"), "§7.4")
                if action.level is not None and not 0 <= action.level <= len(self.stack):
                    message = _("the stack holds {n} pieces: slide yours in above 0 to {n} of them")
                    return Refusal("bad_level", message.format(n=len(self.stack)), "§5.3")
            return None
        message = _("{action} is not a move of the stacking game")
        return Refusal("illegal_action", message.format(action=action), "§5.3")

    def _bid_refusal(self, seat: int, bid: Bid) -> Refusal | None:
        row, hand, count = len(self.rows[seat]), sum(self.hands[seat]), bid.count
        if count < self.high:
            message = _("match or raise the highest bid ({high}), or pass")
            return Refusal("below_high", message.format(high=self.high), "§5.3")
        if self.has_bid[seat] and count <= row:
            message = _("your row holds {row} already: bid more, or pass")
            return Refusal("raise_only", message.format(row=row), "§5.3")
        missing = count - row - hand
        if missing > 0:
            if self.has_bid[seat] or count > self.high:
                message = _("you hold {hand} pieces: you may take pieces from the bag only to match, "
                            "before your first bid of the round")
                return Refusal("too_few", message.format(hand=hand), "§5.3")
            if missing > sum(self.bag):
                return Refusal(
                    "bag_short", _("the bag holds only {bag} pieces").format(bag=sum(self.bag)), "§5.3")
        return None

    # --- doing it ----------------------------------------------------------------------------------
    def apply_action(self, seat: int, action: Action) -> None:
        if isinstance(action, Bid):
            added = action.count - len(self.rows[seat])
            self.from_bag = max(0, added - sum(self.hands[seat]))
            self.has_bid[seat] = True
            self.high = max(self.high, action.count)
            self.events.append({"seat": seat, "kind": "bid", "count": action.count})
            self.to_lay = added
            if added:
                self.phase = LAY
            else:
                self._next_bidder(seat)
        elif isinstance(action, Pass):
            self.passed[seat] = True
            self.last_passer = seat
            self.events.append({"seat": seat, "kind": "pass", "count": len(self.rows[seat])})
            self._next_bidder(seat)
        elif isinstance(action, Lay):
            index = DENOMINATIONS.index(action.piece)
            source = self.bag if action.from_bag else self.hands[seat]
            source[index] -= action.count
            self.from_bag -= action.count if action.from_bag else 0
            self.rows[seat].extend([action.piece] * action.count)
            self.to_lay -= action.count
            if not self.to_lay:
                self.phase = BID
                self._next_bidder(seat)
        elif isinstance(action, Place):
            piece = self.rows[seat][0]
            stack = [(self.plates[placed.piece], placed.x) for placed in self.stack]
            outcome, x = settle(stack, self.plates[piece], action.offset, action.level)
            self._placed(seat, outcome, x, action.level, action.offset)
        else:
            assert isinstance(action, Report)
            self._placed(seat, action.outcome, 0, None, None)

    def _next_bidder(self, seat: int) -> None:
        """The next seat clockwise that has not passed bids; when all have, stacking begins."""
        for step in range(1, self.seats + 1):
            other = (seat + step) % self.seats
            if not self.passed[other]:
                self.turn = other
                return
        self.phase = STACK
        assert self.last_passer is not None
        self._next_stacker(self.last_passer, including=True)

    def _next_stacker(self, seat: int, including: bool = False) -> None:
        """The next seat clockwise (``seat`` itself first when ``including``) whose row holds a piece
        stacks; one that finds no stack lays its piece on the table to start one. No row left: the
        round ends."""
        for step in range(0 if including else 1, self.seats + 1):
            other = (seat + step) % self.seats
            if self.rows[other]:
                if not self.stack:
                    self._start_stack(other)
                    self._next_stacker(other)
                else:
                    self.turn = other
                return
        self._end_round()

    def _start_stack(self, seat: int) -> None:
        """A piece on the bare table stands where it is put: laid centred for the player."""
        piece = self.rows[seat].pop(0)
        self.stack.append(Placed(piece, 0))
        self.round_placer = seat
        self.events.append({"seat": seat, "kind": "base", "piece": piece})

    def _placed(self, seat: int, outcome: str, x: int, level: int | None, offset: int | None) -> None:
        piece = self.rows[seat][0]
        event: dict[str, JSON] = {"seat": seat, "kind": "place", "piece": piece, "outcome": outcome}
        if offset is not None:
            event["offset"] = offset
        if level is not None:
            event["level"] = level
        if outcome == MISS:
            self.misses += 1
            event["misses"] = self.misses
            if not self._miss_brings_the_stack_down():
                self.events.append(event)  # no penalty: the same piece is placed again
                return
            event["outcome"] = outcome = COLLAPSE
        self.misses = 0
        self.rows[seat].pop(0)
        self.round_placer = seat
        if outcome == STOOD:
            at = len(self.stack) if level is None else level
            self.stack.insert(at, Placed(piece, x))
            self.events.append(event)
            self._next_stacker(seat)
            return
        # A collapse or a touched piece: the whole stack and the piece in hand go to the player.
        taken = [placed.piece for placed in self.stack] + [piece]
        for each in taken:
            self.hands[seat][DENOMINATIONS.index(each)] += 1
        self.stack = []
        event["took"] = len(taken)
        self.events.append(event)
        if self.rows[seat]:
            self._start_stack(seat)
        self._next_stacker(seat)

    def _miss_brings_the_stack_down(self) -> bool:
        """Whether this miss counts as a collapse: never by the rules (RULES.md §5.3, "no penalty
        for misses"), only at a table that sets ``miss_limit`` and on that many misses in a row."""
        limit = self.options.miss_limit
        return limit != NO_LIMIT and self.misses >= limit

    def _last_round_played(self) -> bool:
        """Whether the table's ``round_limit`` ends the game now; the rules have no last round
        (RULES.md §5.3, "No round limit"), so by default it never does."""
        limit = self.options.round_limit
        return limit != NO_LIMIT and self.round >= limit

    def _end_round(self) -> None:
        """The stack goes into the bag; whoever holds no piece wins at once (RULES.md §5.3)."""
        to_bag = len(self.stack)
        for placed in self.stack:
            self.bag[DENOMINATIONS.index(placed.piece)] += 1
        self.stack = []
        emptied = [seat for seat in range(self.seats) if not sum(self.hands[seat])]
        penalties = [(event["seat"], event["took"]) for event in self.events if "took" in event]
        self.history.append({"round": self.round, "events": self.events, "to_bag": to_bag,
                             "emptied": emptied, "penalties": penalties})
        if self.round_placer is not None:
            self.last_placer = self.round_placer
        if emptied:
            self.winners = emptied
        elif self._last_round_played():
            fewest = min(sum(hand) for hand in self.hands)
            self.winners = [seat for seat in range(self.seats) if sum(self.hands[seat]) == fewest]
        if self.winners is not None:
            self.phase = OVER
            self.events = []
            return
        opener = self.round_placer if self.round_placer is not None else (self.opener + 1) % self.seats
        self._start_round(self.round + 1, opener)

    # --- what people see -------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        over = self.phase == OVER
        return {
            "game": "stacking",
            "you": seat,
            "seats": self.seats,
            "solo": self.seats == 1,
            "round": self.round,
            "phase": self.phase,
            "turn": None if over else self.turn,
            "opener": self.opener,
            "high_bid": self.high,
            "passed": list(self.passed),
            "has_bid": list(self.has_bid),
            "to_lay": self.to_lay,
            "from_bag": self.from_bag,
            "rows": [list(row) for row in self.rows],
            "hands": [count_map(hand) for hand in self.hands],
            "pieces_held": [sum(hand) for hand in self.hands],
            "your_pieces": count_map(self.hands[seat]) if seat is not None else None,
            "your_row": list(self.rows[seat]) if seat is not None else None,
            "bag": count_map(self.bag),
            "bag_pieces": sum(self.bag),
            "stack": [{"piece": placed.piece, "centre": placed.x} for placed in self.stack],
            "stack_height": len(self.stack),
            "misses": self.misses,
            "companion": self.companion,
            # The aim-and-release swing for the piece about to be placed (sway.py); None when
            # nothing is to be placed on the screen.
            "sway": sway_of(len(self.stack)) if self.phase == STACK and not self.companion else None,
            "plates": {str(piece): {"width": plate.width, "thickness": plate.thickness, "mass": plate.mass}
                       for piece, plate in self.plates.items()},
            "events": [dict(event) for event in self.events[-SHOWN_EVENTS:]],
            "previous_events": [dict(event) for event in self.history[-1]["events"][-SHOWN_EVENTS:]]
            if self.history else [],
            "history": [{"round": entry["round"], "to_bag": entry["to_bag"],
                         "emptied": list(entry["emptied"]),
                         "penalties": [list(penalty) for penalty in entry["penalties"]]}
                        for entry in self.history],
            "winners": list(self.winners) if self.winners is not None else [],
            "options": self.options.to_json(),
        }

    def result(self) -> dict[str, JSON]:
        held = [sum(hand) for hand in self.hands]
        if self.seats == 1:  # solo: a score attack, the rounds it took (fewer is better)
            return {"scores": [self.round], "winners": [0], "emptied": held[0] == 0, "pieces": held,
                    "rounds": self.round}
        fewest = min(held)
        return {
            "scores": held,
            "winners": self.winners if self.winners is not None else [s for s in range(self.seats)
                                                                      if held[s] == fewest],
            "pieces": held,
            "rounds": self.round,
        }

    # --- pieces, money, copies -------------------------------------------------------------------------
    def piece_totals(self) -> list[int]:
        """How many pieces of each kind are in play: hands, rows, the stack and the bag. Constant."""
        totals = [sum(hand[index] for hand in self.hands) + self.bag[index] for index in range(4)]
        for row in self.rows:
            for piece in row:
                totals[DENOMINATIONS.index(piece)] += 1
        for placed in self.stack:
            totals[DENOMINATIONS.index(placed.piece)] += 1
        return totals

    def money(self) -> Ledger:
        """Yen by where the pieces are: each hand, each row, the stack and the bag."""
        balances = {seat_account(seat): value(hand) for seat, hand in enumerate(self.hands)}
        for seat, row in enumerate(self.rows):
            balances[f"row{seat}"] = sum(row)
        balances["stack"] = sum(placed.piece for placed in self.stack)
        balances["bag"] = value(self.bag)
        return Ledger(balances)

    def clone(self) -> StackingState:
        copy = StackingState.__new__(StackingState)
        copy.__dict__.update(self.__dict__)
        copy.hands = [list(hand) for hand in self.hands]
        copy.bag = list(self.bag)
        copy.rows = [list(row) for row in self.rows]
        copy.stack = list(self.stack)  # Placed values are immutable
        copy.passed = list(self.passed)
        copy.has_bid = list(self.has_bid)
        copy.events = list(self.events)  # events are never changed once written
        copy.history = list(self.history)
        copy.winners = list(self.winners) if self.winners is not None else None
        return copy
