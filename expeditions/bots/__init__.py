"""Bots that play Expeditions from what their seat may know (an ``Observation``).

The bots, weakest first (``BOTS``: class name -> factory taking a seed):

- ``Random``: uniform over the legal moves;
- ``Beginner``: the beginner tips of the rule documents as rules of thumb;
- ``Heuristic``: a card-counting bot that looks one move ahead;
- ``Expert``: determinized Monte Carlo search over the hidden cards, guided by the Heuristic.

A player chooses an opponent by strength (``LEVELS``): *Easy* (the Beginner), *Normal* (the
Heuristic, the default: ``DEFAULT_LEVEL``), *Hard* (the Expert), and *Random (practice)*.

``rank_moves`` ranks every legal move by the Expert's estimate, with reasons (hints);
``review`` sets a player's moves in a round beside the Expert's choices.
"""

from .base import Bot, BotFactory, NoMoveToChoose, RandomBot, SeededBot, play_out
from .beginner import Beginner
from .expert import Expert
from .heuristic import Heuristic
from .hints import HintTable, RankedMove, Review, ReviewRow, hint_table, rank_moves, review
from .policies import Policy, playable_policy, playout, sensible_policy, uniform_policy

Random = RandomBot

BOTS: dict[str, BotFactory] = {"Random": RandomBot, "Beginner": Beginner, "Heuristic": Heuristic, "Expert": Expert}
"""Every bot by its class name, weakest first: name -> factory taking a seed (what tournaments seat)."""

LEVELS: dict[str, BotFactory] = {"Easy": Beginner, "Normal": Heuristic, "Hard": Expert, "Random (practice)": RandomBot}
"""The opponents a player chooses from, named by strength (Easy, Normal, Hard), then Random for practice."""

DEFAULT_LEVEL = "Normal"
"""The opponent a new game is played against: the Heuristic."""

__all__ = [
    "BOTS",
    "DEFAULT_LEVEL",
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
    "hint_table",
    "play_out",
    "playable_policy",
    "playout",
    "rank_moves",
    "review",
    "sensible_policy",
    "uniform_policy",
]
