"""Charts of your games (altair), drawn from the figures of ``expeditions.history.figures``.

Each chart takes the figures as ``win_rates``, ``score_differences``, ``review_costs`` and ``mistake_kinds``
give them and returns an altair chart whose data are plain rows, so it renders offline:
``alt.renderers.enable("svg")`` in a notebook (vl-convert); nothing is fetched from a CDN. The ``*_rows``
functions give the rows each chart draws, for tests and for readers who want them.

- ``win_rate_chart(rates)``: the win rate against each level (ties count half, in %) with its 95% interval,
  the rated games and the practice games apart, and a dashed line at an even match;
- ``difference_chart(points)``: the score difference game by game in the order played (hollow points are
  practice games), with a dashed line at 0;
- ``cost_chart(points)``: what each reviewed game's costly moves cost, with its 95% interval, game by game;
- ``mistakes_chart(counts)``: the kinds of mistakes the reviews found, most often made first.

Charts live with the widgets, the one floor that imports altair: ``expeditions.history`` (the store and its figures)
runs on the standard library alone.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, cast

import altair as alt

from ..history.figures import CostPoint, GamePoint, MistakeCount, WinRate

Row = dict[str, Any]

RATED, PRACTICE = "rated", "practice"
"""How a chart names the two kinds of games: rated (no Undo) and practice (kept apart)."""
KIND_COLOURS = {RATED: "#1c7ed6", PRACTICE: "#f08c00"}
"""One colour per kind of game, the same in every chart."""
WIDTH, HEIGHT = 420, 220


def _kind(practice: bool) -> str:
    return PRACTICE if practice else RATED


def _kinds_scale(rows: Iterable[Row]) -> alt.Scale:
    present = {r["kind"] for r in rows}
    shown = [k for k in (RATED, PRACTICE) if k in present]
    return alt.Scale(domain=shown, range=[KIND_COLOURS[k] for k in shown])


def _data(rows: list[Row]) -> alt.Data:
    return alt.Data(values=rows)  # type: ignore[no-untyped-call]


def _layered(*layers: Any, width: Any, title: str) -> alt.LayerChart:
    """The layers drawn over each other, sized and titled."""
    return cast(alt.LayerChart, alt.layer(*layers).properties(width=width, height=HEIGHT, title=title))


def _game_axis(title: str) -> alt.X:
    return alt.X("game:Q", title=title, axis=alt.Axis(tickMinStep=1, format="d"))


# --- the win rate by level -------------------------------------------------------------------------------------
def win_rate_rows(rates: Iterable[WinRate]) -> list[Row]:
    """One row per level and kind of game (rated or practice): the games, wins, ties and losses, and the win rate
    in % (ties count half) with the ends of its 95% interval, and the rate as shown in words."""
    return [{"level": r.level, "kind": _kind(r.practice), "games": r.games, "wins": r.wins, "ties": r.ties,
             "losses": r.losses, "rate": 100 * r.rate.value, "low": 100 * r.rate.low, "high": 100 * r.rate.high,
             "shown": f"{100 * r.rate.value:.0f}% [{100 * r.rate.low:.0f}, {100 * r.rate.high:.0f}] of {r.games}"}
            for r in rates]


def win_rate_chart(rates: Iterable[WinRate], *,
                   title: str = "Win rate against each level (ties count half), with 95% intervals") -> alt.LayerChart:
    """The win rate against each level in %, a point with its 95% interval for the rated games and one for the
    practice games, in the order of ``rates``; a dashed line at 50%, an even match."""
    rows = win_rate_rows(rates)
    data = _data(rows)
    levels = list(dict.fromkeys(r["level"] for r in rows))
    scale = _kinds_scale(rows)
    base = alt.Chart(data).encode(
        x=alt.X("level:N", title="against", sort=levels, axis=alt.Axis(labelAngle=0)),
        xOffset=alt.XOffset("kind:N", scale=alt.Scale(domain=scale.domain)),
        color=alt.Color("kind:N", title="games", scale=scale))
    tooltip = [alt.Tooltip("level:N", title="against"), alt.Tooltip("kind:N", title="games"),
               alt.Tooltip("shown:N", title="win rate"), alt.Tooltip("wins:Q"), alt.Tooltip("ties:Q"),
               alt.Tooltip("losses:Q")]
    even = alt.Chart(data).mark_rule(color="#999", strokeDash=[4, 3]).encode(y=alt.datum(50))
    bars = base.mark_rule(strokeWidth=2).encode(
        y=alt.Y("low:Q", title="you win (%)", scale=alt.Scale(domain=[0, 100])), y2="high:Q")
    points = base.mark_point(filled=True, size=60).encode(y="rate:Q", tooltip=tooltip)
    return _layered(even, bars, points, width=alt.Step(60), title=title)


# --- the score difference per game ----------------------------------------------------------------------------
def difference_rows(points: Iterable[GamePoint]) -> list[Row]:
    """One row per game: its number in the order played, the day it finished (UTC), its rules, level and kind, and
    the score difference (your score minus the best other side's)."""
    return [{"game": p.number, "finished": p.finished.date().isoformat(), "rules": p.rules, "level": p.level,
             "kind": _kind(p.practice), "difference": p.value} for p in points]


def difference_chart(points: Iterable[GamePoint], *,
                     title: str = "Score difference per game: your score minus the opponent's") -> alt.LayerChart:
    """The score difference of each game in the order played: a grey line through the games, a point per game
    coloured by its level (hollow for a practice game), and a dashed line at 0 (above it, you won)."""
    rows = difference_rows(points)
    data = _data(rows)
    x = _game_axis("game, in the order played")
    levels = list(dict.fromkeys(r["level"] for r in rows))
    tooltip = [alt.Tooltip("game:Q"), alt.Tooltip("finished:N"), alt.Tooltip("level:N", title="against"),
               alt.Tooltip("kind:N", title="games"), alt.Tooltip("difference:Q")]
    zero = alt.Chart(data).mark_rule(color="#999", strokeDash=[4, 3]).encode(y=alt.datum(0))
    line = alt.Chart(data).mark_line(color="#bbb").encode(x=x, y=alt.Y("difference:Q", title="points"))
    colour = alt.Color("level:N", title="against", sort=levels)
    rings = alt.Chart(data).mark_point(size=60, strokeWidth=2).encode(x=x, y="difference:Q", color=colour, tooltip=tooltip)
    dots = rings.mark_point(size=60, filled=True).transform_filter(alt.datum.kind == RATED)
    return _layered(zero, line, rings, dots, width=WIDTH, title=title)


# --- the review's cost per game -------------------------------------------------------------------------------
def cost_rows(points: Iterable[CostPoint]) -> list[Row]:
    """One row per reviewed game: its number among the reviewed games in the order played, the day it finished
    (UTC), its level and kind, what its costly moves cost with the ends of its 95% interval, how many there were,
    and the review's par (``None`` when it gives none)."""
    return [{"game": p.number, "finished": p.finished.date().isoformat(), "rules": p.rules, "level": p.level,
             "kind": _kind(p.practice), "cost": p.cost.value, "low": p.cost.low, "high": p.cost.high,
             "costly_moves": p.costly_moves, "par": p.par} for p in points]


def cost_chart(points: Iterable[CostPoint], *,
               title: str = "What your mistakes cost, per reviewed game, with 95% intervals") -> alt.LayerChart:
    """The points each reviewed game's costly moves lost, in the order played: a point with its 95% interval per
    game, coloured by kind of game (rated or practice)."""
    rows = cost_rows(points)
    data = _data(rows)
    x = alt.X("game:O", title="reviewed game, in the order played", axis=alt.Axis(labelAngle=0))
    colour = alt.Color("kind:N", title="games", scale=_kinds_scale(rows))
    tooltip = [alt.Tooltip("game:Q", title="reviewed game"), alt.Tooltip("finished:N"),
               alt.Tooltip("level:N", title="against"), alt.Tooltip("cost:Q", format=".1f"),
               alt.Tooltip("low:Q", format=".1f"), alt.Tooltip("high:Q", format=".1f"), alt.Tooltip("costly_moves:Q")]
    bars = alt.Chart(data).mark_rule(strokeWidth=2).encode(
        x=x, y=alt.Y("low:Q", title="points lost", scale=alt.Scale(zero=True)), y2="high:Q", color=colour)
    dots = alt.Chart(data).mark_point(filled=True, size=60).encode(x=x, y="cost:Q", color=colour, tooltip=tooltip)
    return _layered(bars, dots, width=WIDTH, title=title)


# --- the kinds of mistakes --------------------------------------------------------------------------------------
def mistake_rows(counts: Iterable[MistakeCount], meanings: Mapping[str, str] | None = None) -> list[Row]:
    """One row per kind of mistake, in the order given (``mistake_kinds`` gives the most often made first): the
    times the reviews found it, in how many games, and what it means (from ``meanings``, such as
    ``expeditions.advice.MISTAKE_KINDS``; empty when it does not say)."""
    words = meanings or {}
    return [{"kind": c.kind, "times": c.times, "games": c.games, "meaning": words.get(c.kind, "")} for c in counts]


def mistakes_chart(counts: Iterable[MistakeCount], meanings: Mapping[str, str] | None = None, *,
                   title: str = "The kinds of mistakes the reviews found, most often made first") -> alt.Chart:
    """A bar per kind of mistake, as long as the times the reviews found it, the most often made at the top; the
    tooltip says what the kind means."""
    rows = mistake_rows(counts, meanings)
    chart: alt.Chart = alt.Chart(_data(rows)).mark_bar(color="#c2255c").encode(
        x=alt.X("times:Q", title="times the reviews found it", axis=alt.Axis(tickMinStep=1, format="d")),
        y=alt.Y("kind:N", title=None, sort=[r["kind"] for r in rows], axis=alt.Axis(labelLimit=260)),
        tooltip=[alt.Tooltip("kind:N"), alt.Tooltip("times:Q"), alt.Tooltip("games:Q"), alt.Tooltip("meaning:N")],
    ).properties(width=WIDTH - 120, height=alt.Step(22), title=title)
    return chart


__all__ = ["KIND_COLOURS", "PRACTICE", "RATED", "cost_chart", "cost_rows", "difference_chart", "difference_rows",
           "mistake_rows", "mistakes_chart", "win_rate_chart", "win_rate_rows"]
