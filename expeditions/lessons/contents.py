"""The table of contents of a track: each lesson's number, title, what it is answered with, and its rule set.

``Contents`` shows itself as Markdown in a notebook (``_repr_markdown_``) and as plain lines elsewhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from .model import Lesson

ANSWERS = {
    "move": "a move on the table",
    "number": "count a score",
    "choice": "choose an answer",
    "round": "a whole round against the {opponent} bot",
}
"""What each kind of task asks of the learner, in words."""


@dataclass(frozen=True)
class Contents:
    """The lessons of one track, in order."""

    track: str
    lessons: tuple[Lesson, ...]

    def rows(self) -> list[tuple[int, str, str, str]]:
        """``(number, title, what the learner does, the rule set's title and document)`` per lesson."""
        return [(i, lesson.title, ANSWERS[lesson.answer].format(opponent=getattr(lesson.task, "opponent", "")),
                 f"{lesson.rules.title} (document {lesson.rules.document})")
                for i, lesson in enumerate(self.lessons, start=1)]

    def _mixed(self) -> bool:
        return len({lesson.rules.name for lesson in self.lessons}) > 1

    def __str__(self) -> str:
        return "\n".join(f"{n}. {title}: {does}" + (f" ({rules})" if self._mixed() else "")
                         for n, title, does, rules in self.rows())

    def __repr__(self) -> str:
        return str(self)

    def _repr_markdown_(self) -> str:
        if self._mixed():
            head = "| | lesson | rules | you |\n|---:|---|---|---|\n"
            return head + "\n".join(f"| {n} | **{title}** | {rules} | {does} |" for n, title, does, rules in self.rows())
        head = "| | lesson | you |\n|---:|---|---|\n"
        return head + "\n".join(f"| {n} | **{title}** | {does} |" for n, title, does, _ in self.rows())
