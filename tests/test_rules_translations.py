"""Every game's rules for players come in Spanish, Italian and Uzbek, beside the English.

For each registered game that ships ``rules.md``, ``rules.es.md``, ``rules.it.md`` and
``rules.uz.md`` must sit beside it, translated (not the English text, no English passage
left over) and with the same skeleton: the same headings in the same order, the same lists
and tables, the same terminal keys and option names (code spans are never translated) and
every number of the English text, written the language's way (``1,000,000`` and ``0.01``
are ``1.000.000`` and ``0,01`` in Spanish and Italian, ``1 000 000`` with no-break spaces
in Uzbek; money puts its sign after the amount, as in ``5.000 $``). The games are found
through the registry, so a new game is held to this with no test edited.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from importlib.resources import files

import pytest
from markdown_it import MarkdownIt
from markdown_it.token import Token

import highstakes as hs

NO_BREAK_SPACES = "\u00a0\u202f"
CURRENCY_SIGNS = "$¥€£"


@dataclass(frozen=True)
class NumberStyle:
    """How a language writes numbers: its digit-group separators and its decimal mark."""

    groups: str
    decimal: str

    @property
    def pattern(self) -> re.Pattern[str]:
        group, decimal = f"[{re.escape(self.groups)}]", re.escape(self.decimal)
        return re.compile(rf"(?<!\d)(\d{{1,3}}(?:{group}\d{{3}})+|\d+)(?:{decimal}(\d+))?(?!\d)")

    def write(self, value: Decimal, grouped: bool) -> str:
        """``value`` the way this language writes it (for messages)."""
        whole, _, fraction = f"{value:f}".partition(".")
        if grouped:
            whole = f"{int(whole):,}".replace(",", self.groups[0])
        return whole + (self.decimal + fraction if fraction else "")


ENGLISH = NumberStyle(groups=",", decimal=".")
#: The translations and their number styles (CLDR's; Uzbek groups with a no-break space).
TRANSLATIONS = {
    "es": NumberStyle(groups=".", decimal=","),
    "it": NumberStyle(groups=".", decimal=","),
    "uz": NumberStyle(groups=NO_BREAK_SPACES, decimal=","),
}
#: Digit groups written with a separator that is not the language's: an English "5,000", or a
#: breaking space in Uzbek (a line could then split one number in two).
FOREIGN_GROUP = {
    lang: re.compile(rf"(?<!\d)\d{{1,3}}(?:[{re.escape(''.join(c for c in ',. ' if c not in style.groups))}]"
                     rf"\d{{3}})+(?!\d)")
    for lang, style in TRANSLATIONS.items()
}
ENGLISH_DECIMAL = re.compile(r"(?<![\d.])\d+\.\d{1,2}(?![\d.])")
#: Money is written "5.000\u00a0$": the sign after the amount, held to it by a no-break space.
SIGN_BEFORE_AMOUNT = re.compile(rf"[{re.escape(CURRENCY_SIGNS)}]\s*\d")
SIGN_AFTER_BREAKING_SPACE = re.compile(rf"\d[^\S{NO_BREAK_SPACES}]*[{re.escape(CURRENCY_SIGNS)}]")

MARKDOWN = MarkdownIt("commonmark").enable("table")
#: The blocks whose order makes a page's skeleton (paragraphs may be split or joined).
SKELETON = {
    "heading_open", "bullet_list_open", "bullet_list_close", "ordered_list_open", "ordered_list_close",
    "list_item_open", "table_open", "table_close", "tr_open", "th_open", "td_open", "blockquote_open",
    "blockquote_close", "fence", "code_block",
}


# --- reading a page ---------------------------------------------------------------------------

def blocks(text: str) -> list[Token]:
    return MARKDOWN.parse(text)


def headings(text: str) -> list[str]:
    """The heading levels in page order, as their tags: h1, h2, ..."""
    return [token.tag for token in blocks(text) if token.type == "heading_open"]


def skeleton(text: str) -> list[str]:
    """Headings, lists with their items, tables with their rows and cells, in page order."""
    return [f"{token.type}:{token.tag}:{token.info}" for token in blocks(text) if token.type in SKELETON]


def code_spans(text: str) -> Counter[str]:
    return Counter(child.content for token in blocks(text) if token.type == "inline"
                   for child in token.children or () if child.type == "code_inline")


def prose(text: str) -> list[str]:
    """What a player reads, passage by passage (paragraphs, headings, list items, table cells),
    with code spans left out: their digits are keys and names, not numbers."""
    def spoken(child: Token) -> str:
        if child.type == "text":
            return child.content
        return " " if child.type in ("softbreak", "hardbreak", "code_inline") else ""

    return ["".join(spoken(child) for child in token.children or ())
            for token in blocks(text) if token.type == "inline"]


def passages(text: str) -> list[str]:
    """Every passage as written, code spans included, whitespace made single."""
    return [" ".join(token.content.split()) for token in blocks(text) if token.type == "inline"]


def numbers(passages: list[str], style: NumberStyle) -> set[tuple[Decimal, bool]]:
    """Each number in ``passages`` read in ``style``: its value, and whether its digits are grouped."""
    found = set()
    for match in (match for passage in passages for match in style.pattern.finditer(passage)):
        whole, fraction = match.group(1), match.group(2)
        digits = re.sub(r"\D", "", whole)
        found.add((Decimal(digits + ("." + fraction if fraction else "")), digits != whole))
    return found


def matches(pattern: re.Pattern[str], passages: list[str]) -> list[str]:
    return [found for passage in passages for found in pattern.findall(passage)]


def rules_packages() -> dict[str, str]:
    """The package of every registered game that ships rules for players (``rules.md``)."""
    found = {}
    for game_id in hs.games():
        resources = hs.definition(game_id).resources
        if resources is not None and files(resources).joinpath("rules.md").is_file():
            found[game_id] = resources
    return found


def translation(game_id: str, lang: str) -> tuple[str, str]:
    """The English rules of a game and their translation into ``lang``, from beside them."""
    package = files(rules_packages()[game_id])
    page = package.joinpath(f"rules.{lang}.md")
    assert page.is_file(), f"{game_id} has rules.md but no rules.{lang}.md beside it"
    return package.joinpath("rules.md").read_text(encoding="utf-8"), page.read_text(encoding="utf-8")


CASES = [(game_id, lang) for game_id in rules_packages() for lang in TRANSLATIONS]


# --- the readers themselves, on hand-made pages ----------------------------------------------

def test_numbers_are_read_in_each_languages_style():
    english = ["Everyone starts with $1,125,000; a case may hold $0.01.", "Round 10: 2 cases, 1934."]
    assert numbers(english, ENGLISH) == {
        (Decimal(1125000), True), (Decimal("0.01"), False), (Decimal(10), False),
        (Decimal(2), False), (Decimal(1934), False),
    }
    spanish = ["Todos empiezan con 1.125.000\u00a0$; un maletín puede guardar 0,01\u00a0$. Ronda 10."]
    assert numbers(spanish, TRANSLATIONS["es"]) == {
        (Decimal(1125000), True), (Decimal("0.01"), False), (Decimal(10), False),
    }
    uzbek = ["Har kim 1\u00a0125\u00a0000\u00a0$ bilan boshlaydi; 1-raundda 6, 5 ta."]
    assert numbers(uzbek, TRANSLATIONS["uz"]) == {
        (Decimal(1125000), True), (Decimal(1), False), (Decimal(6), False), (Decimal(5), False),
    }
    # An English "5,000" in a Spanish text is not 5.000: it reads as five with a decimal part.
    assert (Decimal(5000), True) not in numbers(["5,000 puntos"], TRANSLATIONS["es"])
    assert TRANSLATIONS["uz"].write(Decimal(1125000), grouped=True) == "1\u00a0125\u00a0000"
    assert TRANSLATIONS["it"].write(Decimal("0.01"), grouped=False) == "0,01"


def test_numbers_and_money_written_another_way_are_found():
    assert matches(FOREIGN_GROUP["es"], ["5,000 puntos y 5.000 puntos"]) == ["5,000"]
    assert matches(FOREIGN_GROUP["uz"], ["5.000, 5 000 va 5\u00a0000 ochko"]) == ["5.000", "5 000"]
    assert matches(ENGLISH_DECIMAL, ["$0.01 y 0,01 $; 1.000.000 $", "1. Tira"]) == ["0.01"]
    # Greed's $ is a die face: a table row's cells are separate passages, never one amount.
    assert matches(SIGN_BEFORE_AMOUNT, ["$ 5.000 y $1", "$ $ $", "600"]) == ["$ 5", "$1"]
    assert matches(SIGN_AFTER_BREAKING_SPACE, ["5.000 $, 5.000$ y 5.000\u00a0$"]) == ["0 $", "0$"]


def test_the_skeleton_sees_headings_lists_and_tables():
    page = "# T\n\nText.\n\n## A\n1. one\n2. two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- x\n"
    assert headings(page) == ["h1", "h2"]
    assert [entry for entry in skeleton(page) if entry.startswith("list_item")] == [
        "list_item_open:li:1", "list_item_open:li:2", "list_item_open:li:",
    ]
    assert skeleton(page).count("td_open:td:") == 2
    # A line of a list item that starts with a number starts a new item: the skeleton changes.
    assert skeleton(page) != skeleton(page.replace("2. two", "2. two\n3. and more"))
    assert code_spans("Keys `n` and `q`, option `dddd`.") == Counter({"n": 1, "q": 1, "dddd": 1})
    assert prose("Option `dddd2`:\n800 **points**") == ["Option  : 800 points"]


# --- the translations -------------------------------------------------------------------------

def test_the_built_in_games_ship_rules_to_translate():
    assert {"greed", "deal_or_no_deal"} <= set(rules_packages())


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_a_translation_exists_and_is_not_the_english_text(game_id, lang):
    english, translated = translation(game_id, lang)
    assert translated.strip() and translated != english, f"rules.{lang}.md of {game_id} is not translated"
    # No passage of three words or more is left in English (the game's name is a name).
    title = hs.definition(game_id).title
    leftover = [passage for passage in set(passages(english)) & set(passages(translated))
                if passage != title and len(re.findall(r"[^\W\d_]{2,}", passage)) >= 3]
    assert not leftover, f"rules.{lang}.md of {game_id} leaves these in English: {leftover}"


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_a_translation_has_the_same_headings(game_id, lang):
    english, translated = translation(game_id, lang)
    assert headings(translated) == headings(english), (
        f"rules.{lang}.md of {game_id} must have the headings of rules.md, level by level, in order"
    )


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_a_translation_has_the_same_lists_tables_and_keys(game_id, lang):
    english, translated = translation(game_id, lang)
    assert skeleton(translated) == skeleton(english), (
        f"rules.{lang}.md of {game_id} must keep the lists and tables of rules.md "
        f"(the same items, rows and cells, in the same order)"
    )
    missing = code_spans(english) - code_spans(translated)
    assert not missing, (
        f"rules.{lang}.md of {game_id} lacks {sorted(missing)}: keys and option names are never translated"
    )


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_a_translation_has_every_number_written_the_languages_way(game_id, lang):
    english, translated = translation(game_id, lang)
    style, read = TRANSLATIONS[lang], prose(translated)
    missing = numbers(prose(english), ENGLISH) - numbers(read, style)
    assert not missing, (
        f"rules.{lang}.md of {game_id} lacks "
        + ", ".join(sorted(style.write(value, grouped) for value, grouped in missing))
    )
    foreign = matches(FOREIGN_GROUP[lang], read) + matches(ENGLISH_DECIMAL, read)
    assert not foreign, (
        f"rules.{lang}.md of {game_id} writes {foreign} another language's way: digit groups take "
        f"{' or '.join(repr(c) for c in style.groups)}, decimals {style.decimal!r}"
    )
    misplaced = matches(SIGN_BEFORE_AMOUNT, read) + matches(SIGN_AFTER_BREAKING_SPACE, read)
    assert not misplaced, (
        f"rules.{lang}.md of {game_id} writes money as {misplaced}: the sign follows the amount "
        f"after a no-break space (5.000\u00a0$)"
    )
