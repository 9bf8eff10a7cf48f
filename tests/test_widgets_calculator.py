"""The scoring calculator: press card buttons, read the breakdown; the numbers are the engine's."""

import pytest

import expeditions as ex
from expeditions.widgets import ScoringCalculator, score_history, score_progress_chart


def test_a_row_of_buttons_per_suit_with_each_card_once():
    calc = ScoringCalculator("expeditions-4p")
    assert len(calc.rows.children) == 4
    assert len(calc.toggles) == 4 * 12  # the second 2, 3, 4 of the four-player deck add no button
    assert "xp-card-JH" in calc.toggles[ex.card("JH")]._dom_classes
    assert calc.total == 0 and "total: <b>0</b>" in calc.result.value


def test_pressing_cards_scores_them_step_by_step():
    calc = ScoringCalculator()
    for text in ["JH", "QH", "6H", "8H", "10H"]:
        calc.toggles[ex.card(text)].value = True
    assert calc.total == 12 == ex.score("JH QH 6H 8H 10H")
    assert "6 + 8 + 10 = 24, minus 20 = 4, ×3 = 12" in calc.result.value
    assert calc.text.value == "JH QH 6H 8H 10H"
    calc.toggles[ex.card("QH")].value = False
    assert calc.total == ex.score("JH 6H 8H 10H") == 8


@pytest.mark.parametrize("name", sorted(ex.PRESETS))
def test_every_worked_example_of_the_documents(name):
    rules = ex.PRESETS[name]
    calc = ScoringCalculator(rules)
    for example in rules.examples:
        calc.set_cards(example.cards)
        assert calc.total == example.score, example.quote


def test_typing_cards_chooses_them_and_a_bad_card_is_explained():
    calc = ScoringCalculator()
    calc.text.value = "JD 4D 5D 7D 8D 9D"
    assert calc.total == 46 and calc.cards == ex.cards("JD 4D 5D 7D 8D 9D")
    calc.text.value = "JD 4D 1D"
    assert "is not a card" in calc.message.value and calc.total == 46
    calc.text.value = "AD 4D"
    assert "not a card of the expeditions rules" in calc.message.value and calc.total == 46
    calc.clear_button.click()
    assert calc.cards == () and calc.text.value == ""


def test_changing_the_rule_set_rescores_the_same_cards():
    calc = ScoringCalculator(cards="JD 4D 5D 7D 8D 9D")
    assert calc.total == 46
    calc.rule_set.value = "expeditionen"  # the bonus comes at 8 cards there
    assert calc.total == 26 and calc.cards == ex.cards("JD 4D 5D 7D 8D 9D")
    calc.rule_set.value = "expeditionen-aces"
    calc.toggles[ex.card("AD")].value = True
    assert calc.total == ex.score("AD JD 4D 5D 7D 8D 9D", "expeditionen-aces")
    calc.rule_set.value = "lost-cities"
    assert "JD AD 4D 5D 7D 8D 9D left the expeditions" in calc.message.value and calc.cards == ()
    assert len(calc.rows.children) == 5


def test_the_calculator_shows_as_static_html_too():
    calc = ScoringCalculator(cards="JC")
    assert "-40" in calc._repr_mimebundle_()["text/html"]


def test_the_score_chart_follows_the_round_turn_by_turn():
    rnd = ex.deal("expeditions", seed=7).play("play 9H, draw deck").play("discard 2S, draw deck")
    rows = score_history(rnd)
    assert rows[:2] == [{"turn": 0, "side": "seat 0", "score": 0}, {"turn": 0, "side": "seat 1", "score": 0}]
    assert rows[-2:] == [{"turn": 2, "side": "seat 0", "score": -11}, {"turn": 2, "side": "seat 1", "score": 0}]
    spec = score_progress_chart(rnd).to_dict()
    assert spec["mark"]["type"] == "line" and len(spec["data"]["values"]) == 6
