"""Make-A-Million's speed: random play next to OpenSpiel's C++ ``oh_hell``, and the search bot.

Three figures, measured in one run:

1. **Random play.** Make-A-Million (4 players, the partnership game, at most 8 deals: the
   definition's ``bounded_play``, as the rules have no deal limit) is played only through
   the public API (``hs.new_game``, ``legal_actions``, ``act`` with a uniformly random legal
   action, until ``is_over``); the engine deals the cards from the game's seed inside ``act``.
   ``oh_hell`` (4 players) is OpenSpiel's C++ game driven from Python the way a Python bot
   would drive it: at a chance node we sample ``chance_outcomes()``, at a decision node we
   apply a uniformly random legal action. A *decision* is one call to ``act`` or one non-chance
   ``apply_action``. Both get the same time, split into alternating rounds so that a drift
   of the machine's load hits both alike, after untimed warm-up games; the ratio of
   decisions per second is printed (goal: at least 1.0).
2. **Playouts.** The compiled playout of the rest of a deal (:mod:`.fast`) from the first
   lead of random deals: playouts per second on one core, alone.
3. **The search bot.** ``search`` (the default level) and ``search-strong`` decide at the
   positions of random games (every phase, played out by random moves): seconds per
   decision, and playouts per second counting everything a decision does (sampling
   worlds, the playouts, the bookkeeping). The goal at the default level is at least
   12,000 playouts a second and at most 1 second a decision.

    python bench/make_a_million.py                 # 5 s of random play per game
    python bench/make_a_million.py --seconds 20 --decisions 200

Without OpenSpiel installed (``pip install -e '.[bench]'``) it prints a note and our figures
alone, and still exits 0.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import highstakes as hs
from greed_vs_pig import BUSY_SHARE, DEFAULT_SECONDS, PlayOne, load_pyspiel, measure, openspiel_player
from highstakes.catalog.make_a_million import fast
from highstakes.catalog.make_a_million.search import (
    DEFAULT_BUDGET,
    DEFAULT_WORLDS,
    STRONG_BUDGET,
    STRONG_WORLDS,
    SearchBot,
)

PLAYERS = 4
#: The rules have no deal limit (§1.10): random play takes the one the game declares for it.
BOUNDED = hs.definition("make_a_million").bounded_options()


def play_million(rng: random.Random, index: int) -> int:
    # The game's own seed deals the cards; ``rng`` only picks the actions.
    game = hs.new_game("make_a_million", seats=PLAYERS, seed=index, options=BOUNDED)
    choice = rng.choice
    decisions = 0
    while not game.is_over:
        for seat in game.to_act:
            game.act(seat, choice(game.legal_actions(seat)))
            decisions += 1
    return decisions


@dataclass
class Playouts:
    count: int = 0
    seconds: float = 0.0
    cpu_seconds: float = 0.0


def measure_playouts(seconds: float, seed: int) -> Playouts:
    """Playouts of whole deals from the first lead, 4 players, a random trump, in batches of 1,000."""
    rng = random.Random(seed)
    stream = fast.seed_state(seed)
    tally = Playouts()
    zeros = np.zeros(PLAYERS, dtype=np.int64)
    team = np.zeros(PLAYERS, dtype=np.bool_)
    while tally.seconds < seconds:
        cards = list(fast.CARD_IDS)
        rng.shuffle(cards)
        hands = fast.encode_hands([cards[13 * seat:13 * seat + 13] for seat in range(PLAYERS)])
        pos = fast.encode_position(seats=PLAYERS, turn=0, trick=[], trick_complete=False, trick_colour=None,
                                   trump=rng.choice(("red", "yellow", "black", "green")), no_trump=None,
                                   trumps_played=False, lead_rule=False, cards_left=52)
        start, cpu = time.perf_counter(), time.process_time()
        fast.simulate(hands, pos, zeros, zeros, -1, 1_000, stream, 0.5, fast.PARTNERSHIP, 0, 0, 200_000,
                      team, zeros)
        tally.seconds += time.perf_counter() - start
        tally.cpu_seconds += time.process_time() - cpu
        tally.count += 1_000
    return tally


@dataclass
class Decisions:
    name: str
    seconds: list[float] = field(default_factory=list)
    cpu_seconds: float = 0.0
    playouts: int = 0
    by_phase: dict[str, list[float]] = field(default_factory=dict)


def positions(count: int, seed: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """Positions of random 4-player games where the seat to act has a choice, every phase included."""
    rng = random.Random(seed)
    found: list[tuple[dict[str, Any], list[Any]]] = []
    index = 0
    while len(found) < count:
        game = hs.new_game("make_a_million", seats=PLAYERS, seed=seed + index, options=BOUNDED)
        index += 1
        while not game.is_over and len(found) < count:
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            if len(legal) > 1 and rng.random() < 0.15:
                found.append((game.view(seat), legal))
            game.act(seat, rng.choice(legal))
    return found


def measure_bot(name: str, bot: SearchBot, places: list[tuple[dict[str, Any], list[Any]]],
                seed: int) -> Decisions:
    tally = Decisions(name)
    rng = random.Random(seed)
    for view, legal in places:
        before = bot.playouts
        start, cpu = time.perf_counter(), time.process_time()
        bot.choose(view, legal, rng)
        spent = time.perf_counter() - start
        tally.cpu_seconds += time.process_time() - cpu
        tally.seconds.append(spent)
        tally.playouts += bot.playouts - before
        tally.by_phase.setdefault(view["phase"], []).append(spent)
    return tally


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS,
                        help=f"seconds of random play per game (default {DEFAULT_SECONDS:g})")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of random play")
    parser.add_argument("--warmup", type=int, default=5, help="untimed games per side before measuring")
    parser.add_argument("--decisions", type=int, default=60, help="positions the search bots decide")
    parser.add_argument("--seed", type=int, default=0, help="seed of the games and the choices")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.rounds < 1 or args.warmup < 0 or args.decisions < 1:
        parser.error("--seconds must be positive, --rounds and --decisions at least 1, --warmup not negative")
    return args


def busy_note(shares: Sequence[tuple[str, float, float]]) -> list[str]:
    busy = [(name, cpu / wall) for name, cpu, wall in shares if wall and cpu / wall < BUSY_SHARE]
    if not busy:
        return []
    words = ", ".join(f"{share:.0%} ({name})" for name, share in busy)
    return [f"warning: the bench got only {words} of a CPU while timing: the machine is busy.",
            "         That slows every side; ratios measured in one run hold better than absolute figures."]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    versions: dict[str, Any] = {"python": platform.python_version(), "highstakes": hs.__version__}
    pyspiel, why_not = load_pyspiel()
    players: dict[str, PlayOne] = {"make_a_million (Python)": play_million}
    if pyspiel is not None:
        players["oh_hell (OpenSpiel, C++)"] = openspiel_player(pyspiel, "oh_hell", {"players": PLAYERS})
        try:
            from importlib.metadata import version

            versions["open_spiel"] = version("open_spiel")
        except Exception:  # the figures matter more than the label
            versions["open_spiel"] = "?"
    print(f"Make-A-Million, {PLAYERS} players; seed {args.seed}")
    print("  " + ", ".join(f"{k} {v}" for k, v in versions.items()))
    print()

    # 1. Random play.
    print(f"random play: {args.seconds:g} s per game in {args.rounds} alternating rounds")
    tallies = measure(players, None, args.seconds, args.rounds, args.warmup, args.seed)
    header = f"{'game':<28}{'games':>8}{'decisions':>12}{'seconds':>9}{'games/s':>10}{'decisions/s':>14}"
    print(header)
    print("-" * len(header))
    for t in tallies:
        print(f"{t.name:<28}{t.games:>8,}{t.decisions:>12,}{t.seconds:>9.2f}{t.games_per_second:>10,.1f}"
              f"{t.decisions_per_second:>14,.0f}")
    notes = busy_note([(t.name.split()[0], t.cpu_seconds, t.seconds) for t in tallies])
    if pyspiel is not None:
        ours, theirs = tallies
        theirs_rate = theirs.decisions_per_second
        ratio = ours.decisions_per_second / theirs_rate if theirs_rate else 0.0
        print(f"ratio make_a_million/oh_hell: {ratio:.3f} in decisions/s (goal: >= 1.0)")
        cpu_ratio = (ours.decisions / ours.cpu_seconds) / (theirs.decisions / theirs.cpu_seconds)
        print(f"                              {cpu_ratio:.3f} in decisions per CPU second")
    print()

    # 2. The playout alone (compiled once, untimed).
    fast.warm_up()
    playouts = measure_playouts(min(args.seconds, 3.0), args.seed)
    rate = playouts.count / playouts.seconds if playouts.seconds else 0.0
    cpu_rate = playouts.count / playouts.cpu_seconds if playouts.cpu_seconds else 0.0
    print(f"playouts of a whole deal (52 cards): {playouts.count:,} "
          f"in {playouts.seconds:.2f} s: {rate:,.0f} a second ({cpu_rate:,.0f} a CPU second)")
    notes += busy_note([("playouts", playouts.cpu_seconds, playouts.seconds)])
    print()

    # 3. The search bots.
    places = positions(args.decisions, args.seed)
    print(f"search bots deciding at {len(places)} positions of random games (every phase):")
    header = (f"{'bot':<16}{'budget':>9}{'worlds':>8}{'s/decision':>12}{'slowest':>9}{'playouts/s':>12}"
              f"{'CPU s/dec.':>12}{'playouts/CPU s':>16}")
    print(header)
    print("-" * len(header))
    tallies_bot = []
    for name, budget, worlds in (("search", DEFAULT_BUDGET, DEFAULT_WORLDS),
                                 ("search-strong", STRONG_BUDGET, STRONG_WORLDS)):
        tally = measure_bot(name, SearchBot(budget, name, worlds), places, args.seed)
        tallies_bot.append(tally)
        total = sum(tally.seconds)
        mean = total / len(tally.seconds)
        cpu, count = tally.cpu_seconds, len(tally.seconds)
        print(f"{name:<16}{budget:>9,}{worlds:>8}{mean:>12.3f}{max(tally.seconds):>9.3f}"
              f"{tally.playouts / total:>12,.0f}{cpu / count:>12.3f}{tally.playouts / cpu:>16,.0f}")
        notes += busy_note([(name, tally.cpu_seconds, total)])
    for tally in tallies_bot:
        phases = ", ".join(f"{phase} {sum(spent) / len(spent):.3f} s ({len(spent)})"
                           for phase, spent in sorted(tally.by_phase.items()))
        print(f"  {tally.name}: {phases}")
    print()
    for line in notes:
        print(line)
    if pyspiel is None:
        print(f"note: OpenSpiel (pyspiel) is not available: {why_not}.")
        print("      Install with pip install -e '.[bench]' to compare with oh_hell; our figures are above.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
