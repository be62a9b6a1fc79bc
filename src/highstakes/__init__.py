"""High Stakes: money-themed tabletop games, faithful rules and strong bots.

    import highstakes as hs
    game = hs.new_game("greed", seats=2, seed=42)
    seat = game.to_act[0]
    game.act(seat, game.legal_actions(seat)[0])
"""

from highstakes.engine import (
    Action,
    Game,
    IllegalAction,
    Ledger,
    Refusal,
    definition,
    games,
    new_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "Game", "IllegalAction", "Ledger", "Refusal", "__version__", "definition", "games",
    "new_game", "replay",
]
