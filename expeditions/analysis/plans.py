"""Plans across suits: which expeditions to play, valued together, and what a third one costs.

A hand has room for about 18 plays, and every expedition needs several of them. ``plan_values``
plays the round out (``rollouts``, the counting policy for both sides) once for every plan: a set
of the suits you hold cards of (or have started) that you play as your expeditions, never laying
any other suit; the counting policy still decides which card to lay when. Every plan is played out
from the same sampled positions, so the plans' differences are measured precisely. Besides each
plan's expected round score, ``costs`` sets every plan beside the same plan with one more suit: what
the added expedition scores, what the plan's own suits lose to it (the plays and cards it takes),
and the net change of your round score, each with its 95% interval.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any, Unpack

import numpy as np

from ..cards import Card
from ..errors import AnalysisError
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import cards_words, suit_mark
from .budget import QUICK, REFINED, Budget, BudgetOptions, budget_of
from .rollouts import Option, Rollouts, answers, last, moving_observation
from .situation import HandLike, observation_for, situations
from .stats import Estimate
from .tables import Cells, TableAnswer, find_row


@dataclass(frozen=True)
class PlanValue:
    """One plan: ``suits`` played (none of the others), ``score`` (your final round score),
    ``difference`` (that minus the other side's), ``against_best`` (paired with the best plan) and
    ``expeditions`` (each planned suit's final expedition score), with 95% intervals."""

    suits: tuple[str, ...]
    score: Estimate
    difference: Estimate
    against_best: Estimate
    expeditions: tuple[tuple[str, Estimate], ...]

    @property
    def name(self) -> str:
        """The plan in suit letters (``H + D``), as ``get`` and ``cost`` take it."""
        return " + ".join(self.suits) if self.suits else "no expedition"

    @property
    def words(self) -> str:
        """The plan as a person reads it: ``♥ + ♦``."""
        return plan_words(self.suits)


def plan_words(suits: Sequence[str]) -> str:
    """Suits played together, with their symbols: ``♥ + ♦`` (``no expedition`` for none)."""
    return " + ".join(map(suit_mark, suits)) if suits else "no expedition"


@dataclass(frozen=True)
class SuitCost:
    """The plan ``plan`` with the suit ``added`` as well: ``change`` of your round score, the added
    expedition's score (``added_score``), how the plan's own expeditions change with it (``others``:
    their scores with it minus without; negative when it takes plays and cards from them) and the
    cards laid on it (``cards``), paired by position."""

    plan: tuple[str, ...]
    added: str
    change: Estimate
    added_score: Estimate
    others: Estimate
    cards: Estimate


@dataclass(frozen=True, repr=False)
class PlanValues(TableAnswer):
    """Every plan over the ``candidates`` (best first) and the cost of every added suit."""

    css = "xp-answer-plans"

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    candidates: tuple[str, ...]
    rows: tuple[PlanValue, ...]
    costs: tuple[SuitCost, ...]
    positions: int
    seconds: float

    @property
    def best(self) -> PlanValue:
        return self.rows[0]

    @property
    def width(self) -> float:
        """The widest 95% half-width of the plans' round scores and of the added suits' changes."""
        return max([r.score.half_width for r in self.rows] + [c.change.half_width for c in self.costs])

    def get(self, suits: str | Sequence[str]) -> PlanValue:
        wanted = tuple(sorted(_suit_list(suits), key=self.rules.suits.index))
        return find_row(self.rows, lambda r: r.suits == wanted, f"no plan {' + '.join(wanted) or 'without expeditions'}: "
                        f"the plans use the suits {' '.join(self.candidates)}")

    def cost(self, plan: str | Sequence[str], added: str) -> SuitCost:
        """What adding ``added`` to ``plan`` does (see ``SuitCost``)."""
        wanted = tuple(sorted(_suit_list(plan), key=self.rules.suits.index))
        return find_row(self.costs, lambda c: c.plan == wanted and c.added == added.upper(),
                        f"no cost of adding {added!r} to {' + '.join(wanted)}: both must be among {' '.join(self.candidates)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"plan": r.name, "suits": len(r.suits), "score": r.score.value, "score_low": r.score.low,
                 "score_high": r.score.high, "difference": r.difference.value, "against_best": r.against_best.value,
                 **{f"expedition {s}": e.value for s, e in r.expeditions}} for r in self.rows]

    def to_frame(self) -> Any:
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    def _cells(self) -> Cells:
        title = (f"Plans of seat {self.seat} holding {cards_words(self.hand)}: the suits played, valued together "
                 f"({self.positions:,} positions, {self.seconds:.1f} s)")
        columns = ["plan", "your round score", "against the best", "your score minus theirs", "its expeditions"]
        lines = [[r.words, r.score.format(), "best" if i == 0 else r.against_best.format(), r.difference.format(),
                  ", ".join(f"{suit_mark(s)} {e.format()}" for s, e in r.expeditions)] for i, r in enumerate(self.rows)]
        largest = max((len(c.plan) for c in self.costs), default=0)
        notes = [f"{plan_words(c.plan)}, then {suit_mark(c.added)} too: {suit_mark(c.added)} scores "
                 f"{c.added_score.format()} on {c.cards.format()} cards, the others change by {c.others.format()}: your "
                 f"round score changes by {c.change.format()}" for c in self.costs if len(c.plan) == largest]
        notes.append("A plan plays its suits as expeditions and never lays another; the counting bot plays the rest "
                     "of the round for both sides. Plans are ranked by your round score; your score minus theirs is "
                     "your round score minus the opponent's. 95% intervals over batches of positions.")
        return title, columns, lines, notes



def _suit_list(suits: str | Sequence[str]) -> list[str]:
    if isinstance(suits, str):
        return [s for s in suits.upper().replace("+", " ").split() if s] if " " in suits or "+" in suits else list(suits.upper())
    return [s.upper() for s in suits]


def candidate_suits(observation: Observation) -> tuple[str, ...]:
    """The suits a plan may use: those the seat has started or holds a card of that may go down."""
    return tuple(s.suit for s in situations(observation).values() if s.started or s.can_start_now)


def summarize(collected: Rollouts, plans: Sequence[tuple[str, ...]], hand: tuple[Card, ...],
              candidates: tuple[str, ...]) -> PlanValues:
    obs = collected.observation
    rules = obs.rules
    own = [collected.own(j) for j in range(len(plans))]
    best = int(np.argmax([o.mean() for o in own]))
    rows = []
    for j, plan in enumerate(plans):
        exps = tuple((s, collected.mean(collected.data["expeditions"][j][:, rules.suits.index(s)])) for s in plan)
        rows.append(PlanValue(plan, collected.mean(own[j]), collected.mean(collected.difference(j)),
                              Estimate.exact(0.0) if j == best else collected.mean(own[j] - own[best]), exps))
    index = {plan: j for j, plan in enumerate(plans)}
    costs = []
    for plan in plans:
        for added in candidates:
            if added in plan or not plan:
                continue
            bigger = tuple(s for s in rules.suits if s in plan or s == added)
            j, k = index[plan], index[bigger]
            e_small, e_big = collected.data["expeditions"][j], collected.data["expeditions"][k]
            a = rules.suits.index(added)
            others = sum(e_big[:, rules.suits.index(s)] - e_small[:, rules.suits.index(s)] for s in plan)
            costs.append(SuitCost(plan, added, collected.mean(own[k] - own[j]), collected.mean(e_big[:, a]),
                                  collected.mean(others), collected.mean(collected.data["cards"][k][:, a])))
    rows.sort(key=lambda r: -r.score.value)
    return PlanValues(rules, obs.seat, hand, candidates, tuple(rows), tuple(costs), collected.positions, collected.seconds)


def iter_plan_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                     suits: Sequence[str] | None = None,
                     budget: Budget | None = None, on_update: Callable[[PlanValues], None] | None = None,
                     **limits: Unpack[BudgetOptions]) -> Iterator[PlanValues]:
    """``plan_values``, ever more precise (see ``iter_move_values``)."""
    obs = moving_observation(observation_for(what, rules, seat))
    candidates = candidate_suits(obs) if suits is None else tuple(s.upper() for s in suits)
    unknown = [s for s in candidates if s not in obs.rules.suits]
    if unknown:
        raise AnalysisError(f"{' '.join(unknown)} are not suits of the {obs.rules.name} rules: {' '.join(obs.rules.suits)}")
    candidates = tuple(s for s in obs.rules.suits if s in candidates)
    plans = [tuple(p) for k in range(len(candidates) + 1) for p in combinations(candidates, k)]
    options = tuple(Option(" + ".join(p) or "no expedition", allowed=p, committed=p) for p in plans)
    return answers(obs, options, lambda c: summarize(c, plans, obs.hand, candidates), lambda v: v.width,
                   budget_of(REFINED, budget, limits), description="plans", on_update=on_update)


def plan_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                suits: Sequence[str] | None = None,
                budget: Budget | None = None, on_update: Callable[[PlanValues], None] | None = None,
                **limits: Unpack[BudgetOptions]) -> PlanValues:
    """Plans across suits: every set of the ``suits`` (default: those started or held) played as your
    expeditions for the rest of the round, valued together, and the cost of adding each suit to each
    plan; until every interval counted is within ``±precision`` or ``time_limit`` seconds."""
    return last(iter_plan_values(what, rules, seat=seat, suits=suits, budget=budget_of(QUICK, budget, limits), on_update=on_update))
