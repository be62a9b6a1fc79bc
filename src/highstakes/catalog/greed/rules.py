"""Greed's rules as a state machine (RULES.md §2).

The game is a chain of chance events (rolls) and decisions (keep or bank):

* **roll-off**: every contender rolls six dice in seat order; the best scoring
  roll starts, ties re-roll among the tied (G-10). Nothing is scored.
* **turns**: the current player's dice are rolled (chance); a roll that scores
  nothing is a greed-out and ends the turn with nothing (§2.4.3); otherwise the
  player keeps scoring dice and rolls on, or banks (G-5).
* **final round**: a bank reaching 5,000 (G-8, G-11) gives every other player
  one more turn, each needing to finish strictly above the current best (G-9).

Everything here is public information (dice are rolled in the open), so every
seat's view is the same apart from ``you``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache
from typing import Any

from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.scoring import (
    FACE_INDEX,
    FACES,
    NUM_DICE,
    Counts,
    ScoringTable,
    all_rolls,
    best_keep,
    combination_names,
    counts_of,
    faces_of,
    is_hot,
    keep_value,
    scoring_keeps,
)
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import IllegalAction

WINNING_SCORE = 5000  # §2.6: reaching or passing it starts the final round (G-11)
OPENING_MINIMUM = 500  # §2.5


@dataclass(frozen=True)
class GreedOptions:
    table: ScoringTable
    min_every_turn: bool

    @staticmethod
    def from_dict(options: dict[str, Any]) -> GreedOptions:
        return GreedOptions(
            table=ScoringTable(four_d=options["dddd"], six_of_a_kind=options["six_of_a_kind"]),
            min_every_turn=options["min_every_turn"],
        )


@cache
def _keep_actions(roll: Counts, table: ScoringTable) -> tuple[Keep, ...]:
    return tuple(Keep(faces_of(counts)) for counts, _ in scoring_keeps(roll, table))


@cache
def _roll_outcomes(num_dice: int) -> tuple[tuple[list[str], float], ...]:
    return tuple((list(faces_of(counts)), p) for counts, p in all_rolls(num_dice))


class GreedState(GameState):
    __slots__ = (
        "current",
        "dice_left",
        "final_round",
        "final_turns_left",
        "last_turn",
        "opened",
        "options",
        "phase",
        "raw_options",
        "roll",
        "rolloff_contenders",
        "rolloff_history",
        "rolloff_rolls",
        "scores",
        "seats",
        "starter",
        "triggered_by",
        "turn_log",
        "turn_total",
        "turns_played",
    )

    def __init__(self, seats: int, options: dict[str, Any]) -> None:
        self.seats = seats
        self.raw_options = dict(options)
        self.options = GreedOptions.from_dict(options)
        self.phase = "rolloff"
        self.scores = [0] * seats
        self.opened = [False] * seats
        self.current: int | None = None
        self.turn_total = 0
        self.roll: Counts | None = None  # the roll awaiting a decision
        self.dice_left = NUM_DICE
        self.final_round = False
        self.triggered_by: int | None = None
        self.final_turns_left: list[int] = []
        self.turn_log: list[dict[str, JSON]] = []
        self.last_turn: dict[str, JSON] | None = None
        self.turns_played = 0
        self.rolloff_contenders: list[int] = list(range(seats))
        self.rolloff_rolls: list[tuple[int, Counts, int]] = []  # (seat, roll, points) this round
        self.rolloff_history: list[list[dict[str, JSON]]] = []
        self.starter: int | None = None

    # --- who acts -------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "play" and self.roll is not None:
            return (self.current,)  # type: ignore[return-value]
        return ()

    def is_chance(self) -> bool:
        return self.phase == "rolloff" or (self.phase == "play" and self.roll is None)

    def is_over(self) -> bool:
        return self.phase == "over"

    def _dice_to_roll(self) -> int:
        return NUM_DICE if self.phase == "rolloff" else self.dice_left

    # --- chance ---------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        return [(list(faces), p) for faces, p in _roll_outcomes(self._dice_to_roll())]

    def sample_chance(self, rng: random.Random) -> JSON:
        return [FACES[rng.randrange(NUM_DICE)] for _ in range(self._dice_to_roll())]

    def check_chance(self, outcome: JSON) -> Counts:
        expected = self._dice_to_roll()
        if (
            not isinstance(outcome, list)
            or len(outcome) != expected
            or not all(isinstance(face, str) and face in FACE_INDEX for face in outcome)
        ):
            raise IllegalAction(
                "bad_chance",
                f"a roll here is a list of {expected} faces from $, G, R, Eb, Em, D; got {outcome!r}",
                "§2.1",
            )
        return counts_of(outcome)

    def apply_chance(self, outcome: Counts) -> None:
        if self.phase == "rolloff":
            self._apply_rolloff(outcome)
            return
        table = self.options.table
        entry: dict[str, JSON] = {"roll": list(faces_of(outcome))}
        self.turn_log.append(entry)
        if not scoring_keeps(outcome, table):
            entry["greed_out"] = True
            entry["lost"] = self.turn_total
            self._end_turn(banked=None)
        else:
            self.roll = outcome

    def _apply_rolloff(self, roll: Counts) -> None:
        seat = self.rolloff_contenders[len(self.rolloff_rolls)]
        best = best_keep(roll, self.options.table)
        self.rolloff_rolls.append((seat, roll, best[1] if best else 0))
        if len(self.rolloff_rolls) < len(self.rolloff_contenders):
            return
        self.rolloff_history.append(
            [{"seat": s, "roll": list(faces_of(r)), "points": p} for s, r, p in self.rolloff_rolls]
        )
        top = max(points for _, _, points in self.rolloff_rolls)
        tied = [s for s, _, points in self.rolloff_rolls if points == top]
        self.rolloff_rolls = []
        if len(tied) > 1:
            self.rolloff_contenders = tied  # G-10: only the tied roll again
            return
        self.starter = self.current = tied[0]
        self.phase = "play"

    # --- decisions ------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        assert self.roll is not None
        keeps: list[Action] = list(_keep_actions(self.roll, self.options.table))
        if self._bank_refusal() is None:
            keeps.insert(0, Bank())
        return keeps

    def bank_value(self) -> int | None:
        """Turn total if the player banked now (G-5), or None if banking is not allowed."""
        if self.roll is None or self._bank_refusal() is not None:
            return None
        return self.turn_total + best_keep(self.roll, self.options.table)[1]  # type: ignore[index]

    def min_turn_points(self, seat: int) -> int:
        """Points this turn must reach before banking is allowed (§2.5, G-6)."""
        if self.options.min_every_turn or not self.opened[seat]:
            return OPENING_MINIMUM
        return 0

    def target(self) -> int | None:
        """In the final round, the banked total a catch-up player must beat (G-9)."""
        return max(self.scores) if self.final_round else None

    def _bank_refusal(self) -> tuple[str, str, str] | None:
        assert self.roll is not None and self.current is not None
        table = self.options.table
        if is_hot(self.roll, table):
            return (
                "hot_dice_must_roll",
                "every die of this roll scores: set all of them aside and roll six dice again",
                "§2.4.4 (G-7)",
            )
        turn_points = self.turn_total + best_keep(self.roll, table)[1]  # type: ignore[index]
        needed = self.min_turn_points(self.current)
        if turn_points < needed:
            which = "every turn" if self.options.min_every_turn else "to open your score"
            return (
                "below_opening_minimum",
                f"you need at least {needed} points in one turn {which}; this turn has {turn_points}",
                "§2.5 (G-6)",
            )
        target = self.target()
        if target is not None and self.scores[self.current] + turn_points <= target:
            return (
                "must_beat_leader",
                f"in the final round you may stop only above {target}; banking now gives "
                f"{self.scores[self.current] + turn_points}",
                "§2.6 (G-9)",
            )
        return None

    def explain_illegal(self, seat: int, action: Action) -> tuple[str, str, str]:
        assert self.roll is not None
        if isinstance(action, Bank):
            refusal = self._bank_refusal()
            if refusal is not None:
                return refusal
        if isinstance(action, Keep):
            keep = counts_of(action.faces)
            if not action.faces:
                return ("empty_keep", "set aside at least one scoring die after each roll", "§2.4.2")
            if any(k > r for k, r in zip(keep, self.roll, strict=True)):
                return (
                    "dice_not_in_roll",
                    f"{' '.join(action.faces)} is not part of the roll {' '.join(faces_of(self.roll))}",
                    "§2.4.6",
                )
            if keep_value(keep, self.options.table) is None:
                return (
                    "non_scoring_dice",
                    "only scoring dice may be set aside, each used in one combination",
                    "§2.7 (G-2)",
                )
        return ("illegal_action", f"{action} is not allowed now", "§2.4")

    def apply_action(self, seat: int, action: Action) -> None:
        assert self.roll is not None
        table = self.options.table
        entry = self.turn_log[-1]
        if isinstance(action, Bank):
            counts, points = best_keep(self.roll, table)  # type: ignore[misc]
            self.turn_total += points
            entry.update(keep=list(faces_of(counts)), points=points, bank=self.turn_total)
            self._end_turn(banked=self.turn_total)
            return
        assert isinstance(action, Keep)
        counts = counts_of(action.faces)
        points = keep_value(counts, table)
        assert points is not None
        self.turn_total += points
        self.dice_left -= len(action.faces)
        entry.update(keep=list(action.faces), points=points, combinations=combination_names(counts, table))
        if self.dice_left == 0:
            entry["hot_dice"] = True  # §2.4.4: all six must be rolled again
            self.dice_left = NUM_DICE
        self.roll = None

    def _end_turn(self, banked: int | None) -> None:
        seat = self.current
        assert seat is not None
        if banked is not None:
            self.scores[seat] += banked
            self.opened[seat] = True
        self.last_turn = {
            "seat": seat,
            "banked": banked or 0,
            "greed_out": banked is None,
            "log": self.turn_log,
        }
        self.turns_played += 1
        self.turn_log = []
        self.turn_total = 0
        self.roll = None
        self.dice_left = NUM_DICE
        if not self.final_round and self.scores[seat] >= WINNING_SCORE:
            self.final_round = True
            self.triggered_by = seat
            self.final_turns_left = [(seat + k) % self.seats for k in range(1, self.seats)]
        if self.final_round:
            if self.final_turns_left:
                self.current = self.final_turns_left.pop(0)
            else:
                self.phase = "over"
                self.current = None
        else:
            self.current = (seat + 1) % self.seats

    # --- what people see ------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, JSON]:
        bank_value = self.bank_value() if self.roll is not None else None
        return {
            "game": "greed",
            "you": seat,
            "seats": self.seats,
            "phase": self.phase,
            "current": self.current,
            "scores": list(self.scores),
            "opened": list(self.opened),
            "turn_total": self.turn_total,
            "roll": list(faces_of(self.roll)) if self.roll is not None else [],
            "dice_left": self.dice_left,
            "can_bank": bank_value is not None,
            "bank_value": bank_value,
            "min_turn_points": self.min_turn_points(self.current) if self.current is not None else None,
            "final_round": self.final_round,
            "target": self.target(),
            "triggered_by": self.triggered_by,
            "final_turns_left": list(self.final_turns_left),
            "turn_log": [dict(entry) for entry in self.turn_log],
            "last_turn": self.last_turn,
            "turns_played": self.turns_played,
            "starter": self.starter,
            "rolloff": {
                "rounds": self.rolloff_history,
                "contenders": list(self.rolloff_contenders),
            },
            "winning_score": WINNING_SCORE,
            "options": dict(self.raw_options),
            "winners": self._winners() if self.phase == "over" else [],
        }

    def _winners(self) -> list[int]:
        top = max(self.scores)
        return [seat for seat, score in enumerate(self.scores) if score == top]

    def result(self) -> dict[str, JSON]:
        return {
            "scores": list(self.scores),
            "winners": self._winners(),
            "starter": self.starter,
            "triggered_by": self.triggered_by,
            "turns": self.turns_played,
        }

    def clone(self) -> GreedState:
        copy = GreedState.__new__(GreedState)
        for name in self.__slots__:
            setattr(copy, name, getattr(self, name))
        # Only these fields are mutated in place; everything else is replaced whole.
        copy.scores = list(self.scores)
        copy.opened = list(self.opened)
        copy.final_turns_left = list(self.final_turns_left)
        copy.turn_log = [dict(entry) for entry in self.turn_log]
        copy.rolloff_rolls = list(self.rolloff_rolls)
        copy.rolloff_history = list(self.rolloff_history)
        return copy
