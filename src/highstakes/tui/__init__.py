"""Full-screen terminal play: people at one keyboard (hot-seat) and bots at one table."""

from __future__ import annotations

from os import PathLike
from typing import Any

from highstakes.tui.deal_app import DealApp
from highstakes.tui.greed_app import GreedApp
from highstakes.tui.table import DEFAULT_BOT_DELAY, TableApp

TABLES: dict[str, type[TableApp]] = {table.GAME_ID: table for table in (GreedApp, DealApp)}
SUPPORTED_GAMES = tuple(TABLES)


def play(
    game_id: str,
    seats: int,
    bots: list[str | None],
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    *,
    record_path: str | PathLike[str] | None = None,
    bot_delay: float = DEFAULT_BOT_DELAY,
) -> None:
    """Play ``game_id`` full-screen until the players quit.

    ``bots[i]`` is None for a person in seat ``i`` or the name of a bot. Bad seat
    counts, options and bot names raise ValueError before the screen is taken over.
    With ``record_path`` the finished game's record is saved there as JSON.
    """
    if game_id not in TABLES:
        raise ValueError(
            f"the terminal UI cannot play {game_id!r} yet; supported games: {', '.join(SUPPORTED_GAMES)}"
        )
    TABLES[game_id](seats, bots, seed, options or {}, record_path=record_path, bot_delay=bot_delay).run()


__all__ = ["SUPPORTED_GAMES", "DealApp", "GreedApp", "play"]
