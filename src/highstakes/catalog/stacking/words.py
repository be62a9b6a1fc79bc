"""The stacking game's words for people, in the player's language (domain ``stacking``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("stacking", "highstakes.catalog.stacking")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: The view's keys and words as the generic tables show them ("pieces held"), so that they
#: read in the player's language there too.
VIEW_WORDS = (
    N_("game"), N_("seats"), N_("round"), N_("phase"), N_("bid"), N_("lay"), N_("stack"), N_("over"),
    N_("turn"), N_("opener"), N_("high bid"), N_("rows"), N_("passed"), N_("has bid"), N_("to lay"),
    N_("from bag"), N_("pieces held"), N_("hands"), N_("your pieces"), N_("your row"), N_("bag"),
    N_("bag pieces"), N_("stack pieces"), N_("stack height"), N_("piece"), N_("x mm"), N_("misses"),
    N_("last"), N_("outcome"), N_("stood"), N_("miss"), N_("collapse"), N_("touched"), N_("base"),
    N_("took"), N_("events"), N_("kind"), N_("count"), N_("offset mm"), N_("level"), N_("history"),
    N_("to bag"), N_("emptied"), N_("winners"), N_("options"), N_("companion"), N_("longer"),
    N_("bill width"), N_("solo"), N_("final pieces"), N_("rounds"), N_("pass"), N_("place"),
    N_("report"), N_("take"), N_("plates"), N_("width mm"), N_("mass g"), N_("margin mm"),
    N_("max rounds"), N_("misses allowed"), N_("you"),
)

__all__ = ["N_", "VIEW_WORDS", "WORDS", "_", "ngettext"]
