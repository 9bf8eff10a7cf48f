"""A learner going through a track of lessons, and the plain view a front end shows of it.

``Tutorial`` holds the track, the learner's ``Progress`` (kept in a ``ProgressStore`` after every
step) and the attempt at the current lesson: the position on the table and the last feedback.
Every action returns a ``LessonView``, a frozen value whose ``to_dict()`` is JSON: what a widget
renders. Its fields map onto the stable test hooks of the lesson widget:

==========================  =====================================================================
view field                  hook
==========================  =====================================================================
``lesson``, ``state``       the lesson's element: ``data-testid="lesson"``, ``data-lesson``, ``data-state``
``buttons.show_me``         ``data-testid="lesson-show-me"`` (and ``next``, ``back``, ``restart``, ``skip``)
``feedback.text``           ``data-testid="lesson-feedback"`` (``feedback.kind``: right, wrong, info)
``progress.text``           ``data-testid="lesson-progress"`` ("Lesson 3 of 12")
==========================  =====================================================================

The position (``LessonView.position``, a ``Round``) is shown on the card table with the table's own
hooks; it is not part of ``to_dict()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..errors import ExpeditionsError, IllegalMove, LessonError
from ..moves import Move
from ..round import Round
from ..words import move_words
from .loading import PUZZLES
from .loading import track as shipped_track
from .model import AnswerKind, Feedback, Lesson, MoveTask, NumberTask, Option, PuzzleTask, RoundTask
from .progress import RATING_START, Progress, ProgressFile, ProgressStore
from .puzzles import Puzzle, next_puzzle, rated, rating_words

LessonState = Literal["todo", "done"]

TESTIDS = {
    "lesson": "lesson",
    "show_me": "lesson-show-me",
    "next": "lesson-next",
    "back": "lesson-back",
    "restart": "lesson-restart",
    "skip": "lesson-skip",
    "feedback": "lesson-feedback",
    "progress": "lesson-progress",
}
"""The ``data-testid`` of each part of a lesson view, by the name of its field."""

DONE_ALREADY = "This lesson is done: go on with Next, or Restart to try it again."
"""What a try at a lesson already done is answered."""


@dataclass(frozen=True)
class Buttons:
    """Which of the lesson's buttons apply now."""

    show_me: bool
    next: bool
    back: bool
    restart: bool
    skip: bool

    def to_dict(self) -> dict[str, bool]:
        return {"show_me": self.show_me, "next": self.next, "back": self.back, "restart": self.restart, "skip": self.skip}


@dataclass(frozen=True)
class ProgressView:
    """``text`` ("Lesson 3 of 12"), the lesson's ``number`` (from 1), the ``count`` and how many are ``done``."""

    text: str
    number: int
    count: int
    done: int

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "number": self.number, "count": self.count, "done": self.done}


NO_FEEDBACK = Feedback("info", "", "")


@dataclass(frozen=True)
class LessonView:
    """Everything a front end shows of the current lesson (see the module docs for the hooks).

    ``answer`` says what the task is answered with (``"move"`` on the table, a ``"number"``, one of
    the ``options`` for a ``"choice"``, a whole ``"round"`` against ``opponent`` with ``hints``);
    ``quotes`` are the rule document's words for the rules the lesson teaches; ``feedback`` is the
    answer to the learner's last try (its ``text`` is empty before any); ``show_scores`` is false while
    the learner is asked what a board scores, so the table hides its running scores until then.
    """

    lesson: str
    state: LessonState
    title: str
    text: str
    task: str
    answer: AnswerKind
    options: tuple[Option, ...]
    rule_set: str
    quotes: tuple[tuple[str, str], ...]
    feedback: Feedback
    progress: ProgressView
    buttons: Buttons
    track: str
    show_scores: bool = True
    opponent: str = ""
    hints: bool = False
    position: Round | None = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The view as JSON (every field but the position, which the card table shows)."""
        return {
            "lesson": self.lesson, "state": self.state, "title": self.title, "text": self.text, "task": self.task,
            "answer": self.answer, "options": [{"value": o.value, "label": o.label} for o in self.options],
            "rule_set": self.rule_set, "quotes": [{"rule": k, "quote": q} for k, q in self.quotes],
            "feedback": self.feedback.to_dict(), "progress": self.progress.to_dict(), "buttons": self.buttons.to_dict(),
            "track": self.track, "show_scores": self.show_scores, "opponent": self.opponent, "hints": self.hints,
        }


class Tutorial:
    """A learner going through a track (``"path"``, the main path, or ``"appendix"``).

    Progress is loaded from ``store`` (default: ``ProgressFile()``, a small file outside the
    repository) and saved there after every step. Every action returns the new ``LessonView``; an
    answer the lesson cannot read (a number typed as words, a move in no notation) becomes feedback
    of kind ``info``, never an exception, and changes nothing.
    """

    def __init__(self, track: str = "path", *, store: ProgressStore | None = None, lessons: Sequence[Lesson] | None = None) -> None:
        self.track = track
        self.lessons: tuple[Lesson, ...] = tuple(lessons) if lessons is not None else shipped_track(track)
        if not self.lessons:
            raise LessonError(f"the track {track!r} has no lessons")
        self.store: ProgressStore = store if store is not None else ProgressFile()
        ids = [lesson.id for lesson in self.lessons]
        kept = self.store.load(track)
        self.progress = Progress.from_dict(kept, ids) if kept is not None else Progress.start(ids)
        self._told = ""  # the store's notice last shown
        self._begin()
        self._heard()

    # --- the current lesson ---------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.progress.index]

    @property
    def position(self) -> Round:
        """The position on the table: the lesson's, or where a right answer took it."""
        return self._position

    @property
    def feedback(self) -> Feedback:
        return self._feedback

    @property
    def solved(self) -> bool:
        """The current lesson's task is done in this attempt (the table shows the answer; Restart tries again)."""
        return self._solved

    def _begin(self) -> None:
        self._position = self.lesson.position
        self._feedback = NO_FEEDBACK
        self._solved = False

    def _save(self) -> None:
        self.store.save(self.track, self.progress.to_dict())

    def _heard(self) -> None:
        """A new notice of the store (progress kept in memory only, an entry set aside) joins the feedback once."""
        notice = self.store.notice
        if notice and notice != self._told:
            self._told = notice
            self._feedback = (replace(self._feedback, text=f"{self._feedback.text} {notice}") if self._feedback.text
                              else Feedback("info", notice, "store"))

    @property
    def show_scores(self) -> bool:
        """Whether the table shows the scores: not while the learner is to count them."""
        return not (isinstance(self.lesson.task, NumberTask) and not self._solved)

    def view(self) -> LessonView:
        lesson, progress = self.lesson, self.progress
        task = lesson.task
        todo = not self._solved
        game = task if isinstance(task, RoundTask) else None
        return LessonView(
            lesson=lesson.id, state="done" if progress.is_done() else "todo", title=lesson.title, text=lesson.text,
            task=lesson.task_text, answer=lesson.answer, options=getattr(task, "options", ()), rule_set=lesson.rule_set,
            quotes=lesson.quotes(), feedback=self._feedback,
            progress=ProgressView(progress.text, progress.number, progress.count, len(progress.done)),
            buttons=Buttons(show_me=todo and game is None, next=progress.is_done() and not progress.is_last,
                            back=not progress.is_first, restart=True, skip=not progress.is_done() and not progress.is_last),
            track=self.track, show_scores=self.show_scores,
            opponent=game.opponent if game else "", hints=game.hints if game else False, position=self._position,
        )

    # --- answering ------------------------------------------------------------------------------
    def answer(self, answer: Move | str | int | Round) -> LessonView:
        """Try an answer: a move (or its text), a number, an option's value, or the finished round.
        A right answer marks the lesson done and, for a move, plays it on the table."""
        if self._solved:
            self._feedback = Feedback("info", DONE_ALREADY, "solved")
            return self.view()
        try:
            feedback = self.lesson.check(answer)
        except ExpeditionsError as e:
            self._feedback = Feedback("info", str(e), "unreadable")
            return self.view()
        self._feedback = feedback
        if feedback.right:
            self._done(answer)
        return self.view()

    def finish_round(self, played: Round) -> LessonView:
        """The game session hands back the round it played for a round lesson."""
        return self.answer(played)

    def tell(self, feedback: Feedback) -> LessonView:
        """Show ``feedback`` on the current lesson (what a front end has to say about a gesture, in the
        lesson's place for words); nothing else changes."""
        self._feedback = feedback
        return self.view()

    def refused(self, refusal: IllegalMove) -> LessonView:
        """A move the engine refused while the game session plays a round lesson: the feedback is the
        lesson's words for the rule, with the rule document's quote."""
        self._feedback = self.lesson.refusal(refusal)
        return self.view()

    def show_me(self) -> LessonView:
        """Perform a right answer: the lesson counts as done, and the feedback says what was done."""
        lesson = self.lesson
        shown = lesson.show_me()
        if shown is None:
            raise LessonError(f"lesson {lesson.id!r} has no Show me: a round is played with the table's hints")
        if self._solved:
            return self.view()
        feedback = lesson.check(shown)
        if isinstance(shown, Move):
            said = f"Here is a right move: {move_words(shown, 'advice')}. {feedback.text}"
        elif isinstance(shown, int):
            said = f"The board scores {shown}, counted step by step below."
        else:
            label = next(o.label for o in getattr(lesson.task, "options", ()) if o.value == shown)
            said = f"The answer is: {label}. {feedback.text}"
        self._feedback = Feedback("info", said, "shown", feedback.rule, feedback.quote, reveal=feedback.reveal,
                                  figures=feedback.figures)
        self._done(shown)
        return self.view()

    def _done(self, answer: Move | str | int | Round) -> None:
        if isinstance(self.lesson.task, MoveTask | PuzzleTask) and isinstance(answer, Move | str):
            self._position = self.lesson.position.play(answer)
        elif isinstance(answer, Round):
            self._position = answer
        self._solved = True
        self.progress = self.progress.complete()
        self._save()
        self._heard()

    # --- moving through the track ---------------------------------------------------------------
    def restart(self) -> LessonView:
        """The current lesson from its start (it stays done if it was)."""
        self._begin()
        return self.view()

    def next(self) -> LessonView:
        return self._at(self.progress.next())

    def skip(self) -> LessonView:
        """On to the next lesson, leaving this one to do."""
        return self._at(self.progress.skip())

    def back(self) -> LessonView:
        return self._at(self.progress.back())

    def go(self, lesson: str) -> LessonView:
        return self._at(self.progress.go(lesson))

    def resume(self, kept: Any) -> LessonView:
        """Go on from progress kept elsewhere (``Progress.to_dict()`` of this track, as a browser keeps it):
        at its current lesson, with its lessons done; it is saved to the store too."""
        return self._at(Progress.from_dict(kept, [lesson.id for lesson in self.lessons]))

    def start_over(self) -> LessonView:
        """Every lesson to do again, from the first."""
        return self._at(self.progress.reset())

    def _at(self, progress: Progress) -> LessonView:
        """Move to ``progress``: saved, its current lesson set up from its start."""
        self.progress = progress
        self._save()
        self._begin()
        self._heard()
        return self.view()

    def __repr__(self) -> str:
        return f"<Tutorial {self.track}: {self.progress.text}, {self.lesson.id} ({'done' if self.progress.is_done() else 'todo'})>"


class PuzzleTutorial(Tutorial):
    """A learner going through the puzzles (the ``"puzzles"`` track): the same steps as the lessons', with a
    rating and a streak kept beside the puzzles solved (``puzzles.rated``: only the first try at a puzzle moves
    them; a move the engine refuses is not a try, Show me before any try is a miss), and *Next* and *Skip* going to
    the puzzle the rating picks (``puzzles.next_puzzle``: not solved yet, its difficulty nearest the rating);
    *Back* goes to the puzzle tried before this one."""

    def __init__(self, track: str = PUZZLES, *, store: ProgressStore | None = None,
                 lessons: Sequence[Lesson] | None = None) -> None:
        super().__init__(track, store=store, lessons=lessons)
        if self.progress.rating is None:
            self.progress = replace(self.progress, rating=RATING_START)
        if not self.progress.tried and not self.progress.done:  # a first visit: the puzzle the rating picks
            first = next_puzzle(self.progress, self._puzzles(), other=False)
            if first is not None and first.id != self.progress.current:
                self.progress = self.progress.go(first.id)
                self._begin()

    @property
    def puzzle(self) -> Puzzle:
        task = self.lesson.task
        assert isinstance(task, PuzzleTask)
        return task.puzzle

    def _tried(self, right: bool) -> None:
        self.progress = rated(self.progress, self.puzzle, right)
        self._save()

    def answer(self, answer: Move | str | int | Round) -> LessonView:
        first = not self._solved
        view = super().answer(answer)
        if first and self._feedback.kind in ("right", "wrong") and self._feedback.case != "refused":
            self._tried(self._feedback.right)
            return self.view()
        return view

    def show_me(self) -> LessonView:
        if not self._solved:
            self._tried(False)
        return super().show_me()

    def _puzzles(self) -> list[Puzzle]:
        return [lesson.task.puzzle for lesson in self.lessons if isinstance(lesson.task, PuzzleTask)]

    def _after(self) -> Puzzle | None:
        return next_puzzle(self.progress, self._puzzles())

    def next(self) -> LessonView:
        chosen = self._after()
        if chosen is None:
            raise LessonError("every other puzzle is solved: there is no next one")
        return self._at(self.progress.go(chosen.id))

    def skip(self) -> LessonView:
        return self.next()

    def back(self) -> LessonView:
        tried = [i for i in self.progress.tried if i != self.progress.current]
        if not tried:
            raise LessonError("this is the first puzzle tried: there is none before it")
        return self._at(self.progress.go(tried[-1]))

    def view(self) -> LessonView:
        view = super().view()
        more = self._after() is not None
        done = self.progress.is_done()
        buttons = replace(view.buttons, next=(done or self._solved) and more, skip=not (done or self._solved) and more,
                          back=any(i != self.progress.current for i in self.progress.tried))
        progress = replace(view.progress, text=rating_words(self.progress))
        return replace(view, buttons=buttons, progress=progress)


def tutorial_for(track: str, *, store: ProgressStore | None = None) -> Tutorial:
    """A ``Tutorial`` of a track of lessons, or a ``PuzzleTutorial`` of the puzzles."""
    return PuzzleTutorial(track, store=store) if track == PUZZLES else Tutorial(track, store=store)
