"""The search bot: deals the unseen cards many ways and plays each one out (RULES.md §1).

**Worlds.** A bot sees only its seat's view. From it we rebuild a state that holds exactly
what the seat knows (its hand, the auction, the trick under way, the Money discards shown,
the widow if it saw it, the hand sizes) and put every card it has not seen into the hidden
places of that state: the other hands, the widow not yet taken, the bidder's face-down
discards, and, for the cards played to earlier tricks (which a seat may not review, A-18),
the undealt pile. The rules engine's own ``resample_hidden`` then deals those cards anew,
honouring what the seat knows (voids shown in the trick under way, Money discards, the
widow's cards). Each such world is a *determinization*.

**Card play: perfect-information Monte Carlo.** Every legal card is tried in every world
and the rest of the deal is played out in the compiled playout of :mod:`.fast`: each card
is drawn among the legal ones, except that with even odds a player takes a trick holding
Money with its cheapest winning card. A purely random rollout lets Money go to tricks that
nobody contests, which no player allows; a habit applied to every card would make the
rollouts all alike, and the sampling would no longer see the alternatives.
The card with the best mean outcome is played. The outcome is the deal's score for the
bot's side less the other side's (§1.9); in Silent Partner its own score less the mean of
the others' (§1.13), and in the Variation its points less the others' mean (§1.14).
Money captured in earlier tricks is not in the view either: it is estimated from the Money
among the unseen played cards, shared in proportion to the tricks each side has taken.

**Bidding, discarding, trump, trick bids: rollouts of the whole deal.** These decisions are
valued by playing the deal from its first lead in the same worlds:

* *bid or pass*: the playouts give the distribution of what the bot's side captures if it
  declares (taking the widow, discarding and naming trump by the rule-of-thumb bot's habits);
  the value of a bid *b* follows from that distribution alone (made: all captured, else set
  back by *b*), so every bid is valued from one set of playouts. It is compared with passing,
  valued the same way with the current high bidder declaring at its bid (or, before any bid,
  the other player whose hand looks strongest, if any would open). A higher bid only lowers
  one's own value, so the choice is the lowest bid or a pass. The worlds do not read the
  auction, so a partner holding the bid is outbid only when declaring gains outright;
* *discards* and *trump*: each legal choice is played out (the rest of the discards, trump
  and partners' calls by the rule-of-thumb habits) and the best mean outcome wins;
* *trick bids* (Variation): the bid the playouts make most likely to be exact.

Two decisions fall back to the rule-of-thumb bot, documented there: calling a misdeal and
calling Silent Partner's cards. The budget (playouts per decision) is the strength dial.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from highstakes.catalog.make_a_million import fast
from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.bots import RuleOfThumbBot, hand_estimate
from highstakes.catalog.make_a_million.cards import (
    ANIMALS,
    COLOUR_OF_CARD,
    COLOURS,
    HAND_SIZE,
    WIDOW_SIZE,
    is_money,
    is_plain,
    sort_key,
    value_of,
)
from highstakes.catalog.make_a_million.options import options_of
from highstakes.catalog.make_a_million.rules import MillionState, trick_value
from highstakes.engine import effort
from highstakes.engine.action import JSON, Action

#: Playouts per decision of the default bot and of the strong one, and the worlds they share.
QUICK_BUDGET = 5_000
QUICK_WORLDS = 16
DEFAULT_BUDGET = 40_000
STRONG_BUDGET = 160_000
DEFAULT_WORLDS = 48
STRONG_WORLDS = 96
#: The share of rollout cards chosen by the greedy habit rather than at random.
GREEDY = 0.5


@dataclass(frozen=True)
class Choice:
    """The search's pick and what the seat expects this deal with it: dollars, or points in the Variation."""

    move: Move
    expected: float
    utility: float


# --- worlds from a view -----------------------------------------------------------------------------
def _skeleton(view: dict[str, JSON]) -> MillionState:
    """A state holding what the view shows, the unseen cards parked in its hidden places."""
    from highstakes.catalog.make_a_million import MAKE_A_MILLION

    seats: int = view["seats"]
    me: int = view["you"]
    variant = view["variant"]
    state = MAKE_A_MILLION.new_state(seats, options_of(view))
    phase = view["phase"]
    state.phase = phase
    state.dealer = view["dealer"]
    state.turn = view["current"] if view["current"] is not None else me
    state.trump = view["trump"]
    trick = [] if view["trick"] is None else [(entry["seat"], entry["card"]) for entry in view["trick"]]
    state.trick = trick
    state.trick_colour = view["trick_colour"]
    state.trick_complete = view["trick_complete"]
    state.trick_winner = view["trick_winner"]
    state.hands = [[] for _ in range(seats)]
    state.hands[me] = list(view["hand"])
    unseen = Counter(state.deck)
    unseen.subtract(view["hand"])
    unseen.subtract(card for _seat, card in trick)
    if variant == "variation":
        state.cards_this_deal = state.hand_size = view["cards_this_deal"]
        state.turned = list(view["turned"])
        unseen.subtract(state.turned)
        state.tricks_taken = list(view["tricks_taken"])
        state.trick_bids = [bid if bid is not None or not made else 0
                            for bid, made in zip(view["trick_bids"], view["have_bid"], strict=True)]
        state.trumps_played = _trump_seen(view)
    else:
        state.no_trump = view["no_trump"]
        state.trumps_played = view["trumps_played"]
        state.auction = list(view["auction"])
        state.high_bid, state.high_bidder = view["high_bid"], view["high_bidder"]
        state.passed = list(view["passed"])
        state.bidder, state.bid = view["bidder"], view["bid"]
        state.money_discarded = list(view["money_discarded"])
        state.widow_taken = state.bidder is not None
        if view["widow"] is not None and me == state.bidder:
            unseen.subtract(view["discards"] or [])
            state.discards = list(view["discards"] or [])
        else:
            unseen.subtract(state.money_discarded)
        if variant == "silent_partner":
            state.called = list(view["called"])
            state.revealed = list(view["partners_revealed"])
            state.tricks_by_seat = list(view["tricks_won"])
        else:
            state.tricks_won = list(view["tricks_won"])
    colour_set = False
    for seat, card in trick:  # a failure to follow in the trick under way shows a void
        suit = state.suit(card)
        if colour_set and suit != state.trick_colour:
            state.voids[seat].add(state.trick_colour)
        colour_set = colour_set or suit in COLOURS
    pool = sorted((+unseen).elements(), key=sort_key)
    rest = _park(state, view, pool)
    state.to_deal = rest
    return state


def _trump_seen(view: dict[str, JSON]) -> bool:
    """The Variation's view does not say whether trump has been played: assume so after the first trick."""
    return bool(view["tricks_taken"]) and sum(view["tricks_taken"]) > 0


def _park(state: MillionState, view: dict[str, JSON], pool: list[str]) -> list[str]:
    """Fill the hidden places to their sizes from the pool (plain cards to the discards); return the rest."""
    me = view["you"]
    plain = [card for card in pool if is_plain(card)]
    if view["variant"] != "variation" and me != state.bidder and state.bidder is not None:
        hidden = _discard_count(state, view) - len(state.money_discarded)
        taken = plain[:hidden]
        state.discards = list(state.money_discarded) + taken
        for card in taken:
            pool.remove(card)
    for seat, size in enumerate(view["hand_sizes"]):
        if seat != me:
            state.hands[seat], pool = pool[:size], pool[size:]
    if view["variant"] != "variation" and not state.widow_taken:
        state.widow, pool = pool[:WIDOW_SIZE], pool[WIDOW_SIZE:]
    elif view["variant"] != "variation":
        state.widow = list(view["widow"] or []) if me == state.bidder else []
    return pool


def _discard_count(state: MillionState, view: dict[str, JSON]) -> int:
    if view["phase"] != "discard":
        return WIDOW_SIZE
    return state.hand_size + WIDOW_SIZE - view["hand_sizes"][state.bidder]


def sample_worlds(view: dict[str, JSON], count: int, rng: random.Random) -> list[MillionState]:
    """``count`` states the seat cannot tell from the real one, its unseen cards dealt anew."""
    skeleton = _skeleton(view)
    worlds = []
    for _ in range(count):
        world = skeleton.resample_hidden(view["you"], rng)
        if view["variant"] == "variation":
            world.trick_bids = [rng.randint(0, world.hand_size) if bid is None else bid
                                for bid in world.trick_bids]
        worlds.append(world)
    return worlds


# --- a world in the fast path -------------------------------------------------------------------------
def _baseline(world: MillionState, view: dict[str, JSON]) -> np.ndarray:
    """Dollars each seat has captured so far this deal: exact for a trick just finished, else estimated."""
    seats = world.seats
    captured = np.zeros(seats, dtype=np.int64)
    if view["variant"] == "variation":
        return captured
    wins = list(view["tricks_won"])
    if world.trick_complete and world.trick and world.trick_winner is not None:
        winner = world.trick_winner
        captured[winner] += trick_value([card for _seat, card in world.trick])
        if view["variant"] == "silent_partner":
            wins[winner] -= 1
        else:
            wins[winner % 2] -= 1
    money = sum(value_of(card) for card in world.to_deal)
    total = sum(wins)
    if total <= 0 or money == 0:
        return captured
    for index, count in enumerate(wins):
        captured[index] += round(money * count / total)  # a side's share goes to one of its seats
    return captured


def _taken(world: MillionState, view: dict[str, JSON]) -> np.ndarray:
    if view["variant"] == "variation":
        return np.array(view["tricks_taken"], dtype=np.int64)
    return np.zeros(world.seats, dtype=np.int64)


def _encode(world: MillionState) -> tuple[np.ndarray, np.ndarray]:
    return fast.encode_state(world)


def _mode(view: dict[str, JSON]) -> int:
    modes = {"partnership": fast.PARTNERSHIP, "silent_partner": fast.SILENT}
    return modes.get(view["variant"], fast.VARIATION)


def _team(world: MillionState, seats: int) -> np.ndarray:
    team = np.zeros(seats, dtype=np.bool_)
    bidder = getattr(world, "bidder", None)
    if bidder is not None and hasattr(world, "called"):
        team[bidder] = True
        for seat in range(seats):
            if seat != bidder and any(card in world.hands[seat] for card in world.called):
                team[seat] = True
        for seat in getattr(world, "revealed", []):
            team[seat] = True
    return team


def _bids(world: MillionState) -> np.ndarray:
    bids = getattr(world, "trick_bids", None)
    if bids is None:
        return np.zeros(world.seats, dtype=np.int64)
    return np.array([-1 if bid is None else bid for bid in bids], dtype=np.int64)


# --- the habits used where the search does not branch ------------------------------------------------
_VALUE = {card: int(fast.VALUE[index]) for index, card in enumerate(fast.CARD_IDS)}
_STRENGTH = {card: int(fast.STRENGTH[index]) for index, card in enumerate(fast.CARD_IDS)}


def _discardable(hand: Sequence[str]) -> list[str]:
    plain = [card for card in hand if is_plain(card)]
    return sorted(set(plain or [card for card in hand if is_money(card)]), key=sort_key)


def _habit_discards(hand: list[str], count: int) -> list[str]:
    """The rule-of-thumb bot's discards (§1.6): number cards of short side colours first, trump kept.

    Its trump colour is judged once for the whole hand (the bot judges it again at each discard:
    the same colour almost always, at a cost the playouts cannot afford).
    """
    hand = list(hand)
    trump = hand_estimate(hand)[1]
    lengths = Counter(COLOUR_OF_CARD.get(card) for card in hand)
    for _ in range(count):
        pool = _discardable(hand)
        if not pool:
            break
        card = min(pool, key=lambda held: (COLOUR_OF_CARD[held] == trump, _VALUE[held],
                                           lengths[COLOUR_OF_CARD[held]] * 20 + _STRENGTH[held]))
        hand.remove(card)
        lengths[COLOUR_OF_CARD[card]] -= 1
    return hand


def _habit_calls(hand: Sequence[str], count: int) -> list[str]:
    """The rule-of-thumb bot's calls: its strongest cards held once (A-16)."""
    called: list[str] = []
    for _ in range(count):
        pool = sorted({card for card in hand if card not in ANIMALS and card not in called}, key=sort_key)
        if not pool:
            break
        single = [card for card in pool if hand.count(card) == 1] or pool
        called.append(max(single, key=lambda card: (value_of(card), -sort_key(card))))
    return called


def _declare(world: MillionState, declarer: int, hand: list[str] | None = None, trump: str | None = None,
             called: Sequence[str] | None = None,
             ) -> tuple[list[list[str]], str | None, str | None, np.ndarray]:
    """The hands, trump and team once ``declarer`` has taken the widow, discarded and named trump."""
    seats = world.seats
    hands = [list(cards) for cards in world.hands]
    if hand is None:
        hand = _habit_discards(hands[declarer] + list(world.widow), WIDOW_SIZE)
    hands[declarer] = hand
    no_trump = None
    if trump is None:
        trump = hand_estimate(hand)[1]
    elif trump.startswith("none_"):
        trump, no_trump = None, trump.removeprefix("none_")
    team = np.zeros(seats, dtype=np.bool_)
    if hasattr(world, "called"):
        from highstakes.catalog.make_a_million.silent import CALLS

        calls = list(called) if called is not None else []
        calls += _habit_calls(hand, CALLS[seats] - len(calls))
        team[declarer] = True
        for seat in range(seats):
            if seat != declarer and any(card in hands[seat] for card in calls):
                team[seat] = True
    return hands, trump, no_trump, team


def _opening_pos(world: MillionState, hands: list[list[str]], leader: int, trump: str | None,
                 no_trump: str | None) -> tuple[np.ndarray, np.ndarray]:
    encoded = fast.encode_hands(hands)
    pos = fast.encode_position(seats=world.seats, turn=leader, trick=[], trick_complete=False,
                               trick_colour=None, trump=trump, no_trump=no_trump, trumps_played=False,
                               lead_rule=world.options.trump_lead == "after_trump_played",
                               cards_left=int(encoded.sum()))
    return encoded, pos


def _deal_scores(mode: int, me: int, seats: int, captured: np.ndarray, bidder: int, bid: np.ndarray,
                 team: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Utility and value for ``me`` of each playout (rows) under each bid (columns), §1.9 and §1.13."""
    bid = np.asarray(bid, dtype=np.int64)[None, :]
    if mode == fast.PARTNERSHIP:
        sides = np.stack([captured[:, 0::2].sum(axis=1), captured[:, 1::2].sum(axis=1)], axis=1)
        side = bidder % 2
        declarer = sides[:, side][:, None]
        declarer_score = np.where(declarer >= bid, declarer, -bid)
        other = sides[:, 1 - side][:, None] + 0 * bid
        mine, theirs = (declarer_score, other) if me % 2 == side else (other, declarer_score)
        return mine - theirs, mine
    team_took = (captured * team[None, :]).sum(axis=1)[:, None]
    others = captured.sum(axis=1)[:, None] - team_took
    team_score = np.where(team_took >= bid, team_took, -bid)
    members = int(team.sum())
    mine = team_score if team[me] else others + 0 * bid
    total = team_score * members + others * (seats - members)
    return mine - (total - mine) / (seats - 1), mine


# --- the search ---------------------------------------------------------------------------------------
class SearchBot:
    """Perfect-information Monte Carlo over sampled worlds (see the module's docstring)."""

    def __init__(self, budget: int = DEFAULT_BUDGET, name: str = "search",
                 worlds: int = DEFAULT_WORLDS) -> None:
        self.budget = budget
        self.name = name
        self.max_worlds = worlds
        #: Playouts run so far (a tally for benchmarks: no decision reads it).
        self.playouts = 0

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.decide(view, legal, rng).move

    def decide(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Choice:
        moves = [move for move in legal if isinstance(move, Move)]
        if len(moves) == 1 and view["phase"] != "play":
            return Choice(moves[0], float("nan"), 0.0)
        phase = view["phase"]
        seed = rng.getrandbits(63)
        world_rng = random.Random(seed)
        stream = fast.seed_state(seed)
        if phase == "play":
            return self._play(view, moves, world_rng, stream)
        if phase == "bid":
            return self._bid(view, moves, world_rng, stream)
        if phase == "discard":
            return self._discard(view, moves, world_rng, stream)
        if phase == "trump":
            return self._trump(view, moves, world_rng, stream)
        if phase == "tricks":
            return self._trick_bid(view, moves, world_rng, stream)
        # A misdeal call and Silent Partner's called cards: the rule-of-thumb habits.
        return Choice(RuleOfThumbBot().choose(view, list(moves), rng), float("nan"), 0.0)

    def _worlds(self, view: dict[str, JSON], branches: int,
                rng: random.Random) -> tuple[list[MillionState], int]:
        """Worlds to sample and playouts per branch in each, for ``branches`` choices.

        The budget is the bot's own unless whoever runs it asked for less (the server under
        load: :mod:`highstakes.engine.effort`), never below the quick bot's.
        """
        budget = effort.scaled(self.budget, least=QUICK_BUDGET)
        count = max(1, min(self.max_worlds, budget // (branches * 8)))
        playouts = max(1, budget // (count * branches))
        return sample_worlds(view, count, rng), playouts

    def _play(self, view: dict[str, JSON], moves: list[Move], rng: random.Random,
              stream: np.ndarray) -> Choice:
        me, seats = view["you"], view["seats"]
        mode = _mode(view)
        cards = [fast.INDEX[move.card or ""] for move in moves]
        worlds, playouts = self._worlds(view, len(moves), rng)
        utility = np.zeros(len(moves))
        value = np.zeros(len(moves))
        for world in worlds:
            hands, pos = _encode(world)
            captured, taken = _baseline(world, view), _taken(world, view)
            team, bids = _team(world, seats), _bids(world)
            bidder = world.bidder if world.bidder is not None else 0
            bid = world.bid or 0
            for index, card in enumerate(cards):
                u, v = fast.simulate(hands, pos, captured, taken, card, playouts, stream, GREEDY, mode, me,
                                     bidder, bid, team, bids)
                utility[index] += u
                value[index] += v
        runs = len(worlds) * playouts
        self.playouts += runs * len(cards)
        best = int(np.argmax(utility))
        return Choice(moves[best], value[best] / runs, utility[best] / runs)

    def _declarer_samples(self, world: MillionState, declarer: int, playouts: int, stream: np.ndarray,
                          hand: list[str] | None = None, trump: str | None = None
                          ) -> tuple[np.ndarray, np.ndarray]:
        hands, trump_named, no_trump, team = _declare(world, declarer, hand, trump)
        encoded, pos = _opening_pos(world, hands, declarer, trump_named, no_trump)
        zeros = np.zeros(world.seats, dtype=np.int64)
        captured, _tricks = fast.sample_captures(encoded, pos, zeros, zeros, playouts, stream, GREEDY)
        self.playouts += playouts
        return captured, team

    def _bid(self, view: dict[str, JSON], moves: list[Move], rng: random.Random,
             stream: np.ndarray) -> Choice:
        me, seats = view["you"], view["seats"]
        mode = _mode(view)
        bids = [move for move in moves if move.kind == "bid"]
        passing = next(move for move in moves if move.kind == "pass")
        if not bids:
            return Choice(passing, float("nan"), 0.0)
        lowest = min(bids, key=lambda move: move.amount or 0)
        worlds, playouts = self._worlds(view, 2, rng)
        declare_u, declare_v, pass_u, pass_v = [], [], [], []
        opening = options_of(view).opening_for(seats)
        for world in worlds:
            captured, team = self._declarer_samples(world, me, playouts, stream)
            u, v = _deal_scores(mode, me, seats, captured, me, np.array([lowest.amount]), team)
            declare_u.append(u.mean())
            declare_v.append(v.mean())
            other, other_bid = self._other_declarer(view, world, opening)
            if other is None:
                pass_u.append(0.0)
                pass_v.append(0.0)
                continue
            captured, team = self._declarer_samples(world, other, playouts, stream)
            u, v = _deal_scores(mode, me, seats, captured, other, np.array([other_bid]), team)
            pass_u.append(u.mean())
            pass_v.append(v.mean())
        declare, keep = float(np.mean(declare_u)), float(np.mean(pass_u))
        # The worlds do not read the auction: a partner holding the bid is dealt an ordinary hand
        # there, and looks likelier to be set than it is. Outbid a partner only to gain outright.
        ally_holds = view["high_bidder"] is not None and view["high_bidder"] != me and (
            view["variant"] == "partnership" and view["high_bidder"] % 2 == me % 2)
        if declare > keep and (declare > 0 or not ally_holds):
            return Choice(lowest, float(np.mean(declare_v)), declare)
        return Choice(passing, float(np.mean(pass_v)), float(np.mean(pass_u)))

    @staticmethod
    def _other_declarer(view: dict[str, JSON], world: MillionState, opening: int) -> tuple[int | None, int]:
        """Who declares if this seat passes: the high bidder at its bid, else the strongest other opener."""
        if view["high_bidder"] is not None and view["high_bidder"] != view["you"]:
            return view["high_bidder"], view["high_bid"]
        factor = 1 if world.seats == 4 else 2
        best, best_estimate = None, 0
        for seat in range(world.seats):
            if seat == view["you"] or view["passed"][seat]:
                continue
            estimate = hand_estimate(world.hands[seat])[0] * factor
            if estimate >= opening and estimate > best_estimate:
                best, best_estimate = seat, estimate
        return best, opening

    def _discard(self, view: dict[str, JSON], moves: list[Move], rng: random.Random,
                 stream: np.ndarray) -> Choice:
        me, seats = view["you"], view["seats"]
        mode = _mode(view)
        hand = list(view["hand"])
        left = len(hand) - HAND_SIZE[seats]  # discards still to make, this one included
        worlds, playouts = self._worlds(view, len(moves), rng)
        utility = np.zeros(len(moves))
        value = np.zeros(len(moves))
        for world in worlds:
            for index, move in enumerate(moves):
                kept = list(hand)
                kept.remove(move.card or "")
                kept = _habit_discards(kept, left - 1)
                captured, team = self._declarer_samples(world, me, playouts, stream, hand=kept)
                u, v = _deal_scores(mode, me, seats, captured, me, np.array([view["bid"]]), team)
                utility[index] += u.sum()
                value[index] += v.sum()
        runs = len(worlds) * playouts
        best = int(np.argmax(utility))
        return Choice(moves[best], value[best] / runs, utility[best] / runs)

    def _trump(self, view: dict[str, JSON], moves: list[Move], rng: random.Random,
               stream: np.ndarray) -> Choice:
        me, seats = view["you"], view["seats"]
        mode = _mode(view)
        worlds, playouts = self._worlds(view, len(moves), rng)
        utility = np.zeros(len(moves))
        value = np.zeros(len(moves))
        for world in worlds:
            for index, move in enumerate(moves):
                captured, team = self._declarer_samples(world, me, playouts, stream, hand=list(view["hand"]),
                                                        trump=move.card)
                u, v = _deal_scores(mode, me, seats, captured, me, np.array([view["bid"]]), team)
                utility[index] += u.sum()
                value[index] += v.sum()
        runs = len(worlds) * playouts
        best = int(np.argmax(utility))
        return Choice(moves[best], value[best] / runs, utility[best] / runs)

    def _trick_bid(self, view: dict[str, JSON], moves: list[Move], rng: random.Random,
                   stream: np.ndarray) -> Choice:
        me = view["you"]
        worlds, playouts = self._worlds(view, 1, rng)
        counts = np.zeros(view["cards_this_deal"] + 1)
        for world in worlds:
            leader = (world.dealer + 1) % world.seats
            hands, pos = _opening_pos(world, world.hands, leader, world.trump, None)
            zeros = np.zeros(world.seats, dtype=np.int64)
            _captured, taken = fast.sample_captures(hands, pos, zeros, zeros, playouts, stream, GREEDY)
            counts += np.bincount(taken[:, me], minlength=len(counts))[:len(counts)]
            self.playouts += playouts
        share = counts / counts.sum()
        # Points for bidding b: the tricks taken, and 5 more when exactly b (§1.14).
        expected = float((share * np.arange(len(share))).sum())
        by_amount = {move.amount: move for move in moves}
        best = max(by_amount, key=lambda amount: share[amount] if amount is not None else -1)
        return Choice(by_amount[best], expected + 5 * share[best], 5 * share[best])


__all__ = [
    "DEFAULT_BUDGET", "DEFAULT_WORLDS", "QUICK_BUDGET", "QUICK_WORLDS", "STRONG_BUDGET", "STRONG_WORLDS",
    "Choice", "SearchBot", "sample_worlds",
]
