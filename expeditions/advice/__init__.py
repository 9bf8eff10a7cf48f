"""Advice: what a player is told, and who they play, all from one analyst.

- ``rank_moves(observation)``: a hint, every legal move ranked by the analyst
  (``expeditions.analysis.analyst``) with its paired difference to the best and its group (best,
  about as good, not decided, worse), with reasons in words (``hints``);
- ``review(round, seat)``: the few moves of a round that cost points, what was wrong with them,
  what was better, and par: the Hard bot replaying your seat on the same deal (``review``);
- ``mistake_kind(move)``: what kind of mistake a costly move of a review made, in plain words, and
  ``review_figures(reviews)``: a game's reviews as your games keep them (``mistakes``);
- ``Hard``: the Hard bot, a search on the analyst with the Expert's search as a second opinion (``hard``);
- ``LEVELS``: the opponents by strength, Easy, Normal, Hard and Random for practice (``levels``).

A hint and a review of the same position give the same verdict: the analyst's deals are seeded
from the position.
"""

from .hard import ENGINE_HARD, HARD, SECOND_OPINION, Hard, SecondOpinion
from .hints import Hints, RankedMove, hint_table, rank_moves
from .levels import DEFAULT_LEVEL, LEVEL_WORDS, LEVELS
from .mistakes import MISTAKE_KINDS, mistake_kind, review_figures
from .review import Moment, Par, Review, ReviewedMove, review, review_steps

__all__ = ["DEFAULT_LEVEL", "ENGINE_HARD", "HARD", "LEVELS", "LEVEL_WORDS", "MISTAKE_KINDS", "SECOND_OPINION", "Hard", "Hints",
           "Moment", "Par", "RankedMove", "Review", "ReviewedMove", "SecondOpinion", "hint_table", "mistake_kind", "rank_moves",
           "review", "review_figures", "review_steps"]
