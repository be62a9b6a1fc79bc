"""Numbers, money and points written the way the current language writes them (Babel, CLDR).

Amounts are integers in the game's smallest unit (cents for dollars, yen for yen): never
floats. Money takes its sign where the language puts it (``$1,250`` in English, ``1.250 $``
in Spanish, ``1 250 $`` in Uzbek), with the short sign players know ($, ¥) rather than the
bank's (``US$``), and shows cents only when there are some.

Every function here answers for any number, however large: beyond :data:`LARGEST_WRITTEN`
(a quadrillion, of points or of dollars) a number is said as "more than 1,000,000,000,000,000"
in the reader's words, never written with hundreds of digits nor refused with an error. A
refusal that quotes an absurd amount someone sent (``{"offer": 10**30}``) stays a sentence.
The browser's ``/static/i18n.js`` writes numbers and money the same way.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from decimal import Decimal, localcontext
from functools import cache

from babel import Locale
from babel.numbers import format_decimal
from babel.numbers import format_percent as _babel_percent

from highstakes.i18n import BABEL_LOCALES, PLATFORM, get_language

#: Each currency's sign as players write it, and how many of its smallest unit make one.
CURRENCIES: dict[str, tuple[str, int]] = {"USD": ("$", 100), "JPY": ("¥", 1)}
#: The largest number written in figures, of anything (points) or of a currency's units
#: (dollars, yen): beyond it a number is "more than" this. No game comes near it, and
#: JavaScript's numbers, exact only to about 9 × 10**15, write every number up to it exactly.
LARGEST_WRITTEN = 10**15
#: Digits of precision for formatting: every number up to LARGEST_WRITTEN, with its decimals.
_PRECISION = 40


def _locale(language: str | None) -> str:
    return BABEL_LOCALES.get(language or get_language(), "en")


def _words(message: str, language: str | None) -> str:
    """One of the platform's messages in ``language`` (the current one by default)."""
    return PLATFORM.catalog(language).gettext(message)


def _beyond(value: int | float | Decimal, largest: int, write: Callable[[int], str],
            language: str | None) -> str | None:
    """"more than …" or "less than −…" for a number past ``largest`` either way (infinities
    included), "not a number" for NaN; None for a number to write in figures."""
    if (isinstance(value, float) and math.isnan(value)) or (isinstance(value, Decimal) and value.is_nan()):
        return _words("not a number", language)
    if value > largest:
        return _words("more than {amount}", language).format(amount=write(largest))
    if value < -largest:
        return _words("less than {amount}", language).format(amount=write(-largest))
    return None


def format_number(value: int | float | Decimal, language: str | None = None) -> str:
    """``12345`` → "12,345" (en), "12.345" (es, it), "12 345" (uz); past a quadrillion,
    "more than 1,000,000,000,000,000" (:data:`LARGEST_WRITTEN`)."""
    beyond = _beyond(value, LARGEST_WRITTEN, lambda limit: format_number(limit, language), language)
    if beyond is not None:
        return beyond
    with localcontext() as context:
        context.prec = _PRECISION  # the caller's decimal context may be narrower
        return format_decimal(value, locale=_locale(language))


@cache
def _money_pattern(locale: str) -> tuple[str, str]:
    """What comes before and after the number in this locale's money, with ``{sign}`` for the sign.

    ``¤#,##0.00`` (English) gives ("{sign}", ""); ``#,##0.00 ¤`` (Spanish) gives ("", " {sign}").
    """
    pattern = Locale.parse(locale).currency_formats["standard"].pattern.split(";")[0]
    before, found, after = pattern.partition("¤")
    if not found:
        return "{sign}", ""
    number_chars = "#0,."
    if any(character in number_chars for character in before):  # the number comes first
        trailing = "".join(c for c in reversed(before) if c not in number_chars)[::-1]
        return "", trailing + "{sign}"
    leading = "".join(c for c in after if c not in number_chars)
    return before + "{sign}" + leading, ""


def format_money(amount: int, currency: str = "USD", language: str | None = None) -> str:
    """``125000`` cents → "$1,250" (en), "1.250 $" (es); "$0.01" keeps its cents; past a
    quadrillion dollars, "more than $1,000,000,000,000,000" (:data:`LARGEST_WRITTEN`)."""
    sign, scale = CURRENCIES[currency]
    beyond = _beyond(amount, LARGEST_WRITTEN * scale, lambda limit: format_money(limit, currency, language),
                     language)
    if beyond is not None:
        return beyond
    locale = _locale(language)
    # Cents only when there are some, and then every digit: 10,50.
    shape = "#,##0" if abs(amount) % scale == 0 else "#,##0." + "0" * (len(str(scale)) - 1)
    with localcontext() as context:
        context.prec = _PRECISION
        number = format_decimal(Decimal(abs(amount)) / scale, format=shape, locale=locale)
    prefix, suffix = _money_pattern(locale)
    text = prefix.replace("{sign}", sign) + number + suffix.replace("{sign}", sign)
    return ("−" + text) if amount < 0 else text


def format_percent(share: float, language: str | None = None, decimals: int = 0) -> str:
    """``0.45`` → "45%" (en), "45 %" (es), "45%" (it): a share as the language writes it;
    with ``decimals``, up to that many after the mark (``0.51234``, 2 → "51.23%")."""
    if decimals == 0:
        return _babel_percent(share, locale=_locale(language))
    return _babel_percent(round(share, decimals + 2), locale=_locale(language), decimal_quantization=False)


def parse_number_hint(language: str | None = None) -> tuple[str, str]:
    """The language's thousands separator and decimal mark, for amount boxes that explain them."""
    locale = Locale.parse(_locale(language))
    return locale.number_symbols["latn"]["group"], locale.number_symbols["latn"]["decimal"]
