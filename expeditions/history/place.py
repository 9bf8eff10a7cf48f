"""Where finished games are kept: a path, or nowhere (the store turned off).

In order: ``enabled=False`` turns the store off; so does ``EXPEDITIONS_GAMES=off`` (also ``no``,
``none``, ``false``, ``0``), even where a program names a file, since the person's own switch wins;
then a ``path`` given by the program; then ``EXPEDITIONS_GAMES`` naming a file; else
``games.sqlite`` in the state directory (``$XDG_STATE_HOME/expeditions`` or
``~/.local/state/expeditions``), never the repository.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..arguments import flag, shown
from ..errors import ArgumentError
from ..state import state_directory

GAMES_ENV = "EXPEDITIONS_GAMES"
"""The environment variable that names the games database, or turns keeping games off."""
OFF_WORDS = frozenset({"off", "no", "none", "false", "0"})
"""Values of ``EXPEDITIONS_GAMES`` (any case) that turn keeping games off."""
FILE_NAME = "games.sqlite"


def turned_off(environ: Mapping[str, str] | None = None) -> bool:
    """Whether ``EXPEDITIONS_GAMES`` turns keeping games off."""
    env = os.environ if environ is None else environ
    return env.get(GAMES_ENV, "").strip().lower() in OFF_WORDS


def games_path(path: str | Path | None = None, *, enabled: bool = True, environ: Mapping[str, str] | None = None) -> Path | None:
    """The games database's file, or ``None`` when keeping games is turned off (see the module's docstring for the
    order); ``environ`` defaults to ``os.environ``. A relative path is taken from the current folder."""
    flag(enabled, "enabled")
    if path is not None and not isinstance(path, str | os.PathLike):
        raise ArgumentError(f"path names the games database's file, as text or a Path, got {shown(path)}")
    env = os.environ if environ is None else environ
    if not enabled or turned_off(env):
        return None
    named = Path(path) if path is not None else Path(env[GAMES_ENV].strip()) if env.get(GAMES_ENV, "").strip() else None
    if named is None:
        return state_directory(env) / FILE_NAME
    return Path(os.path.abspath(named.expanduser()))


__all__ = ["FILE_NAME", "GAMES_ENV", "OFF_WORDS", "games_path", "turned_off"]
