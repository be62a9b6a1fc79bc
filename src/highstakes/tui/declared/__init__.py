"""The terminal's drawing of declared tables (:mod:`highstakes.table`): one app and one set of
drawers for every game; see :mod:`.app` and :mod:`.draw`."""

from __future__ import annotations

from highstakes.tui.declared.app import DeclaredTable

__all__ = ["DeclaredTable"]
