"""The judges of choice tasks: each computes the right option from the engine when a lesson is checked.

- ``start-value``: "is it worth starting this suit now?" is ``"yes"`` when the expected values
  (``analysis.start_values``, by the lesson's model: the round played out, model 3, unless it names
  another) expect laying the suit's lowest card now to gain against never playing the suit: in model
  3 on the score difference (your score minus the opponent's, what wins the round: the measure the
  hints and the explorer's answer use), in models 1 and 2 on your round score; the facts are the
  model's value of the expedition (``{value}``), what starting gains (``{gain}``) and the exact
  ceiling (``{ceiling}``: the best case, a ceiling and not an expectation) in plain words ("about 9
  points (give or take 0.8)"), and the plays left to the learner (``{plays}``); the exact figures,
  with their intervals and the models' names, come as the feedback's ``figures`` (shown folded);
- ``next-starter``: who starts the next round after the lesson's finished round, by the match rules
  of the rule set (``Match.starter_of_next``): ``"you"`` or ``"opponent"``;
- ``match-over``: after ``rounds`` rounds that each ended as the lesson's finished round, is the
  match over (``Match.is_over``)? ``"yes"`` or ``"no"``; the facts are the totals (``{you}``,
  ``{opponent}``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from ..cards import SUITS
from ..edition import installed_only
from ..errors import LessonError
from ..estimate import Estimate
from ..match import Match, match_of
from ..round import Round
from ..rules import Rules
from .files import fingerprint, stored_entry


class Judged(Protocol):
    """What a judge reads of a choice lesson (a ``model.Lesson``): its id, rule set, seat and position."""

    @property
    def id(self) -> str: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def seat(self) -> int: ...

    @property
    def position(self) -> Round: ...


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
    run: Callable[[Judged, dict[str, Any]], Judgement]


def judgement_key(lesson: Judged, name: str, args: dict[str, Any]) -> str:
    """What the judgement of judge ``name`` with ``args`` on ``lesson`` is computed from, as a short hash: the
    lesson's id, rule set, position, seat, the judge and its arguments (the key of a judgement computed ahead)."""
    return fingerprint({"id": lesson.id, "rules": lesson.rules.name, "position": json.loads(lesson.position.to_json()),
                        "seat": lesson.seat, "judge": name, "args": sorted([k, str(v)] for k, v in args.items())})


def stored_judgement(lesson: Judged, name: str, args: dict[str, Any], missing: ModuleNotFoundError) -> Judgement:
    """The judgement of judge ``name`` with ``args`` on ``lesson`` computed ahead by the site's build (the edition
    in the browser, which has no numpy); without one (none, or the lesson changed since), ``missing`` in words."""
    found = stored_entry(judgement_key(lesson, name, args))
    if found is None:
        raise installed_only(missing, f"The judgement of the lesson {lesson.id!r}", "learn")
    return Judgement(found["answer"], dict(found["facts"]), tuple(found["reveal"]), tuple(found["figures"]))


def _start_value(lesson: Judged, args: dict[str, Any]) -> Judgement:
    from .. import analysis  # the expected values (numpy): loaded when a lesson asks for them

    try:
        start_values, models = analysis.start_values, analysis.MODELS
    except ModuleNotFoundError as missing:  # the edition in the browser has no numpy: computed ahead by its build
        return stored_judgement(lesson, "start-value", args, missing)
    suit = str(args["suit"])
    model = str(args.get("model", "rollout"))
    values = start_values(lesson.position, seat=lesson.seat, models=tuple(dict.fromkeys((model, "exact"))))
    row = values.get(suit, model, "lay")
    ceiling = values.get(suit, "exact", "lay")
    measure = "difference" if row.model == "rollout" and lesson.rules.sides > 1 else "score"
    gain = row.added("never", measure) or row.gain
    on = MEASURE_WORDS[measure]
    name = SUITS[suit].name
    facts = {"value": row.value.plain(), "gain": gain.plain(), "ceiling": ceiling.value.plain(), "suit": name,
             "plays": str(values.outlook.plays)}
    reveal = (f"{name.capitalize()} started now: the expedition ends on average at {row.value.plain()}, counted by "
              f"{HOW[row.model].format(suit=name)}; starting gains {gain.plain()} in {on} against leaving "
              f"{name} alone.",
              f"The best case, every {name[:-1]} that reaches you laid in order, is {ceiling.value.plain()}: a ceiling, "
              "not what to expect, since your other suits and the opponent compete for your plays.")
    figures = (f"{name} started now: the expedition {row.value.format()} points, the gain against never "
               f"{gain.format()} in {on}, with their 95% intervals ({models[row.model]}{_samples(row.value)})",
               f"the best case: {ceiling.value.format(2)} points ({models['exact']}, counted exactly)")
    return Judgement("yes" if gain.value > 0 else "no", facts, reveal, figures)


MEASURE_WORDS = {"difference": "your score minus the opponent's", "score": "your round score"}
"""What a gain is counted in, in a learner's words."""


HOW = {"exact": "counting every way the {suit} still to come can reach you, each laid in order",
       "suit": "dealing the {suit} still to come to you in a random order, many times over",
       "rollout": "playing the rest of the round out many times"}
"""How each model of the expected values counts, in a learner's words."""


def _samples(e: Estimate) -> str:
    return f", {e.samples:,} deals" if e.samples else ""


def _finished(lesson: Judged) -> None:
    if not lesson.position.is_over:
        raise LessonError(f"lesson {lesson.id!r}: this judge needs a finished round as its position")


def _next_starter(lesson: Judged, args: dict[str, Any]) -> Judgement:
    _finished(lesson)
    match = match_of(lesson.position)
    starter = match.starter_of_next()
    return Judgement("you" if starter == lesson.seat else "opponent", _totals(lesson, match))


def _match_over(lesson: Judged, args: dict[str, Any]) -> Judgement:
    _finished(lesson)
    rounds = int(str(args["rounds"]))
    match = Match(lesson.rules, None, 0, (), (lesson.position,) * rounds)
    return Judgement("yes" if match.is_over else "no", _totals(lesson, match))


def _totals(lesson: Judged, match: Match) -> dict[str, str]:
    mine = lesson.rules.side_of(lesson.seat)
    return {"you": str(match.totals[mine]), "opponent": str(match.totals[1 - mine])}


JUDGES: dict[str, JudgeSpec] = {
    "start-value": JudgeSpec(frozenset({"yes", "no"}), {"suit": str, "model": str}, frozenset({"suit"}),
                             frozenset({"value", "gain", "ceiling", "suit", "plays"}), _start_value),
    "next-starter": JudgeSpec(frozenset({"you", "opponent"}), {}, frozenset(), frozenset({"you", "opponent"}), _next_starter),
    "match-over": JudgeSpec(frozenset({"yes", "no"}), {"rounds": int}, frozenset({"rounds"}), frozenset({"you", "opponent"}),
                            _match_over),
}
"""Every judge by name."""


@lru_cache(maxsize=64)
def judge(name: str, lesson: Judged, args: tuple[tuple[str, Any], ...]) -> Judgement:
    """The judgement of judge ``name`` (with its ``args``) on a choice lesson (computed once per lesson: the
    expected values take a moment)."""
    return JUDGES[name].run(lesson, dict(args))
