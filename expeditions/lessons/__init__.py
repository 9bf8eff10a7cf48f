"""The tutorial's lessons: the game taught step by step, every answer judged by the engine.

Lessons are data, one TOML file each, shipped with the package like the rule sets (``lessons/``
in a checkout). Two tracks: ``path()``, the main path that takes a newcomer from the goal of the
game to a first round against the Easy bot in about ten minutes, and ``appendix()``, one short
lesson or a few for each of the other rule sets. A third, ``"puzzles"`` (``PUZZLES``), holds the shipped puzzles
(``puzzles()``: real positions with one clearly best move, ``lessons.puzzles``), with a rating that picks the next.

>>> from expeditions import lessons
>>> first = lessons.path()[0]
>>> first.check("play 4C, draw deck").kind
'right'

A ``Lesson`` holds its position, its task and its feedback; ``lesson.check(answer)`` returns a
``Feedback``. ``Tutorial`` takes a learner through a track, keeps their ``Progress`` (in a small
file outside the repository unless told otherwise) and gives a ``LessonView`` for a front end.
"""

from __future__ import annotations

from ..errors import LessonError
from ..words import move_words
from .contents import ANSWERS, Contents
from .files import lesson_dir
from .judges import JUDGES, Judgement
from .loading import PUZZLES, TRACKS, puzzle_lessons, read_lesson, read_track, track
from .model import (
    MISTAKES,
    Case,
    ChoiceTask,
    Feedback,
    Lesson,
    Mistake,
    MoveMatch,
    MoveTask,
    NumberTask,
    Option,
    PuzzleTask,
    RoundTask,
    Says,
    Task,
)
from .progress import PROGRESS_ENV, MemoryStore, Progress, ProgressFile, ProgressStore, default_progress_file
from .puzzles import DIFFICULTIES, THEMES, Puzzle, puzzles
from .tutorial import TESTIDS, Buttons, LessonView, ProgressView, PuzzleTutorial, Tutorial, tutorial_for


def path() -> tuple[Lesson, ...]:
    """The main path, first lesson first."""
    return track("path")


def appendix() -> tuple[Lesson, ...]:
    """The lessons for the other rule sets, in the order of the rule set table."""
    return track("appendix")


def contents(track_name: str = "path") -> Contents:
    """The lessons of a track in order, with what each asks of the learner: a table in a notebook."""
    return Contents(track_name, track(track_name))


def lesson(lesson_id: str) -> Lesson:
    """One lesson of any track, by its id."""
    for name in TRACKS:
        for found in track(name):
            if found.id == lesson_id:
                return found
    known = [f.id for name in TRACKS for f in track(name)]
    raise LessonError(f"there is no lesson {lesson_id!r}; the lessons are: {', '.join(known)}")


__all__ = [
    "ANSWERS",
    "DIFFICULTIES",
    "JUDGES",
    "MISTAKES",
    "PROGRESS_ENV",
    "PUZZLES",
    "TESTIDS",
    "THEMES",
    "TRACKS",
    "Buttons",
    "Case",
    "ChoiceTask",
    "Contents",
    "Feedback",
    "Judgement",
    "Lesson",
    "LessonError",
    "LessonView",
    "MemoryStore",
    "Mistake",
    "MoveMatch",
    "MoveTask",
    "NumberTask",
    "Option",
    "Progress",
    "ProgressFile",
    "ProgressStore",
    "ProgressView",
    "Puzzle",
    "PuzzleTask",
    "PuzzleTutorial",
    "RoundTask",
    "Says",
    "Task",
    "Tutorial",
    "appendix",
    "contents",
    "default_progress_file",
    "lesson",
    "lesson_dir",
    "move_words",
    "path",
    "puzzle_lessons",
    "puzzles",
    "read_lesson",
    "read_track",
    "track",
    "tutorial_for",
]
