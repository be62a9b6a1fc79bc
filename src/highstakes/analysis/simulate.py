"""Play many seeded games between bots, in parallel, and summarise who wins.

Bots rotate through the seats from game to game (game ``k`` puts bot ``i`` in
seat ``(i + k) mod seats``), so each bot sits in every seat equally often and
seat advantage does not masquerade as skill.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from highstakes.analysis.stats import wilson_interval
from highstakes.bots.registry import make_bot
from highstakes.bots.runner import play_out
from highstakes.engine.game import new_game
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
    game = new_game(game_id, seats, seed=game_seed, options=options)
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


def simulate(
    game_id: str,
    bot_names: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` games and summarise them. Same arguments, same summary, any worker count."""
    if games < 1:
        raise ValueError(_("games must be at least 1; got {count}").format(count=games))
    if workers < 1:
        raise ValueError(_("workers must be at least 1; got {count}").format(count=workers))
    # Fail fast, in this process, on a bad game id, seat count, option or bot name.
    probe = new_game(game_id, len(bot_names), seed=seed, options=options)
    for name in bot_names:
        make_bot(game_id, name)
    summary = SimulationSummary(game=game_id, bots=list(bot_names), games=0, seed=seed)
    jobs = [
        (game_id, tuple(bot_names), dict(probe.options), seed, start, stop)
        for start, stop in _chunks(games, max(1, min(50, games // (workers * 8) or 1)))
    ]
    if workers == 1:
        results: Iterator[list[GameOutcome]] = map(_play_chunk, jobs)
        for chunk in results:
            _absorb(summary, chunk, on_progress)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for chunk in pool.map(_play_chunk, jobs):
                _absorb(summary, chunk, on_progress)
    return summary


def _absorb(
    summary: SimulationSummary, chunk: list[GameOutcome], on_progress: Callable[[int], None] | None
) -> None:
    for outcome in chunk:
        summary.add(outcome)
    if on_progress is not None:
        on_progress(len(chunk))
