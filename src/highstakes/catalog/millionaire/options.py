"""Millionaire's options (RULES.md §4.3, §4.6, §7.1, WM-5): their one home."""

from __future__ import annotations

from dataclasses import dataclass

from highstakes.catalog.millionaire.bank import CATEGORIES
from highstakes.catalog.millionaire.packs import check_pack_name
from highstakes.catalog.millionaire.words import N_, _
from highstakes.engine.options import GameOptions, option

#: Seats each table mode takes (§7.1): the rotating host needs a host and two contestants,
#: and the rulebook has five consoles; the app hosts any table up to eight.
ROTATING_SEATS = (3, 5)
APP_SEATS = (1, 8)


@dataclass(frozen=True)
class MillionaireOptions(GameOptions):
    GAME_ID = "millionaire"

    host: str = option(
        "app", ("app", "rotating"),
        N_("app: every player plays every round (1 to 8 players); rotating: the players take turns "
           "as host and sit that round out (3 to 5 players)"),
        labels={"app": N_("the app hosts; everyone plays every round"),
                "rotating": N_("players take turns as host")},
    )
    rounds: int = option(
        1, (1, 2, 3, 5),
        N_("rounds in all with the app as host; rounds each player hosts with the rotating host"),
    )
    lifelines: str = option(
        "per_round", ("per_round", "per_game"),
        N_("lifelines come back at the start of every round, or serve once for the whole game"),
        labels={"per_round": N_("back every round"), "per_game": N_("once per game")},
    )
    pack: str = option(
        "en", ("en", "es", "it", "uz"),
        N_("the question pack: English, Spanish, Italian or Uzbek, or one you imported; by default "
           "the pack in the language of whoever sets the table (English when there is none in it)"),
        labels={"en": N_("English questions"), "es": N_("Spanish questions"), "it": N_("Italian questions"),
                "uz": N_("Uzbek questions")},
        also_accepts=N_("the name of a pack you imported with 'highstakes questions import'"),
        check=check_pack_name,
        follows_language=True,
    )
    categories: str | tuple[str, ...] = option(
        "all", ("all",),
        N_("the categories questions are drawn from: all of them, or those you list, such as "
           "history,science"),
        labels={"all": N_("every category")},
        also_accepts=N_("a list of categories, such as history,science"),
        check=lambda value: check_categories(value),
    )
    hunches: str = option(
        "bots", ("bots", "everyone", "off"),
        N_("bots: each bot gets a private hunch of four clues for each question, which it answers "
           "from, and people get none; everyone: people get one too, as a practice aid; off: nobody "
           "gets one, and bots guess"),
        labels={"bots": N_("hunches for bots only"), "everyone": N_("hunches for everyone too"),
                "off": N_("no hunches")},
        also_accepts=N_("on, the same as everyone (as older records say)"),
        check=lambda value: check_hunches(value),
    )
    bluffing: str = option(
        "off", ("off", "on"),
        N_("off: bots asked for a card pass the answer they believe; on: a bot misleads a rival who "
           "could draw level with it or pass it"),
        labels={"off": N_("bots help honestly"), "on": N_("bots may bluff")},
    )

    def total_rounds(self, seats: int) -> int:
        """Rounds in the game: each seat hosts ``rounds`` times, or ``rounds`` in all (app)."""
        return self.rounds * seats if self.host == "rotating" else self.rounds


def check_hunches(value: object) -> str:
    """``on``, from the records of games played when every player was dealt hunches, is everyone (WM-5)."""
    if value == "on":
        return "everyone"
    raise ValueError(_("got {value}").format(value=repr(value)))


def check_categories(value: object) -> tuple[str, ...]:
    """A list of categories (a JSON list, or names between commas) in the bank's order."""
    names = value.split(",") if isinstance(value, str) else value
    if not isinstance(names, list | tuple) or not all(isinstance(name, str) for name in names):
        raise ValueError(_("categories are listed by name; got {value}").format(value=repr(value)))
    chosen = {name.strip().lower() for name in names if name.strip()}
    unknown = sorted(chosen - set(CATEGORIES))
    if unknown:
        raise ValueError(_("there is no category {name}; the categories are {categories}").format(
            name=repr(unknown[0]), categories=", ".join(CATEGORIES)))
    if not chosen:
        raise ValueError(_("name at least one category"))
    return tuple(category for category in CATEGORIES if category in chosen)
