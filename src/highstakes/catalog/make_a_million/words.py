"""Make-A-Million's words for people, in the player's language (domain ``make_a_million``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("make_a_million", "highstakes.catalog.make_a_million")
_ = WORDS.gettext
ngettext = WORDS.ngettext

#: The view's keys and words as the generic tables show them ("trick winner"), so that they
#: read in the player's language there too.
VIEW_WORDS = (
    N_("auction"), N_("bear"), N_("bid"), N_("bidder"), N_("bids"), N_("bull"), N_("captured"),
    N_("card"), N_("cards"), N_("cards this deal"), N_("colour"), N_("current"), N_("deal"),
    N_("deal number"), N_("dealer"), N_("discard"), N_("discards"), N_("game"), N_("hand"),
    N_("hand sizes"), N_("have bid"), N_("high bid"), N_("high bidder"), N_("history"), N_("last trick"),
    N_("made"), N_("max bid"), N_("min bid"), N_("misdeal polled"), N_("money discarded"),
    N_("partnership"), N_("passed"), N_("phase"), N_("play"), N_("previous tricks"), N_("scored"),
    N_("scores"), N_("seats"), N_("sides"), N_("taken"), N_("target"), N_("tiger"), N_("trick"),
    N_("trick bids"), N_("trick colour"), N_("trick complete"), N_("trick number"), N_("trick winner"),
    N_("tricks"), N_("tricks taken"), N_("tricks won"), N_("trump"), N_("trumps played"), N_("turned"),
    N_("value"), N_("variant"), N_("variation"), N_("widow"), N_("winner"), N_("winners"),
    # Silent Partner's and the misdeal's, which short random games seldom reach.
    N_("called"), N_("partners revealed"), N_("partner"), N_("team"), N_("call"), N_("silent partner"),
    N_("no trump"), N_("misdeal"),
)

__all__ = ["N_", "VIEW_WORDS", "WORDS", "_", "ngettext"]
