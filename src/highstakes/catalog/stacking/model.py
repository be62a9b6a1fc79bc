"""The stability model: the stack in a 2-D side view, decided exactly (RULES.md §7.4).

Every piece is a plate of its real width lying flat: the ¥100 coin 22.6 mm wide, the ¥500
coin 26.5 mm, a bill as wide as the table's option says. A plate is placed with a horizontal
offset from the centre of the plate it lands on. Lengths are whole hundredths of a
millimetre and masses whole centigrams, so every decision is made in integers: the same
stack and the same offset give the same answer on every machine, and a record replays
exactly.

The stack **stands** when, at every level, the centre of mass of everything above lies over
the support beneath it (the overlap of the two plates that touch there), at least ``MARGIN``
inside both ends of that overlap. A placed plate whose own centre is not over the plate it
lands on (by the same margin) does not rest there: it slides off to the table, a **miss**,
and the stack is as it was. Otherwise, if some level no longer holds, pieces fall: a
**collapse**. A plate slid in lower down (the rules let a piece go anywhere in the stack)
carries everything above it: then any level that fails is a collapse.

Worked example (hundredths of a millimetre, centigrams): two ¥100 coins (2260 wide, 480):
the upper one stands at any offset from -1080 to +1080 (half the width, 1130, less the
margin, 50), and slides off at 1081. A harmonic stack of ¥100 coins, the k-th from the top
offset by 1080 / k from the one below it, stands with every level exactly at the margin.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: How far inside the support the centre of mass above must lie, in hundredths of a millimetre.
MARGIN = 50
#: Offsets farther than this from the centre of the plate beneath are refused (a metre's tenth).
MAX_OFFSET = 10_000

STOOD, MISS, COLLAPSE, TOUCHED = "stood", "miss", "collapse", "touched"


@dataclass(frozen=True, slots=True)
class Plate:
    """A piece seen from the side: its width and thickness (hundredths of a mm), its mass (cg)."""

    width: int
    thickness: int
    mass: int


#: The coins as they are (Japan Mint): ¥100 22.6 mm, 1.7 mm, 4.8 g; ¥500 26.5 mm, 1.8 mm, 7.0 g.
COIN_PLATES = {100: Plate(2260, 170, 480), 500: Plate(2650, 180, 700)}
#: A bill weighs about a gram; folded, a few sheets thick. Its width is the table's option.
BILL_THICKNESS, BILL_MASS = 40, 100


def plates(bill_width_mm: int) -> dict[int, Plate]:
    """Every denomination's plate, bills ``bill_width_mm`` wide."""
    bill = Plate(bill_width_mm * 100, BILL_THICKNESS, BILL_MASS)
    return {**COIN_PLATES, 1000: bill, 5000: bill}


@dataclass(frozen=True, slots=True)
class Placed:
    """A plate in the stack: which piece, and where its centre is (hundredths of a mm from the axis)."""

    piece: int
    x: int


def _support(below: Plate, below_x: int, above: Plate, above_x: int) -> tuple[int, int]:
    """The overlap of two touching plates: where the upper one can bear on the lower."""
    low = max(below_x - below.width // 2, above_x - above.width // 2)
    high = min(below_x + below.width // 2, above_x + above.width // 2)
    return low, high


def level_holds(stack: Sequence[tuple[Plate, int]], level: int) -> bool:
    """Whether the plates from ``level`` up rest on the one below with their centre of mass over
    the support, ``MARGIN`` inside both its ends. Level 0 rests on the table, which always holds."""
    if level == 0:
        return True
    below, below_x = stack[level - 1]
    above, above_x = stack[level]
    low, high = _support(below, below_x, above, above_x)
    mass = sum(plate.mass for plate, _x in stack[level:])
    moment = sum(plate.mass * x for plate, x in stack[level:])
    return mass * (low + MARGIN) <= moment <= mass * (high - MARGIN)


def first_failure(stack: Sequence[tuple[Plate, int]]) -> int | None:
    """The lowest level that does not hold, or None when the whole stack stands.

    One pass from the top down, carrying the mass and moment of everything above, so that a
    tall stack costs its height, not its height squared.
    """
    failed = None
    mass = moment = 0
    for level in range(len(stack) - 1, 0, -1):
        above, above_x = stack[level]
        mass += above.mass
        moment += above.mass * above_x
        below, below_x = stack[level - 1]
        low, high = _support(below, below_x, above, above_x)
        if not mass * (low + MARGIN) <= moment <= mass * (high - MARGIN):
            failed = level
    return failed


def settle(stack: Sequence[tuple[Plate, int]], plate: Plate, offset: int, level: int | None = None,
           ) -> tuple[str, int]:
    """What happens when ``plate`` is placed ``offset`` from the centre of the plate beneath.

    ``level`` is how many plates end up below it (None: on top). Returns the outcome
    (``stood``, ``miss`` or ``collapse``) and the plate's centre. On the bare table a plate
    always stands, where it is put.
    """
    height = len(stack)
    level = height if level is None else level
    if not 0 <= level <= height:
        raise ValueError(f"level {level} is not in a stack of {height}")
    base_x = stack[level - 1][1] if level else 0
    x = base_x + offset
    if level == 0 and height == 0:
        return STOOD, x
    if level == height:
        below, below_x = stack[-1]
        low, high = _support(below, below_x, plate, x)
        if not low + MARGIN <= x <= high - MARGIN:
            return MISS, x
    new = [*stack[:level], (plate, x), *stack[level:]]
    return (COLLAPSE if first_failure(new) is not None else STOOD), x


def standing_offsets(stack: Sequence[tuple[Plate, int]], plate: Plate) -> tuple[int, int] | None:
    """The offsets (from the top plate's centre) at which ``plate`` placed on top stands: one
    closed interval, since each level's condition is linear in the plate's position; None when
    no offset lets it stand. Bots aim at its middle."""
    if not stack:
        return -MAX_OFFSET, MAX_OFFSET
    top, top_x = stack[-1]
    # On the top plate: its own centre over the top plate, MARGIN inside (a wider plate than
    # the margin's double always covers its own centre).
    low = top_x - top.width // 2 + MARGIN
    high = top_x + top.width // 2 - MARGIN
    mass, moment = plate.mass, 0
    for level in range(len(stack) - 1, 0, -1):
        above, above_x = stack[level]
        mass += above.mass
        moment += above.mass * above_x
        below, below_x = stack[level - 1]
        support_low, support_high = _support(below, below_x, above, above_x)
        # mass * (support_low + MARGIN) <= moment + plate.mass * x <= mass * (support_high - MARGIN)
        low = max(low, -((moment - mass * (support_low + MARGIN)) // plate.mass))
        high = min(high, (mass * (support_high - MARGIN) - moment) // plate.mass)
    if low > high:
        return None
    return low - top_x, high - top_x


def chance_to_stand(interval: tuple[int, int] | None, aim: float, spread: float) -> float:
    """The chance that an offset aimed at ``aim`` with Gaussian error of ``spread`` (both in
    hundredths of a mm) lands in ``interval``."""
    if interval is None:
        return 0.0
    low, high = interval
    if spread <= 0:
        return 1.0 if low <= aim <= high else 0.0

    def below(value: float) -> float:
        return 0.5 * (1.0 + math.erf((value - aim) / (spread * math.sqrt(2.0))))

    return max(0.0, below(high + 0.5) - below(low - 0.5))


def lean(stack: Sequence[tuple[Plate, int]]) -> int:
    """How far the whole stack's centre of mass lies from the axis (hundredths of a mm)."""
    mass = sum(plate.mass for plate, _x in stack)
    return round(sum(plate.mass * x for plate, x in stack) / mass) if mass else 0
