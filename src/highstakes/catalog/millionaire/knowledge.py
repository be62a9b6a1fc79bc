"""What a player knows about a question, as probabilities (RULES.md §4.5; README.md, "Hunches").

Evidence comes from three kinds of source, each a likelihood over the four options:

* **clues** of a hunch: each names the correct option with the level's clue accuracy, else one
  of the three wrong options;
* **a hand of lifeline cards** (Ask the Audience, Phone a Friend): the votes of other players
  plus the correct card the host always adds. Each vote is taken to be right with the
  *reliability* the reader believes its source has; a reliability below 25 % makes a vote
  evidence against its letter (a friend believed to mislead);
* **a 50:50**: the two options left, one of them correct.

:func:`belief` turns evidence into a probability per option, and :func:`answer_accuracy` says
how often a player who answers its most likely option is right, on average over everything the
sources could show: the accuracy per level the bots' dynamic program needs (see ``planning``).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from highstakes.catalog.millionaire.actions import LETTERS

#: Reliabilities are kept inside (0, 1) so that one vote never makes an option certain or impossible.
LOWEST_RELIABILITY, HIGHEST_RELIABILITY = 0.01, 0.99


def clamp(reliability: float) -> float:
    return min(HIGHEST_RELIABILITY, max(LOWEST_RELIABILITY, reliability))


def orderings(letters: Sequence[str]) -> int:
    """In how many orders these letters could have been cast (a hand shows them sorted)."""
    return math.factorial(len(letters)) // math.prod(
        math.factorial(list(letters).count(letter)) for letter in set(letters))


def hand_likelihood(hand: Sequence[str], candidate: str, reliability: float) -> float:
    """The chance of seeing ``hand`` if ``candidate`` is correct: the host added one
    ``candidate`` card, and the other cards are votes, each right with ``reliability``, cast in
    any order (the hand comes sorted, so every order of the same votes looks alike)."""
    if candidate not in hand:
        return 0.0
    votes = list(hand)
    votes.remove(candidate)
    reliability = clamp(reliability)
    wrong = (1 - reliability) / 3
    return orderings(votes) * math.prod(reliability if vote == candidate else wrong for vote in votes)


def clue_likelihood(clues: str, candidate: str, accuracy: float) -> float:
    """The chance of these clue letters if ``candidate`` is correct."""
    wrong = (1 - accuracy) / 3
    return math.prod(accuracy if clue == candidate else wrong for clue in clues)


def belief(
    clues: str,
    accuracy: float,
    allowed: Sequence[str],
    hands: Sequence[Sequence[str]] = (),
    reliabilities: Sequence[float] | None = None,
    prior: Sequence[float] | None = None,
) -> list[float]:
    """The probability of each option being correct, from clues, the options a 50:50 left, and
    hands of cards (each with the reliability its votes are believed to have; 50 % when not
    given). ``prior`` replaces the even start (a person's stated confidence, say)."""
    weights = []
    trust = list(reliabilities) if reliabilities is not None else [0.5] * len(hands)
    for index, letter in enumerate(LETTERS):
        weight = (prior[index] if prior is not None else 1.0) if letter in allowed else 0.0
        weight *= clue_likelihood(clues, letter, accuracy)
        for hand, reliability in zip(hands, trust, strict=True):
            weight *= hand_likelihood(hand, letter, reliability)
        weights.append(weight)
    total = sum(weights)
    if total <= 0:  # the evidence contradicts itself (a person's own card in a hand, say): start even
        return [1 / len(allowed) if letter in allowed else 0.0 for letter in LETTERS]
    return [weight / total for weight in weights]


# --- how often a player is right, on average over what the sources may show -------------------------
def _counts(total: int) -> list[tuple[int, int, int, int]]:
    """Every way ``total`` letters fall on A, B, C and D, as counts."""
    return [counts for counts in itertools.product(range(total + 1), repeat=4) if sum(counts) == total]


def _multinomial(counts: Sequence[int], accuracy: float) -> float:
    """The chance of these letter counts when each letter is A (taken as correct) with ``accuracy``."""
    total = sum(counts)
    ways = math.factorial(total) // math.prod(math.factorial(count) for count in counts)
    return ways * accuracy ** counts[0] * ((1 - accuracy) / 3) ** (total - counts[0])


def _weight(accuracy: float) -> float:
    """How much one letter right with ``accuracy`` moves the log-odds of its option."""
    accuracy = clamp(accuracy)
    return math.log(3 * accuracy / (1 - accuracy))


Source = tuple[np.ndarray, np.ndarray, np.ndarray]  # chances (K,), scores (K, 4), possible (K, 4)


def _clue_source(clues: int, accuracy: float) -> Source:
    outcomes = _counts(clues)
    chances = np.array([_multinomial(counts, accuracy) for counts in outcomes])
    scores = np.array(outcomes, dtype=float) * _weight(accuracy)
    return chances, scores, np.ones((len(outcomes), 4), dtype=bool)


def _hand_source(votes: int, reliability: float) -> Source:
    """A hand of ``votes`` votes plus the correct card: an option is possible only if its card is
    in the hand, and counts with its votes (its own card in the hand aside)."""
    outcomes = _counts(votes)
    chances = np.array([_multinomial(counts, clamp(reliability)) for counts in outcomes])
    in_hand = np.array(outcomes, dtype=float)
    in_hand[:, 0] += 1  # the host's correct card
    # Option x read as correct leaves the hand less one x card as the votes; the orders those
    # votes could come in count too (a hand shows them sorted).
    orders = np.zeros((len(outcomes), 4))
    for row, counts in enumerate(outcomes):
        for option in range(4):
            left = [*counts]
            left[0] += 1
            if left[option]:
                left[option] -= 1
                orders[row, option] = math.log(math.factorial(votes) // math.prod(map(math.factorial, left)))
    return chances, (in_hand - 1) * _weight(reliability) + orders, in_hand >= 1


def _fifty_source() -> Source:
    possible = np.zeros((3, 4), dtype=bool)
    possible[:, 0] = True
    for row, kept in enumerate((1, 2, 3)):
        possible[row, kept] = True
    return np.full(3, 1 / 3), np.zeros((3, 4)), possible


def _combine(first: Source, second: Source) -> Source:
    chances = (first[0][:, None] * second[0][None, :]).reshape(-1)
    scores = (first[1][:, None, :] + second[1][None, :, :]).reshape(-1, 4)
    possible = (first[2][:, None, :] & second[2][None, :, :]).reshape(-1, 4)
    return chances, scores, possible


@lru_cache(maxsize=4096)
def answer_accuracy(
    clues: int,
    clue_accuracy: float,
    fifty: bool = False,
    audience: tuple[int, float] | None = None,
    phone: float | None = None,
) -> float:
    """How often a player answering its most likely option is right (ties split evenly).

    The player reads ``clues`` clues right with ``clue_accuracy`` each and, if given, has a
    50:50, an audience of ``audience = (votes, reliability)`` and a friend's card right with
    ``phone``, reading the cards with those same reliabilities. Exact: every outcome of every
    source is enumerated, as letter counts.
    """
    source = _clue_source(clues, clue_accuracy)
    if fifty:
        source = _combine(source, _fifty_source())
    if audience is not None:
        source = _combine(source, _hand_source(*audience))
    if phone is not None:
        source = _combine(source, _hand_source(1, phone))
    chances, scores, possible = source
    scores = np.where(possible, scores, -np.inf)
    best = scores.max(axis=1, keepdims=True)
    tied = possible & np.isclose(scores, best, rtol=0, atol=1e-9)
    return float(np.sum(chances * tied[:, 0] / tied.sum(axis=1)))


__all__ = ["answer_accuracy", "belief", "clamp", "clue_likelihood", "hand_likelihood", "orderings"]
