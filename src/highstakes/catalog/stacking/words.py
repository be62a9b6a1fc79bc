"""The stacking game's words for people, in the player's language (domain ``stacking``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("stacking", "highstakes.catalog.stacking")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: The view's keys and words as the generic tables show them ("pieces held"), so that they
#: read in the player's language there too.
VIEW_WORDS = (
    N_("game"), N_("seats"), N_("seat"), N_("solo"), N_("round"), N_("phase"), N_("turn"), N_("opener"),
    N_("high bid"), N_("passed"), N_("has bid"), N_("to lay"), N_("from bag"), N_("rows"), N_("hands"),
    N_("pieces held"), N_("your pieces"), N_("your row"), N_("bag"), N_("bag pieces"), N_("stack"),
    N_("stack height"), N_("piece"), N_("centre"), N_("misses"), N_("companion"), N_("plates"), N_("width"),
    N_("thickness"), N_("mass"), N_("events"), N_("previous events"), N_("kind"), N_("count"),
    N_("outcome"), N_("offset"), N_("level"), N_("took"), N_("history"), N_("to bag"), N_("emptied"),
    N_("penalties"), N_("winners"), N_("options"), N_("bid"), N_("lay"), N_("pass"), N_("base"),
    N_("place"), N_("over"), N_("stood"), N_("miss"), N_("collapse"), N_("touched"), N_("sway"),
    N_("amplitude"), N_("period ms"),
)

__all__ = ["N_", "VIEW_WORDS", "WORDS", "_", "ngettext"]
