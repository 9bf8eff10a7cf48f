"""Bots that play Expeditions from what their seat may know (an ``Observation``).

The bots, weakest first (``BOTS``: class name -> factory taking a seed):

- ``Random``: uniform over the legal moves;
- ``Beginner``: the beginner tips of the rule documents as rules of thumb;
- ``Heuristic``: a card-counting bot that looks one move ahead;
- ``Expert``: determinized Monte Carlo search over the hidden cards, guided by the Heuristic.

The opponents a player meets by strength (Easy, Normal, Hard), the hints and the reviews are
``expeditions.advice``'s: they rest on the analyst (``expeditions.analysis.analyst``), one floor up.
The Expert stays here under its own name, for comparison.
"""

from .base import Bot, BotFactory, NoMoveToChoose, RandomBot, SeededBot, play_out
from .beginner import Beginner
from .counting import counting_policy
from .expert import Expert
from .heuristic import Heuristic
from .policies import Policy, playable_policy, playout, sensible_policy, uniform_policy

Random = RandomBot

BOTS: dict[str, BotFactory] = {"Random": RandomBot, "Beginner": Beginner, "Heuristic": Heuristic, "Expert": Expert}
"""Every bot by its class name, weakest first: name -> factory taking a seed (what tournaments seat)."""

__all__ = [
    "BOTS",
    "Beginner",
    "Bot",
    "BotFactory",
    "Expert",
    "Heuristic",
    "NoMoveToChoose",
    "Policy",
    "Random",
    "RandomBot",
    "SeededBot",
    "counting_policy",
    "play_out",
    "playable_policy",
    "playout",
    "sensible_policy",
    "uniform_policy",
]
