"""The conformance kit: every registered game passes it, and it fails loudly on a broken game."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import highstakes as hs
from highstakes.engine.registry import register, unregister
from highstakes.testing import ConformanceError, check_game
from toy_game import BREAKAGES, BluffDefinition


@pytest.mark.parametrize("game_id", hs.games())
def test_every_registered_game_passes_the_kit(game_id: str) -> None:
    report = check_game(game_id, games=200, seed=0)
    definition = hs.definition(game_id)
    assert report.games == 200
    assert {seats for seats, _ in report.tables} == set(range(definition.min_seats, definition.max_seats + 1))


@contextlib.contextmanager
def registered(breakage: str) -> Iterator[str]:
    definition = register(BluffDefinition(breakage))
    try:
        yield definition.id
    finally:
        unregister(definition.id)


def test_a_sound_game_passes() -> None:
    with registered("none") as game_id:
        report = check_game(game_id, games=60)
    assert report.games == 60 and report.steps > 0


# Each broken version, and words the kit's message must contain.
EXPECTED = {
    "leaky_view": "looks different to it",
    "shared_clone": "clone",
    "endless": "has not ended",
    "money_leak": "ledger",
    "loose_parse": "was accepted",
    "no_moves": "must act but has no legal action",
    "tuple_json": "JSON",
    "noop_resample": "redraws nothing",
    "peeking_resample": "depends on more than the seat may know",
    "crashing_refusal": "raised KeyError",
    "crashing_amount": "the amount 10**30 for the amount entry 'wager' raised InvalidOperation",
    "unreadable_amount": "shows 'True', not words a person reads",
    "careless_table": "binds {'say': 'doubt'}, which is not one of its legal actions",
    "mistyped_view": "does not fit the game's view_type",
}


def test_every_breakage_of_the_toy_game_is_covered() -> None:
    assert set(EXPECTED) == set(BREAKAGES) - {"none"}


@pytest.mark.parametrize("breakage", sorted(EXPECTED))
def test_the_kit_fails_loudly_on_a_broken_game(breakage: str) -> None:
    with registered(breakage) as game_id, pytest.raises(ConformanceError) as failure:
        check_game(game_id, games=60)
    message = str(failure.value)
    assert game_id in message and EXPECTED[breakage] in message, message


def test_a_game_with_secrets_but_no_hook_is_told_what_to_do() -> None:
    class NoHook(BluffDefinition):
        pass

    definition = NoHook()
    definition.id = "bluff_without_hook"
    state_class = type(definition.new_state(2, definition.options_type()))
    original = state_class.resample_hidden
    try:
        del state_class.resample_hidden
        register(definition)
        with pytest.raises(ConformanceError, match="hidden_information = False"):
            check_game(definition.id, games=5)
    finally:
        state_class.resample_hidden = original
        unregister(definition.id)


def test_a_game_with_words_left_untranslated_is_told_which(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from babel.messages.pofile import read_po, write_po

    from highstakes.i18n.catalogs import TRANSLATED, Domain, compile_all, update, write_template

    package = tmp_path / "wordy_bluff"
    package.mkdir()
    source = 'from highstakes.i18n import N_\n\nCALLED = N_("Your bluff is called")\n'
    (package / "__init__.py").write_text(source)
    (package / "rules.md").write_text("# Bluff\n\nBluff or fold.\n")
    for language in TRANSLATED[:-1]:  # the last language's rules are missing
        (package / f"rules.{language}.md").write_text("# Bluff\n")
    monkeypatch.syspath_prepend(str(tmp_path))

    class Wordy(BluffDefinition):
        resources = "wordy_bluff"

    definition = Wordy()
    definition.id = "wordy_bluff"
    domain = Domain(definition.id, package)
    write_template(domain)
    update(domain)  # every language's catalog exists, with nothing translated yet
    register(definition)
    try:
        with pytest.raises(ConformanceError) as failure:
            check_game(definition.id, games=5)
        message = str(failure.value)
        assert f"wordy_bluff [{TRANSLATED[0]}] 'Your bluff is called': not translated" in message, message
        assert f"no rules.{TRANSLATED[-1]}.md" in message, message

        # Translated, compiled and with every rules text, the same game passes.
        (package / f"rules.{TRANSLATED[-1]}.md").write_text("# Bluff\n")
        for language in TRANSLATED:
            with domain.po(language).open("rb") as stream:
                catalog = read_po(stream)
            catalog["Your bluff is called"].string = "¡Farol!"
            with domain.po(language).open("wb") as stream:
                write_po(stream, catalog)
        compile_all(domain)
        assert check_game(definition.id, games=5).games == 5
    finally:
        unregister(definition.id)


@pytest.mark.parametrize(("catalogue", "chance", "expected"), [
    # "high" and "low", "believe" and "doubt" are all the bluff's moves, and a die shows 1 to 6.
    (("high", "low", "believe", "doubt"), 6, None),
    (None, None, None),
    (("high", "low", "believe"), 6, "'say': 'doubt'} is not in the action catalogue"),
    (("high", "low", "believe", "doubt"), 5, "max_chance_outcomes declares at most 5"),
    (("high", "high", "low", "believe", "doubt"), 6, "lists one action twice"),
    (("shout", "high", "low", "believe", "doubt"), 6, "is not an action"),
])
def test_the_kit_checks_a_declared_action_catalogue_and_chance_bound(
    catalogue: tuple[str, ...] | None, chance: int | None, expected: str | None,
) -> None:
    class Catalogued(BluffDefinition):
        def action_catalogue(self, seats: int, options: object) -> list[dict[str, str]] | None:
            return None if catalogue is None else [{"say": word} for word in catalogue]

        def max_chance_outcomes(self, seats: int, options: object) -> int | None:
            return chance

    definition = Catalogued()
    definition.id = "catalogued_bluff"
    register(definition)
    try:
        if expected is None:
            check_game(definition.id, games=10)
        else:
            with pytest.raises(ConformanceError, match=re.escape(expected)):
                check_game(definition.id, games=10)
    finally:
        unregister(definition.id)
