"""Numbers, money and points written the way the current language writes them (Babel, CLDR).

Amounts are integers in the game's smallest unit (cents for dollars, yen for yen): never
floats. Money takes its sign where the language puts it (``$1,250`` in English, ``1.250 $``
in Spanish, ``1 250 $`` in Uzbek), with the short sign players know ($, ¥) rather than the
bank's (``US$``), and shows cents only when there are some.
"""

from __future__ import annotations

from decimal import Decimal
from functools import cache

from babel import Locale
from babel.numbers import format_decimal
from babel.numbers import format_percent as _babel_percent

from highstakes.i18n import BABEL_LOCALES, get_language

#: Each currency's sign as players write it, and how many of its smallest unit make one.
CURRENCIES: dict[str, tuple[str, int]] = {"USD": ("$", 100), "JPY": ("¥", 1)}


def _locale(language: str | None) -> str:
    return BABEL_LOCALES.get(language or get_language(), "en")


def format_number(value: int | float | Decimal, language: str | None = None) -> str:
    """``12345`` → "12,345" (en), "12.345" (es, it), "12 345" (uz)."""
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
    """``125000`` cents → "$1,250" (en), "1.250 $" (es); "$0.01" keeps its cents."""
    sign, scale = CURRENCIES[currency]
    locale = _locale(language)
    value = Decimal(abs(amount)) / scale
    # Cents only when there are some, and then every digit: 10,50.
    shape = "#,##0" if abs(amount) % scale == 0 else "#,##0." + "0" * (len(str(scale)) - 1)
    number = format_decimal(value, format=shape, locale=locale)
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
