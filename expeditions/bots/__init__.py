"""Bots that play Expeditions from what their seat may know (an ``Observation``)."""

from .base import Bot, BotFactory, RandomBot, play_out
from .policies import Policy, playable_policy, playout, uniform_policy

Random = RandomBot

LEVELS: dict[str, BotFactory] = {"Random": RandomBot}
"""The bot levels a reader can play against, weakest first: name -> factory taking a seed."""

__all__ = ["LEVELS", "Bot", "BotFactory", "Policy", "Random", "RandomBot", "play_out", "playable_policy", "playout", "uniform_policy"]
