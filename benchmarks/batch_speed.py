"""The numpy batch simulator: rounds per second of the default rules on one core.

Two policies (``expeditions.analysis.batch``), each choosing by card (every card in hand is a
choice, like the engine's policies) and by move (a suit's investments are one move):
- playable: play a random playable card, else discard a random card; always draw off the deck
  (target: 1,000,000 rounds/s by card);
- uniform: uniform over the legal moves, draws off the piles included (target: 90,000 rounds/s).
Shuffling the decks is included in the time. The mean scores of both readings are printed with
their 95% intervals, to show that what a random choice picks among changes the result.

Usage: python benchmarks/batch_speed.py [--rounds N] [--repeats K]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine, pin_to_one_core

from expeditions.analysis.batch import simulate


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


if __name__ == "__main__":
    main()
