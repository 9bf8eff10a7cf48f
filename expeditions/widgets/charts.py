"""Charts of a round (altair). They render offline: use ``alt.renderers.enable("svg")`` (vl-convert)
in notebooks and reports; nothing is fetched from a CDN."""

from __future__ import annotations

from typing import Any

import altair as alt

from ..round import Round
from ..words import SideWords


def score_history(rnd: Round) -> list[dict[str, Any]]:
    """Each side's score after every turn of ``rnd`` (turn 0 is the deal): rows of turn, side, score."""
    positions = [turn.before for turn in rnd.history()] + [rnd]
    names = SideWords(rnd.rules)
    return [{"turn": turn, "side": names.side_name(side), "score": score}
            for turn, position in enumerate(positions) for side, score in enumerate(position.scores())]


def score_progress_chart(rnd: Round, *, title: str = "Score on the table, turn by turn") -> alt.Chart:
    """A line per side: the points its expeditions would score if the round ended after that turn."""
    data = alt.Data(values=score_history(rnd))  # type: ignore[no-untyped-call]
    chart: alt.Chart = (
        alt.Chart(data, title=title)
        .mark_line(interpolate="step-after")
        .encode(
            x=alt.X("turn:Q", title="turn"),
            y=alt.Y("score:Q", title="points"),
            color=alt.Color("side:N", title="side"),
        )
        .properties(width=420, height=220)
    )
    return chart
