"""The optional parts a game may offer beyond its rules, as typed values.

A game declares them in one place, the methods of its
:class:`~highstakes.engine.contract.GameDefinition` (``bots()``, ``advisor()``,
``solver()``, ``analysis()``, ``terminal_table()``, ``web_renderer()``...), and the faces
use only those: nothing is looked up by a string. Parts that need heavy imports (a
solver's NumPy, a terminal table's Textual) are built inside those methods, so listing
the games stays cheap.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from os import PathLike
from typing import Any, Protocol

from highstakes.engine.action import JSON, Action
from highstakes.engine.bot import Bot

#: An advisor reads a seat's view and legal actions and says what it would play and why:
#: at least ``action`` (JSON or None) and ``label`` (words for a person). What the person tells
#: it with the request (a hint message's ``input``) is in the view as ``hint_input``.
Advisor = Callable[[dict[str, JSON], list[Action]], dict[str, JSON]]

#: Told (done, total) as a long computation progresses.
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BotInfo:
    """One bot a game offers.

    ``name`` is the short id the command line and the API use (``optimal``); ``label``
    is how a person reads it ("best play"), and ``about`` one sentence on how it plays.
    ``uses_solver`` says the bot plays from the game's solver's solution: a face prepares
    that solution (``Solver.solve``) before the bot's first move, and only for such bots.
    """

    name: str
    make: Callable[[], Bot]
    label: str
    about: str = ""
    uses_solver: bool = False


@dataclass(frozen=True)
class Report:
    """What a long computation or an analysis found: ``data`` for ``--json``, ``lines`` for people."""

    data: dict[str, JSON]
    lines: Sequence[tuple[str, str]] = ()


@dataclass(frozen=True)
class Solver:
    """A game's exact solver, run by ``highstakes solve`` and used by its strongest bots.

    ``cached(options)`` answers from a stored solution (None when there is none);
    ``solve(options, progress)`` computes and stores one; ``seconds(options)`` is a rough
    time for that first solve on an ordinary machine, so faces can say how long to wait.
    """

    about: str
    cached: Callable[[Mapping[str, Any]], Report | None]
    solve: Callable[[Mapping[str, Any], Progress | None], Report]
    seconds: Callable[[Mapping[str, Any]], float]


@dataclass(frozen=True)
class Plot:
    """A chart ``highstakes simulate --plot`` can draw from the game's analysis data."""

    about: str
    draw: Callable[[str | PathLike[str], Mapping[str, JSON]], str]


@dataclass(frozen=True)
class Analysis:
    """Statistics a game adds to ``highstakes simulate``.

    ``summarize(games, bot_names, seed, options)`` plays (or reuses) games and returns its
    data; ``describe(data)`` puts it in words; ``plot``, when present, draws it.
    """

    summarize: Callable[[int, Sequence[str], int, Mapping[str, Any]], dict[str, JSON]]
    describe: Callable[[Mapping[str, JSON]], str]
    plot: Plot | None = None


@dataclass(frozen=True)
class AmountEntry:
    """A kind of action that takes any amount in a range, beyond the menu ``legal_actions`` lists.

    The action's JSON is ``{kind: amount}``. People type amounts in ``unit``s (dollars),
    the JSON counts in the game's own units (cents): ``scale`` of those make one unit.
    ``low`` and ``high`` bound the JSON amount and ``step`` divides it.
    """

    kind: str
    label: str
    low: int
    high: int
    step: int = 1
    scale: int = 1
    currency: str | None = None  # an ISO 4217 code when the amount is money
    unit: str = ""  # what one typed unit is called when it is not money ("points")

    def to_json(self) -> dict[str, JSON]:
        return {
            "kind": self.kind, "label": self.label, "low": self.low, "high": self.high,
            "step": self.step, "scale": self.scale, "currency": self.currency, "unit": self.unit,
        }


class TerminalTable(Protocol):
    """A full-screen terminal table, ready to run (a Textual app)."""

    def run(self) -> Any: ...


class TerminalTableFactory(Protocol):
    """What builds a game's terminal table: its class, usually."""

    def __call__(
        self,
        seats: int,
        bots: Sequence[str | None],
        seed: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        record_path: str | PathLike[str] | None = None,
        bot_delay: float = ...,
    ) -> TerminalTable: ...

