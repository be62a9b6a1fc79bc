"""The moves a person makes at the Deal or No Deal table: the menu of choices, what a typed
number means, when a typed amount is worth a second look, and the words for what the seat to
act is doing.

Only the engine decides what is allowed: the menu lists its legal actions, and a typed
number becomes an action that the engine may still refuse. A typed amount is read exactly
as shown (``highstakes.tui.amounts``): commas only between thousands, nothing guessed at.
"""

from __future__ import annotations

from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import NUM_CASES, dollars
from highstakes.catalog.deal_or_no_deal.tui.text import own_case, percent
from highstakes.engine.action import JSON
from highstakes.tui.amounts import AmountError, amount_in_words, parse_amount

# Phases in which a typed number means something, and what it means.
TYPED_PROMPTS: dict[str, str] = {
    "pick": "type your case's number, Enter",
    "call": "type a case number to open, Enter",
    "guess": "type a value to guess, Enter",
    "final_guess": "type a value to guess, Enter",
    "host_guess": "type a value to guess (paid), Enter",
    "offer": "type an offer in dollars, Enter",
    "respond": "type a counter in dollars, Enter",
    "counter": "type a new offer in dollars, Enter",
}
GUESS_PHASES = ("guess", "final_guess")
#: A guess is one of the values on the board, typed in dollars (cents allowed: $0.01 is one).
GUESS_ENTRY: dict[str, JSON] = {"kind": "guess", "label": "a guess", "low": 1, "high": 100_000_000,
                                "step": 1, "scale": 100, "currency": "USD", "unit": ""}
#: From this amount on, an offer or a counter is read back in words before it is sent.
LARGE_AMOUNT = 100_000 * 100


def takes_typing(view: dict[str, JSON]) -> bool:
    """Whether a typed number can mean a move now (a contestant with no counters left cannot)."""
    phase = view["phase"]
    return phase in TYPED_PROMPTS and not (
        phase == "respond" and (view["stood_firm"] or view["counters_left"] == 0))


def _guess_kind(phase: str, paid_mode: bool) -> str:
    return "paid_guess" if paid_mode or phase == "host_guess" else "guess"


def typed_entry(phase: str, entries: list[dict[str, JSON]], paid_mode: bool) -> dict[str, JSON] | None:
    """How an amount typed now is read: the engine's entry for offers and counters, a guess's own."""
    if phase in (*GUESS_PHASES, "host_guess"):
        return {**GUESS_ENTRY, "kind": _guess_kind(phase, paid_mode)}
    return entries[0] if entries else None


def typed_action(
    text: str, view: dict[str, JSON], legal: list[JSON], entries: list[dict[str, JSON]], paid_mode: bool
) -> JSON | str:
    """The action a typed number stands for now, or why it cannot be read (then nothing is sent).

    ``legal`` lists the seat's legal actions and ``entries`` its amount entries (offers and
    counters of any amount); a guess must be one of the values listed.
    """
    phase = view["phase"]
    cleaned = text.strip()
    if phase in ("pick", "call"):
        if not cleaned.isdigit() or not 1 <= int(cleaned) <= NUM_CASES:
            return f"type a case number from 1 to {NUM_CASES}, not {cleaned!r}"
        return {"pick" if phase == "pick" else "open": int(cleaned)}
    entry = typed_entry(phase, entries, paid_mode)
    if entry is None:
        return "nothing to type now: choose from the menu"
    try:
        amount = parse_amount(cleaned, entry)
    except AmountError as problem:
        return str(problem)
    action = {str(entry["kind"]): amount}
    if phase in (*GUESS_PHASES, "host_guess") and action not in legal:
        return f"{dollars(amount)} is not a value still on the board; guess one of those"
    return action


def typed_reading(
    text: str, view: dict[str, JSON], entries: list[dict[str, JSON]], paid_mode: bool
) -> Text:
    """What the box reads as it is typed: the amount and its words, or what is not right yet."""
    cleaned = text.strip()
    entry = typed_entry(view["phase"], entries, paid_mode)
    if not cleaned or entry is None or view["phase"] in ("pick", "call"):
        return Text("")
    try:
        amount = parse_amount(cleaned, entry)
    except AmountError as problem:
        return Text(f"not an amount yet: {problem}", style="yellow")
    return Text("= ").append(dollars(amount), style="bold").append(f", {amount_in_words(amount, entry)}")


def needs_confirmation(view: dict[str, JSON], action: JSON) -> str | None:
    """Why a typed offer or counter deserves a second look before it is sent, in words; else None.

    Large amounts (from $100,000) are read back in words; so are unusual ones: an offer above
    the mean of the values left (the bank would pay more than the cases are worth on
    average), and a counter more than twice the offer on the table.
    """
    if not isinstance(action, dict) or len(action) != 1:
        return None
    ((kind, amount),) = action.items()
    if kind not in ("offer", "counter") or not isinstance(amount, int):
        return None
    mean = view["mean_in_play"]
    offer = view["offer"]
    reasons = []
    if kind == "offer" and amount > mean:
        reasons.append(f"{percent(amount, mean)} of the mean of the values left ({dollars(mean)})")
    if kind == "counter" and offer and amount > 2 * offer:
        reasons.append(f"{amount / offer:.1f} times the offer of {dollars(offer)}")
    if not reasons and amount < LARGE_AMOUNT:
        return None
    what = "an offer" if kind == "offer" else "a counter"
    sentence = f"Send {what} of {dollars(amount)}, {amount_in_words(amount, GUESS_ENTRY)}?"
    if reasons:
        sentence += f" That is {reasons[0]}."
    return sentence


def choices_title(view: dict[str, JSON], paid_mode: bool) -> str:
    phase = view["phase"]
    if phase in GUESS_PHASES:
        return f"{'Paid' if paid_mode else 'Free'} guess of case {view['called']}"
    if phase == "host_guess":
        return f"Paid guess of case {own_case(view)}"
    return {
        "pick": "Your own case", "call": "Open a case", "offer": "Your offer",
        "respond": "Deal or no deal?", "counter": "The counter", "keep_or_swap": "Keep or swap",
    }.get(phase, "Your move")


def choice_entries(view: dict[str, JSON], legal: list[JSON], paid_mode: bool) -> list[tuple[Text, JSON]]:
    """Every menu choice for the seat to act, as (prompt, action), from its ``legal`` actions."""
    phase = view["phase"]
    mean = view["mean_in_play"]
    entries: list[tuple[Text, JSON]] = []
    cases = {case["case"]: case for case in view["cases"]}

    def add(prompt: Text, action: JSON) -> None:
        entries.append((prompt, action))

    for action in legal:
        ((kind, amount),) = action.items()
        if kind in ("pick", "open"):
            holder = cases[amount]["holder"]
            where = f"P{holder + 1}" if holder is not None else ""
            if holder is None and view["version"] == "party":
                where = "centre"
            add(Text(f"case {amount:>2}  ").append(where, style="dim"), action)
        elif kind == "offer":
            prompt = Text("offer ").append(dollars(amount), style="bold")
            add(prompt.append(f"  {percent(amount, mean)}", style="dim"), action)
        elif kind == "counter":
            offer = view["offer"] or 1
            prompt = Text("counter ").append(dollars(amount), style="bold")
            add(prompt.append(f"  +{percent(amount - offer, offer)}", style="dim"), action)
        elif kind == "deal":
            add(Text("d  DEAL ", style="bold green").append(dollars(view["offer"] or 0)), action)
        elif kind == "no_deal":
            add(Text("x  NO DEAL", style="bold red"), action)
        elif kind == "accept":
            add(Text("y  accept ", style="bold green").append(dollars(view["counter"] or 0)), action)
        elif kind == "stand":
            add(Text("s  stand firm"), action)
        elif kind == "keep":
            add(Text(f"k  keep case {own_case(view)}"), action)
        elif kind == "swap":
            add(Text(f"s  swap for case {view['called']}"), action)
        elif kind == "no_guess":
            add(Text("x  no guess"), action)
    if phase in (*GUESS_PHASES, "host_guess"):
        paid = paid_mode or phase == "host_guess"
        wanted = "paid_guess" if paid else "guess"
        for action in legal:
            if wanted in action:
                add(Text("guess ").append(dollars(action[wanted]), style="bold"), action)
    return entries


def doing(view: dict[str, JSON]) -> str:
    """What the person to act is asked to do now."""
    phase = view["phase"]
    own = own_case(view)
    return {
        "pick": "choose your own case",
        "call": f"call {view['to_open']} more case{'s' if view['to_open'] != 1 else ''} to open",
        "guess": f"guess the value in case {view['called']}",
        "final_guess": f"guess the value in case {view['called']} (the last other case)",
        "offer": "make an offer",
        "respond": "deal or no deal?",
        "counter": f"answer the counter of {dollars(view['counter'] or 0)}",
        "host_guess": f"buy a guess of case {own}?",
        "keep_or_swap": f"keep case {own} or swap it for case {view['called']}",
    }.get(phase, phase)
