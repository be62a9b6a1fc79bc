"""The registry of games, filled by each game package when it is imported."""

from __future__ import annotations

import importlib

from highstakes.engine.contract import GameDefinition

_GAMES: dict[str, GameDefinition] = {}

# Game packages register themselves on import; listing them here keeps the
# engine free of game imports while ``highstakes.games()`` still sees them all.
_GAME_MODULES = ("highstakes.catalog.deal_or_no_deal", "highstakes.catalog.greed")
_loaded = False


def register(definition: GameDefinition) -> GameDefinition:
    if definition.id in _GAMES and _GAMES[definition.id] is not definition:
        raise ValueError(f"a game with id {definition.id!r} is already registered")
    _GAMES[definition.id] = definition
    return definition


def _load_all() -> None:
    global _loaded
    if not _loaded:
        for module in _GAME_MODULES:
            importlib.import_module(module)
        _loaded = True


def games() -> list[str]:
    """Ids of every registered game, sorted."""
    _load_all()
    return sorted(_GAMES)


def definition(game_id: str) -> GameDefinition:
    _load_all()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise ValueError(
            f"unknown game {game_id!r}; available games: {', '.join(sorted(_GAMES))}"
        ) from None
