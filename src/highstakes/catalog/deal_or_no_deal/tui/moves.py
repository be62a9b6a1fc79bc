"""The moves a person makes at the Deal or No Deal table: the menu of choices, what a typed
number means, and the words for what the seat to act is doing.

Only the engine decides what is allowed: the menu lists its legal actions, and a typed
number becomes an action that the engine may still refuse.
"""

from __future__ import annotations

from rich.text import Text

from highstakes.catalog.deal_or_no_deal.money import NUM_CASES, dollars
from highstakes.catalog.deal_or_no_deal.tui.text import own_case, parse_amount, parse_case_number, percent
from highstakes.engine.action import JSON

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


def takes_typing(view: dict[str, JSON]) -> bool:
    """Whether a typed number can mean a move now (a contestant with no counters left cannot)."""
    phase = view["phase"]
    return phase in TYPED_PROMPTS and not (
        phase == "respond" and (view["stood_firm"] or view["counters_left"] == 0))


def typed_action(text: str, phase: str, paid_mode: bool) -> JSON | str:
    """The action a typed number stands for in ``phase``, or why it cannot be read."""
    if phase in ("pick", "call"):
        number = parse_case_number(text)
        if number is None:
            return f"type a case number from 1 to {NUM_CASES}, not {text!r}"
        return {"pick" if phase == "pick" else "open": number}
    amount = parse_amount(text)
    if amount is None:
        return f"type an amount in dollars, like 45000 or $45,000.50, not {text!r}"
    kind = {
        "offer": "offer", "counter": "offer", "respond": "counter", "host_guess": "paid_guess",
        "guess": "paid_guess" if paid_mode else "guess",
        "final_guess": "paid_guess" if paid_mode else "guess",
    }.get(phase)
    if kind is None:
        return "nothing to type now: use the keys below"
    return {kind: amount}


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
