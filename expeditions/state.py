"""Where the package keeps what it remembers for a person (lesson progress, finished games): the
user's state directory, never the repository.

That is ``$XDG_STATE_HOME/expeditions`` when ``XDG_STATE_HOME`` names an absolute folder (the XDG
base directory specification ignores a relative one), else ``~/.local/state/expeditions``, ``HOME``
read from the same environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path


def state_directory(environ: Mapping[str, str] | None = None) -> Path:
    """The folder for the package's state files (``environ`` defaults to ``os.environ``); it may not exist yet."""
    env = os.environ if environ is None else environ
    state = env.get("XDG_STATE_HOME", "")
    if state and Path(state).is_absolute():
        return Path(state) / "expeditions"
    home = Path(env["HOME"]) if env.get("HOME") else Path.home()
    return home / ".local" / "state" / "expeditions"


__all__ = ["state_directory"]
