"""The batch simulator: rounds per second of the default rules on one core.

Three policies (``expeditions.analysis.batch``), the random ones choosing by card (every card in
hand is a choice, like the engine's policies) and by move (a suit's investments are one move):
- playable: play a random playable card, else discard a random card; always draw off the deck
  (target: 1,000,000 rounds/s by card);
- uniform: uniform over the legal moves, draws off the piles included (target: 90,000 rounds/s);
- counting: the card-counting policy of ``expeditions.bots.counting``, the same move as the engine's
  every turn (target: 50,000 rounds/s, since it looks one move ahead), and beside it the engine's own
  rate for that policy.
Shuffling the decks is included in the time. The mean scores are printed with their 95% intervals,
to show that what a random choice picks among changes the result.

Shared machines slow the wall clock down; the counting policy's rate is also given in processor time.

Usage: python benchmarks/batch_speed.py [--rounds N] [--repeats K]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from _machine import machine, pin_to_one_core

from expeditions.analysis.batch import simulate
from expeditions.bots.counting import counting_policy
from expeditions.bots.policies import playout
from expeditions.engine import deal_table, spec_for
from expeditions.rules import rules as get_rules


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=1_048_576, help="rounds of the playable policy per run")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    pin_to_one_core()
    print(f"# batch simulator speed, {time.strftime('%Y-%m-%d')}, {machine()}, one core, {args.repeats} runs each")
    simulate("expeditions", "uniform", 20_000, seed=0)  # warm up numpy and the caches
    for policy, rounds, target in (("playable", args.rounds, 1_000_000), ("uniform", args.rounds // 8, 90_000)):
        for by in ("card", "move"):
            rates, result = [], None
            for k in range(args.repeats):
                start = time.perf_counter()
                result = simulate("expeditions", policy, rounds, by=by, seed=k)
                rates.append(rounds / (time.perf_counter() - start))
            assert result is not None
            print(f"{policy:>8} by {by:<4}: median {statistics.median(rates):>11,.0f} rounds/s (target {target:,})  "
                  f"runs: {', '.join(f'{r:,.0f}' for r in rates)}  mean score {result.mean_score().format(2)}")
    rates, cpu_rates = [], []
    for k in range(args.repeats):
        start, cpu = time.perf_counter(), time.process_time()
        result = simulate("expeditions", "counting", args.rounds // 8, seed=k)
        rates.append(args.rounds // 8 / (time.perf_counter() - start))
        cpu_rates.append(args.rounds // 8 / (time.process_time() - cpu))
    print(f"counting        : median {statistics.median(rates):>11,.0f} rounds/s (target 50,000)  "
          f"runs: {', '.join(f'{r:,.0f}' for r in rates)}  mean score {result.mean_score().format(2)}")
    print(f"counting, processor time: median {statistics.median(cpu_rates):,.0f} rounds/s  "
          f"runs: {', '.join(f'{r:,.0f}' for r in cpu_rates)}")
    spec = spec_for(get_rules("expeditions"))
    rng = random.Random(0)
    engine = []
    for _ in range(args.repeats):
        start, rounds = time.perf_counter(), 0
        while time.perf_counter() - start < 2.0:
            order = spec.deck_ids[:]
            rng.shuffle(order)
            playout(deal_table(spec, order, 0), [counting_policy, counting_policy], rng)
            rounds += 1
        engine.append(rounds / (time.perf_counter() - start))
    print(f"counting, engine: median {statistics.median(engine):>11,.0f} rounds/s (the same moves, one round at a time)  "
          f"runs: {', '.join(f'{r:,.0f}' for r in engine)}")


if __name__ == "__main__":
    main()
