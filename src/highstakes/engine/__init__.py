"""The engine: what every game shares, knowing no game in particular."""

from highstakes.engine.action import JSON, Action
from highstakes.engine.bot import Bot, RandomBot
from highstakes.engine.contract import GameDefinition, GameState, package_file
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.game import Game, new_game, replay
from highstakes.engine.ledger import Ledger, LedgerError
from highstakes.engine.options import GameOptions, OptionSpec, option
from highstakes.engine.parts import (
    Advisor,
    AmountEntry,
    Analysis,
    BotInfo,
    Plot,
    Report,
    Solver,
    TableDeclaration,
    TableExtension,
)
from highstakes.engine.registry import definition, games, register

__all__ = [
    "JSON", "Action", "Advisor", "AmountEntry", "Analysis", "Bot", "BotInfo", "Game", "GameDefinition",
    "GameOptions", "GameState", "IllegalAction", "Ledger", "LedgerError", "OptionSpec", "Plot", "RandomBot",
    "Refusal", "Report", "Solver", "TableDeclaration", "TableExtension",
    "definition", "games", "new_game", "option", "package_file", "register", "replay",
]
