"""The language room: one way to say a move (in the mood a screen needs), the seats and sides, and a bot's reason
as a value. The expected words are written out here by hand."""

from __future__ import annotations

import pytest

import expeditions as ex
from expeditions.bots.words import Reason, reason
from expeditions.engine import fits, top_number
from expeditions.words import SideWords, card_words, cards_words, move_words, symbolize

PLAY = ex.Move.parse("play 3H, draw pile D")
DISCARD = ex.Move.parse("discard 2H, draw deck")
PASS = ex.Move.parse("pass 7H 9S")
TEN_D = ex.card("10D")


@pytest.mark.parametrize(("move", "mood", "options", "said"), [
    (PLAY, "past", {"who": "You", "taken": TEN_D}, "You laid 3♥ and took 10♦ from the ♦ pile"),
    (DISCARD, "past", {"who": "West", "drawn": None}, "West discarded 2♥ and drew from the deck"),
    (DISCARD, "past", {"who": "You", "drawn": TEN_D}, "You discarded 2♥ and drew 10♦ from the deck"),
    (PASS, "past", {"who": "You"}, "You passed 7♥ 9♠ to your partner"),
    (PASS, "past", {"who": "North"}, "North passed two cards to their partner"),
    (PLAY, "advice", {"taken": TEN_D}, "lay 3♥, take 10♦ from the ♦ pile"),
    (DISCARD, "advice", {}, "discard 2♥, draw from the deck"),
    (PASS, "advice", {}, "pass 7♥ 9♠ to your partner"),
    (PLAY, "plan", {"taken": TEN_D}, "lay 3♥ on your ♥ expedition and take 10♦ off the ♦ pile"),
    (PLAY, "review", {"own": "your team's"}, "you laid 3♥ on your team's ♥ expedition and took the top of the ♦ pile"),
    (DISCARD, "review", {}, "you discarded 2♥ and drew from the deck"),
    (PLAY, "short", {}, "you laid 3♥"),
    (PASS, "short", {}, "you passed 7♥ 9♠"),
    (PLAY, "notation", {}, "play 3♥, draw pile ♦"),
    (PASS, "notation", {}, "pass 7♥ 9♠"),
    (ex.Move.parse("play 3H"), "past", {"who": "You"}, "You laid 3♥"),
])
def test_one_way_to_say_a_move_in_every_mood(move, mood, options, said):
    assert move_words(move, mood, **options) == said


def test_cards_and_suits_on_screen_and_letters_only_where_typed():
    assert card_words(ex.card("10H")) == "10♥" and cards_words(ex.cards("7H 9S")) == "7♥ 9♠"
    assert card_words(ex.card("7Y")) == "yellow 7"
    assert symbolize("you do not hold 7H (seat 0 holds 2S)", ex.rules()) == "you do not hold 7♥ (seat 0 holds 2♠)"
    assert symbolize("7♥ stays", ex.rules()) == "7♥ stays"


def test_seats_and_sides_as_each_screen_names_them():
    two, four, solo = ex.rules("expeditions"), ex.rules("expeditions-4p"), ex.rules("expeditions-solo")
    assert [SideWords(two, 0).seat_name(s) for s in range(2)] == ["You", "Opponent"]
    assert [SideWords(four, 0).seat_name(s) for s in range(4)] == ["You", "West", "North", "East"]
    assert [SideWords(four, 0).side_name(s) for s in range(2)] == ["You and North", "West and East"]
    assert [SideWords(four, 2).side_name(s) for s in range(2)] == ["You and North", "East and West"]
    assert [SideWords(four).side_name(s) for s in range(2)] == ["team 0 (seats 0 and 2)", "team 1 (seats 1 and 3)"]
    assert [SideWords(two).side_name(s) for s in range(2)] == ["seat 0", "seat 1"] and SideWords(solo).side_name(0) == "you"
    assert (SideWords(two, 1).them, SideWords(two, 1).theirs, SideWords(two, 1).yours) == ("the bot", "the bot's", "your")
    assert (SideWords(four, 1).them, SideWords(four, 1).yours) == ("the other team", "your team's")
    assert [SideWords(four, 1).named(s) for s in range(2)] == ["the other team", "your team"]
    assert [SideWords(four, 3).role(s) for s in range(4)] == ["opponent", "partner", "opponent", "you"]


def test_a_reason_is_a_value_that_says_itself_and_leaves_out_what_its_line_says():
    rnd = ex.position(hands=["4H 8H 9H 9S 2C QD", None], expeditions=[{}, {"S": "6S"}], piles={"D": "7D"}, seed=3)
    obs = rnd.observation()
    feeding = reason(obs, ex.Move.parse("discard 9S, draw pile D"), piles_said=True)
    assert feeding.does == "discards 9♠" and feeding.why == "you have not started ♠"
    assert feeding.feeds.startswith("it feeds the bot") and feeding.takes == "takes 7♦"
    assert str(feeding) == f"discards 9♠: you have not started ♠; {feeding.feeds}; takes 7♦"
    assert feeding.beside_move == f"you have not started ♠; {feeding.feeds}; takes 7♦"
    opening = reason(obs, ex.Move.parse("play 4H, draw deck"))
    assert opening.why == "" and opening.beside_move == str(opening) == opening.does
    assert str(Reason("hands 7♥ 9♠ to your partner")) == "hands 7♥ 9♠ to your partner"


def test_the_top_number_of_an_expedition_is_what_the_laying_rule_reads():
    laid = ex.cards("JH QH 4H 7H")
    assert top_number(laid) == 7 and top_number(ex.cards("JH QH")) == 0 and top_number(()) == 0
    assert fits(ex.card("8H"), laid) and not fits(ex.card("6H"), laid) and fits(ex.card("KH"), ex.cards("JH"))
