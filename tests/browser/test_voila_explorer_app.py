"""The explorer app (``notebooks/explorer-app.ipynb``, ``make explorer``) in Voila: a title and the what-if
explorer, nothing computed until you ask; Compute values the hand as ``expeditions.analysis.start_values`` does;
typing a new hand and pressing only *Run rollouts* gives the whole answer: the sentence first, the table of the
three models and the charts, the distribution opened on the answer's suit.

The oracle is the analysis run in this process with the app's settings: models 1 and 2 as ``start_values``
gives them, model 3 on as many positions as the page says it played (the rollouts stop at a precision, so the
count is read from the page), and ``analysis.recommend`` of the lot."""

from __future__ import annotations

import re

from pages import APP_VIEWPORT, ARTIFACTS, ExplorerApp, open_voila_app, save_screenshot
from playwright.sync_api import Page, expect

from expeditions.analysis import recommend, start_values
from expeditions.session.explorer import merged, what_if_position
from expeditions.widgets.cards import suit_label
from expeditions.widgets.explorer_charts import chart_svg, distribution_chart
from expeditions.widgets.explorer_html import comparison_html

NOTEBOOK = "explorer-app.ipynb"
HAND = "2H 5H KH 9S 10S QD"
TYPED = "4H 6H 8H JH 9S 3C"
"""A new hand, typed in: four hearts with the investment J♥, a lone 9♠ and 3♣."""
DONE = re.compile(r"^done: ([\d,]+) positions in \d+\.\d s, intervals within ±\d+\.\d points$")


def test_the_explorer_app_waits_for_compute_and_then_values_the_hand(page: Page, voila: str) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, NOTEBOOK)
    expect(page.locator("h1")).to_have_text(re.compile(r"^Expeditions: what-if explorer"))
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
    app = ExplorerApp.on(page)
    expect(app.hand_box()).to_have_value(HAND)
    expect(app.area("xp-explorer-table")).to_have_text("")  # nothing computed at load
    expect(app.area("xp-explorer-recommendation")).to_have_text("")
    app.compute()
    values = start_values(HAND, "expeditions", models=("exact", "suit"), n=20_000, seed=0)
    rec = recommend(values)
    app.expect_table(comparison_html(values, rec))
    expect(app.el(".xp-explorer-sentence")).to_have_text(rec.headline)  # by model 2, until the rollouts run
    assert "run the rollouts, model 3" in rec.headline
    assert seen.offline_problems() == []
    save_screenshot(page, "explorer-app")


def test_a_typed_hand_and_only_run_rollouts_give_the_sentence_the_table_and_a_chart(page: Page, voila: str) -> None:
    page.set_viewport_size({"width": 1300, "height": 900})
    seen = open_voila_app(page, voila, NOTEBOOK)
    app = ExplorerApp.on(page)
    app.type_hand(TYPED)
    app.run_rollouts()  # no Compute
    progress = app.area("xp-explorer-progress-text")
    expect(progress).to_have_text(DONE, timeout=120_000)
    match = DONE.match(progress.inner_text().strip())
    assert match is not None
    positions = int(match.group(1).replace(",", ""))

    # The oracle: the same position, models 1 and 2, and model 3 on as many positions as the page played.
    pos = what_if_position("expeditions", TYPED)
    first = start_values(pos, models=("exact", "suit"), n=20_000, seed=0)
    third = start_values(pos, models=3, seed=0, precision=1e-9, time_limit=600, max_positions=positions)
    values = merged(first, third)
    assert values is not None and values.models == ("exact", "suit", "rollout")
    rec = recommend(values)
    assert rec.model == "rollout" and rec.option is not None

    # The answer first: one sentence, then what the other models say when they disagree.
    sentence = app.el(".xp-explorer-sentence")
    expect(sentence).to_have_text(rec.headline)
    if rec.disagreement:
        expect(app.el(".xp-explorer-disagreement")).to_have_text(rec.disagreement)
    answer_box = app.el(".xp-explorer-advice").bounding_box()
    table_box = app.el(".xp-explorer-table table").bounding_box()
    assert answer_box is not None and table_box is not None and answer_box["y"] < table_box["y"]  # it reads first
    # The table of all three models, the answer marked in model 3's column; only the suits that matter.
    app.expect_table(comparison_html(values, rec))
    expect(app.el(".xp-explorer-table .xp-recommended")).to_have_count(1)
    assert [row[0] for row in app.table()[1:] if row[0]] == [suit_label(s) for s in values.suits_in_play]
    expect(app.area("xp-explorer-message")).to_have_text(
        "computed model 1: exact ceiling, model 2: suit simulation, model 3: full-round rollouts")
    # The distribution chart: drawn, on the answer's suit and option, never empty.
    expect(app.el(".xp-explorer-suit select")).to_have_value(suit_label(rec.option.suit))  # a select's value: its label
    expect(app.el(".xp-explorer-option select")).to_have_value(rec.option.decision)
    expect(app.chart("distribution")).to_be_visible()
    app.expect_chart("distribution", chart_svg(distribution_chart(values, rec.option.suit, rec.option.option,
                                                                  rec.option.investments)))
    assert len(app.chart_labels("distribution")) > 10
    for name in ("values", "bonus"):
        expect(app.chart(name)).to_be_visible()

    # Show all suits: the rest come in; the answer stays.
    app.el(".xp-explorer-show-all input").check()
    app.expect_table(comparison_html(values, rec, show_all=True))
    expect(sentence).to_have_text(rec.headline)
    assert seen.offline_problems() == []

    ARTIFACTS.mkdir(exist_ok=True)
    app.el(".xp-explorer-show-all input").uncheck()
    app.expect_table(comparison_html(values, rec))
    app.el(".xp-explorer-recommendation").screenshot(path=str(ARTIFACTS / "explorer-answer.png"))
    app.el(".xp-explorer-table").screenshot(path=str(ARTIFACTS / "explorer-answer-table.png"))
    app.el(".xp-explorer-chart-distribution").screenshot(path=str(ARTIFACTS / "explorer-answer-distribution.png"))
    save_screenshot(page, "explorer-app-run-rollouts-only")
