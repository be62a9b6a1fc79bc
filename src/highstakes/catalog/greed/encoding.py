"""Greed's view as numbers for learning (``highstakes.rl``): the dice as counts of each face.

Everything is seen from the viewing seat: the scores and the opened flags start with its own
and go round the table from there, so one policy serves every seat. Points are divided by
the winning score (5,000), dice counts by six.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from highstakes.catalog.greed.scoring import FACES, NUM_DICE, counts_of
from highstakes.engine.action import JSON


class GreedEncoder:
    """The view of one seat at a table of ``seats`` (see the module)."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.names: Sequence[str] = (
            *(f"dice showing {face}" for face in FACES),
            "dice left to roll", "turn total", "bank value", "can bank", "your turn",
            "final round", "you still play in the final round", "score to beat",
            *(f"score of seat you+{k}" for k in range(seats)),
            *(f"seat you+{k} has opened" for k in range(seats)),
            "opening minimum", "DDDD scores 800", "six of a kind scores 1,000", "minimum every turn",
        )

    def encode(self, view: Mapping[str, JSON]) -> list[float]:
        goal = float(view["winning_score"] or 5000)  # type: ignore[arg-type]
        you = int(view["you"]) if view["you"] is not None else 0  # type: ignore[arg-type]
        order = [(you + k) % self.seats for k in range(self.seats)]
        scores: list[int] = view["scores"]  # type: ignore[assignment]
        opened: list[bool] = view["opened"]  # type: ignore[assignment]
        options: Mapping[str, JSON] = view["options"]  # type: ignore[assignment]
        roll = counts_of(view["roll"] or ()) if view["phase"] == "play" else (0,) * NUM_DICE  # type: ignore[arg-type]
        return [
            *(n / NUM_DICE for n in roll),
            float(view["dice_left"] or 0) / NUM_DICE,  # type: ignore[arg-type]
            float(view["turn_total"] or 0) / goal,  # type: ignore[arg-type]
            float(view["bank_value"] or 0) / goal,  # type: ignore[arg-type]
            float(bool(view["can_bank"])),
            float(view["current"] == you),
            float(bool(view["final_round"])),
            float(you in (view["final_turns_left"] or ())),  # type: ignore[operator]
            float(view["target"] or 0) / goal,  # type: ignore[arg-type]
            *(scores[seat] / goal for seat in order),
            *(float(opened[seat]) for seat in order),
            float(view["min_turn_points"] or 0) / 1000,  # type: ignore[arg-type]
            float(options["dddd"] == 800),
            float(options["six_of_a_kind"] == 1000),
            float(bool(options["min_every_turn"])),
        ]
