"""Which bots each game offers: ``random``, then the game's own (``GameDefinition.bots()``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from highstakes.engine.bot import Bot, RandomBot
from highstakes.engine.parts import BotInfo
from highstakes.engine.registry import definition

RANDOM = BotInfo("random", RandomBot, "random moves", "picks any legal move at random")


def bot_catalog(game_id: str) -> dict[str, BotInfo]:
    """Every bot of a game by name, weakest first; ``random`` always comes first."""
    bots = {RANDOM.name: RANDOM}
    bots.update((info.name, info) for info in definition(game_id).bots())
    return bots


def available_bots(game_id: str) -> list[str]:
    """Bot names for a game, weakest first; every game has at least ``random``."""
    return list(bot_catalog(game_id))


def strongest_bot(game_id: str, seats: int, options: Mapping[str, Any]) -> str:
    """The name of the game's strongest bot for this table."""
    return definition(game_id).strongest_bot(seats, options)


def make_bot(game_id: str, name: str) -> Bot:
    bots = bot_catalog(game_id)
    try:
        return bots[name].make()
    except KeyError:
        raise ValueError(
            f"unknown bot {name!r} for {game_id}; available bots: {', '.join(bots)}"
        ) from None
