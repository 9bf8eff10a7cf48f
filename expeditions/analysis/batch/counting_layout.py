"""The counting policy's layout: a rule set's cards as bits in the order of ``bots.counting``, and the
small tables the vectorised policy reads (see ``CountingLayout``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ...bots.counting import ARRIVE_ABOVE, ARRIVE_BELOW, card_order
from ...engine import spec_for
from ...rules import Rules
from ..stats import IntArray, points_table
from .layout import layout_for


@dataclass(frozen=True)
class CountingLayout:
    """A rule set's cards for the counting policy: suit after suit, ``ranks`` bits a suit (its
    investments, then its numbers rising), so a card's bit is its place in
    ``bots.counting.card_order`` and one suit's cards are ``(mask >> suit * ranks) & pattern``; its
    numbers alone are ``pattern >> investments`` (a *numbers pattern*).

    Small tables over such patterns hold what the policy reads, several numbers packed in one
    integer: ``laid[p]`` the numbers' sum (6 bits), the cards (<< 6), the investments (<< 10) and
    the top number (<< 12); ``numbers[q]`` for a numbers pattern its sum (6 bits), count (<< 6),
    lowest value (<< 10) and highest value (<< 14); ``arrivals[(q << 4) | v]`` the weights of rule 1
    of the numbers of ``q``: the sum of their values times ``ARRIVE_ABOVE`` above ``v`` and
    ``ARRIVE_BELOW`` at or below it (10 bits), the sum of those weights (<< 10) and their mean value
    in 64ths, rounded down (<< 18)."""

    rules: Rules
    suits: int
    ranks: int
    investments: int
    bit_of: tuple[int, ...]
    """Engine card id -> bit."""
    card_of: tuple[int, ...]
    """Bit -> engine card id."""
    pattern: int
    numbers_pattern: int
    investments_pattern: int
    suit_masks: tuple[int, ...]
    numbers_mask: int
    full: int
    laid: npt.NDArray[np.int32]
    numbers: npt.NDArray[np.int32]
    arrivals: npt.NDArray[np.int32]
    above: IntArray
    """``above[v]``: the numbers pattern of the numbers above ``v``."""
    highest: npt.NDArray[np.int32]
    """``highest[p]``: the highest bit of a pattern (0 for none)."""
    card: npt.NDArray[np.int32]
    """Bit index (64: no card) -> suit | value << 4."""
    points: IntArray
    """``points[(numbers * (investments + 1) + invested) * cards_most + cards]``: the rules' score of an
    expedition (``stats.points_table`` flattened)."""
    points_strides: tuple[int, int]
    shifts: IntArray
    """Shape (suits, 1): each suit's first bit."""
    suit_column: IntArray
    """Shape (suits, 1): the suit numbers."""
    suit_column_masks: IntArray
    """Shape (suits, 1): each suit's mask."""
    suit_mask_of: IntArray
    code_bit: tuple[IntArray, ...]
    """``code_bit[suit][code]``: the number on top of a pile (its code: rank + 1), as one bit; 0 for none
    and for an investment."""

    @property
    def cards(self) -> int:
        return len(self.bit_of)


@lru_cache(maxsize=16)
def counting_layout(rules: Rules) -> CountingLayout:
    """The counting policy's bit layout of ``rules`` (an ``AnalysisError`` for rule sets the batch
    simulator cannot play)."""
    layout_for(rules)  # the same rule sets as the other policies
    spec = spec_for(rules)
    order = card_order(spec)
    suits, ranks, inv = len(rules.suits), order.ranks, rules.investments
    bit_of = order.key
    card_of = [0] * len(bit_of)
    for card_id, bit in enumerate(bit_of):
        card_of[bit] = card_id
    values = np.array([0] * inv + list(rules.numbers), dtype=np.int64)
    number_values = values[inv:]
    patterns = np.arange(1 << ranks, dtype=np.int64)
    bits = (patterns[:, None] >> np.arange(ranks)) & 1
    laid = ((bits * values).sum(axis=1) | bits.sum(axis=1) << 6 | bits[:, :inv].sum(axis=1) << 10
            | (bits * values).max(axis=1) << 12)
    q = np.arange(1 << (ranks - inv), dtype=np.int64)
    qbits = (q[:, None] >> np.arange(ranks - inv)) & 1
    has = qbits.any(axis=1)
    low = np.where(has, number_values[np.argmax(qbits, axis=1)], 0)
    high = np.where(has, number_values[ranks - inv - 1 - np.argmax(qbits[:, ::-1], axis=1)], 0)
    numbers = (qbits * number_values).sum(axis=1) | qbits.sum(axis=1) << 6 | low << 10 | high << 14
    arrivals = np.zeros(q.size * 16, dtype=np.int64)
    for v in range(16):
        weight = np.where(number_values > v, ARRIVE_ABOVE, ARRIVE_BELOW)
        weighted, weights = (qbits * weight * number_values).sum(axis=1), (qbits * weight).sum(axis=1)
        arrivals[(q << 4) | v] = weighted | weights << 10 | (weighted * 64 // np.maximum(weights, 1)) << 18
    above = np.array([int(((number_values > v) << np.arange(ranks - inv)).sum()) for v in range(16)], dtype=np.int64)
    numbers_pattern = int(((values > 0) << np.arange(ranks)).sum())
    card = np.zeros(65, dtype=np.int64)
    for b in range(suits * ranks):
        card[b] = b // ranks | int(values[b % ranks]) << 4
    points = points_table(rules)
    return CountingLayout(
        rules=rules, suits=suits, ranks=ranks, investments=inv, bit_of=bit_of, card_of=tuple(card_of),
        pattern=(1 << ranks) - 1, numbers_pattern=numbers_pattern, investments_pattern=(1 << inv) - 1,
        suit_masks=tuple(((1 << ranks) - 1) << (s * ranks) for s in range(suits)),
        numbers_mask=sum(numbers_pattern << (s * ranks) for s in range(suits)), full=(1 << (suits * ranks)) - 1,
        laid=laid.astype(np.int32), numbers=numbers.astype(np.int32), arrivals=arrivals.astype(np.int32), above=above,
        highest=np.where(patterns > 0, 1 << (ranks - 1 - np.argmax(bits[:, ::-1], axis=1)), 0).astype(np.int32),
        card=card.astype(np.int32), points=points.ravel(), points_strides=(points.shape[1] * points.shape[2], points.shape[2]),
        shifts=(np.arange(suits, dtype=np.int64) * ranks)[:, None], suit_column=np.arange(suits, dtype=np.int64)[:, None],
        suit_column_masks=np.array([((1 << ranks) - 1) << (s * ranks) for s in range(suits)], dtype=np.int64)[:, None],
        suit_mask_of=np.array([((1 << ranks) - 1) << (s * ranks) for s in range(suits)] + [0] * (16 - suits), dtype=np.int64),
        code_bit=tuple(np.array([0] + [(1 << (s * ranks + r)) if values[r] > 0 else 0 for r in range(ranks)]
                                + [0] * (15 - ranks), dtype=np.int64) for s in range(suits)),
    )
