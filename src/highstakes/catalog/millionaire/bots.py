"""Millionaire's bots: contestants that know some answers and weigh the money tree.

A bot never sees the correct answer: it reads its view only. What it "knows" is its hunch,
four clue letters the game deals each player privately for every question (a chance event
in the record), each pointing at the correct answer with a chance that falls with the level.
A bot's skill is how many of those clues it can read (more in its strong categories, fewer
in its weak ones); from them, its 50:50 and its lifeline cards it keeps a belief over the
four options. It walks away or answers by comparing expected money over the rest of the
ladder (a small dynamic program over the steps, with the safe havens), and takes the
lifeline worth most when it is unsure. As a voter or a friend it passes, honestly, the card
it believes most.
"""

from __future__ import annotations

import hashlib
import itertools
import random
from functools import lru_cache

from highstakes.catalog.millionaire.actions import LETTERS
from highstakes.catalog.millionaire.bank import CATEGORIES
from highstakes.catalog.millionaire.money import LADDER, STEPS, reached, safe_haven
from highstakes.catalog.millionaire.rules import clue_accuracy, letter_odds
from highstakes.catalog.millionaire.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.parts import BotInfo

#: Below this belief in its best answer a bot looks for a lifeline.
UNSURE = 0.8


def belief(clues: str, accuracy: float, allowed: list[str], cards: list[list[str]]) -> list[float]:
    """The probability of each option being correct, given clues, the options left and cards.

    Each set of cards holds the correct card plus other players' cards, taken as honest votes
    right half the time.
    """
    weights = []
    for index, letter in enumerate(LETTERS):
        weight = letter_odds(clues, index, accuracy) if letter in allowed else 0.0
        for hand in cards:
            if letter not in hand:
                weight = 0.0
                break
            rest = list(hand)
            rest.remove(letter)
            weight *= letter_odds("".join(rest), index, 0.5)
        weights.append(weight)
    total = sum(weights) or 1.0
    return [weight / total for weight in weights]


@lru_cache(maxsize=256)
def chance_right(clues: int, level: int) -> float:
    """How often a player reading ``clues`` clues answers right at ``level`` (by enumeration)."""
    accuracy = clue_accuracy(level)
    if clues == 0:
        return 0.25
    total = 0.0
    for combo in itertools.product(LETTERS, repeat=clues):
        letters = "".join(combo)
        odds = letter_odds(letters, 0, accuracy)
        posterior = belief(letters, accuracy, list(LETTERS), [])
        top = max(posterior)
        if posterior[0] == top:  # the bot answers its best option, a tie broken at random
            total += odds / posterior.count(top)
    return total


@lru_cache(maxsize=256)
def ladder_value(clues: int, steps: int) -> float:
    """Expected money (cents) of a player who has ``steps`` right answers and plays on well."""
    if steps >= STEPS:
        return float(LADDER[-1])
    right = chance_right(clues, steps + 1)
    play = right * ladder_value(clues, steps + 1) + (1 - right) * safe_haven(steps)
    return max(float(reached(steps)), play)


class KnowerBot:
    """A contestant with a knowledge model: ``clues`` is its skill dial (0 to 4 clues read)."""

    def __init__(self, name: str, clues: int) -> None:
        self.name = name
        self.clues = clues
        digest = hashlib.sha256(name.encode()).digest()
        # Two strong and two weak categories, the same for every game of this bot.
        order = sorted(CATEGORIES, key=lambda category: hashlib.sha256(digest + category.encode()).digest())
        self.strong, self.weak = set(order[:2]), set(order[2:4])

    def reads(self, category: str | None) -> int:
        bonus = 1 if category in self.strong else -1 if category in self.weak else 0
        return max(0, min(4, self.clues + bonus))

    def _belief(self, view: dict[str, JSON]) -> list[float]:
        question = view["question"] or {}
        hunch = view.get("your_hunch") or ""
        clues = str(hunch)[: self.reads(question.get("category"))]  # type: ignore[union-attr]
        hands = (view.get("your_audience_cards"), view.get("your_phone_cards"))
        cards = [list(hand) for hand in hands if hand]  # type: ignore[union-attr]
        allowed = list(view.get("your_options") or LETTERS)  # type: ignore[arg-type]
        return belief(clues, clue_accuracy(int(view["level"])), allowed, cards)  # type: ignore[arg-type]

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        by_json = {str(sorted(action.to_json().items())): action for action in legal}

        def find(data: dict[str, JSON]) -> Action | None:
            return by_json.get(str(sorted(data.items())))

        probabilities = self._belief(view)
        best = max(range(4), key=lambda index: (probabilities[index], -index))
        if view.get("asked_of_you"):
            return find({"card": LETTERS[best]}) or rng.choice(legal)
        you = int(view["you"])  # type: ignore[arg-type]
        steps = int(view["players"][you]["step"])  # type: ignore[index]
        clues = self.reads((view["question"] or {}).get("category"))  # type: ignore[union-attr]
        onward = ladder_value(clues, steps + 1)
        answer_value = probabilities[best] * onward + (1 - probabilities[best]) * safe_haven(steps)
        if probabilities[best] < UNSURE:
            for data in ({"fifty": True}, {"audience": True}):
                lifeline = find(data)
                if lifeline is not None:
                    return lifeline
            phones = [action for action in legal if "phone" in action.to_json()]  # type: ignore[operator]
            if phones:
                return rng.choice(phones)
        if reached(steps) > answer_value:
            return find({"walk": True}) or rng.choice(legal)
        return find({"answer": LETTERS[best]}) or rng.choice(legal)


BOTS: tuple[BotInfo, ...] = (
    BotInfo("knower-weak", lambda: KnowerBot("knower-weak", 1), N_("weak"),
            N_("reads one clue of its hunch (two in its strong categories), weighs the ladder")),
    BotInfo("knower", lambda: KnowerBot("knower", 2), N_("average"),
            N_("reads two clues of its hunch, weighs the ladder and uses lifelines when unsure")),
    BotInfo("knower-strong", lambda: KnowerBot("knower-strong", 4), N_("strong"),
            N_("reads every clue of its hunch (three in its weak categories), weighs the ladder")),
)
