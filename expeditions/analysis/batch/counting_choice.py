"""The counting policy on the batch simulator: the action of the seat to move in every row at once, by
the same rules, in the same order and with the same whole-number arithmetic as ``bots.counting``
(the tests check them move for move).

Each suit's plan (rule 1) is worked out on arrays of shape (suits, rows) from three patterns of the
suit (the cards laid, the live cards held, the unseen live numbers) and the small tables of the
layout. A play changes one suit's patterns, so the plans after laying each suit's lowest live
number are one more such array (and those after laying an investment, for the few suits that can);
a discard is reckoned from the plan it leaves (``bots.counting._Sight.without``), one hand slot at a
time. The arrays are 32-bit where the numbers allow (every plan fits), which keeps them small."""

from __future__ import annotations

from typing import NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from ...bots.counting import (
    FEED_GAP,
    FEED_INTEREST,
    FEED_INVESTMENT,
    FEED_NEXT,
    FEED_UNSTARTED,
    FIT,
    INVEST_HELD,
    INVEST_RISK,
    INVEST_STEP,
    NO_PLAY,
    PROLONG,
    SCALE,
    UNSTARTED,
)
from ...bots.policies import extra_allowance
from ...engine import DECK, DISCARD, PLAY
from ..stats import IntArray
from .counting_layout import CountingLayout

I32 = npt.NDArray[np.int32]
M = TypeVar("M", npt.NDArray[np.int32], npt.NDArray[np.int64])
_NONE = -(1 << 62)
"""The key of a move that is not a candidate."""
_NO_PLAY = np.int32(NO_PLAY)


class Plans(NamedTuple):
    """``bots.counting.Plan`` for many suits at once (arrays of one shape)."""

    value: I32
    plays: I32
    cheapest: I32
    per_point: I32
    invested: I32
    per_investment: I32


def lowest_bit(x: M) -> M:
    """The lowest set bit of each mask (0 for none)."""
    out: M = x & -x
    return out


class Rows(NamedTuple):
    """What rule 1 reads of each position: ``k = SCALE × U``, ``reach = Q``, and two products of them."""

    k: I32
    reach: I32
    half: I32
    """``3 k / 2 - bonus_at × k``: where the bonus starts to count."""
    cost: I32
    """``cost × k``."""

    def take(self, rows: IntArray) -> Rows:
        return Rows(*(x.take(rows) for x in self))


def _plans(layout: CountingLayout, laid: I32, held: I32, arrivals: I32, started: npt.NDArray[np.bool_] | None,
           rows: Rows) -> Plans:
    """Rule 1 for suits given by their patterns: ``laid`` (the cards laid), ``held`` (the live cards
    held), ``arrivals`` (a numbers pattern: the unseen live numbers above the top) and ``started``
    (``None``: all of them), for the positions of ``rows`` (one per column of the patterns)."""
    rules = layout.rules
    inv = layout.investments
    k = rows.k
    info = layout.laid.take(laid)
    laid_sum, laid_cards, laid_investments, top = info & 63, (info >> 6) & 15, (info >> 10) & 3, info >> 12
    numbers = layout.numbers.take(held >> inv)
    held_sum, held_count, low, high = numbers & 63, (numbers >> 6) & 15, (numbers >> 10) & 15, numbers >> 14
    weights = layout.arrivals.take((arrivals << 4) | np.maximum(high, top))  # held numbers lie above the top
    future, expected, mean = rows.reach * (weights & 1023), rows.reach * ((weights >> 10) & 255), weights >> 18
    in_hand = laid_sum + held_sum
    base = in_hand * k + future - rows.cost
    multiplier = 1 + laid_investments
    cards = laid_cards + held_count
    best = base * multiplier + rules.bonus * np.minimum(k, np.maximum(0, (cards * k + expected + rows.half) >> 1))
    # investments laid from hand: only on a suit with no number down, investments held and the points for one
    investments = held & layout.investments_pattern
    some = np.flatnonzero((investments != 0) & (top == 0) & (in_hand >= INVEST_HELD)) if investments.any() else investments[:0]
    if some.size:
        best_k = np.zeros_like(best)
        r = some % k.size
        ks, reach, half = k.take(r), rows.reach.take(r), rows.half.take(r)
        f, b, m, hand, count = (x.ravel()[some] for x in (future, base, multiplier, in_hand, cards))
        count = count * ks + reach * ((weights.ravel()[some] >> 10) & 255) + half
        most = np.minimum(np.minimum(np.bitwise_count(investments.ravel()[some]).astype(np.int32), inv - m + 1),
                          np.maximum(0, (hand - INVEST_HELD) // INVEST_STEP + 1))
        top_best, top_k = best.ravel()[some], np.zeros(some.size, dtype=np.int32)
        for extra in range(1, inv + 1):
            worth = b * (m + extra) + rules.bonus * np.minimum(ks, np.maximum(0, (count + extra * ks) >> 1)) \
                - INVEST_RISK * extra * f // SCALE
            better = (most >= extra) & (worth > top_best)
            top_best = np.where(better, worth, top_best)
            top_k = np.where(better, extra, top_k)
        best.ravel()[some], best_k.ravel()[some] = top_best, top_k
        multiplier = multiplier + best_k
        held_count_plays = held_count + best_k
    else:
        best_k = np.zeros((1,) * best.ndim, dtype=np.int32)
        held_count_plays = held_count
    share = 5 if started is None else UNSTARTED + (5 - UNSTARTED) * started.astype(np.int32)
    per_point = share * multiplier * k
    cheapest = np.minimum(low * per_point + _NO_PLAY * (held_count == 0),
                          ((mean * per_point) >> 6) + _NO_PLAY * (expected == 0))
    if some.size:
        invested = some[best_k.ravel()[some] > 0]
        cheapest.ravel()[invested] = np.minimum(cheapest.ravel()[invested], 5 * np.maximum(0, base.ravel()[invested]))
    plays = held_count_plays * k + expected
    cheapest = np.minimum(cheapest, _NO_PLAY)
    if started is None:
        return Plans(best * share, plays, cheapest, per_point, best_k, share * np.maximum(0, base))
    kept = (started | (best > 0)).astype(np.int32)  # a suit not started counts only if it promises points
    return Plans(best * share * kept, plays * kept, cheapest + (_NO_PLAY - cheapest) * (1 - kept), per_point, best_k,
                 share * np.maximum(0, base))


def _charge(over: IntArray | I32, cheapest: I32) -> IntArray:
    """Rule 2: the charge for the plays too many (``over``, in ``1 / k`` of a play), in 64 bits."""
    out: IntArray = np.maximum(over, 0).astype(np.int64) * (cheapest * (cheapest < _NO_PLAY))
    return out


def counting_choice(layout: CountingLayout, a: dict[str, IntArray], m: int, hold: IntArray | None,
                    ) -> tuple[IntArray, IntArray, IntArray]:
    """The counting policy's action for seat ``m`` in every active row: kind, card bit, source; never
    one of the cards of ``hold`` (per row), unless the hand holds nothing else to discard."""
    rules = layout.rules
    o = 1 - m
    ranks, suits, inv = layout.ranks, layout.suits, layout.investments
    i32 = np.int32
    h = a["hands"][m]
    n = h.size
    columns = np.arange(n)
    lay = a["open"][m] & a["allowed"][m]
    unseen = ~(h | a["laid"][0] | a["laid"][1] | a["pile_cards"] | a["gone"] | a["known"][o]) & np.int64(layout.full)
    u = np.maximum(1, np.bitwise_count(unseen)).astype(i32)
    unseen &= np.int64(layout.numbers_mask)
    reach = np.maximum(0, ((a["deck_left"] + 1) >> 1) - 1).astype(i32)  # Q, and the plays left after this turn
    k = SCALE * u
    rows = Rows(k, reach, 3 * k // 2 - rules.bonus_at * k, rules.cost * k)

    # every suit as the seat sees it, shape (suits, rows)
    shifts, pattern = layout.shifts, np.int64(layout.pattern)
    lay_p = ((lay >> shifts) & pattern).astype(i32)
    laid = ((a["laid"][m] >> shifts) & pattern).astype(i32)
    held = ((h >> shifts) & pattern).astype(i32) & lay_p
    free = held if hold is None else held & ~((hold >> shifts) & pattern).astype(i32)
    arrivals = (((unseen >> shifts) & pattern).astype(i32) & lay_p) >> inv
    started = (laid != 0) | (((a["committed"][m] >> layout.suit_column) & 1) != 0)
    base = _plans(layout, laid, held, arrivals, started, rows)

    # rules 2 and 3: a move changes one suit's plan
    k64 = k.astype(np.int64)
    value_sum, over = base.value.sum(axis=0), base.plays.sum(axis=0) - reach * k
    c = base.cheapest
    before, after_ = [np.full(n, NO_PLAY, dtype=i32)], [np.full(n, NO_PLAY, dtype=i32)]
    for s in range(suits - 1):
        before.append(np.minimum(before[-1], c[s]))
        after_.append(np.minimum(after_[-1], c[suits - 1 - s]))
    first = np.minimum(before[-1], c[suits - 1])
    others = np.stack([np.minimum(before[s], after_[suits - 1 - s]) for s in range(suits)])  # the other suits' cheapest play
    last = reach == 0
    score_at = layout.points_strides

    def gain(before: I32, after: I32) -> IntArray:
        """What a play adds to the expedition's score now (the last play), in twentieths of a point."""
        score = [layout.points.take((x & 63) * score_at[0] + ((x >> 10) & 3) * score_at[1] + ((x >> 6) & 15))
                 for x in (layout.laid.take(before), layout.laid.take(after))]
        out: IntArray = SCALE * (score[1] - score[0])
        return out

    # rule 3: the plays, each suit's lowest live number (every suit at once) and its first investment
    number = lowest_bit(free & layout.numbers_pattern)
    if last.any():  # on the last play, the highest live number of each suit
        number = np.where(last, layout.highest.take(free & layout.numbers_pattern), number)
    below = (number << 1) - 1
    with_number = laid | number
    after = _plans(layout, with_number, held & ~below, arrivals & ~(below >> inv), None, rows)
    number_worth = ((value_sum - base.value + after.value).astype(np.int64) * k64
                    - _charge(over - base.plays + after.plays, np.minimum(others, after.cheapest)))
    if last.any():
        number_worth = np.where(last, gain(laid, with_number), number_worth)
    keys = np.full((2 * suits, n), _NONE, dtype=np.int64)  # each suit's investment, then its number
    number_worth = number_worth * 64 + 62 - 2 * layout.suit_column
    keys[1::2] = number_worth + (_NONE - number_worth) * (number == 0)
    investment = lowest_bit(free & layout.investments_pattern)
    chosen = np.flatnonzero(investment)
    if chosen.size:
        r = chosen % n
        flat = [x.ravel()[chosen] for x in (laid, held, arrivals, investment)]
        with_investment = flat[0] | flat[3]
        after = _plans(layout, with_investment, flat[1] & ~flat[3], flat[2], None, rows.take(r))
        invest_worth = (((value_sum[r] - base.value.ravel()[chosen] + after.value).astype(np.int64) * k64[r])
                        - _charge(over[r] - base.plays.ravel()[chosen] + after.plays,
                                  np.minimum(others.ravel()[chosen], after.cheapest)))
        if last.any():
            invest_worth = np.where(last[r], gain(flat[0], with_investment), invest_worth)
        suit = chosen // n
        keys.ravel()[2 * suit * n + r] = invest_worth * 64 + 63 - 2 * suit

    # rule 3: the discards. A card's worth comes from its suit's plan (bots.counting._Sight.without):
    # unchanged (a dead card), a number out of it (``lose``) or, in a suit not started, nothing left (``gone``)
    unchanged = value_sum.astype(np.int64) * k64 - _charge(over, first)
    lose = value_sum.astype(np.int64) * k64 - _charge(over - k, np.minimum(others, base.cheapest))
    gone = (value_sum - base.value).astype(np.int64) * k64 - _charge(over - base.plays, others)
    invested = (base.invested != 0) & (np.bitwise_count(held & layout.investments_pattern) <= base.invested)
    flags = started.astype(i32) | (base.plays != 0) << 1 | invested << 2
    left = h if hold is None else np.where(h & ~hold != 0, h & ~hold, h)
    slot_cards = []
    for _ in range(rules.hand_size):
        slot_cards.append(lowest_bit(left))
        left = left ^ slot_cards[-1]
    slots = np.stack(slot_cards)  # (hand size, rows): the cards the seat may discard, in the fixed order
    info = layout.card.take(np.bitwise_count(slots - 1))  # no card: index 64
    slot_suit, slot_value = np.minimum(info & 15, suits - 1), info >> 4
    at = slot_suit * n + columns
    suit_lose, suit_gone = lose.ravel().take(at), gone.ravel().take(at)
    suit_value, per_point, per_investment, suit_flags = (x.ravel().take(at) for x in (base.value, base.per_point,
                                                                                      base.per_investment, flags))
    live = ((slots & lay) != 0) & ((suit_flags & 2) != 0)
    is_number = slot_value != 0
    number_lost = slot_value * per_point
    nothing = ((suit_flags & 1) == 0) & (suit_value - number_lost <= 0)
    if_number = suit_lose - number_lost.astype(np.int64) * k64
    if_number += (suit_gone - if_number) * nothing
    discard_worth = (unchanged + (if_number - unchanged) * (live & is_number)
                     + (suit_lose - per_investment.astype(np.int64) * k64 - unchanged) * (live & ~is_number & ((suit_flags & 4) != 0)))
    theirs = layout.laid.take((a["laid"][o] >> (slot_suit * ranks)) & pattern)
    gap = slot_value - np.maximum((theirs >> 12) + 1, min(rules.numbers))
    interest = np.bitwise_count(a["known"][o] & layout.suit_mask_of.take(slot_suit)).astype(i32)
    fed_unstarted = (slot_value + i32(3) * ~is_number) * (FEED_UNSTARTED + FEED_INTEREST * interest)
    fed_started = (slot_value * (1 + ((theirs >> 10) & 3)) * (FEED_GAP + (FEED_NEXT - FEED_GAP) * (gap <= 1))
                   + i32(FEED_INVESTMENT) * ~is_number)
    fed = (fed_unstarted + (fed_started - fed_unstarted) * (theirs != 0)) * ((a["open"][o] & slots) != 0)
    discard_worth = discard_worth - fed.astype(np.int64) * 5 * u * k64
    if last.any():
        discard_worth = np.where(last, -fed * (a["deck_left"] > 1), discard_worth)
    discard_worth = discard_worth * 64 + 63 - 2 * suits - np.arange(rules.hand_size)[:, None]
    discard_keys = discard_worth + (_NONE - discard_worth) * (slots == 0)

    best_play, best_discard = keys.max(axis=0), discard_keys.max(axis=0)
    is_play = best_play > best_discard
    suit = np.minimum((63 - (best_play & 63)) // 2, suits - 1)  # no play at all: any suit, unused
    at_suit = suit * n + columns
    played = np.where((best_play & 1) != 0, investment.ravel().take(at_suit), number.ravel().take(at_suit))
    slot = np.minimum(63 - 2 * suits - (best_discard & 63), rules.hand_size - 1)
    kind = np.where(is_play, PLAY, DISCARD)
    card = np.where(is_play, played.astype(np.int64) << (suit * ranks), slots.ravel().take(slot * n + columns))
    started_mask = (started * layout.suit_column_masks).sum(axis=0)
    return kind, card, _counting_draw(layout, a, h, kind, card, lay, unseen, started_mask, reach)


def _counting_draw(layout: CountingLayout, a: dict[str, IntArray], hand: IntArray, kind: IntArray, card: IntArray,
                   lay: IntArray, unseen: IntArray, started_mask: IntArray, reach: I32) -> IntArray:
    """Rules 4 and 5 for every active row (``unseen``: the numbers the seat cannot place; ``reach``:
    the plays left after this turn)."""
    rules = layout.rules
    n = card.size
    source = np.full(n, DECK, dtype=np.int64)
    may_take = a["turns"] - rules.draw_deck_after_deal + a["deck_left"] < extra_allowance(rules.draw_deck_after_deal)
    info = layout.card.take(np.bitwise_count(card - 1))
    card_suit = info & 15
    is_play = kind == PLAY
    suit_mask = layout.suit_mask_of.take(card_suit)
    after = lay & ~(((card << 1) - 1) & suit_mask * (is_play & (info > 15)))
    started = started_mask | suit_mask * is_play
    # rule 4: the pile tops the seat could lay on a started suit (or the one it starts now), not the pile it discards onto
    ours = (started & ~(suit_mask * ~is_play)) & after
    tops = layout.code_bit[0].take(a["piles"][0] & 15)
    for p in range(1, layout.suits):
        tops |= layout.code_bit[p].take(a["piles"][p] & 15)
    rows = np.flatnonzero(((tops & ours) != 0) & may_take)
    if rows.size:
        fits, open_unseen = tops[rows] & ours[rows], after[rows] & unseen[rows]
        best, chosen = np.zeros(rows.size, dtype=np.int64), np.full(rows.size, DECK, dtype=np.int64)
        for p in range(layout.suits):
            t = fits & layout.suit_masks[p]
            between = np.bitwise_count((t - 1) & layout.suit_masks[p] & open_unseen).astype(np.int64)
            value = layout.card.take(np.bitwise_count(t - 1)) >> 4
            score = np.where((t != 0) & (between <= 1), FIT + value - 10 * between, 0)
            better = score > best
            chosen = np.where(better, p, chosen)
            best = np.where(better, score, best)
        source[rows] = chosen
    # rule 5: a pile card to make the round last
    prolong = (source == DECK) & may_take & (reach > 0) & (reach <= PROLONG) & (a["deck_left"] >= 2)
    rows = np.flatnonzero(prolong)
    if not rows.size:
        return source
    waiting = np.bitwise_count(hand[rows] & ~card[rows] & after[rows] & np.int64(layout.numbers_mask) & started[rows])
    go = waiting > reach[rows]
    discards = kind[rows] == DISCARD
    if rules.stall_limit:
        go &= ~(discards & (a["stall"][rows] + 1 >= rules.stall_limit))
    pile = np.full(rows.size, DECK, dtype=np.int64)
    for p in reversed(range(layout.suits)):  # the first pile with a number on top that the seat may draw from
        number_on_top = layout.code_bit[p].take(a["piles"][p][rows] & 15) != 0
        pile = np.where(number_on_top & ~(discards & (card_suit[rows] == p)), p, pile)
    source[rows] = np.where(go, pile, DECK)
    return source
