"""Hints and reviews on the card table of the play app (Voila, 1,000 px wide), played by gestures only.

The game starts from a short position, loaded as a user loads a saved game (the Load button): the 9♦ in your
hand fits only the bot's diamonds, your other cards are dead for both sides, 13 cards are left in the deck
(``positions.gift``). A hint's marks on the table must be the best move's card, target and draw source as
``rank_moves`` gives them here; the review, computed here too (``review``), must fill in on the page move by
move and end with the same moments, each with its picture of the table at that moment, in the table's colours.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pages import APP_VIEWPORT, NOTEBOOKS, TableApp, open_voila_app, save_screenshot, text_of
from playwright.sync_api import Locator, Page, expect
from positions import gift  # tests/: the positions where the best move is known
from servers import app_copy

import expeditions as ex
from expeditions.advice import rank_moves, review
from expeditions.session import Session
from expeditions.widgets import CardTable
from expeditions.words import LETTER_CARD

SERVED = "play-app-help.ipynb"
FOUR = {"D": "rgb(21, 101, 192)", "H": "rgb(211, 47, 47)"}
"""The table's ♦ and ♥ in the four-colour deck (``card_table.css``); in the two-colour deck ♦ is the ♥ red."""

_WATCH_JS = """root => {
    root.xtSeen = {busy: [], hintBusy: false, done: []};
    const look = () => {
        const seen = root.xtSeen;
        if (seen.busy[seen.busy.length - 1] !== root.dataset.busy) seen.busy.push(root.dataset.busy);
        if (root.querySelector('[data-testid=hint-panel][aria-busy=true]')) seen.hintBusy = true;
        const review = root.querySelector('[data-testid=review-result]');
        const done = review ? review.dataset.done + '/' + review.dataset.complete : null;
        if (done !== null && seen.done[seen.done.length - 1] !== done) seen.done.push(done);
    };
    new MutationObserver(look).observe(root, {subtree: true, childList: true, attributes: true});
    look();
}"""
"""Record, from now on, every value the table's ``data-busy`` takes, whether the hint panel showed its progress,
and every step of the review the page showed (``done/complete``)."""


@pytest.fixture(scope="module")
def served(notebooks_dir: Path) -> Path:
    app_copy(NOTEBOOKS / "play-app.ipynb", notebooks_dir / SERVED, seed=5, pause=0.1)
    return notebooks_dir


def load_position(page: Page, app: TableApp, game: ex.Round, tmp_path: Path) -> None:
    """Load ``game`` as a user loads a saved game: its record uploaded with the Load button."""
    record = tmp_path / "short-game.json"
    record.write_text(game.to_json(), encoding="utf-8")
    with page.expect_file_chooser() as chooser:
        app.el("load").click()
    chooser.value.set_files(str(record))
    app.twin.act({"action": "load", "name": record.name, "text": record.read_text(encoding="utf-8")})
    app.check()
    assert app.message().startswith("Loaded short-game.json: ") and app.session.hand == game.hand(0)


def marked(root: Locator) -> list[str]:
    """The elements of the table marked ``data-hint="best"``: what, and where."""
    found: list[str] = root.locator("[data-hint=best]").evaluate_all(
        "es => es.map(e => [e.dataset.testid, e.dataset.card || e.dataset.suit || ''].join(':'))")
    return sorted(found)


def colour_of(locator: Locator) -> str:
    return str(locator.evaluate("e => getComputedStyle(e).color"))


def test_a_hint_is_outlined_on_the_table_and_a_review_fills_in_with_its_pictures(page: Page, voila: str, served: Path,
                                                                               tmp_path: Path) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, SERVED, served)
    app = TableApp.on(page, CardTable(session=Session(level="Normal", seed=5), pause=0, background=False))
    table = app.root
    load_position(page, app, gift(), tmp_path)
    table.evaluate(_WATCH_JS)

    # Hint: the button shows at once that it works; then the best move is outlined on the table.
    hints = rank_moves(app.session.round.observation(0))  # the oracle, asked here
    app.press("hint", {"action": "hint"})
    watched = table.evaluate("root => root.xtSeen")
    assert "true" in watched["busy"] and watched["hintBusy"]
    assert (str(hints.card), hints.target, hints.draw) == ("2H", "discard", "deck")
    assert marked(table) == sorted([f"hand-card:{hints.card}", f"discard-pile:{hints.card.suit}", "deck:"])
    expect(table.locator("[data-testid=discard-pile][data-hint=best]")).to_have_attribute("data-hint-label", "best: discard here")
    expect(table.locator("[data-testid=deck][data-hint=best]")).to_have_attribute("data-hint-label", "best: draw here")
    panel = app.el("hint-panel")
    expect(panel.get_by_test_id("hint-units")).to_contain_text("final score difference, in points")
    lines = panel.get_by_test_id("hint-line")
    expect(lines).to_have_count(len(app.twin.view["hint"]["lines"]))
    groups = lines.evaluate_all("ls => ls.map(l => l.dataset.group)")
    assert groups == ["best", "about as good", "about as good", "about as good", "worse"]
    expect(lines.first).to_contain_text("Discard 2♥, draw from the deck")
    expect(lines.last).to_contain_text("Discard 9♦, draw from the deck")
    expect(lines.last).to_contain_text(re.compile(r"\d+ points worse \[\d+, \d+\]"))
    expect(panel).to_contain_text("About as good: too close to call")
    assert not LETTER_CARD.search(text_of(panel)) and text_of(panel).count("plays left") == 1
    save_screenshot(page, "help-hint-on-the-table")

    # The slip the hint warns of, then the round played out, all by gestures.
    app.move(ex.Move.parse("discard 9D, draw deck"))
    assert marked(table) == []  # the hint was for the position it was asked in
    made = 1 + app.finish_round(lambda rnd: rnd.legal_moves()[0])
    over = app.el("round-over")
    expect(over).to_contain_text("Round 1 is over")

    # Review: it fills in move by move, then shows the moments with their pictures.
    table.get_by_test_id("review").click()
    result = over.get_by_test_id("review-result")
    expect(result).to_have_attribute("data-complete", "true")
    steps = [s for s in table.evaluate("root => root.xtSeen.done")]
    assert steps[0] in ("0/false", "1/false") and steps[-1] == f"{made}/true"
    assert [int(s.split("/")[0]) for s in steps] == sorted(int(s.split("/")[0]) for s in steps) and len(steps) >= 3
    app.twin.act({"action": "review"})
    app.check()
    oracle = review(app.session.round, 0)
    expect(result.get_by_test_id("review-summary")).to_have_text(oracle.summary)
    moments = result.get_by_test_id("review-moment")
    expect(moments).to_have_count(len(oracle.moments))
    assert len(oracle.moments) >= 2
    for i, moment in enumerate(oracle.moments):
        shown = moments.nth(i)
        expect(shown).to_contain_text(moment.headline)
        expect(shown).to_contain_text(f"What went wrong: {moment.wrong}.")
        expect(shown).to_contain_text(f"Better: {moment.instead}.")
        picture = shown.get_by_test_id("review-picture")
        expect(picture).to_be_visible()
        for mark in ("played", "better"):  # each mark where the picture made it
            expect(picture.locator(f"[data-mark~={mark}]")).to_have_count(len(re.findall(rf'data-mark="[^"]*\b{mark}\b', moment.picture)))
    first = moments.first.get_by_test_id("review-picture")
    expect(first.locator("[data-pile=D] [data-mark=played]")).to_have_attribute("title", "9♦")  # your 9♦, onto the ♦ pile
    expect(first.locator("[data-pile=H] [data-mark=better]")).to_have_attribute("title", "2♥")  # the better discard
    assert not LETTER_CARD.search(text_of(result))
    assert moments.first.evaluate("m => m.getBoundingClientRect().right") <= APP_VIEWPORT["width"]

    # The pictures take the table's colours: the four-colour deck, then the two-colour one.
    diamond = first.locator("[data-pile=D] .xp-card").first
    assert colour_of(diamond) == FOUR["D"]
    save_screenshot(page, "help-review-done")
    app.el("hide-scores").click()  # "See the table": the review goes beside it, in the side panel
    side = table.locator(".xt-side [data-testid=review-result]")
    expect(side.get_by_test_id("review-moment")).to_have_count(len(oracle.moments))
    box = side.get_by_test_id("review-picture").first.bounding_box()
    panel_box = table.locator(".xt-side").bounding_box()
    assert box is not None and panel_box is not None and box["x"] + box["width"] <= panel_box["x"] + panel_box["width"]
    save_screenshot(page, "help-review-side-panel")
    table.get_by_test_id("colours").select_option("two")
    expect(table).to_have_attribute("data-palette", "two")
    assert colour_of(side.locator("[data-pile=D] .xp-card").first) == FOUR["H"]  # ♦ red, as on the table
    assert seen.offline_problems() == []
