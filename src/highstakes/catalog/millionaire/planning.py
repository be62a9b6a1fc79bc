"""Expected money on the money tree (RULES.md §4.2, §4.5): the dynamic program the bots and the
advisor weigh walking away, answering and lifelines with.

:func:`ladder_value` is the expected money of a player who has answered ``steps`` questions
right, holds some lifelines, and plays on as well as it can: at each step it walks away with
what it reached, or answers (spending any of its lifelines on that question first), right
with the chance ``accuracy(level, lifelines spent)`` and then on at the next step, wrong with
the safe haven. The player's accuracy per level comes from its knowledge model (``knowledge``).

:func:`weigh` then decides the question on the table from the belief a player holds now:
the value of answering its best option, of walking away, and the gain of each lifeline left,
which is what the player expects to hold after seeing that lifeline's cards (and deciding
then, the lifeline spent) less what it holds deciding now with the lifeline kept for later.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from highstakes.catalog.millionaire.actions import LETTERS
from highstakes.catalog.millionaire.knowledge import hand_likelihood
from highstakes.catalog.millionaire.money import LADDER, STEPS, reached, safe_haven

LIFELINES = ("fifty", "audience", "phone")
Lifelines = frozenset[str]
#: accuracy(level, lifelines spent on that question) -> chance of answering right.
Accuracy = Callable[[int, Lifelines], float]


def subsets(lifelines: Lifelines) -> list[Lifelines]:
    """Every set of lifelines one could spend on a question, the empty set first."""
    names = sorted(lifelines)
    return [frozenset(chosen) for size in range(len(names) + 1)
            for chosen in itertools.combinations(names, size)]


Memo = dict[tuple[int, Lifelines], float]


def ladder_value(steps: int, lifelines: Lifelines, accuracy: Accuracy, memo: Memo | None = None) -> float:
    """Expected money (cents) of a player with ``steps`` right answers and ``lifelines`` left who
    plays on well: max(walk away, answer with the best set of lifelines spent) at every step.
    ``memo`` keeps the values between calls with the same ``accuracy``."""
    memo = {} if memo is None else memo

    def value(step: int, left: Lifelines) -> float:
        if step >= STEPS:
            return float(LADDER[-1])
        key = (step, left)
        if key not in memo:
            best = float(reached(step))
            for spent in subsets(left):
                right = accuracy(step + 1, spent)
                best = max(best, right * value(step + 1, left - spent) + (1 - right) * safe_haven(step))
            memo[key] = best
        return memo[key]

    return value(steps, frozenset(lifelines))


# --- the question on the table ------------------------------------------------------------------------
@dataclass(frozen=True)
class Evidence:
    """What a lifeline would show, as the player believes its sources: the audience's votes and
    the reliability of each, and the reliability of the friend it would phone."""

    audience_votes: int = 3
    audience_reliability: float = 0.5
    phone_reliability: float = 0.5


@dataclass
class Weighing:
    """A decision on the question on the table, in cents: the best option and the value of
    answering it, of walking away, and the gain of each lifeline left (spending it now)."""

    best: str
    answer: float
    walk: float
    gains: dict[str, float] = field(default_factory=dict)

    @property
    def walks(self) -> bool:
        return self.walk > self.answer

    @property
    def value(self) -> float:
        return max(self.walk, self.answer)

    @property
    def best_lifeline(self) -> str | None:
        """The lifeline worth most now, if spending it now is worth more than keeping it."""
        if not self.gains:
            return None
        name = max(self.gains, key=lambda lifeline: (self.gains[lifeline], -LIFELINES.index(lifeline)))
        return name if self.gains[name] > 1e-6 else None


def _decide(probabilities: Sequence[float], steps: int, onward: float) -> tuple[int, float, float]:
    """The best option, the value of answering it, and of walking away."""
    best = max(range(4), key=lambda index: (probabilities[index], -index))
    answer = probabilities[best] * onward + (1 - probabilities[best]) * safe_haven(steps)
    return best, answer, float(reached(steps))


def _outcomes(
    lifeline: str, probabilities: Sequence[float], evidence: Evidence,
) -> list[tuple[float, list[float]]]:
    """What ``lifeline`` may show, each with its chance and the belief it leaves."""
    seen: dict[tuple[str, ...], float] = defaultdict(float)
    likelihood: Callable[[tuple[str, ...], str], float]
    if lifeline == "fifty":
        for correct, chance in zip(LETTERS, probabilities, strict=True):
            wrong = [letter for letter in LETTERS if letter != correct]
            for kept in wrong:  # the host keeps one wrong option, any of the three alike
                seen[tuple(sorted((correct, kept)))] += chance / 3

        def likelihood(pair: tuple[str, ...], letter: str) -> float:
            return 1 / 3 if letter in pair else 0.0
    else:
        if lifeline == "audience":
            votes, reliability = evidence.audience_votes, evidence.audience_reliability
        else:
            votes, reliability = 1, evidence.phone_reliability
        hands = {tuple(sorted((*cast, correct))) for correct in LETTERS
                 for cast in itertools.combinations_with_replacement(LETTERS, votes)}
        for hand in sorted(hands):  # in a fixed order, so that sums come out the same in every process
            seen[hand] = sum(chance * hand_likelihood(hand, letter, reliability)
                             for letter, chance in zip(LETTERS, probabilities, strict=True))

        def likelihood(hand: tuple[str, ...], letter: str) -> float:
            return hand_likelihood(hand, letter, reliability)
    results = []
    for shown, chance in seen.items():
        if chance <= 0:
            continue
        weights = [p * likelihood(shown, letter) for letter, p in zip(LETTERS, probabilities, strict=True)]
        total = sum(weights)
        results.append((chance, [weight / total for weight in weights]))
    return results


def weigh(
    probabilities: Sequence[float],
    steps: int,
    lifelines: Lifelines,
    accuracy: Accuracy,
    evidence: Evidence | None = None,
    memo: Memo | None = None,
) -> Weighing:
    """Decide the question on the table for a player who believes ``probabilities`` now.

    Answering option x is worth p(x) × V(steps + 1, lifelines kept) + (1 − p(x)) × safe haven;
    walking away is worth what the player reached. A lifeline's gain is the expected value of
    deciding after seeing its cards (that lifeline spent, the others kept) less the value of
    deciding now with it kept. ``memo`` is passed on to :func:`ladder_value`.
    """
    evidence = evidence or Evidence()
    memo = {} if memo is None else memo
    left = frozenset(lifelines)
    best, answer, walk = _decide(probabilities, steps, ladder_value(steps + 1, left, accuracy, memo))
    now = max(answer, walk)
    gains = {}
    for lifeline in sorted(left, key=LIFELINES.index):
        onward = ladder_value(steps + 1, left - {lifeline}, accuracy, memo)
        after = 0.0
        for chance, updated in _outcomes(lifeline, probabilities, evidence):
            _best, answer_then, walk_then = _decide(updated, steps, onward)
            after += chance * max(answer_then, walk_then)
        gains[lifeline] = after - now
    return Weighing(LETTERS[best], answer, walk, gains)


__all__ = ["LIFELINES", "Accuracy", "Evidence", "Memo", "Weighing", "ladder_value", "subsets", "weigh"]
