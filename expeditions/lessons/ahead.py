"""Judgements computed ahead of time, for the edition in the browser, which has no numpy.

The ``start-value`` judge answers "is it worth starting?" with the expected values (``analysis``, numpy). The
build of the static edition (``tools/build_site.py``) computes, with the installed edition, the judgement of
every lesson such a judge answers, and ships them in the lessons' folder of the site's wheel
(``files.STORE``), each under the fingerprint of what it was computed from (``judges.judgement_key``: the
lesson's rules, position, seat and judge). Where numpy is missing the judge reads its judgement from there; a
lesson without one (or changed since) is refused in words.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from .files import STORE
from .judges import judge, judgement_key
from .model import ChoiceTask, Lesson

COMPUTED_AHEAD = frozenset({"start-value"})
"""The judges that need the installed edition (the expected values), so whose judgements are computed ahead."""


def computed_ahead(lesson: Lesson) -> bool:
    """Whether ``lesson``'s judgement needs the installed edition, so is computed ahead for the browser's."""
    return isinstance(lesson.task, ChoiceTask) and lesson.task.judge in COMPUTED_AHEAD


def write_judgements(lessons: Iterable[Lesson], folder: Path) -> Path:
    """Compute the judgement of every lesson of ``lessons`` whose judge needs the installed edition, and write them
    to ``folder / STORE``; returns that file."""
    stored = {}
    for lesson in lessons:
        task = lesson.task
        if isinstance(task, ChoiceTask) and task.judge in COMPUTED_AHEAD:
            judgement = judge(task.judge, lesson, task.judge_args)
            stored[judgement_key(lesson, task.judge, dict(task.judge_args))] = {
                "lesson": lesson.id, "answer": judgement.answer, "facts": judgement.facts,
                "reveal": list(judgement.reveal), "figures": list(judgement.figures)}
    path = folder / STORE
    path.write_text(json.dumps(stored, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
