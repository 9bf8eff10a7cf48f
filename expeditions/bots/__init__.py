"""Bots that play Expeditions from what their seat may know (an ``Observation``).

The bots, weakest first (``BOTS``: class name -> factory taking a seed):

- ``Random``: uniform over the legal moves;
- ``Beginner``: the beginner tips of the rule documents as rules of thumb;
- ``Heuristic``: a card-counting bot that looks one move ahead;
- ``Expert``: determinized Monte Carlo search over the hidden cards, guided by the Heuristic.

A player chooses an opponent by strength (``LEVELS``): *Easy* (the Beginner), *Normal* (the
Heuristic, the default: ``DEFAULT_LEVEL``), *Hard* (the Expert), and *Random (practice)*.

``rank_moves`` ranks every legal move by the Expert's estimate, with how sure it is and reasons
in words (hints); ``review`` finds the moves of a round that cost points, says what was wrong
with them and what was better, and pictures each of them.
"""

from .base import Bot, BotFactory, NoMoveToChoose, RandomBot, SeededBot, play_out
from .beginner import Beginner
from .counting import counting_policy
from .expert import Expert
from .heuristic import Heuristic
from .hints import Hints, RankedMove, hint_table, rank_moves
from .policies import Policy, playable_policy, playout, sensible_policy, uniform_policy
from .review import Moment, Review, ReviewedMove, review, review_steps

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
    "Hints",
    "Moment",
    "NoMoveToChoose",
    "Policy",
    "Random",
    "RandomBot",
    "RankedMove",
    "Review",
    "ReviewedMove",
    "SeededBot",
    "counting_policy",
    "hint_table",
    "play_out",
    "playable_policy",
    "playout",
    "rank_moves",
    "review",
    "review_steps",
    "sensible_policy",
    "uniform_policy",
]
