"""Your games: every finished game kept in a local SQLite database, read back as figures, exported and imported.

The store sits just above the core (it imports the core and the standard library only: no numpy, no widgets),
below the session that keeps each game a person finishes:

- ``GameStore``: the database (by default ``~/.local/state/expeditions/games.sqlite``, or under
  ``$XDG_STATE_HOME``; ``EXPEDITIONS_GAMES`` names another file, ``EXPEDITIONS_GAMES=off`` or
  ``GameStore(enabled=False)`` turns keeping games off). A database that is locked, damaged, another
  program's, from a newer version or unwritable never loses a game and never raises: the store says so
  in words and holds the game in memory, to download (``as_download()``);
- ``StoredGame``: a kept game (record, rule set, level, seat, scores, result, date, Undo, hints, practice,
  review); ``ReviewFigures``: what a review found (cost with its interval, costly moves, par, kinds of
  mistakes);
- the figures: ``win_rates``, ``score_differences``, ``review_costs``, ``mistake_kinds``, and ``rows`` for a
  DataFrame; ``positions``: a game reopened move by move.
"""

from __future__ import annotations

from .figures import (
    UNKNOWN_LEVEL,
    CostPoint,
    GamePoint,
    MistakeCount,
    WinRate,
    mistake_kinds,
    review_costs,
    rows,
    score_differences,
    win_rates,
)
from .games import PLAYED_KEY, SESSION_KEY, ReviewFigures, StoredGame, content_key
from .place import GAMES_ENV, games_path
from .replay import Step, positions
from .schema import SCHEMA_VERSION
from .store import EXPORT_FORMAT, Download, GameStore, ImportReport, Outcome, Refusal, StoreStatus

__all__ = [
    "EXPORT_FORMAT",
    "GAMES_ENV",
    "PLAYED_KEY",
    "SCHEMA_VERSION",
    "SESSION_KEY",
    "UNKNOWN_LEVEL",
    "CostPoint",
    "Download",
    "GamePoint",
    "GameStore",
    "ImportReport",
    "MistakeCount",
    "Outcome",
    "Refusal",
    "ReviewFigures",
    "Step",
    "StoreStatus",
    "StoredGame",
    "WinRate",
    "content_key",
    "games_path",
    "mistake_kinds",
    "positions",
    "review_costs",
    "rows",
    "score_differences",
    "win_rates",
]
