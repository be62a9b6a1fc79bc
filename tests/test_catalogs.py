"""The message catalogs: every shipped domain complete in every language, and the check that says so.

``python -m highstakes.i18n check`` is what this runs for each domain: every message of the
sources translated in Spanish, Italian and Uzbek, no entry empty or fuzzy, the placeholders
kept, the compiled catalogs current.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from highstakes.i18n.catalogs import TRANSLATED, Domain, check, compile_all, domains, update, write_template
from highstakes.i18n.export import browser_catalog, plural_categories


@pytest.mark.parametrize("domain", domains(), ids=lambda domain: domain.name)
def test_every_shipped_domain_is_complete_in_every_language(domain: Domain) -> None:
    assert check(domain) == []


def test_the_shipped_languages_are_spanish_italian_and_uzbek() -> None:
    assert set(TRANSLATED) == {"es", "it", "uz"}


# --- the check itself, on a package of two messages ----------------------------------------------
SOURCE = '''from highstakes.i18n import _, ngettext

def greet(name):
    return _("Welcome, {name}").format(name=name)

def seats(n):
    return ngettext("a seat free", "{n} seats free", n).format(n=n)
'''


@pytest.fixture
def domain(tmp_path: Path) -> Domain:
    package = tmp_path / "wordy"
    package.mkdir()
    (package / "__init__.py").write_text(SOURCE)
    domain = Domain("wordy", package)
    write_template(domain)
    update(domain)
    return domain


def translate(domain: Domain, welcome: str, seats: list[str], fuzzy: bool = False) -> None:
    """Fill every language's catalog alike (the plural with as many forms as the language has)."""
    for language in TRANSLATED:
        with domain.po(language).open("rb") as stream:
            catalog = read_po(stream)
        catalog["Welcome, {name}"].string = welcome
        forms = catalog.num_plurals
        catalog[("a seat free", "{n} seats free")].string = tuple(seats[:1] + seats[-1:] * (forms - 1))
        flags = catalog["Welcome, {name}"].flags
        if fuzzy:
            flags.add("fuzzy")
        else:
            flags.discard("fuzzy")
        with domain.po(language).open("wb") as stream:
            write_po(stream, catalog)
    compile_all(domain)


def test_a_new_domain_lists_every_message_untranslated(domain: Domain) -> None:
    problems = check(domain)
    for language in TRANSLATED:
        assert f"wordy [{language}] 'Welcome, {{name}}': not translated" in problems
        assert f"wordy [{language}] 'a seat free': not translated" in problems


def test_a_complete_domain_passes_and_the_one_form_may_leave_the_count_unsaid(domain: Domain) -> None:
    translate(domain, "Bienvenido, {name}", ["un asiento libre", "{n} asientos libres"])
    assert check(domain) == []


@pytest.mark.parametrize(("welcome", "seats", "problem"), [
    ("Bienvenido", ["un asiento libre", "{n} asientos libres"], "placeholders ['{name}'] became []"),
    ("Bienvenido, {nombre}", ["un asiento", "{n} asientos"], "placeholders ['{name}'] became ['{nombre}']"),
    ("Bienvenido, {name}", ["{n} asiento", "asientos libres"], "placeholders ['{n}'] became []"),
    ("Bienvenido, {name}", ["{count} asiento", "{n} asientos"], "placeholders ['{n}'] became ['{count}']"),
])
def test_a_lost_or_renamed_placeholder_is_named(domain: Domain, welcome: str, seats: list[str],
                                                problem: str) -> None:
    translate(domain, welcome, seats)
    assert any(line.endswith(problem) for line in check(domain)), check(domain)


def test_a_fuzzy_entry_and_a_stale_compiled_catalog_are_named(domain: Domain) -> None:
    translate(domain, "Bienvenido, {name}", ["un asiento libre", "{n} asientos libres"], fuzzy=True)
    assert "wordy [es] 'Welcome, {name}': marked fuzzy" in check(domain)
    translate(domain, "Bienvenido, {name}", ["un asiento libre", "{n} asientos libres"])
    domain.mo("it").write_bytes(b"")
    assert check(domain) == ["wordy: the compiled it catalog is out of date; run compile"]


def test_a_message_added_to_the_sources_makes_the_template_out_of_date(domain: Domain) -> None:
    translate(domain, "Bienvenido, {name}", ["un asiento libre", "{n} asientos libres"])
    (domain.root / "more.py").write_text('from highstakes.i18n import _\n\nBYE = _("Goodbye")\n')
    problems = check(domain)
    assert problems[0].startswith("wordy: the template is out of date (1 new, 0 gone, e.g. 'Goodbye')")


# --- plurals in the browser -----------------------------------------------------------------------
@pytest.mark.parametrize(("language", "categories"), [
    ("es", ["one", "many", "other"]),  # "many": a round million, "un millón de asientos"
    ("it", ["one", "many", "other"]),
    ("uz", ["one", "other"]),
])
def test_each_plural_form_is_named_by_its_cldr_category(language: str, categories: list[str]) -> None:
    assert plural_categories(language) == categories


def test_the_browser_catalog_gives_a_plural_by_category() -> None:
    spanish = browser_catalog("es", [])["domains"]["highstakes"]
    forms = spanish["{n} second"]  # the clock of a declared table
    assert set(forms) == {"one", "many", "other"}
    assert "{n}" in forms["other"] and forms["other"] != forms["one"]
