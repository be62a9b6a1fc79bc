"""Greed's words for people, in the player's language: the game's own message catalog (domain ``greed``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("greed", "highstakes.catalog.greed")
_ = WORDS.gettext
ngettext = WORDS.ngettext

__all__ = ["N_", "WORDS", "_", "ngettext"]
