"""The opponents a player meets, named by strength.

*Easy* is the Beginner (the beginner tips of the rule documents as rules of thumb), *Normal* the
Heuristic (it counts cards and looks one move ahead), *Hard* the analyst's search (``hard.Hard``:
every legal move played out on hundreds of sampled deals of the cards it cannot see, the best few
judged a second way by the Expert's search), and
*Random (practice)* any legal move at random. ``LEVEL_WORDS`` says what each is, for a menu.
"""

from __future__ import annotations

from ..bots.base import BotFactory, RandomBot
from ..bots.beginner import Beginner
from ..bots.heuristic import Heuristic
from .hard import Hard

LEVELS: dict[str, BotFactory] = {"Easy": Beginner, "Normal": Heuristic, "Hard": Hard, "Random (practice)": RandomBot}
"""The opponents a player chooses from, named by strength (Easy, Normal, Hard), then Random for practice."""

DEFAULT_LEVEL = "Normal"
"""The opponent a new game is played against: the Heuristic."""

LEVEL_WORDS: dict[str, str] = {
    "Easy": "plays the beginner tips of the rules as rules of thumb",
    "Normal": "counts the cards and looks one move ahead",
    "Hard": "plays every move out on hundreds of deals of the cards it cannot see, judges the best few a second way, and keeps the best",
    "Random (practice)": "plays any legal move, at random",
}
"""What each level is, in a few words."""

__all__ = ["DEFAULT_LEVEL", "LEVELS", "LEVEL_WORDS"]
