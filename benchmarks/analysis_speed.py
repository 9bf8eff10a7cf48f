"""How fast one hand's and one position's questions are answered (``expeditions.analysis``), on one core.

- Models 1 and 2 (exact ceiling and suit simulation with 20,000 runs) for every suit and option of
  one hand: target under 1 s.
- Model 3 (full-round rollouts with the counting policy), until every interval is within ±2 points.
- The questions of a strong player (``move_values``, ``plan_values``, ``discard_values``,
  ``pile_values``, ``win_chances``, ``round_end``, ``break_even``) for one position: the first answer (±3 points)
  within 2 s on one core, and the time to refine it to ±1 (``round_end``: plays, to ±0.3 and ±0.1).

Positions: the four hands below at the deal, and a round of the counting bots stopped after 14 turns.

Usage: taskset -c 1 python benchmarks/analysis_speed.py [--repeats K]
"""

from __future__ import annotations

import argparse
import statistics
import time

from _machine import machine, pin_to_one_core

import expeditions as ex
from expeditions import analysis
from expeditions.bots import play_out
from expeditions.bots.counting import Counting

HANDS = ("2H 5H KH 9S 10S QD", "3D 4D 8D JD 7C 10C", "2S 3S 4S 5S 6S 7S", "JH QH 7H 8H 9S 2C")
QUESTIONS = {
    "move_values": (analysis.iter_move_values, 3.0, 1.0),
    "plan_values": (analysis.iter_plan_values, 3.0, 1.0),
    "discard_values": (analysis.iter_discard_values, 3.0, 1.0),
    "pile_values": (analysis.iter_pile_values, 3.0, 1.0),
    "win_chances": (analysis.iter_win_chances, 3.0, 1.0),
    "round_end": (analysis.iter_round_end, 0.3, 0.1),
    "break_even": (analysis.iter_break_even, 3.0, 1.0),  # exact: the first answer is the last
}


def mid_round(seed: int, turns: int = 14) -> ex.Round:
    return play_out(ex.deal("expeditions", seed=seed), [Counting(1), Counting(2)], until=lambda r: r.turn >= turns)


def answer_times(question: str, position: ex.Round, seed: int) -> tuple[float, float, int, float, float, int]:
    """Seconds to the first answer and to the refined one, with their widths and positions."""
    iterate, first, refined = QUESTIONS[question]
    start = time.perf_counter()
    first_answer = refined_answer = None
    for answer in iterate(position, precision=refined, time_limit=120.0, seed=seed):
        if first_answer is None or first_answer.width > first:
            first_answer, first_time = answer, time.perf_counter() - start
        refined_answer = answer
    assert first_answer is not None and refined_answer is not None
    return (first_time, first_answer.width, first_answer.positions, time.perf_counter() - start, refined_answer.width,
            refined_answer.positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    pin_to_one_core()
    print(f"# analysis speed, {time.strftime('%Y-%m-%d')}, {machine()}, one core")
    analysis.start_values(HANDS[0], "expeditions")  # warm up
    for hand in HANDS:
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            analysis.start_values(hand, "expeditions", models=("exact", "suit"))
            times.append(time.perf_counter() - start)
        print(f"models 1+2, {hand}: median {statistics.median(times):.3f} s (target 1 s)  runs: "
              f"{', '.join(f'{t:.3f}' for t in times)}")
    for hand in HANDS[:2]:
        times, widths, samples = [], [], []
        for k in range(args.repeats):
            start = time.perf_counter()
            values = analysis.start_values(hand, "expeditions", models="rollout", precision=2.0, time_limit=60.0, seed=k)
            times.append(time.perf_counter() - start)
            widths.append(max(max(r.value.half_width, r.gain.half_width) for r in values.rows))
            samples.append(values.rows[0].value.samples)
        print(f"model 3 (counting policy, one core), {hand}: median {statistics.median(times):.2f} s to ±{max(widths):.2f} "
              f"at worst; positions: {', '.join(map(str, samples))}; runs: {', '.join(f'{t:.2f}' for t in times)}")
    positions = {"deal " + HANDS[0]: ex.position("expeditions", hands=[HANDS[0], None], seed=0), "mid-round": mid_round(11)}
    for label, position in positions.items():
        for question in QUESTIONS:
            runs = [answer_times(question, position, k) for k in range(args.repeats)]
            first = statistics.median(r[0] for r in runs)
            refined = statistics.median(r[3] for r in runs)
            print(f"{label}, {question}: first answer median {first:.2f} s (target 2 s) to ±{max(r[1] for r in runs):.2f} "
                  f"({runs[0][2]:,} positions); refined median {refined:.1f} s to ±{max(r[4] for r in runs):.2f} "
                  f"({statistics.median(r[5] for r in runs):,.0f} positions)")


if __name__ == "__main__":
    main()
