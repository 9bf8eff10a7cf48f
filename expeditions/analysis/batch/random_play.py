"""Random play on the batch simulator: two policies, every seat following the same one.

- ``"playable"`` (``play_playable``): play a random playable card, else discard a random card;
  always draw off the deck. The seats never meet (nothing is drawn off a pile), and each seat plays
  exactly half the deck left after the deal;
- ``"uniform"`` (``play_uniform``): uniform over the legal moves, draws off the discard piles
  included; the round ends by the deck, by the stall rule, or after 2,000 turns (``turn_cap`` of
  the rules if set), as ``expeditions.bots.playout`` does.

Every turn is one pass of a few dozen vectorised operations over all the rounds of a batch, on the
masks of ``layout``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from ..options import TURN_CAP
from ..stats import IntArray
from .layout import BITS, Layout, Randoms, deal_bits, one_move_per_suit, pick, random32, score_laid


def _seat_columns(hand_size: int, left: int) -> IntArray:
    """Deck positions (top first) in the order of ``play_playable``'s rows: seat 0's hand and
    draws, then seat 1's; with an odd deck, seat 1's missing last draw repeats position 0."""
    steps = (left + 1) // 2
    out = []
    for seat in (0, 1):
        out += [2 * i + seat for i in range(hand_size)]
        out += [2 * hand_size + 2 * j + seat if 2 * j + seat < left else 0 for j in range(steps)]
    return np.array(out, dtype=np.int64)


def play_playable(layout: Layout, decks: npt.NDArray[np.integer[Any]], randoms: npt.NDArray[np.uint32] | None = None, *,
                  by_move: bool = False, rng: np.random.Generator | None = None) -> dict[str, IntArray]:
    """Play "a random playable card, else a random card; draw off the deck" on every deck (rows of
    bit positions, top card first), seat 0 first. ``randoms[t, 2 * round + seat]`` is the 32-bit
    random number of that seat's ``t``-th turn (drawn from ``rng`` when not given). The candidates
    are numbered from the lowest bit up and the choice among ``n`` is ``(u * n) >> 32``."""
    left = decks.shape[1] - 2 * layout.rules.hand_size
    seats = decks[:, _seat_columns(layout.rules.hand_size, left)].astype(np.uint8)
    return play_playable_seats(layout, seats, left, randoms, by_move, rng)


def play_playable_seats(layout: Layout, seats: npt.NDArray[np.uint8], left: int, randoms: npt.NDArray[np.uint32] | None,
                   by_move: bool, rng: np.random.Generator | None) -> dict[str, IntArray]:
    """``play_playable`` on decks already split by seat (shape rounds × (2 × cards per seat)).

    The two seats never meet under this policy, so each row of the loop is one seat of one round:
    row ``2 * round + seat``. Any fixed way of splitting a uniformly shuffled deck between the seats
    is a uniformly random deal, which lets the simulator skip reordering shuffled decks."""
    rounds = seats.shape[0]
    hand_size = layout.rules.hand_size
    rows = 2 * rounds
    steps = (left + 1) // 2
    order = np.ascontiguousarray(seats.reshape(rows, hand_size + steps).T)  # one line per card slot
    h = BITS.take(order[0])
    for i in range(1, hand_size):
        h |= BITS.take(order[i])
    if randoms is None:
        generator = rng or np.random.default_rng()
        randoms = generator.bit_generator.random_raw(steps * rounds).view(np.uint32).reshape(steps, rows)
    o = np.full(rows, layout.full, dtype=np.int64)
    laid = np.zeros(rows, dtype=np.int64)
    p, x, tmp, countdown = (np.empty(rows, dtype=np.int64) for _ in range(4))
    n = np.empty(rows, dtype=np.uint8)
    column, numbers = np.int64(layout.column), np.int64(layout.number_limit - 1)
    for t in range(steps):
        if 2 * t + 1 == left:  # an odd deck: seat 1 has no last turn; keep its state as it is
            kept = (h[1::2].copy(), o[1::2].copy(), laid[1::2].copy())
        np.bitwise_and(h, o, out=p)
        if by_move:
            p[:] = one_move_per_suit(layout, p)
        np.subtract(p, 1, out=tmp)
        np.right_shift(tmp, 63, out=tmp)  # all ones where nothing is playable: choose from the hand
        np.bitwise_and(tmp, one_move_per_suit(layout, h) if by_move else h, out=tmp)
        np.bitwise_or(p, tmp, out=x)
        np.bitwise_count(x, out=n)
        np.multiply(randoms[t], n, out=countdown, dtype=np.int64)
        np.right_shift(countdown, 32, out=countdown)
        np.negative(countdown, out=countdown)
        for _ in range(hand_size - 1):  # clear the lowest candidate while the countdown is below 0
            np.right_shift(countdown, 63, out=tmp)
            np.add(tmp, x, out=tmp)
            np.bitwise_and(x, tmp, out=x)
            np.add(countdown, 1, out=countdown)
        np.negative(x, out=tmp)
        np.bitwise_and(x, tmp, out=x)  # the chosen card
        np.bitwise_xor(h, x, out=h)
        np.bitwise_and(x, p, out=x)  # the card laid, if it was a play
        np.bitwise_or(laid, x, out=laid)
        np.bitwise_and(x, numbers, out=x)
        np.multiply(x, column, out=x)  # a number closes its suit up to itself
        np.invert(x, out=x)
        np.bitwise_and(o, x, out=o)
        np.bitwise_or(h, BITS.take(order[hand_size + t]), out=h)
        if 2 * t + 1 == left:
            h[1::2], o[1::2], laid[1::2] = kept
    scores = score_laid(layout, laid).reshape(rounds, 2)
    turns_each = np.array([(left + 1) // 2, left // 2], dtype=np.int64)
    discards = turns_each - np.bitwise_count(laid).astype(np.int64).reshape(rounds, 2)
    return {"scores": scores, "discards": discards, "turns": np.full(rounds, left, dtype=np.int64),
            "pile_draws": np.zeros(rounds, dtype=np.int64), "ends": np.zeros(rounds, dtype=np.int64)}


@dataclass(frozen=True)
class _Tables:
    """Small lookup tables of a layout for the uniform policy."""

    suit_of_bit: IntArray
    code_of_bit: IntArray
    bit_of_code: IntArray
    """``bit_of_code[suit * 16 + code]``: the card bit of a pile code (0 for code 0)."""
    nth_pile: IntArray
    """``nth_pile[piles * suits + k]``: the suit of the k-th open pile in a mask of open piles."""


@lru_cache(maxsize=16)
def _tables(layout: Layout) -> _Tables:
    s, r = layout.suits, layout.ranks
    suit_of = np.array([b % s for b in range(64)], dtype=np.int64)
    code_of = np.array([r - b // s for b in range(64)], dtype=np.int64)
    bit_of = np.zeros(s * 16, dtype=np.int64)
    for suit in range(s):
        for code in range(1, r + 1):
            bit_of[suit * 16 + code] = np.int64(1) << np.int64((r - code) * s + suit)
    nth = np.zeros((1 << s) * s, dtype=np.int64)
    for mask in range(1 << s):
        open_suits = [x for x in range(s) if mask >> x & 1]
        for k, suit in enumerate(open_suits):
            nth[mask * s + k] = suit
    return _Tables(suit_of, code_of, bit_of, nth)


def play_uniform(layout: Layout, decks: npt.NDArray[np.integer[Any]], randoms: Randoms | None = None, *, by_move: bool = False,
                 rng: np.random.Generator | None = None) -> dict[str, IntArray]:
    """Play every round uniformly over the legal moves, seat 0 first. ``randoms(t, rows)`` gives
    the 32-bit random number of turn ``t`` of each round in ``rows`` (drawn from ``rng`` when not
    given). The ``n`` legal moves are numbered as follows and the choice is ``(u * n) >> 32``:
    first the plays, by card (lowest bit first), then by source; then the discards of cards whose
    pile is open, by card, then by source; then the discards of the other cards, by card, then by
    source. The sources are the deck, then the open piles in suit order, never the pile the card
    goes onto."""
    rules = layout.rules
    tables = _tables(layout)
    suits, hand_size = layout.suits, rules.hand_size
    first, deck = deal_bits(layout, decks)
    total_rounds, left = deck.shape
    draw_random = randoms or random32(rng or np.random.default_rng())
    hands = [first[:, 0].copy(), first[:, 1].copy()]
    opened = [np.full(total_rounds, layout.full, dtype=np.int64) for _ in range(2)]
    laid = [np.zeros(total_rounds, dtype=np.int64) for _ in range(2)]
    discards = [np.zeros(total_rounds, dtype=np.int64) for _ in range(2)]
    piles = np.zeros(total_rounds * suits, dtype=np.int64)  # round r's pile of suit s at r * suits + s
    open_piles = np.zeros(total_rounds, dtype=np.int64)  # bit s: the pile of suit s holds a card
    drawn = np.zeros(total_rounds, dtype=np.int64)  # cards drawn off the deck
    stall = np.zeros(total_rounds, dtype=np.int64)
    pile_draws = np.zeros(total_rounds, dtype=np.int64)
    ids = np.arange(total_rounds)
    out = {"scores": np.zeros((total_rounds, 2), dtype=np.int64), "discards": np.zeros((total_rounds, 2), dtype=np.int64),
           "turns": np.zeros(total_rounds, dtype=np.int64), "pile_draws": np.zeros(total_rounds, dtype=np.int64),
           "ends": np.zeros(total_rounds, dtype=np.int64)}
    stall_limit = rules.stall_limit
    cap = rules.turn_cap or TURN_CAP
    column, numbers = np.int64(layout.column), np.int64(layout.number_limit - 1)
    finished = np.zeros(total_rounds, dtype=bool)  # ended, kept in the arrays until the next clean-up
    pile_base = np.arange(total_rounds, dtype=np.int64) * suits
    deck_base = np.arange(total_rounds, dtype=np.int64) * left
    t = 0
    while ids.size:
        seat = t % 2
        h, o = hands[seat], opened[seat]
        playable = h & o
        holding = h
        if by_move:
            playable = one_move_per_suit(layout, playable)
            holding = one_move_per_suit(layout, h)
        sources = 1 + np.bitwise_count(open_piles).astype(np.int64)
        beside_open = holding & (column * open_piles)  # cards whose own pile is open
        plays = np.bitwise_count(playable).astype(np.int64) * sources
        open_discards = np.bitwise_count(beside_open).astype(np.int64) * (sources - 1)
        rest = holding ^ beside_open
        n = plays + open_discards + np.bitwise_count(rest).astype(np.int64) * sources
        r = (draw_random(t, ids) * n) >> 32
        lays = (r - plays) >> 63  # all ones for a play
        in_open = ((r - plays - open_discards) >> 63) & ~lays
        per = sources - (in_open & 1)
        offset = np.where(lays, 0, np.where(in_open, plays, plays + open_discards))
        pool = np.where(lays, playable, np.where(in_open, beside_open, rest))
        within = r - offset
        which = within // per
        source = within - which * per
        card = pick(pool, which, hand_size - 1)
        h ^= card
        played = card & lays
        laid[seat] |= played
        o &= ~((played & numbers) * column)
        throws = ~lays
        discards[seat] -= throws  # + 1 for a discard (throws is -1)
        position = np.bitwise_count(card - 1).astype(np.int64)
        card_suit = tables.suit_of_bit.take(position)
        at = pile_base + card_suit
        pile = piles.take(at)
        piles.put(at, np.where(throws, (pile << 4) | tables.code_of_bit.take(position), pile))
        open_piles |= (np.int64(1) << card_suit) & throws
        # The source: 0 is the deck, k > 0 the k-th pile that may be drawn from.
        eligible = open_piles & ~((np.int64(1) << card_suit) & throws)
        off_deck = source == 0
        from_suit = tables.nth_pile.take(eligible * suits + np.maximum(source - 1, 0))
        at = pile_base + from_suit
        pile = piles.take(at)
        from_pile = -np.minimum(source, 1)  # all ones for a draw off a pile
        piles.put(at, np.where(off_deck, pile, pile >> 4))
        open_piles &= ~((np.int64(1) << from_suit) & from_pile & ((pile - 16) >> 63))  # took its last card
        h |= np.where(off_deck, deck.ravel().take(deck_base + np.minimum(drawn, left - 1)),
                      tables.bit_of_code.take(from_suit * 16 + (pile & 15)))
        drawn += off_deck
        pile_draws -= from_pile
        stall = (stall + 1) & throws & from_pile
        t += 1
        ended = off_deck & (drawn >= left) & ~finished
        end_code = np.zeros(ids.size, dtype=np.int64)
        if stall_limit:
            stalled = ~ended & ~finished & (stall >= stall_limit)
            end_code[stalled] = 1
            ended |= stalled
        if t >= cap:
            capped = ~ended & ~finished
            end_code[capped] = 2
            ended |= capped
        if ended.any():
            done = np.flatnonzero(ended)
            rows = ids[done]
            out["scores"][rows, 0] = score_laid(layout, laid[0][done])
            out["scores"][rows, 1] = score_laid(layout, laid[1][done])
            out["discards"][rows, 0] = discards[0][done]
            out["discards"][rows, 1] = discards[1][done]
            out["turns"][rows] = t
            out["pile_draws"][rows] = pile_draws[done]
            out["ends"][rows] = end_code[done]
            finished |= ended
            if finished.sum() > 0.25 * ids.size:  # drop finished rounds now and then
                keep = ~finished
                ids = ids[keep]
                hands = [x[keep] for x in hands]
                opened = [x[keep] for x in opened]
                laid = [x[keep] for x in laid]
                discards = [x[keep] for x in discards]
                piles = piles.reshape(-1, suits)[keep].ravel()
                open_piles, drawn, stall = open_piles[keep], drawn[keep], stall[keep]
                pile_draws, finished, deck = pile_draws[keep], finished[keep], deck[keep]
                pile_base = np.arange(ids.size, dtype=np.int64) * suits
                deck_base = np.arange(ids.size, dtype=np.int64) * left
    return out

