"""The counting policy's rules on the batch simulator: the action of the seat to move in every row at
once, the same rules, in the same order and with the same whole-number arithmetic as
``bots.counting`` (the tests check them move for move)."""

from __future__ import annotations

import numpy as np

from ...bots.counting import (
    CONTINUE,
    CONTINUE_GAP,
    FIT,
    FREE,
    INVEST_HELD,
    INVEST_MORE,
    INVEST_STEP,
    START,
    START_GAP,
    START_INVESTED,
    START_MARGIN,
)
from ...bots.policies import extra_allowance
from ...engine import DECK, DISCARD, PLAY
from ..stats import IntArray
from .counting_layout import CountingLayout


def counting_choice(layout: CountingLayout, a: dict[str, IntArray], m: int, hold: IntArray | None,
                     ) -> tuple[IntArray, IntArray, IntArray]:
    """The counting policy's action for seat ``m`` in every active row: kind, card bit, source; never
    one of the cards of ``hold`` (per row), unless the hand holds nothing else to discard. The
    rules, their order and their whole-number arithmetic are ``bots.counting``'s."""
    rules = layout.rules
    o = 1 - m
    ranks = layout.ranks
    pattern = np.int64(layout.pattern)
    h = a["hands"][m]
    n = h.size
    lay = a["open"][m] & a["allowed"][m]
    other_open = a["open"][o]
    unseen = ~(h | a["laid"][0] | a["laid"][1] | a["pile_cards"] | a["gone"] | a["known"][o]) & np.int64(layout.full)
    u = np.maximum(1, np.bitwise_count(unseen).astype(np.int64))
    unseen &= np.int64(layout.numbers_mask)
    plays = (a["deck_left"] + 1) >> 1
    reach = np.maximum(0, plays - 1)

    # every suit as the seat sees it: shape (suits, rows), small numbers as 16-bit integers
    shifts = layout.shifts
    i16 = np.int16
    u16, reach16, plays16 = u.astype(i16), reach.astype(i16), plays.astype(i16)
    mine = (a["laid"][m] >> shifts) & pattern
    lay_p = (lay >> shifts) & pattern
    held_p = (h >> shifts) & lay_p
    held = layout.held.take(held_p)
    held_ranks = layout.held_ranks.take(held_p)
    laid_info = layout.laid.take(mine)
    top, invested = laid_info & 15, laid_info >> 4
    started = (mine != 0) | (((a["committed"][m] >> layout.suit_column) & 1) != 0)
    hs, hc, lowv = held & 127, (held >> 7) & 15, held >> 11
    low_rank, inv_rank = held_ranks & 15, held_ranks >> 4
    live_unseen = (unseen >> shifts) & lay_p
    gaps = layout.gaps.take((live_unseen >> layout.investments << 4) | np.maximum(lowv, top))  # a live low is above the top
    gap = gaps & 63
    numbers = hs * u16 + ((gaps >> 6) & 63) * reach16
    cards = hc * u16 + ((gaps >> 12) & 15) * reach16
    cost_u, bonus_u, bonus_at_u = i16(rules.cost) * u16, i16(rules.bonus) * u16, i16(rules.bonus_at) * u16
    p0 = numbers - cost_u + bonus_u * (cards >= bonus_at_u)
    p1 = 2 * (numbers - cost_u) + bonus_u * (cards + u16 >= bonus_at_u)
    theirs = (a["laid"][o] >> shifts) & pattern
    codes = (started | (theirs != 0) << 1 | (layout.laid.take(theirs) >> 4) << 2).astype(np.int64) << layout.suit_column * 4
    started_mask = (started * layout.suit_column_masks).sum(axis=0)
    waiting_cards = h & lay & np.int64(layout.numbers_mask) & started_mask
    waiting = np.bitwise_count(waiting_cards).astype(i16)
    codes = codes.sum(axis=0)

    # rule 6 first: the cheapest discard (rules 3 and 5 compare with it)
    cheapest_key = np.full(n, 1 << 30, dtype=np.int64)
    left = h.copy() if hold is None else np.where(h & ~hold != 0, h & ~hold, h)
    for _ in range(rules.hand_size):
        c = left & -left
        left ^= c
        index = np.minimum(np.bitwise_count(c - 1).astype(np.int64), 63)  # no card left: 64, kept out below
        at = ((codes >> layout.suit4.take(index)) & 15) << 8 | index << 2 | ((c & lay) != 0) << 1 | ((c & other_open) != 0)
        np.minimum(cheapest_key, np.where(c != 0, layout.keep.take(at) << 6 | index, 1 << 30), out=cheapest_key)
    cheapest = (cheapest_key >> 6).astype(i16)
    throw = np.int64(1) << (cheapest_key & 63)

    # rules 2 to 5, every suit at once
    has_low = low_rank != 15
    has_inv = inv_rank != 15
    more = started & (top == 0) & has_inv & (hs >= INVEST_HELD + INVEST_STEP * invested) & (plays16 >= hc + 2)
    going = started & ~more & has_low
    free = going & (gap == 0)
    going &= ~free & (gap * reach16 * (1 + invested) <= (cheapest + CONTINUE_GAP) * u16)
    room = ~started & (hc + waiting < plays16)
    invest = room & has_inv & (hs >= INVEST_HELD) & (plays16 >= hc + 3) & (p1 > p0) & (p1 > START_MARGIN * u16)
    start = room & ~invest & has_low & (p0 > START_MARGIN * u16) & ((gap * reach16 <= (cheapest + START_GAP) * u16)
                                                                   | (plays16 <= hc + 2))
    if hold is not None:  # a card held this turn is offered by no rule (the rules still value it)
        held_inv = ((hold >> (shifts + inv_rank.astype(np.int64))) & 1 != 0) & has_inv
        held_low = ((hold >> (shifts + low_rank.astype(np.int64))) & 1 != 0) & has_low
        more &= ~held_inv
        invest &= ~held_inv
        free &= ~held_low
        going &= ~held_low
        start &= ~held_low
    # the best offer: highest tier, then lowest value (an investment 0, a start the best promise
    # first, else the lowest card), then the first suit; |value| < 2**14
    p0_, p1_, lowv_ = p0.astype(np.int32), p1.astype(np.int32), lowv.astype(np.int32)
    key = (more * (INVEST_MORE << 15) + invest * ((START_INVESTED << 15) + p1_) + start * ((START << 15) + p0_)
           + free * ((FREE << 15) - lowv_) + going * ((CONTINUE << 15) - lowv_) + (1 << 14)) * 8 + layout.suit_order32
    top_key = key.max(axis=0)
    pick = (7 - (top_key & 7)).astype(np.int64)
    columns = layout.columns[:n]
    rank = np.where(more | invest, inv_rank, low_rank).ravel().take(pick * n + columns).astype(np.int64)
    played = np.where(top_key >= 1 << 18, np.int64(1) << (rank + pick * ranks), 0)

    # rule 1: hurry
    hurry = (waiting > 0) & (waiting >= plays)
    if hurry.any():
        drop = waiting.astype(np.int64) - plays
        threshold = np.zeros(n, dtype=np.int64)
        for t in rules.numbers:
            threshold = np.where(np.bitwise_count(waiting_cards & layout.up_to[t]) <= drop, t, threshold)
        kept = (waiting_cards & ~layout.up_to.take(threshold) & (~hold if hold is not None else -1)) >> shifts & pattern
        kept_key = np.where(kept != 0, layout.low_value.take(kept) << 3, 1 << 20) + layout.suit_column
        first = kept_key.min(axis=0) & 7
        hurry_card = layout.low_bit.take(kept.ravel().take(first * n + columns)) << (first * ranks)
        played = np.where(hurry, hurry_card, played)
    kind = np.where(played != 0, PLAY, DISCARD)
    card = np.where(played != 0, played, throw)
    return kind, card, _counting_draw(layout, a, kind, card, lay, unseen, started_mask)


def _counting_draw(layout: CountingLayout, a: dict[str, IntArray], kind: IntArray, card: IntArray, lay: IntArray,
                   unseen: IntArray, started_mask: IntArray) -> IntArray:
    """Rule 7 for every active row (``unseen``: the numbers the seat cannot place)."""
    rules = layout.rules
    n = card.size
    source = np.full(n, DECK, dtype=np.int64)
    may_take = a["turns"] - rules.draw_deck_after_deal + a["deck_left"] < extra_allowance(rules.draw_deck_after_deal)
    info = layout.card.take(np.bitwise_count(card - 1).astype(np.int64))
    card_suit = info & 15
    is_play = kind == PLAY
    suit_mask = layout.suit_mask_of.take(card_suit)
    after = lay & ~np.where(is_play & (info > 15), ((card << 1) - 1) & suit_mask, 0)
    # the pile tops the seat could lay on a started suit (or the one it starts now), not the pile it discards onto
    ours = np.where(is_play, started_mask | suit_mask, started_mask & ~suit_mask) & after
    tops = layout.code_bit[0].take(a["piles"][0] & 15)
    for p in range(1, layout.suits):
        tops |= layout.code_bit[p].take(a["piles"][p] & 15)
    rows = np.flatnonzero(((tops & ours) != 0) & may_take)
    if not rows.size:
        return source
    fits, open_unseen = tops[rows] & ours[rows], after[rows] & unseen[rows]
    best, chosen = np.zeros(rows.size, dtype=np.int64), np.full(rows.size, DECK, dtype=np.int64)
    for p in range(layout.suits):
        t = fits & layout.suit_masks[p]
        between = np.bitwise_count((t - 1) & layout.suit_masks[p] & open_unseen).astype(np.int64)
        value = layout.card.take(np.bitwise_count(t - 1).astype(np.int64)) >> 4
        score = np.where((t != 0) & (between <= 1), FIT + value - 10 * between, 0)
        better = score > best
        chosen = np.where(better, p, chosen)
        best = np.where(better, score, best)
    source[rows] = chosen
    return source

