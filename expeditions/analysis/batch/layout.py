"""The batch simulator's bit layout for random play, and the pieces every policy shares.

A hand, the cards a side may still lay and the cards it laid are bit masks of one int64 (bit
``(ranks - 1 - rank) * suits + suit``, so a suit's higher numbers sit on lower bits and the cards
a number closes are ``card * column``); a discard pile is a stack of 4-bit codes in one int64.
Random choices take ``(u * n) >> 32`` for a 32-bit random ``u`` and ``n`` choices.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine import spec_for
from ...errors import AnalysisError
from ...rules import Rules
from ..stats import IntArray, points_table

END_CODES = ("deck", "stall", "turn-cap")
Randoms = Callable[[int, IntArray], IntArray]
"""``randoms(step, rows)``: one 32-bit random number (as int64) for each of ``rows`` at that step."""


@dataclass(frozen=True)
class Layout:
    """A rule set's cards as bits of one int64 (see the module docs)."""

    rules: Rules
    suits: int
    ranks: int
    bit_of: tuple[int, ...]
    """Engine card id -> bit."""
    card_of: tuple[int, ...]
    """Bit -> engine card id."""
    number_limit: int
    """Bits below this one are numbers; investments sit above."""
    column: int
    """One bit per rank of suit 0: ``card * column`` is every card of its suit on its bit or above."""
    suit_masks: tuple[int, ...]
    investment_mask: int
    value_planes: tuple[tuple[int, ...], ...]
    """``value_planes[suit][b]``: the suit's numbers whose value has bit ``b`` set."""
    full: int

    @property
    def cards(self) -> int:
        return len(self.bit_of)


def unsupported(rules: Rules) -> str:
    """Why the batch simulator cannot play ``rules``, in words; empty when it can."""
    if rules.players != 2 or rules.partnerships:
        return f"it plays two players, and the {rules.name} rules seat {rules.players}"
    if rules.extra_copies or rules.set_aside or rules.discards_leave_game or rules.play_on_after_deck:
        return "it plays decks without repeated cards, set-aside cards or solitaire rules"
    if not rules.draw_from_piles:
        return "it needs the discard piles to be open for drawing"
    if rules.deck_size > 63:
        return f"a hand is one 64-bit number, and the {rules.name} deck has {rules.deck_size} cards (at most 63)"
    return ""


@lru_cache(maxsize=16)
def layout_for(rules: Rules) -> Layout:
    """The bit layout of ``rules``, or an ``AnalysisError`` saying why the batch simulator cannot play it."""
    why = unsupported(rules)
    if why:
        raise AnalysisError(f"the batch simulator cannot play the {rules.name} rules: {why}. "
                            "Use the engine (expeditions.bots.playout) for them.")
    spec = spec_for(rules)
    suits = len(rules.suits)
    ranks = rules.investments + len(rules.numbers)
    bit_of = []
    for card in spec.cards:
        rank = (card.rank - 11) if card.is_investment else rules.investments + rules.numbers.index(card.value)
        bit_of.append((ranks - 1 - rank) * suits + spec.suit_index[card.suit])
    card_of = [0] * len(bit_of)
    for card_id, bit in enumerate(bit_of):
        card_of[bit] = card_id
    column = sum(1 << (i * suits) for i in range(ranks))
    number_limit = 1 << (len(rules.numbers) * suits)
    planes = []
    for s in range(suits):
        planes.append(tuple(
            sum(1 << bit_of[c] for c in range(len(bit_of)) if spec.suit_of[c] == s and not spec.is_investment[c]
                and spec.value_of[c] >> b & 1)
            for b in range(4)
        ))
    return Layout(
        rules=rules, suits=suits, ranks=ranks, bit_of=tuple(bit_of), card_of=tuple(card_of), number_limit=number_limit,
        column=column, suit_masks=tuple(column << s for s in range(suits)),
        investment_mask=((1 << (ranks * suits)) - 1) & ~(number_limit - 1), value_planes=tuple(planes),
        full=(1 << (ranks * suits)) - 1,
    )


# --- shared pieces ---------------------------------------------------------------------------------
def shuffled_bits(layout: Layout, rounds: int, rng: np.random.Generator) -> npt.NDArray[np.uint8]:
    """``rounds`` uniformly shuffled decks, as bit positions, top card first (shape rounds × cards).

    Each row sorts random 26-bit keys that carry the card in their low 6 bits; the rare rows where
    two keys tie are shuffled again, so every order is exactly equally likely."""
    cards = layout.cards
    keys = rng.bit_generator.random_raw((rounds * cards + 1) // 2).view(np.uint32)[: rounds * cards].reshape(rounds, cards)
    np.bitwise_and(keys, np.uint32(0xFFFFFFC0), out=keys)
    np.bitwise_or(keys, np.arange(cards, dtype=np.uint32), out=keys)
    keys.sort(axis=1)
    out = (keys & np.uint32(63)).astype(np.uint8)
    gaps = np.diff(keys, axis=1)
    if gaps.min() < 64:  # a cheap test that every tie passes
        suspects = np.flatnonzero((gaps < 64).any(axis=1))
        high = keys[suspects] >> 6
        tied = suspects[(high[:, 1:] == high[:, :-1]).any(axis=1)]
        if tied.size:
            out[tied] = shuffled_bits(layout, tied.size, rng)
    return out


def pick(candidates: IntArray, choice: IntArray, most: int) -> IntArray:
    """The ``choice``-th lowest set bit of each mask (``choice`` below its bit count, at most ``most``)."""
    x = candidates.copy()
    countdown = -choice
    for _ in range(most):
        x &= x + (countdown >> 63)  # clears the lowest set bit while countdown < 0
        countdown += 1
    return x & -x


def one_move_per_suit(layout: Layout, masks: IntArray) -> IntArray:
    """The masks with each suit's investments reduced to one (they are one move)."""
    inv = masks & layout.investment_mask
    shadow = np.zeros_like(masks)
    for i in range(1, layout.rules.investments):
        shadow |= inv << (i * layout.suits)
    return masks & ~(shadow & layout.investment_mask)


def score_laid(layout: Layout, laid: IntArray) -> IntArray:
    """The score of the cards each mask holds on one side, by the rules' scoring."""
    table = points_table(layout.rules)
    total = np.zeros(laid.shape, dtype=np.int64)
    for s in range(layout.suits):
        mine = laid & layout.suit_masks[s]
        cards = np.bitwise_count(mine).astype(np.int64)
        investments = np.bitwise_count(mine & layout.investment_mask).astype(np.int64)
        numbers = np.zeros(laid.shape, dtype=np.int64)
        for b, plane in enumerate(layout.value_planes[s]):
            numbers += np.bitwise_count(mine & plane).astype(np.int64) << b
        total += table[numbers, investments, cards]
    return total


def random32(rng: np.random.Generator) -> Randoms:
    def draw(step: int, rows: IntArray) -> IntArray:
        return (rng.bit_generator.random_raw(rows.size) >> np.uint64(32)).view(np.int64)

    return draw


BITS = np.left_shift(np.int64(1), np.arange(64, dtype=np.int64))


def deal_bits(layout: Layout, decks: npt.NDArray[np.integer[Any]]) -> tuple[IntArray, IntArray]:
    """The two hands (shape rounds × 2) and the deck after the deal (rounds × cards left, in
    drawing order) as bits; cards are dealt one at a time, seat 0 first."""
    rounds = decks.shape[0]
    dealt = 2 * layout.rules.hand_size
    bits = BITS.take(decks)
    hands = np.bitwise_or.reduce(bits[:, :dealt].reshape(rounds, dealt // 2, 2), axis=1)
    return hands, np.ascontiguousarray(bits[:, dealt:])
