"""Records as a stranger may write them, for the tests of ``hs.replay`` and ``POST /api/replay``:
any JSON, things shaped like records, and real records of every game changed anywhere."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from hypothesis import strategies as st

import highstakes as hs
from highstakes.bots import make_bot, play_out

RECORD_KEYS = ["format", "game", "seats", "options", "seed", "auto_chance", "actions", "seat_names", "bots"]
ENTRY_KEYS = ["seat", "action", "chance", "setup"]


@cache
def finished_record(game_id: str) -> dict[str, Any]:
    """A record of a whole game played by random bots (the options that keep it finite)."""
    definition = hs.definition(game_id)
    seats = max(definition.min_seats, min(3, definition.max_seats))
    game = hs.new_game(game_id, seats=seats, seed=7, options=definition.bounded_options())
    play_out(game, [make_bot(game_id, "random") for _ in range(seats)], random.Random(7))
    assert game.is_over
    return game.record()


JSON_ATOMS = (
    st.none() | st.booleans() | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12)
    | st.sampled_from([*hs.games(), *RECORD_KEYS, *ENTRY_KEYS, 0, 1, 2, 3, "bank", "keep", "D", "$"])
)
JSON_VALUES = st.recursive(
    JSON_ATOMS,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from([*RECORD_KEYS, *ENTRY_KEYS]) | st.text(max_size=6), inner, max_size=5),
    max_leaves=25,
)


def mostly(likely: st.SearchStrategy[Any], anything: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``likely`` three times in four, else ``anything``: far enough into a record to find its faults."""
    return st.integers(0, 3).flatmap(lambda roll: anything if roll == 3 else likely)


ENTRIES = st.one_of(
    st.fixed_dictionaries({"seat": mostly(st.integers(0, 3), JSON_VALUES), "action": JSON_VALUES}),
    st.fixed_dictionaries({"chance": JSON_VALUES}),
    st.fixed_dictionaries({"setup": JSON_VALUES}),
    st.dictionaries(st.sampled_from(ENTRY_KEYS), JSON_VALUES, max_size=4),
    JSON_VALUES,
)
RECORD_LIKE = st.fixed_dictionaries(
    {
        "game": mostly(st.sampled_from(hs.games()), JSON_VALUES),
        "seats": mostly(st.integers(2, 4), JSON_VALUES),
        "actions": mostly(st.lists(ENTRIES, max_size=8), JSON_VALUES),
    },
    optional={
        "format": mostly(st.sampled_from([1, 2]), JSON_VALUES),
        "options": mostly(st.just({}), JSON_VALUES),
        "seed": mostly(st.integers(0, 2**63), JSON_VALUES),
        "auto_chance": mostly(st.booleans(), JSON_VALUES),
    },
)


def mutate(record: dict[str, Any], draw: Callable[[st.SearchStrategy[Any]], Any]) -> dict[str, Any]:
    """A real record with one thing changed (a field, an entry, or a part of one), as ``draw`` chooses."""
    mutated = copy.deepcopy(record)
    entries = mutated["actions"]
    kind = draw(st.sampled_from(["field", "field", "drop field", "entry", "entry part", "entry part",
                                 "drop entry", "swap", "insert", "truncate", "seat", "inside", "inside"]))
    index = draw(st.integers(0, len(entries) - 1))
    if kind == "field":
        mutated[draw(st.sampled_from(RECORD_KEYS))] = draw(JSON_VALUES)
    elif kind == "drop field":
        mutated.pop(draw(st.sampled_from(RECORD_KEYS)), None)
    elif kind == "entry":
        entries[index] = draw(ENTRIES)
    elif kind == "entry part":
        entry = entries[index]
        entry[draw(st.sampled_from([*entry, *ENTRY_KEYS]))] = draw(JSON_VALUES)
    elif kind == "drop entry":
        del entries[index]
    elif kind == "swap":
        other = draw(st.integers(0, len(entries) - 1))
        entries[index], entries[other] = entries[other], entries[index]
    elif kind == "insert":
        entries.insert(index, copy.deepcopy(entries[draw(st.integers(0, len(entries) - 1))]))
    elif kind == "truncate":
        del entries[index:]
    elif kind == "inside":
        replace_inside(entries[index], draw)
    elif "seat" in entries[index]:
        entries[index]["seat"] = draw(st.integers(-1, 9))
    return mutated


def replace_inside(value: Any, draw: Callable[[st.SearchStrategy[Any]], Any]) -> None:
    """Replace one value nested somewhere in ``value`` (an action's amount, one die of a roll)."""
    while True:
        keys = list(value) if isinstance(value, dict) else list(range(len(value))) if isinstance(
            value, list) else []
        if not keys:
            return
        key = draw(st.sampled_from(keys))
        if not isinstance(value[key], dict | list) or not value[key] or draw(st.booleans()):
            value[key] = draw(JSON_VALUES)
            return
        value = value[key]
