"""The play notebook (02) in JupyterLab: Run All, then play a few turns on its card table by gestures and by the
keys, checked against a twin dealt with the notebook's parameters (``pages.TableApp``). The table's keys must
reach the table, not JupyterLab's shortcuts (no cell is cut, added or run by them)."""

from __future__ import annotations

import random

from pages import (
    APP_VIEWPORT,
    ARTIFACTS,
    NOTEBOOKS,
    TableApp,
    fresh_page,
    open_in_jupyterlab,
    plain_move,
    run_all_cells,
    save_screenshot,
    watch,
)
from playwright.sync_api import Browser, expect
from servers import TOKEN, run_notebooks_tool

from expeditions.session import Session
from expeditions.widgets import CardTable

NOTEBOOK = "02-play.ipynb"


def test_a_few_turns_on_the_table_of_notebook_02(browser: Browser, jupyterlab: str) -> None:
    import nbformat

    params = run_notebooks_tool().parameters_of(nbformat.read(str(NOTEBOOKS / NOTEBOOK), as_version=4))
    with fresh_page(browser) as page:
        page.set_viewport_size(APP_VIEWPORT)  # 1,000 px wide, JupyterLab's file browser open beside the notebook
        seen = watch(page)
        try:
            panel = open_in_jupyterlab(page, jupyterlab, TOKEN, NOTEBOOK)
            run_all_cells(page, panel, NOTEBOOK)
            cells = panel.locator(".jp-Cell").count()
            root = panel.get_by_test_id("card-table").first
            root.scroll_into_view_if_needed()
            twin = CardTable(session=Session(params["RULE_SET"], level=params["LEVEL"], seed=params["SEED"],
                                             rounds=params["ROUNDS"] or None), pause=0, background=False)
            app = TableApp.on(page, twin, root)
            rng = random.Random(2)
            for _ in range(3):
                app.move(plain_move(app.session.round, rng))
            assert len(app.session.round.moves) == 6

            # The keys: a number selects, P lays it on its expedition, Enter draws off the deck.
            move = next((m for m in app.session.round.legal_moves() if m.kind == "play" and m.draw == "deck"), None)
            if move is None:
                move = next(m for m in app.session.round.legal_moves() if m.kind == "discard" and m.draw == "deck")
            index = app.session.hand.index(move.cards[0])
            root.click(position={"x": 5, "y": 5})  # focus the table, as a click on it does
            target = "expedition" if move.kind == "play" else "discard"
            for key, message in [(str(index + 1), {"action": "select", "index": index}),
                                 ("p" if move.kind == "play" else "d", {"action": "lay", "target": target}),
                                 ("Enter", {"action": "deck"})]:
                page.keyboard.press(key)
                twin.act(message)
                app.check()
            assert app.session.round.moves[6] == move
            expect(panel.locator(".jp-Cell")).to_have_count(cells)  # JupyterLab's own shortcuts did nothing
            expect(panel.locator(".jp-Cell.jp-mod-editMode")).to_have_count(0)  # Enter drew a card, it did not edit a cell
            assert seen.errors == []
            app.press("hint", {"action": "hint"})
            root.screenshot(path=str(ARTIFACTS / "jupyterlab-play-table.png"))
        finally:
            save_screenshot(page, "jupyterlab-play-notebook")
