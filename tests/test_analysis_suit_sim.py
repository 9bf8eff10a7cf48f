"""Model 2 (the suit simulation) against model 1 (exact), and its laying policy's behaviour."""

import numpy as np
import pytest
from scipy.stats import hypergeom

import expeditions as ex
from expeditions.analysis import AnalysisError, exact_value, situations, suit_value, suit_values
from expeditions.analysis.situation import observation_for
from expeditions.analysis.suit_sim import NEVER, arrival_plays, simulate_suit

RULES = ex.rules("expeditions")
Z999 = 3.29  # several comparisons per test: each one at its 99.9% interval


def within(estimate, x, z=Z999):
    """Whether ``x`` lies in the estimate's interval widened from 95% to the ``z`` quantile."""
    return abs(estimate.value - x) <= estimate.half_width / 1.959964 * z
HANDS = ["2H 5H KH 9S 10S QD", "3D 4D 8D JD 7C 10C", "2S 3S 4S 5S 6S 7S"]


@pytest.mark.parametrize("hand", HANDS)
def test_the_numbers_that_arrive_agree_with_the_exact_count(hand):
    sits = list(situations(observation_for(hand, RULES)).values())
    for exact_row, simulated in zip([exact_value(s, RULES, 0) for s in sits], suit_values(sits, RULES, [[0]] * 4, n=20_000),
                                    strict=True):
        assert within(simulated.numbers_seen, exact_row.numbers_seen.value), (exact_row.suit, simulated.numbers_seen)


def test_how_many_cards_arrive_follows_the_hypergeometric_law():
    sit = situations(observation_for("2S 3S 4S 5S 6S 7S", RULES))["H"]  # 12 unseen hearts, 42 unseen cards, 17 draws
    arrive = arrival_plays([sit], 40_000, np.random.default_rng(5))[0]
    counts = np.bincount((arrive != NEVER).sum(axis=1), minlength=13)
    law = hypergeom(42, 12, 17)
    expected = np.array([law.pmf(k) for k in range(13)]) * 40_000
    chi2 = ((counts - expected) ** 2 / np.maximum(expected, 1e-9))[expected > 5].sum()
    assert chi2 < 30  # 99.9% point of chi-square with about 11 degrees of freedom is 31.3
    # Arrivals come for plays 2 to 18: the draw after play j is first in hand for play j + 1.
    arrived = arrive[arrive != NEVER]
    assert arrived.min() == 2 and arrived.max() == 18


@pytest.mark.parametrize("hand", HANDS)
def test_without_investments_the_simulation_never_beats_the_ceiling(hand):
    for s in situations(observation_for(hand, RULES)).values():
        ceiling = exact_value(s, RULES, 0).value.value
        simulated = suit_value(s, RULES, 0, n=5_000)
        assert simulated.value.low <= ceiling + 1e-9, s.suit


def test_when_no_card_can_come_out_of_order_the_simulation_is_the_ceiling():
    # Every heart but 10H is placed: seat 0 holds 2H 3H, so the only unseen heart is above both.
    rnd = ex.position(RULES, hands=["2H 3H 5S 6S 7S 8S", None], expeditions=[{}, {"H": "4H 5H 6H 7H 8H 9H"}],
                      piles={"H": "JH QH KH"}, seed=2)
    sit = situations(rnd.observation(0))["H"]
    assert sit.unseen_numbers == (10,) and sit.unseen_investments == 0
    exact = exact_value(sit, RULES, 0)
    simulated = suit_value(sit, RULES, 0, n=40_000)
    assert simulated.value.contains(exact.value.value)
    assert {s for s, _ in simulated.distribution} == {s for s, _ in exact.distribution} == {-15, -5}


def test_starting_with_the_nine_loses_every_lower_card():
    sit = situations(observation_for("2H 5H KH 9S 10S QD", RULES))["S"]
    out = suit_value(sit, RULES, 0, n=2_000)
    assert out.distribution == ((-1, 1.0),)  # 9 + 10 - 20, whatever arrives
    assert out.bonus_chance.value == 0


def test_in_the_crunch_the_policy_skips_the_low_cards():
    # Two plays left (deck of 3, seat 0 to move) and 5H 7H 9H in hand on a hearts expedition at 4:
    # laying 7 and 9 scores 0, any plan that lays the 5 scores less.
    placed = ex.cards("5H 7H 9H 2S 3S 4S 4H 10C 9C 8C")
    rest = [c for c in RULES.deck if c not in placed]
    piles = {suit: [c for c in rest[6:] if c.suit == suit] for suit in RULES.suits}
    rnd = ex.position(RULES, hands=["5H 7H 9H 2S 3S 4S", rest[:6]], expeditions=[{"H": "4H"}], piles=piles,
                      deck="10C 9C 8C")
    sit = situations(rnd.observation(0))["H"]
    assert sit.outlook.plays == 2 and sit.held_numbers == (5, 7, 9)
    out = simulate_suit(sit, RULES, 0, arrival_plays([sit], 500, np.random.default_rng(1))[0])
    assert out["score"].min() >= 0
    assert (out["cards"] == 3).all()


def test_investments_go_down_first_and_the_first_number_waits_for_missing_ones():
    sit = situations(observation_for("JH 2H 5H 9S 10S QD", RULES))["H"]
    arrive = arrival_plays([sit], 4_000, np.random.default_rng(3))[0]
    one = simulate_suit(sit, RULES, 1, arrive)
    assert (one["investments"] == 1).all()  # the held J goes down at once
    three = simulate_suit(sit, RULES, 3, arrive)
    assert three["investments"].max() == 3 and three["investments"].min() >= 1
    assert three["investments"].mean() > one["investments"].mean()


def test_the_simulation_needs_at_least_two_runs():
    sit = situations(observation_for("JH 2H 5H 9S 10S QD", RULES))["H"]
    with pytest.raises(AnalysisError, match="at least 2 simulations"):
        suit_value(sit, RULES, 0, n=1)


def test_the_same_seed_gives_the_same_values():
    sits = list(situations(observation_for(HANDS[0], RULES)).values())
    assert [v.value for v in suit_values(sits, RULES, n=3_000, seed=9)] == [v.value for v in suit_values(sits, RULES, n=3_000, seed=9)]
