"""Simulation throughput by worker count: the process pool against Ray, in one run.

    python bench/simulate_scaling.py                        # 1 and 2 workers, a local Ray
    python bench/simulate_scaling.py --games 4000 --rounds 5
    python bench/simulate_scaling.py --cluster ray://HEAD:10001 --workers 1,8,32 --backends ray

Plays the same seeded simulation (``simulate``, Greed, heuristic against random by default)
with each backend and worker count, and prints games per second. The rounds alternate the
backends, so that a change in the machine's load hits all alike; each figure is the best of
its rounds. Every run must give the same summary (the bench checks it and says so).

The process pool is started anew by each run, as ``highstakes simulate --workers N`` does,
so its start is in its time. The Ray is connected once, before the rounds: a local Ray with
as many CPUs as the most workers asked for (or the ``--cluster`` given), its start timed
apart, and one untimed run first starts its workers; with Ray, ``--workers`` caps the tasks
running at once. It prints the date, the machine and its load average before and after,
since a busy machine moves the absolute figures more than the ratios.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from typing import Any

import highstakes
from highstakes.analysis.simulate import ChunkRunner, LocalRunner, simulate


def load() -> str:
    try:
        return " ".join(f"{value:.2f}" for value in os.getloadavg())
    except OSError:
        return "unknown"


def machine() -> str:
    cpus = os.cpu_count() or 0
    return (f"{platform.system()} {platform.machine()}, {cpus} CPUs, Python {platform.python_version()}, "
            f"highstakes {highstakes.__version__}")


def timed(args: argparse.Namespace, runner: ChunkRunner) -> tuple[float, str]:
    """Seconds for one simulation and its summary as canonical JSON."""
    start = time.perf_counter()
    summary = simulate(args.game, args.bots, args.games, seed=args.seed, runner=runner)
    seconds = time.perf_counter() - start
    return seconds, json.dumps(summary.to_json(), sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="greed")
    parser.add_argument("--bots", default="heuristic,random", type=lambda text: text.split(","))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", default="1,2", type=lambda text: [int(n) for n in text.split(",")])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--backends", default="processes,ray",
                        type=lambda text: [name.strip() for name in text.split(",")])
    parser.add_argument("--cluster", default=None, metavar="ray://HOST:PORT",
                        help="a running Ray cluster (default: a local Ray started for the bench)")
    args = parser.parse_args(argv)

    print(f"date: {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC")
    print(f"machine: {machine()}")
    print(f"load average before (1, 5, 15 min): {load()}")
    print(f"simulation: {args.game}, {' vs '.join(args.bots)}, {args.games} games, seed {args.seed}")

    ray_module: Any = None
    if "ray" in args.backends:
        try:
            import ray as ray_module
        except ImportError:
            print('Ray is not installed (pip install "highstakes[cluster]"): the process pool alone')
            args.backends = [name for name in args.backends if name != "ray"]
        else:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
            start = time.perf_counter()
            if args.cluster:
                ray_module.init(args.cluster, log_to_driver=False, logging_level="ERROR")
            else:
                ray_module.init(num_cpus=max(args.workers), include_dashboard=False, log_to_driver=False,
                                logging_level="ERROR")
            cpus = int(ray_module.cluster_resources().get("CPU", 0))
            print(f"Ray {ray_module.__version__}: {args.cluster or 'local'}, {cpus} CPUs, "
                  f"connected in {time.perf_counter() - start:.1f} s")

    def runner(backend: str, workers: int) -> ChunkRunner:
        if backend == "processes":
            return LocalRunner(workers)
        from highstakes.analysis.cluster import RayCluster

        return RayCluster("auto", workers=workers)  # the Ray connected above

    try:
        if "ray" in args.backends:  # start Ray's worker processes, untimed
            timed(argparse.Namespace(**{**vars(args), "games": max(args.workers) * 20}),
                  runner("ray", max(args.workers)))
        best: dict[tuple[str, int], float] = {}
        summaries: set[str] = set()
        for _round in range(args.rounds):
            for workers in args.workers:
                for backend in args.backends:
                    seconds, summary = timed(args, runner(backend, workers))
                    best[backend, workers] = min(best.get((backend, workers), seconds), seconds)
                    summaries.add(summary)
    finally:
        if ray_module is not None and ray_module.is_initialized():
            ray_module.shutdown()

    print(f"load average after (1, 5, 15 min): {load()}")
    print()
    print(f"{'backend':<10} {'workers':>7} {'games/s':>9} {'vs 1 worker':>12}")
    for backend in args.backends:
        base = best.get((backend, args.workers[0]))
        for workers in args.workers:
            rate = args.games / best[backend, workers]
            ratio = f"{base / best[backend, workers]:.2f}x" if base else ""
            print(f"{backend:<10} {workers:>7} {rate:>9,.0f} {ratio:>12}")
    if len(args.backends) == 2:
        for workers in args.workers:
            ratio = best["processes", workers] / best["ray", workers]
            print(f"ray / processes at {workers} worker{'s' if workers > 1 else ''}: {ratio:.2f}")
    print("same summary in every run:", "yes" if len(summaries) == 1 else f"NO ({len(summaries)} differ)")
    return 0 if len(summaries) == 1 else 1


if __name__ == "__main__":
    sys.exit(main())
