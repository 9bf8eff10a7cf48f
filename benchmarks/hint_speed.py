"""How long a hint takes, and how precise it is, on one core.

The positions are every position of some rounds of the default rules in which the Heuristic plays
both seats. Every position gets a hint at its default effort (``advice.rank_moves``: the analyst
with ``analyst.HINT``), timed in processor time of the thread that computes it; the script prints
the median and the 95th percentile, why the analyst stopped (how often each reason), and how often
every move's paired interval against the best was within ±1.5 points or decided (about as good, or
worse).

Target (the one-analyst issue): a hint within 1 s of processor time on one core, with every move's
paired interval within ±1.5 points or decided.

Usage: python benchmarks/hint_speed.py [--rounds N] [--rules NAME]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import Counter

from _machine import machine, pin_to_one_core

import expeditions as ex
from expeditions.advice import rank_moves
from expeditions.bots import Heuristic


def positions(rules: ex.Rules, rounds: int) -> list[ex.Observation]:
    out = []
    for k in range(rounds):
        rnd = ex.deal(rules, seed=f"speed:{k}")
        bots = [Heuristic(s) for s in range(rules.players)]
        while not rnd.is_over:
            obs = rnd.observation()
            out.append(obs)
            rnd = rnd.play(bots[rnd.to_move].choose(obs))
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--rules", default="expeditions")
    args = parser.parse_args()
    pin_to_one_core()
    rules = ex.rules(args.rules)
    observations = [o for o in positions(rules, args.rounds) if len(o.legal_moves) > 1]
    print(f"# hint speed, {time.strftime('%Y-%m-%d %H:%M')}, {machine()}, one core; {rules.label}, {len(observations)} positions "
          f"of {args.rounds} Heuristic-vs-Heuristic rounds; load average {os.getloadavg()[0]:.2f} at the start")
    cpu, wall, stops, precise = [], [], Counter(), 0
    for obs in observations:
        start, start_cpu = time.perf_counter(), time.thread_time()
        hints = rank_moves(obs)
        cpu.append(time.thread_time() - start_cpu)
        wall.append(time.perf_counter() - start)
        stops[hints.stop] += 1
        precise += all(m.group in ("best", "about as good", "worse") or m.difference.half_width <= 1.5 for m in hints)
    print(f"processor time: median {statistics.median(cpu):.2f} s, 95th percentile {percentile(cpu, 0.95):.2f} s, "
          f"slowest {max(cpu):.2f} s; wall clock: median {statistics.median(wall):.2f} s, slowest {max(wall):.2f} s")
    print(f"every move within ±1.5 points or decided: {precise} of {len(observations)} positions")
    for stop, n in stops.most_common():
        print(f"  stopped because {stop}: {n}")
    print(f"# load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
