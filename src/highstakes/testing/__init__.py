"""Tools for testing games: the conformance kit every game passes, and helpers for faces.

:func:`check_game` is the public conformance kit (see ``docs/adding-a-game.md``). The modules
beside it drive a real server (:mod:`.servers`), a browser (:mod:`.browsers`, needs
Playwright) and a terminal table (:mod:`.terminal`) in tests, and :mod:`.fixtures` is a pytest
plugin with databases and a running server.
"""

from highstakes.testing.kit import ConformanceError, ConformanceReport, check_game

__all__ = ["ConformanceError", "ConformanceReport", "check_game"]
