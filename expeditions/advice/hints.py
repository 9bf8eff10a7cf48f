"""Hints: every legal move ranked by the analyst, with how sure the ranking is, in words.

``rank_moves(observation)`` asks the analyst (``expeditions.analysis.analyst``) to value every legal
move of the seat to move and returns ``Hints``, best first. Each move comes with

- its **difference from the best move**, paired deal by deal on the same sampled deals of the
  hidden cards, with its 95% interval; the moves are in the order of these differences, so a move
  shown higher is never ranked lower;
- its **value**: the final score difference the analyst expects after it (your side's score minus
  the best other side's at the end of the round; in the solitaire, your own score): the best
  move's value with its 95% interval, and for every other move the best's value plus its difference;
- its **group**: ``"best"``; ``"about as good"`` when its difference is known to within the
  analyst's tie margin either way; ``"worse"`` when its difference lies below 0; ``"not decided"``
  when the deals could not tell (a wide interval, said in words);
- a reason in words (``words.reason``); what holds for every move of the position (the deck and the
  plays left, the pile cards) is said once, in ``Hints.situation`` and ``Hints.piles``.

The same position always gives the same hint: the analyst's deals are seeded from the position.
For an app, ``Hints.card``, ``Hints.target`` (``"expedition"``, ``"discard"`` or ``"partner"``) and
``Hints.draw`` (``"deck"``, a suit letter, or ``None``) say where the best move puts its card and
where it draws from, so that a table can highlight it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from html import escape
from typing import overload

from ..analysis.analyst import ABOUT_AS_GOOD, BEST, UNDECIDED, WORSE, Analysis, Effort, analyse, hint_effort
from ..bots.words import Reason, pile_notes, reason, situation, target_of, them, yours
from ..cards import Card
from ..estimate import Estimate
from ..moves import Move
from ..observation import Observation
from ..words import move_words

GROUPS = (BEST, ABOUT_AS_GOOD, UNDECIDED, WORSE)
"""The groups of a hint, in the order a hint shows them."""


@dataclass(frozen=True)
class RankedMove:
    """One legal move as the analyst ranks it: ``difference`` is its final score difference less the
    best move's, paired on the same deals, with its 95% interval (exactly 0 for the best); ``value``
    the final score difference it is expected to bring (the best's value plus ``difference``);
    ``deals`` how many sampled deals it was played on; ``group`` one of ``GROUPS``."""

    move: Move
    value: float
    difference: Estimate
    deals: int
    group: str
    reason: Reason

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
        return f"{self.text}: {self.value:+.1f}, {versus_words(self)} ({self.reason})"


def versus_words(m: RankedMove, *, number: Callable[[float], str] = "{:.1f}".format,
                 undecided: str = "not decided at this budget") -> str:
    """How a move compares with the best, in words with its interval: ``2.1 points worse [0.9, 3.3]``,
    ``about as good (0.3 points worse [−0.6, 1.2])``, ``not decided at this budget (0.8 points worse [−0.6, 2.2])``;
    ``about as good (the same result on every deal)`` when the two moves part nowhere. ``number`` writes
    a number of points, ``undecided`` names the undecided group (an app writes both more briefly)."""
    d = m.difference
    if m.group == BEST:
        return "the best"
    if d.low == d.high == 0:  # e.g. two investments of one suit: always about as good (``analyst.verdict_of``)
        return "about as good (the same result on every deal)"
    lost, low, high = (number(x + 0.0) for x in (-d.value, -d.high, -d.low))  # + 0.0: no "-0.0"
    worse = f"{lost} point{'' if lost == '1.0' else 's'} worse [{low}, {high}]"
    if m.group == WORSE:
        return worse
    if m.group == ABOUT_AS_GOOD:
        return f"about as good ({worse})"
    return f"{undecided} ({worse})"


def value_words(obs: Observation) -> str:
    """What a hint's value means, in words."""
    if obs.rules.sides == 1:
        return "your final score, in points, as the analyst expects it"
    return (f"final score difference, in points: {yours(obs)} score minus {them(obs)}'s at the end of the round, "
            "as the analyst expects it")


@dataclass(frozen=True)
class Hints(Sequence[RankedMove]):
    """Ranked moves (a sequence, best first) with what they mean: ``value_words`` (the unit of the
    values), ``situation`` (the deck and the plays left), ``piles`` (what each pile card would do),
    ``best_value`` (the best move's value with its interval), ``tie`` (the margin of "about as
    good"), ``stop`` (why the analyst stopped, in words), and the best move's ``card``, ``target``
    and ``draw`` for an app to highlight. ``_repr_html_`` in a notebook, text with ``print``."""

    moves: tuple[RankedMove, ...]
    value_words: str
    situation: str
    piles: tuple[str, ...]
    total: int
    """How many legal moves were ranked (``moves`` may show only the first few)."""
    best_value: Estimate
    tie: float
    stop: str
    deals: int

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

    def group(self, name: str) -> tuple[RankedMove, ...]:
        """The moves of one group (``GROUPS``), in ranked order."""
        return tuple(m for m in self.moves if m.group == name)

    @property
    def about_as_good(self) -> tuple[RankedMove, ...]:
        """The moves known to be within the tie margin of the best (the best not included)."""
        return self.group(ABOUT_AS_GOOD)

    def top(self, n: int) -> Hints:
        """The first ``n`` moves, with the same words."""
        return Hints(self.moves[:n], self.value_words, self.situation, self.piles, self.total, self.best_value, self.tie,
                     self.stop, self.deals)

    @property
    def header(self) -> str:
        shown = f"the best {len(self.moves)} of {self.total} moves" if len(self.moves) < self.total else f"all {self.total} moves"
        piles = f" Pile cards: {'; '.join(self.piles)}." if self.piles else ""
        return (f"Value: {self.value_words}, with its 95% interval; about as good: within {self.tie:g} points of the best. "
                f"{self.situation[0].upper()}{self.situation[1:]}; {shown}; up to {self.deals:,} sampled deals "
                f"({self.stop}).{piles}")

    def _rows(self) -> list[list[str]]:
        rows = []
        for i, m in enumerate(self.moves, start=1):
            value = (f"{m.value:+.1f} [{self.best_value.low:+.1f}, {self.best_value.high:+.1f}]" if m.group == BEST
                     else f"{m.value:+.1f}")
            rows.append([str(i), m.text, value, versus_words(m), m.group, str(m.reason)])
        return rows

    _HEAD = ("#", "move", "value", "against the best [95%]", "group", "why")

    def __str__(self) -> str:
        rows = [list(self._HEAD), *self._rows()]
        widths = [max(len(r[i]) for r in rows) for i in range(len(self._HEAD) - 1)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1] for r in rows]
        return "\n".join([self.header, *lines])

    def _repr_html_(self) -> str:
        cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
        shade = {BEST: "background:#e6f4ea", ABOUT_AS_GOOD: "background:#f3f9f4", UNDECIDED: "background:#fbf8ec", WORSE: ""}
        head = "".join(f"<th style='{cell}'>{escape(h)}</th>" for h in self._HEAD)
        keep = ";white-space:nowrap"
        body = "".join(f"<tr data-group='{escape(m.group)}' style='{shade[m.group]}'>"
                       + "".join(f"<td style='{cell}{keep if i < 4 else ''}'>{escape(c)}</td>" for i, c in enumerate(r)) + "</tr>"
                       for m, r in zip(self.moves, self._rows(), strict=True))
        return (f"<div class='xp-hint-list' style='font-family:sans-serif;font-size:13px'><div style='margin:2px 0 4px'>"
                f"{escape(self.header)}</div><table style='border-collapse:collapse'><tr>{head}</tr>{body}</table></div>")


def hints_of(observation: Observation, analysis: Analysis) -> Hints:
    """The analyst's answer for ``observation`` as hints, in words."""
    rows = []
    for v in analysis.moves:
        rows.append(RankedMove(v.move, v.value.value, v.against_best, v.deals, v.verdict,
                               reason(observation, v.move, piles_said=True)))
    return Hints(tuple(rows), value_words(observation), situation(observation), pile_notes(observation), len(rows),
                 analysis.value, analysis.effort.tie, analysis.stop_words, analysis.deals)


def rank_moves(observation: Observation, *, effort: Effort | None = None, cancelled: Callable[[], bool] | None = None) -> Hints:
    """Every legal move of ``observation``'s seat, ranked by the analyst (see the module docs), with the
    effort of a hint (``analyst.hint_effort``) unless ``effort`` says otherwise."""
    return hints_of(observation, analyse(observation, effort or hint_effort(observation), cancelled=cancelled))


def hint_table(ranked: Hints, top: int | None = None) -> Hints:
    """The ranked moves (the first ``top`` of them), with their words."""
    return ranked.top(top) if top is not None else ranked


def in_groups(hints: Sequence[RankedMove]) -> dict[str, tuple[RankedMove, ...]]:
    """The moves by group, every group of ``GROUPS`` present (empty when no move is in it)."""
    return {g: tuple(m for m in hints if m.group == g) for g in GROUPS}


__all__ = ["ABOUT_AS_GOOD", "BEST", "GROUPS", "UNDECIDED", "WORSE", "Hints", "RankedMove", "hint_table", "hints_of", "in_groups",
           "rank_moves", "value_words", "versus_words"]
