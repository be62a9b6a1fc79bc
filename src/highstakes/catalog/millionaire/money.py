"""Millionaire's numbers, in integer cents (RULES.md §4.2): the money tree and its safe havens."""

from __future__ import annotations

from highstakes.i18n.numbers import format_money

DOLLAR = 100
#: The 15 steps of the money tree, $100 to $1,000,000 (§4.2).
LADDER: tuple[int, ...] = tuple(amount * DOLLAR for amount in (
    100, 200, 300, 500, 1_000, 2_000, 4_000, 8_000, 16_000, 32_000,
    64_000, 125_000, 250_000, 500_000, 1_000_000,
))
STEPS = len(LADDER)
#: Steps (counted from 1) whose amount is locked in once answered: $1,000 and $32,000.
SAFE_STEPS = (5, 10)
MILLION = 1_000_000 * DOLLAR
#: The bank only pays out, and never runs short: enough for a million to every seat every round.
BANK_FUND = 1_000_000_000 * DOLLAR


def reached(steps: int) -> int:
    """What a player who answered ``steps`` questions right has reached, and takes by walking away."""
    return LADDER[steps - 1] if steps > 0 else 0


def safe_haven(steps: int) -> int:
    """What a wrong answer pays after ``steps`` right answers (§4.2): $0 on the $100 to $1,000
    questions, $1,000 on the $2,000 to $32,000 ones, $32,000 from $64,000 on."""
    guaranteed = [step for step in SAFE_STEPS if step <= steps]
    return LADDER[guaranteed[-1] - 1] if guaranteed else 0


def dollars(cents: int) -> str:
    """An amount as people write it in their language: $1,000 (1.000 $ in Spanish)."""
    return format_money(cents, "USD")
