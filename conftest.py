"""Test configuration for the whole project: the tests in ``tests/`` and each game's own tests."""

from __future__ import annotations

import os
import types
from collections.abc import Callable
from typing import Any

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


# --- tiers: the everyday loop is ``pytest -m "not browser and not terminal"`` -------------------
_TERMINAL_DRIVERS = "highstakes.testing.terminal"


def _names_in(code: types.CodeType) -> set[str]:
    """Every global name and imported module a function's code (and the code nested in it) uses."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if isinstance(constant, types.CodeType):
            names |= _names_in(constant)
    return names


def _drives_a_terminal(function: Callable[..., Any], module: types.ModuleType, seen: set[str]) -> bool:
    """Whether a test runs a Textual app: it calls the terminal helpers (``highstakes.testing.terminal``)
    itself, imports them, or calls a function of its module that does."""
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    for name in _names_in(code):
        if name.startswith(_TERMINAL_DRIVERS) or name == "run_test":  # imported inside, or Textual's own
            return True
        found = getattr(module, name, None)
        if getattr(found, "__module__", None) == _TERMINAL_DRIVERS:
            return True
        if (isinstance(found, types.FunctionType) and found.__module__ == module.__name__
                and name not in seen):
            seen.add(name)
            if _drives_a_terminal(found, module, seen):
                return True
    return False


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test by the tier it belongs to, from what it uses, so that no test has to remember:
    ``browser`` (a real Chromium: the ``browser`` fixture), ``terminal`` (a Textual app driven by
    ``highstakes.testing.terminal``, or a real pseudo-terminal) and ``kit`` (the conformance kit
    over every game)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)
        function = getattr(item, "function", None)
        module = getattr(item, "module", None)
        if function is not None and module is not None and _drives_a_terminal(function, module, set()):
            item.add_marker(pytest.mark.terminal)
        if item.path.name == "test_conformance.py":
            item.add_marker(pytest.mark.kit)
