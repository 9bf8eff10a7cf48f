"""What a lesson is, what its task asks, and how the engine judges an answer.

A lesson is a prepared position of one rule set, two or three sentences in plain words, the rules
it teaches (keys of the rule set's quotes, so ``rules.quote(key)`` gives the document's own words)
and one task. Four kinds of task:

- ``MoveTask``: make a move on the lesson's position. The engine plays it: a refused move is
  answered with the lesson's words for the engine's rule key and the rule document's quote; a
  legal move is right when it matches the task's ``right`` condition (on the move and on the round
  after it), else it falls to the first matching ``wrong`` case, the last of which takes every
  move left;
- ``NumberTask``: say what a finished board scores. The scoring rules compute the answer; the
  usual slips (forgetting the cost, the multiplier or the bonus, charging an unstarted
  expedition, scoring by other rules) are computed too, so a wrong number can be named;
- ``ChoiceTask``: pick one option. A judge computes the right one when the lesson is checked:
  the expected values (``start-value``), the match rules (``next-starter``, ``match-over``);
- ``RoundTask``: play a whole round from the lesson's deal; done when the round is over;
- ``PuzzleTask``: find the best move of a puzzle (``lessons.puzzles``), judged from the figures the analyst
  found when the puzzle was mined: what the best move gains, what the move tried costs.

Nothing is judged by comparing texts.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from ..arguments import shown
from ..cards import SUITS, Card
from ..errors import IllegalMove, LessonError
from ..moves import Move
from ..round import Round
from ..rules import Rules
from ..rules import rules as rules_with
from ..scoring import BoardScore, score_board
from .judges import Judgement, judge
from .puzzles import Puzzle, feedback_words, puzzle_figures, task_words

FeedbackKind = Literal["right", "wrong", "info"]
AnswerKind = Literal["move", "number", "choice", "round"]


@dataclass(frozen=True)
class Feedback:
    """What a learner is told about one answer.

    ``kind``: ``"right"``, ``"wrong"`` or ``"info"`` (neither: a shown answer, a round still being
    played); ``text``: the lesson's words; ``case``: which case of the task gave it (``"right"``,
    ``"refused"``, ``"shown"``, the name of a wrong case or of a mistake, ``"other"``); ``rule``:
    the rule key behind it and ``quote`` the rule document's own words for it; ``detail``: the
    engine's own message for a refused move; ``reveal``: lines shown once the task is done (a
    score step by step, the expected values), in plain words; ``figures``: the exact figures behind
    them, for the curious (intervals, the models' names), shown folded.
    """

    kind: FeedbackKind
    text: str
    case: str
    rule: str = ""
    quote: str = ""
    detail: str = ""
    reveal: tuple[str, ...] = ()
    figures: tuple[str, ...] = ()

    @property
    def right(self) -> bool:
        return self.kind == "right"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "case": self.case, "rule": self.rule, "quote": self.quote,
                "detail": self.detail, "reveal": list(self.reveal), "figures": list(self.figures)}

    def __str__(self) -> str:
        return self.text


DRAWS = ("deck", "pile", "none")
"""What ``MoveMatch.draw`` takes besides a suit letter: off the deck, off any pile, no draw."""


@dataclass(frozen=True)
class MoveMatch:
    """A condition on a move and the round after it; every field left ``None`` (or empty) matches all.

    ``kind``: ``"play"``, ``"discard"`` or ``"pass"``; ``cards``: the move's card is one of these;
    ``suit``: the card's suit; ``investment``: the card is (or is not) an investment; ``starts``: the
    play starts an expedition (its suit was empty on the mover's side); ``draw``: ``"deck"``,
    ``"pile"`` (any pile), ``"none"`` or a suit letter (that suit's pile); ``ends``: the move ends
    the round (or not); ``end_reason``: it ends the round for this reason (``"deck"``, ``"stall"``...).
    """

    kind: str | None = None
    cards: tuple[Card, ...] = ()
    suit: str | None = None
    investment: bool | None = None
    starts: bool | None = None
    draw: str | None = None
    ends: bool | None = None
    end_reason: str | None = None

    @property
    def matches_everything(self) -> bool:
        return self == MoveMatch()

    def matches(self, before: Round, move: Move, after: Round) -> bool:
        card = move.card
        if self.kind is not None and move.kind != self.kind:
            return False
        if self.cards and not any(c in self.cards for c in move.cards):
            return False
        if self.suit is not None and card.suit != self.suit:
            return False
        if self.investment is not None and card.is_investment != self.investment:
            return False
        if self.starts is not None:
            seat = before.to_move
            starts = (move.kind == "play" and seat is not None
                      and not before.expedition(before.rules.side_of(seat), card.suit))
            if starts != self.starts:
                return False
        if self.draw is not None and _draw_word(move) != self.draw and move.draw != self.draw:
            return False
        if self.ends is not None and after.is_over != self.ends:
            return False
        return self.end_reason is None or after.end_reason == self.end_reason


def _draw_word(move: Move) -> str:
    return "none" if move.draw is None else "deck" if move.draw == "deck" else "pile"


@dataclass(frozen=True)
class Says:
    """Words for one outcome, and the rule key whose quote goes with them (``""`` for none)."""

    text: str
    rule: str = ""


@dataclass(frozen=True)
class Case:
    """A legal move that is not the task: when it applies, and what the lesson says to it."""

    name: str
    when: MoveMatch
    says: Says


def _feedback(kind: FeedbackKind, says: Says, case: str, rules: Rules, facts: Mapping[str, str] | None = None,
              reveal: tuple[str, ...] = (), figures: tuple[str, ...] = ()) -> Feedback:
    text = says.text.format_map(facts) if facts is not None else says.text
    return Feedback(kind, text, case, says.rule, rules.quote(says.rule), reveal=reveal, figures=figures)


def placeholders(text: str) -> set[str]:
    """The ``{names}`` a lesson text fills in from what its check computed."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@dataclass(frozen=True)
class MoveTask:
    """Make a move on the lesson's position (see the module docs). ``show`` is a right move;
    ``refused`` maps an engine rule key to the lesson's words for a move refused by that rule."""

    text: str
    right: MoveMatch
    right_says: Says
    show: Move
    wrong: tuple[Case, ...]
    refused: tuple[tuple[str, str], ...] = ()
    answer: ClassVar[AnswerKind] = "move"
    facts: ClassVar[frozenset[str]] = frozenset()

    def check(self, lesson: Lesson, move: Move | str) -> Feedback:
        parsed = Move.parse(move)
        before = lesson.position
        try:
            after = before.play(parsed)
        except IllegalMove as refusal:
            return lesson.refusal(refusal)
        if self.right.matches(before, parsed, after):
            return _feedback("right", self.right_says, "right", lesson.rules)
        for case in self.wrong:
            if case.when.matches(before, parsed, after):
                return _feedback("wrong", case.says, case.name, lesson.rules)
        return Feedback("wrong", f"That move is allowed, but it is not the task: {self.text}", "other")


MISTAKES = ("forgot-cost", "forgot-multiplier", "forgot-bonus", "multiplied-bonus", "charged-unstarted", "other-rules")
"""The slips a ``NumberTask`` can name: forgetting the cost, the multiplier or the bonus, multiplying
the bonus too, charging the cost for an expedition never started, or scoring by other rules."""


@dataclass(frozen=True)
class Mistake:
    """A wrong score the lesson recognises: the slip that gives it, and what the lesson says to it.
    ``overrides`` are the other rules of an ``"other-rules"`` slip (like ``bonus_at=6``)."""

    name: str
    says: Says
    overrides: tuple[tuple[str, Any], ...] = ()

    def value(self, cards: tuple[Card, ...], rules: Rules) -> int:
        """The score this slip gives for a side's expedition cards."""
        if self.name == "other-rules":
            return score_board(cards, rules_with(rules, **dict(self.overrides))).total
        board = score_board(cards, rules)
        started = [e for e in board.expeditions if e.started]
        if self.name == "forgot-cost":
            return sum(e.numbers_total * e.multiplier + e.bonus for e in started)
        if self.name == "forgot-multiplier":
            return sum(e.before_multiplier + e.bonus for e in started)
        if self.name == "forgot-bonus":
            return sum(e.multiplied for e in started)
        if self.name == "multiplied-bonus":
            return sum((e.before_multiplier + e.bonus) * e.multiplier for e in started)
        if self.name == "charged-unstarted":
            return board.total - rules.cost * (len(board.expeditions) - len(started))
        raise LessonError(f"{self.name!r} is not a mistake a score check knows; they are {', '.join(MISTAKES)}")


@dataclass(frozen=True)
class NumberTask:
    """Say what one side's expeditions score (the lesson's position is a finished board)."""

    text: str
    right_says: Says
    wrong_says: Says
    mistakes: tuple[Mistake, ...] = ()
    side: int = 0
    answer: ClassVar[AnswerKind] = "number"
    facts: ClassVar[frozenset[str]] = frozenset({"score"})

    def cards(self, lesson: Lesson) -> tuple[Card, ...]:
        return tuple(c for exp in lesson.position.expeditions(self.side).values() for c in exp)

    def board(self, lesson: Lesson) -> BoardScore:
        return score_board(self.cards(lesson), lesson.rules)

    def right_answer(self, lesson: Lesson) -> int:
        return self.board(lesson).total

    def reveal(self, lesson: Lesson) -> tuple[str, ...]:
        board = self.board(lesson)
        lines = [f"{SUITS[e.suit].name}: {e.explain() if e.started else 'not started, 0'}" for e in board.expeditions]
        return (*lines, f"total: {board.total}")

    def check(self, lesson: Lesson, answer: int | str) -> Feedback:
        number = _number(answer)
        right = self.right_answer(lesson)
        facts = {"score": str(right)}
        if number == right:
            return _feedback("right", self.right_says, "right", lesson.rules, facts, self.reveal(lesson))
        cards = self.cards(lesson)
        for mistake in self.mistakes:
            if mistake.value(cards, lesson.rules) == number:
                return _feedback("wrong", mistake.says, mistake.name, lesson.rules, facts)
        return _feedback("wrong", self.wrong_says, "other", lesson.rules, facts)


SCORE_DIGITS = 6
"""The most digits a score answer may have (a board of any rule set scores well within them)."""


def _number(answer: int | str) -> int:
    """The whole number an answer gives: an int, or a text of at most ``SCORE_DIGITS`` decimal digits with an
    optional sign (``-``, the typographic ``−`` or ``+``); anything else is refused in words, whatever its length."""
    accepted = f"answer with a whole number of at most {SCORE_DIGITS} digits, like 38 or -24"
    if isinstance(answer, bool) or not isinstance(answer, int | str):
        raise LessonError(f"{shown(answer)} is not a score: {accepted}")
    if isinstance(answer, int):
        if abs(answer) >= 10**SCORE_DIGITS:
            raise LessonError(f"{shown(answer)} is not a score: {accepted}")
        return answer
    text = answer.strip()
    signed = text[:1] in ("-", "−", "+")
    digits = text[1:] if signed else text
    # isdecimal, not isdigit: "²" and "①" are digits that int() cannot read; the decimal digits of any script can be
    if not digits or len(digits) > SCORE_DIGITS or not digits.isdecimal():
        raise LessonError(f"{shown(text)} is not a score: {accepted}")
    return -int(digits) if text[:1] in ("-", "−") else int(digits)


@dataclass(frozen=True)
class Option:
    """One answer of a choice: ``value`` is what the check compares, ``label`` what a button shows."""

    value: str
    label: str


@dataclass(frozen=True)
class ChoiceTask:
    """Pick one option; ``judge`` (a name of ``judges.JUDGES``) computes the right one when the lesson
    is checked, with ``judge_args`` (like the suit and the model of the expected values)."""

    text: str
    options: tuple[Option, ...]
    judge: str
    right_says: Says
    wrong_says: Says
    judge_args: tuple[tuple[str, Any], ...] = ()
    answer: ClassVar[AnswerKind] = "choice"

    def judgement(self, lesson: Lesson) -> Judgement:
        return judge(self.judge, lesson, self.judge_args)

    def check(self, lesson: Lesson, answer: str) -> Feedback:
        values = [o.value for o in self.options]
        chosen = answer.strip().lower() if isinstance(answer, str) else answer
        if chosen not in values:
            raise LessonError(f"{answer!r} is not one of the answers: {', '.join(values)}")
        judged = self.judgement(lesson)
        if chosen == judged.answer:
            return _feedback("right", self.right_says, "right", lesson.rules, judged.facts, judged.reveal, judged.figures)
        return _feedback("wrong", self.wrong_says, "other", lesson.rules, judged.facts)


@dataclass(frozen=True)
class RoundTask:
    """Play a whole round from the lesson's deal against ``opponent`` (a name of ``advice.LEVELS``),
    with hints on or off; a game session hosts it and hands the round back when it is over."""

    text: str
    opponent: str
    right_says: Says
    hints: bool = True
    refused: tuple[tuple[str, str], ...] = ()
    answer: ClassVar[AnswerKind] = "round"
    facts: ClassVar[frozenset[str]] = frozenset({"you", "opponent"})

    def check(self, lesson: Lesson, played: Round) -> Feedback:
        if not isinstance(played, Round):
            raise LessonError(f"this lesson is answered with the round played from its deal, not {type(played).__name__}")
        if played.rules != lesson.rules or played.start != lesson.position.start:
            raise LessonError(f"that round was not dealt by lesson {lesson.id!r}: start it from lesson.position")
        if not played.is_over:
            return Feedback("info", f"The round is still on: {played.deck_size} cards are left in the deck.", "not-over")
        scores = played.scores()
        facts = {"you": str(scores[lesson.rules.side_of(lesson.seat)]), "opponent": str(scores[1 - lesson.rules.side_of(lesson.seat)])}
        return _feedback("right", self.right_says, "right", lesson.rules, facts)


@dataclass(frozen=True)
class PuzzleTask:
    """Find the best move of ``puzzle``: right when it is the best move (or the same move with the other copy of its
    card); any other legal move is answered with what it costs against the best (``puzzles.feedback_words``)."""

    puzzle: Puzzle
    answer: ClassVar[AnswerKind] = "move"
    refused: ClassVar[tuple[tuple[str, str], ...]] = ()

    @property
    def text(self) -> str:
        return task_words(self.puzzle)

    @property
    def show(self) -> Move:
        return self.puzzle.best

    def check(self, lesson: Lesson, move: Move | str) -> Feedback:
        parsed = Move.parse(move)
        try:
            lesson.position.check(parsed)
        except IllegalMove as refusal:
            return lesson.refusal(refusal)
        right, words = feedback_words(self.puzzle, parsed)
        return Feedback("right" if right else "wrong", words, "right" if right else "other",
                        figures=puzzle_figures(self.puzzle))


Task = MoveTask | NumberTask | ChoiceTask | RoundTask | PuzzleTask


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``id``, ``title``, ``text`` (plain words), the ``rules`` it is played by, the rule
    keys it ``teaches``, its prepared ``position`` (the learner is ``seat`` 0) and its ``task``."""

    id: str
    title: str
    text: str
    rules: Rules
    teaches: tuple[str, ...]
    position: Round = field(compare=False)
    task: Task
    track: str
    seat: int = 0

    @property
    def rule_set(self) -> str:
        return self.rules.name

    @property
    def answer(self) -> AnswerKind:
        """What the task is answered with: ``"move"``, ``"number"``, ``"choice"`` or ``"round"``."""
        return self.task.answer

    @property
    def task_text(self) -> str:
        """The task in words, with the numbers it names computed (a choice's judge fills them in)."""
        task = self.task
        if isinstance(task, ChoiceTask) and placeholders(task.text):
            return task.text.format_map(task.judgement(self).facts)
        return task.text

    def quotes(self) -> tuple[tuple[str, str], ...]:
        """The rule document's own words for each rule the lesson teaches."""
        return tuple((key, self.rules.quote(key)) for key in self.teaches)

    def check(self, answer: Move | str | int | Round) -> Feedback:
        """Judge an answer: a move (or its text) for a move task, a whole number for a score, an
        option's value for a choice, the finished round for a round task."""
        task = self.task
        if isinstance(task, MoveTask | PuzzleTask):
            if not isinstance(answer, Move | str):
                raise LessonError(f"lesson {self.id!r} is answered with a move, like '{task.show}'")
            return task.check(self, answer)
        if isinstance(task, NumberTask):
            if not isinstance(answer, int | str):
                raise LessonError(f"lesson {self.id!r} is answered with a whole number")
            return task.check(self, answer)
        if isinstance(task, ChoiceTask):
            if not isinstance(answer, str):
                raise LessonError(f"lesson {self.id!r} is answered with one of: {', '.join(o.value for o in task.options)}")
            return task.check(self, answer)
        if not isinstance(answer, Round):
            raise LessonError(f"lesson {self.id!r} is answered with the round played from its deal")
        return task.check(self, answer)

    def show_me(self) -> Move | int | str | None:
        """A right answer: the task's move, the score, the right option (``None`` for a round task,
        where the table's hints show the way)."""
        task = self.task
        if isinstance(task, MoveTask | PuzzleTask):
            return task.show
        if isinstance(task, NumberTask):
            return task.right_answer(self)
        if isinstance(task, ChoiceTask):
            return task.judgement(self).answer
        return None

    def refusal(self, refusal: IllegalMove) -> Feedback:
        """The feedback for a move the engine refused: the lesson's words for its rule when it has
        them (else the engine's message), with the rule document's quote."""
        words = dict(self.task.refused).get(refusal.rule, "") if isinstance(self.task, MoveTask | RoundTask | PuzzleTask) else ""
        return Feedback("wrong", words or str(refusal), "refused", refusal.rule, refusal.quote, detail=str(refusal))

    def after(self, answer: Move | str) -> Round:
        """The lesson's position after a move (the position itself for a move the engine refuses)."""
        return self.position.play(answer) if self.position.is_legal(answer) else self.position

    def __repr__(self) -> str:
        return f"<Lesson {self.id}: {self.title} ({self.rules.name}, {self.answer})>"
