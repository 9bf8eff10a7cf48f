"""Notebook views of the game: the card table (anywidget), the scoring calculator, the what-if explorer, charts.

This is the only part of the package that imports ipywidgets or altair; the core works without them. Importing
it is light: the card table and the calculator come at once, the explorer (numpy, scipy) and the charts
(altair, whose import takes seconds) only when they are first used.

- ``CardTable`` / ``card_table()``: a match against the bots of ``expeditions.advice.LEVELS`` on a card table;
- ``LessonTable`` / ``lesson_table()``: the tutorial's lessons on the same card table, in its lesson mode;
- ``ScoringCalculator``: click cards into expeditions and see each one scored step by step;
- ``score_progress_chart(round)``: the sides' scores turn by turn, as an altair chart;
- ``WhatIfExplorer`` / ``what_if_explorer()``: a hand (or a position) valued by the three models side by side;
- ``value_chart``, ``bonus_chart``, ``distribution_chart``, ``break_even_chart``, ``tips_chart``,
  ``tips_verdict_chart``, ``estimates_chart``: the explorer's and the strategy tips' charts (``explorer_charts``).
"""

from __future__ import annotations

import importlib
from typing import Any

from ..edition import installed_only
from .calculator import ScoringCalculator
from .card_table import CardTable, card_table
from .cards import card_button, card_toggle

_LAZY = {
    "LessonTable": "lessons", "lesson_table": "lessons",
    "score_history": "charts", "score_progress_chart": "charts",
    "ProgressExecutor": ".analysis.parallel", "WhatIfExplorer": "explorer", "comparison_html": "explorer_html",
    "values_table": "explorer_html", "what_if_explorer": "explorer", "what_if_position": ".session.explorer",
    "answer_html": "explorer_html", "bonus_chart": "explorer_charts", "break_even_chart": "explorer_charts",
    "chart_svg": "explorer_charts", "distribution_chart": "explorer_charts",
    "estimates_chart": "explorer_charts", "tips_chart": "explorer_charts", "tips_verdict_chart": "explorer_charts",
    "value_chart": "explorer_charts",
}
"""Names imported on first use, and the module each comes from (a module of the widgets, or, with a leading dot,
of the package: the explorer's position and the progress executor live below the widgets)."""


NEEDS = {"explorer": ("The what-if explorer", "explore"), "explorer_charts": ("Drawing charts", "notebooks"),
         "charts": ("Drawing charts", "notebooks"), "lessons": ("The lessons", "learn")}
"""What each lazily imported module is, in words, and the command that serves it: for the message when it needs
a package that is missing (numpy, altair: the edition in the browser has neither)."""


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'expeditions.widgets' has no attribute {name!r}")
    try:
        found = importlib.import_module(f".{module}", __name__)
    except ModuleNotFoundError as missing:
        raise installed_only(missing, *NEEDS[module]) from None
    return getattr(found, name)


__all__ = [
    "CardTable", "LessonTable", "ProgressExecutor", "ScoringCalculator", "WhatIfExplorer", "answer_html", "bonus_chart",
    "break_even_chart", "card_button", "card_table", "card_toggle", "chart_svg", "comparison_html", "distribution_chart",
    "estimates_chart", "lesson_table", "score_history",
    "score_progress_chart", "tips_chart", "tips_verdict_chart", "value_chart", "values_table", "what_if_explorer",
    "what_if_position",
]
