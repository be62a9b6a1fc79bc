"""A money ledger: named accounts whose balances change only by transfers.

Amounts are integers (cents, or points): never floats. Because every change is
a transfer, the total never moves; games and tests assert that it does not.
"""

from __future__ import annotations

from collections.abc import Mapping


class LedgerError(ValueError):
    """A transfer the ledger refuses (unknown account, bad amount, overdraft)."""


class Ledger:
    __slots__ = ("_balances", "_overdraft")

    def __init__(self, balances: Mapping[str, int], *, overdraft: frozenset[str] = frozenset()) -> None:
        for name, amount in balances.items():
            if not isinstance(amount, int) or isinstance(amount, bool):
                raise LedgerError(f"balance of {name!r} must be an integer, got {amount!r}")
            if amount < 0 and name not in overdraft:
                raise LedgerError(f"balance of {name!r} may not start negative")
        self._balances = dict(balances)
        self._overdraft = overdraft

    def balance(self, account: str) -> int:
        try:
            return self._balances[account]
        except KeyError:
            raise LedgerError(f"no account named {account!r}") from None

    @property
    def total(self) -> int:
        return sum(self._balances.values())

    def balances(self) -> dict[str, int]:
        return dict(self._balances)

    def can_pay(self, source: str, amount: int) -> bool:
        return source in self._overdraft or self.balance(source) >= amount

    def transfer(self, source: str, target: str, amount: int) -> None:
        """Move ``amount`` from ``source`` to ``target``; refuses overdrafts."""
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise LedgerError(f"transfer amount must be a non-negative integer, got {amount!r}")
        self.balance(target)  # raises for an unknown account before anything moves
        if not self.can_pay(source, amount):
            raise LedgerError(
                f"{source!r} cannot pay {amount}: balance is {self.balance(source)}"
            )
        self._balances[source] -= amount
        self._balances[target] += amount

    def clone(self) -> Ledger:
        copy = Ledger.__new__(Ledger)
        copy._balances = dict(self._balances)
        copy._overdraft = self._overdraft
        return copy

    def __repr__(self) -> str:
        return f"Ledger({self._balances!r})"
