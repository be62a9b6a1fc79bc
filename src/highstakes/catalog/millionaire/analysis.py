"""Millionaire in numbers: many bot games, and what each bot won, how far it climbed and which
lifelines it spent.

:func:`simulate_summary` plays seeded games between bots (by name, as the registry knows them)
and gathers, for each bot, its skill dial, its mean winnings per game and per round, the step it
reached in each round it played (the distribution over 0 to 15 and the mean), how each of those
rounds ended (right to the top, wrong, walked away) and how often it spent each lifeline.
:func:`format_summary` says it in words. Bots rotate through the seats from game to game and
each game is seeded as in :mod:`highstakes.analysis.simulate`, so the two agree game for game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from statistics import fmean
from typing import Any

from highstakes.bots.registry import make_bot
from highstakes.bots.runner import MAX_DECISIONS
from highstakes.catalog.millionaire.advisor import lifeline_name, percent, whole_dollars
from highstakes.catalog.millionaire.money import STEPS
from highstakes.catalog.millionaire.planning import LIFELINES
from highstakes.catalog.millionaire.words import _, ngettext
from highstakes.engine.bot import Bot
from highstakes.engine.game import Game, new_game
from highstakes.engine.parts import Analysis
from highstakes.i18n.numbers import format_number

GAME_ID = "millionaire"
OUTCOMES = ("millionaire", "wrong", "walked")


class _Tally:
    """Per bot: winnings per game, and per round played its step, its outcome and its lifelines."""

    def __init__(self) -> None:
        self.winnings: dict[str, list[int]] = {}
        self.steps: dict[str, list[int]] = {}
        self.outcomes: dict[str, dict[str, int]] = {}
        self.lifelines: dict[str, dict[str, int]] = {}

    def bot(self, name: str) -> None:
        self.winnings.setdefault(name, [])
        self.steps.setdefault(name, [])
        self.outcomes.setdefault(name, dict.fromkeys(OUTCOMES, 0))
        self.lifelines.setdefault(name, dict.fromkeys(LIFELINES, 0))


def _play(game: Game, bots: Sequence[Bot], rng: random.Random, tally: _Tally) -> None:
    """Play a game to the end as ``play_out`` does, noting each lifeline and each round's end."""
    names = [bot.name for bot in bots]
    for name in names:
        tally.bot(name)
    decisions = 0
    ended: dict[tuple[int, int], str] = {}  # (round, seat) -> how that seat's round ended
    seen: set[tuple[int, int]] = set()  # (round, level) of the reveals noted
    while not game.is_over:
        for seat in game.to_act:
            if seat not in game.to_act:  # a lifeline earlier in this pass asked others for cards
                continue
            action = bots[seat].choose(game.view(seat), game.legal_actions(seat), rng)
            game.act(seat, action)
            decisions += 1
            kind = next(iter(action.to_json()))  # type: ignore[union-attr]
            if kind in LIFELINES:
                tally.lifelines[names[seat]][kind] += 1
            elif kind in ("answer", "walk"):
                reveal = game.view(None)["last_reveal"]
                if not reveal or (reveal["round"], reveal["level"]) in seen:  # type: ignore[index, call-overload]
                    continue
                seen.add((reveal["round"], reveal["level"]))  # type: ignore[index, call-overload]
                for entry in reveal["answers"]:  # type: ignore[index, union-attr]
                    if entry["outcome"] != "right":  # type: ignore[index]
                        ended[(int(reveal["round"]), int(entry["seat"]))] = str(entry["outcome"])  # type: ignore[index, call-overload]
        if decisions > MAX_DECISIONS:
            raise RuntimeError(f"{game!r} did not end after {MAX_DECISIONS} decisions")
    final = game.view(None)
    for played in final["rounds_played"]:  # type: ignore[union-attr]
        for seat, steps in enumerate(played["steps"]):  # type: ignore[index, arg-type]
            if seat == played["host"]:  # type: ignore[index]
                continue
            tally.steps[names[seat]].append(int(steps))
            outcome = ended.get((int(played["round"]), seat), "walked")  # type: ignore[index, call-overload]
            # A game won on a reveal (WM-1) ends the round; those still climbing leave with what they reached.
            tally.outcomes[names[seat]][outcome] += 1
    for seat, score in enumerate(game.result()["scores"]):  # type: ignore[arg-type]
        tally.winnings[names[seat]].append(int(score))


def simulate_summary(
    games: int, bots: Sequence[str], seed: int = 0, options: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games, one bot per seat, and summarise them per bot (amounts in cents).

    Each bot's entry has ``skill`` (its dial, the clues it reads; None for a bot without one),
    ``games``, ``rounds`` (rounds it played), ``mean_winnings`` (per game),
    ``mean_per_round``, ``mean_step`` and ``steps`` (rounds that ended on each step, "0" to
    "15"), ``outcomes`` (rounds that ended right at the top, wrong, or walked away) and
    ``lifelines`` (uses of each, and ``per_round``, the share of rounds it was spent in).
    """
    if games < 1:
        raise ValueError(_("games must be at least 1; got {count}").format(count=games))
    names = list(bots)
    seats = len(names)
    probe = new_game(GAME_ID, seats, seed=seed, options=options)  # a bad option or seat count fails here
    for name in set(names):
        make_bot(GAME_ID, name)
    tally = _Tally()
    for index in range(games):
        in_seat: list[Bot | None] = [None] * seats
        for bot_index in range(seats):
            in_seat[(bot_index + index) % seats] = make_bot(GAME_ID, names[bot_index])
        game_seed = random.Random(f"{seed}:{index}").getrandbits(63)
        game = new_game(GAME_ID, seats, seed=game_seed, options=probe.options, bots=range(seats))
        _play(game, [bot for bot in in_seat if bot is not None], random.Random(game_seed ^ 0x5EED), tally)
    per_bot = {}
    for name in dict.fromkeys(names):  # in the order given
        steps, uses = tally.steps[name], tally.lifelines[name]
        rounds = len(steps)
        per_bot[name] = {
            "skill": _skill(name),
            "games": len(tally.winnings[name]),
            "rounds": rounds,
            "mean_winnings": fmean(tally.winnings[name]),
            "mean_per_round": sum(tally.winnings[name]) / rounds if rounds else 0.0,
            "mean_step": fmean(steps) if steps else 0.0,
            "steps": {str(step): steps.count(step) for step in range(STEPS + 1)},
            "outcomes": dict(tally.outcomes[name]),
            "lifelines": {lifeline: {"uses": uses[lifeline], "per_round": uses[lifeline] / max(1, rounds)}
                          for lifeline in LIFELINES},
        }
    return {
        "game": GAME_ID,
        "games": games,
        "seats": seats,
        "seed": seed,
        "options": probe.options,
        "bots": names,
        "per_bot": per_bot,
    }


def _skill(name: str) -> float | None:
    from highstakes.catalog.millionaire.bots import SKILLS

    return SKILLS.get(name)


def format_summary(summary: Mapping[str, Any]) -> str:
    """The summary in words, in the reader's language."""
    games = ngettext("{count} game", "{count} games", summary["games"]).format(count=summary["games"])
    lines = [_("{game}: {games}, seed {seed}; bots {bots}").format(
        game=_("Who Wants to Be a Millionaire"), games=games, seed=summary["seed"],
        bots=", ".join(summary["bots"]))]
    for name, row in summary["per_bot"].items():
        skill = _("no skill dial")
        if row["skill"] is not None:
            skill = _("skill {clues} of 4 clues").format(clues=format_number(row["skill"]))
        rounds = ngettext("{count} round", "{count} rounds", row["rounds"]).format(count=row["rounds"])
        outcomes = row["outcomes"]
        total = max(1, row["rounds"])

        def share(count: int, total: int = total) -> str:
            return percent(count / total)

        lines += [
            "",
            f"{name} ({skill})",
            "  " + _("won {mean} a game on average ({per_round} a round, over {rounds})").format(
                mean=whole_dollars(row["mean_winnings"]), per_round=whole_dollars(row["mean_per_round"]),
                rounds=rounds),
            "  " + _("reached step {step} on average; rounds ended wrong {wrong}, walking away {walked}, "
                     "at the million {million}").format(
                step=format_number(round(row["mean_step"], 1)), wrong=share(outcomes["wrong"]),
                walked=share(outcomes["walked"]), million=share(outcomes["millionaire"])),
            "  " + _("steps reached: {steps}").format(steps=", ".join(
                f"{step}: {count}" for step, count in row["steps"].items() if count)),
            "  " + _("lifelines spent, share of rounds: {uses}").format(uses=", ".join(
                f"{lifeline_name(lifeline)} {percent(use['per_round'])}"
                for lifeline, use in row["lifelines"].items())),
        ]
    return "\n".join(lines)


ANALYSIS = Analysis(
    summarize=lambda games, bots, seed, options: simulate_summary(games, bots, seed=seed, options=options),
    describe=format_summary,
)

__all__ = ["ANALYSIS", "format_summary", "simulate_summary"]
