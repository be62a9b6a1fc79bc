"""Currency Sakana's money, shared by its two games: pieces, not a balance (RULES.md §5.1, §7.5).

It's in the Bag and the stacking game play with the same pieces and the same starting money.
A set of pieces is a count per denomination, ``(¥100 coins, ¥500 coins, ¥1,000 bills,
¥5,000 bills)``; a bid, a feed or a row is a choice of pieces, never an amount to be changed.
What each game says of the pieces in words stays in the game (its own catalog).
"""

from __future__ import annotations

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


def to_pieces(counts: Counts | list[int]) -> tuple[int, ...]:
    """Counts as the pieces listed one by one, largest first (``(500, 100, 100)``)."""
    return tuple(piece for piece, count in reversed(list(zip(DENOMINATIONS, counts, strict=True)))
                 for _ in range(count))


def covers(hand: Counts | list[int], wanted: Counts | list[int]) -> bool:
    """Whether ``hand`` holds every piece of ``wanted``."""
    # Written out: this checks every bid (a generator costs more here).
    return hand[0] >= wanted[0] and hand[1] >= wanted[1] and hand[2] >= wanted[2] and hand[3] >= wanted[3]


def count_map(counts: Counts | list[int]) -> dict[str, int]:
    """Counts as JSON keyed by the piece's value: ``{"100": 5, "500": 2, "1000": 1, "5000": 1}``."""
    return {str(piece): count for piece, count in zip(DENOMINATIONS, counts, strict=True)}
