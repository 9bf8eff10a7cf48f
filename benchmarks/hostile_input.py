"""What hostile input costs: processor time (and memory) of the texts, records and files a visitor can send.

Each finding of the hostile-input review has a section; each section prints its figures, the medians of
``--repeats`` runs, in processor time (``time.process_time``: what this process spent, whatever the rest
of the machine does). The script uses only the public API, so the same script measures an older checkout
(``PYTHONPATH=/path/to/old/checkout python benchmarks/hostile_input.py``); where the old code stalls, its
inputs are kept small enough to finish (the figures show how the cost grows).

Usage: python benchmarks/hostile_input.py [--only NAME ...] [--repeats K]
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import random
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from _machine import machine

import expeditions as ex


def cpu(call: Callable[[], object], repeats: int) -> tuple[float, str]:
    """The median processor time of ``call`` over ``repeats`` runs, and how the last run ended."""
    times, ended = [], ""
    for _ in range(repeats):
        start = time.process_time()
        try:
            call()
            ended = "read"
        except ex.ExpeditionsError as e:
            ended = f"refused: {str(e)[:70]}"
        except Exception as e:  # the figure of an older checkout: what it raised instead of words
            ended = f"{type(e).__name__}: {str(e)[:60]}"
        times.append(time.process_time() - start)
    return statistics.median(times), ended


def row(what: str, seconds: float, ended: str) -> None:
    print(f"  {what:<44} {seconds:>10.4f} s   {ended}")


# --- finding 1: a move text that backtracks ----------------------------------------------------------------
def move_texts(repeats: int) -> None:
    print("finding 1: Move.parse of 'play 7H' + n spaces + 'x' (and other long move texts)")
    for n in (250, 500, 1_000):
        row(f"n = {n:,}", *cpu(lambda n=n: ex.Move.parse("play 7H" + " " * n + "x"), repeats if n < 1_000 else 1))
    for label, text in [("64 KB of spaces after 'play 7H'", "play 7H" + " " * 65_536 + "x"),
                        ("'play 7H, draw' + 64 KB of spaces", "play 7H, draw" + " " * 65_536 + "x")]:
        if _stalls_before(text):
            print(f"  {label:<44}   (not run: the old reading grows as n³)")
            continue
        row(label, *cpu(lambda t=text: ex.Move.parse(t), repeats))


def _stalls_before(text: str) -> bool:
    """Whether this checkout still reads move texts with the backtracking expression (its 64 KB case would
    take days): a 400-space text takes it a tenth of a second or more, the linear reading microseconds."""
    start = time.process_time()
    with contextlib.suppress(ex.ExpeditionsError):
        ex.Move.parse("play 7H" + " " * 400 + "x")
    return time.process_time() - start > 0.05 and len(text) > 2_000


# --- finding 12: the cache of move texts ---------------------------------------------------------------------
def move_cache(repeats: int) -> None:
    print("finding 12: memory kept after reading 200 different valid move texts of 1 MB each")
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    refused = 0
    for i in range(200):
        text = "play 7H, draw deck" + " " * (1_000_000 + i)
        try:
            ex.Move.parse(text)
        except ex.ExpeditionsError:
            refused += 1
        del text
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0] - before
    tracemalloc.stop()
    print(f"  {'kept after the 200 texts':<44} {kept / 2**20:>10.1f} MB   ({refused} of 200 refused)")


# --- finding 9: the lesson's score box -----------------------------------------------------------------------
def score_answers(repeats: int) -> None:
    print("finding 9: a score typed in the number lesson's box")
    lesson = next(x for x in ex.lessons.path() if isinstance(x.task, ex.lessons.NumberTask))
    for label, text in [("'38'", "38"), ("'²'", "²"), ("'①'", "①"), ("4,301 digits", "9" * 4_301), ("64 KB of digits", "9" * 65_536)]:
        row(label, *cpu(lambda t=text: lesson.check(t), repeats))


# --- finding 11: records and seeds -------------------------------------------------------------------------------
def records(repeats: int) -> None:
    print("finding 11: loading records (ex.loads) and a large seed")
    for moves in (8_000, 16_000, 32_000, 64_000):
        text = ex.deal("expeditionen", seed=2).play_all(_loop_moves(moves)).to_json()
        row(f"a round of {moves:,} moves ({len(text) / 2**20:.2f} MiB)", *cpu(lambda t=text: ex.loads(t), repeats))
    for label, text in [("100,000 '['", "[" * 100_000), ("a note nested 5,000 deep", _nested_note(5_000)),
                        ("a number of 5,000 digits", "1" * 5_000)]:
        row(label, *cpu(lambda t=text: ex.loads(t), repeats))
    seed = "x" * 9_000_000
    spent, ended = cpu(lambda: ex.new_match("expeditions", seed=seed).to_json(), 1)
    try:
        size = f"{len(ex.new_match('expeditions', seed=seed).to_json()) / 2**20:.1f} MiB record"
    except ex.ExpeditionsError:
        size = "no record"
    row(f"a match seeded with 9 MB of text ({size})", spent, ended)


_LOOPS: dict[int, list[ex.Move]] = {}


def _loop_moves(moves: int) -> list[ex.Move]:
    """The moves of a round of rules without a stall rule in which both players discard and draw each other's
    discards, ``moves`` long (worked out once, with the engine's table, for the longest length asked)."""
    if moves not in _LOOPS:
        from expeditions.engine import judge

        rnd = ex.deal("expeditionen", seed=2)
        table, rng, played = rnd._t, random.Random(2), []
        while len(played) < moves:
            legal = table.legal_moves()
            move = rng.choice([m for m in legal if m.kind == "discard" and m.draw != "deck"] or legal)
            table = table.after(judge(table, move))
            played.append(move)
        _LOOPS[moves] = played
    return _LOOPS[moves]


def _nested_note(depth: int) -> str:
    base = json.loads(ex.deal("expeditions", seed=1).to_json())
    return json.dumps(base)[:-1] + ', "notes": ' + "[" * depth + "]" * depth + "}"


# --- finding 10: the lessons' progress file ------------------------------------------------------------------------
def progress_files(repeats: int) -> None:
    print("finding 10: opening the lessons on a progress file, and a step where the file cannot be written")
    from expeditions.lessons import ProgressFile, Tutorial

    with tempfile.TemporaryDirectory() as folder:
        good = {"format": 1, "tracks": {"path": {"current": "", "done": []}, "appendix": {"current": 5}}}
        cases = [("100,000 '['", "[" * 100_000), ("a number of 5,000 digits", '{"format": 1' + "0" * 5_000 + ', "tracks": {}}'),
                 ("the other track's entry broken", json.dumps(good))]
        for label, text in cases:
            path = Path(folder) / "lessons.json"
            path.write_text(text, encoding="utf-8")
            track = "appendix" if "other" in label else "path"
            row(label, *cpu(lambda p=path, t=track: Tutorial(t, store=ProgressFile(p)), repeats))
        (Path(folder) / "in-the-way").write_text("a file where the folder should be", encoding="utf-8")
        tutorial = Tutorial(store=ProgressFile(Path(folder) / "in-the-way" / "lessons.json"))
        row("a step where the folder is a file", *cpu(tutorial.skip, 1))


# --- finding 4: rules at their bounds -----------------------------------------------------------------------------
AT_THE_OLD_LIMITS = {"suits": list("HSDCYBWGRP"), "numbers": list(range(1, 11)), "extra_copies": list(range(1, 11)),
                     "hand_size": 100}
"""The overrides of the finding: 230 cards, hands of 100 (accepted before the bounds)."""
CORNERS: list[tuple[str, dict[str, object]]] = [
    ("lost-cities", {}),
    ("lost-cities-duel-long", {}),
    ("expeditions-4p", {}),
    ("expeditions", {"hand_size": 12, "suits": ["H", "S", "D"], "extra_copies": list(range(2, 11))}),
    ("expeditions", {"hand_size": 12, "draw_from_piles": False, "discards_leave_game": True, "suits": list("HSDCYB"),
                     "extra_copies": list(range(2, 11))}),
    ("expeditions", {"hand_size": 4, "suits": list("HSDCYBWGRP")}),
    ("lost-cities-duel-long", {"players": 3, "numbers": list(range(1, 11)), "extra_copies": list(range(1, 11))}),
    ("expeditions-4p", {"numbers": list(range(1, 11)), "extra_copies": list(range(1, 11))}),
]
"""The presets' costliest rule sets, and overrides at the corners of the bounds (each bound met, the others near)."""


RULES_SETTINGS = {"positions": 5, "slow": False}
"""Set from the command line: positions per round for the corners (0: none), and whether to time the finding's hint."""


def rules_bounds(repeats: int, seeds: tuple[int, ...] = (1, 2)) -> None:
    from expeditions.advice import Hard, rank_moves
    from expeditions.bots import Heuristic, play_out

    positions, slow = int(RULES_SETTINGS["positions"]), bool(RULES_SETTINGS["slow"])

    print("finding 4: a hint (rank_moves) and a Hard move under rules at their bounds")
    try:
        rules = ex.rules("expeditions", **AT_THE_OLD_LIMITS)
    except ex.ExpeditionsError as e:
        row("the finding's overrides (230 cards, hands of 100)", 0.0, f"refused: {str(e)[:70]}")
    else:
        text = ex.deal(rules, seed=1).to_json()
        observation = ex.loads(text).observation()
        row(f"the finding's record ({len(text.encode()) / 1024:.1f} KB): a Hard move", *cpu(lambda: Hard(1).choose(observation), 1))
        later = play_out(ex.loads(text), [Heuristic(0), Heuristic(1)], until=lambda r: r.turn >= 20).observation()
        row("  the same, 20 turns later", *cpu(lambda: Hard(1).choose(later), 1))
        if slow:
            row("the finding's record: a hint", *cpu(lambda: rank_moves(observation), 1))
    if not positions:
        return
    print(f"  the costliest of {positions} positions of each of {len(seeds)} rounds (played by the Heuristic), and the median "
          "(a list override shows how many values it holds):")
    for name, overrides in CORNERS:
        try:
            rules = ex.rules(name, **overrides)
        except ex.ExpeditionsError as e:
            print(f"    {name} {overrides}: refused: {e}")
            continue
        hints, hards = [], []
        for seed in seeds:
            full = play_out(ex.deal(rules, seed=seed), [Heuristic(s) for s in range(rules.players)])
            n = len(full.moves)
            for k in range(positions):
                observation = full.undo(n - n * k // positions).observation()
                hards.append(cpu(lambda o=observation: Hard(1).choose(o), 1)[0])
                hints.append(cpu(lambda o=observation: rank_moves(o), 1)[0])
        label = name + (" " + ", ".join(f"{k}={v if not isinstance(v, list) else len(v)}" for k, v in overrides.items())
                        if overrides else "")
        print(f"    {label:<72} moves ≤ {rules.most_moves:>3}, deck {rules.deck_size:>3}:  hint {max(hints):.2f} s "
              f"(median {statistics.median(hints):.2f}), Hard {max(hards):.2f} s (median {statistics.median(hards):.2f})",
              flush=True)


# --- findings 3 and 8: the explorer's fields, as the page sets them ---------------------------------------------
def _page_sets(control: object, **state: object) -> None:
    """A value set by the page, as the browser sends it (an ipywidgets ``update`` message)."""
    control._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},  # type: ignore[attr-defined]
                         "buffers": []})


def explorer_fields(repeats: int) -> None:
    from expeditions.widgets import WhatIfExplorer
    print("findings 3 and 8: the explorer's fields set by the page")
    explorer = WhatIfExplorer(hand="2H 5H KH 9S 10S QD", compute=True)
    cards = " ".join(str(c) for c in ex.rules("expeditions").deck)
    for name, text in (("1 MB of card text in 'your hand'", (cards + " ") * (10**6 // (len(cards) + 1))),
                       ("1 MB of card text in 'their expeditions'", (cards + " ") * (10**6 // (len(cards) + 1))),
                       ("64 KB of card text in 'discard piles'", (cards + " ") * (2**16 // (len(cards) + 1)))):
        field = explorer.fields["hand" if "hand" in name else "theirs" if "their" in name else "piles"]
        seconds, _ = cpu(lambda f=field, t=text: _page_sets(f, value=t), repeats)
        row(name, seconds, explorer.last_message[:70] or f"kept ({len(field.value):,} characters)")
        field.value = "" if field is not explorer.fields["hand"] else "2H 5H KH 9S 10S QD"
    explorer.fields["theirs"].value = "banana"
    seconds, ended = cpu(lambda: _page_sets(explorer.rule_set, index=list(explorer.rule_set.options).index("expeditions-solo")), 1)
    row("rule set to solo, 'banana' in their expeditions", seconds,
        f"{ended}; now {explorer.rules.name}: {explorer.last_message[:60]}")
    seconds, ended = cpu(lambda: _page_sets(explorer.target, index=None), 1)
    row("a null index for 'click cards into'", seconds, f"{ended}; {explorer.last_message[:70]}")


SECTIONS: dict[str, Callable[[int], None]] = {
    "moves": move_texts,
    "cache": move_cache,
    "scores": score_answers,
    "records": records,
    "progress": progress_files,
    "rules": rules_bounds,
    "explorer": explorer_fields,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", nargs="*", choices=sorted(SECTIONS), help="the sections to run (default: all)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rules-positions", type=int, default=5, help="positions per round for the rules' corners (0: none)")
    parser.add_argument("--slow", action="store_true", help="also time a hint at the finding's overrides (minutes, before the bounds)")
    args = parser.parse_args()
    RULES_SETTINGS.update(positions=args.rules_positions, slow=args.slow)
    print(f"{time.strftime('%Y-%m-%d %H:%M')} · {machine()} · expeditions from {ex.__file__}")
    for name in args.only or SECTIONS:
        SECTIONS[name](args.repeats)


if __name__ == "__main__":
    main()
