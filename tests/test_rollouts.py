"""Rollouts: positions sampled as the observation allows, the batch and the engine playing the same options
alike, and 95% intervals that cover the true mean 95% of the time."""

import math
import random
from collections import Counter

import numpy as np
import pytest
from positions import counted
from scipy import stats

import expeditions as ex
from expeditions.analysis import rollout_values
from expeditions.analysis.batch import counting_layout, counting_state_of_tables
from expeditions.analysis.batch.counting_state import STATE_ARRAYS
from expeditions.analysis.rollouts import (
    PIECE,
    Option,
    engine_options,
    iter_rollouts,
    last,
    play_options,
    refine,
    sample_state,
    tables_of_state,
)
from expeditions.analysis.situation import observation_for
from expeditions.analysis.stats import batch_estimate
from expeditions.bots import Heuristic, play_out
from expeditions.engine import spec_for
from expeditions.estimate import batch_means_estimate, t_quantile
from expeditions.moves import Move


def mid_round(seed=4, turns=14):
    return counted(seed=seed, turns=turns)


# --- intervals --------------------------------------------------------------------------------------
@pytest.mark.parametrize("df", [1, 2, 3, 5, 9, 20, 63, 500])
def test_the_t_quantile_is_students(df):
    assert t_quantile(df) == pytest.approx(stats.t.ppf(0.975, df), rel=1e-12)


def test_batch_means_give_students_interval_over_the_batches():
    rng = np.random.default_rng(3)
    x = rng.exponential(5.0, size=320)
    got = batch_estimate(x, 32)
    means = x.reshape(10, 32).mean(axis=1)
    low, high = stats.t.interval(0.95, 9, loc=means.mean(), scale=stats.sem(means))
    assert got.value == pytest.approx(x.mean()) and got.samples == 320
    assert (got.low, got.high) == pytest.approx((low, high), rel=1e-4)
    assert batch_means_estimate([1.0, 3.0]).half_width == pytest.approx(t_quantile(1) * math.sqrt(2) / math.sqrt(2))
    with pytest.raises(ValueError, match="whole batches"):
        batch_estimate(x[:100], 32)


# --- sampling --------------------------------------------------------------------------------------
def test_sampled_positions_agree_with_the_observation_and_deal_the_unseen_cards_alike():
    rnd = mid_round()
    obs = rnd.observation()
    state = sample_state(obs, 4000, np.random.default_rng(1))
    tables = tables_of_state(state.take(np.arange(50)))
    other = 1 - obs.seat
    for t in tables:
        assert sorted(map(str, (t.spec.cards[c] for c in t.hands[obs.seat]))) == sorted(map(str, obs.hand))
        assert len(t.hands[other]) == obs.hand_sizes[other] and len(t.deck) == obs.deck_size
        assert [[t.spec.cards[c] for c in p] for p in t.piles] == [list(p) for p in obs.piles]
        for side in (0, 1):
            assert [[t.spec.cards[c] for c in e] for e in t.expeditions[side]] == [list(e) for e in obs.expeditions[side]]
    # Every unseen card is in the other hand with the same chance: hand size / unseen.
    layout_bits = {}
    layout, spec = counting_layout(obs.rules), spec_for(obs.rules)
    for c in obs.unseen:
        layout_bits[c] = 1 << layout.bit_of[spec.index[c]]
    counts = np.array([int(((state.hands[other] & bit) != 0).sum()) for bit in layout_bits.values()])
    expected = 4000 * obs.hand_sizes[other] / len(obs.unseen)
    chi2 = ((counts - expected) ** 2 / expected).sum()
    assert chi2 < stats.chi2.ppf(0.999, len(counts) - 1)


def heuristic_round(name, seed, turns):
    """A round of ``name`` played by two Heuristic bots for ``turns`` turns: they take pile cards, so the
    other hand holds known cards."""
    return play_out(ex.deal(name, seed=seed), [Heuristic(0), Heuristic(1)], until=lambda r: r.turn >= turns)


def expected_masks(layout, table):
    """The counting layout's masks of an engine table, worked out here from the table's own fields (the
    cards a side may still lay from the engine's ``open``, card by card)."""
    spec = table.spec

    def mask(cards):
        return sum(1 << layout.bit_of[c] for c in set(cards))

    def code(pile):
        return sum((layout.bit_of[c] % layout.ranks + 1) << (4 * (len(pile) - 1 - i)) for i, c in enumerate(pile))

    return {
        "hands": [mask(table.hands[s]) for s in (0, 1)], "known": [mask(table.public[s]) for s in (0, 1)],
        "laid": [mask([c for e in table.expeditions[s] for c in e]) for s in (0, 1)],
        "open": [mask([c for c in range(len(spec.cards)) if table.open[s] >> c & 1]) for s in (0, 1)],
        "piles": [code(p) for p in table.piles], "pile_cards": mask([c for p in table.piles for c in p]),
        "gone": mask(table.removed), "deck": [1 << layout.bit_of[c] for c in reversed(table.deck)],
        "deck_left": len(table.deck), "turns": table.turns, "stall": table.stall,
    }


@pytest.mark.parametrize("name, rounds", [("expeditions", ((1, 17), (2, 26), (4, 34))),
                                          ("lost-cities", ((1, 17), (2, 34), (3, 9))),
                                          ("expeditionen-aces", ((4, 26), (1, 9), (3, 34)))])
def test_the_one_counting_state_builder_gives_the_sampled_tables_bit_for_bit(name, rounds):
    """``sample_state`` (positions sampled in the batch) and ``counting_state_of_tables`` (the engine's
    tables) both go through ``batch.counting_state``: its masks are those of the tables that
    ``Observation.sample_table`` samples, bit for bit, and a state taken to tables (``tables_of_state``)
    and back is the same state."""
    layout = counting_layout(ex.rules(name))
    known_cards = 0
    for seed, turns in rounds:  # the first position of each: the other hand holds a card taken off a pile
        obs = heuristic_round(name, seed, turns).observation()
        tables = [obs.sample_table(random.Random(i)) for i in range(40)]
        from_tables = counting_state_of_tables(layout, tables)
        for i, table in enumerate(tables):
            want = expected_masks(layout, table)
            for f in ("hands", "known", "laid", "open"):
                assert from_tables.__dict__[f][:, i].tolist() == want[f], (f, i)
            assert from_tables.piles[:, i].tolist() == want["piles"]
            assert from_tables.deck[i, : want["deck_left"]].tolist() == want["deck"]
            for f in ("pile_cards", "gone", "deck_left", "turns", "stall"):
                assert int(from_tables.__dict__[f][i]) == want[f], f
            assert int(from_tables.drawn[i]) == 0 and from_tables.to_move == table.to_move
        sampled = sample_state(obs, 200, np.random.default_rng(seed))
        # what the seat sees is the same in every sampled row as in every sampled table
        for f in ("laid", "open", "allowed", "committed", "piles"):
            assert (sampled.__dict__[f] == from_tables.__dict__[f][:, :1]).all(), f
        for f in ("pile_cards", "gone", "drawn", "deck_left", "turns", "stall"):
            assert (sampled.__dict__[f] == from_tables.__dict__[f][0]).all(), f
        seat, other = obs.seat, 1 - obs.seat
        assert (sampled.hands[seat] == from_tables.hands[seat, 0]).all() and (sampled.known == from_tables.known[:, :1]).all()
        hidden = sampled.hands[other] & ~sampled.known[other] | np.bitwise_or.reduce(sampled.deck, axis=1)
        assert (hidden == (from_tables.hands[other, 0] & ~from_tables.known[other, 0]
                           | np.bitwise_or.reduce(from_tables.deck[0]))).all()
        back = counting_state_of_tables(layout, tables_of_state(sampled))
        for f in STATE_ARRAYS:
            assert np.array_equal(back.__dict__[f], sampled.__dict__[f]), f
        known_cards += int(from_tables.known.any())
    assert known_cards


def test_the_batch_and_the_engine_play_the_same_options_alike():
    rnd = mid_round(seed=6, turns=16)
    obs = rnd.observation()
    hand = obs.hand
    options = (
        Option("policy"),
        Option("lay", (Move.play(hand[0]) if rnd.is_legal(Move.play(hand[0])) else Move.discard(hand[0]),)),
        Option("gone", (Move.discard(hand[1]),), remove=True),
        Option("wait H", blocked=("H",)),
        Option("plan", allowed=("S", "D"), committed=("S", "D")),
        Option("two moves", (Move.discard(hand[2]), Move.discard(hand[3]))),
    )
    state = sample_state(obs, 120, np.random.default_rng(9))
    batch = play_options(obs, options, state)
    engine = engine_options(obs, options, tables_of_state(state))
    for key in ("scores", "expeditions", "cards", "plays", "pile_draws", "ends"):
        assert (batch[key] == engine[key]).all(), key


def test_rollouts_of_rule_sets_the_batch_cannot_play_run_on_the_engine():
    rnd = ex.deal("expeditions-4p", seed=2)
    values = rollout_values(rnd.observation(), precision=100, first=PIECE)
    assert {r.option for r in values} >= {"wait", "never"} and values[0].value.samples == PIECE


# --- coverage --------------------------------------------------------------------------------------
def covered(obs, options, statistics, truths, reps, precision):
    """How often each statistic's interval holds its true value, over ``reps`` seeds; every run stops
    once the first statistic is within ``±precision`` (256 positions at first, then doubling)."""
    hits = [0] * len(statistics)
    for r in range(reps):
        runs = iter_rollouts(obs, options, seed=10_000 + r, first=PIECE, time_limit=60)
        collected = last(refine(runs, lambda c: c, precision, lambda c: statistics[0](c).half_width))
        for k, (statistic, truth) in enumerate(zip(statistics, truths, strict=True)):
            hits[k] += statistic(collected).contains(truth)
    return [h / reps for h in hits]


@pytest.mark.slow
def test_model_three_intervals_cover_the_true_mean_ninety_five_percent_of_the_time():
    """The gain of waiting with the spades of 2H 5H KH 9S 10S QD (against never laying them) and the
    spades' final score (very skewed: many rounds never start them), measured 400 times with 256
    positions each, and 200 times stopping at the default precision of ±2; the true means from
    131,072 positions."""
    obs = observation_for("2H 5H KH 9S 10S QD", "expeditions")
    options = (Option("wait S", blocked=("S",)), Option("never S", allowed=("H", "D", "C")))
    long = play_options(obs, options, sample_state(obs, 131_072, np.random.default_rng(2024)))
    own = long["scores"][:, :, 0]
    truths = (float((own[0] - own[1]).mean()), float(long["expeditions"][0][:, 1].mean()))
    assert (own[0] - own[1]).std() / math.sqrt(131_072) < 0.1  # the truth is known to within a tenth of a point
    assert len(Counter(own[0].tolist())) > 20  # the rounds' scores vary: the intervals are not trivially exact

    def gain(c):
        return c.mean(c.own(0) - c.own(1))

    def spades(c):
        return c.mean(c.data["expeditions"][0][:, 1])

    assert min(covered(obs, options, (gain, spades), truths, 400, precision=100.0)) >= 0.93
    assert covered(obs, options, (gain, spades), truths, 200, precision=2.0)[0] >= 0.93  # optional stopping
