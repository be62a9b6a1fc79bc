"""Deal or No Deal in numbers: many bot games, and what the contestants won and the bankers offered.

:func:`simulate_summary` plays seeded matches between bots (by name, as the registry knows
them) and gathers, for each contestant bot, the distribution of its winnings and the round of
its deals, and, for each banker model, the opening offer of each round as a share of the mean
of the values left. :func:`format_summary` prints that as text, and :func:`plot_offer_curves`
draws the banker curves with matplotlib, an optional dependency (``pip install ".[plot]"``).

Bots rotate through the seats from match to match as in :mod:`highstakes.analysis.simulate`,
and each match is seeded the same way, so the two agree game for game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from os import PathLike
from pathlib import Path
from typing import Any

import numpy as np

from highstakes.bots.registry import make_bot
from highstakes.catalog.deal_or_no_deal.actions import Move
from highstakes.catalog.deal_or_no_deal.bankers import TV_SCHEDULE, mean_left
from highstakes.catalog.deal_or_no_deal.money import FINAL_ROUND, dollars
from highstakes.catalog.deal_or_no_deal.words import N_, _, ngettext
from highstakes.cli.words import percent
from highstakes.engine.bot import Bot
from highstakes.engine.game import Game, new_game
from highstakes.engine.parts import Analysis, Plot

GAME_ID = "deal_or_no_deal"
PERCENTILES = (5, 25, 50, 75, 95)
#: The deal-round histogram's bin for games played to the end (no deal).
NO_DEAL = "none"
PLOT_HINT = N_("plotting needs matplotlib: {command}")


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed; the message says how to install it."""


def banker_label(bot: Bot) -> str:
    """The banker model a bot hosts with ("guide", "tv"), or the bot's own name."""
    banker = getattr(bot, "banker", None)
    return str(getattr(banker, "name", bot.name))


class _Tally:
    """Everything the summary counts, filled in game by game."""

    def __init__(self) -> None:
        self.winnings: dict[str, list[int]] = {}
        self.deal_rounds: dict[str, dict[str, int]] = {}
        self.offer_shares: dict[str, dict[int, list[float]]] = {}
        self.decisions = 0

    def offer(self, banker: str, round_number: int, share: float) -> None:
        self.offer_shares.setdefault(banker, {}).setdefault(round_number, []).append(share)

    def game(self, contestant: str, won: int, deal_round: int | None) -> None:
        self.winnings.setdefault(contestant, []).append(won)
        bins = self.deal_rounds.setdefault(
            contestant, {**{str(r): 0 for r in range(1, FINAL_ROUND + 1)}, NO_DEAL: 0}
        )
        bins[str(deal_round) if deal_round is not None else NO_DEAL] += 1


def _play_match(game: Game, bots: Sequence[Bot], rng: random.Random, tally: _Tally) -> None:
    """Play a match to the end, noting each round's opening offer and each deal's round."""
    names = [bot.name for bot in bots]
    deal_rounds: dict[int, int] = {}  # game number -> round of its deal
    while not game.is_over:
        for seat in game.to_act:
            view = game.view(seat)
            action = bots[seat].choose(view, game.legal_actions(seat), rng)
            game.act(seat, action)
            tally.decisions += 1
            if not isinstance(action, Move):
                continue
            mean = mean_left(view)
            if view["phase"] == "offer" and action.amount is not None and mean > 0:
                tally.offer(banker_label(bots[seat]), int(view["round"]), action.amount / mean)
            if (view["phase"], action.kind) in (("respond", "deal"), ("counter", "accept")):
                deal_rounds[int(view["game_number"])] = int(view["round"])
    for entry in game.result()["games"]:
        contestant = names[int(entry["contestant"])]
        tally.game(contestant, int(entry["won"]), deal_rounds.get(int(entry["game"])))


def _distribution(amounts: list[int]) -> dict[str, Any]:
    data = np.array(amounts, dtype=float)
    return {
        "games": len(amounts),
        "mean": float(data.mean()),
        "min": int(data.min()),
        "max": int(data.max()),
        "percentiles": {str(p): float(np.percentile(data, p)) for p in PERCENTILES},
    }


def simulate_summary(
    games: int,
    bots: Sequence[str],
    seats: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` matches and summarise them (amounts in cents, shares as fractions).

    ``bots`` names one bot per seat, or one bot for every seat; ``seats`` defaults to their
    number. The summary has ``winnings`` and ``deal_rounds`` per contestant bot (rounds "1" to
    "10", and "none" for a game played to the end) and ``offer_shares`` per banker model: for
    each round, the mean opening offer as a share of the mean left and how many were seen.
    """
    if games < 1:
        raise ValueError(_("games must be at least 1; got {count}").format(count=games))
    names = list(bots)
    if seats is None:
        seats = len(names)
    if len(names) == 1:
        names *= seats
    if len(names) != seats:
        raise ValueError(_("{seats} seats but {count} bots given; give one bot per seat, or one for "
                           "all").format(seats=seats, count=len(names)))
    probe = new_game(GAME_ID, seats, seed=seed, options=options)  # a bad option fails here
    for name in set(names):
        make_bot(GAME_ID, name)
    tally = _Tally()
    for index in range(games):
        seat_of_bot = [(bot_index + index) % seats for bot_index in range(seats)]
        in_seat: list[Bot | None] = [None] * seats
        for bot_index, seat in enumerate(seat_of_bot):
            in_seat[seat] = make_bot(GAME_ID, names[bot_index])
        game_seed = random.Random(f"{seed}:{index}").getrandbits(63)
        game = new_game(GAME_ID, seats, seed=game_seed, options=probe.options)
        players = [bot for bot in in_seat if bot is not None]
        _play_match(game, players, random.Random(game_seed ^ 0x5EED), tally)
    return {
        "game": GAME_ID,
        "games": games,
        "seats": seats,
        "seed": seed,
        "version": probe.view(None)["version"],
        "bots": names,
        "decisions": tally.decisions,
        "winnings": {name: _distribution(amounts) for name, amounts in sorted(tally.winnings.items())},
        "deal_rounds": dict(sorted(tally.deal_rounds.items())),
        "offer_shares": {
            banker: {
                str(round_number): {"mean": float(np.mean(shares)), "count": len(shares)}
                for round_number, shares in sorted(by_round.items())
            }
            for banker, by_round in sorted(tally.offer_shares.items())
        },
    }


def format_summary(summary: Mapping[str, Any]) -> str:
    """The summary as plain text in the reader's language: winnings, deal rounds and offer curves."""
    matches = ngettext("{count} match", "{count} matches", summary["games"]).format(count=summary["games"])
    seats = ngettext("{count} seat", "{count} seats", summary["seats"]).format(count=summary["seats"])
    # Translators: column headings of the summary's tables (at most 12, 6 and 14 characters).
    bot, games, mean, banker = _("bot"), _("games"), _("mean"), _("banker")
    lines = [
        _("{game} ({version}): {matches}, {seats}, seed {seed}; bots {bots}").format(
            game=summary["game"], version=summary["version"], matches=matches, seats=seats,
            seed=summary["seed"], bots=", ".join(summary["bots"])),
        "",
        _("Contestant winnings"),
        f"  {bot:<12} {games:>6} {mean:>14} "
        + " ".join(f"{'p' + str(p):>14}" for p in PERCENTILES),
    ]
    for name, stats in summary["winnings"].items():
        cells = " ".join(f"{dollars(round(stats['percentiles'][str(p)])):>14}" for p in PERCENTILES)
        lines.append(f"  {name:<12} {stats['games']:>6} {dollars(round(stats['mean'])):>14} {cells}")
    rounds = [str(r) for r in range(1, FINAL_ROUND + 1)] + [NO_DEAL]
    # Translators: the column of games played to the end, without a deal (at most six characters).
    headings = [*rounds[:-1], _("none")]
    lines += ["", _("Round of the deal (share of games)"),
              f"  {bot:<12} " + " ".join(f"{r:>6}" for r in headings)]
    for name, bins in summary["deal_rounds"].items():
        total = sum(bins.values()) or 1
        lines.append(f"  {name:<12} " + " ".join(f"{percent(bins[r] / total, 0):>6}" for r in rounds))
    lines += ["", _("Opening offer as a share of the mean left, by round"),
              f"  {banker:<12} " + " ".join(f"{r:>6}" for r in rounds[:-1])]
    for banker, by_round in summary["offer_shares"].items():
        cells = [f"{percent(by_round[r]['mean'], 0):>6}" if r in by_round else f"{'-':>6}"
                 for r in rounds[:-1]]
        lines.append(f"  {banker:<12} " + " ".join(cells))
    return "\n".join(lines)


def plot_offer_curves(
    path: str | Path,
    summary: Mapping[str, Any] | None = None,
    title: str | None = None,
) -> Path:
    """Write a PNG of each banker model's offers (share of the mean left) by round.

    The models' own curves (the guide's 100 % and the TV schedule) are always drawn; with a
    ``summary`` from :func:`simulate_summary`, the offers its bankers actually made are drawn
    over them. Raises :class:`PlotUnavailable` when matplotlib is not installed.
    """
    try:
        from matplotlib.figure import Figure
    except ImportError as error:
        raise PlotUnavailable(_(PLOT_HINT).format(command='pip install ".[plot]"')) from error
    figure = Figure(figsize=(8, 5))
    axes = figure.add_subplot()
    rounds = list(range(1, FINAL_ROUND + 1))
    axes.plot(rounds, [100.0] * len(rounds), linestyle="--", color="grey", label=_("guide model (mean)"))
    axes.plot(rounds, [100 * share for share in TV_SCHEDULE], linestyle="--", color="black",
              label=_("TV model"))
    for banker, by_round in (summary or {}).get("offer_shares", {}).items():
        seen = sorted(int(r) for r in by_round)
        percents = [100 * by_round[str(r)]["mean"] for r in seen]
        axes.plot(seen, percents, marker="o", label=_("{banker} (played)").format(banker=banker))
    axes.set_xlabel(_("round ({number}: the final offer)").format(number=FINAL_ROUND))
    axes.set_ylabel(_("offer, % of the mean left"))
    axes.set_xticks(rounds)
    axes.set_ylim(bottom=0)
    axes.set_title(title or _("Deal or No Deal: bankers' offers"))
    axes.grid(alpha=0.3)
    axes.legend()
    target = Path(path)
    figure.savefig(target, format="png", dpi=120)
    return target


def _draw_offer_curves(path: str | PathLike[str], summary: Mapping[str, Any]) -> str:
    return str(plot_offer_curves(path, summary))


ANALYSIS = Analysis(
    summarize=lambda games, bots, seed, options: simulate_summary(games, bots, seed=seed, options=options),
    describe=format_summary,
    plot=Plot(N_("each banker's offers as a share of the mean left, by round"), _draw_offer_curves),
)

__all__ = [
    "ANALYSIS", "PlotUnavailable", "banker_label", "format_summary", "plot_offer_curves", "simulate_summary",
]
