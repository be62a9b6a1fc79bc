"""Millionaire's words for people, in the player's language (domain ``millionaire``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("millionaire", "highstakes.catalog.millionaire")
_ = WORDS.gettext
ngettext = WORDS.ngettext

__all__ = ["N_", "WORDS", "_", "ngettext"]
