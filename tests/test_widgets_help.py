"""The card table's help panel: written from the rules of the game on the table, for every rule set.

Golden facts come from the rule documents' numbers as the seeds hold them (48 cards and 6-card hands in the
summary's rules, 60 cards and 8-card hands in Lost Cities), never from the text under test.
"""

import pytest

import expeditions as ex
from expeditions.widgets import CardTable, LessonTable
from expeditions.widgets.help import KEYS, differences, help_view, rules_in_short


def test_the_summarys_rules_in_short_and_against_lost_cities():
    r = ex.rules("expeditions")
    short = rules_in_short(r)
    assert any("48 cards, 4 suits" in line and "2 to 10" in line and "J Q K" in line for line in short)
    assert "Each player gets 6 cards." in short
    assert any("minus 20" in line and "20 more with 6 cards" in line for line in short)
    assert any("16 turns in a row" in line for line in short)  # the stall rule: 8 turns for each of 2 players
    diff = differences(r)
    assert "4 expeditions instead of 5: 48 cards instead of 60." in diff
    assert "6 cards in hand instead of 8." in diff
    assert "The bonus of 20 comes at 6 cards instead of 8." in diff
    assert any("Lost Cities has no such rule" in line for line in diff)


def test_lost_cities_is_said_to_be_itself():
    (line,) = differences(ex.rules("lost-cities"))
    assert line.startswith("This is Lost Cities itself") and "5 colours of 12 cards, 8 cards in hand" in line


def test_a_rule_set_changed_by_overrides_is_compared_as_it_is():
    changed = ex.rules("lost-cities", hand_size=6)
    assert "6 cards in hand instead of 8." in differences(changed)


@pytest.mark.parametrize("name", list(ex.PRESETS))
def test_every_rule_set_has_its_help(name):
    r = ex.rules(name)
    view = help_view(r)
    assert view["title"] == f"Help: {r.title}"
    assert view["rules"] and view["differences"] and [tuple(k) for k in view["keys"]] == list(KEYS)
    assert view["quotes"] == [text for _, text in r.quotes]
    text = " ".join(view["rules"])
    assert f"{r.deck_size} cards" in text and f"{r.hand_size} cards" in text


def test_the_help_of_the_four_player_and_solitaire_games():
    four = " ".join(rules_in_short(ex.rules("expeditions-4p")) + differences(ex.rules("expeditions-4p")))
    assert "pass 2 cards to your partner" in four and "4 players in partnerships" in four and "the 2, 3, 4 come twice" in four
    solo = " ".join(rules_in_short(ex.rules("expeditions-solo")) + differences(ex.rules("expeditions-solo")))
    assert "You play alone" in solo and "24 cards are set aside" in solo and "play on until your hand is empty" in solo


def test_the_table_sends_the_help_of_its_rules_and_again_when_they_change():
    table = CardTable(pause=0, background=False, seed=1)
    assert table.help == help_view(ex.rules("expeditions"))
    table.act({"action": "new_game", "rules": "lost-cities", "confirm": True})
    assert table.session.rules.name == "lost-cities"
    assert table.help == help_view(ex.rules("lost-cities"))


def test_a_lesson_table_has_the_help_of_its_lessons_rules():
    table = LessonTable(keep="memory", pause=0, background=False)
    assert table.help["title"] == f"Help: {table.session.rules.title}"
