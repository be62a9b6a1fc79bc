"""The OpenSpiel adapter: any registered game, played through :class:`highstakes.Game`.

Each game registers as ``highstakes_<id>`` with four parameters: ``players`` (the seats),
``options`` (the game's options as a JSON object in a string, as ``'{"dddd": 800}'``),
``returns`` (``"win"``, the default, or ``"scores"``) and ``positions`` (False by default).

How the game is described to OpenSpiel:

* **Actions** are numbered by the game's ``action_catalogue`` (every action it can offer).
  A game without one (amounts that range widely, bids made of many pieces) has its legal
  actions numbered by their position in ``legal_actions``, the bound found by playing
  random games.
* **Chance** is explicit: outcome ``k`` is the ``k``-th of the state's ``chance_outcomes()``,
  with its probability, up to the game's ``max_chance_outcomes`` (else a bound found by
  playing random games). A game without chance is deterministic.
* **Simultaneous moves** are taken in turn, lowest seat first; a later seat's view does not
  show the earlier choices (the views keep them secret), so the game type is imperfect
  information whenever the game declares hidden information.
* **Information states** are the seat's view with the seat's own moves so far (JSON);
  observations are the view alone. ``resample_from_infostate`` draws a world with the game's
  ``resample_hidden`` hook.
* **Programs at every seat**: every game is told that bots play all its seats
  (``new_game(..., bots=...)``), since the agents OpenSpiel plays are programs; a game that
  treats bots apart (Millionaire's hunches) treats every seat as a bot's.
* **Returns**: ``"win"`` gives +1 to a sole winner; winners share, everyone pays the
  same share of the losses, so returns sum to 0 (one player: 1 for a win, else 0).
  ``"scores"`` gives the result's scores; whether they are zero-sum, constant-sum or
  general-sum, and their bounds, are read from random games (an estimate, said so in
  :func:`table_facts`).

**Positions mode** (``positions=True``, with ``"win"`` returns, for games without hidden
information that give position keys, ``GameState.position_key``): a state's string is its
position key rather than its views, so that OpenSpiel's value iteration with
``cyclic_game=True`` sees a position it has met before as the same state and a game whose
turns can come back to where they were (Greed's greed-outs) has a finite set of states.
Equal positions are merged everywhere: chance outcomes that lead to one position are one
outcome (their probabilities added: Greed's 462 rolls of six dice are 66 outcomes), and legal
actions that lead to one position are one action (the first). Each position's outcomes and
choices are worked out once per game and shared by every state in that position, which is
what makes a sweep over all of them affordable. Histories are not kept in this mode.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np
import pyspiel

import highstakes as hs
from highstakes.engine.action import JSON, Action
from highstakes.engine.game import Game

PREFIX = "highstakes_"
RETURNS = ("win", "scores")
#: Random games played to estimate what a game does not declare.
_SAMPLE_GAMES = 30
#: Estimated bounds are widened by this factor, since random games are not every game.
_MARGIN = 2


def _key(data: JSON) -> str:
    """A canonical string of a JSON value (tuples and lists alike)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class TableFacts:
    """What OpenSpiel needs to know about one table: numbers, bounds, the kind of utility."""

    game_id: str
    seats: int
    options: dict[str, JSON]
    returns: str
    catalogue: tuple[str, ...]  # the catalogued actions, as canonical JSON strings
    #: How many numbers go to legal actions by their place in the list (a game without a
    #: catalogue): the bound on how many a position lists.
    positional: int
    chance_outcomes: int
    utility: pyspiel.GameType.Utility
    min_utility: float
    max_utility: float
    utility_sum: float | None
    #: What was estimated from random games rather than declared by the game.
    estimated: tuple[str, ...]

    @property
    def num_distinct_actions(self) -> int:
        return len(self.catalogue) + self.positional


@cache
def _facts(game_id: str, seats: int, options_key: str, returns: str) -> TableFacts:
    definition = hs.definition(game_id)
    options = json.loads(options_key)
    typed_game = hs.new_game(game_id, seats, seed=0, options=options, auto_chance=False, bots=range(seats))
    typed = definition.options_type.from_json(typed_game.options)
    catalogue = definition.action_catalogue(seats, typed)
    known = tuple(_key(action) for action in catalogue or ())
    menu = 0 if catalogue is not None else None
    chance = definition.max_chance_outcomes(seats, typed)
    estimated: list[str] = []
    samples: list[tuple[int, int, list[float]]] = []
    if menu is None or chance is None or returns == "scores":
        samples = [_play_random(game_id, seats, typed_game.options, frozenset(known), seed)
                   for seed in range(_SAMPLE_GAMES)]
    if menu is None:
        menu = _MARGIN * max(sample[0] for sample in samples)
        estimated.append("positional")
    if chance is None:
        chance = _MARGIN * max(sample[1] for sample in samples)
        estimated.append("chance_outcomes")
    if returns == "win":
        if seats == 1:
            utility, low, high, total = pyspiel.GameType.Utility.GENERAL_SUM, 0.0, 1.0, None
        else:
            utility, low, high, total = pyspiel.GameType.Utility.ZERO_SUM, -1.0 / (seats - 1), 1.0, 0.0
    else:
        scores = [sample[2] for sample in samples]
        sums = {round(sum(row), 6) for row in scores}
        low, high = min(min(row) for row in scores), max(max(row) for row in scores)
        spread = max(abs(low), abs(high), 1.0)
        low, high = low - spread, high + spread
        estimated += ["utility", "min_utility", "max_utility"]
        if seats > 1 and sums == {0.0}:
            utility, total = pyspiel.GameType.Utility.ZERO_SUM, 0.0
        elif seats > 1 and len(sums) == 1:
            utility, total = pyspiel.GameType.Utility.CONSTANT_SUM, sums.pop()
        else:
            utility, total = pyspiel.GameType.Utility.GENERAL_SUM, None
    return TableFacts(
        game_id=game_id, seats=seats, options=dict(typed_game.options), returns=returns,
        catalogue=known, positional=menu, chance_outcomes=chance, utility=utility,
        min_utility=low, max_utility=high, utility_sum=total, estimated=tuple(estimated),
    )


def _play_random(
    game_id: str, seats: int, options: dict[str, JSON], known: frozenset[str], seed: int,
) -> tuple[int, int, list[float]]:
    rng = random.Random(seed)
    game = hs.new_game(game_id, seats, seed=seed, options=options, auto_chance=False, bots=range(seats))
    widest_menu = widest_chance = 0
    for _step in range(game.definition.max_game_length + 1):
        if game.is_over:
            break
        if game.is_chance:
            outcomes = game.chance_outcomes()
            widest_chance = max(widest_chance, len(outcomes))
            game.apply_chance(rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0])
            continue
        seat = min(game.to_act)
        legal = game.legal_actions(seat)
        widest_menu = max(widest_menu, sum(_key(action.to_json()) not in known for action in legal))
        game.act(seat, rng.choice(legal))
    return widest_menu, widest_chance, [float(score) for score in game.result()["scores"]]


def table_facts(game_id: str, seats: int | None = None, options: dict[str, JSON] | None = None,
                returns: str = "win") -> TableFacts:
    """The numbers and bounds the adapter gives OpenSpiel for this table (what was estimated, too)."""
    definition = hs.definition(game_id)
    if returns not in RETURNS:
        raise ValueError(f"returns must be one of {', '.join(RETURNS)}; got {returns!r}")
    seats = definition.usual_seats if seats is None else seats
    # OpenSpiel needs a bound on a game's length: the game's limits for random play fill the
    # options not given.
    return _facts(game_id, seats, _key(definition.bounded_options(options)), returns)


# --- the state --------------------------------------------------------------------------------------
class _Play:
    """The engine's game and each seat's own moves: copied by ``Game.clone``, never deep-copied.

    In positions mode a play is never changed once made (``shared``): states in the same
    position share it, and applying an action moves a state to another play.
    """

    __slots__ = ("game", "key", "moves", "offered", "player", "shared")

    def __init__(self, game: Game, moves: list[list[JSON] | None], shared: bool = False) -> None:
        self.game = game
        self.moves = moves  # None: a sampled world does not know that seat's past moves
        self.offered: tuple[int, int, dict[int, Action]] | None = None
        self.shared = shared
        self.key: str | None = None  # the position key's string, once asked (positions mode)
        self.player: int | None = None  # OpenSpiel's player to move, once asked (shared plays)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        if self.shared:
            return self
        return _Play(self.game.clone(), [None if m is None else list(m) for m in self.moves])


class _Positions:
    """Positions mode's memory: each position's merged chance outcomes and choices, made once."""

    __slots__ = ("choices", "game_id", "outcomes")

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        #: Chance position -> (probability, the play it leads to), one for each position where a
        #: seat acts or the game ends: chance that leads to chance is followed to its end.
        self.outcomes: dict[str, list[tuple[float, _Play]]] = {}
        #: Position -> {action number: the play it leads to}, one number per position reached.
        self.choices: dict[str, dict[int, _Play]] = {}

    def key(self, play: _Play) -> str:
        if play.key is None:
            key = play.game.position_key()
            if key is None:
                raise pyspiel.SpielError(f"{self.game_id} gives no position key here; positions mode "
                                         "needs one at every position (GameState.position_key)")
            play.key = _key(key)
        return play.key

    def chance(self, play: _Play) -> list[tuple[float, _Play]]:
        key = self.key(play)
        if key not in self.outcomes:
            self._follow_chance(play)
        return self.outcomes[key]

    def _draw(self, play: _Play) -> dict[str, tuple[float, _Play]]:
        """One chance event from ``play``: each position it can lead to, with its probability."""
        reached: dict[str, tuple[float, _Play]] = {}
        for outcome, probability in play.game.chance_outcomes():
            child = _Play(play.game.clone(), play.moves, shared=True)
            child.game.apply_chance(outcome)
            key = self.key(child)
            before = reached.get(key)
            reached[key] = (probability, child) if before is None else (before[0] + probability, before[1])
        return reached

    def _follow_chance(self, play: _Play) -> None:
        """Where chance from ``play`` ends: at the positions where a seat acts or the game is over.

        Chance may lead to more chance, even round in a circle (a tied roll-off rolls again,
        two players may greed out in turn for ever), and OpenSpiel's state enumeration stops
        only at positions where someone acts. So the chance positions reached by chance alone
        are gathered, and the chance of ending at each acting position is the absorbing
        Markov chain's: the rows of (I - Q)^-1 B. Every gathered position gets its row.
        """
        order, plays = [self.key(play)], {self.key(play): play}
        draws: dict[str, dict[str, tuple[float, _Play]]] = {}
        for key in order:  # grows while it is walked
            draws[key] = self._draw(plays[key])
            for reached, (_p, child) in draws[key].items():
                if child.game.is_chance and reached not in plays:
                    plays[reached] = child
                    order.append(reached)
        ends = {reached: child for draw in draws.values() for reached, (_p, child) in draw.items()
                if not child.game.is_chance}
        if len(order) == 1:
            self.outcomes[order[0]] = list(draws[order[0]].values())
            return
        at = {key: row for row, key in enumerate(order)}
        end_at = {key: column for column, key in enumerate(ends)}
        onward = np.zeros((len(order), len(order)))
        ending = np.zeros((len(order), len(ends)))
        for key, draw in draws.items():
            for reached, (probability, child) in draw.items():
                if child.game.is_chance:
                    onward[at[key], at[reached]] += probability
                else:
                    ending[at[key], end_at[reached]] += probability
        chances = np.linalg.solve(np.eye(len(order)) - onward, ending)
        for key, row in at.items():
            self.outcomes[key] = [(float(chances[row, column]), ends[end]) for end, column in end_at.items()
                                  if chances[row, column] > 0]

    def moves(self, play: _Play, seat: int, numbered: dict[int, Action]) -> dict[int, _Play]:
        key = self.key(play)
        chosen = self.choices.get(key)
        if chosen is None:
            chosen, reached = {}, set()
            for number in sorted(numbered):
                child = _Play(play.game.clone(), play.moves, shared=True)
                child.game.act(seat, numbered[number])
                if self.key(child) not in reached:
                    reached.add(self.key(child))
                    chosen[number] = child
            self.choices[key] = chosen
        return chosen


class _Shared:
    """Facts shared by every state of a game: never copied."""

    __slots__ = ("facts", "index", "positions", "start")

    def __init__(self, facts: TableFacts, positions: bool = False) -> None:
        self.facts = facts
        self.index = {key: number for number, key in enumerate(facts.catalogue)}
        self.positions = _Positions(facts.game_id) if positions else None
        # Programs play every seat (docs/research.md, "Bots at every seat").
        self.start = _Play(hs.new_game(facts.game_id, facts.seats, seed=0, options=facts.options,
                                       auto_chance=False, bots=range(facts.seats)), [None] * facts.seats,
                           shared=True)

    def first_play(self) -> _Play:
        """The game's start: shared in positions mode, else a copy of it.

        OpenSpiel builds every copy of a state through its constructor before filling it in,
        so this runs for every child state: it must be cheap.
        """
        if self.positions is not None:
            return self.start
        return _Play(self.start.game.clone(), [[] for _ in range(self.facts.seats)])

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class HighStakesState(pyspiel.State):
    """One High Stakes game as an OpenSpiel state."""

    def __init__(self, game: HighStakesGame, play: _Play | None = None) -> None:
        super().__init__(game)
        self._shared = game.shared
        self._play = game.shared.first_play() if play is None else play

    # --- whose turn, and what may be done ------------------------------------------------------
    def current_player(self) -> int:
        play = self._play
        if play.player is not None:
            return play.player
        game = play.game
        if game.is_over:
            player = pyspiel.PlayerId.TERMINAL
        elif game.is_chance:
            player = pyspiel.PlayerId.CHANCE
        else:
            player = min(game.to_act)
        if play.shared:  # a shared play never changes: ask once
            play.player = player
        return player

    def _numbered(self, seat: int) -> dict[int, Action]:
        """The legal actions of ``seat`` by their numbers (cached for the position)."""
        play = self._play
        position = play.game.history_length
        if play.offered is not None and play.offered[:2] == (position, seat):
            return play.offered[2]
        shared = self._shared
        base = len(shared.facts.catalogue)
        numbered: dict[int, Action] = {}
        extra = 0
        for action in play.game.legal_actions(seat):
            number = shared.index.get(_key(action.to_json()))
            if number is None:
                if base:
                    raise pyspiel.SpielError(f"{shared.facts.game_id} offered {action.to_json()!r}, "
                                             "which its action catalogue lacks")
                if extra >= shared.facts.positional:
                    raise pyspiel.SpielError(
                        f"{shared.facts.game_id}: more than {shared.facts.positional} legal actions at "
                        "one position, the bound estimated from random games")
                number, extra = base + extra, extra + 1
            numbered[number] = action
        play.offered = (position, seat, numbered)
        return numbered

    def _legal_actions(self, player: int) -> list[int]:
        if player not in self._play.game.to_act:
            return []
        positions = self._shared.positions
        if positions is not None:
            return list(positions.moves(self._play, player, self._numbered(player)))
        return sorted(self._numbered(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        positions = self._shared.positions
        if positions is not None:
            return [(number, p) for number, (p, _play) in enumerate(positions.chance(self._play))]
        outcomes = self._play.game.chance_outcomes()
        if len(outcomes) > self._shared.facts.chance_outcomes:
            raise pyspiel.SpielError(
                f"{self._shared.facts.game_id}: a chance event with {len(outcomes)} outcomes, "
                f"more than the {self._shared.facts.chance_outcomes} declared")
        return [(number, probability) for number, (_outcome, probability) in enumerate(outcomes)]

    def _apply_action(self, action: int) -> None:
        play = self._play
        positions = self._shared.positions
        if positions is not None:
            if play.game.is_chance:
                self._play = positions.chance(play)[action][1]
            else:
                seat = self.current_player()
                self._play = positions.moves(play, seat, self._numbered(seat))[action]
            return
        if play.game.is_chance:
            play.game.apply_chance(play.game.chance_outcomes()[action][0])
            return
        seat = self.current_player()
        move = self._numbered(seat)[action]
        play.game.act(seat, move)
        own = play.moves[seat]
        if own is not None:
            own.append(move.to_json())
        play.offered = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            positions = self._shared.positions
            if positions is not None:
                merged = positions.chance(self._play)
                if 0 <= action < len(merged):
                    return f"chance to the position {positions.key(merged[action][1])}"
            outcomes = self._play.game.chance_outcomes()
            if 0 <= action < len(outcomes):
                return f"chance {_key(outcomes[action][0])}"
            return f"chance outcome {action}"
        if player in self._play.game.to_act:
            move = self._numbered(player).get(action)
            if move is not None:
                return str(move)
        catalogue = self._shared.facts.catalogue
        if action < len(catalogue):
            return catalogue[action]
        return f"legal action number {action + 1} in the list"

    # --- the end -----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self._play.game.is_over

    def returns(self) -> list[float]:
        facts = self._shared.facts
        game = self._play.game
        if not game.is_over:
            return [0.0] * facts.seats
        result = game.result()
        if facts.returns == "scores":
            return [float(score) for score in result["scores"]]
        return win_returns(facts.seats, result["winners"])

    # --- what a seat knows ---------------------------------------------------------------------
    def information_state_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return _key({"view": self._play.game.view(seat), "moves": self._play.moves[seat]})

    def observation_string(self, player: int | None = None) -> str:
        seat = self.current_player() if player is None else player
        return _key(self._play.game.view(seat))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> HighStakesState:
        """A world ``player_id`` could not tell from this one (the game's ``resample_hidden``)."""
        copy = self.clone()
        if not hs.definition(self._shared.facts.game_id).hidden_information:
            return copy
        rng = random.Random(int(probability_sampler() * 2**53))
        world = self._play.game.sample_world(player_id, rng)
        # The other seats' past moves are part of what is redrawn: the world does not know them.
        moves: list[list[JSON] | None] = [None] * self._shared.facts.seats
        moves[player_id] = list(self._play.moves[player_id] or [])
        copy._play = _Play(world, moves)
        return copy

    def __str__(self) -> str:
        positions = self._shared.positions
        if positions is not None:
            return positions.key(self._play)
        game = self._play.game
        return _key([game.view(None), *(game.view(seat) for seat in range(game.seats))])


def win_returns(seats: int, winners: list[int]) -> list[float]:
    """+1 to a sole winner, a tie's winners share it, the losers pay it in equal parts.

    Returns sum to 0 with two seats or more; with one seat, 1 for a win and 0 otherwise.
    """
    if seats == 1:
        return [1.0 if winners else 0.0]
    if not winners:
        return [0.0] * seats
    # (n / w - 1) / (n - 1) for each of w winners, -1 / (n - 1) for each loser: exact for a sole winner.
    won = (seats / len(winners) - 1.0) / (seats - 1)
    lost = -1.0 / (seats - 1)
    return [won if seat in winners else lost for seat in range(seats)]


# --- observers (OpenSpiel's strings, no tensors) -----------------------------------------------
class _ViewObserver:
    """Strings only: the information state (perfect recall) or the view."""

    def __init__(self, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict: dict[str, np.ndarray] = {}

    def set_from(self, state: HighStakesState, player: int) -> None:
        pass

    def string_from(self, state: HighStakesState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


# --- the game ----------------------------------------------------------------------------------
def _game_type(game_id: str, facts: TableFacts | None = None) -> pyspiel.GameType:
    definition = hs.definition(game_id)
    imperfect = definition.hidden_information
    if facts is None:
        chance, utility = pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC, pyspiel.GameType.Utility.ZERO_SUM
    else:
        chance = (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if facts.chance_outcomes
                  else pyspiel.GameType.ChanceMode.DETERMINISTIC)
        utility = facts.utility
    return pyspiel.GameType(
        short_name=PREFIX + game_id,
        long_name=f"High Stakes {definition.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance,
        information=(pyspiel.GameType.Information.IMPERFECT_INFORMATION if imperfect
                     else pyspiel.GameType.Information.PERFECT_INFORMATION),
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=definition.max_seats,
        min_num_players=definition.min_seats,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": definition.usual_seats, "options": "{}", "returns": "win",
                                 "positions": False},
    )


def _game_info(game_id: str, facts: TableFacts) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=facts.num_distinct_actions,
        max_chance_outcomes=facts.chance_outcomes,
        num_players=facts.seats,
        min_utility=facts.min_utility,
        max_utility=facts.max_utility,
        utility_sum=facts.utility_sum,
        max_game_length=hs.definition(game_id).max_game_length,
    )


class HighStakesGame(pyspiel.Game):
    """A High Stakes game at one table (seats, options, returns), as an OpenSpiel game."""

    #: Set on the subclass registered for each game.
    game_id: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_id = self.game_id
        params = dict(params or {})
        definition = hs.definition(game_id)
        seats = int(params.get("players", definition.usual_seats))
        try:
            options = json.loads(params.get("options", "{}"))
        except json.JSONDecodeError as error:
            raise ValueError(f"the options parameter is a JSON object; {error}") from None
        if not isinstance(options, dict):
            raise ValueError(f"the options parameter is a JSON object; got {options!r}")
        self.facts = table_facts(game_id, seats, options, str(params.get("returns", "win")))
        positions = bool(params.get("positions", False))
        if positions and (self.facts.returns != "win" or definition.hidden_information):
            raise ValueError("positions mode merges states that differ in scores and history: it takes "
                             "returns 'win' and a game without hidden information")
        self.shared = _Shared(self.facts, positions)
        if positions and self.shared.start.game.position_key() is None:
            raise ValueError(f"{definition.title} gives no position key: positions mode needs one at every "
                             "position (GameState.position_key)")
        super().__init__(_game_type(game_id, self.facts), _game_info(game_id, self.facts), params)

    def new_initial_state(self) -> HighStakesState:
        return HighStakesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _ViewObserver:
        return _ViewObserver(bool(iig_obs_type is not None and iig_obs_type.perfect_recall))


def register_all() -> list[str]:
    """Register every installed High Stakes game with OpenSpiel (once); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in hs.games():
        name = PREFIX + game_id
        names.append(name)
        if name in registered:
            continue
        # A class, as OpenSpiel's own Python games register: a closure held by OpenSpiel's
        # registry is released after the interpreter's lock at exit, which aborts the process.
        table = type(f"HighStakes_{game_id}", (HighStakesGame,), {"game_id": game_id})
        _REGISTERED.append(table)
        pyspiel.register_game(_game_type(game_id), table)
    return names


_REGISTERED: list[type[HighStakesGame]] = []


def load(game_id: str, seats: int | None = None, options: dict[str, JSON] | None = None,
         returns: str = "win", positions: bool = False) -> HighStakesGame:
    """``pyspiel.load_game`` for one High Stakes game (registering the games first)."""
    register_all()
    params: dict[str, Any] = {"options": _key(options or {}), "returns": returns, "positions": positions}
    if seats is not None:
        params["players"] = seats
    return pyspiel.load_game(PREFIX + game_id, params)
