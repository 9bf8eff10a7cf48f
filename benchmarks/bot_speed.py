"""How long each bot level takes to choose a move, on one core.

The positions are every position of a number of rounds of the default rules in which the Heuristic
plays both seats (the kind of positions a game against the bots meets). Every level chooses a move
in every position; a run gives the median and the 95th percentile of the wall-clock time of one
``choose``, and the figures quoted are the medians over several runs (the machine is shared).

Targets: the Expert at its default budget, median at most 0.3 s, 95th percentile at most 1 s (issue 3); Hard
(the analyst's search) median at most 0.5 s and 95th percentile at most 1.5 s (the one-analyst issue).

Usage: python benchmarks/bot_speed.py [--rounds N] [--repeats K] [--rules NAME]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine, pin_to_one_core

import expeditions as ex
from expeditions.advice import Hard
from expeditions.bots import BOTS, Bot, BotFactory, Heuristic
from expeditions.bots.expert import kernel_loaded

PLAYERS: dict[str, BotFactory] = {**BOTS, "Hard": Hard}


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


def times(level: str, observations: list[ex.Observation], seed: int) -> list[float]:
    bot: Bot = PLAYERS[level](seed)
    out = []
    for obs in observations:
        start = time.perf_counter()
        bot.choose(obs)
        out.append(time.perf_counter() - start)
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=6, help="rounds whose positions are timed")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--rules", default="expeditions")
    args = parser.parse_args()
    pin_to_one_core()
    kernel_loaded(wait=True)  # as in a served app, where it loads while the first page opens
    rules = ex.rules(args.rules)
    observations = positions(rules, args.rounds)
    print(f"# bot speed, {time.strftime('%Y-%m-%d')}, {machine()}, one core; {rules.label}, "
          f"{len(observations)} positions of {args.rounds} Heuristic-vs-Heuristic rounds, {args.repeats} runs")
    for level in PLAYERS:
        runs = [times(level, observations, seed) for seed in range(args.repeats)]
        medians = [statistics.median(r) for r in runs]
        p95s = [percentile(r, 0.95) for r in runs]
        means = [statistics.fmean(r) for r in runs]
        print(f"{level:<10} median {1000 * statistics.median(medians):8.2f} ms   95th percentile "
              f"{1000 * statistics.median(p95s):8.2f} ms   mean {1000 * statistics.median(means):8.2f} ms   "
              f"max {1000 * max(max(r) for r in runs):8.1f} ms   (run medians: {', '.join(f'{1000 * m:.1f}' for m in medians)})")


if __name__ == "__main__":
    main()
