"""How much work a question of rollouts may do, as one value.

Every question a strong player asks (which card, which suits, the opponent, winning, the round's end; model 3 of
``start_values``) plays positions out until its intervals are precise enough, its time is up or it has played as
many positions as it may. A ``Budget`` says all of that once: ``precision`` (the widest 95% half-width that
counts, in points or percentage points), ``time_limit`` (seconds), ``seed``, ``first`` (the positions of the first
answer) and ``max_positions``, and where the work runs (``executor``, or ``workers`` local processes) with
``progress`` (a progress bar). The question functions take the same names as keywords
(``move_values(hand, precision=1.0, time_limit=30)``) or a whole ``budget=``.
"""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass, field, replace
from typing import TypedDict

from ..arguments import real_number, whole_number
from ..errors import AnalysisError
from .parallel import check_pool

PIECE = 256
"""Positions per piece of work (each with its own random stream): rollouts come in whole pieces."""


class BudgetOptions(TypedDict, total=False):
    """The fields of a ``Budget``, as keywords of the question functions."""

    precision: float
    time_limit: float
    seed: int
    first: int
    max_positions: int
    executor: Executor | None
    workers: int | None
    progress: bool


@dataclass(frozen=True)
class Budget:
    """How much work a question may do (see the module docs). ``first`` and ``max_positions`` count positions,
    in whole pieces of ``PIECE``; ``workers=None`` means every core, ``1`` this process alone."""

    precision: float = 2.0
    time_limit: float = 10.0
    seed: int = 0
    first: int = 4 * PIECE
    max_positions: int = 64 * PIECE
    executor: Executor | None = field(default=None, compare=False)
    workers: int | None = 1
    progress: bool = False

    def __post_init__(self) -> None:
        whole_number(self.seed, "seed", least=0, error=AnalysisError)
        real_number(self.precision, "precision", least=0, error=AnalysisError)  # 0: as many positions as it may
        real_number(self.time_limit, "time_limit", above=0, error=AnalysisError)
        for name, positions in (("first", self.first), ("max_positions", self.max_positions)):
            whole_number(positions, name, least=PIECE, error=AnalysisError)
            if positions % PIECE:
                raise AnalysisError(f"rollouts come in pieces of {PIECE} positions: {name}={positions} is not a whole "
                                    "number of pieces")
        check_pool(self.executor, self.workers, self.progress)


QUICK = Budget(precision=3.0, time_limit=2.0)
"""A first answer: about ±3 within about two seconds (the question functions' own default)."""
REFINED = Budget(precision=1.0, time_limit=30.0)
"""Answers refined until ±1 or half a minute (the iterators' default)."""


def budget_of(default: Budget, budget: Budget | None, options: BudgetOptions) -> Budget:
    """The budget a question runs on: ``budget`` (else its ``default``) with the keywords ``options`` in place."""
    return replace(budget or default, **options)


__all__ = ["PIECE", "QUICK", "REFINED", "Budget", "BudgetOptions", "budget_of"]
