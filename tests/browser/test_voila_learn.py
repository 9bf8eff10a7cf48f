"""The learn app (``notebooks/learn-app.ipynb``, ``make learn``) in Voila at 1,000 px wide: the whole main path by the
learner's own gestures (``lesson_path.walk``), and where the learner got to kept by the browser across a reload.

The app is opened as it is served to check that it starts, shows lesson 1 and works offline; the path is walked on a
copy whose bots answer after a short pause (``servers.app_copy``), checked after every gesture against a twin
``LessonTable`` in this process given the same gestures (``pages.LessonApp``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lesson_path import PATH, walk
from pages import APP_VIEWPORT, NOTEBOOKS, LessonApp, open_voila_app, save_screenshot
from playwright.sync_api import Page, expect
from servers import app_copy

from expeditions.widgets import LessonTable
from expeditions.widgets.lessons import STORAGE_KEY

NOTEBOOK = "learn-app.ipynb"
SERVED = "learn-app-quick.ipynb"
PAUSE = 0.1


@pytest.fixture(scope="module")
def quick(notebooks_dir: Path) -> Path:
    """The served folder, with a copy of the app whose bots answer after a short pause."""
    app_copy(NOTEBOOKS / NOTEBOOK, notebooks_dir / SERVED, pause=PAUSE)
    return notebooks_dir


def twin() -> LessonTable:
    return LessonTable(keep="memory", pause=0, background=False)


def test_the_app_is_a_title_and_the_first_lesson(page: Page, voila: str) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, NOTEBOOK)
    expect(page.locator("h1")).to_have_text(re.compile(r"^Expeditions"))
    expect(page.locator(".jp-CodeCell .jp-InputArea")).to_have_count(0)  # an app: no code shown
    app = LessonApp.on(page, twin())
    expect(app.lesson).to_have_attribute("data-lesson", PATH[0].id)
    for testid in ("lesson-progress", "lesson-feedback", "lesson-show-me", "lesson-next", "lesson-back", "lesson-restart",
                   "hand-card", "expedition", "discard-pile", "deck", "status"):
        expect(app.root.get_by_test_id(testid).first).to_be_attached()
    box = app.root.bounding_box()
    assert box is not None and box["x"] + box["width"] <= APP_VIEWPORT["width"]  # it fits the window
    hand = app.root.get_by_test_id("hand-card").last.bounding_box()
    assert hand is not None and hand["y"] + hand["height"] <= APP_VIEWPORT["height"]  # the hand is in sight, unscrolled
    assert seen.offline_problems() == []


def test_the_whole_main_path_by_gestures_and_a_reload_goes_on_where_it_was(page: Page, voila: str, quick: Path) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, SERVED, quick)
    app = LessonApp.on(page, twin())
    walk(app, 1, 4, "learn-app")
    kept = app.twin.tutorial.progress.to_dict()
    assert page.evaluate(f"() => JSON.parse(localStorage.getItem('{STORAGE_KEY}'))") == {"path": kept}

    page.reload()  # the app again, in the same browser: it goes on at the lesson the learner was on
    again = twin()
    again.act({"action": "lesson", "do": "restore", "progress": {"path": kept}})
    app = LessonApp.on(page, again)
    expect(app.lesson).to_have_attribute("data-lesson", PATH[4].id)
    expect(app.root.locator(".xt-dot-done")).to_have_count(4)
    walk(app, 5, len(PATH), "learn-app")
    assert app.twin.tutorial.progress.finished
    expect(app.root.locator(".xt-dot-done")).to_have_count(len(PATH))
    save_screenshot(page, "learn-app-path-finished")

    # The lessons lead on to a real game on the same page: the play app's table against the Normal bot.
    app.root.get_by_test_id("lesson-play").click()
    expect(app.root.get_by_test_id("back-to-lessons")).to_be_visible()
    expect(app.root.get_by_test_id("hint")).to_be_visible()
    expect(app.root.get_by_test_id("hand-card").first).to_be_visible()
    expect(app.root.get_by_test_id("level-note")).to_contain_text("counts the cards")
    save_screenshot(page, "learn-app-real-game")
    app.root.get_by_test_id("back-to-lessons").click()
    expect(app.lesson).to_have_attribute("data-lesson", PATH[-1].id)
    assert seen.offline_problems() == []


def test_the_puzzles_by_gestures_a_miss_then_the_best_move_and_the_rating_kept(page: Page, voila: str, quick: Path) -> None:
    page.set_viewport_size(APP_VIEWPORT)
    seen = open_voila_app(page, voila, SERVED, quick)
    app = LessonApp.on(page, twin())
    app._gesture(app.root.locator("[data-testid=lesson-track][data-track=puzzles]"),
                 {"action": "lesson", "do": "track", "track": "puzzles"})
    puzzle = app.twin.tutorial.puzzle  # type: ignore[attr-defined]
    expect(app.lesson).to_have_attribute("data-lesson", puzzle.id)
    expect(app.el("lesson-progress")).to_contain_text("rating 1,000")
    wrong = next(m for m in app.session.round.legal_moves() if not puzzle.is_best(m) and m.kind in ("play", "discard"))
    app.move(wrong)
    assert app.feedback()["kind"] == "wrong" and "costs about" in app.feedback()["text"]
    app.move(puzzle.best)
    assert app.feedback()["kind"] == "right" and app.feedback()["text"].startswith("Right:")
    expect(app.el("lesson-progress")).to_contain_text("1 solved of")
    expect(app.root.get_by_test_id("lesson-figures")).to_be_attached()
    save_screenshot(page, "learn-app-puzzle")
    app.button("next")
    assert app.twin.tutorial.lesson.id != puzzle.id
    kept = page.evaluate(f"() => JSON.parse(localStorage.getItem('{STORAGE_KEY}'))")
    assert kept["puzzles"]["done"] == [puzzle.id] and kept["puzzles"]["tried"] == [puzzle.id]
    assert kept["puzzles"]["rating"] == app.twin.tutorial.progress.rating
    assert seen.offline_problems() == []
