"""A game record as a line of positions to step through: what replay viewers show.

Position ``k`` is the game after its first ``k`` decisions and the chance outcomes that
followed them, so position 0 is the table before anyone has decided anything (the first
dice already rolled, the cases already filled) and the last position is the end. Each
position is rebuilt with :func:`~highstakes.engine.game.replay` from a prefix of the
record's entries, so a viewer shows exactly what replaying the record to that point gives,
for any game and with no code of its own.

A record holds every secret of its game; a replay is for a game that is over, so every
seat's view may be shown.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from highstakes.engine.action import JSON
from highstakes.engine.game import Game, replay
from highstakes.engine.registry import definition
from highstakes.i18n import _

#: Positions kept rebuilt; stepping back and forth around one place needs no replay at all.
_CACHED_POSITIONS = 16


@dataclass(frozen=True)
class Move:
    """One decision of the record: who made it, the action's JSON and its label in words."""

    seat: int
    action: JSON
    label: str

    def to_json(self) -> dict[str, JSON]:
        return {"seat": self.seat, "action": self.action, "label": self.label}


class Timeline:
    """The positions of one game record, from the first decision to the last.

    Raises ValueError (saying in words what is wrong) for a record that cannot be replayed,
    whatever it holds (see :func:`~highstakes.engine.game.check_record`).
    """

    def __init__(self, record: Mapping[str, Any]) -> None:
        # Refuses a broken record in words, before anything is shown; past it, every entry
        # has one of the forms a record's entries have.
        end = replay(record)
        self.record = dict(record)
        self.game_id = end.game_id
        self.title = definition(self.game_id).title
        self.seats = end.seats
        entries: list[Any] = list(record["actions"])
        decisions = [index for index, entry in enumerate(entries) if "seat" in entry]
        # Where each position's prefix of entries stops: before the next decision.
        self._cuts = [*decisions, len(entries)]
        parse = definition(self.game_id).parse_action
        self.moves = [
            Move(entries[index]["seat"], entries[index]["action"], str(parse(entries[index]["action"])))
            for index in decisions
        ]
        self._entries = entries
        self._games: OrderedDict[int, Game] = OrderedDict({len(self.moves): end})
        # Names for the seats when the record carries them (``highstakes play`` saves them).
        names = record.get("seat_names")  # checked by replay when present
        self.seat_names: list[str] = (
            list(names) if names is not None else [f"Player {seat + 1}" for seat in range(self.seats)])

    @property
    def positions(self) -> int:
        """How many positions there are: one more than the decisions."""
        return len(self.moves) + 1

    def game_at(self, position: int) -> Game:
        """The game at ``position`` (a copy: changing it changes nothing here)."""
        self._check(position)
        game = self._games.get(position)
        if game is None:
            prefix = {**self.record, "actions": self._entries[: self._cuts[position]]}
            game = replay(prefix)
            self._games[position] = game
            if len(self._games) > _CACHED_POSITIONS:
                self._games.popitem(last=False)
        else:
            self._games.move_to_end(position)
        return game.clone()

    def chance_since(self, position: int) -> list[JSON]:
        """The chance outcomes that led to ``position`` from the one before (the start's, at 0)."""
        self._check(position)
        start = self._cuts[position - 1] + 1 if position else 0
        return [entry["chance"] for entry in self._entries[start: self._cuts[position]] if "chance" in entry]

    def step(self, position: int, seat: int | None) -> dict[str, JSON]:
        """What a viewer shows at ``position`` from ``seat``'s place (None: a spectator's), as JSON."""
        game = self.game_at(position)
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.seats):
            raise ValueError(_("seat must be from 0 to {last}; got {seat}").format(
                last=self.seats - 1, seat=repr(seat)))
        last = self.moves[position - 1].to_json() if position else None
        return {
            "game": self.game_id,
            "position": position,
            "positions": self.positions,
            "to_act": list(game.to_act),
            "last_move": last,
            "chance": self.chance_since(position),
            "over": game.is_over,
            "result": game.result() if game.is_over else None,
            "view": game.view(seat),
        }

    def summary(self) -> dict[str, JSON]:
        """The record's outline for a viewer: the game, its seats and every move in words."""
        end = self.game_at(self.positions - 1)
        return {
            "game": self.game_id,
            "title": self.title,
            "seats": self.seats,
            "seat_names": list(self.seat_names),
            "positions": self.positions,
            "moves": [move.to_json() for move in self.moves],
            "over": end.is_over,
            "result": end.result() if end.is_over else None,
        }

    def _check(self, position: int) -> None:
        if type(position) is not int or not 0 <= position < self.positions:
            raise ValueError(_("a position is from 0 to {last}; got {position}").format(
                last=self.positions - 1, position=repr(position)))
