"""Millionaire's bots (placeholder until the knower bots land)."""

from highstakes.engine.parts import BotInfo

BOTS: tuple[BotInfo, ...] = ()
