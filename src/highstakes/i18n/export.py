"""Catalogs for the browser: every domain's translations in one language, as JSON.

The pages ask for ``/i18n/<language>.json`` and translate with ``t`` and ``tn`` from
``/static/i18n.js``; the same compiled catalogs serve Python and the browser.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from typing import Any

from highstakes.i18n import DEFAULT, PLATFORM, PSEUDO, Domain, check_language


def _messages(catalog: gettext.NullTranslations) -> dict[str, Any]:
    """msgid → translation (a string, or the list of plural forms for a plural message)."""
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
    messages.update(plurals)
    return messages


def browser_catalog(language: str, domains: Iterable[Domain]) -> dict[str, Any]:
    """What ``/static/i18n.js`` loads: the language, and each domain's messages."""
    language = check_language(language)
    answer: dict[str, Any] = {"language": language, "pseudo": language == PSEUDO, "domains": {}}
    if language in (DEFAULT, PSEUDO):
        return answer  # English is the source; the pseudo-language is made in the page
    for domain in [PLATFORM, *domains]:
        answer["domains"][domain.domain] = _messages(domain.catalog(language))
    return answer
