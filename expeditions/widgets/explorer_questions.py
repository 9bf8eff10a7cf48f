"""The questions a strong player asks, on the what-if explorer's form: a tab each, answered in about a second
(*Ask*), then refined in the background to ±1 (*Refine*) with a progress bar, by the explorer session."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as widgets

from .. import analysis
from ..display import note_html
from ..errors import ExpeditionsError
from ..session.explorer import FIRST_PRECISION, FIRST_SECONDS, QUESTIONS, Explorer
from ..words import symbolize
from .cards import classed, progress_line
from .explorer_html import ERROR


def _break_even_chart(answer: analysis.BreakEven) -> str:
    from .explorer_charts import break_even_chart, chart_svg  # altair: imported when a chart is first drawn

    return f"<div class='xp-explorer-chart xp-explorer-chart-break-even'>{chart_svg(break_even_chart(answer))}</div>"


CHARTS: dict[str, Callable[[Any], str]] = {"even": _break_even_chart}
"""The questions whose answer is drawn (SVG) above its tables."""


class QuestionTabs(widgets.VBox):  # type: ignore[misc]
    """The questions' tabs of an explorer: ``on_moves()`` is called with each answer to *Which card?* (the answer
    above shows it beside the recommendation), ``say(text, colour)`` writes the form's message line."""

    def __init__(self, session: Explorer, on_moves: Callable[[], None], say: Callable[[str, str], None]) -> None:
        self.session = session
        self._on_moves = on_moves
        self._say = say
        self.answer_views: dict[str, widgets.HTML] = {
            name: classed(widgets.HTML(), "xp-explorer-answer", f"xp-explorer-answer-{name}") for name in QUESTIONS
        }
        self.questions = classed(widgets.Tab(children=list(self.answer_views.values()),
                                              titles=[q.title for q in QUESTIONS.values()]), "xp-explorer-questions")
        self.ask_button = classed(widgets.Button(description="Ask", button_style="primary",
                                                  tooltip="a first answer to the question of the tab shown (about a second)"),
                                   "xp-explorer-ask")
        self.refine_button = classed(widgets.Button(
            description="Refine to ±1", layout=widgets.Layout(width="10em"),
            tooltip="go on playing out positions in the background until every interval is within ±1"), "xp-explorer-refine")
        self.stop_button = classed(widgets.Button(description="Stop", tooltip="stop refining", disabled=True),
                                    "xp-explorer-stop")
        self.ask_progress, self.ask_text = progress_line("precision", "18em", "xp-explorer-ask-progress", "xp-explorer-ask-text")
        self.ask_button.on_click(lambda _: self.ask())
        self.refine_button.on_click(lambda _: self.refine())
        self.stop_button.on_click(lambda _: self.session.stop())
        intro = widgets.HTML("<div style='font-family:sans-serif;margin-top:12px'><b>The questions a strong player asks</b>: "
                             "each answer plays the rest of the round out many times with a card-counting bot for both "
                             "sides (the <i>counting policy</i> of the tables: it counts the cards seen, starts a suit only "
                             "with enough points in hand, lays low cards first and takes pile cards that fit), from "
                             "positions consistent with what you can see, and comes with 95% intervals (Break "
                             "even counts every set of cards still to come, exactly). Each answer starts with a sentence; "
                             "the numbers follow.</div>")
        super().__init__([intro, widgets.HBox([self.ask_button, self.refine_button, self.stop_button, self.ask_progress,
                                               self.ask_text]), self.questions])
        self.add_class("xp-explorer-questions-box")

    def question(self) -> str:
        """The question of the tab shown (a key of ``QUESTIONS``)."""
        return list(QUESTIONS)[self.questions.selected_index or 0]

    def ask(self, name: str | None = None) -> Any:
        """A first answer to question ``name`` (default: the tab shown), about ±3 points within about two
        seconds; shown in its tab, and returned (``None`` when the inputs or the question cannot be answered)."""
        return self._run(name or self.question(), FIRST_PRECISION, FIRST_SECONDS, "first answer")

    def refine(self, name: str | None = None, *, precision: float = 1.0, time_limit: float | None = None,
               background: bool = True) -> Any:
        """Refine question ``name`` (default: the tab shown) until its intervals are within ``±precision``
        or ``time_limit`` seconds (default ``refine_seconds``), showing each better answer as it comes,
        with the progress bar; in the background (the session's thread; Stop ends it), or here with
        ``background=False``."""
        chosen = name or self.question()
        limit = self.session.refine_seconds if time_limit is None else time_limit
        if not background:
            return self._run(chosen, precision, limit, "refined")
        if not self.session.in_background(lambda: self._run(chosen, precision, limit, "refined")):
            self._say("already refining: stop it first", ERROR)
        return None

    def _run(self, name: str, precision: float, limit: float, label: str) -> Any:
        view = self.answer_views[name]
        question = QUESTIONS[name]
        self.stop_button.disabled = label != "refined"
        self.ask_button.disabled = self.refine_button.disabled = True
        self.ask_progress.value = 0
        self.ask_text.value = note_html("playing out positions ...")
        answer = None
        try:
            for answer in self.session.ask(name, precision, limit):
                view.value = self.shown(name, answer)
                if name == "moves":
                    self._on_moves()
                width = answer.width
                self.ask_progress.value = min(100, int(100 * precision / max(width, 1e-9)))
                self.ask_text.value = note_html(f"±{width:.1f} after {answer.positions:,} {question.unit}, "
                                                f"{answer.seconds:.1f} s (target ±{precision:g})")
        except ExpeditionsError as e:
            view.value = note_html(symbolize(str(e), self.session.rules), ERROR)
            self.ask_text.value = ""
            return None
        finally:
            self.stop_button.disabled = True
            self.ask_button.disabled = self.refine_button.disabled = False
        if answer is not None:
            stopped = "stopped" if self.session.stopped and answer.width > precision else label
            if stopped != "stopped":  # done: the precision reached, or (Which card?) every move decided before it
                self.ask_progress.value = 100
            self.ask_text.value = note_html(f"{stopped}: ±{answer.width:.1f} after {answer.positions:,} "
                                            f"{question.unit} in {answer.seconds:.1f} s")
        return answer

    def show_moves(self) -> None:
        """The *Which card?* tab again, once the recommendation it is set beside has changed."""
        if "moves" in self.session.answers:
            self.answer_views["moves"].value = self.shown("moves", self.session.answers["moves"])

    def clear(self) -> None:
        """Every tab empty, the progress at 0 (the inputs changed)."""
        for view in self.answer_views.values():
            view.value = ""
        self.ask_progress.value = 0
        self.ask_text.value = ""

    def shown(self, name: str, answer: Any) -> str:
        """A question's answer as its tab shows it: its chart, the answer beside the recommendation (for
        *Which card?*), its tables."""
        chart = CHARTS.get(name)
        beside = self.session.beside_moves() if name == "moves" else ""
        note = (f"<p class='xp-explorer-beside-moves' style='font-family:sans-serif;font-size:13px'>Beside the answer "
                f"above: {escape(beside)}</p>") if beside else ""
        tables: str = answer._repr_html_()
        return (chart(answer) if chart else "") + note + tables



__all__ = ["CHARTS", "QuestionTabs"]
