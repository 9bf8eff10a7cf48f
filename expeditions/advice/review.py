"""Reviews: the few moves of a round that mattered, what was wrong with them, what was better, and par.

``review(round, seat)`` goes through ``seat``'s moves and asks the analyst about each position (what
the seat could see then), with the effort of a hint: the same position gives the same best move as
a hint there, so a review never faults the move a hint recommended. Where the move played differs
from the analyst's best, the two are compared on at least ``REVIEW_DEALS`` paired deals, and the
points the move lost are the mean difference with its 95% interval. A move *mattered* when that
interval lies above 0.

The review shows the biggest of them (five at most) as ``Moment``s: which of your moves it was
("your 5th move"), what was wrong with it in words, what the better move was, and a small picture of
the table with both moves marked. Its ``summary`` says in one line what the round's mistakes cost:
the sum of the losses that mattered, with its 95% interval (the moves' deals are independent, so
their variances add).

**Par** sets the deal beside the play: with ``par=`` the bots that sat in the other seats (fresh,
with the seeds they had), the Hard bot replays your seat from the same deal (the same deck order,
the same opponents), so the review can say whether the deal or the play lost the round: "in your
seat Hard would have scored 18 against 41".

``review_steps`` yields the review as it grows, one move at a time, so that an app can show a
progress bar and the moments found so far; ``review(..., on_progress=f)`` calls ``f`` with each
partial review, and ``progress=True`` shows the package's progress bar.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from html import escape

from ..analysis.analyst import Analyst, Effort, hint_effort
from ..arguments import seat as checked_seat
from ..arguments import whole_number
from ..bots.base import Bot, RoundLike, play_out
from ..bots.words import in_words, sides_of, what_was_wrong, why_better
from ..display import marked_table_html
from ..errors import AnalysisError
from ..estimate import Estimate, sum_of
from ..moves import Move
from ..observation import Observation
from ..progress import progress_bar
from ..round import Round, start_round
from ..rules import Rules
from ..words import count_word, ordinal, plural
from .hard import Hard

REVIEW_DEALS = 512
"""Paired deals on which the move played and the analyst's best are compared, at the least."""
MOMENTS = 5
"""The most moments a review shows."""


@dataclass(frozen=True)
class ReviewedMove:
    """One move of the reviewed seat: ``number`` counts the seat's own moves (1 for its first),
    ``turn`` the round's (1 for the first move of the round); ``better`` is the analyst's best in the
    same position and ``loss`` the points the move played lost against it, with its 95% interval
    (exactly 0 when they agree); ``observation`` is what the seat could see before moving."""

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
        """The move played was the analyst's best."""
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
class Par:
    """The Hard bot in the reviewed seat on the same deal against the same opponents: ``scores`` (each
    side's, as Hard's round ended) beside ``played`` (the real round's), and that round itself."""

    side: int
    scores: tuple[int, ...]
    played: tuple[int, ...]
    round: Round = field(repr=False, compare=False)

    @property
    def difference(self) -> int:
        """Hard's result in the seat: its side's score minus the best other side's (its score alone)."""
        return _difference(self.scores, self.side)

    @property
    def actual(self) -> int:
        """The real round's result in the seat, the same way."""
        return _difference(self.played, self.side)


def _difference(scores: tuple[int, ...], side: int) -> int:
    if len(scores) == 1:
        return scores[0]
    return scores[side] - max(s for i, s in enumerate(scores) if i != side)


@dataclass(frozen=True)
class Review:
    """The review of one seat's moves in a round (or of the first ``done`` of them, while it is
    computed): every reviewed move, the moments that mattered, what they cost, par and a summary."""

    rules: Rules
    seat: int
    moves: tuple[ReviewedMove, ...]
    to_review: int
    """How many moves of the seat the round holds (``done == to_review`` once the review is complete)."""
    moments: tuple[Moment, ...]
    cost: Estimate
    """The points lost by the moves that mattered, in all, with its 95% interval."""
    summary: str
    deals: int
    """The least number of paired deals each disputed move was compared on."""
    par: Par | None = None
    par_words: str = ""

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
        """How many moves were the analyst's best."""
        return sum(m.agreed for m in self.moves)

    @property
    def method(self) -> str:
        return (f"You played the analyst's best move in {self.agreed} of your {plural(self.done, 'move')}. Every other move was "
                f"played out beside the best on at least {self.deals} sampled deals of the cards you could not see; "
                "a move counts as costly when its loss is above 0 with 95% confidence.")

    def __str__(self) -> str:
        return "\n".join([self.summary, *([self.par_words] if self.par_words else []), *(str(m) for m in self.moments),
                          self.method])

    def _repr_html_(self) -> str:
        bar = ""
        if not self.complete:
            share = 100 * self.done / max(1, self.to_review)
            bar = (f"<div style='width:240px;height:6px;background:#eee;border-radius:3px;margin:4px 0'>"
                   f"<div style='width:{share:.0f}%;height:6px;background:#1c7ed6;border-radius:3px'></div></div>")
        moments = "".join(m._repr_html_() for m in self.moments)
        par = f'<div data-testid="review-par" style="margin:4px 0">{escape(self.par_words)}</div>' if self.par_words else ""
        return (f'<div class="xp-review-report" data-testid="review-report" style="font-family:sans-serif;font-size:13px">'
                f'<div data-testid="review-summary" style="font-size:14px;font-weight:600">{escape(self.summary)}</div>'
                f"{par}{bar}{moments}<div style='color:#555;margin-top:6px'>{escape(self.method)}</div></div>")


# --- computing ----------------------------------------------------------------------------------------
def review_steps(rnd: RoundLike, seat: int, *, effort: Effort | None = None, deals: int = REVIEW_DEALS, moments: int = MOMENTS,
                 par: Mapping[int, Bot] | None = None, hard: Bot | None = None) -> Iterator[Review]:
    """The review of ``seat``'s moves in ``rnd`` as it grows: first with no move reviewed, then one
    more move each time, then (with ``par``) the same with par; the last is the complete review.

    ``par`` maps every other seat to a fresh bot that plays it as it did in the round (the same kind
    and seed); the Hard bot (``hard``, a fresh ``Hard(0)`` by default) then plays ``seat`` on the
    same deal. Par needs a round that starts from its deal (``rnd.start``)."""
    checked_seat(seat, rnd.rules.players)
    whole_number(deals, "deals", least=32)
    if par is not None:
        others = sorted(s for s in range(rnd.rules.players) if s != seat)
        if sorted(par) != others:
            raise AnalysisError(f"par needs a bot for every other seat ({', '.join(map(str, others))}), got seats "
                                f"{', '.join(map(str, sorted(par))) or 'none'}")
    turns = _turns_of(rnd, seat)
    reviewed: list[ReviewedMove] = []
    yield _assemble(rnd.rules, seat, reviewed, len(turns), deals, moments)
    for number, (turn, obs, played) in enumerate(turns, start=1):
        reviewed.append(_review_move(obs, played, number, turn, effort, deals))
        if par is None or number < len(turns):
            yield _assemble(rnd.rules, seat, reviewed, len(turns), deals, moments)
    if par is not None:
        yield _assemble(rnd.rules, seat, reviewed, len(turns), deals, moments, _par(rnd, seat, par, hard or Hard(0)))


def review(rnd: RoundLike, seat: int, *, effort: Effort | None = None, deals: int = REVIEW_DEALS, moments: int = MOMENTS,
           par: Mapping[int, Bot] | None = None, hard: Bot | None = None, progress: bool = False,
           on_progress: Callable[[Review], object] | None = None) -> Review:
    """The review of ``seat``'s moves in ``rnd`` (finished or not; see ``review_steps``).

    ``on_progress`` is called with the review so far after each move (``done`` of ``to_review``);
    ``progress=True`` shows a progress bar.
    """
    steps = review_steps(rnd, seat, effort=effort, deals=deals, moments=moments, par=par, hard=hard)
    latest = next(steps)
    with progress_bar(latest.to_review + (par is not None), "review", enabled=progress, unit="step") as bar:
        for latest in steps:
            bar.update(1)
            if on_progress is not None:
                on_progress(latest)
    return latest


def _turns_of(rnd: RoundLike, seat: int) -> list[tuple[int, Observation, Move]]:
    """(the round's turn, what ``seat`` saw, the move it played) for each of ``seat``'s moves."""
    return [(turn.number, turn.before.observation(seat), turn.move) for turn in rnd.history() if turn.seat == seat]


def _review_move(obs: Observation, played: Move, number: int, turn: int, effort: Effort | None, deals: int) -> ReviewedMove:
    if len(obs.legal_moves) == 1:
        return ReviewedMove(number, turn, played, played, Estimate.exact(0.0), obs)
    analyst = Analyst(obs, effort or hint_effort(obs))
    best = analyst.run().best.move
    if best == played:
        return ReviewedMove(number, turn, played, played, Estimate.exact(0.0), obs)
    lost = analyst.compare(best, played, deals)
    by_draw = None
    hybrid = _with_draw(played, best)
    if lost.low > 0 and hybrid is not None and hybrid in obs.legal_moves:
        by_draw = analyst.compare(hybrid, played, deals)
    return ReviewedMove(number, turn, played, best, lost, obs, by_draw)


def _with_draw(played: Move, better: Move) -> Move | None:
    """The move played with the better move's draw, when the two differ in more than the draw."""
    if played.kind == "pass" or better.kind == "pass" or played.draw == better.draw:
        return None
    if played.kind == better.kind and played.cards == better.cards:
        return None
    return Move(played.kind, played.cards, better.draw)


def _par(rnd: RoundLike, seat: int, par: Mapping[int, Bot], hard: Bot) -> Par:
    start = start_round(rnd.rules, rnd.start)
    seats = [hard if s == seat else par[s] for s in range(rnd.rules.players)]
    replayed = play_out(start, seats)
    return Par(rnd.rules.side_of(seat), replayed.scores(), rnd.observation(seat).scores, replayed)


# --- putting it into words ------------------------------------------------------------------------------
def cost_words(e: Estimate) -> str:
    """``about 25 points [18, 32]``; one decimal below 10 points (``about 4.2 points [1.1, 7.3]``)."""
    digits = 1 if abs(e.value) < 9.95 else 0
    value = f"{e.value:.{digits}f}"
    return f"about {value} point{'' if value in ('1', '1.0') else 's'} [{e.low:.{digits}f}, {e.high:.{digits}f}]"


def par_words(p: Par, cost: Estimate, rules: Rules) -> str:
    """Par in words: whether the deal or the play decided the round, beside what the costly moves lost."""
    measured = (f"The analyst puts your costly moves at {cost_words(cost)}, each against its best move with the rest of "
                "the round played out alike, so the two figures need not add up." if cost.value else
                "The analyst found no costly move.")
    hard, mine = p.scores[p.side], p.played[p.side]
    if rules.sides == 1:
        return f"Par: on this deal Hard would have scored {hard} in your seat; you scored {mine}. {measured}"
    other = max(s for i, s in enumerate(p.scores) if i != p.side)
    theirs = max(s for i, s in enumerate(p.played) if i != p.side)
    gap, actual = p.difference, p.actual
    lead = ("the deal favoured the other side" if gap < 0 else "the deal was even" if gap == 0 else "the deal favoured your seat")
    behind = actual - gap
    against_par = (f"{-behind} point{'s' if -behind != 1 else ''} below par" if behind < 0 else
                   f"{behind} point{'s' if behind != 1 else ''} above par" if behind > 0 else "exactly par")
    return (f"Par: {lead}: in your seat Hard would have scored {hard} against {other} ({gap:+d}); you scored {mine} "
            f"against {theirs} ({actual:+d}), {against_par}. {measured}").replace("-", "−")


def _assemble(rules: Rules, seat: int, moves: list[ReviewedMove], to_review: int, deals: int, limit: int,
              par: Par | None = None) -> Review:
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
    words = par_words(par, cost, rules) if par is not None else ""
    return Review(rules, seat, tuple(moves), to_review, tuple(moments), cost, summary, deals, par, words)


def _summary(moves: list[ReviewedMove], costly: list[ReviewedMove], shown: int, cost: Estimate, to_review: int) -> str:
    done = len(moves)
    so_far = "" if done == to_review else f"So far ({done} of {to_review} moves reviewed): "
    if not moves:
        return f"Reviewing your {to_review} moves…" if to_review else "You made no move in this round."
    if not costly:
        every = "your only move was" if done == 1 else f"all {done} of your moves were"
        text = f"no move cost you a measurable amount: {every} about as good as the analyst's best"
    else:
        k = len(costly)
        head = f"{count_word(k)} move{'s' if k > 1 else ''} cost you {cost_words(cost)}"
        if shown < k:
            head += f" (the {count_word(shown)} biggest are below)"
        text = head + ("; the rest were about as good as the analyst's best" if done > k else "")
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


__all__ = ["MOMENTS", "REVIEW_DEALS", "Moment", "Par", "Review", "ReviewedMove", "cost_words", "par_words", "review",
           "review_steps"]
