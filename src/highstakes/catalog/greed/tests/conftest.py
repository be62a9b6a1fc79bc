"""Fixtures of Greed's tests."""

from __future__ import annotations

import pytest

from highstakes.catalog.greed.tests.helpers import greed_scripted


@pytest.fixture(scope="session")
def full_greed_solution():
    """The full two-player Greed solution (solved once, about half a minute, then cached)."""
    from highstakes.catalog.greed import solver

    return solver.load_or_solve(solver.SolverRules())


@pytest.fixture
def scripted():
    return greed_scripted
