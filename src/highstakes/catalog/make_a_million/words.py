"""Make-A-Million's words for people, in the player's language (domain ``make_a_million``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("make_a_million", "highstakes.catalog.make_a_million")
_ = WORDS.gettext
ngettext = WORDS.ngettext

__all__ = ["N_", "WORDS", "_", "ngettext"]
