"""Deal or No Deal in words (RULES.md §3): money as people write it, the seats' roles, and the
advisor's figures. Typed amounts are read by the shared ``highstakes.tui.amounts``."""

from __future__ import annotations

import json

from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.engine.action import JSON

MONEY_STYLE = "bold #ffd56b"


# --- money ---------------------------------------------------------------------------------------

def short_dollars(cents: int) -> str:
    """A value in at most six characters, for the cases grid: $0.01, $750, $75K, $1M."""
    if cents < 100 * 1000:
        return dollars(cents)
    whole = cents / 100
    for size, suffix in ((1_000_000, "M"), (1_000, "K")):
        if whole >= size:
            amount = whole / size
            text = f"{amount:.0f}" if amount == int(amount) or amount >= 100 else f"{amount:.1f}"
            return f"${text.removesuffix('.0')}{suffix}"
    return dollars(cents)


def percent(part: float, whole: float) -> str:
    return f"{part / whole:.0%}" if whole else "—"


def signed_dollars(cents: float) -> str:
    """An expected gain or loss: +$1,250 or −$4,000 (with a real minus sign)."""
    amount = round(cents)
    return f"{'−' if amount < 0 else '+'}{dollars(abs(amount))}"


# --- seats and cases -------------------------------------------------------------------------------

def role_of(view: dict[str, JSON], seat: int) -> str:
    if seat == view["host"]:
        return "banker" if view["version"] == "duo" else "host"
    if seat == view["contestant"]:
        return "contestant"
    return "holder" if seat in view["holders"] else ""


def own_case(view: dict[str, JSON]) -> int | None:
    """The contestant's own case."""
    return next((case["case"] for case in view["cases"] if case["special"]), None)


# --- the advisor -----------------------------------------------------------------------------------

def _number(advice: dict[str, JSON], key: str) -> float | None:
    value = advice.get(key)
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


#: Advice fields shown in words by advice_lines; any other simple field is listed as is.
ADVICE_WORDED = frozenset({
    "action", "label", "role", "reason", "mean", "offer", "offer_ratio", "certainty_equivalent",
    "expected_value_of_refusing", "free_ev", "paid_ev", "paid_value", "guide_offer", "tv_offer",
})


def advice_lines(advice: dict[str, JSON]) -> list[Text]:
    """The advisor's figures in words: the contestant's mean and offer ratio, the worth of
    refusing; a guesser's expected value of a free and a paid guess; a host's model offers."""
    lines: list[Text] = []
    mean, ratio = _number(advice, "mean"), _number(advice, "offer_ratio")
    if mean is not None:
        line = Text("Mean of the values left ").append(dollars(round(mean)), style="bold")
        if ratio is not None:
            line.append(" · the offer is ").append(f"{ratio:.0%}", style="bold").append(" of it")
        lines.append(line)
    expected = _number(advice, "expected_value_of_refusing")
    cautious = _number(advice, "certainty_equivalent")
    if expected is not None or cautious is not None:
        line = Text("Refusing is worth ")
        if expected is not None:
            line.append(dollars(round(expected)), style="bold").append(" on average")
        if cautious is not None:
            line.append(", " if expected is not None else "")
            line.append(dollars(round(cautious)), style="bold").append(" to a cautious (risk-averse) player")
        lines.append(line)
    free_ev, paid_ev = _number(advice, "free_ev"), _number(advice, "paid_ev")
    paid_value = advice.get("paid_value")
    if free_ev is not None:
        lines.append(Text("A free guess wins ").append(dollars(round(free_ev)), style="bold").append(
            " on average"))
    if paid_ev is not None:
        named = f" of {dollars(paid_value)}" if isinstance(paid_value, int) else ""
        line = Text(f"A paid guess{named}: ")
        line.append(signed_dollars(paid_ev), style="bold green" if paid_ev > 0 else "bold red")
        lines.append(line.append(" on average, price paid"))
    guide, tv = _number(advice, "guide_offer"), _number(advice, "tv_offer")
    if guide is not None or tv is not None:
        line = Text("Offers: ")
        if guide is not None:
            line.append("the guide (the mean) ").append(dollars(round(guide)), style="bold")
        if tv is not None:
            line.append(" · " if guide is not None else "").append("the TV model ")
            line.append(dollars(round(tv)), style="bold")
        lines.append(line)
    for key, value in advice.items():
        if key in ADVICE_WORDED or isinstance(value, dict | list) or value is None:
            continue
        shown = f"{value:.3g}" if isinstance(value, float) else str(value)
        lines.append(Text(f"{key.replace('_', ' ')}: {shown}", style="dim"))
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
