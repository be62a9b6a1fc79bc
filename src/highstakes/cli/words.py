"""Words the Python faces share: a game's own words with the platform's as a fallback, bots'
names, shares as percentages, and argparse's own messages, all in the reader's language.

Light to import (no Textual, no Starlette): the command line, the terminal tables and the
server all use it.
"""

from __future__ import annotations

import argparse

from babel import Locale
from babel.numbers import format_percent

from highstakes.engine.registry import definition
from highstakes.i18n import BABEL_LOCALES, DEFAULT, N_, _, get_language, ngettext

#: The random bot every game offers is declared by the bot registry, which writes its
#: words in English; they are translated here, where people read them.
RANDOM_BOT_WORDS = (N_("random moves"), N_("picks any legal move at random"))

#: What argparse itself says (usage, its headings, its errors), in the platform's catalog so
#: that ``--help`` and usage errors read in the reader's language. Its ``%`` placeholders
#: stay as they are in every translation.
ARGPARSE_WORDS = (
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"),
    N_("can't open '%(filename)s': %(error)s"),
)


def _argparse_ngettext(singular: str, plural: str, n: int) -> str:
    return ngettext(singular, plural, n)


def _argparse_plurals(n: int) -> list[str]:
    """argparse's own plurals, written out so that they reach the catalog."""
    return [ngettext("expected %s argument", "expected %s arguments", n),
            ngettext("conflicting option string: %s", "conflicting option strings: %s", n)]


def speak_argparse() -> None:
    """Make argparse say its own words (headings, errors) through the platform's catalog.

    argparse looks its ``_`` and ``ngettext`` up in its module at every call, so replacing
    them there is enough; they then follow the current language like every other message.
    """
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = _argparse_ngettext  # type: ignore[attr-defined]


def game_text(game_id: str, message: str) -> str:
    """One of a game's own words (a title, a bot's label, an option's meaning) for the reader.

    The game's catalog first; a word the platform declares for every game (the random bot's)
    comes from the platform's.
    """
    if not message:
        return message
    translated = definition(game_id).text(message)
    if translated == message and get_language() != DEFAULT:
        return _(message)
    return translated


def bot_label(game_id: str, bot: str) -> str:
    """A bot of a game as people read it ("best play"); its id when the game has no such bot."""
    from highstakes.bots.registry import bot_catalog

    info = bot_catalog(game_id).get(bot)
    return game_text(game_id, info.label) if info else bot


def bot_about(game_id: str, bot: str) -> str:
    """The sentence on how a bot plays, in the reader's language."""
    from highstakes.bots.registry import bot_catalog

    info = bot_catalog(game_id).get(bot)
    return game_text(game_id, info.about) if info else ""


def percent(share: float, decimals: int = 1) -> str:
    """A share as the reader's language writes a percentage, to ``decimals`` places: 45.3%, 45,3 %."""
    locale = Locale.parse(BABEL_LOCALES.get(get_language(), "en"))
    pattern = locale.percent_formats[None].pattern.split(";")[0]
    if decimals:
        # The language's own pattern ("#,##0 %"), with the decimals asked for after its last 0.
        cut = pattern.rindex("0") + 1
        pattern = pattern[:cut] + "." + "0" * decimals + pattern[cut:]
    return format_percent(share, format=pattern, locale=locale)


__all__ = ["bot_about", "bot_label", "game_text", "percent", "speak_argparse"]
