"""How big the games database grows, and how long keeping and reading games takes.

Games are played by bots as a learner meets them: the Beginner (a learner at the Easy level) against
the Heuristic (Normal), whole matches of the default rules (3 rounds) and single rounds. Each game is
kept in a fresh database in a temporary folder, one ``keep`` (one transaction) per game as the play app
will do it, with a review's figures as a review would give them (a cost with its interval, the costly
moves, three kinds of mistakes). The figures: the file's size per 100 games as it stands (SQLite pages,
with the space they leave free) and after ``VACUUM``, the export file's size, and the median time of one
``keep``, of reading every game back (``games()``) and of the figures of a panel (win rates, score
differences, review costs, kinds of mistakes) over several runs.

Usage: python benchmarks/games_store.py [--games N] [--repeats K]
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from _machine import machine

import expeditions as ex
from expeditions.bots import Beginner, Heuristic, play_out
from expeditions.history import GameStore, mistake_kinds, review_costs, score_differences, win_rates

KINDS = ("started too late", "discarded a card the opponent needed", "invested without cards to follow")


def play_match(rules: ex.Rules, k: int) -> ex.Match:
    match = ex.new_match(rules, seed=f"store:{k}")
    bots = [Beginner(k), Heuristic(k + 1)]
    while True:
        while not match.current.is_over:
            seat = match.current.to_move
            assert seat is not None
            match = match.play(bots[seat].choose(match.current.observation(seat)))
        if match.is_over:
            return match
        match = match.next_round()


def games_of(kind: str, n: int) -> list[ex.Round | ex.Match]:
    rules = ex.rules("expeditions")
    if kind == "match":
        return [play_match(rules, k) for k in range(n)]
    return [play_out(ex.deal(rules, seed=f"store:{k}"), [Beginner(k), Heuristic(k + 1)]) for k in range(n)]


def review_of(k: int) -> dict[str, object]:
    cost = 10.0 + k % 30
    return {"cost": cost, "low": cost - 6.0, "high": cost + 6.0, "samples": 32, "costly_moves": 1 + k % 5,
            "mistake_kinds": [KINDS[j % 3] for j in range(k, k + 1 + k % 5)]}


def run(games: list[ex.Round | ex.Match], folder: Path) -> dict[str, float]:
    path = folder / "games.sqlite"
    store = GameStore(path, environ={})
    keeps = []
    for k, game in enumerate(games):
        start = time.perf_counter()
        outcome = store.keep(game, level="Normal", hints=k % 3, undo_used=k % 7 == 0, review=review_of(k))
        keeps.append(time.perf_counter() - start)
        assert outcome.saved, outcome.message
    size = path.stat().st_size
    start = time.perf_counter()
    kept = GameStore(path, environ={}).games()
    read = time.perf_counter() - start
    start = time.perf_counter()
    win_rates(kept), score_differences(kept), review_costs(kept), mistake_kinds(kept)
    figures = time.perf_counter() - start
    export = len(store.export().text.encode("utf-8"))
    with sqlite3.connect(path) as conn:
        conn.execute("VACUUM")
    return {"size": size, "vacuumed": path.stat().st_size, "export": export, "keep": statistics.median(keeps), "read": read,
            "figures": figures, "record": statistics.fmean(len(g.record.encode("utf-8")) for g in kept)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"# games store, {time.strftime('%Y-%m-%d')}, {machine()}, SQLite {sqlite3.sqlite_version}; "
          f"load average {os.getloadavg()[0]:.2f} at the start; {args.games} games, {args.repeats} runs (medians)")
    per = 100 / args.games
    for kind in ("match", "round"):
        games = games_of(kind, args.games)
        runs = []
        for _ in range(args.repeats):
            with tempfile.TemporaryDirectory() as folder:
                runs.append(run(games, Path(folder)))
        m = {key: statistics.median(r[key] for r in runs) for key in runs[0]}
        print(f"{kind:5}: {m['size'] * per / 1024:6.0f} KiB per 100 games ({m['vacuumed'] * per / 1024:.0f} KiB after VACUUM; "
              f"export {m['export'] * per / 1024:.0f} KiB; a record {m['record'] / 1024:.1f} KiB on average); "
              f"keep {m['keep'] * 1000:.1f} ms, read all {m['read'] * 1000:.0f} ms, figures {m['figures'] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
