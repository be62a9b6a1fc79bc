"""The registry of games, filled by each game package when it is imported."""

from __future__ import annotations

import importlib
from types import ModuleType

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


def game_part(game_id: str, part: str) -> ModuleType | None:
    """A game's optional module (``bots``, ``analysis``...), or None when it has none."""
    definition(game_id)  # raises a ValueError naming the games for an unknown id
    name = f"highstakes.catalog.{game_id}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name != name:
            raise  # the module exists but something it imports is missing
        return None


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
