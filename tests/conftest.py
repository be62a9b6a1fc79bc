"""Shared test helpers: scripted Greed games where the test decides every roll."""

from __future__ import annotations

import os
from collections.abc import Sequence

import pytest
from hypothesis import settings

import highstakes as hs


def pytest_configure(config: pytest.Config) -> None:
    # Tests never read or write the user's own cache. Solutions go to pytest's cache
    # directory instead, shared by xdist workers and kept between runs.
    if "HIGHSTAKES_CACHE_DIR" not in os.environ:
        cache = getattr(config, "cache", None)
        if cache is not None:
            os.environ["HIGHSTAKES_CACHE_DIR"] = str(cache.mkdir("highstakes-cache"))


@pytest.fixture(scope="session")
def full_greed_solution():
    """The full two-player Greed solution (solved once, about half a minute, then cached)."""
    from highstakes.catalog.greed import solver

    return solver.load_or_solve(solver.SolverRules())


# The default plays thousands of random games (each property test is run 700 times);
# HIGHSTAKES_HYPOTHESIS_PROFILE=dev is a quicker pass for the edit-test loop.
settings.register_profile("thorough", max_examples=700)
settings.register_profile("dev", max_examples=100)
settings.load_profile(os.environ.get("HIGHSTAKES_HYPOTHESIS_PROFILE", "thorough"))


def greed_scripted(
    seats: int = 2,
    rolloff: Sequence[Sequence[str]] | None = None,
    options: dict | None = None,
) -> hs.Game:
    """A Greed game with chance under the test's control, past the roll-off.

    By default seat 0 wins the roll-off with $$$GGG against plain rolls.
    """
    game = hs.new_game("greed", seats=seats, seed=7, options=options, auto_chance=False)
    if rolloff is None:
        rolloff = [["$", "$", "$", "G", "G", "G"]] + [["$", "R", "R", "Eb", "Em", "G"]] * (seats - 1)
    for roll in rolloff:
        game.apply_chance(list(roll))
    return game


def play_turn(game: hs.Game, *steps: Sequence[str] | dict) -> None:
    """Apply a turn: a list of faces is a roll, a dict is the current seat's action."""
    for step in steps:
        if isinstance(step, dict):
            game.act(game.to_act[0], step)
        else:
            game.apply_chance(list(step))


@pytest.fixture
def scripted():
    return greed_scripted
