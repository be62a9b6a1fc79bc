"""Game-independent players and the loop that lets bots play. Strong bots live with their game."""

from highstakes.bots.base import Bot, RandomBot
from highstakes.bots.registry import available_bots, make_bot
from highstakes.bots.runner import play_out

__all__ = ["Bot", "RandomBot", "available_bots", "make_bot", "play_out"]
