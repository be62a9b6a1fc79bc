"""How much of its usual thinking a bot or an advisor may do now.

A search bot's strength is its size (playouts, worlds, rounds tried). Where many wait for
the same processors (the game server under load), whoever runs the bot asks for less: a
share of the usual size, which the search reads with :func:`scaled`. Everywhere else the
share is 1 and nothing changes. Only sizes change with it, never the rules, so a bot at any
share still returns one of its legal actions.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from contextvars import ContextVar

_SHARE: ContextVar[float] = ContextVar("highstakes_effort", default=1.0)


def share() -> float:
    """The share of its usual size a search may use now: 1 unless someone asked for less."""
    return _SHARE.get()


@contextlib.contextmanager
def limited(fraction: float) -> Iterator[None]:
    """Within the block, searches use ``fraction`` (above 0, at most 1) of their usual size."""
    if not 0 < fraction <= 1:
        raise ValueError(f"an effort share is above 0 and at most 1; got {fraction!r}")
    token = _SHARE.set(fraction)
    try:
        yield
    finally:
        _SHARE.reset(token)


def scaled(size: int, least: int = 1) -> int:
    """``size`` (playouts, say) at the current share, never below ``least`` (nor above ``size``)."""
    return max(min(least, size), round(size * share()))


__all__ = ["limited", "scaled", "share"]
