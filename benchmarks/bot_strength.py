"""Bot strength: tournaments on duplicate deals (every deal twice, seats swapped), with 95% intervals.

Each pairing is its own tournament on the same deals (``expeditions.analysis.tournament``), spread
over the cores. For each it prints the first bot's win rate (ties count half) and mean score
difference per round, each with its 95% interval over deals, and the wall-clock time; then each
bot's play per round (plays, discards and their share, pile draws, expeditions opened, investments,
bonuses, rounds ended by the stall rule).

Targets (issue 3), on the default rules over at least 1,000 duplicate deals each: Expert beats
Beginner in at least 65% of rounds and Random in at least 98%; Beginner beats Random in at least
90%; the Expert is clearly stronger than the Heuristic (a card-counting bot of the kind the
strongest open-source Lost Cities bots are). Issue 17: Hard beats the Heuristic in at least 68% and the
Expert in at least 60% (``--pairings Hard-Heuristic,Hard-Expert``, a few seconds a round). The strategy tips say the Expert discards about 9
times a round, over 40% of its plays.

Usage: python benchmarks/bot_strength.py [--deals N] [--workers W] [--rules NAME] [--seed S]
                                         [--pairings Expert-Beginner,Expert-Random,...]
"""

from __future__ import annotations

import argparse
import time

from _machine import machine

import expeditions as ex
from expeditions.advice import Hard
from expeditions.analysis.parallel import default_workers
from expeditions.analysis.tournament import tournament
from expeditions.bots import BOTS as ENGINE_BOTS

BOTS = {**ENGINE_BOTS, "Hard": Hard}
"""The bots of ``expeditions.bots`` and the Hard level (``expeditions.advice.Hard``, the analyst's search)."""

DEFAULT_PAIRINGS = "Expert-Beginner,Expert-Random,Beginner-Random,Expert-Heuristic,Heuristic-Beginner"
TARGETS = {("Expert", "Beginner"): 0.65, ("Expert", "Random"): 0.98, ("Beginner", "Random"): 0.90,
           ("Hard", "Heuristic"): 0.68, ("Hard", "Expert"): 0.60}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--rules", default="expeditions")
    parser.add_argument("--seed", default="strength")
    parser.add_argument("--pairings", default=DEFAULT_PAIRINGS)
    parser.add_argument("--no-progress", action="store_true")
    args = parser.parse_args()
    rules = ex.rules(args.rules)
    pairs = [tuple(p.split("-")) for p in args.pairings.split(",")]
    print(f"# bot strength, {time.strftime('%Y-%m-%d')}, {machine()}; {rules.label}, {args.deals} deals "
          f"played twice (seats swapped), seed {args.seed!r}, {args.workers} workers")
    for first, second in pairs:
        start = time.perf_counter()
        result = tournament({first: BOTS[first], second: BOTS[second]}, rules, deals=args.deals, seed=args.seed,
                            workers=args.workers, progress=not args.no_progress)
        minutes = (time.perf_counter() - start) / 60
        p = result.pairing(first, second)
        target = TARGETS.get((first, second))
        verdict = "" if target is None else f"   target {100 * target:.0f}%: {'met' if p.win_rate.value >= target else 'NOT met'}"
        print(f"\n## {first} vs {second}: {first} wins {p.win_rate.percent()}, mean difference "
              f"{p.difference.value:+.1f} [{p.difference.low:+.1f}, {p.difference.high:+.1f}] per round; "
              f"{p.ties} ties in {p.rounds} rounds; {minutes:.1f} min{verdict}")
        print(str(result).split("\n\n", 2)[-1])
        for name in (first, second):
            b = result.bot(name)
            print(f"{name}: {b.discards:.1f} discards and {b.plays:.1f} plays a round: {100 * b.discard_share:.0f}% of its "
                  f"plays are discards")


if __name__ == "__main__":
    main()
