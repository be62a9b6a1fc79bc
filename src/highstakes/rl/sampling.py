"""Random games played to learn a table's shapes: its views, its actions, its longest menu.

The generic encoder pads lists to the longest seen here, and a game without an action
catalogue has its actions numbered from what is met here. Sampling is seeded by the table
alone (never by an environment's seed), so every environment of one table encodes alike.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from highstakes.engine.action import JSON
from highstakes.engine.game import new_game

#: Random games played per table by default; enough for the shapes of today's games (the
#: longest list or menu of a rare game may still be longer: see ``docs/research.md``).
SAMPLE_GAMES = 12
#: Views kept per sampled game at most, spread evenly over the game (and every seat's view at
#: its end), so that long games stay cheap.
VIEWS_PER_GAME = 120


@dataclass(frozen=True)
class Sample:
    """What random play at one table showed."""

    views: tuple[dict[str, JSON], ...]
    #: Every distinct action offered, as canonical JSON text, in the order first met.
    actions: tuple[str, ...]
    #: For each sampled game, how many distinct actions had been met by its end.
    actions_seen_after: tuple[int, ...]
    longest_menu: int
    offers_amounts: bool
    simultaneous: bool


def canonical(action: JSON) -> str:
    """One text per action JSON, whatever the order of its keys."""
    return json.dumps(action, sort_keys=True, separators=(",", ":"))


def sample(game_id: str, seats: int, options: dict[str, Any] | None, games: int = SAMPLE_GAMES) -> Sample:
    key = json.dumps(options or {}, sort_keys=True)
    return _sample(game_id, seats, key, games)


@cache
def _sample(game_id: str, seats: int, options_key: str, games: int) -> Sample:
    options = json.loads(options_key)
    views: list[dict[str, JSON]] = []
    actions: dict[str, None] = {}
    seen_after: list[int] = []
    longest = 0
    amounts = simultaneous = False
    for index in range(games):
        rng = random.Random(f"highstakes.rl sample {game_id} {seats} {index}")
        game = new_game(game_id, seats, seed=rng.getrandbits(63), options=options, bots=range(seats))
        step = 0
        game_views: list[dict[str, JSON]] = []
        while not game.is_over:
            to_act = game.to_act
            simultaneous = simultaneous or len(to_act) > 1
            seat = to_act[0]
            legal = game.legal_actions(seat)
            longest = max(longest, len(legal))
            for action in legal:
                actions.setdefault(canonical(action.to_json()))
            amounts = amounts or bool(game.amount_entries(seat))
            # One seat's view a step, the seats in turn (the acting seat's and a waiting one's).
            game_views.append(game.view((seat + step) % seats))
            game.act(seat, rng.choice(legal))
            step += 1
        stride = -(-len(game_views) // VIEWS_PER_GAME)
        views.extend(game_views[::stride])
        views.extend(game.view(s) for s in range(seats))
        seen_after.append(len(actions))
    return Sample(tuple(views), tuple(actions), tuple(seen_after), longest, amounts, simultaneous)
