"""Game-independent players. Game-specific strong bots live with their game."""

from highstakes.bots.base import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
