"""The what-if explorer (notebook 03) as a standalone Voila app, used the way a person uses it: see the hand
the notebook values and its charts, type a hand and click Compute, make a mistake and read why it is
refused, clear, click a hand together from the card buttons, run the rollouts (model 3) with their
progress, and ask the questions of a strong player (a first answer, then refined in the background);
the charts are SVG and everything works offline.

Voila takes no parameters and the notebook runs its simulations and rollouts as it loads, so the app served
is a copy of the notebook with its CI-sized parameters applied (``servers.small_copy``). The oracle is
``expeditions.analysis.start_values`` run in this process with the app's settings: after Compute the table
must read exactly as those values, and the charts must be the charts of those values (``pages.ExplorerApp``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pages import (
    ARTIFACTS,
    NOTEBOOKS,
    ExplorerApp,
    aria_labels,
    data_labels,
    expect_svg_chart,
    open_voila_app,
    table_rows,
)
from playwright.sync_api import Page, expect
from servers import small_copy

import expeditions as ex
from expeditions import analysis
from expeditions.analysis import MODELS, StartValues, recommend, start_values
from expeditions.errors import ExpeditionsError
from expeditions.session.explorer import what_if_position
from expeditions.widgets.explorer_charts import bonus_chart, chart_svg, distribution_chart, suit_label, value_chart
from expeditions.widgets.explorer_html import comparison_html
from expeditions.words import cards_words, suit_mark, symbolize

NOTEBOOK = "03-explorer.ipynb"
SERVED = "03-explorer-small.ipynb"
"""The copy with the small parameters, beside the other notebooks in the served folder."""
TYPED = "4H 6H 8H JH 9S 3C"
BAD = "2H 2H 5H 9S 10S QD"
CLICKED = ("2H", "3H", "5H", "9S", "10S", "QD")
"""The bad hand put right, card by card, with the card buttons."""
NUMBER = r"-?\d+\.\d(?: ± \d+\.\d| \[-?\d+\.\d, -?\d+\.\d\])?"
"""A value as the table writes it: ``12.3``, ``12.3 ± 0.4``, ``12.3 [11.0, 13.9]``."""
SIGNED = r"[-+]?\d+\.\d(?: ± \d+\.\d)?"
"""A difference as the table writes it: ``+12.3 ± 0.4``, ``-1.0``, ``0.0 ± 0.0``."""


@pytest.fixture(scope="module")
def small_parameters(notebooks_dir: Path) -> dict[str, Any]:
    """Write the explorer notebook with its small parameters into the served folder; returns the copy's parameters."""
    return small_copy(NOTEBOOKS / NOTEBOOK, notebooks_dir / SERVED)


def shown(values: StartValues) -> StartValues:
    """What the explorer's charts draw: the suits that matter (held, or started by either side)."""
    return values.only(values.suits_in_play)


def headings(models: list[str]) -> list[str]:
    """The table's headings for these models (keys of ``MODELS``)."""
    shown = [MODELS[m] for m in models]
    return ["suit", "option", *shown, f"bonus chance ({' · '.join(m.split(':')[0] for m in shown)})"]


def test_the_explorer_values_a_typed_or_clicked_hand_and_runs_rollouts_offline(
        page: Page, voila: str, notebooks_dir: Path, small_parameters: dict[str, Any]) -> None:
    params = small_parameters
    rules = ex.rules(params["RULE_SET"])

    def oracle(hand: str) -> StartValues:
        """Models 1 and 2 for ``hand``, with the settings of the app (the notebook's parameters)."""
        return start_values(hand, rules, models=("exact", "suit"), n=params["SIMULATIONS"], seed=params["SEED"])

    # The app: every cell ran, nothing fetched from the internet, no script errors.
    seen = open_voila_app(page, voila, SERVED, notebooks_dir)
    app = ExplorerApp.on(page)
    expect(page.locator(".xp-explorer")).to_have_count(2)  # the explorer, and the one set to a position
    assert seen.offline_problems() == []

    # On load: the notebook's hand, valued by all three models (the notebook ran the rollouts), with its charts.
    expect(app.hand_box()).to_have_value(params["HAND"])
    expect(app.area("xp-explorer-progress-text")).to_contain_text("done: ")
    assert app.table()[0] == headings(list(MODELS))
    at_load = oracle(params["HAND"])
    assert [row[:4] for row in app.table()[1:]] == [row[:4] for row in table_rows(comparison_html(at_load))[1:]]
    expect(app.el(".xp-explorer-sentence")).to_contain_text("by playing the round out")  # the answer first, by model 3
    for name, chart in (("values", value_chart), ("bonus", bonus_chart)):
        expect(app.chart(name)).to_be_visible()
        labels = app.chart_labels(name)
        assert all(data_labels(labels, model) for model in MODELS.values()), f"the {name} chart lacks a model"
        expected = aria_labels(chart_svg(chart(shown(at_load))))
        assert data_labels(expected, MODELS["exact"]) | data_labels(expected, MODELS["suit"]) <= set(labels)
    expect(app.chart("distribution")).to_be_visible()
    # The notebook's own charts below the explorer: SVG images too.
    expect_svg_chart(page, "Expected final score of the expedition (95% intervals)")
    late = params["LATE_HAND"]
    expect_svg_chart(page, f"Starting {suit_mark(ex.cards(late)[0].suit)} with {cards_words(ex.cards(late))} as the deck runs down")

    # A hand typed in, Compute: the table reads as start_values gives it here, and the charts are redrawn.
    expect(app.el(".xp-explorer-model-1 input")).to_be_checked()
    expect(app.el(".xp-explorer-model-2 input")).to_be_checked()
    app.type_hand(TYPED)
    app.compute()
    typed = oracle(TYPED)
    app.expect_table(comparison_html(typed, recommend(typed)))
    expect(app.el(".xp-explorer-sentence")).to_have_text(recommend(typed).headline)
    expect(app.area("xp-explorer-message")).to_have_text(f"computed {MODELS['exact']}, {MODELS['suit']}")
    rows = app.table()
    assert rows[0] == headings(["exact", "suit"])
    hearts = typed.get("H", "exact")
    assert rows[1][:2] == [suit_label("H"), "start: lay 4♥ now"] and rows[1][2].startswith(hearts.value.format())
    app.expect_chart("values", chart_svg(value_chart(shown(typed))))
    app.expect_chart("bonus", chart_svg(bonus_chart(shown(typed))))
    chosen = app.el(".xp-explorer-suit select").input_value()  # the suit of the distribution chart, as labelled
    answer = recommend(typed)
    assert answer.option is not None and chosen == suit_label(answer.option.suit)  # it opens on the answer's suit
    app.expect_chart("distribution", chart_svg(distribution_chart(typed, answer.option.suit, answer.option.option,
                                                                  answer.option.investments)))
    expect(app.area("xp-explorer-progress-text")).to_have_text("")  # the rollouts were the other hand's

    # A card twice: refused in the analysis' own words; the old results are gone, nothing breaks.
    app.type_hand(BAD)
    app.compute()
    with pytest.raises(ExpeditionsError) as refused:
        start_values(BAD, rules)
    expect(app.area("xp-explorer-message")).to_have_text(symbolize(str(refused.value), rules))
    message = app.message()
    assert "2♥ appears 2 times" in message and "Error" not in message and "Traceback" not in message
    expect(app.area("xp-explorer-table")).to_have_text("")
    expect(app.chart("values")).to_have_count(0)

    # Clear, then click the hand together from the card buttons (each click registers before the next).
    app.clear()
    for card in CLICKED:
        app.click_card(card)
    expect(app.el(".xp-explorer-cards .xp-selected")).to_have_count(len(CLICKED))
    expect(app.area("xp-explorer-position")).to_contain_text("cards in the deck")
    app.compute()
    clicked = oracle(" ".join(CLICKED))
    app.expect_table(comparison_html(clicked, recommend(clicked)))
    app.expect_chart("values", chart_svg(value_chart(shown(clicked))))

    # Model 3: the rollouts run with the small time limit, the progress text reaches done, the table gains
    # model 3's column; models 1 and 2 keep their values.
    expect(app.el(".xp-explorer-seconds .widget-readout")).to_have_text(f"{params['ROLLOUT_SECONDS']:.0f}")
    app.record_texts("xp-explorer-progress-text")
    app.run_rollouts()
    done = re.compile(r"^done: [\d,]+ positions in \d+\.\d s, intervals within ±\d+\.\d points$")
    expect(app.area("xp-explorer-progress-text")).to_have_text(done)
    progress = app.recorded_texts("xp-explorer-progress-text")
    assert progress[0] == "starting the rollouts ..." and done.match(progress[-1]), progress
    assert any(re.match(r"^[\d,]+ positions played out, \d+\.\d s$", text) for text in progress), progress
    expect(app.el(".xp-explorer-progress .progress-bar")).to_have_attribute("style", re.compile(r"width: 100%"))
    expect(app.area("xp-explorer-message")).to_have_text(f"computed {', '.join(MODELS.values())}")
    expect(app.el(".xp-explorer-table th")).to_have_count(len(headings(list(MODELS))))
    rows = app.table()
    assert rows[0] == headings(list(MODELS))
    lines = rows[1:]
    assert [row[:4] for row in lines] == [row[:4] for row in table_rows(comparison_html(clicked))[1:]]
    for row in lines:
        never = row[1].startswith(("never start", "lay no more"))
        waits = row[1].startswith("wait")
        # The lines of a cell (separated by <br>) run together in its text.
        # Model 3 says what each option adds to your score, then to your score minus the opponent's.
        against = ["never"] if waits else ["never", "waiting"]
        added = "".join(rf"{SIGNED} to your score{measure} vs {name}"
                        for measure in ("", " minus theirs") for name in against)
        cell = NUMBER if never else NUMBER + added
        assert re.fullmatch(cell, row[4]), row
        assert re.fullmatch(r"\d+% · \d+% · \d+%", row[5]), row
    expect(app.el(".xp-explorer-table .xp-recommended")).to_have_count(1)  # the answer, in model 3's column
    expect(app.el(".xp-explorer-sentence")).to_contain_text("(model 3)")
    for name, chart in (("values", value_chart), ("bonus", bonus_chart)):
        app.expect_chart_with(name, MODELS["rollout"])
        expected = aria_labels(chart_svg(chart(shown(clicked))))
        assert data_labels(expected, MODELS["exact"]) | data_labels(expected, MODELS["suit"]) <= set(app.chart_labels(name))

    # The questions of a strong player: Ask gives the analysis' own first answer at once; Refine goes on to ±1
    # in the background with its progress; another tab asks another question.
    position = what_if_position(rules, " ".join(CLICKED), seed=params["SEED"])
    moves = analysis.move_values(position, seed=params["SEED"])
    expect(app.el(".xp-explorer-questions")).to_be_visible()
    app.el(".xp-explorer-ask").click()
    expect(app.area("xp-explorer-ask-text")).to_contain_text("first answer: ±")
    answer = app.el(".xp-explorer-answer-moves tr")
    expect(answer).to_have_count(len(moves.rows) + 1)
    assert answer.evaluate_all("rows => rows.map(r => Array.from(r.cells, c => c.textContent.trim()))") == \
        table_rows(moves._repr_html_())
    ARTIFACTS.mkdir(exist_ok=True)
    app.el(".xp-explorer-questions-box").screenshot(path=str(ARTIFACTS / "explorer-question-moves.png"))
    app.el(".xp-explorer-table").screenshot(path=str(ARTIFACTS / "explorer-options-table.png"))
    app.record_texts("xp-explorer-ask-text")
    app.el(".xp-explorer-refine").click()
    expect(app.area("xp-explorer-ask-text")).to_contain_text("refined: ±", timeout=120_000)
    steps = app.recorded_texts("xp-explorer-ask-text")
    assert any(re.match(r"^±\d+\.\d after [\d,]+ positions, \d+\.\d s \(target ±1\)$", t) for t in steps), steps
    expect(app.el(".xp-explorer-ask-progress .progress-bar")).to_have_attribute("style", re.compile(r"width: 100%"))
    app.el(".xp-explorer-questions [role=tab]").filter(has_text="The opponent").click()
    app.el(".xp-explorer-ask").click()
    expect(app.area("xp-explorer-ask-text")).to_contain_text("first answer: ±")
    expect(app.area("xp-explorer-answer-opponent")).to_contain_text("feeds them")
    expect(app.area("xp-explorer-answer-opponent")).to_contain_text("against the deck")
    expect(app.area("xp-explorer-answer-opponent")).to_contain_text("at least one of them")
    app.el(".xp-explorer-questions-box").screenshot(path=str(ARTIFACTS / "explorer-question-opponent.png"))
    assert seen.offline_problems() == []
