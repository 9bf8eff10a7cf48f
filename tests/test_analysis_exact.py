"""Model 1 (the exact ceiling) against brute force: every order of the hidden cards, played on the engine."""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest

import expeditions as ex
from expeditions.analysis import AnalysisError, exact_value, situations, start_values
from expeditions.analysis.exact import numbers_line, numbers_seen
from expeditions.analysis.situation import observation_for, outlook_of
from expeditions.engine import DECK, DISCARD, Table, spec_for

# A small deck: two suits of one investment and the numbers 2 to 5 (10 cards), hands of 2.
SMALL = ex.rules("expeditions", suits=["H", "S"], numbers=[2, 3, 4, 5], investments=1, hand_size=2, bonus_at=3)


def reaching_cards(table, seat):
    """Play the table to its end on the engine (each seat discards its first card and draws off the
    deck) and return every card that was in ``seat``'s hand at one of its turns."""
    seen = set()
    while not table.end:
        if table.to_move == seat:
            seen.update(table.hands[seat])
        table.turn(DISCARD, table.hands[table.to_move][0], DECK)
    return seen


def ceiling_score(cards, laid, investments, plays, rules):
    """The ceiling by hand, scored by the public scoring: every number once, highest kept when the
    plays run short, up to ``investments`` investments first (while no number is laid)."""
    laid_numbers = [c for c in laid if not c.is_investment]
    top = max((c.value for c in laid_numbers), default=0)
    numbers = sorted({c.value for c in cards if not c.is_investment and c.value > top})
    have = [c for c in cards if c.is_investment] if not laid_numbers else []
    new_investments = max(0, min(len(have), investments - sum(c.is_investment for c in laid)))
    new_investments = min(new_investments, plays)
    numbers = numbers[max(0, len(numbers) - (plays - new_investments)):]
    suit = rules.suits[0]
    chosen = list(laid) + have[:new_investments] + [ex.Card(v, suit) for v in numbers]
    return (ex.score(chosen, rules) if chosen else 0), len(chosen)


def brute_force(hand, rules, investments, *, laid=(), opponent_known=(), deck_left=None, to_move=0):
    """The exact law of the ceiling score of suit H for seat 0, by enumerating every placement of the
    cards seat 0 has not seen into the opponent's hand and the deck, each played out on the engine."""
    spec = spec_for(rules)
    hand = ex.cards(hand)
    laid = ex.cards(laid) if laid else ()
    unseen = list((Counter(rules.deck) - Counter(hand) - Counter(laid)).elements())
    deck_size = len(unseen) - rules.hand_size if deck_left is None else deck_left
    outcomes = Counter()
    total = 0
    for order in permutations(unseen):
        table = Table(spec)
        table.hands = [[spec.index[c] for c in hand], [spec.index[c] for c in order[: rules.hand_size]]]
        table.deck = [spec.index[c] for c in reversed(order[rules.hand_size : rules.hand_size + deck_size])]
        table.set_aside = [spec.index[c] for c in order[rules.hand_size + deck_size :]]
        table.expeditions[0][0] = [spec.index[c] for c in laid]
        for c in table.expeditions[0][0]:
            table.open[0] &= ~spec.closes[c]
        table.to_move = to_move
        plays = -(-(deck_size - to_move) // 2)
        mine = [spec.cards[c] for c in reaching_cards(table, 0)]
        suit_cards = [c for c in mine if c.suit == "H"]
        outcomes[ceiling_score(suit_cards, laid, investments, plays, rules)] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in outcomes.items()}


def law_of(value):
    return Counter({score: chance for score, chance in value.distribution})


@pytest.mark.parametrize("hand, investments", [("2H 3H", 0), ("2H 3H", 1), ("JH 4S", 1), ("4H 5S", 0), ("2S 3S", 1)])
def test_ceiling_matches_brute_force_at_the_start(hand, investments):
    sit = situations(observation_for(hand, SMALL))["H"]
    assert investments in sit.investments_possible  # every case here is a count the hand can reach
    value = exact_value(sit, SMALL, investments)
    brute = brute_force(hand, SMALL, investments)
    expected_scores = Counter()
    bonus = Fraction(0)
    for (score, cards), chance in brute.items():
        expected_scores[score] += chance
        bonus += chance if cards >= SMALL.bonus_at else 0
    got = law_of(value)
    assert set(got) == set(expected_scores)
    for score, chance in expected_scores.items():
        assert got[score] == pytest.approx(float(chance), abs=1e-12)
    assert value.value.value == pytest.approx(float(sum(s * c for s, c in expected_scores.items())), abs=1e-12)
    assert value.bonus_chance.value == pytest.approx(float(bonus), abs=1e-12)
    assert value.value.is_exact


def test_ceiling_matches_brute_force_in_a_started_expedition_when_not_to_move():
    # Seat 0 has laid 2H; the deck holds 5 cards and seat 1 is to move: seat 0 has 2 plays left.
    laid = "2H"
    hand = "4H 5S"
    rnd = ex.position(SMALL, hands=[hand, None], expeditions=[{"H": laid}], to_move=1, seed=3)
    obs = rnd.observation(0)
    assert obs.deck_size == 5 and outlook_of(obs).plays == 2 and outlook_of(obs).draws_in_time == 1
    sit = situations(obs)["H"]
    assert sit.investments_possible == (0,)  # a number is down: no investment can follow
    value = exact_value(sit, SMALL, 0)
    brute = brute_force(hand, SMALL, 0, laid=laid, deck_left=5, to_move=1)
    expected = Counter()
    for (score, _), chance in brute.items():
        expected[score] += chance
    got = law_of(value)
    assert set(got) == set(expected)
    for score, chance in expected.items():
        assert got[score] == pytest.approx(float(chance), abs=1e-12)


def test_the_tips_rule_of_thumb_is_the_hypergeometric_line():
    # 17 of your 18 draws can still be played, out of 42 unseen cards; a suit's numbers total 54.
    intercept, slope = numbers_line(ex.rules("expeditions"))
    assert intercept == pytest.approx(54 * 17 / 42)  # 21.86: "about 22"
    assert slope == pytest.approx(1 - 17 / 42)  # 59.5%: "60% of what you already hold"
    # 8-card hands: 16 plays each, 15 draws in time, 40 unseen.
    assert numbers_line(ex.rules("expeditionen")) == pytest.approx((54 * 15 / 40, 1 - 15 / 40))
    # The solitaire plays every draw: 18 draws out of 42 unseen (24 set aside, 18 in the deck).
    assert numbers_line(ex.rules("expeditions-solo")) == pytest.approx((54 * 18 / 42, 1 - 18 / 42))


def test_numbers_seen_is_what_you_hold_plus_the_arrival_chance_of_the_rest():
    sit = situations(observation_for("2H 5H 9S 10S QD 4C", "expeditions"))["H"]
    assert numbers_seen(sit) == pytest.approx(7 + (54 - 7) * 17 / 42)


def test_an_expedition_that_cannot_grow_scores_what_it_holds():
    rnd = ex.position("expeditions", hands=["2S 3S 4S 5S 6S 7S", None], expeditions=[{"H": "JH 9H 10H"}], seed=1)
    sit = situations(rnd.observation(0))["H"]
    assert sit.unseen_numbers == () and sit.held_numbers == ()
    value = exact_value(sit, rnd.rules, 1)
    assert value.value.value == ex.score("JH 9H 10H") == -2
    assert value.distribution == ((-2, 1.0),)


def test_bad_investment_counts_are_refused_with_the_counts_that_are_possible():
    rnd = ex.position("expeditions", hands=["2S 3S 4S 5S 6S 7S", None], expeditions=[{"H": "JH 9H"}], seed=1)
    sit = situations(rnd.observation(0))["H"]
    with pytest.raises(AnalysisError, match=r"cannot end with 0 investment.*it can end with 1"):
        exact_value(sit, rnd.rules, 0)


@pytest.mark.parametrize("hand, message", [
    ("2H 2H 5S 9S 10S QD", "2H appears 2 times in the hand, but the expeditions deck holds it once"),
    ("2H 5H 9S 10S QD AH", "AH is not a card of the expeditions rules"),
    ("2H 5H 9S 10S QD 4C 7C", "too many cards: a hand of the expeditions rules holds 6 cards, and 7 were given"),
    ("2H 5H", "too few cards: a hand of the expeditions rules holds 6 cards, and 2 were given"),
    ("2H 5H 9S 10S QD 4X", "not a card|not a suit|rank then its suit"),
])
def test_bad_hands_fail_with_a_clear_message(hand, message):
    with pytest.raises(ex.CardError, match=message):
        start_values(hand, "expeditions")


def test_the_four_player_deck_holds_some_numbers_twice():
    # Two 2H are fine there (the second deck adds the 2, 3 and 4), three are not.
    start_values("2H 2H 3H 9S 10S QD", "expeditions-4p", models="exact")
    with pytest.raises(ex.CardError, match="2H appears 3 times in the hand, but the expeditions-4p deck holds it 2 times"):
        start_values("2H 2H 2H 9S 10S QD", "expeditions-4p", models="exact")
