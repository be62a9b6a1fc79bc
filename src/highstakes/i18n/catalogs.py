"""Keeping the message catalogs: extract, update, compile and check (with Babel).

    python -m highstakes.i18n extract     # read the sources into each domain's template (.pot)
    python -m highstakes.i18n update      # merge the templates into every language's .po
    python -m highstakes.i18n compile     # write the .mo files the programs read
    python -m highstakes.i18n check       # every message translated, placeholders kept, .mo current

A domain is a package's words: ``highstakes`` for the platform (its Python and its web pages),
and one per game (the game's id), kept in the game's own package. Python sources mark
messages with ``_``, ``N_`` and ``ngettext``; JavaScript sources with ``t`` and ``tn``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from highstakes.i18n import LANGUAGES, PLATFORM_DOMAIN, locale_dir

TRANSLATED = tuple(language for language in LANGUAGES if language != "en")
#: Besides gettext's own, the table's sentences (highstakes.table): `Say("...")`, `say("...")`,
#: `say_n("...", "...", n)` and `platform_say("...")` hold a message in their first argument(s).
PYTHON_KEYWORDS = {
    "_": None, "N_": None, "ngettext": (1, 2),
    "Say": None, "say": None, "say_n": (1, 2), "platform_say": None,
}
JS_KEYWORDS = {"t": None, "tn": (1, 2)}
#: Directories whose files are never read for messages.
SKIPPED_PARTS = {"tests", "testing", "__pycache__", "locale"}
PLACEHOLDER = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")


@dataclass(frozen=True)
class Domain:
    """One set of messages: where its sources are, where its catalogs go."""

    name: str
    root: Path  # the package's directory
    skip: tuple[Path, ...] = ()  # subtrees that belong to another domain

    @property
    def locale(self) -> Path:
        return self.root / "locale"

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, language: str) -> Path:
        return self.locale / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str) -> Path:
        return self.po(language).with_suffix(".mo")

    def sources(self) -> Iterator[Path]:
        for path in sorted(self.root.rglob("*")):
            if path.suffix not in (".py", ".js") or SKIPPED_PARTS & set(path.relative_to(self.root).parts):
                continue
            if any(path.is_relative_to(skipped) for skipped in self.skip):
                continue
            yield path


def domains(game_ids: Sequence[str] | None = None) -> list[Domain]:
    """The platform's domain and each game's (every registered game with ``resources``)."""
    import highstakes as hs

    platform_root = locale_dir("highstakes").parent
    games: list[Domain] = []
    for game_id in game_ids if game_ids is not None else hs.games():
        package = hs.definition(game_id).resources
        if package:
            games.append(Domain(game_id, locale_dir(package).parent))
    platform = Domain(PLATFORM_DOMAIN, platform_root,
                      skip=tuple(game.root for game in games if game.root.is_relative_to(platform_root)))
    return [platform, *games]


# --- extract, update, compile ---------------------------------------------------------------------
def extract(domain: Domain) -> Catalog:
    """Every message the domain's sources mark, with where it is used."""
    catalog = Catalog(project="High Stakes", domain=domain.name, charset="utf-8", fuzzy=False)
    for path in domain.sources():
        python = path.suffix == ".py"
        method, keywords = ("python", PYTHON_KEYWORDS) if python else ("javascript", JS_KEYWORDS)
        for lineno, message, comments, context in extract_from_file(
            method, str(path), keywords=keywords, comment_tags=("Translators:",), strip_comment_tags=True,
        ):
            if not message or not (message if isinstance(message, str) else message[0]):
                continue
            catalog.add(message, None, [(str(path.relative_to(domain.root)), lineno)],
                        auto_comments=comments, context=context)
    return catalog


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=False, include_lineno=False)
    # A catalog whose messages did not change keeps its file, so a run leaves no dated noise in the history.
    if path.exists() and _undated(path.read_bytes()) == _undated(buffer.getvalue()):
        return
    path.write_bytes(buffer.getvalue())


def _undated(po: bytes) -> bytes:
    return re.sub(rb'^"(POT-Creation-Date|PO-Revision-Date): .*$', b"", po, flags=re.MULTILINE)


def write_template(domain: Domain) -> Catalog:
    template = extract(domain)
    _write(template, domain.template)
    return template


def update(domain: Domain) -> None:
    """Merge the template into every language's catalog (new messages empty, gone ones dropped)."""
    with domain.template.open("rb") as stream:
        template = read_po(stream)
    for language in TRANSLATED:
        path = domain.po(language)
        if path.exists():
            with path.open("rb") as stream:
                catalog = read_po(stream, locale=_babel_locale(language))
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
        else:
            catalog = Catalog(locale=_babel_locale(language), domain=domain.name, project="High Stakes")
            catalog.update(template, no_fuzzy_matching=True)
        _write(catalog, path)


def compile_mo(domain: Domain, language: str) -> bytes:
    with domain.po(language).open("rb") as stream:
        catalog = read_po(stream, locale=_babel_locale(language))
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def compile_all(domain: Domain) -> None:
    for language in TRANSLATED:
        if domain.po(language).exists():
            domain.mo(language).write_bytes(compile_mo(domain, language))


def _babel_locale(language: str) -> str:
    return {"uz": "uz_Latn"}.get(language, language)


# --- the check ------------------------------------------------------------------------------------
def check(domain: Domain) -> list[str]:
    """Everything wrong with a domain's catalogs, in words; empty when all is well."""
    problems: list[str] = []
    current = extract(domain)
    ids = {message.id if isinstance(message.id, str) else message.id[0] for message in current if message.id}
    if not domain.template.exists():
        return [f"{domain.name}: no template {domain.template.name}; run: python -m highstakes.i18n extract"]
    with domain.template.open("rb") as stream:
        template_ids = {m.id if isinstance(m.id, str) else m.id[0] for m in read_po(stream) if m.id}
    if ids != template_ids:
        missing, stale = sorted(ids - template_ids), sorted(template_ids - ids)
        problems.append(f"{domain.name}: the template is out of date ({len(missing)} new, {len(stale)} gone, "
                        f"e.g. {(missing or stale)[0]!r}); run extract and update")
    for language in TRANSLATED:
        path = domain.po(language)
        if not path.exists():
            problems.append(f"{domain.name}: no {language} catalog")
            continue
        with path.open("rb") as stream:
            catalog = read_po(stream, locale=_babel_locale(language))
        found = {m.id if isinstance(m.id, str) else m.id[0]: m for m in catalog if m.id}
        for message_id in sorted(ids):
            message = found.get(message_id)
            where = f"{domain.name} [{language}] {message_id!r}"
            if message is None:
                problems.append(f"{where}: missing")
                continue
            strings = [message.string] if isinstance(message.string, str) else list(message.string)
            if message.fuzzy:
                problems.append(f"{where}: marked fuzzy")
            if not strings or any(not text.strip() for text in strings):
                problems.append(f"{where}: not translated")
                continue
            sources = [message.id] if isinstance(message.id, str) else list(message.id)
            wanted = set().union(*(set(PLACEHOLDER.findall(source)) for source in sources))
            for index, text in enumerate(strings):
                found_here = set(PLACEHOLDER.findall(text))
                # A plural's forms for particular counts ("one") may leave the count unsaid, as
                # English "a bot" does; the general form ("other", the last) says everything.
                particular = len(strings) > 1 and index < len(strings) - 1
                if found_here - wanted or (found_here != wanted and not particular):
                    problems.append(f"{where}: placeholders {sorted(wanted)} became {sorted(found_here)}")
        mo = domain.mo(language)
        if not mo.exists() or mo.read_bytes() != compile_mo(domain, language):
            problems.append(f"{domain.name}: the compiled {language} catalog is out of date; run compile")
    return problems
