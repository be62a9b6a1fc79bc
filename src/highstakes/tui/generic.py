"""The generic terminal table: the declared table drawing a game's generic declaration.

A game that declares no table (``GameDefinition.table``) is drawn from the generic declaration
of :mod:`highstakes.table.generic` (its view as panels, its legal actions as a menu, a box for
amounts) by the same app that draws every declared table, :class:`DeclaredTable`; this name
stays for the programs and tests that ask for the generic table by it.
"""

from __future__ import annotations

from highstakes.tui.declared import DeclaredTable as GenericTable

__all__ = ["GenericTable"]
