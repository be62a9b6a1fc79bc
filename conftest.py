"""Test configuration for the whole project: the tests in ``tests/`` and each game's own tests."""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

pytest_plugins = ["highstakes.testing.fixtures"]

# The default plays thousands of random games (each property test is run 700 times);
# HIGHSTAKES_HYPOTHESIS_PROFILE=dev is a quicker pass for the edit-test loop.
settings.register_profile("thorough", max_examples=700)
settings.register_profile("dev", max_examples=100)
settings.load_profile(os.environ.get("HIGHSTAKES_HYPOTHESIS_PROFILE", "thorough"))


def pytest_configure(config: pytest.Config) -> None:
    # Tests never read or write the user's own cache. Solutions go to pytest's cache
    # directory instead, shared by xdist workers and kept between runs.
    if "HIGHSTAKES_CACHE_DIR" not in os.environ:
        cache = getattr(config, "cache", None)
        if cache is not None:
            os.environ["HIGHSTAKES_CACHE_DIR"] = str(cache.mkdir("highstakes-cache"))
