"""A tiny game with hidden information and money, and ways to break it, for the conformance kit's tests.

**Bluff die.** Seat 0 rolls a die in secret and claims "high" (4 to 6) or "low"; seat 1
believes or doubts. A doubted lie, or a believed truth... the loser of each round pays one
chip to the other through a ledger. Three rounds, then the richer seat wins. Seat 1 may also
doubt with a wager of 1 to 3 chips, typed as an amount (``{"wager": 2}``): the loser pays that.

``BluffDefinition(breakage)`` makes a version broken in one way the kit must catch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

import msgspec

from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.ledger import Ledger
from highstakes.engine.options import GameOptions, option
from highstakes.engine.parts import AmountEntry

ROUNDS = 3
MAX_WAGER = 3
BREAKAGES = (
    "none", "leaky_view", "shared_clone", "endless", "money_leak", "loose_parse", "no_moves",
    "tuple_json", "noop_resample", "peeking_resample", "crashing_refusal", "crashing_amount",
    "unreadable_amount", "careless_table", "mistyped_view",
)


@dataclass(frozen=True)
class BluffOptions(GameOptions):
    GAME_ID = "bluff"
    rounds: int = option(ROUNDS, (ROUNDS, 1), "rounds to play")


@dataclass(frozen=True, slots=True)
class Say(Action):
    word: str  # "high", "low", "believe", "doubt"

    def to_json(self) -> JSON:
        return {"say": self.word}

    def __str__(self) -> str:
        return f"say {self.word}"


@dataclass(frozen=True, slots=True)
class Wager(Action):
    chips: int

    def to_json(self) -> JSON:
        return {"wager": self.chips}

    def __str__(self) -> str:
        return f"doubt, wagering {self.chips} chips"


class TupleSay(Say):
    def to_json(self) -> JSON:
        return {"say": (self.word,)}


class BluffState(GameState):
    def __init__(self, options: BluffOptions, breakage: str) -> None:
        self.breakage = breakage
        self.rounds = options.rounds
        self.die: int | None = None
        self.claim: str | None = None
        self.history: list[dict[str, JSON]] = []
        self.ledger = Ledger({"seat0": 10, "seat1": 10})

    def to_act(self) -> tuple[int, ...]:
        if self.is_over() or self.die is None:
            return ()
        return (0,) if self.claim is None else (1,)

    def is_chance(self) -> bool:
        return not self.is_over() and self.die is None

    def is_over(self) -> bool:
        return self.breakage != "endless" and len(self.history) >= self.rounds

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        return [(face, 1 / 6) for face in range(1, 7)]

    def check_chance(self, outcome: JSON) -> int:
        if type(outcome) is not int or not 1 <= outcome <= 6:
            raise IllegalAction("bad_chance", f"a die shows 1 to 6; got {outcome!r}")
        return outcome

    def apply_chance(self, outcome: int) -> None:
        self.die = outcome

    def _words(self, seat: int) -> tuple[str, ...]:
        return ("high", "low") if seat == 0 else ("believe", "doubt")

    def legal_actions(self, seat: int) -> list[Action]:
        kind = TupleSay if self.breakage == "tuple_json" else Say
        if seat not in self.to_act():
            return []
        if self.breakage == "no_moves" and self.history:
            return []  # a seat that must act, with nothing it may do
        return [kind(word) for word in self._words(seat)]

    def amount_entries(self, seat: int) -> list[AmountEntry]:
        if seat != 1 or seat not in self.to_act():
            return []
        return [AmountEntry("wager", "Wager", 1, MAX_WAGER, unit="chips")]

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        if isinstance(action, Wager):
            if seat == 1 and 1 <= action.chips <= MAX_WAGER:
                return None
        elif action in self.legal_actions(seat):
            return None
        if self.breakage == "crashing_refusal":
            raise KeyError("oops")
        if isinstance(action, Wager) and seat == 1:
            if self.breakage == "crashing_amount":
                # Chips written with hundredths, in a decimal context of 28 digits: 10**30 does not fit.
                Decimal(action.chips).quantize(Decimal("0.01"))
            return Refusal("bad_wager", f"a wager is 1 to {MAX_WAGER} chips", "bluff")
        return Refusal("wrong_word", f"say one of {', '.join(self._words(seat))}", "bluff")

    def apply_action(self, seat: int, action: Action) -> None:
        assert isinstance(action, Say | Wager)
        if seat == 0:
            assert isinstance(action, Say)
            self.claim = action.word
            return
        assert self.die is not None and self.claim is not None
        truth = (self.die >= 4) == (self.claim == "high")
        call = action.word if isinstance(action, Say) else "doubt"
        stake = action.chips if isinstance(action, Wager) else 1
        doubter_right = (call == "doubt") != truth
        loser, winner = ("seat0", "seat1") if doubter_right else ("seat1", "seat0")
        if self.breakage == "money_leak":
            self.ledger._balances[winner] += 1
        else:
            self.ledger.transfer(loser, winner, stake)
        self.history.append({"die": self.die, "claim": self.claim, "call": call, "stake": stake})
        self.die, self.claim = None, None

    def view(self, seat: int | None) -> dict[str, JSON]:
        sees_die = seat == 0 or self.breakage == "leaky_view"
        return {
            "game": "bluff", "you": seat,
            "die": self.die if sees_die else None,
            "claim": self.claim,
            "history": [dict(entry) for entry in self.history],
            "chips": [self.ledger.balance("seat0"), self.ledger.balance("seat1")],
        }

    def result(self) -> dict[str, JSON]:
        chips = [self.ledger.balance("seat0"), self.ledger.balance("seat1")]
        top = max(chips)
        return {"scores": chips, "winners": [seat for seat, c in enumerate(chips) if c == top]}

    def clone(self) -> BluffState:
        copy = BluffState.__new__(BluffState)
        copy.__dict__.update(self.__dict__)
        copy.ledger = self.ledger.clone()
        if self.breakage != "shared_clone":
            copy.history = list(self.history)
        return copy

    def money(self) -> Ledger:
        return self.ledger

    def resample_hidden(self, seat: int | None, rng: random.Random) -> BluffState:
        world = self.clone()
        if seat != 0 and self.die is not None and self.breakage != "noop_resample":
            redrawn = rng.randint(1, 6)
            # A hook that peeks keeps the real die half the time: it depends on a secret.
            world.die = self.die if self.breakage == "peeking_resample" and rng.random() < 0.5 else redrawn
        return world


class _WrongView(msgspec.Struct):
    no_such_key: int


class BluffDefinition(GameDefinition):
    title = "Bluff die"
    summary = "Claim high or low about a secret die; the other believes or doubts."
    min_seats = 2
    max_seats = 2
    options_type = BluffOptions
    max_game_length = 50

    def __init__(self, breakage: str = "none") -> None:
        self.breakage = breakage
        self.id = "bluff" if breakage == "none" else f"bluff_{breakage}"

    def new_state(self, seats: int, options: Any) -> BluffState:
        return BluffState(options, self.breakage)

    @property
    def view_type(self) -> Any:  # type: ignore[override]
        """A view type that does not fit the views, for the "mistyped_view" breakage."""
        return _WrongView if self.breakage == "mistyped_view" else None

    def table(self, view: Any, legal: Any, context: Any) -> Any:
        """The generic table, but for the "careless_table" breakage: a button that doubts always."""
        if self.breakage != "careless_table":
            return None
        from highstakes.table import Menu, MenuItem, Plain, Table

        return Table(controls=[Menu(items=[MenuItem(act={"say": "doubt"}, label=Plain(text="doubt"))])])

    def parse_action(self, data: JSON) -> Action:
        if isinstance(data, dict) and set(data) == {"wager"}:
            chips = data["wager"]
            if type(chips) is not int:
                if self.breakage == "unreadable_amount":
                    raise IllegalAction("bad_action", f"wager takes an int; got {chips!r}")
                raise IllegalAction("bad_action", f"a wager is a whole number of chips from 1 to {MAX_WAGER}")
            return Wager(chips)
        if self.breakage == "loose_parse":
            return Say(str(data.get("say")) if isinstance(data, dict) else "high")
        if not isinstance(data, dict) or set(data) != {"say"}:
            raise IllegalAction("bad_action", 'an action is {"say": word} or {"wager": chips}')
        word = data["say"]
        if isinstance(word, list | tuple) and self.breakage == "tuple_json":
            word = word[0] if word else None
        if word not in ("high", "low", "believe", "doubt"):
            raise IllegalAction("bad_action", "say high, low, believe or doubt")
        return TupleSay(word) if self.breakage == "tuple_json" else Say(word)
