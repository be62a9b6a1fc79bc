"""What a bot is (the protocol lives in the engine, where every game's bots can import it)."""

from highstakes.engine.bot import Bot, RandomBot

__all__ = ["Bot", "RandomBot"]
