"""The store of finished games: where it lives, what it keeps, the figures it gives, export and import, and a
database that is missing, locked, damaged, read-only or from a newer version (nothing lost, play goes on)."""

from __future__ import annotations

import json
import math
import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path

import pytest

import expeditions as ex
from expeditions.errors import ArgumentError, SeatError
from expeditions.estimate import Estimate
from expeditions.history import (
    GAMES_ENV,
    SCHEMA_VERSION,
    GameStore,
    ReviewFigures,
    StoredGame,
    games_path,
    mistake_kinds,
    positions,
    review_costs,
    rows,
    score_differences,
    win_rates,
)
from expeditions.history.schema import APPLICATION_ID, MIGRATIONS, migrate

ROOT = Path(__file__).resolve().parent.parent
START = datetime(2026, 11, 1, 12, 0, tzinfo=UTC)


# --- games to keep -----------------------------------------------------------------------------------------
def finish(game, rng: random.Random):
    """Play random moves (drawing off the deck where it may) to the end of the round or match."""
    while True:
        rnd = game.current if isinstance(game, ex.Match) else game
        while not rnd.is_over:
            legal = rnd.legal_moves()
            game = game.play(rng.choice([m for m in legal if m.draw in ("deck", None)] or legal))
            rnd = game.current if isinstance(game, ex.Match) else game
        if not isinstance(game, ex.Match) or game.is_over:
            return game
        game = game.next_round()


def a_match(seed: int, name: str = "expeditions", **overrides) -> ex.Match:
    return finish(ex.new_match(ex.rules(name, **({"rounds": 1} | overrides)), seed=seed), random.Random(seed))


def a_round(seed: int, name: str = "expeditions") -> ex.Round:
    return finish(ex.deal(name, seed=seed), random.Random(seed))


def store_at(path: Path, **options) -> GameStore:
    return GameStore(path, environ={}, **options)


def same_game(a, b) -> bool:
    """Two games that end in the same position with the same scores (every round of a match)."""
    rounds_a = a.rounds if isinstance(a, ex.Match) else (a,)
    rounds_b = b.rounds if isinstance(b, ex.Match) else (b,)
    return len(rounds_a) == len(rounds_b) and all(
        x.hands == y.hands and x.deck == y.deck and x.piles == y.piles and x.moves == y.moves and x.scores() == y.scores()
        and all(x.expeditions(s) == y.expeditions(s) for s in range(x.rules.sides))
        for x, y in zip(rounds_a, rounds_b, strict=True))


def expected_result(totals: tuple[int, ...], side: int) -> str:
    mine, best_other = totals[side], max(t for i, t in enumerate(totals) if i != side)
    return "win" if mine > best_other else "tie" if mine == best_other else "loss"


# --- where the games are kept ------------------------------------------------------------------------------
def test_the_default_place_is_the_state_directory_never_the_repository(tmp_path: Path) -> None:
    assert games_path(environ={"HOME": str(tmp_path)}) == tmp_path / ".local" / "state" / "expeditions" / "games.sqlite"
    assert games_path(environ={"HOME": str(tmp_path), "XDG_STATE_HOME": str(tmp_path / "state")}) == \
        tmp_path / "state" / "expeditions" / "games.sqlite"
    # a relative XDG_STATE_HOME is ignored (the XDG specification): it would put the file wherever the program runs
    assert games_path(environ={"HOME": str(tmp_path), "XDG_STATE_HOME": "state"}) == \
        tmp_path / ".local" / "state" / "expeditions" / "games.sqlite"
    default = games_path(environ={k: v for k, v in os.environ.items() if k != "EXPEDITIONS_GAMES"})
    assert default is not None and ROOT not in default.parents


def test_the_environment_names_another_file_or_turns_keeping_off(tmp_path: Path) -> None:
    named = tmp_path / "mine.sqlite"
    assert games_path(environ={"EXPEDITIONS_GAMES": str(named)}) == named
    assert games_path(tmp_path / "given.sqlite", environ={"EXPEDITIONS_GAMES": str(named)}) == tmp_path / "given.sqlite"
    for word in ("off", "OFF", " no ", "0", "false", "none"):
        assert games_path(environ={"EXPEDITIONS_GAMES": word}) is None
        assert games_path(tmp_path / "given.sqlite", environ={"EXPEDITIONS_GAMES": word}) is None  # the person's switch wins
    assert games_path(tmp_path / "given.sqlite", enabled=False, environ={}) is None
    with pytest.raises(ArgumentError, match="enabled takes True or False"):
        games_path(enabled="no")  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match="path names the games database"):
        games_path(42)  # type: ignore[arg-type]


def test_lesson_progress_lives_in_the_same_state_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from expeditions.lessons.progress import default_progress_file

    monkeypatch.delenv("EXPEDITIONS_PROGRESS", raising=False)
    monkeypatch.delenv(GAMES_ENV, raising=False)  # the test run's own store (conftest.py) set aside
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    assert default_progress_file() == tmp_path / "expeditions" / "lessons.json"
    assert games_path(environ=os.environ) == tmp_path / "expeditions" / "games.sqlite"


def test_the_store_imports_with_the_standard_library_alone(tmp_path: Path) -> None:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import random; import expeditions as ex; "
        "from expeditions.history import GameStore, win_rates; "
        "rng = random.Random(1); m = ex.new_match(ex.rules('expeditions', rounds=1), seed=1)\n"
        "while not m.is_over: m = m.play(rng.choice(m.current.legal_moves()))\n"
        "store = GameStore(sys.argv[2], environ={}); print(store.keep(m, level='Easy').saved, len(win_rates(store.games())))\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('numpy', 'scipy', 'ipywidgets', 'altair', 'IPython', 'pandas')]\n"
        "assert not bad, bad"
    )
    # -S: no site-packages, so nothing but the standard library can be imported.
    result = subprocess.run([sys.executable, "-S", "-c", code, str(ROOT), str(tmp_path / "g.sqlite")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["True", "1"]


def test_the_store_imports_nothing_above_the_core() -> None:
    above = ("bots", "analysis", "lessons", "session", "lesson_session", "table_view", "widgets")
    for source in (ROOT / "expeditions" / "history").glob("*.py"):
        for line in source.read_text(encoding="utf-8").splitlines():
            if line.startswith(("from ..", "import ")):
                module = line.split()[1].removeprefix("..").split(".")[0]
                assert module not in above, f"{source.name}: {line}"


# --- keeping a game ----------------------------------------------------------------------------------------
def test_a_kept_match_comes_back_with_its_record_result_and_details(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    match = a_match(3, rounds=3)
    outcome = store.keep(match, level="Hard", seat=1, hints=2, finished=START)
    assert outcome.saved and not outcome.duplicate and outcome.message == "Game saved to your games (1 in all)."
    (kept,) = GameStore(tmp_path / "games.sqlite", environ={}).games()  # a new store: as after a restart
    assert kept.key == outcome.key and kept.stored
    assert (kept.kind, kept.rules, kept.level, kept.seat, kept.hints) == ("match", "expeditions", "Hard", 1, 2)
    assert kept.scores == match.totals and kept.score == match.totals[1]
    assert kept.difference == match.totals[1] - match.totals[0]
    assert kept.result == expected_result(match.totals, 1)
    assert kept.finished == START and not kept.undo_used and not kept.practice and kept.rated and kept.review is None
    assert same_game(ex.loads(kept.record), match) and same_game(kept.game(), match)
    assert kept.record == match.to_json()


def test_a_single_round_and_the_other_rule_sets(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    rnd = a_round(5, "lost-cities")
    store.keep(rnd, level="Normal")
    four = a_match(6, "expeditions-4p")
    store.keep(four, level="Easy", seat=3)  # seat 3 plays for side 1 with seat 1
    solo = a_match(7, "expeditions-solo")
    store.keep(solo, level=None)
    by_rules = {g.rules: g for g in store.games()}
    assert set(by_rules) == {"lost-cities", "expeditions-4p (rounds=1)", "expeditions-solo (rounds=1)"}
    kept = by_rules["lost-cities"]
    assert kept.kind == "round" and kept.scores == rnd.scores() and kept.result == expected_result(rnd.scores(), 0)
    kept = by_rules["expeditions-4p (rounds=1)"]
    assert kept.score == four.totals[1] and kept.result == expected_result(four.totals, 1)
    kept = by_rules["expeditions-solo (rounds=1)"]
    assert kept.scores == solo.totals and kept.result is None and kept.difference is None and not kept.rated
    assert all(same_game(g.game(), {"lost-cities": rnd, "expeditions-4p (rounds=1)": four}.get(g.rules, solo))
               for g in store.games())


def test_a_game_with_undo_is_practice(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    store.keep(a_match(1), level="Easy", undo_used=True)
    store.keep(a_match(2), level="Easy", practice=True)  # practice for another reason (a what-if)
    store.keep(a_match(3), level="Easy")
    assert [(g.undo_used, g.practice, g.rated) for g in store.games()] == [(True, True, False), (False, True, False),
                                                                          (False, False, True)]
    with pytest.raises(ArgumentError, match="a game in which Undo was used is practice"):
        store.keep(a_match(4), level="Easy", undo_used=True, practice=False)
    assert len(store.games()) == 3


def test_the_same_game_is_kept_once(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    match = a_match(8)
    assert store.keep(match, level="Easy").saved
    again = store.keep(ex.loads(match.to_json()), level="Normal", hints=3)  # the same moves, other details
    assert again.saved and again.duplicate and again.key == store.games()[0].key
    assert again.message == "This game was already in your games (1 in all)."
    assert [g.level for g in store.games()] == ["Easy"]


@pytest.mark.parametrize(("options", "message"), [
    ({"seat": 2}, "seat 2 does not exist"),
    ({"hints": -1}, "hints must be at least 0"),
    ({"level": 5}, "level names the opponent's level"),
    ({"level": " "}, "level names the opponent's level"),
    ({"undo_used": "yes"}, "undo_used takes True or False"),
    ({"finished": "today"}, "finished takes a datetime"),
    ({"review": {"cost": 3, "costly_moves": 1}}, "needs its 95% interval"),
])
def test_wrong_details_are_refused_in_words(tmp_path: Path, options: dict, message: str) -> None:
    store = store_at(tmp_path / "games.sqlite")
    with pytest.raises(ArgumentError, match=message):
        store.keep(a_match(1), **({"level": "Easy"} | options))
    assert store.games() == () and store.pending == ()


def test_a_game_still_being_played_is_refused(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    with pytest.raises(ArgumentError, match="only finished games are kept: round 1 of the match is still being played"):
        store.keep(ex.new_match("expeditions", seed=1), level="Easy")
    first = finish(ex.new_match("expeditions", seed=1).current, random.Random(1))
    with pytest.raises(ArgumentError, match="round 1 of the match is over, but the match goes on"):
        store.keep(ex.match.match_of(first), level="Easy")
    with pytest.raises(ArgumentError, match="the round is still being played"):
        store.keep(ex.deal(seed=1), level="Easy")
    with pytest.raises(SeatError):
        store.keep(a_match(1), level="Easy", seat=-1)
    assert not (tmp_path / "games.sqlite").exists()


def test_a_review_is_added_to_a_kept_game(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    key = store.keep(a_match(1), level="Easy").key
    assert key is not None
    review = {"cost": 21.5, "low": 14.0, "high": 29.0, "samples": 32, "costly_moves": 3, "par": None,
              "mistake_kinds": ["late start", "wrong discard", "late start"]}
    assert store.add_review(key, review).saved
    (kept,) = GameStore(tmp_path / "games.sqlite", environ={}).games()
    assert kept.review == ReviewFigures(Estimate(21.5, 14.0, 29.0, 32), 3, None, (("late start", 2), ("wrong discard", 1)))
    store.add_review(key, ReviewFigures(Estimate(5.0, 1.0, 9.0, 32), 1, 12.0, (("pile card left", 1),)))  # a later review
    assert store.games()[0].review == ReviewFigures(Estimate(5.0, 1.0, 9.0, 32), 1, 12.0, (("pile card left", 1),))
    with pytest.raises(ArgumentError, match="no game kept has the key"):
        store.add_review("f" * 64, review)
    with pytest.raises(ArgumentError, match=r"field\(s\) that mean nothing: 'moves'"):
        store.add_review(key, review | {"moves": 3})
    with pytest.raises(ArgumentError, match="must lie within its interval"):
        store.add_review(key, review | {"low": 22.0})
    with pytest.raises(ArgumentError, match="a kind of mistake is a short name"):
        store.add_review(key, review | {"mistake_kinds": [""]})


# --- a database that cannot take the game: nothing lost, play goes on ---------------------------------------
def assert_kept_in_memory(store: GameStore, *games) -> None:
    """The games are waiting in memory and offered as a download whose records replay exactly."""
    assert [g.key for g in store.pending] == [ex.history.content_key(g) for g in games]
    download = store.as_download()
    assert download is not None and download.games == len(games) and download.filename.endswith(".json")
    assert download.message.endswith("not saved to your games: download them to keep them." if len(games) > 1 else
                                     "1 game not saved to your games: download it to keep it.")
    entries = json.loads(download.text)["games"]
    assert all(same_game(ex.loads(json.dumps(e)), g) for e, g in zip(entries, games, strict=True))


def test_a_missing_database_is_made_with_its_folders(tmp_path: Path) -> None:
    path = tmp_path / "new" / "deeper" / "games.sqlite"
    store = store_at(path)
    assert store.games() == () and not path.exists()  # reading makes nothing
    assert store.keep(a_match(1), level="Easy").saved and path.exists()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert conn.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert store.status.ok and store.pending == ()


def test_a_locked_database_keeps_the_game_in_memory_until_it_is_free(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    store = store_at(path, timeout=0.2)
    first, second, third = a_match(1), a_match(2), a_match(3)
    store.keep(first, level="Easy")
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")  # another program writing
    try:
        outcome = store.keep(second, level="Easy")
        assert not outcome.saved and store.status.state == "busy"
        assert outcome.message.startswith(f"The games database {path} is busy: another program is writing to it")
        assert "This game is kept in memory for now (download to be sure)" in outcome.message
        assert_kept_in_memory(store, second)
        assert [g.stored for g in store.games()] == [False]  # the database cannot be read either: the game in memory
        assert not store.add_review(outcome.key or "", {"cost": 2.0, "low": 1.0, "high": 3.0, "costly_moves": 1}).saved
        assert not store.retry().saved
    finally:
        other.execute("ROLLBACK")
        other.close()
    outcome = store.keep(third, level="Easy")
    assert outcome.saved and outcome.message == "Game saved to your games, with 1 game that had been waiting (3 in all)."
    assert store.pending == () and store.as_download() is None
    kept = store.games()
    assert [g.key for g in kept] == [ex.history.content_key(g) for g in (first, second, third)]
    assert kept[1].review is not None and kept[1].review.cost.value == 2.0  # the review waited too


def test_a_file_that_is_not_a_database_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    garbage = random.Random(0).randbytes(10_000)
    path.write_bytes(garbage)
    store = store_at(path)
    first, second = a_match(1), a_match(2)
    outcome = store.keep(first, level="Easy")
    assert not outcome.saved and store.status.state == "damaged"
    assert outcome.message.startswith(f"The games database {path} is damaged and cannot be read (file is not a database); "
                                      "nothing was written to it. Move that file away")
    assert "kept in memory only: download to keep it" in outcome.message
    assert not store.keep(second, level="Easy").saved and store.retry().message.startswith("The games database")
    assert path.read_bytes() == garbage
    assert_kept_in_memory(store, first, second)
    path.rename(tmp_path / "damaged.sqlite")  # the person moves it away: the next game makes a new database
    assert store.retry().saved and [g.stored for g in store.games()] == [True, True]


def test_a_damaged_database_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    store = store_at(path)
    for seed in range(20):
        store.keep(a_match(seed), level="Easy")
    sound = path.read_bytes()
    pages = len(sound) // 4096
    assert pages > 10
    late = a_match(99)
    for page in range(1, pages):  # whichever page is scribbled over, even one that adding a game would not read
        data = bytearray(sound)
        data[page * 4096: (page + 1) * 4096] = random.Random(page).randbytes(4096)
        path.write_bytes(bytes(data))
        store = store_at(path)
        outcome = store.keep(late, level="Easy")
        assert not outcome.saved and store.status.state == "damaged" and "is damaged and cannot be read" in outcome.message
        assert path.read_bytes() == bytes(data)
        assert_kept_in_memory(store, late)


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """The file and its folder made read-only (for root, whom permissions do not stop, also immutable)."""
    os.chmod(path, 0o444)
    os.chmod(path.parent, 0o555)
    immutable = os.geteuid() == 0
    try:
        if immutable and subprocess.run(["chattr", "+i", str(path), str(path.parent)], capture_output=True).returncode:
            pytest.skip("running as root where files cannot be made immutable: nothing here is read-only to this process")
        yield
    finally:
        if immutable:
            subprocess.run(["chattr", "-i", str(path), str(path.parent)], capture_output=True)
        os.chmod(path.parent, 0o755)
        os.chmod(path, 0o644)


def test_a_read_only_database_is_read_but_the_game_stays_in_memory(tmp_path: Path) -> None:
    path = tmp_path / "folder" / "games.sqlite"
    store_at(path).keep(a_match(1), level="Easy")
    before = path.read_bytes()
    with read_only(path):
        store = store_at(path)
        late = a_match(2)
        outcome = store.keep(late, level="Easy")
        assert not outcome.saved and store.status.state == "unwritable"
        assert outcome.message.startswith(f"Games cannot be saved in {path}: ")
        assert "read-only" in outcome.message and "EXPEDITIONS_GAMES" in outcome.message
        assert_kept_in_memory(store, late)
        assert [g.stored for g in store.games()] == [True, False]  # the kept game is still read; the new one waits
        assert path.read_bytes() == before
    assert store.retry().saved and len(store_at(path).games()) == 2


def test_a_place_where_no_folder_can_be_made(tmp_path: Path) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    path = tmp_path / "a-file" / "games.sqlite"
    store = store_at(path)
    game = a_match(1)
    outcome = store.keep(game, level="Easy")
    assert not outcome.saved and store.status.state == "unwritable"
    assert outcome.message.startswith(f"Games cannot be saved in {path}: its folder {path.parent} cannot be made")
    assert_kept_in_memory(store, game)


def test_a_database_from_a_newer_version_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    store_at(path).keep(a_match(1), level="Easy")
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 5}")
    before = path.read_bytes()
    store = store_at(path)
    late = a_match(2)
    outcome = store.keep(late, level="Easy")
    assert not outcome.saved and store.status.state == "newer"
    assert outcome.message.startswith(f"The games database {path} was written by a newer version of expeditions (its layout "
                                      f"{SCHEMA_VERSION + 5}; this version knows up to {SCHEMA_VERSION}): it is left untouched.")
    assert [g.stored for g in store.games()] == [False]
    assert store.export().message.startswith("Only the 1 game in memory exported: The games database")
    assert store.import_text(late.to_json()).saved is False
    assert path.read_bytes() == before
    assert_kept_in_memory(store, late)


def test_another_programs_database_is_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (text TEXT)")
    before = path.read_bytes()
    store = store_at(path)
    outcome = store.keep(a_match(1), level="Easy")
    assert not outcome.saved and store.status.state == "foreign" and "is not a games database" in outcome.message
    assert path.read_bytes() == before


def test_keeping_turned_off_keeps_the_game_in_memory_only(tmp_path: Path) -> None:
    for store in (GameStore(tmp_path / "games.sqlite", enabled=False, environ={}),
                  GameStore(tmp_path / "games.sqlite", environ={"EXPEDITIONS_GAMES": "off"})):
        game = a_match(1)
        outcome = store.keep(game, level="Easy")
        assert not store.enabled and not outcome.saved and store.status.state == "off"
        assert outcome.message == ("Keeping games is turned off (by EXPEDITIONS_GAMES=off or enabled=False). "
                                   "This game is kept in memory only: download to keep it.")
        assert_kept_in_memory(store, game)
        assert [g.stored for g in store.games()] == [False]
    assert not (tmp_path / "games.sqlite").exists()


def test_a_download_of_the_games_in_memory_imports_them(tmp_path: Path) -> None:
    store = GameStore(enabled=False, environ={})
    games = [a_match(seed) for seed in range(3)]
    for k, game in enumerate(games):
        store.keep(game, level="Normal", hints=k, finished=START + timedelta(minutes=k))
    download = store.as_download()
    assert download is not None
    saved = download.save(tmp_path)
    assert saved == tmp_path / download.filename
    fresh = store_at(tmp_path / "games.sqlite")
    report = fresh.import_file(saved)
    assert (report.added, report.duplicates, report.refused) == (3, 0, ())
    assert [(g.hints, g.finished) for g in fresh.games()] == [(k, START + timedelta(minutes=k)) for k in range(3)]


# --- layouts --------------------------------------------------------------------------------------------------
def test_a_later_layout_migrates_an_older_database_and_the_older_code_then_leaves_it_alone(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite"
    store_at(path).keep(a_match(1), level="Easy", finished=START)

    class Later(GameStore):
        migrations = (*MIGRATIONS, ("ALTER TABLE games ADD COLUMN opponent_name TEXT",))

    later = Later(path, environ={})
    assert [g.level for g in later.games()] == ["Easy"]  # read after the migration
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1
        assert "opponent_name" in [row[1] for row in conn.execute("PRAGMA table_info(games)")]
    assert later.keep(a_match(2), level="Hard").saved and len(later.games()) == 2
    older = store_at(path)
    assert older.keep(a_match(3), level="Easy").saved is False and older.status.state == "newer"


def test_a_migration_is_one_transaction() -> None:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.execute("BEGIN")
    assert migrate(conn) == SCHEMA_VERSION
    conn.execute("ROLLBACK")
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0


# --- export and import --------------------------------------------------------------------------------------
def a_collection(store: GameStore) -> list:
    games = [a_match(1, rounds=3), a_round(2), a_match(3, "expeditions-4p"), a_match(4, "expeditions-solo"),
             a_match(5, "expeditionen"), a_match(6, "lost-cities-duel-long")]
    for k, game in enumerate(games):
        store.keep(game, level=("Easy", "Normal", "Hard")[k % 3], seat=3 if k == 2 else k % 2 if k != 3 else 0,
                   undo_used=k == 4, hints=k, finished=START + timedelta(hours=k))
    store.add_review(store.games()[0].key, {"cost": 30.0, "low": 20.0, "high": 40.0, "costly_moves": 4, "par": 55.0,
                                            "mistake_kinds": {"started too late": 3, "discarded a useful card": 1}})
    return games


def test_export_then_import_into_a_fresh_store_replays_every_game_exactly(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    games = a_collection(store)
    download = store.export()
    assert download.games == len(games) and download.message == f"{len(games)} games exported."
    data = json.loads(download.text)
    assert (data["format"], data["version"], len(data["games"])) == ("expeditions-games", 1, len(games))
    for entry, game in zip(data["games"], games, strict=True):
        assert same_game(ex.loads(json.dumps(entry)), game)  # every entry is a record on its own
    fresh = store_at(tmp_path / "fresh.sqlite")
    report = fresh.import_file(download.save(tmp_path))
    assert (report.added, report.duplicates, report.bare, report.refused, report.saved) == (len(games), 0, 0, (), True)
    assert report.message == f"Imported {len(games)} games from {download.filename} ({len(games)} in all)."
    for kept, again, game in zip(store.games(), fresh.games(), games, strict=True):
        assert again == kept
        assert same_game(ex.loads(again.record), game)
    again = fresh.import_text(download.text, "the same file")
    assert (again.added, again.duplicates) == (0, len(games)) and len(fresh.games()) == len(games)
    assert again.message == f"Imported 0 games from the same file ({len(games)} in all); {len(games)} already kept."


def test_an_import_refuses_bad_records_in_words_and_keeps_the_good_ones(tmp_path: Path) -> None:
    source = store_at(tmp_path / "source.sqlite")
    games = [a_match(seed) for seed in range(4)]
    for game in games:
        source.keep(game, level="Easy")
    data = json.loads(source.export().text)
    moves = data["games"][1]["rounds"][0]["moves"]
    moves[4], moves[5] = moves[5], moves[4]  # two moves swapped: the record no longer replays
    data["games"][2]["played"]["hints"] = -2
    data["games"].append({"format": "expeditions-record"})
    data["games"].append(json.loads(ex.new_match("expeditions", seed=9).to_json()))  # a game not finished
    fresh = store_at(tmp_path / "games.sqlite")
    report = fresh.import_text(json.dumps(data), "mine.json")
    assert (report.added, report.duplicates) == (2, 0)
    assert [r.place for r in report.refused] == ["mine.json, game 2", "mine.json, game 3", "mine.json, game 5",
                                                 "mine.json, game 6"]
    reasons = [r.reason for r in report.refused]
    assert reasons[0].startswith("round 1, turn 5 (seat 0): ") and "does not replay" in reasons[0]
    assert reasons[1] == 'the record cannot be kept: its "played" field: hints must be at least 0, got -2'
    assert reasons[2].startswith("the record has format version None")
    assert reasons[3] == ("the record cannot be kept: only finished games are kept: round 1 of the match is still being "
                          "played")
    assert report.message.startswith("Imported 2 games from mine.json (2 in all); 4 records refused:\n  mine.json, game 2: ")
    assert [g.key for g in fresh.games()] == [ex.history.content_key(g) for g in (games[0], games[3])]


def test_an_import_reads_a_folder_of_records(tmp_path: Path) -> None:
    from expeditions.session import RECORD_KEY, Session

    assert RECORD_KEY == ex.history.SESSION_KEY
    folder = tmp_path / "records"
    folder.mkdir()
    session = Session(ex.rules("expeditions", rounds=1), level="Easy", seed=4)
    session.autoplay("Easy")
    assert session.match.is_over
    session.save(folder / "a-saved-game.json")  # what the play app's Save writes
    (folder / "b-bare.json").write_text(a_round(5).to_json())
    (folder / "c-list.json").write_text(json.dumps([json.loads(a_round(6).to_json()), {"format": "chess"}]))
    (folder / "d-broken.json").write_text("{not json")
    (folder / "notes.txt").write_text("not read")
    store = store_at(tmp_path / "games.sqlite")
    report = store.import_file(folder)
    assert (report.added, report.bare) == (3, 3)
    assert [str(r).split(":")[0] for r in report.refused] == ["records/c-list.json, record 2", "records/d-broken.json"]
    assert report.refused[1].reason.startswith("is not valid JSON")
    saved, bare, listed = store.games()
    assert (saved.level, saved.seat, saved.practice) == ("Easy", 0, True)  # whether Undo was used is not known
    assert same_game(saved.game(), session.match)
    assert json.loads(saved.record)["session"]["level"] == "Easy"  # the record's own notes stay with it
    assert (bare.level, bare.practice, bare.kind) == (None, True, "round") and listed.kind == "round"
    assert "3 without their play details (level, Undo, hints), counted as practice" in report.message


def test_an_import_of_nothing_usable_says_so(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    report = store.import_text('{"format": "expeditions-games", "version": 7, "games": []}', "new.json")
    assert report.message == ("Nothing imported from new.json: no record it could keep: 1 record refused.\n"
                              "  new.json: is an export of version 7; this version of expeditions reads version 1")
    assert store.import_file(tmp_path / "missing.json").refused[0].reason.startswith("cannot be read: No such file")
    assert not (tmp_path / "games.sqlite").exists()


# --- the figures -------------------------------------------------------------------------------------------------
def game(k: int, result: str | None, *, level: str | None = "Easy", practice: bool = False, difference: int | None = None,
         review: ReviewFigures | None = None) -> StoredGame:
    """A kept game made by hand (the figures read only its details, not its record)."""
    diff = difference if difference is not None else {"win": 10, "tie": 0, "loss": -10, None: None}[result]
    return StoredGame(key=f"{k:064x}", record="{}", kind="match", rules="expeditions", level=level, seat=0, scores=(0, 0),
                      score=0, difference=diff, result=result, finished=START + timedelta(minutes=k), undo_used=practice,
                      hints=0, practice=practice, review=review)  # type: ignore[arg-type]


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = successes / n
    centre, spread = p + z * z / (2 * n), z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (centre - spread) / (1 + z * z / n), (centre + spread) / (1 + z * z / n)


def test_win_rates_by_level_count_ties_half_and_keep_practice_apart() -> None:
    results = ["win"] * 8 + ["loss"] * 2  # Normal: 8 of 10, whose Wilson interval is the textbook [0.490, 0.943]
    games = [game(k, r, level="Normal") for k, r in enumerate(results)]
    games += [game(20 + k, r, level="Easy") for k, r in enumerate(["win", "tie", "tie", "loss"])]
    games += [game(30 + k, "loss", level="Hard") for k in range(10)]  # 0 of 10: [0, 0.278]
    games += [game(40 + k, "win", level="Easy", practice=True) for k in range(3)]
    games += [game(50, None, level=None)]  # the solitaire: no result
    rates = win_rates(reversed(games), order=["Easy", "Normal", "Hard"])
    assert [(r.level, r.practice, r.games, r.wins, r.ties, r.losses) for r in rates] == [
        ("Easy", False, 4, 1, 2, 1), ("Normal", False, 10, 8, 0, 2), ("Hard", False, 10, 0, 0, 10), ("Easy", True, 3, 3, 0, 0)]
    easy, normal, hard, practice = rates
    assert easy.rate.value == 0.5 and (easy.rate.low, easy.rate.high) == pytest.approx(wilson(2, 4))
    assert normal.rate.value == 0.8 and (normal.rate.low, normal.rate.high) == pytest.approx((0.4902, 0.9433), abs=1e-4)
    assert hard.rate.value == 0.0 and hard.rate.low == 0.0 and hard.rate.high == pytest.approx(0.2775, abs=1e-4)
    assert practice.rate.value == 1.0
    unordered = win_rates(games)  # without an order: as first played
    assert [r.level for r in unordered] == ["Normal", "Easy", "Hard", "Easy"]
    assert win_rates([game(1, "win", level=None)])[0].level == "not recorded"


def test_score_differences_and_review_costs_over_time() -> None:
    review = ReviewFigures(Estimate(12.0, 8.0, 16.0, 32), 2, None, (("started too late", 2),))
    games = [game(3, "win", difference=15, review=review), game(1, "loss", difference=-7), game(2, None),
             game(4, "tie", practice=True, review=replace(review, cost=Estimate(4.0, 1.0, 7.0, 32), costly_moves=1))]
    points = score_differences(games)
    assert [(p.number, p.value, p.practice) for p in points] == [(1, -7, False), (2, 15, False), (3, 0, True)]
    costs = review_costs(games)
    assert [(c.number, c.cost.value, c.costly_moves, c.finished) for c in costs] == [
        (1, 12.0, 2, START + timedelta(minutes=3)), (2, 4.0, 1, START + timedelta(minutes=4))]


def test_the_kinds_of_mistakes_most_often_made() -> None:
    def reviewed(k: int, kinds: list[str]) -> StoredGame:
        return game(k, "loss", review=ReviewFigures.of({"cost": 9.0, "low": 5.0, "high": 13.0, "costly_moves": len(kinds),
                                                        "mistake_kinds": kinds}))

    games = [reviewed(1, ["late start", "late start", "pile card left"]), reviewed(2, ["late start"]),
             reviewed(3, ["wrong discard", "pile card left"]), game(4, "win")]
    assert [(m.kind, m.times, m.games) for m in mistake_kinds(games)] == [
        ("late start", 3, 2), ("pile card left", 2, 2), ("wrong discard", 1, 1)]
    assert mistake_kinds([game(1, "win")]) == ()


def test_rows_build_a_data_frame() -> None:
    pandas = pytest.importorskip("pandas")  # a notebook dependency; the store itself never imports it
    review = ReviewFigures(Estimate(12.0, 8.0, 16.0, 32), 2)
    games = [game(1, "win", review=review), game(2, "loss")]
    frame = pandas.DataFrame(rows(win_rates(games)))
    assert list(frame.columns) == ["level", "practice", "games", "wins", "ties", "losses", "rate", "rate_low", "rate_high"]
    assert frame["rate"].tolist() == [0.5]
    costs = pandas.DataFrame(rows(review_costs(games)))
    assert costs[["cost", "cost_low", "cost_high"]].values.tolist() == [[12.0, 8.0, 16.0]]
    table = pandas.DataFrame(rows(games))
    assert table["share"].tolist() == [1.0, 0.0] and "record" not in table.columns
    with pytest.raises(ArgumentError, match="rows takes the figures or games"):
        rows([1])


def test_a_kept_game_reopened_move_by_move(tmp_path: Path) -> None:
    store = store_at(tmp_path / "games.sqlite")
    match = a_match(11, rounds=3)
    store.keep(match, level="Easy")
    (kept,) = store.games()
    steps = list(positions(kept))
    assert len(steps) == sum(len(r.moves) + 1 for r in match.rounds)
    for before, step in pairwise(steps):
        if step.turn == 0:  # a new round starts from its deal
            assert step.round_number == before.round_number + 1 and step.move is None and step.position.moves == ()
            assert before.position.is_over
        else:
            assert step.round_number == before.round_number and step.turn == before.turn + 1
            assert step.seat == before.position.to_move
            assert step.position.moves == before.position.moves + (step.move,)
            assert step.position.hands == before.position.play(step.move).hands
    ends = [s.position for s in steps if s.position.is_over]
    assert [e.scores() for e in ends] == [r.scores() for r in match.rounds]
    assert [s.position.moves for s in positions(match.to_json())] == [s.position.moves for s in steps]
    with pytest.raises(ArgumentError, match="positions takes a kept game"):
        next(positions(3))  # type: ignore[arg-type]


def test_an_import_is_read_within_bounds(tmp_path):
    from expeditions.history.store import IMPORT_LIMIT

    store = store_at(tmp_path / "games.sqlite")
    for text, said in (("[" * 100_000, "nests lists and objects more than 20 deep"),
                       ("[" + "9" * 5_000 + "]", "a number of 5,000 digits"),
                       (" " * (IMPORT_LIMIT + 1), f"at most {IMPORT_LIMIT:,} are read")):
        report = store.import_text(text, "the upload")
        assert report.added == 0 and len(report.refused) == 1 and said in report.refused[0].reason
    assert not store.games()
