"""Every High Stakes game as an OpenSpiel game (the optional extra ``openspiel``).

    import pyspiel
    from highstakes import openspiel
    openspiel.register_all()                     # highstakes_greed, highstakes_make_a_million, ...
    game = pyspiel.load_game("highstakes_greed", {"players": 2, "returns": "win"})

The adapter lives in :mod:`highstakes.openspiel.adapter`; importing this package needs
``pyspiel`` (``pip install "highstakes[openspiel]"``).
"""

from highstakes.openspiel.adapter import (
    PREFIX,
    HighStakesGame,
    HighStakesState,
    load,
    register_all,
    table_facts,
)

__all__ = ["PREFIX", "HighStakesGame", "HighStakesState", "load", "register_all", "table_facts"]
