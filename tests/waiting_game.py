"""A game that ends only when its option says so: the rulebook's default has no end, as a game with no
deal limit between bots that never reach the goal, for the tests of what plays games to the end."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.options import GameOptions, option


@dataclass(frozen=True)
class WaitingOptions(GameOptions):
    GAME_ID = "waiting"
    turns: int = option(0, (0, 6), "turns before the game ends; 0: it never does")


@dataclass(frozen=True, slots=True)
class Wait(Action):
    def to_json(self) -> JSON:
        return {"wait": True}

    def __str__(self) -> str:
        return "wait"


class WaitingState(GameState):
    def __init__(self, seats: int, options: WaitingOptions) -> None:
        self.seats, self.limit, self.turns = seats, options.turns, 0

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turns % self.seats,)

    def legal_actions(self, seat: int) -> list[Action]:
        return [Wait()] if seat in self.to_act() else []

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        return None if isinstance(action, Wait) else Refusal("not_now", "the only move is to wait", None)

    def apply_action(self, seat: int, action: Action) -> None:
        self.turns += 1

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {"turns": self.turns}

    def is_over(self) -> bool:
        return self.limit > 0 and self.turns >= self.limit

    def result(self) -> dict[str, JSON]:
        return {"scores": [0] * self.seats, "winners": list(range(self.seats))}

    def clone(self) -> WaitingState:
        copy = WaitingState.__new__(WaitingState)
        copy.seats, copy.limit, copy.turns = self.seats, self.limit, self.turns
        return copy


class WaitingDefinition(GameDefinition):
    id = "waiting"
    title = "Waiting"
    summary = "Wait in turn; the game ends after the turns its option sets, if any."
    min_seats, max_seats = 2, 2
    options_type = WaitingOptions
    hidden_information = False
    max_game_length = 40
    bounded_play = {"turns": 6}

    def new_state(self, seats: int, options: WaitingOptions) -> WaitingState:
        return WaitingState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        if data == {"wait": True}:
            return Wait()
        raise IllegalAction("bad_action", "the only action is waiting", "")
