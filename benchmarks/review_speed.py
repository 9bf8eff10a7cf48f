"""How long the review of a whole round takes, on one core.

A round is dealt and played by two bots; then ``expeditions.advice.review`` reviews seat 0's moves at
its defaults (the analyst at a hint's effort in every position, each disputed move compared with the
analyst's best on at least 512 paired deals) with par (the Hard bot replaying seat 0 on the same
deal against the same opponent). Seat 0 is played by the Beginner (the Easy level: a learner's
game, many moves to dispute, the costly case) and by the Heuristic (the Normal level), against the
Heuristic. Each round is reviewed ``--repeats`` times; a round's figure is
the median of its repeats, and the figures quoted are the median and the slowest over the rounds, in
wall-clock time and in processor time (the machine is shared: processor time is what one core spent).

Target (the one-analyst issue): a whole round's review with par in at most 5 s of processor time on one core.

Usage: python benchmarks/review_speed.py [--rounds N] [--repeats K] [--rules NAME]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from _machine import machine, pin_to_one_core

import expeditions as ex
from expeditions.advice import review
from expeditions.bots import Beginner, Heuristic, play_out
from expeditions.bots.expert import kernel_loaded


def rounds_of(rules: ex.Rules, player: type[Beginner] | type[Heuristic], n: int) -> list[ex.Round]:
    return [play_out(ex.deal(rules, seed=f"review:{k}"), [player(k), Heuristic(k + 1)] + [Heuristic(k + s) for s in
                                                                                          range(2, rules.players)])
            for k in range(n)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5, help="rounds per kind of player")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rules", default="expeditions")
    args = parser.parse_args()
    pin_to_one_core()
    kernel_loaded(wait=True)  # as in a served app, where it loads while the first page opens
    rules = ex.rules(args.rules)
    print(f"# review speed, {time.strftime('%Y-%m-%d')}, {machine()}, one core; {rules.label}; "
          f"load average {os.getloadavg()[0]:.2f} at the start")
    for player in (Beginner, Heuristic):
        figures, cpu, moves, moments = [], [], [], []
        for k, rnd in enumerate(rounds_of(rules, player, args.rounds)):
            times, cpu_times = [], []
            for _ in range(args.repeats):
                start, start_cpu = time.perf_counter(), time.process_time()
                result = review(rnd, 0, par={1: Heuristic(k + 1)})
                times.append(time.perf_counter() - start)
                cpu_times.append(time.process_time() - start_cpu)
            figures.append(statistics.median(times))
            cpu.append(statistics.median(cpu_times))
            moves.append(result.done)
            moments.append(len(result.mattered))
        print(f"seat 0 played by the {player.name:<9}: median {statistics.median(figures):5.2f} s, slowest {max(figures):5.2f} s "
              f"per round (processor time: median {statistics.median(cpu):5.2f} s, slowest {max(cpu):5.2f} s); "
              f"{statistics.fmean(moves):.1f} moves reviewed, {statistics.fmean(moments):.1f} that mattered, on average; "
              f"rounds: {', '.join(f'{t:.2f}' for t in figures)}")
    print(f"# load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
