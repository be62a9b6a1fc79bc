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
from importlib.resources.abc import Traversable
from os import PathLike
from typing import TYPE_CHECKING, Any, Protocol

from highstakes.engine.action import JSON, Action
from highstakes.engine.bot import Bot

if TYPE_CHECKING:
    from highstakes.table import Legal, Table, TableContext

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
class Command:
    """A command of a game's own on the ``highstakes`` command line: ``highstakes NAME ...``.

    ``summary`` is one line in the game's words (marked with ``N_``, said in the reader's
    language); ``build`` adds the command's arguments (and sub-commands) to the parser the
    command line made for it, and sets ``run``, a function of the parsed arguments returning
    the exit code, with ``parser.set_defaults(run=...)``. Build nothing heavy: it runs with
    every command line. A name the command line or an earlier game already uses is refused.
    """

    name: str
    summary: str
    build: Callable[[Any], None]


class UsageError(Exception):
    """A mistake on the command line (a missing file, a bad name): one line, exit code 2."""


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



class ViewEncoder(Protocol):
    """A game's own encoding of a seat's view as a fixed-length vector of numbers.

    Used by the reinforcement-learning face (``highstakes.rl``) instead of its generic
    encoder, which is derived from the view's JSON structure. ``names`` says what each
    position holds (its length is the vector's); ``encode`` reads one view (any seat's,
    the seat being the view's own) into that many floats.
    """

    names: Sequence[str]

    def encode(self, view: Mapping[str, JSON]) -> Sequence[float]: ...


class TableDeclaration(Protocol):
    """What a game's ``GameDefinition.table`` is: a seat's table from what the seat is sent.

    ``view`` is the seat's view (typed by ``GameDefinition.view_type`` when the game declares
    one), ``legal`` its legal actions with their labels and its amount entries, ``context`` who
    is looking (the seat, a spectator, a replay) and whether the game is over. Pure and cheap:
    the server calls it for every state it sends, per seat. It returns the widgets of
    :mod:`highstakes.table`; None asks for the generic table.
    """

    def __call__(self, view: Any, legal: Legal, context: TableContext) -> Table | None: ...


@dataclass(frozen=True)
class TableExtension:
    """A drawer of the game's own for a :class:`highstakes.table.Custom` widget of ``kind``: the
    escape hatch for what no widget can show (the stacking game's stack drawn to scale).

    ``textual`` builds the terminal's widget for the custom's ``data`` (a function returning a
    Textual widget; imported only when the terminal draws it); ``web_module`` is an ES module
    exporting ``draw(data, context)`` that returns a DOM node, served at
    ``/games/<game>/table/<kind>.js``. A face without the drawer draws the custom's ``fallback``.
    """

    kind: str
    textual: Callable[[Any], Any] | None = None
    web_module: Traversable | None = None
