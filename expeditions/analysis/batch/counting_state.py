"""Positions for the counting simulator: ``CountingState``, and ``counting_state``, the one builder of
it that every source of positions goes through: fresh deals (``counting_deals``), the engine's tables
(``counting_state_of_tables``) and positions sampled from an observation (``rollouts.sample_state``).

What every seat sees of a position (the expeditions, the piles, the cards out of the game) is turned
into masks once, by ``seen_masks``; the hands and the deck come per row."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine import Table
from ...errors import AnalysisError
from ...rules import Rules
from ..stats import IntArray
from .counting_layout import CountingLayout


@dataclass
class CountingState:
    """Two-player positions for the counting simulator, one per row, as masks of the counting
    layout (a working buffer: ``play_counting`` plays it to the end in place).

    ``hands``, ``known`` (the cards of a hand the other seat knows of: taken off a pile), ``laid``,
    ``open`` (the cards a side may still lay), ``allowed`` (the cards a seat's plan lets it lay) and
    ``committed`` (bit mask of suits a seat treats as started) have shape (2, rows); ``piles`` (suits,
    rows) holds each pile as a stack of 4-bit codes (rank + 1, the top card in the lowest bits);
    ``pile_cards`` and ``gone`` (cards out of the game, seen by both) are masks per row; ``deck``
    holds each row's deck in drawing order as one-bit masks, ``drawn`` how many are drawn.
    ``turns`` counts the round's turns so far, ``stall`` the stall count; ``to_move`` is the same seat
    in every row."""

    rules: Rules
    hands: IntArray
    known: IntArray
    laid: IntArray
    open: IntArray
    allowed: IntArray
    committed: IntArray
    piles: IntArray
    pile_cards: IntArray
    gone: IntArray
    deck: IntArray
    drawn: IntArray
    deck_left: IntArray
    turns: IntArray
    stall: IntArray
    to_move: int

    @property
    def rows(self) -> int:
        return int(self.drawn.size)

    def copy(self) -> CountingState:
        return CountingState(self.rules, **{f: getattr(self, f).copy() for f in STATE_ARRAYS}, to_move=self.to_move)

    def take(self, rows: IntArray) -> CountingState:
        """The positions of ``rows`` (repeats allowed), as a new state."""
        out = {f: getattr(self, f) for f in STATE_ARRAYS}
        picked = {f: (a[:, rows] if a.ndim == 2 and f != "deck" else a[rows]) for f, a in out.items()}
        return CountingState(self.rules, **picked, to_move=self.to_move)

    @staticmethod
    def concatenate(parts: list[CountingState]) -> CountingState:
        first = parts[0]
        width = max(p.deck.shape[1] for p in parts)
        merged = {}
        for f in STATE_ARRAYS:
            arrays = [getattr(p, f) for p in parts]
            if f == "deck":
                arrays = [np.pad(a, ((0, 0), (0, width - a.shape[1]))) for a in arrays]
                merged[f] = np.concatenate(arrays, axis=0)
            else:
                merged[f] = np.concatenate(arrays, axis=-1)
        if any(p.to_move != first.to_move for p in parts):
            raise AnalysisError("positions played together must have the same seat to move")
        return CountingState(first.rules, **merged, to_move=first.to_move)


STATE_ARRAYS = ("hands", "known", "laid", "open", "allowed", "committed", "piles", "pile_cards", "gone", "deck", "drawn",
                "deck_left", "turns", "stall")
"""The array fields of ``CountingState``."""


def card_mask(layout: CountingLayout, cards: Iterable[int]) -> int:
    """The mask of the engine's cards ``cards`` in the counting layout."""
    out = 0
    for c in cards:
        out |= 1 << layout.bit_of[c]
    return out


@dataclass(frozen=True)
class Seen:
    """What every seat sees of one position, as masks of the counting layout: per side the cards it
    laid (``laid``) and may still lay (``open``); per suit its pile as a stack of 4-bit codes (rank
    + 1, the top card in the lowest bits); every card on a pile (``pile_cards``) and the cards out of
    the game (``gone``)."""

    laid: tuple[int, int]
    open: tuple[int, int]
    piles: tuple[int, ...]
    pile_cards: int
    gone: int


def seen_masks(layout: CountingLayout, expeditions: Sequence[Sequence[Sequence[int]]], piles: Sequence[Sequence[int]],
               removed: Sequence[int] = ()) -> Seen:
    """``Seen`` of a position given by the engine's cards: ``expeditions[side][suit]`` (in the order
    laid), ``piles[suit]`` (bottom card first) and the cards ``removed`` from the game. A number
    laid closes every card of its suit on its bit or below (the lower numbers and the investments)."""
    ranks = layout.ranks
    laid, opened = [], []
    for side in expeditions:
        cards = [c for expedition in side for c in expedition]
        laid.append(card_mask(layout, cards))
        still = layout.full
        for c in cards:
            bit = layout.bit_of[c]
            if bit % ranks >= layout.investments:
                still &= ~(((1 << (bit + 1)) - 1) & layout.suit_masks[bit // ranks])
        opened.append(still)
    codes = []
    for pile in piles:
        code = 0
        for c in pile:
            code = (code << 4) | (layout.bit_of[c] % ranks + 1)
        codes.append(code)
    return Seen((laid[0], laid[1]), (opened[0], opened[1]), tuple(codes),
                card_mask(layout, (c for pile in piles for c in pile)), card_mask(layout, removed))


def _rows(values: IntArray | int, n: int) -> IntArray:
    return np.broadcast_to(np.asarray(values, dtype=np.int64), (n,)).copy()


def counting_state(layout: CountingLayout, seen: Seen | Sequence[Seen], *, hands: IntArray, known: IntArray,
                   deck: IntArray, deck_left: IntArray | int, turns: IntArray | int = 0, stall: IntArray | int = 0,
                   to_move: int) -> CountingState:
    """Positions for the counting simulator, one per row: ``seen`` (one for every row, or one a row),
    the ``hands`` and the ``known`` cards of each (masks, shape 2 × rows), each row's ``deck`` (one-bit
    masks in drawing order, rows × width; a row shorter than the width ends in zeros), the cards left
    in it, the turns so far and the stall count (per row, or one for all), and the seat to move.
    Every seat plays freely: every card allowed, no suit committed."""
    n = hands.shape[1]
    each = [seen] if isinstance(seen, Seen) else list(seen)
    if len(each) not in (1, n):
        raise AnalysisError(f"{len(each)} seen positions for {n} rows: give one, or one a row")

    def spread(values: list[Any], width: int) -> IntArray:  # (width, rows), one column a row
        columns = np.array(values, dtype=np.int64).reshape(len(each), width).T
        return np.broadcast_to(columns, (width, n)).copy()

    return CountingState(
        rules=layout.rules, hands=hands.astype(np.int64, copy=True), known=known.astype(np.int64, copy=True),
        laid=spread([s.laid for s in each], 2), open=spread([s.open for s in each], 2),
        allowed=np.full((2, n), layout.full, dtype=np.int64), committed=np.zeros((2, n), dtype=np.int64),
        piles=spread([s.piles for s in each], layout.suits), pile_cards=spread([s.pile_cards for s in each], 1)[0],
        gone=spread([s.gone for s in each], 1)[0], deck=np.ascontiguousarray(deck, dtype=np.int64),
        drawn=np.zeros(n, dtype=np.int64), deck_left=_rows(deck_left, n), turns=_rows(turns, n), stall=_rows(stall, n),
        to_move=to_move)


def counting_state_of_tables(layout: CountingLayout, tables: Sequence[Table]) -> CountingState:
    """The engine's positions (two players, seat to move the same in all) as a counting state."""
    n = len(tables)
    to_move = tables[0].to_move
    if any(t.to_move != to_move for t in tables):
        raise AnalysisError("positions played together must have the same seat to move")
    width = max(len(t.deck) for t in tables) or 1
    hands, known = np.zeros((2, n), dtype=np.int64), np.zeros((2, n), dtype=np.int64)
    deck = np.zeros((n, width), dtype=np.int64)
    for i, t in enumerate(tables):
        for seat in (0, 1):
            hands[seat, i] = card_mask(layout, t.hands[seat])
            known[seat, i] = card_mask(layout, t.public[seat])
        deck[i, : len(t.deck)] = [1 << layout.bit_of[c] for c in reversed(t.deck)]
    return counting_state(layout, [seen_masks(layout, t.expeditions, t.piles, t.removed) for t in tables], hands=hands,
                          known=known, deck=deck, deck_left=np.array([len(t.deck) for t in tables]),
                          turns=np.array([t.turns for t in tables]), stall=np.array([t.stall for t in tables]), to_move=to_move)


def counting_deals(layout: CountingLayout, decks: npt.NDArray[np.integer[Any]], starter: int = 0) -> CountingState:
    """Fresh deals from decks of engine card ids (rows, top card first), dealt one card at a time
    from ``starter`` as ``engine.deal_table`` deals them."""
    n = decks.shape[0]
    bits = (np.int64(1) << np.array(layout.bit_of, dtype=np.int64)).take(decks)
    dealt = 2 * layout.rules.hand_size
    hands = np.zeros((2, n), dtype=np.int64)
    for i in range(dealt):
        hands[(starter + i) % 2] |= bits[:, i]
    empty = seen_masks(layout, [[()] * layout.suits] * 2, [()] * layout.suits)
    return counting_state(layout, empty, hands=hands, known=np.zeros((2, n), dtype=np.int64), deck=bits[:, dealt:],
                          deck_left=decks.shape[1] - dealt, to_move=starter)
