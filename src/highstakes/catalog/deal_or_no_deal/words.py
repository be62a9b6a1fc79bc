"""Deal or No Deal's words for people, in the player's language (domain ``deal_or_no_deal``)."""

from __future__ import annotations

from collections.abc import Iterable

from babel.lists import format_list

from highstakes.i18n import BABEL_LOCALES, N_, Domain, get_language

WORDS = Domain("deal_or_no_deal", "highstakes.catalog.deal_or_no_deal")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: Each kind of move in words, for refusals that say what is possible now.
KIND_WORDS = {
    "pick": N_("picking your own case"), "open": N_("opening a case"), "guess": N_("a free guess"),
    "paid_guess": N_("a paid guess"), "no_guess": N_("no guess"), "offer": N_("an offer"),
    "deal": N_("deal"), "no_deal": N_("no deal"), "counter": N_("a counter-offer"),
    "accept": N_("accepting the counter-offer"), "stand": N_("standing firm"),
    "keep": N_("keeping your case"), "swap": N_("swapping cases"),
}


def one_of(words: Iterable[str]) -> str:
    """Translated words joined as the language says "a, b or c"."""
    locale = BABEL_LOCALES.get(get_language(), "en")
    return format_list([_(word) for word in words], style="or", locale=locale)


__all__ = ["KIND_WORDS", "N_", "WORDS", "_", "ngettext", "one_of"]
