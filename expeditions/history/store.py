"""The store of finished games: a local SQLite database, and what is kept in memory when it cannot be written.

``GameStore()`` opens nothing until a game is kept: ``keep(game, level=..., ...)`` adds a finished game,
``add_review(key, figures)`` its review's figures once a review ran, ``games()`` reads them back (oldest
first), ``export()`` gives every game as one file to download, ``import_file`` and ``import_text`` read
records back. Each operation opens the database, does its work in one transaction and closes it again,
so several programs may share one file.

A game is never lost silently and play never stops: when the database is missing it is created; when it
is locked by another program, the store waits ``timeout`` seconds and then gives up; when it is damaged,
another program's, from a newer version of the package, or cannot be written, nothing is written to it.
In every such case no exception reaches the caller: the operation returns a message in plain words
(``Outcome.message``, also ``status``), the game stays in memory (``pending``) and is offered as a download
(``as_download()``), and each later ``keep`` (or ``retry()``) tries again to save what is waiting. Before the
first write, the whole file is checked (``PRAGMA quick_check``), so that nothing is added to a damaged one.

Export file (``"format": "expeditions-games"``, ``"version": 1``)::

    {"format": "expeditions-games", "version": 1, "exported": "2026-11-30T14:05:00+00:00",
     "games": [{...a game record..., "played": {"level": "Normal", "seat": 0, "finished": "...", "undo": false,
                                               "hints": 2, "practice": false, "review": {...} or null}}, ...]}

Each entry of ``"games"`` is a whole game record (``ex.loads`` replays it on its own: the loader ignores the
``"played"`` field). An import takes such a file, a single record (a saved game), a list of records, or a
folder of ``.json`` files holding any of these.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

from ..arguments import real_number, shown
from ..errors import ArgumentError, ExpeditionsError
from ..json_input import read_json
from ..match import Match
from ..round import Round
from .games import PLAYED_KEY, ReviewFigures, StoredGame, finished_game, imported_game, utc_moment
from .place import GAMES_ENV, games_path
from .schema import MIGRATIONS, Migration, Unusable, check, migrate

T = TypeVar("T")
State = Literal["ready", "off", "busy", "damaged", "foreign", "newer", "unwritable"]
EXPORT_FORMAT = "expeditions-games"
EXPORT_VERSION = 1
DEFAULT_TIMEOUT = 2.0
"""Seconds a write waits for another program's lock before it gives up."""

_COLUMNS = ("key", "record", "kind", "rules", "level", "seat", "scores", "score", "difference", "result", "finished",
            "undo_used", "hints", "practice", "review_cost", "review_low", "review_high", "review_samples", "costly_moves",
            "par", "mistake_kinds")
_REVIEW_COLUMNS = _COLUMNS[14:]
_TRANSIENT: tuple[State, ...] = ("busy", "unwritable")
"""Problems that may be gone by the next game; the others need the person to act (move the file, update)."""


@dataclass(frozen=True)
class StoreStatus:
    """How the store stands after its last operation: ``state`` is ``"ready"`` when the database took it, ``"off"``
    when keeping games is turned off, else the problem (``busy``, ``damaged``, ``foreign``, ``newer``,
    ``unwritable``); ``message`` says it in plain words."""

    state: State
    message: str
    path: Path | None

    @property
    def ok(self) -> bool:
        return self.state == "ready"


@dataclass(frozen=True)
class Outcome:
    """What became of a game kept (or of a review added): ``saved`` when it is in the database now, ``duplicate``
    when the database already held it; ``message`` is for the person (what happened, and what to do when it was
    not saved)."""

    key: str | None
    saved: bool
    message: str
    duplicate: bool = False


@dataclass(frozen=True)
class Download:
    """Games as one export file to offer for download: its ``filename``, its ``text`` (JSON), how many ``games`` it
    holds, and a ``message`` that says what it holds in words (only the games in memory, when the database could not
    be read)."""

    filename: str
    text: str
    games: int
    message: str

    def save(self, where: str | Path) -> Path:
        """Write the file into the folder ``where`` (under ``filename``), or to the file ``where`` names."""
        target = Path(where)
        if target.is_dir():
            target = target / self.filename
        target.write_text(self.text, encoding="utf-8")
        return target


@dataclass(frozen=True)
class Refusal:
    """A record an import refused: where it was (``place``) and why (``reason``)."""

    place: str
    reason: str

    def __str__(self) -> str:
        return f"{self.place}: {self.reason}"


@dataclass(frozen=True)
class ImportReport:
    """What an import did: games ``added``, games it held that were already kept (``duplicates``), records without
    their play details (``bare``, kept as practice), and the records it ``refused``; ``message`` says it in words."""

    added: int
    duplicates: int
    bare: int
    refused: tuple[Refusal, ...]
    message: str
    saved: bool


class _Empty(Exception):
    """A read found a new, empty database: nothing is kept in it yet."""


class _Problem(Exception):
    def __init__(self, status: StoreStatus) -> None:
        super().__init__(status.message)
        self.status = status


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class GameStore:
    """Finished games kept in a SQLite database (see the module's docstring). ``path``, ``enabled`` and ``environ``
    choose the file or turn keeping off (``expeditions.history.place``); ``timeout`` is how long a write waits for
    another program's lock."""

    migrations: tuple[Migration, ...] = MIGRATIONS
    """The layout steps this store knows (a later version appends to them)."""

    def __init__(self, path: str | Path | None = None, *, enabled: bool = True, timeout: float = DEFAULT_TIMEOUT,
                 environ: Mapping[str, str] | None = None) -> None:
        self.path = games_path(path, enabled=enabled, environ=environ)
        self.timeout = real_number(timeout, "timeout", least=0)
        self._pending: dict[str, StoredGame] = {}
        self._reviews: dict[str, ReviewFigures] = {}
        self._checked = False
        self.status = self._off() if self.path is None else StoreStatus("ready", f"Your games are kept in {self.path}.", self.path)

    def __repr__(self) -> str:
        where = "off" if self.path is None else str(self.path)
        return f"<GameStore {where}: {self.status.state}, {len(self._pending)} waiting>"

    @property
    def enabled(self) -> bool:
        return self.path is not None

    @property
    def pending(self) -> tuple[StoredGame, ...]:
        """The games kept in memory only, oldest first: the database could not take them (or keeping is off)."""
        return tuple(self._pending.values())

    # --- keeping games -----------------------------------------------------------------------------------
    def keep(self, game: Round | Match, *, level: str | None, seat: int = 0, undo_used: bool = False, hints: int = 0,
             practice: bool | None = None, finished: datetime | None = None,
             review: ReviewFigures | Mapping[str, Any] | None = None) -> Outcome:
        """Keep a finished game (see ``games.finished_game`` for the arguments); saves any games waiting too. A wrong
        argument raises an ``ArgumentError``; a database that cannot take the game does not: see ``Outcome``."""
        entry = finished_game(game, level=level, seat=seat, undo_used=undo_used, hints=hints, practice=practice,
                              finished=finished, review=review)
        if entry.key in self._pending:
            return Outcome(entry.key, False, "This game is already waiting to be saved. " + self._kept_here(), duplicate=True)
        waiting = len(self._pending)
        self._pending[entry.key] = replace(entry, stored=False)
        try:
            added, total, _ = self._flush()
        except _Problem as problem:
            return Outcome(entry.key, False, f"{problem.status.message} {self._kept_here()}")
        if entry.key not in added:
            return Outcome(entry.key, True, f"This game was already in your games ({total} in all).", duplicate=True)
        others = len(added) - 1
        also = f", with {_plural(others, 'game')} that had been waiting" if others and waiting else ""
        return Outcome(entry.key, True, f"Game saved to your games{also} ({total} in all).")

    def add_review(self, key: str, review: ReviewFigures | Mapping[str, Any]) -> Outcome:
        """Add a review's figures to the game with ``key`` (``StoredGame.key``, ``Outcome.key``), replacing any
        earlier review; the figures are given as ``ReviewFigures`` or as the plain mapping it reads."""
        figures = ReviewFigures.of(review)
        if not isinstance(key, str):
            raise ArgumentError(f"key is a game's key (text), got {shown(key)}")
        if key in self._pending:
            self._pending[key] = replace(self._pending[key], review=figures)
        else:
            self._reviews[key] = figures
        try:
            _, _, unknown = self._flush()
        except _Problem as problem:
            return Outcome(key, False, f"{problem.status.message} The review's figures are kept in memory and saved once the "
                           "database can take them.")
        if key in unknown:
            raise ArgumentError(f"no game kept has the key {shown(key)}: give the key of a game kept (Outcome.key, StoredGame.key)")
        return Outcome(key, True, "The review's figures are saved with the game.")

    def retry(self) -> Outcome:
        """Try again to save the games and reviews waiting in memory."""
        if not self._pending and not self._reviews:
            return Outcome(None, True, "Nothing is waiting to be saved.")
        count = len(self._pending)
        try:
            _, total, _ = self._flush()
        except _Problem as problem:
            return Outcome(None, False, f"{problem.status.message} {self._kept_here(this=False)}")
        return Outcome(None, True, f"Saved {_plural(count, 'game')} that had been waiting ({total} in all).")

    def as_download(self) -> Download | None:
        """The games waiting in memory as one export file to download, or ``None`` when none is waiting."""
        if not self._pending:
            return None
        n = len(self._pending)
        return self._download(self.pending, "expeditions-games-not-saved",
                              f"{_plural(n, 'game')} not saved to your games: download {'it' if n == 1 else 'them'} to keep "
                              f"{'it' if n == 1 else 'them'}.")

    # --- reading games -----------------------------------------------------------------------------------
    def games(self, *, practice: bool | None = None, rules: str | None = None, level: str | None = None) -> tuple[StoredGame, ...]:
        """Every game kept, oldest first: those in the database and those waiting in memory (``stored`` False). When
        the database cannot be read, only the games in memory; ``status`` says why. ``practice``, ``rules`` (a
        ``Rules.label``) and ``level`` keep only the games that match."""
        try:
            stored = self._read(_select_all)
        except _Problem:
            stored = []
        every = [g for g in stored if g.key not in self._pending] + list(self._pending.values())
        every = [replace(g, review=self._reviews[g.key]) if g.key in self._reviews else g for g in every]
        chosen = [g for g in every if (practice is None or g.practice == practice) and (rules is None or g.rules == rules)
                  and (level is None or g.level == level)]
        return tuple(sorted(chosen, key=lambda g: (g.finished, not g.stored)))

    def export(self) -> Download:
        """Every game kept (``games()``) as one export file to download or ``save`` (see the module's docstring); when
        the database cannot be read, the games in memory only, and the download's message says so."""
        games = self.games()
        message = f"{_plural(len(games), 'game')} exported."
        if self.status.state not in ("ready", "off"):
            message = f"Only the {_plural(len(games), 'game')} in memory exported: {self.status.message}"
        return self._download(games, "expeditions-games", message)

    # --- importing records -------------------------------------------------------------------------------
    def import_file(self, path: str | Path) -> ImportReport:
        """Import the records of a file (an export, a record, a list of records) or of every ``.json`` file in a folder."""
        source = Path(path)
        if source.is_dir():
            files = sorted(p for p in source.iterdir() if p.suffix.lower() == ".json" and p.is_file())
            items: list[tuple[str, Any]] = []
            for file in files:
                items += _read_file(file, f"{source.name}/{file.name}")
            return self._import(items, source.name)
        return self._import(_read_file(source, source.name), source.name)

    def import_text(self, text: str | bytes, name: str = "the upload") -> ImportReport:
        """Import the records of a file's content (an export, a record, a list of records); ``name`` names it in words."""
        return self._import(_parsed(text, name), name)

    def _import(self, items: list[tuple[str, Any]], name: str) -> ImportReport:
        now = utc_moment(None)
        entries: dict[str, StoredGame] = {}
        refused: list[Refusal] = []
        twice = bare = 0
        for place, data in items:
            if isinstance(data, Refusal):
                refused.append(data)
                continue
            try:
                entry = imported_game(data, finished=now)
            except ExpeditionsError as e:
                refused.append(Refusal(place, str(e)))
                continue
            if entry.key in entries:
                twice += 1
                continue
            entries[entry.key] = entry
            bare += isinstance(data, dict) and PLAYED_KEY not in data
        refusals = "".join(f"\n  {r}" for r in refused)
        if not entries:
            found = "no game record" if not refused else f"no record it could keep: {_plural(len(refused), 'record')} refused"
            return ImportReport(0, twice, 0, tuple(refused), f"Nothing imported from {name}: {found}.{refusals}", False)
        try:
            added, total = self._write(lambda conn: _insert(conn, entries.values()))
        except _Problem as problem:
            return ImportReport(0, 0, 0, tuple(refused), f"Nothing imported from {name}: {problem.status.message}{refusals}", False)
        duplicates = twice + len(entries) - len(added)
        parts = [f"Imported {_plural(len(added), 'game')} from {name} ({total} in all)"]
        if bare:
            parts.append(f"{bare} without their play details (level, Undo, hints), counted as practice")
        if duplicates:
            parts.append(f"{duplicates} already kept")
        if refused:
            parts.append(f"{_plural(len(refused), 'record')} refused:")
        return ImportReport(len(added), duplicates, bare, tuple(refused), "; ".join(parts) + ("" if refused else ".") + refusals,
                            True)

    # --- the database ------------------------------------------------------------------------------------
    def _off(self) -> StoreStatus:
        return StoreStatus("off", f"Keeping games is turned off (by {GAMES_ENV}=off or enabled=False).", None)

    def _kept_here(self, *, this: bool = True) -> str:
        n = len(self._pending)
        if this:
            what = "This game is" if n == 1 else f"This game and {_plural(n - 1, 'other')} are"
        else:
            what = "It is" if n == 1 else f"The {n} games are"
        if self.status.state in _TRANSIENT:
            return f"{what} kept in memory for now (download to be sure) and saved with the next game if the database can take it then."
        return f"{what} kept in memory only: download to keep {'it' if n == 1 else 'them'}."

    def _download(self, games: Iterable[StoredGame], stem: str, message: str) -> Download:
        chosen = list(games)
        now = utc_moment(None)
        text = json.dumps({"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported": now.isoformat(),
                           "games": [g.exported() for g in chosen]}, ensure_ascii=False, indent=1, allow_nan=False)
        return Download(f"{stem}-{now:%Y%m%d-%H%M%S}.json", text, len(chosen), message)

    def _flush(self) -> tuple[set[str], int, set[str]]:
        """Write the games and reviews waiting in memory: the keys of the games added, the games in all, and the keys
        of reviews that no game kept has (left out)."""

        def work(conn: sqlite3.Connection) -> tuple[set[str], int, set[str]]:
            added, total = _insert(conn, self._pending.values())
            unknown = set()
            for key, figures in self._reviews.items():
                cursor = conn.execute(f"UPDATE games SET {', '.join(c + ' = ?' for c in _REVIEW_COLUMNS)} WHERE key = ?",
                                      (*_review_values(figures), key))
                if not cursor.rowcount:
                    unknown.add(key)
            return added, total, unknown

        result = self._write(work)
        self._pending.clear()
        self._reviews.clear()
        return result

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        with self._connection(write=True) as conn:
            assert conn is not None
            return self._transaction(conn, work, write=True)

    def _read(self, work: Callable[[sqlite3.Connection | None], T]) -> T:
        """``work`` on a read-only connection, or on ``None`` when there is no database yet."""
        with self._connection(write=False) as conn:
            if conn is None:
                return work(None)
            try:
                return self._transaction(conn, work, write=False)
            except _Empty:
                return work(None)

    def _connection(self, *, write: bool) -> _Connection:
        if self.path is None:
            self.status = self._off()
            raise _Problem(self.status)
        path = self.path
        try:
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
            elif not path.exists():
                return _Connection(None)
            uri = path.as_uri() + ("" if write else "?mode=ro")
            return _Connection(sqlite3.connect(uri, uri=True, timeout=self.timeout, isolation_level=None))
        except (OSError, sqlite3.Error) as e:
            raise self._problem(e) from None

    def _transaction(self, conn: sqlite3.Connection, work: Callable[[sqlite3.Connection], T], *, write: bool) -> T:
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                if write:
                    migrate(conn, self.migrations)
                else:
                    version = check(conn, len(self.migrations))
                    if version == 0:
                        raise _Empty
                    if version < len(self.migrations):
                        conn.execute("ROLLBACK")
                        self._write(lambda _: None)
                        conn.execute("BEGIN")
                if not self._checked:
                    damage = [row[0] for row in conn.execute("PRAGMA quick_check").fetchall()]
                    if damage != ["ok"]:
                        raise sqlite3.DatabaseError("; ".join(str(damage[0]).splitlines()))
                    self._checked = True
                result = work(conn)
                conn.execute("COMMIT")
            except BaseException:
                if conn.in_transaction:
                    with suppress(sqlite3.Error):  # the first error is the one to tell
                        conn.execute("ROLLBACK")
                raise
        except (Unusable, sqlite3.Error) as e:
            raise self._problem(e) from None
        self.status = StoreStatus("ready", f"Your games are kept in {self.path}.", self.path)
        return result

    def _problem(self, error: Exception) -> _Problem:
        self.status = problem_status(error, self.path, self.timeout, len(self.migrations))
        return _Problem(self.status)


def problem_status(error: Exception, path: Path | None, timeout: float, known: int) -> StoreStatus:
    """What ``error`` means for the store at ``path``, in words."""
    state: State
    if isinstance(error, Unusable):
        state = error.state
        if state == "foreign":
            message = (f"{path} is not a games database (another program's file, or one it does not recognise): it is "
                       f"left untouched. Name another file with {GAMES_ENV}.")
        else:
            message = (f"The games database {path} was written by a newer version of expeditions (its layout {error.version}; "
                       f"this version knows up to {known}): it is left untouched. Update expeditions to "
                       "save games there.")
    elif isinstance(error, OSError):
        state = "unwritable"
        folder = path.parent if path is not None else None
        message = (f"Games cannot be saved in {path}: its folder {folder} cannot be made ({error.strerror or error}). "
                   f"Name another file with {GAMES_ENV}.")
    else:
        assert isinstance(error, sqlite3.Error)
        name = (getattr(error, "sqlite_errorname", None) or "").removeprefix("SQLITE_").split("_")[0]
        if name in ("BUSY", "LOCKED"):
            state = "busy"
            message = (f"The games database {path} is busy: another program is writing to it (still after "
                       f"{timeout:g} s).")
        elif isinstance(error, sqlite3.OperationalError) and name in ("READONLY", "CANTOPEN", "IOERR", "FULL", "PERM", "AUTH"):
            state = "unwritable"
            message = (f"Games cannot be saved in {path}: {error}. The file or its folder may be read-only, or the disk "
                       f"full; name another file with {GAMES_ENV}.")
        else:
            state = "damaged"
            message = (f"The games database {path} is damaged and cannot be read ({error}); nothing was written to it. "
                       "Move that file away to save games again (a new one is made in its place).")
    return StoreStatus(state, message, path)


class _Connection:
    """A connection (or none: no database yet) closed on leaving the ``with`` block."""

    def __init__(self, conn: sqlite3.Connection | None) -> None:
        self.conn = conn

    def __enter__(self) -> sqlite3.Connection | None:
        return self.conn

    def __exit__(self, *_: object) -> None:
        if self.conn is not None:
            self.conn.close()


# --- rows --------------------------------------------------------------------------------------------------
def _review_values(review: ReviewFigures | None) -> tuple[Any, ...]:
    if review is None:
        return (None,) * len(_REVIEW_COLUMNS)
    return (review.cost.value, review.cost.low, review.cost.high, review.cost.samples, review.costly_moves, review.par,
            json.dumps(dict(review.mistake_kinds), ensure_ascii=False))


def _values(g: StoredGame) -> tuple[Any, ...]:
    return (g.key, g.record, g.kind, g.rules, g.level, g.seat, json.dumps(list(g.scores)), g.score, g.difference, g.result,
            g.finished.isoformat(), int(g.undo_used), g.hints, int(g.practice), *_review_values(g.review))


def _insert(conn: sqlite3.Connection, games: Iterable[StoredGame]) -> tuple[set[str], int]:
    added: set[str] = set()
    for g in games:
        cursor = conn.execute(f"INSERT OR IGNORE INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                              _values(g))
        if cursor.rowcount:
            added.add(g.key)
    return added, int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


def _game_of(row: sqlite3.Row | tuple[Any, ...]) -> StoredGame:
    v = dict(zip(_COLUMNS, row, strict=True))
    review = None
    if v["review_cost"] is not None:
        review = ReviewFigures.of({"cost": v["review_cost"], "low": v["review_low"], "high": v["review_high"],
                                   "samples": v["review_samples"], "costly_moves": v["costly_moves"], "par": v["par"],
                                   "mistake_kinds": json.loads(v["mistake_kinds"] or "{}")})
    return StoredGame(key=v["key"], record=v["record"], kind=v["kind"], rules=v["rules"], level=v["level"], seat=v["seat"],
                      scores=tuple(json.loads(v["scores"])), score=v["score"], difference=v["difference"], result=v["result"],
                      finished=datetime.fromisoformat(v["finished"]), undo_used=bool(v["undo_used"]), hints=v["hints"],
                      practice=bool(v["practice"]), review=review)


def _select_all(conn: sqlite3.Connection | None) -> list[StoredGame]:
    if conn is None:
        return []
    return [_game_of(row) for row in conn.execute(f"SELECT {', '.join(_COLUMNS)} FROM games ORDER BY finished, id")]


# --- import files ------------------------------------------------------------------------------------------
def _read_file(path: Path, name: str) -> list[tuple[str, Any]]:
    try:
        text = path.read_bytes()
    except OSError as e:
        return [(name, Refusal(name, f"cannot be read: {e.strerror or e}"))]
    return _parsed(text, name)


IMPORT_LIMIT = 2**24
"""The longest file of games imported: 16 MiB (a game's record takes about 10 KB, so some 1,600 games)."""


def _parsed(text: str | bytes, name: str) -> list[tuple[str, Any]]:
    """The records a file's content holds, each with its place in words (or a ``Refusal`` for the whole file)."""
    if not isinstance(text, str | bytes | bytearray):
        raise ArgumentError(f"an import takes a file's content as text or bytes, got {shown(text)}")
    try:
        data = read_json(text, name, most=IMPORT_LIMIT, error=ExpeditionsError)
    except ExpeditionsError as e:
        return [(name, Refusal(name, str(e).removeprefix(name).strip()))]
    if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
        if data.get("version") != EXPORT_VERSION:
            return [(name, Refusal(name, f"is an export of version {shown(data.get('version'))}; this version of expeditions "
                                         f"reads version {EXPORT_VERSION}"))]
        games = data.get("games")
        if not isinstance(games, list):
            return [(name, Refusal(name, 'is an export without its list of "games"'))]
        return [(f"{name}, game {k}", item) for k, item in enumerate(games, start=1)]
    if isinstance(data, list):
        return [(f"{name}, record {k}", item) for k, item in enumerate(data, start=1)]
    return [(name, data)]


__all__ = ["DEFAULT_TIMEOUT", "EXPORT_FORMAT", "EXPORT_VERSION", "IMPORT_LIMIT", "Download", "GameStore", "ImportReport",
           "Outcome", "Refusal", "State", "StoreStatus"]
