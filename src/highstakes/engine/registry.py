"""The registry of games, found through the entry-point group ``highstakes.games``.

Every game, the project's own included, is declared in its distribution's metadata::

    [project.entry-points."highstakes.games"]
    pig = "highstakes_pig:PIG"

The entry point names a :class:`GameDefinition` (an instance, or a class to instantiate).
Installing a package that declares one adds its game to every face; the engine imports no
game by name. Tests and notebooks may also :func:`register` a definition directly.
"""

from __future__ import annotations

import warnings
from importlib.metadata import EntryPoint, entry_points

from highstakes.engine.contract import GameDefinition
from highstakes.i18n import _

ENTRY_POINT_GROUP = "highstakes.games"

_GAMES: dict[str, GameDefinition] = {}
_loaded = False


class GamePluginWarning(UserWarning):
    """An installed game could not be loaded; the other games still work."""


def register(definition: GameDefinition) -> GameDefinition:
    """Add a game to the registry (a second definition under the same id is refused)."""
    if not isinstance(definition, GameDefinition):
        raise TypeError(f"register() takes a GameDefinition; got {definition!r}")
    if definition.id in _GAMES and _GAMES[definition.id] is not definition:
        raise ValueError(f"a game with id {definition.id!r} is already registered")
    _GAMES[definition.id] = definition
    return definition


def unregister(game_id: str) -> None:
    """Remove a game registered by hand (tests use this to clean up)."""
    _GAMES.pop(game_id, None)


def _load(entry: EntryPoint) -> GameDefinition:
    loaded = entry.load()
    definition = loaded() if isinstance(loaded, type) else loaded
    if not isinstance(definition, GameDefinition):
        raise TypeError(f"it names {loaded!r}, not a GameDefinition")
    if definition.id != entry.name:
        raise ValueError(f"it is registered as {entry.name!r} but its definition's id is {definition.id!r}")
    return definition


def _load_all() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    for entry in entry_points(group=ENTRY_POINT_GROUP):
        if entry.name in _GAMES:
            continue
        try:
            register(_load(entry))
        except Exception as error:
            # A broken plugin must not take every other game down with it.
            warnings.warn(
                f"the game {entry.name!r} ({entry.value}) could not be loaded: {error}",
                GamePluginWarning, stacklevel=3,
            )


def games() -> list[str]:
    """Ids of every registered game, sorted."""
    _load_all()
    return sorted(_GAMES)


def definition(game_id: str) -> GameDefinition:
    _load_all()
    try:
        return _GAMES[game_id]
    except (KeyError, TypeError):
        raise ValueError(_("unknown game {game}; available games: {games}").format(
            game=repr(game_id), games=", ".join(sorted(_GAMES)))) from None
