"""The charts of your games (``expeditions.widgets.games_charts``): the rows each chart draws, its encodings and titles,
and what the rendered SVG shows. The oracles are counted here: results of games kept in a store, figures made here
with known numbers, and the marks of the SVG that vl-convert draws offline."""

from __future__ import annotations

import html
import random
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

import expeditions as ex
from expeditions.estimate import Estimate
from expeditions.history import CostPoint, GamePoint, GameStore, WinRate, mistake_kinds, win_rates
from expeditions.widgets.games_charts import (
    KIND_COLOURS,
    cost_chart,
    cost_rows,
    difference_chart,
    difference_rows,
    mistake_rows,
    mistakes_chart,
    win_rate_chart,
    win_rate_rows,
)

pytest.importorskip("vl_convert")

DAY = datetime(2026, 3, 2, 9, 30, tzinfo=UTC)


def svg_of(chart: Any) -> str:
    import vl_convert

    return str(vl_convert.vegalite_to_svg(chart.to_dict()))


def symbols(svg: str) -> list[tuple[str, bool]]:
    """Each point drawn: its label (what a screen reader hears) and whether it is filled."""
    return [(m.group(1), " fill=" in m.group(0))
            for m in re.finditer(r'<path aria-label="([^"]*)" role="graphics-symbol" aria-roledescription="point"[^>]*>', svg)]


def layer_encodings(chart: Any) -> list[dict[str, Any]]:
    return [layer.get("encoding", {}) for layer in chart.to_dict()["layer"]]


def a_round(seed: int) -> ex.Round:
    rng = random.Random(seed)
    rnd = ex.deal("expeditions", seed=seed)
    while not rnd.is_over:
        rnd = rnd.play(rng.choice(rnd.legal_moves()))
    return rnd


# --- the win rate by level -----------------------------------------------------------------------------------
def test_the_win_rate_rows_count_the_kept_games_results_in_percent(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite", environ={})
    for n in range(9):
        store.keep(a_round(n), level=("Easy", "Normal", "Easy")[n % 3], finished=DAY + timedelta(hours=n), undo_used=n == 4)
    games = store.games()
    rows = win_rate_rows(win_rates(games, order=["Normal", "Easy"]))
    assert [(r["level"], r["kind"]) for r in rows] == [("Normal", "rated"), ("Easy", "rated"), ("Normal", "practice")]
    for row in rows:
        group = [g for g in games if g.level == row["level"] and g.practice == (row["kind"] == "practice")]
        wins, ties = sum(g.result == "win" for g in group), sum(g.result == "tie" for g in group)
        assert (row["games"], row["wins"], row["ties"], row["losses"]) == (len(group), wins, ties, len(group) - wins - ties)
        assert row["rate"] == pytest.approx(100 * (wins + ties / 2) / len(group))
        assert 0 <= row["low"] <= row["rate"] <= row["high"] <= 100


def test_the_win_rate_chart_draws_each_rate_with_its_interval_beside_an_even_match() -> None:
    rates = [WinRate("Easy", False, 4, 3, 0, 1, Estimate(0.75, 0.3, 0.95, 4)),
             WinRate("Normal", False, 2, 0, 1, 1, Estimate(0.25, 0.05, 0.7, 2)),
             WinRate("Easy", True, 1, 1, 0, 0, Estimate(1.0, 0.2, 1.0, 1))]
    chart = win_rate_chart(rates)
    spec = chart.to_dict()
    assert spec["title"] == "Win rate against each level (ties count half), with 95% intervals"
    assert spec["data"]["values"] == win_rate_rows(rates)
    assert [r["shown"] for r in spec["data"]["values"]] == ["75% [30, 95] of 4", "25% [5, 70] of 2", "100% [20, 100] of 1"]
    even, bars, points = layer_encodings(chart)
    assert even["y"] == {"datum": 50}
    assert (bars["y"]["field"], bars["y2"]["field"], points["y"]["field"]) == ("low", "high", "rate")
    assert bars["y"]["scale"]["domain"] == [0, 100] and bars["x"]["sort"] == ["Easy", "Normal"]
    assert points["color"]["scale"] == {"domain": ["rated", "practice"], "range": [KIND_COLOURS["rated"], KIND_COLOURS["practice"]]}
    drawn = symbols(svg_of(chart))
    assert len(drawn) == 3 and all(filled for _, filled in drawn)
    assert "games: practice" in drawn[2][0] and "against: Easy" in drawn[2][0]


def test_only_the_kinds_of_games_present_get_a_colour() -> None:
    chart = win_rate_chart([WinRate("Hard", False, 3, 1, 0, 2, Estimate(1 / 3, 0.06, 0.79, 3))], title="Mine")
    assert chart.to_dict()["title"] == "Mine"
    assert layer_encodings(chart)[2]["color"]["scale"]["domain"] == ["rated"]


# --- the score difference per game ---------------------------------------------------------------------------
def test_the_difference_chart_draws_every_game_in_order_and_fills_only_the_rated_ones() -> None:
    points = [GamePoint(1, DAY, "a", "expeditions", "Easy", False, 12),
              GamePoint(2, DAY + timedelta(days=1), "b", "expeditions", "Normal", True, -30),
              GamePoint(3, DAY + timedelta(days=2), "c", "expeditions", "Easy", False, 4)]
    rows = difference_rows(points)
    assert rows == [{"game": 1, "finished": "2026-03-02", "rules": "expeditions", "level": "Easy", "kind": "rated", "difference": 12},
                    {"game": 2, "finished": "2026-03-03", "rules": "expeditions", "level": "Normal", "kind": "practice",
                     "difference": -30},
                    {"game": 3, "finished": "2026-03-04", "rules": "expeditions", "level": "Easy", "kind": "rated", "difference": 4}]
    chart = difference_chart(points)
    assert chart.to_dict()["data"]["values"] == rows
    assert chart.to_dict()["title"] == "Score difference per game: your score minus the opponent's"
    zero, line, rings, _ = layer_encodings(chart)
    assert zero["y"] == {"datum": 0} and line["x"]["field"] == "game" and line["y"]["field"] == "difference"
    assert rings["color"]["field"] == "level" and rings["color"]["sort"] == ["Easy", "Normal"]
    drawn = symbols(svg_of(chart))
    rings_drawn = [label for label, filled in drawn if not filled]
    filled_drawn = [label for label, filled in drawn if filled]
    assert len(rings_drawn) == 3  # every game has its ring
    assert [re.search(r"difference: (\S+?);", label).group(1) for label in filled_drawn] == ["12", "4"]  # type: ignore[union-attr]


# --- the review's cost per game --------------------------------------------------------------------------------
def test_the_cost_chart_draws_each_reviewed_games_cost_with_its_interval() -> None:
    points = [CostPoint(1, DAY, "a", "expeditions", "Easy", False, Estimate(48.8, 42.7, 54.9, 512), 8, None),
              CostPoint(2, DAY + timedelta(days=9), "b", "expeditions", "Normal", True, Estimate(3.0, 1.0, 5.0, 512), 1, -4.0)]
    rows = cost_rows(points)
    assert [(r["game"], r["finished"], r["kind"], r["cost"], r["low"], r["high"], r["costly_moves"], r["par"]) for r in rows] == [
        (1, "2026-03-02", "rated", 48.8, 42.7, 54.9, 8, None), (2, "2026-03-11", "practice", 3.0, 1.0, 5.0, 1, -4.0)]
    chart = cost_chart(points)
    spec = chart.to_dict()
    assert spec["data"]["values"] == rows and spec["title"] == "What your mistakes cost, per reviewed game, with 95% intervals"
    bars, dots = layer_encodings(chart)
    assert (bars["y"]["field"], bars["y2"]["field"], dots["y"]["field"]) == ("low", "high", "cost")
    assert bars["y"]["scale"] == {"zero": True} and bars["x"]["type"] == "ordinal"
    drawn = symbols(svg_of(chart))
    assert len(drawn) == 2 and "reviewed game: 2" in drawn[1][0] and "games: practice" in drawn[1][0]


# --- the kinds of mistakes --------------------------------------------------------------------------------------
def test_the_mistakes_chart_keeps_the_order_given_and_says_what_each_kind_means(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "games.sqlite", environ={})
    first = store.keep(a_round(1), level="Easy", finished=DAY)
    second = store.keep(a_round(2), level="Easy", finished=DAY + timedelta(days=1))
    assert first.key is not None and second.key is not None
    store.add_review(first.key, {"cost": 9.0, "low": 4.0, "high": 14.0, "costly_moves": 3,
                                 "mistake_kinds": ["the draw", "a weak start", "the draw"]})
    store.add_review(second.key, {"cost": 2.0, "low": 1.0, "high": 3.0, "costly_moves": 1, "mistake_kinds": ["a weak start"]})
    counts = mistake_kinds(store.games())
    rows = mistake_rows(counts, {"the draw": "where it was drawn from"})
    assert rows == [{"kind": "a weak start", "times": 2, "games": 2, "meaning": ""},
                    {"kind": "the draw", "times": 2, "games": 1, "meaning": "where it was drawn from"}]
    chart = mistakes_chart(counts, {"the draw": "where it was drawn from"})
    spec = chart.to_dict()
    assert spec["data"]["values"] == rows and spec["mark"]["type"] == "bar"
    assert spec["encoding"]["x"]["field"] == "times" and spec["encoding"]["y"]["sort"] == ["a weak start", "the draw"]
    assert spec["title"] == "The kinds of mistakes the reviews found, most often made first"
    svg = svg_of(chart)
    assert svg.count('role="graphics-symbol" aria-roledescription="bar"') == 2
    assert svg.index(">a weak start<") < svg.index(">the draw<")


# --- no figures yet -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("chart", [win_rate_chart, difference_chart, cost_chart, mistakes_chart], ids=lambda f: f.__name__)
def test_a_chart_without_figures_still_renders_its_title_and_no_mark(chart: Any) -> None:
    drawn = chart([])
    title = drawn.to_dict()["title"]
    svg = svg_of(drawn)
    assert svg.startswith("<svg") and f">{title}<" in html.unescape(svg)
    assert symbols(svg) == [] and 'aria-roledescription="bar"' not in svg
