import pytest

from expeditions import Card, CardError, card, cards, format_cards


@pytest.mark.parametrize(
    "text, rank, suit",
    [("7H", 7, "H"), ("10H", 10, "H"), ("KH", 13, "H"), ("10♥", 10, "H"), ("J♠", 11, "S"), ("AH", 1, "H"),
     ("qd", 12, "D"), ("H7", 7, "H"), ("SJ", 11, "S"), ("TC", 10, "C"), ("5R", 5, "R"), ("KP", 13, "P"), (" 9♣ ", 9, "C")],
)
def test_card_forms(text, rank, suit):
    assert card(text) == Card(rank, suit)


def test_cards_print_back_as_they_parse():
    every = [Card(r, s) for s in "HSDCYBWGRP" for r in range(1, 14)]
    for c in every:
        assert card(str(c)) == c
        assert card(c.symbol) == c or c.suit not in "HSDC"


def test_card_lists():
    assert cards("KH QH 4H 7H") == (Card(13, "H"), Card(12, "H"), Card(4, "H"), Card(7, "H"))
    assert cards("KH,QH, 4H") == cards(["KH", "QH", "4H"])
    assert format_cards(cards("10♥ J♠ 2D")) == "10H JS 2D"
    assert cards("") == ()


def test_values():
    assert card("KH").is_investment and card("KH").value == 0
    assert not card("10H").is_investment and card("10H").value == 10
    assert card("AH").value == 1


@pytest.mark.parametrize("bad", ["1H", "11H", "7X", "H", "7", "10HH", "ZZ", "0S"])
def test_bad_card_names_the_token_and_the_forms(bad):
    with pytest.raises(CardError) as e:
        card(bad)
    message = str(e.value)
    assert repr(bad) in message
    assert "7H" in message and "10♥" in message and "J♠" in message


def test_bad_token_in_a_list_is_named():
    with pytest.raises(CardError, match="'1H'"):
        cards("KH 1H 4H")


def test_card_errors_are_value_errors():
    with pytest.raises(ValueError):
        card("nope")
    with pytest.raises(CardError):
        Card(14, "H")
    with pytest.raises(CardError):
        Card(5, "X")
