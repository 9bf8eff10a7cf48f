"""The one interface behind the three models: ``start_values``, its table, and model 3's rollouts."""

import random

import pytest

import expeditions as ex
from expeditions.analysis import MODELS, AnalysisError, StartValues, rollout_values, start_values
from expeditions.analysis.rollouts import _held_back, best_policy, decisions_for
from expeditions.bots.policies import playable_policy, uniform_policy
from expeditions.engine import PLAY, spec_for

HAND = "2H 5H KH 9S 10S QD"


def test_rows_cover_every_suit_and_every_investment_count_it_can_end_with():
    values = start_values(HAND, "expeditions")
    assert isinstance(values, StartValues) and values.models == ("exact", "suit")
    for model in ("exact", "suit"):
        assert {(r.suit, r.investments) for r in values.rows if r.model == model} == {
            (s, m) for s in "HSDC" for m in range(4)}
    assert values.outlook.plays == 18 and values.outlook.draws_in_time == 17 and values.outlook.unseen == 42


def test_rows_read_as_decisions_with_intervals_where_simulated():
    values = start_values(HAND, "expeditions")
    exact = values.get("H", "exact", 1)
    assert exact.decision == "start H, 1 investment" and exact.value.is_exact
    waiting = values.get("S", 1, 2)
    assert waiting.decision == "start S, 2 investments (waits for 2)"
    simulated = values.get("H", "suit", 1)
    assert simulated.value.samples == 20_000 and simulated.value.low < simulated.value.value < simulated.value.high
    # The ceiling is above the suit simulation for an unstarted suit without investments.
    assert values.get("H", 1, 0).value.value > values.get("H", 2, 0).value.high
    assert values.get("S", 2, 0).distribution == ((-1, 1.0),)  # starting with the 9 loses every lower spade
    assert values.best("exact").suit == "S"


def test_tables_show_themselves_in_text_html_and_pandas():
    values = start_values(HAND, "expeditions")
    text = str(values)
    assert "model 1: exact ceiling" in text and "start S, 1 investment (waits for 1)" in text
    html = values._repr_html_()
    assert html.count("<tr>") == 1 + 16 and "model 2: suit simulation" in html
    frame = values.to_frame()
    assert len(frame) == 32 and {"suit", "model", "investments", "value", "value_low", "bonus_chance"} <= set(frame.columns)
    assert repr(values).startswith("<StartValues expeditions, seat 0: 32 rows")


def test_a_round_an_observation_and_a_fresh_hand_give_the_same_values():
    rnd = ex.deal("expeditions", seed=7)
    from_round = start_values(rnd, models="exact")
    from_observation = start_values(rnd.observation(0), models="exact")
    from_hand = start_values(rnd.hand(0), "expeditions", models="exact")
    assert [r.value for r in from_round.rows] == [r.value for r in from_observation.rows] == [r.value for r in from_hand.rows]


def test_a_position_counts_what_the_seat_has_seen():
    rnd = ex.position("expeditions", hands=["4H 6H 8H 2S 3S 4S", None], expeditions=[{"H": "JH 2H"}, {"H": "3H 5H"}],
                      piles={"H": "7H"}, to_move=1, seed=1)
    values = start_values(rnd, seat=0, models="exact")
    hearts = values.get("H")
    assert hearts.decision == "go on with H" and hearts.investments == 1
    assert values.outlook.plays == -(-(rnd.deck_size - 1) // 2)


def test_bad_requests_say_what_is_accepted():
    with pytest.raises(AnalysisError, match="not a model; the models are exact, suit, rollout"):
        start_values(HAND, models="magic")
    with pytest.raises(AnalysisError, match="give the rules only with a hand"):
        start_values(ex.deal(seed=1), "expeditions")
    values = start_values(HAND, models="exact")
    with pytest.raises(AnalysisError, match="no exact row for 'X'"):
        values.get("X")
    with pytest.raises(AnalysisError, match="there are no rollout rows"):
        values.best("rollout")
    assert set(MODELS) == {"exact", "suit", "rollout"}


# --- model 3 ------------------------------------------------------------------------------------
def test_rollouts_compare_start_invest_and_hold_back_for_every_suit():
    obs = ex.deal("expeditions", seed=3).observation(0)
    rows = rollout_values(obs, policy=playable_policy, max_samples=300, min_samples=150, time_limit=30, workers=1)
    kinds = {(r.suit, r.decision.split(" ")[0]) for r in rows}
    assert {(s, "hold") for s in "HSDC"} <= kinds
    for r in rows:
        assert r.value.samples >= 150 and r.value.low <= r.value.value <= r.value.high
        if r.decision.startswith("hold"):
            assert r.gain.value == 0 and r.gain.is_exact
        else:
            assert r.gain.samples == r.value.samples


def test_rollouts_stop_once_precise_enough_and_repeat_with_the_same_seed():
    obs = ex.deal("expeditions", seed=3).observation(0)
    first = rollout_values(obs, policy=playable_policy, precision=100, min_samples=100, chunk=50, workers=1, seed=4)
    again = rollout_values(obs, policy=playable_policy, precision=100, min_samples=100, chunk=50, workers=1, seed=4)
    assert first[0].value.samples == 100  # every interval is within ±100 after the first batch
    assert [r.value for r in first] == [r.value for r in again]


def test_rollouts_need_the_seat_to_move():
    rnd = ex.deal("expeditions", seed=3)
    with pytest.raises(AnalysisError, match="need a position where the seat is to move"):
        decisions_for(rnd.observation(1))


def test_holding_back_never_lays_the_suit():
    rnd = ex.deal("expeditions", seed=3)
    spec = spec_for(rnd.rules)
    rng = random.Random(0)
    table = rnd.observation(0).sample_table(rng)
    for suit in range(4):
        for _ in range(50):
            kind, card, _ = _held_back(table, suit, uniform_policy, rng)
            assert not (kind == PLAY and spec.suit_of[card] == suit)


def test_model_three_appears_beside_the_others():
    values = start_values(HAND, models=(1, 2, 3), policy=playable_policy, precision=50, workers=1)
    assert values.models == ("exact", "suit", "rollout")
    assert "model 3: full-round rollouts" in str(values) and "hold back S" in str(values)
    assert values.get("S", 3).decision == "start S: play 9S now"
    assert best_policy() is not None


def test_the_distribution_of_the_final_score_sums_to_one_and_has_quantiles():
    row = start_values(HAND, models="exact").get("H", "exact", 1)
    chances = [c for _, c in row.distribution]
    assert sum(chances) == pytest.approx(1.0)
    scores = [s for s, _ in row.distribution]
    assert scores == sorted(scores) and row.quantile(0) == scores[0] and row.quantile(1) == scores[-1]
    assert scores[0] <= row.quantile(0.5) <= scores[-1]
    below_median = sum(c for s, c in row.distribution if s < row.quantile(0.5))
    assert below_median < 0.5 <= below_median + dict(row.distribution)[row.quantile(0.5)]
    with pytest.raises(ValueError, match="between 0 and 1"):
        row.quantile(1.5)
