"""The contract every game implements.

A game package provides one :class:`GameDefinition` (what the game is, its options, how to
read actions from JSON, and the optional parts it offers: bots, advisor, solver, analysis,
terminal table, web renderer, rules text) and a :class:`GameState` subclass (the full
state with hidden information). Faces and bots never touch a ``GameState``: they go
through :class:`highstakes.engine.game.Game`, which validates every input and hands out
views.
"""

from __future__ import annotations

import inspect
import random
import warnings
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from importlib.resources import files
from importlib.resources.abc import Traversable
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import msgspec

from highstakes.engine.action import JSON, Action
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.ledger import Ledger
from highstakes.engine.options import GameOptions, OptionSpec, resolve_options
from highstakes.engine.parts import (
    Advisor,
    AmountEntry,
    Analysis,
    BotInfo,
    Command,
    Solver,
    TableExtension,
    TerminalTableFactory,
    ViewEncoder,
)
from highstakes.i18n import PLATFORM, Domain, _, get_language

if TYPE_CHECKING:
    from highstakes.table import Legal, Table, TableContext


class GameState(ABC):
    """The full state of one game. Mutable; ``clone`` must be cheap (no deepcopy).

    A game without chance writes none of the chance hooks: by default nothing is left to
    chance (``is_chance`` is False, ``chance_outcomes`` empty, and ``check_chance`` and
    ``apply_chance`` refuse in words). A game with chance writes ``is_chance``,
    ``chance_outcomes``, ``check_chance`` and ``apply_chance`` together.
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check_chance_hooks(cls)
        _warn_of_the_old_legality_pair(cls)

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now; several for simultaneous moves; () at chance or the end."""

    # --- chance: the defaults are those of a game without chance ----------------------------
    def is_chance(self) -> bool:
        """Whether a chance event (a roll, a deal, a case filled) is pending. Default: never."""
        return False

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        """Every outcome of the pending chance event in JSON form, with its probability.

        Default: none, for a game without chance."""
        return []

    def sample_chance(self, rng: random.Random) -> JSON:
        """Draw an outcome. Games override this when sampling directly is faster."""
        outcomes = self.chance_outcomes()
        return rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]

    def check_chance(self, outcome: JSON) -> Any:
        """Validate a scripted outcome; return it in the form ``apply_chance`` takes.

        Raises :class:`~highstakes.engine.errors.IllegalAction` for an impossible one. The
        default, for a game without chance, refuses every outcome in words.
        """
        raise IllegalAction("no_chance", _no_chance(), None)

    def draw_chance(self, rng: random.Random) -> tuple[JSON, Any]:
        """Draw an outcome: its JSON form (for the record) and the form ``apply_chance`` takes.

        What the engine calls when it resolves chance itself. Games override it to skip
        the JSON round trip (Greed draws its dice straight into a precomputed roll). The
        JSON form may use tuples where JSON has lists; records turn them into lists.
        """
        outcome = self.sample_chance(rng)
        return outcome, self.check_chance(outcome)

    def apply_chance(self, outcome: Any) -> None:
        """Apply an outcome ``check_chance`` accepted. The default, for a game without chance,
        refuses in words (the engine never calls it: nothing is ever pending)."""
        raise IllegalAction("no_chance", _no_chance(), None)

    def skip_chance(self, rng: random.Random) -> None:
        """Take from ``rng`` what a draw of the pending chance event would take, without using
        the draw: a replay does so before it applies the record's own outcome, so that the
        replayed game's random source stands where the original's stood.

        The default draws and throws the draw away. A game whose draws need more than the
        state (Millionaire's question pack, which may have changed since the game was
        recorded) overrides it to take the same random numbers without drawing.
        """
        self.draw_chance(rng)

    # --- decisions ----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]: ...

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why the rules forbid ``seat`` to take ``action`` now, or None when they allow it.

        The one legality hook: ``Game.act`` asks it at every move (search bots and the
        conformance kit play millions), for a seat among ``to_act()`` and an action that
        ``parse_action`` read, so answer the allowed case quickly and build the words only
        for a refusal. A refusal says, in the reader's language, which rule forbids the
        action (``Refusal(code, message, rule)``); actions beyond the menu of
        ``legal_actions`` that the rules allow (an amount typed in an ``amount_entries``
        range) are allowed here too.

        The default allows exactly the actions of ``legal_actions(seat)`` and refuses the
        rest in general words: write your own to name the rule. A game written before this
        hook, with ``is_legal`` and ``explain_illegal``, is answered from that pair for one
        more release (with a ``DeprecationWarning`` when its class is made).
        """
        cls = type(self)
        if cls.is_legal is GameState.is_legal:
            if action in self.legal_actions(seat):
                return None
        elif self.is_legal(seat, action):
            return None
        if cls.explain_illegal is GameState.explain_illegal:
            return Refusal("illegal_action", _("that move is not allowed now"), None)
        return Refusal(*self.explain_illegal(seat, action))

    def is_legal(self, seat: int, action: Action) -> bool:
        """Deprecated: ask ``refusal(seat, action) is None``. Kept for one release, for plugins."""
        return self.refusal(seat, action) is None

    def explain_illegal(self, seat: int, action: Action) -> tuple[str, str, str | None]:
        """Deprecated: ask ``refusal(seat, action)``. Kept for one release, for plugins:
        (code, message, rule) of an action the rules refuse."""
        refusal = self.refusal(seat, action)
        if refusal is None:
            raise ValueError(f"{action} is allowed now: there is no refusal to explain")
        return refusal.code, refusal.message, refusal.rule

    def why_not_to_act(self, seat: int) -> Refusal | None:
        """Why ``seat``, which is not among ``to_act``, may not act now, when a rule says so,
        as "you have locked in your answer". None: the engine's plain "not your turn", which
        suits games where seats simply take turns. (A plain (code, message, rule) tuple is
        still read, as before ``Refusal``.)"""
        return None

    @abstractmethod
    def apply_action(self, seat: int, action: Action) -> None:
        """Apply an action already known to be legal."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, JSON]:
        """What ``seat`` may see, as JSON-ready data; ``None`` is a spectator."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def result(self) -> dict[str, JSON]:
        """At the end: at least ``scores`` (one per seat) and ``winners`` (seats)."""

    @abstractmethod
    def clone(self) -> GameState: ...

    # --- optional hooks, with defaults for games that do not need them ---------------------
    def resample_hidden(self, seat: int | None, rng: random.Random) -> GameState:
        """A full state that ``seat`` could not tell from this one, drawn at random.

        Everything the seat cannot see (other hands, unopened cases, the bag) is drawn again
        from what its view and its own past actions allow, as if dealt anew; everything it
        can see stays. The result must depend only on that information and ``rng``: build
        pools in a canonical order (sorted) before shuffling. Search bots use this to
        sample worlds, and the conformance kit to prove views keep secrets. Games without
        hidden information set ``GameDefinition.hidden_information = False`` instead.
        """
        raise NotImplementedError(
            f"{type(self).__name__} has no resample_hidden: implement it, or declare "
            "hidden_information = False on the game's definition"
        )

    def position_key(self) -> JSON | None:
        """What makes this position what it is, for solvers that merge equal positions; None: no key.

        Two states with equal keys must be the same game from here on as far as who wins goes:
        the same seat to act (or chance to draw), choices and chance outcomes that lead to equal
        keys with equal probabilities, and the same winners at the end. Histories may differ,
        and so may anything else that cannot change the winners. OpenSpiel's value iteration
        runs on such keys (the adapter's positions mode), which is how a game with cycles (a
        turn that can come back to where it was) is solved at all.
        """
        return None

    def set_bot_seats(self, seats: tuple[int, ...]) -> None:
        """Hear which seats programs play (``Game(..., bots=...)``, kept in the record), before
        any chance and any setup. The default ignores it: most games play alike for people and
        bots. A game whose rules treat bots apart (Millionaire deals its hunches to bots only,
        WM-5) keeps it; it must then treat the seats alike in a replay, which passes the same."""
        return None

    def set_chance_scripted(self, scripted: bool) -> None:
        """Hear whether chance outcomes will be given from outside (True: a record being
        replayed, a script, ``Game(..., auto_chance=False)``) or drawn by the game (False), at
        the start and at each change. The default ignores it. A game that cannot draw some
        outcome itself (Millionaire replaying a game whose question pack has gone) refuses the
        moves that would need that draw only while it would have to draw it."""
        return None

    def apply_setup(self, setup: JSON) -> None:
        """Take what the definition's ``next_setup`` worked out from the table's last games
        (what to avoid, say), before the first chance event. Raises ValueError for a setup it
        cannot read (a record's, written by hand)."""
        raise ValueError(f"{type(self).__name__} takes no setup")

    def amount_entries(self, seat: int) -> list[AmountEntry]:
        """Kinds of action that take any amount in a range, beyond the menu of ``legal_actions``."""
        return []

    def money(self) -> Ledger | None:
        """The game's ledger, if it keeps money in one: its total never changes."""
        return None


class GameDefinition(ABC):
    """What a game is: identity, seat range, options, its action language and its parts.

    Everything a face may use is declared here, typed: the optional parts are methods that
    return None (or nothing) by default, and build their part on demand, so that heavy
    imports happen only when a face asks for the part.
    """

    id: str
    title: str
    summary: str
    min_seats: int
    max_seats: int
    #: The game's typed options (a frozen dataclass of ``option()`` fields).
    options_type: type[GameOptions]
    #: The table a face sets up when nobody says how many play (``highstakes play``, the
    #: lobby's "Play now" and its set-up form); None: the fewest the game allows.
    default_seats: int | None = None
    #: Whether some seat may not see everything; such a game implements ``resample_hidden``.
    hidden_information: bool = True
    #: Chance events plus decisions within which every game ends, whatever is played, once
    #: ``bounded_play`` is applied.
    max_game_length: int = 100_000
    #: Option values that keep random play finite (a last round, a deal limit): limits the
    #: rulebook does not have, so never a table's defaults. What plays random games (the
    #: conformance kit, the benches, the research faces) passes them through
    #: ``bounded_options`` for every option it leaves at its default.
    bounded_play: Mapping[str, Any] = MappingProxyType({})
    #: View keys (at any depth) whose values are seats or lists of seats, so that generic
    #: faces can show them as people count seats, from 1.
    seat_keys: frozenset[str] = frozenset({"seat", "seats_to_act", "current", "winners", "starter"})
    #: The package that ships the game's files, by their usual names: ``rules.md`` (the
    #: rules for players), ``README.md`` (the reference page) and ``web/renderer.js`` (the
    #: browser table). Usually ``__name__`` of the module defining the game; None: no files.
    resources: str | None = None
    #: The type of a seat's view (a msgspec Struct) when the game declares it: ``view()``'s JSON
    #: converts to it, and the table's declaration gets it typed (``typed_view``). None: views
    #: are given as their JSON.
    view_type: type[msgspec.Struct] | None = None

    # --- the rules ---------------------------------------------------------------------------
    @property
    def usual_seats(self) -> int:
        """How many seats a table has when nobody says: ``default_seats``, else ``min_seats``."""
        return self.default_seats if self.default_seats is not None else self.min_seats

    @property
    def option_specs(self) -> tuple[OptionSpec, ...]:
        return self.options_type.specs()

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """``given`` over the defaults, checked; a refusal names what is allowed in the reader's
        language, the game's own words (what an option accepts beyond its choices) included."""
        return resolve_options(self.id, self.option_specs, given, self.text)

    def bounded_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """``given`` with ``bounded_play`` filling each option it leaves at its default: the
        options random play needs to end within ``max_game_length``."""
        options = dict(given or {})
        defaults = {spec.name: spec.default for spec in self.option_specs}
        for name, value in self.bounded_play.items():
            current = options.get(name, defaults[name])
            if current == defaults[name] and type(current) is type(defaults[name]):
                options[name] = value
        return options

    @abstractmethod
    def new_state(self, seats: int, options: Any) -> GameState:
        """The state at the start; ``options`` is an instance of ``options_type``."""

    @abstractmethod
    def parse_action(self, data: JSON) -> Action:
        """Read an action from its JSON form; raise IllegalAction('bad_action', ...) if malformed."""

    def partnerships(self, seats: int, options: Any) -> tuple[tuple[int, ...], ...] | None:
        """The sides that play together at this table, as seats (from 0); None: every seat for itself.

        ``options`` is an instance of ``options_type``. When given, the sides partition the
        seats and partners share one score in ``result()`` (the conformance kit checks both).
        ``highstakes simulate --duplicate`` compares two bots over a game of two partnerships.
        """
        return None

    def duplicate_options(self, seats: int, options: Any) -> Any:
        """The options a duplicate comparison plays under: by default the table's own.

        Duplicate play deals each game twice from one seed, the sides' seats swapped, and
        compares the two; a game of many deals returns options for one deal here, so that
        each comparison is of one deal and the seed decides it before any decision.
        """
        return options

    def max_chance_outcomes(self, seats: int, options: Any) -> int | None:
        """The most outcomes one chance event of this table lists (0: nothing is left to chance).

        ``options`` is an instance of ``options_type``. The OpenSpiel face numbers a chance
        event's outcomes from 0 and must know the bound; None: it estimates it from random games.
        """
        return None

    # --- optional parts -------------------------------------------------------------------------
    def rules_text(self) -> str:
        """The rules for players in the reader's language, as Markdown.

        ``rules.<language>.md`` of ``resources`` (``rules.es.md``), else the English
        ``rules.md``, else the summary.
        """
        page = self._resource(f"rules.{get_language()}.md") or self._resource("rules.md")
        return page.read_text(encoding="utf-8") if page is not None else self.text(self.summary)

    def next_setup(self, records: Sequence[Mapping[str, Any]]) -> JSON | None:
        """What the next game at a table carries over from the table's last games, given their
        records (oldest first): a room's rematch, the terminal's new game. None: nothing.

        The value goes to the new state's ``apply_setup`` and into the new game's record (its
        first entry, ``{"setup": ...}``), so a replay is exact whatever came before. Faces
        pass the games they have at hand (a room's last game); a game that looks further back
        carries the older ones on in its setup, as Millionaire does with the questions seen.
        """
        return None

    def commands(self) -> Sequence[Command]:
        """The game's own commands for the ``highstakes`` command line (``highstakes NAME ...``)."""
        return ()

    def bots(self) -> Sequence[BotInfo]:
        """The game's own bots, weakest first (``random`` is always offered besides)."""
        return ()

    def strongest_bot(self, seats: int, options: Mapping[str, Any]) -> str:
        """The name of the strongest bot for this table: by default the last of ``bots()``."""
        own = self.bots()
        return own[-1].name if own else "random"

    def advisor(self) -> Advisor | None:
        """What the hint key asks: the advice for a seat's view and legal actions."""
        return None

    def solver(self) -> Solver | None:
        return None

    def analysis(self) -> Analysis | None:
        """Statistics of the game's own that ``highstakes simulate`` adds."""
        return None

    def terminal_table(self) -> TerminalTableFactory | None:
        """The game's own full-screen terminal table; None plays it at the generic one."""
        return None

    def web_renderer(self) -> Traversable | None:
        """The game's browser renderer (an ES module); None draws it with the generic one."""
        return self._resource("web", "renderer.js")

    def action_catalogue(self, seats: int, options: Any) -> Sequence[JSON] | None:
        """Every action (in JSON) the game can ever offer at this table, when they are few enough
        to list; None (the default) when they are not, or not listed.

        ``options`` is an instance of ``options_type``. The research faces (``highstakes.rl``,
        ``highstakes.openspiel``) number their discrete actions by this list, so it must hold
        every action ``legal_actions`` may offer, each once; its order is the action numbers'.
        """
        return None

    def observation_encoder(self, seats: int, options: Any) -> ViewEncoder | None:
        """A better encoding of a seat's view as numbers than the generic one derived from the
        view's JSON (dice as counts, cards as one-hot), for ``highstakes.rl``; None: the generic."""
        return None

    # --- the table ----------------------------------------------------------------------------
    def table(self, view: Any, legal: Legal, context: TableContext) -> Table | None:
        """What a seat sees, declared once for every face (see ``parts.TableDeclaration``).

        The widgets of :mod:`highstakes.table`, built from the seat's ``view`` (typed, see
        ``typed_view``), its ``legal`` actions and amount entries, and ``context`` (who looks,
        a replay, the end). None (the default): the generic table, the view as panels and the
        legal actions as a menu. Pure and cheap; see ``docs/adding-a-game.md``.
        """
        return None

    @property
    def declares_table(self) -> bool:
        """Whether the game declares its table (``table`` is its own), rather than taking the generic one."""
        return type(self).table is not GameDefinition.table

    def typed_view(self, view: Mapping[str, Any]) -> Any:
        """A seat's view as ``view_type`` (``msgspec.convert``), or as it is when none is declared.
        A view that does not fit its type raises ``msgspec.ValidationError`` saying where."""
        return view if self.view_type is None else msgspec.convert(view, self.view_type)

    def table_extensions(self) -> Sequence[TableExtension]:
        """The game's own drawers for its :class:`~highstakes.table.Custom` widgets, by kind."""
        return ()

    def docs_page(self) -> Traversable | None:
        """The game's reference page for developers (Markdown): options, actions, views."""
        return self._resource("README.md")

    def _resource(self, *path: str) -> Traversable | None:
        return package_file(self.resources, *path) if self.resources else None

    # --- words -------------------------------------------------------------------------------------------
    def words(self) -> Domain:
        """The game's message catalog (its id is the domain, kept in ``resources``)."""
        return Domain(self.id, self.resources) if self.resources else PLATFORM

    def text(self, message: str) -> str:
        """One of the game's own words (its title, a bot's label, an option's meaning) for the reader."""
        return self.words().gettext(message) if message else message

    def describe(self) -> dict[str, JSON]:
        """What the game is, its words in the reader's language (ids and values as they are)."""
        return {
            "id": self.id,
            "title": self.text(self.title),
            "summary": self.text(self.summary),
            "min_seats": self.min_seats,
            "max_seats": self.max_seats,
            "default_seats": self.usual_seats,
            "options": [spec.to_json(self.text) for spec in self.option_specs],
            "hidden_information": self.hidden_information,
            "seat_keys": sorted(self.seat_keys),
        }


def package_file(package: str, *path: str) -> Traversable | None:
    """A file shipped in a game's package, or None when it does not exist."""
    candidate = files(package).joinpath(*path)
    return candidate if candidate.is_file() else None


# --- checks made when a game's state class is made ------------------------------------------------
#: The hooks a game with chance writes together (the rest have defaults built on them).
_CHANCE_HOOKS = ("is_chance", "chance_outcomes", "check_chance", "apply_chance")
#: The legality pair that ``GameState.refusal`` replaced.
_OLD_LEGALITY_PAIR = ("is_legal", "explain_illegal")


def _no_chance() -> str:
    return _("nothing is left to chance in this game")


def _check_chance_hooks(cls: type[GameState]) -> None:
    """A state class with chance of its own must write all four chance hooks: with one left at
    its default (a game without chance's), its chance events could not be listed or applied."""
    if inspect.isabstract(cls):
        return
    written = [name for name in _CHANCE_HOOKS if getattr(cls, name) is not getattr(GameState, name)]
    if written and len(written) < len(_CHANCE_HOOKS):
        missing = ", ".join(name for name in _CHANCE_HOOKS if name not in written)
        raise TypeError(f"{cls.__qualname__} writes {', '.join(written)} but not {missing}: a game with "
                        "chance writes all of is_chance, chance_outcomes, check_chance and apply_chance, "
                        "a game without chance none of them")


def _warn_of_the_old_legality_pair(cls: type[GameState]) -> None:
    """Warn once, where the class is written, that it answers legality with the old pair."""
    old = [name for name in _OLD_LEGALITY_PAIR if name in vars(cls)]
    if old and cls.refusal is GameState.refusal:
        warnings.warn(
            f"{cls.__qualname__} answers legality with {' and '.join(old)}, which are deprecated: write "
            "refusal(seat, action), returning a Refusal(code, message, rule) or None when the action is "
            "allowed; the old pair is read for one more release",
            DeprecationWarning,
            stacklevel=4,
        )
