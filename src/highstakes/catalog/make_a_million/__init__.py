"""Make-A-Million: Parker Brothers' 1934 bid-for-trump card game (RULES.md §1).

Everything about the game lives in this package; :class:`MillionDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from highstakes.catalog.make_a_million.actions import CARD_KINDS, FLAG_KINDS, TRUMPS, Move, parse_move
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.rules import MillionState
from highstakes.catalog.make_a_million.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import ActionCatalogue, BotInfo


class MillionDefinition(GameDefinition):
    id = "make_a_million"
    title = N_("Make-A-Million")
    summary = N_(
        "The 1934 trick-taking game: bid for the right to name trump, take the widow, and capture "
        "Money cards with your partner; the Tiger, the Bull and the Bear change everything. First "
        "side to $1,000,000 wins."
    )
    min_seats = 3
    max_seats = 8
    default_seats = 4  # the partnership game of the rulebook (three seats play the Variation)
    resources = __name__  # rules.md and README.md
    options_type = MillionOptions
    hidden_information = True  # the hands, the widow, the face-down discards
    seat_keys = GameDefinition.seat_keys | {"dealer", "bidder", "high_bidder", "trick_winner", "winner",
                                            "misdeal", "misdeal_polled",
                                            "partners", "partners_revealed", "team"}
    # Per deal: 107 cards dealt, 8 misdeal answers, a long auction, 3 discards, trump, 104 cards.
    max_game_length = 24 * (107 + 8 + 200 + 4 + 104) + 10

    def action_catalogue(self, seats: int, options: MillionOptions) -> ActionCatalogue:
        """Every card discarded, played or called, trump named, trick count bid and yes-or-no
        answer; money bids (the least allowed plus a step of the menu) are menu slots."""
        from highstakes.catalog.make_a_million.cards import ONE_DECK
        from highstakes.catalog.make_a_million.rules import BID_MENU

        cards = sorted(set(ONE_DECK), key=ONE_DECK.index)
        most_dealt = 2 * len(ONE_DECK)  # no table plays with more than two decks (§1.2)
        moves = [
            *(Move(kind, card=card) for kind in CARD_KINDS for card in cards),
            *(Move("trump", card=trump) for trump in TRUMPS),
            *(Move(kind) for kind in FLAG_KINDS),
            *(Move("tricks", amount=count) for count in range(most_dealt // seats + 1)),
        ]
        return ActionCatalogue(
            tuple(move.to_json() for move in moves),
            menu_slots=len(BID_MENU),
            chance_outcomes=len(cards),  # the next card dealt, one of those not yet dealt
        )

    def new_state(self, seats: int, options: MillionOptions) -> MillionState:
        if options.variant_for(seats) == "variation":
            from highstakes.catalog.make_a_million.variation import VariationState

            return VariationState(seats, options)
        if options.variant_for(seats) == "silent_partner":
            from highstakes.catalog.make_a_million.silent import SilentPartnerState

            return SilentPartnerState(seats, options)
        return MillionState(seats, options)

    def parse_action(self, data: JSON) -> Action:
        return parse_move(data)

    def partnerships(self, seats: int, options: MillionOptions) -> tuple[tuple[int, ...], ...] | None:
        """Partners sit alternately in the partnership game (§1.3, §1.12); Silent Partner's sides
        are secret until the called card is played, and the Variation is every player for themself."""
        if options.variant_for(seats) != "partnership":
            return None
        return (tuple(range(0, seats, 2)), tuple(range(1, seats, 2)))

    def duplicate_options(self, seats: int, options: MillionOptions) -> MillionOptions:
        """One deal a game: all its cards are dealt before the first decision, so the seed decides it."""
        return replace(options, hand_limit=1)

    def bots(self) -> Sequence[BotInfo]:
        from highstakes.catalog.make_a_million.bots import BOTS

        return BOTS


MAKE_A_MILLION = MillionDefinition()

__all__ = ["MAKE_A_MILLION", "MillionDefinition", "MillionOptions", "MillionState", "Move"]
