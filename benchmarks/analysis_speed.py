"""How fast the expected values of one hand are computed (``expeditions.analysis.start_values``).

- Models 1 and 2 (exact ceiling and suit simulation with 20,000 runs) for every suit and every
  investment count of one hand: target under 1 s.
- Model 3 (full-round rollouts with the strongest engine policy, on a local process pool): the time
  until every interval is within ±2 points, target within 10 s, with a progress bar.

Usage: python benchmarks/analysis_speed.py [--repeats K] [--workers W]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine

from expeditions.analysis import best_policy, start_values

HANDS = ("2H 5H KH 9S 10S QD", "3D 4D 8D JD 7C 10C", "2S 3S 4S 5S 6S 7S", "JH QH 7H 8H 9S 2C")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    print(f"# analysis speed, {time.strftime('%Y-%m-%d')}, {machine()}")
    start_values(HANDS[0], "expeditions")  # warm up
    for hand in HANDS:
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            start_values(hand, "expeditions", models=("exact", "suit"))
            times.append(time.perf_counter() - start)
        print(f"models 1+2, {hand}: median {statistics.median(times):.3f} s (target 1 s)  runs: "
              f"{', '.join(f'{t:.3f}' for t in times)}")
    policy = best_policy()
    for hand in HANDS[:2]:
        times, widths, samples = [], [], []
        for k in range(args.repeats):
            start = time.perf_counter()
            values = start_values(hand, "expeditions", models="rollout", precision=2.0, time_limit=10.0, seed=k,
                                  workers=args.workers, progress=True)
            times.append(time.perf_counter() - start)
            widths.append(max(max(r.value.half_width, r.gain.half_width) for r in values.rows))
            samples.append(values.rows[0].value.samples)
        print(f"model 3 ({policy.__name__}, {args.workers} workers), {hand}: median {statistics.median(times):.2f} s "
              f"to ±{max(widths):.2f} at worst (target ±2 within 10 s); positions sampled: "
              f"{', '.join(map(str, samples))}; runs: {', '.join(f'{t:.2f}' for t in times)}")


if __name__ == "__main__":
    main()
