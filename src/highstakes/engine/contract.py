"""The contract every game implements.

A game package provides one :class:`GameDefinition` (what the game is, its
options, how to read actions from JSON) and a :class:`GameState` subclass (the
full state, hidden information included). Faces and bots never touch a
``GameState``: they go through :class:`highstakes.engine.game.Game`, which
validates every input and hands out views.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from highstakes.engine.action import JSON, Action
from highstakes.engine.options import OptionSpec


class GameState(ABC):
    """The full state of one game. Mutable; ``clone`` must be cheap (no deepcopy)."""

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now; several for simultaneous moves; () at chance or the end."""

    @abstractmethod
    def is_chance(self) -> bool: ...

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        """Every outcome of the pending chance event in JSON form, with its probability."""

    def sample_chance(self, rng: random.Random) -> JSON:
        """Draw an outcome. Games override this when sampling directly is faster."""
        outcomes = self.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]

    @abstractmethod
    def check_chance(self, outcome: JSON) -> Any:
        """Validate a scripted outcome; return it in the form ``apply_chance`` takes.

        Raises :class:`~highstakes.engine.errors.IllegalAction` for an impossible one.
        """

    def sample_checked(self, rng: random.Random) -> Any:
        """Draw an outcome straight in the form ``apply_chance`` takes.

        What the engine calls when it resolves chance itself. Games override it to
        skip the JSON round trip, and must then make the same draws from ``rng`` as
        ``sample_chance`` so that a seed plays the same game either way.
        """
        return self.check_chance(self.sample_chance(rng))

    @abstractmethod
    def apply_chance(self, outcome: Any) -> None: ...

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    def is_legal(self, seat: int, action: Action) -> bool:
        """Whether ``action`` is in ``legal_actions(seat)``. Games override it to answer without the list."""
        return action in self.legal_actions(seat)

    @abstractmethod
    def explain_illegal(self, seat: int, action: Action) -> tuple[str, str, str]:
        """Why ``action`` is not legal for ``seat`` now: (code, message, rule)."""

    @abstractmethod
    def apply_action(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see, as JSON-ready data; ``None`` is a spectator."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, JSON]:
        """At the end: at least ``scores`` (one per seat) and ``winners`` (seats)."""

    @abstractmethod
    def clone(self) -> GameState: ...


class GameDefinition(ABC):
    """What a game is: identity, seat range, options and its action language."""

    id: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    option_specs: Sequence[OptionSpec] = ()

    @abstractmethod
    def new_state(self, seats: int, options: dict[str, Any]) -> GameState: ...

    @abstractmethod
    def parse_action(self, data: JSON) -> Action:
        """Read an action from its JSON form; raise IllegalAction('bad_action', ...) if malformed."""

    def rules_text(self) -> str:
        """The rules for players, as Markdown."""
        return self.summary

    def describe(self) -> dict[str, JSON]:
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "options": [spec.to_json() for spec in self.option_specs],
        }
