"""The browser's words can all be extracted: every message is a string literal the catalog tool reads.

Only string literals inside ``t(`` and ``tn(`` reach the catalogs (docs/adding-a-game.md): a
message built from a variable, a template literal or a concatenation would be looked up at
run time under a text no catalog holds, so it would never be translated, and the
pseudo-language would still mark it. Nor does the catalog tool read a call written inside a
template literal's ``${...}``. This finds such calls in every page and renderer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.extract import extract_from_file

import highstakes as hs
from highstakes.i18n.catalogs import JS_KEYWORDS

SOURCES = Path(hs.__file__).parent
# A declared table's sentences are looked up by the ids the table carries: a lookup by design
# (the ids are the game's data, marked in its Python), not a message of the page.
LOOKUPS = {
    ("web/static/table/words.js", "return found.tn(say.msgid, say.plural, say.n, keep);"),
    ("web/static/table/words.js", "return found.t(say.msgid);"),
}
CALL = re.compile(r"(?<![\w$])(?P<name>tn?)\(")
STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"')


def browser_sources() -> list[Path]:
    return sorted([*SOURCES.glob("web/static/**/*.js"), *SOURCES.glob("catalog/*/web/*.js")])


def bad_calls(path: Path) -> list[str]:
    """Each t( or tn( call of ``path`` whose messages are not plain string literals, with its line."""
    text = path.read_text(encoding="utf-8")
    relative = path.relative_to(SOURCES).as_posix()
    found = []
    for match in CALL.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        source_line = text.splitlines()[line - 1].strip()
        if source_line.startswith(("//", "*", "/*")):
            continue  # a comment that speaks of t( or tn(
        if match.start() > 0 and text[match.start() - 1] == ".":
            if not any(relative == where and snippet in source_line for where, snippet in LOOKUPS):
                found.append(f"{relative}:{line}: {source_line}")
            continue
        if re.match(r"(?:export\s+)?(?:function\s+)?tn?\((?:message|singular)\b", source_line):
            continue  # the layer's own definitions of t and tn
        position = match.end()
        for _message in range(2 if match["name"] == "tn" else 1):
            rest = text[position:]
            literal = STRING.match(rest.lstrip())
            after = rest.lstrip()[literal.end():].lstrip() if literal else ""
            if not literal or not after.startswith((",", ")")):
                found.append(f"{relative}:{line}: {source_line}")
                break
            position = len(text) - len(after) + 1
    return found


def literal_messages(path: Path) -> set[str]:
    """The messages of every t( and tn( call of ``path`` whose messages are literals, as written."""
    text = path.read_text(encoding="utf-8")
    found = set()
    for match in CALL.finditer(text):
        line = text[text.rfind("\n", 0, match.start()) + 1:match.start()].strip()
        if (match.start() > 0 and text[match.start() - 1] == ".") or line.startswith(("//", "*", "/*")):
            continue
        literal = STRING.match(text[match.end():].lstrip())
        if literal:
            found.add(json.loads(literal.group()))
    return found


def test_the_catalog_tool_reads_every_message_of_the_pages_and_renderers() -> None:
    for path in browser_sources():
        extracted = set()
        for _line, message, _comments, _context in extract_from_file(
            "javascript", str(path), keywords=JS_KEYWORDS
        ):
            extracted.update([message] if isinstance(message, str) else [form for form in message if form])
        missed = sorted(literal_messages(path) - extracted)
        assert not missed, f"{path.relative_to(SOURCES)}: messages the catalog tool does not read: {missed}"


def test_every_message_of_the_pages_and_renderers_is_a_string_literal() -> None:
    sources = browser_sources()
    assert {path.name for path in sources} >= {"lobby.js", "room.js", "common.js", "renderer.js", "i18n.js"}
    problems = [problem for path in sources for problem in bad_calls(path)]
    assert problems == []


def test_the_check_finds_messages_that_are_not_literals(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(__import__(__name__), "SOURCES", tmp_path)
    page = tmp_path / "web" / "static" / "page.js"
    page.parent.mkdir(parents=True)
    page.write_text(
        'el("p", {}, t("Fine {n}", { n }));\n'
        'el("p", {}, t(`Seat ${n}`));\n'
        'el("p", {}, t("Seat " + n));\n'
        'el("p", {}, t(words));\n'
        'el("p", {}, tn("{n} seat", plural, n));\n'
        'el("p", {}, tn("{n} seat", "{n} seats", n, { n }));\n'
        'el("p", {}, other.t(text));\n'
        'el("p", {}, format(x));\n',
        encoding="utf-8",
    )
    assert [problem.split(":")[1] for problem in bad_calls(page)] == ["2", "3", "4", "5", "7"]
