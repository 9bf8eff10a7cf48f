"""The counting policy's layout: a rule set's cards as bits in the order of ``bots.counting``, and the
small tables the vectorised rules read (see ``CountingLayout``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ...bots.counting import FEED_INVESTMENT, FEED_STARTED, OWN_SPARE, OWN_STARTED, card_order
from ...engine import spec_for
from ...rules import Rules
from ..stats import IntArray
from .layout import layout_for


@dataclass(frozen=True)
class CountingLayout:
    """A rule set's cards for the counting policy: suit after suit, ``ranks`` bits a suit (its
    investments, then its numbers rising), so a card's bit is its place in
    ``bots.counting.card_order`` and one suit's cards are ``(mask >> suit * ranks) & pattern``.

    Small tables over such patterns hold what the policy reads, several numbers packed in one
    16-bit integer: ``laid[p]`` the top (4 bits) and the investments (<< 4); ``held[p]`` the numbers'
    sum (7 bits), count (<< 7) and lowest value (<< 11); ``held_ranks[p]`` the rank of the lowest
    number and of the first investment (<< 4; 15 for none); ``gaps[(q << 4) | v]``, for the numbers
    ``q`` of a pattern (the pattern shifted past the investments), the sum of those below ``v`` (6
    bits), and the sum (<< 6) and count (<< 12) of those above it."""

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
    suit_masks: tuple[int, ...]
    numbers_mask: int
    full: int
    number_count: IntArray
    low_bit: IntArray
    low_value: IntArray
    laid: npt.NDArray[np.int16]
    held: npt.NDArray[np.int16]
    held_ranks: npt.NDArray[np.int16]
    gaps: npt.NDArray[np.int16]
    keep: IntArray
    """``keep[code << 8 | card << 2 | live << 1 | open]``: what discarding a card costs (rule 6), for the
    suit's ``code`` (started | the other side started << 1 | their investments << 2), the card's
    bit index, whether the seat may lay it and whether the other side may."""
    suit4: IntArray
    """Bit index -> 4 × its suit."""
    above: IntArray
    """``above[v]``: the pattern of the numbers above ``v``."""
    below: IntArray
    """``below[v]``: the pattern of the numbers below ``v``."""
    up_to: IntArray
    """``up_to[t]``: every suit's numbers of value ``t`` or less, as a whole mask."""
    card: IntArray
    """Bit index (64: no card) -> suit | value << 4."""
    shifts: IntArray
    """Shape (suits, 1): each suit's first bit."""
    suit_column: IntArray
    """Shape (suits, 1): the suit numbers."""
    suit_column_masks: IntArray
    """Shape (suits, 1): each suit's mask."""
    suit_order32: npt.NDArray[np.int32]
    """Shape (suits, 1): ``7 - suit``, which breaks ties in favour of the first suit."""
    suit_mask_of: IntArray
    code_bit: tuple[IntArray, ...]
    """``code_bit[suit][code]``: the number on top of a pile (its code: rank + 1), as one bit; 0 for none
    and for an investment."""
    code_value: IntArray
    columns: IntArray

    @property
    def cards(self) -> int:
        return len(self.bit_of)


def keep_table(suits: int, ranks: int, values: list[int]) -> IntArray:
    """``CountingLayout.keep``: rule 6's cost of discarding each card in each situation."""
    table = np.zeros(16 << 8, dtype=np.int64)
    for code in range(16):
        started, theirs, invested = code & 1, code >> 1 & 1, code >> 2
        for bit in range(suits * ranks):
            v = values[bit % ranks]
            for live in (0, 1):
                for open_ in (0, 1):
                    own = live * (OWN_STARTED + 2 * v if started else OWN_SPARE)
                    feed = (v * (1 + invested) + FEED_STARTED if v else FEED_INVESTMENT) if theirs else (v if v else 2)
                    table[code << 8 | bit << 2 | live << 1 | open_] = own + open_ * feed
    return table


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
    patterns = np.arange(1 << ranks, dtype=np.int64)
    bits = (patterns[:, None] >> np.arange(ranks)) & 1
    is_number = values > 0
    number_bits = bits * is_number
    investment_bits = bits * ~is_number
    has_number = number_bits.any(axis=1)
    lowest = np.argmax(number_bits, axis=1)
    low_bit = np.where(has_number, np.int64(1) << lowest, 0)
    low_value = np.where(has_number, values[lowest], 0)
    top = np.where(has_number, values[ranks - 1 - np.argmax(number_bits[:, ::-1], axis=1)], 0)
    number_sum = (bits * values).sum(axis=1)
    number_count = number_bits.sum(axis=1)
    highest = int(values.max()) + 1
    above = np.array([int(((values > v) << np.arange(ranks)).sum()) for v in range(16)], dtype=np.int64)
    below = np.array([int((((values < v) & is_number) << np.arange(ranks)).sum()) for v in range(16)], dtype=np.int64)
    numbers_only = np.arange(1 << (ranks - inv), dtype=np.int64) << inv
    gaps = np.zeros(numbers_only.size * 16, dtype=np.int64)
    for v in range(min(16, highest)):
        under, over = numbers_only & below[v], numbers_only & above[v]
        gaps[(numbers_only >> inv << 4) | v] = number_sum[under] | number_sum[over] << 6 | number_count[over] << 12
    numbers_pattern = int((is_number << np.arange(ranks)).sum())
    card = np.zeros(65, dtype=np.int64)
    for b in range(suits * ranks):
        card[b] = b // ranks | int(values[b % ranks]) << 4
    return CountingLayout(
        rules=rules, suits=suits, ranks=ranks, investments=inv, bit_of=bit_of, card_of=tuple(card_of),
        pattern=(1 << ranks) - 1, numbers_pattern=numbers_pattern,
        suit_masks=tuple(((1 << ranks) - 1) << (s * ranks) for s in range(suits)),
        numbers_mask=sum(numbers_pattern << (s * ranks) for s in range(suits)), full=(1 << (suits * ranks)) - 1,
        number_count=number_count, low_bit=low_bit, low_value=low_value,
        laid=(top | investment_bits.sum(axis=1) << 4).astype(np.int16),
        held=(number_sum | number_count << 7 | low_value << 11).astype(np.int16),
        held_ranks=(np.where(has_number, lowest, 15)
                    | np.where(investment_bits.any(axis=1), np.argmax(investment_bits, axis=1), 15) << 4).astype(np.int16),
        gaps=gaps.astype(np.uint16).view(np.int16), keep=keep_table(suits, ranks, [int(v) for v in values]),
        suit4=np.array([4 * (b // ranks) for b in range(64)] + [0], dtype=np.int64), above=above, below=below,
        up_to=np.array([sum(1 << (s * ranks + r) for s in range(suits) for r in range(ranks) if 0 < values[r] <= t)
                        for t in range(highest)], dtype=np.int64),
        card=card,
        shifts=(np.arange(suits, dtype=np.int64) * ranks)[:, None], suit_column=np.arange(suits, dtype=np.int64)[:, None],
        suit_column_masks=np.array([((1 << ranks) - 1) << (s * ranks) for s in range(suits)], dtype=np.int64)[:, None],
        suit_order32=(7 - np.arange(suits, dtype=np.int32))[:, None],
        suit_mask_of=np.array([((1 << ranks) - 1) << (s * ranks) for s in range(suits)] + [0] * (16 - suits), dtype=np.int64),
        code_bit=tuple(np.array([0] + [(1 << (s * ranks + r)) if values[r] > 0 else 0 for r in range(ranks)]
                                + [0] * (15 - ranks), dtype=np.int64) for s in range(suits)),
        code_value=np.array([0] + [int(v) for v in values] + [0] * (15 - ranks), dtype=np.int64),
        columns=np.arange(1 << 16, dtype=np.int64),
    )

