"""Where a learner has got to: the lesson they are on and the lessons they have done.

``Progress`` is a value (each step returns a new one) that turns into a small JSON dict and back,
so it can be kept anywhere: in a file outside the repository (``ProgressFile``: by default
``$XDG_STATE_HOME/expeditions/lessons.json``, else ``~/.local/state/expeditions/lessons.json``;
the environment variable ``EXPEDITIONS_PROGRESS`` names another file), in memory
(``MemoryStore``), or in the browser (a widget keeps ``to_dict()`` in the page's local storage and
hands it back to ``Progress.from_dict``). Lessons are remembered by id, so a saved progress
survives lessons being added, reordered or removed: unknown ids are left out.

What is kept comes from outside (a file anyone may edit, a browser's message), so it is read within
limits: a track's entry is ``{"current": id, "done": [ids]}`` with ids of at most ``ID_LIMIT`` characters
and at most ``DONE_LIMIT`` of them, at most ``TRACKS_LIMIT`` tracks, a file of at most
``PROGRESS_FILE_LIMIT`` bytes. A store never stops the lessons: an entry it cannot read is set aside and
its track starts afresh, and a file that cannot be written leaves the progress in memory; either way the
store's ``notice`` says so, and the tutorial shows it.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

from ..arguments import shown, unwritable
from ..errors import LessonError
from ..json_input import read_json
from ..state import state_directory

PROGRESS_ENV = "EXPEDITIONS_PROGRESS"
"""The environment variable that names the progress file instead of the default one."""

FORMAT = 1
"""The version of the progress file's format."""
ID_LIMIT = 100
"""The longest lesson id or track name kept, in characters."""
DONE_LIMIT = 500
"""The most lesson ids a track's entry lists as done."""
TRACKS_LIMIT = 16
"""The most tracks a store keeps (the lessons have two)."""
PROGRESS_FILE_LIMIT = 2**20
"""The longest progress file read, in bytes."""
EXPECTED = "{'current': a lesson id, 'done': [lesson ids]} (and for the puzzles 'rating', 'streak', 'tried')"
RATING_LIMIT = 4_000
"""The highest puzzle rating kept."""
STREAK_LIMIT = 10**6
"""The longest streak kept."""
RATED = ("rating", "streak", "tried")
"""What the puzzles' entry keeps beside ``current`` and ``done``: the learner's rating, streak and puzzles tried."""
RATING_START = 1_000
"""A learner's puzzle rating before any puzzle."""


def entry_problem(data: Any) -> str:
    """What keeps ``data`` from being a track's kept progress, in words (``""`` if nothing does): an object whose
    ``current`` is a lesson id and whose ``done`` is a list of lesson ids (texts of at most ``ID_LIMIT`` characters,
    at most ``DONE_LIMIT`` of them); either may be left out."""
    if not isinstance(data, Mapping):
        return "it is not an object"
    current, done = data.get("current", ""), data.get("done", [])
    if not _is_id(current, empty=True):
        return f"its current lesson {shown(current)} is not a lesson id, a text of at most {ID_LIMIT} characters"
    if not isinstance(done, list) or len(done) > DONE_LIMIT or not all(_is_id(i) for i in done):
        return f"its lessons done {shown(done)} are not a list of at most {DONE_LIMIT} lesson ids"
    for name, most in (("rating", RATING_LIMIT), ("streak", STREAK_LIMIT)):
        value = data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
            return f"its {name} {shown(value)} is not a whole number from 0 to {most:,}"
    tried = data.get("tried", [])
    if not isinstance(tried, list) or len(tried) > DONE_LIMIT or not all(_is_id(i) for i in tried):
        return f"its puzzles tried {shown(tried)} are not a list of at most {DONE_LIMIT} puzzle ids"
    return ""


def _is_id(value: Any, *, empty: bool = False) -> bool:
    """Whether ``value`` can be a lesson id or a track name: a text of at most ``ID_LIMIT`` characters that can be
    written out (no lone surrogate, which neither a file in UTF-8 nor a message to the page can carry)."""
    return isinstance(value, str) and len(value) <= ID_LIMIT and bool(value or empty) and not unwritable(value)


def kept_entry(track: Any, data: Any, tracks: Collection[str]) -> dict[str, Any]:
    """The entry a store keeps for ``track`` from ``data`` (its ``current`` and ``done``, nothing else), beside the
    ``tracks`` it keeps already; a track name, an entry or a number of tracks out of bounds raises ``LessonError``."""
    if not _is_id(track):
        raise LessonError(f"{shown(track)} is not a track to keep progress for: a name of at most {ID_LIMIT} characters")
    problem = entry_problem(data)
    if problem:
        raise LessonError(f"{shown(data)} is not kept progress ({problem}): expected {EXPECTED}")
    if track not in tracks and len(tracks) >= TRACKS_LIMIT:
        raise LessonError(f"progress is kept for at most {TRACKS_LIMIT} tracks; {shown(track)} would be one more")
    entry = {"current": data.get("current", ""), "done": list(data.get("done", []))}
    return {**entry, **{k: data[k] for k in RATED if k in data}}




@dataclass(frozen=True)
class Progress:
    """The lessons of a track (their ids, in order), the ``current`` one and those ``done``; for the puzzles also the
    learner's ``rating`` (``None`` for a track of lessons), ``streak`` and the puzzles ``tried`` (in order)."""

    lessons: tuple[str, ...]
    current: str
    done: frozenset[str] = field(default_factory=frozenset)
    rating: int | None = None
    streak: int = 0
    tried: tuple[str, ...] = ()

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
    def rating_now(self) -> int:
        """The puzzle rating, ``RATING_START`` before any is kept."""
        return RATING_START if self.rating is None else self.rating

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
        """Back at the first lesson, none done (a rating back at its start)."""
        fresh = Progress.start(self.lessons)
        return fresh if self.rating is None else replace(fresh, rating=RATING_START)

    # --- keeping it -------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """``{"current": id, "done": [ids]}`` (with ``rating``, ``streak`` and ``tried`` for the puzzles): JSON, what
        a file or the browser keeps."""
        kept: dict[str, Any] = {"current": self.current, "done": [i for i in self.lessons if i in self.done]}
        if self.rating is not None:
            kept.update(rating=self.rating, streak=self.streak, tried=list(self.tried))
        return kept

    @classmethod
    def from_dict(cls, data: Any, lessons: Iterable[str]) -> Progress:
        """Progress kept by ``to_dict`` for these lessons. Ids that are no longer lessons are left
        out; a current lesson that is gone becomes the first lesson not done."""
        ids = tuple(lessons)
        problem = entry_problem(data)
        if problem:
            raise LessonError(f"{shown(data)} is not kept progress ({problem}): expected {EXPECTED}")
        done = frozenset(i for i in data.get("done", []) if i in ids)
        current = data.get("current", "")
        if current not in ids:
            current = next((i for i in ids if i not in done), ids[0])
        if "rating" not in data:
            return cls(ids, current, done)
        tried = tuple(dict.fromkeys(i for i in data.get("tried", []) if i in ids))
        return cls(ids, current, done, data["rating"], data.get("streak", 0), tried)


class ProgressStore(Protocol):
    """Where progress is kept, one entry per track: a file, memory, the browser's local storage."""

    @property
    def notice(self) -> str:
        """What the learner should know about where progress is kept (``""`` while all is well): an entry that
        could not be read and was set aside, a file that cannot be written."""
        ...

    def load(self, track: str) -> dict[str, Any] | None:
        """What was kept for ``track`` (``None`` if nothing was, or nothing readable)."""
        ...

    def save(self, track: str, data: dict[str, Any]) -> None:
        """Keep ``data`` for ``track`` (``LessonError`` if it is not a track's progress; see ``kept_entry``)."""
        ...


class MemoryStore:
    """Progress kept in memory only (tests; a front end that keeps it elsewhere itself)."""

    notice = ""

    def __init__(self, data: Mapping[str, dict[str, Any]] | None = None) -> None:
        self.data: dict[str, dict[str, Any]] = {}
        for track, entry in (data or {}).items():
            self.save(track, entry)

    def load(self, track: str) -> dict[str, Any] | None:
        kept = self.data.get(track)
        return kept_entry(track, kept, ()) if kept is not None else None

    def save(self, track: str, data: dict[str, Any]) -> None:
        self.data[track] = kept_entry(track, data, self.data)


def default_progress_file() -> Path:
    """``$EXPEDITIONS_PROGRESS`` if set; else ``$XDG_STATE_HOME/expeditions/lessons.json``; else
    ``~/.local/state/expeditions/lessons.json``: never inside the repository."""
    named = os.environ.get(PROGRESS_ENV)
    if named:
        return Path(named).expanduser()
    return state_directory() / "lessons.json"


SET_ASIDE = "set_aside"
"""The field of a progress file that keeps the entries that could not be read (``{"track": ..., "entry": ...}``)."""


class ProgressFile:
    """Progress kept in a small JSON file, one entry per track (``default_progress_file()`` unless ``path`` is
    given).

    A file that cannot be read is never overwritten: loading from it raises a ``LessonError`` naming it, and
    saving keeps the progress in memory instead. A track's entry that cannot be read is left out (its track
    starts afresh) and set aside in the file (under ``"set_aside"``) at the next save. A file that cannot be
    written keeps every track's progress in memory from then on. Each of these sets ``notice``.
    """

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path).expanduser() if path is not None else default_progress_file()
        self.notice = ""
        self._memory: dict[str, dict[str, Any]] | None = None  # every track's progress, once the file fails

    def _unreadable(self, why: str) -> LessonError:
        return LessonError(f"{self.path} is not a lessons progress file ({why}); delete it, or name another file "
                           f"with the environment variable {PROGRESS_ENV}")

    def _read(self) -> dict[str, Any]:
        try:
            if not self.path.exists():
                return {"format": FORMAT, "tracks": {}}
            with self.path.open("rb") as f:
                raw = f.read(PROGRESS_FILE_LIMIT + 1)
        except OSError as e:
            raise self._unreadable(_reason(e)) from None
        if len(raw) > PROGRESS_FILE_LIMIT:
            raise self._unreadable(f"it is longer than {PROGRESS_FILE_LIMIT:,} bytes")
        try:
            data = read_json(raw, "its text", most=PROGRESS_FILE_LIMIT, error=LessonError)
        except LessonError as e:
            raise self._unreadable(str(e)) from None
        if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("tracks"), dict):
            raise LessonError(f"{self.path} is not a lessons progress file of format {FORMAT}; delete it, or name another file "
                              f"with the environment variable {PROGRESS_ENV}")
        return data

    def load(self, track: str) -> dict[str, Any] | None:
        if self._memory is not None:
            kept = self._memory.get(track)
            return dict(kept) if kept is not None else None
        kept = self._read()["tracks"].get(track)
        if kept is None:
            return None
        problem = entry_problem(kept)
        if problem:
            self.notice = (f"The progress kept for the lessons of {shown(track)} in {self.path} cannot be read ({problem}): "
                           f"those lessons start afresh, and the old entry is set aside in the file under {SET_ASIDE!r}.")
            return None
        return kept_entry(track, kept, ())

    def save(self, track: str, data: dict[str, Any]) -> None:
        entry = kept_entry(track, data, ())  # bad data is refused before anything is read or written
        if self._memory is None:
            try:
                everything = self._read()
            except LessonError as e:
                self._keep_in_memory({}, f"{e}. Until then, progress is kept in memory while this session lasts.")
            else:
                self._save_in(everything, track, entry)
                return
        assert self._memory is not None
        self._memory[track] = kept_entry(track, entry, self._memory)

    def _save_in(self, everything: dict[str, Any], track: str, entry: dict[str, Any]) -> None:
        """Write ``entry`` for ``track`` into the file's contents ``everything``, setting aside an entry it replaces
        that could not be read; a file that cannot be written leaves every readable track in memory."""
        tracks: dict[str, Any] = everything["tracks"]
        kept_entry(track, entry, tracks)  # within the number of tracks
        old = tracks.get(track)
        if old is not None and entry_problem(old):
            aside = everything.get(SET_ASIDE)
            aside = aside if isinstance(aside, list) else [] if aside is None else [aside]
            everything[SET_ASIDE] = [*aside, {"track": track, "entry": old}][-TRACKS_LIMIT:]
        tracks[track] = entry
        try:
            self._write(everything)
        except OSError as e:
            readable = {k: kept_entry(k, v, ()) for k, v in tracks.items() if _is_id(k) and not entry_problem(v)}
            self._keep_in_memory(readable, f"Progress cannot be saved in {self.path} ({_reason(e)}): it is kept in memory "
                                           f"while this session lasts. Name a file that can be written with the environment "
                                           f"variable {PROGRESS_ENV}.")

    def _keep_in_memory(self, tracks: dict[str, dict[str, Any]], notice: str) -> None:
        self._memory = tracks
        self.notice = notice

    def _write(self, everything: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.path.parent, prefix=".lessons-", suffix=".json")
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as f:
                json.dump(everything, f, indent=1)
            os.replace(temporary, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
            raise

    def __repr__(self) -> str:
        return f"<ProgressFile {self.path}>"


def _reason(error: OSError) -> str:
    """An operating system's refusal in words, without the path (the message names the file itself)."""
    return error.strerror or type(error).__name__
