"""Which card to lay, and when: every legal move of the turn, valued by playing the round out.

``move_values(hand_or_position)`` plays every legal move of the seat to move, then the rest of the
round with the counting policy for both sides (``rollouts``), from the same sampled positions, and
ranks the moves by the expected final score difference (your round score minus the other side's),
each with its 95% interval, the loss against the best move (paired by position, so far more
precise), your own expected score and your chance of winning the round. The first answer comes in
about a second; ``iter_move_values`` goes on refining it, for a progress display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Unpack

import numpy as np

from ..cards import Card
from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import cards_words, move_words
from .budget import QUICK, REFINED, Budget, BudgetOptions, budget_of
from .rollouts import Option, Rollouts, answers, last, moving_observation, policy_move
from .situation import HandLike, observation_for
from .stats import Estimate, win_share
from .tables import Cells, TableAnswer, find_row


@dataclass(frozen=True)
class MoveValue:
    """One move's value: ``difference`` (your final round score minus the other side's),
    ``against_best`` (that, less the best move's, paired by position), ``score`` (your final round
    score), ``win`` (the chance of winning the round, a tie counting half), all with 95% intervals;
    ``policy``: whether it is the counting policy's own choice."""

    move: Move
    difference: Estimate
    against_best: Estimate
    score: Estimate
    win: Estimate
    policy: bool


@dataclass(frozen=True, repr=False)
class MoveValues(TableAnswer):
    """Every legal move of the turn, best first (``rows``), from ``positions`` sampled positions."""

    css = "xp-answer-moves"

    rules: Rules
    seat: int
    hand: tuple[Card, ...]
    rows: tuple[MoveValue, ...]
    positions: int
    seconds: float

    @property
    def best(self) -> MoveValue:
        return self.rows[0]

    @property
    def width(self) -> float:
        """The widest 95% half-width of the moves' score differences."""
        return max(r.difference.half_width for r in self.rows)

    def get(self, move: Move | str) -> MoveValue:
        wanted = Move.parse(move)
        return find_row(self.rows, lambda r: r.move == wanted,
                        f"{wanted} is not a legal move here; the moves are {', '.join(str(r.move) for r in self.rows)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"move": str(r.move), "difference": r.difference.value, "difference_low": r.difference.low,
                 "difference_high": r.difference.high, "against_best": r.against_best.value,
                 "against_best_low": r.against_best.low, "against_best_high": r.against_best.high,
                 "score": r.score.value, "win": r.win.value, "win_low": r.win.low, "win_high": r.win.high,
                 "policy": r.policy} for r in self.rows]

    def to_frame(self) -> Any:
        import pandas as pd

        return pd.DataFrame.from_records(self.records())

    @property
    def measure(self) -> str:
        """What the moves are ranked by, in words: your score minus the other side's (your round score alone in
        the solitaire)."""
        return "your score minus the opponent's" if self.rules.sides > 1 else "your round score"

    @property
    def sentence(self) -> str:
        """The best move in words, with its number, and the moves about as good (whose gap to it may be 0)."""
        best = self.rows[0]
        close = [f"“{move_words(r.move, 'notation')}”" for r in self.rows[1:] if r.against_best.contains(0)]
        text = (f"Best: “{move_words(best.move, 'notation')}”, about {best.difference.format(sign=True)} points in {self.measure} at "
                "the end of the round")
        if close:
            shown = ", ".join(close[:3]) + (f" and {len(close) - 3} more" if len(close) > 3 else "")
            text += f"; about as good (too close to tell apart): {shown}"
        return text + "."

    def _cells(self) -> Cells:
        title = (f"Every move of seat {self.seat} holding {cards_words(self.hand)}, played out "
                 f"{self.positions:,} times ({self.seconds:.1f} s)")
        ahead = "your score minus theirs" if self.rules.sides > 1 else "your score"
        columns = ["move", ahead, "against the best", "your score", "chance to win"]
        lines = [[move_words(r.move, "notation") + (" (the counting bot's own)" if r.policy else ""), r.difference.format(),
                  "best" if i == 0 else r.against_best.format(), r.score.format(), r.win.format(0, percent=True)]
                 for i, r in enumerate(self.rows)]
        notes = [f"{ahead[0].upper() + ahead[1:]}: at the end of the round, after the move and the rest of the round played "
                 "by the counting bot for both sides; 95% intervals over batches of positions. Against the best: the same "
                 "positions played with the best move, so the gap is measured more precisely. Your score: your own round "
                 "score alone."]
        return title, columns, lines, notes



def summarize(collected: Rollouts, policy: Move, hand: tuple[Card, ...]) -> MoveValues:
    """The moves' values from the rollouts collected so far."""
    obs = collected.observation
    n = collected.positions
    differences = [collected.difference(j) for j in range(len(collected.options))]
    means = [float(d.mean()) for d in differences]
    best = int(np.argmax(means))
    rows = []
    for j, option in enumerate(collected.options):
        d = differences[j]
        rows.append(MoveValue(move=option.moves[0], difference=collected.mean(d),
                              against_best=Estimate.exact(0.0) if j == best else collected.mean(d - differences[best]),
                              score=collected.mean(collected.own(j)), win=win_share(d),
                              policy=option.moves[0] == policy))
    rows.sort(key=lambda r: -r.difference.value)
    return MoveValues(obs.rules, obs.seat, hand, tuple(rows), n, collected.seconds)


def iter_move_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                     budget: Budget | None = None, on_update: Callable[[MoveValues], None] | None = None,
                     **limits: Unpack[BudgetOptions]) -> Iterator[MoveValues]:
    """``move_values``, ever more precise: each answer after more positions, until every score
    difference is within ``±precision`` points (or ``time_limit`` seconds)."""
    obs = moving_observation(observation_for(what, rules, seat))
    moves = list(obs.legal_moves)
    if not moves:
        raise AnalysisError("there is no legal move to value")
    policy = policy_move(obs)
    options = tuple(Option(str(m), (m,)) for m in moves)
    return answers(obs, options, lambda c: summarize(c, policy, obs.hand), lambda v: v.width,
                   budget_of(REFINED, budget, limits), description="moves", on_update=on_update)


def move_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                budget: Budget | None = None, on_update: Callable[[MoveValues], None] | None = None,
                **limits: Unpack[BudgetOptions]) -> MoveValues:
    """Which card to lay, and when: every legal move of the seat to move valued by rollouts with the
    counting policy for both sides, until every move's score difference is within ``±precision``
    points or ``time_limit`` seconds have passed. ``what`` is a hand (the start of a round where
    you move first), a ``Round`` (seen by ``seat``, default the seat to move) or an ``Observation``."""
    return last(iter_move_values(what, rules, seat=seat, budget=budget_of(QUICK, budget, limits), on_update=on_update))
