"""Currency Sakana's money: pieces, not a balance (RULES.md §5.1, §7.5).

A set of pieces is a count per denomination, ``(¥100 coins, ¥500 coins, ¥1,000 bills,
¥5,000 bills)``; a bid or a feed is a choice of pieces, never an amount to be changed.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from highstakes.catalog.in_the_bag.words import _
from highstakes.i18n.numbers import format_money

#: The four denominations, smallest first; a count vector follows this order.
DENOMINATIONS: tuple[int, ...] = (100, 500, 1000, 5000)
COINS = frozenset({100, 500})  # the ¥1,000 and ¥5,000 pieces are bills
#: What each player starts with (§5.1): 5 × ¥100, 2 × ¥500, 1 × ¥1,000, 1 × ¥5,000 = ¥7,500.
START: tuple[int, ...] = (5, 2, 1, 1)

Counts = tuple[int, ...]


def yen(amount: int) -> str:
    """An amount of yen as the reader's language writes it (¥7,500; 7.500 ¥)."""
    return format_money(amount, "JPY")


def value(counts: Counts | list[int]) -> int:
    # Written out: this runs at every bid and every reveal, and a generator costs more here.
    return counts[0] * 100 + counts[1] * 500 + counts[2] * 1000 + counts[3] * 5000


def size(counts: Counts | list[int]) -> int:
    return sum(counts)


def to_counts(pieces: tuple[int, ...] | list[int]) -> Counts:
    """Pieces listed one by one (``[500, 100, 100]``) as counts (``(2, 1, 0, 0)``)."""
    return tuple(sum(1 for piece in pieces if piece == denomination) for denomination in DENOMINATIONS)


@lru_cache(maxsize=65_536)
def counts_of(pieces: tuple[int, ...]) -> Counts:
    """:func:`to_counts` of a tuple, remembered: the same bids come back all game long."""
    return to_counts(pieces)


@lru_cache(maxsize=65_536)
def pieces_of(counts: Counts) -> tuple[int, ...]:
    """:func:`to_pieces` of a tuple of counts, remembered."""
    return to_pieces(counts)


def to_pieces(counts: Counts | list[int]) -> tuple[int, ...]:
    """Counts as the pieces listed one by one, largest first (``(500, 100, 100)``)."""
    return tuple(piece for piece, count in reversed(list(zip(DENOMINATIONS, counts, strict=True)))
                 for _ in range(count))


def covers(hand: Counts | list[int], wanted: Counts | list[int]) -> bool:
    """Whether ``hand`` holds every piece of ``wanted``."""
    # Written out: this checks every bid (a generator costs more here).
    return hand[0] >= wanted[0] and hand[1] >= wanted[1] and hand[2] >= wanted[2] and hand[3] >= wanted[3]


@lru_cache(maxsize=4096)
def formable(hand: Counts) -> tuple[Counts, ...]:
    """Every non-empty choice of pieces from ``hand``, by amount, then fewest pieces first."""
    # Sorted as (amount, pieces, counts) tuples, without a key function: a new hand's menu is
    # built at its first bid, which random play meets all the time.
    keyed = sorted((a * 100 + b * 500 + c * 1000 + d * 5000, a + b + c + d, (a, b, c, d))
                   for a, b, c, d in product(*(range(count + 1) for count in hand)))
    return tuple(counts for _amount, _size, counts in keyed[1:])  # the first is the empty choice


@lru_cache(maxsize=4096)
def amounts(hand: Counts) -> frozenset[int]:
    """Every amount ``hand`` can pay exactly (no change is made)."""
    return frozenset(value(counts) for counts in formable(hand))


def piece_name(piece: int) -> str:
    """One piece in words: "¥500 coin", "¥1,000 bill"."""
    if piece in COINS:
        return _("{amount} coin").format(amount=yen(piece))
    return _("{amount} bill").format(amount=yen(piece))


def pieces_text(pieces: tuple[int, ...] | list[int]) -> str:
    """Pieces as people read them: "¥500 + ¥100 + ¥100"."""
    return " + ".join(yen(piece) for piece in pieces)
