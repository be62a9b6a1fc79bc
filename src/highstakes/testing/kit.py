"""The conformance kit: random games of any registered game, checking the contract after every step.

In the spirit of OpenSpiel's ``random_sim_test`` and PettingZoo's ``api_test``::

    from highstakes.testing import check_game
    check_game("pig", games=200, seed=0)

Games run through the public API (:func:`highstakes.new_game`, ``Game``) over every seat count
and a sample of option combinations, with chance drawn from the seed and, once per table,
scripted, and a random set of seats said to be bots' (``new_game(..., bots=...)``), which the
record must keep and its replays agree with. After every step the kit checks what every face
and bot relies on; at a sample of steps it also checks the costlier properties (clones,
refusals, secrecy, and each seat's table: declared or generic, of the declared view type, bound
only to legal actions). A failure raises :class:`ConformanceError` naming the game, table, seed,
step and the property broken.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import itertools
import json
import math
import pickle
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from pathlib import Path
from typing import Any

import msgspec

import highstakes as hs
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition

#: Malformed actions every game must refuse: wrong shapes and types of every kind.
JUNK: tuple[JSON, ...] = (
    None, True, 0, -1, 1.5, float("nan"), "", "x", "pass", [], [1, 2], {}, {"": None},
    {"no such action": True}, {"a": {"b": {"c": []}}}, 10**40, [[[]]], "\u0000", "\ud800",
)
#: Values a field of a legal action is replaced with to make it the wrong type.
WRONG_TYPES: tuple[JSON, ...] = (None, 1.5, "x", [], {}, True, -(10**30))
#: What no amount, nor any number an action carries, may be: huge, negative beyond any range,
#: a fraction, a boolean, null, infinite, not a number, or not a number at all. A float is
#: refused even when it is whole (100.0): amounts are whole numbers in JSON, as JavaScript
#: writes them, and an action reads back as itself.
ODD_NUMBERS: tuple[JSON, ...] = (
    10**30, 10**400, -(10**30), 1.5, True, False, None, float("inf"), float("-inf"), float("nan"),
    "abc", [], {},
)
#: Signs that a refusal shows a person the program's insides instead of words: a rule's
#: reference, Python's names for values, empty containers, a number of more digits than any
#: amount is written with (highstakes.i18n.numbers writes at most a quadrillion).
_UNREADABLE = re.compile(r"§|\b(?:True|False|None|inf|nan|NaN|Infinity)\b|\[\]|\{\}|\d{17,}")
#: The longest refusal a person is expected to read about an amount.
_LONGEST_REFUSAL = 400


class ConformanceError(AssertionError):
    """A game broke the contract; the message says which property, where and how to reproduce it."""


@dataclass
class ConformanceReport:
    """What the kit played: how many games and steps, at which tables."""

    game: str
    games: int = 0
    steps: int = 0
    tables: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    refused_tables: list[tuple[int, dict[str, Any], str]] = field(default_factory=list)


@dataclass
class _Where:
    game: str
    seats: int
    options: Mapping[str, Any]
    seed: int
    step: int = 0
    bots: tuple[int, ...] = ()  # the seats the game is told bots play

    def fail(self, problem: str) -> ConformanceError:
        return ConformanceError(
            f"{self.game} (seats={self.seats}, options={dict(self.options)!r}, seed={self.seed}, "
            f"bots={list(self.bots)}, step {self.step}): {problem}"
        )


def check_game(game_id: str, games: int = 200, seed: int = 0, *, deep_share: float = 0.25,
               max_option_sets: int = 6) -> ConformanceReport:
    """Play ``games`` random games of ``game_id`` and check the contract; raises ConformanceError.

    ``deep_share`` is the share of steps at which the costlier checks run (clones, refusals,
    secrecy, JSON round trips of every seat's view); the cheap ones run at every step.
    """
    definition = hs.definition(game_id)
    _catalogue.cache_clear()  # a game registered again under the same id may declare another
    _check_definition(definition)
    _check_words(definition)
    rng = random.Random(f"conformance:{game_id}:{seed}")
    report = ConformanceReport(game_id)
    tables = _tables(definition, rng, max_option_sets)
    playable: list[tuple[int, dict[str, Any]]] = []
    for seats, options in tables:
        try:
            hs.new_game(game_id, seats, seed=0, options=options)
        except ValueError as refusal:  # a combination the game refuses for this seat count
            report.refused_tables.append((seats, options, str(refusal)))
            continue
        _check_partnerships(definition, seats, options)
        playable.append((seats, options))
    if not playable:
        raise ConformanceError(f"{game_id}: no table could be created; every combination was refused")
    report.tables = playable
    diverged = [False]  # whether a resampled world ever played out differently from another
    scripted_done: set[int] = set()
    last_records: dict[int, dict[str, Any]] = {}  # each table's last game, for the next one's setup
    for index in range(games):
        seats, options = playable[index % len(playable)]
        game_seed = rng.getrandbits(48)
        where = _Where(game_id, seats, options, game_seed, bots=_some_bots(seats, game_seed))
        table = index % len(playable)
        scripted = table not in scripted_done
        scripted_done.add(table)
        setup = _next_setup(definition, last_records.get(table), where)
        steps, last_records[table] = _check_one_game(definition, where, random.Random(game_seed), deep_share,
                                                     scripted, diverged, setup)
        report.steps += steps
        report.games += 1
    if definition.hidden_information and not diverged[0]:
        raise ConformanceError(
            f"{game_id}: worlds resampled for a seat never played out differently, so resample_hidden "
            "redraws nothing: it must redraw everything the seat cannot see (or declare "
            "hidden_information = False)"
        )
    return report


# --- what is checked once ---------------------------------------------------------------------------
def _check_words(definition: GameDefinition) -> None:
    """A game with its own words speaks every language the faces do: each of its messages
    translated, placeholders kept, catalogs compiled, and its rules in each language."""
    if not definition.resources:
        return  # a game without a package of its own (a test's toy) has no words to translate
    from highstakes.i18n.catalogs import TRANSLATED, Domain, check

    root = Path(str(files(definition.resources)))
    problems = check(Domain(definition.id, root))
    if (root / "rules.md").exists():
        problems += [f"{definition.id}: no rules.{language}.md beside rules.md" for language in TRANSLATED
                     if not (root / f"rules.{language}.md").exists()]
    if problems:
        more = len(problems) - 10
        shown = "\n  ".join(problems[:10]) + (f"\n  ... and {more} more" if more > 0 else "")
        raise ConformanceError(f"{definition.id}'s words (python -m highstakes.i18n check --game "
                               f"{definition.id}):\n  {shown}")


def _check_definition(definition: GameDefinition) -> None:
    where = f"{definition.id}'s definition"
    if not (isinstance(definition.min_seats, int) and 1 <= definition.min_seats <= definition.max_seats):
        raise ConformanceError(f"{where}: seats must run from min_seats >= 1 to max_seats")
    if not definition.min_seats <= definition.usual_seats <= definition.max_seats:
        raise ConformanceError(f"{where}: default_seats must lie between min_seats and max_seats")
    if not definition.title or not definition.summary:
        raise ConformanceError(f"{where}: needs a title and a summary for people")
    names = [spec.name for spec in definition.option_specs]
    if len(set(names)) != len(names):
        raise ConformanceError(f"{where}: two options share a name")
    for spec in definition.option_specs:
        if not any(spec.default == choice and type(spec.default) is type(choice) for choice in spec.choices):
            raise ConformanceError(f"{where}: option {spec.name!r} has a default not among its choices")
        _must_round_trip(spec.to_json(), f"{where}: option {spec.name!r}", ConformanceError)
    bot_names = [bot.name for bot in definition.bots()]
    if len(set(bot_names)) != len(bot_names) or "random" in bot_names:
        raise ConformanceError(f"{where}: bot names must be distinct and must not be 'random'")
    for bot in definition.bots():
        if not bot.label:
            raise ConformanceError(f"{where}: bot {bot.name!r} needs a label people can read")
    for seats in range(definition.min_seats, definition.max_seats + 1):
        defaults = {spec.name: spec.default for spec in definition.option_specs}
        strongest = definition.strongest_bot(seats, defaults)
        if strongest not in ["random", *bot_names]:
            raise ConformanceError(f"{where}: strongest_bot({seats}) names {strongest!r}, a bot it lacks")
    for seats in (definition.min_seats - 1, definition.max_seats + 1):
        try:
            hs.new_game(definition.id, seats, seed=0)
        except ValueError:
            continue
        raise ConformanceError(f"{where}: a game of {seats} seats was created outside the seat range")
    try:
        hs.new_game(definition.id, definition.min_seats, seed=0, options={"no such option": 1})
    except ValueError:
        pass
    else:
        raise ConformanceError(f"{where}: an unknown option was accepted")


def _check_partnerships(definition: GameDefinition, seats: int, options: Mapping[str, Any]) -> None:
    """Partnerships, when a table has them, split its seats into sides, each seat in exactly one;
    the options for a duplicate comparison are the game's own type and make a game."""
    where = f"{definition.id} (seats={seats}, options={dict(options)!r})"
    typed = definition.options_type.from_json(options)
    sides = definition.partnerships(seats, typed)
    if sides is None:
        return
    listed = [seat for side in sides for seat in side] if isinstance(sides, tuple) else []
    if (not isinstance(sides, tuple) or not all(isinstance(side, tuple) and side for side in sides)
            or sorted(listed) != list(range(seats)) or not all(type(seat) is int for seat in listed)):
        raise ConformanceError(f"{where}: partnerships() must split the seats 0 to {seats - 1} into "
                               f"non-empty tuples, each seat in exactly one; got {sides!r}")
    duplicate = definition.duplicate_options(seats, typed)
    if not isinstance(duplicate, definition.options_type):
        expected = definition.options_type.__name__
        raise ConformanceError(f"{where}: duplicate_options() must return {expected}; got {duplicate!r}")
    try:
        hs.new_game(definition.id, seats, seed=0, options=duplicate.to_json())
    except ValueError as refusal:
        raise ConformanceError(f"{where}: duplicate_options() gives options that make no game: "
                               f"{refusal}") from None


def _tables(definition: GameDefinition, rng: random.Random, limit: int) -> list[tuple[int, dict[str, Any]]]:
    """Every seat count, each with a sample of option sets: the defaults, then single changes, then mixes."""
    specs = definition.option_specs
    option_sets: list[dict[str, Any]] = [{}]
    for spec in specs:
        for choice in spec.choices:
            if choice != spec.default or type(choice) is not type(spec.default):
                option_sets.append({spec.name: choice})
    mixes = list(itertools.product(*(spec.choices for spec in specs))) if specs else []
    rng.shuffle(mixes)
    for mix in mixes[: max(0, limit - len(option_sets))]:
        option_sets.append({spec.name: value for spec, value in zip(specs, mix, strict=True)})
    if len(option_sets) > limit:
        option_sets = option_sets[:1] + rng.sample(option_sets[1:], limit - 1)
    seat_counts = range(definition.min_seats, definition.max_seats + 1)
    # Random play must end: the limits a game declares for it fill the options left at their
    # defaults (the rulebook's defaults have none).
    option_sets = [definition.bounded_options(options) for options in option_sets]
    # Seat counts vary fastest, so that even a few games cover every seat count.
    return [(seats, options) for options in option_sets for seats in seat_counts]


# --- one game -------------------------------------------------------------------------------------------
def _some_bots(seats: int, seed: int) -> tuple[int, ...]:
    """A random set of seats said to be bots' (none, some or all), from the game's seed alone."""
    rng = random.Random(f"bots:{seed}")
    return tuple(seat for seat in range(seats) if rng.random() < 0.5)


def _check_bots_kept(game: hs.Game, where: _Where) -> None:
    """The game knows the seats it was told bots play, and its record keeps them."""
    kept = game.record().get("bots", [])
    if game.bot_seats != where.bots or kept != list(where.bots):
        raise where.fail(f"the seats told to be bots' are {list(where.bots)}, but the game says "
                         f"{list(game.bot_seats)} and its record {kept!r}")


def _next_setup(definition: GameDefinition, last: dict[str, Any] | None, where: _Where) -> JSON | None:
    """What the table's next game carries over from its last one (``next_setup``), checked as JSON."""
    if last is None:
        return None
    try:
        setup = definition.next_setup([json.loads(json.dumps(last))])
    except Exception as error:
        raise where.fail(f"next_setup of the table's last game raised {error!r}") from None
    if setup is not None:
        _must_round_trip(setup, "next_setup's value", where.fail)
    return setup


def _check_one_game(definition: GameDefinition, where: _Where, rng: random.Random, deep_share: float,
                    scripted: bool, diverged: list[bool], setup: JSON | None = None,
                    ) -> tuple[int, dict[str, Any]]:
    if scripted:
        _check_scripted_game(definition, where, rng, deep_share)
    try:
        game = hs.new_game(where.game, where.seats, seed=where.seed, options=where.options, setup=setup,
                           bots=where.bots)
    except ValueError as error:
        raise where.fail(f"a game set up from the table's last one (next_setup) was refused: {error}"
                         ) from None
    if setup is not None and game.record()["actions"][:1] != [{"setup": setup}]:
        raise where.fail("a game's setup is not the first entry of its record")
    _check_bots_kept(game, where)
    _check_replay(game, where, "a record taken at the start")
    total = game.money_total
    cuts: list[tuple[dict[str, Any], list[Any]]] = []
    seen_actions: list[JSON] = []
    amount_kinds: set[str] = set()  # amount entries whose bad amounts this game has tried
    steps = 0
    while not game.is_over:
        where.step = game.history_length
        if game.history_length > definition.max_game_length:
            raise where.fail(f"the game has not ended after {definition.max_game_length} steps "
                             "(GameDefinition.max_game_length)")
        legal_by_seat = _check_turn(game, where)
        deep = rng.random() < deep_share
        _check_amounts(game, where, amount_kinds, rng, deep)
        if deep:
            _check_views(game, where)
            _check_refusals(definition, game, where, rng, seen_actions)
            _check_numbers_in_actions(game, where, rng)
            _check_secrecy(definition, game, where, rng)
            if definition.hidden_information and not diverged[0]:
                diverged[0] = _worlds_diverge(game, rng)
        seat = rng.choice(sorted(legal_by_seat))
        action = _pick(game, seat, legal_by_seat[seat], rng)
        seen_actions.append(action.to_json())
        try:
            if deep:
                _check_clone(game, seat, action, where)
            else:
                game.act(seat, action)
        except hs.IllegalAction as refusal:
            raise where.fail(f"seat {seat}'s legal action {action} was refused: {refusal.message}") from None
        steps += 1
        if game.money_total != total:
            raise where.fail(f"the ledger's total moved from {total} to {game.money_total}")
        if rng.random() < 0.05:
            cuts.append((game.record(), _snapshot(game)))
    where.step = game.history_length
    _check_turn(game, where)
    _check_views(game, where)
    _check_result(game, where)
    for record, snapshot in [*cuts, (game.record(), _snapshot(game))]:
        replayed = _replay(record, where, "a record taken in play")
        if _snapshot(replayed) != snapshot or replayed.record() != record:
            raise where.fail(f"hs.replay of the record at step {len(record['actions'])} gives another game")
    return steps, game.record()


def _pick(game: hs.Game, seat: int, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action; now and then an amount of the game's own choosing beyond its menu."""
    entries = game.amount_entries(seat)
    if entries and rng.random() < 0.3:
        entry = rng.choice(entries)
        low, high, step = int(entry["low"]), int(entry["high"]), int(entry["step"]) or 1
        amount = low + step * rng.randrange((high - low) // step + 1)
        candidate = game.definition.parse_action({str(entry["kind"]): amount})
        probe = game.clone()
        try:
            probe.act(seat, candidate)
        except hs.IllegalAction as refusal:
            raise ConformanceError(
                f"{game.game_id}: an amount its amount_entries allow was refused: {candidate} "
                f"({refusal.message})"
            ) from None
        return candidate
    return rng.choice(legal)


def _check_turn(game: hs.Game, where: _Where) -> dict[int, list[Action]]:
    """``to_act`` and ``legal_actions`` agree; legal actions round-trip through JSON."""
    to_act = game.to_act
    if game.is_chance and game.auto_chance:
        raise where.fail("a game resolving its own chance stopped at a chance node")
    if len(set(to_act)) != len(to_act) or not all(isinstance(s, int) and 0 <= s < game.seats for s in to_act):
        raise where.fail(f"to_act must list distinct seats; got {to_act!r}")
    if game.is_over and to_act:
        raise where.fail(f"the game is over but to_act is {to_act!r}")
    if not game.is_over and not to_act:
        raise where.fail("the game is not over, not at chance, and nobody is to act")
    legal_by_seat: dict[int, list[Action]] = {}
    for seat in range(game.seats):
        legal = game.legal_actions(seat)
        if (seat in to_act) != bool(legal):
            state = "must act but has no legal action" if seat in to_act else "has legal actions out of turn"
            raise where.fail(f"seat {seat} {state}")
        if legal:
            legal_by_seat[seat] = legal
        if len({json.dumps(action.to_json(), sort_keys=True) for action in legal}) != len(legal):
            raise where.fail(f"seat {seat}'s legal actions list one action twice")
        for action in legal:
            if not str(action).strip():
                raise where.fail(f"{action!r} has no label for people")
            _must_round_trip(action.to_json(), f"the JSON of the legal action {action!r}", where.fail)
            data = json.loads(json.dumps(action.to_json()))
            try:
                parsed = game.definition.parse_action(data)
            except Exception as error:
                raise where.fail(f"the JSON of {action!r} does not read back: {error}") from None
            if parsed != action:
                raise where.fail(f"{action!r} reads back from its JSON as {parsed!r}")
        for entry in game.amount_entries(seat):
            _must_round_trip(entry, f"seat {seat}'s amount entry", where.fail)
        _check_catalogued(game, legal, where)
    return legal_by_seat


#: A table's catalogued actions (canonical JSON strings, None without a catalogue) and its
#: declared bound on a chance event's outcomes.
_Catalogue = tuple[frozenset[str] | None, int | None]


@functools.lru_cache(maxsize=64)
def _catalogue(game_id: str, seats: int, options_key: str) -> _Catalogue:
    """The table's ``action_catalogue`` and ``max_chance_outcomes``, checked once."""
    definition = hs.definition(game_id)
    typed = definition.options_type.from_json(json.loads(options_key))
    where = f"{game_id}'s table of {seats} seats"
    bound = definition.max_chance_outcomes(seats, typed)
    if bound is not None and (type(bound) is not int or bound < 0):
        raise ConformanceError(f"{where}: max_chance_outcomes is a whole number from 0, or None; "
                               f"got {bound!r}")
    catalogue = definition.action_catalogue(seats, typed)
    if catalogue is None:
        return None, bound
    keys = [json.dumps(data, sort_keys=True) for data in catalogue]
    if len(set(keys)) != len(keys):
        raise ConformanceError(f"{where}: the action catalogue lists one action twice")
    for data in catalogue:
        try:
            parsed = definition.parse_action(json.loads(json.dumps(data)))
        except Exception as error:
            raise ConformanceError(f"{where}: the catalogue's {data!r} is not an action: {error}") from None
        if parsed.to_json() != json.loads(json.dumps(data)):
            raise ConformanceError(f"{where}: the catalogue's {data!r} reads back as {parsed.to_json()!r}")
    return frozenset(keys), bound


def _table_catalogue(game: hs.Game) -> _Catalogue:
    return _catalogue(game.game_id, game.seats, json.dumps(game.options, sort_keys=True))


def _check_catalogued(game: hs.Game, legal: list[Action], where: _Where) -> None:
    """Every legal action is in the game's action catalogue, when it declares one."""
    catalogue = _table_catalogue(game)[0]
    if catalogue is None:
        return
    for action in legal:
        if json.dumps(action.to_json(), sort_keys=True) not in catalogue:
            raise where.fail(f"the legal action {action.to_json()!r} is not in the action catalogue")


def _check_views(game: hs.Game, where: _Where) -> None:
    for seat in [None, *range(game.seats)]:
        view = game.view(seat)
        if not isinstance(view, dict):
            raise where.fail(f"view({seat}) is not a JSON object")
        _must_round_trip(view, f"view({seat})", where.fail)
    # The tables of those who act and of a spectator (the ones that bind actions, and the one that
    # shows least), at every third position: every seat's at every deep step would double the kit.
    if game.decision_count % 3 == 0 or game.is_over:
        for seat in [*game.to_act, None]:
            _check_table(game, seat, where)
    for bad in (-1, game.seats, "0", 1.0, True):
        try:
            game.view(bad)  # type: ignore[arg-type]
        except ValueError:
            continue
        raise where.fail(f"view({bad!r}) was answered; a seat outside the table must be refused")


def _check_table(game: hs.Game, seat: int | None, where: _Where) -> None:
    """The seat's table (``GameDefinition.table``, or the generic one) is built from its view (of
    the declared ``view_type``), survives a JSON round trip, and binds only the seat's legal
    actions and amount entries."""
    from highstakes.table import decode, encode, seat_table
    from highstakes.table.keys import actionables

    try:
        table, _keys = seat_table(game, seat)
    except msgspec.ValidationError as error:
        raise where.fail(f"view({seat}) does not fit the game's view_type: {error}") from None
    try:
        same = decode(encode(table)) == table
    except msgspec.ValidationError as error:
        raise where.fail(f"the table of seat {seat} is not a table: {error}") from None
    if not same:
        raise where.fail(f"the table of seat {seat} changes in a JSON round trip")
    legal = [action.to_json() for action in game.legal_actions(seat)] if seat is not None else []
    kinds = {entry["kind"] for entry in game.amount_entries(seat)} if legal and seat is not None else set()
    for element in actionables(table):
        act = getattr(element, "act", None)
        if act is None or type(element).__name__ == "ComposeChoice":
            continue
        if act not in legal and not (isinstance(act, dict) and len(act) == 1 and next(iter(act)) in kinds):
            raise where.fail(f"the table of seat {seat} binds {act!r}, which is not one of its legal actions")


def _must_round_trip(data: Any, what: str, fail: Callable[[str], Exception]) -> None:
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise fail(f"{what} is not plain JSON: {error}") from None
    if json.loads(text) != data:
        raise fail(f"{what} changes in a JSON round trip (tuples, non-string keys?)")


def _observable(game: hs.Game, seats: Sequence[int | None] | None = None) -> tuple[Any, ...]:
    """What outside observers can tell about a game now: turn, views, legal actions, the record's length.

    ``seats`` limits the views to some seats. The record enters by its length: replays check
    all of it.
    """
    seats = [None, *range(game.seats)] if seats is None else seats
    return (
        game.to_act, game.is_over, game.history_length, game.decision_count,
        [game.view(seat) for seat in seats],
        [[a.to_json() for a in game.legal_actions(seat)] for seat in range(game.seats)],
    )


def _fingerprint(game: hs.Game, seats: Sequence[int | None] | None = None) -> bytes:
    """A game's observable state, to tell whether it changed (pickle: fast, and a deep copy)."""
    return pickle.dumps(_observable(game, seats), protocol=5)


def _snapshot(game: hs.Game) -> tuple[Any, ...]:
    """A game's observable state, to compare two games (fresh values, compared as they are)."""
    return _observable(game)


def _check_clone(game: hs.Game, seat: int, action: Action, where: _Where) -> None:
    """A clone is independent of its original, and goes on exactly as the original does."""
    before = _fingerprint(game)
    twin = game.clone()
    twin.act(seat, action)
    if _fingerprint(game) != before:
        raise where.fail("acting on a clone changed the original (clone() shares state)")
    game.act(seat, action)
    if _snapshot(twin) != _snapshot(game):
        raise where.fail("a clone and its original differ after the same action (clone() misses state)")


# --- refusals ---------------------------------------------------------------------------------------------
def _bad_attempts(definition: GameDefinition, game: hs.Game, rng: random.Random,
                  seen: Sequence[JSON]) -> Iterator[tuple[str, int, Any]]:
    """(what, seat, action) tries that must all be refused."""
    to_act = game.to_act
    waiting = [seat for seat in range(game.seats) if seat not in to_act]
    acting = rng.choice(to_act)
    legal = game.legal_actions(acting)
    if waiting:
        yield "an action out of turn", rng.choice(waiting), rng.choice(legal)
    for junk in rng.sample(JUNK, 2):
        yield f"the malformed action {junk!r}", acting, junk
    sample = rng.choice(legal)
    mutations = list(_wrong_types(sample.to_json(), rng))
    for mutated in rng.sample(mutations, min(3, len(mutations))):
        yield f"the wrongly typed action {mutated!r}", acting, mutated
    if dataclasses.is_dataclass(sample):
        for item in dataclasses.fields(sample):
            original = getattr(sample, item.name)
            bad = copy.copy(sample)
            wrong = rng.choice([value for value in (1.5, None, "x", [1]) if value != original])
            object.__setattr__(bad, item.name, wrong)
            yield f"the action object {bad!r} with a field of the wrong type", acting, bad
    listed = {json.dumps(a.to_json(), sort_keys=True) for a in legal}
    for earlier in rng.sample(list(seen), min(2, len(seen))):
        if json.dumps(earlier, sort_keys=True) not in listed:
            yield f"the earlier action {earlier!r}, not listed now", acting, earlier


def _wrong_types(data: JSON, rng: random.Random) -> Iterator[JSON]:
    if isinstance(data, dict):
        for key in list(data)[:3]:
            for junk in rng.sample(WRONG_TYPES, 2):
                if type(junk) is not type(data[key]):
                    yield {**data, key: junk}
        yield {**data, "unexpected_key": 1}
    elif isinstance(data, list):
        yield [*data, None]
        if data:
            yield [rng.choice(WRONG_TYPES), *data[1:]]
    else:
        for junk in rng.sample(WRONG_TYPES, 2):
            if type(junk) is not type(data):
                yield junk


def _check_refusals(definition: GameDefinition, game: hs.Game, where: _Where, rng: random.Random,
                    seen: Sequence[JSON]) -> None:
    before = _fingerprint(game)
    # Each refused attempt is made on its own clone; a clone is compared on the views of the
    # spectator and the seat that tried (the whole game is compared once at the end).
    for what, seat, attempt in _bad_attempts(definition, game, rng, seen):
        probe, watched = game.clone(), [None, seat]
        probe_before = _fingerprint(probe, watched)
        try:
            probe.act(seat, attempt)
        except hs.IllegalAction as refusal:
            if not (isinstance(refusal.code, str) and refusal.code and isinstance(refusal.message, str)
                    and refusal.message.strip()):
                raise where.fail(f"refusing {what}: an IllegalAction needs a code and a message") from None
        except ValueError:
            pass
        except Exception as error:
            kind = type(error).__name__
            raise where.fail(f"{what} raised {kind}: {error}; refusals raise IllegalAction") from None
        else:
            if _free_amount(game, seat, attempt):
                continue  # an amount beyond the menu that the game's amount entries allow
            raise where.fail(f"{what} was accepted")
        if _fingerprint(probe, watched) != probe_before:
            raise where.fail(f"refusing {what} changed the game")
    if _fingerprint(game) != before:
        raise where.fail("a refused action changed the game")


def _free_amount(game: hs.Game, seat: int, attempt: Any) -> bool:
    """Whether ``attempt`` is ``{kind: amount}`` for a kind the seat may enter freely now."""
    data = attempt.to_json() if isinstance(attempt, Action) else attempt
    if not isinstance(data, dict) or len(data) != 1:
        return False
    ((kind, amount),) = data.items()
    return type(amount) is int and any(entry["kind"] == kind for entry in game.amount_entries(seat))


# --- amounts ----------------------------------------------------------------------------------------------
#: Bad values tried at once at a deep step, beyond the first time an amount entry is open.
_SAMPLED_BAD_VALUES = 5


def _check_amounts(game: hs.Game, where: _Where, tried: set[str], rng: random.Random, deep: bool) -> None:
    """Every amount entry refuses, in words, every amount it does not allow: below its low, above
    its high, off its step, and the :data:`ODD_NUMBERS`; the game is unchanged after each.

    Each kind meets every bad value the first time it is open in a game, and a sample of them
    at the deep steps.
    """
    for seat in game.to_act:
        for entry in game.amount_entries(seat):
            kind = str(entry["kind"])
            values = _bad_amounts(entry)
            if kind in tried:
                if not deep:
                    continue
                values = rng.sample(values, _SAMPLED_BAD_VALUES)
            tried.add(kind)
            _must_refuse_in_words(game, seat, [
                ({kind: value}, value, f"the amount {_shown(value)} for the amount entry {kind!r}")
                for value in values], where)


def _bad_amounts(entry: Mapping[str, Any]) -> list[JSON]:
    """The amounts an entry must refuse: just past its range, off its step, an allowed amount
    written as a float, a string or a list, and the :data:`ODD_NUMBERS`."""
    low, high, step = int(entry["low"]), int(entry["high"]), int(entry["step"]) or 1
    near = [low - step, low - 1, high + 1, high + step, -1, 0, low + step // 2]
    outside = [value for value in near if not (low <= value <= high and (value - low) % step == 0)]
    return _distinct([*ODD_NUMBERS, *outside, float(low), float(high), str(low), [low]])


def _check_numbers_in_actions(game: hs.Game, where: _Where, rng: random.Random) -> None:
    """A number a listed action carries (a case, a count, a piece), replaced by one of the
    :data:`ODD_NUMBERS` or written as a float or a string, is refused in words."""
    seat = rng.choice(game.to_act)
    numbered = [data for data in (action.to_json() for action in game.legal_actions(seat))
                if isinstance(data, dict) and any(type(value) is int for value in data.values())]
    if not numbered:
        return
    data = rng.choice(numbered)
    key = rng.choice([key for key, value in data.items() if type(value) is int])
    number = data[key]
    values = rng.sample(_distinct([*ODD_NUMBERS, float(number), str(number), [number]]), _SAMPLED_BAD_VALUES)
    _must_refuse_in_words(game, seat, [
        ({**data, key: value}, value, f"the action {data!r} with {key!r} set to {_shown(value)}")
        for value in values], where)


def _must_refuse_in_words(game: hs.Game, seat: int, attempts: Sequence[tuple[JSON, JSON, str]],
                          where: _Where) -> None:
    """Each ``(attempt, bad value, what)`` raises IllegalAction with a message a person can read,
    and changes nothing: not the view of any seat, not the legal actions, not the record, not
    the decision count (the spectator's and the seat's views after each, every seat's after all)."""
    before, record = _fingerprint(game), game.record()
    watched: list[int | None] = [None, seat]
    seen = _fingerprint(game, watched)
    for attempt, value, what in attempts:
        try:
            game.act(seat, attempt)
        except hs.IllegalAction as refusal:
            problem = _unreadable(refusal.message, value)
            if problem:
                raise where.fail(f"refusing {what}: {problem}") from None
        except Exception as error:
            raise where.fail(f"{what} raised {type(error).__name__}: {error}; a bad amount is refused "
                             "with IllegalAction") from None
        else:
            raise where.fail(f"{what} was accepted")
        if _fingerprint(game, watched) != seen or game.history_length != len(record["actions"]):
            raise where.fail(f"refusing {what} changed the game")
    if _fingerprint(game) != before or game.record() != record:
        raise where.fail(f"refusing one of {[what for _, _, what in attempts]} changed the game")


def _unreadable(message: Any, value: JSON) -> str | None:
    """What keeps a refusal from being words a person reads, or None: no message, a rule code,
    Python's spelling of the value (True, None, inf, 'abc'), a number of absurdly many digits."""
    if not isinstance(message, str) or not message.strip():
        return "an IllegalAction needs a message"
    if len(message) > _LONGEST_REFUSAL:
        return f"its message runs to {len(message)} characters: say the rule, not the value"
    found = _UNREADABLE.search(message)
    if found:
        return f"its message {message!r} shows {found.group()!r}, not words a person reads"
    if isinstance(value, str) and (repr(value) in message or f'"{value}"' in message):
        return f"its message {message!r} quotes the value as a program writes it"
    return None


def _distinct(values: Sequence[JSON]) -> list[JSON]:
    """``values`` without repeats, 1 and 1.0 and True told apart."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for value in values:
        key = (type(value).__name__, _shown(value))
        if key not in seen:
            seen.add(key)
            kept.append(value)
    return kept


def _shown(value: JSON) -> str:
    """A value for the kit's own message: 10**400 is not written out."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        return f"{'-' if value < 0 else ''}10**{len(str(abs(value))) - 1}"
    return repr(value)


# --- secrecy ----------------------------------------------------------------------------------------------
def _check_secrecy(definition: GameDefinition, game: hs.Game, where: _Where, rng: random.Random) -> None:
    """Views keep secrets: worlds resampled for a seat look the same to it, and only to it.

    Two seats (the spectator among the candidates) are checked at each deep step, which over a
    game's many steps covers them all.
    """
    for seat in rng.sample([None, *range(game.seats)], min(2, game.seats + 1)):
        seed = rng.getrandbits(32)
        try:
            first = game.sample_world(seat, random.Random(seed))
            second = game.sample_world(seat, random.Random(seed + 1))
        except NotImplementedError as missing:
            raise where.fail(str(missing)) from None
        for world in (first, second):
            if world.view(seat) != game.view(seat):
                raise where.fail(f"a world resampled for seat {seat} looks different to it: its view shows "
                                 "something the hook redraws, a secret (or the hook changes what it may see)")
            if world.to_act != game.to_act or (
                seat is not None and [a.to_json() for a in world.legal_actions(seat)]
                != [a.to_json() for a in game.legal_actions(seat)]
            ):
                raise where.fail(f"seat {seat}'s turn or legal actions differ in a world resampled for it")
        if not definition.hidden_information:
            continue
        # The hook may use only what the seat knows: from a world it cannot tell apart, the
        # same random draws must give the same world.
        again = second.sample_world(seat, random.Random(seed))
        if _world_views(again) != _world_views(first):
            raise where.fail(f"resample_hidden for seat {seat} depends on more than the seat may know "
                             "(build pools in a canonical order, and redraw every hidden thing)")
        before = _fingerprint(game)
        _playable(first, rng, where)
        if _fingerprint(game) != before:
            raise where.fail("playing on a resampled world changed the real game (the world shares state)")


def _worlds_diverge(game: hs.Game, rng: random.Random, steps: int = 60) -> bool:
    """Whether two worlds resampled for one seat, given the same moves and dice, come to look different.

    Hidden things show once the rules reveal them (a case opened, a card played), so worlds
    whose hidden parts really were redrawn part ways sooner or later.
    """
    seat = rng.choice([None, *range(game.seats)])
    first = game.sample_world(seat, random.Random(rng.getrandbits(32)))
    # The same dice from here on: only hidden things differ.
    second = game.sample_world(seat, random.Random(rng.getrandbits(32)), seed=first.seed)
    moves = random.Random(rng.getrandbits(32))
    for _ in range(steps):
        if _world_views(first) != _world_views(second):
            return True
        if first.is_over or second.is_over or first.to_act != second.to_act:
            return first.is_over != second.is_over or first.to_act != second.to_act
        mover = moves.choice(first.to_act)
        pick = moves.random()
        for world in (first, second):
            legal = world.legal_actions(mover)
            world.act(mover, legal[int(pick * len(legal))])
    return False


def _world_views(game: hs.Game) -> list[dict[str, JSON]]:
    return [game.view(seat) for seat in [None, *range(game.seats)]]


def _playable(world: hs.Game, rng: random.Random, where: _Where) -> None:
    for _ in range(3):
        if world.is_over:
            return
        seat = rng.choice(world.to_act)
        try:
            world.act(seat, rng.choice(world.legal_actions(seat)))
        except Exception as error:
            kind = type(error).__name__
            raise where.fail(f"a resampled world cannot be played on: {kind}: {error}") from None


# --- the end, replays and scripted chance -------------------------------------------------------------------
def _check_result(game: hs.Game, where: _Where) -> None:
    result = game.result()
    if not isinstance(result, dict):
        raise where.fail("result() must be a JSON object")
    _must_round_trip(result, "result()", where.fail)
    scores, winners = result.get("scores"), result.get("winners")
    if not isinstance(scores, list) or len(scores) != game.seats:
        raise where.fail(f"result()['scores'] must list one score per seat; got {scores!r}")
    if (not isinstance(winners, list) or not winners or len(set(winners)) != len(winners)
            or not all(isinstance(s, int) and 0 <= s < game.seats for s in winners)):
        raise where.fail(f"result()['winners'] must list distinct seats, at least one; got {winners!r}")
    definition = game.definition
    sides = definition.partnerships(game.seats, definition.options_type.from_json(game.options)) or ()
    for side in sides:
        if len({json.dumps(scores[seat], sort_keys=True) for seat in side}) > 1:
            shared = [scores[seat] for seat in side]
            raise where.fail(f"partners {list(side)} must share one score in result()['scores']; "
                             f"got {shared!r}")
        if len({seat in winners for seat in side}) > 1:
            raise where.fail(f"partners {list(side)} must win or lose together; winners {winners!r}")


def _replay(record: Mapping[str, Any], where: _Where, what: str) -> hs.Game:
    try:
        return hs.replay(json.loads(json.dumps(record)))
    except ValueError as error:
        raise where.fail(f"{what} does not replay: {error}") from None


def _check_replay(game: hs.Game, where: _Where, what: str) -> None:
    replayed = _replay(game.record(), where, what)
    if _snapshot(replayed) != _snapshot(game):
        raise where.fail(f"{what} replays to other views")


def _check_scripted_game(definition: GameDefinition, where: _Where, rng: random.Random,
                         deep_share: float) -> None:
    """A game whose chance the caller scripts: outcomes are listed with their odds, junk is refused."""
    game = hs.new_game(where.game, where.seats, seed=where.seed, options=where.options, auto_chance=False,
                       bots=where.bots)
    _check_replay(game, where, "a record taken before any chance event")
    while not game.is_over:
        where.step = game.history_length
        if game.history_length > definition.max_game_length:
            raise where.fail("a scripted game has not ended within max_game_length")
        if game.is_chance:
            if game.to_act:
                raise where.fail("at a chance node nobody may act")
            outcomes = game.chance_outcomes()
            if not outcomes:
                raise where.fail("a chance node lists no outcomes")
            bound = _table_catalogue(game)[1]
            if bound is not None and len(outcomes) > bound:
                raise where.fail(f"a chance node lists {len(outcomes)} outcomes; max_chance_outcomes "
                                 f"declares at most {bound}")
            outcome = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
            if rng.random() < deep_share:
                _check_chance_node(game, outcomes, where, rng)
            _must_round_trip(outcome, "a chance outcome", where.fail)
            game.apply_chance(json.loads(json.dumps(outcome)))
        else:
            legal_by_seat = _check_turn(game, where)
            seat = rng.choice(sorted(legal_by_seat))
            game.act(seat, rng.choice(legal_by_seat[seat]))
    _check_replay(game, where, "a scripted game's record")


def _check_chance_node(game: hs.Game, outcomes: list[tuple[JSON, float]], where: _Where,
                       rng: random.Random) -> None:
    total = math.fsum(p for _, p in outcomes)
    if not math.isclose(total, 1.0, abs_tol=1e-9) or any(p < 0 for _, p in outcomes):
        raise where.fail(f"the chance outcomes' probabilities sum to {total}, not 1")
    before = _fingerprint(game)
    for junk in rng.sample(JUNK, 3):
        try:
            game.clone().apply_chance(junk)
        except hs.IllegalAction:
            continue
        except Exception as error:
            raise where.fail(f"the chance outcome {junk!r} raised {type(error).__name__}") from None
        if not any(junk == outcome for outcome, _ in outcomes):
            raise where.fail(f"the impossible chance outcome {junk!r} was accepted")
    if _fingerprint(game) != before:
        raise where.fail("refusing a chance outcome changed the game")
