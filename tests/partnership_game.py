"""A tiny partnership game whose duplicate result is known by hand, for the duplicate tests.

**Tally.** Four seats, partners alternating: seats 0 and 2 against 1 and 3. A ten-sided die
gives the first side a head start of 0 to 9 points (the luck of the deal); then each seat in
turn puts 1, 2 or 3 points on its side. The higher side wins; a tie is shared.

Bot ``high`` always puts 3 and ``low`` always 1, so over one deal played twice, ``high``'s
side against ``low``'s, the head start ``r`` goes once to each side: ``(6 + r) - 2`` and
``6 - (2 + r)``, whose mean is exactly 4 whatever the die.

``TallyDefinition(breakage)`` declares partnerships broken in one way the kit must catch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.options import GameOptions
from highstakes.engine.parts import BotInfo

SIDES = ((0, 2), (1, 3))
BREAKAGES = ("none", "overlapping_sides", "split_score")


@dataclass(frozen=True)
class TallyOptions(GameOptions):
    GAME_ID = "tally"


@dataclass(frozen=True, slots=True)
class Put(Action):
    points: int

    def to_json(self) -> JSON:
        return {"put": self.points}

    def __str__(self) -> str:
        return f"put {self.points}"


class TallyState(GameState):
    def __init__(self, breakage: str) -> None:
        self.breakage = breakage
        self.head_start: int | None = None
        self.put: list[int] = []

    def to_act(self) -> tuple[int, ...]:
        return (len(self.put),) if self.head_start is not None and len(self.put) < 4 else ()

    def is_chance(self) -> bool:
        return self.head_start is None

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        return [(face, 0.1) for face in range(10)]

    def check_chance(self, outcome: JSON) -> int:
        if type(outcome) is not int or not 0 <= outcome <= 9:
            raise IllegalAction("bad_chance", f"the die shows 0 to 9; got {outcome!r}")
        return outcome

    def apply_chance(self, outcome: int) -> None:
        self.head_start = outcome

    def legal_actions(self, seat: int) -> list[Action]:
        return [Put(points) for points in (1, 2, 3)] if seat in self.to_act() else []

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        if action in self.legal_actions(seat):
            return None
        return Refusal("wrong_put", "put 1, 2 or 3 points, in turn", "tally")

    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Put)
        self.put.append(action.points)

    def side_totals(self) -> list[int]:
        """Each side's points: its seats' puts, and the head start for the first side."""
        totals = [sum(self.put[seat] for seat in side if seat < len(self.put)) for side in SIDES]
        totals[0] += self.head_start or 0
        return totals

    def view(self, seat: int | None) -> dict[str, JSON]:
        return {"game": "tally", "you": seat, "head_start": self.head_start, "put": list(self.put)}

    def is_over(self) -> bool:
        return len(self.put) == 4

    def result(self) -> dict[str, JSON]:
        totals = self.side_totals()
        scores = [totals[seat % 2] for seat in range(4)]
        if self.breakage == "split_score":
            scores[2] += 1
        top = max(totals)
        return {"scores": scores, "winners": [seat for seat in range(4) if totals[seat % 2] == top]}

    def clone(self) -> TallyState:
        copy = TallyState(self.breakage)
        copy.head_start, copy.put = self.head_start, list(self.put)
        return copy


class Always:
    def __init__(self, points: int) -> None:
        self.name = f"put{points}"
        self.points = points

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        return Put(self.points)


class TallyDefinition(GameDefinition):
    title = "Tally"
    summary = "Partners put 1 to 3 points each on their side; the first side has a head start."
    min_seats = 4
    max_seats = 4
    options_type = TallyOptions
    hidden_information = False
    max_game_length = 10

    def __init__(self, breakage: str = "none") -> None:
        self.breakage = breakage
        self.id = "tally" if breakage == "none" else f"tally_{breakage}"

    def new_state(self, seats: int, options: Any) -> TallyState:
        return TallyState(self.breakage)

    def parse_action(self, data: JSON) -> Action:
        if not isinstance(data, dict) or set(data) != {"put"} or data["put"] not in (1, 2, 3) \
                or type(data["put"]) is not int:
            raise IllegalAction("bad_action", 'an action is {"put": 1, 2 or 3}')
        return Put(data["put"])

    def bots(self) -> tuple[BotInfo, ...]:
        return (BotInfo("low", lambda: Always(1), "puts 1"), BotInfo("high", lambda: Always(3), "puts 3"))

    def partnerships(self, seats: int, options: Any) -> tuple[tuple[int, ...], ...] | None:
        return ((0, 1), (1, 2, 3)) if self.breakage == "overlapping_sides" else SIDES
