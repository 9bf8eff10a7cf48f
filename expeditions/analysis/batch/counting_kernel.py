"""The counting policy compiled (numba): positions of a ``CountingState`` played to the end of their rounds,
one row at a time, in machine code.

The same rules, in the same order and with the same whole-number arithmetic as ``bots.counting`` (the
engine's version, which the tests compare with this one move for move), on the masks of the counting
layout. A row is played to its end in one pass, so nothing is allocated per turn. ``counting_play``
builds the arrays and reads the results; nothing else calls this module.

The policy's numbers come in one row per seat (``KNOBS``, in that order) and the arrival weights of
rule 1 through one table per seat, so that two versions of the policy can meet in one batch. The
rule set's numbers come in ``facts`` (``FACTS``). The first call compiles the module (some seconds),
later processes read it from numba's cache.

``choose`` reads the numbers and masks it needs into local values once (``numbers_of_plan``, the seat's
masks): the compiler cannot tell the working space it writes (``plans``) from the arrays it reads, and
would read them again after every write (a quarter of the time of a move, measured).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.extending import intrinsic

PLAY, DISCARD, REMOVE = 0, 1, 3
DECK = -1
NO_PLAY = 1 << 30
NONE = -(1 << 62)
"""A key below every move's."""

KNOBS = ("INVEST_HELD", "INVEST_STEP", "INVEST_RISK", "UNSTARTED", "FEED_NEXT", "FEED_GAP", "FEED_UNSTARTED",
         "FEED_INTEREST", "FEED_INVESTMENT", "FIT", "PROLONG", "SCALE")
"""The policy's numbers (``bots.counting``'s constants of these names), in the order of a seat's row."""
(K_INVEST_HELD, K_INVEST_STEP, K_INVEST_RISK, K_UNSTARTED, K_FEED_NEXT, K_FEED_GAP, K_FEED_UNSTARTED, K_FEED_INTEREST,
 K_FEED_INVESTMENT, K_FIT, K_PROLONG, K_SCALE) = range(len(KNOBS))

FACTS = ("suits", "ranks", "investments", "bonus", "bonus_at", "cost", "lowest", "stall_limit", "initial_deck",
         "extra_allowance")
"""The rule set's numbers, in the order of ``facts``."""
(F_SUITS, F_RANKS, F_INV, F_BONUS, F_BONUS_AT, F_COST, F_LOWEST, F_STALL, F_INITIAL, F_EXTRA) = range(len(FACTS))


@intrinsic
def popcount(typingctx: Any, x: Any) -> Any:
    """The bits set in a 64-bit number (the processor's own instruction)."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctpop(args[0])
    return types.int64(types.int64), codegen


@intrinsic
def leading_zeros(typingctx: Any, x: Any) -> Any:
    """The zero bits above the highest bit set of a 64-bit number."""
    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        return builder.ctlz(args[0], ir.Constant(ir.IntType(1), 0))
    return types.int64(types.int64), codegen


@njit(cache=True, error_model="numpy", inline="always")
def low_bit(x: Any) -> Any:
    return x & -x


@njit(cache=True, error_model="numpy", inline="always")
def charge(over: Any, cheapest: Any) -> Any:
    """Rule 2: the charge for ``over`` plays too many (in ``1 / k`` of a play) at the cheapest play."""
    if over <= 0 or cheapest >= NO_PLAY:
        return 0
    return over * cheapest


@njit(cache=True, error_model="numpy", inline="always")
def plan(numbers_of_plan: Any, laid_t: Any, numbers_t: Any, arrivals_t: Any, laid: Any, held: Any, arrivals: Any,
         started: Any, k: Any, reach: Any, half: Any, cost: Any) -> Any:
    """Rule 1 for one suit (``bots.counting.plan``) from its patterns: the cards ``laid``, the live cards
    ``held``, the unseen live numbers ``arrivals`` (a numbers pattern). ``started``: 1 (started), 0 (not
    started: the plan counts at ``UNSTARTED`` fifths, and not at all unless it promises points) or 2 (a
    play starts it now). Gives the value, the plays it needs, its cheapest play, what a point held is
    worth to it, the investments it lays from hand and what one of them is worth."""
    inv, bonus, invest_held, invest_step, invest_risk, scale, unstarted = numbers_of_plan
    info = laid_t[laid]
    laid_sum, laid_cards, laid_investments, top = info & 63, (info >> 6) & 15, (info >> 10) & 3, info >> 12
    numbers = numbers_t[held >> inv]
    held_sum, held_count, low, high = numbers & 63, (numbers >> 6) & 15, (numbers >> 10) & 15, numbers >> 14
    weights = arrivals_t[(arrivals << 4) | max(high, top)]
    future, expected, mean = reach * (weights & 1023), reach * ((weights >> 10) & 255), weights >> 18
    in_hand = laid_sum + held_sum
    base = in_hand * k + future - cost
    multiplier = 1 + laid_investments
    cards = laid_cards + held_count
    best = base * multiplier + bonus * min(k, max(0, (cards * k + expected + half) >> 1))
    best_k = 0
    investments = held & ((1 << inv) - 1)
    if investments != 0 and top == 0 and in_hand >= invest_held:
        count = cards * k + expected + half
        most = min(popcount(investments), inv - multiplier + 1,
                   max(0, (in_hand - invest_held) // invest_step + 1))
        for extra in range(1, most + 1):
            worth = (base * (multiplier + extra) + bonus * min(k, max(0, (count + extra * k) >> 1))
                     - invest_risk * extra * future // scale)
            if worth > best:
                best, best_k = worth, extra
        multiplier += best_k
    share = unstarted if started == 0 else 5
    per_point = share * multiplier * k
    cheapest = NO_PLAY
    if held_count:
        cheapest = min(cheapest, low * per_point)
    if expected:
        cheapest = min(cheapest, (mean * per_point) >> 6)
    if best_k:
        cheapest = min(cheapest, 5 * max(0, base))
    per_investment = share * max(0, base)
    if started == 0 and best <= 0:
        return 0, 0, NO_PLAY, per_point, best_k, per_investment
    return best * share, (held_count + best_k) * k + expected, cheapest, per_point, best_k, per_investment


@njit(cache=True, error_model="numpy", inline="always")
def choose(facts: Any, knobs: Any, laid_t: Any, numbers_t: Any, arrivals_t: Any, points: Any, m: Any, hands: Any,
           known: Any, laid_all: Any, open_: Any, allowed: Any, committed: Any, piles: Any, pile_cards: Any, gone: Any,
           deck_left: Any, turns: Any, stall: Any, hold: Any, plans: Any, others: Any) -> Any:
    """The counting policy's action for seat ``m`` of one position (rules 1 to 5): kind, card bit, source.
    ``hold``: cards kept this turn (valued, neither laid nor discarded); ``plans`` and ``others`` are
    working space (suits × 6, and suits)."""
    suits, ranks, inv = facts[F_SUITS], facts[F_RANKS], facts[F_INV]
    pattern = (1 << ranks) - 1
    inv_pattern = (1 << inv) - 1
    numbers_pattern = pattern & ~inv_pattern
    numbers_mask = 0
    for s in range(suits):
        numbers_mask |= numbers_pattern << (s * ranks)
    scale = knobs[K_SCALE]
    numbers_of_plan = (inv, facts[F_BONUS], knobs[K_INVEST_HELD], knobs[K_INVEST_STEP], knobs[K_INVEST_RISK], scale,
                       knobs[K_UNSTARTED])
    o = 1 - m
    # the seat's masks read once: the plans' working space is written between their uses
    h, mine, theirs_laid, known_o, open_o, committed_m = hands[m], laid_all[m], laid_all[o], known[o], open_[o], committed[m]
    lay = open_[m] & allowed[m]
    unseen = ~(h | mine | theirs_laid | pile_cards | gone | known_o) & ((1 << (suits * ranks)) - 1)
    u = max(1, popcount(unseen))
    unseen &= numbers_mask
    reach = max(0, ((deck_left + 1) >> 1) - 1)  # Q, and the plays left after this turn
    last = reach == 0
    k = scale * u
    half = 3 * k // 2 - facts[F_BONUS_AT] * k
    cost = facts[F_COST] * k

    # rule 1: every suit's plan
    value_sum = 0
    plays_sum = 0
    started_mask = 0
    for s in range(suits):
        shift = s * ranks
        lay_p = (lay >> shift) & pattern
        laid = (mine >> shift) & pattern
        started = laid != 0 or ((committed_m >> s) & 1) != 0
        if started:
            started_mask |= pattern << shift
        p = plan(numbers_of_plan, laid_t, numbers_t, arrivals_t, laid, ((h >> shift) & pattern) & lay_p,
                 (((unseen >> shift) & pattern) & lay_p) >> inv, 1 if started else 0, k, reach, half, cost)
        for j in range(6):
            plans[s, j] = p[j]
        value_sum += p[0]
        plays_sum += p[1]
    over = plays_sum - reach * k
    first = NO_PLAY
    for s in range(suits):
        others[s] = NO_PLAY
        for t in range(suits):
            if t != s:
                others[s] = min(others[s], plans[t, 2])
        first = min(first, plans[s, 2])

    # rule 3: the plays, each suit's first investment and its lowest live number (the highest on the last play)
    best_key = NONE
    best_card = 0
    for s in range(suits):
        shift = s * ranks
        lay_p = (lay >> shift) & pattern
        laid = (mine >> shift) & pattern
        held = ((h >> shift) & pattern) & lay_p
        free = held & ~((hold >> shift) & pattern)
        arrivals = (((unseen >> shift) & pattern) & lay_p) >> inv
        investment = low_bit(free & inv_pattern)
        if investment:
            if last:
                worth = scale * (points[laid | investment] - points[laid])
            else:
                a = plan(numbers_of_plan, laid_t, numbers_t, arrivals_t, laid | investment, held & ~investment, arrivals, 2,
                         k, reach, half, cost)
                worth = (value_sum - plans[s, 0] + a[0]) * k - charge(over - plans[s, 1] + a[1], min(others[s], a[2]))
            key = worth * 64 + 63 - 2 * s
            if key > best_key:
                best_key, best_card = key, investment << shift
        numbers = free & numbers_pattern
        if numbers:
            number = (np.int64(1) << (63 - leading_zeros(numbers))) if last else low_bit(numbers)
            if last:
                worth = scale * (points[laid | number] - points[laid])
            else:
                below = (number << 1) - 1
                a = plan(numbers_of_plan, laid_t, numbers_t, arrivals_t, laid | number, held & ~below,
                         arrivals & ~(below >> inv), 2, k, reach, half, cost)
                worth = (value_sum - plans[s, 0] + a[0]) * k - charge(over - plans[s, 1] + a[1], min(others[s], a[2]))
            key = worth * 64 + 62 - 2 * s
            if key > best_key:
                best_key, best_card = key, number << shift

    # rule 3: the discards, in the fixed order of the cards, less what each feeds
    left = h & ~hold
    if left == 0:
        left = h
    unchanged = value_sum * k - charge(over, first)
    best_discard = NONE
    discard_card = 0
    slot = 0
    while left:
        c = low_bit(left)
        left ^= c
        index = popcount(c - 1)
        s = index // ranks
        rank = index - s * ranks
        v = (numbers_t[1 << (rank - inv)] & 63) if rank >= inv else 0
        worth = unchanged
        if not last and (c & lay) != 0 and plans[s, 1] != 0:  # a live card of a plan
            lose = value_sum * k - charge(over - k, min(others[s], plans[s, 2]))
            if v:
                number_lost = v * plans[s, 3]
                if (started_mask >> (s * ranks)) & 1 == 0 and plans[s, 0] - number_lost <= 0:
                    worth = (value_sum - plans[s, 0]) * k - charge(over - plans[s, 1], others[s])
                else:
                    worth = lose - number_lost * k
            elif plans[s, 4] and popcount((h >> (s * ranks)) & (lay >> (s * ranks)) & inv_pattern) <= plans[s, 4]:
                worth = lose - plans[s, 5] * k
        fed = 0
        if (open_o & c) != 0:
            theirs = laid_t[(theirs_laid >> (s * ranks)) & pattern]
            if theirs == 0:
                interest = popcount(known_o & (pattern << (s * ranks)))
                fed = (v if v else 3) * (knobs[K_FEED_UNSTARTED] + knobs[K_FEED_INTEREST] * interest)
            elif v:
                gap = v - max((theirs >> 12) + 1, facts[F_LOWEST])
                fed = v * (1 + ((theirs >> 10) & 3)) * (knobs[K_FEED_NEXT] if gap <= 1 else knobs[K_FEED_GAP])
            else:
                fed = knobs[K_FEED_INVESTMENT]
        if last:
            worth = -fed if deck_left > 1 else 0
        else:
            worth -= fed * 5 * u * k
        key = worth * 64 + 63 - 2 * suits - slot
        if key > best_discard:
            best_discard, discard_card = key, c
        slot += 1
    if best_key > best_discard:
        kind, card = PLAY, best_card
    else:
        kind, card = DISCARD, discard_card
    return kind, card, draw(facts, knobs, numbers_t, piles, h, kind, card, lay, unseen, started_mask, reach, deck_left,
                            turns, stall, numbers_mask)


@njit(cache=True, error_model="numpy", inline="always")
def draw(facts: Any, knobs: Any, numbers_t: Any, piles: Any, hand: Any, kind: Any, card: Any, lay: Any, unseen: Any,
         started_mask: Any, reach: Any, deck_left: Any, turns: Any, stall: Any, numbers_mask: Any) -> Any:
    """Rules 4 and 5: where to draw from after ``kind`` of ``card`` (``unseen``: the unseen numbers)."""
    suits, ranks, inv = facts[F_SUITS], facts[F_RANKS], facts[F_INV]
    pattern = (1 << ranks) - 1
    if turns - facts[F_INITIAL] + deck_left >= facts[F_EXTRA]:  # the round has stretched: no more pile cards
        return DECK
    index = popcount(card - 1)
    card_suit = index // ranks
    discards = kind != PLAY
    suit_mask = pattern << (card_suit * ranks)
    after = lay & ~(((card << 1) - 1) & suit_mask) if not discards and index - card_suit * ranks >= inv else lay
    started = started_mask if discards else started_mask | suit_mask
    source = DECK
    best = 0
    for p in range(suits):  # rule 4: a pile card that fits, with at most one unseen card between
        code = piles[p] & 15
        if code == 0 or code - 1 < inv or (discards and p == card_suit):
            continue
        t = np.int64(1) << (p * ranks + code - 1)
        if (t & started & after) == 0:
            continue
        between = popcount((t - 1) & (pattern << (p * ranks)) & after & unseen)
        score = knobs[K_FIT] + (numbers_t[1 << (code - 1 - inv)] & 63) - 10 * between
        if between <= 1 and score > best:
            source, best = p, score
    if source != DECK or reach <= 0 or reach > knobs[K_PROLONG] or deck_left < 2:
        return source
    waiting = popcount(hand & ~card & after & numbers_mask & started)
    if waiting <= reach or (discards and facts[F_STALL] and stall + 1 >= facts[F_STALL]):
        return DECK
    for p in range(suits):  # rule 5: the first pile with a number on top, to make the round last
        code = piles[p] & 15
        if code and code - 1 >= inv and not (discards and p == card_suit):
            return p
    return DECK


@njit(cache=True, error_model="numpy")
def play_rows(facts: Any, knobs: Any, laid_t: Any, numbers_t: Any, arrivals_t: Any, points: Any,
              hands: Any, known: Any, laid: Any, open_: Any, allowed: Any, committed: Any, piles: Any, pile_cards: Any,
              gone: Any, deck: Any, drawn: Any, deck_left: Any, turns: Any, stall: Any, to_move: Any,
              forced_kind: Any, forced_card: Any, forced_source: Any, forced_hold: Any, max_turns: Any,
              out_laid: Any, out_plays: Any, out_discards: Any, out_turns: Any, out_pile_draws: Any, out_ends: Any,
              moves: Any) -> None:
    """Play every row of the state's arrays to the end of its round (``counting_play.play_counting``).
    ``forced_*`` hold a row per turn from now (kind -1: the policy chooses); ``moves`` (rows × turns ×
    3, or no turns) records each turn's kind, card and source."""
    suits, ranks, inv = facts[F_SUITS], facts[F_RANKS], facts[F_INV]
    pattern = (1 << ranks) - 1
    width = deck.shape[1]
    steps_forced = forced_kind.shape[0]
    record = moves.shape[1] > 0
    plans = np.zeros((suits, 6), dtype=np.int64)
    others = np.zeros(suits, dtype=np.int64)
    hand2, known2, laid2 = np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64)
    open2, allowed2, committed2 = np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64), np.zeros(2, dtype=np.int64)
    pile_row = np.zeros(suits, dtype=np.int64)
    for r in range(drawn.size):
        for side in range(2):
            hand2[side], known2[side], laid2[side] = hands[side, r], known[side, r], laid[side, r]
            open2[side], allowed2[side], committed2[side] = open_[side, r], allowed[side, r], committed[side, r]
        for p in range(suits):
            pile_row[p] = piles[p, r]
        pile_set, gone_r, drawn_r, left_r, turns_r, stall_r = pile_cards[r], gone[r], drawn[r], deck_left[r], turns[r], stall[r]
        seat = to_move
        step = 0
        code = 0
        while True:
            kind, card, source, hold = -1, 0, DECK, 0
            if step < steps_forced:
                kind, card, source, hold = forced_kind[step, r], forced_card[step, r], forced_source[step, r], forced_hold[step, r]
            if kind < 0:
                kind, card, source = choose(facts, knobs[seat], laid_t, numbers_t, arrivals_t[seat], points, seat, hand2,
                                            known2, laid2, open2, allowed2, committed2, pile_row, pile_set, gone_r, left_r,
                                            turns_r, stall_r, hold, plans, others)
            if record:
                moves[r, step, 0], moves[r, step, 1], moves[r, step, 2] = kind, card, source
            out_plays[seat, r] += 1
            if kind != PLAY:
                out_discards[seat, r] += 1
            if source >= 0:
                out_pile_draws[r] += 1
            index = popcount(card - 1)
            s = index // ranks
            hand2[seat] ^= card
            known2[seat] &= ~card
            if kind == PLAY:
                laid2[seat] |= card
                if index - s * ranks >= inv:  # a number closes its suit's cards below it
                    open2[seat] &= ~(((card << 1) - 1) & (pattern << (s * ranks)))
            elif kind == DISCARD:  # onto its pile: a stack of 4-bit codes, rank + 1
                pile_row[s] = (pile_row[s] << 4) | (index - s * ranks + 1)
                pile_set |= card
            else:  # REMOVE: out of the game, seen by both
                gone_r |= card
            if source == DECK:
                drawn_card = deck[r, min(drawn_r, width - 1)]
                drawn_r += 1
                left_r -= 1
            else:
                top = pile_row[source] & 15
                drawn_card = np.int64(1) << (source * ranks + top - 1)
                pile_row[source] >>= 4
                pile_set &= ~drawn_card
                known2[seat] |= drawn_card
            hand2[seat] |= drawn_card
            stall_r = stall_r + 1 if source >= 0 and kind != PLAY else 0
            turns_r += 1
            step += 1
            if source == DECK and left_r == 0:
                break
            if facts[F_STALL] and stall_r >= facts[F_STALL]:
                code = 1
                break
            if step >= max_turns:
                code = 2
                break
            seat = 1 - seat
        out_laid[0, r], out_laid[1, r] = laid2[0], laid2[1]
        out_ends[r] = code
        out_turns[r] = step
