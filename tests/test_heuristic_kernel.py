"""The compiled Heuristic (``bots.heuristic_kernel``) gives the same numbers as ``bots.heuristic.Scorer`` and the
Expert's search on the engine, to the last bit, at the positions of real rounds: its suit plans and overflows on
every rule set, its rollout move and its second judge's values on every two-player one."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from typing import Any

import numpy as np
import pytest

import expeditions as ex
from expeditions.bots import Heuristic, play_out
from expeditions.bots import heuristic_kernel as kernel
from expeditions.bots.expert import Expert, Search, compiled_plays, kernel_loaded
from expeditions.bots.heuristic import HeuristicPolicy, Scorer, sight_of_table
from expeditions.bots.policies import uniform_policy
from expeditions.rules import PRESETS


def positions(name: str, rounds: int = 3):
    """(table, seat) for every turn of a few Heuristic rounds of the rule set ``name``."""
    rules = ex.rules(name)
    for k in range(rounds):
        rnd = play_out(ex.deal(rules, seed=f"kernel:{name}:{k}"), [Heuristic(s) for s in range(rules.players)])
        for turn in rnd.history():
            table = turn.before._t
            yield table, table.to_move


def compiled_plan(scorer: Scorer, suit: int, laid: tuple[int, ...], held: tuple[int, ...]):
    f = scorer.f
    arriving = scorer.arriving[suit]
    points, amounts = np.zeros(len(held) + f.investments + 2), np.zeros(len(held) + f.investments + 2)
    value, plays, arrivals, size = kernel.suit_plan(
        np.array(laid, dtype=np.int64), np.array(held, dtype=np.int64), np.array(f.value, dtype=np.int64),
        np.array(f.investment, dtype=np.int64), np.array([v for v, _ in arriving], dtype=np.int64),
        np.array([c for _, c in arriving], dtype=np.float64), f.investments, f.cost, f.bonus, f.bonus_at, points, amounts)
    return value, plays, tuple(zip(points[:size].tolist(), amounts[:size].tolist(), strict=True)), arrivals


def hands_to_try(scorer: Scorer, suit: int) -> list[tuple[int, ...]]:
    """The suit's cards held now, without each of them in turn, and with each of up to four other cards of the suit."""
    held = scorer.held[suit]
    tries = [tuple(sorted(held))]
    tries += [tuple(sorted(h for h in held if h != c)) for c in held]
    tries += [tuple(sorted((*held, c))) for c in scorer.f.suit_cards[suit] if c not in held][:4]
    return tries


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_suit_plan_equals_the_heuristic_s(name: str) -> None:
    compared = 0
    for table, seat in positions(name):
        scorer = Scorer(sight_of_table(table, seat))
        for suit in range(scorer.f.n_suits):
            laid = tuple(scorer.mine[suit])
            for held in hands_to_try(scorer, suit):
                expected = scorer._plan(suit, laid, held)
                value, plays, worth, arrivals = compiled_plan(scorer, suit, laid, held)
                assert (value, plays, worth, arrivals) == (expected.value, expected.plays, expected.worth, expected.arrivals), \
                    (name, suit, laid, held)
                compared += 1
    assert compared > 500


@pytest.mark.parametrize("name", list(PRESETS))
def test_the_overflow_equals_the_heuristic_s(name: str) -> None:
    """Every position's plans with every card of the hand given up, at every count of plays from 0 to the plays
    planned: the points given up are the same."""
    compared = 0
    for table, seat in positions(name, rounds=2):
        scorer = Scorer(sight_of_table(table, seat))
        for gone in [None, *scorer.s.hand]:
            hand = [c for c in scorer.s.hand if c != gone]
            plans = scorer.plans(hand, scorer.mine)
            pairs = [w for p in plans for w in p.worth]
            planned = sum(p.plays for p in plans)
            points = np.array([p for p, _ in pairs] or [0.0])
            amounts = np.array([a for _, a in pairs] or [0.0])
            for plays in range(int(planned) + 2):
                assert kernel.overflow(points, amounts, len(pairs), planned, plays) == Scorer._overflow(plans, plays)
                compared += 1
    assert compared > 200


def quick_of_table(table: Any) -> tuple[int, int, int]:
    """``quick`` for the seat to move of an engine position (two players): for checks against ``Scorer.quick``."""
    facts, _, value, suit_of, investment, copies, _ = kernel.rule_arrays(table.spec)
    hands, hand_len, exps, exp_len, open_, piles, pile_len, public, public_len, _, deck, turns, _, seat, aside = (
        kernel.position_arrays(table))
    other = 1 - seat
    counts = kernel.counts_for(seat, copies, hands, hand_len, exps, exp_len, piles, pile_len, public, public_len)
    kind, card, source = kernel.quick(facts, value, suit_of, investment, hands[seat, : hand_len[seat]], exps[seat], exp_len[seat],
                               exps[other], exp_len[other], open_[seat], open_[other], piles, pile_len,
                               public[other, : public_len[other]], counts, deck + aside + hand_len[other] - public_len[other],
                               deck, turns)
    return int(kind), int(card), int(source)


def judge_of_table(table: Any, action: tuple[int, int, int], horizon: int, side: int) -> float:
    """``judge_deal`` on an engine position (two players, discards onto the piles): for checks against
    ``expert.Search.result``."""
    return kernel.judge_value(kernel.rule_arrays(table.spec), kernel.position_arrays(table), action, horizon, side)


TWO_PLAYERS = [name for name in PRESETS if ex.rules(name).players == 2]


@pytest.mark.parametrize("name", TWO_PLAYERS)
def test_the_compiled_move_is_the_heuristic_rollout_policy_s(name: str) -> None:
    """Every position of a few rounds of the Heuristic's rollout policy, and of rounds with random moves (more
    unusual positions): the compiled ``quick`` picks the same move, exact ties included."""
    compared = 0
    for k in range(8):
        rng = random.Random(k)
        table = ex.deal(ex.rules(name), seed=f"kernel:{name}:{k}")._t.clone()
        while not table.end:
            expected = Scorer(sight_of_table(table)).quick()
            assert quick_of_table(table) == expected, (name, k, table.turns)
            compared += 1
            table.apply(expected if k % 2 == 0 else uniform_policy(table, rng))
    assert compared > 200


@pytest.mark.parametrize("name", TWO_PLAYERS)
def test_the_compiled_judge_equals_the_expert_s_search(name: str) -> None:
    """The second judge's value of a move on a deal (``Search.result`` at six turns): the compiled play and
    projection give the same number as the Heuristic's rollout policy on the engine, for every move of the
    Heuristic's best six, on four deals, at positions through the whole of a few rounds."""
    rules = ex.rules(name)
    assert kernel_loaded(wait=True)
    compared = 0
    for k in range(2):
        rnd = play_out(ex.deal(rules, seed=f"judge:{name}:{k}"), [Heuristic(0), Heuristic(1)])
        for turn in list(rnd.history())[::3]:
            observation = turn.before.observation(turn.seat)
            if len(observation.legal_moves) < 2:
                continue
            search = Search(observation, seed=k, horizon=6, policy=HeuristicPolicy())  # in Python, on the engine
            compiled = Search(observation, seed=k, horizon=6)
            assert compiled._compiled and not search._compiled
            for candidate in search.candidates(6):
                for i in range(4):
                    expected = search.result(candidate.action, i)
                    assert judge_of_table(search.determinization(i), candidate.action, 6, search.sight.side) == expected
                    assert compiled.result(candidate.action, i) == expected, (name, k, turn.number, candidate.action, i)
                    compared += 1
    assert compared > 100


LOADING = """
import expeditions as ex
from expeditions.bots import expert
expert.LOAD_WAIT = 0  # as if it had to be compiled: the first search does not wait for it
rules = ex.rules("expeditions")
observation = ex.deal(rules, seed="loading").observation()
loaded_at_first = expert.compiled_plays(rules)
on_the_engine = expert.Expert(3).choose(observation)
loaded = expert.kernel_loaded(wait=True)
print(loaded_at_first, loaded, expert.compiled_plays(rules), on_the_engine == expert.Expert(3).choose(observation))
"""


def test_no_move_waits_for_the_kernel_to_load() -> None:
    """In a new process, a search that finds the kernel not loaded within ``LOAD_WAIT`` plays on the engine while
    a thread loads it; once it is loaded, the searches use it, and the move is the same."""
    done = subprocess.run([sys.executable, "-c", LOADING], capture_output=True, text=True, timeout=300, check=True)
    assert done.stdout.split() == ["False", "True", "True", "True"], done.stderr


def test_the_loaded_kernel_plays_the_expert_s_searches() -> None:
    assert kernel_loaded(wait=True) and compiled_plays(ex.rules("expeditions"))
    assert not compiled_plays(ex.rules("expeditions-solo")) and not compiled_plays(ex.rules("expeditions-4p"))
    observation = ex.deal(ex.rules("expeditions"), seed="loaded").observation()
    search, _ = Expert(1).search(observation)
    assert search._compiled and search.rollouts > 0


FORKING = """
import os
from expeditions.bots import expert
expert.LOAD_WAIT = 0
expert.kernel_loaded()
child = os.fork()
if child == 0:
    os._exit(0 if expert.kernel_loaded() else 1)
_, status = os.waitpid(child, 0)
print(expert.kernel_loaded(), os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="processes are not forked here")
def test_a_fork_waits_for_the_kernel_to_load() -> None:
    """A process forked while the kernel loads (a pool of workers started meanwhile) would inherit numba's compiler
    lock held by a thread it does not have; the fork waits for the loading, and both processes have the kernel."""
    done = subprocess.run([sys.executable, "-c", FORKING], capture_output=True, text=True, timeout=300, check=True)
    assert done.stdout.split() == ["True", "0"], done.stderr
