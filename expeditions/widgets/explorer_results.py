"""The what-if explorer's results on the form: the answer, the models side by side, and the charts.

``ResultsView`` holds the widgets that show what the explorer session computed (``session.explorer``): the answer
in one sentence, the table of the models (only the suits that matter unless *show all suits*), the charts of the
values and of the bonus, and the distribution of one suit's final score, opened on the answer's suit and option.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from ..analysis import StartValues
from ..errors import ExpeditionsError
from ..session.explorer import Explorer
from .cards import classed, suit_label
from .explorer_html import answer_html, comparison_html


class ResultsView:
    """The results' widgets of an explorer (its form places them) and how they are drawn from the ``session``."""

    def __init__(self, session: Explorer) -> None:
        self.session = session
        self._quiet = False
        self.table = classed(widgets.HTML(), "xp-explorer-table")
        self.answer = classed(widgets.HTML(), "xp-explorer-recommendation")
        self.show_all = classed(widgets.Checkbox(value=False, description="show all suits", indent=False,
                                                  tooltip="also the suits you hold no card of and nobody has started"),
                                 "xp-explorer-show-all")
        self.suit = classed(widgets.Dropdown(description="distribution of", layout=widgets.Layout(width="20em"),
                                              style={"description_width": "initial"}), "xp-explorer-suit")
        self.option = classed(widgets.Dropdown(description="option", layout=widgets.Layout(width="26em"),
                                                style={"description_width": "initial"}), "xp-explorer-option")
        self.charts: dict[str, widgets.HTML] = {
            name: classed(widgets.HTML(), "xp-explorer-chart", f"xp-explorer-chart-{name}")
            for name in ("values", "bonus", "distribution")
        }
        self.suit.observe(self._on_suit, names="value")
        self.show_all.observe(lambda _: self.render(fresh=False), names="value")
        self.option.observe(lambda _: self._render_distribution(), names="value")

    def shown_suits(self) -> tuple[str, ...]:
        """The suits the table and the charts show: those that matter (held, or started by either side),
        or every suit with *show all suits* ticked."""
        values = self.session.values
        return self.session.rules.suits if values is None else values.shown_suits(self.show_all.value)

    def render(self, fresh: bool = True) -> None:
        """Show the results: the answer, the table and the charts; ``fresh`` results open the distribution
        chart on the recommended suit and option (else the suit and option chosen stay where they can)."""
        values = self.session.values
        if values is None:
            self.answer.value = ""
            self.table.value = ""
            for chart in self.charts.values():
                chart.value = ""
            self.set_suits(fresh)
            return
        from .explorer_charts import bonus_chart, chart_svg, value_chart  # altair: imported when a chart is first drawn

        rec = self.session.recommendation
        assert rec is not None, "values come with their recommendation"
        self.answer.value = answer_html(rec, self.session.beside_moves())
        self.table.value = comparison_html(values, rec, show_all=self.show_all.value)
        shown = values.only(self.shown_suits())
        self.charts["values"].value = chart_svg(value_chart(shown))
        self.charts["bonus"].value = chart_svg(bonus_chart(shown))
        self.set_suits(fresh)
        self._render_distribution()

    def set_suits(self, fresh: bool) -> None:
        """The suits of the distribution chart: those shown; on fresh results the recommended one, with
        the recommended option."""
        suits = self.shown_suits()
        rec = self.session.recommendation
        if fresh and rec is not None and rec.option is not None and rec.suit in suits:
            suit: str | None = rec.suit
        else:
            suit = self.suit.value if self.suit.value in suits else suits[0]
        self._quiet = True
        try:
            self.suit.options = [(suit_label(s), s) for s in suits]
            self.suit.value = suit
            self._set_options()
            if fresh and rec is not None and rec.option is not None and rec.suit == suit:
                self.option.value = f"{rec.option.option}:{rec.option.investments}"
        finally:
            self._quiet = False

    def _on_suit(self, change: dict[str, object]) -> None:
        if self._quiet:
            return
        self._set_options()
        self._render_distribution()

    def _set_options(self) -> None:
        """The options of the suit chosen for the distribution chart, keeping the one chosen where it still is."""
        values = self.session.values
        options: list[tuple[str, str]] = []
        if values is not None and self.suit.value is not None:
            seen = dict.fromkeys((r.decision, f"{r.option}:{r.investments}") for r in values.rows if r.suit == self.suit.value)
            options = list(seen)
        keep = self.option.value if self.option.value in [v for _, v in options] else (options[0][1] if options else None)
        quiet = self._quiet
        self._quiet = True
        try:
            self.option.options = options
            self.option.value = keep
        finally:
            self._quiet = quiet

    def _render_distribution(self) -> None:
        if self._quiet:  # the options are being reset: the chart follows once they are
            return
        values = self.session.values
        if values is None or self.suit.value is None:
            self.charts["distribution"].value = ""
            return
        from .explorer_charts import chart_svg  # altair: imported when a chart is first drawn

        self.charts["distribution"].value = chart_svg(self.distribution_chart(self.suit.value))

    def value_chart(self) -> Any:
        """The expected value per suit and option with intervals, every model computed (an altair chart)."""
        from .explorer_charts import value_chart

        return value_chart(self._require())

    def bonus_chart(self) -> Any:
        """The chance of the bonus per suit and option, every model computed (an altair chart)."""
        from .explorer_charts import bonus_chart

        return bonus_chart(self._require())

    def distribution_chart(self, suit: str | None = None, option: str | None = None, investments: int | None = None) -> Any:
        """The distribution of one suit's final score (default: the suit and option chosen in the widget)."""
        if option is None and investments is None and isinstance(self.option.value, str):
            option, count = self.option.value.split(":")
            investments = int(count)
        from .explorer_charts import distribution_chart

        return distribution_chart(self._require(), suit or self.suit.value, option, investments)

    def _require(self) -> StartValues:
        values = self.session.values
        if values is None:
            raise ExpeditionsError("nothing is computed yet: click Compute (or call compute()) first")
        return values



__all__ = ["ResultsView"]
