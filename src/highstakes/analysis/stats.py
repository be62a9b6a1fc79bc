"""Small statistics helpers: win rates and means."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z_95 = 1.959963984540054


def wilson_interval(wins: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a proportion; well-behaved at 0 and 1 and for small samples."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = Z_95) -> tuple[float, tuple[float, float] | None]:
    """The mean and its confidence interval by the normal approximation, mean ± z·s/√n.

    ``s`` is the sample standard deviation (n - 1). A single value has no spread to measure:
    its interval is None. Fit for hundreds of independent values; with a dozen or so the
    interval is somewhat too narrow (Student's t would widen it).
    """
    count = len(values)
    if count == 0:
        raise ValueError("mean_interval needs at least one value")
    mean = math.fsum(values) / count
    if count == 1:
        return mean, None
    variance = math.fsum((value - mean) ** 2 for value in values) / (count - 1)
    half = z * math.sqrt(variance / count)
    return mean, (mean - half, mean + half)
