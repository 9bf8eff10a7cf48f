"""Hints: every legal move ranked by the Expert, with how sure the ranking is, in words.

``rank_moves(observation)`` examines every legal move the way the Expert does (determinized Monte
Carlo over the hidden cards, see ``expert``) and returns ``Hints``: the best move first (the
Expert's own, unless fresh deals confirm that another beats it), then the moves about as good,
then the worse ones. Each move comes with

- its value: the final score difference the Expert expects after it, in points (your side's score
  minus the best other side's at the end of the round; in the solitaire, your own score), with
  its 95% interval;
- its difference from the best move, measured on the same sampled deals of the hidden cards
  (common random numbers), with its 95% interval. A move whose difference interval contains 0 is
  *about as good* as the best: the samples cannot tell them apart;
- a reason in words (``words.reason``: a ``Reason``, what the move does, why, what it feeds or
  takes); what holds for every move of the position (the deck and the plays left) is said once, in
  ``Hints.situation``.

For an app, ``Hints.card``, ``Hints.target`` (``"expedition"``, ``"discard"`` or ``"partner"``) and
``Hints.draw`` (``"deck"``, a suit letter, or ``None``) say where the best move puts its card and
where it draws from, so that a table can highlight it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import overload

from ..cards import Card
from ..engine import move_of
from ..estimate import Estimate
from ..moves import Move
from ..observation import Observation
from ..words import move_words
from .expert import DEFAULT_CANDIDATES, DEFAULT_HORIZON, DEFAULT_ROLLOUTS, Candidate, Expert, Search, paired_difference
from .words import Reason, pile_notes, reason, situation, target_of, them, yours

BEST, ABOUT_AS_GOOD, WORSE = "best", "about as good", "worse"


@dataclass(frozen=True)
class RankedMove:
    """One legal move as the Expert sees it.

    ``value`` is the final score difference the Expert expects after the move (see ``value_words``),
    with its 95% interval ``low``..``high`` over ``samples`` sampled deals; ``difference`` is the
    move's value minus the best move's, measured on the same deals, with its 95% interval;
    ``group`` is ``"best"``, ``"about as good"`` (the difference's interval contains 0) or ``"worse"``.
    """

    move: Move
    value: float
    low: float
    high: float
    reason: Reason
    samples: int
    difference: Estimate
    group: str

    @property
    def card(self) -> Card:
        """The card played or discarded (the first of a pass)."""
        return self.move.card

    @property
    def target(self) -> str:
        """Where the card goes: ``"expedition"``, ``"discard"`` or ``"partner"``."""
        return target_of(self.move)

    @property
    def draw(self) -> str | None:
        """Where the move draws from: ``"deck"``, a suit letter (that pile), or ``None``."""
        return self.move.draw

    @property
    def text(self) -> str:
        """The move in the notation with suit symbols, for the screen."""
        return move_words(self.move, "notation")

    def __str__(self) -> str:
        return f"{self.text}: {self.value:+.1f} [{self.low:+.1f}, {self.high:+.1f}] ({self.reason})"


def value_words(obs: Observation) -> str:
    """What a hint's value means, in words."""
    if obs.rules.sides == 1:
        return "your final score, in points, as the Expert expects it"
    return (f"final score difference, in points: {yours(obs)} score minus {them(obs)}'s at the end of the round, "
            "as the Expert expects it")


@dataclass(frozen=True)
class Hints(Sequence[RankedMove]):
    """Ranked moves (a sequence, best first) with what they mean: ``value_words`` (the unit of the
    values), ``situation`` (the deck and the plays left), and the best move's ``card``, ``target``
    and ``draw`` for an app to highlight. ``_repr_html_`` in a notebook, text with ``print``."""

    moves: tuple[RankedMove, ...]
    value_words: str
    situation: str
    piles: tuple[str, ...]
    """What taking each pile's top card would do (said once here; a row names only the card it takes)."""
    total: int
    """How many legal moves were ranked (``moves`` may show only the first few)."""

    @overload
    def __getitem__(self, i: int) -> RankedMove: ...
    @overload
    def __getitem__(self, i: slice) -> tuple[RankedMove, ...]: ...
    def __getitem__(self, i: int | slice) -> RankedMove | tuple[RankedMove, ...]:
        return self.moves[i]

    def __len__(self) -> int:
        return len(self.moves)

    def __iter__(self) -> Iterator[RankedMove]:
        return iter(self.moves)

    @property
    def best(self) -> RankedMove:
        return self.moves[0]

    @property
    def card(self) -> Card:
        """The best move's card (the first of a pass)."""
        return self.best.card

    @property
    def target(self) -> str:
        """Where the best move puts its card: ``"expedition"``, ``"discard"`` or ``"partner"``."""
        return self.best.target

    @property
    def draw(self) -> str | None:
        """Where the best move draws from: ``"deck"``, a suit letter (that pile), or ``None``."""
        return self.best.draw

    @property
    def about_as_good(self) -> tuple[RankedMove, ...]:
        """The moves the samples cannot tell from the best (the best not included)."""
        return tuple(m for m in self.moves if m.group == ABOUT_AS_GOOD)

    def top(self, n: int) -> Hints:
        """The first ``n`` moves, with the same words."""
        return Hints(self.moves[:n], self.value_words, self.situation, self.piles, self.total)

    @property
    def header(self) -> str:
        shown = f"the best {len(self.moves)} of {self.total} moves" if len(self.moves) < self.total else f"all {self.total} moves"
        piles = f" Pile cards: {'; '.join(self.piles)}." if self.piles else ""
        return f"Value: {self.value_words}, with its 95% interval. {self.situation[0].upper()}{self.situation[1:]}; {shown}.{piles}"

    def _rows(self) -> list[list[str]]:
        return [[str(i), m.text, f"{m.value:+.1f} [{m.low:+.1f}, {m.high:+.1f}]",
                 "—" if m.group == BEST else f"{m.difference.value:+.1f} [{m.difference.low:+.1f}, {m.difference.high:+.1f}]",
                 m.group, str(m.reason)] for i, m in enumerate(self.moves, start=1)]

    _HEAD = ("#", "move", "value [95%]", "vs best [95%]", "how it compares", "why")

    def __str__(self) -> str:
        rows = [list(self._HEAD), *self._rows()]
        widths = [max(len(r[i]) for r in rows) for i in range(len(self._HEAD) - 1)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1] for r in rows]
        return "\n".join([self.header, *lines])

    def _repr_html_(self) -> str:
        cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
        shade = {BEST: "background:#e6f4ea", ABOUT_AS_GOOD: "background:#f3f9f4", WORSE: ""}
        head = "".join(f"<th style='{cell}'>{escape(h)}</th>" for h in self._HEAD)
        keep = ";white-space:nowrap"
        body = "".join(f"<tr data-group='{escape(m.group)}' style='{shade[m.group]}'>"
                       + "".join(f"<td style='{cell}{keep if i < 5 else ''}'>{escape(c)}</td>" for i, c in enumerate(r)) + "</tr>"
                       for m, r in zip(self.moves, self._rows(), strict=True))
        return (f"<div class='xp-hint-list' style='font-family:sans-serif;font-size:13px'><div style='margin:2px 0 4px'>"
                f"{escape(self.header)}</div><table style='border-collapse:collapse'><tr>{head}</tr>{body}</table></div>")


def rank_moves(observation: Observation, *, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS, samples: int = 24,
               candidates: int = DEFAULT_CANDIDATES, horizon: int | None = DEFAULT_HORIZON) -> Hints:
    """Every legal move of ``observation``'s seat by the Expert's estimate: first the best move, then
    the moves about as good as it, then the worse ones, each group by its difference from the best.

    The best move is the one ``Expert(seed)`` plays here (its search, with ``rollouts``,
    ``candidates`` and ``horizon``), unless another move beats it with 95% confidence on the deals
    they share and again on ``RECHECK`` times ``samples`` fresh deals: the Expert examines only the
    moves the Heuristic likes, and among a dozen moves one may look better on a few deals by chance.

    Every move is played in at least ``samples`` sampled deals, the same ones for all; the moves the
    Expert's search examined have more, so their intervals are narrower. A move further down may
    show a slightly higher mean than the best: its difference then says the samples cannot tell.
    """
    expert = Expert(seed, rollouts=rollouts, candidates=candidates, horizon=horizon)
    search, examined = expert.search(observation)
    chosen = examined[0]
    seen = {c.action for c in examined}
    others = examined[1:] + [Candidate(a) for a in search.legal if a not in seen]
    for c in [chosen, *others]:
        if len(c.results) < samples:
            search.extend(c, samples - len(c.results))
    pool = [chosen, *others]
    chosen = _challenged(search, chosen, pool, samples)
    ranked = [_ranked(search, c, chosen) for c in pool if c is not chosen]
    ranked.sort(key=lambda m: (m.group == WORSE, -m.difference.value, -m.value))
    moves = [_ranked(search, chosen, chosen), *ranked]
    return Hints(tuple(moves), value_words(observation), situation(observation), pile_notes(observation), len(moves))


RECHECK = 4
"""A move that seems clearly better than the Expert's choice is played again on this many times ``samples`` fresh deals."""


def _challenged(search: Search, chosen: Candidate, pool: list[Candidate], samples: int) -> Candidate:
    """The best move of ``pool``: ``chosen`` (the Expert's choice), unless another move beats it with 95% confidence
    both on the deals they share and on fresh deals. The fresh look matters: among a dozen moves, one may look
    better on the first deals by chance."""
    for _ in range(3):
        ahead = [(d, c) for c in pool if c is not chosen and (d := paired_difference(c, chosen)).low > 0]
        if not ahead:
            break
        c = max(ahead, key=lambda dc: dc[0].value)[1]
        start = max(len(c.results), len(chosen.results))
        for x in (c, chosen):
            search.extend(x, start + RECHECK * samples - len(x.results))
        if paired_difference(c, chosen, range(start, start + RECHECK * samples)).low <= 0:
            break  # the fresh deals do not confirm it: the two are about as good, and the Expert's choice stays
        chosen = c
    return chosen


def _ranked(search: Search, c: Candidate, best: Candidate) -> RankedMove:
    low, high = c.interval()
    move = move_of(search.sight.f.spec, c.action)
    if c is best:
        difference, group = Estimate.exact(0.0), BEST
    else:
        difference = paired_difference(c, best)
        group = WORSE if difference.high < 0 else ABOUT_AS_GOOD
    return RankedMove(move, c.mean, low, high, reason(search.observation, move, piles_said=True), len(c.results), difference, group)


def hint_table(ranked: Hints, top: int | None = None) -> Hints:
    """The ranked moves (the first ``top`` of them), with their words."""
    return ranked.top(top) if top is not None else ranked


__all__ = ["ABOUT_AS_GOOD", "BEST", "RECHECK", "WORSE", "Hints", "RankedMove", "hint_table", "rank_moves", "value_words"]
