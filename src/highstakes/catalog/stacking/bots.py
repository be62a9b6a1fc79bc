"""The stacking game's bots and advisor. Each sees only its seat's view and legal moves.

A bot has three dials (RULES.md §7.4):

* its **hand**: the spread (standard deviation) of the Gaussian error in where a piece goes;
* its **eye**: how much of the stack's lean it corrects. It aims at the centre of the piece
  beneath moved this share of the way toward the middle of the offsets at which the piece
  would stand (which the stability model gives exactly): 0 slaps every piece on the centre
  beneath and lets a tall stack drift, 1 reads the lean perfectly;
* its **nerve** when it bids. For each row it may bid it plays the round's stacking
  ``ROUND_TRIALS`` times with the stability model (every seat with its own hand and eye, the
  others' rows as they stand or as long as the highest bid), cached per question, and values
  the row as ``WIN_WORTH`` times its chance to empty its hands this round, less ``WIN_WORTH``
  times the best chance of another seat to, less ``nerve`` times the pieces it expects to hold
  after the round (the penalties included). A bot without nerve weighs nothing: it bids the
  most it can.

The presets: ``reckless`` (hand 8 mm, eye 0, no nerve: it bids all it can, the bag's pieces
too, and slaps its pieces down), ``careful`` (hand 8 mm, eye 0.5, nerve 1) and ``steady``
(``careful`` with a 4 mm hand).

In companion mode a bot "places" its piece on the centred stack the players report, with its
hand and eye, and reports what the stability model says happened.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache

from highstakes.catalog.currency_sakana import DENOMINATIONS, START
from highstakes.catalog.stacking.actions import Bid, Lay, Pass, Place, Report
from highstakes.catalog.stacking.model import (
    COLLAPSE,
    MAX_OFFSET,
    MISS,
    STOOD,
    Plate,
    plates,
    settle,
    standing_offsets,
)
from highstakes.catalog.stacking.options import NO_LIMIT
from highstakes.catalog.stacking.words import N_, _
from highstakes.engine.action import JSON, Action
from highstakes.engine.parts import BotInfo

#: Rounds played to weigh one bid.
ROUND_TRIALS = 40
#: What emptying your hands this round is worth to a bidding bot, in pieces shed.
WIN_WORTH = 12.0
#: The lay order: bills first, then ¥500 and ¥100 coins.
LAY_ORDER = (5000, 1000, 500, 100)


def stack_of(view: dict[str, JSON]) -> list[tuple[Plate, int]]:
    """The stack in the view as the stability model's plates and centres."""
    shapes = {int(piece): Plate(shape["width"], shape["thickness"], shape["mass"])
              for piece, shape in view["plates"].items()}
    return [(shapes[item["piece"]], item["centre"]) for item in view["stack"]]


def aim(stack: Sequence[tuple[Plate, int]], plate: Plate) -> int:
    """The offset that leaves the most room for error: the middle of those at which the piece stands
    (the centre of the top piece when none does)."""
    interval = standing_offsets(stack, plate)
    if interval is None:
        return 0
    return (interval[0] + interval[1]) // 2


def placement(stack: Sequence[tuple[Plate, int]], plate: Plate, hand: float, eye: float,
              rng: random.Random) -> int:
    """An offset as a bot with this hand and eye puts the piece: its aim (the centre beneath,
    corrected by ``eye`` toward the best offset) plus Gaussian error, in range."""
    target = eye * aim(stack, plate) if eye and stack else 0.0
    return max(-MAX_OFFSET, min(MAX_OFFSET, round(target + rng.gauss(0.0, hand))))


def place_until_it_lands(stack: Sequence[tuple[Plate, int]], plate: Plate, hand: float, eye: float,
                         miss_limit: int, rng: random.Random) -> tuple[str, int]:
    """A piece placed again after each miss, as the rules say, until it stands or the stack falls
    (RULES.md §5.3: a miss costs nothing); at a table that sets ``miss_limit``, that many misses
    in a row bring the stack down. A miss is never certain (the aim lies on the top piece and the
    error is Gaussian), so the tries end."""
    misses = 0
    while True:
        outcome, x = settle(stack, plate, placement(stack, plate, hand, eye, rng))
        if outcome != MISS:
            return outcome, x
        misses += 1
        if miss_limit != NO_LIMIT and misses >= miss_limit:
            return COLLAPSE, x


@lru_cache(maxsize=4096)
def round_outlook(hand: float, eye: float, bill_width: int, rows: tuple[int, ...], miss_limit: int = NO_LIMIT,
                  ) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """How a round's stacking goes when every seat has this hand and eye: per seat (in stacking order,
    the first starts the stack), the chance it places its whole row without bringing the stack
    down, and the pieces it can expect to take back.

    Played ``ROUND_TRIALS`` times with the stability model, pieces drawn like a starting hand,
    from a seed fixed by the question: the same answer in every process, cached. ``miss_limit``
    is the table's (none by the rules).
    """
    rng = random.Random(f"round {hand} {eye} {bill_width} {rows}")
    shapes = plates(bill_width)
    mix = [piece for piece, count in zip(DENOMINATIONS, START, strict=True) for _ in range(count)]
    clean = [0] * len(rows)
    taken = [0] * len(rows)
    for _trial in range(ROUND_TRIALS):
        left = list(rows)
        fell = [False] * len(rows)
        stack: list[tuple[Plate, int]] = []
        while any(left):
            for seat, count in enumerate(left):
                if not count:
                    continue
                plate = shapes[rng.choice(mix)]
                left[seat] -= 1
                if not stack:
                    stack.append((plate, 0))
                    continue
                outcome, x = place_until_it_lands(stack, plate, hand, eye, miss_limit, rng)
                if outcome == STOOD:
                    stack.append((plate, x))
                    continue
                fell[seat] = True
                taken[seat] += len(stack) + 1
                stack = []
                if left[seat]:  # a new stack with the seat's next piece, on the bare table
                    left[seat] -= 1
                    stack.append((shapes[rng.choice(mix)], 0))
        for seat in range(len(rows)):
            clean[seat] += not fell[seat]
    return (tuple(count / ROUND_TRIALS for count in clean), tuple(count / ROUND_TRIALS for count in taken))


def row_values(view: dict[str, JSON], seat: int, hand: float, eye: float, nerve: float,
               counts: Sequence[int]) -> dict[int, float]:
    """What a row of each of ``counts`` pieces is worth to ``seat``.

    Minus the pieces it expects to hold after the round, weighed by ``nerve``; plus ``WIN_WORTH``
    times its chance to empty its hands this round, less ``WIN_WORTH`` times the best chance of
    another seat to. The chances come from :func:`round_outlook`, the others' rows taken as they
    stand or, for a seat still bidding, as long as the highest bid (what it would match).
    """
    rows, passed, high, held = view["rows"], view["passed"], view["high_bid"], view["pieces_held"]
    seats = view["seats"]
    expected = [len(rows[other]) if passed[other] or other == seat
                else min(max(len(rows[other]), high), len(rows[other]) + held[other])
                for other in range(seats)]
    order = [(seat + step) % seats for step in range(1, seats + 1)]  # the others stack first
    total = held[seat] + len(rows[seat])
    values = {}
    for count in counts:
        lengths = list(expected)
        lengths[seat] = count
        clean, taken = round_outlook(hand, eye, view["options"]["bill_width"],
                                     tuple(lengths[other] for other in order), view["options"]["miss_limit"])
        mine = order.index(seat)
        value = -nerve * (total - count + taken[mine])
        if count == total:
            value += WIN_WORTH * clean[mine]
        rivals = [clean[index] for index, other in enumerate(order)
                  if other != seat and lengths[other] and lengths[other] == held[other] + len(rows[other])]
        value -= WIN_WORTH * max(rivals, default=0.0)
        values[count] = value
    return values


class StackerBot:
    """A bidder and stacker with a hand, an eye and a nerve (see the module's docstring)."""

    def __init__(self, name: str, hand: float, eye: float, nerve: float) -> None:
        self.name = name
        self.hand = hand
        self.eye = eye
        self.nerve = nerve

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        first = legal[0]
        if isinstance(first, (Bid, Pass)):
            return self.bid(view, legal)
        if isinstance(first, Lay):
            return _lay(legal)
        stack = stack_of(view)
        plate = plates(view["options"]["bill_width"])[view["rows"][view["you"]][0]]
        offset = placement(stack, plate, self.hand, self.eye, rng)
        if isinstance(first, Report):  # companion mode: what would have happened, by the model
            return Report(settle(stack, plate, offset)[0])
        return Place(offset)

    def bid(self, view: dict[str, JSON], legal: list[Action]) -> Action:
        seat = view["you"]
        bids = {action.count: action for action in legal if isinstance(action, Bid)}
        if not bids:
            return Pass()
        if self.nerve == 0:  # it weighs nothing: the most it can
            return bids[max(bids)]
        row = len(view["rows"][seat])
        values = row_values(view, seat, self.hand, self.eye, self.nerve, sorted({row, *bids}))
        best = max(bids, key=lambda count: (values[count], -count))
        # Passing keeps the row as it is; a seat that has not bid may also bid what it has (zero).
        if values[best] > values[row] or (best == row and not view["has_bid"][seat]):
            return bids[best]
        return Pass()


def _lay(legal: Sequence[Action]) -> Action:
    """Lay bills first, then ¥500 and ¥100 coins, from the hand before the bag, one at a time."""
    lays = [action for action in legal if isinstance(action, Lay) and action.count == 1]
    return min(lays, key=lambda lay: (lay.from_bag, LAY_ORDER.index(lay.piece)))


#: The hands of the presets, in hundredths of a millimetre.
AVERAGE_HAND, STEADY_HAND = 800.0, 400.0
RECKLESS = StackerBot("reckless", AVERAGE_HAND, 0.0, 0.0)
CAREFUL = StackerBot("careful", AVERAGE_HAND, 0.5, 1.0)
STEADY = StackerBot("steady", STEADY_HAND, 0.5, 1.0)


def hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """Advice for the seat in view: the steady bot's bid, or the offset that leaves most room."""
    if not legal:
        return {"action": None, "label": _("nothing to decide now"), "reason": _("it is not your turn")}
    first = legal[0]
    if isinstance(first, (Bid, Pass)):
        move = STEADY.bid(view, legal)
        return {"action": move.to_json(), "label": str(move),
                "reason": _("your chance to empty your hands against the others', "
                            "and the stacks you may take")}
    if isinstance(first, Lay):
        move = _lay(legal)
        return {"action": move.to_json(), "label": str(move), "reason": _("every piece counts the same")}
    if isinstance(first, Report):
        move = Report(STOOD)
        return {"action": move.to_json(), "label": str(move), "reason": _("say what really happened")}
    stack = stack_of(view)
    plate = plates(view["options"]["bill_width"])[view["rows"][view["you"]][0]]
    interval = standing_offsets(stack, plate)
    move = Place(aim(stack, plate))
    return {"action": move.to_json(), "label": str(move),
            "standing": list(interval) if interval is not None else None,
            "reason": _("the middle of the offsets at which your piece stands") if interval is not None
            else _("no offset lets your piece stand here")}


BOTS: tuple[BotInfo, ...] = (
    BotInfo("reckless", lambda: StackerBot("reckless", AVERAGE_HAND, 0.0, 0.0), N_("reckless"),
            N_("bids all it can and puts each piece on the centre of the one beneath, with an average hand")),
    BotInfo("careful", lambda: StackerBot("careful", AVERAGE_HAND, 0.5, 1.0), N_("careful"),
            N_("weighs each bid by playing the round out and corrects the stack's lean, "
               "with an average hand")),
    BotInfo("steady", lambda: StackerBot("steady", STEADY_HAND, 0.5, 1.0), N_("steady"),
            N_("bids and stacks like the careful bot, with a steadier hand")),
)

__all__ = ["BOTS", "CAREFUL", "RECKLESS", "STEADY", "StackerBot", "aim", "hint", "place_until_it_lands",
           "placement", "round_outlook", "row_values"]
