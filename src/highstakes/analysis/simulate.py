"""Play many seeded games between bots, in parallel, and summarise who wins.

Bots rotate through the seats from game to game (game ``k`` puts bot ``i`` in
seat ``(i + k) mod seats``), so each bot sits in every seat equally often and
seat advantage does not masquerade as skill.

**Duplicate play** (:func:`simulate_duplicate`) compares two bots at a game of two
partnerships: bot A plays every seat of one side, bot B every seat of the other, and each
deal (one seed) is played twice with the sides' seats swapped, so that both bots hold the
same cards and the luck of the deal cancels. The figure is the mean of A's side's score
minus B's side's per deal, with its 95 % confidence interval by the normal approximation
over deals (the deals are independent; the two plays of one deal are not, so a deal counts
once, its difference the mean of its two plays).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from highstakes.analysis.stats import mean_interval, wilson_interval
from highstakes.bots.registry import make_bot
from highstakes.bots.runner import play_out
from highstakes.engine.game import new_game
from highstakes.engine.registry import definition
from highstakes.i18n import _


@dataclass(frozen=True)
class GameOutcome:
    seat_of_bot: tuple[int, ...]  # seat_of_bot[i]: where bot i sat
    winners: tuple[int, ...]  # seats
    scores: tuple[Any, ...]
    decisions: int
    turns: int | None


@dataclass
class SimulationSummary:
    game: str
    bots: list[str]
    games: int
    seed: int
    wins: dict[str, float] = field(default_factory=dict)
    wins_by_seat: dict[tuple[str, int], float] = field(default_factory=dict)
    games_by_seat: dict[tuple[str, int], int] = field(default_factory=dict)
    total_decisions: int = 0
    total_turns: int = 0
    has_turns: bool = True

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        share = 1.0 / len(outcome.winners)  # a shared win counts as a fraction
        for bot_index, seat in enumerate(outcome.seat_of_bot):
            key = (self.label(bot_index), seat)
            self.games_by_seat[key] = self.games_by_seat.get(key, 0) + 1
            won = share if seat in outcome.winners else 0.0
            self.wins_by_seat[key] = self.wins_by_seat.get(key, 0.0) + won
            self.wins[self.label(bot_index)] = self.wins.get(self.label(bot_index), 0.0) + won
        self.total_decisions += outcome.decisions
        if outcome.turns is None:
            self.has_turns = False
        else:
            self.total_turns += outcome.turns

    def label(self, bot_index: int) -> str:
        """Bot name, numbered when the same bot plays more than one seat."""
        name = self.bots[bot_index]
        if self.bots.count(name) == 1:
            return name
        return f"{name}#{bot_index + 1}"

    def to_json(self) -> dict[str, Any]:
        rows = []
        for bot_index in range(len(self.bots)):
            label = self.label(bot_index)
            wins = self.wins.get(label, 0.0)
            low, high = wilson_interval(wins, self.games)
            by_seat = []
            for seat in range(len(self.bots)):
                played = self.games_by_seat.get((label, seat), 0)
                seat_wins = self.wins_by_seat.get((label, seat), 0.0)
                seat_low, seat_high = wilson_interval(seat_wins, played)
                by_seat.append({
                    "seat": seat, "games": played, "wins": seat_wins,
                    "win_rate": seat_wins / played if played else None,
                    "ci95": [seat_low, seat_high],
                })
            rows.append({
                "bot": label, "games": self.games, "wins": wins,
                "win_rate": wins / self.games if self.games else None,
                "ci95": [low, high], "by_seat": by_seat,
            })
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "bots": rows,
            "mean_decisions": self.total_decisions / self.games if self.games else None,
            "mean_turns": self.total_turns / self.games if self.games and self.has_turns else None,
        }


def play_one(
    game_id: str, bot_names: Sequence[str], options: Mapping[str, Any], seed: int, index: int
) -> GameOutcome:
    """Game number ``index`` of a simulation: fully determined by its arguments."""
    seats = len(bot_names)
    seat_of_bot = tuple((bot_index + index) % seats for bot_index in range(seats))
    bots_in_seat = [None] * seats
    for bot_index, seat in enumerate(seat_of_bot):
        bots_in_seat[seat] = make_bot(game_id, bot_names[bot_index])  # type: ignore[call-overload]
    game_seed = random.Random(f"{seed}:{index}").getrandbits(63)
    game = new_game(game_id, seats, seed=game_seed, options=options, bots=range(seats))  # bots alone
    decisions = play_out(game, bots_in_seat, random.Random(game_seed ^ 0x5EED))  # type: ignore[arg-type]
    result = game.result()
    return GameOutcome(
        seat_of_bot=seat_of_bot,
        winners=tuple(result["winners"]),
        scores=tuple(result["scores"]),
        decisions=decisions,
        turns=result.get("turns"),
    )


def _play_chunk(args: tuple[str, tuple[str, ...], dict[str, Any], int, int, int]) -> list[GameOutcome]:
    game_id, bot_names, options, seed, start, stop = args
    return [play_one(game_id, bot_names, options, seed, index) for index in range(start, stop)]


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    for start in range(0, games, size):
        yield start, min(games, start + size)


# --- where the chunks run -------------------------------------------------------------------------

Job = TypeVar("Job")
Result = TypeVar("Result")


class ChunkRunner(Protocol):
    """Somewhere to play chunks of games: this process, a pool of processes, a Ray cluster.

    ``run`` yields ``(job number, result)`` as each job finishes, in any order; the caller
    puts them back in job order, so that the summary does not depend on who finished first.
    """

    @property
    def workers(self) -> int:
        """How many jobs run at once (it sets the chunks' size, never the summary)."""
        ...

    def run(self, work: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[tuple[int, Result]]: ...


class LocalRunner:
    """This process (one worker) or a pool of ``workers`` processes on this machine."""

    def __init__(self, workers: int = 1) -> None:
        if workers < 1:
            raise ValueError(_("workers must be at least 1; got {count}").format(count=workers))
        self._workers = workers

    @property
    def workers(self) -> int:
        return self._workers

    def run(self, work: Callable[[Job], Result], jobs: Sequence[Job]) -> Iterator[tuple[int, Result]]:
        if self._workers == 1:
            yield from enumerate(map(work, jobs))
            return
        with ProcessPoolExecutor(max_workers=self._workers) as pool:
            pending: dict[Future[Result], int] = {
                pool.submit(work, job): index for index, job in enumerate(jobs)
            }
            try:
                while pending:
                    done, _running = wait(pending, return_when=FIRST_COMPLETED)
                    for future in done:
                        yield pending.pop(future), future.result()
            finally:
                for future in pending:  # stopped early (an error, Ctrl-C): drop what has not started
                    future.cancel()


def in_job_order(
    results: Iterable[tuple[int, list[Result]]], on_progress: Callable[[int], None] | None = None
) -> Iterator[Result]:
    """The outcomes of numbered chunks, in chunk order, whatever order the chunks arrive in.

    Progress is counted as each chunk arrives; a chunk that arrives early waits for the
    ones before it, so that the summary adds its outcomes (floats among them) in one order.
    """
    waiting: dict[int, list[Result]] = {}
    next_index = 0
    for index, chunk in results:
        waiting[index] = chunk
        if on_progress is not None:
            on_progress(len(chunk))
        while next_index in waiting:
            yield from waiting.pop(next_index)
            next_index += 1


def simulate(
    game_id: str,
    bot_names: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    runner: ChunkRunner | None = None,
) -> SimulationSummary:
    """Play ``games`` games and summarise them. Same arguments, same summary, any worker count.

    The games run in ``runner`` (a Ray cluster, say: ``highstakes.analysis.cluster``), else in
    ``workers`` processes on this machine.
    """
    if games < 1:
        raise ValueError(_("games must be at least 1; got {count}").format(count=games))
    runner = runner or LocalRunner(workers)
    # Fail fast, in this process, on a bad game id, seat count, option or bot name.
    probe = new_game(game_id, len(bot_names), seed=seed, options=options)
    for name in bot_names:
        make_bot(game_id, name)
    summary = SimulationSummary(game=game_id, bots=list(bot_names), games=0, seed=seed)
    jobs = [
        (game_id, tuple(bot_names), dict(probe.options), seed, start, stop)
        for start, stop in _chunks(games, max(1, min(50, games // (runner.workers * 8) or 1)))
    ]
    for outcome in in_job_order(runner.run(_play_chunk, jobs), on_progress):
        summary.add(outcome)
    return summary


# --- duplicate play ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class DealOutcome:
    """One deal played twice: first bot A on the first partnership, then on the second."""

    differences: tuple[float, float]  # A's side's score minus B's, in each play
    wins: tuple[float, float]  # A's and B's wins over the two plays (a shared win counts half)
    decisions: int


@dataclass
class DuplicateSummary:
    game: str
    bots: list[str]  # [A, B]
    seats: int
    sides: tuple[tuple[int, ...], ...]
    options: dict[str, Any]
    seed: int
    differences: list[float] = field(default_factory=list)  # one per deal, the mean of its two plays
    wins: list[float] = field(default_factory=lambda: [0.0, 0.0])
    total_decisions: int = 0

    @property
    def deals(self) -> int:
        return len(self.differences)

    def add(self, outcome: DealOutcome) -> None:
        self.differences.append(sum(outcome.differences) / 2)
        self.wins = [mine + more for mine, more in zip(self.wins, outcome.wins, strict=True)]
        self.total_decisions += outcome.decisions

    def label(self, bot_index: int) -> str:
        """Bot name, numbered when a bot is compared with itself."""
        name = self.bots[bot_index]
        return name if self.bots[0] != self.bots[1] else f"{name}#{bot_index + 1}"

    def to_json(self) -> dict[str, Any]:
        games = 2 * self.deals
        mean, interval = mean_interval(self.differences)
        return {
            "game": self.game,
            "mode": "duplicate",
            "seed": self.seed,
            "seats": self.seats,
            "partnerships": [list(side) for side in self.sides],
            "options": dict(self.options),
            "deals": self.deals,
            "games": games,
            "bots": [
                {"bot": self.label(index), "games": games, "wins": self.wins[index],
                 "win_rate": self.wins[index] / games}
                for index in range(2)
            ],
            "difference": {
                "of": [self.label(0), self.label(1)],
                "mean": mean,
                "ci95": list(interval) if interval is not None else None,
                "interval": "normal approximation over deals",
            },
            "mean_decisions": self.total_decisions / games,
        }


def side_score(scores: Sequence[Any], side: Sequence[int]) -> Any:
    """A partnership's score: its seats share one (the conformance kit checks it)."""
    return scores[side[0]]


def play_deal(game_id: str, bot_names: Sequence[str], seats: int, options: Mapping[str, Any],
              sides: Sequence[Sequence[int]], seed: int, index: int) -> DealOutcome:
    """Deal number ``index`` of a duplicate run, played twice: fully determined by its arguments.

    Both plays use the same game seed (so the same cards) and the same seed for the bots'
    random choices, so a bot compared with itself scores a difference of exactly 0.
    """
    game_seed = random.Random(f"{seed}:{index}").getrandbits(63)
    differences, wins, decisions = [], [0.0, 0.0], 0
    for a_side, b_side in ((sides[0], sides[1]), (sides[1], sides[0])):
        bots_in_seat: list[Any] = [None] * seats
        for bot_index, side in enumerate((a_side, b_side)):
            for seat in side:
                bots_in_seat[seat] = make_bot(game_id, bot_names[bot_index])
        game = new_game(game_id, seats, seed=game_seed, options=options, bots=range(seats))
        decisions += play_out(game, bots_in_seat, random.Random(game_seed ^ 0x5EED))
        result = game.result()
        differences.append(side_score(result["scores"], a_side) - side_score(result["scores"], b_side))
        winning = [bot_index for bot_index, side in enumerate((a_side, b_side))
                   if any(seat in result["winners"] for seat in side)]
        for bot_index in winning:
            wins[bot_index] += 1.0 / len(winning)
    return DealOutcome(differences=(differences[0], differences[1]), wins=(wins[0], wins[1]),
                       decisions=decisions)


_DealJob = tuple[str, tuple[str, ...], int, dict[str, Any], tuple[tuple[int, ...], ...], int, int, int]


def _play_deals(args: _DealJob) -> list[DealOutcome]:
    game_id, bot_names, seats, options, sides, seed, start, stop = args
    return [play_deal(game_id, bot_names, seats, options, sides, seed, index) for index in range(start, stop)]


def simulate_duplicate(
    game_id: str,
    bot_names: Sequence[str],
    deals: int,
    *,
    seats: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    runner: ChunkRunner | None = None,
) -> DuplicateSummary:
    """Play ``deals`` deals twice each, bot A's side against bot B's, the sides' seats swapped.

    ``seats`` defaults to the game's usual table; the game must be played there by two
    partnerships (``GameDefinition.partnerships``), under the options the game gives for a
    duplicate comparison (``duplicate_options``). Same arguments, same summary, any worker count,
    in ``workers`` processes or in ``runner`` (as :func:`simulate`).
    """
    if deals < 1:
        raise ValueError(_("games must be at least 1; got {count}").format(count=deals))
    runner = runner or LocalRunner(workers)
    if len(bot_names) != 2:
        raise ValueError(_("--duplicate compares two bots, one for each partnership, e.g. --bots {example}; "
                           "got {count}").format(example="rules,random", count=len(bot_names)))
    game = definition(game_id)
    seats = game.usual_seats if seats is None else seats
    # Fail fast, in this process, on a bad seat count, option or bot name.
    probe = new_game(game_id, seats, seed=seed, options=options)
    typed = game.duplicate_options(seats, game.options_type.from_json(probe.options))
    sides = game.partnerships(seats, typed)
    if sides is None or len(sides) != 2:
        raise ValueError(_("--duplicate needs two partnerships, and {game} with {seats} seats is not played "
                           "by two").format(game=game_id, seats=seats))
    for name in bot_names:
        make_bot(game_id, name)
    played = typed.to_json()
    summary = DuplicateSummary(game=game_id, bots=list(bot_names), seats=seats,
                               sides=tuple(tuple(side) for side in sides), options=played, seed=seed)
    jobs = [
        (game_id, tuple(bot_names), seats, played, summary.sides, seed, start, stop)
        for start, stop in _chunks(deals, max(1, min(25, deals // (runner.workers * 8) or 1)))
    ]
    for outcome in in_job_order(runner.run(_play_deals, jobs), on_progress):
        summary.add(outcome)
    return summary
