"""It's in the Bag's words for people, in the player's language (domain ``in_the_bag``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("in_the_bag", "highstakes.catalog.in_the_bag")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: The view's keys and words as the generic tables show them ("pieces held"), so that they
#: read in the player's language there too.
VIEW_WORDS = (
    N_("round"), N_("target"), N_("phase"), N_("feed"), N_("bid"), N_("wait"), N_("over"),
    N_("your pieces"), N_("your yen"), N_("pieces held"), N_("fed"), N_("your feed"), N_("sealed"),
    N_("your bid"), N_("bag pieces"), N_("bag known"), N_("rebid"), N_("previous bids"),
    N_("must differ from"), N_("reserve"), N_("reveals"), N_("history"), N_("winner"), N_("winners"),
    N_("consoled"), N_("you fed"), N_("you took"), N_("final yen"), N_("final pieces"), N_("seats"),
    N_("options"), N_("tie rebid"), N_("bids"), N_("game"), N_("fed pieces"), N_("round limit"),
    N_("outcome"), N_("taken"), N_("tied"), N_("no bids"),
)

__all__ = ["N_", "VIEW_WORDS", "WORDS", "_", "ngettext"]
