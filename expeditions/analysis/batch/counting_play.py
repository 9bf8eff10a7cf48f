"""Counting play on the batch simulator: positions of a ``CountingState`` played to the end of their
rounds, both seats with the counting policy (compiled: ``counting_kernel``), some turns forced (``Forced``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from ...arguments import whole_number
from ...bots import counting
from ...bots.policies import extra_allowance
from ...errors import AnalysisError
from ...rules import Rules
from ..options import TURN_CAP
from ..stats import IntArray
from . import counting_kernel
from .counting_layout import CountingLayout, counting_layout
from .counting_state import STATE_ARRAYS, CountingState

REMOVE = 3
"""A forced action's kind that takes the card out of the game (seen by both) instead of discarding it,
as ``engine.Table.removed`` holds the solitaire's discards: what a discard would feed, measured against
feeding nothing. It counts as a discard for the stall rule."""


@dataclass(frozen=True)
class Forced:
    """Actions forced on some rows at one turn of ``play_counting``: ``kind`` (``engine.PLAY``,
    ``engine.DISCARD`` or ``REMOVE``; -1 lets the policy choose), ``card`` (one bit of the counting
    layout) and ``source`` (``engine.DECK`` or a suit), each an array over the state's rows; and
    ``hold``: a mask of cards the seat to move keeps at that turn, neither laid nor discarded (0 for
    none), for rows the policy plays (``bots.counting.counting_action``'s ``hold``)."""

    kind: IntArray
    card: IntArray
    source: IntArray
    hold: IntArray


def play_counting(state: CountingState, *, forced: dict[int, Forced] | None = None, record: bool = False,
                  max_turns: int = TURN_CAP, numbers: tuple[IntArray, IntArray] | None = None) -> dict[str, Any]:
    """Play every position of ``state`` to the end of its round, both seats with the counting policy
    (``expeditions.bots.counting``), except where ``forced`` (turn number from now -> ``Forced``)
    says otherwise; ``numbers`` gives each seat its own numbers of the policy (``policy_numbers``;
    ``None``: the policy's own for both), so that two versions of it meet on the same deals. Returns
    per row: ``laid`` (2, rows), ``plays`` per seat (2, rows: turns taken from now on), ``discards``
    per seat, ``turns`` (from now on), ``pile_draws``, ``ends`` (an index into ``END_CODES``) and,
    with ``record``, ``moves``: per turn, the rows still playing and the kind, card bit and source of
    each. ``state`` is left as it was."""
    n = state.rows
    steps = max(forced) + 1 if forced else 0
    orders = {"kind": np.full((steps, n), -1, dtype=np.int64), "card": np.zeros((steps, n), dtype=np.int64),
              "source": np.zeros((steps, n), dtype=np.int64), "hold": np.zeros((steps, n), dtype=np.int64)}
    for step, order in (forced or {}).items():
        for name, array in orders.items():
            array[step] = getattr(order, name)
    out: dict[str, Any] = {"laid": np.zeros((2, n), dtype=np.int64), "plays": np.zeros((2, n), dtype=np.int64),
                           "discards": np.zeros((2, n), dtype=np.int64), "turns": np.zeros(n, dtype=np.int64),
                           "pile_draws": np.zeros(n, dtype=np.int64), "ends": np.zeros(n, dtype=np.int64)}
    moves = np.zeros((n, max_turns if record else 0, 3), dtype=np.int64)
    tables = kernel_tables(state.rules)
    knobs = tables.knobs if numbers is None else np.stack(numbers).astype(np.int64)
    if knobs.shape != tables.knobs.shape:
        raise AnalysisError(f"numbers gives each of the two seats a row of {len(counting_kernel.KNOBS)} numbers "
                            f"(policy_numbers), got shape {knobs.shape}")
    arrays = [np.ascontiguousarray(getattr(state, f), dtype=np.int64) for f in STATE_ARRAYS]  # read, never written
    counting_kernel.play_rows(tables.facts, knobs, tables.laid, tables.numbers, tables.arrivals, tables.points,
                              *arrays, state.to_move, orders["kind"], orders["card"], orders["source"],
                              orders["hold"], max_turns, out["laid"], out["plays"], out["discards"], out["turns"],
                              out["pile_draws"], out["ends"], moves)
    if record:
        out["moves"] = []
        for step in range(int(out["turns"].max(initial=0))):
            ids = np.flatnonzero(out["turns"] > step)
            out["moves"].append((ids, moves[ids, step, 0], moves[ids, step, 1], moves[ids, step, 2]))
    return out


@dataclass(frozen=True)
class KernelTables:
    """What the compiled policy reads of a rule set: its numbers (``counting_kernel.FACTS``), the policy's
    numbers per seat (``counting_kernel.KNOBS``, the constants of ``bots.counting``), the layout's tables
    (the arrival weights once per seat) and the score of every pattern of one suit's laid cards
    (``pattern_points``), as 32-bit arrays, the smaller to keep near the processor."""

    facts: IntArray
    knobs: IntArray
    laid: IntArray
    numbers: IntArray
    arrivals: IntArray
    points: IntArray


def policy_numbers(**changes: int) -> IntArray:
    """The counting policy's numbers for one seat (``counting_kernel.KNOBS``: ``bots.counting``'s constants of
    these names), with ``changes`` (name=value) in place of some, for ``play_counting``'s ``numbers``."""
    tunable = [name for name in counting_kernel.KNOBS if name != "SCALE"]  # SCALE is the unit the others count in
    unknown = sorted(set(changes) - set(tunable))
    if unknown:
        raise AnalysisError(f"{', '.join(unknown)}: not a number of the compiled counting policy that a seat may change; "
                            f"the numbers are {', '.join(tunable)}")
    for name, value in changes.items():
        whole_number(value, name, least=0, error=AnalysisError)
    return np.array([changes.get(name, getattr(counting, name)) for name in counting_kernel.KNOBS], dtype=np.int64)


@lru_cache(maxsize=16)
def kernel_tables(rules: Rules) -> KernelTables:
    layout = counting_layout(rules)
    facts = {"suits": layout.suits, "ranks": layout.ranks, "investments": layout.investments, "bonus": rules.bonus,
             "bonus_at": rules.bonus_at, "cost": rules.cost, "lowest": min(rules.numbers), "stall_limit": rules.stall_limit or 0,
             "initial_deck": rules.draw_deck_after_deal, "extra_allowance": extra_allowance(rules.draw_deck_after_deal)}
    knobs = policy_numbers()
    return KernelTables(np.array([facts[name] for name in counting_kernel.FACTS], dtype=np.int64), np.stack([knobs, knobs]),
                        layout.laid.astype(np.int32), layout.numbers.astype(np.int32),
                        np.stack([layout.arrivals, layout.arrivals]).astype(np.int32), pattern_points(rules).astype(np.int32))


COUNTING_BATCH = 8_192
"""Rounds ``simulation.play_batch`` deals and plays in one go with the counting policy (a seed's deals depend on it)."""


@lru_cache(maxsize=16)
def pattern_points(rules: Rules) -> IntArray:
    """The rules' score of every pattern of one suit's laid cards (the patterns of ``CountingLayout.laid``)."""
    layout = counting_layout(rules)
    info = layout.laid.astype(np.int64)
    stride_numbers, stride_investments = layout.points_strides
    table: IntArray = layout.points[(info & 63) * stride_numbers + ((info >> 10) & 3) * stride_investments + ((info >> 6) & 15)]
    return table


def expedition_scores(layout: CountingLayout, laid: IntArray) -> IntArray:
    """Each expedition's score, shape (suits, rows), for masks of the cards one side laid."""
    table = pattern_points(layout.rules)
    pattern = np.int64(layout.pattern)
    return np.stack([table[(laid >> (s * layout.ranks)) & pattern] for s in range(layout.suits)])


def counting_result(layout: CountingLayout, out: dict[str, Any]) -> dict[str, IntArray]:
    """``play_counting``'s output in ``BatchResult``'s terms: scores and discards per round and seat."""
    scores = np.stack([expedition_scores(layout, out["laid"][side]).sum(axis=0) for side in (0, 1)], axis=1)
    return {"scores": scores, "discards": out["discards"].T.copy(), "turns": out["turns"], "pile_draws": out["pile_draws"],
            "ends": out["ends"]}
