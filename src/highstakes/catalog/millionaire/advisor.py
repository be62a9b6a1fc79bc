"""Millionaire's advisor: for a person at the table, the expected money of answering versus walking
away, and the lifeline worth most now (RULES.md §4.2, §4.5), in plain words.

**Confidence.** The advice starts from how sure the person is of each option. A face that asks
for it passes it in the view as ``hint_input`` (the server puts a hint message's ``input``
there): ``{"confidence": {"A": 60, "B": 30, "C": 10, "D": 0}}``, a number per letter (or a list
of four), percentages or shares, scaled to sum to 1; options a 50:50 covered count as 0.
Without it the advisor takes the person's hunch when the table deals people hunches
(``hunches: everyone``; all four clues, with the person's 50:50 and lifeline cards), else an
even chance over the options left, with the cards weighed as evidence; the advice says which
(``confidence_from``).

**The person's later questions.** Expected money over the rest of the ladder needs how often
the person will be right higher up. The advisor assumes a player who reads all four clues of
the hunch when the person is dealt hunches, and an average player (two clues' worth) when not.

The figures are those the bots use (``planning.weigh``): answering option x is worth
p(x) × V(next step) + (1 − p(x)) × safe haven, walking away is worth what was reached, and a
lifeline is worth what the person expects after seeing its cards less what deciding now with it
kept is worth. Amounts are in cents.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from highstakes.catalog.millionaire.actions import LETTERS, Move
from highstakes.catalog.millionaire.bots import KnowerBot, dealt_hunches, hands
from highstakes.catalog.millionaire.knowledge import belief
from highstakes.catalog.millionaire.money import DOLLAR, dollars
from highstakes.catalog.millionaire.rules import HUNCH_CLUES, clue_accuracy
from highstakes.catalog.millionaire.words import _
from highstakes.engine.action import JSON, Action
from highstakes.i18n import get_language
from highstakes.i18n.numbers import format_percent

#: Where a face passes what the person tells the advisor, and the key of their confidence in it.
INPUT, CONFIDENCE = "hint_input", "confidence"
#: A player without hunches, for the person's later questions: an average player.
AVERAGE_SKILL = 2


class BadConfidence(ValueError):
    """The stated confidence is not a number of at least 0 per letter A to D; the message says why."""


def whole_dollars(cents: float) -> str:
    """An expected amount as people say it, to the dollar."""
    return dollars(round(cents / DOLLAR) * DOLLAR)


def percent(share: float) -> str:
    """A share as the reader's language writes a whole percentage."""
    return format_percent(share, get_language())


def lifeline_name(name: str) -> str:
    return {"fifty": _("50:50"), "audience": _("Ask the Audience"), "phone": _("Phone a Friend")}[name]


def stated(view: Mapping[str, JSON], allowed: list[str]) -> list[float] | None:
    """The confidence the person stated, as shares of 1 over the options left; None if not given."""
    told = view.get(INPUT)
    if told is None:
        return None
    if not isinstance(told, dict):
        raise BadConfidence(_("state your confidence as a number for each letter A, B, C and D"))
    given = told.get(CONFIDENCE)
    if given is None:
        return None
    if isinstance(given, list) and len(given) == 4:
        given = dict(zip(LETTERS, given, strict=True))
    if not isinstance(given, dict) or any(key not in LETTERS for key in given):
        raise BadConfidence(_("state your confidence as a number for each letter A, B, C and D"))
    values = []
    for letter in LETTERS:
        value = given.get(letter, 0)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < float("inf"):
            raise BadConfidence(_("a confidence is a number of at least 0; got {value} for {letter}").format(
                value=repr(value), letter=letter))
        values.append(float(value) if letter in allowed else 0.0)
    largest = max(values)
    if largest <= 0:
        raise BadConfidence(_("give at least one of the options left a confidence above 0"))
    # Scaled by the largest first: four numbers of at most 1 cannot add up past what a float
    # holds, as four of 1e308 would (their sum is infinite, and every share 0).
    scaled = [value / largest for value in values]
    total = sum(scaled)
    return [value / total for value in scaled]


def confidence(view: Mapping[str, JSON]) -> tuple[list[float], str]:
    """The person's confidence per option and where it came from: "stated", "hunch" or "even"."""
    you = int(view["you"])  # type: ignore[arg-type]
    allowed = list(view.get("your_options") or LETTERS)  # type: ignore[arg-type]
    given = stated(view, allowed)
    if given is not None:
        return given, "stated"
    held, trust = hands(dict(view), you)
    hunch = str(view.get("your_hunch") or "")
    accuracy = clue_accuracy(int(view["level"]))  # type: ignore[arg-type]
    return belief(hunch[:HUNCH_CLUES], accuracy, allowed, held, trust), "hunch" if hunch else "even"


def advise(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """Advice for the seat in ``view``: always ``action`` (JSON, or None), ``label`` and ``reason``;
    for a contestant also the figures (see the module's text)."""
    if not legal:
        return {"action": None, "label": _("nothing to decide now"), "reason": _("it is not your turn")}
    try:
        probabilities, source = confidence(view)
    except BadConfidence as problem:
        return {"action": None, "label": _("no hint"), "reason": str(problem)}
    ranked = sorted(range(4), key=lambda index: (-probabilities[index], index))
    shares = {letter: probabilities[index] for index, letter in enumerate(LETTERS)}
    request = view.get("asked_of_you")
    if request:
        card = Move("card", LETTERS[ranked[0]])
        return {
            "role": "helper", "action": card.to_json(), "label": str(card),
            "reason": _("you believe {letter} most ({share}); the rules let you pass any card").format(
                letter=card.value, share=percent(probabilities[ranked[0]])),
            "confidence": shares, "confidence_from": source,
        }
    hunches = dealt_hunches(view, int(view["you"]))  # type: ignore[arg-type]
    model = KnowerBot("advisor", HUNCH_CLUES if hunches else AVERAGE_SKILL, favourites=False)
    weighing = model.weigh(view, legal, probabilities, hunches=True)
    lifeline = weighing.best_lifeline
    move: Action | None = None
    if lifeline == "phone":
        move = model.best_friend(view, legal, random.Random(0))
    elif lifeline is not None:
        move = Move(lifeline)
    if move is None:
        move = Move("walk") if weighing.walks else Move("answer", weighing.best)
    origin = {
        "stated": _("From the confidence you stated."),
        "hunch": _("From your hunch, with any lifeline cards you hold."),
        "even": _("Every option left taken as equally likely, but for any lifeline cards you hold."),
    }
    values = _("Answering {letter} ({share} sure) is worth {answer} on average; walking away takes {walk}.")
    sentences = [
        origin[source],
        values.format(
            letter=weighing.best, share=percent(shares[weighing.best]),
            answer=whole_dollars(weighing.answer), walk=whole_dollars(weighing.walk)),
    ]
    if lifeline is not None:
        sentences.append(_("The lifeline worth most now is {lifeline}: it adds {gain} on average.").format(
            lifeline=lifeline_name(lifeline), gain=whole_dollars(weighing.gains[lifeline])))
    elif weighing.gains:
        sentences.append(_("No lifeline is worth spending now: keeping them for later is worth more."))
    return {
        "role": "contestant",
        "action": move.to_json(),
        "label": str(move),
        "reason": " ".join(sentences),
        "confidence": shares,
        "confidence_from": source,
        "best_answer": weighing.best,
        "answer_value": weighing.answer,
        "walk_value": weighing.walk,
        "lifeline_gains": dict(weighing.gains),
        "best_lifeline": lifeline,
    }


__all__ = ["CONFIDENCE", "INPUT", "BadConfidence", "advise", "confidence", "stated"]
