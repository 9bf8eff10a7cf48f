"""Notebook views of the game (ipywidgets 8): the play table and the scoring calculator.

This is the only part of the package that imports ipywidgets or altair; the core works without them.

- ``PlayTable`` / ``play_table()``: a match against the bots of ``expeditions.bots.LEVELS``;
- ``ScoringCalculator``: click cards into expeditions and see each one scored step by step;
- ``score_progress_chart(round)``: the sides' scores turn by turn, as an altair chart;
- ``WhatIfExplorer`` / ``what_if_explorer()``: a hand (or a position) valued by the three models side by side;
- ``value_chart``, ``bonus_chart``, ``distribution_chart``, ``tips_chart``, ``tips_verdict_chart``,
  ``estimates_chart``: the explorer's and the strategy tips' charts (``explorer_charts``).
"""

from .calculator import ScoringCalculator
from .cards import card_button, card_toggle
from .charts import score_history, score_progress_chart
from .explorer import ProgressExecutor, WhatIfExplorer, comparison_html, values_table, what_if_explorer, what_if_position
from .explorer_charts import bonus_chart, chart_svg, distribution_chart, estimates_chart, tips_chart, tips_verdict_chart, value_chart
from .table import HintProvider, PlayTable, ReviewProvider, hints_html, play_table, seats_of_moves

__all__ = [
    "HintProvider", "PlayTable", "ProgressExecutor", "ReviewProvider", "ScoringCalculator", "WhatIfExplorer", "bonus_chart",
    "card_button", "card_toggle", "chart_svg", "comparison_html", "distribution_chart", "estimates_chart", "hints_html",
    "play_table", "score_history", "score_progress_chart", "seats_of_moves", "tips_chart", "tips_verdict_chart", "value_chart",
    "values_table", "what_if_explorer", "what_if_position",
]
