"""Which bots each game offers. A game lists its own in ``highstakes.catalog.<id>.bots.BOTS``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from highstakes.bots.base import Bot, RandomBot
from highstakes.engine.registry import game_part

BotFactory = Callable[[], Bot]


def strongest_bot(game_id: str, seats: int, options: Mapping[str, Any]) -> str:
    """The name of the game's strongest bot for this table.

    A game whose best bot depends on the table defines ``strongest(seats, options)`` in its
    bots module; otherwise its bots are listed weakest first and the last one is taken.
    """
    module = game_part(game_id, "bots")
    chooser = getattr(module, "strongest", None)
    if chooser is not None:
        return str(chooser(seats, options))
    return list(available_bots(game_id))[-1]


def available_bots(game_id: str) -> dict[str, BotFactory]:
    """Bot names for a game, weakest first; every game has at least ``random``."""
    bots: dict[str, BotFactory] = {"random": RandomBot}
    bots.update(getattr(game_part(game_id, "bots"), "BOTS", {}))
    return bots


def make_bot(game_id: str, name: str) -> Bot:
    bots = available_bots(game_id)
    try:
        return bots[name]()
    except KeyError:
        raise ValueError(
            f"unknown bot {name!r} for {game_id}; available bots: {', '.join(bots)}"
        ) from None
