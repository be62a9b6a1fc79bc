"""The hint key: the search bot's preferred move and what the seat expects this hand with it.

"Play red $40,000: your side expects about $120,000 this hand". The advice is the default
search bot's decision with a fixed seed, so the same position always gets the same advice;
the figure is the mean of its playouts after that move (dollars the seat's side scores this
hand, a set-back counting as minus the bid; the seat's own score in Silent Partner; points
in the Variation), rounded as people say it.
"""

from __future__ import annotations

import math
import random

from highstakes.catalog.make_a_million.actions import Move
from highstakes.catalog.make_a_million.cards import dollars
from highstakes.catalog.make_a_million.words import _, ngettext
from highstakes.engine.action import JSON, Action

#: The advice's seed: one position, one piece of advice.
ADVISOR_SEED = 1934
#: Dollar figures are rounded to this, as a player would say them.
ROUNDING = 5_000


def hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """Advice for the seat in view: ``action`` (JSON, or None), ``label`` and ``expected``."""
    from highstakes.catalog.make_a_million.search import DEFAULT_BUDGET, DEFAULT_WORLDS

    return advise(view, legal, DEFAULT_BUDGET, DEFAULT_WORLDS)


def advise(view: dict[str, JSON], legal: list[Action], budget: int, worlds: int) -> dict[str, JSON]:
    """The advice of a search with this many playouts over at most this many worlds."""
    from highstakes.catalog.make_a_million.search import SearchBot

    if not legal:
        return {"action": None, "label": _("nothing to decide now"), "expected": None}
    choice = SearchBot(budget, "search", worlds).decide(view, legal, random.Random(ADVISOR_SEED))
    move = choice.move
    assert isinstance(move, Move)
    words = str(move)
    words = words[:1].upper() + words[1:]
    if math.isnan(choice.expected):
        return {"action": move.to_json(), "label": words, "expected": None}
    if view["variant"] == "variation":
        points = max(0, round(choice.expected))
        outlook = ngettext("you expect about {n} point this hand", "you expect about {n} points this hand",
                           points).format(n=points)
        expected: float = points
    else:
        amount = int(round(choice.expected / ROUNDING) * ROUNDING)
        expected = amount
        if view["variant"] == "silent_partner":
            if amount < 0:
                outlook = _("you expect to lose about {amount} this hand").format(amount=dollars(-amount))
            else:
                outlook = _("you expect about {amount} this hand").format(amount=dollars(amount))
        elif amount < 0:
            outlook = _("your side expects to lose about {amount} this hand").format(amount=dollars(-amount))
        else:
            outlook = _("your side expects about {amount} this hand").format(amount=dollars(amount))
    # Translators: the hint: a move, then what the player expects with it ("Pass: your side expects...").
    label = _("{move}: {outlook}").format(move=words, outlook=outlook)
    return {"action": move.to_json(), "label": label, "expected": expected}


__all__ = ["advise", "hint"]
