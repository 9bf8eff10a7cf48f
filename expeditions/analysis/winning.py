"""Winning, not only scoring: the chance to win the round, and the match, beside the expected score.

``win_chances`` plays the round out from the seat's position (its move and every later one by the
counting policy, both sides) and counts how often the seat's side ends the round ahead (a tie
counts half, as a shared win). In a match, every remaining round is played too, from a fresh deal
by the counting policy for both sides, and the match is won by the higher total: the running totals
(``Observation.totals``, or the ``Match``'s) plus this round plus the rounds still to come. The
next rounds' starting seat alternates (the ``"rotate"`` rule; under ``"loser-starts"`` it is taken
to alternate too), and a match tied at its end counts half (the extra round of the
``"extra-round"`` rule is not played).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Unpack

import numpy as np

from ..bots.counting import counting_policy
from ..bots.policies import playout
from ..engine import deal_table, spec_for
from ..errors import AnalysisError
from ..match import Match
from ..moves import Move
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import move_words
from . import batch
from .budget import QUICK, REFINED, Budget, BudgetOptions, budget_of
from .rollouts import Option, Rollouts, answers, batch_plays, last, moving_observation, policy_move
from .situation import HandLike, observation_for
from .stats import Estimate, IntArray, win_share
from .tables import Cells, TableAnswer


@dataclass(frozen=True, repr=False)
class WinChances(TableAnswer):
    """The seat's chances with the counting policy's move ``move``: ``round_win`` (ties half),
    ``difference`` (its final round score minus the other side's), ``score`` (its round score);
    in a match, ``totals`` so far, ``rounds_after`` this one, and ``match_win``."""

    rules: Rules
    seat: int
    move: Move
    round_win: Estimate
    difference: Estimate
    score: Estimate
    totals: tuple[int, ...]
    rounds_after: int
    match_win: Estimate | None
    positions: int
    seconds: float

    css = "xp-answer-winning"

    @property
    def width(self) -> float:
        return self.difference.half_width

    def records(self) -> list[dict[str, Any]]:
        return [{"what": "round", "chance": self.round_win.value, "low": self.round_win.low, "high": self.round_win.high},
                *([{"what": "match", "chance": self.match_win.value, "low": self.match_win.low, "high": self.match_win.high}]
                  if self.match_win is not None else [])]

    def _cells(self) -> Cells:
        title = (f"Seat {self.seat}'s chances, playing “{move_words(self.move, 'notation')}” (the counting bot's move) and the rest "
                 f"of the round ({self.positions:,} positions, {self.seconds:.1f} s)")
        columns = ["what", "chance to win", "expected"]
        lines = [["this round", self.round_win.format(1, percent=True),
                  f"your score minus theirs {self.difference.format()}, your score {self.score.format()}"]]
        notes = ["A tie counts half."]
        if self.match_win is not None:
            lines.append(["the match", self.match_win.format(1, percent=True),
                          f"totals so far {' : '.join(map(str, self.totals))}, {self.rounds_after} round(s) after this one"])
            notes.append("The rounds after this one are dealt afresh and played by the counting bot for both sides.")
        return title, columns, lines, notes


def future_differences(rules: Rules, rounds: int, positions: int, starter: int, seat: int, seed: int,
                       stream: int = 0) -> IntArray:
    """For ``positions`` independent matches: the sum over ``rounds`` fresh rounds (the first started by
    ``starter``, then alternating) of ``seat``'s side's score minus the other side's, with the counting
    policy for both sides (the batch simulator for two players, else the engine), from the random
    stream numbered ``stream``."""
    total = np.zeros(positions, dtype=np.int64)
    rng = np.random.default_rng([seed, 7919, stream])
    side = rules.side_of(seat)
    for r in range(rounds):
        first = (starter + r) % rules.players
        if batch_plays(rules):
            layout = batch.counting_layout(rules)
            decks = np.argsort(rng.random((positions, layout.cards)), axis=1)
            out = batch.counting_result(layout, batch.play_counting(batch.counting_deals(layout, decks, first)))
            scores = out["scores"]
        else:
            spec = spec_for(rules)
            scores = np.zeros((positions, rules.sides), dtype=np.int64)
            for i in range(positions):
                order = spec.deck_ids[:]
                random.Random(int(rng.integers(1 << 62))).shuffle(order)
                scores[i] = playout(deal_table(spec, order, first), [counting_policy] * rules.players, random.Random(0)).scores()
        others = np.delete(scores, side, axis=1)
        total += scores[:, side] - others.max(axis=1)
    return total


@dataclass
class FutureRounds:
    """The rounds after this one for each position of the rollouts, simulated once and kept while
    the rollouts grow (``first``): each call simulates only the positions not simulated before,
    from a random stream numbered by the first of them."""

    rules: Rules
    rounds: int
    starter: int
    seat: int
    seed: int
    sums: IntArray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def first(self, positions: int) -> IntArray:
        """The future score differences of the first ``positions`` positions."""
        done = self.sums.size
        if positions > done:
            more = future_differences(self.rules, self.rounds, positions - done, self.starter, self.seat, self.seed, done)
            self.sums = np.concatenate([self.sums, more])
        return self.sums[:positions]


def iter_win_chances(what: HandLike | Round | Observation | Match, rules: Rules | str | None = None, *, seat: int | None = None,
                     totals: tuple[int, ...] | None = None, rounds_after: int | None = None,
                     budget: Budget | None = None, on_update: Callable[[WinChances], None] | None = None,
                     **limits: Unpack[BudgetOptions]) -> Iterator[WinChances]:
    """``win_chances``, ever more precise."""
    if isinstance(what, Match):
        if rules is not None:
            raise AnalysisError("give the rules only with a hand: a match carries its own rules")
        match = what
        what = match.current
        totals = match.totals if totals is None else totals
        rounds_after = match.rounds_to_play - match.round_number if rounds_after is None else rounds_after
    obs = moving_observation(observation_for(what, rules, seat))
    totals = tuple(obs.totals) if totals is None else tuple(totals)
    rounds_after = 0 if rounds_after is None else rounds_after
    if rounds_after < 0:
        raise AnalysisError(f"rounds_after counts the rounds still to come after this one; it cannot be {rounds_after}")
    if totals and len(totals) != obs.rules.sides:
        raise AnalysisError(f"totals holds one number per side: {obs.rules.sides} for the {obs.rules.name} rules")
    spent = budget_of(REFINED, budget, limits)
    move = policy_move(obs)
    starter = (obs.to_move - obs.turn) % obs.rules.players if obs.to_move is not None else 0
    side = obs.side
    lead = (totals[side] - max(t for i, t in enumerate(totals) if i != side)) if totals else 0
    futures = FutureRounds(obs.rules, rounds_after, starter + 1, obs.seat, spent.seed)

    def summarize(collected: Rollouts) -> WinChances:
        d = collected.difference(0)
        n = collected.positions
        match_win = None
        if totals or rounds_after:
            ahead = lead + d + futures.first(n)
            match_win = win_share(ahead)
        return WinChances(obs.rules, obs.seat, move, win_share(d), collected.mean(d),
                          collected.mean(collected.own(0)), totals, rounds_after, match_win, n, collected.seconds)

    return answers(obs, (Option(str(move), (move,)),), summarize, lambda v: v.width,
                   spent, description="winning", on_update=on_update)


def win_chances(what: HandLike | Round | Observation | Match, rules: Rules | str | None = None, *, seat: int | None = None,
                totals: tuple[int, ...] | None = None, rounds_after: int | None = None,
                budget: Budget | None = None, on_update: Callable[[WinChances], None] | None = None,
                **limits: Unpack[BudgetOptions]) -> WinChances:
    """The chance to win the round and, with running ``totals`` (default the observation's, or a
    ``Match``'s) and ``rounds_after`` this one (a match knows; else 0), the match, beside the
    expected score difference (see the module docs)."""
    return last(iter_win_chances(what, rules, seat=seat, totals=totals, rounds_after=rounds_after,
                                 budget=budget_of(QUICK, budget, limits), on_update=on_update))
