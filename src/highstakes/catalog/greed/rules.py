"""Greed's rules as a state machine (RULES.md §2).

The game is a chain of chance events (rolls) and decisions (keep or bank):

* **roll-off**: every contender rolls six dice in seat order; the best scoring
  roll starts, ties re-roll among the tied (G-10). Nothing is scored.
* **turns**: the current player's dice are rolled (chance); a roll that scores
  nothing is a greed-out and ends the turn with nothing (§2.4.3); otherwise the
  player keeps scoring dice and rolls on, or banks (G-5).
* **final round**: a bank reaching the goal, 5,000 by default (G-8, G-11), gives
  every other player one more turn, each needing to finish strictly above the current
  best (G-9).
* **turn limit** (an option for study, off by default): before the final round, a
  set-aside that takes the player's score plus the turn's points past the limit banks
  the turn at once, so that the game has finitely many positions (see ``position.py``).

Everything here is public information (dice are rolled in the open), so every
seat's view is the same apart from ``you``.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from highstakes.catalog.greed.actions import Bank, Keep
from highstakes.catalog.greed.options import OPENING_MINIMUM, GreedOptions
from highstakes.catalog.greed.position import position_key
from highstakes.catalog.greed.scoring import (
    FACE_INDEX,
    FACES,
    NUM_DICE,
    Counts,
    ScoringTable,
    all_rolls,
    combination_names,
    counts_of,
    faces_of,
    is_hot,
    keep_value,
    scoring_keeps,
)
from highstakes.catalog.greed.words import _
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.i18n.numbers import format_number

_BANK = Bank()  # actions are values: one shared instance serves every legal list


@dataclass(frozen=True, slots=True)
class KeptDice:
    """What setting one scoring multiset aside is worth, and how the log names it."""

    points: int
    dice: int
    combinations: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)  # one per roll and table: identity is equality
class RollFacts:
    """Everything the rules ask about one roll under one scoring table, worked out once."""

    counts: Counts
    faces: tuple[str, ...]
    hot: bool  # every die scores: the player must set all aside and roll six again (G-7)
    best_faces: tuple[str, ...]  # what a bank takes (G-5); empty for a greed-out
    best_points: int
    #: The legal set-asides, by their sorted faces.
    kept: dict[tuple[str, ...], KeptDice]
    #: The legal actions when banking is refused, and when it is allowed (bank first).
    keeps_only: tuple[Action, ...]
    with_bank: tuple[Action, ...]


class ScoringLookup:
    """Every roll's facts under one scoring table, keyed by the roll alone.

    Built once per distinct table (see :func:`scoring_lookup`) and shared by every
    game using it, so that play never hashes the table and never searches for keeps.
    """

    __slots__ = ("rolls",)

    def __init__(self, table: ScoringTable) -> None:
        # A multiset set aside from many rolls gets one Keep action and one KeptDice.
        keep_actions: dict[Counts, Keep] = {}
        kept_dice: dict[Counts, KeptDice] = {}
        self.rolls: dict[Counts, RollFacts] = {}
        for counts in _every_roll():
            keeps = scoring_keeps(counts, table)
            for keep, points in keeps:
                if keep not in keep_actions:
                    keep_actions[keep] = Keep(faces_of(keep))
                    kept_dice[keep] = KeptDice(points, sum(keep), tuple(combination_names(keep, table)))
            actions = tuple(keep_actions[keep] for keep, _ in keeps)
            best_faces, best_points = (faces_of(keeps[0][0]), keeps[0][1]) if keeps else ((), 0)
            self.rolls[counts] = RollFacts(
                counts=counts,
                faces=faces_of(counts),
                hot=is_hot(counts, table),
                best_faces=best_faces,
                best_points=best_points,
                kept={keep_actions[keep].faces: kept_dice[keep] for keep, _ in keeps},
                keeps_only=actions,
                with_bank=(_BANK, *actions),
            )


def _every_roll() -> Iterator[Counts]:
    for num_dice in range(1, NUM_DICE + 1):
        for counts, _probability in all_rolls(num_dice):
            yield counts


@cache
def scoring_lookup(table: ScoringTable) -> ScoringLookup:
    return ScoringLookup(table)


@cache
def _roll_outcomes(num_dice: int) -> tuple[tuple[list[str], float], ...]:
    return tuple((list(faces_of(counts)), p) for counts, p in all_rolls(num_dice))


def roll_dice(rng: random.Random, num_dice: int) -> Counts:
    """``num_dice`` fair dice as a count vector.

    Each die is exactly what ``FACES[rng.randrange(NUM_DICE)]`` would give, from
    the same draws, so a seed plays the same game either way: CPython's
    ``randrange(6)`` takes three bits with ``getrandbits`` and draws again on 6
    or 7. Calling ``getrandbits`` directly skips two Python-level calls per die,
    which is most of the cost of a roll. The tests pin the two as identical.
    """
    counts = [0] * NUM_DICE
    draw = rng.getrandbits
    for _die in range(num_dice):
        face = draw(3)
        while face >= NUM_DICE:
            face = draw(3)
        counts[face] += 1
    return tuple(counts)  # type: ignore[return-value]


class GreedState(GameState):
    __slots__ = (
        "can_bank",
        "chained_turns",
        "current",
        "dice_left",
        "final_round",
        "final_turns_left",
        "last_turn",
        "lookup",
        "opened",
        "options",
        "phase",
        "recent_turns",
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

    def __init__(self, seats: int, options: GreedOptions) -> None:
        self.seats = seats
        self.options = options
        self.lookup = scoring_lookup(options.table)
        self.phase = "rolloff"
        self.scores = [0] * seats
        self.opened = [False] * seats
        self.current: int | None = None
        self.turn_total = 0
        self.roll: RollFacts | None = None  # the roll awaiting a decision
        self.can_bank = False  # whether that roll may be banked; meaningless without a roll
        self.dice_left = NUM_DICE
        self.final_round = False
        self.triggered_by: int | None = None
        self.final_turns_left: list[int] = []
        self.turn_log: list[dict[str, JSON]] = []
        self.last_turn: dict[str, JSON] | None = None
        # The latest finished turns, each with its number, for faces that read the view only
        # now and then: see _end_turn for how many are kept.
        self.recent_turns: list[dict[str, JSON]] = []
        self.chained_turns = 0  # turns ended by the latest decision, its own turn included
        self.turns_played = 0
        self.rolloff_contenders: list[int] = list(range(seats))
        self.rolloff_rolls: list[tuple[int, RollFacts]] = []  # (seat, roll) this round
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

    def draw_chance(self, rng: random.Random) -> tuple[JSON, RollFacts]:
        facts = self.lookup.rolls[roll_dice(rng, self._dice_to_roll())]
        return facts.faces, facts  # a tuple: the record makes it a list

    def check_chance(self, outcome: JSON) -> RollFacts:
        expected = self._dice_to_roll()
        if (
            not isinstance(outcome, list)
            or len(outcome) != expected
            or not all(isinstance(face, str) and face in FACE_INDEX for face in outcome)
        ):
            raise IllegalAction(
                "bad_chance",
                _("a roll here is a list of {count} faces from $, G, R, Eb, Em, D; got {outcome}").format(
                    count=expected, outcome=repr(outcome)),
                "§2.1",
            )
        return self.lookup.rolls[counts_of(outcome)]

    def apply_chance(self, outcome: RollFacts) -> None:
        if self.phase == "rolloff":
            self._apply_rolloff(outcome)
            return
        entry: dict[str, JSON] = {"roll": list(outcome.faces)}
        self.turn_log.append(entry)
        if not outcome.keeps_only:
            entry["greed_out"] = True
            entry["lost"] = self.turn_total
            self._end_turn(banked=None)
        else:
            self.roll = outcome
            # Nothing banking depends on can change before this roll is decided, so it is
            # settled here once instead of at every question about the legal actions.
            self.can_bank = self._may_bank()

    def _apply_rolloff(self, roll: RollFacts) -> None:
        seat = self.rolloff_contenders[len(self.rolloff_rolls)]
        self.rolloff_rolls.append((seat, roll))
        if len(self.rolloff_rolls) < len(self.rolloff_contenders):
            return
        self.rolloff_history.append(
            [{"seat": s, "roll": list(r.faces), "points": r.best_points} for s, r in self.rolloff_rolls]
        )
        top = max(r.best_points for _, r in self.rolloff_rolls)
        tied = [s for s, r in self.rolloff_rolls if r.best_points == top]
        self.rolloff_rolls = []
        if len(tied) > 1:
            self.rolloff_contenders = tied  # G-10: only the tied roll again
            return
        self.starter = self.current = tied[0]
        self.phase = "play"

    # --- decisions ------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        roll = self.roll
        if roll is None or seat != self.current or self.phase != "play":
            return []
        # A fresh list each time: callers may change what they are given.
        return list(roll.with_bank if self.can_bank else roll.keeps_only)

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``action`` breaks a rule of §2.4 to §2.7 now, or None: asked at every decision,
        so the allowed case is decided first, from the roll's precomputed set-asides."""
        roll = self.roll
        if roll is not None and seat == self.current and self.phase == "play":
            # Exact types, as in the legal list, whose dataclass equality compares classes.
            if type(action) is Keep:
                try:
                    if action.faces in roll.kept:
                        return None
                except TypeError:  # unhashable faces (a list, say) are no legal set-aside either
                    pass
            elif type(action) is Bank and self.can_bank:
                return None
        return self._why_not(action)

    def bank_value(self) -> int | None:
        """Turn total if the player banked now (G-5), or None if banking is not allowed."""
        if self.roll is None or not self.can_bank:
            return None
        return self.turn_total + self.roll.best_points

    def min_turn_points(self, seat: int) -> int:
        """Points this turn must reach before banking is allowed (§2.5, G-6)."""
        if self.options.min_every_turn or not self.opened[seat]:
            return OPENING_MINIMUM
        return 0

    def target(self) -> int | None:
        """In the final round, the banked total a catch-up player must beat (G-9)."""
        return max(self.scores) if self.final_round else None

    def _may_bank(self) -> bool:
        """Whether banking is allowed now: the conditions of :meth:`_bank_refusal`, without its messages.

        Asked at every roll, so it must stay cheap; the tests keep the two in step.
        """
        roll = self.roll
        seat = self.current
        assert roll is not None and seat is not None
        if roll.hot:
            return False
        turn_points = self.turn_total + roll.best_points
        if turn_points < self.min_turn_points(seat):
            return False
        return not self.final_round or self.scores[seat] + turn_points > max(self.scores)

    def _bank_refusal(self) -> Refusal | None:
        roll = self.roll
        assert roll is not None and self.current is not None
        if roll.hot:
            return Refusal(
                "hot_dice_must_roll",
                _("every die of this roll scores: set all of them aside and roll six dice again"),
                "§2.4.4 (G-7)",
            )
        turn_points = self.turn_total + roll.best_points
        needed = self.min_turn_points(self.current)
        if turn_points < needed:
            if self.options.min_every_turn:
                message = _("you need at least {needed} points in one turn, every turn; "
                            "banking now would score {points}")
            else:
                message = _("you need at least {needed} points in one turn to open your score; "
                            "banking now would score {points}")
            return Refusal(
                "below_opening_minimum",
                message.format(needed=format_number(needed), points=format_number(turn_points)),
                "§2.5 (G-6)",
            )
        target = self.target()
        if target is not None and self.scores[self.current] + turn_points <= target:
            return Refusal(
                "must_beat_leader",
                _("in the final round you may stop only above {target}; banking now would bring you to "
                  "{total}").format(
                    target=format_number(target),
                    total=format_number(self.scores[self.current] + turn_points),
                ),
                "§2.6 (G-9)",
            )
        return None

    def _why_not(self, action: Action) -> Refusal:
        """The rule a refused set-aside or bank breaks, in words (§2.4 to §2.7)."""
        assert self.roll is not None
        if isinstance(action, Bank):
            refusal = self._bank_refusal()
            if refusal is not None:
                return refusal
        if isinstance(action, Keep):
            keep = counts_of(action.faces)
            if not action.faces:
                return Refusal(
                    "empty_keep", _("set aside at least one scoring die after each roll"), "§2.4.2")
            if any(k > r for k, r in zip(keep, self.roll.counts, strict=True)):
                return Refusal(
                    "dice_not_in_roll",
                    _("{dice} is not part of the roll {roll}").format(
                        dice=" ".join(action.faces), roll=" ".join(self.roll.faces)),
                    "§2.4.6",
                )
            if keep_value(keep, self.options.table) is None:
                return Refusal(
                    "non_scoring_dice",
                    _("only scoring dice may be set aside, each used in one combination"),
                    "§2.7 (G-2)",
                )
        return Refusal("illegal_action", _("{action} is not allowed now").format(action=action), "§2.4")

    def apply_action(self, seat: int, action: Action) -> None:
        roll = self.roll
        assert roll is not None
        entry = self.turn_log[-1]
        if isinstance(action, Bank):
            self.turn_total += roll.best_points
            entry.update(keep=list(roll.best_faces), points=roll.best_points, bank=self.turn_total)
            self._end_turn(banked=self.turn_total)
            return
        assert isinstance(action, Keep)
        kept = roll.kept[action.faces]
        self.turn_total += kept.points
        self.dice_left -= kept.dice
        entry.update(keep=list(action.faces), points=kept.points, combinations=list(kept.combinations))
        if self.dice_left == 0:
            entry["hot_dice"] = True  # §2.4.4: all six must be rolled again
            self.dice_left = NUM_DICE
        self.roll = None
        limit = self.options.turn_limit
        if limit and not self.final_round and self.scores[seat] + self.turn_total > limit:
            entry.update(bank=self.turn_total, turn_limit=True)
            self._end_turn(banked=self.turn_total)

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
        # A turn without a decision (a greed-out on its first roll) belongs to the chain of
        # turns that the previous decision ended. The last `seats` turns cover a full round,
        # but a chain can be longer (everyone greeding out at once, the decider again too),
        # and then all of it is kept, so that a face reading the view after every decision
        # never misses a turn.
        recent = self.recent_turns
        recent.append({**self.last_turn, "number": self.turns_played})
        if banked is None and len(self.turn_log) == 1:  # no decision in this turn
            self.chained_turns += 1
            del recent[: -max(self.seats, self.chained_turns)]
        else:
            self.chained_turns = 1
            del recent[: -self.seats]
        self.turns_played += 1
        self.turn_log = []
        self.turn_total = 0
        self.roll = None
        self.dice_left = NUM_DICE
        if not self.final_round and self.scores[seat] >= self.options.goal:
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
    def keep_choices(self) -> list[dict[str, JSON]]:
        """The legal set-asides of the roll awaiting a decision, best first, with their worth.

        Faces draw these without knowing the scoring table: ``dice_next`` is how many dice
        the player rolls next (six after hot dice).
        """
        roll = self.roll
        if roll is None:
            return []
        choices: list[dict[str, JSON]] = []
        for action in roll.keeps_only:
            faces = action.faces  # type: ignore[attr-defined]
            kept = roll.kept[faces]
            dice_next = self.dice_left - kept.dice or NUM_DICE
            choices.append({"keep": list(faces), "points": kept.points, "dice_next": dice_next})
        return choices

    def bank_refusal(self) -> dict[str, str] | None:
        """Why the player to act may not bank now (code, message, rule); None when they may."""
        if self.roll is None or self.can_bank:
            return None
        refusal = self._bank_refusal()
        assert refusal is not None  # a roll awaits and banking is not allowed
        return refusal.to_json()

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
            "roll": list(self.roll.faces) if self.roll is not None else [],
            "dice_left": self.dice_left,
            "keep_choices": self.keep_choices(),
            "can_bank": bank_value is not None,
            "bank_value": bank_value,
            "bank_refusal": self.bank_refusal(),
            "min_turn_points": self.min_turn_points(self.current) if self.current is not None else None,
            "final_round": self.final_round,
            "target": self.target(),
            "triggered_by": self.triggered_by,
            "final_turns_left": list(self.final_turns_left),
            "turn_log": [dict(entry) for entry in self.turn_log],
            "last_turn": self.last_turn,
            "recent_turns": list(self.recent_turns),
            "turns_played": self.turns_played,
            "starter": self.starter,
            "rolloff": {
                "rounds": self.rolloff_history,
                "contenders": list(self.rolloff_contenders),
            },
            "winning_score": self.options.goal,
            "options": self.options.to_json(),
            "winners": self._winners() if self.phase == "over" else [],
        }

    def position_key(self) -> JSON | None:
        return position_key(self)

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
        copy.recent_turns = list(self.recent_turns)  # finished turns never change: share them
        copy.turn_log = [dict(entry) for entry in self.turn_log]
        copy.rolloff_rolls = list(self.rolloff_rolls)
        copy.rolloff_history = list(self.rolloff_history)
        return copy
