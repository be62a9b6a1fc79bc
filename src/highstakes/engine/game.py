"""``Game``: the one handle through which faces, bots and tests play any game.

It owns the seeded random source and the action record, validates every
input before the rules see it, and resolves chance automatically unless the
caller asked to script it. A refused input raises and leaves everything as it was.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Mapping
from typing import Any

from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.errors import IllegalAction
from highstakes.engine.options import resolve_options
from highstakes.engine.registry import definition as lookup_definition

# Chance resolution loops are bounded so that a faulty game cannot hang a face.
_MAX_CHANCE_STEPS = 10_000


class Game:
    """One game being played. Create it with :func:`highstakes.new_game`."""

    __slots__ = ("_log", "_rng", "_state", "auto_chance", "definition", "options", "seats", "seed")

    def __init__(
        self,
        definition: GameDefinition,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        auto_chance: bool = True,
    ) -> None:
        if not isinstance(seats, int) or isinstance(seats, bool) or not (
            definition.min_seats <= seats <= definition.max_seats
        ):
            raise ValueError(
                f"{definition.id} is played by {definition.min_seats} to "
                f"{definition.max_seats} seats; got {seats!r}"
            )
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(f"seed must be an integer or None; got {seed!r}")
        self.definition = definition
        self.seats = seats
        self.options = resolve_options(definition.id, definition.option_specs, options)
        self.seed = secrets.randbits(63) if seed is None else seed
        self.auto_chance = auto_chance
        self._rng = random.Random(self.seed)
        self._state: GameState = definition.new_state(seats, dict(self.options))
        self._log: list[dict[str, JSON]] = []
        self._resolve_chance()

    # --- the state as seen from outside -------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.definition.id

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._state.to_act()

    @property
    def is_chance(self) -> bool:
        return self._state.is_chance()

    @property
    def is_over(self) -> bool:
        return self._state.is_over()

    @property
    def history_length(self) -> int:
        """How many entries the record's action list holds (actions, and scripted chance)."""
        return len(self._log)

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        if not self._state.is_chance():
            return []
        return self._state.chance_outcomes()

    def legal_actions(self, seat: int) -> list[Action]:
        self._check_seat(seat)
        if seat not in self._state.to_act():
            return []
        return self._state.legal_actions(seat)

    def view(self, seat: int | None) -> dict[str, JSON]:
        if seat is not None:
            self._check_seat(seat)
        return self._state.view(seat)

    def result(self) -> dict[str, JSON]:
        if not self._state.is_over():
            raise IllegalAction("not_over", "the game is not over yet", None)
        return self._state.result()

    # --- changing it ---------------------------------------------------------------------
    def act(self, seat: int, action: Action | JSON) -> None:
        """Apply ``seat``'s action (an Action or its JSON form).

        Raises :class:`IllegalAction` with the rule that forbids it; nothing changes then.
        """
        self._check_seat(seat, as_error=True)
        state = self._state
        to_act = state.to_act()
        if seat not in to_act:
            # Nobody acts in a finished game, so this is the only place to tell it apart.
            if state.is_over():
                raise IllegalAction("game_over", "the game is over", None)
            waiting = ", ".join(str(s) for s in to_act) or "nobody (chance)"
            raise IllegalAction("not_your_turn", f"seat {seat} may not act now; waiting for {waiting}", None)
        parsed = action if isinstance(action, Action) else self.definition.parse_action(action)
        if not state.is_legal(seat, parsed):
            raise IllegalAction(*state.explain_illegal(seat, parsed))
        state.apply_action(seat, parsed)
        self._log.append({"seat": seat, "action": parsed.to_json()})
        self._resolve_chance()

    def apply_chance(self, outcome: JSON) -> None:
        """Resolve the pending chance event with a scripted outcome (auto_chance=False)."""
        if not self._state.is_chance():
            raise IllegalAction("no_chance", "there is no chance event to resolve now", None)
        checked = self._state.check_chance(outcome)
        self._state.apply_chance(checked)
        self._log.append({"chance": outcome})

    def _resolve_chance(self) -> None:
        if not self.auto_chance:
            return
        state, rng = self._state, self._rng
        for _ in range(_MAX_CHANCE_STEPS):
            if not state.is_chance():
                return
            state.apply_chance(state.sample_checked(rng))
        raise RuntimeError(f"{self.game_id}: chance did not settle after {_MAX_CHANCE_STEPS} steps")

    def _check_seat(self, seat: Any, as_error: bool = False) -> None:
        if type(seat) is int and 0 <= seat < self.seats:
            return  # the common case, decided with one type test (bool is not exactly int)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            message = f"seat must be an integer from 0 to {self.seats - 1}; got {seat!r}"
            if as_error:
                raise IllegalAction("bad_seat", message, None)
            raise ValueError(message)

    # --- copies and records --------------------------------------------------------------
    def clone(self) -> Game:
        copy = Game.__new__(Game)
        copy.definition = self.definition
        copy.seats = self.seats
        copy.options = self.options
        copy.seed = self.seed
        copy.auto_chance = self.auto_chance
        copy._state = self._state.clone()
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        copy._log = list(self._log)
        return copy

    def record(self) -> dict[str, JSON]:
        """Everything needed to rebuild this game exactly with :func:`replay`."""
        return {
            "game": self.game_id,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "actions": [dict(entry) for entry in self._log],
        }

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to_act={self.to_act}"
        return f"<Game {self.game_id} seats={self.seats} seed={self.seed} {status}>"


def new_game(
    game_id: str,
    seats: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    auto_chance: bool = True,
) -> Game:
    """Start a game. Unknown ids, seat counts and options raise ValueError naming what is allowed."""
    return Game(lookup_definition(game_id), seats, options, seed, auto_chance)


def replay(record: Mapping[str, JSON]) -> Game:
    """Rebuild a game from :meth:`Game.record`; the final state is exactly the same."""
    for key in ("game", "seats", "actions"):
        if key not in record:
            raise ValueError(f"a game record needs the key {key!r}")
    entries = record["actions"]
    scripted = any("chance" in entry for entry in entries)
    game = new_game(
        record["game"], record["seats"], seed=record.get("seed"),
        options=record.get("options"), auto_chance=not scripted,
    )
    for index, entry in enumerate(entries):
        try:
            if "chance" in entry:
                game.apply_chance(entry["chance"])
            else:
                game.act(entry["seat"], entry["action"])
        except (IllegalAction, KeyError, TypeError) as error:
            raise ValueError(f"record entry {index} cannot be replayed: {error}") from error
    return game
