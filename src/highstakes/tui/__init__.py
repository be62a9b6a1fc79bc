"""Full-screen terminal play: people at one keyboard (hot-seat) and bots at one table.

A game may bring its own table (``GameDefinition.terminal_table()``); every other game is
played at the declared table (:mod:`highstakes.tui.declared`), which draws the table the game
declares (``GameDefinition.table``), or the generic one: any view as panels, the legal moves
as a menu.
"""

from __future__ import annotations

from os import PathLike
from typing import Any

from highstakes.engine.parts import TerminalTableFactory
from highstakes.engine.registry import definition
from highstakes.tui.table import DEFAULT_BOT_DELAY


def table_for(game_id: str) -> TerminalTableFactory:
    """The game's own terminal table, or the declared one (the generic declaration without one)."""
    own = definition(game_id).terminal_table()
    if own is not None:
        return own
    from highstakes.tui.declared import DeclaredTable

    return DeclaredTable.for_game(game_id)


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
    table = table_for(game_id)(seats, bots, seed, options or {}, record_path=record_path, bot_delay=bot_delay)
    table.run()


__all__ = ["play", "table_for"]
