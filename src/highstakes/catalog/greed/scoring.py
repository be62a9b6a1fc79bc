"""Greed's scoring table and the arithmetic of rolls (RULES.md §2.2, G-1 to G-5).

A roll is a multiset of faces. We represent it in two interchangeable ways:

* a sorted tuple of face names, e.g. ``("G", "D", "D")`` (the JSON form), and
* a *count vector*, a 6-tuple giving how many dice show each face in
  :data:`FACES` order, e.g. ``(0, 1, 0, 0, 0, 2)``.

Everything here is pure and cached: there are only 924 multisets of at most six
dice, so every question ("what is this keep worth?", "which keeps are legal?")
is answered from small tables built once per scoring table.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

#: The six faces of a Greed die, in the order used for count vectors and sorting.
#: ``Eb`` is the ebony (black) E and ``Em`` the emerald (green) E: they are
#: different faces, and a three or six of a kind needs E's of one colour.
FACES: tuple[str, ...] = ("$", "G", "R", "Eb", "Em", "D")
FACE_INDEX: dict[str, int] = {face: index for index, face in enumerate(FACES)}
NUM_DICE = 6

Counts = tuple[int, int, int, int, int, int]


@dataclass(frozen=True)
class ScoringTable:
    """Points for each combination. Version A of RULES.md §2.2 by default."""

    single_d: int = 100
    single_g: int = 50
    three_g: int = 500
    three_r: int = 400
    three_e: int = 300  # three E's of the same colour
    three_dollar: int = 600
    four_d: int = 1000  # option ``dddd``: 1000 (version A) or 800 (version B)
    greed: int = 1000  # $GREED: one of each face, both E colours
    six_of_a_kind: int = 5000  # option ``six_of_a_kind``: 5000 or 1000

    def combinations(self) -> tuple[tuple[Counts, int, str], ...]:
        """Every scoring combination as (count vector, points, name)."""
        return _combinations(self)


@cache
def _combinations(table: ScoringTable) -> tuple[tuple[Counts, int, str], ...]:
    # Built once per table: the recursive searches below ask for it at every step.
    def of(face: str, n: int) -> Counts:
        vector = [0] * NUM_DICE
        vector[FACE_INDEX[face]] = n
        return tuple(vector)  # type: ignore[return-value]

    combos: list[tuple[Counts, int, str]] = [
        (of("D", 1), table.single_d, "D"),
        (of("G", 1), table.single_g, "G"),
        (of("G", 3), table.three_g, "GGG"),
        (of("R", 3), table.three_r, "RRR"),
        (of("Eb", 3), table.three_e, "three ebony E"),
        (of("Em", 3), table.three_e, "three emerald E"),
        (of("$", 3), table.three_dollar, "$$$"),
        (of("D", 4), table.four_d, "DDDD"),
        ((1, 1, 1, 1, 1, 1), table.greed, "$GREED"),
    ]
    for face in FACES:
        combos.append((of(face, 6), table.six_of_a_kind, f"six {face}"))
    return tuple(combos)


DEFAULT_TABLE = ScoringTable()


def counts_of(faces: Iterable[str]) -> Counts:
    """Count vector of a multiset of face names; raises KeyError on an unknown face."""
    vector = [0] * NUM_DICE
    for face in faces:
        vector[FACE_INDEX[face]] += 1
    return tuple(vector)  # type: ignore[return-value]


def faces_of(counts: Sequence[int]) -> tuple[str, ...]:
    """Sorted tuple of face names for a count vector."""
    return _faces_of(tuple(counts))


@cache
def _faces_of(counts: tuple[int, ...]) -> tuple[str, ...]:
    # Cached: every set-aside read from JSON goes through here (``sort_faces``), and there
    # are only 924 count vectors.
    return tuple(face for face, n in zip(FACES, counts, strict=True) for _ in range(n))


def sort_faces(faces: Iterable[str]) -> tuple[str, ...]:
    return faces_of(counts_of(faces))


def _sub(a: Sequence[int], b: Sequence[int]) -> Counts | None:
    diff = tuple(x - y for x, y in zip(a, b, strict=True))
    return None if min(diff) < 0 else diff  # type: ignore[return-value]


@cache
def keep_value(counts: Counts, table: ScoringTable = DEFAULT_TABLE) -> int | None:
    """Best score of a set-aside that uses *every* die in ``counts`` (G-2).

    Returns ``None`` when the dice cannot all be covered by scoring combinations,
    which means the set-aside is illegal. The empty set is worth 0.
    """
    if sum(counts) == 0:
        return 0
    best: int | None = None
    for combo, points, _name in table.combinations():
        rest = _sub(counts, combo)
        if rest is None:
            continue
        rest_value = keep_value(rest, table)
        if rest_value is not None and (best is None or points + rest_value > best):
            best = points + rest_value
    return best


@cache
def scoring_keeps(roll: Counts, table: ScoringTable = DEFAULT_TABLE) -> tuple[tuple[Counts, int], ...]:
    """Every legal set-aside from a roll, with its points, best first.

    A legal set-aside is a non-empty sub-multiset of the roll made only of
    scoring dice (G-2). Each distinct multiset appears once.
    """
    keeps: list[tuple[Counts, int]] = []
    for sub in itertools.product(*(range(n + 1) for n in roll)):
        if sum(sub) == 0:
            continue
        value = keep_value(sub, table)  # type: ignore[arg-type]
        if value is not None:
            keeps.append((sub, value))  # type: ignore[arg-type]
    keeps.sort(key=lambda keep: (-keep[1], -sum(keep[0]), keep[0]))
    return tuple(keeps)


def best_keep(roll: Counts, table: ScoringTable = DEFAULT_TABLE) -> tuple[Counts, int] | None:
    """The highest-scoring set-aside of a roll (G-5), or None for a greed-out."""
    keeps = scoring_keeps(roll, table)
    return keeps[0] if keeps else None


def is_hot(roll: Counts, table: ScoringTable = DEFAULT_TABLE) -> bool:
    """True when every die of the roll scores, so the player must roll all six again."""
    return keep_value(roll, table) is not None


def combination_names(counts: Counts, table: ScoringTable = DEFAULT_TABLE) -> list[str]:
    """A best split of a scoring set-aside into named combinations, for logs and hints."""
    return list(_combination_names(counts, table))


@cache
def _combination_names(counts: Counts, table: ScoringTable) -> tuple[str, ...]:
    target = keep_value(counts, table)
    if target is None:
        raise ValueError(f"{faces_of(counts)} is not made only of scoring dice")
    names: list[str] = []
    remaining: Counts = counts
    while sum(remaining):
        for combo, points, name in table.combinations():
            rest = _sub(remaining, combo)
            if rest is None:
                continue
            rest_value = keep_value(rest, table)
            if rest_value is not None and points + rest_value == keep_value(remaining, table):
                names.append(name)
                remaining = rest
                break
    return tuple(names)


def all_rolls(num_dice: int) -> list[tuple[Counts, float]]:
    """Every distinct roll of ``num_dice`` fair dice with its probability."""
    rolls: list[tuple[Counts, float]] = []
    total = 6**num_dice
    for combo in itertools.combinations_with_replacement(range(NUM_DICE), num_dice):
        vector = [0] * NUM_DICE
        for face in combo:
            vector[face] += 1
        ways = math.factorial(num_dice)
        for n in vector:
            ways //= math.factorial(n)
        rolls.append((tuple(vector), ways / total))  # type: ignore[arg-type]
    return rolls
