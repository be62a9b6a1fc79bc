"""Millionaire's bots: contestants with a knowledge model that weigh the money tree.

A bot never sees the correct answer: it reads its view only. What it "knows" is its hunch,
four clue letters the game deals each bot privately for every question (a chance event in
the record; people get one only with ``hunches: everyone``, WM-5), each naming the correct
answer with a chance that falls with the level.

* **Knowledge.** A bot's skill dial is how many clues it reads, 0 to 4, and may be fractional
  (2.5 reads a third clue on half the questions, which half fixed by the question). It reads
  one clue more in two categories it is strong in and one fewer in two it is weak in, chosen
  from its name, the same in every game. So its chance of knowing falls with the level (the
  clues get worse), rises with the dial, and differs by category. With ``hunches: off`` it
  knows nothing and guesses.
* **Belief.** From its clues, its 50:50 and its lifeline cards it keeps a probability for each
  option (``knowledge.belief``). Cards are weighed by how reliable their source is believed to
  be: a simulated audience by the game's own rule, the vote of a player dealt hunches (the
  view says whom) as an average bot's accuracy at that level, of a player without them as
  50 %, and a vote from a player who, by the bluffing rule below, would mislead this bot as
  barely better than a wrong card (15 %).
* **Walk or answer.** It compares the expected money of answering its best option,
  p × V(next step) + (1 − p) × safe haven, with walking away; V is the dynamic program over the
  rest of the ladder (``planning.ladder_value``) with the bot's own accuracy per level, averaged
  over the categories, and with the lifelines it still holds.
* **Lifelines.** It spends the lifeline whose gain is largest (what it expects to hold after
  seeing that lifeline's cards, less what it holds deciding now and keeping it), if that gain is
  positive; a friend is the other player whose card it believes most.
* **Helping.** Asked for a card (Ask the Audience, Phone a Friend) it passes the option it
  believes most likely. With ``bluffing: on`` it misleads a rival instead, by this rule: it
  passes the option it believes *second* most likely (a plausible wrong answer) whenever the
  asker, answering right now, would stand level with or ahead of it: the asker's money plus
  the amount the asker plays for is at least the bot's money plus what it has reached in the
  round. Helping a player who stays behind it costs it nothing, so it tells that one the truth.
  The rule reads public facts only, so an asker can tell when a bot friend would mislead it.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Hashable, Sequence
from statistics import fmean

from highstakes.catalog.millionaire.actions import LETTERS
from highstakes.catalog.millionaire.bank import CATEGORIES
from highstakes.catalog.millionaire.knowledge import answer_accuracy, belief
from highstakes.catalog.millionaire.planning import LIFELINES, Evidence, Lifelines, Memo, Weighing, weigh
from highstakes.catalog.millionaire.rules import (
    HUNCH_CLUES,
    SIMULATED_VOTERS,
    audience_accuracy,
    clue_accuracy,
)
from highstakes.catalog.millionaire.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.parts import BotInfo

#: How often a card from a player who misleads by the bluffing rule is taken to be correct.
BLUFF_RELIABILITY = 0.15
#: A player's vote without hunches: people know things bots cannot see; taken as right half the time.
NO_HUNCH_RELIABILITY = 0.5
#: The clues an average player reads: the yardstick for the votes of other players.
AVERAGE_CLUES = 2


# --- what the view says ------------------------------------------------------------------------------
def option_on(view: dict[str, JSON], name: str) -> bool:
    options = view.get("options") or {}
    return isinstance(options, dict) and options.get(name) == "on"


def dealt_hunches(view: dict[str, JSON], seat: int) -> bool:
    """Whether ``seat`` is dealt a hunch for each question (the view says so for every seat, WM-5)."""
    return bool(view["players"][seat].get("hunches"))  # type: ignore[index, union-attr]


def helpers(view: dict[str, JSON], seat: int) -> list[int]:
    """The players who may vote for or be phoned by ``seat``: everyone but ``seat`` and the host."""
    host = view.get("host")
    return [int(player["seat"]) for player in view["players"]  # type: ignore[union-attr, index]
            if player["seat"] not in (seat, host)]  # type: ignore[index]


def simulated_audience(view: dict[str, JSON], seat: int) -> bool:
    """Whether the app's simulated audience answers ``seat`` (§7.1, WM-4): with the app as host,
    when fewer than two others can vote; never with a rotating host."""
    return view.get("host_mode") != "rotating" and len(helpers(view, seat)) < 2


def misleads(view: dict[str, JSON], helper: int, asker: int) -> bool:
    """Whether ``helper`` misleads ``asker`` by the bluffing rule (see the module's text): with
    ``bluffing: on``, when the asker's money plus the amount it plays for is at least the
    helper's money plus what the helper has reached in the round."""
    if not option_on(view, "bluffing"):
        return False
    players = view["players"]
    mine, theirs = players[helper], players[asker]  # type: ignore[index]
    holding = int(mine["reached"]) if mine["in_round"] else 0  # type: ignore[index]
    return int(theirs["money"]) + int(view["playing_for"]) >= int(mine["money"]) + holding  # type: ignore[index, arg-type]


def honest_reliability(level: int, hunches: bool) -> float:
    """How often an average player's honest vote is right at ``level``."""
    return answer_accuracy(AVERAGE_CLUES, clue_accuracy(level)) if hunches else NO_HUNCH_RELIABILITY


def vote_reliability(view: dict[str, JSON], helper: int, asker: int) -> float:
    """How far ``asker`` trusts a card from ``helper``."""
    if misleads(view, helper, asker):
        return BLUFF_RELIABILITY
    return honest_reliability(int(view["level"]), dealt_hunches(view, helper))  # type: ignore[arg-type]


def average_honesty(view: dict[str, JSON], seat: int, level: int) -> float:
    """How often an honest vote of one of ``seat``'s helpers is right at ``level``, on average."""
    voters = helpers(view, seat)
    if not voters:
        return NO_HUNCH_RELIABILITY
    return fmean(honest_reliability(level, dealt_hunches(view, voter)) for voter in voters)


def audience_evidence(view: dict[str, JSON], asker: int) -> tuple[int, float]:
    """The votes Ask the Audience brings ``asker`` and their mean believed reliability: a
    simulated audience of three with the app as host when fewer than two players can vote
    (§7.1), else every other player's card (WM-4)."""
    voters = helpers(view, asker)
    if simulated_audience(view, asker):
        return SIMULATED_VOTERS, audience_accuracy(int(view["level"]))  # type: ignore[arg-type]
    return len(voters), fmean(vote_reliability(view, voter, asker) for voter in voters)


def hands(view: dict[str, JSON], seat: int) -> tuple[list[list[str]], list[float]]:
    """The lifeline cards this seat holds, each hand with the reliability of its votes."""
    held, trust = [], []
    audience = view.get("your_audience_cards")
    if audience:
        held.append(list(audience))  # type: ignore[arg-type]
        votes = len(audience) - 1  # type: ignore[arg-type]
        expected, reliability = audience_evidence(view, seat)
        # Votes from this table as expected; any other count (not seen in play) as average players'.
        trust.append(reliability if votes == expected else average_honesty(
            view, seat, int(view["level"])))  # type: ignore[arg-type]
    phone = view.get("your_phone_cards")
    if phone:
        held.append(list(phone))  # type: ignore[arg-type]
        friend = view.get("your_friend")
        if isinstance(friend, int):
            trust.append(vote_reliability(view, friend, seat))
        else:  # a view without the friend: the one this seat trusts most, as a bot chooses
            trust.append(max((vote_reliability(view, other, seat) for other in helpers(view, seat)),
                             default=NO_HUNCH_RELIABILITY))
    return held, trust


def lifelines_left(legal: Sequence[Action]) -> Lifelines:
    """The lifelines the legal actions offer now."""
    names = set()
    for action in legal:
        kind = next(iter(action.to_json()))  # type: ignore[union-attr]
        if kind in LIFELINES:
            names.add(kind)
    return frozenset(names)


def find(legal: Sequence[Action], data: dict[str, JSON]) -> Action | None:
    return next((action for action in legal if action.to_json() == data), None)


# --- the bot -----------------------------------------------------------------------------------------
#: A reader's accuracy by level, lifelines spent and helpers; and its ladder values by table.
_ACCURACY: dict[Hashable, dict[tuple[int, Lifelines, tuple[int, float], float, bool], float]] = {}
_LADDERS: dict[Hashable, Memo] = {}


class KnowerBot:
    """A contestant with a knowledge model; ``skill`` is its dial, the clues it reads (0 to 4).
    Without ``favourites`` it reads as many clues in every category."""

    def __init__(self, name: str, skill: float, favourites: bool = True) -> None:
        if not 0 <= skill <= HUNCH_CLUES:
            raise ValueError(f"skill is 0 to {HUNCH_CLUES} clues; got {skill}")
        self.name = name
        self.skill = skill
        digest = hashlib.sha256(name.encode()).digest()
        # Two strong and two weak categories, the same for every game of this bot.
        order = sorted(CATEGORIES, key=lambda category: hashlib.sha256(digest + category.encode()).digest())
        self.strong, self.weak = (set(order[:2]), set(order[2:4])) if favourites else (set(), set())
        # What it works out depends only on how it reads (and the table): shared by every bot that
        # reads alike, in every game of the process.
        self._knows = (skill, frozenset(self.strong), frozenset(self.weak))
        self._accuracy = _ACCURACY.setdefault(self._knows, {})

    # --- knowledge -------------------------------------------------------------------------------
    def reads(self, category: str | None) -> float:
        """Clues read in ``category`` on average: the dial, one more if strong, one fewer if weak."""
        bonus = 1 if category in self.strong else -1 if category in self.weak else 0
        return max(0.0, min(float(HUNCH_CLUES), self.skill + bonus))

    def clues_for(self, question: dict[str, JSON]) -> int:
        """Clues read on this question: the fractional part of ``reads`` decided by the question."""
        reads = self.reads(question.get("category"))  # type: ignore[arg-type]
        whole = math.floor(reads)
        draw = hashlib.sha256(f"{self.name}|{question.get('text')}".encode()).digest()
        return whole + (1 if int.from_bytes(draw[:8]) / 2**64 < reads - whole else 0)

    def knowing_chance(self, level: int, category: str | None) -> float:
        """How often the bot's clues alone point it to the right answer at ``level`` in ``category``."""
        reads = self.reads(category)
        whole = math.floor(reads)
        low = answer_accuracy(whole, clue_accuracy(level))
        if whole >= HUNCH_CLUES:
            return low
        high = answer_accuracy(whole + 1, clue_accuracy(level))
        return low + (reads - whole) * (high - low)

    def accuracy(self, level: int, spent: Lifelines, audience: tuple[int, float], phone: float,
                 hunches: bool) -> float:
        """Its chance of answering right at ``level`` with ``spent`` lifelines, on average over the
        categories (the next questions' categories are unknown)."""
        key = (level, spent, audience, phone, hunches)
        if key not in self._accuracy:
            extra = {"fifty": "fifty" in spent,
                     "audience": audience if "audience" in spent else None,
                     "phone": phone if "phone" in spent else None}
            values = []
            for category in CATEGORIES:
                reads = self.reads(category) if hunches else 0.0
                whole = math.floor(reads)
                low = answer_accuracy(whole, clue_accuracy(level), **extra)  # type: ignore[arg-type]
                high = (answer_accuracy(whole + 1, clue_accuracy(level), **extra)  # type: ignore[arg-type]
                        if whole < HUNCH_CLUES else low)
                values.append(low + (reads - whole) * (high - low))
            self._accuracy[key] = fmean(values)
        return self._accuracy[key]

    def belief(self, view: dict[str, JSON], seat: int) -> list[float]:
        question = view.get("question") or {}
        hunch = str(view.get("your_hunch") or "")
        clues = hunch[: self.clues_for(question)]  # type: ignore[arg-type]
        allowed = list(view.get("your_options") or LETTERS)  # type: ignore[arg-type]
        held, trust = hands(view, seat)
        return belief(clues, clue_accuracy(int(view["level"])), allowed, held, trust)  # type: ignore[arg-type]

    # --- deciding --------------------------------------------------------------------------------
    def weigh(self, view: dict[str, JSON], legal: Sequence[Action], probabilities: Sequence[float],
              hunches: bool | None = None) -> Weighing:
        """Walking away, answering and each lifeline, in expected money; ``hunches`` says whether its
        later answers come from clues (by default, whether its seat is dealt hunches)."""
        you = int(view["you"])  # type: ignore[arg-type]
        steps = int(view["players"][you]["step"])  # type: ignore[index]
        own = dealt_hunches(view, you) if hunches is None else hunches
        friends = helpers(view, you)
        trust = max((vote_reliability(view, friend, you) for friend in friends), default=NO_HUNCH_RELIABILITY)
        audience = audience_evidence(view, you)
        bluffing = option_on(view, "bluffing")
        simulated = simulated_audience(view, you)
        hunched = sum(dealt_hunches(view, friend) for friend in friends)  # helpers dealt hunches

        def accuracy(level: int, spent: Lifelines) -> float:
            # Later questions: every vote as an average honest helper's, and under bluffing half
            # of them misleading (who will lead by then is unknown).
            honest = average_honesty(view, you, level)
            later = round((honest + BLUFF_RELIABILITY) / 2 if bluffing else honest, 6)
            voters = (SIMULATED_VOTERS, audience_accuracy(level)) if simulated else (len(friends), later)
            return self.accuracy(level, spent, voters, later, own)

        evidence = Evidence(audience[0], audience[1], trust)
        # The ladder's values depend on the table only (helpers, who of them has hunches, bluffing,
        # the audience, its own hunches): kept per table.
        memo = _LADDERS.setdefault((self._knows, len(friends), hunched, bluffing, simulated, own), {})
        return weigh(probabilities, steps, lifelines_left(legal), accuracy, evidence, memo)

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        you = int(view["you"])  # type: ignore[arg-type]
        probabilities = self.belief(view, you)
        # Options it believes alike are taken in a random order: knowing nothing, it does not
        # always say A.
        draws = [rng.random() for _ in LETTERS]
        ranked = sorted(range(4), key=lambda index: (-round(probabilities[index], 12), draws[index]))
        request = view.get("asked_of_you")
        if request:
            asker = int(request["asker"])  # type: ignore[index, call-overload]
            letter = LETTERS[ranked[1] if misleads(view, you, asker) else ranked[0]]
            return find(legal, {"card": letter}) or rng.choice(legal)
        weighing = self.weigh(view, legal, probabilities)
        lifeline = weighing.best_lifeline
        if lifeline == "phone":
            friend = self.best_friend(view, legal, rng)
            if friend is not None:
                return friend
        elif lifeline is not None:
            chosen = find(legal, {lifeline: True})
            if chosen is not None:
                return chosen
        if weighing.walks:
            return find(legal, {"walk": True}) or rng.choice(legal)
        return find(legal, {"answer": LETTERS[ranked[0]]}) or rng.choice(legal)

    def best_friend(self, view: dict[str, JSON], legal: Sequence[Action],
                    rng: random.Random) -> Action | None:
        """The phone call to the friend whose card it trusts most (the nearest seat among equals)."""
        you = int(view["you"])  # type: ignore[arg-type]
        calls = [action for action in legal if "phone" in action.to_json()]  # type: ignore[operator]
        if not calls:
            return None
        trust = {call: vote_reliability(view, int(call.to_json()["phone"]), you) for call in calls}  # type: ignore[index, call-overload]
        best = max(trust.values())
        return rng.choice([call for call in calls if trust[call] == best])


#: Each bot's skill dial: the clues of its hunch it reads.
SKILLS: dict[str, float] = {"knower-weak": 1.0, "knower": 2.0, "knower-strong": 4.0}


def _knower(name: str) -> Callable[[], KnowerBot]:
    def make() -> KnowerBot:
        return KnowerBot(name, SKILLS[name])

    make.__name__ = f"make_{name.replace('-', '_')}"
    return make


BOTS: tuple[BotInfo, ...] = (
    BotInfo("knower-weak", _knower("knower-weak"), N_("weak"),
            N_("reads one clue of its hunch (two in its strong categories), weighs the ladder")),
    BotInfo("knower", _knower("knower"), N_("average"),
            N_("reads two clues of its hunch, weighs the ladder and what each lifeline is worth")),
    BotInfo("knower-strong", _knower("knower-strong"), N_("strong"),
            N_("reads every clue of its hunch (three in its weak categories), weighs the ladder")),
)

__all__ = ["BLUFF_RELIABILITY", "BOTS", "SKILLS", "KnowerBot", "dealt_hunches", "misleads",
           "vote_reliability"]
