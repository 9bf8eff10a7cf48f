"""The explorer app (``notebooks/explorer-app.ipynb``, ``make explorer``) in Voila: a title and the what-if
explorer, nothing computed until you ask; Compute values the hand as ``expeditions.analysis.start_values`` does."""

from __future__ import annotations

import re

from pages import APP_VIEWPORT, ExplorerApp, open_voila_app, save_screenshot
from playwright.sync_api import Page, expect

from expeditions.analysis import start_values
from expeditions.widgets.explorer import comparison_html

NOTEBOOK = "explorer-app.ipynb"
HAND = "2H 5H KH 9S 10S QD"


def test_the_explorer_app_waits_for_compute_and_then_values_the_hand(page: Page, voila: str) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, NOTEBOOK)
    expect(page.locator("h1")).to_have_text(re.compile(r"^Expeditions: what-if explorer"))
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)
    app = ExplorerApp.on(page)
    expect(app.hand_box()).to_have_value(HAND)
    expect(app.area("xp-explorer-table")).to_have_text("")  # nothing computed at load
    app.compute()
    values = start_values(HAND, "expeditions", models=("exact", "suit"), n=20_000, seed=0)
    app.expect_table(comparison_html(values))
    assert seen.offline_problems() == []
    save_screenshot(page, "explorer-app")
