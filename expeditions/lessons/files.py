"""Where the lesson files are, and the judgements computed ahead that the edition in the browser reads there.

The shipped lessons are TOML files in the package (``lesson_dir()``). The site's build adds ``judgements.json``
beside them (``lessons.ahead``): the judgements of the lessons whose judge needs numpy, each under the
fingerprint of what it was computed from.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any

STORE = "judgements.json"
"""The file of judgements computed ahead, in the lessons' folder (``lesson_dir()``)."""


def lesson_dir() -> Path:
    """The shipped lesson files: inside the installed package, or ``lessons/`` beside it in a checkout."""
    packaged = resources.files("expeditions.lessons") / "data"
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parent.parent.parent / "lessons"


def fingerprint(what: dict[str, Any]) -> str:
    """A judgement's key: a short hash of what it is computed from (a lesson's id, rule set, position, seat, judge
    and the judge's arguments, as plain JSON values)."""
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode("utf-8")).hexdigest()[:32]


def stored_entry(key: str) -> dict[str, Any] | None:
    """The judgement computed ahead under ``key`` (its answer, facts, reveal and figures), or None."""
    path = lesson_dir() / STORE
    stored = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    found = stored.get(key)
    return found if isinstance(found, dict) else None
