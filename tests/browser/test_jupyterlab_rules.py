"""Notebook 01, the lessons, in JupyterLab: Run All as a reader does, then walk the whole main path on its card
table by the learner's own gestures (``lesson_path.walk``), re-run the notebook from a restarted kernel half way
(the learner's progress is kept in a file, and the table goes on where it was), look through the appendix, and use
the scoring calculator (click cards onto the expeditions, type cards, switch the rule set).

The notebook is opened and run once for the module, and every test uses that same page; each test starts from what
the page shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from lesson_path import PATH, walk
from pages import (
    ARTIFACTS,
    CARD_CLASS,
    VIEWPORT,
    LessonApp,
    PageWatch,
    fresh_page,
    open_in_jupyterlab,
    restart_and_run_all,
    run_all_cells,
    save_screenshot,
    text_of,
    watch,
)
from playwright.sync_api import Browser, Locator, Page, expect
from servers import TOKEN

import expeditions as ex
from expeditions import lessons
from expeditions.widgets import LessonTable

NOTEBOOK = "01-rules.ipynb"


@dataclass
class Notebook:
    page: Page
    panel: Locator
    seen: PageWatch

    def outputs(self) -> Locator:
        return self.panel.locator(".jp-OutputArea-output")

    def table(self, track: str) -> Locator:
        """The lesson table of ``track`` (the main path first, then the appendix)."""
        return self.panel.get_by_test_id("card-table").nth(0 if track == "path" else 1)

    def shoot(self, root: Locator) -> Callable[[str], None]:
        """A screenshot of the table alone (the notebook around it is long), into test-artifacts/: the window is
        made tall enough for the whole table first (JupyterLab scrolls the notebook inside the window)."""
        ARTIFACTS.mkdir(exist_ok=True)

        def shot(name: str) -> None:
            size = self.page.viewport_size or VIEWPORT
            box = root.bounding_box()
            tall = max(size["height"], int(box["height"]) + 250) if box else size["height"]
            self.page.set_viewport_size({"width": size["width"], "height": tall})
            root.scroll_into_view_if_needed()
            root.screenshot(path=str(ARTIFACTS / f"{name}.png"))
            self.page.set_viewport_size(size)

        return shot


@pytest.fixture(scope="module")
def rules_notebook(browser: Browser, jupyterlab: str) -> Iterator[Notebook]:
    with fresh_page(browser) as page:
        seen = watch(page)
        try:
            panel = open_in_jupyterlab(page, jupyterlab, TOKEN, NOTEBOOK)
            run_all_cells(page, panel, NOTEBOOK)
        except Exception:
            save_screenshot(page, "jupyterlab-rules-run-all")
            raise
        yield Notebook(page, panel, seen)


@pytest.fixture(autouse=True)
def screenshot(rules_notebook: Notebook, request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    save_screenshot(rules_notebook.page, request.node.name)


def twin() -> LessonTable:
    return LessonTable(keep="memory", pause=0, background=False)


def test_run_all_shows_the_lessons_and_no_error(rules_notebook: Notebook) -> None:
    panel = rules_notebook.panel
    expect(panel.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")).to_have_count(0)
    expect(panel.locator(".jp-OutputArea-output")).not_to_contain_text(["Traceback"])
    expect(panel.get_by_test_id("lesson")).to_have_count(2)  # the main path and the appendix
    for track in ("path", "appendix"):  # the tables of contents, from the lessons' data
        titles = [lesson.title for lesson in lessons.track(track)]
        table = panel.locator(".jp-RenderedMarkdown table", has_text=titles[0])
        expect(table.locator("tbody tr")).to_have_count(len(titles))
        assert [text_of(row.locator("td").nth(1)) for row in table.locator("tbody tr").all()] == titles
    appendix = rules_notebook.table("appendix").get_by_test_id("lesson")
    expect(appendix).to_have_attribute("data-lesson", lessons.appendix()[0].id)
    assert rules_notebook.seen.errors == [] and rules_notebook.seen.outside == []  # no script errors; nothing from the internet


def test_the_whole_main_path_and_a_rerun_goes_on_where_it_was(rules_notebook: Notebook) -> None:
    page = rules_notebook.page
    root = rules_notebook.table("path")
    root.scroll_into_view_if_needed()
    app = LessonApp.on(page, twin(), root)
    walk(app, 1, 4, "jupyterlab-lesson", rules_notebook.shoot(root))

    # Run the notebook again from a restarted kernel: the table goes on at the lesson the learner was on.
    kept = app.twin.tutorial.progress.to_dict()
    restart_and_run_all(page, rules_notebook.panel, NOTEBOOK)
    again = twin()
    again.act({"action": "lesson", "do": "restore", "progress": {"path": kept}})
    root = rules_notebook.table("path")
    root.scroll_into_view_if_needed()
    app = LessonApp.on(page, again, root)
    expect(app.lesson).to_have_attribute("data-lesson", PATH[4].id)

    walk(app, 5, len(PATH), "jupyterlab-lesson", rules_notebook.shoot(root))
    assert app.twin.tutorial.progress.finished


def test_the_cards_show_whole_the_tens_too(rules_notebook: Notebook) -> None:
    """A 10 reads "10" on the table's cards and on the calculator's buttons, never "1…"."""
    root = rules_notebook.table("path")
    score = lessons.lesson("score-one")  # a board with a 10 on it, chosen by clicking its place among the lessons
    root.locator(".xt-dot").nth(PATH.index(score)).click()
    expect(root.get_by_test_id("lesson")).to_have_attribute("data-lesson", score.id)
    tens = root.locator(".xt-card[data-card^='10'] .xt-index b")
    expect(tens.first).to_be_attached()
    for rank in tens.all():
        assert rank.evaluate("b => b.textContent === '10' && b.scrollWidth <= b.clientWidth + 1 && b.getBoundingClientRect().width > 0")
    buttons = rules_notebook.panel.locator(".xp-calculator .xp-card-toggle.xp-card-10H")
    expect(buttons).to_have_count(1)
    assert buttons.evaluate("b => b.textContent.trim().startsWith('10') && b.scrollWidth <= b.clientWidth + 1")


def test_the_appendix_lessons_one_by_one(rules_notebook: Notebook) -> None:
    """Every lesson of the appendix shows on the table of its own rule set; two are answered by gestures (the pass
    to a partner, the solitaire's discard), the others by Show me; each is screenshot."""
    root = rules_notebook.table("appendix")
    root.scroll_into_view_if_needed()
    app = LessonApp.on(rules_notebook.page, twin_on("appendix"), root)
    shoot = rules_notebook.shoot(root)
    for number, lesson in enumerate(lessons.appendix(), start=1):
        expect(app.lesson).to_have_attribute("data-lesson", lesson.id)
        assert app.session.rules.name == lesson.rules.name
        shoot(f"jupyterlab-appendix-{number:02d}-{lesson.id}")
        if lesson.id == "partners":
            move = lesson.show_me()
            assert isinstance(move, ex.Move) and move.kind == "pass"
            app.press("pass", {"action": "pass"})
            for card in move.cards:
                app.select(str(card))
            app.press("pass", {"action": "pass"})
            assert app.feedback()["text"] == lesson.check(move).text and app.feedback()["kind"] == "right"
        elif lesson.id == "solitaire":
            move = lesson.show_me()
            assert isinstance(move, ex.Move)
            app.move(move)
            assert app.feedback() == {"text": lesson.check(move).text, "kind": "right", "quote": app.feedback()["quote"]}
        elif lesson.answer != "round":
            app.button("show_me")
        expect(app.lesson).to_have_attribute("data-state", "done")
        shoot(f"jupyterlab-appendix-{number:02d}-{lesson.id}-done")
        if number < len(lessons.appendix()):
            app.button("next")


def twin_on(track: str) -> LessonTable:
    return LessonTable(track, keep="memory", pause=0, background=False)


# --- the calculator ----------------------------------------------------------------------------------
class Calculator:
    """The scoring calculator on the page."""

    def __init__(self, notebook: Notebook) -> None:
        self.root = notebook.panel.locator(".xp-calculator")
        expect(self.root).to_have_count(1)

    @property
    def rules(self) -> ex.Rules:
        return ex.rules(self.root.locator(".xp-calc-rules select").input_value())

    def chosen(self) -> set[ex.Card]:
        """The cards whose buttons are pressed."""
        classes = self.root.locator(".xp-card-toggle.mod-active").evaluate_all("buttons => buttons.map(b => b.className)")
        return {ex.card(m.group(1)) for c in classes if (m := CARD_CLASS.search(c))}

    def expect_scored(self, cards: set[ex.Card], *, text_box: bool = True) -> int:
        """Wait until exactly ``cards`` are chosen and the page shows their score under the chosen rules, step
        by step (and, with ``text_box``, the cards written in the text box); returns the total."""
        rules = self.rules
        laid: list[ex.Card] = sorted(cards, key=lambda c: (c.suit, c.rank))  # investments first, then the numbers
        board = ex.score_board(laid, rules)
        expect(self.root.locator(".xp-card-toggle.mod-active")).to_have_count(len(cards))
        expect(self.root.locator(".xp-calc-total")).to_have_text(f"total: {board.total}")
        assert self.chosen() == cards
        for expedition in board.expeditions:
            if expedition.cards:
                expect(self.root.locator(".xp-calc-result")).to_contain_text(expedition.explain())
        if text_box:
            assert set(ex.cards(self.root.locator(".xp-calc-text input").input_value())) == cards
        return board.total

    def click(self, card: ex.Card) -> None:
        self.root.locator(f".xp-card-toggle.xp-card-{card}").click()


def test_clicking_cards_onto_the_expeditions_changes_the_total(rules_notebook: Notebook) -> None:
    calc = Calculator(rules_notebook)
    rules = calc.rules
    chosen = calc.chosen()
    before = calc.expect_scored(chosen)

    # A 10 of a suit with no card yet starts a new expedition: it costs 20 and adds 10.
    suit = next(s for s in rules.suits if all(c.suit != s for c in chosen))
    ten = ex.card(f"10{suit}")
    calc.click(ten)
    after = calc.expect_scored(chosen | {ten})
    assert after == before + 10 - rules.cost

    # An investment before it doubles that expedition's result.
    jack = ex.card(f"J{suit}")
    calc.click(jack)
    assert calc.expect_scored(chosen | {ten, jack}) == before + 2 * (10 - rules.cost)

    # Clicking them again takes them back; Clear takes every card off.
    calc.click(ten)
    calc.click(jack)
    assert calc.expect_scored(chosen) == before
    calc.root.locator(".xp-calc-clear").click()
    assert calc.expect_scored(set()) == 0


def test_typed_cards_are_scored_and_rescored_under_the_other_rules(rules_notebook: Notebook) -> None:
    calc = Calculator(rules_notebook)
    cards = "HK HQ H4 H7 H9 H10"
    box = calc.root.locator(".xp-calc-text input")
    box.fill(cards)
    box.press("Enter")
    six_card_rules = calc.expect_scored(set(ex.cards(cards)))
    assert six_card_rules == ex.score(cards, "expeditions") == 50
    expect(calc.root.locator(".xp-calc-result")).to_contain_text("6 cards: +20")

    calc.root.locator(".xp-calc-rules select").select_option("expeditionen")  # the 8-card rules: bonus at 8 cards
    eight_card_rules = calc.expect_scored(set(ex.cards(cards)))
    assert eight_card_rules == ex.score(cards, "expeditionen") == 30

    box.fill("AH 5H")  # these rules have no aces: the message says so, and the cards stay
    box.press("Enter")
    expect(calc.root.locator(".xp-message")).to_have_text("AH: not a card of the expeditionen rules")
    assert calc.expect_scored(set(ex.cards(cards)), text_box=False) == eight_card_rules
    calc.root.locator(".xp-calc-rules select").select_option("expeditions")
    calc.expect_scored(set(ex.cards(cards)))
