"""Deal or No Deal bots: one per seat, playing whatever role the seat has in the current game.

A seat is host (banker) in one game, contestant in another and, in party games, a case holder
in the rest, so a bot is three models in one (:class:`DealBot`): a banker from
:mod:`.bankers`, a contestant from :mod:`.contestants` and a guesser from :mod:`.guessers`.
Every bot decides from the seat's view and the legal actions only; it returns a listed action
or, for offers and counters, an amount the engine checks like any other.

The presets (weakest first; the last is the default stand-in when a person's turn timer runs
out) pair a banker with a contestant, all with the expected-value guesser:
``guide-ev``, ``guide-crra``, ``tv-ev`` and ``tv-crra``.

:func:`hint` is the advisor of the server's hint message and the terminal UI.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.bankers import GuideBanker, OfferModelBanker, TvBanker, mean_left
from highstakes.catalog.deal_or_no_deal.contestants import ContestantModel, CrraContestant, EvContestant
from highstakes.catalog.deal_or_no_deal.guessers import EvGuesser
from highstakes.catalog.deal_or_no_deal.money import dollars
from highstakes.catalog.deal_or_no_deal.options import DealOptions
from highstakes.catalog.deal_or_no_deal.rules import round_amount
from highstakes.catalog.deal_or_no_deal.words import N_, _
from highstakes.engine.action import JSON, Action
from highstakes.engine.bot import Bot
from highstakes.engine.parts import BotInfo
from highstakes.i18n.numbers import format_percent

BANKER_PHASES = ("offer", "counter")
GUESS_PHASES = ("guess", "final_guess", "host_guess")


class DealBot:
    """A seat's player: the banker model when hosting, the guesser when guessing, else the contestant."""

    def __init__(
        self, name: str, banker: OfferModelBanker, contestant: ContestantModel, guesser: EvGuesser
    ) -> None:
        self.name = name
        self.banker = banker
        self.contestant = contestant
        self.guesser = guesser

    def choose(self, view: dict[str, JSON], legal: list[Action], rng: random.Random) -> Action:
        phase = view["phase"]
        if phase in BANKER_PHASES:
            return self.banker.choose(view, legal, rng)
        if phase in GUESS_PHASES:
            return self.guesser.choose(view, legal, rng)
        return self.contestant.choose(view, legal, rng)


def _preset(
    name: str, banker: type[OfferModelBanker], contestant: type[ContestantModel]
) -> Callable[[], Bot]:
    def make() -> Bot:
        return DealBot(name, banker(), contestant(), EvGuesser())

    make.__name__ = f"make_{name.replace('-', '_')}"
    return make


#: The Deal or No Deal bots, weakest first (the registry offers "random" before them).
BOTS: tuple[BotInfo, ...] = (
    BotInfo("guide-ev", _preset("guide-ev", GuideBanker, EvContestant),
            N_("rulebook banker, bold contestant"),
            N_("offers the mean of the values left, as the rulebook suggests; "
               "plays the odds as a contestant")),
    BotInfo("guide-crra", _preset("guide-crra", GuideBanker, CrraContestant),
            N_("rulebook banker, careful contestant"),
            N_("offers the mean of the values left; as a contestant prefers a sure deal to a gamble")),
    BotInfo("tv-ev", _preset("tv-ev", TvBanker, EvContestant), N_("TV-show banker, bold contestant"),
            N_("offers low early and near the mean late, like the TV show; plays the odds as a contestant")),
    BotInfo("tv-crra", _preset("tv-crra", TvBanker, CrraContestant), N_("TV-show banker, careful contestant"),
            N_("offers like the TV show; as a contestant prefers a sure deal to a gamble")),
)


# --------------------------------------------------------------------------------------
# The advisor
# --------------------------------------------------------------------------------------
def _advise_contestant(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    mean = mean_left(view)
    model = CrraContestant()
    move = model.respond(view, legal)
    offer = int(view["offer"])
    worth = model.certainty_equivalent(view)
    shown = dollars(round(worth))
    reasons = {
        "deal": _("the offer is at least what refusing is worth to a cautious player ({worth})"),
        "counter": _("the offer is a little short of what refusing is worth ({worth})"),
        "no_deal": _("refusing is worth more to a cautious player ({worth})"),
    }
    return {
        "role": "contestant",
        "action": move.to_json(),
        "label": str(move),
        "reason": reasons[move.kind].format(worth=shown),
        "mean": mean,
        "offer": offer,
        "offer_ratio": offer / mean if mean else None,
        "certainty_equivalent": worth,
        "expected_value_of_refusing": EvContestant().certainty_equivalent(view),
    }


def _advise_guesser(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    advice = EvGuesser().advise(view, legal)
    if advice.move.kind == "paid_guess":
        reason = _("the paid guess is worth more than a free one and its price is within budget")
    elif advice.move.kind == "guess":
        reason = _("a free guess costs nothing; every value is as likely as another")
    else:
        reason = _("a paid guess is worth less than its price here")
    return {
        "role": "host" if view["phase"] == "host_guess" else "holder",
        "action": advice.move.to_json(),
        "label": str(advice.move),
        "reason": reason,
        "free_ev": advice.free_ev,
        "paid_ev": advice.paid_ev,
        "paid_value": advice.paid_value,
    }


def _advise_host(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    tv, guide = TvBanker(), GuideBanker()
    tv_offer, guide_offer = round_amount(tv.model_offer(view)), round_amount(guide.model_offer(view))
    if view["phase"] == "counter":
        move = tv.answer_counter(view)
        reason = _("the TV-show banker's answer to the counter-offer")
    else:
        move = Move("offer", tv_offer)
        reason = _("the TV-show banker offers {share} of the mean this round").format(
            share=format_percent(tv.share(int(view["round"]))))
    return {
        "role": "host",
        "action": move.to_json(),
        "label": str(move),
        "reason": reason,
        "mean": mean_left(view),
        "guide_offer": guide_offer,
        "tv_offer": tv_offer,
    }


def hint(view: dict[str, JSON], legal: list[Action]) -> dict[str, JSON]:
    """Advice for the seat in view: always ``action`` (JSON, or None) and ``label``.

    A contestant facing an offer gets the mean left, the offer as a share of it, and what the
    risk-averse model would do with its certainty equivalent; a guesser gets the expected value
    of a free and of the best paid guess; a host gets the guide's and the TV model's offers.
    Picking, calling and keep-or-swap are alike by symmetry, and the advice says so.
    """
    if not legal:
        return {"action": None, "label": _("nothing to decide now"), "reason": _("it is not your turn")}
    phase = view["phase"]
    if phase == "respond":
        return _advise_contestant(view, legal)
    if phase in GUESS_PHASES:
        return _advise_guesser(view, legal)
    if phase in BANKER_PHASES:
        return _advise_host(view, legal)
    move = legal[0]
    return {
        "action": move.to_json(),
        "label": str(move),
        "reason": _("nobody knows what the cases hold, so every choice here has the same odds"),
    }


def strongest(seats: int, options: Mapping[str, JSON]) -> str:
    """The preset that wins most at this table (measured with ``highstakes simulate``).

    In the duo version tv-crra beats every other preset; in party games, won by the richest
    player, the risk-averse contestant facing TV offers does worst and guide-crra wins most.
    """
    return "tv-crra" if DealOptions.from_json(options).version_for(seats) == "duo" else "guide-crra"


__all__ = ["BOTS", "DealBot", "hint", "strongest"]
