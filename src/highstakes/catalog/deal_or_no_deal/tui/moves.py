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
from highstakes.catalog.deal_or_no_deal.tui.text import own_case, percent, seat_tag
from highstakes.catalog.deal_or_no_deal.words import N_, _, ngettext
from highstakes.engine.action import JSON
from highstakes.i18n.numbers import format_number
from highstakes.tui.amounts import AmountError, amount_in_words, parse_amount
from highstakes.tui.words import styled

# Phases in which a typed number means something, and what it means (said with ``_``).
TYPED_PROMPTS: dict[str, str] = {
    "pick": N_("type your case's number, Enter"),
    "call": N_("type a case number to open, Enter"),
    "guess": N_("type a value to guess, Enter"),
    "final_guess": N_("type a value to guess, Enter"),
    "host_guess": N_("type a value to guess (paid), Enter"),
    "offer": N_("type an offer in dollars, Enter"),
    "respond": N_("type a counter in dollars, Enter"),
    "counter": N_("type a new offer in dollars, Enter"),
}
GUESS_PHASES = ("guess", "final_guess")
#: The choices' title in a phase without one of its own.
ANY_MOVE_TITLE = N_("Your move")
#: A guess is one of the values on the board, typed in dollars (cents allowed: $0.01 is one).
GUESS_ENTRY: dict[str, JSON] = {"kind": "guess", "label": N_("a guess"), "low": 1, "high": 100_000_000,
                                "step": 1, "scale": 100, "currency": "USD", "unit": ""}


def typed_prompt(phase: str) -> str:
    """What the box asks for in this phase, in the reader's words ('' when nothing is typed)."""
    prompt = TYPED_PROMPTS.get(phase)
    return _(prompt) if prompt else ""
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
        return {**GUESS_ENTRY, "label": _(str(GUESS_ENTRY["label"])), "kind": _guess_kind(phase, paid_mode)}
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
            return _("type a case number from 1 to {count}, not {text}").format(
                count=NUM_CASES, text=repr(cleaned))
        return {"pick" if phase == "pick" else "open": int(cleaned)}
    entry = typed_entry(phase, entries, paid_mode)
    if entry is None:
        return _("nothing to type now: choose from the menu")
    try:
        amount = parse_amount(cleaned, entry)
    except AmountError as problem:
        return str(problem)
    action = {str(entry["kind"]): amount}
    if phase in (*GUESS_PHASES, "host_guess") and action not in legal:
        return _("{amount} is not a value still on the board; guess one of those").format(
            amount=dollars(amount))
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
        return Text(_("not an amount yet: {problem}").format(problem=problem), style="yellow")
    reading = Text("= ").append(dollars(amount), style="bold")
    spelled = amount_in_words(amount, entry)
    return reading.append(f", {spelled}") if spelled else reading


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
        reasons.append(_("That is {share} of the mean of the values left ({mean}).").format(
            share=percent(amount, mean), mean=dollars(mean)))
    if kind == "counter" and offer and amount > 2 * offer:
        reasons.append(_("That is {times} times the offer of {offer}.").format(
            times=format_number(round(amount / offer, 1)), offer=dollars(offer)))
    if not reasons and amount < LARGE_AMOUNT:
        return None
    spelled = amount_in_words(amount, GUESS_ENTRY)
    shown = f"{dollars(amount)}, {spelled}" if spelled else dollars(amount)
    if kind == "offer":
        sentence = _("Send an offer of {amount}?").format(amount=shown)
    else:
        sentence = _("Send a counter of {amount}?").format(amount=shown)
    if reasons:
        sentence += " " + reasons[0]
    return sentence


def choices_title(view: dict[str, JSON], paid_mode: bool) -> str:
    phase = view["phase"]
    if phase in GUESS_PHASES:
        if paid_mode:
            return _("Paid guess of case {case}").format(case=view["called"])
        return _("Free guess of case {case}").format(case=view["called"])
    if phase == "host_guess":
        return _("Paid guess of case {case}").format(case=own_case(view))
    titles = {
        "pick": N_("Your own case"), "call": N_("Open a case"), "offer": N_("Your offer"),
        "respond": N_("Deal or no deal?"), "counter": N_("The counter"), "keep_or_swap": N_("Keep or swap"),
    }
    return _(titles.get(phase, ANY_MOVE_TITLE))


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
            where = seat_tag(holder) if holder is not None else ""
            if holder is None and view["version"] == "party":
                where = _("centre")
            add(Text(_("case {number}").format(
                number=f"{amount:>2}") + "  ").append(where, style="dim"), action)
        elif kind == "offer":
            prompt = styled(_("offer {amount}"), amount=Text(dollars(amount), style="bold"))
            add(prompt.append(f"  {percent(amount, mean)}", style="dim"), action)
        elif kind == "counter":
            offer = view["offer"] or 1
            prompt = styled(_("counter {amount}"), amount=Text(dollars(amount), style="bold"))
            add(prompt.append(f"  +{percent(amount - offer, offer)}", style="dim"), action)
        elif kind == "deal":
            offered = Text(dollars(view["offer"] or 0), style="not bold default")
            add(Text("d  ") + styled(_("DEAL {amount}"), "bold green", amount=offered), action)
        elif kind == "no_deal":
            add(Text("x  " + _("NO DEAL"), style="bold red"), action)
        elif kind == "accept":
            countered = Text(dollars(view["counter"] or 0), style="not bold default")
            add(Text("y  ") + styled(_("accept {amount}"), "bold green", amount=countered), action)
        elif kind == "stand":
            add(Text("s  " + _("stand firm")), action)
        elif kind == "keep":
            add(Text("k  " + _("keep case {case}").format(case=own_case(view))), action)
        elif kind == "swap":
            add(Text("s  " + _("swap for case {case}").format(case=view["called"])), action)
        elif kind == "no_guess":
            add(Text("x  " + _("no guess")), action)
    if phase in (*GUESS_PHASES, "host_guess"):
        paid = paid_mode or phase == "host_guess"
        wanted = "paid_guess" if paid else "guess"
        for action in legal:
            if wanted in action:
                add(styled(_("guess {amount}"), amount=Text(dollars(action[wanted]), style="bold")), action)
    return entries


def doing(view: dict[str, JSON]) -> str:
    """What the person to act is asked to do now."""
    phase = view["phase"]
    own = own_case(view)
    if phase == "pick":
        return _("choose your own case")
    if phase == "call":
        return ngettext("call {count} more case to open", "call {count} more cases to open",
                        view["to_open"]).format(count=view["to_open"])
    if phase == "guess":
        return _("guess the value in case {case}").format(case=view["called"])
    if phase == "final_guess":
        return _("guess the value in case {case} (the last other case)").format(case=view["called"])
    if phase == "offer":
        return _("make an offer")
    if phase == "respond":
        return _("deal or no deal?")
    if phase == "counter":
        return _("answer the counter of {amount}").format(amount=dollars(view["counter"] or 0))
    if phase == "host_guess":
        return _("buy a guess of case {case}?").format(case=own)
    if phase == "keep_or_swap":
        return _("keep case {own} or swap it for case {called}").format(own=own, called=view["called"])
    return _("make a move")
