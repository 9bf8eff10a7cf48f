"""The batch simulator against the engine: the same deal and the same choices give the same round,
and mean scores over many rounds agree within their intervals."""

import random

import numpy as np
import pytest

import expeditions as ex
from expeditions.analysis import AnalysisError, simulate
from expeditions.analysis.batch import layout_for, play_playable, play_uniform, score_laid, shuffled_bits
from expeditions.bots.policies import playable_policy, playout, uniform_policy
from expeditions.engine import DECK, DISCARD, PLAY, deal_table, spec_for

RULES = ex.rules("expeditions")
Z999 = 3.29


def differ(a, b):
    """The difference of two means in units of its standard error."""
    se = np.hypot(a.half_width, b.half_width) / 1.959964
    return (a.value - b.value) / se


# --- reference policies on the engine, numbering choices the way the simulator documents -------------
def one_per_suit(cards, layout):
    """Keep, of each suit's investments, the one on the lowest bit (they are one move)."""
    spec = spec_for(layout.rules)
    kept, seen = [], set()
    for c in sorted(cards, key=lambda c: layout.bit_of[c]):
        if spec.is_investment[c]:
            if spec.suit_of[c] in seen:
                continue
            seen.add(spec.suit_of[c])
        kept.append(c)
    return kept


def engine_playable(layout, deck, randoms, round_index, by_move):
    spec = spec_for(layout.rules)
    t = deal_table(spec, [layout.card_of[b] for b in deck], 0)
    turn_of = [0, 0]
    while not t.end:
        seat = t.to_move
        u = int(randoms[turn_of[seat], 2 * round_index + seat])
        turn_of[seat] += 1
        playable = [c for c in t.hands[seat] if t.open[spec.side_of[seat]] >> c & 1]
        pool = playable or list(t.hands[seat])
        pool = one_per_suit(pool, layout) if by_move else sorted(pool, key=lambda c: layout.bit_of[c])
        t.turn(PLAY if playable else DISCARD, pool[(u * len(pool)) >> 32], DECK)
    return t


def engine_uniform(layout, deck, randoms, round_index, by_move):
    spec = spec_for(layout.rules)
    t = deal_table(spec, [layout.card_of[b] for b in deck], 0)
    while not t.end:
        u = int(randoms[t.turns, round_index])
        legal = t.legal()
        if by_move:
            seat = t.to_move
            lay = t.open[spec.side_of[seat]]
            plays = set(one_per_suit([c for c in t.hands[seat] if lay >> c & 1], layout))
            keeps = set(one_per_suit(t.hands[seat], layout))
            legal = [a for a in legal if a[1] in (plays if a[0] == PLAY else keeps)]

        def key(action):
            kind, card, source = action
            group = 0 if kind == PLAY else (1 if t.piles[spec.suit_of[card]] else 2)
            return group, layout.bit_of[card], 0 if source == DECK else 1 + source

        legal.sort(key=key)
        t.apply(legal[(u * len(legal)) >> 32])
        if t.turns >= 2000 and not t.end:
            t.end = "turn-cap"
    return t


# --- the lean representation -------------------------------------------------------------------
def test_the_layout_is_a_numbering_of_the_deck_that_knows_what_a_number_closes():
    layout = layout_for(RULES)
    spec = spec_for(RULES)
    assert sorted(layout.bit_of) == list(range(48))
    assert all(layout.card_of[layout.bit_of[c]] == c for c in range(48))
    for c in range(48):
        bit = 1 << layout.bit_of[c]
        if spec.is_investment[c]:
            assert bit & layout.investment_mask
            continue
        closes = sum(1 << layout.bit_of[d] for d in range(48) if spec.closes[c] >> d & 1)
        assert (bit * layout.column) & layout.full == closes


def test_laid_cards_score_as_the_rules_say():
    layout = layout_for(RULES)
    spec = spec_for(RULES)
    rng = random.Random(1)
    sets = [[c for c in range(48) if rng.random() < p] for p in (0.1, 0.25, 0.5, 0.9) for _ in range(100)]
    masks = np.array([sum(1 << layout.bit_of[c] for c in s) for s in sets], dtype=np.int64)
    expected = [ex.score([spec.cards[c] for c in s], RULES) if s else 0 for s in sets]
    assert score_laid(layout, masks).tolist() == expected


def test_shuffles_are_permutations_with_every_card_equally_likely_in_every_place():
    decks = shuffled_bits(layout_for(RULES), 48_000, np.random.default_rng(2)).astype(np.int64)
    assert (np.sort(decks, axis=1) == np.arange(48)).all()
    counts = np.stack([np.bincount(decks[:, k], minlength=48) for k in (0, 11, 47)])
    chi2 = ((counts - 1000) ** 2 / 1000).sum(axis=1)
    assert (chi2 < 90).all()  # 99.9% point of chi-square with 47 degrees of freedom is 82.7; three tests


# --- same deal, same choices -------------------------------------------------------------------------
@pytest.mark.parametrize("by_move", [False, True])
def test_playable_rounds_match_the_engine_move_for_move(by_move):
    layout = layout_for(RULES)
    rng = np.random.default_rng(7)
    decks = shuffled_bits(layout, 300, rng)
    randoms = rng.integers(0, 1 << 32, size=(18, 600), dtype=np.uint64).astype(np.uint32)
    out = play_playable(layout, decks, randoms, by_move=by_move)
    for i in range(300):
        t = engine_playable(layout, decks[i], randoms, i, by_move)
        assert out["scores"][i].tolist() == t.scores()
        laid = [sum(len(e) for e in t.expeditions[s]) for s in (0, 1)]
        assert out["discards"][i].tolist() == [18 - laid[0], 18 - laid[1]]


@pytest.mark.parametrize("by_move", [False, True])
def test_uniform_rounds_match_the_engine_move_for_move(by_move):
    layout = layout_for(RULES)
    rng = np.random.default_rng(11)
    decks = shuffled_bits(layout, 150, rng)
    table = rng.integers(0, 1 << 32, size=(2000, 150), dtype=np.int64)
    out = play_uniform(layout, decks, lambda step, rows: table[step, rows], by_move=by_move)
    ends = {"deck": 0, "stall": 1, "turn-cap": 2}
    for i in range(150):
        t = engine_uniform(layout, decks[i], table, i, by_move)
        assert out["scores"][i].tolist() == t.scores(), i
        assert out["turns"][i] == t.turns and out["pile_draws"][i] == t.pile_draws
        assert out["ends"][i] == ends[t.end]
    assert (out["ends"] == 1).any(), "some rounds should end by the stall rule"


def test_an_odd_deck_gives_the_second_seat_one_turn_fewer():
    rules = ex.rules("expeditions", suits=["H", "S", "D"], numbers=[1, 2, 3, 4, 5, 6, 7, 8, 9, 10])  # 39 cards
    layout = layout_for(rules)
    rng = np.random.default_rng(5)
    decks = shuffled_bits(layout, 200, rng)
    randoms = rng.integers(0, 1 << 32, size=(14, 400), dtype=np.uint64).astype(np.uint32)
    out = play_playable(layout, decks, randoms)
    for i in range(200):
        t = engine_playable(layout, decks[i], randoms, i, False)
        assert t.turns == 27 and out["scores"][i].tolist() == t.scores()


# --- many rounds -------------------------------------------------------------------------------------
def engine_mean(policy, rounds, seed):
    spec = spec_for(RULES)
    rng = random.Random(seed)
    scores = []
    for _ in range(rounds):
        order = spec.deck_ids[:]
        rng.shuffle(order)
        scores += playout(deal_table(spec, order, 0), [policy, policy], rng).scores()
    from expeditions.analysis import Estimate

    x = np.array(scores, dtype=float)
    half = 1.959964 * x.std(ddof=1) / np.sqrt(x.size)
    return Estimate(x.mean(), x.mean() - half, x.mean() + half, x.size)


def test_mean_scores_agree_with_the_engine():
    batch_playable = simulate(RULES, "playable", 200_000, seed=1).mean_score()
    batch_uniform = simulate(RULES, "uniform", 20_000, seed=1).mean_score()
    assert abs(differ(batch_playable, engine_mean(playable_policy, 15_000, 1))) < Z999
    assert abs(differ(batch_uniform, engine_mean(uniform_policy, 1_500, 1))) < Z999


def test_choosing_by_card_or_by_move_changes_the_mean_measurably():
    for policy, rounds in (("playable", 300_000), ("uniform", 40_000)):
        by_card = simulate(RULES, policy, rounds, seed=3).mean_score()
        by_move = simulate(RULES, policy, rounds, by="move", seed=4).mean_score()
        assert differ(by_move, by_card) > Z999, policy  # fewer investments laid, fewer big losses


def test_uniform_play_ends_by_the_stall_rule_sometimes_and_every_pile_draw_adds_a_turn():
    result = simulate(RULES, "uniform", 5_000, seed=2)
    by_deck = result.ends == 0
    assert ((result.turns - result.pile_draws)[by_deck] == 36).all()
    assert 0.01 < result.end_share("stall").value < 0.1
    assert result.mean("discards").value > 30


def test_playable_rounds_are_36_turns_and_18_plays_each():
    result = simulate(RULES, "playable", 1_000, seed=2)
    assert (result.turns == 36).all() and (result.pile_draws == 0).all()
    assert (result.discards >= 0).all() and (result.discards <= 18).all()


def test_results_depend_only_on_the_seed():
    a = simulate(RULES, "uniform", 3_000, seed=5)
    b = simulate(RULES, "uniform", 3_000, seed=5)
    assert (a.scores == b.scores).all() and (a.turns == b.turns).all()


@pytest.mark.parametrize("name, reason", [
    ("expeditions-4p", "it plays two players"),
    ("expeditions-solo", "it plays two players"),
    ("lost-cities-duel-long", "72 cards"),
])
def test_rule_sets_it_cannot_play_are_refused_with_the_reason(name, reason):
    with pytest.raises(AnalysisError, match=reason):
        simulate(name, "playable", 10)


def test_bad_arguments_are_refused():
    with pytest.raises(AnalysisError, match="not a batch policy"):
        simulate(RULES, "greedy", 10)
    with pytest.raises(AnalysisError, match="by 'card'"):
        simulate(RULES, "playable", 10, by="suit")
