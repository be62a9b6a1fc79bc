"""Greed solved whole by OpenSpiel's value iteration, and checked against the project's solver.

    python examples/greed_value_iteration.py            # Greed to 500: minutes, 1.5 GB of memory
    python examples/greed_value_iteration.py --goal 50 --turn-limit 550

Needs the ``openspiel`` extra (``pip install -e ".[openspiel]"``). The game is two-seat Greed
with a low goal and the ``turn_limit`` option, which makes its positions finitely many; the
OpenSpiel face's positions mode gives OpenSpiel one state per position (see
docs/research.md). Every value OpenSpiel finds where a player decides is compared with the
solver's win chance there; the largest difference is printed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from open_spiel.python.algorithms.value_iteration import value_iteration

from highstakes import openspiel
from highstakes.catalog.greed import solver
from highstakes.catalog.greed.position import solved_win_chance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--goal", type=int, default=500,
                        help="points that start the final round (default 500)")
    parser.add_argument("--turn-limit", type=int, default=1000,
                        help="a turn past this many points banks at once (default 1000; at least goal + 500)")
    parser.add_argument("--six-of-a-kind", type=int, default=1000, choices=(1000, 5000),
                        help="points for six of a kind (default 1000, which keeps the final round small)")
    args = parser.parse_args()
    options = {"goal": args.goal, "turn_limit": args.turn_limit, "six_of_a_kind": args.six_of_a_kind}
    try:
        game = openspiel.load("greed", seats=2, options=options, positions=True)
    except ValueError as problem:
        parser.error(str(problem))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 100_000))  # OpenSpiel recurses once a state
    started = time.perf_counter()
    values = value_iteration(game, depth_limit=-1, threshold=1e-11, cyclic_game=True)
    seconds = time.perf_counter() - started

    solution = solver.solve(solver.SolverRules.from_options(options))
    worst, decisions = 0.0, 0
    for key, value in values.items():
        decided = solved_win_chance(solution, json.loads(key))
        if decided is None:
            continue
        seat, chance = decided
        worst = max(worst, abs(value - (2 * chance - 1 if seat == 0 else 1 - 2 * chance)))
        decisions += 1
    print(f"Greed to {args.goal:,}, turn limit {args.turn_limit:,}, six of a kind {args.six_of_a_kind:,}")
    print(f"OpenSpiel's value iteration: {decisions:,} positions where a player decides, {seconds:.0f} s")
    print(f"largest difference from the solver (values from -1 to +1): {worst:.1e}")
    print(f"the first player's chance to win, both playing their best: "
          f"{solution.first_player_win_probability:.4f}")


if __name__ == "__main__":
    main()
