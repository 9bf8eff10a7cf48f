"""How many more cards of a suit do I need to break even? ``break_even``.

For each suit, a curve over the cards still to come: if exactly ``k`` more of the suit's numbers
reach your hand (any ``k`` of those you have not seen that could still go down, each set as likely
as any other), what does the expedition score, how often does it reach 0 or more (it *breaks even*:
its cards pay the cost), and how often the bonus; beside it, the chance that at least ``k`` of them
reach you in time, from the plays you have left. The smallest ``k`` whose expected score is 0 or
more is the number you *need*; the smallest with which every set of ``k`` breaks even makes you
*sure*.

What the seat sees is all it uses: its expedition of the suit (the numbers below its top are gone),
the cards of the suit in its hand (its investments are laid, unless ``investments`` says otherwise),
and the unseen cards. The cards are laid as model 1 lays them (``exact.ceiling_scores``): every card
that comes is laid, as if in order (a ceiling: in play a low card that comes after a higher one is
lost), the highest kept when the plays left run short.

The curve is exact: every set of arriving cards is enumerated (at most ``2 ** exact.MAX_UNSEEN_CARDS``
sets a suit, which every rule set here stays within); with ``exact=False`` (or more unseen cards of
one suit than that) it is estimated from random sets, with 95% intervals. The chance that ``k`` reach
you is always exact (the hypergeometric law: your draws in time are a random part of the unseen
cards).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any, Unpack

import numpy as np

from ..cards import Card
from ..engine import fits
from ..errors import AnalysisError
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import cards_words, suit_mark
from .budget import Budget, BudgetOptions, budget_of
from .exact import MAX_UNSEEN_CARDS, arrival_chance_by_count, ceiling_scores, check_investments
from .rollouts import last
from .situation import HandLike, SuitSituation, observation_for, situations
from .stats import Estimate, IntArray, mean_estimate, proportion_estimate
from .tables import find_row, html_table, text_table


@dataclass(frozen=True)
class BreakEvenPoint:
    """``more`` of the suit's numbers reach you: the expedition's expected final ``score``, the chance
    that it ends at 0 or more (``even``) and with the bonus (``bonus``), and the chance that at least
    ``more`` of them reach you in time (``reach``, exact)."""

    more: int
    score: Estimate
    even: Estimate
    bonus: Estimate
    reach: Estimate


@dataclass(frozen=True)
class SuitBreakEven:
    """The curve of one suit: ``laid`` (the expedition), ``held`` (the cards of the suit in hand that
    may still go down), ``investments`` (on the expedition at the end), ``to_come`` (its numbers not
    seen yet that may still go down), one ``points`` entry per count of them, from 0 to all;
    ``expected_more``: how many of them reach you in time on average."""

    suit: str
    laid: tuple[Card, ...]
    held: tuple[Card, ...]
    investments: int
    to_come: tuple[Card, ...]
    points: tuple[BreakEvenPoint, ...]
    expected_more: float
    exact: bool

    @property
    def needed(self) -> int | None:
        """The fewest more numbers whose expected score is 0 or more (``None``: not even all of them)."""
        return next((p.more for p in self.points if p.score.value >= 0), None)

    @property
    def sure(self) -> int | None:
        """The fewest more numbers with which the expedition breaks even whichever they are (``None``: never)."""
        return next((p.more for p in self.points if p.even.value >= 1), None)

    def point(self, more: int) -> BreakEvenPoint:
        return find_row(self.points, lambda p: p.more == more,
                        f"{more} more cards of {self.suit} cannot come: from 0 to {len(self.to_come)} can")

    @property
    def sentence(self) -> str:
        """The answer in words, with suit symbols and the numbers of the curve."""
        suit = suit_mark(self.suit)
        have = [f"{cards_words(self.laid)} laid" if self.laid else "", f"{cards_words(self.held)} in hand" if self.held else ""]
        what = " and ".join(h for h in have if h) or "nothing of it yet"
        invest = f", {self.investments} investment{'s' if self.investments != 1 else ''}" if self.investments else ""
        head = f"{suit} ({what}{invest})"
        to_come = len(self.to_come)
        needed = self.needed
        if needed is None:
            last = self.points[-1]
            return (f"{head} cannot break even: even if all {to_come} {suit} numbers still to come reached you, it would "
                    f"score {last.score.format()} on average.")
        now = self.point(needed)
        if needed == 0:
            text = f"{head} breaks even with the cards you have: {now.score.format(sign=True)} points with no more {suit}"
        else:
            before = self.point(needed - 1)
            plural = "number" if needed == 1 else "numbers"
            text = (f"{head} needs {needed} more {suit} {plural} to break even on average: {now.score.format(sign=True)} "
                    f"points with {needed}, {before.score.format(sign=True)} with {needed - 1}")
        sure = self.sure
        if sure is not None and sure > needed:
            text += f"; with {sure} it breaks even whichever they are"
        elif sure is None:
            text += f"; even with {to_come} it may not break even ({self.points[-1].even.format(0, percent=True)} do)"
        if needed > 0:
            text += (f". {to_come} can still come to you (you can expect {self.expected_more:.1f} in time); at least "
                     f"{needed} {'reaches' if needed == 1 else 'reach'} you in time with chance "
                     f"{now.reach.format(0, percent=True)}")
        return text + "."


@dataclass(frozen=True)
class BreakEven:
    """The break-even curves of the seat's suits (``rows``); ``sets`` scored, in ``seconds``."""

    rules: Rules
    seat: int
    rows: tuple[SuitBreakEven, ...]
    sets: int
    seconds: float

    @property
    def width(self) -> float:
        """The widest 95% half-width of an expected score (0 when exact)."""
        return max((p.score.half_width for r in self.rows for p in r.points), default=0.0)

    @property
    def positions(self) -> int:
        """The sets of arriving cards scored (the explorer's progress counts them)."""
        return self.sets

    def get(self, suit: str) -> SuitBreakEven:
        return find_row(self.rows, lambda r: r.suit == suit.upper(),
                        f"no curve for {suit!r}: the suits are {' '.join(r.suit for r in self.rows)}")

    def records(self) -> list[dict[str, Any]]:
        """One plain dict per suit and count (what a chart draws)."""
        return [{"suit": r.suit, "more": p.more, "score": p.score.value, "score_low": p.score.low,
                 "score_high": p.score.high, "even": p.even.value, "bonus": p.bonus.value, "reach": p.reach.value,
                 "needed": r.needed} for r in self.rows for p in r.points]

    def _tables(self) -> list[tuple[str, list[str], list[list[str]], list[str]]]:
        out: list[tuple[str, list[str], list[list[str]], list[str]]] = []
        for r in self.rows:
            columns = [f"more {suit_mark(r.suit)} numbers", "expected final score", "breaks even", "bonus",
                       "at least this many reach you in time"]
            lines = [[str(p.more), p.score.format(sign=True), p.even.format(0, percent=True),
                      p.bonus.format(0, percent=True), p.reach.format(0, percent=True)] for p in r.points]
            out.append((r.sentence, columns, lines, []))
        return out

    def _notes(self) -> list[str]:
        how = "every set of them enumerated" if all(r.exact for r in self.rows) else "random sets of them, 95% intervals"
        return [f"If exactly that many of the suit's numbers still to come reach you ({how}), laid with the cards you have "
                "as if they came in order (a ceiling: in play a low card after a higher one is lost). Breaks even: the "
                "expedition ends at 0 or more. The last column: the chance that at least that many reach you before the "
                "deck runs out, from the cards you have not seen and your draws in time."]

    def __str__(self) -> str:
        return "\n\n".join(text_table(*t) for t in self._tables()) + "\n" + "\n".join(self._notes())

    def _repr_html_(self) -> str:
        tables = "".join(html_table(*t, css="xp-answer-break-even") for t in self._tables())
        notes = "".join(f"<li>{n}</li>" for n in self._notes())
        return f"<div>{tables}<ul style='font-family:sans-serif;font-size:13px;color:#555'>{notes}</ul></div>"


def _reach(unseen: int, draws: int, count: int) -> list[float]:
    """``reach[k]``: the chance that at least ``k`` of ``count`` given unseen cards reach the hand in time."""
    each = arrival_chance_by_count(unseen, min(draws, unseen), count)
    exactly = [math.comb(count, k) * float(each[k]) for k in range(count + 1)]
    return [min(1.0, sum(exactly[k:])) for k in range(count + 1)]


def _suit_curve(obs: Observation, situation: SuitSituation, investments: int | None, exact: bool | None, samples: int,
                rng: np.random.Generator) -> tuple[SuitBreakEven, int]:
    suit = situation.suit
    situation = replace(situation, unseen_investments=0)  # investments still to come are not counted
    rules = obs.rules
    laid = obs.expedition(obs.side, suit)
    held = tuple(c for c in obs.hand if c.suit == suit and fits(c, laid))
    to_come = tuple(sorted((c for c in obs.unseen if c.suit == suit and not c.is_investment and fits(c, laid)),
                           key=lambda c: c.value))
    count = len(to_come)
    arriving = tuple(c.value for c in to_come)
    final = situation.laid_investments + situation.held_investments if investments is None else investments
    check_investments(situation, final)
    enumerate_all = (count <= MAX_UNSEEN_CARDS) if exact is None else exact
    if exact and count > MAX_UNSEEN_CARDS:
        raise AnalysisError(f"{count} unseen numbers of {suit} are too many to enumerate (at most {MAX_UNSEEN_CARDS}): "
                            "leave exact out to estimate from random sets")
    reach = _reach(situation.outlook.unseen, situation.outlook.draws_in_time, count)
    points = []
    scored = 0
    if enumerate_all:
        sets = np.arange(1 << count, dtype=np.int64)
        scores, cards = ceiling_scores(situation, rules, final, arriving, sets)
        sizes = np.bitwise_count(sets)
        scored = int(sets.size)
        for k in range(count + 1):
            mine = sizes == k
            points.append(BreakEvenPoint(k, Estimate.exact(float(scores[mine].mean())),
                                         Estimate.exact(float((scores[mine] >= 0).mean())),
                                         Estimate.exact(float((cards[mine] >= rules.bonus_at).mean())),
                                         Estimate.exact(reach[k])))
    else:
        for k in range(count + 1):
            chosen = np.argsort(rng.random((samples, count)), axis=1)[:, :k] if count else np.zeros((samples, 0), np.int64)
            sets_k: IntArray = np.bitwise_or.reduce(np.int64(1) << chosen, axis=1) if k else np.zeros(samples, np.int64)
            scores, cards = ceiling_scores(situation, rules, final, arriving, sets_k)
            scored += samples
            points.append(BreakEvenPoint(k, mean_estimate(scores), proportion_estimate(int((scores >= 0).sum()), samples),
                                         proportion_estimate(int((cards >= rules.bonus_at).sum()), samples),
                                         Estimate.exact(reach[k])))
    expected = count * situation.outlook.arrival_chance
    return SuitBreakEven(suit, tuple(laid), held, final, to_come, tuple(points), expected, enumerate_all), scored


def default_suits(observation: Observation) -> tuple[str, ...]:
    """The suits whose break-even matters to the seat: those it holds a card of that may still go
    down, or has started."""
    out = []
    for suit in observation.rules.suits:
        laid = observation.expedition(observation.side, suit)
        if laid or any(c.suit == suit and fits(c, laid) for c in observation.hand):
            out.append(suit)
    return tuple(out)


BREAK_EVEN = Budget(precision=0.5, time_limit=10.0)
"""How long a break-even estimate is refined unless told otherwise (exact curves need none of it)."""


def iter_break_even(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                    suits: str | Iterable[str] | None = None, investments: int | None = None, exact: bool | None = None,
                    samples: int = 2_000, budget: Budget | None = None, **limits: Unpack[BudgetOptions]) -> Iterator[BreakEven]:
    """``break_even``, ever more precise when estimated (the sets doubled each time, until every expected
    score is within ``±precision`` points or ``time_limit`` seconds, the budget's); exact curves come at once."""
    spent = budget_of(BREAK_EVEN, budget, limits)
    precision, time_limit, seed = spent.precision, spent.time_limit, spent.seed
    obs = observation_for(what, rules, seat)
    chosen = default_suits(obs) if suits is None else tuple(s.upper() for s in ([suits] if isinstance(suits, str) else suits))
    for s in chosen:
        if s not in obs.rules.suits:
            raise AnalysisError(f"{s!r} is not a suit of the {obs.rules.name} rules; the suits are {' '.join(obs.rules.suits)}")
    if samples < 2:
        raise AnalysisError(f"random sets need at least 2 samples for an interval, got samples={samples}")
    started = time.perf_counter()
    every = situations(obs)
    exact_curves: dict[str, tuple[SuitBreakEven, int]] = {}  # an enumerated curve does not change as n grows
    n = samples
    while True:
        rng = np.random.default_rng([seed, n])
        rows, scored = [], 0
        for s in chosen:
            row, count = exact_curves.get(s) or _suit_curve(obs, every[s], investments, exact, n, rng)
            if row.exact:
                exact_curves[s] = row, count
            rows.append(row)
            scored += count
        answer = BreakEven(obs.rules, obs.seat, tuple(rows), scored, time.perf_counter() - started)
        yield answer
        if answer.width <= precision or time.perf_counter() - started >= time_limit:
            return
        n *= 2


def break_even(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
               suits: str | Iterable[str] | None = None, investments: int | None = None, exact: bool | None = None,
               samples: int = 2_000, budget: Budget | None = None, **limits: Unpack[BudgetOptions]) -> BreakEven:
    """How many more cards of each suit the seat needs to break even (see the module docs): a hand (you
    move first), a round (``seat``, default the seat to move) or an observation. ``suits``: default those
    the seat holds a live card of or has started; ``investments``: on the expedition at the end (default
    those laid and held); ``exact``: enumerate every set (default when there are few enough), or estimate
    from ``samples`` random sets a count, refined to ``±precision`` (within ``time_limit`` seconds, from ``seed``: the
    fields of a ``Budget`` that count here, given as ``budget`` or as keywords)."""
    return last(iter_break_even(what, rules, seat=seat, suits=suits, investments=investments, exact=exact, samples=samples,
                                budget=budget_of(BREAK_EVEN, budget, limits)))


__all__ = ["BreakEven", "BreakEvenPoint", "SuitBreakEven", "break_even", "default_suits", "iter_break_even"]
