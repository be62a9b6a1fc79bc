"""Pig's rules as a state machine: roll (chance), then roll again or hold (a decision).

Everything is public: the die is rolled in the open, so every seat sees the same view.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from highstakes.engine import JSON, Action, GameOptions, GameState, IllegalAction, Refusal, option
from highstakes_pig.words import N_, _

FACES = (1, 2, 3, 4, 5, 6)
BUST = 1  # rolling a 1 loses the turn's points


@dataclass(frozen=True)
class PigOptions(GameOptions):
    GAME_ID = "pig"
    target: int = option(100, (100, 50), N_("points to reach to win the game"))


@dataclass(frozen=True, slots=True)
class PigMove(Action):
    """``roll`` the die again, or ``hold``: bank the turn's points."""

    kind: str

    def to_json(self) -> JSON:
        return {self.kind: True}

    def __str__(self) -> str:
        return _("roll again") if self.kind == "roll" else _("hold")


ROLL, HOLD = PigMove("roll"), PigMove("hold")


def parse_move(data: JSON) -> PigMove:
    if data == {"roll": True}:
        return ROLL
    if data == {"hold": True}:
        return HOLD
    raise IllegalAction("bad_action", _('a move is {"roll": true} or {"hold": true}') + f"; {data!r}")


class PigState(GameState):
    def __init__(self, seats: int, options: PigOptions) -> None:
        self.target = options.target
        self.scores = [0] * seats
        self.current = 0
        self.turn_total = 0
        self.rolling = True  # the die is about to be rolled (a chance node)
        self.last_roll: int | None = None
        self.winner: int | None = None

    # --- who acts ---------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.rolling or self.is_over() else (self.current,)

    def is_chance(self) -> bool:
        return self.rolling and not self.is_over()

    def is_over(self) -> bool:
        return self.winner is not None

    # --- the die ----------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        return [(face, 1 / 6) for face in FACES]

    def sample_chance(self, rng: random.Random) -> JSON:
        return rng.choice(FACES)

    def check_chance(self, outcome: JSON) -> int:
        if type(outcome) is not int or outcome not in FACES:
            message = _("a die shows 1 to 6; got {outcome}").format(outcome=repr(outcome))
            raise IllegalAction("bad_chance", message)
        return outcome

    def apply_chance(self, outcome: int) -> None:
        self.rolling = False
        self.last_roll = outcome
        if outcome == BUST:
            self._next_player()
        else:
            self.turn_total += outcome

    # --- decisions --------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        return [ROLL, HOLD] if seat in self.to_act() else []

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """The player whose turn it is may always roll again or hold; nothing else is a move."""
        return None if action in (ROLL, HOLD) else Refusal("not_a_move", _("roll again or hold"), "Pig")

    def apply_action(self, seat: int, action: Action) -> None:
        if action == HOLD:
            self.scores[seat] += self.turn_total
            if self.scores[seat] >= self.target:
                self.winner = seat
                return
            self._next_player()
        else:
            self.rolling = True

    def _next_player(self) -> None:
        self.turn_total = 0
        self.current = (self.current + 1) % len(self.scores)
        self.rolling = True

    # --- what people see --------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        return {
            "game": "pig", "you": seat, "scores": list(self.scores), "target": self.target,
            "current": self.current, "turn_total": self.turn_total, "last_roll": self.last_roll,
            "winners": [] if self.winner is None else [self.winner],
        }

    def result(self) -> dict[str, JSON]:
        return {"scores": list(self.scores), "winners": [self.winner]}

    def clone(self) -> PigState:
        copy = PigState.__new__(PigState)
        copy.__dict__.update(self.__dict__)
        copy.scores = list(self.scores)
        return copy
