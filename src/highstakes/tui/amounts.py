"""Reading an amount a person typed, exactly as shown, for any game's free-form entries.

An amount is digits, with commas only as thousands separators (``40,000`` but never
``240,00`` or ``1,5``), an optional currency sign, and decimals only where the game counts
in smaller units (cents). Anything else is refused with a sentence saying what is allowed;
nothing typed is ever guessed at.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from decimal import Decimal, InvalidOperation
from typing import Any

_GROUPED = re.compile(r"\d{1,3}(,\d{3})+")
_PLAIN = re.compile(r"\d+")
_CURRENCY_SIGNS = {"USD": "$", "JPY": "¥"}


class AmountError(ValueError):
    """What is wrong with a typed amount, in words."""


def format_amount(amount: int, entry: Mapping[str, Any]) -> str:
    """A JSON amount as people read it: ``$40,000``, ``$12.50``, ``300 points``."""
    scale = int(entry.get("scale") or 1)
    whole, part = divmod(amount, scale)
    digits = len(str(scale)) - 1
    text = f"{whole:,}" if part == 0 else f"{whole:,}.{part:0{digits}d}"
    sign = _CURRENCY_SIGNS.get(entry.get("currency") or "")
    if sign:
        return sign + text
    unit = entry.get("unit") or ""
    return f"{text} {unit}".strip()


def parse_amount(text: str, entry: Mapping[str, Any]) -> int:
    """The JSON amount (in the game's units) that ``text`` says, or AmountError explaining why not."""
    scale = int(entry.get("scale") or 1)
    cleaned = text.strip().replace(" ", "")
    sign = _CURRENCY_SIGNS.get(entry.get("currency") or "")
    if sign and cleaned.startswith(sign):
        cleaned = cleaned[len(sign):]
    whole, dot, fraction = cleaned.partition(".")
    if not (_PLAIN.fullmatch(whole) or _GROUPED.fullmatch(whole)) or (dot and not fraction.isdigit()):
        raise AmountError(
            f"type the amount in digits, with commas only between thousands (such as "
            f"{format_amount(40_000 * scale, entry)}); got {text.strip()!r}"
        )
    digits_allowed = len(str(scale)) - 1 if scale in (10, 100, 1000) else 0
    if len(fraction) > digits_allowed:
        allowed = "whole numbers only" if digits_allowed == 0 else f"at most {digits_allowed} decimals"
        raise AmountError(f"{allowed}; got {text.strip()!r}")
    try:
        value = Decimal(whole.replace(",", "") + (("." + fraction) if fraction else "")) * scale
    except InvalidOperation:  # not reachable after the patterns above, kept as a guard
        raise AmountError(f"not an amount: {text.strip()!r}") from None
    amount = int(value)
    check_amount(amount, entry)
    return amount


def check_amount(amount: int, entry: Mapping[str, Any]) -> None:
    """Refuse an amount outside the entry's range or off its step, in words."""
    low, high, step = int(entry["low"]), int(entry["high"]), int(entry.get("step") or 1)
    label = entry.get("label") or entry["kind"]
    if not low <= amount <= high:
        raise AmountError(
            f"{label}: from {format_amount(low, entry)} to {format_amount(high, entry)}; "
            f"got {format_amount(amount, entry)}"
        )
    if (amount - low) % step:
        raise AmountError(
            f"{label}: in steps of {format_amount(step, entry)}; got {format_amount(amount, entry)}"
        )


# --- amounts in words ------------------------------------------------------------------------------
# So that a person reads back what they are about to send: "$40,000, forty thousand dollars".

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = "_ _ twenty thirty forty fifty sixty seventy eighty ninety".split()
_GROUPS = ((10**12, "trillion"), (10**9, "billion"), (10**6, "million"), (1000, "thousand"))
#: Each currency's unit and its smaller unit, singular and plural.
_CURRENCY_WORDS: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "USD": (("dollar", "dollars"), ("cent", "cents")),
    "JPY": (("yen", "yen"), ("sen", "sen")),
}


def number_in_words(number: int) -> str:
    """A whole number in English words: 40000 → "forty thousand", 1250 → "one thousand two hundred fifty"."""
    if number < 0:
        return "minus " + number_in_words(-number)
    if number < 20:
        return _ONES[number]
    if number < 100:
        tens, ones = divmod(number, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {number_in_words(rest)}" if rest else "")
    for size, name in _GROUPS:
        if number >= size:
            high, rest = divmod(number, size)
            return f"{number_in_words(high)} {name}" + (f" {number_in_words(rest)}" if rest else "")
    raise AssertionError("unreachable")  # every number from 1,000 up has a group


def amount_in_words(amount: int, entry: Mapping[str, Any]) -> str:
    """A JSON amount in words: "forty thousand dollars", "one dollar and fifty cents", "300 points"."""
    scale = int(entry.get("scale") or 1)
    whole, part = divmod(amount, scale)
    words = _CURRENCY_WORDS.get(entry.get("currency") or "")
    if words is None:
        unit = entry.get("unit") or ""
        return f"{number_in_words(whole)} {unit}".strip() if not part else format_amount(amount, entry)
    (one, many), (small_one, small_many) = words
    big = f"{number_in_words(whole)} {one if whole == 1 else many}"
    small = f"{number_in_words(part)} {small_one if part == 1 else small_many}"
    if not part:
        return big
    return small if not whole else f"{big} and {small}"
