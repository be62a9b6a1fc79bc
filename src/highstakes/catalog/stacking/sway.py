"""The aim-and-release mini-game (RULES.md §7.4): how a person's piece sways before it is let go.

A person does not type where a piece goes. The piece in hand swings left and right over the
top of the stack, ``offset(t) = amplitude × sin(2π t / period)`` from the centre of the top
piece, and the person lets go at a moment of their choosing: the offset at that moment is the
move (``{"place": offset}``), recorded and replayed like any other. Timing is the skill: the
marker is fastest where it crosses the centre, so a late or early release by a few hundredths
of a second costs millimetres, and the taller the stack, the wider and quicker the swing.

Both tables (terminal and browser) run the swing themselves, from the numbers the view gives
(``view["sway"]``: ``amplitude`` in hundredths of a millimetre and ``period_ms``), so the
server never times anyone; what it receives is the offset, checked like a typed one.
"""

from __future__ import annotations

import math

#: On a one-piece stack the swing reaches 9 mm either side: nearly a ¥100 coin's edge.
BASE_AMPLITUDE = 900
#: Each piece already on the stack widens the swing by 1.2 mm, up to 30 mm.
AMPLITUDE_PER_PIECE = 120
MAX_AMPLITUDE = 3000
#: A full swing (left, right and back) takes 1.8 s over a bare piece, 60 ms less per piece on the
#: stack, never under 0.9 s.
BASE_PERIOD_MS = 1800
PERIOD_PER_PIECE_MS = 60
MIN_PERIOD_MS = 900


def sway_amplitude(height: int) -> int:
    """How far the swing reaches either side (hundredths of a mm) over a stack of ``height``."""
    return min(MAX_AMPLITUDE, BASE_AMPLITUDE + AMPLITUDE_PER_PIECE * max(0, height - 1))


def sway_period_ms(height: int) -> int:
    """How long one full swing takes (milliseconds) over a stack of ``height`` pieces."""
    return max(MIN_PERIOD_MS, BASE_PERIOD_MS - PERIOD_PER_PIECE_MS * max(0, height - 1))


def sway_offset(elapsed_ms: float, amplitude: int, period_ms: int) -> int:
    """Where the swinging piece is ``elapsed_ms`` after the swing began (it starts centred,
    moving right): the offset a release at that moment places it at."""
    return round(amplitude * math.sin(2.0 * math.pi * elapsed_ms / period_ms))


def sway_of(height: int) -> dict[str, int]:
    """The swing over a stack of ``height`` pieces, as a view carries it."""
    return {"amplitude": sway_amplitude(height), "period_ms": sway_period_ms(height)}
