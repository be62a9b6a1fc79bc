"""The fixed discrete action space of a table, in one of three forms.

* ``catalogue``: the game lists every action it can ever offer
  (``GameDefinition.action_catalogue``); action ``i`` is the catalogue's ``i``-th.
* ``sampled``: without a catalogue, the actions met in sampled random games, when they
  stop growing (no new one in the second half of the games) and are few; action ``i`` is
  the ``i``-th met. An action never met in sampling cannot be chosen (it is left out of the
  mask).
* ``menu``: otherwise (amounts that range widely, such as Deal or No Deal's offers, or bids
  made of many pieces), action ``i`` is the ``i``-th of the game's current menu of legal
  actions; the space is the longest menu seen in sampling with a quarter more room. The
  observation then also encodes what each menu entry is (see ``MenuEncoder``).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Literal

import numpy as np

from highstakes.engine.action import JSON, Action
from highstakes.engine.game import Game
from highstakes.rl.encoding import GenericEncoder
from highstakes.rl.sampling import Sample, canonical

Kind = Literal["catalogue", "sampled", "menu"]
KINDS: tuple[str, ...] = ("auto", "catalogue", "sampled", "menu")
#: A sampled action list longer than this is not a usable space: the menu is used instead.
MAX_SAMPLED = 512


class ActionSpace:
    """Numbers the actions of one table and builds masks."""

    def __init__(self, kind: Kind, size: int, catalogue: Sequence[JSON] = ()) -> None:
        self.kind = kind
        self.size = size
        self.catalogue = tuple(catalogue)
        self._index = {canonical(action): i for i, action in enumerate(self.catalogue)}
        if len(self._index) != len(self.catalogue):
            raise ValueError("an action catalogue lists an action twice")

    def numbered(self, legal: Sequence[Action]) -> list[tuple[int, Action]]:
        """The legal actions with their numbers (those the space can name)."""
        if self.kind == "menu":
            return list(enumerate(legal[: self.size]))
        pairs = []
        for action in legal:
            index = self._index.get(canonical(action.to_json()))
            if index is None:
                if self.kind == "catalogue":
                    raise ValueError(
                        f"the game offered {action.to_json()!r}, which its action catalogue lacks")
                continue
            pairs.append((index, action))
        return pairs

    def mask(self, numbered: Sequence[tuple[int, Action]]) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.int8)
        for index, _action in numbered:
            mask[index] = 1
        return mask

    def describe(self, index: int) -> JSON:
        """What action ``index`` is, in JSON (a menu's entries change: None)."""
        return None if self.kind == "menu" else self.catalogue[index]


def action_space(game: Game, sample: Sample, kind: str = "auto") -> ActionSpace:
    """The space for ``game``'s table: ``kind`` is one of ``KINDS``."""
    if kind not in KINDS:
        raise ValueError(f"the action space is one of {', '.join(KINDS)}; got {kind!r}")
    definition = game.definition
    catalogue = None
    if kind in ("auto", "catalogue"):
        typed = definition.options_type.from_json(game.options)
        catalogue = definition.action_catalogue(game.seats, typed)
        if catalogue is None and kind == "catalogue":
            raise ValueError(f"{definition.id} declares no action catalogue; use 'sampled' or 'menu'")
    if catalogue is not None:
        return ActionSpace("catalogue", len(catalogue), catalogue)
    settled = len(sample.actions_seen_after) > 1 and (
        sample.actions_seen_after[-1] == sample.actions_seen_after[len(sample.actions_seen_after) // 2 - 1])
    if kind == "sampled" or (kind == "auto" and settled and not sample.offers_amounts
                             and len(sample.actions) <= MAX_SAMPLED):
        actions = [json.loads(text) for text in sample.actions]
        return ActionSpace("sampled", len(actions), actions)
    return ActionSpace("menu", max(1, sample.longest_menu + (sample.longest_menu + 3) // 4))


class MenuEncoder:
    """What each entry of a menu is, for a menu space: every entry's JSON, generically encoded."""

    def __init__(self, sample: Sample, size: int) -> None:
        self._entry = GenericEncoder([json.loads(text) for text in sample.actions])
        self.size = size
        width = len(self._entry.names)
        self.names = tuple(f"menu[{i}].{name}" for i in range(size) for name in self._entry.names)
        self._width = width

    def encode(self, legal: Sequence[Action]) -> np.ndarray:
        out = np.zeros((self.size, self._width), dtype=np.float32)
        for i, action in enumerate(legal[: self.size]):
            out[i] = self._entry.encode(action.to_json())  # type: ignore[arg-type]
        return out.reshape(-1)
