"""The Hard bot: the analyst's values, and where the batch simulator plays, the Expert's search as a second opinion."""

import random
import statistics
from dataclasses import replace

import pytest

import expeditions as ex
from expeditions.advice import HARD, SECOND_OPINION, Hard, SecondOpinion
from expeditions.analysis.analyst import analyse
from expeditions.analysis.rollouts import batch_plays
from expeditions.bots import Heuristic
from expeditions.bots.expert import Search
from expeditions.engine import action_of, move_of

UNTIMED = replace(HARD, seconds=1000.0)  # the moves then depend on the seeds alone, not on the machine's speed
QUICK_OPINION = SecondOpinion(deals=8)


def heuristic_positions(name, count, seed):
    """Positions of seat 0 along rounds of ``name`` that two Heuristic bots play."""
    out, deal = [], 0
    while len(out) < count:
        rnd = ex.deal(name, seed=f"{seed}:{deal}")
        bots = [Heuristic(deal), Heuristic(deal + 1)]
        while not rnd.is_over and len(out) < count:
            if rnd.to_move == 0 and len(rnd.legal_moves()) > 1:
                out.append(rnd.observation(0))
            rnd = rnd.play(bots[rnd.to_move].choose(rnd.observation()))
        deal += 1
    return out


def judged(observation, seed, opinion):
    """Both judges' values of the moves the second judge examines, worked out step by step as the docs say:
    the analyst's best few and the Heuristic's best few, each played on the Expert's first ``deals`` deals."""
    rng = random.Random(seed)
    analysis = analyse(observation, replace(UNTIMED, seed=rng.getrandbits(31)))
    search = Search(observation, seed=rng.getrandbits(48), horizon=opinion.horizon)
    spec = search.sight.f.spec
    moves = {v.move: v for v in analysis.moves}
    examined = [move_of(spec, c.action) for c in search.candidates(opinion.heuristic_moves)]
    examined += [v.move for v in analysis.moves[:opinion.analyst_moves] if v.move not in examined]
    examined = [m for m in examined if -moves[m].against_best.value <= opinion.within]
    if len(examined) == 1:
        return {examined[0]: (moves[examined[0]].value.value, 0.0)}
    second = {m: statistics.fmean(search.result(action_of(spec, m), i) for i in range(opinion.deals)) for m in examined}
    return {m: (moves[m].value.value, second[m]) for m in examined}


@pytest.mark.parametrize("seed, opinion", [(1, QUICK_OPINION), (2, QUICK_OPINION), (3, replace(QUICK_OPINION, horizon=2)),
                                           (4, replace(QUICK_OPINION, horizon=10))])
def test_hard_plays_the_move_the_two_judges_value_most_together(seed, opinion):
    for observation in heuristic_positions("expeditions", 6, seed):
        values = judged(observation, seed, opinion)
        move = Hard(seed, effort=UNTIMED, opinion=opinion).choose(observation)
        assert move in values  # one of the moves both judges valued
        best_sum = max(a + b for a, b in values.values())
        assert sum(values[move]) == pytest.approx(best_sum)
        assert analyse(observation, replace(UNTIMED, seed=random.Random(seed).getrandbits(31))).best.move in values


def test_moves_the_analyst_values_far_behind_its_best_are_not_asked_about():
    observations = heuristic_positions("expeditions", 8, 6)
    narrow = SecondOpinion(deals=8, within=2.0)
    for k, observation in enumerate(observations):
        analysis = analyse(observation, replace(UNTIMED, seed=random.Random(k).getrandbits(31)))
        move = Hard(k, effort=UNTIMED, opinion=narrow).choose(observation)
        assert -analysis.get(move).against_best.value <= narrow.within
    asked = [len(judged(o, k, narrow)) for k, o in enumerate(observations)]
    everything = [len(judged(o, k, replace(narrow, within=1000.0))) for k, o in enumerate(observations)]
    assert sum(asked) < sum(everything)  # some moves were too far behind to be asked about


def test_the_second_opinion_changes_some_moves_and_keeps_the_analysts_where_asked_for_none():
    observations = heuristic_positions("expeditions", 12, 5)
    with_opinion = [Hard(9, effort=UNTIMED, opinion=QUICK_OPINION).choose(o) for o in observations]
    without = [Hard(9, effort=UNTIMED, opinion=SecondOpinion(deals=0)).choose(o) for o in observations]
    analysts = [analyse(o, replace(UNTIMED, seed=random.Random(9).getrandbits(31))).best.move for o in observations]
    assert without == analysts
    assert with_opinion != without  # the second judge decides some moves


def test_rule_sets_on_the_engines_playouts_take_the_analysts_best():
    assert not batch_plays(ex.rules("lost-cities-duel-long"))
    observation = heuristic_positions("lost-cities-duel-long", 1, 3)[0]
    effort = replace(HARD, seconds=1000.0, first=64, most=64, candidates=4)
    rng = random.Random(4)
    expected = analyse(observation, replace(effort, seed=rng.getrandbits(31))).best.move
    assert Hard(4, effort=effort).choose(observation) == expected


def test_the_same_seed_plays_the_same_moves_with_the_second_opinion():
    observations = heuristic_positions("expeditions", 4, 8)
    assert [Hard(2, effort=UNTIMED, opinion=QUICK_OPINION).choose(o) for o in observations] == \
        [Hard(2, effort=UNTIMED, opinion=QUICK_OPINION).choose(o) for o in observations]


@pytest.mark.parametrize("field, value, words", [("deals", -1, "deals must be at least 0"),
                                                 ("analyst_moves", 0, "analyst_moves must be at least 1"),
                                                 ("heuristic_moves", 2.5, "heuristic_moves takes a whole number"),
                                                 ("within", -1.0, "within must be at least 0"),
                                                 ("within", float("nan"), "within takes a number"),
                                                 ("horizon", 0, "horizon must be at least 1"),
                                                 ("horizon", None, "horizon takes a whole number")])
def test_a_second_opinion_refuses_numbers_it_cannot_use(field, value, words):
    with pytest.raises(ValueError, match=words):
        replace(SECOND_OPINION, **{field: value})
