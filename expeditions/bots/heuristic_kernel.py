"""The Heuristic compiled (numba): the Expert's search and Hard's second judge in machine code, for two players.

``expert.Search`` plays each candidate move on a sampled deal, then a few turns of the Heuristic's rollout policy,
then judges the position by the Heuristic's projection of each side's final score; in Python that was most of the
time of the Expert's move, of Hard's second opinion and of par in a review. This module does the same arithmetic in
the same order, so it gives the same numbers to the last bit (``tests/test_heuristic_kernel.py`` compares it with
``bots.heuristic.Scorer`` and the engine on positions of real rounds of every two-player rule set):

- ``suit_plan``, ``overflow``, ``position_value``: the suit plans, the points the plays left cannot lay, and a
  side's projection (``Scorer._plan``, ``Scorer._overflow``, ``Scorer.position_value``);
- ``quick``: the rollout move (``Scorer.quick``), exact ties falling as in Python: the hand in the engine's order,
  a suit's plays in the order CPython iterates the set of card ids the Heuristic builds (``set_order``);
- ``judge_deal``: ``Search.result``: the engine's turn (``Table.turn``), ``horizon`` turns of ``quick``, then the
  round's score difference if it ended, else the two projections' difference.

Positions are arrays of card ids in the engine's order (``position_arrays``), rule sets numbers and per-card arrays
(``rule_arrays``). The first call compiles the module (about twenty seconds; ``python -m
expeditions.bots.heuristic_kernel`` does only that); later processes read it from numba's cache.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

import numpy as np
from numba import njit

from ..engine import deal_table, spec_for
from ..rules import rules
from . import heuristic
from .policies import facts_for

UNSTARTED = heuristic.UNSTARTED
ARRIVE_ABOVE = heuristic.ARRIVE_ABOVE
ARRIVE_BELOW = heuristic.ARRIVE_BELOW
INVEST_RISK = heuristic.INVEST_RISK
INVEST_HELD = heuristic.INVEST_HELD
INVEST_STEP = heuristic.INVEST_STEP


@njit(cache=True)
def suit_plan(laid: Any, held: Any, value: Any, investment: Any, arrive_values: Any, arrive_chances: Any,
              investments: int, cost: int, bonus: int, bonus_at: int, worth_points: Any, worth_amounts: Any) -> Any:
    """``Scorer._plan`` for one suit: ``laid`` the suit's cards on the side's expedition in order, ``held``
    its cards in hand sorted by id. Returns (value, plays, arrivals, worth entries written)."""
    top = value[laid[laid.size - 1]] if laid.size else 0
    laid_numbers = 0
    laid_investments = 0
    for c in laid:
        laid_numbers += value[c]
        laid_investments += investment[c]
    numbers = np.empty(held.size, dtype=np.int64)
    n = 0
    held_investments = 0
    for c in held:
        v = value[c]
        if v > top and (n == 0 or v != numbers[n - 1]):
            numbers[n] = v
            n += 1
        elif not v:
            held_investments += 1
    in_hand = laid_numbers
    for j in range(n):
        in_hand += numbers[j]
    most = 0
    if top == 0:
        most = min(held_investments, investments - laid_investments, max(0, (in_hand - INVEST_HELD) // INVEST_STEP + 1))
    highest = numbers[n - 1] if n else top
    future = 0.0
    expected = 0.0
    for i in range(arrive_values.size):
        v = arrive_values[i]
        if v <= top:
            continue
        if _among(numbers, n, v):
            continue
        chance = arrive_chances[i] * (ARRIVE_ABOVE if v > highest else ARRIVE_BELOW)
        future += v * chance
        expected += chance
    total = in_hand + future
    count = (laid.size + n) + expected
    best, best_k = -1e9, 0
    for k in range(most + 1):
        share = min(1.0, max(0.0, (count + k - bonus_at + 1.5) / 2))
        points = (total - cost) * (1 + laid_investments + k) + bonus * share - INVEST_RISK * k * future
        if points > best:
            best, best_k = points, k
    multiplier = float(1 + laid_investments + best_k)
    if not laid.size:
        if best <= 0:
            return 0.0, 0.0, 0.0, 0
        best *= UNSTARTED
        multiplier *= UNSTARTED
    w = 0
    for j in range(n):
        worth_points[w], worth_amounts[w] = numbers[j] * multiplier, 1.0
        w += 1
    for _ in range(best_k):
        worth_points[w], worth_amounts[w] = max(0.0, total - cost), 1.0
        w += 1
    if expected:
        worth_points[w], worth_amounts[w] = future / expected * multiplier, expected
        w += 1
    return best, (n + best_k) + expected, future * multiplier, w


@njit(cache=True)
def overflow(points: Any, amounts: Any, size: int, plays_planned: float, plays: int) -> float:
    """``Scorer._overflow`` of the first ``size`` (points, amount) pairs: the cheapest go while over ``plays``."""
    over = plays_planned - plays
    if over <= 0:
        return 0.0
    order = np.arange(size)
    for i in range(1, size):  # insertion sort by (points, amount), as Python sorts the pairs
        j = i
        while j > 0 and (points[order[j - 1]] > points[order[j]] or
                         (points[order[j - 1]] == points[order[j]] and amounts[order[j - 1]] > amounts[order[j]])):
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    lost = 0.0
    for i in range(size):
        take = min(amounts[order[i]], over)
        lost += points[order[i]] * take
        over -= take
        if over <= 0:
            break
    return lost


# --- a whole move: ``Scorer.quick`` (two players) --------------------------------------------------------------
PLAY, DISCARD = 0, 1
DECK, NO_DRAW = -1, -2
FEED_NEXT = heuristic.FEED_NEXT
FEED_GAP = heuristic.FEED_GAP
FEED_UNSTARTED = heuristic.FEED_UNSTARTED
DENY = heuristic.DENY
DECK_CARD_AT_LEAST = heuristic.DECK_CARD_AT_LEAST

# facts, in this order (``quick_facts``)
(Q_SUITS, Q_INVESTMENTS, Q_COST, Q_BONUS, Q_BONUS_AT, Q_LOWEST, Q_INITIAL, Q_PILES, Q_FEEDS, Q_PLAY_ON,
 Q_EXTRA) = range(11)


@njit(cache=True)
def set_order(first: Any, n_first: int, second: Any, n_second: int, out: Any) -> int:
    """The order in which CPython 3.11 iterates ``{*first} | {*second}`` built as ``s = {first...}; s |= {second...}``
    for small non-negative ints (their own hashes): the Heuristic lists its plays of a suit in that order, and
    the order decides its exact ties. Writes the keys into ``out`` and returns how many."""
    table = np.full(32, -1, dtype=np.int64)
    mask = 7
    fill = 0
    for i in range(n_first):  # the comprehension: set_add_entry, a resize once fill * 5 >= mask * 3
        fill = _add(table, mask, first[i], fill)
        if fill * 5 >= mask * 3:
            mask = _resize(table, mask, fill * 4)
    other = np.full(8, -1, dtype=np.int64)  # the literal {a, b}: its own table of 8
    other_used = 0
    for i in range(n_second):
        other_used = _add(other, 7, second[i], other_used)
    if other_used and fill == 0:  # an empty set of the same size takes the other's table as it is
        table[:8] = other
        fill = other_used
    elif other_used:
        if (fill + other_used) * 5 >= mask * 3:
            mask = _resize(table, mask, (fill + other_used) * 2)
        for i in range(8):
            if other[i] >= 0:
                fill = _add(table, mask, other[i], fill)
    n = 0
    for i in range(mask + 1):
        if table[i] >= 0:
            out[n] = table[i]
            n += 1
    return n


@njit(cache=True)
def _add(table: Any, mask: int, key: int, fill: int) -> int:
    """set_add_entry: the key's slot by linear probes of up to 9 (where they fit) and perturbation."""
    i = key & mask
    perturb = key
    while True:
        probes = 9 if i + 9 <= mask else 0
        j = i
        while True:
            if table[j] < 0:
                table[j] = key
                return fill + 1
            if table[j] == key:
                return fill
            if probes == 0:
                break
            probes -= 1
            j += 1
        perturb >>= 5
        i = (i * 5 + 1 + perturb) & mask


@njit(cache=True)
def _resize(table: Any, mask: int, least: int) -> int:
    """set_table_resize: a table of the smallest power of two above ``least``, entries inserted again in order."""
    size = 8
    while size <= least:
        size <<= 1
    old = table[: mask + 1].copy()
    table[:] = -1
    new_mask = size - 1
    for key in old:
        if key < 0:
            continue
        i = key & new_mask
        perturb = key
        placed = False
        while not placed:
            if table[i] < 0:
                table[i] = key
                break
            if i + 9 <= new_mask:
                for j in range(1, 10):
                    if table[i + j] < 0:
                        table[i + j] = key
                        placed = True
                        break
            if not placed:
                perturb >>= 5
                i = (i * 5 + 1 + perturb) & new_mask
    return new_mask


@njit(cache=True)
def worth_to_other(card: int, value: Any, suit_of: Any, investment: Any, lowest: int, other_open: Any,
                   other_exp: Any, other_exp_len: Any, other_known: Any, n_known: int) -> float:
    """``Scorer._worth_to_others`` with two players: what ``card`` on top of its pile is worth to the other side."""
    total = 0.0
    if not other_open[card]:
        return total
    suit, v = suit_of[card], value[card]
    k = other_exp_len[suit]
    if k:
        if not v:
            return total + 4.0
        top = value[other_exp[suit, k - 1]]
        multiplier = 1
        for i in range(k):
            multiplier += investment[other_exp[suit, i]]
        gap = v - max(top + 1, lowest)
        return float(total + v * multiplier * (FEED_NEXT if gap <= 1 else FEED_GAP))
    interest = 0
    for i in range(n_known):
        if suit_of[other_known[i]] == suit:
            interest += 1
    return total + (v if v else 3) * (FEED_UNSTARTED + 0.2 * interest)


@njit(cache=True)
def quick(facts: Any, value: Any, suit_of: Any, investment: Any, hand: Any, mine: Any, mine_len: Any, theirs: Any,
          theirs_len: Any, own_open: Any, other_open: Any, piles: Any, pile_len: Any, other_known: Any, counts: Any,
          unseen_total: int, deck: int, turn: int) -> Any:
    """``Scorer.quick`` for the seat to move of a two-player position: (kind, card, source). ``hand`` in the
    engine's order; ``mine`` and ``theirs`` the two sides' expeditions (suit × cards, in the order laid);
    ``piles`` bottom card first; ``other_known`` the other seat's cards it is known to hold; ``counts`` the
    copies of each card this seat cannot place; ``unseen_total`` how many cards it cannot place."""
    n_suits, play_on = facts[Q_SUITS], facts[Q_PLAY_ON]
    n_hand = hand.size
    _, reach, arrive_v, arrive_c, arrive_n = _arriving(value, suit_of, counts, n_suits, deck, n_hand, unseen_total, play_on)
    width = n_hand + facts[Q_INVESTMENTS] + 3
    base_value = np.zeros(n_suits)
    base_plays = np.zeros(n_suits)
    base_arrivals = np.zeros(n_suits)
    base_points = np.zeros((n_suits, width))
    base_amounts = np.zeros((n_suits, width))
    base_size = np.zeros(n_suits, dtype=np.int64)
    for s in range(n_suits):
        held = _held(hand, suit_of, s, -1, -1)
        base_value[s], base_plays[s], base_arrivals[s], base_size[s] = suit_plan(
            mine[s, : mine_len[s]], held, value, investment, arrive_v[s, : arrive_n[s]], arrive_c[s, : arrive_n[s]],
            facts[Q_INVESTMENTS], facts[Q_COST], facts[Q_BONUS], facts[Q_BONUS_AT], base_points[s], base_amounts[s])
    arriving = 0.0
    for s in range(n_suits):
        arriving += base_arrivals[s]
    deck_card = max(DECK_CARD_AT_LEAST, arriving / (reach * max(1, unseen_total))) if reach > 0 else 0.0
    after_deck = _plays_after(deck, n_hand, play_on, DECK)
    after_none = _plays_after(deck, n_hand, play_on, NO_DRAW)
    work = (np.zeros(n_suits), np.zeros(n_suits), np.zeros((n_suits, width + 1)), np.zeros((n_suits, width + 1)),
            np.zeros(n_suits, dtype=np.int64), np.zeros(n_suits * (width + 1)), np.zeros(n_suits * (width + 1)))

    source = DECK if deck else NO_DRAW
    tried_score = np.zeros(2 * n_hand)
    tried_kind = np.zeros(2 * n_hand, dtype=np.int64)
    tried_card = np.zeros(2 * n_hand, dtype=np.int64)
    n = 0
    first = np.zeros(n_hand + 1, dtype=np.int64)
    second = np.zeros(2, dtype=np.int64)
    order = np.zeros(8, dtype=np.int64)
    for s in range(n_suits):
        n_first = 0
        low, high = -1, -1
        for c in hand:
            if suit_of[c] != s or not own_open[c]:
                continue
            if not value[c]:
                first[n_first] = c
                n_first += 1
            else:
                if low < 0 or value[c] < value[low]:
                    low = c
                if high < 0 or value[c] > value[high]:
                    high = c
        n_second = 0
        if low >= 0:
            second[0], second[1] = low, high
            n_second = 2
        if n_first + n_second == 0:
            continue
        for j in range(set_order(first, n_first, second, n_second, order)):
            tried_kind[n], tried_card[n] = PLAY, order[j]
            n += 1
    for i in range(n_hand):
        if not _among(hand, i, hand[i]):
            tried_kind[n], tried_card[n] = DISCARD, hand[i]
            n += 1
    for i in range(n):  # the plays, then the discards, in the Heuristic's order
        tried_score[i] = _score(tried_kind[i], tried_card[i], source, facts, value, suit_of, investment, hand, mine,
                                mine_len, theirs, theirs_len, own_open, other_open, piles, pile_len, other_known,
                                arrive_v, arrive_c, arrive_n, base_value, base_plays, base_points, base_amounts,
                                base_size, deck_card, after_deck, after_none, work)
    # the two best, as a stable sort by score (highest first) would put them
    best_i, next_i = -1, -1
    for i in range(n):
        if best_i < 0 or tried_score[i] > tried_score[best_i]:
            best_i, next_i = i, best_i
        elif next_i < 0 or tried_score[i] > tried_score[next_i]:
            next_i = i
    best_score = tried_score[best_i]
    kind, card, source_best = tried_kind[best_i], tried_card[best_i], source
    extra = turn - (facts[Q_INITIAL] - deck)
    if source == DECK and facts[Q_PILES] and extra < facts[Q_EXTRA]:
        for t in range(2 if next_i >= 0 else 1):
            i = best_i if t == 0 else next_i
            k, c = tried_kind[i], tried_card[i]
            for pile in range(n_suits):
                if not pile_len[pile]:
                    continue
                top = piles[pile, pile_len[pile] - 1]
                if not (own_open[top] or worth_to_other(top, value, suit_of, investment, facts[Q_LOWEST], other_open,
                                                        theirs, theirs_len, other_known, other_known.size) > 0):
                    continue
                if k == DISCARD and pile == suit_of[c]:
                    continue
                v = _score(k, c, pile, facts, value, suit_of, investment, hand, mine, mine_len, theirs, theirs_len,
                           own_open, other_open, piles, pile_len, other_known, arrive_v, arrive_c, arrive_n, base_value,
                           base_plays, base_points, base_amounts, base_size, deck_card, after_deck, after_none, work)
                if v > best_score:
                    best_score, kind, card, source_best = v, k, c, pile
    return kind, card, source_best


@njit(cache=True)
def _arriving(value: Any, suit_of: Any, counts: Any, n_suits: int, deck: int, n_hand: int, unseen_total: int,
              play_on: int) -> Any:
    """The start of a ``Scorer`` with two players: the plays left (``now``), the chance an unseen card reaches the
    side in time (``reach``), and per suit its unseen numbers with that chance each (``arriving``): values, chances,
    how many."""
    now = -(-deck // 2) + (n_hand if play_on else 0)
    in_deck = deck / max(1, unseen_total)
    reach = in_deck * 1 / 2 * (now - 1) / now if now > 0 else 0.0
    arrive_v = np.zeros((n_suits, value.size), dtype=np.int64)
    arrive_c = np.zeros((n_suits, value.size))
    arrive_n = np.zeros(n_suits, dtype=np.int64)
    for c in range(value.size):
        if counts[c] > 0 and value[c]:
            s = suit_of[c]
            arrive_v[s, arrive_n[s]] = value[c]
            arrive_c[s, arrive_n[s]] = min(1.0, reach * counts[c])
            arrive_n[s] += 1
    return now, reach, arrive_v, arrive_c, arrive_n


@njit(cache=True)
def _among(values: Any, n: int, v: int) -> bool:
    """Whether ``v`` is one of the first ``n`` of ``values``."""
    for j in range(n):  # noqa: SIM110 (numba compiles no generator passed to any())
        if values[j] == v:
            return True
    return False


@njit(cache=True)
def _held(hand: Any, suit_of: Any, suit: int, without: int, plus: int) -> Any:
    """The suit's cards in hand, sorted by id, less ``without`` (once) and with ``plus`` (-1: none)."""
    out = np.empty(hand.size + 1, dtype=np.int64)
    n = 0
    dropped = False
    for c in hand:
        if suit_of[c] != suit:
            continue
        if c == without and not dropped:
            dropped = True
            continue
        out[n] = c
        n += 1
    if plus >= 0:
        out[n] = plus
        n += 1
    return np.sort(out[:n])


@njit(cache=True)
def _plays_after(deck: int, n_hand: int, play_on: int, source: int) -> int:
    """``Scorer._plays_after`` with two players."""
    d = deck - 1 if source != NO_DRAW else 0
    h = n_hand - (1 if source == NO_DRAW else 0)
    if d > 0:
        return -(-max(0, d - 1) // 2) + (h if play_on else 0)
    return h if play_on else 0


@njit(cache=True)
def _score(kind: int, card: int, source: int, facts: Any, value: Any, suit_of: Any, investment: Any, hand: Any,
           mine: Any, mine_len: Any, theirs: Any, theirs_len: Any, own_open: Any, other_open: Any, piles: Any,
           pile_len: Any, other_known: Any, arrive_v: Any, arrive_c: Any, arrive_n: Any, base_value: Any,
           base_plays: Any, base_points: Any, base_amounts: Any, base_size: Any, deck_card: float, after_deck: int,
           after_none: int, work: Any) -> float:
    """``Scorer.score`` of a play or a discard with two players."""
    n_suits = facts[Q_SUITS]
    values, plays, points, amounts, sizes, flat_points, flat_amounts = work
    values[:] = base_value
    plays[:] = base_plays
    sizes[:] = base_size
    points[:, : base_points.shape[1]] = base_points
    amounts[:, : base_amounts.shape[1]] = base_amounts
    suit = suit_of[card]
    plus = -1
    gain = 0.0
    if source >= 0:
        drawn = piles[source, pile_len[source] - 1]
        other = suit_of[drawn]
        if other == suit:
            plus = drawn
        else:
            values[other], plays[other], _, sizes[other] = suit_plan(
                mine[other, : mine_len[other]], _held(hand, suit_of, other, -1, drawn), value, investment,
                arrive_v[other, : arrive_n[other]], arrive_c[other, : arrive_n[other]], facts[Q_INVESTMENTS],
                facts[Q_COST], facts[Q_BONUS], facts[Q_BONUS_AT], points[other], amounts[other])
        gain += DENY * worth_to_other(drawn, value, suit_of, investment, facts[Q_LOWEST], other_open, theirs, theirs_len,
                                      other_known, other_known.size) - deck_card / 2
    if kind == PLAY or plus >= 0 or own_open[card]:
        laid = np.empty(mine_len[suit] + 1, dtype=np.int64)
        laid[: mine_len[suit]] = mine[suit, : mine_len[suit]]
        k = mine_len[suit]
        if kind == PLAY:
            laid[k] = card
            k += 1
        values[suit], plays[suit], _, sizes[suit] = suit_plan(
            laid[:k], _held(hand, suit_of, suit, card, plus), value, investment, arrive_v[suit, : arrive_n[suit]],
            arrive_c[suit, : arrive_n[suit]], facts[Q_INVESTMENTS], facts[Q_COST], facts[Q_BONUS], facts[Q_BONUS_AT],
            points[suit], amounts[suit])
    if kind == DISCARD and facts[Q_FEEDS]:
        gain -= worth_to_other(card, value, suit_of, investment, facts[Q_LOWEST], other_open, theirs, theirs_len,
                               other_known, other_known.size)
    total = 0.0
    planned = 0.0
    m = 0
    for s in range(n_suits):
        total += values[s]
        planned += plays[s]
        for j in range(sizes[s]):
            flat_points[m], flat_amounts[m] = points[s, j], amounts[s, j]
            m += 1
    after = after_none if source == NO_DRAW else after_deck
    return float(total - overflow(flat_points, flat_amounts, m, planned, after) + gain)


def quick_facts(f: Any) -> Any:
    """A rule set's numbers for ``quick`` (``policies.Facts`` of a two-player rule set), in the order of ``Q_*``."""
    return np.array([f.n_suits, f.investments, f.cost, f.bonus, f.bonus_at, f.lowest, f.initial_deck, int(f.piles),
                     int(f.feeds), int(f.play_on), f.extra_allowance], dtype=np.int64)


# --- the second judge: a move, ``horizon`` turns of ``quick``, the projection (``expert.Search.result``) -----------
# rule numbers for the play, in this order (``judge_facts``)
J_STALL, J_TURN_CAP = range(2)


@njit(cache=True)
def counts_for(seat: int, copies: Any, hands: Any, hand_len: Any, exps: Any, exp_len: Any, piles: Any, pile_len: Any,
               public: Any, public_len: Any) -> Any:
    """``policies.unseen_counts`` with two players: the copies of each card ``seat`` cannot place."""
    counts = copies.copy()
    for i in range(hand_len[seat]):
        counts[hands[seat, i]] -= 1
    for side in range(2):
        for s in range(exp_len.shape[1]):
            for i in range(exp_len[side, s]):
                counts[exps[side, s, i]] -= 1
    for s in range(pile_len.size):
        for i in range(pile_len[s]):
            counts[piles[s, i]] -= 1
    other = 1 - seat
    for i in range(public_len[other]):
        counts[public[other, i]] -= 1
    return counts


@njit(cache=True)
def position_value(facts: Any, value: Any, suit_of: Any, investment: Any, hand: Any, mine: Any, mine_len: Any,
                   counts: Any, unseen_total: int, deck: int) -> float:
    """``Scorer(sight).position_value(hand, laid, scorer.now)``, two players: one side's ``expert.leaf_value``."""
    n_suits, play_on = facts[Q_SUITS], facts[Q_PLAY_ON]
    n_hand = hand.size
    now, _, arrive_v, arrive_c, arrive_n = _arriving(value, suit_of, counts, n_suits, deck, n_hand, unseen_total, play_on)
    width = n_hand + facts[Q_INVESTMENTS] + 3
    points = np.zeros(n_suits * width)
    amounts = np.zeros(n_suits * width)
    total = 0.0
    planned = 0.0
    m = 0
    for s in range(n_suits):
        v, p, _, size = suit_plan(mine[s, : mine_len[s]], _held(hand, suit_of, s, -1, -1), value, investment,
                                  arrive_v[s, : arrive_n[s]], arrive_c[s, : arrive_n[s]], facts[Q_INVESTMENTS], facts[Q_COST],
                                  facts[Q_BONUS], facts[Q_BONUS_AT], points[m:], amounts[m:])
        total += v
        planned += p
        m += size
    return float(total - overflow(points, amounts, m, planned, now))


@njit(cache=True)
def judge_deal(facts: Any, rule: Any, value: Any, suit_of: Any, investment: Any, copies: Any, closes: Any, hands: Any,
               hand_len: Any, exps: Any, exp_len: Any, open_: Any, piles: Any, pile_len: Any, public: Any,
               public_len: Any, deck: Any, deck_len: int, turns: int, stall: int, to_move: int, aside: int,
               kind: int, card: int, source: int, horizon: int, side: int) -> float:
    """``expert.Search.result`` with the Heuristic's rollout policy, two players: on a copy of the position, the
    action, then ``horizon`` turns of ``quick`` (fewer if the round ends), then the round's score difference for
    ``side`` if it ended, else the Heuristic's projection of each side's final score, ``side``'s less the other's."""
    hands, hand_len, exps, exp_len = hands.copy(), hand_len.copy(), exps.copy(), exp_len.copy()
    open_, piles, pile_len = open_.copy(), piles.copy(), pile_len.copy()
    public, public_len, deck = public.copy(), public_len.copy(), deck.copy()
    state = np.array([deck_len, turns, stall, to_move, 0], dtype=np.int64)  # deck left, turns, stall, to move, ended
    _turn(facts, rule, suit_of, closes, hands, hand_len, exps, exp_len, open_, piles, pile_len, public, public_len, deck,
          state, kind, card, source)
    limit = state[1] + horizon
    while not state[4] and state[1] < limit:
        seat = state[3]
        other = 1 - seat
        counts = counts_for(seat, copies, hands, hand_len, exps, exp_len, piles, pile_len, public, public_len)
        hidden = state[0] + aside + hand_len[other] - public_len[other]
        k, c, s = quick(facts, value, suit_of, investment, hands[seat, : hand_len[seat]], exps[seat], exp_len[seat],
                        exps[other], exp_len[other], open_[seat], open_[other], piles, pile_len,
                        public[other, : public_len[other]], counts, hidden, state[0], state[1])
        _turn(facts, rule, suit_of, closes, hands, hand_len, exps, exp_len, open_, piles, pile_len, public, public_len,
              deck, state, k, c, s)
    if state[4]:
        return float(_score_of(facts, value, investment, exps, exp_len, side)
                     - _score_of(facts, value, investment, exps, exp_len, 1 - side))
    values = np.zeros(2)
    for o in range(2):
        counts = counts_for(o, copies, hands, hand_len, exps, exp_len, piles, pile_len, public, public_len)
        hidden = state[0] + aside + hand_len[1 - o] - public_len[1 - o]
        values[o] = position_value(facts, value, suit_of, investment, hands[o, : hand_len[o]], exps[o], exp_len[o],
                                   counts, hidden, state[0])
    return float(values[side] - values[1 - side])


@njit(cache=True)
def _score_of(facts: Any, value: Any, investment: Any, exps: Any, exp_len: Any, side: int) -> int:
    """``Table.scores()[side]``: every expedition's (numbers - cost) × (1 + investments), plus the bonus."""
    total = 0
    for s in range(facts[Q_SUITS]):
        n = exp_len[side, s]
        if not n:
            continue
        numbers = 0
        investments = 0
        for i in range(n):
            numbers += value[exps[side, s, i]]
            investments += investment[exps[side, s, i]]
        total += (numbers - facts[Q_COST]) * (1 + investments) + (facts[Q_BONUS] if n >= facts[Q_BONUS_AT] else 0)
    return total


@njit(cache=True)
def _turn(facts: Any, rule: Any, suit_of: Any, closes: Any, hands: Any, hand_len: Any, exps: Any, exp_len: Any,
          open_: Any, piles: Any, pile_len: Any, public: Any, public_len: Any, deck: Any, state: Any, kind: int,
          card: int, source: int) -> None:
    """``Table.turn`` with two players whose discards go onto the piles."""
    seat = state[3]
    _remove(hands, hand_len, seat, card)
    if public_len[seat]:
        _remove(public, public_len, seat, card)
    suit = suit_of[card]
    if kind == DISCARD:
        piles[suit, pile_len[suit]] = card
        pile_len[suit] += 1
    else:
        exps[seat, suit, exp_len[seat, suit]] = card
        exp_len[seat, suit] += 1
        for d in range(closes.shape[1]):
            if closes[card, d]:
                open_[seat, d] = False
    if source == DECK:
        state[0] -= 1
        hands[seat, hand_len[seat]] = deck[state[0]]
        hand_len[seat] += 1
        state[2] = 0
    elif source >= 0:
        pile_len[source] -= 1
        drawn = piles[source, pile_len[source]]
        hands[seat, hand_len[seat]] = drawn
        hand_len[seat] += 1
        public[seat, public_len[seat]] = drawn
        public_len[seat] += 1
        state[2] = state[2] + 1 if kind == DISCARD else 0
    else:
        state[2] = 0
    state[1] += 1
    deck_out = source == DECK and state[0] == 0 and not facts[Q_PLAY_ON]
    stalled = rule[J_STALL] and state[2] >= rule[J_STALL]
    if deck_out or hand_len[seat] == 0 or stalled or (rule[J_TURN_CAP] and state[1] >= rule[J_TURN_CAP]):
        state[4] = 1
    state[3] = 1 - seat


@njit(cache=True)
def _remove(rows: Any, lengths: Any, row: int, card: int) -> None:
    """``list.remove``: the first ``card`` of the row, the rest moved up (nothing if it is not there)."""
    n = lengths[row]
    for i in range(n):
        if rows[row, i] == card:
            for j in range(i, n - 1):
                rows[row, j] = rows[row, j + 1]
            lengths[row] = n - 1
            return


@lru_cache(maxsize=32)
def rule_arrays(spec: Any) -> tuple[Any, ...]:
    """A rule set's arrays for ``judge_deal``: its numbers and limits, and per card value, suit, kind, copies, closes."""
    f = facts_for(spec)
    cards = len(f.value)
    closes = np.array([[bool(spec.closes[c] >> d & 1) for d in range(cards)] for c in range(cards)])
    return (quick_facts(f), np.array([spec.stall_limit or 0, spec.turn_cap or 0], dtype=np.int64),
            np.array(f.value, dtype=np.int64), np.array(f.suit, dtype=np.int64), np.array(f.investment, dtype=np.int64),
            np.array(f.copies, dtype=np.int64), closes)


def position_arrays(table: Any) -> tuple[Any, ...]:
    """An engine position (two players) as ``judge_deal``'s arrays: hands, expeditions, what each side may
    still lay, piles and the cards known in each hand, all in the engine's order; the deck (top card last), the
    turn, the stall count, the seat to move and the cards set aside."""
    spec = table.spec
    suits = spec.n_suits
    cards = len(spec.cards)
    total = len(spec.deck_ids)
    hands = np.zeros((2, total), dtype=np.int64)
    exps = np.zeros((2, suits, total), dtype=np.int64)
    public = np.zeros((2, total), dtype=np.int64)
    piles = np.zeros((suits, total), dtype=np.int64)
    for seat in range(2):
        hands[seat, : len(table.hands[seat])] = table.hands[seat]
        public[seat, : len(table.public[seat])] = table.public[seat]
        for s, exp in enumerate(table.expeditions[seat]):
            exps[seat, s, : len(exp)] = exp
    for s, pile in enumerate(table.piles):
        piles[s, : len(pile)] = pile
    open_ = np.array([[bool(table.open[side] >> c & 1) for c in range(cards)] for side in range(2)])
    deck = np.zeros(max(1, len(table.deck)), dtype=np.int64)
    deck[: len(table.deck)] = table.deck
    return (hands, np.array([len(h) for h in table.hands], dtype=np.int64), exps,
            np.array([[len(e) for e in side] for side in table.expeditions], dtype=np.int64), open_, piles,
            np.array([len(p) for p in table.piles], dtype=np.int64), public,
            np.array([len(p) for p in table.public], dtype=np.int64), deck, len(table.deck), table.turns, table.stall,
            table.to_move, len(table.set_aside))


def judge_value(rules: tuple[Any, ...], position: tuple[Any, ...], action: tuple[int, int, int], horizon: int,
                side: int) -> float:
    """``judge_deal`` on a rule set's and a position's arrays (``rule_arrays``, ``position_arrays``)."""
    kind, card, source = action
    return float(judge_deal(*rules, *position, kind, card, source, horizon, side))


def compile_now() -> None:
    """Compile the kernel into numba's cache (some twenty seconds, once per installation and version), so that the
    first search of the Expert or of Hard does not wait for it: ``python -m expeditions.bots.heuristic_kernel``."""
    spec = spec_for(rules("expeditions"))
    table = deal_table(spec, random.Random(0).sample(spec.deck_ids, len(spec.deck_ids)), 0)
    judge_value(rule_arrays(spec), position_arrays(table), table.legal()[0], 6, 0)


if __name__ == "__main__":
    compile_now()
