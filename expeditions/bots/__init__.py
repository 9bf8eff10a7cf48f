"""Bots that play Expeditions from what their seat may know (an ``Observation``).

The levels, weakest first (``LEVELS``: name -> factory taking a seed):

- ``Random``: uniform over the legal moves;
- ``Beginner``: the beginner tips of the rule documents as rules of thumb;
- ``Heuristic``: a card-counting bot that looks one move ahead;
- ``Expert``: determinized Monte Carlo search over the hidden cards, guided by the Heuristic.

``rank_moves`` ranks every legal move by the Expert's estimate, with reasons (hints);
``review`` sets a player's moves in a round beside the Expert's choices.
"""

from .base import Bot, BotFactory, NoMoveToChoose, RandomBot, SeededBot, play_out
from .beginner import Beginner
from .counting import counting_policy
from .expert import Expert
from .heuristic import Heuristic
from .hints import HintTable, RankedMove, Review, ReviewRow, hint_table, rank_moves, review
from .policies import Policy, playable_policy, playout, sensible_policy, uniform_policy

Random = RandomBot

LEVELS: dict[str, BotFactory] = {"Random": RandomBot, "Beginner": Beginner, "Heuristic": Heuristic, "Expert": Expert}
"""The bot levels a reader can play against, weakest first: name -> factory taking a seed."""

__all__ = [
    "LEVELS",
    "Beginner",
    "Bot",
    "BotFactory",
    "Expert",
    "Heuristic",
    "HintTable",
    "NoMoveToChoose",
    "Policy",
    "Random",
    "RandomBot",
    "RankedMove",
    "Review",
    "ReviewRow",
    "SeededBot",
    "counting_policy",
    "hint_table",
    "play_out",
    "playable_policy",
    "playout",
    "rank_moves",
    "review",
    "sensible_policy",
    "uniform_policy",
]
