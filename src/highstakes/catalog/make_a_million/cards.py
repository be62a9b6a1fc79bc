"""The Make-A-Million deck (RULES.md §1.2, §1.12): cards as short strings.

A colour card is its colour's letter and its rank: ``"R40"`` is the red $40,000, ``"K11"``
the black 11 (K for black, as printers write it). The animals are ``"tiger"``, ``"bull"`` and
``"bear"``. With six or eight players two decks are combined, so a hand may hold two copies
of one card: hands are sorted lists, not sets.
"""

from __future__ import annotations

from collections import Counter

from highstakes.catalog.make_a_million.words import N_, _
from highstakes.i18n.numbers import format_money

#: The four colours, in the order hands are sorted, and their letters.
COLOURS: tuple[str, ...] = ("red", "yellow", "black", "green")
LETTER = {"red": "R", "yellow": "Y", "black": "K", "green": "G"}
COLOUR_OF_LETTER = {letter: colour for colour, letter in LETTER.items()}
#: Ranks from the highest capturing power to the lowest; there is no 6 (§1.2).
RANKS: tuple[int, ...] = (40, 30, 15, 11, 10, 9, 8, 7, 5, 4, 3, 2, 1)
#: The Money cards' values in dollars (the ranks printed with "$").
MONEY_RANKS = {40: 40_000, 30: 30_000, 15: 15_000, 10: 10_000, 5: 5_000}
TIGER, BULL, BEAR = "tiger", "bull", "bear"
ANIMALS = (TIGER, BULL, BEAR)

COLOUR_WORDS = {"red": N_("red"), "yellow": N_("yellow"), "black": N_("black"), "green": N_("green")}


def card(colour: str, rank: int) -> str:
    return f"{LETTER[colour]}{rank}"


def colour_of(card_id: str) -> str | None:
    """The printed colour of a card; None for the animals."""
    return COLOUR_OF_LETTER.get(card_id[0]) if card_id not in ANIMALS else None


def rank_of(card_id: str) -> int:
    return int(card_id[1:])


def value_of(card_id: str) -> int:
    """The Money a card is worth in dollars (0 for number cards and animals)."""
    if card_id in ANIMALS:
        return 0
    return MONEY_RANKS.get(rank_of(card_id), 0)


def is_money(card_id: str) -> bool:
    return value_of(card_id) > 0


def is_plain(card_id: str) -> bool:
    """A number card: neither Money nor an animal (what the bidder must discard first, §1.6)."""
    return card_id not in ANIMALS and not is_money(card_id)


ALL_COLOUR_CARDS: tuple[str, ...] = tuple(card(c, r) for c in COLOURS for r in RANKS)
#: Each colour card's colour, looked up at every play.
COLOUR_OF_CARD: dict[str, str] = {card(c, r): c for c in COLOURS for r in RANKS}
ONE_DECK: tuple[str, ...] = (*ALL_COLOUR_CARDS, *ANIMALS)
#: The "1" cards removed from the double deck so that the deal comes out even (§1.12).
REMOVED_ONES = {6: ("R1", "G1", "K1", "Y1", "Y1"), 8: ("R1", "Y1", "G1")}
#: Cards in each hand: 13 with four or eight players, 17 with six (§1.4, §1.12).
HAND_SIZE = {4: 13, 6: 17, 8: 13}
WIDOW_SIZE = 3
#: Money in one deck: $100,000 per colour (§1.2).
MONEY_PER_DECK = 400_000

_ORDER = {card_id: index for index, card_id in enumerate(ONE_DECK)}


def sort_key(card_id: str) -> int:
    """Hands are shown by colour, highest first, the animals last."""
    return _ORDER[card_id]


def deck_for(seats: int) -> Counter[str]:
    """The cards dealt at a table: one deck for four players, two less some 1s for six or eight."""
    if seats == 4:
        return Counter(ONE_DECK)
    deck = Counter(ONE_DECK * 2)
    deck.subtract(REMOVED_ONES[seats])
    return +deck


def card_name(card_id: str) -> str:
    """A card as people say it: "red $40,000", "green 11", "the Tiger"."""
    if card_id == TIGER:
        return _("the Tiger")
    if card_id == BULL:
        return _("the Bull")
    if card_id == BEAR:
        return _("the Bear")
    colour = _(COLOUR_WORDS[colour_of(card_id) or "red"])
    rank = rank_of(card_id)
    shown = format_money(MONEY_RANKS[rank] * 100, "USD") if rank in MONEY_RANKS else str(rank)
    # Translators: a card: its colour and its rank ("red $40,000", "green 11").
    return _("{colour} {rank}").format(colour=colour, rank=shown)


def dollars(amount: int) -> str:
    """Whole dollars as people write them in their language."""
    return format_money(amount * 100, "USD")
