"""Which bots each game offers. A game lists its own in ``highstakes.catalog.<id>.bots.BOTS``."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from highstakes.bots.base import Bot, RandomBot
from highstakes.engine.registry import definition

BotFactory = Callable[[], Bot]


def available_bots(game_id: str) -> dict[str, BotFactory]:
    """Bot names for a game, weakest first; every game has at least ``random``."""
    definition(game_id)  # raises a ValueError naming the games for an unknown id
    bots: dict[str, BotFactory] = {"random": RandomBot}
    try:
        module = importlib.import_module(f"highstakes.catalog.{game_id}.bots")
    except ModuleNotFoundError as error:
        if error.name != f"highstakes.catalog.{game_id}.bots":
            raise
        return bots
    bots.update(getattr(module, "BOTS", {}))
    return bots


def make_bot(game_id: str, name: str) -> Bot:
    bots = available_bots(game_id)
    try:
        return bots[name]()
    except KeyError:
        raise ValueError(
            f"unknown bot {name!r} for {game_id}; available bots: {', '.join(bots)}"
        ) from None
