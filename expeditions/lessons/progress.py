"""Where a learner has got to: the lesson they are on and the lessons they have done.

``Progress`` is a value (each step returns a new one) that turns into a small JSON dict and back,
so it can be kept anywhere: in a file outside the repository (``ProgressFile``: by default
``$XDG_STATE_HOME/expeditions/lessons.json``, else ``~/.local/state/expeditions/lessons.json``;
the environment variable ``EXPEDITIONS_PROGRESS`` names another file), in memory
(``MemoryStore``), or in the browser (a widget keeps ``to_dict()`` in the page's local storage and
hands it back to ``Progress.from_dict``). Lessons are remembered by id, so a saved progress
survives lessons being added, reordered or removed: unknown ids are left out.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ..errors import LessonError
from ..state import state_directory

PROGRESS_ENV = "EXPEDITIONS_PROGRESS"
"""The environment variable that names the progress file instead of the default one."""

FORMAT = 1
"""The version of the progress file's format."""


@dataclass(frozen=True)
class Progress:
    """The lessons of a track (their ids, in order), the ``current`` one and those ``done``."""

    lessons: tuple[str, ...]
    current: str
    done: frozenset[str] = field(default_factory=frozenset)

    def __post_init__(self) -> None:
        if not self.lessons or len(set(self.lessons)) != len(self.lessons):
            raise LessonError(f"progress needs a list of different lesson ids, got {list(self.lessons)}")
        if self.current not in self.lessons:
            raise LessonError(f"{self.current!r} is not a lesson here; the lessons are {', '.join(self.lessons)}")
        strangers = sorted(self.done - set(self.lessons))
        if strangers:
            raise LessonError(f"{', '.join(strangers)} are not lessons here; the lessons are {', '.join(self.lessons)}")

    @classmethod
    def start(cls, lessons: Iterable[str]) -> Progress:
        """At the first lesson, none done."""
        ids = tuple(lessons)
        if not ids:
            raise LessonError("progress needs at least one lesson")
        return cls(ids, ids[0])

    # --- where the learner is -------------------------------------------------------------------
    @property
    def index(self) -> int:
        """The current lesson's place, from 0."""
        return self.lessons.index(self.current)

    @property
    def number(self) -> int:
        """The current lesson's place, from 1 (as a learner counts)."""
        return self.index + 1

    @property
    def count(self) -> int:
        return len(self.lessons)

    @property
    def text(self) -> str:
        """``Lesson 3 of 12``."""
        return f"Lesson {self.number} of {self.count}"

    @property
    def is_first(self) -> bool:
        return self.index == 0

    @property
    def is_last(self) -> bool:
        return self.index == self.count - 1

    def is_done(self, lesson: str | None = None) -> bool:
        """Whether ``lesson`` (default: the current one) is done."""
        return (lesson or self.current) in self.done

    @property
    def finished(self) -> bool:
        """Every lesson is done."""
        return len(self.done) == self.count

    # --- moving -----------------------------------------------------------------------------------
    def go(self, lesson: str) -> Progress:
        """At ``lesson`` (one of ``lessons``: checked as any progress is)."""
        return replace(self, current=lesson)

    def next(self) -> Progress:
        """At the next lesson (done or not: moving on without doing a lesson is a skip)."""
        if self.is_last:
            raise LessonError(f"{self.current!r} is the last lesson: there is no next one")
        return self.go(self.lessons[self.index + 1])

    def skip(self) -> Progress:
        """At the next lesson, leaving this one as it is (todo if it was not done)."""
        return self.next()

    def back(self) -> Progress:
        """At the lesson before."""
        if self.is_first:
            raise LessonError(f"{self.current!r} is the first lesson: there is none before it")
        return self.go(self.lessons[self.index - 1])

    def complete(self, lesson: str | None = None) -> Progress:
        """With ``lesson`` (default: the current one) done."""
        name = lesson or self.current
        if name not in self.lessons:
            raise LessonError(f"{name!r} is not a lesson here; the lessons are {', '.join(self.lessons)}")
        return replace(self, done=self.done | {name})

    def reset(self) -> Progress:
        """Back at the first lesson, none done."""
        return Progress.start(self.lessons)

    # --- keeping it -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """``{"current": id, "done": [ids]}``: JSON, what a file or the browser keeps."""
        return {"current": self.current, "done": [i for i in self.lessons if i in self.done]}

    @classmethod
    def from_dict(cls, data: Any, lessons: Iterable[str]) -> Progress:
        """Progress kept by ``to_dict`` for these lessons. Ids that are no longer lessons are left
        out; a current lesson that is gone becomes the first lesson not done."""
        ids = tuple(lessons)
        if not isinstance(data, Mapping) or not isinstance(data.get("current", ""), str) or \
                not isinstance(data.get("done", []), list):
            raise LessonError(f"{data!r} is not kept progress: expected {{'current': a lesson id, 'done': [lesson ids]}}")
        done = frozenset(i for i in data.get("done", []) if i in ids)
        current = data.get("current", "")
        if current not in ids:
            current = next((i for i in ids if i not in done), ids[0])
        return cls(ids, current, done)


class ProgressStore(Protocol):
    """Where progress is kept, one entry per track: a file, memory, the browser's local storage."""

    def load(self, track: str) -> dict[str, Any] | None:
        """What was kept for ``track`` (``None`` if nothing was)."""
        ...

    def save(self, track: str, data: dict[str, Any]) -> None:
        """Keep ``data`` for ``track``."""
        ...


class MemoryStore:
    """Progress kept in memory only (tests; a front end that keeps it elsewhere itself)."""

    def __init__(self, data: Mapping[str, dict[str, Any]] | None = None) -> None:
        self.data: dict[str, dict[str, Any]] = {k: dict(v) for k, v in (data or {}).items()}

    def load(self, track: str) -> dict[str, Any] | None:
        kept = self.data.get(track)
        return dict(kept) if kept is not None else None

    def save(self, track: str, data: dict[str, Any]) -> None:
        self.data[track] = json.loads(json.dumps(data))


def default_progress_file() -> Path:
    """``$EXPEDITIONS_PROGRESS`` if set; else ``$XDG_STATE_HOME/expeditions/lessons.json``; else
    ``~/.local/state/expeditions/lessons.json``: never inside the repository."""
    named = os.environ.get(PROGRESS_ENV)
    if named:
        return Path(named).expanduser()
    return state_directory() / "lessons.json"


class ProgressFile:
    """Progress kept in a small JSON file, one entry per track (``default_progress_file()`` unless
    ``path`` is given). A file that cannot be read is never overwritten: it raises a ``LessonError``."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_progress_file()

    def _read(self) -> dict[str, Any]:
        if not self.path.exists():
            return {"format": FORMAT, "tracks": {}}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise LessonError(f"{self.path} is not a lessons progress file ({e}); delete it, or name another file "
                              f"with the environment variable {PROGRESS_ENV}") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("tracks"), dict):
            raise LessonError(f"{self.path} is not a lessons progress file of format {FORMAT}; delete it, or name another file "
                              f"with the environment variable {PROGRESS_ENV}")
        return data

    def load(self, track: str) -> dict[str, Any] | None:
        kept = self._read()["tracks"].get(track)
        return kept if isinstance(kept, dict) else None

    def save(self, track: str, data: dict[str, Any]) -> None:
        everything = self._read()
        everything["tracks"][track] = data
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".lessons-", suffix=".json")
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            json.dump(everything, f, indent=1)
        os.replace(temporary, self.path)

    def __repr__(self) -> str:
        return f"<ProgressFile {self.path}>"
