"""The rules notebook in JupyterLab: open it, Run All, then use what it offers: the scoring calculator (click
cards onto the expeditions and see the total change, type cards, switch the rule set) and the table set at
the lesson's position (a refused placement explains the rule in the document's words).

The notebook is opened and run once for the module, as a reader would, and every test reads and uses that
same page; each test starts from what the page shows, so their order does not matter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from pages import PageWatch, TableApp, fresh_page, open_in_jupyterlab, run_all_cells, save_screenshot, text_of, watch
from playwright.sync_api import Browser, Locator, Page, expect
from servers import TOKEN

import expeditions as ex
from expeditions.widgets import CardTable

NOTEBOOK = "01-rules.ipynb"

# The position of the lesson "Where a card may go" (the same as in the README).
LESSON = ex.position("expeditions", hands=["7H 10H JH 5S QD 2C", None], expeditions=[{"H": "9H"}, {"S": "4S"}],
                     piles={"D": "3D 8D"}, seed=1)


@dataclass
class Notebook:
    page: Page
    panel: Locator
    seen: PageWatch

    def outputs(self) -> Locator:
        return self.panel.locator(".jp-OutputArea-output")


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
        return {ex.card(m.group(1)) for c in classes if (m := re.search(r"(?:^|\s)xp-card-((?:10|[2-9AJQK])[A-Z])(?:\s|$)", c))}

    def total(self) -> int:
        found = re.fullmatch(r"total: (-?\d+)", text_of(self.root.locator(".xp-calc-total")))
        assert found, "the calculator shows no total"
        return int(found.group(1))

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


def test_run_all_runs_every_cell_and_refuses_the_illegal_move_on_purpose(rules_notebook: Notebook) -> None:
    outputs = rules_notebook.outputs()
    errors = rules_notebook.panel.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    expect(errors).to_have_count(1)  # the cell that shows a refused move, and no other
    expect(errors).to_contain_text("IllegalMove")
    expect(errors).to_contain_text("the 7 cannot follow your 9 in hearts")
    examples = sum(len(r.examples) for r in ex.PRESETS.values())
    expect(outputs.filter(has_text=f"{examples} worked examples agree")).to_have_count(1)
    table = rules_notebook.panel.locator(".jp-RenderedHTMLCommon table", has_text="bonus at").last
    expect(table.locator("tbody tr")).to_have_count(len(ex.PRESETS))
    expect(rules_notebook.panel.get_by_test_id("card-table")).to_have_count(1)
    assert rules_notebook.seen.errors == [] and rules_notebook.seen.outside == []  # no script errors; nothing from the internet
    # The calculator as the notebook leaves it: the rule document's first worked example, with its score.
    calc = Calculator(rules_notebook)
    example = calc.rules.examples[0]
    assert calc.expect_scored(set(ex.cards(example.cards))) == example.score


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


# --- the table at the lesson's position ---------------------------------------------------------------
def test_the_lesson_table_explains_a_refused_placement_and_takes_a_legal_one(rules_notebook: Notebook) -> None:
    root = rules_notebook.panel.get_by_test_id("card-table")
    app = TableApp.on(rules_notebook.page, CardTable.at(LESSON, pause=0, background=False), root)
    lesson_hand = app.hand()
    assert sorted(lesson_hand) == sorted(["7H", "10H", "JH", "5S", "QD", "2C"])

    app.select("7H")
    app.lay("expedition", "H")
    assert app.message().startswith("Not allowed: the 7 cannot follow your 9 in hearts")
    expect(root.get_by_test_id("quote")).to_have_text(re.compile(r"^The rules \(document 001\): “.*An expedition only goes up.*”$"))
    app.select("JH")
    app.lay("expedition", "H")
    assert app.message().startswith("Not allowed: investments must come before the first number")
    assert app.hand() == lesson_hand

    app.select("10H")
    app.lay("expedition", "H")
    app.draw("deck")
    assert app.message().startswith("You laid 10♥ and drew ") and "Opponent " in app.message()
    assert app.state()["columns"]["you:H"][0] == ["9H", "10H"]
    assert "10H" not in app.hand()
