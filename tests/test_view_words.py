"""The words of every game's view read in the reader's language at the generic tables.

The generic terminal table and the generic browser renderer show a view's keys as words
("turn_total" → "turn total") and its text values as they are, each through the game's own
catalog. A game played there must therefore have every key and every word-like text value
of its views in its catalog, translated like any message. Random games of every registered
game collect them from every seat's view.
"""

from __future__ import annotations

import importlib
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

import highstakes as hs
from highstakes.cli.words import game_text
from highstakes.i18n import use_language
from highstakes.i18n.catalogs import TRANSLATED

#: A text value that is one of the game's words: lower-case letters joined by underscores
#: ("auction", "per_round"). Capitalised text is content (a question, its options), codes
#: and numbers are not words.
WORDY = re.compile(r"^(?=.{3})[a-z]+(_[a-z]+)*$")


def texts(value: Any, depth: int = 0) -> Iterator[str]:
    """Every word-like key (as words) and text value at any depth of a view. The game's own
    options (the view's top-level "options") are left out: their values are shown as typed,
    as on the command line."""
    if isinstance(value, dict):
        for name, item in value.items():
            if WORDY.match(name):
                yield name.replace("_", " ")
            if not (depth == 0 and name == "options"):
                yield from texts(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            yield from texts(item, depth + 1)
    elif isinstance(value, str) and WORDY.match(value):
        yield value.replace("_", " ")


def view_words(game_id: str, games: int = 6) -> set[str]:
    definition = hs.definition(game_id)
    found: set[str] = set()
    rng = random.Random(f"view words {game_id}")
    for index in range(games):
        seats = definition.min_seats + index % (definition.max_seats - definition.min_seats + 1)
        try:
            game = hs.new_game(game_id, seats, seed=index)
        except ValueError:
            continue
        for _step in range(400):
            for seat in [None, *range(seats)]:
                found.update(texts(game.view(seat)))
            found.discard(game_id.replace("_", " "))  # the game's id, shown as it is
            if game.is_over:
                break
            seat = rng.choice(game.to_act)
            game.act(seat, rng.choice(game.legal_actions(seat)))
    return found


def _declares_view_words(game_id: str) -> bool:
    """Whether the game's ``words.py`` lists its views' words (``VIEW_WORDS``) for the generic
    tables to show: a game that plays there, or did before it had tables of its own (they
    still serve a replay of it in a face that lacks its table, and the words must not rot)."""
    package = hs.definition(game_id).resources
    try:
        words = importlib.import_module(f"{package}.words")
    except ImportError:
        return False
    return hasattr(words, "VIEW_WORDS")


GAMES_WITH_GENERIC_TABLES = [
    game_id for game_id in hs.games()
    if hs.definition(game_id).terminal_table() is None or _declares_view_words(game_id)]


@pytest.mark.parametrize("game_id", GAMES_WITH_GENERIC_TABLES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_view_word_of_a_game_at_the_generic_tables_is_translated(game_id: str, language: str) -> None:
    with use_language(language):
        untranslated = sorted(word for word in view_words(game_id) if game_text(game_id, word) == word)
    # A word may read the same in another language ("bot", "round" in Italian): only a word
    # left the same in every language is one the catalog lacks.
    if untranslated:
        everywhere = set(untranslated)
        for other in TRANSLATED:
            with use_language(other):
                everywhere &= {word for word in untranslated if game_text(game_id, word) == word}
        assert not everywhere, f"{game_id}: view words missing from its catalog: {sorted(everywhere)}"
