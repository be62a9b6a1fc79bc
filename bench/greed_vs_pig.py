"""Random-play speed of Greed next to OpenSpiel's C++ game ``pig``, in one run.

Greed is played only through the public API (``hs.new_game``, ``legal_actions``,
``act`` with a uniformly random legal action, until ``is_over``); chance is
resolved by the engine from the game's seed, inside ``act``. Pig is OpenSpiel's
C++ implementation driven from Python the way a Python bot would drive it: at a
chance node we sample ``chance_outcomes()``, at a decision node we apply a
uniformly random legal action. A *decision* is one call to ``act`` (Greed) or
one non-chance ``apply_action`` (pig).

Both games get the same budget (``--games`` or ``--seconds`` per game) split
into alternating rounds, so that a slow drift of the machine (another process,
thermal throttling) hits both sides alike.

    python bench/greed_vs_pig.py                 # 5 s each
    python bench/greed_vs_pig.py --seconds 20
    python bench/greed_vs_pig.py --games 2000

Without OpenSpiel installed (``pip install -e '.[bench]'``) it prints a note and
Greed's figures alone, and still exits 0.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import highstakes as hs

#: Plays one whole game with the given random source and game index; returns its decisions.
PlayOne = Callable[[random.Random, int], int]

DEFAULT_SECONDS = 5.0
#: Below this share of CPU time over wall time the machine was busy with something else.
BUSY_SHARE = 0.9


@dataclass
class Tally:
    name: str
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds else 0.0

    @property
    def decisions_per_game(self) -> float:
        return self.decisions / self.games if self.games else 0.0


def play_greed(rng: random.Random, index: int) -> int:
    # The game's own seed drives the dice; ``rng`` only picks the actions, so a
    # run is reproducible from --seed alone.
    game = hs.new_game("greed", seats=2, seed=index)
    choice = rng.choice
    decisions = 0
    while not game.is_over:
        seat = game.to_act[0]
        game.act(seat, choice(game.legal_actions(seat)))
        decisions += 1
    return decisions


def sample_outcome(outcomes: Sequence[tuple[int, float]], draw: float) -> int:
    """The outcome whose cumulative probability first exceeds ``draw`` (in [0, 1))."""
    for action, probability in outcomes:
        draw -= probability
        if draw < 0.0:
            return action
    # Probabilities that sum to a hair under 1 must not make us fall off the end.
    return outcomes[-1][0]


def openspiel_player(pyspiel: ModuleType, name: str, params: dict[str, Any] | None = None) -> PlayOne:
    """An OpenSpiel game driven from Python as a Python bot would drive it: chance sampled from
    ``chance_outcomes()``, a uniformly random legal action at every decision."""
    game = pyspiel.load_game(name, params or {})

    def play_openspiel(rng: random.Random, index: int) -> int:
        state = game.new_initial_state()
        choice = rng.choice
        draw = rng.random
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), draw()))
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play_openspiel


def run_round(
    tally: Tally, play: PlayOne, rng: random.Random, games: int | None, seconds: float | None
) -> None:
    """Play until this round's share of the budget is used, adding to ``tally``."""
    played = 0
    decisions = 0
    clock = time.perf_counter
    start = clock()
    cpu_start = time.process_time()
    elapsed = 0.0
    while True:
        if games is not None and played >= games:
            break
        decisions += play(rng, tally.games + played)
        played += 1
        elapsed = clock() - start
        if seconds is not None and elapsed >= seconds:
            break
    tally.games += played
    tally.decisions += decisions
    tally.seconds += elapsed
    tally.cpu_seconds += time.process_time() - cpu_start


def split(total: int, parts: int) -> list[int]:
    """``total`` games as evenly as possible over ``parts`` rounds."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]


def measure(
    players: dict[str, PlayOne], games: int | None, seconds: float | None, rounds: int, warmup: int, seed: int
) -> list[Tally]:
    rngs = {name: random.Random(seed) for name in players}
    # Untimed warm-up: Greed builds its scoring tables lazily on first use, and
    # that one-off cost is not what this bench is about.
    for play in players.values():
        warm = random.Random(seed ^ 0x5EED)
        for index in range(warmup):
            play(warm, 10_000_000 + index)
    tallies = {name: Tally(name) for name in players}
    game_shares: Sequence[int | None] = split(games, rounds) if games is not None else [None] * rounds
    for share in game_shares:
        for name, play in players.items():
            run_round(tallies[name], play, rngs[name], share, None if seconds is None else seconds / rounds)
    return list(tallies.values())


def format_table(tallies: Sequence[Tally]) -> str:
    header = (
        f"{'game':<26}{'games':>9}{'decisions':>12}{'seconds':>9}"
        f"{'games/s':>11}{'decisions/s':>14}{'dec/game':>10}"
    )
    lines = [header, "-" * len(header)]
    for t in tallies:
        lines.append(
            f"{t.name:<26}{t.games:>9,}{t.decisions:>12,}{t.seconds:>9.2f}"
            f"{t.games_per_second:>11,.1f}{t.decisions_per_second:>14,.0f}{t.decisions_per_game:>10.1f}"
        )
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--games", type=int, help="games per side (instead of a time budget)")
    budget.add_argument(
        "--seconds", type=float, help=f"wall-clock seconds per side (default {DEFAULT_SECONDS:g})"
    )
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds the budget is split into")
    parser.add_argument("--warmup", type=int, default=20, help="untimed games per side before measuring")
    parser.add_argument("--seed", type=int, default=0, help="seed of the action choices")
    args = parser.parse_args(argv)
    if args.games is None and args.seconds is None:
        args.seconds = DEFAULT_SECONDS
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    if args.seconds is not None and args.seconds <= 0:
        parser.error("--seconds must be positive")
    if args.rounds < 1 or args.warmup < 0:
        parser.error("--rounds must be at least 1 and --warmup not negative")
    if args.games is not None:
        args.rounds = min(args.rounds, args.games)
    return args


def load_pyspiel() -> tuple[ModuleType | None, str]:
    try:
        import pyspiel
    except ImportError as error:
        return None, str(error)
    return pyspiel, ""


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    players: dict[str, PlayOne] = {"greed (highstakes, Python)": play_greed}
    pyspiel, why_not = load_pyspiel()
    if pyspiel is not None:
        players["pig (OpenSpiel, C++)"] = openspiel_player(pyspiel, "pig")

    budget = f"{args.games:,} games" if args.games is not None else f"{args.seconds:g} s"
    versions: dict[str, Any] = {"python": platform.python_version(), "highstakes": hs.__version__}
    if pyspiel is not None:
        try:
            from importlib.metadata import version

            versions["open_spiel"] = version("open_spiel")
        except Exception:  # the figures matter more than the label
            versions["open_spiel"] = "?"
    print(f"random play, 2 players, {budget} per side in {args.rounds} alternating rounds, seed {args.seed}")
    print("  " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    print()

    tallies = measure(players, args.games, args.seconds, args.rounds, args.warmup, args.seed)
    print(format_table(tallies))
    print()
    busy = [t.name for t in tallies if t.seconds and t.cpu_seconds / t.seconds < BUSY_SHARE]
    if busy:
        shares = ", ".join(f"{t.cpu_seconds / t.seconds:.0%} ({t.name.split()[0]})" for t in tallies)
        print(f"warning: the bench got only {shares} of a CPU while timing: the machine is busy.")
        print("         That slows both sides, so the ratio holds better than the absolute figures.")
        print()
    if pyspiel is None:
        print(f"note: OpenSpiel (pyspiel) is not available: {why_not}.")
        print("      Install with pip install -e '.[bench]' to compare with pig; Greed's figures are above")
        return 0
    greed, pig = tallies
    ratio = greed.decisions_per_second / pig.decisions_per_second if pig.decisions_per_second else 0.0
    games_ratio = greed.games_per_second / pig.games_per_second if pig.games_per_second else 0.0
    print(f"ratio greed/pig: {ratio:.3f} in decisions/s, {games_ratio:.3f} in games/s (goal: >= 1.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
