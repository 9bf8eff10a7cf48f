"""A lesson on the card table: the tutorial's current lesson set up as a game, every gesture judged by the lesson.

``LessonSession`` is a ``Session`` (the game a card table shows, below any widget) that hosts a
``lessons.Tutorial``: its host (``LessonHost``) holds the table to the lesson. The table shows the lesson's
prepared position, and the learner answers by the kind of the lesson's task:

- a **move** is made by the table's own gestures (a card, its expedition or discard pile, then the deck or
  a pile). The whole move goes to ``tutorial.answer``: the engine plays it and the lesson judges it. A right
  move stays on the table; a legal move that is not the task is answered by the lesson and taken back, so
  the learner tries again; a move the engine refuses leaves the table as it was (a refused draw keeps the
  card laid, so only the draw is chosen again). No bot answers a move lesson;
- a **number** (what a finished board scores) and a **choice** (one of the task's options) come from the
  lesson panel (``answer``); the table only shows the position, its running scores hidden until the score
  is given;
- a **round** is played to its end against the lesson's opponent (Easy), with hints: the session plays it
  as any game, and hands the finished round to the tutorial.

Whatever the table refuses (a card on the wrong expedition, a lower card, a draw of your own discard) becomes
the lesson's feedback: the lesson's words for the rule when it has them, with the rule document's quote (the
table's message line gives the engine's short reason, as in the play app); gestures that only need guidance
("first lay a card, then draw") are answered in both places. Those words stay until the next gesture the table
takes. Nothing raises. ``view_data()`` is the table's view with the lesson's (``LessonView.to_dict()``) under
``"lesson"``: what the lesson mode of the card table widget draws.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from ..bots import BotFactory
from ..errors import ExpeditionsError, IllegalMove
from ..lessons import PUZZLES, TRACKS, Feedback, Lesson, LessonView, ProgressStore, RoundTask, Tutorial
from ..lessons.tutorial import DONE_ALREADY, NO_FEEDBACK, tutorial_for
from ..match import Match, match_of
from ..moves import Move
from ..round import Round
from ..rules import Rules
from ..words import move_words, symbolize
from .host import Gesture, Judged
from .session import Session
from .snapshot import Snapshot, snapshot_of
from .view import MessageView, SideView, TableView

TRACK_TITLES = {"path": "Learn the game", "appendix": "The other rule sets", PUZZLES: "Puzzles"}
"""What each track of lessons (and the puzzles) is called on the table."""

HOW_TO_MOVE = ("On the table: click a card of your hand, then its expedition (your row) or its discard pile "
               "(the middle row), then click the deck or a pile to draw.")
"""How a move is made by gestures, said in the panel of a move lesson."""

HOW_TO_PASS = "To pass instead, click Pass 2, then two cards of your hand, then Pass 2 ▸ (or your partner's name)."
"""How two cards are passed by gestures (four players), said after ``HOW_TO_MOVE``."""


class LessonSession(Session):
    """The current lesson of ``tutorial`` (default: a new ``Tutorial`` of ``track``, its progress kept in
    ``store``) set up on a game session. ``colours`` and ``levels`` are those of ``Session``.

    The lesson's buttons are methods: ``show_me``, ``next``, ``back``, ``skip``, ``restart``, ``go``,
    ``start_over``, ``use_track``; ``answer(value)`` gives a number or a choice. The table's gestures are the
    session's own (``select``, ``lay``, ``draw``, ``pass_cards``, ``submit``, ``undo``, ``start_hint``); a new game
    and the next round are the lesson again.
    """

    def __init__(self, track: str = "path", *, tutorial: Tutorial | None = None, store: ProgressStore | None = None,
                 colours: str = "four", levels: Mapping[str, BotFactory] | None = None) -> None:
        self.tutorial = tutorial if tutorial is not None else tutorial_for(track, store=store)
        super().__init__(self.tutorial.lesson.rules, seed=1, colours=colours, levels=levels)
        self.host = LessonHost(self)
        self._set_up()

    # --- the lesson ------------------------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson:
        return self.tutorial.lesson

    @property
    def kind(self) -> str:
        """What the lesson is answered with: ``"move"``, ``"number"``, ``"choice"`` or ``"round"``."""
        return self.lesson.answer

    def _set_up(self) -> None:
        """The table at the tutorial's position (the lesson's, or where a right answer took it)."""
        task = self.lesson.task
        if isinstance(task, RoundTask) and task.opponent in self.levels:
            self.level = task.opponent
        self._reset(match_of(self.tutorial.position), self.lesson.seat)
        self.message = None
        if isinstance(task, RoundTask) and not self.round.moves:
            first = "you start" if self.round.to_move == self.seat else f"{self.seat_name(self.round.to_move or 0)} starts"
            self.message = MessageView(f"Your round against the {self.level} bot: {first}.")

    def _tell(self, text: str) -> bool:
        """Say ``text`` in the lesson's feedback line and on the table (where the learner's eyes are); False."""
        self.tutorial.tell(Feedback("info", text, "gesture"))
        self.message = MessageView(text)
        return False

    def lesson_view(self) -> LessonView:
        return self.tutorial.view()

    def snapshot(self) -> Snapshot:
        """The session, its tutorial and the tutorial's store as they are now (a progress file already written
        stays written: the store's memory of it is what is put back)."""
        return snapshot_of(self, self.tutorial, self.tutorial.store)

    # --- the lesson's buttons ----------------------------------------------------------------------------
    def _moved(self, step: Callable[[], object]) -> bool:
        try:
            step()
        except ExpeditionsError as e:
            return self._tell(str(e))
        self._set_up()
        return True

    def next(self) -> bool:
        """On to the next lesson (the button shows once this one is done)."""
        return self._moved(self.tutorial.next)

    def skip(self) -> bool:
        """On to the next lesson, leaving this one to do."""
        return self._moved(self.tutorial.skip)

    def back(self) -> bool:
        """The lesson before."""
        return self._moved(self.tutorial.back)

    def restart(self) -> bool:
        """This lesson from its start (it stays done if it was)."""
        return self._moved(self.tutorial.restart)

    def start_over(self) -> bool:
        """Every lesson of the track to do again, from the first."""
        return self._moved(self.tutorial.start_over)

    def go(self, lesson: str) -> bool:
        """The lesson ``lesson`` (its id) of this track."""
        return self._moved(lambda: self.tutorial.go(lesson))

    def use_track(self, track: str) -> bool:
        """The lessons of ``track`` (``"path"``, ``"appendix"`` or the puzzles), where the learner had got to in them."""
        if track == self.tutorial.track:
            return True
        try:
            self.tutorial = tutorial_for(track, store=self.tutorial.store)
        except ExpeditionsError as e:
            return self._tell(str(e))
        self._set_up()
        return True

    def resume(self, kept: Mapping[str, Any]) -> bool:
        """Go on from progress kept elsewhere, by track (``{"path": Progress.to_dict(), ...}``, as the browser
        keeps it): the entries of the lessons' tracks go to the store (any other track is left out), and the current
        track resumes. Kept progress that cannot be read changes nothing, and is said so."""
        before = self.snapshot()
        store = self.tutorial.store
        tracks = {self.tutorial.track, *TRACKS, PUZZLES}
        try:
            for track, data in kept.items():
                if track == self.tutorial.track:
                    self.tutorial.resume(data)
                elif track in tracks:
                    store.save(track, data)
        except ExpeditionsError as e:
            before.restore()
            return self._tell(f"The kept progress could not be read ({e}); the lessons go on where they were.")
        self._set_up()
        return True

    def show_me(self) -> bool:
        """Perform a right answer: a move is made on the table, a number or a choice is given."""
        if self.job is not None:
            return self._tell(f"One moment: {self.job.text}")
        if self.kind == "round":
            return self._tell("In the round, Hint shows the best moves on the table.")
        if self.tutorial.solved:
            return self._tell(DONE_ALREADY)
        before = self.tutorial.position
        self.tutorial.show_me()
        if self.kind == "move":
            shown = self.lesson.show_me()
            assert isinstance(shown, Move)
            self._changed(match_of(self.tutorial.position))
            self.say(f"Shown: {self._move_words(before, shown, self.seat)}.", "move")
        return True

    def answer(self, value: Any) -> bool:
        """Answer a number lesson (a whole number, or its text) or a choice (an option's value); True if right."""
        if self.kind not in ("number", "choice"):
            how = "by playing the round on the table" if self.kind == "round" else "by a move on the table"
            return self._tell(f"This lesson is answered {how}. {self.lesson.task_text}")
        if isinstance(value, str) and self.kind == "number" and not value.strip():
            return self._tell("Type a whole number in the box first, like 38 or -24.")
        view = self.tutorial.answer(value)
        return view.feedback.right

    def next_round(self) -> bool:
        """After the round lesson's round: the same deal again (the lesson stays done)."""
        if self.kind != "round" or not self.round.is_over:
            return self._tell("A lesson is one position: Next goes on to the next lesson.")
        return self.restart()

    def new_game(self, rules: Rules | str | None = None, **options: Any) -> bool:
        """In a lesson, a new game is the lesson again from its start."""
        return self.restart()

    def __repr__(self) -> str:
        return f"<LessonSession {self.tutorial!r}>"


class LessonHost:
    """The host of a lesson's table: the lesson says what a gesture may do, judges a move lesson's move, and its
    panel says why a gesture was refused (see the module docs)."""

    def __init__(self, session: LessonSession) -> None:
        self.session = session

    @property
    def _tutorial(self) -> Tutorial:
        return self.session.tutorial

    @property
    def _kind(self) -> str:
        return self.session.kind

    # --- what a gesture may do ---------------------------------------------------------------------------
    @property
    def bots_move(self) -> bool:
        """Bots move only in a round lesson; a move lesson shows the position after the learner's move."""
        return self._kind == "round"

    def may(self, gesture: Gesture) -> str | None:
        kind = self._kind
        if gesture == "hint" and kind != "round":
            return "Hints are for the round at the end of the path; here, Show me gives a right answer."
        if gesture == "level":
            return f"The lesson's opponent is {self.session.level}; the play app lets you choose another."
        if gesture == "load":
            return "A lesson plays its own position: load a game record in the play app."
        if kind in ("number", "choice"):
            where = "the lesson's box" if kind == "number" else "one of the lesson's buttons"
            return f"The table only shows the position here: answer with {where}."
        if kind == "move" and self._tutorial.solved:
            return DONE_ALREADY
        return None

    def taken(self, message: MessageView | None) -> MessageView | None:
        """A refused gesture's words stay until the next gesture the table takes."""
        if self._tutorial.feedback.case in ("refused", "gesture"):
            self._tutorial.tell(NO_FEEDBACK)
            if message is not None and message.tone != "move":
                return None
        return message

    # --- how a move is judged ------------------------------------------------------------------------------
    def judge(self, before: Match, move: Move) -> Judged | None:
        """A move lesson's move goes to the lesson; in a round lesson the engine judges, as in any game."""
        if self._kind != "move":
            return None
        position = before.current
        feedback = self._tutorial.answer(move).feedback
        if feedback.right:
            return Judged(match_of(self._tutorial.position))
        if feedback.case == "refused":
            return Judged(None, self._refusal_shown())
        # a legal move that is not the task: taken back, to try again (the card off the deck stays unseen: it goes back)
        taken = position.piles[move.draw][-1] if move.draw not in (None, "deck") and position.piles[move.draw] else None
        return Judged(None, MessageView(f"Taken back, to try again: {move_words(move, who='you', taken=taken)}."), again=True)

    def moved(self, match: Match) -> None:
        """The round lesson's round is over: the tutorial judges it (once)."""
        if self._kind == "round" and match.current.is_over and not self._tutorial.solved:
            self._tutorial.finish_round(match.current)

    def finished(self, match: Match) -> Round | Match | None:
        """The round lesson's round, once it is over: the learn app's game, kept in your games."""
        return match.current if self._kind == "round" and match.current.is_over else None

    # --- what the panel says -------------------------------------------------------------------------------
    def refused(self, message: MessageView, refusal: IllegalMove | None) -> MessageView:
        """A refused gesture is answered in the lesson's feedback line, with the rule's quote."""
        if refusal is None:
            self._tutorial.tell(Feedback("info", message.text, "gesture"))
            return MessageView(message.text)
        self._tutorial.refused(refusal)
        return self._refusal_shown()

    def _refusal_shown(self) -> MessageView:
        """The engine's short reason for the refused move on the table; in the lesson's feedback too when the
        lesson has no words of its own for the rule."""
        feedback = self._tutorial.feedback
        said = f"Not allowed: {symbolize(feedback.detail, self.session.rules)}."
        if feedback.text == feedback.detail:
            self._tutorial.tell(replace(feedback, text=said))
        return MessageView(said, "error")

    def turn_words(self) -> tuple[str, str] | None:
        kind = self._kind
        if kind != "round" and self._tutorial.solved:
            return "lesson", "Read what the lesson says, then click Next."
        if kind == "number":
            return "lesson", "The round is over. Count what your expeditions score (your row, just above your hand)."
        if kind == "choice":
            look = "the board" if self.session.round.is_over else "your hand"
            return "lesson", f"Look at {look}, then answer with one of the lesson's buttons."
        return None

    def over_words(self) -> str | None:
        if self._kind != "round" or not self.session.round.is_over:
            return ""
        return "The round is over: see how each side scored."

    def shown(self, view: TableView) -> TableView:
        """The table as the learner sees it: no end-of-round panel but in the round lesson, and the running
        scores hidden while the learner is asked what a board scores."""
        kind = self._kind
        changes: dict[str, Any] = {"rounds": 1, "can_hint": view.can_hint and kind == "round",
                                   "can_review": view.can_review and kind == "round"}
        if kind == "move" and self._tutorial.solved:  # nobody moves after the lesson's move
            changes["can_undo"] = False
            changes["seats"] = tuple(replace(seat, to_move=False) for seat in view.seats)
        if kind != "round":
            changes["round_over"] = None
        elif view.round_over is not None:
            changes["round_over"] = replace(view.round_over, match_over=False, next="Play it again", result="")
        if not self._tutorial.show_scores:
            changes["sides"] = tuple(_hidden_scores(side) for side in view.sides)
            changes["totals"] = tuple(0 for _ in view.totals)
        return replace(view, **changes)

    def panel(self) -> dict[str, Any]:
        """The lesson's view under ``"lesson"``, with what the panel needs beside it."""
        tutorial = self._tutorial
        lesson = tutorial.view()
        rules = self.session.rules
        extra = {
            "solved": tutorial.solved,
            "document": rules.document,
            "rules_title": rules.title,
            "default_rules": rules.name == "expeditions",
            "track_title": TRACK_TITLES.get(tutorial.track, tutorial.track),
            "tracks": [{"value": name, "label": title} for name, title in TRACK_TITLES.items()],
            "lessons": [] if tutorial.track == PUZZLES else  # a dot per lesson; the puzzles are too many for dots
                       [{"id": each.id, "title": each.title, "done": tutorial.progress.is_done(each.id)} for each in tutorial.lessons],
            "finished": tutorial.progress.finished,
            "how": (HOW_TO_MOVE + (" " + HOW_TO_PASS if rules.pass_cards else "")) if lesson.answer == "move" else "",
            "turn_label": "Done" if tutorial.solved else {"number": "Count", "choice": "Decide"}.get(lesson.answer, ""),
        }
        return {"lesson": {**lesson.to_dict(), **extra}}


def _hidden_scores(side: SideView) -> SideView:
    columns = tuple(replace(e, score=0, explain="scored once you have answered") for e in side.expeditions)
    return replace(side, score=0, expeditions=columns)


__all__ = ["HOW_TO_MOVE", "HOW_TO_PASS", "TRACK_TITLES", "LessonHost", "LessonSession"]
