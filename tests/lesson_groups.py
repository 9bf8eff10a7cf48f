"""The shipped lessons grouped by the kind of their task, for the lesson tests."""

from __future__ import annotations

from expeditions import lessons
from expeditions.lessons import ChoiceTask, Lesson, MoveTask, NumberTask, RoundTask

PATH = lessons.path()
APPENDIX = lessons.appendix()
ALL = [*PATH, *APPENDIX]
MOVE_LESSONS = [lesson for lesson in ALL if isinstance(lesson.task, MoveTask)]
NUMBER_LESSONS = [lesson for lesson in ALL if isinstance(lesson.task, NumberTask)]
CHOICE_LESSONS = [lesson for lesson in ALL if isinstance(lesson.task, ChoiceTask)]
ROUND_LESSONS = [lesson for lesson in ALL if isinstance(lesson.task, RoundTask)]


def ids(group: list[Lesson]) -> list[str]:
    return [lesson.id for lesson in group]
