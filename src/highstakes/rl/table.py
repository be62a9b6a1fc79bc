"""One table as the environments see it: the game, its action space, its view encoder.

Shared by the AEC, parallel and single-agent environments. Chance is resolved inside (the
game draws it from its seed); a seat sees only its view, so a move made at the same time
by another seat is never shown to it before the game shows it to everyone.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from highstakes.engine.action import JSON, Action
from highstakes.engine.game import Game, new_game
from highstakes.engine.registry import definition as lookup_definition
from highstakes.rl.actions import ActionSpace, MenuEncoder, action_space
from highstakes.rl.encoding import GenericEncoder, encode_with
from highstakes.rl.sampling import SAMPLE_GAMES, sample

REWARDS = ("score", "win")


def agent_name(seat: int) -> str:
    """Seats are agents named as people count them: seat 0 is ``seat_1``."""
    return f"seat_{seat + 1}"


class Table:
    """The game of one environment and how its views and actions become arrays."""

    def __init__(
        self,
        game_id: str,
        seats: int | None = None,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        reward: str = "score",
        actions: str = "auto",
        encoder: str = "auto",
        sample_games: int = SAMPLE_GAMES,
    ) -> None:
        definition = lookup_definition(game_id)
        self.seats = definition.usual_seats if seats is None else seats
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}; got {reward!r}")
        if encoder not in ("auto", "generic"):
            raise ValueError(
                f"encoder is 'auto' (the game's own when it has one) or 'generic'; got {encoder!r}")
        # A first game checks the seat count and the options, with the engine's own errors.
        # Episodes must end: the game's limits for random play fill the options not given.
        # Programs play every seat (docs/research.md, "Bots at every seat").
        probe = new_game(game_id, self.seats, seed=0, options=definition.bounded_options(options),
                         bots=range(self.seats))
        self.game_id = game_id
        self.options = dict(probe.options)
        self.reward = reward
        self.definition = definition
        seen = sample(game_id, self.seats, self.options, sample_games)
        self.space: ActionSpace = action_space(probe, seen, actions)
        typed = definition.options_type.from_json(self.options)
        own = definition.observation_encoder(self.seats, typed) if encoder == "auto" else None
        self.view_encoder: Any = own if own is not None else GenericEncoder(seen.views)
        self.encoder_kind = "game" if own is not None else "generic"
        self.menu = MenuEncoder(seen, self.space.size) if self.space.kind == "menu" else None
        self.simultaneous = seen.simultaneous
        self.observation_names: tuple[str, ...] = (
            *self.view_encoder.names, *(self.menu.names if self.menu else ()))
        self._seeds = random.Random(seed)
        self.game: Game = probe
        self._numbered: dict[int, list[tuple[int, Action]]] = {}
        self._numbered_at = (0, -1)
        self._games = 0  # games started: the legal actions cached are of one game and one position

    @property
    def observation_size(self) -> int:
        return len(self.observation_names)

    def reset(self, seed: int | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self.game = new_game(self.game_id, self.seats, seed=self._seeds.getrandbits(63), options=self.options,
                             bots=range(self.seats))
        self._games += 1

    # --- seen from a seat ---------------------------------------------------------------------
    def numbered(self, seat: int) -> list[tuple[int, Action]]:
        """The seat's legal actions with their numbers; cached until the game moves."""
        if self._numbered_at != (self._games, self.game.history_length):
            self._numbered_at = (self._games, self.game.history_length)
            self._numbered = {}
        if seat not in self._numbered:
            legal = self.game.legal_actions(seat) if not self.game.is_over else []
            self._numbered[seat] = self.space.numbered(legal)
        return self._numbered[seat]

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        view = self.game.view(seat)
        vector = encode_with(self.view_encoder, view)
        numbered = self.numbered(seat)
        if self.menu is not None:
            vector = np.concatenate([vector, self.menu.encode([action for _i, action in numbered])])
        return {"observation": vector, "action_mask": self.space.mask(numbered)}

    def is_legal(self, seat: int, index: int) -> bool:
        return any(number == index for number, _action in self.numbered(seat))

    def act(self, seat: int, index: int) -> None:
        """Play action number ``index`` for ``seat``; a number its mask does not allow is refused."""
        for number, action in self.numbered(seat):
            if number == index:
                self.game.act(seat, action)
                return
        allowed = [number for number, _action in self.numbered(seat)]
        raise ValueError(
            f"action {index!r} is not legal for {agent_name(seat)} now; the mask allows {allowed}")

    def rewards(self) -> list[float]:
        """Each seat's reward at the end: its score, or with ``reward="win"`` 1 for a win shared
        among the winning sides (two sides tied get 1/2 each; partners who win get 1 each), else 0."""
        result = self.game.result()
        if self.reward == "score":
            return [float(score) for score in result["scores"]]  # type: ignore[union-attr]
        winners = set(result["winners"])  # type: ignore[arg-type]
        typed = self.definition.options_type.from_json(self.options)
        sides = self.definition.partnerships(self.seats, typed) or tuple((s,) for s in range(self.seats))
        winning = [side for side in sides if winners & set(side)]
        share = 1.0 / len(winning) if winning else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.seats)]

    def render_text(self) -> str:
        """The table in words: whose move it is and their menu, or the result; and the open view."""
        game = self.game
        title = self.definition.text(self.definition.title)
        lines = [f"{title}, {self.seats} seats, move {game.decision_count}"]
        if game.is_over:
            result = game.result()
            winners = ", ".join(agent_name(s) for s in result["winners"])  # type: ignore[union-attr]
            lines.append(f"over: scores {result['scores']}, won by {winners or 'nobody'}")
        else:
            for seat in game.to_act:
                labels = "; ".join(f"{i}: {action}" for i, action in self.numbered(seat))
                lines.append(f"{agent_name(seat)} to act: {labels}")
        lines.extend(_flatten(game.view(None)))
        return "\n".join(lines)


def _flatten(view: JSON, prefix: str = "") -> list[str]:
    """The spectator's view as ``path: value`` lines, short lists on one line."""
    if isinstance(view, dict):
        lines: list[str] = []
        for key, value in view.items():
            lines.extend(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
        return lines
    if isinstance(view, list) and any(isinstance(item, dict | list) for item in view):
        return [line for i, item in enumerate(view) for line in _flatten(item, f"{prefix}[{i}]")]
    return [f"{prefix}: {view}"]
