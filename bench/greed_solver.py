"""Time and memory of a full, fresh solve of two-player Greed.

The solve runs in a child process so that its peak memory (``ru_maxrss``) is
that of the solve and the imports it needs, not of whatever the caller had
loaded. The child gets an empty temporary solution cache (``HIGHSTAKES_CACHE_DIR``),
so ``load_or_solve`` really solves and then writes the cache file, as a user's
first solve does. By default it also gets an empty Numba cache, so the one-off
JIT compilation is measured too; a tiny game is solved first to pay for it,
keeping compile time out of the full solve's time.

    python bench/greed_solver.py
    python bench/greed_solver.py --dddd 800 --min-every-turn
    python bench/greed_solver.py --reuse-jit-cache     # use Numba's usual on-disk cache

Figures printed: state count, solve time (the solver's own clock), wall time of
``load_or_solve`` (solve plus writing the cache), the cache file's size, and
peak resident memory: after the imports, after the JIT warm-up and after the
full solve, with the growth during the full solve.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

CHILD_FLAG = "--child"
RESULT_PREFIX = "RESULT "


def max_rss_mib(who: int = resource.RUSAGE_SELF) -> float:
    peak = resource.getrusage(who).ru_maxrss
    # Linux reports kibibytes, macOS bytes.
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


def cpu_seconds() -> float:
    """User plus system CPU time of this process: unlike wall time, not stretched by other load."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def status_mib(field: str) -> float | None:
    """A memory line of ``/proc/self/status`` (Linux only), e.g. VmRSS now or VmHWM, its peak."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def reset_peak_rss() -> bool:
    """Restart the kernel's peak-RSS mark from the current RSS (Linux 4.0+).

    Importing Numba and compiling the solver's functions takes more memory than
    the solve itself; without a reset that peak would hide the solve's own.
    """
    try:
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")
    except OSError:
        return False
    return True


def child(options: dict[str, Any], warm_up: bool) -> dict[str, Any]:
    """Runs in the child process: import, warm up the JIT, solve once, report."""
    began = time.perf_counter()
    from highstakes.catalog.greed import solver

    figures: dict[str, Any] = {
        "import_seconds": time.perf_counter() - began,
        "rss_after_import_mib": max_rss_mib(),
    }
    if warm_up:
        # The smallest game the rules allow compiles every Numba function the full solve uses.
        tiny = solver.SolverRules.from_options(options, goal=solver.UNIT, cap=solver.UNIT + solver.OPENING)
        started = time.perf_counter()
        solver.solve(tiny)
        figures["jit_warmup_seconds"] = time.perf_counter() - started
        figures["rss_after_warmup_mib"] = max_rss_mib()
    if solver.load_cached(options) is not None:
        raise RuntimeError("the temporary cache already holds a solution; the solve would not be fresh")
    figures["rss_before_solve_mib"] = status_mib("VmRSS")
    # The reset also restarts ru_maxrss, so the peak so far is kept to report the whole child's.
    peak_so_far = max_rss_mib()
    solve_peak_known = reset_peak_rss()
    cpu_before = cpu_seconds()
    started = time.perf_counter()
    solution = solver.load_or_solve(options)
    figures["load_or_solve_seconds"] = time.perf_counter() - started
    figures["load_or_solve_cpu_seconds"] = cpu_seconds() - cpu_before
    figures["peak_rss_mib"] = max(peak_so_far, max_rss_mib())
    figures["solve_peak_rss_mib"] = (status_mib("VmHWM") or max_rss_mib()) if solve_peak_known else None
    figures["state_count"] = solution.state_count
    figures["solve_seconds"] = solution.solve_seconds
    figures["first_player_win_probability"] = solution.first_player_win_probability
    path = solution.cache_path
    figures["cache_file_bytes"] = path.stat().st_size if path is not None and path.exists() else None
    return figures


def run_child(options: dict[str, Any], warm_up: bool, reuse_jit_cache: bool) -> tuple[dict[str, Any], float]:
    with tempfile.TemporaryDirectory(prefix="greed-solver-bench-") as scratch:
        env = dict(os.environ)
        env["HIGHSTAKES_CACHE_DIR"] = str(Path(scratch) / "solutions")
        if not reuse_jit_cache:
            env["NUMBA_CACHE_DIR"] = str(Path(scratch) / "numba")
        command = [sys.executable, __file__, CHILD_FLAG, json.dumps(options)]
        if not warm_up:
            command.append("--no-warmup")
        started = time.perf_counter()
        finished = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - started
    if finished.returncode != 0:
        sys.stderr.write(finished.stdout + finished.stderr)
        raise SystemExit(f"the solve failed (exit status {finished.returncode})")
    lines = [line for line in finished.stdout.splitlines() if line.startswith(RESULT_PREFIX)]
    if not lines:
        sys.stderr.write(finished.stdout + finished.stderr)
        raise SystemExit("the solve printed no result")
    return json.loads(lines[-1][len(RESULT_PREFIX) :]), wall


def report(options: dict[str, Any], figures: dict[str, Any], wall: float, reuse_jit_cache: bool) -> str:
    def mib(value: float | None) -> str:
        return "n/a" if value is None else f"{value:,.1f} MiB"

    rows: list[tuple[str, str]] = [
        ("options", ", ".join(f"{k}={v}" for k, v in options.items())),
        ("states", f"{figures['state_count']:,}"),
        ("solve time (solver's clock)", f"{figures['solve_seconds']:.2f} s"),
        ("load_or_solve (solve + cache write)", f"{figures['load_or_solve_seconds']:.2f} s"),
        ("  of which CPU time (user + system)", f"{figures['load_or_solve_cpu_seconds']:.2f} s"),
        ("first player's win probability", f"{figures['first_player_win_probability']:.6f}"),
    ]
    if figures.get("cache_file_bytes") is not None:
        rows.append(("cache file", f"{figures['cache_file_bytes'] / 1024:,.1f} KiB"))
    rows.append(("import of the solver", f"{figures['import_seconds']:.2f} s"))
    if "jit_warmup_seconds" in figures:
        label = "JIT warm-up (tiny game)" + ("" if reuse_jit_cache else ", compiling afresh")
        rows.append((label, f"{figures['jit_warmup_seconds']:.2f} s"))
    rows.append(("child process wall time", f"{wall:.2f} s"))
    rows.append(("peak RSS after imports", mib(figures["rss_after_import_mib"])))
    if "rss_after_warmup_mib" in figures:
        rows.append(("peak RSS after JIT warm-up", mib(figures["rss_after_warmup_mib"])))
    rows.append(("peak RSS of the whole child", mib(figures["peak_rss_mib"])))
    before, during = figures.get("rss_before_solve_mib"), figures.get("solve_peak_rss_mib")
    if before is not None and during is not None:
        rows.append(("RSS just before the full solve", mib(before)))
        rows.append(("peak RSS during the full solve", mib(during)))
        rows.append(("growth during the full solve", mib(during - before)))
    width = max(len(label) for label, _ in rows)
    return "\n".join(f"{label:<{width}}  {value}" for label, value in rows)


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--dddd", type=int, default=1000, choices=(1000, 800), help="points for D D D D")
    parser.add_argument(
        "--six-of-a-kind", type=int, default=5000, choices=(5000, 1000), help="points for six of a kind"
    )
    parser.add_argument(
        "--min-every-turn", action="store_true", help="500 points needed on every turn, not only the first"
    )
    parser.add_argument(
        "--no-warmup", action="store_true", help="skip the tiny solve, so JIT time lands in the solve time"
    )
    parser.add_argument(
        "--reuse-jit-cache",
        action="store_true",
        help="let Numba use its usual on-disk cache instead of an empty one",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == [CHILD_FLAG]:
        figures = child(json.loads(arguments[1]), warm_up="--no-warmup" not in arguments[2:])
        print(RESULT_PREFIX + json.dumps(figures), flush=True)
        return 0
    args = parse_args(arguments)
    options = {"dddd": args.dddd, "six_of_a_kind": args.six_of_a_kind, "min_every_turn": args.min_every_turn}
    print("full two-player Greed solve in a fresh child process (empty solution cache)")
    figures, wall = run_child(options, warm_up=not args.no_warmup, reuse_jit_cache=args.reuse_jit_cache)
    print(report(options, figures, wall, args.reuse_jit_cache))
    return 0


if __name__ == "__main__":
    sys.exit(main())
