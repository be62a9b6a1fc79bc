"""Scripted Deal or No Deal games: the test decides which value goes in which case."""

from __future__ import annotations

from collections.abc import Sequence

import highstakes as hs
from highstakes.catalog.deal_or_no_deal.money import DOLLAR, US_VALUES

NO_DEAL = {"no_deal": True}
DEAL = {"deal": True}
NO_GUESS = {"no_guess": True}


def usd(amount: float) -> int:
    """Dollars to cents, for readable tests."""
    return round(amount * DOLLAR)


def deal_scripted(
    seats: int = 2, values: Sequence[int] | None = None, options: dict | None = None
) -> hs.Game:
    """A game whose cases hold ``values`` in case order (default: ascending, case 1 = $0.01)."""
    game = hs.new_game("deal_or_no_deal", seats=seats, seed=1, options=options, auto_chance=False)
    fill(game, values)
    return game


def fill(game: hs.Game, values: Sequence[int] | None = None) -> None:
    for value in values if values is not None else US_VALUES:
        game.apply_chance(value)


def act(game: hs.Game, move: dict) -> None:
    """The seat whose turn it is makes ``move``."""
    (seat,) = game.to_act
    game.act(seat, move)


def open_cases(game: hs.Game, cases: Sequence[int], guess: dict | None = None) -> None:
    """Call cases in order; a holder asked to guess answers ``guess`` (default: no guess)."""
    for case in cases:
        act(game, {"open": case})
        if game.view(None)["phase"] in ("guess",):
            act(game, guess or NO_GUESS)


def refuse_until_final(game: hs.Game, cases: Sequence[int], offer: int = usd(1000)) -> None:
    """Open ``cases`` (24 of them) round by round, offering ``offer`` and refusing each time."""
    queue = list(cases)
    while game.view(None)["phase"] != "offer" or game.view(None)["round"] < 10:
        phase = game.view(None)["phase"]
        if phase == "call":
            open_cases(game, [queue.pop(0)])
        elif phase == "offer":
            act(game, {"offer": offer})
            act(game, NO_DEAL)
        else:
            raise AssertionError(f"unexpected phase {phase}")
