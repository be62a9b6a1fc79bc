"""It's in the Bag's view of Currency Sakana's pieces (RULES.md §5.1, §7.5).

The pieces themselves (denominations, the starting money, counts) are shared with the stacking
game in :mod:`highstakes.catalog.currency_sakana`; this module adds what only this game needs:
every bid a hand can form, and the pieces in this game's words.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from highstakes.catalog.currency_sakana import (
    COINS,
    DENOMINATIONS,
    START,
    Counts,
    covers,
    size,
    to_counts,
    to_pieces,
    value,
    yen,
)
from highstakes.catalog.in_the_bag.words import _


@lru_cache(maxsize=65_536)
def counts_of(pieces: tuple[int, ...]) -> Counts:
    """:func:`to_counts` of a tuple, remembered: the same bids come back all game long."""
    return to_counts(pieces)


@lru_cache(maxsize=65_536)
def pieces_of(counts: Counts) -> tuple[int, ...]:
    """:func:`to_pieces` of a tuple of counts, remembered."""
    return to_pieces(counts)


__all__ = [
    "COINS", "DENOMINATIONS", "START", "Counts", "amounts", "counts_of", "covers", "formable", "piece_name",
    "pieces_of", "pieces_text", "size", "to_counts", "to_pieces", "value", "yen",
]


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
