"""Pig's words for people, in the reader's language: its own message catalog (domain ``pig``)."""

from __future__ import annotations

from highstakes.i18n import N_, Domain

WORDS = Domain("pig", "highstakes_pig")
_ = WORDS.gettext

__all__ = ["N_", "WORDS", "_"]
