"""The analyst: one valuation of a position's moves, paired on the same deals, deterministic, and in
agreement with plain engine playouts of the same policy.

The independent computation here plays each move on the engine by hand: a position sampled from the
observation, the move applied, then ``bots.counting.counting_action`` for every seat until the round
ends, the score difference read off the engine's table. The analyst must agree with it within the
intervals, on the batch simulator and on its own engine playouts."""

import math
import os
import random
import statistics
import subprocess
import sys

import pytest
from positions import counted, gift, sixth_card, solitaire_end

import expeditions as ex
from expeditions.analysis import rollouts
from expeditions.analysis.analyst import (
    ABOUT_AS_GOOD,
    BEST,
    UNDECIDED,
    WORSE,
    Analyst,
    BatchPlayouts,
    Effort,
    EnginePlayouts,
    analyse,
    deals_wanted,
    iter_analyse,
    position_seed,
)
from expeditions.bots.counting import counting_action
from expeditions.engine import action_of
from expeditions.errors import AnalysisError, ArgumentError

QUICK = Effort(first=64, most=256, tie=2.0, precision=1.5)


def by_hand(obs: ex.Observation, move: ex.Move, deals: int, seed: int) -> list[int]:
    """The move's final score difference on ``deals`` positions sampled from ``obs``, played out on the engine
    with the counting policy for every seat: the meaning of the analyst's numbers, computed apart."""
    out = []
    for i in range(deals):
        table = obs.sample_table(random.Random(f"by hand {seed} {i}"))
        table.apply(action_of(table.spec, move))
        turns = 0
        while not table.end and turns < 2_000:
            table.apply(counting_action(table))
            turns += 1
        scores = table.scores()
        mine = scores[obs.side]
        out.append(mine if len(scores) == 1 else mine - max(s for k, s in enumerate(scores) if k != obs.side))
    return out


def test_the_same_position_and_effort_give_the_same_analysis():
    obs = counted(seed=5, turns=12).observation()
    first, second = analyse(obs, QUICK), analyse(obs, QUICK)
    assert first.moves == second.moves and first.value == second.value and first.stop == second.stop
    other = analyse(obs, Effort(first=64, most=256, seed=1))
    assert [v.against_best for v in other.moves] != [v.against_best for v in first.moves]  # another seed: other deals


def test_the_seed_of_a_position_depends_on_what_the_seat_sees_and_on_nothing_else():
    rnd = counted(seed=5, turns=12)
    assert position_seed(rnd.observation()) == position_seed(ex.loads(rnd.to_json()).observation())
    assert position_seed(rnd.observation()) != position_seed(rnd.observation(), 1)
    later = rnd.play(rnd.legal_moves()[0])
    assert position_seed(later.observation(rnd.to_move)) != position_seed(rnd.observation())


@pytest.mark.parametrize("name, seed, turns", [("expeditions", 3, 0), ("expeditions", 8, 20), ("lost-cities", 4, 16),
                                               ("expeditionen", 9, 30), ("expeditions", 21, 34)])
def test_shown_order_is_ranked_order_and_the_verdicts_follow_their_intervals(name, seed, turns):
    obs = counted(name, seed=seed, turns=turns).observation()
    analysis = analyse(obs, QUICK)
    assert analysis.best.verdict == BEST and analysis.best.against_best.value == 0
    differences = [v.against_best.value for v in analysis.moves]
    assert differences == sorted(differences, reverse=True) and max(differences[1:], default=0) <= 0
    values = [analysis.value_of(v.move) for v in analysis.moves]
    assert values == sorted(values, reverse=True)  # a move shown higher is never ranked lower
    tie = QUICK.tie
    for v in analysis.moves[1:]:
        d = v.against_best
        if v.verdict == ABOUT_AS_GOOD:
            assert -tie <= d.low and d.high <= tie
        elif v.verdict == WORSE:
            assert d.high < 0 and not (-tie <= d.low and d.high <= tie)
        else:
            assert v.verdict == UNDECIDED and d.high >= 0 and not (-tie <= d.low and d.high <= tie)
    assert {str(v.move) for v in analysis.moves} == {str(m) for m in obs.legal_moves}


def test_moves_in_contention_get_more_deals_and_the_stop_is_said():
    obs = counted(seed=8, turns=20).observation()
    analysis = analyse(obs, Effort(first=64, most=1024))
    deals = [v.deals for v in analysis.moves]
    assert max(deals) > min(deals)  # the clearly worse moves stopped early
    assert analysis.moves[0].deals == max(deals)
    assert analysis.stop in ("separated", "settled", "precise", "deals")
    assert analysis.stop_words in str(analysis)


def test_a_move_in_contention_gets_the_deals_its_interval_needs_at_most_twice_as_many():
    effort = Effort(first=64, most=4096, precision=1.5)
    # ±1.8 on 2,048 deals: (1.8 / 1.5)² × 2,048 = 2,949 deals bring it to ±1.5; a tenth more is 3,244, on the grid of 256
    assert deals_wanted(2048, 1.8, effort) == 3328
    # ±3 on 256 deals would need 1,126: no more than twice what it has
    assert deals_wanted(256, 3.0, effort) == 512
    # just wider than asked on 128 deals (141 needed): a piece more
    assert deals_wanted(128, 1.55, effort) == 192
    # never past the effort's most
    assert deals_wanted(3072, 1.6, effort) == 4096 and deals_wanted(4096, 1.6, effort) == 4096


def test_an_analysis_at_the_hints_effort_measures_its_moves_in_contention_to_the_precision_asked_for():
    obs = counted(seed=2, turns=10).observation()
    analysis = analyse(obs, Effort(first=64, most=8192, precision=1.5, seconds=60))
    assert analysis.stop in ("separated", "settled", "precise")
    for v in analysis.moves[1:]:
        assert v.verdict in (WORSE, ABOUT_AS_GOOD) or v.against_best.half_width <= 1.5
    assert any(v.deals not in (64, 128, 256, 512, 1024, 2048, 4096, 8192) for v in analysis.moves)  # as many as needed, not doubled


def test_the_solitaire_end_is_valued_by_the_final_scores():
    analysis = analyse(solitaire_end().observation(), QUICK)
    assert analysis.best.move == ex.Move.parse("play 9H")
    assert analysis.value.value == ex.score("5H 8H 9H 10H", "expeditions-solo")  # no hidden card can change it
    assert analysis.value_of("play 10H") == ex.score("5H 8H 10H", "expeditions-solo")
    assert analysis.playouts == "engine"


def test_an_exact_end_is_valued_exactly():
    """The sixth card with the last card in the deck: every move ends the round, so every deal gives the same result."""
    rnd = sixth_card()
    analysis = analyse(rnd.observation(), QUICK)
    assert analysis.best.move == ex.Move.parse("play 9H, draw deck")
    worth = ex.score("4H 5H 6H 7H 8H 9H", rnd.rules) - ex.score("4H 5H 6H 7H 8H", rnd.rules)
    for v in analysis.moves[1:]:
        assert v.against_best.low == v.against_best.high <= -worth  # laying the 9 later is impossible: at least its worth


def test_a_card_only_the_opponent_can_use_is_kept():
    hints = analyse(gift().observation(), QUICK)
    assert hints.best.move.card != ex.cards("9D")[0] or hints.best.move.kind == "play"


@pytest.mark.parametrize("name, seed, turns", [("expeditions", 2, 6), ("expeditions", 14, 30), ("lost-cities", 6, 20)])
def test_the_analyst_agrees_with_plain_engine_playouts_of_the_same_policy(name, seed, turns):
    obs = counted(name, seed=seed, turns=turns).observation()
    analyst = Analyst(obs, Effort(first=512, most=512))
    analysis = analyst.run()
    best = analysis.best.move
    runner = analysis.moves[1].move
    a, b = by_hand(obs, best, 600, seed), by_hand(obs, runner, 600, seed)
    difference = statistics.fmean(x - y for x, y in zip(a, b, strict=True))
    spread = statistics.stdev(x - y for x, y in zip(a, b, strict=True)) / math.sqrt(600)
    d = analysis.moves[1].against_best  # runner less best
    half = math.hypot(d.half_width, 1.96 * spread)
    assert abs(-d.value - difference) <= half + 0.25, (d, difference, spread)
    value = statistics.fmean(a)
    value_half = math.hypot(analysis.value.half_width, 1.96 * statistics.stdev(a) / math.sqrt(600))
    assert abs(analysis.value.value - value) <= value_half + 0.25


def test_engine_playouts_give_the_same_meaning_as_the_batch():
    obs = counted(seed=17, turns=24).observation()
    batch = Analyst(obs, Effort(first=512, most=512)).run()
    engine = Analyst(obs, Effort(first=512, most=512), playouts=EnginePlayouts(obs, 99)).run()
    assert engine.playouts == "engine" and batch.playouts == "batch"
    half = math.hypot(batch.value.half_width, engine.value.half_width)
    best = batch.best.move
    engine_best_value = engine.value_of(best)
    assert abs(batch.value.value - engine_best_value) <= half + 1.0


def test_rule_sets_the_batch_cannot_play_run_on_the_engine():
    for name in ("expeditions-4p", "expeditions-solo", "lost-cities-duel-long"):
        obs = ex.deal(name, seed=3).observation()
        analysis = analyse(obs, Effort(first=64, most=64))
        assert analysis.playouts == "engine" and len(analysis.moves) == len(set(map(str, obs.legal_moves)))


def test_compare_measures_two_moves_on_more_paired_deals():
    obs = counted(seed=8, turns=20).observation()
    analyst = Analyst(obs, QUICK)
    analysis = analyst.run()
    worst = analysis.moves[-1].move
    lost = analyst.compare(analysis.best.move, worst, 512)
    assert lost.samples >= 512 and lost.low > 0
    assert analyst.compare(worst, worst, 512) == ex.analysis.Estimate.exact(0.0)
    absent = next(m for m in (ex.Move.parse(f"play {c}, draw deck") for c in ex.rules("expeditions").deck)
                  if m not in obs.legal_moves)
    with pytest.raises(AnalysisError, match="not a legal move here"):
        analyst.compare(absent, worst, 64)


@pytest.mark.parametrize("workers", [1, None, 2])
def test_the_pieces_played_in_this_process_are_dealt_once(monkeypatch, workers):
    # One job of pieces runs in this process whatever the workers (parallel_map's rule): a piece played
    # again for other moves is not dealt again, and the results are those of one worker.
    obs = counted(seed=8, turns=20).observation()
    moves = obs.legal_moves[:3]
    alone = BatchPlayouts(obs, 5, workers=1).results(moves, range(2))
    dealt = []
    sample_state = rollouts.sample_state
    monkeypatch.setattr(rollouts, "sample_state", lambda *a, **k: dealt.append(1) or sample_state(*a, **k))
    playouts = BatchPlayouts(obs, 5, workers=workers)
    first = playouts.results(moves[:2], range(2))
    again = playouts.results(moves[2:], range(2))
    assert len(dealt) == 2
    assert first + again == alone


def test_iter_analyse_grows_and_ends_with_the_analysis():
    obs = counted(seed=8, turns=20).observation()
    steps = list(iter_analyse(obs, Effort(first=64, most=1024)))
    assert len(steps) >= 2
    assert steps[-1] == analyse(obs, Effort(first=64, most=1024))
    assert [s.deals for s in steps] == sorted(s.deals for s in steps)


def test_a_cancelled_analysis_stops_and_says_so():
    obs = counted(seed=8, turns=4).observation()
    analysis = Analyst(obs, Effort(first=64, most=4096, precision=0.1, tie=0), cancelled=lambda: True).run()
    assert analysis.stop == "cancelled" and analysis.deals == 64


def test_bad_arguments_are_refused_in_words():
    with pytest.raises(ArgumentError, match="pieces of 64"):
        Effort(first=100)
    with pytest.raises(ArgumentError, match="at least first"):
        Effort(first=256, most=128)
    with pytest.raises(ArgumentError, match="from an Observation"):
        analyse("2H 5H")  # type: ignore[arg-type]
    rnd = counted(seed=8, turns=20)
    with pytest.raises(AnalysisError, match="seat to move"):
        analyse(rnd.observation(1 - rnd.to_move))


@pytest.mark.slow
def test_the_paired_intervals_cover_the_true_difference_ninety_five_percent_of_the_time():
    """Two moves of a position measured 300 times on 256 deals each (another effort seed each time: other deals),
    and 150 times with the adaptive stopping of a hint; the truth from 65,536 deals played out on the batch."""
    import numpy as np

    from expeditions.analysis.rollouts import Option, play_options, sample_state

    obs = counted(seed=14, turns=10).observation()
    best, other = analyse(obs, QUICK).moves[0].move, analyse(obs, QUICK).moves[1].move
    long = play_options(obs, [Option("a", (best,)), Option("b", (other,))], sample_state(obs, 65_536, np.random.default_rng(9)))
    side = obs.side
    d = (long["scores"][0][:, side] - long["scores"][0][:, 1 - side]) - (long["scores"][1][:, side] - long["scores"][1][:, 1 - side])
    truth = float(-d.mean())  # other less best
    assert d.std() / math.sqrt(d.size) < 0.25  # the truth is known to within a quarter of a point (the intervals: ±6)
    fixed = [Analyst(obs, Effort(first=256, most=256, seed=k), candidates=[best, other]).run() for k in range(300)]
    hits = [a.get(other).against_best if a.best.move == best else _negated(a.get(best).against_best) for a in fixed]
    assert sum(h.contains(truth) for h in hits) / len(hits) >= 0.93
    adaptive = [Analyst(obs, Effort(first=64, most=2048, seed=1000 + k), candidates=[best, other]).run() for k in range(150)]
    hits = [a.get(other).against_best if a.best.move == best else _negated(a.get(best).against_best) for a in adaptive]
    assert sum(h.contains(truth) for h in hits) / len(hits) >= 0.90  # optional stopping costs a little coverage, not much


def _negated(e):
    return ex.analysis.Estimate(-e.value, -e.high, -e.low, e.samples)


def test_the_first_analysis_of_a_process_spends_its_time_budget_on_deals_not_on_compiling(tmp_path):
    """A new process with an empty numba cache compiles the counting policy (seconds) before its first
    analysis; that time is not the analysis's: with a 3-second budget it still plays its deals."""
    script = ("import expeditions as ex\n"
              "from expeditions.analysis.analyst import Effort, analyse\n"
              "a = analyse(ex.deal('expeditions', seed=5).observation(), Effort(first=64, most=512, seconds=3.0))\n"
              "print(a.stop, a.deals, round(a.seconds, 2))\n")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=300, check=True)
    stop, deals, seconds = done.stdout.split()
    assert any(tmp_path.iterdir())  # it did compile, into the empty cache
    assert stop != "time" and float(seconds) < 3.0 and int(deals) > 64
