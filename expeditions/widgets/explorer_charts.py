"""Charts of the what-if explorer and of the strategy tips (altair), built from tidy rows.

Every chart function returns an ``alt.Chart`` (or a layered or faceted one) whose data are plain
rows, so it renders offline: ``alt.renderers.enable("svg")`` in notebooks, or ``chart_svg(chart)``
for an SVG string (the explorer widget shows its charts that way). Nothing is fetched from a CDN.

- ``value_chart(values)``: the expected final score of each suit's expedition under each option
  (lay now, invest now, wait, never), per model, with 95% intervals;
- ``bonus_chart(values)``: the chance that the expedition reaches the bonus, likewise;
- ``distribution_chart(values, suit, option)``: the distribution of the expedition's final score, one
  panel per model;
- ``break_even_chart(result)``: how many more cards of each suit you need to break even (``analysis.break_even``);
- ``tips_chart(table)``: each tip's computed number against the number it claims;
- ``tips_verdict_chart(table)``: the verdicts, claim by rule set;
- ``estimates_chart(rows, x=...)``: any numbers with their intervals (the variants notebook).

The ``*_rows`` functions give the rows each chart draws, for tests and for readers who want them.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, cast

import altair as alt

from ..analysis import MODELS, BreakEven, StartValues, TipsTable
from ..analysis.exact import OPTIONS
from ..analysis.stats import ExpeditionValue
from ..cards import SUITS, parse_cards
from ..errors import ExpeditionsError
from .cards import suit_label

Row = dict[str, Any]

MODEL_COLOURS = {"exact": "#1f77b4", "suit": "#ff7f0e", "rollout": "#2ca02c"}
"""One colour per model, the same in every chart."""
VERDICT_COLOURS = {"holds": "#2e7d32", "roughly": "#f9a825", "does not hold": "#c62828"}
SUIT_COLOURS = {"H": "#c8102e", "S": "#1a1a1a", "D": "#1f5fbf", "C": "#2e8b3d"}
"""The standard suits in a chart, told apart as in a four-colour deck (♥ red, ♠ black, ♦ blue, ♣ green);
the Lost Cities colours are their own."""
BIN_WIDTH = 5
"""Points per bar of the score distribution."""
CLAIM_WIDTH = 60
"""Characters of a claim shown on a chart axis."""


# --- labels --------------------------------------------------------------------------------------------
def short_claim(claim: str, width: int = CLAIM_WIDTH) -> str:
    """A claim cut to ``width`` characters at a word, with an ellipsis when cut."""
    if len(claim) <= width:
        return claim
    cut = claim[: width - 1].rsplit(" ", 1)[0].rstrip(",;:")
    return cut + "…"


def _model_scale(models: Iterable[str]) -> alt.Scale:
    present = set(models)
    shown = [m for m in MODELS if m in present]
    return alt.Scale(domain=[MODELS[m] for m in shown], range=[MODEL_COLOURS[m] for m in shown])


def option_label(row: ExpeditionValue) -> str:
    """An option in a few words, the same in every model: ``lay 9♠``, ``invest ×2``, ``wait``, ``never``."""
    if row.option == "lay":
        return f"lay {parse_cards(row.card)[0].symbol}"
    if row.option == "invest":
        return f"invest ×{len(row.card.split())}"
    return row.option


def _option_order(values: StartValues) -> list[str]:
    return list(dict.fromkeys(option_label(r) for r in sorted(values.rows, key=lambda r: OPTIONS.index(r.option)
                                                               if r.option else 9)))


# --- the explorer ------------------------------------------------------------------------------------------
def value_rows(values: StartValues) -> list[Row]:
    """One row per suit, model and option (never included: what the expedition scores as it stands):
    its expected final score and gain with their 95% intervals, and its bonus chance."""
    out = []
    for r in values.rows:
        out.append({
            "suit": suit_label(r.suit), "model": MODELS[r.model], "model_key": r.model, "investments": r.investments,
            "option": option_label(r), "decision": r.decision, "value": r.value.value, "low": r.value.low, "high": r.value.high,
            "gain": r.gain.value, "gain_low": r.gain.low, "gain_high": r.gain.high,
            "bonus": r.bonus_chance.value, "bonus_low": r.bonus_chance.low, "bonus_high": r.bonus_chance.high,
            "shown": r.value.format(), "bonus_shown": r.bonus_chance.format(0, percent=True),
        })
    return out


def _suit_order(values: StartValues) -> list[str]:
    return [suit_label(s) for s in values.rules.suits]


def _points_with_intervals(rows: list[Row], *, y: str, low: str, high: str, y_title: str, percent: bool,
                           suits: list[str], options: list[str], title: str) -> alt.FacetChart:
    data = alt.Data(values=rows)  # type: ignore[no-untyped-call]
    axis = alt.Axis(format="%") if percent else alt.Axis()
    x = alt.X("option:N", title="option", sort=options, axis=alt.Axis(labelAngle=-30))
    colour = alt.Color("model:N", title="model", scale=_model_scale(r["model_key"] for r in rows))
    offset = alt.XOffset("model:N", scale=alt.Scale(domain=[MODELS[m] for m in MODELS if any(r["model_key"] == m
                                                                                             for r in rows)]))
    tooltip = [alt.Tooltip("decision:N"), alt.Tooltip("model:N"),
               alt.Tooltip("bonus_shown:N" if percent else "shown:N", title="value")]
    base = alt.Chart().encode(x=x, xOffset=offset, color=colour)
    bars = base.mark_rule(strokeWidth=2).encode(y=alt.Y(f"{low}:Q", title=y_title, axis=axis), y2=f"{high}:Q")
    points = base.mark_point(filled=True, size=55).encode(y=alt.Y(f"{y}:Q"), tooltip=tooltip)
    layers: list[Any] = [bars, points]
    if not percent:  # not starting scores 0
        layers.insert(0, alt.Chart().mark_rule(color="#999", strokeDash=[4, 3]).encode(y=alt.datum(0)))
    chart: alt.FacetChart = (
        alt.layer(*layers)
        .properties(width=150, height=200)
        .facet(column=alt.Column("suit:N", title=None, sort=suits), data=data)
        .resolve_scale(x="independent")  # each suit shows its own options
        .properties(title=title)
    )
    return chart


def value_chart(values: StartValues, *, title: str = "Expected final score of the expedition (95% intervals)") -> alt.FacetChart:
    """Per suit, the expected final score of the expedition under each option, one colour per model,
    with 95% intervals; the dashed line is 0, what a suit never started scores."""
    return _points_with_intervals(value_rows(values), y="value", low="low", high="high", y_title="points", percent=False,
                                  suits=_suit_order(values), options=_option_order(values), title=title)


def bonus_chart(values: StartValues, *, title: str = "Chance of the bonus (95% intervals)") -> alt.FacetChart:
    """Per suit, the chance that the expedition ends with enough cards for the bonus, under each option."""
    return _points_with_intervals(value_rows(values), y="bonus", low="bonus_low", high="bonus_high",
                                  y_title=f"chance of {values.rules.bonus_at} cards or more", percent=True,
                                  suits=_suit_order(values), options=_option_order(values), title=title)


def _pick(values: StartValues, suit: str, model: str, option: str | None, investments: int | None) -> ExpeditionValue | None:
    try:
        return values.get(suit, model, option, investments)
    except ExpeditionsError:
        return None


def distribution_rows(values: StartValues, suit: str, option: str | None = None, investments: int | None = None, *,
                      width: int = BIN_WIDTH) -> list[Row]:
    """The distribution of the final score of ``suit``'s expedition under ``option`` (and
    ``investments``; default as ``StartValues.get`` picks), per model, in bars of ``width`` points: rows
    of model, ``start`` and ``end`` of the bar, its ``chance`` and the model's ``mean``."""
    suit = suit.upper()
    out: list[Row] = []
    for model in values.models:
        row = _pick(values, suit, model, option, investments)
        if row is None:
            continue
        bars: dict[int, float] = {}
        for score, chance in row.distribution:
            start = math.floor(score / width) * width
            bars[start] = bars.get(start, 0.0) + chance
        out += [{"model": MODELS[model], "model_key": model, "decision": row.decision, "start": start, "end": start + width,
                 "chance": chance, "mean": row.value.value} for start, chance in sorted(bars.items())]
    return out


def distribution_chart(values: StartValues, suit: str, option: str | None = None, investments: int | None = None, *,
                       title: str | None = None) -> alt.FacetChart:
    """The distribution of the final score of one suit's expedition under one option, one panel per
    model; the black line is the expected score."""
    rows = distribution_rows(values, suit, option, investments)
    data = alt.Data(values=rows)  # type: ignore[no-untyped-call]
    colour = alt.Color("model:N", title="model", scale=_model_scale(r["model_key"] for r in rows), legend=None)
    bars = alt.Chart().mark_bar(opacity=0.85).encode(
        x=alt.X("start:Q", bin="binned", title="final score of the expedition (points)"),
        x2="end:Q",
        y=alt.Y("chance:Q", title="chance", axis=alt.Axis(format="%")),
        color=colour,
        tooltip=[alt.Tooltip("start:Q", title="from"), alt.Tooltip("end:Q", title="below"),
                 alt.Tooltip("chance:Q", format=".1%")],
    )
    mean = alt.Chart().mark_rule(color="black").encode(x=alt.X("mean(mean):Q"))
    decision = rows[0]["decision"] if rows else suit
    chart: alt.FacetChart = (
        alt.layer(bars, mean)
        .properties(width=460, height=110)
        .facet(row=alt.Row("model:N", title=None, sort=[MODELS[m] for m in MODELS]), data=data)
        .properties(title=title or f"Final score of the expedition: {decision} ({BIN_WIDTH}-point bars)")
    )
    return chart


# --- break even ---------------------------------------------------------------------------------------------
def break_even_rows(result: BreakEven) -> list[Row]:
    """One row per suit and count of more cards: the expected score with its interval, the chance to break
    even and the chance that at least that many reach you in time (the last two in %)."""
    out = []
    for r in result.rows:
        for p in r.points:
            out.append({"suit": suit_label(r.suit), "more": p.more, "score": p.score.value, "low": p.score.low,
                        "high": p.score.high, "even": p.even.value, "reach": p.reach.value,
                        "shown": p.score.format(sign=True), "even_shown": p.even.format(0, percent=True),
                        "reach_shown": p.reach.format(0, percent=True), "needed": r.needed})
    return out


def break_even_chart(result: BreakEven, *, title: str = "How many more cards of the suit do you need?") -> alt.VConcatChart:
    """Above: the expedition's expected final score if exactly that many more of the suit's numbers reach
    you (one line per suit, 95% intervals; the dashed line is 0, breaking even). Below: the chance that at
    least that many reach you in time."""
    rows = break_even_rows(result)
    data = alt.Data(values=rows)  # type: ignore[no-untyped-call]
    suits = [suit_label(r.suit) for r in result.rows]
    colour = alt.Color("suit:N", title="suit", scale=alt.Scale(domain=suits, range=[SUIT_COLOURS.get(r.suit, SUITS[r.suit].colour)
                                                                                    for r in result.rows]))
    x = alt.X("more:O", title="more cards of the suit that reach you")
    tooltip = [alt.Tooltip("suit:N"), alt.Tooltip("more:O", title="more cards"), alt.Tooltip("shown:N", title="score"),
               alt.Tooltip("even_shown:N", title="breaks even"), alt.Tooltip("reach_shown:N", title="at least this many come")]
    base = alt.Chart(data).encode(x=x, color=colour)
    zero = alt.Chart(data).mark_rule(color="#999", strokeDash=[4, 3]).encode(y=alt.datum(0))
    score = alt.layer(
        zero,
        base.mark_line(point=True).encode(y=alt.Y("score:Q", title="expected final score"), tooltip=tooltip),
        base.mark_rule(strokeWidth=2).encode(y="low:Q", y2="high:Q"),
    ).properties(width=420, height=200)
    reach = base.mark_line(point=True, strokeDash=[5, 2]).encode(
        y=alt.Y("reach:Q", title="at least this many come", axis=alt.Axis(format="%"), scale=alt.Scale(domain=[0, 1])),
        tooltip=tooltip).properties(width=420, height=110)
    chart: alt.VConcatChart = alt.vconcat(score, reach).properties(title=title)
    return chart


# --- the strategy tips -------------------------------------------------------------------------------------
def _orders(table: TipsTable) -> list[int]:
    """Each row's place among the rows of its rule set (the order of the document's tips)."""
    seen: dict[str, int] = {}
    out = []
    for t in table.rows:
        out.append(seen.get(t.rules, 0))
        seen[t.rules] = out[-1] + 1
    return out


def tips_rows(table: TipsTable) -> list[Row]:
    """One row per tip that states a number: the value computed, its interval, and both divided by the
    number claimed (``ratio``: 1 is exactly the tip's number), with the verdict."""
    out = []
    for order, t in zip(_orders(table), table.rows, strict=True):
        if t.claimed is None or t.claimed == 0 or math.isnan(t.value.value):
            continue
        low, high = sorted((t.value.low / t.claimed, t.value.high / t.claimed))
        out.append({"rules": t.rules, "claim": short_claim(t.claim), "full_claim": t.claim, "order": order,
                    "claimed": t.claimed, "value": t.value.value, "low": t.value.low, "high": t.value.high,
                    "ratio": t.value.value / t.claimed, "ratio_low": low, "ratio_high": high, "verdict": t.verdict,
                    "unit": t.unit})
    return out


def _claims_in_order(rows: Sequence[Row]) -> list[str]:
    """Every claim once, in the document's order: each rule set's claims in its own order, a claim that
    only some rule sets have placed right after the claim that comes before it there."""
    ordered: list[str] = []
    for rules in dict.fromkeys(r["rules"] for r in rows):
        previous: str | None = None
        for r in sorted((r for r in rows if r["rules"] == rules), key=lambda r: r["order"]):
            if r["claim"] not in ordered:
                ordered.insert(ordered.index(previous) + 1 if previous is not None else 0, r["claim"])
            previous = r["claim"]
    return ordered


def _verdict_scale() -> alt.Scale:
    return alt.Scale(domain=list(VERDICT_COLOURS), range=list(VERDICT_COLOURS.values()))


def tips_chart(table: TipsTable, *, title: str = "Computed ÷ claimed: 1 is exactly the tip's number") -> alt.LayerChart:
    """Each tip's computed number divided by the number it claims, with its 95% interval and its verdict
    in colour; with several rule sets, one point shape per rule set."""
    rows = tips_rows(table)
    data = alt.Data(values=rows)  # type: ignore[no-untyped-call]
    claims = _claims_in_order(rows)
    several = len({r["rules"] for r in rows}) > 1
    y = alt.Y("claim:N", sort=claims, title=None, axis=alt.Axis(labelLimit=420))
    colour = alt.Color("verdict:N", scale=_verdict_scale(), title="verdict")
    tooltip = [alt.Tooltip("rules:N"), alt.Tooltip("full_claim:N", title="claim"), alt.Tooltip("claimed:Q"),
               alt.Tooltip("value:Q", format=".3g"), alt.Tooltip("verdict:N")]
    by_rules: dict[str, Any] = {"yOffset": alt.YOffset("rules:N")} if several else {}
    shape: dict[str, Any] = {"shape": alt.Shape("rules:N", title="rule set")} if several else {}
    base = alt.Chart(data).encode(y=y, color=colour, **by_rules)
    one = alt.Chart(data).mark_rule(color="#999", strokeDash=[4, 3]).encode(x=alt.datum(1))
    interval = base.mark_rule(strokeWidth=2).encode(x=alt.X("ratio_low:Q", title="computed ÷ claimed"), x2="ratio_high:Q")
    point = base.mark_point(filled=True, size=60).encode(x="ratio:Q", tooltip=tooltip, **shape)
    chart = alt.layer(one, interval, point).properties(width=380, height=alt.Step(12 if several else 20), title=title)
    return cast(alt.LayerChart, chart)


def verdict_rows(table: TipsTable) -> list[Row]:
    """One row per tip and rule set: the claim, the rule set, the verdict and the value as shown."""
    out = []
    for order, t in zip(_orders(table), table.rows, strict=True):
        percent = t.unit == "%"
        shown = t.value.format(0 if percent else (0 if t.exact and t.value.value == int(t.value.value) else 1), percent=percent)
        out.append({"rules": t.rules, "claim": short_claim(t.claim), "full_claim": t.claim, "order": order,
                    "verdict": t.verdict or "—", "shown": shown.split(" ")[0]})
    return out


def tips_verdict_chart(table: TipsTable, *, title: str = "The strategy tips under each rule set") -> alt.LayerChart:
    """A grid: one line per tip, one column per rule set, coloured by verdict, with the computed number."""
    rows = verdict_rows(table)
    data = alt.Data(values=rows)  # type: ignore[no-untyped-call]
    rule_sets = list(dict.fromkeys(r["rules"] for r in rows))
    y = alt.Y("claim:N", sort=_claims_in_order(rows), title=None, axis=alt.Axis(labelLimit=420))
    x = alt.X("rules:N", sort=rule_sets, title=None, axis=alt.Axis(orient="top", labelAngle=-30))
    cells = alt.Chart(data).mark_rect(stroke="white").encode(
        x=x, y=y, color=alt.Color("verdict:N", scale=_verdict_scale(), title="verdict"),
        tooltip=[alt.Tooltip("rules:N"), alt.Tooltip("full_claim:N", title="claim"), alt.Tooltip("shown:N", title="computed"),
                 alt.Tooltip("verdict:N")])
    text = alt.Chart(data).mark_text(fontSize=10, color="white").encode(x=x, y=y, text="shown:N")
    chart = alt.layer(cells, text).properties(width=alt.Step(78), height=alt.Step(22), title=title)
    return cast(alt.LayerChart, chart)


# --- any numbers with intervals ---------------------------------------------------------------------------
def estimates_chart(rows: Iterable[Mapping[str, Any]], *, x: str, y: str = "value", low: str = "low", high: str = "high",
                    colour: str | None = None, column: str | None = None, x_title: str | None = None,
                    y_title: str = "value", title: str = "", zero: bool = False, sort: Sequence[str] | None = None,
                    claim: float | None = None) -> Any:
    """Points with 95% interval bars: ``x`` a category, ``y`` the number, ``low``/``high`` its interval
    (keys of each row); optional ``colour`` and ``column`` keys (their values keep the order in which
    they first appear); ``zero`` draws a dashed line at 0, ``claim`` a red dashed one at a number claimed (a
    tip's). Returns a layered (or faceted) altair chart."""
    data_rows = [dict(r) for r in rows]
    data = alt.Data(values=data_rows)  # type: ignore[no-untyped-call]

    def first_seen(key: str) -> list[Any]:
        return list(dict.fromkeys(r[key] for r in data_rows))

    x_enc = alt.X(f"{x}:N", title=x if x_title is None else x_title, sort=list(sort) if sort else first_seen(x),
                  axis=alt.Axis(labelAngle=-30, labelLimit=200))
    extra: dict[str, Any] = {}
    if colour:
        extra["color"] = alt.Color(f"{colour}:N", title=colour, scale=alt.Scale(domain=first_seen(colour)))
        extra["xOffset"] = alt.XOffset(f"{colour}:N", scale=alt.Scale(domain=first_seen(colour)))
    tooltip = [alt.Tooltip(f"{x}:N"), alt.Tooltip(f"{y}:Q", format=".3g"), alt.Tooltip(f"{low}:Q", format=".3g"),
               alt.Tooltip(f"{high}:Q", format=".3g")] + ([alt.Tooltip(f"{colour}:N")] if colour else [])

    def chart_of() -> alt.Chart:
        return alt.Chart() if column else alt.Chart(data)  # a faceted chart takes its data at the top

    base = chart_of().encode(x=x_enc, **extra)
    layers: list[Any] = [
        base.mark_rule(strokeWidth=2).encode(y=alt.Y(f"{low}:Q", title=y_title), y2=f"{high}:Q"),
        base.mark_point(filled=True, size=55).encode(y=f"{y}:Q", tooltip=tooltip),
    ]
    if zero:
        layers.insert(0, chart_of().mark_rule(color="#999", strokeDash=[4, 3]).encode(y=alt.datum(0)))
    if claim is not None:
        layers.append(chart_of().mark_rule(color="#c62828", strokeDash=[4, 3]).encode(y=alt.datum(claim)))
    step = 12 if colour else 36  # with colours, the step is each coloured point's
    layered = alt.layer(*layers).properties(width=alt.Step(step), height=220)
    chart: Any = layered
    if column:
        chart = layered.facet(column=alt.Column(f"{column}:N", title=None, sort=first_seen(column)), data=data)
    return chart.properties(title=title) if title else chart


# --- SVG -----------------------------------------------------------------------------------------------------
def chart_svg(chart: Any) -> str:
    """The chart as an SVG string (vl-convert, offline)."""
    buffer = io.StringIO()
    chart.save(buffer, format="svg")
    return buffer.getvalue()
