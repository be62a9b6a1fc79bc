"""How long Millionaire's bots take to decide, against random play in the same run.

    python bench/millionaire_bots.py                 # 20 three-seat games per bot
    python bench/millionaire_bots.py --games 50 --seats 5

Each bot fills every seat. A decision is one ``choose`` and one ``act``; the time covers the
whole game (chance included), so the bots' figures minus random play's is the thinking. The
first game of each bot is untimed: the knowledge model's accuracies are worked out once per
process and kept. If the run got less than 90 % of a CPU, it says so: the ratios then hold
better than the absolute figures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import highstakes as hs
from highstakes.bots import make_bot, play_out

BOTS = ("random", "knower-weak", "knower", "knower-strong")


def run(bot: str, seats: int, games: int, seed: int) -> tuple[int, float, float]:
    """Decisions, wall-clock seconds and CPU seconds for ``games`` games of ``bot`` in every seat."""
    play_out(hs.new_game("millionaire", seats, seed=seed - 1, bots=range(seats)),
             [make_bot("millionaire", bot)] * seats, random.Random(seed))  # warm-up
    decisions, wall, cpu = 0, time.perf_counter(), time.process_time()
    for index in range(games):
        game = hs.new_game("millionaire", seats, seed=seed + index, bots=range(seats))  # bots alone: hunches
        decisions += play_out(game, [make_bot("millionaire", bot) for _ in range(seats)],
                              random.Random(seed + index))
    return decisions, time.perf_counter() - wall, time.process_time() - cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=20, help="timed games per bot (default 20)")
    parser.add_argument("--seats", type=int, default=3, help="seats, 1 to 8 (default 3)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows = []
    busy = False
    for bot in BOTS:
        decisions, wall, cpu = run(bot, args.seats, args.games, args.seed)
        busy |= cpu < 0.9 * wall
        rows.append((bot, decisions, wall))
    base = rows[0][2] / rows[0][1]
    print(f"millionaire, {args.seats} seats, {args.games} games per bot, seed {args.seed}")
    print(f"{'bot':<14} {'decisions':>10} {'seconds':>8} {'ms/decision':>12} {'x random':>9}")
    for bot, decisions, wall in rows:
        per = wall / decisions
        print(f"{bot:<14} {decisions:>10} {wall:>8.2f} {1000 * per:>12.3f} {per / base:>9.1f}")
    if busy:
        print("note: the run got less than 90% of a CPU (a busy machine); trust the ratios over the times")
    return 0


if __name__ == "__main__":
    sys.exit(main())
