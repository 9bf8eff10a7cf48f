"""The figures of a person's games, for a "Your games" panel or notebook: plain frozen values, and flat rows.

Each function takes games as ``GameStore.games()`` gives them (any iterable of ``StoredGame``, any order):

- ``win_rates``: the win rate against each level, ties counting half, with its Wilson 95% interval; the
  rated games (no Undo) apart from the practice games;
- ``score_differences``: the seat's score minus the best other side's, game by game in the order played;
- ``review_costs``: what the reviewed games' costly moves cost, with its 95% interval, game by game;
- ``mistake_kinds``: the kinds of mistakes the reviews found, most often made first.

``rows(values)`` turns any of these into a list of flat dicts (``rate`` with ``rate_low`` and ``rate_high``):
``pandas.DataFrame(rows(...))`` builds the table a chart draws. The solitaire has no opponent, so its games
have no result and no score difference: they are left out of the win rates and of the score differences.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ..arguments import shown
from ..errors import ArgumentError
from ..estimate import Estimate, proportion_estimate
from .games import StoredGame

UNKNOWN_LEVEL = "not recorded"
"""How a game whose level is not known (an imported record without it) is grouped."""


@dataclass(frozen=True)
class WinRate:
    """The games against one ``level``, rated or ``practice``: how many were won, tied and lost, and the win rate
    (ties count half) with its Wilson 95% interval."""

    level: str
    practice: bool
    games: int
    wins: int
    ties: int
    losses: int
    rate: Estimate


@dataclass(frozen=True)
class GamePoint:
    """One game on a line over time: ``number`` is its place among the games shown (1 for the first played), ``value``
    the seat's score minus the best other side's."""

    number: int
    finished: datetime
    key: str
    rules: str
    level: str
    practice: bool
    value: int


@dataclass(frozen=True)
class CostPoint:
    """One reviewed game over time: what its costly moves cost (with its 95% interval), how many there were, and the
    review's par when it gives one."""

    number: int
    finished: datetime
    key: str
    rules: str
    level: str
    practice: bool
    cost: Estimate
    costly_moves: int
    par: float | None


@dataclass(frozen=True)
class MistakeCount:
    """A kind of mistake: how many times the reviews found it (``times``), in how many ``games``."""

    kind: str
    times: int
    games: int


def _in_order(games: Iterable[StoredGame]) -> list[StoredGame]:
    """The games in the order they finished; games of the same second keep the order given (the store's)."""
    return sorted(games, key=lambda g: g.finished)


def _level(game: StoredGame) -> str:
    return game.level if game.level is not None else UNKNOWN_LEVEL


def win_rates(games: Iterable[StoredGame], *, order: Sequence[str] = ()) -> tuple[WinRate, ...]:
    """The win rate against each level, the rated games first, then the practice games apart. Levels named in
    ``order`` (such as the play app's levels, easiest first) come first in that order, the others as first played."""
    played = [g for g in _in_order(games) if g.result is not None]
    levels = list(dict.fromkeys([*[name for name in order if any(_level(g) == name for g in played)],
                                 *(_level(g) for g in played)]))
    out = []
    for practice in (False, True):
        for level in levels:
            group = [g for g in played if g.practice == practice and _level(g) == level]
            if not group:
                continue
            wins, ties = sum(g.result == "win" for g in group), sum(g.result == "tie" for g in group)
            out.append(WinRate(level, practice, len(group), wins, ties, len(group) - wins - ties,
                               proportion_estimate(wins + ties / 2, len(group))))
    return tuple(out)


def score_differences(games: Iterable[StoredGame]) -> tuple[GamePoint, ...]:
    """The score difference of each game against an opponent, in the order played."""
    chosen = [g for g in _in_order(games) if g.difference is not None]
    return tuple(GamePoint(k, g.finished, g.key, g.rules, _level(g), g.practice, g.difference)
                 for k, g in enumerate(chosen, start=1) if g.difference is not None)


def review_costs(games: Iterable[StoredGame]) -> tuple[CostPoint, ...]:
    """What each reviewed game's costly moves cost, in the order played (games without a review are left out)."""
    chosen = [g for g in _in_order(games) if g.review is not None]
    return tuple(CostPoint(k, g.finished, g.key, g.rules, _level(g), g.practice, g.review.cost, g.review.costly_moves,
                           g.review.par) for k, g in enumerate(chosen, start=1) if g.review is not None)


def mistake_kinds(games: Iterable[StoredGame]) -> tuple[MistakeCount, ...]:
    """The kinds of mistakes the reviews found, most often made first (then by name)."""
    times: dict[str, int] = {}
    seen: dict[str, int] = {}
    for g in games:
        if g.review is None:
            continue
        for kind, n in g.review.mistake_kinds:
            times[kind] = times.get(kind, 0) + n
            seen[kind] = seen.get(kind, 0) + 1
    return tuple(MistakeCount(kind, times[kind], seen[kind]) for kind in sorted(times, key=lambda k: (-times[k], k)))


def _flat(value: Any) -> dict[str, Any]:
    if isinstance(value, StoredGame):
        return value.row()
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        raise ArgumentError(f"rows takes the figures or games of expeditions.history, got {shown(value)}")
    row: dict[str, Any] = {}
    for f in dataclasses.fields(value):
        item = getattr(value, f.name)
        if isinstance(item, Estimate):
            row |= {f.name: item.value, f"{f.name}_low": item.low, f"{f.name}_high": item.high}
        else:
            row[f.name] = item
    return row


def rows(values: Iterable[Any]) -> list[dict[str, Any]]:
    """Flat rows (dicts of plain values) of figures or games: a figure with its interval, such as ``rate``, becomes
    ``rate``, ``rate_low`` and ``rate_high``."""
    return [_flat(v) for v in values]


__all__ = ["UNKNOWN_LEVEL", "CostPoint", "GamePoint", "MistakeCount", "WinRate", "mistake_kinds", "review_costs", "rows",
           "score_differences", "win_rates"]
