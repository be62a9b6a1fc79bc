"""High Stakes: money-themed tabletop games, faithful rules and strong bots.

    import highstakes as hs
    game = hs.new_game("greed", seats=2, seed=42)
    seat = game.to_act[0]
    game.act(seat, game.legal_actions(seat)[0])
"""

import highstakes.games  # noqa: F401  (see the note below)
from highstakes.engine import (
    Action,
    Game,
    IllegalAction,
    Ledger,
    definition,
    games,
    new_game,
    replay,
)

# TEMPORARY: the subpackage highstakes.games would shadow the function games()
# once imported; importing it first and binding the function after keeps hs.games callable.

__version__ = "0.1.0"

__all__ = [
    "Action", "Game", "IllegalAction", "Ledger", "__version__", "definition", "games",
    "new_game", "replay",
]
