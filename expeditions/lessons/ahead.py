"""Judgements computed ahead of time, for the edition in the browser, which has no numpy.

The ``start-value`` judge answers "is it worth starting?" with the expected values (``analysis``, numpy). The
build of the static edition (``tools/build_site.py``) computes, with the installed edition, the judgement of
every lesson such a judge answers, and ships them in the lessons' folder of the site's wheel
(``judgements.json``), each under the fingerprint of what it was computed from: the lesson's rules, position,
seat and judge. Where numpy is missing the judge reads its judgement from there; a lesson without one (or
changed since) is refused in words.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

from ..edition import installed_only
from .judges import Judgement, judge
from .loading import lesson_dir
from .model import ChoiceTask, Lesson

STORE = "judgements.json"
"""The file of judgements computed ahead, in the lessons' folder (``lesson_dir()``)."""

COMPUTED_AHEAD = frozenset({"start-value"})
"""The judges that need the installed edition (the expected values), so whose judgements are computed ahead."""


def fingerprint(lesson: Lesson) -> str:
    """What a judgement is computed from, as a short hash: the lesson's id, rule set, position, seat and judge."""
    task = lesson.task
    assert isinstance(task, ChoiceTask)
    what = {"id": lesson.id, "rules": lesson.rules.name, "position": json.loads(lesson.position.to_json()),
            "seat": lesson.seat, "judge": task.judge, "args": sorted([k, str(v)] for k, v in task.judge_args)}
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode("utf-8")).hexdigest()[:32]


def computed_ahead(lesson: Lesson) -> bool:
    return isinstance(lesson.task, ChoiceTask) and lesson.task.judge in COMPUTED_AHEAD


def write_judgements(lessons: Iterable[Lesson], folder: Path) -> Path:
    """Compute the judgement of every lesson of ``lessons`` whose judge needs the installed edition, and write them
    to ``folder / STORE``; returns that file."""
    stored = {}
    for lesson in lessons:
        if computed_ahead(lesson):
            judgement = judge(lesson)
            stored[fingerprint(lesson)] = {"lesson": lesson.id, "answer": judgement.answer, "facts": judgement.facts,
                                           "reveal": list(judgement.reveal), "figures": list(judgement.figures)}
    path = folder / STORE
    path.write_text(json.dumps(stored, indent=1, sort_keys=True, ensure_ascii=False) + "\n", encoding="utf-8")
    return path


def stored_judgement(lesson: Lesson, missing: ModuleNotFoundError) -> Judgement:
    """The judgement of ``lesson`` computed ahead (see the module docs); without one, ``missing`` in words."""
    path = lesson_dir() / STORE
    stored = json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}
    found = stored.get(fingerprint(lesson))
    if found is None:
        raise installed_only(missing, f"The judgement of the lesson {lesson.title!r}", "learn")
    return Judgement(found["answer"], dict(found["facts"]), tuple(found["reveal"]), tuple(found["figures"]))
