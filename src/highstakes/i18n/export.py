"""Catalogs for the browser: every domain's translations in one language, as JSON.

The pages ask for ``/i18n/<language>.json`` and translate with ``t`` and ``tn`` from
``/static/i18n.js``; the same compiled catalogs serve Python and the browser.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from typing import Any

from babel import Locale

from highstakes.i18n import DEFAULT, PLATFORM, PSEUDO, Domain, check_language

#: The plural categories in the order gettext numbers a catalog's forms (Babel's order, from CLDR).
_CATEGORY_ORDER = ("zero", "one", "two", "few", "many")


def plural_categories(language: str) -> list[str]:
    """The CLDR category of each of a language's plural forms, in gettext's order:
    ``["one", "many", "other"]`` for Spanish, ``["one", "other"]`` for Uzbek."""
    tags = Locale.parse({"uz": "uz_Latn"}.get(language, language)).plural_form.tags
    return [category for category in _CATEGORY_ORDER if category in tags] + ["other"]


def _messages(catalog: gettext.NullTranslations, categories: list[str]) -> dict[str, Any]:
    """msgid → translation: a string, or for a plural message its forms by CLDR category
    (``{"one": ..., "other": ...}``), which the browser picks with ``Intl.PluralRules``."""
    table: dict[Any, str] = getattr(catalog, "_catalog", {})
    messages: dict[str, Any] = {}
    plurals: dict[str, list[str]] = {}
    for key, text in table.items():
        if key == "" or not text:
            continue  # the catalog's header, or a message left empty
        if isinstance(key, tuple):
            message_id, form = key
            forms = plurals.setdefault(message_id, [])
            forms.extend([""] * (form + 1 - len(forms)))
            forms[form] = text
        else:
            messages[key] = text
    for message_id, forms in plurals.items():
        pairs = zip(categories, forms, strict=False)
        messages[message_id] = {category: text for category, text in pairs if text}
    return messages


def browser_catalog(language: str, domains: Iterable[Domain]) -> dict[str, Any]:
    """What ``/static/i18n.js`` loads: the language, and each domain's messages."""
    language = check_language(language)
    answer: dict[str, Any] = {"language": language, "pseudo": language == PSEUDO, "domains": {}}
    if language in (DEFAULT, PSEUDO):
        return answer  # English is the source; the pseudo-language is made in the page
    for domain in [PLATFORM, *domains]:
        answer["domains"][domain.domain] = _messages(domain.catalog(language), plural_categories(language))
    return answer
