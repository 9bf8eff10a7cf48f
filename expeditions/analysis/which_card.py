"""Which card to lay, and when: every legal move of the turn, valued by the analyst.

``move_values(hand_or_position)`` is the analyst's answer (``analyst``, the one valuation the hints,
the reviews and the Hard bot rest on too) as a table: every legal move of the seat to move played
on the same sampled deals, then the rest of the round with the counting policy for both sides,
ranked by its paired difference to the best move (what is shown is what is ranked), each with the
final score difference it is expected to bring (your round score minus the other side's) and its 95%
interval, your own expected score and your chance of winning the round. The first answer comes in
about a second; ``iter_move_values`` goes on refining it, for a progress display.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Unpack

from ..cards import Card
from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import cards_words, move_words
from .analyst import ABOUT_AS_GOOD, HINT, PIECE, Analysis, Analyst, Effort
from .budget import QUICK, REFINED, Budget, BudgetOptions, budget_of
from .rollouts import last, moving_observation, policy_move
from .situation import HandLike, observation_for
from .stats import Estimate
from .tables import Cells, TableAnswer, find_row


@dataclass(frozen=True)
class MoveValue:
    """One move's value: ``difference`` (your final round score minus the other side's: the best move's
    plus the gap to it), ``against_best`` (that gap, paired deal by deal), ``score`` (your final round
    score), ``win`` (the chance of winning the round, a tie counting half), all with 95% intervals;
    ``policy``: whether it is the counting policy's own choice; ``verdict``: the analyst's (best, about
    as good, not decided, worse)."""

    move: Move
    difference: Estimate
    against_best: Estimate
    score: Estimate
    win: Estimate
    policy: bool
    verdict: str


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
        """The widest 95% half-width of the moves' differences to the best."""
        return max(r.against_best.half_width for r in self.rows)

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
        """The best move in words, with its number, and the moves about as good (known to within the tie margin)."""
        best = self.rows[0]
        close = [f"“{move_words(r.move, 'notation')}”" for r in self.rows[1:] if r.verdict == ABOUT_AS_GOOD]
        text = (f"Best: “{move_words(best.move, 'notation')}”, about {best.difference.format(sign=True)} points in {self.measure} at "
                "the end of the round")
        if close:
            shown = ", ".join(close[:3]) + (f" and {len(close) - 3} more" if len(close) > 3 else "")
            text += f"; about as good (within {HINT.tie:g} points): {shown}"
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
                 "by the counting bot for both sides: the best move's value plus the move's gap to it, so the moves are in the "
                 "order of the ranking; 95% intervals over batches of deals. Against the best: the same deals played with the "
                 "best move, so the gap is measured more precisely. Your score: your own round score alone."]
        return title, columns, lines, notes



def summarize(analysis: Analysis, observation: Observation, policy: Move) -> MoveValues:
    """The analyst's answer as the table of moves."""
    rows = tuple(MoveValue(v.move, v.value, v.against_best, v.score, v.win, v.move == policy, v.verdict) for v in analysis.moves)
    return MoveValues(observation.rules, observation.seat, observation.hand, rows, analysis.deals, analysis.seconds)


def effort_of(budget: Budget) -> Effort:
    """The analyst's effort for a budget of rollouts: the same first and most deals (in whole pieces of the
    analyst's), ``precision`` (0: as many deals as it may), ``time_limit`` and ``seed``."""
    first = max(PIECE, budget.first // PIECE * PIECE)
    return Effort(first=first, most=max(first, budget.max_positions // PIECE * PIECE), tie=HINT.tie,
                  precision=budget.precision or 1e-9, seconds=budget.time_limit, seed=budget.seed)


def iter_move_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                     budget: Budget | None = None, on_update: Callable[[MoveValues], None] | None = None,
                     **limits: Unpack[BudgetOptions]) -> Iterator[MoveValues]:
    """``move_values``, ever more precise: an answer after each round of deals, until every move is decided
    or within ``±precision`` points of the best (or ``time_limit`` seconds)."""
    obs = moving_observation(observation_for(what, rules, seat))
    if not obs.legal_moves:
        raise AnalysisError("there is no legal move to value")
    spent = budget_of(REFINED, budget, limits)
    policy = policy_move(obs)
    analyst = Analyst(obs, effort_of(spent), executor=spent.executor, workers=spent.workers)
    for analysis in analyst.steps():
        answer = summarize(analysis, obs, policy)
        if on_update is not None:
            on_update(answer)
        yield answer


def move_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                budget: Budget | None = None, on_update: Callable[[MoveValues], None] | None = None,
                **limits: Unpack[BudgetOptions]) -> MoveValues:
    """Which card to lay, and when: every legal move of the seat to move valued by the analyst (see the
    module docs), until every move is decided or within ``±precision`` points of the best, or ``time_limit``
    seconds have passed. ``what`` is a hand (the start of a round where you move first), a ``Round`` (seen by
    ``seat``, default the seat to move) or an ``Observation``."""
    return last(iter_move_values(what, rules, seat=seat, budget=budget_of(QUICK, budget, limits), on_update=on_update))
