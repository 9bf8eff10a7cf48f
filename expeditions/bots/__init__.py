"""Bots that play Expeditions from what their seat may know (an ``Observation``)."""

from .base import Bot, BotFactory, RandomBot, play_out
from .policies import Policy, playable_policy, playout, uniform_policy

Random = RandomBot

__all__ = ["Bot", "BotFactory", "Policy", "Random", "RandomBot", "play_out", "playable_policy", "playout", "uniform_policy"]
