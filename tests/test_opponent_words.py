"""A given discard, a given pile card, and the answers in words (``discard_values``, ``pile_values``).

Every option is played out from the same sampled positions (the positions depend on the seed and the
piece, never on the options), so valuing one card alone gives exactly the number of the full table."""

from __future__ import annotations

import pytest
from positions import counted

import expeditions as ex
from expeditions import analysis
from expeditions.analysis.rollouts import PIECE
from expeditions.errors import AnalysisError


@pytest.fixture(scope="module")
def rnd() -> ex.Round:
    """Seed 11 after 14 turns of counting bots (notebook 03's round): the other side has started clubs at 2♣."""
    return counted(seed=11, turns=14)


def test_a_given_discard_is_the_full_table_s_number(rnd):
    full = analysis.discard_values(rnd, first=PIECE, precision=100)
    for card in rnd.hand(rnd.to_move)[:3]:
        one = analysis.discard_values(rnd, cards=str(card), first=PIECE, precision=100)
        assert [r.card for r in one.rows] == [card] and one.rows[0] == full.get(card)
    two = analysis.discard_values(rnd, cards=rnd.hand(rnd.to_move)[:2], first=PIECE, precision=100)
    assert len(two.rows) == 2
    with pytest.raises(AnalysisError, match="is not in the hand"):
        analysis.discard_values(rnd, cards="KS")


def test_the_discard_in_words_says_what_they_can_see(rnd):
    values = analysis.discard_values(rnd, first=4 * PIECE, precision=100)  # enough positions to tell 8♣ from 0
    clubs = [r for r in values.rows if r.card.suit == "C"]
    assert clubs and all(r.they_started and r.they_can_lay for r in clubs)  # the other side has 2♣ down
    row = clubs[-1]
    words = row.words(values.positions)
    assert words.startswith(f"Discarding {row.card.symbol} gives your opponent about {row.feed.format(sign=True)} points")
    assert f"by playing the round out {values.positions:,} times" in words
    assert f"they have started ♣ and can lay it; {row.between} unseen ♣ numbers lie between their top and it" in words
    cheapest, dearest = values.rows[0], values.rows[-1]
    assert dearest.feed.low > 0, "the dearest discard feeds them measurably"
    assert values.sentence.startswith(f"Cheapest to discard: {cheapest.card.symbol}, about "
                                      f"{cheapest.feed.format(sign=True)} points for your opponent. Dearest: "
                                      f"{dearest.card.symbol} gives your opponent about {dearest.feed.format(sign=True)}")
    assert values.sentence in str(values) and "xp-answer-sentence" in values._repr_html_()


def test_a_card_nobody_can_lay_is_said_to_be_dead():
    rnd = ex.position("expeditions", hands=["3S 9H 10H 8D 9D 10D", None],
                      expeditions=[{"S": "4S", "H": "2H", "D": "2D"}, {"S": "5S 6S", "C": "4C"}], seed=2)
    dead = analysis.discard_values(rnd, cards="3S", first=PIECE, precision=100).rows[0]
    assert dead.feed.value == 0 and dead.words().endswith("they can no longer lay 3♠.")
    fresh = analysis.discard_values(rnd, cards="10H", first=PIECE, precision=100).rows[0]
    assert fresh.words().endswith("they have not started ♥: 10♥ feeds them if they start it lower and then take it "
                                  "(the counting bot takes a pile card to continue an expedition, or near the end to "
                                  "make the round last).")


def test_investments_nobody_has_started_feed_nothing_in_the_model_and_the_sentence_says_so():
    """The counting bot takes only numbers off a pile: an investment of a suit they have not started feeds
    them exactly nothing in this model, which the words say; with nothing but such cards in hand no discard
    feeds them measurably, and the sentence says that rather than naming a 'dearest'."""
    values = analysis.discard_values("JH QH KH JS QS KS", "expeditions", first=PIECE, precision=100)
    assert all(r.feed.value == 0 and r.feed.half_width == 0 for r in values.rows)
    assert all("counts an investment as feeding them nothing" in r.words() for r in values.rows)
    assert values.sentence.startswith("No discard feeds your opponent measurably (every interval includes 0")
    assert "Dearest" not in values.sentence


def test_a_dearest_discard_not_told_from_zero_is_not_called_dearest():
    values = analysis.discard_values(counted(seed=11, turns=18), first=PIECE, precision=100)
    dearest = values.rows[-1]
    assert dearest.feed.low <= 0 < dearest.feed.value  # 9♥: +4.1 ± 5.5 on 256 positions
    assert values.sentence.startswith("No discard feeds your opponent measurably")
    assert f"the dearest, {dearest.card.symbol}, about {dearest.feed.format(sign=True)}." in values.sentence


def test_a_given_pile_card_against_the_deck(rnd):
    obs = rnd.observation()
    full = analysis.pile_values(obs, first=PIECE, precision=100)
    tops = {s: obs.pile(s)[-1] for s in rnd.rules.suits if obs.pile(s)}
    suit = next(iter(tops))
    one = analysis.pile_values(obs, piles=suit, move=full.move, first=PIECE, precision=100)
    assert [r.source for r in one.rows] == ["deck", suit] and one.rows == (full.rows[0], full.get(suit))
    assert one.given and not full.given and "the counting bot's card" not in str(one) and "the counting bot's card" in str(full)
    best = max(full.rows[1:], key=lambda r: r.gain.value)
    assert full.sentence.startswith(f"Taking {best.card.symbol} off the {ex.SUITS[best.source].symbol} pile instead of "
                                    f"drawing off the deck: {best.gain.format(sign=True)} points in your score minus the opponent's")
    assert f"it leaves you {best.your_plays.format()} plays against {full.rows[0].your_plays.format()}" in full.sentence
    # Another card this turn: every pile but the one it is discarded onto.
    card = rnd.hand(rnd.to_move)[0]
    other = analysis.pile_values(obs, move=f"discard {card}, draw deck", first=PIECE, precision=100)
    assert card.suit not in [r.source for r in other.rows] and other.move.card == card
    with pytest.raises(AnalysisError, match="there is no card to take off pile"):
        analysis.pile_values(obs, move=f"discard {card}, draw deck", piles=card.suit)
    with pytest.raises(AnalysisError, match="is not this turn's card"):
        analysis.pile_values(obs, move="play KS, draw deck")
