"""It's in the Bag as a state machine (RULES.md §5.1, §5.2, with §7.2, §7.3 and §7.5).

Each round every seat, on its own, first **feeds** one piece to the bag, then **seals a bid**
made of pieces it holds. Seats act in any order (several are to act at once, §7.3); nothing
of a bid is shown until the last seat has sealed its own. Then the bids are revealed
together: a tie for the highest bid sends the tied players back to bid a different amount;
otherwise the highest bidder takes the whole bag, every bid (the winner's too) goes into the
bag, and a player left with nothing gets ¥200 from the reserve. The game ends after the round
in which someone holds ¥10,000 or more; the most yen wins, ties shared.

Decisions the rulebook leaves open (RULES.md §5.2 "Decisions to record"; ``rules.md`` for players):

* Feeding is secret by default; option ``feeds`` shows each fed piece to everyone, all
  together once the last piece is in (feeding is simultaneous, §7.3), and the bids begin then.
* A bid is made of pieces the player holds; no change is made (§5.2, §7.5). Pieces sealed
  in a fist stay counted in the player's hand until the reveal, so the public piece count
  says nothing of a bid.
* A tie matters only among the highest bids. The tied players take back their bids and bid
  again, each a different amount (a player who can form no other amount may repeat it); the
  other bids stand (option ``tie_rebid``: everyone who bid bids again). The first reveal's tie
  starts the re-bids; when the fifth re-bid in a row ties again (the sixth tied reveal), every
  bid is taken back, nobody pays, and the bag goes on untouched to the next round.
* A player with no piece at the start of a round cannot feed; one whose last piece went
  into the bag cannot bid that round (the minimum bid is ¥100).
* Consolation is checked at the end of every round, whatever ended it; a limited reserve
  pays what it still has, and when nobody holds a piece the game ends.
* No round limit: option ``round_limit`` sets one, for simulations and tests only.
"""

from __future__ import annotations

import itertools
import random

from highstakes.catalog.currency_sakana import count_map
from highstakes.catalog.in_the_bag.actions import Bid, Feed, bid_of
from highstakes.catalog.in_the_bag.options import NO_ROUND_LIMIT, UNLIMITED, BagOptions
from highstakes.catalog.in_the_bag.pieces import (
    DENOMINATIONS,
    START,
    Counts,
    amounts,
    counts_of,
    covers,
    formable,
    pieces_of,
    to_counts,
    to_pieces,
    value,
    yen,
)
from highstakes.catalog.in_the_bag.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import Refusal
from highstakes.engine.ledger import Ledger

TARGET = 10_000  # the game ends after a round in which someone holds this much (§5.2)
MIN_BID = 100
CONSOLATION_COINS = 2  # ¥200 in ¥100 coins from the reserve (§5.2, step 4)
#: Re-bids after the first tie: when the fifth ties again, the bids are taken back (§5.2).
MAX_REBIDS = 5
#: How a round ended (a history entry's ``outcome``): someone took the bag; the ties ran out
#: (every bid taken back, the bag untouched); nobody could bid.
TAKEN, TIED, NO_BIDS = "taken", "tied", "no_bids"
#: A seat's feed this round: a denomination's index, NOT_YET before it feeds, SKIPPED when
#: it had no piece to feed.
NOT_YET, SKIPPED = None, -1
#: Round-by-round search budget of ``resample_hidden`` (rounds tried, backtracking included).
_RESAMPLE_BUDGET = 5_000


def seat_account(seat: int) -> str:
    return f"seat{seat}"


class BagState(GameState):
    """The whole game: every hand, the bag, the reserve, the round under way and the history."""

    def __init__(self, seats: int, options: BagOptions) -> None:
        self.seats = seats
        self.options = options
        self.rebid_all = options.tie_rebid == "all"
        self.feeds_shown = options.feeds == "shown"
        self.round_limit = options.round_limit
        self.reserve_limit = options.reserve
        self.hands: list[list[int]] = [list(START) for _ in range(seats)]
        self.bag: list[int] = [0, 0, 0, 0]
        #: The pieces publicly known to be in the bag: the bids revealed since someone last took
        #: it, and with ``feeds`` shown the pieces fed too.
        self.bag_known: list[int] = [0, 0, 0, 0]
        self.reserve_paid = 0  # ¥100 coins the reserve has given out
        self.history: list[dict[str, JSON]] = []
        self.winners: list[int] | None = None
        self._start_round(1)

    # --- the round ----------------------------------------------------------------------------------
    def _start_round(self, number: int) -> None:
        self.round = number
        self.fed: list[int | None] = [NOT_YET if sum(hand) else SKIPPED for hand in self.hands]
        self.bids: list[Counts | None] = [None if sum(hand) else () for hand in self.hands]
        #: At a tie, the amount each seat called back bid (the one it must change), else None.
        self.previous: list[int | None] = [None] * self.seats
        self.reveals: list[list[list[int]]] = []  # this round's reveals (ties, then the last)
        self.rebids = 0
        self._find_waiting()

    def _phase(self, seat: int) -> str:
        if self.winners is not None:
            return "over"
        if self.fed[seat] is NOT_YET:
            return "feed"
        if self.bids[seat] is None and self._bidding_open():
            return "bid"
        return "wait"

    def _bidding_open(self) -> bool:
        """Whether the bids may begin: at once with secret feeds; with feeds shown, once every
        piece is in and shown (§5.2 "feeds shown", §7.3)."""
        return not self.feeds_shown or NOT_YET not in self.fed

    def _feeds_revealed(self) -> bool:
        """Whether this round's fed pieces are shown to everyone (option ``feeds``, §7.3)."""
        return self.feeds_shown and NOT_YET not in self.fed

    def _is_standing(self, seat: int) -> bool:
        """Whether ``seat``'s revealed bid stands while the tied players bid again (§5.2)."""
        return self.rebids > 0 and self.previous[seat] is None and bool(self.bids[seat])

    def to_act(self) -> tuple[int, ...]:
        return self._waiting

    def _find_waiting(self) -> None:
        """Work out who is to act, once per change: every seat still to feed or to bid (asked often)."""
        if self.winners is not None:
            self._waiting: tuple[int, ...] = ()
            return
        fed, bids = self.fed, self.bids
        bidding = self._bidding_open()
        self._waiting = tuple([seat for seat in range(self.seats)
                               if fed[seat] is NOT_YET or (bidding and bids[seat] is None)])

    def is_over(self) -> bool:
        return self.winners is not None

    # --- what may be done ----------------------------------------------------------------------------
    def hand(self, seat: int) -> Counts:
        return tuple(self.hands[seat])

    def forbidden_amount(self, seat: int) -> int | None:
        """The amount a re-bidding seat must not repeat, unless it can form no other (§5.2)."""
        previous = self.previous[seat]
        if previous is None or amounts(self.hand(seat)) == frozenset({previous}):
            return None
        return previous

    def legal_actions(self, seat: int) -> list[Action]:
        if self.winners is not None:
            return []
        if self.fed[seat] is NOT_YET:
            hand = self.hands[seat]
            return [_FEEDS[index] for index in range(4) if hand[index]]
        if self.bids[seat] is None and self._bidding_open():
            return list(_bid_menu(self.hand(seat), self.forbidden_amount(seat)))
        return []

    def why_not_to_act(self, seat: int) -> Refusal | None:
        """Why a seat that is not to act waits, in the rule's words (§5.2, §7.3)."""
        if self._phase(seat) != "wait":
            return None
        bid = self.bids[seat]
        if bid is None:
            return Refusal(
                "not_your_turn", _("you have fed the bag; the bids begin when every player has fed, "
                                   "and the pieces fed are shown together"), "§5.2, §7.3")
        if not bid:
            return Refusal("not_your_turn", _("you hold no piece to bid with this round"), "§5.2")
        if self._is_standing(seat):
            return Refusal("not_your_turn", _("your bid stands: only the tied players bid again"), "§5.2")
        return Refusal("not_your_turn", _("you have sealed your bid; wait for the reveal"), "§7.3")

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` is not allowed for ``seat`` now (§5.1, §5.2, §7.5), or None."""
        phase = self._phase(seat)
        if phase == "over":
            return Refusal("game_over", _("the game is over"), "§5.2")
        if phase == "wait":
            return self.why_not_to_act(seat)
        if isinstance(action, Feed):
            if phase == "bid":
                message = _("you have fed the bag this round: one piece a round, before bidding")
                return Refusal("already_fed", message, "§5.2")
            index = DENOMINATIONS.index(action.piece) if action.piece in DENOMINATIONS else -1
            if index < 0 or not self.hands[seat][index]:
                return Refusal(
                    "not_held", _("you hold no {piece} to feed").format(piece=yen(action.piece)), "§7.5")
            return None
        if isinstance(action, Bid):
            if phase == "feed":
                return Refusal("feed_first", _("feed one piece to the bag before you bid"), "§5.2")
            wanted = counts_of(action.pieces)
            if sum(wanted) != len(action.pieces):
                return Refusal("not_held", _("a bid is made of ¥100, ¥500, ¥1,000 and ¥5,000 pieces"), "§5.1")
            if action.amount < MIN_BID:
                return Refusal(
                    "bid_minimum", _("the minimum bid is {amount}").format(amount=yen(MIN_BID)), "§5.2")
            if not covers(self.hands[seat], wanted):
                return Refusal(
                    "not_held", _("you can bid only pieces you hold; no change is made"), "§5.2, §7.5")
            forbidden = self.forbidden_amount(seat)
            if forbidden is not None and action.amount == forbidden:
                return Refusal(
                    "same_amount", _("after a tie, bid an amount different from your last bid ({amount})")
                    .format(amount=yen(forbidden)), "§5.2")
            return None
        message = _("{action} is not a move of It's in the Bag").format(action=action)
        return Refusal("illegal_action", message, "§5.2")

    # --- doing it -----------------------------------------------------------------------------------------
    def apply_action(self, seat: int, action: Action) -> None:
        if isinstance(action, Feed):
            index = DENOMINATIONS.index(action.piece)
            self.hands[seat][index] -= 1
            self.bag[index] += 1
            self.fed[seat] = index
            if not sum(self.hands[seat]):
                self.bids[seat] = ()  # its last piece went in: nothing left to bid with
            if self._feeds_revealed():
                self._show_feeds()
        else:
            assert isinstance(action, Bid)
            self.bids[seat] = counts_of(action.pieces)
        if None not in self.bids and NOT_YET not in self.fed:
            self._reveal()
        self._find_waiting()

    def _show_feeds(self) -> None:
        """With feeds shown, the last piece in shows every fed piece: all are known in the bag."""
        for feed in self.fed:
            if feed is not NOT_YET and feed != SKIPPED:
                self.bag_known[feed] += 1

    def _reveal(self) -> None:
        """Every fist opens at once (§7.3): a tie for the highest sends the tied back, else settle."""
        bids: list[Counts] = [bid or (0, 0, 0, 0) for bid in self.bids]
        self.reveals.append([list(pieces_of(bid)) for bid in bids])
        offered = [value(bid) for bid in bids]
        top = max(offered)
        highest = [seat for seat, amount in enumerate(offered) if amount == top and amount > 0]
        if len(highest) > 1:
            if self.rebids < MAX_REBIDS:
                self._call_back(highest, offered)
            else:
                self._settle(bids, None, TIED)
        elif highest:
            self._settle(bids, highest[0], TAKEN)
        else:
            self._settle(bids, None, NO_BIDS)

    def _call_back(self, highest: list[int], offered: list[int]) -> None:
        """A tie for the highest bid (§5.2): the tied players (with ``tie_rebid`` "all", every
        bidder) take back their bids and bid again, each a different amount; other bids stand."""
        self.rebids += 1
        again = [seat for seat in range(self.seats) if offered[seat] > 0] if self.rebid_all else highest
        self.previous = [offered[seat] if seat in again else None for seat in range(self.seats)]
        for seat in again:
            self.bids[seat] = None

    def _settle(self, bids: list[Counts], winner: int | None, outcome: str) -> None:
        """The round's end (§5.2, steps 3 and 4): the winner takes the bag and every bid goes in,
        unless the ties ended the round (every bid taken back, the bag untouched); then the
        consolation and the end are checked, whatever ended the round."""
        bag, hands = self.bag, self.hands
        took = list(bag) if winner is not None else None
        bag_pieces = sum(bag)
        known = self.bag_known
        if winner is not None:
            self._move_all(bag, hands[winner])
            known[:] = [0, 0, 0, 0]
        if outcome != TIED:  # every bid goes into the bag, and becomes known to be in it
            for seat, bid in enumerate(bids):
                hand = hands[seat]
                for index in range(4):
                    count = bid[index]
                    if count:
                        hand[index] -= count
                        bag[index] += count
                        known[index] += count
        consoled = self._console()
        self.history.append({
            "round": self.round, "fed": list(self.fed), "reveals": self.reveals, "winner": winner,
            "took": took, "bag_pieces": bag_pieces, "consoled": consoled, "outcome": outcome,
        })
        if self._game_ends():
            richest = max(value(hand) for hand in hands)
            self.winners = [seat for seat in range(self.seats) if value(hands[seat]) == richest]
        else:
            self._start_round(self.round + 1)

    def _console(self) -> list[int]:
        """Every player left with no piece gets ¥200 from the reserve, or what a limited one has left."""
        consoled = []
        for seat in range(self.seats):
            if not any(self.hands[seat]):
                coins = _consolation(self.reserve_limit, self.reserve_paid)
                if coins:
                    self.hands[seat][0] += coins
                    self.reserve_paid += coins
                    consoled.append(seat)
        return consoled

    def _game_ends(self) -> bool:
        """After a round (§5.2 "End"): someone holds ¥10,000 or more, the table's round limit is
        reached, or nobody holds a piece (an empty reserve), so that no round can be played."""
        hands = self.hands
        return (max(value(hand) for hand in hands) >= TARGET
                or (self.round_limit != NO_ROUND_LIMIT and self.round >= self.round_limit)
                or not any(sum(hand) for hand in hands))

    @staticmethod
    def _move_all(source: list[int], target: list[int]) -> None:
        for index in range(len(source)):
            target[index] += source[index]
            source[index] = 0

    # --- what people see ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        over = self.winners is not None
        own = seat is not None
        fed = self.fed[seat] if own else None
        bid = self.bids[seat] if own else None
        shown = self._feeds_revealed()
        return {
            "game": "in_the_bag",
            "you": seat,
            "seats": self.seats,
            "round": self.round,
            "target": TARGET,
            "phase": self._phase(seat) if own else ("over" if over else None),
            "your_pieces": count_map(self.hands[seat]) if own else None,
            "your_yen": value(self.hands[seat]) if own else None,
            "pieces_held": [sum(hand) for hand in self.hands],
            "fed": [feed is not NOT_YET and feed != SKIPPED for feed in self.fed],
            "your_feed": _fed_piece(fed) if own else None,
            "fed_pieces": [_fed_piece(feed) for feed in self.fed] if shown else None,
            "sealed": [bool(bid) and self._phase(other) == "wait" and not self._is_standing(other)
                       for other, bid in enumerate(self.bids)],
            "your_bid": list(to_pieces(bid)) if own and bid else None,
            "bag_pieces": sum(self.bag),
            # At the end the bag is counted in the open, as every hand is.
            "bag_known": list(to_pieces(self.bag if over else self.bag_known)),
            "rebid": self.rebids,
            "previous_bids": list(self.previous) if self.rebids else None,
            "must_differ_from": self.forbidden_amount(seat) if own and not over else None,
            "reserve": None if self.reserve_limit == UNLIMITED else self.reserve_limit - self.reserve_paid,
            "round_limit": None if self.round_limit == NO_ROUND_LIMIT else self.round_limit,
            "reveals": [[list(bid) for bid in reveal] for reveal in self.reveals],
            "history": [self._history_entry(entry, seat) for entry in self.history],
            "final_yen": [value(hand) for hand in self.hands] if over else None,
            "final_pieces": [count_map(hand) for hand in self.hands] if over else None,
            "winners": list(self.winners) if over else [],
            "options": self.options.to_json(),
        }

    def _history_entry(self, entry: dict[str, JSON], seat: int | None) -> dict[str, JSON]:
        paid = entry["outcome"] != TIED
        shown: dict[str, JSON] = {
            "round": entry["round"],
            "outcome": entry["outcome"],
            "bids": [sum(bid) if paid else 0 for bid in entry["reveals"][-1]],
            "reveals": [[list(bid) for bid in reveal] for reveal in entry["reveals"]],
            "winner": entry["winner"], "bag_pieces": entry["bag_pieces"], "consoled": list(entry["consoled"]),
            "fed": [_fed_piece(feed) for feed in entry["fed"]] if self.feeds_shown else None,
        }
        if seat is not None:
            shown["you_fed"] = _fed_piece(entry["fed"][seat])
            took = entry["took"]
            mine = entry["winner"] == seat and took is not None
            shown["you_took"] = list(to_pieces(took)) if mine else None
        return shown

    def result(self) -> dict[str, JSON]:
        scores = [value(hand) for hand in self.hands]
        top = max(scores)
        return {
            "scores": scores,
            "winners": self.winners if self.winners is not None else [
                seat for seat, score in enumerate(scores) if score == top],
            "pieces": [count_map(hand) for hand in self.hands],
            "rounds": self.round,
        }

    # --- money, copies, hidden information ---------------------------------------------------------------
    def piece_totals(self) -> list[int]:
        """How many pieces of each denomination are in play: every hand, the bag, and the reserve's payouts.

        Constant by the rules: pieces only move, and the reserve's coins are counted by what it paid.
        """
        totals = [sum(hand[index] for hand in self.hands) + self.bag[index] for index in range(4)]
        totals[0] -= self.reserve_paid
        return totals

    def money(self) -> Ledger:
        """Yen by account: each hand, the bag, and the reserve (which may go below zero when unlimited)."""
        balances = {seat_account(seat): value(hand) for seat, hand in enumerate(self.hands)}
        balances["bag"] = value(self.bag)
        balances["reserve"] = -100 * self.reserve_paid
        return Ledger(balances, overdraft=frozenset({"reserve"}))

    def clone(self) -> BagState:
        copy = BagState.__new__(BagState)
        copy.__dict__.update(self.__dict__)
        copy.hands = [list(hand) for hand in self.hands]
        copy.bag = list(self.bag)
        copy.bag_known = list(self.bag_known)
        copy.fed = list(self.fed)
        copy.bids = list(self.bids)
        copy.previous = list(self.previous)
        copy.reveals = [list(reveal) for reveal in self.reveals]
        copy.history = list(self.history)  # entries are never changed once written
        copy.winners = list(self.winners) if self.winners is not None else None
        return copy

    def resample_hidden(self, seat: int | None, rng: random.Random) -> BagState:
        """The same game with everything ``seat`` cannot see drawn anew, consistent with what it saw.

        Hidden are the pieces the others fed (each round's; with ``feeds`` shown, only this
        round's until the last piece is in) and the others' sealed bids (never a revealed bid
        that stands during a tie); all the rest follows from them and from what is public
        (every revealed bid, who took the bag, the consolations, how each round ended). The
        feeds are redrawn round by round, each from the feeder's hand at the time, keeping
        every later revealed bid formable and, in a round the seat won, the bag's contents as
        the seat found them; a dead end backtracks. The seat's own feeds and bid stay.
        """
        if self.winners is not None:
            return self.clone()  # at the end every hand is counted in the open, and so is the bag
        world = _redraw_history(self, seat, rng)
        if world is None:  # pragma: no cover - beyond the search budget: the feeds stay as they were
            world = self.clone()
        for other in range(self.seats):
            if (other != seat and world.bids[other] and world._phase(other) == "wait"
                    and not world._is_standing(other)):
                menu = _bid_menu(world.hand(other), world.forbidden_amount(other))
                world.bids[other] = to_counts(rng.choice(menu).pieces)
        world._find_waiting()
        return world


def _fed_piece(feed: int | None) -> int | None:
    """The piece a seat fed (its value), or None before it feeds or when it had nothing to feed."""
    return DENOMINATIONS[feed] if feed is not NOT_YET and feed != SKIPPED else None


def _consolation(reserve_limit: int, reserve_paid: int) -> int:
    """The ¥100 coins a consolation pays: two, or what a limited reserve still has (§5.1, §5.2)."""
    if reserve_limit == UNLIMITED:
        return CONSOLATION_COINS
    return min(CONSOLATION_COINS, reserve_limit - reserve_paid)


_MENUS: dict[tuple[Counts, int | None], tuple[Bid, ...]] = {}
#: One feed of each piece, made once: actions are values, and a menu is asked for at every decision.
_FEEDS = tuple(Feed(piece) for piece in DENOMINATIONS)


def _bid_menu(hand: Counts, forbidden: int | None) -> tuple[Bid, ...]:
    """Every bid ``hand`` can form, by amount (fewest pieces first), without the forbidden amount."""
    key = (hand, forbidden)
    menu = _MENUS.get(key)
    if menu is None:
        menu = tuple(bid_of(counts) for counts in formable(hand) if value(counts) != forbidden)
        if len(_MENUS) > 20_000:
            _MENUS.clear()
        _MENUS[key] = menu
    return menu


def _window_needs(state: BagState, rounds: list[dict[str, JSON] | None]) -> list[list[Counts]]:
    """``needs[r][seat]``: the pieces ``seat`` must still hold when round ``r`` begins, fed piece aside.

    Until a player next receives pieces (taking the bag, or a consolation), its hand only
    shrinks, so it must already hold every bid it will reveal by then, on top of the bids it
    pays before. A redrawn feed that breaks this is a dead end found at once.
    """
    seats = state.seats
    table: list[list[Counts]] = []
    for start in range(len(rounds) + 1):
        row = []
        for seat in range(seats):
            need, paid = [0, 0, 0, 0], [0, 0, 0, 0]
            for entry in rounds[start:]:
                reveals = entry["reveals"] if entry is not None else state.reveals
                for reveal in reveals:
                    shown = to_counts(tuple(reveal[seat]))
                    need = [max(n, p + c) for n, p, c in zip(need, paid, shown, strict=True)]
                if entry is None or entry["winner"] == seat or seat in entry["consoled"]:
                    break
                if entry["outcome"] != TIED:
                    paid = [p + c for p, c in zip(paid, to_counts(tuple(reveals[-1][seat])), strict=True)]
            row.append(tuple(need))
        table.append(row)
    return table


def _redraw_history(state: BagState, seat: int | None, rng: random.Random) -> BagState | None:
    """A world whose hidden feeds are drawn anew (see :meth:`BagState.resample_hidden`), or None."""
    over = state.winners is not None
    rounds: list[dict[str, JSON] | None] = [*state.history] if over else [*state.history, None]
    seats = state.seats
    needs = _window_needs(state, rounds)
    budget = [_RESAMPLE_BUDGET]
    chosen: list[list[int | None]] = []
    took: list[list[int] | None] = []

    def search(index: int, hands: list[list[int]], bag: list[int], paid: int) -> tuple | None:
        if index == len(rounds):  # the game is over: every round is settled
            return hands, bag, list(state.fed)
        entry = rounds[index]
        truth = list(entry["fed"]) if entry is not None else list(state.fed)  # type: ignore[arg-type]
        reveals = entry["reveals"] if entry is not None else state.reveals
        # Each hidden feeder's possible pieces: one it holds, leaving what it must still show.
        # Fed pieces shown to everyone (option ``feeds``) are not hidden: they stay.
        public = state.feeds_shown and (entry is not None or NOT_YET not in state.fed)
        options: list[list[int | None]] = []
        for other in range(seats):
            fed = truth[other]
            if fed in (NOT_YET, SKIPPED) or other == seat or public:
                options.append([fed])
                continue
            fits: list[int | None] = []
            for piece in range(4):
                if hands[other][piece]:
                    after = list(hands[other])
                    after[piece] -= 1
                    if covers(after, needs[index][other]):
                        fits.append(piece)
            rng.shuffle(fits)
            options.append(fits)
        won = entry is not None and seat is not None and entry["winner"] == seat
        bag_seen = entry["took"] if won else None
        for combo in itertools.product(*options):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            new_hands = [list(hand) for hand in hands]
            new_bag = list(bag)
            for other, piece in enumerate(combo):
                if piece not in (NOT_YET, SKIPPED):
                    new_hands[other][piece] -= 1  # type: ignore[index]
                    new_bag[piece] += 1  # type: ignore[index]
            if bag_seen is not None and new_bag != list(bag_seen):
                continue
            if entry is None:
                return new_hands, new_bag, list(combo)
            # Settle as the round was settled: the same winner, the last reveal's bids, the consolations.
            winner = entry["winner"]
            round_took = list(new_bag) if winner is not None else None
            if winner is not None:
                for piece in range(4):
                    new_hands[winner][piece] += new_bag[piece]
                    new_bag[piece] = 0
            if entry["outcome"] != TIED:
                for other in range(seats):
                    for piece, count in enumerate(to_counts(tuple(reveals[-1][other]))):
                        new_hands[other][piece] -= count
                        new_bag[piece] += count
            now_paid = paid
            for other in entry["consoled"]:
                coins = _consolation(state.reserve_limit, now_paid)
                new_hands[other][0] += coins
                now_paid += coins
            if not all(covers(new_hands[other], needs[index + 1][other]) for other in range(seats)):
                continue
            chosen.append(list(combo))
            took.append(round_took)
            world = search(index + 1, new_hands, new_bag, now_paid)
            if world is not None:
                return world
            chosen.pop()
            took.pop()
            if budget[0] < 0:
                return None
        return None

    outcome = search(0, [list(START) for _ in range(seats)], [0, 0, 0, 0], 0)
    if outcome is None:
        return None
    hands, bag, current_feeds = outcome
    world = state.clone()
    world.hands = hands
    world.bag = bag
    world.fed = current_feeds
    world.history = [dict(entry, fed=feeds, took=taken)
                     for entry, feeds, taken in zip(state.history, chosen, took, strict=True)]
    return world
