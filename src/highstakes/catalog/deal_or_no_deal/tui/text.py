"""Deal or No Deal in words (RULES.md §3): money as people write it, the seats' roles, and the
advisor's figures. Typed amounts are read by the shared ``highstakes.tui.amounts``."""

from __future__ import annotations

import json

from babel.numbers import format_compact_decimal
from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.catalog.deal_or_no_deal.words import _
from highstakes.cli.words import percent as share_text
from highstakes.engine.action import JSON
from highstakes.i18n import BABEL_LOCALES, get_language
from highstakes.i18n.numbers import format_money
from highstakes.tui.words import styled

MONEY_STYLE = "bold #ffd56b"


# --- money ---------------------------------------------------------------------------------------

SHORT = 6  # characters of a value in the cases grid


def short_dollars(cents: int) -> str:
    """A value in about six characters, for the cases grid, as the reader's language shortens it:
    $0.01, $750, $75K, $1M in English; 75 mil and 1 M $ in Spanish.

    The language's short form with its currency sign when that fits in six characters, else
    without the sign, else without its space.
    """
    if cents < 100 * 1000:
        return dollars(cents)
    locale = BABEL_LOCALES.get(get_language(), "en")
    compact = format_compact_decimal(cents / 100, locale=locale, fraction_digits=1)
    # The sign where the language puts it: its money written for 0, with the 0 replaced.
    signed = format_money(0, "USD").replace("0", compact)
    candidates = [signed, compact, "".join(compact.split())]
    return next((text for text in candidates if len(text) <= SHORT), candidates[-1])


def percent(part: float, whole: float) -> str:
    """``part`` as a share of ``whole``, as the language writes a percentage: 45%, 45 %."""
    return share_text(part / whole, 0) if whole else "—"


def signed_dollars(cents: float) -> str:
    """An expected gain or loss: +$1,250 or −$4,000 (with a real minus sign)."""
    amount = round(cents)
    return f"{'−' if amount < 0 else '+'}{dollars(abs(amount))}"


# --- seats and cases -------------------------------------------------------------------------------

def role_of(view: dict[str, JSON], seat: int) -> str:
    """A seat's role as an id: banker, host, contestant, holder, or '' (see :func:`role_words`)."""
    if seat == view["host"]:
        return "banker" if view["version"] == "duo" else "host"
    if seat == view["contestant"]:
        return "contestant"
    return "holder" if seat in view["holders"] else ""


def role_words(view: dict[str, JSON], seat: int) -> str:
    """A seat's role in the reader's words: banker, host, contestant, case holder."""
    role = role_of(view, seat)
    words = {"banker": _("banker"), "host": _("host"), "contestant": _("contestant"),
             "holder": _("case holder")}
    return words.get(role, "")


def seat_tag(seat: int) -> str:
    """A seat in two or three characters, for the cases grid: P1, P2 (from 1)."""
    # Translators: a player's seat in at most three characters (P for player), under a case.
    return _("P{number}").format(number=seat + 1)


def own_case(view: dict[str, JSON]) -> int | None:
    """The contestant's own case."""
    return next((case["case"] for case in view["cases"] if case["special"]), None)


# --- the advisor -----------------------------------------------------------------------------------

def _number(advice: dict[str, JSON], key: str) -> float | None:
    value = advice.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def advice_lines(advice: dict[str, JSON]) -> list[Text]:
    """The advisor's figures in words: the contestant's mean and offer ratio, the worth of
    refusing; a guesser's expected value of a free and a paid guess; a host's model offers."""
    lines: list[Text] = []
    mean, ratio = _number(advice, "mean"), _number(advice, "offer_ratio")
    if mean is not None:
        line = styled(_("Mean of the values left {amount}"), amount=Text(dollars(round(mean)), style="bold"))
        if ratio is not None:
            line.append(" · ")
            share = Text(share_text(ratio, 0), style="bold")
            line.append_text(styled(_("the offer is {share} of it"), share=share))
        lines.append(line)
    expected = _number(advice, "expected_value_of_refusing")
    cautious = _number(advice, "certainty_equivalent")
    if expected is not None or cautious is not None:
        if expected is not None and cautious is not None:
            template = _("Refusing is worth {average} on average, {cautious} to a cautious (risk-averse) "
                         "player")
        elif expected is not None:
            template = _("Refusing is worth {average} on average")
        else:
            template = _("Refusing is worth {cautious} to a cautious (risk-averse) player")
        lines.append(styled(
            template,
            average=Text(dollars(round(expected)) if expected is not None else "", style="bold"),
            cautious=Text(dollars(round(cautious)) if cautious is not None else "", style="bold")))
    free_ev, paid_ev = _number(advice, "free_ev"), _number(advice, "paid_ev")
    paid_value = advice.get("paid_value")
    if free_ev is not None:
        lines.append(styled(_("A free guess wins {amount} on average"),
                            amount=Text(dollars(round(free_ev)), style="bold")))
    if paid_ev is not None:
        gain = Text(signed_dollars(paid_ev), style="bold green" if paid_ev > 0 else "bold red")
        if isinstance(paid_value, int):
            lines.append(styled(_("A paid guess of {value}: {gain} on average, price paid"),
                                value=dollars(paid_value), gain=gain))
        else:
            lines.append(styled(_("A paid guess: {gain} on average, price paid"), gain=gain))
    guide, tv = _number(advice, "guide_offer"), _number(advice, "tv_offer")
    if guide is not None or tv is not None:
        parts = []
        if guide is not None:
            parts.append(styled(_("the guide (the mean) {amount}"),
                                amount=Text(dollars(round(guide)), style="bold")))
        if tv is not None:
            parts.append(styled(_("the TV model {amount}"), amount=Text(dollars(round(tv)), style="bold")))
        lines.append(styled(_("Offers: {offers}"), offers=Text(" · ").join(parts)))
    # Last: on a small screen the figures matter more than the sentence explaining them.
    reason = advice.get("reason")
    if isinstance(reason, str):
        lines.append(Text(reason, style="italic"))
    return lines


def advice_text(advice: dict[str, JSON]) -> Text:
    """The advised move, starred, over the figures behind it."""
    text = Text()
    text.append("★ ", style="bold cyan")
    label = advice.get("label")
    text.append(label if isinstance(label, str) else json.dumps(advice.get("action")), style="bold")
    for line in advice_lines(advice):
        text.append("\n")
        text.append_text(line)
    return text
