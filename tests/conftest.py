"""Fixtures of the platform's own tests, which use the games as examples."""

from __future__ import annotations

from highstakes.catalog.greed.tests.conftest import full_greed_solution, scripted

__all__ = ["full_greed_solution", "scripted"]
