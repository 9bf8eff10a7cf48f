"""Mine the shipped puzzles from the bots' own games (``expeditions/lessons/puzzles.json``).

For each deal of each rule set asked for, the Expert plays both seats; every other position of the round is
screened by the analyst at a hint's effort, and a position is a candidate when its best move beats the runner-up
by at least ``puzzles.MARGIN`` points with the paired 95% interval of the margin above 0. A candidate is kept when
a second analysis, on other deals (another seed) and at a higher effort, finds the same best move by the same margin,
and when at least one weaker bot (Easy, Normal, the Expert itself) plays another move there (its difficulty says
which). Found puzzles are written to ``--found`` as they come (one JSON line each, so a stopped run keeps them);
``--assemble`` writes the puzzle file from one or more such files, default rules first.

Usage:
  python tools/mine_puzzles.py --rules expeditions --deals 1 200 --minutes 30 --found build/puzzles-a.jsonl
  python tools/mine_puzzles.py --assemble build/puzzles-a.jsonl build/puzzles-b.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path

import expeditions as ex
from expeditions.analysis.analyst import HINT, Analysis, Effort, action_of_move, analyse
from expeditions.bots import Beginner, Expert, Heuristic
from expeditions.bots.base import play_out
from expeditions.estimate import Estimate
from expeditions.lessons.puzzles import (
    MARGIN,
    PUZZLE_FILE,
    MoveCost,
    Puzzle,
    difficulty_of,
    theme_of,
    write_puzzles,
)
from expeditions.observation import Observation

CONFIRM = Effort(first=256, most=8192, tie=1.0, precision=0.75, seconds=30.0, seed=1)
"""The second analysis: other deals, more of them."""
WEAKER = {"Easy": Beginner, "Normal": Heuristic, "Expert": Expert}


def clear_best(analysis: Analysis) -> bool:
    """The best move beats the runner-up by at least ``MARGIN`` points, its paired interval below 0."""
    if len(analysis.moves) < 2:
        return False
    gap = analysis.moves[1].against_best
    return gap.value <= -MARGIN and gap.high < 0


def missed_by(observation: Observation, analysis: Analysis, seed: int) -> tuple[str, ...]:
    best = action_of_move(observation, analysis.best.move)
    return tuple(name for name, bot in WEAKER.items()
                 if action_of_move(observation, bot(seed).choose(observation)) != best)


def cost_of(against_best: Estimate) -> Estimate:
    """What a move costs against the best: its paired difference to the best (at most 0), turned round."""
    return Estimate(-against_best.value, -against_best.high, -against_best.low, against_best.samples)


def puzzle_of(rnd: ex.Round, index: int, name: str, deal: int) -> Puzzle | None:
    """The puzzle at ``rnd`` (a position of deal ``deal``, move ``index``), or ``None``."""
    seat = rnd.to_move
    if seat is None:
        return None
    observation = rnd.observation(seat)
    if len({action_of_move(observation, m) for m in observation.legal_moves}) < 2:
        return None
    first = analyse(observation, HINT)
    if not clear_best(first):
        return None
    second = analyse(observation, CONFIRM)
    if not clear_best(second) or second.best.move != first.best.move:
        return None
    missed = missed_by(observation, second, deal)
    if not missed:
        return None
    best = second.best.move
    same = tuple(m for m in observation.legal_moves
                 if m != best and action_of_move(observation, m) == action_of_move(observation, best))
    runner = second.moves[1]
    margin = cost_of(runner.against_best)
    costs = tuple(MoveCost(v.move, cost_of(v.against_best)) for v in second.moves)
    return Puzzle(id=f"{name}-{deal}-{index + 1}", position=rnd, best=best, same=same, margin=margin,
                  runner_up=runner.move, costs=costs, value=second.value, theme=theme_of(rnd, best),
                  difficulty=difficulty_of(missed), missed_by=missed,
                  source=(f"{name}, deal {deal}, move {index + 1} of a round the Expert played against itself; "
                          f"{first.deals:,} and {second.deals:,} deals at most on two seeds"))


def mine(name: str, deals: range, minutes: float, found: Path, every: int) -> None:
    rules = ex.rules(name)
    start = time.time()
    kept = 0
    with found.open("a", encoding="utf-8") as out:
        for deal in deals:
            if time.time() - start > minutes * 60:
                break
            played = play_out(ex.deal(rules, seed=deal), [Expert(deal * 10 + s) for s in range(rules.players)])
            n = len(played.moves)
            for index in range(deal % every, n, every):
                puzzle = puzzle_of(played.undo(n - index), index, name, deal)
                if puzzle is not None:
                    kept += 1
                    out.write(json.dumps(puzzle.to_dict(), ensure_ascii=False) + "\n")
                    out.flush()
            print(f"{name} deal {deal}: {kept} puzzles so far, {time.time() - start:.0f} s", flush=True)


def assemble(files: list[Path], target: Path) -> None:
    seen: dict[str, Puzzle] = {}
    for path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                puzzle = Puzzle.from_dict(json.loads(line))
                seen.setdefault(puzzle.id, puzzle)
    ordered = sorted(seen.values(), key=lambda p: (p.rules.name != "expeditions", p.rules.name, p.id.count("-"),
                                                   [int(x) if x.isdigit() else x for x in p.id.split("-")]))
    write_puzzles(ordered, target, mined_by="tools/mine_puzzles.py", margin=MARGIN, confirm=str(CONFIRM))
    print(f"{len(ordered)} puzzles written to {target}")
    print("by rule set:", dict(Counter(p.rules.name for p in ordered)))
    print("by theme:", dict(Counter(p.theme for p in ordered)))
    print("by difficulty:", dict(Counter(p.difficulty for p in ordered)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", default="expeditions")
    parser.add_argument("--deals", nargs=2, type=int, default=(1, 100), metavar=("FIRST", "LAST"))
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--every", type=int, default=2, help="screen every K-th position of a round")
    parser.add_argument("--found", type=Path, default=Path("build/puzzles.jsonl"))
    parser.add_argument("--assemble", nargs="*", type=Path, help="write the puzzle file from these found files")
    parser.add_argument("--out", type=Path, default=PUZZLE_FILE)
    args = parser.parse_args()
    if args.assemble:
        assemble(args.assemble, args.out)
        return
    args.found.parent.mkdir(parents=True, exist_ok=True)
    mine(args.rules, range(args.deals[0], args.deals[1] + 1), args.minutes, args.found, args.every)


if __name__ == "__main__":
    main()
