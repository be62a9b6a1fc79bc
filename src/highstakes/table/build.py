"""A seat's table, built from exactly what the seat is sent, as the faces and the server need it.

:func:`table_for` asks the game's declaration (``GameDefinition.table``), or builds the
generic one, from the seat's view, legal actions and amount entries; :func:`seat_table` does
it for a seat of a live :class:`~highstakes.engine.game.Game`, and :func:`to_json` makes the
plain JSON the server sends (``"table"`` in a state message).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import msgspec

from highstakes.table.generic import generic_table
from highstakes.table.inputs import Legal, TableContext
from highstakes.table.keys import KeyMemory, assign_keys
from highstakes.table.widgets import Table

if TYPE_CHECKING:
    from highstakes.engine.contract import GameDefinition
    from highstakes.engine.game import Game


def table_for(definition: GameDefinition, view: Mapping[str, Any], legal: Legal, context: TableContext,
              memory: Mapping[str, str] | None = None) -> tuple[Table, KeyMemory]:
    """The seat's table with its keys (see :mod:`highstakes.table.keys`), and the keys' memory.

    The declaration is given the view typed (``GameDefinition.view_type``) when the game
    declares the type; a game that declares no table gets the generic one.
    """
    declared = definition.table(definition.typed_view(view), legal, context)
    table = declared if declared is not None else generic_table(view, legal, context, definition.seat_keys)
    table = msgspec.structs.replace(table, domain=definition.words().domain)
    return assign_keys(table, memory)


def context_of(game: Game, seat: int | None, *, replay: bool = False) -> TableContext:
    """Who is looking at ``game`` now (see :class:`TableContext`)."""
    return TableContext(seat=seat, seats=game.seats, to_act=tuple(game.to_act), replay=replay,
                        over=game.is_over, result=game.result() if game.is_over else None,
                        options=dict(game.options))


def legal_of(game: Game, seat: int | None) -> Legal:
    """What ``seat`` may do in ``game`` now (nothing for a spectator)."""
    if seat is None or game.is_over:
        return Legal()
    actions = game.legal_actions(seat)
    return Legal.of(actions, game.amount_entries(seat) if actions else ())


def seat_table(game: Game, seat: int | None, memory: Mapping[str, str] | None = None, *,
               replay: bool = False) -> tuple[Table, KeyMemory]:
    """The table ``seat`` sees in ``game`` now (a replay offers no actions)."""
    legal = Legal() if replay else legal_of(game, seat)
    return table_for(game.definition, game.view(seat), legal, context_of(game, seat, replay=replay), memory)


def to_json(table: Table) -> dict[str, Any]:
    """The table as plain JSON (what the browser draws)."""
    return msgspec.to_builtins(table, str_keys=True)


def from_json(data: Any) -> Table:
    """A table from its JSON; raises ``msgspec.ValidationError`` for one that is not a table."""
    return msgspec.convert(data, Table)


def encode(table: Table) -> bytes:
    return msgspec.json.encode(table)


def decode(data: bytes | str) -> Table:
    return msgspec.json.decode(data, type=Table)
