"""The engine: what every game shares, knowing no game in particular."""

from highstakes.engine.action import Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.errors import IllegalAction
from highstakes.engine.game import Game, new_game, replay
from highstakes.engine.ledger import Ledger, LedgerError
from highstakes.engine.options import OptionSpec
from highstakes.engine.registry import definition, games, register

__all__ = [
    "Action", "Game", "GameDefinition", "GameState", "IllegalAction", "Ledger",
    "LedgerError", "OptionSpec", "definition", "games", "new_game", "register", "replay",
]
