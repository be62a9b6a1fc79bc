"""Scripted Make-A-Million deals: the test decides every hand and the widow."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import highstakes as hs
from highstakes.catalog.make_a_million.cards import deck_for


def deal(game: hs.Game, hands: Sequence[Sequence[str]], widow: Sequence[str] | None = None) -> None:
    """Deal ``hands`` (seat order) and ``widow``; cards left out are spread over what is not given."""
    rest = deck_for(game.seats)
    rest.subtract(Counter(card for hand in hands for card in hand))
    rest.subtract(Counter(widow or []))
    spare = sorted((+rest).elements())
    size = (sum(deck_for(game.seats).values()) - 3) // game.seats
    full = []
    for seat in range(game.seats):
        hand = list(hands[seat]) if seat < len(hands) else []
        while len(hand) < size:
            hand.append(spare.pop(0))
        full.append(hand)
    widow = list(widow or [])
    while len(widow) < 3:
        widow.append(spare.pop(0))
    assert not spare, spare
    for card in [card for hand in full for card in hand] + widow:
        game.apply_chance(card)


def scripted(hands: Sequence[Sequence[str]], widow: Sequence[str] | None = None, seats: int = 4,
             options: dict | None = None) -> hs.Game:
    game = hs.new_game("make_a_million", seats=seats, seed=1, options=options, auto_chance=False)
    deal(game, hands, widow)
    return game


def act(game: hs.Game, move: dict) -> None:
    (seat,) = game.to_act
    game.act(seat, move)


def auction(game: hs.Game, *moves: int | None) -> None:
    """Bids in turn from the dealer's left: an amount, or None for a pass."""
    for move in moves:
        act(game, {"pass": True} if move is None else {"bid": move})


def play(game: hs.Game, *cards: str) -> None:
    for card in cards:
        act(game, {"play": card})
