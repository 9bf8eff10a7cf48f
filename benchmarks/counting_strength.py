"""The counting policy's strength: the Counting bot (``expeditions.bots.counting``) against the bot
made of ``sensible_policy``, against the Heuristic bot and against the counting policy's first rules
(``_first_counting.py``), on duplicate deals (every deal twice, seats swapped), with 95% intervals over
deals (``expeditions.analysis.tournament``).

Usage: python benchmarks/counting_strength.py [--deals N] [--workers W] [--seed S]
"""

from __future__ import annotations

import argparse
import time

from _first_counting import FirstCounting
from _machine import machine

import expeditions as ex
from expeditions.analysis.parallel import default_workers
from expeditions.analysis.tournament import tournament
from expeditions.bots import Heuristic
from expeditions.bots.base import SeededBot
from expeditions.bots.counting import Counting
from expeditions.bots.policies import sensible_policy
from expeditions.engine import move_of
from expeditions.moves import Move
from expeditions.observation import Observation


class Sensible(SeededBot):
    """``sensible_policy`` as a bot: it reads only the seat's hand and the table, so any sampled position will do."""

    name = "Sensible"

    def decide(self, observation: Observation) -> Move:
        table = observation.sample_table(self.rng)
        return move_of(table.spec, sensible_policy(table, self.rng))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=default_workers())
    parser.add_argument("--seed", default="counting")
    args = parser.parse_args()
    rules = ex.rules("expeditions")
    print(f"# counting policy strength, {time.strftime('%Y-%m-%d')}, {machine()}; {rules.label}, {args.deals} deals "
          f"played twice (seats swapped), seed {args.seed!r}, {args.workers} workers")
    factories: tuple[tuple[str, type[SeededBot]], ...] = (("Sensible", Sensible), ("Heuristic", Heuristic),
                                                         ("First counting", FirstCounting))
    for name, factory in factories:
        start = time.perf_counter()
        result = tournament({"Counting": Counting, name: factory}, rules, deals=args.deals, seed=args.seed,
                            workers=args.workers, progress=False)
        p = result.pairing("Counting", name)
        print(f"Counting vs {name}: Counting wins {p.win_rate.percent()}, mean difference {p.difference.value:+.1f} "
              f"[{p.difference.low:+.1f}, {p.difference.high:+.1f}] per round; {p.ties} ties in {p.rounds} rounds; "
              f"{(time.perf_counter() - start) / 60:.1f} min")
        for bot in ("Counting", name):
            b = result.bot(bot)
            print(f"  {bot}: mean score {b.score.format()}, {b.plays:.1f} plays, {b.discards:.1f} discards, "
                  f"{b.pile_draws:.1f} pile draws a round")


if __name__ == "__main__":
    main()
