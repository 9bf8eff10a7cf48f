"""The play app's table fits the window, opens its help, and answers its keys (Voila).

At 1280 x 720 (a laptop), 1366 x 768 (a common desktop) and 390 x 844 (a phone), a few moves into a round, the
hand, the turn indicator and both rows of expeditions lie inside the window without scrolling; the round's badge
sits in the bar, over nothing of the table; the game's settings (Save, Load, the rule set, the colours) are on the
screen, or one click away in the bar's Game menu. The help panel shows the rules of the game on the table as
``expeditions.widgets.help.help_view`` writes them (the oracle), how they differ from Lost Cities, and the keys.
The keys work from the moment the page is open, with nothing clicked, and after a click on any button.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pages import NOTEBOOKS, TableApp, open_voila_app, plain_move, save_screenshot, squash
from playwright.sync_api import Locator, Page, ViewportSize, expect
from servers import app_copy

import expeditions as ex
from expeditions.session import Session
from expeditions.widgets import CardTable
from expeditions.widgets.help import help_view

SERVED = "play-app-layout.ipynb"
SEED = 21
SIZES: tuple[ViewportSize, ...] = ({"width": 1280, "height": 720}, {"width": 1366, "height": 768}, {"width": 390, "height": 844})
_TO_TOP = "() => { window.scrollTo(0, 0); document.querySelectorAll('*').forEach(e => { if (e.scrollTop) e.scrollTop = 0; }); }"


@pytest.fixture(scope="module")
def served(notebooks_dir: Path) -> Path:
    app_copy(NOTEBOOKS / "play-app.ipynb", notebooks_dir / SERVED, seed=SEED, pause=0.1)
    return notebooks_dir


def open_table(page: Page, voila: str, served: Path, size: ViewportSize) -> TableApp:
    page.set_viewport_size(size)
    seen = open_voila_app(page, voila, SERVED, served)
    app = TableApp.on(page, CardTable(session=Session(level="Normal", seed=SEED), pause=0, background=False))
    assert seen.offline_problems() == []
    return app


def box_of(locator: Locator) -> dict[str, float]:
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not shown"
    return box


def inside(box: dict[str, float], outer: dict[str, float]) -> bool:
    return (box["x"] >= outer["x"] - 0.5 and box["y"] >= outer["y"] - 0.5 and box["x"] + box["width"] <= outer["x"] + outer["width"] + 0.5
            and box["y"] + box["height"] <= outer["y"] + outer["height"] + 0.5)


def test_the_table_fits_each_window_without_scrolling(page: Page, voila: str, served: Path) -> None:
    app = open_table(page, voila, served, SIZES[0])
    rng = random.Random(SEED)
    for _ in range(10):  # expeditions of several cards on both sides
        app.move(plain_move(app.session.round, rng))
    longest = max(len(cards) for side in range(2) for cards in app.session.round.expeditions(side).values())
    assert longest >= 4
    for size in SIZES:
        page.set_viewport_size(size)
        page.evaluate(_TO_TOP)
        page.wait_for_timeout(200)
        window = {"x": 0, "y": 0, "width": size["width"], "height": size["height"]}
        name = f"{size['width']}x{size['height']}"
        save_screenshot(page, f"layout-{name}")
        shown = {"the turn indicator": app.el("status").locator(".xt-pill"),
                 "your row": app.root.locator("[data-testid=side][data-side=you]"),
                 "the opponent's row": app.root.locator("[data-testid=side][data-side=opponent]"), "the deck": app.el("deck")}
        shown |= {f"hand card {i + 1}": card for i, card in enumerate(app.el("hand-card").all())}
        outside = {what: box_of(el) for what, el in shown.items() if not inside(box_of(el), window)}
        assert not outside, f"at {name}, outside the window: {outside}"
        assert len(app.el("hand-card").all()) == 6
        hand = [box_of(card) for card in app.el("hand-card").all()]
        assert len({round(b["y"]) for b in hand}) == 1, f"at {name} the hand wraps onto two lines"
        bar = box_of(app.root.locator(".xt-bar"))
        assert inside(box_of(app.el("round")), bar), f"at {name} the round's badge is not in the bar"
        assert box_of(app.el("round"))["y"] + box_of(app.el("round"))["height"] <= box_of(app.root.locator(".xt-felt"))["y"]
        if size["width"] >= 1000:  # the settings beside the table
            for testid in ("save", "load", "rule-set", "colours", "level", "new-game"):
                assert inside(box_of(app.el(testid)), window), f"at {name} {testid} is off the screen"
        else:  # one click away, in the bar's Game menu
            expect(app.el("save")).to_be_hidden()
            app.el("menu-button").click()
            for testid in ("save", "load", "rule-set", "colours", "level", "new-game"):
                expect(app.el(testid)).to_be_visible()
                assert inside(box_of(app.el(testid)), window), f"at {name} {testid} is off the screen in the menu"
            save_screenshot(page, f"layout-{name}-menu")
            app.el("menu-button").click()
            expect(app.el("save")).to_be_hidden()


def test_the_help_panel_says_the_rules_how_they_differ_from_lost_cities_and_the_keys(page: Page, voila: str, served: Path) -> None:
    app = open_table(page, voila, served, SIZES[0])
    expect(app.el("help-panel")).to_have_count(0)
    app.el("help-button").click()
    panel = app.el("help-panel")
    expect(panel).to_be_visible()
    want = help_view(ex.rules("expeditions"))
    expect(panel.locator("h3")).to_have_text(want["title"])
    items = [squash(t) for t in panel.locator("li").all_text_contents()]
    assert items == want["rules"] + want["differences"] + want["gestures"]
    assert any("Lost Cities" in line for line in want["differences"])
    assert "How these rules differ from Lost Cities" in (panel.text_content() or "")
    keys = panel.get_by_test_id("help-keys").locator("tr")
    expect(keys).to_have_count(len(want["keys"]))
    assert [squash(k) for k in keys.all_inner_texts()] == [squash(f"{key} {what}") for key, what in want["keys"]]
    assert inside(box_of(panel), {"x": 0, "y": 0, "width": SIZES[0]["width"], "height": SIZES[0]["height"]})
    save_screenshot(page, "help-panel")
    page.keyboard.press("Escape")
    expect(panel).to_have_count(0)
    page.keyboard.press("?")
    expect(app.el("help-panel")).to_be_visible()
    app.el("help-close").click()
    expect(app.el("help-panel")).to_have_count(0)


def test_another_rule_set_gets_its_own_help(page: Page, voila: str, served: Path) -> None:
    app = open_table(page, voila, served, SIZES[1])
    app.el("rule-set").select_option("lost-cities")
    app.el("new-game").click()
    app.wait()
    app.el("help-button").click()
    want = help_view(ex.rules("lost-cities"))
    expect(app.el("help-panel").locator("h3")).to_have_text(want["title"])
    expect(app.el("help-panel")).to_contain_text(want["differences"][0])


def keyed_move(app: TableApp, rng: random.Random) -> None:
    """Make a move by keys alone: the card's number, P or D, then Enter (the deck)."""
    move = plain_move(app.session.round, rng)
    if move.draw != "deck":
        move = next(m for m in app.session.round.legal_moves() if m.cards and m.cards[0] == move.cards[0] and m.kind == move.kind
                    and m.draw == "deck")
    index = app.session.hand.index(move.cards[0])
    app.key(str(index + 1), {"action": "select", "index": index})
    app.key("p" if move.kind == "play" else "d", {"action": "lay", "target": "expedition" if move.kind == "play" else "discard"})
    app.key("Enter", {"action": "deck"})


def test_keys_work_from_page_load_and_after_any_button(page: Page, voila: str, served: Path) -> None:
    app = open_table(page, voila, served, SIZES[0])
    rng = random.Random(4)
    assert page.evaluate("() => document.activeElement === document.body")  # nothing clicked, nothing focused
    before = app.session.round.turn
    keyed_move(app, rng)
    assert app.session.round.turn >= before + 2  # your move and the bot's answer
    app.press("hint", {"action": "hint"})
    keyed_move(app, rng)
    app.key("u", {"action": "undo"})
    app.press("undo", {"action": "undo"})
    keyed_move(app, rng)
    app.el("help-button").click()
    page.keyboard.press("Escape")
    expect(app.el("help-panel")).to_have_count(0)
    app.key("h", {"action": "hint"})
    keyed_move(app, rng)
    box = app.el("move-input")
    box.click()  # a text box has the focus: the keys are its own
    page.keyboard.press("1")
    expect(box).to_have_value("1")
    app.check()
