"""The static edition (``make site``: ``build/site/``) served by ``python -m http.server`` on 127.0.0.1, in a
browser that may reach nothing else: every request to another address is blocked and fails the test.

The front page opens the apps; the first two lessons are done by the learner's gestures (``lesson_path.walk``,
checked after every gesture against a twin ``LessonTable`` in this process) and where the learner got to is kept
by the browser across a reload; a move is played against the bot on a table dealt as a twin is; the scoring
calculator scores clicked cards as ``score_board`` does; the lesson whose
judgement needs the expected values answers as the installed edition does, and the what-if explorer says in
words that it needs the installed edition.

The site must have been built first (``make browser-test`` builds it: ``make site``).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest
from lesson_path import PATH, walk
from pages import LOCAL, ROOT, LessonApp, TableApp, plain_move, save_screenshot, text_of
from playwright.sync_api import Page, Route, expect
from servers import _wait_for, free_port

import expeditions as ex
from expeditions import lessons
from expeditions.session import Session
from expeditions.widgets import CardTable, LessonTable
from expeditions.widgets.lessons import STORAGE_KEY

SITE = ROOT / "build" / "site"
STARTUP_MS = 180_000
"""How long the first page of a fresh browser may take to start Python (the benchmark measures it; this is a bound
for a busy machine)."""


def _build_site_module() -> ModuleType:
    import importlib.util

    spec = importlib.util.spec_from_file_location("build_site", ROOT / "tools" / "build_site.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_site"] = module
    spec.loader.exec_module(module)
    return module


BUILD = _build_site_module()


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """``python -m http.server`` serving ``build/site/`` on 127.0.0.1; yields its address."""
    if not (SITE / "index.html").is_file():
        pytest.fail("no static site in build/site/: run `make site` first (`make browser-test` does)")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    log = ROOT / "test-artifacts" / "static-site.log"
    log.parent.mkdir(exist_ok=True)
    with log.open("wb") as out:
        server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory",
                                   str(SITE)], stdout=out, stderr=subprocess.STDOUT)
        try:
            _wait_for(url, server, log)
            yield url
        finally:
            server.terminate()
            server.wait(timeout=20)


@pytest.fixture
def offline(page: Page) -> Iterator[list[str]]:
    """Block every request of the page's context (its workers and service worker included) that is not to
    127.0.0.1; yields the list of those blocked, which must be empty at the end."""
    blocked: list[str] = []

    def only_here(route: Route) -> None:
        if LOCAL.match(route.request.url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.context.route("**/*", only_here)
    page.set_default_timeout(STARTUP_MS)
    yield blocked
    assert blocked == [], f"the site asked for {len(blocked)} addresses outside 127.0.0.1: {blocked[:5]}"


def open_app(page: Page, site: str, code: str) -> None:
    """Open the page of the site that runs ``code`` (as the front page's links do) and wait for its output."""
    page.goto(site + BUILD.app_url(code))
    expect(page.locator(".jp-OutputArea-output").first).to_be_attached(timeout=STARTUP_MS)


def test_the_front_page_opens_the_table_and_says_what_needs_the_installed_edition(page: Page, site: str,
                                                                                offline: list[str]) -> None:
    page.goto(site)
    expect(page.locator("h1")).to_have_text("Expeditions")
    for key in ("learn", "play", "calculator", "notebooks"):
        expect(page.get_by_test_id(f"open-{key}")).to_be_visible()
    expect(page.locator("body")).to_contain_text('pip install "expeditions[apps]"')
    page.get_by_test_id("open-play").click()
    table = page.get_by_test_id("card-table").first
    expect(table.get_by_test_id("hand-card")).to_have_count(6, timeout=STARTUP_MS)
    expect(table.get_by_test_id("status")).to_contain_text("Your turn")
    expect(page.locator("body")).not_to_contain_text("Traceback")
    save_screenshot(page, "site-play")


def twin_lessons() -> LessonTable:
    return LessonTable(keep="memory", pause=0, background=False)


def test_the_first_two_lessons_by_gestures_and_a_reload_goes_on_where_it_was(page: Page, site: str,
                                                                             offline: list[str]) -> None:
    _, _, code = BUILD.APP_CODE["learn"]
    open_app(page, site, code)
    app = LessonApp.on(page, twin_lessons())
    expect(app.lesson).to_have_attribute("data-lesson", PATH[0].id)
    walk(app, 1, 2, "site-learn")
    kept = app.twin.tutorial.progress.to_dict()
    assert page.evaluate(f"() => JSON.parse(localStorage.getItem('{STORAGE_KEY}'))") == {"path": kept}

    page.reload()
    expect(page.locator(".jp-OutputArea-output").first).to_be_attached(timeout=STARTUP_MS)
    again = twin_lessons()
    again.act({"action": "lesson", "do": "restore", "progress": {"path": kept}})
    app = LessonApp.on(page, again)
    expect(app.lesson).to_have_attribute("data-lesson", PATH[2].id)
    expect(app.root.locator(".xt-dot-done")).to_have_count(2)


def test_a_puzzle_in_the_browser_edition_is_answered_from_its_stored_figures(page: Page, site: str,
                                                                             offline: list[str]) -> None:
    _, _, code = BUILD.APP_CODE["learn"]
    open_app(page, site, code)
    app = LessonApp.on(page, twin_lessons())
    app._gesture(app.root.locator("[data-testid=lesson-track][data-track=puzzles]"),
                 {"action": "lesson", "do": "track", "track": "puzzles"})
    puzzle = app.twin.tutorial.puzzle  # type: ignore[attr-defined]
    expect(app.lesson).to_have_attribute("data-lesson", puzzle.id)
    app.move(puzzle.best)
    assert app.feedback()["kind"] == "right" and "more than the next best move" in app.feedback()["text"]
    save_screenshot(page, "site-puzzle")


def test_a_move_against_the_bot_by_gestures(page: Page, site: str, offline: list[str]) -> None:
    open_app(page, site, "from expeditions.widgets import card_table\ncard_table(seed=5, pause=0.1)")
    app = TableApp.on(page, CardTable(session=Session(level="Normal", seed=5), pause=0, background=False))
    before = app.session.round.turn
    app.move(plain_move(app.session.round))
    assert app.session.round.turn >= before + 2  # your move, and the bot's answer, on the page as in the twin
    expect(app.el("message")).to_contain_text("Opponent")
    save_screenshot(page, "site-move")


def test_the_scoring_calculator_scores_the_clicked_cards(page: Page, site: str, offline: list[str]) -> None:
    _, _, code = BUILD.APP_CODE["calculator"]
    open_app(page, site, code)
    calc = page.locator(".xp-calculator")
    chosen = ex.cards("JH 4H 9H 7S")
    for card in chosen:
        calc.locator(f".xp-card-toggle.xp-card-{card}").click()
    board = ex.score_board(chosen, "expeditions")  # the oracle: the installed edition's scoring
    expect(calc.locator(".xp-calc-total")).to_have_text(f"total: {board.total}")
    for expedition in board.expeditions:
        if expedition.cards:
            expect(calc.locator(".xp-calc-result")).to_contain_text(expedition.explain())


def test_the_judgement_computed_ahead_and_the_explorers_words(page: Page, site: str, offline: list[str]) -> None:
    (lesson,) = [lesson for lesson in lessons.path() if lesson.answer == "choice" and lesson.task.judge == "start-value"]
    index = lessons.path().index(lesson)
    code = (f"from expeditions import lessons\nfeedback = lessons.path()[{index}].check('yes')\n"
            "print('judged:', feedback.kind, feedback.text)\nfrom expeditions.widgets import what_if_explorer")
    open_app(page, site, code)
    output = page.locator(".jp-OutputArea-output")
    said = lesson.check("yes")
    expect(output.first).to_have_text(f"judged: {said.kind} {said.text}")
    expect(output.nth(1)).to_contain_text("The what-if explorer needs numpy, which the edition in the browser does not have.")
    expect(output.nth(1)).to_contain_text('pip install "expeditions[apps]", then run: expeditions explore')
    assert "Traceback" not in text_of(page.locator("body"))
    save_screenshot(page, "site-explorer-words")


def test_the_site_is_small_and_its_lock_lists_exactly_what_it_ships() -> None:
    import json

    size = sum(f.stat().st_size for f in SITE.rglob("*") if f.is_file())
    assert size < BUILD.MAX_MEGABYTES * 1e6
    assert not list(SITE.rglob("*.map"))
    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    assert {p["file_name"] for p in lock["packages"].values()} == {w.name for w in pyodide.glob("*.whl")}
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"][BUILD.KERNEL_SETTINGS]
    assert kernel["disablePyPIFallback"] is True and kernel["pyodideUrl"].endswith("static/pyodide/pyodide.mjs")
    assert "expeditions" in lock["packages"] and "numpy" not in lock["packages"]
