"""The whole test run keeps finished games in a temporary database, never in the state directory of the person who
runs the tests: every session a test makes without a store of its own (``GameStore()``) finds ``EXPEDITIONS_GAMES``
naming a file in a folder that is removed at the end. Tests that look at kept games give their session a store of
their own (``game_store=GameStore(tmp_path / ...)``)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from expeditions.history import GAMES_ENV

_FOLDER = Path(tempfile.mkdtemp(prefix="expeditions-test-games-"))
_BEFORE = os.environ.get(GAMES_ENV)
os.environ[GAMES_ENV] = str(_FOLDER / "games.sqlite")


def pytest_unconfigure() -> None:
    if _BEFORE is None:
        os.environ.pop(GAMES_ENV, None)
    else:
        os.environ[GAMES_ENV] = _BEFORE
    shutil.rmtree(_FOLDER, ignore_errors=True)
