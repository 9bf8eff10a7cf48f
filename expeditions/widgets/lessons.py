"""The tutorial on the card table: the same widget as the play app, in its lesson mode.

A ``LessonTable`` is a ``CardTable`` whose session is a ``LessonSession``: above the table the lesson's
panel (its title, a few sentences, the task, the rule in the rule document's words, the feedback line, the
progress "Lesson 3 of 10", and the buttons Back, Restart, Show me, Skip, Next), on the table the lesson's
prepared position. A move is answered by the table's own gestures, a number in the panel's box, a choice by
its buttons, and the last lesson is a whole round against the Easy bot with hints on. The panel's buttons
send ``{"action": "lesson", "do": "next"}`` and the like; the table's gestures are the card table's.

Where the learner has got to is kept by one rule:

- ``keep="file"`` (the default, notebook 01 in JupyterLab): in a small file outside the repository on the
  machine that runs the kernel (``lessons.ProgressFile``: ``~/.local/state/expeditions/lessons.json``, or the
  file named by ``EXPEDITIONS_PROGRESS``);
- ``keep="browser"`` (the app, ``make learn``): in the browser's local storage, per browser and per address
  of the app; the page hands it back to Python when it opens (the ``progress`` trait carries it out);
- ``keep="memory"``: nowhere (a script, a test).

Either way, re-running the notebook or reloading the app goes on at the lesson the learner was on.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape
from typing import Any

import traitlets

from ..advice import DEFAULT_LEVEL
from ..bots import BotFactory
from ..errors import ExpeditionsError
from ..lessons import MemoryStore, ProgressFile, ProgressStore, Tutorial
from ..lessons.progress import DONE_LIMIT, ID_LIMIT, RATING_LIMIT, STREAK_LIMIT, TRACKS_LIMIT
from ..session import Session
from ..session.lesson import LessonSession
from .card_table import MESSAGES, PAUSE, CardTable
from .door import NOTHING, Either, ListOf, MapOf, Messages, Obj, Text, Whole

KEEPS = ("file", "browser", "memory")
"""Where a lesson table keeps the learner's progress (see the module docs)."""

STORAGE_KEY = "expeditions-lessons"
"""The browser's local storage entry that keeps the progress of every track (``keep="browser"``)."""

LESSON_ID = Text(ID_LIMIT)
KEPT = MapOf(LESSON_ID, Obj({"current": LESSON_ID, "done": ListOf(LESSON_ID, DONE_LIMIT), "rating": Whole(0, RATING_LIMIT),
                             "streak": Whole(0, STREAK_LIMIT), "tried": ListOf(LESSON_ID, DONE_LIMIT)}), TRACKS_LIMIT)
"""Progress as the browser keeps it: by track, the lesson the learner is on and the lessons done, and for the puzzles
the rating, the streak and the puzzles tried (the limits of a progress store: ``lessons.progress``)."""

LESSON_MESSAGES = Messages("do", {
    "show_me": NOTHING, "next": NOTHING, "back": NOTHING, "skip": NOTHING, "restart": NOTHING, "start_over": NOTHING,
    "go": Obj({"lesson": LESSON_ID}, required=("lesson",)),
    "track": Obj({"track": LESSON_ID}, required=("track",)),
    "answer": Obj({"value": Either(Text(200), Whole(-10**9, 10**9))}),
    "restore": Obj({"progress": KEPT}, required=("progress",)),
    "play": NOTHING, "lessons": NOTHING,
}, unknown="The lesson does not know the button {action}.", said="The lesson", also=("action",))
"""The lesson panel's messages (``{"action": "lesson", "do": ...}``): each button with its fields."""


class BrowserStore(MemoryStore):
    """Progress kept in the browser: held here, and handed to ``listener`` (the widget) after every step."""

    def __init__(self) -> None:
        super().__init__()
        self.listener: Callable[[dict[str, Any]], None] | None = None

    def save(self, track: str, data: dict[str, Any]) -> None:
        super().save(track, data)
        if self.listener is not None:
            self.listener(dict(self.data))


class LessonTable(CardTable):
    """The lessons of ``track`` (``"path"``: the main path; ``"appendix"``: the other rule sets) on a card table.

    ``keep`` says where progress is kept (``"file"``, ``"browser"``, ``"memory"``; see the module docs), or give
    a ``store`` (a ``lessons.ProgressStore``). ``colours``, ``levels``, ``pause`` and ``background`` are those
    of ``CardTable``. ``table.session`` is the ``LessonSession``; ``table.tutorial`` the learner's ``Tutorial``.
    """

    progress = traitlets.Dict().tag(sync=True)
    """Every track's progress (``Progress.to_dict()``), for the browser to keep when ``keep`` is ``"browser"``."""
    keep = traitlets.Unicode("file").tag(sync=True)
    storage_key = traitlets.Unicode(STORAGE_KEY).tag(sync=True)
    game: Session | None = None
    """The real game the lessons lead on to (*Play a real game*), once started: on the table while it is played."""
    _lessons: LessonSession | None = None

    def __init__(self, track: str = "path", *, keep: str = "file", store: ProgressStore | None = None,
                 colours: str = "four", levels: Mapping[str, BotFactory] | None = None, pause: float = PAUSE,
                 background: bool | None = None) -> None:
        if keep not in KEEPS:
            raise ExpeditionsError(f"{keep!r} is not a place to keep progress: {', '.join(map(repr, KEEPS))}")
        browser = BrowserStore() if store is None and keep == "browser" else None
        if store is None:
            store = browser if browser is not None else ProgressFile() if keep == "file" else MemoryStore()
        session = LessonSession(track, store=store, colours=colours, levels=levels)
        super().__init__(session.rules, session=session, pause=pause, background=background)
        self._lessons = session
        self.keep = keep
        if browser is not None:
            browser.listener = self._kept

    @property
    def lessons(self) -> LessonSession:
        """The lessons' session (on the table, or behind the real game while that is played)."""
        lessons = self._lessons if self._lessons is not None else self.session
        assert isinstance(lessons, LessonSession)
        return lessons

    @property
    def tutorial(self) -> Tutorial:
        return self.lessons.tutorial

    def _kept(self, data: dict[str, Any]) -> None:
        self.progress = data

    # --- the browser's messages -------------------------------------------------------------------------
    messages = MESSAGES.with_form("lesson", LESSON_MESSAGES)
    """The card table's messages and the lesson panel's (``LESSON_MESSAGES``)."""

    def _gesture(self, content: dict[str, Any]) -> None:
        """The lesson panel's messages (``{"action": "lesson", "do": ...}``); every other gesture is the card
        table's."""
        if content["action"] != "lesson":
            super()._gesture(content)
            return
        s = self.lessons
        do = content["do"]
        if self.session.job is not None and do != "restore":
            self.session.refuse(f"One moment: {self.session.job.text}")
        elif do == "play":
            self._play_a_game()
        elif do == "lessons":
            self.session = s
            s.say("Back to the lessons; your game waits behind Play a real game.")
        elif self.game is not None and self.session is self.game and do != "restore":
            self.session.refuse("The lessons are behind ◂ Lessons in the bar.")
        elif do in ("show_me", "next", "back", "skip", "restart", "start_over"):
            getattr(s, do)()
        elif do == "go":
            s.go(content["lesson"])
        elif do == "track":
            s.use_track(content["track"])
        elif do == "answer":
            s.answer(content.get("value", ""))
        elif do == "restore":
            if isinstance(self.tutorial.store, ProgressFile):
                s.refuse("The lessons keep their progress in a file on the machine that runs them: the page does not "
                         "restore it.")
            else:
                s.resume(content["progress"])

    def _play_a_game(self) -> None:
        """A real game on the same table: the default rules against the Normal bot (a new one once the last is
        over), with every button of the play app; ◂ Lessons goes back."""
        lessons = self.lessons
        if self.game is None or self.game.match.is_over:
            level = DEFAULT_LEVEL if DEFAULT_LEVEL in lessons.levels else next(iter(lessons.levels))
            self.game = Session("expeditions", level=level, colours=lessons.colours, levels=lessons.levels)
            self.game.say(f"A real game against the {level} bot: the whole match, hints and Undo as in the play app. "
                          "◂ Lessons goes back to the lessons.")
        self.session = self.game

    def _beside_view(self) -> dict[str, Any]:
        return {"lessons_back": True} if self.game is not None and self.session is self.game else {}

    def _restored(self) -> None:
        """The progress the browser keeps goes back to what the store holds."""
        store = self.tutorial.store
        if isinstance(store, BrowserStore):
            self.progress = dict(store.data)

    # --- outside a live notebook ---------------------------------------------------------------------------
    def snapshot_html(self) -> str:
        """The lesson and its table as static HTML: what an exported report shows in place of the live widget."""
        lesson = self.lessons.lesson_view()
        return (f"<div class='xt-lesson-snapshot' style='font-family:sans-serif'><p><b>{escape(lesson.progress.text)}: "
                f"{escape(lesson.title)}</b></p><p>{escape(lesson.text)}</p><p><i>{escape(lesson.task)}</i></p></div>"
                + super().snapshot_html())


def lesson_table(track: str = "path", **options: Any) -> LessonTable:
    """The lessons of ``track`` on a card table (every option of ``LessonTable``): what notebook 01 and the
    learn app show."""
    return LessonTable(track, **options)
