"""Reviews: the few moves of a round that mattered, what was wrong with them, and what was better.

``review(round, seat)`` goes through ``seat``'s moves and sets each beside the Expert's choice in
the same position (what the seat could see then). Where they differ, both moves are played out on
the same sampled deals of the hidden cards, deals the Expert's search did not use to pick its
move (common random numbers: the difference is measured, not two noises subtracted), and the
points the move played lost are the mean difference with its 95% interval.

A move *mattered* when that interval lies above 0. The review shows the biggest of them (five at
most) as ``Moment``s: which of your moves it was ("your 5th move"), what was wrong with it in
words, what the better move was, and a small picture of the table with both moves marked. Its
``summary`` says in one line what the round's mistakes cost ("Three moves cost you about 25 points
[18, 32]; the rest were about as good as the Expert's."): the sum of the losses that mattered, with
its 95% interval (the moves' samples are independent, so their variances add).

When the search itself played the move on at least as many deals and found no loss there, on deals
that favour the move it picked, the fresh comparison is skipped (fresh deals would be expected to find less still); the
move's ``loss`` is then the search's estimate.

``review_steps`` yields the review as it grows, one move at a time, so that an app can show a
progress bar and the moments found so far; ``review(..., on_progress=f)`` calls ``f`` with each
partial review, and ``progress=True`` shows the package's progress bar.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape

from ..arguments import seat as checked_seat
from ..display import marked_table_html
from ..engine import action_of, move_of
from ..errors import AnalysisError
from ..estimate import Estimate, mean_of, sum_of
from ..moves import Move
from ..observation import Observation
from ..progress import progress_bar
from ..rules import Rules
from ..words import count_word, ordinal, plural
from .base import RoundLike
from .expert import DEFAULT_CANDIDATES, DEFAULT_HORIZON, DEFAULT_ROLLOUTS, Expert, paired_difference
from .words import in_words, sides_of, what_was_wrong, why_better

REVIEW_SAMPLES = 32
"""Sampled deals on which the move played and the better move are compared."""
MOMENTS = 5
"""The most moments a review shows."""


@dataclass(frozen=True)
class ReviewedMove:
    """One move of the reviewed seat: ``number`` counts the seat's own moves (1 for its first),
    ``turn`` the round's (1 for the first move of the round); ``better`` is the Expert's choice in
    the same position and ``loss`` the points the move played lost against it, with its 95%
    interval (exactly 0 when they agree); ``observation`` is what the seat could see before moving."""

    number: int
    turn: int
    played: Move
    better: Move
    loss: Estimate
    observation: Observation = field(repr=False, compare=False)
    by_draw: Estimate | None = None
    """How much of ``loss`` the better move's draw alone makes up: the move played with the better
    move's draw, against the move played, on the same deals (``None`` when that move is not legal
    or the draws agree)."""

    @property
    def focus(self) -> str:
        """``"draw"`` when the draw made most of the loss, else ``"card"``."""
        if self.by_draw is not None and self.by_draw.value >= self.loss.value - self.by_draw.value:
            return "draw"
        return "card"

    @property
    def agreed(self) -> bool:
        """The move played was the Expert's own choice."""
        return self.played == self.better

    @property
    def mattered(self) -> bool:
        """The move lost points: the 95% interval of the loss lies above 0."""
        return self.loss.low > 0


@dataclass(frozen=True)
class Moment:
    """A move that mattered, explained: ``headline`` (which move, what it cost), ``wrong`` (what was
    wrong with the move played), ``instead`` (the better move and what it does), and ``picture``, a
    small static HTML table of that moment with both moves marked."""

    move: ReviewedMove
    headline: str
    wrong: str
    instead: str
    picture: str = field(repr=False)

    @property
    def number(self) -> int:
        return self.move.number

    @property
    def played(self) -> Move:
        return self.move.played

    @property
    def better(self) -> Move:
        return self.move.better

    @property
    def loss(self) -> Estimate:
        return self.move.loss

    def __str__(self) -> str:
        return f"{self.headline}\n  What went wrong: {self.wrong}.\n  Better: {self.instead}."

    def _repr_html_(self) -> str:
        return (f'<div class="xp-moment" data-testid="review-moment" style="margin:10px 0;font-family:sans-serif">'
                f"<div style='font-weight:600'>{escape(self.headline)}</div>{self.picture}"
                f"<div><b>What went wrong:</b> {escape(self.wrong)}.</div><div><b>Better:</b> {escape(self.instead)}.</div></div>")


@dataclass(frozen=True)
class Review:
    """The review of one seat's moves in a round (or of the first ``done`` of them, while it is
    computed): every reviewed move, the moments that mattered, what they cost and a summary line."""

    rules: Rules
    seat: int
    moves: tuple[ReviewedMove, ...]
    to_review: int
    """How many moves of the seat the round holds (``done == to_review`` once the review is complete)."""
    moments: tuple[Moment, ...]
    cost: Estimate
    """The points lost by the moves that mattered, in all, with its 95% interval."""
    summary: str
    samples: int
    """The sampled deals each disputed move was compared on."""

    @property
    def done(self) -> int:
        return len(self.moves)

    @property
    def complete(self) -> bool:
        return self.done == self.to_review

    @property
    def mattered(self) -> tuple[ReviewedMove, ...]:
        """Every move that lost points (the moments show the biggest of them)."""
        return tuple(m for m in self.moves if m.mattered)

    @property
    def agreed(self) -> int:
        """How many moves were the Expert's own choice."""
        return sum(m.agreed for m in self.moves)

    @property
    def method(self) -> str:
        return (f"You played the Expert's own move in {self.agreed} of your {plural(self.done, 'move')}. Every other move was played "
                f"out beside the Expert's on the same {self.samples} sampled deals of the cards you could not see; "
                "a move counts as costly when its loss is above 0 with 95% confidence.")

    def __str__(self) -> str:
        return "\n".join([self.summary, *(str(m) for m in self.moments), self.method])

    def _repr_html_(self) -> str:
        bar = ""
        if not self.complete:
            share = 100 * self.done / max(1, self.to_review)
            bar = (f"<div style='width:240px;height:6px;background:#eee;border-radius:3px;margin:4px 0'>"
                   f"<div style='width:{share:.0f}%;height:6px;background:#1c7ed6;border-radius:3px'></div></div>")
        moments = "".join(m._repr_html_() for m in self.moments)
        return (f'<div class="xp-review-report" data-testid="review-report" style="font-family:sans-serif;font-size:13px">'
                f'<div data-testid="review-summary" style="font-size:14px;font-weight:600">{escape(self.summary)}</div>'
                f"{bar}{moments}<div style='color:#555;margin-top:6px'>{escape(self.method)}</div></div>")


# --- computing ----------------------------------------------------------------------------------------
def review_steps(rnd: RoundLike, seat: int, *, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS, samples: int = REVIEW_SAMPLES,
                 candidates: int = DEFAULT_CANDIDATES, horizon: int | None = DEFAULT_HORIZON,
                 moments: int = MOMENTS) -> Iterator[Review]:
    """The review of ``seat``'s moves in ``rnd`` as it grows: first with no move reviewed, then one
    more move each time; the last is the complete review (see the module docs).

    The Expert searches each position as it would in play (with ``rollouts``, ``candidates`` and
    ``horizon``, seeded from ``seed`` and the turn); a move that differs from its choice is then
    compared with it on ``samples`` fresh sampled deals.
    """
    checked_seat(seat, rnd.rules.players)
    if samples < 2:
        raise AnalysisError(f"samples must be at least 2 for an interval, got {samples}")
    turns = _turns_of(rnd, seat)
    reviewed: list[ReviewedMove] = []
    yield _assemble(rnd.rules, seat, reviewed, len(turns), samples, moments)
    for number, (turn, obs, played) in enumerate(turns, start=1):
        expert = Expert(seed * 1_000 + turn, rollouts=rollouts, candidates=candidates, horizon=horizon)
        reviewed.append(_review_move(obs, played, number, turn, expert, samples))
        yield _assemble(rnd.rules, seat, reviewed, len(turns), samples, moments)


def review(rnd: RoundLike, seat: int, *, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS, samples: int = REVIEW_SAMPLES,
           candidates: int = DEFAULT_CANDIDATES, horizon: int | None = DEFAULT_HORIZON, moments: int = MOMENTS,
           progress: bool = False, on_progress: Callable[[Review], object] | None = None) -> Review:
    """The review of ``seat``'s moves in ``rnd`` (finished or not; see ``review_steps``).

    ``on_progress`` is called with the review so far after each move (``done`` of ``to_review``);
    ``progress=True`` shows a progress bar.
    """
    steps = review_steps(rnd, seat, seed=seed, rollouts=rollouts, samples=samples, candidates=candidates, horizon=horizon,
                         moments=moments)
    latest = next(steps)
    with progress_bar(latest.to_review, "review", enabled=progress, unit="move") as bar:
        for latest in steps:
            bar.update(1)
            if on_progress is not None:
                on_progress(latest)
    return latest


def _turns_of(rnd: RoundLike, seat: int) -> list[tuple[int, Observation, Move]]:
    """(the round's turn, what ``seat`` saw, the move it played) for each of ``seat``'s moves."""
    return [(turn.number, turn.before.observation(seat), turn.move) for turn in rnd.history() if turn.seat == seat]


def _review_move(obs: Observation, played: Move, number: int, turn: int, expert: Expert, samples: int) -> ReviewedMove:
    if len(obs.legal_moves) == 1:
        return ReviewedMove(number, turn, played, played, Estimate.exact(0.0), obs)
    search, examined = expert.search(obs)
    spec = search.sight.f.spec
    best = examined[0].action
    mine = action_of(spec, played)
    if mine == best:
        return ReviewedMove(number, turn, played, played, Estimate.exact(0.0), obs)
    better = move_of(spec, best)
    examined_mine = next((c for c in examined if c.action == mine), None)
    if examined_mine is not None:  # the search played both: if even its own deals, which favour its choice, show no loss, none is
        n = min(len(examined_mine.results), len(examined[0].results))
        screened = paired_difference(examined[0], examined_mine) if n >= samples else None
        if screened is not None and screened.low <= 0:
            return ReviewedMove(number, turn, played, better, screened, obs)
    start = max(len(c.results) for c in examined)
    fresh = range(start, start + samples)  # deals the search did not use to pick its move
    ours = [search.result(mine, i) for i in fresh]
    loss = mean_of(search.result(best, i) - x for i, x in zip(fresh, ours, strict=True))
    by_draw = None
    hybrid = _with_draw(played, better)
    if loss.low > 0 and hybrid is not None and hybrid in obs.legal_moves:
        other = action_of(spec, hybrid)
        by_draw = mean_of(search.result(other, i) - x for i, x in zip(fresh, ours, strict=True))
    return ReviewedMove(number, turn, played, better, loss, obs, by_draw)


def _with_draw(played: Move, better: Move) -> Move | None:
    """The move played with the better move's draw, when the two differ in more than the draw."""
    if played.kind == "pass" or better.kind == "pass" or played.draw == better.draw:
        return None
    if played.kind == better.kind and played.cards == better.cards:
        return None
    return Move(played.kind, played.cards, better.draw)


# --- putting it into words ------------------------------------------------------------------------------
def cost_words(e: Estimate) -> str:
    """``about 25 points [18, 32]``; one decimal below 10 points (``about 4.2 points [1.1, 7.3]``)."""
    digits = 1 if abs(e.value) < 9.95 else 0
    value = f"{e.value:.{digits}f}"
    return f"about {value} point{'' if value in ('1', '1.0') else 's'} [{e.low:.{digits}f}, {e.high:.{digits}f}]"


def _assemble(rules: Rules, seat: int, moves: list[ReviewedMove], to_review: int, samples: int, limit: int) -> Review:
    costly = [m for m in moves if m.mattered]
    shown = sorted(sorted(costly, key=lambda m: -m.loss.value)[:limit], key=lambda m: m.number)
    cost = sum_of([m.loss for m in costly])
    summary = _summary(moves, costly, len(shown), cost, to_review)
    told: set[str] = set()
    moments = []
    for m in shown:
        moment = _moment(m, told)
        told.add(moment.wrong)
        moments.append(moment)
    return Review(rules, seat, tuple(moves), to_review, tuple(moments), cost, summary, samples)


def _summary(moves: list[ReviewedMove], costly: list[ReviewedMove], shown: int, cost: Estimate, to_review: int) -> str:
    done = len(moves)
    so_far = "" if done == to_review else f"So far ({done} of {to_review} moves reviewed): "
    if not moves:
        return f"Reviewing your {to_review} moves…" if to_review else "You made no move in this round."
    if not costly:
        every = "your only move was" if done == 1 else f"all {done} of your moves were"
        text = f"no move cost you a measurable amount: {every} about as good as the Expert's"
    else:
        k = len(costly)
        head = f"{count_word(k)} move{'s' if k > 1 else ''} cost you {cost_words(cost)}"
        if shown < k:
            head += f" (the {count_word(shown)} biggest are below)"
        text = head + ("; the rest were about as good as the Expert's" if done > k else "")
    text = so_far + text
    return text[0].upper() + text[1:] + "."


def _moment(m: ReviewedMove, told: set[str]) -> Moment:
    obs = m.observation
    headline = f"Your {ordinal(m.number)} move ({_when(obs)}): {in_words(m.played, obs, past=True)}. It cost {cost_words(m.loss)}."
    wrong = what_was_wrong(obs, m.played, m.better, focus=m.focus)
    if wrong in told:  # the same words as an earlier moment: say it is the same slip, in short
        wrong = "again " + re.split(r", though |: | \(", wrong, maxsplit=1)[0]
    instead = why_better(obs, m.played, m.better, focus=m.focus)
    picture = marked_table_html(obs, played=m.played, better=m.better, names=_names(obs))
    return Moment(m, headline, wrong, instead, picture)


def _when(obs: Observation) -> str:
    if obs.deck_size:
        return f"{obs.deck_size} in the deck"
    return "the deck empty"


def _names(obs: Observation) -> list[str]:
    return [sides_of(obs).named(side) for side in range(obs.rules.sides)]


__all__ = ["MOMENTS", "REVIEW_SAMPLES", "Moment", "Review", "ReviewedMove", "cost_words", "review", "review_steps"]
