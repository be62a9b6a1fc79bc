"""Millionaire's words for people, in the player's language (domain ``millionaire``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("millionaire", "highstakes.catalog.millionaire")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: The view's keys and words as the generic tables show them ("playing for"), so that they
#: read in the player's language there too: its keys, the lifelines, the host modes, the
#: outcomes of an answer and the questions' categories.
VIEW_WORDS = (
    N_("in round"), N_("letter"),
    N_("game"), N_("host mode"), N_("round"), N_("rounds"), N_("host"), N_("level"), N_("playing for"),
    N_("question"), N_("category"), N_("text"), N_("ladder"), N_("step"), N_("amount"), N_("safe"),
    N_("players"), N_("reached"), N_("locked in"), N_("lifelines used"), N_("money"), N_("hunches"),
    N_("waiting for"), N_("helping"), N_("lifeline"), N_("asker"), N_("asked of you"),
    N_("your answer"), N_("your hunch"), N_("your options"), N_("your audience cards"),
    N_("your phone cards"), N_("your friend"), N_("your card"), N_("correct"), N_("last reveal"),
    N_("answer text"),
    N_("explanation"), N_("answers"), N_("answer"), N_("outcome"), N_("paid"), N_("steps"),
    N_("rounds played"), N_("winners"),
    N_("app"), N_("rotating"),
    N_("fifty"), N_("audience"), N_("phone"), N_("walk"),
    N_("right"), N_("wrong"), N_("walked"),
    N_("arts"), N_("everyday"), N_("film"), N_("food"), N_("geography"), N_("history"), N_("language"),
    N_("literature"), N_("mathematics"), N_("music"), N_("nature"), N_("science"), N_("sport"),
    N_("technology"),
)

__all__ = ["N_", "VIEW_WORDS", "WORDS", "_", "ngettext"]
