"""Deal or No Deal's numbers, all in integer cents (RULES.md §3.2, §3.4, §3.5)."""

from __future__ import annotations

from typing import Any

from highstakes.catalog.deal_or_no_deal.words import _
from highstakes.i18n.numbers import format_money

CENT = 1
DOLLAR = 100

#: The US show's 26 case values (D-1): $0.01, then $1 to $1,000,000.
_US_DOLLARS = (
    1, 5, 10, 25, 50, 75, 100, 200, 300, 400, 500, 750, 1_000, 5_000, 10_000, 25_000,
    50_000, 75_000, 100_000, 200_000, 300_000, 400_000, 500_000, 750_000, 1_000_000,
)
US_VALUES: tuple[int, ...] = (1 * CENT, *(amount * DOLLAR for amount in _US_DOLLARS))
NUM_CASES = 26

#: Cases opened in rounds 1 to 9; round 10 is the final offer with two cases left.
ROUND_SIZES: tuple[int, ...] = (6, 5, 4, 3, 2, 1, 1, 1, 1)
FINAL_ROUND = 10

HOST_WINS_KITTY = 1 * CENT  # the $0.01 card (§3.5)
HOLDER_WINS_KITTY = 750 * DOLLAR  # the $750 card (§3.5)

START_CASH = 1_125_000 * DOLLAR  # 1 x $1,000,000 + 3 x $25,000 + 2 x $10,000 + 6 x $5,000
MILLION_BILL = 1_000_000 * DOLLAR  # not spendable before hosting (D-10)
KITTY_SEED = 5_000 * DOLLAR
FREE_GUESS_PRIZE = 5_000 * DOLLAR
#: Offers and counters are whole dollars from $1 to $1,000,000 (RULES.md §7.1).
MAX_OFFER = 1_000_000 * DOLLAR
MIN_OFFER = 1 * DOLLAR
MAX_COUNTERS = 5  # per offer round (§7.1)
#: The bank only pays out; it is never short in a real game (D-9), so it starts with enough
#: for every possible payout of six games and still never goes below zero.
BANK_FUND = 1_000_000_000 * DOLLAR


def guess_price(round_number: int) -> int:
    """The paid-guess price of a round (§3.4): $5,000 times the round number."""
    return 5_000 * DOLLAR * round_number


def dollars(cents: int) -> str:
    """An amount as people write it in their language: $0.01, $750, $1,000,000 (1.000.000 $ in Spanish)."""
    return format_money(cents, "USD")


def check_custom_values(value: Any) -> tuple[int, ...]:
    """A custom value set: 26 different positive amounts in cents, sorted."""
    if not isinstance(value, list | tuple) or len(value) != NUM_CASES:
        raise ValueError(_("a value set lists exactly {count} amounts").format(count=NUM_CASES))
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= MAX_OFFER for v in value):
        raise ValueError(_("every amount is from {low} to {high}").format(
            low=dollars(1), high=dollars(MAX_OFFER)))
    if len(set(value)) != NUM_CASES:
        raise ValueError(_("the amounts must all be different"))
    return tuple(sorted(value))
