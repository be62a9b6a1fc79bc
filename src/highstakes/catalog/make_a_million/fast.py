"""A compact hand in play and a fast playout of the rest of it, compiled with Numba (RULES.md §1.7 to §1.9).

The search bot (:mod:`.search`) plays the rest of a deal out thousands of times a decision, so
the trick play is kept here in small integers rather than in :class:`~.rules.MillionState`:

* a **card** is ``colour * 13 + rank index`` (colours in :data:`~.cards.COLOURS` order, ranks
  from the $40,000 down to the 1 as in :data:`~.cards.RANKS`), then 52, 53 and 54 for the
  Tiger, the Bull and the Bear;
* a **hand** is a row of counts over those 55 cards (the double deck holds two of a card);
* a **position** is one int64 row (:data:`TURN` ... :data:`TRICK_CARD`): whose turn, the cards
  of the trick under way with their seats, the colour it was set to, trump (or no trump, with
  the Tiger high or low), whether trump has been played (for the optional rule A-11) and the
  cards left in the hands; and what each seat has captured, in dollars and in tricks.

The rules engine is the oracle: a test replays random hands in both and requires the same
legal cards at every turn and the same captures and scores at the end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import numba
import numpy as np

from highstakes.catalog.make_a_million.cards import ANIMALS, BEAR, BULL, COLOURS, MONEY_RANKS, RANKS, TIGER

N_CARDS: Final = 55
TIGER_I: Final = 52
BULL_I: Final = 53
BEAR_I: Final = 54
#: The suit of the Tiger at no trump: a one-card suit of its own (A-15).
TIGER_SUIT: Final = 4
MAX_SEATS: Final = 12  # the Variation's largest table

# Fields of a position row.
TURN, TRICK_LEN, TRICK_COLOUR, TRUMP, NT_HIGH, TRUMPS_PLAYED, LEAD_RULE, SEATS, CARDS_LEFT = range(9)
TRICK_SEAT: Final = 9
TRICK_CARD: Final = TRICK_SEAT + MAX_SEATS
POSITION_SIZE: Final = TRICK_CARD + MAX_SEATS

# How a deal is scored (:func:`score_deal`).
PARTNERSHIP, SILENT, VARIATION = 0, 1, 2


def _card_ids() -> tuple[str, ...]:
    letters = {"red": "R", "yellow": "Y", "black": "K", "green": "G"}
    return (*(f"{letters[colour]}{rank}" for colour in COLOURS for rank in RANKS), TIGER, BULL, BEAR)


#: The card id of each index, and back.
CARD_IDS: Final = _card_ids()
INDEX: Final = {card: index for index, card in enumerate(CARD_IDS)}
#: What each card is worth in dollars, its colour (-1 for the animals) and its capturing power.
VALUE: Final = np.array([MONEY_RANKS.get(RANKS[i % 13], 0) if i < 52 else 0 for i in range(N_CARDS)],
                        dtype=np.int64)
COLOUR: Final = np.array([i // 13 if i < 52 else -1 for i in range(N_CARDS)], dtype=np.int64)
STRENGTH: Final = np.array([13 - i % 13 if i < 52 else 0 for i in range(N_CARDS)], dtype=np.int64)
assert len(ANIMALS) == 3 and CARD_IDS[TIGER_I] == TIGER


# --- the kernel --------------------------------------------------------------------------------------------
@numba.njit(cache=True)
def _suit(card: int, trump: int) -> int:
    """The suit a card counts as: its colour; the Tiger is trump (its own suit at no trump); else -1."""
    if card < 52:
        return card // 13
    if card == TIGER_I:
        return trump if trump >= 0 else TIGER_SUIT
    return -1


@numba.njit(cache=True)
def legal_cards(hands: np.ndarray, pos: np.ndarray, out: np.ndarray) -> int:
    """Write the distinct cards the seat to play may play into ``out``; return how many.

    §1.7 (follow the colour led), §1.8 and A-10 (the Bull and the Bear), A-11 (the optional lead rule).
    """
    seat = pos[TURN]
    trump = pos[TRUMP]
    n = 0
    if pos[TRICK_LEN] == 0:
        # the Bull and the Bear are led only when nothing else is left.
        for card in range(N_CARDS):
            if hands[seat, card] > 0 and card != BULL_I and card != BEAR_I:
                out[n] = card
                n += 1
        if n == 0:
            for card in range(BULL_I, N_CARDS):
                if hands[seat, card] > 0:
                    out[n] = card
                    n += 1
        if pos[LEAD_RULE] == 1 and trump >= 0 and pos[TRUMPS_PLAYED] == 0:
            # no trump lead before trump has been played, unless only trumps are left.
            kept = 0
            for i in range(n):
                if _suit(out[i], trump) != trump:
                    out[kept] = out[i]
                    kept += 1
            if kept > 0:
                n = kept
        return n
    led = pos[TRICK_COLOUR]
    if led >= 0:
        for card in range(N_CARDS):
            if hands[seat, card] > 0 and _suit(card, trump) == led:
                out[n] = card
                n += 1
        if n > 0:
            return n
    for card in range(N_CARDS):
        if hands[seat, card] > 0:
            out[n] = card
            n += 1
    return n


@numba.njit(cache=True)
def _power(card: int, trump: int, nt_high: int, led: int) -> int:
    """How strongly a card bids for the trick; -1 when it cannot win it (§1.7, A-15)."""
    if card in (BULL_I, BEAR_I):
        return -1
    if card == TIGER_I:
        if trump >= 0:
            return 299  # always the highest trump
        return 300 if nt_high == 1 else -1
    colour = card // 13
    strength = 13 - card % 13
    if trump >= 0 and colour == trump:
        return 200 + strength
    if colour == led:
        return 100 + strength
    return -1


@numba.njit(cache=True)
def play_card(hands: np.ndarray, pos: np.ndarray, captured: np.ndarray, taken: np.ndarray, card: int) -> None:
    """The seat to play plays ``card``; a full trick is captured and its winner leads next."""
    seat = pos[TURN]
    trump = pos[TRUMP]
    seats = pos[SEATS]
    hands[seat, card] -= 1
    pos[CARDS_LEFT] -= 1
    suit = _suit(card, trump)
    if pos[TRICK_COLOUR] < 0 and 0 <= suit < 4:
        pos[TRICK_COLOUR] = suit  # the first colour card (or the Tiger, as trump) sets it (§1.8)
    length = pos[TRICK_LEN]
    pos[TRICK_SEAT + length] = seat
    pos[TRICK_CARD + length] = card
    pos[TRICK_LEN] = length + 1
    if length + 1 < seats:
        pos[TURN] = (seat + 1) % seats
        return
    # The trick is complete: the highest trump, else the highest of the colour led; a later copy wins.
    led = pos[TRICK_COLOUR]
    best = -1
    winner = pos[TRICK_SEAT]
    money = 0
    bulls = 0
    last_animal = -1
    trump_seen = False
    for i in range(seats):
        played = pos[TRICK_CARD + i]
        power = _power(played, trump, pos[NT_HIGH], led)
        if power >= 0 and power >= best:
            best = power
            winner = pos[TRICK_SEAT + i]
        money += VALUE[played]
        if played == BULL_I:
            bulls += 1
            last_animal = BULL_I
        elif played == BEAR_I:
            last_animal = BEAR_I
        if trump >= 0 and _suit(played, trump) == trump:
            trump_seen = True
    # nothing if the last animal is a Bear, else doubled for each Bull.
    if last_animal == BEAR_I:
        money = 0
    else:
        for _ in range(bulls):
            money *= 2
    captured[winner] += money
    taken[winner] += 1
    if trump_seen:
        pos[TRUMPS_PLAYED] = 1
    pos[TRICK_LEN] = 0
    pos[TRICK_COLOUR] = -1
    pos[TURN] = winner


@numba.njit(cache=True)
def _next_random(state: np.ndarray) -> np.uint64:
    """splitmix64: a small, fast generator whose whole state is one number (seeded by the bot)."""
    state[0] += np.uint64(0x9E3779B97F4A7C15)
    z = state[0]
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@numba.njit(cache=True)
def _below(state: np.ndarray, n: int) -> int:
    return int((_next_random(state) >> np.uint64(11)) % np.uint64(n))


@numba.njit(cache=True)
def _greedy_card(hands: np.ndarray, pos: np.ndarray, legal: np.ndarray, n: int) -> int:
    """A rollout habit: win a trick with Money in it as cheaply as possible, else throw the cheapest card."""
    trump = pos[TRUMP]
    length = pos[TRICK_LEN]
    if length == 0:
        return -1
    led = pos[TRICK_COLOUR]
    best = -1
    money = 0
    for i in range(length):
        played = pos[TRICK_CARD + i]
        power = _power(played, trump, pos[NT_HIGH], led)
        if power > best:
            best = power
        money += VALUE[played]
    if money == 0:
        return -1
    choice = -1
    choice_power = 1000
    for i in range(n):
        card = legal[i]
        colour_led = led if led >= 0 else _suit(card, trump)
        power = _power(card, trump, pos[NT_HIGH], colour_led)
        if power >= 0 and power >= best and power < choice_power:
            choice, choice_power = card, power
    return choice


@numba.njit(cache=True)
def play_out(hands: np.ndarray, pos: np.ndarray, captured: np.ndarray, taken: np.ndarray,
             rng: np.ndarray, greedy: float) -> None:
    """Play the deal to its end: each card uniformly among the legal ones, or (with chance ``greedy``)
    the cheapest card that takes a trick holding Money."""
    legal = np.empty(N_CARDS, dtype=np.int64)
    while pos[CARDS_LEFT] > 0:
        n = legal_cards(hands, pos, legal)
        card = -1
        if greedy > 0.0 and (_next_random(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0) < greedy:
            card = _greedy_card(hands, pos, legal, n)
        if card < 0:
            card = legal[_below(rng, n)]
        play_card(hands, pos, captured, taken, card)


@numba.njit(cache=True)
def score_deal(mode: int, me: int, seats: int, captured: np.ndarray, taken: np.ndarray, bidder: int,
               bid: int, team: np.ndarray, bids: np.ndarray) -> tuple[float, float]:
    """(utility, value) of a finished deal for seat ``me``.

    The value is what ``me`` (its side in the partnership game) scores this deal: dollars, or
    points in the Variation (§1.9, §1.13, §1.14). The utility, which the search maximises, is that
    value less the mean of the other sides' or players'.
    """
    if mode == PARTNERSHIP:
        took = np.zeros(2, dtype=np.int64)
        for seat in range(seats):
            took[seat % 2] += captured[seat]
        scored = took.copy()
        side = bidder % 2
        if took[side] < bid:
            scored[side] = -bid
        mine = scored[me % 2]
        return float(mine - scored[1 - me % 2]), float(mine)
    if mode == SILENT:
        team_took = 0
        total = 0
        for seat in range(seats):
            total += captured[seat]
            if team[seat]:
                team_took += captured[seat]
        team_score = team_took if team_took >= bid else -bid
        others = total - team_took
        sum_all = 0.0
        for seat in range(seats):
            sum_all += team_score if team[seat] else others
        mine = float(team_score if team[me] else others)
        return mine - (sum_all - mine) / (seats - 1), mine
    points = np.zeros(seats, dtype=np.int64)
    for seat in range(seats):
        points[seat] = taken[seat] + 5 if bids[seat] == taken[seat] else taken[seat]
    total_points = 0.0
    for seat in range(seats):
        total_points += points[seat]
    mine = float(points[me])
    return mine - (total_points - mine) / (seats - 1), mine


@numba.njit(cache=True)
def simulate(hands: np.ndarray, pos: np.ndarray, captured: np.ndarray, taken: np.ndarray, first: int,
             playouts: int, rng: np.ndarray, greedy: float, mode: int, me: int, bidder: int, bid: int,
             team: np.ndarray, bids: np.ndarray) -> tuple[float, float]:
    """Sums of (utility, value) over ``playouts`` playouts after ``first`` is played (-1: none)."""
    seats = pos[SEATS]
    work_hands = np.empty_like(hands)
    work_pos = np.empty_like(pos)
    work_captured = np.empty_like(captured)
    work_taken = np.empty_like(taken)
    utility = 0.0
    value = 0.0
    for _ in range(playouts):
        work_hands[:] = hands
        work_pos[:] = pos
        work_captured[:] = captured
        work_taken[:] = taken
        if first >= 0:
            play_card(work_hands, work_pos, work_captured, work_taken, first)
        play_out(work_hands, work_pos, work_captured, work_taken, rng, greedy)
        u, v = score_deal(mode, me, seats, work_captured, work_taken, bidder, bid, team, bids)
        utility += u
        value += v
    return utility, value


# --- from the rules engine's terms ---------------------------------------------------------------------
def encode_hands(hands: Sequence[Sequence[str]]) -> np.ndarray:
    """Each seat's hand as counts over the 55 cards."""
    counts = np.zeros((len(hands), N_CARDS), dtype=np.int64)
    for seat, hand in enumerate(hands):
        for card in hand:
            counts[seat, INDEX[card]] += 1
    return counts


def encode_position(*, seats: int, turn: int, trick: Sequence[tuple[int, str]], trick_complete: bool,
                    trick_colour: str | None, trump: str | None, no_trump: str | None,
                    trumps_played: bool, lead_rule: bool, cards_left: int) -> np.ndarray:
    """A position row (see the module's docstring) from what the rules engine keeps."""
    pos = np.zeros(POSITION_SIZE, dtype=np.int64)
    pos[TURN] = turn
    pos[SEATS] = seats
    pos[CARDS_LEFT] = cards_left
    pos[TRUMP] = COLOURS.index(trump) if trump is not None else -1
    pos[NT_HIGH] = 1 if no_trump == "high" else 0
    pos[TRUMPS_PLAYED] = 1 if trumps_played else 0
    pos[LEAD_RULE] = 1 if lead_rule else 0
    live = [] if trick_complete else list(trick)
    pos[TRICK_LEN] = len(live)
    pos[TRICK_COLOUR] = COLOURS.index(trick_colour) if live and trick_colour is not None else -1
    for i, (seat, card) in enumerate(live):
        pos[TRICK_SEAT + i] = seat
        pos[TRICK_CARD + i] = INDEX[card]
    return pos


def encode_state(state: Any) -> tuple[np.ndarray, np.ndarray]:
    """Hands and position of a :class:`~.rules.MillionState` (or a variant's) in its play phase."""
    hands = encode_hands(state.hands)
    pos = encode_position(
        seats=state.seats, turn=state.turn, trick=state.trick, trick_complete=state.trick_complete,
        trick_colour=state.trick_colour, trump=state.trump, no_trump=state.no_trump,
        trumps_played=state.trumps_played, lead_rule=state.options.trump_lead == "after_trump_played",
        cards_left=int(hands.sum()))
    return hands, pos


def legal_ids(hands: np.ndarray, pos: np.ndarray) -> list[str]:
    """The fast path's legal cards as card ids (for tests and the bot's bookkeeping)."""
    out = np.empty(N_CARDS, dtype=np.int64)
    n = legal_cards(hands, pos, out)
    return [CARD_IDS[card] for card in out[:n]]


def seed_state(seed: int) -> np.ndarray:
    return np.array([seed & 0xFFFF_FFFF_FFFF_FFFF], dtype=np.uint64)


@numba.njit(cache=True)
def sample_captures(hands: np.ndarray, pos: np.ndarray, captured: np.ndarray, taken: np.ndarray,
                    playouts: int, rng: np.ndarray, greedy: float) -> tuple[np.ndarray, np.ndarray]:
    """What each seat captured (dollars, tricks) at the end of each of ``playouts`` playouts."""
    seats = pos[SEATS]
    all_captured = np.empty((playouts, seats), dtype=np.int64)
    all_taken = np.empty((playouts, seats), dtype=np.int64)
    work_hands = np.empty_like(hands)
    work_pos = np.empty_like(pos)
    for i in range(playouts):
        work_hands[:] = hands
        work_pos[:] = pos
        all_captured[i, :] = captured
        all_taken[i, :] = taken
        play_out(work_hands, work_pos, all_captured[i], all_taken[i], rng, greedy)
    return all_captured, all_taken


def warm_up() -> None:
    """Compile (or load from Numba's cache) every kernel once, on a tiny deal."""
    hands = encode_hands([["R40", "tiger"], ["R30", "bull"], ["Y40", "bear"], ["G40", "K5"]])
    pos = encode_position(seats=4, turn=0, trick=[], trick_complete=False, trick_colour=None, trump="red",
                          no_trump=None, trumps_played=False, lead_rule=True, cards_left=8)
    zeros = np.zeros(4, dtype=np.int64)
    simulate(hands, pos, zeros, zeros, -1, 2, seed_state(1), 0.5, PARTNERSHIP, 0, 0, 0,
             np.zeros(4, dtype=np.bool_), zeros)
    sample_captures(hands, pos, zeros, zeros, 2, seed_state(1), 0.5)


