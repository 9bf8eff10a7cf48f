import random

import pytest

from expeditions import PRESETS, Card, CardError, cards, rules, score, score_board, score_breakdown


@pytest.mark.parametrize("name", PRESETS)
def test_every_worked_example_of_the_documents(name):
    r = rules(name)
    for example in r.examples:
        assert score(example.cards, r) == example.score, example.quote


# The same numbers written out from the documents, so that a changed seed file cannot change them silently.
@pytest.mark.parametrize(
    "name, expedition, points",
    [
        ("expeditions", "JH QH 6H 8H 10H", 12),          # 001: "12 points 6 + 8 + 10 ... ×3"
        ("expeditions", "JS 3S 5S", -24),                 # 001: "−24 points 3 + 5 ..."
        ("expeditions", "JD 4D 5D 7D 8D 9D", 46),         # 001: "46 points ... 6 cards add 20"
        ("expeditionen", "JS 3S 6S", -22),                # 000: "♠ B 3 6 ... = −22"
        ("expeditionen", "KH QH 4H 7H 9H 10H", 30),       # 000: "♥ K D 4 7 9 10 ... = 30"
        ("expeditionen", "2D 5D 6D 7D 8D 9D 10D", 27),    # 000: "7 Karten – kein Bonus: 27"
        ("lost-cities", "JR QR 5R 9R 10R", 12),           # 002: "4 x 3 = 12 Punkte"
        ("lost-cities", "JB 4B 6B 9B 10B", 18),           # 004: "18 Punkte"
        ("lost-cities", "3G 5G", -12),                    # 004: "minus 12 Punkte"
        ("lost-cities", "JW QW 7W", -39),                 # 004: "minus 39 Punkte"
    ],
)
def test_document_numbers(name, expedition, points):
    assert score(expedition, name) == points


def test_round_totals_of_the_documents():
    assert score("JH QH 6H 8H 10H JS 3S 5S JD 4D 5D 7D 8D 9D", "expeditions") == 34   # 001: 12 − 24 + 46 + 0
    assert score("JS 3S 6S KH QH 4H 7H 9H 10H 2D 5D 6D 7D 8D 9D 10D", "expeditionen") == 35  # 000: −22 + 30 + 27


def test_the_same_expedition_under_two_rule_sets():
    # Six cards pay the bonus in the 6-card rules, not in the 8-card rules.
    assert score("KH QH 4H 7H 9H 10H", "expeditions") == 50
    assert score("KH QH 4H 7H 9H 10H", "expeditionen") == 30


def test_unstarted_and_investments_only():
    assert score("", "expeditions") == 0
    assert score("JC", "expeditions") == -40
    assert score("JC QC KC", "expeditions") == -80


def test_breakdown_reads_like_the_rules():
    b = score_breakdown("HK HQ H4 H7 H9 H10")
    assert (b.numbers_total, b.before_multiplier, b.multiplier, b.multiplied, b.bonus, b.total) == (30, 10, 3, 30, 20, 50)
    assert b.explain() == "4 + 7 + 9 + 10 = 30, minus 20 = 10, ×3 = 30, 6 cards: +20 = 50"
    assert "<span" in b._repr_html_()
    board = score_board("JS 3S 6S KH QH 4H")
    # hearts (4 - 20) x 3 = -48, spades (9 - 20) x 2 = -22, diamonds and clubs not started
    assert [e.total for e in board.expeditions] == [-48, -22, 0, 0]
    assert board.total == score("JS 3S 6S KH QH 4H") == -70


def _by_the_book(expedition, bonus_at):
    """An independent reading of document 001's scoring text."""
    if not expedition:
        return 0
    numbers = sum(c.rank for c in expedition if c.rank <= 10)
    bets = sum(1 for c in expedition if c.rank > 10)
    return (numbers - 20) * (bets + 1) + (20 if len(expedition) >= bonus_at else 0)


def test_scoring_agrees_with_an_independent_reading():
    rng = random.Random(5)
    for _ in range(2000):
        bets = rng.randint(0, 3)
        numbers = sorted(rng.sample(range(2, 11), rng.randint(0, 9)))
        expedition = [Card(11 + i, "H") for i in range(bets)] + [Card(n, "H") for n in numbers]
        for name, bonus_at in (("expeditions", 6), ("expeditionen", 8)):
            assert score(expedition, name) == _by_the_book(expedition, bonus_at)


def test_bad_input():
    with pytest.raises(CardError, match="one suit"):
        score_breakdown("7H 7S")
    with pytest.raises(CardError, match="AH is not a card of the expeditions rules"):
        score("AH 2H")
    assert score("AH 2H", "expeditionen-aces") == -17
    with pytest.raises(CardError, match="appears 2 times"):
        score("7H 7H")
    with pytest.raises(CardError, match="5R is not a card"):
        score("5R")
    assert cards("5R")
