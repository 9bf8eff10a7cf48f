"""Tune the counting policy: play it against the Heuristic on duplicate deals, on the engine, with its
numbers changed, and compare each variant with the policy as it stands on the same deals.

The deals are those of ``benchmarks/counting_strength.py`` (``ex.deal(rules, seed=f"{seed}:{deal}")``,
every deal twice with the seats swapped), so ``--start 0`` reproduces that benchmark's figures and a
range that starts further on tunes on other deals than the ones the figures are measured on. Both
bots play as engine policies from what the seat may know (the Heuristic ranks every legal move,
as its bot does), which is several times faster than a tournament of bots.

With ``--opponent itself`` the variants meet the policy as it stands on the batch simulator instead (compiled:
100,000 duplicate deals in a few seconds; ``--seed`` must then be a whole number, and ``--start`` is not used): a quick first sieve, since
what plays better against itself need not play better against the Heuristic. There a variant may change the
numbers the compiled policy takes per seat (``batch.policy_numbers``), not ``ARRIVE_ABOVE`` or ``ARRIVE_BELOW``.

Usage: python tools/counting_duel.py [--deals N] [--start K] [--opponent heuristic|first|itself] [NAME=VALUE ...] ...
Each argument after the options is one variant: ``ARRIVE_ABOVE=16`` or ``"ARRIVE_ABOVE=20 PROLONG=2"``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import expeditions as ex
import expeditions.bots.counting as counting
from expeditions.analysis import batch
from expeditions.bots.heuristic import Scorer, sight_of_table
from expeditions.bots.policies import Policy, playout
from expeditions.engine import Action, Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from _first_counting import first_counting_action


def heuristic_policy(table: Table, rng: random.Random) -> Action:
    """The Heuristic bot's move: every legal move ranked from what the seat to move may know."""
    return Scorer(sight_of_table(table)).ranked(table.legal())[0][1]


def first_policy(table: Table, rng: random.Random) -> Action:
    return first_counting_action(table)


def shares(policy: Policy, opponent: Policy, rules: ex.Rules, deals: range, seed: str) -> tuple[list[float], list[float]]:
    """Per deal: ``policy``'s win share over the two seatings (a tie counts half) and its mean score difference."""
    wins, differences = [], []
    for d in deals:
        start = ex.deal(rules, seed=f"{seed}:{d}")._t
        win = difference = 0.0
        for seat, seating in enumerate(((policy, opponent), (opponent, policy))):
            scores = playout(start.clone(), list(seating), random.Random(0)).scores()
            win += (scores[seat] > scores[1 - seat]) + 0.5 * (scores[seat] == scores[1 - seat])
            difference += scores[seat] - scores[1 - seat]
        wins.append(win / 2)
        differences.append(difference / 2)
    return wins, differences


def batch_shares(numbers: dict[str, int], rules: ex.Rules, deals: int, seed: int) -> tuple[list[float], list[float]]:
    """``shares`` on the batch simulator: the variant ``numbers`` against the policy as it stands, ``deals``
    fresh deals of the random stream ``seed``, each played twice with the seats swapped."""
    layout, counting_cards = batch.layout_for(rules), batch.counting_layout(rules)
    variant, standing = batch.policy_numbers(**numbers), batch.policy_numbers()
    rng = np.random.default_rng(seed)
    wins: list[float] = []
    differences: list[float] = []
    for start in range(0, deals, batch.COUNTING_BATCH):
        state = batch.counting_deals(counting_cards, batch.shuffled_bits(layout, min(batch.COUNTING_BATCH, deals - start), rng))
        lead = []
        for seat, numbers_by_seat in enumerate(((variant, standing), (standing, variant))):
            scores = batch.counting_result(counting_cards, batch.play_counting(state, numbers=numbers_by_seat))["scores"]
            lead.append(scores[:, seat] - scores[:, 1 - seat])
        wins.extend(((np.sign(lead[0]) + np.sign(lead[1])) / 4 + 0.5).tolist())
        differences.extend(((lead[0] + lead[1]) / 2).tolist())
    return wins, differences


def interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% normal interval."""
    return statistics.fmean(values), 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def label_of(numbers: dict[str, int]) -> str:
    return " ".join(f"{k}={v}" for k, v in numbers.items())


def report(name: str, wins: list[float], differences: list[float]) -> str:
    (w, wh), (d, dh) = interval(wins), interval(differences)
    return f"{name}: wins {100 * w:.1f}% [{100 * (w - wh):.1f}, {100 * (w + wh):.1f}], score difference {d:+.2f} ± {dh:.2f}"


def variant(text: str) -> dict[str, int]:
    out = {}
    for item in text.split():
        name, _, value = item.partition("=")
        if not hasattr(counting, name) or not name.isupper():
            raise SystemExit(f"{name!r} is not one of the counting policy's numbers")
        out[name] = int(value)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--start", type=int, default=1000, help="the first deal (0: the benchmark's deals)")
    parser.add_argument("--seed", default="counting")
    parser.add_argument("--opponent", choices=("heuristic", "first", "itself"), default="heuristic")
    parser.add_argument("variants", nargs="*", type=variant)
    args = parser.parse_args()
    rules = ex.rules("expeditions")
    if args.opponent == "itself":
        if not args.seed.isdigit():
            raise SystemExit(f"--opponent itself deals from a whole-number seed, got {args.seed!r}")
        print(f"# {args.deals} duplicate deals of seed {args.seed} on the batch simulator, against the policy as it stands")
        for numbers in args.variants:
            began = time.perf_counter()
            try:
                run = batch_shares(numbers, rules, args.deals, int(args.seed))
            except ex.ExpeditionsError as error:
                raise SystemExit(str(error)) from None
            print(report(label_of(numbers), *run) + f" ({time.perf_counter() - began:.0f} s)", flush=True)
        return
    deals = range(args.start, args.start + args.deals)
    opponent: Callable[[Table, random.Random], Action] = heuristic_policy if args.opponent == "heuristic" else first_policy
    began = time.perf_counter()
    base = shares(counting.counting_policy, opponent, rules, deals, args.seed)
    print(f"# {args.deals} duplicate deals from {args.start}, against {args.opponent}; {time.perf_counter() - began:.0f} s a run")
    print(report("as it stands", *base), flush=True)
    for numbers in args.variants:
        saved = {name: getattr(counting, name) for name in numbers}
        for name, value in numbers.items():
            setattr(counting, name, value)
        try:
            run = shares(counting.counting_policy, opponent, rules, deals, args.seed)
        finally:
            for name, value in saved.items():
                setattr(counting, name, value)
        gain = [b - a for a, b in zip(base[0], run[0], strict=True)], [b - a for a, b in zip(base[1], run[1], strict=True)]
        (w, wh), (d, dh) = interval(gain[0]), interval(gain[1])
        print(report(label_of(numbers), *run) + f"; against as it stands {100 * w:+.1f}% ± {100 * wh:.1f}, {d:+.2f} ± {dh:.2f}",
              flush=True)


if __name__ == "__main__":
    main()
