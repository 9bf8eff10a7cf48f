"""The one interface behind the three models: ``start_values``, its options, its table, and model 3."""

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

import expeditions as ex
from expeditions.analysis import ASSUMPTIONS, MODELS, AnalysisError, StartValues, rollout_values, start_values
from expeditions.analysis.rollouts import PIECE, RolloutJob, decisions_for, run_rollouts, sample_state, tables_of_state
from expeditions.analysis.situation import observation_for
from expeditions.analysis.values import CAUTION_MARGIN
from expeditions.bots.counting import counting_policy
from expeditions.bots.policies import playout
from expeditions.engine import action_of, spec_for

HAND = "2H 5H KH 9S 10S QD"
BLIND = "JH QH KH JS QS KS"


@pytest.fixture(scope="module")
def values():
    return start_values(HAND, "expeditions")


def test_every_suit_has_the_options_a_player_has(values):
    assert isinstance(values, StartValues) and values.models == ("exact", "suit")
    for model in ("exact", "suit"):
        assert [r.decision for r in values.options("H", model)] == [
            "start: lay 2♥ now", "invest now: K♥ (1 investment)", "wait: lay no ♥ this turn", "never start ♥"]
        assert [r.decision for r in values.options("S", model)] == ["start: lay 9♠ now", "wait: lay no ♠ this turn", "never start ♠"]
        assert [r.option for r in values.options("C", model)] == ["wait", "never"]  # nothing of clubs in hand
    assert not any("must still come" in r.decision for r in values.rows)  # investments not in hand are never counted as laid now
    assert values.outlook.plays == 18 and values.outlook.draws_in_time == 17 and values.outlook.unseen == 42


def test_waiting_and_laying_now_are_separate_rows(values):
    # The example: laying the 9 of spades now loses every lower spade; waiting keeps them.
    assert values.get("S", "suit", "lay").distribution == ((-1, 1.0),)
    assert values.get("S", "exact", "lay").value.value == -1
    wait = values.get("S", "suit", "wait")
    assert wait.value.low > 10 and wait.investments == 0
    assert values.get("S", "exact", "wait").value.value > wait.value.high  # the ceiling is above the simulation
    never = values.get("S", "suit", "never")
    assert never.value.value == 0 and never.gain.is_exact
    # get: an investment count picks the investing row, otherwise laying now (or waiting without a card to lay)
    assert values.get("H", "suit", investments=1).option == "invest"
    assert values.get("H").option == "lay" and values.get("C").option == "wait"
    with pytest.raises(AnalysisError, match="S has no invest row"):
        values.get("S", "exact", "invest")


def test_model_one_lay_now_is_the_ceiling_of_what_the_card_leaves():
    """Laying 5H now on 5H 8H: only hearts above 5 can still come; counted here by enumeration."""
    values = start_values("5H 8H 2S 3S 4S 6S", "expeditions", models=1)
    row = values.get("H", "exact", "lay")
    s = values.outlook
    unseen_above = [6, 7, 9, 10]  # the hearts above 5 that are not in hand
    unseen, draws, plays = s.unseen, s.draws_in_time, s.plays - 1
    expected = Fraction(0)
    for k in range(len(unseen_above) + 1):
        chance = Fraction(comb(unseen - len(unseen_above), draws - k), comb(unseen, draws))
        for arrived in combinations(unseen_above, k):
            laid = sorted({8, *arrived})[-plays:]
            cards = 1 + len(laid)
            expected += chance * (5 + sum(laid) - 20 + (20 if cards >= 6 else 0))
    assert row.value.value == pytest.approx(float(expected), abs=1e-9)
    assert row.gain.value == row.value.value  # hearts not started: never scores 0


def test_a_started_suit_gains_against_what_it_scores_as_it_stands():
    rnd = ex.position("expeditions", hands=["6H 8H 2S 3S 4S 5S", None], expeditions=[{"H": "3H 4H"}, {}], seed=3)
    values = start_values(rnd, models=("exact", "suit"))
    never = values.get("H", "exact", "never")
    assert never.value.value == 3 + 4 - 20 and never.decision == "lay no more ♥"
    lay = values.get("H", "exact", "lay")
    assert lay.decision == "go on: lay 6♥ now" and lay.gain.value == pytest.approx(lay.value.value - never.value.value)


def test_tables_show_options_assumptions_and_cautions(values):
    text = str(values)
    assert "start: lay 9♠ now" in text and "wait: lay no ♠ this turn" in text
    for m in ("exact", "suit"):
        assert f"{MODELS[m]}: {ASSUMPTIONS[m]}" in text
    assert "believe model 3" in text
    assert values._repr_html_().count("<tr>") == 1 + 12
    frame = values.to_frame()
    assert len(frame) == 24 and {"suit", "model", "option", "card", "value", "gain", "bonus_chance"} <= set(frame.columns)
    assert repr(values).startswith("<StartValues expeditions, seat 0: 24 rows")


def test_blind_investments_come_with_a_caution_and_the_model_to_believe():
    without = start_values(BLIND, "expeditions")
    triple = without.get("H", "exact", investments=3)
    assert triple.decision == "invest now: J♥ Q♥ K♥ (3 investments)" and triple.gain.value > 20
    cautions = without.cautions()
    assert any(c.startswith("♥, invest now: J♥ Q♥ K♥") and "run the rollouts (model 3)" in c for c in cautions)
    # With the rollouts run, the round played out is the model to believe: far below the ceiling here, and said
    # to be believed exactly when both other models promise more than its interval by the margin.
    with_rollouts = start_values(BLIND, "expeditions", models=(1, 2, 3), precision=3.0, time_limit=20)
    rollout = with_rollouts.get("H", "rollout", investments=3)
    assert rollout.gain.high + 3 < triple.gain.value  # the round played out says far less than the ceiling
    singles = [with_rollouts.get("H", model, investments=3) for model in ("exact", "suit")]
    said = any(c.startswith("♥, invest now: J♥ Q♥ K♥") and "believe model 3" in c for c in with_rollouts.cautions())
    assert said == all(r.gain.value > rollout.gain.high + CAUTION_MARGIN for r in singles)
    assert not any("run the rollouts" in c for c in with_rollouts.cautions())


def test_a_round_an_observation_and_a_fresh_hand_give_the_same_values():
    rnd = ex.deal("expeditions", seed=7)
    from_round = start_values(rnd, models="exact")
    from_observation = start_values(rnd.observation(0), models="exact")
    from_hand = start_values(rnd.hand(0), "expeditions", models="exact")
    assert [r.value for r in from_round.rows] == [r.value for r in from_observation.rows] == [r.value for r in from_hand.rows]


def test_bad_requests_say_what_is_accepted(values):
    with pytest.raises(AnalysisError, match="not a model; the models are exact, suit, rollout"):
        start_values(HAND, models="magic")
    with pytest.raises(AnalysisError, match="give the rules only with a hand"):
        start_values(ex.deal(seed=1), "expeditions")
    with pytest.raises(AnalysisError, match="no exact row for 'X'"):
        values.get("X")
    with pytest.raises(AnalysisError, match="'later' is not an option"):
        values.get("H", option="later")
    with pytest.raises(AnalysisError, match="there are no rollout rows"):
        values.best("rollout")
    assert set(MODELS) == {"exact", "suit", "rollout"}


# --- model 3 ------------------------------------------------------------------------------------
def test_model_three_plays_the_counting_policy():
    """Model 3's rollouts are playouts of expeditions.bots.counting_policy for both sides: the same
    sampled positions, the option's move, then the engine's playout with that policy give the same
    scores, position by position."""
    obs = observation_for(HAND, "expeditions")
    decisions = [d for d in decisions_for(obs) if d.option in ("lay", "invest") and len(d.rollout.moves) == 1]
    options = tuple(d.rollout for d in decisions)
    got = run_rollouts(RolloutJob(obs, options, seed=3, index=0))
    tables = tables_of_state(sample_state(obs, PIECE, np.random.default_rng([3, 0])))
    spec = spec_for(obs.rules)
    for i in range(0, PIECE, 8):
        for j, option in enumerate(options):
            table = tables[i].clone()
            table.apply(action_of(spec, option.moves[0]))
            playout(table, [counting_policy, counting_policy], random.Random(0))
            assert got["scores"][j, i].tolist() == table.scores()


def test_model_three_compares_lay_invest_wait_and_never_for_every_suit():
    obs = ex.deal("expeditions", seed=3).observation(0)
    rows = rollout_values(obs, precision=100, first=PIECE)
    for suit in "HSDC":
        assert {r.option for r in rows if r.suit == suit} >= {"wait", "never"}
    for r in rows:
        assert r.model == "rollout" and r.value.samples == PIECE and r.value.low <= r.value.value <= r.value.high
        if r.option == "never":
            assert r.gain.value == 0 and r.gain.is_exact
        else:
            assert r.gain.samples == PIECE


def test_rollouts_stop_once_precise_enough_and_repeat_with_the_same_seed():
    obs = ex.deal("expeditions", seed=3).observation(0)
    first = rollout_values(obs, precision=100, first=PIECE, seed=4)
    again = rollout_values(obs, precision=100, first=PIECE, seed=4)
    assert [r.value for r in first] == [r.value for r in again]
    refined = []
    finer = rollout_values(obs, precision=0.5, first=PIECE, max_positions=4 * PIECE, seed=4, on_update=refined.append)
    assert [len(r) for r in refined] == [len(finer)] * 3 and [r[0].value.samples for r in refined] == [256, 512, 1024]


def test_rollouts_need_the_seat_to_move():
    rnd = ex.deal("expeditions", seed=3)
    with pytest.raises(AnalysisError, match="need a position where the seat is to move"):
        decisions_for(rnd.observation(1))


def test_model_three_appears_beside_the_others():
    values = start_values(HAND, models=(1, 2, 3), precision=50)
    assert values.models == ("exact", "suit", "rollout")
    assert "model 3: full-round rollouts" in str(values) and "never start ♠" in str(values)
    assert values.get("S", 3).decision == "start: lay 9♠ now"
    # 9S and 10S, nothing else can follow: the expedition ends at -1, or at -11 on a deal where the policy
    # spends its last plays on better cards than 10S
    lay = values.get("S", 3, "lay")
    assert {score for score, _ in lay.distribution} <= {-1, -11} and lay.value.value > -1.1


def test_the_distribution_of_the_final_score_sums_to_one_and_has_quantiles(values):
    row = values.get("H", "exact", investments=1)
    chances = [c for _, c in row.distribution]
    assert sum(chances) == pytest.approx(1.0)
    scores = [s for s, _ in row.distribution]
    assert scores == sorted(scores) and row.quantile(0) == scores[0] and row.quantile(1) == scores[-1]
    below_median = sum(c for s, c in row.distribution if s < row.quantile(0.5))
    assert below_median < 0.5 <= below_median + dict(row.distribution)[row.quantile(0.5)]
    with pytest.raises(ValueError, match="between 0 and 1"):
        row.quantile(1.5)
