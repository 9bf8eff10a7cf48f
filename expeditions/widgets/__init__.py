"""Notebook views of the game (ipywidgets 8): the play table and the scoring calculator.

This is the only part of the package that imports ipywidgets or altair; the core works without them.

- ``PlayTable`` / ``play_table()``: a match against the bots of ``expeditions.bots.LEVELS``;
- ``ScoringCalculator``: click cards into expeditions and see each one scored step by step;
- ``score_progress_chart(round)``: the sides' scores turn by turn, as an altair chart.
"""

from .calculator import ScoringCalculator
from .cards import card_button, card_toggle
from .charts import score_history, score_progress_chart
from .table import HintProvider, PlayTable, ReviewProvider, hints_html, play_table, seats_of_moves

__all__ = [
    "HintProvider", "PlayTable", "ReviewProvider", "ScoringCalculator", "card_button", "card_toggle", "hints_html", "play_table",
    "score_history", "score_progress_chart", "seats_of_moves",
]
