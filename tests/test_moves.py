import pytest

from expeditions import Move, NotationError, card


@pytest.mark.parametrize(
    "text",
    ["play 7H, draw deck", "discard 5S, draw pile H", "play 7H", "discard 10C", "pass 7H 9S", "play KH, draw pile D"],
)
def test_notation_round_trips(text):
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert repr(move) == f"<{text}>"


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("PLAY 7h draw DECK", "play 7H, draw deck"),
        ("discard 5S, draw H", "discard 5S, draw pile H"),
        ("discard 5S, draw ♥", "discard 5S, draw pile H"),
        ("discard 5S, draw hearts", "discard 5S, draw pile H"),
        ("discard 5S, draw from the hearts pile", "discard 5S, draw pile H"),
        ("play H7, draw pile ♦", "play 7H, draw pile D"),
        ("pass 9S 7H", "pass 7H 9S"),
        ("play 10♥ , draw deck", "play 10H, draw deck"),
        ("discard 10♥, draw the hearts pile", "discard 10H, draw pile H"),
        ("play TH, draw from the deck", "play 10H, draw deck"),
        ("play SJ,draw pile ♠", "play JS, draw pile S"),
        ("  discard YK  draw purple  ", "discard KY, draw pile P"),
        ("play\t7H\ndraw\tdeck", "play 7H, draw deck"),
        ("pass ♥7 9♠", "pass 7H 9S"),
    ],
)
def test_forgiving_parse(text, canonical):
    assert str(Move.parse(text)) == canonical


def test_constructors():
    assert Move.play("7H") == Move.parse("play 7H, draw deck")
    assert Move.discard(card("5S"), draw="H") == Move.parse("discard 5S, draw pile H")
    assert Move.play("7H", draw=None) == Move.parse("play 7H")
    assert Move.pass_cards("9S", "7H") == Move.parse("pass 7H 9S")
    assert Move.parse("play 7H").card == card("7H")


@pytest.mark.parametrize(
    "bad, says",
    [
        ("lay 7H", "is not a move"),
        ("play", "is not a move"),
        ("play 7X, draw deck", "'7X' is not a card"),
        ("play 7H 8H, draw deck", "exactly one card"),
        ("pass 7H", "exactly 2 cards"),
        ("pass 7H 8H, draw deck", "a pass draws nothing"),
        ("play 7H, draw somewhere", "is not a place to draw from"),
        ("", "is not a move"),
    ],
)
def test_bad_notation_says_what_is_accepted(bad, says):
    with pytest.raises(NotationError, match=says):
        Move.parse(bad)


def test_move_errors_are_value_errors():
    with pytest.raises(ValueError):
        Move.parse("jump")
