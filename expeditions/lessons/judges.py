"""The judges of choice tasks: each computes the right option from the engine when a lesson is checked.

- ``start-value``: "is it worth starting this suit now?" is ``"yes"`` when the expected values
  (``analysis.start_values``, by the lesson's model, the suit simulation unless it names another)
  expect the expedition to score more than the 0 of leaving it; the facts are the model's value
  (``{value}``) and the exact ceiling's (``{ceiling}``) in plain words ("about 14 points (give or
  take 0.2)"), and the plays left to the learner (``{plays}``); the exact figures, with their
  intervals and the models' names, come as the feedback's ``figures`` (shown folded);
- ``next-starter``: who starts the next round after the lesson's finished round, by the match rules
  of the rule set (``Match.starter_of_next``): ``"you"`` or ``"opponent"``;
- ``match-over``: after ``rounds`` rounds that each ended as the lesson's finished round, is the
  match over (``Match.is_over``)? ``"yes"`` or ``"no"``; the facts are the totals (``{you}``,
  ``{opponent}``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from ..cards import SUITS
from ..errors import LessonError
from ..estimate import Estimate
from ..match import Match, match_of
from .model import ChoiceTask, Lesson


@dataclass(frozen=True)
class Judgement:
    """The right option of a choice, the facts its feedback may name, and lines shown once it is done."""

    answer: str
    facts: dict[str, str]
    reveal: tuple[str, ...] = ()
    figures: tuple[str, ...] = ()


@dataclass(frozen=True)
class JudgeSpec:
    """A judge: its options, the arguments it takes (name -> type) and the facts its words may name."""

    options: frozenset[str]
    args: dict[str, type]
    required: frozenset[str]
    facts: frozenset[str]
    run: Callable[[Lesson], Judgement]


def _args(lesson: Lesson) -> dict[str, object]:
    assert isinstance(lesson.task, ChoiceTask)
    return dict(lesson.task.judge_args)


def _start_value(lesson: Lesson) -> Judgement:
    try:  # here, not above: the other lessons need no numpy (the edition in the browser has none)
        from .. import analysis
    except ModuleNotFoundError as missing:
        from .ahead import stored_judgement  # computed ahead by the build of the edition in the browser

        return stored_judgement(lesson, missing)
    args = _args(lesson)
    suit = str(args["suit"])
    model = str(args.get("model", "suit"))
    values = analysis.start_values(lesson.position, seat=lesson.seat, models=tuple(dict.fromkeys((model, "exact"))))
    row = values.get(suit, model)
    ceiling = values.get(suit, "exact")
    name = SUITS[suit].name
    facts = {"value": row.value.plain(), "ceiling": ceiling.value.plain(), "suit": name, "plays": str(values.outlook.plays)}
    reveal = (f"{name.capitalize()} started now: on average {row.value.plain()}, counted by "
              f"{HOW[row.model].format(suit=name)}.",
              f"The best case, every {name[:-1]} that reaches you laid in order: {ceiling.value.plain()}.",
              f"{name.capitalize()} left alone: 0.")
    figures = (f"{name} started now: {row.value.format()} points, with its 95% interval "
               f"({analysis.MODELS[row.model]}{_samples(row.value)})",
               f"the best case: {ceiling.value.format(2)} points ({analysis.MODELS['exact']}, counted exactly)")
    return Judgement("yes" if row.gain.value > 0 else "no", facts, reveal, figures)


HOW = {"exact": "counting every way the {suit} still to come can reach you, each laid in order",
       "suit": "dealing the {suit} still to come to you in a random order, many times over",
       "rollout": "playing the rest of the round out many times"}
"""How each model of the expected values counts, in a learner's words."""


def _samples(e: Estimate) -> str:
    return f", {e.samples:,} deals" if e.samples else ""


def _finished(lesson: Lesson) -> None:
    if not lesson.position.is_over:
        raise LessonError(f"lesson {lesson.id!r}: this judge needs a finished round as its position")


def _next_starter(lesson: Lesson) -> Judgement:
    _finished(lesson)
    match = match_of(lesson.position)
    starter = match.starter_of_next()
    return Judgement("you" if starter == lesson.seat else "opponent", _totals(lesson, match))


def _match_over(lesson: Lesson) -> Judgement:
    _finished(lesson)
    rounds = int(str(_args(lesson)["rounds"]))
    match = Match(lesson.rules, None, 0, (), (lesson.position,) * rounds)
    return Judgement("yes" if match.is_over else "no", _totals(lesson, match))


def _totals(lesson: Lesson, match: Match) -> dict[str, str]:
    mine = lesson.rules.side_of(lesson.seat)
    return {"you": str(match.totals[mine]), "opponent": str(match.totals[1 - mine])}


JUDGES: dict[str, JudgeSpec] = {
    "start-value": JudgeSpec(frozenset({"yes", "no"}), {"suit": str, "model": str}, frozenset({"suit"}),
                             frozenset({"value", "ceiling", "suit", "plays"}), _start_value),
    "next-starter": JudgeSpec(frozenset({"you", "opponent"}), {}, frozenset(), frozenset({"you", "opponent"}), _next_starter),
    "match-over": JudgeSpec(frozenset({"yes", "no"}), {"rounds": int}, frozenset({"rounds"}), frozenset({"you", "opponent"}),
                            _match_over),
}
"""Every judge by name."""


@lru_cache(maxsize=64)
def judge(lesson: Lesson) -> Judgement:
    """The judgement of a choice lesson (computed once per lesson: the expected values take a moment)."""
    if not isinstance(lesson.task, ChoiceTask):
        raise LessonError(f"lesson {lesson.id!r} is not a choice")
    return JUDGES[lesson.task.judge].run(lesson)
