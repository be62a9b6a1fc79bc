"""``Game``: the one handle through which faces, bots and tests play any game.

It owns the seeded random source and the record, validates every input before the rules
see it, and resolves chance automatically unless the caller asked to script it. A refused
input raises and leaves everything as it was.

A record (format 2) lists every action and every chance outcome in order, whether chance
was drawn from the seed or scripted. Replay applies the recorded outcomes and never draws
them again from the seed, so a change in how a game rolls its dice or shuffles its cards
never breaks a stored game. The seed stays in the record as information.

A record also says which seats programs (bots) played, ``"bots": [seat, ...]`` counted from
0, when any did: the faces tell the game (``new_game(..., bots=...)``), the state hears it
before any chance (``GameState.set_bot_seats``), and a replay tells it the same. A record
without the key had no bots that the game knew of.
"""

from __future__ import annotations

import random
import reprlib
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition, GameState
from highstakes.engine.errors import IllegalAction, Refusal
from highstakes.engine.registry import definition as lookup_definition
from highstakes.i18n import _

# Chance resolution loops are bounded so that a faulty game cannot hang a face.
_MAX_CHANCE_STEPS = 10_000
#: The record layout :meth:`Game.record` writes. Format 1 (no ``format`` key) listed chance
#: only when it was scripted and drew the rest again from the seed; it still replays.
RECORD_FORMAT = 2
# What a game's parse_action may raise on a malformed action besides IllegalAction; the
# handle turns them into a refusal so that no input can crash a face.
_PARSE_ERRORS = (TypeError, ValueError, KeyError, IndexError, AttributeError)


class Game:
    """One game being played. Create it with :func:`highstakes.new_game`."""

    __slots__ = (
        "_auto_chance", "_decisions", "_log", "_offered", "_rng", "_state", "_unrecorded",
        "bot_seats", "definition", "options", "seats", "seed",
    )

    def __init__(
        self,
        definition: GameDefinition,
        seats: int,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        auto_chance: bool = True,
        setup: JSON | None = None,
        bots: Iterable[int] | None = None,
    ) -> None:
        _check_seat_count(definition, seats)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise ValueError(_("the seed must be a whole number; got {seed}").format(seed=repr(seed)))
        self.definition = definition
        self.seats = seats
        resolved = definition.resolve_options(options)
        typed = definition.options_type(**resolved)
        #: The options in their JSON form; the rules get them typed.
        self.options: dict[str, JSON] = typed.to_json()
        self.seed = secrets.randbits(63) if seed is None else seed
        #: The seats that programs play, sorted (see the module's text); () when none is known.
        self.bot_seats = _bot_seats(bots, seats)
        self._rng = random.Random(self.seed)
        self._state: GameState = definition.new_state(seats, typed)
        self._state.set_bot_seats(self.bot_seats)
        self.auto_chance = auto_chance
        self._log: list[dict[str, JSON]] = []
        if setup is not None:
            # What the table's last games left to this one (see GameDefinition.next_setup):
            # taken before any chance, and the record's first entry.
            self._take_setup(setup)
        self._decisions = 0
        #: Why this game has no record (a sampled world, a position set by hand), or None.
        self._unrecorded: str | None = None
        # The legal actions last handed out: (record length, seat, the very objects). An
        # action that is one of them is the game's own, and needs no reading back.
        self._offered: tuple[int, int, tuple[Action, ...]] | None = None
        self._resolve_chance()

    def _take_setup(self, setup: JSON) -> None:
        """Give the state its setup; one it cannot read (a record's, written by anyone) is a
        ValueError in words, whatever the game raised."""
        try:
            self._state.apply_setup(setup)
        except _PARSE_ERRORS as error:
            raise ValueError(_("the setup (a record's first entry) cannot be read: {problem}").format(
                problem=error)) from None
        self._log.append({"setup": setup})

    @property
    def auto_chance(self) -> bool:
        """Whether the game draws chance outcomes itself (else they are given: a record being
        replayed, a script). The state hears of each change (``GameState.set_chance_scripted``)."""
        return self._auto_chance

    @auto_chance.setter
    def auto_chance(self, drawn: bool) -> None:
        self._auto_chance = drawn
        self._state.set_chance_scripted(not drawn)

    # --- the state as seen from outside -------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.definition.id

    @property
    def to_act(self) -> tuple[int, ...]:
        return self._state.to_act()

    @property
    def is_chance(self) -> bool:
        return self._state.is_chance()

    @property
    def is_over(self) -> bool:
        return self._state.is_over()

    @property
    def history_length(self) -> int:
        """How many entries the record's action list holds (decisions and chance outcomes)."""
        return len(self._log)

    @property
    def decision_count(self) -> int:
        """How many decisions the players have made: the game's position, counted from 0."""
        return self._decisions

    def chance_outcomes(self) -> list[tuple[JSON, float]]:
        if not self._state.is_chance():
            return []
        return self._state.chance_outcomes()

    def legal_actions(self, seat: int) -> list[Action]:
        self._check_seat(seat)
        if seat not in self._state.to_act():
            return []
        legal = self._state.legal_actions(seat)
        self._offered = (len(self._log), seat, tuple(legal))
        return legal

    def view(self, seat: int | None) -> dict[str, JSON]:
        if seat is not None:
            self._check_seat(seat)
        return self._state.view(seat)

    def result(self) -> dict[str, JSON]:
        if not self._state.is_over():
            raise IllegalAction("not_over", _("the game is not over yet"), None)
        return self._state.result()

    def amount_entries(self, seat: int) -> list[dict[str, JSON]]:
        """Kinds of action ``seat`` may take now with any amount in a range (see ``AmountEntry``)."""
        self._check_seat(seat)
        if seat not in self._state.to_act():
            return []
        return [entry.to_json() for entry in self._state.amount_entries(seat)]

    @property
    def money_total(self) -> int | None:
        """The total of the game's ledger (constant by construction), or None without one."""
        ledger = self._state.money()
        return None if ledger is None else ledger.total

    # --- changing it ---------------------------------------------------------------------
    def act(self, seat: int, action: Action | JSON) -> None:
        """Apply ``seat``'s action (an Action or its JSON form).

        Raises :class:`IllegalAction` with the rule that forbids it; nothing changes then.
        """
        parsed = self._allowed(seat, action)
        self._state.apply_action(seat, parsed)
        self._log.append({"seat": seat, "action": parsed.to_json()})
        self._decisions += 1
        self._resolve_chance()

    def refusal(self, seat: int, action: Action | JSON) -> Refusal | None:
        """Why :meth:`act` would refuse ``seat``'s ``action`` now (the rule, in words), or None
        when it would accept it. Asking changes nothing: a face may ask before it offers a move."""
        try:
            self._allowed(seat, action)
        except IllegalAction as error:
            return error.refusal
        return None

    def _allowed(self, seat: int, action: Action | JSON) -> Action:
        """``action`` as the game reads it, once the seat, the turn, its form and the rules
        allow it; otherwise IllegalAction saying why. Asked at every move: keep it lean."""
        self._check_seat(seat, as_error=True)
        state = self._state
        if seat not in state.to_act():
            raise self._not_to_act(seat)
        parsed = action if self._was_offered(seat, action) else self._parse(action)
        refusal = state.refusal(seat, parsed)
        if refusal is not None:
            raise IllegalAction(*refusal)
        return parsed

    def _not_to_act(self, seat: int) -> IllegalAction:
        """Why ``seat``, not among those to act, may not act: the game is over, the game's own
        rule (``why_not_to_act``), or the plain "not your turn", with the seats awaited."""
        state = self._state
        # Nobody acts in a finished game, so this is the only place to tell it apart.
        if state.is_over():
            return IllegalAction("game_over", _("the game is over"), None)
        # A game of simultaneous moves knows why a seat waits (it has answered, it is out).
        reason = state.why_not_to_act(seat)
        if reason is not None:
            return IllegalAction(*reason)
        # People count seats from 1.
        to_act = state.to_act()
        if to_act:
            waiting = ", ".join(_("seat {number}").format(number=s + 1) for s in to_act)
            message = _("it is not seat {number}'s turn; the game waits for {waiting}").format(
                number=seat + 1, waiting=waiting)
        else:
            message = _("it is not seat {number}'s turn; the game waits for chance").format(number=seat + 1)
        return IllegalAction("not_your_turn", message, None)

    def apply_chance(self, outcome: JSON) -> None:
        """Resolve the pending chance event with a scripted outcome (auto_chance=False)."""
        if not self._state.is_chance():
            raise IllegalAction("no_chance", _("there is no chance event to resolve now"), None)
        try:
            checked = self._state.check_chance(outcome)
        except IllegalAction:
            raise
        except _PARSE_ERRORS as error:
            # As for actions: an outcome the game cannot read (a record's, written by anyone)
            # is refused, never a crash.
            raise IllegalAction("bad_chance", _("that chance outcome cannot be read: {problem}").format(
                problem=error), None) from None
        self._state.apply_chance(checked)
        self._log.append({"chance": outcome})

    def _was_offered(self, seat: int, action: Any) -> bool:
        """Whether ``action`` is one of the very objects ``legal_actions`` handed out here."""
        offered = self._offered
        if offered is None or offered[0] != len(self._log) or offered[1] != seat:
            return False
        # A loop rather than any(): this runs at every move, and a generator costs more here.
        for listed in offered[2]:  # noqa: SIM110
            if listed is action:
                return True
        return False

    def _parse(self, action: Action | JSON) -> Action:
        """The action as the game reads it from JSON; an Action object must read back as itself.

        So an action built in code with fields its JSON form would not allow (an amount of
        1.5 where whole numbers are the rule) is refused exactly like that JSON.
        """
        try:
            data = action.to_json() if isinstance(action, Action) else action
            parsed = self.definition.parse_action(data)
        except IllegalAction:
            raise
        except _PARSE_ERRORS as error:
            raise IllegalAction("bad_action", _("that action cannot be read: {problem}").format(
                problem=error), None) from None
        if isinstance(action, Action) and parsed != action:
            raise IllegalAction("bad_action", _("{action} is not an action of this game").format(
                action=repr(action)), None)
        return parsed

    def _resolve_chance(self) -> None:
        if not self.auto_chance:
            return
        state, rng, log = self._state, self._rng, self._log
        for _step in range(_MAX_CHANCE_STEPS):
            if not state.is_chance():
                return
            outcome, checked = state.draw_chance(rng)
            state.apply_chance(checked)
            log.append({"chance": outcome})
        raise RuntimeError(f"{self.game_id}: chance did not settle after {_MAX_CHANCE_STEPS} steps")

    # --- hidden information ------------------------------------------------------------------
    def sample_world(self, seat: int | None, rng: random.Random, *, seed: int | None = None) -> Game:
        """A game ``seat`` could not tell from this one, with every hidden thing drawn anew.

        For search bots (determinization) and the conformance kit's secrecy check. The world
        has no record: it would hold this game's real chance outcomes. ``seed`` seeds the
        world's own random source, its dice and deals from here on (by default drawn from
        ``rng``): worlds given one seed roll alike, and differ only in what was hidden.
        """
        if seat is not None:
            self._check_seat(seat)
        world = self.clone()
        world._log = []
        world._unrecorded = "a sampled world has no record"
        world.seed = rng.getrandbits(63) if seed is None else seed
        world._rng = random.Random(world.seed)
        if self.definition.hidden_information:
            world._state = self._state.resample_hidden(seat, rng)
        return world

    def _check_seat(self, seat: Any, as_error: bool = False) -> None:
        if type(seat) is int and 0 <= seat < self.seats:
            return  # the common case, decided with one type test (bool is not exactly int)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.seats:
            message = _("a seat index is a whole number from 0 to {last}; got {seat}").format(
                last=self.seats - 1, seat=repr(seat))
            if as_error:
                raise IllegalAction("bad_seat", message, None)
            raise ValueError(message)

    def position_key(self) -> JSON | None:
        """The game's key for this position (``GameState.position_key``), or None if it has none."""
        return self._state.position_key()

    # --- positions, for tests and tools ------------------------------------------------------
    def full_state(self) -> GameState:
        """A copy of the whole state, every secret included, for tests and tools that study a
        game (what a hand holds, what the bag holds): never for faces or bots, which get views,
        so that secrets stay secret by construction. Changing the copy changes nothing here;
        to play on from a changed copy, give it to :meth:`with_state`."""
        return self._state.clone()

    def with_state(self, state: GameState) -> Game:
        """This table (its game, seats, options, chance mode, bot seats and random source as it
        stands) at the position ``state``, chosen by a test or a tool: a hand, a bag's contents,
        a stack, set in a copy from :meth:`full_state` or by a game's own scenario builder. It
        must be a position the rules can reach: the game cannot tell.

        The new game takes a copy of ``state`` and plays on from it like any game (pending
        chance is drawn at once when chance is automatic). It has no record, since no list of
        moves leads from the start to a position set by hand: ``record`` raises ValueError.
        Like ``full_state``, for tests and tools only.
        """
        if type(state) is not type(self._state):
            raise ValueError(f"a {type(state).__name__} is not a position of this {self.game_id} table, "
                             f"whose state is a {type(self._state).__name__}")
        game = self.clone()
        game._state = state.clone()
        game._state.set_chance_scripted(not game._auto_chance)
        game._log = []
        game._offered = None
        game._unrecorded = "a game set at a position by hand has no record (no moves lead there)"
        game._resolve_chance()
        return game

    # --- copies and records --------------------------------------------------------------
    def clone(self) -> Game:
        copy = Game.__new__(Game)
        copy.definition = self.definition
        copy.seats = self.seats
        copy.options = self.options
        copy.seed = self.seed
        copy._auto_chance = self._auto_chance  # the state's clone has heard it already
        copy.bot_seats = self.bot_seats
        copy._state = self._state.clone()
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        copy._log = list(self._log)
        copy._decisions = self._decisions
        copy._unrecorded = self._unrecorded
        copy._offered = self._offered
        return copy

    def record(self) -> dict[str, JSON]:
        """Everything needed to rebuild this game exactly with :func:`replay`.

        It holds every secret (every chance outcome): faces show it to players only once the
        game is over.
        """
        if self._unrecorded is not None:
            raise ValueError(self._unrecorded)
        record: dict[str, JSON] = {
            "format": RECORD_FORMAT,
            "game": self.game_id,
            "seats": self.seats,
            "options": dict(self.options),
            "seed": self.seed,
            "auto_chance": self.auto_chance,
            "actions": self.entries_since(0),
        }
        if self.bot_seats:
            record["bots"] = list(self.bot_seats)
        return record

    def entries_since(self, index: int) -> list[dict[str, JSON]]:
        """The record's entries from ``index`` on (a server appends these to its log)."""
        return [_entry_json(entry) for entry in self._log[index:]]

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to_act={self.to_act}"
        return f"<Game {self.game_id} seats={self.seats} seed={self.seed} {status}>"


def _bot_seats(bots: Any, seats: int) -> tuple[int, ...]:
    """The seats programs play, checked: distinct seat numbers of the table (from 0), sorted."""
    if bots is None:
        return ()
    listable = isinstance(bots, Iterable) and not isinstance(bots, str | bytes | Mapping)
    listed = list(bots) if listable else None
    # Each a seat number before they are compared: a record may list anything ([[]], say).
    if listed is None or not all(type(seat) is int and 0 <= seat < seats for seat in listed) or len(
            set(listed)) != len(listed):
        raise ValueError(_("'bots' lists the seats that bots play, each once, as numbers from 0 to {last}; "
                           "got {bots}").format(last=seats - 1, bots=_shown(bots)))
    return tuple(sorted(listed))


def _entry_json(entry: dict[str, JSON]) -> dict[str, JSON]:
    # A game may draw chance outcomes as tuples (cheap, immutable); records hold lists.
    chance = entry.get("chance")
    if isinstance(chance, tuple):
        return {"chance": list(chance)}
    return dict(entry)


def new_game(
    game_id: str,
    seats: int,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    auto_chance: bool = True,
    setup: JSON | None = None,
    bots: Iterable[int] | None = None,
) -> Game:
    """Start a game. Unknown ids, seat counts and options raise ValueError naming what is allowed.

    ``setup`` is what the table's last games leave to this one (``GameDefinition.next_setup``).
    ``bots`` are the seats that programs play (from 0), as far as the face knows: a game may
    treat them apart (Millionaire deals hunches to bots only), and the record keeps them.
    """
    return Game(lookup_definition(game_id), seats, options, seed, auto_chance, setup, bots)


def replay(record: Mapping[str, JSON]) -> Game:
    """Rebuild a game from :meth:`Game.record`; the final state is exactly the same.

    A prefix of a record's entries rebuilds the game as it was at that point. Raises
    ValueError saying in words what is wrong with a record that cannot be replayed (see
    :func:`check_record`), whatever it holds: a record may come from anyone (a file, a page).
    """
    check_record(record)
    entries: list[Any] = list(record["actions"])
    record_format = record.get("format", 1)
    if record_format == 1:
        # Format 1 listed chance only when it was scripted, and drew the rest from the seed.
        auto_chance = not any("chance" in entry for entry in entries)
        scripting = auto_chance
    else:
        auto_chance = record.get("auto_chance", True)
        scripting = False
    setup = None
    if entries and "setup" in entries[0]:
        setup, entries = entries[0]["setup"], entries[1:]
    game = new_game(record["game"], record["seats"], seed=record.get("seed"), options=record.get("options"),
                    auto_chance=scripting, setup=setup, bots=record.get("bots"))
    for index, entry in enumerate(entries, start=1 if setup is not None else 0):
        try:
            _replay_entry(game, entry, advance_rng=record_format == RECORD_FORMAT and auto_chance)
        except IllegalAction as refusal:
            raise ValueError(_("record entry {index} cannot be replayed: {problem}").format(
                index=index, problem=refusal.message)) from refusal
    game.auto_chance = auto_chance
    game._resolve_chance()
    return game


def check_record(record: Any) -> None:
    """Raise ValueError, in words, naming the first thing that keeps ``record`` from having a
    game record's shape; return when it has it.

    The shape is every field's type and form: ``format`` (1 or 2), ``game`` (an installed
    game's id), ``seats`` (a count the game is played by), ``auto_chance`` (true or false),
    ``seat_names`` when present (one text a seat), ``bots`` when present (checked as the game is
    made: the seats bots played, each once), and ``actions``, whose entries are each a
    decision ``{"seat", "action"}`` by one of the record's seats, a chance outcome
    ``{"chance"}``, or (first, in a game that carries something over) a setup ``{"setup"}``.
    What the values mean (the options, the seed, each action and outcome) the game itself
    judges while the record is replayed.
    """
    if not isinstance(record, Mapping):
        raise ValueError(_("a game record is a JSON object"))
    for key in ("game", "seats", "actions"):
        if key not in record:
            raise ValueError(_("a game record needs the key {key}").format(key=repr(key)))
    record_format = record.get("format", 1)
    if type(record_format) is not int or record_format not in (1, RECORD_FORMAT):
        raise ValueError(_("this record has format {format}; this version reads formats 1 and 2").format(
            format=_shown(record_format)))
    if record_format == RECORD_FORMAT and not isinstance(record.get("auto_chance", True), bool):
        raise ValueError(_("a game record's 'auto_chance' is true or false"))
    game_id = record["game"]
    if not isinstance(game_id, str):
        raise ValueError(_("a game record's 'game' is the id of a game; got {value}").format(
            value=_shown(game_id)))
    definition = lookup_definition(game_id)
    seats = record["seats"]
    _check_seat_count(definition, seats)
    names = record.get("seat_names")
    if names is not None and not (
        isinstance(names, list) and len(names) == seats and all(isinstance(name, str) for name in names)
    ):
        raise ValueError(_("a game record's 'seat_names' lists a name (a text) for each of its {count} "
                           "seats").format(count=seats))
    entries = record["actions"]
    if not isinstance(entries, list):
        raise ValueError(_("a game record's 'actions' is a list"))
    takes_setup = type(definition).next_setup is not GameDefinition.next_setup
    for index, entry in enumerate(entries):
        problem = _entry_form_problem(entry, seats, first=index == 0, takes_setup=takes_setup)
        if problem is not None:
            raise ValueError(_("record entry {index} cannot be replayed: {problem}").format(
                index=index, problem=problem))


def _entry_form_problem(entry: Any, seats: int, *, first: bool, takes_setup: bool) -> str | None:
    """What is wrong with the form of one entry of a record's actions, in words; None if nothing."""
    forms = _("an entry is a decision {decision}, a chance outcome {chance}, or first of all a setup "
              "{setup}").format(decision='{"seat": ..., "action": ...}', chance='{"chance": ...}',
                                setup='{"setup": ...}')
    if not isinstance(entry, Mapping):
        return _("{forms}; got {entry}").format(forms=forms, entry=_shown(entry))
    keys = set(entry)
    if keys == {"seat", "action"}:
        seat = entry["seat"]
        if type(seat) is not int or not 0 <= seat < seats:
            return _("a seat is a whole number from 0 to {last}; got {seat}").format(
                last=seats - 1, seat=_shown(seat))
        return None
    if keys == {"chance"}:
        return None
    if keys == {"setup"} and first:
        return None if takes_setup else _("this game carries nothing over from one game to the next, "
                                          "so its records have no setup")
    if keys < {"seat", "action"} and keys:  # a decision that lacks a part
        return _("it has no {key}").format(key=repr(min({"seat", "action"} - keys)))
    if not keys:
        return _("{forms}; this one is empty").format(forms=forms)
    shown = sorted(_shown(key) for key in keys)
    listed = ", ".join(shown[:_KEYS_SHOWN]) + (", …" if len(shown) > _KEYS_SHOWN else "")
    return _("{forms}; this one has the keys {keys}").format(forms=forms, keys=listed)


def _replay_entry(game: Game, entry: Mapping[str, Any], *, advance_rng: bool) -> None:
    if "chance" in entry:
        if advance_rng and game._state.is_chance():
            # Keep the random source where the original game had it, so that a replayed
            # game goes on as the original would have; the outcome itself is the record's.
            game._state.skip_chance(game._rng)
        game.apply_chance(entry["chance"])
    else:
        game.act(entry["seat"], entry["action"])


def _check_seat_count(definition: GameDefinition, seats: Any) -> None:
    if not isinstance(seats, int) or isinstance(seats, bool) or not (
        definition.min_seats <= seats <= definition.max_seats
    ):
        raise ValueError(_("{game} is played by {low} to {high} players; got {seats}").format(
            game=definition.text(definition.title), low=definition.min_seats, high=definition.max_seats,
            seats=_shown(seats)))


#: How many of an entry's keys a message lists.
_KEYS_SHOWN = 5
#: How much of a value a message shows: a record may hold a megabyte where a number belongs.
_SHOWN_CHARACTERS = 60


_SHOWING = reprlib.Repr()
_SHOWING.maxlevel, _SHOWING.maxstring, _SHOWING.maxother = 3, _SHOWN_CHARACTERS, _SHOWN_CHARACTERS


def _shown(value: Any) -> str:
    """A value as a message shows it (``repr``), cut short when long or deep."""
    text = _SHOWING.repr(value)
    return text if len(text) <= _SHOWN_CHARACTERS else text[: _SHOWN_CHARACTERS - 1] + "…"
