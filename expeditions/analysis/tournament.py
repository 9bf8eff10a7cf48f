"""Tournaments: bots against each other on duplicate deals, with 95% intervals.

Every deal is played twice with the seats swapped, so that both bots hold both hands of the deal
and the luck of the cards cancels out. With four players each bot kind makes a team (seats 0 and
2 against 1 and 3) and the teams swap. In the solitaire every bot plays every deal once, and
the result is each bot's score distribution.

The two rounds of a deal are not independent, so every interval is computed over deals: a deal
gives a bot a win share of 0, ¼, ½, ¾ or 1 (a tie counts half) and an average score difference,
and the interval is the mean ± 1.96 standard errors over deals (the normal approximation). When
every deal gives the same win share, the interval is the Wilson score interval over the deals.

The work is a map over chunks of deals (``expeditions.analysis.parallel.parallel_map``): it runs
on local processes, on any ``concurrent.futures`` executor such as a Dask cluster's, or in this
process with ``workers=1``. Bot factories must then be picklable: classes, or
``functools.partial`` of them, not lambdas.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from html import escape
from itertools import combinations
from typing import Any

import numpy as np

from ..arguments import shown
from ..bots.base import BotFactory, play_out
from ..errors import ExpeditionsError
from ..round import Round, deal
from ..rules import Rules
from ..rules import rules as get_rules
from .parallel import check_pool, chunks, default_workers, parallel_map
from .stats import Z95, Estimate, mean_estimate, proportion_estimate
from .tables import html_grid, text_grid

_GRID = "font-size:13px;margin:6px 0"
"""The style of a tournament's tables."""


class TournamentError(ExpeditionsError):
    """A tournament that cannot be played as asked."""


class NotInTournament(TournamentError, KeyError):
    """A bot or pairing a tournament's result does not hold (also a ``KeyError``, as a lookup by name)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


# --- intervals -------------------------------------------------------------------------------------
def win_share_interval(shares: Sequence[float]) -> Estimate:
    """The win rate over deals, from each deal's win share (see the module docs)."""
    if len(set(shares)) == 1:
        return proportion_estimate(sum(shares), len(shares))
    est = mean_estimate(shares)
    return Estimate(est.value, max(0.0, est.low), min(1.0, est.high), est.samples)


# --- one round's record ----------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatStats:
    """What one seat did in one round."""

    plays: int
    discards: int
    passes: int
    pile_draws: int
    opened: int
    investments: int


@dataclass(frozen=True)
class Game:
    """One round of a tournament: which bot sat where, the scores per side, and what each seat did."""

    deal: int
    bots: tuple[str, ...]  # per seat
    scores: tuple[int, ...]  # per side
    bonuses: tuple[int, ...]  # per side: expeditions that made the bonus
    end: str
    turns: int
    seats: tuple[SeatStats, ...]


def seat_stats(rnd: Round) -> tuple[SeatStats, ...]:
    """Per seat: plays, discards, passes, pile draws, expeditions opened and investments laid."""
    rules = rnd.rules
    starter = getattr(rnd.start, "starter", getattr(rnd.start, "to_move", 0))
    counts = [[0] * 6 for _ in range(rules.players)]
    started: set[tuple[int, str]] = {(side, s) for side in range(rules.sides) for s in rules.suits if _laid_at_start(rnd, side, s)}
    for i, move in enumerate(rnd.moves):
        seat = (starter + i) % rules.players
        row = counts[seat]
        if move.kind == "pass":
            row[2] += 1
            continue
        row[0 if move.kind == "play" else 1] += 1
        if move.draw not in (None, "deck"):
            row[3] += 1
        if move.kind == "play":
            key = (rules.side_of(seat), move.card.suit)
            if key not in started:
                started.add(key)
                row[4] += 1
            row[5] += move.card.is_investment
    return tuple(SeatStats(*row) for row in counts)


def _laid_at_start(rnd: Round, side: int, suit: str) -> bool:
    expeditions = getattr(rnd.start, "expeditions", ())
    return bool(expeditions and expeditions[side][rnd.rules.suits.index(suit)])


def game_of(rnd: Round, deal_number: int, bots: Sequence[str]) -> Game:
    rules = rnd.rules
    bonuses = tuple(sum(len(rnd.expedition(side, s)) >= rules.bonus_at for s in rules.suits) for side in range(rules.sides))
    return Game(deal_number, tuple(bots), rnd.scores(), bonuses, rnd.end_reason or "", rnd.turn, seat_stats(rnd))


# --- playing --------------------------------------------------------------------------------------
def _bot_seed(seed: int | str, deal_number: int, game: int, seat: int) -> int:
    return random.Random(f"{seed}:{deal_number}:{game}:{seat}").getrandbits(32)


def seatings(rules: Rules, first: str, second: str) -> list[tuple[str, ...]]:
    """The games of one deal: who sits where, seats swapped."""
    if rules.players == 2:
        return [(first, second), (second, first)]
    if rules.players == 4 and rules.partnerships:
        return [(first, second, first, second), (second, first, second, first)]
    raise TournamentError(
        f"a tournament seats two kinds of bots against each other: 2 players, or 4 in partnerships, or the solitaire; "
        f"the {rules.label} rules seat {rules.players} players"
    )


@dataclass(frozen=True)
class _Work:
    rules: Rules
    seed: int | str
    deals: range
    tables: tuple[tuple[str, ...], ...]  # per game of a deal: the bot name of each seat
    factories: tuple[tuple[str, BotFactory], ...]


def _play(work: _Work) -> list[Game]:
    factories = dict(work.factories)
    out = []
    for d in work.deals:
        for g, seating in enumerate(work.tables):
            rnd = deal(work.rules, seed=f"{work.seed}:{d}")
            bots = [factories[name](_bot_seed(work.seed, d, g, seat)) for seat, name in enumerate(seating)]
            out.append(game_of(play_out(rnd, bots), d, seating))
    return out


# --- results ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Pairing:
    """One bot against another over duplicate deals: ``first``'s win rate (ties count half) and its
    mean score difference per round, each with its 95% interval."""

    first: str
    second: str
    deals: int
    rounds: int
    wins: float
    ties: int
    win_rate: Estimate
    difference: Estimate


@dataclass(frozen=True)
class BotStats:
    """One bot's play per round, over every round it played (per side in the solitaire and per
    seat otherwise, except scores and bonuses, which belong to its side)."""

    name: str
    rounds: int
    score: Estimate
    plays: float
    discards: float
    discard_share: float  # discards among plays and discards
    passes: float
    pile_draws: float
    opened: float
    investments: float
    bonuses: float
    stalled: int  # rounds it played that the stall rule ended
    score_quantiles: tuple[float, float, float, float, float]  # min, 25%, median, 75%, max


@dataclass(frozen=True)
class TournamentResult:
    """The outcome of ``tournament``: ``pairings`` (none in the solitaire), ``bots``, and every game."""

    rules: Rules
    deals: int
    seed: int | str
    pairings: tuple[Pairing, ...]
    bots: tuple[BotStats, ...]
    games: tuple[Game, ...]

    def pairing(self, first: str, second: str) -> Pairing:
        """The result of ``first`` against ``second`` (in either order of the tournament)."""
        for p in self.pairings:
            if (p.first, p.second) == (first, second):
                return p
            if (p.second, p.first) == (first, second):
                return _flip(p)
        raise NotInTournament(f"{first} did not play {second}; the pairings are "
                       + ", ".join(f"{p.first}-{p.second}" for p in self.pairings))

    def bot(self, name: str) -> BotStats:
        for b in self.bots:
            if b.name == name:
                return b
        raise NotInTournament(f"no bot {name!r}; the bots are {', '.join(b.name for b in self.bots)}")

    def discards(self, name: str) -> tuple[Estimate, Estimate]:
        """Bot ``name``'s discards per seat and round, and the share of its plays and discards that
        are discards, each with its 95% interval over deals (the share's by the delta method for a
        ratio of means)."""
        self.bot(name)  # an unknown name fails here, with the list of bots
        per_deal: dict[int, list[int]] = {}
        for game in self.games:
            for bot, seat in zip(game.bots, game.seats, strict=True):
                if bot == name:
                    row = per_deal.setdefault(game.deal, [0, 0, 0])
                    row[0] += seat.discards
                    row[1] += seat.plays + seat.discards
                    row[2] += 1
        discards, moves, seats = (np.array(column, dtype=np.float64) for column in zip(*per_deal.values(), strict=True))
        share, n = float(discards.sum() / moves.sum()), len(discards)
        residuals = discards - share * moves
        half = Z95 * math.sqrt(float((residuals**2).sum()) / (n * (n - 1))) / float(moves.mean()) if n > 1 else math.inf
        return mean_estimate(discards / seats), Estimate(share, share - half, share + half, n)

    def _pairing_rows(self) -> list[list[str]]:
        return [[p.first, p.second, str(p.deals), p.win_rate.percent(), f"{p.difference.value:+.1f} "
                 f"[{p.difference.low:+.1f}, {p.difference.high:+.1f}]"] for p in self.pairings]

    def _bot_rows(self) -> list[list[str]]:
        rows = []
        for b in self.bots:
            row = [b.name, str(b.rounds), f"{b.score.value:.1f} [{b.score.low:.1f}, {b.score.high:.1f}]"]
            if self.pairings:
                row += [f"{b.plays:.1f}", f"{b.discards:.1f}", f"{100 * b.discard_share:.0f}%", f"{b.pile_draws:.1f}"]
                if self.rules.pass_cards:
                    row.append(f"{b.passes:.1f}")
            else:
                row += ["/".join(f"{q:g}" for q in b.score_quantiles), f"{b.plays:.1f}", f"{b.discards:.1f}"]
            row += [f"{b.opened:.2f}", f"{b.investments:.2f}", f"{b.bonuses:.2f}"]
            if self.pairings and self.rules.stall_limit:
                row.append(str(b.stalled))
            rows.append(row)
        return rows

    def _bot_head(self) -> list[str]:
        head = ["bot", "rounds", "mean score [95%]"]
        if self.pairings:
            head += ["plays", "discards", "discard share", "pile draws"]
            if self.rules.pass_cards:
                head.append("passes")
        else:
            head += ["min/25%/median/75%/max", "plays", "discards"]
        head += ["opened", "investments", "bonuses"]
        if self.pairings and self.rules.stall_limit:
            head.append("stalled rounds")
        return head

    _PAIR_HEAD = ("first", "second", "deals", "first wins [95%]", "mean difference [95%]")

    def __str__(self) -> str:
        lines = [f"tournament on {self.rules.label}: {self.deals} deals"
                 + (" played twice, seats swapped" if self.pairings else "") + f", seed {self.seed!r}"]
        if self.pairings:
            lines += ["", text_grid(list(self._PAIR_HEAD), self._pairing_rows())]
        lines += ["", "per round:" if self.pairings else "scores per round:", text_grid(self._bot_head(), self._bot_rows())]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        title = escape(str(self).splitlines()[0])
        parts = [f"<div style='font-family:sans-serif'><b>{title}</b>"]
        if self.pairings:
            parts.append(html_grid(list(self._PAIR_HEAD), self._pairing_rows(), style=_GRID))
        parts.append(html_grid(self._bot_head(), self._bot_rows(), style=_GRID))
        return "".join(parts) + "</div>"

    def to_frame(self, what: str = "pairings") -> Any:
        """A pandas DataFrame of the ``"pairings"``, the ``"bots"`` or the ``"games"`` (pandas is imported here)."""
        import pandas as pd

        if what == "pairings":
            return pd.DataFrame([{
                "first": p.first, "second": p.second, "deals": p.deals, "rounds": p.rounds, "wins": p.wins, "ties": p.ties,
                "win_rate": p.win_rate.value, "win_low": p.win_rate.low, "win_high": p.win_rate.high,
                "difference": p.difference.value, "difference_low": p.difference.low, "difference_high": p.difference.high,
            } for p in self.pairings])
        if what == "bots":
            return pd.DataFrame([{
                "bot": b.name, "rounds": b.rounds, "score": b.score.value, "score_low": b.score.low, "score_high": b.score.high,
                "plays": b.plays, "discards": b.discards, "discard_share": b.discard_share, "passes": b.passes,
                "pile_draws": b.pile_draws, "opened": b.opened, "investments": b.investments, "bonuses": b.bonuses,
                "stalled": b.stalled,
            } for b in self.bots])
        if what == "games":
            return pd.DataFrame([{
                "deal": g.deal, "bots": " ".join(g.bots), "scores": g.scores, "end": g.end, "turns": g.turns,
            } for g in self.games])
        raise TournamentError(f"to_frame takes 'pairings', 'bots' or 'games', not {shown(what)}")


def _flip(p: Pairing) -> Pairing:
    return Pairing(p.second, p.first, p.deals, p.rounds, p.rounds - p.wins, p.ties,
                   Estimate(1 - p.win_rate.value, 1 - p.win_rate.high, 1 - p.win_rate.low, p.win_rate.samples),
                   Estimate(-p.difference.value, -p.difference.high, -p.difference.low, p.difference.samples))


def _pairing(first: str, second: str, games: list[Game], sides: int) -> Pairing:
    by_deal: dict[int, list[tuple[float, float]]] = {}
    ties = 0
    for g in games:
        own = g.bots.index(first) % sides
        other = g.bots.index(second) % sides
        diff = g.scores[own] - g.scores[other]
        ties += diff == 0
        by_deal.setdefault(g.deal, []).append((1.0 if diff > 0 else 0.5 if diff == 0 else 0.0, float(diff)))
    shares = [statistics.fmean(w for w, _ in v) for v in by_deal.values()]
    diffs = [statistics.fmean(d for _, d in v) for v in by_deal.values()]
    wins = sum(w for v in by_deal.values() for w, _ in v)
    return Pairing(first, second, len(by_deal), len(games), wins, ties, win_share_interval(shares), mean_estimate(diffs))


def _bot_stats(name: str, games: list[Game], rules: Rules) -> BotStats:
    scores_by_deal: dict[int, list[float]] = {}
    seat_rows: list[SeatStats] = []
    bonuses, stalled, rounds = 0, 0, 0
    for g in games:
        seats = [i for i, b in enumerate(g.bots) if b == name]
        if not seats:
            continue
        rounds += 1
        side = rules.side_of(seats[0])
        scores_by_deal.setdefault(g.deal, []).append(g.scores[side])
        seat_rows += [g.seats[i] for i in seats]
        bonuses += g.bonuses[side]
        stalled += g.end == "stall"
    n = max(1, len(seat_rows))
    plays = sum(s.plays for s in seat_rows)
    discards = sum(s.discards for s in seat_rows)
    every = sorted(x for v in scores_by_deal.values() for x in v)
    quartiles = statistics.quantiles(every, n=4) if len(every) > 1 else [float(every[0])] * 3
    return BotStats(
        name=name, rounds=rounds,
        score=mean_estimate([statistics.fmean(v) for v in scores_by_deal.values()]),
        plays=plays / n, discards=discards / n, discard_share=discards / max(1, plays + discards),
        passes=sum(s.passes for s in seat_rows) / n, pile_draws=sum(s.pile_draws for s in seat_rows) / n,
        opened=sum(s.opened for s in seat_rows) / n, investments=sum(s.investments for s in seat_rows) / n,
        bonuses=bonuses / max(1, rounds), stalled=stalled,
        score_quantiles=(float(every[0]), quartiles[0], quartiles[1], quartiles[2], float(every[-1])),
    )


def tournament(
    players: Mapping[str, BotFactory],
    rules: Rules | str = "expeditions",
    *,
    deals: int = 100,
    seed: int | str = 0,
    pairings: Iterable[tuple[str, str]] | None = None,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = True,
) -> TournamentResult:
    """Play every pairing of ``players`` (name -> bot factory taking a seed) on ``deals`` duplicate
    deals of ``rules``; in the solitaire, every bot on every deal.

    ``pairings`` limits the games to the given (first, second) pairs; by default every two bots meet.
    Deal ``d`` is the same deck for every pairing (``deal(rules, seed=f"{seed}:{d}")``, seat 0
    starting), and every bot gets its own seed from ``seed``, the deal, the game and its seat, so a
    tournament replays exactly. ``executor``/``workers``/``progress`` as in ``parallel_map``.
    """
    r = get_rules(rules)
    if not isinstance(players, Mapping):
        raise TournamentError(f"players maps a name to a bot factory, like {{'Expert': bots.Expert}}, got {shown(players)}")
    for name, factory in players.items():
        if not isinstance(name, str) or not callable(factory):
            raise TournamentError(f"players maps a name (text) to a bot factory (a bot class, or a function of a seed), "
                                  f"got {shown(name)}: {shown(factory)}")
    names = list(players)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise TournamentError(f"a tournament needs at least 1 deal, not {shown(deals)}")
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise TournamentError(f"seed takes a whole number or a text, got {shown(seed)}")
    check_pool(executor, workers, progress)
    if pairings is not None and (isinstance(pairings, str) or not isinstance(pairings, Iterable)):
        raise TournamentError(f"pairings is a list of (first, second) pairs of names, got {shown(pairings)}")
    if r.players == 1:
        if not names:
            raise TournamentError("a tournament needs at least one bot")
        plan: list[tuple[tuple[str, ...], ...]] = [((name,),) for name in names]
        pairs: list[tuple[str, str]] = []
    else:
        pairs = list(pairings) if pairings is not None else list(combinations(names, 2))
        if not all(isinstance(p, tuple | list) and len(p) == 2 for p in pairs):
            raise TournamentError(f"a pairing is a (first, second) pair of names, got {shown(pairs)}")
        pairs = [(a, b) for a, b in pairs]
        unknown = sorted({n for p in pairs for n in p} - set(names))
        if unknown:
            raise TournamentError(f"{', '.join(unknown)} {'is' if len(unknown) == 1 else 'are'} not among the players: {', '.join(names)}")
        if not pairs:
            raise TournamentError("a tournament needs at least two bots, or a pairing")
        if any(a == b for a, b in pairs):
            raise TournamentError("a pairing needs two different bot names; to play a bot against itself, register it twice")
        plan = [tuple(seatings(r, a, b)) for a, b in pairs]
    factories = tuple((n, players[n]) for n in names)
    pieces = max(1, min(deals, 4 * (workers or default_workers())))
    work = [_Work(r, seed, part, tables, factories) for tables in plan for part in chunks(deals, pieces)]
    results = parallel_map(_play, work, executor=executor, workers=workers, progress=progress, description=f"tournament {r.name}")
    games = [g for part in results for g in part]
    if r.players == 1:
        return TournamentResult(r, deals, seed, (), tuple(_bot_stats(n, games, r) for n in names), tuple(games))
    pairing_results = []
    for (a, b), tables in zip(pairs, plan, strict=True):
        seated = set(tables)
        pairing_results.append(_pairing(a, b, [g for g in games if g.bots in seated], r.sides))
    played = [n for n in names if any(n in p for p in pairs)]
    return TournamentResult(r, deals, seed, tuple(pairing_results), tuple(_bot_stats(n, games, r) for n in played), tuple(games))
