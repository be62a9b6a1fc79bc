"""Views as fixed-length vectors: a generic encoder derived from the views' JSON structure.

The generic encoder walks the views met in sampled random games (``sampling.py``) and
learns, for every path in them (``scores[]``, ``roll[]``, ``options.dddd``):

* numbers: one position, the value divided by the largest magnitude seen there (so that
  money in cents and counts of dice both land near [-1, 1]);
* booleans: one position, 0 or 1;
* strings: one-hot over the values seen there, when there are at most ``MAX_WORDS`` of them
  (phases, faces, card ids, letters); more than that is free text (a question, a message)
  and is left out; a value never seen in sampling encodes as all zeros;
* ``null``: one position saying the value is missing, where the path is sometimes null;
* objects: their keys in sorted order, a missing key encoded as zeros (and a position saying
  whether it is there, when it sometimes is not);
* lists of words only (a hand of cards, a roll of dice): a count of each word, as a multiset;
* other lists: padded to the longest seen, each slot encoded by the element's schema, plus one
  position for the length; a longer list at play time is cut to that length.

A path whose value never changed in sampling (the game's id, an option at its default)
carries no information and takes no position. A game may declare a better encoder of its
own (``GameDefinition.observation_encoder``): Greed's counts its dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from highstakes.engine.action import JSON

#: Distinct strings at one path beyond which they are free text and not encoded.
MAX_WORDS = 64
#: Longest list slot count kept for one path (longer lists are cut).
MAX_LIST = 64


@dataclass
class _Node:
    """What sampling saw at one path of the JSON."""

    seen: int = 0
    nulls: int = 0
    numbers: list[float] = field(default_factory=list)
    bools: set[bool] = field(default_factory=set)
    words: set[str] = field(default_factory=set)
    too_many_words: bool = False
    keys: dict[str, _Node] = field(default_factory=dict)
    mappings: int = 0
    element: _Node | None = None
    lengths: set[int] = field(default_factory=set)

    def add(self, value: JSON) -> None:
        self.seen += 1
        if value is None:
            self.nulls += 1
        elif isinstance(value, bool):
            self.bools.add(value)
        elif isinstance(value, int | float):
            number = float(value)
            if not self.numbers:
                self.numbers = [number, number]
            else:  # only the extremes are kept
                self.numbers[0] = min(self.numbers[0], number)
                self.numbers[1] = max(self.numbers[1], number)
        elif isinstance(value, str):
            if not self.too_many_words:
                self.words.add(value)
                if len(self.words) > MAX_WORDS:
                    self.too_many_words, self.words = True, set()
        elif isinstance(value, Mapping):
            self.mappings += 1
            for key, item in value.items():
                self.keys.setdefault(str(key), _Node()).add(item)
        elif isinstance(value, list | tuple):
            self.lengths.add(len(value))
            if self.element is None:
                self.element = _Node()
            for item in value[:MAX_LIST]:
                self.element.add(item)


class _Field:
    """How one path turns into positions; built from a ``_Node``."""

    def __init__(self, node: _Node, name: str) -> None:
        self.name = name
        self.size = 0
        self.names: list[str] = []
        kinds = sum(bool(k) for k in (node.numbers, node.bools, node.words, node.keys, node.element))
        self.null_flag = node.nulls > 0 and node.nulls < node.seen
        if self.null_flag:
            self.names.append(f"{name} is null")
        low, high = (min(node.numbers), max(node.numbers)) if node.numbers else (0.0, 0.0)
        self.number = bool(node.numbers) and (low != high or kinds > 1 or self.null_flag)
        self.scale = max(abs(low), abs(high), 1.0)
        if self.number:
            self.names.append(name)
        self.boolean = len(node.bools) > 1 or (bool(node.bools) and (kinds > 1 or self.null_flag))
        if self.boolean:
            self.names.append(name)
        self.words: dict[str, int] = {}
        if node.words and (len(node.words) > 1 or kinds > 1 or self.null_flag):
            for word in sorted(node.words):
                self.words[word] = len(self.names)
                self.names.append(f"{name}={word}")
        # Each key: whether it is there (when it sometimes is not), then its value's positions.
        self.keys: list[tuple[str, bool, _Field]] = []
        for key in sorted(node.keys):
            child_node = node.keys[key]
            child = _Field(child_node, f"{name}.{key}" if name else key)
            present_flag = child_node.seen < node.mappings
            if child.size or present_flag:
                self.keys.append((key, present_flag, child))
                if present_flag:
                    self.names.append(f"has {child.name}")
                self.names.extend(child.names)
        self.slots = min(max(node.lengths, default=0), MAX_LIST)
        self.length_flag = len(node.lengths) > 1
        if self.length_flag:
            self.names.append(f"len({name})")
        self.element: _Field | None = None
        # A list of words only (a hand of cards, a roll of dice) is a multiset: a count per word.
        self.bag: dict[str, int] = {}
        element_node = node.element
        if element_node is not None and self.slots and element_node.words and not (
                element_node.too_many_words or element_node.numbers or element_node.bools
                or element_node.keys or element_node.element or element_node.nulls):
            for word in sorted(element_node.words):
                self.bag[word] = len(self.names)
                self.names.append(f"{name} count {word}")
        elif element_node is not None and self.slots:
            element = _Field(node.element, f"{name}[]")
            if element.size:
                self.element = element
                for slot in range(self.slots):
                    self.names.extend(n.replace(f"{name}[]", f"{name}[{slot}]", 1) for n in element.names)
        self.size = len(self.names)

    def write(self, value: JSON, out: np.ndarray, at: int) -> None:
        """Write ``value``'s positions into ``out`` from ``at`` (``out`` starts at zeros)."""
        position = at
        if self.null_flag:
            out[position] = 1.0 if value is None else 0.0
            position += 1
        if self.number:
            if isinstance(value, int | float) and not isinstance(value, bool):
                out[position] = value / self.scale
            position += 1
        if self.boolean:
            if isinstance(value, bool):
                out[position] = float(value)
            position += 1
        if self.words:
            if isinstance(value, str) and value in self.words:
                out[at + self.words[value]] = 1.0
            position += len(self.words)
        if self.keys:
            mapping = value if isinstance(value, Mapping) else {}
            for key, present_flag, child in self.keys:
                if present_flag:
                    out[position] = 1.0 if key in mapping else 0.0
                    position += 1
                if key in mapping:
                    child.write(mapping[key], out, position)
                position += child.size
        items = value if isinstance(value, list | tuple) else ()
        if self.length_flag:
            out[position] = len(items) / max(self.slots, 1)
            position += 1
        if self.bag:
            for item in items:
                if isinstance(item, str) and item in self.bag:
                    out[at + self.bag[item]] += 1.0
        elif self.element is not None:
            element = self.element
            for item in items[: self.slots]:
                element.write(item, out, position)
                position += element.size


class GenericEncoder:
    """The generic view encoder of one table, learnt from sampled views (see the module)."""

    def __init__(self, views: Iterable[JSON]) -> None:
        root = _Node()
        for view in views:
            root.add(view)
        self._root = _Field(root, "")
        self.names: Sequence[str] = tuple(self._root.names)

    def encode(self, view: Mapping[str, JSON]) -> np.ndarray:
        out = np.zeros(len(self.names), dtype=np.float32)
        self._root.write(view, out, 0)
        return out


def encode_with(encoder: Any, view: Mapping[str, JSON]) -> np.ndarray:
    """A view through any encoder (the generic one, or a game's ``ViewEncoder``), as float32."""
    vector = np.asarray(encoder.encode(view), dtype=np.float32)
    if vector.shape != (len(encoder.names),):
        raise ValueError(f"the encoder gave {vector.shape} positions; its names say {len(encoder.names)}")
    return vector
