"""Reading an amount a person typed, exactly as shown, for any game's free-form entries.

An amount is digits, grouped by thousands only with the reader's language's separator
(``40,000`` in English, ``40.000`` in Spanish and Italian, ``40 000`` in Uzbek; never
``240,00`` in English), an optional currency sign, and decimals, after the language's
decimal mark, only where the game counts in smaller units (cents); a minus sign only where
the entry's range goes below zero. Anything else is
refused with a sentence saying what is allowed; nothing typed is ever guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

from highstakes.i18n import _
from highstakes.i18n.numbers import (
    CURRENCIES,
    LARGEST_WRITTEN,
    format_money,
    format_number,
    parse_number_hint,
)
from highstakes.i18n.spelling import money_in_words, number_in_words

#: Digits a typed amount may have before it is simply too large: more than any number written
#: in figures (a quadrillion has 16), so such an amount is said as "more than …" and refused.
MOST_DIGITS = len(str(LARGEST_WRITTEN)) + 2
#: Characters of what was typed that a refusal repeats.
ECHOED = 40


class AmountError(ValueError):
    """What is wrong with a typed amount, in words."""


def _currency(entry: Mapping[str, Any]) -> str | None:
    currency = entry.get("currency") or None
    return currency if currency in CURRENCIES else None


def format_amount(amount: int, entry: Mapping[str, Any]) -> str:
    """A JSON amount as people read it in their language: ``$40,000``, ``40.000 $``, ``300 points``."""
    currency = _currency(entry)
    scale = int(entry.get("scale") or 1)
    if currency is not None:
        # The entry counts in its own units (scale of them a dollar: 100 for cents, 1 for
        # whole dollars); money is written from the currency's smallest unit.
        smallest, rest = divmod(amount * CURRENCIES[currency][1], scale)
        if not rest:
            return format_money(smallest, currency)
    number = format_number(Decimal(amount) / scale) if scale != 1 else format_number(amount)
    unit = entry.get("unit") or ""
    return f"{number} {unit}".strip()


def _separator_words(group: str) -> str:
    """The language's thousands separator named in words: commas, dots, spaces."""
    if not group.strip():
        return _("spaces")
    return {",": _("commas"), ".": _("dots")}.get(group, f"“{group}”")


def _echo(typed: str) -> str:
    """What was typed, quoted for a refusal, cut short when it is long."""
    return repr(typed if len(typed) <= ECHOED else typed[: ECHOED - 1] + "…")


def parse_amount(text: str, entry: Mapping[str, Any]) -> int:
    """The JSON amount (in the game's units) that ``text`` says, or AmountError explaining why not.

    However many digits are typed, the answer is a sentence: a number beyond every range is
    refused as "more than …" (:data:`MOST_DIGITS`) before it is ever converted.
    """
    scale = int(entry.get("scale") or 1)
    group, decimal = parse_number_hint()
    shown = text.strip()
    # Spaces never change a number (and are Uzbek's thousands separator): drop them all.
    cleaned = "".join(shown.split()).replace("\u202f", "")
    # A minus sign only where the entry goes below zero (an offset to the left, say).
    negative = int(entry["low"]) < 0 and cleaned[:1] in ("-", "\u2212")
    if negative:
        cleaned = cleaned[1:]
    currency = _currency(entry)
    if currency is not None:
        sign = CURRENCIES[currency][0]
        cleaned = cleaned.removeprefix(sign).removesuffix(sign)
    whole, mark, fraction = cleaned.partition(decimal)
    grouped = re.escape(group) if group.strip() else None
    whole_ok = bool(re.fullmatch(r"\d+", whole)) or (
        grouped is not None and re.fullmatch(rf"\d{{1,3}}({grouped}\d{{3}})+", whole) is not None)
    if not whole_ok or (mark and not fraction.isdigit()):
        separator = _separator_words(group)
        raise AmountError(_(
            "type the amount in digits, with {separator} only between thousands (such as {example}); "
            "got {text}").format(separator=separator, example=format_amount(40_000 * scale, entry),
                                 text=_echo(shown)))
    digits_allowed = len(str(scale)) - 1 if scale in (10, 100, 1000) else 0
    if len(fraction) > digits_allowed:
        if digits_allowed == 0:
            raise AmountError(_("whole numbers only; got {text}").format(text=_echo(shown)))
        raise AmountError(_("at most {count} decimals; got {text}").format(
            count=digits_allowed, text=_echo(shown)))
    digits = whole.replace(group, "") if group.strip() else whole
    if len(digits.lstrip("0")) > MOST_DIGITS:
        # Beyond every range: refused as "more than …", never converted (Python refuses to
        # read a number of thousands of digits).
        beyond = 10**MOST_DIGITS * scale
        check_amount(-beyond if negative else beyond, entry)
    try:
        value = Decimal(digits + (("." + fraction) if fraction else "")) * scale
    except InvalidOperation:  # not reachable after the patterns above, kept as a guard
        raise AmountError(_("not an amount: {text}").format(text=_echo(shown))) from None
    amount = -int(value) if negative else int(value)
    check_amount(amount, entry)
    return amount


def check_amount(amount: int, entry: Mapping[str, Any]) -> None:
    """Refuse an amount outside the entry's range or off its step, in words."""
    low, high, step = int(entry["low"]), int(entry["high"]), int(entry.get("step") or 1)
    label = entry.get("label") or entry["kind"]
    if not low <= amount <= high:
        raise AmountError(_("{what}: from {low} to {high}; got {amount}").format(
            what=label, low=format_amount(low, entry), high=format_amount(high, entry),
            amount=format_amount(amount, entry)))
    if (amount - low) % step:
        raise AmountError(_("{what}: in steps of {step}; got {amount}").format(
            what=label, step=format_amount(step, entry), amount=format_amount(amount, entry)))


# --- amounts in words ------------------------------------------------------------------------------
# So that a person reads back what they are about to send: "$40,000, forty thousand dollars",
# "40.000 $, cuarenta mil dólares" (the spellers are in highstakes.i18n.spelling).


def amount_in_words(amount: int, entry: Mapping[str, Any]) -> str:
    """A JSON amount in the reader's words: "forty thousand dollars", "un dólar con cincuenta
    centavos", "300 points" for an amount in a unit that is not money."""
    scale = int(entry.get("scale") or 1)
    currency = _currency(entry)
    if currency is not None:
        spelled = money_in_words(amount, currency, scale)
        if spelled is not None:
            return spelled
    whole, part = divmod(amount, scale)
    unit = entry.get("unit") or ""
    return f"{number_in_words(whole)} {unit}".strip() if not part else format_amount(amount, entry)
