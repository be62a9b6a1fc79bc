"""Random games per second of Deal or No Deal, both versions, through the public API.

    python bench/deal_random.py                 # 5 s per table size
    python bench/deal_random.py --seconds 10

Each decision is a uniformly random pick from ``legal_actions`` (for amounts, the
offer and counter menus); the cases are filled by the engine from each game's seed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import highstakes as hs


def play(seats: int, seconds: float, seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    games = decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        game = hs.new_game("deal_or_no_deal", seats=seats, seed=seed + games)
        while not game.is_over:
            (seat,) = game.to_act
            game.act(seat, rng.choice(game.legal_actions(seat)))
            decisions += 1
        games += 1
    return games, decisions, time.perf_counter() - began


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="time per table size (default 5)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"Deal or No Deal, random play, {args.seconds:g} s per table (python {sys.version.split()[0]})")
    print(f"{'version':<8}{'seats':>6}{'games':>9}{'games/s':>10}{'decisions/s':>14}{'dec/game':>10}")
    for seats in (2, 3, 4, 5, 6):
        games, decisions, elapsed = play(seats, args.seconds, args.seed)
        version = "duo" if seats == 2 else "party"
        print(f"{version:<8}{seats:>6}{games:>9,}{games / elapsed:>10,.1f}"
              f"{decisions / elapsed:>14,.0f}{decisions / games:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
