"""Random-play speed of It's in the Bag next to OpenSpiel's C++ ``first_sealed_auction``, in one run.

It's in the Bag is played only through the public API (``hs.new_game``, ``to_act``,
``legal_actions``, ``act`` with a uniformly random legal action, until ``is_over``): every
seat feeds a piece, then seals a bid chosen among every bid its pieces can form. The game has
no round limit; the bench passes ``definition.bounded_options()``, the limit it declares for
random play. OpenSpiel's
first-price sealed-bid auction is its C++ implementation driven from Python the way a Python
bot would drive it: at a chance node (each bidder's private value) we sample
``chance_outcomes()``, at a decision node we apply a uniformly random legal bid. Both are
sealed-bid games with the same number of players (``--players``, 2 by default; the auction
takes values up to ``--max-value``). A *decision* is one call to ``act`` (the Bag) or one
non-chance ``apply_action`` (the auction).

Both games get the same budget (``--games`` or ``--seconds`` per game) split into alternating
rounds, after an untimed warm-up, so that a slow drift of the machine hits both sides alike.

    python bench/in_the_bag.py                   # 5 s each
    python bench/in_the_bag.py --seconds 20 --players 4

Without OpenSpiel installed (``pip install -e '.[bench]'``) it prints a note and the Bag's
figures alone, and still exits 0.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
from collections.abc import Sequence
from typing import Any

import highstakes as hs
from greed_vs_pig import (
    BUSY_SHARE,
    DEFAULT_SECONDS,
    PlayOne,
    format_table,
    load_pyspiel,
    measure,
    openspiel_player,
)


def bag_player(players: int) -> PlayOne:
    # The rulebook has no last round; random play takes the round limit the game declares for it.
    options = hs.definition("in_the_bag").bounded_options()

    def play_bag(rng: random.Random, index: int) -> int:
        game = hs.new_game("in_the_bag", seats=players, seed=index, options=options)
        choice = rng.choice
        decisions = 0
        while not game.is_over:
            seat = game.to_act[0]
            game.act(seat, choice(game.legal_actions(seat)))
            decisions += 1
        return decisions

    return play_bag


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    budget = parser.add_mutually_exclusive_group()
    budget.add_argument("--games", type=int, help="games per side (instead of a time budget)")
    budget.add_argument(
        "--seconds", type=float, help=f"wall-clock seconds per side (default {DEFAULT_SECONDS:g})"
    )
    parser.add_argument("--players", type=int, default=2, help="players in both games, 2 to 6 (default 2)")
    parser.add_argument("--max-value", type=int, default=10, help="the auction's highest private value")
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
    if not 2 <= args.players <= 6:
        parser.error("--players must be from 2 to 6")
    if args.max_value < 1:
        parser.error("--max-value must be at least 1")
    if args.rounds < 1 or args.warmup < 0:
        parser.error("--rounds must be at least 1 and --warmup not negative")
    if args.games is not None:
        args.rounds = min(args.rounds, args.games)
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    players: dict[str, PlayOne] = {"in_the_bag (highstakes)": bag_player(args.players)}
    pyspiel, why_not = load_pyspiel()
    if pyspiel is not None:
        auction = openspiel_player(pyspiel, "first_sealed_auction",
                                   {"players": args.players, "max_value": args.max_value})
        players["first_sealed_auction (C++)"] = auction

    budget = f"{args.games:,} games" if args.games is not None else f"{args.seconds:g} s"
    versions: dict[str, Any] = {"python": platform.python_version(), "highstakes": hs.__version__}
    if pyspiel is not None:
        try:
            from importlib.metadata import version

            versions["open_spiel"] = version("open_spiel")
        except Exception:  # the figures matter more than the label
            versions["open_spiel"] = "?"
    print(f"random play, {args.players} players, {budget} per side in {args.rounds} alternating rounds, "
          f"seed {args.seed}")
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
        print("      Install with pip install -e '.[bench]' to compare with first_sealed_auction; "
              "the Bag's figures are above")
        return 0
    bag, auction = tallies
    ratio = bag.decisions_per_second / auction.decisions_per_second if auction.decisions_per_second else 0.0
    print(f"ratio in_the_bag/first_sealed_auction: {ratio:.3f} in decisions/s (goal: >= 1.0)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
