"""The games database's layout and its migrations.

The database says which layout it holds in ``PRAGMA user_version`` (0 for a new, empty file) and
that it is a games database in ``PRAGMA application_id``. ``MIGRATIONS[k]`` takes a database from
version ``k`` to ``k + 1``; a later version of this package appends a migration (``ALTER TABLE games
ADD COLUMN ...``, a new table) and never changes one that has shipped, so every older database is
brought up to date step by step. A database whose version is above ``SCHEMA_VERSION`` was written by
a newer version of the package: it is neither migrated nor written to.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Literal

Migration = tuple[str, ...]
"""The SQL statements of one step from a version to the next."""

MIGRATIONS: tuple[Migration, ...] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            key TEXT NOT NULL UNIQUE,
            record TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('round', 'match')),
            rules TEXT NOT NULL,
            level TEXT,
            seat INTEGER NOT NULL,
            scores TEXT NOT NULL,
            score INTEGER NOT NULL,
            difference INTEGER,
            result TEXT CHECK (result IN ('win', 'loss', 'tie')),
            finished TEXT NOT NULL,
            undo_used INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            practice INTEGER NOT NULL,
            review_cost REAL,
            review_low REAL,
            review_high REAL,
            review_samples INTEGER,
            costly_moves INTEGER,
            par REAL,
            mistake_kinds TEXT
        )""",
        "CREATE INDEX games_by_finish ON games (finished, id)",
    ),
)
SCHEMA_VERSION = len(MIGRATIONS)
"""The newest layout this version of the package reads and writes."""
APPLICATION_ID = 0x45585047
"""``PRAGMA application_id`` of a games database (the bytes of ``EXPG``)."""


class Unusable(Exception):
    """A database this package must leave alone: another program's (``foreign``) or a newer layout (``newer``)."""

    def __init__(self, state: Literal["foreign", "newer"], version: int) -> None:
        super().__init__(state)
        self.state: Literal["foreign", "newer"] = state
        self.version = version


def _pragma(conn: sqlite3.Connection, name: str) -> int:
    value = conn.execute(f"PRAGMA {name}").fetchone()[0]
    return int(value)


def check(conn: sqlite3.Connection, known: int = SCHEMA_VERSION) -> int:
    """The layout version of the database behind ``conn`` (0 for a new, empty one); raises ``Unusable`` for another
    program's database or a version above ``known``."""
    version = _pragma(conn, "user_version")
    if _pragma(conn, "application_id") != APPLICATION_ID:
        empty = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
        if not (empty and version == 0):
            raise Unusable("foreign", version)
    if version > known:
        raise Unusable("newer", version)
    return version


def migrate(conn: sqlite3.Connection, migrations: Sequence[Migration] = MIGRATIONS) -> int:
    """Bring the database up to ``len(migrations)``, inside the caller's transaction; returns the version."""
    version = check(conn, len(migrations))
    for statements in migrations[version:]:
        for statement in statements:
            conn.execute(statement)
    if version < len(migrations):
        conn.execute(f"PRAGMA user_version = {len(migrations)}")
        conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    return len(migrations)


__all__ = ["APPLICATION_ID", "MIGRATIONS", "SCHEMA_VERSION", "Migration", "Unusable", "check", "migrate"]
