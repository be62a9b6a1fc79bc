"""Make-A-Million: Parker Brothers' 1934 bid-for-trump card game (RULES.md §1).

Everything about the game lives in this package; :class:`MillionDefinition` declares what it
offers, and the project's metadata registers it (entry point ``highstakes.games``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from highstakes.catalog.make_a_million.actions import Move, parse_move
from highstakes.catalog.make_a_million.options import MillionOptions
from highstakes.catalog.make_a_million.rules import MillionState
from highstakes.catalog.make_a_million.words import N_
from highstakes.engine.action import JSON, Action
from highstakes.engine.contract import GameDefinition
from highstakes.engine.parts import Advisor, BotInfo, TerminalTableFactory


class MillionDefinition(GameDefinition):
    id = "make_a_million"
    title = N_("Make-A-Million")
    summary = N_(
        "The 1934 trick-taking game: bid for the right to name trump, take the widow, and capture "
        "Money cards with your partner; the Tiger, the Bull and the Bear change everything. First "
        "side to $1,000,000 wins."
    )
    # The trick-count Variation takes any number from 2: one deck could deal 51, and the
    # tables (terminal and browser) place 12 round the trick, the cap A-20 allows.
    min_seats = 2
    max_seats = 12
    default_seats = 4  # the partnership game of the rulebook (other tables play the Variation)
    resources = __name__  # rules.md, README.md and web/renderer.js
    options_type = MillionOptions
    hidden_information = True  # the hands, the widow, the face-down discards
    seat_keys = GameDefinition.seat_keys | {"dealer", "bidder", "high_bidder", "trick_winner", "winner",
                                            "misdeal", "misdeal_polled",
                                            "partners", "partners_revealed", "team"}
    # §1.10 has no deal limit: random play (the kit, the benches, the research faces) ends
    # after eight deals, the option's bound for it.
    bounded_play = MappingProxyType({"hand_limit": 8})
    # Per deal: 107 cards dealt, 8 misdeal answers, a long auction, 3 discards, trump, 104 cards;
    # the Variation's 25 deals of two players fit in it too.
    max_game_length = 24 * (107 + 8 + 200 + 4 + 104) + 10

    def max_chance_outcomes(self, seats: int, options: MillionOptions) -> int:
        """Each card dealt is one of the deck's different cards not yet dealt (§1.4)."""
        from highstakes.catalog.make_a_million.cards import ONE_DECK

        return len(set(ONE_DECK))

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

    def action_catalogue(self, seats: int, options: MillionOptions) -> Sequence[JSON]:
        """Every move of the game: the flags, every bid a table can see (multiples of $5,000 from
        the opening bid to the money in play, A-3), every trick count of the Variation (§1.14),
        each card of the deck discarded, played or called, and each trump (§1.6)."""
        from highstakes.catalog.make_a_million.actions import FLAG_KINDS, TRUMPS
        from highstakes.catalog.make_a_million.cards import MONEY_PER_DECK, ONE_DECK
        from highstakes.catalog.make_a_million.rules import BID_STEP
        from highstakes.catalog.make_a_million.variation import start_hand

        moves: list[JSON] = [{kind: True} for kind in FLAG_KINDS]
        money_in_play = MONEY_PER_DECK * (1 if seats == 4 else 2)
        bids = range(options.opening_for(seats), money_in_play + 1, BID_STEP)
        moves += [{"bid": amount} for amount in bids]
        moves += [{"tricks": count} for count in range(start_hand(seats) + 1)]
        moves += [{kind: card} for kind in ("discard", "play", "call") for card in ONE_DECK]
        moves += [{"trump": trump} for trump in TRUMPS]
        return moves

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

    def strongest_bot(self, seats: int, options: Mapping[str, Any]) -> str:
        """The search at its default budget: ``search-strong`` plays better but takes seconds a move."""
        return "search"

    def advisor(self) -> Advisor:
        from highstakes.catalog.make_a_million.advisor import hint

        return hint

    def terminal_table(self) -> TerminalTableFactory:
        from highstakes.catalog.make_a_million.tui.app import MillionApp

        return MillionApp


MAKE_A_MILLION = MillionDefinition()

__all__ = ["MAKE_A_MILLION", "MillionDefinition", "MillionOptions", "MillionState", "Move"]
