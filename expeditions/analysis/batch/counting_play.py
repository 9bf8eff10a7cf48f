"""Counting play on the batch simulator: positions of a ``CountingState`` played to the end of their
rounds, both seats with the counting policy (``counting_choice``), some turns forced (``Forced``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ...engine import DECK, DISCARD, PLAY
from ..options import TURN_CAP
from ..stats import IntArray, points_table
from .counting_choice import counting_choice
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



def _apply_counting(layout: CountingLayout, a: dict[str, IntArray], m: int, kind: IntArray, card: IntArray,
                    source: IntArray) -> npt.NDArray[np.bool_]:
    """Apply one action in every active row; returns the rows whose deck ran out."""
    ranks, n = layout.ranks, card.size
    index = np.bitwise_count(card - 1).astype(np.int64)
    info = layout.card.take(index)
    suit = info & 15
    a["hands"][m] ^= card
    a["known"][m] &= ~card
    play = kind == PLAY
    closes = ((card << 1) - 1) & layout.suit_mask_of.take(suit)
    a["laid"][m] |= np.where(play, card, 0)
    a["open"][m] &= ~np.where(play & (info > 15), closes, 0)
    if not a["piles"].flags.c_contiguous:
        a["piles"] = np.ascontiguousarray(a["piles"])
    onto = np.flatnonzero(kind == DISCARD)  # the discards go onto their piles (a stack of codes: rank + 1)
    if onto.size:
        piles = a["piles"].reshape(-1)  # a view: the piles are contiguous
        at = suit[onto] * n + onto
        piles[at] = (piles[at] << 4) | (index[onto] - suit[onto] * ranks + 1)
        a["pile_cards"][onto] |= card[onto]
    gone = np.flatnonzero(kind == REMOVE)
    if gone.size:
        a["gone"][gone] |= card[gone]
    off_deck = source == DECK
    drawn_card = np.take_along_axis(a["deck"], np.minimum(a["drawn"], a["deck"].shape[1] - 1)[:, None], axis=1)[:, 0]
    drawn_card = np.where(off_deck, drawn_card, 0)
    taken = np.flatnonzero(source >= 0)  # a card off a pile: the top of the stack
    if taken.size:
        piles = a["piles"].reshape(-1)
        at = source[taken] * n + taken
        top = piles[at] & 15
        bit = np.int64(1) << (source[taken] * ranks + top - 1)
        piles[at] >>= 4
        drawn_card[taken] = bit
        a["pile_cards"][taken] &= ~bit
        a["known"][m][taken] |= bit
    a["hands"][m] |= drawn_card
    a["drawn"] += off_deck
    a["deck_left"] -= off_deck
    a["stall"] = np.where((source >= 0) & ~play, a["stall"] + 1, 0)  # a card taken out of the game counts as a discard
    a["turns"] += 1
    ended: npt.NDArray[np.bool_] = off_deck & (a["deck_left"] == 0)
    return ended


def play_counting(state: CountingState, *, forced: dict[int, Forced] | None = None, record: bool = False,
                  max_turns: int = TURN_CAP) -> dict[str, Any]:
    """Play every position of ``state`` to the end of its round, both seats with the counting policy
    (``expeditions.bots.counting``), except where ``forced`` (turn number from now -> ``Forced``)
    says otherwise. Returns per row: ``laid`` (2, rows), ``plays`` per seat (2, rows: turns taken
    from now on), ``discards`` per seat, ``turns`` (from now on), ``pile_draws``, ``ends`` (an index
    into ``END_CODES``) and, with ``record``, ``moves``: per turn, the rows still playing and the
    kind, card bit and source of each. Rows are played ``COUNTING_BATCH`` at a time."""
    if state.rows <= COUNTING_BATCH:
        return _play_counting(state, forced or {}, record, max_turns)
    parts = []
    for start in range(0, state.rows, COUNTING_BATCH):
        rows = np.arange(start, min(start + COUNTING_BATCH, state.rows))
        part_forced = {k: Forced(f.kind[rows], f.card[rows], f.source[rows], f.hold[rows]) for k, f in (forced or {}).items()}
        part = _play_counting(state.take(rows), part_forced, record, max_turns)
        if record:
            part["moves"] = [(ids + start, *rest) for ids, *rest in part["moves"]]
        parts.append(part)
    out: dict[str, Any] = {key: np.concatenate([p[key] for p in parts], axis=-1) for key in ("laid", "plays", "discards",
                                                                                           "turns", "pile_draws", "ends")}
    if record:
        steps = max(len(p["moves"]) for p in parts)
        out["moves"] = [tuple(np.concatenate([p["moves"][t][k] for p in parts if t < len(p["moves"])]) for k in range(4))
                        for t in range(steps)]
    return out


def _play_counting(state: CountingState, forced: dict[int, Forced], record: bool, max_turns: int) -> dict[str, Any]:
    layout = counting_layout(state.rules)
    rules = layout.rules
    n = state.rows
    names = [f for f in STATE_ARRAYS if f != "deck"]
    a: dict[str, IntArray] = {f: getattr(state, f) for f in names}
    deck = state.deck
    a["deck"] = deck
    ids = np.arange(n)
    out: dict[str, Any] = {"laid": np.zeros((2, n), dtype=np.int64), "plays": np.zeros((2, n), dtype=np.int64),
                           "discards": np.zeros((2, n), dtype=np.int64), "turns": np.zeros(n, dtype=np.int64),
                           "pile_draws": np.zeros(n, dtype=np.int64), "ends": np.zeros(n, dtype=np.int64)}
    plays = np.zeros((2, n), dtype=np.int64)
    discards = np.zeros((2, n), dtype=np.int64)
    pile_draws = np.zeros(n, dtype=np.int64)
    moves: list[tuple[IntArray, IntArray, IntArray, IntArray]] = []
    stall_limit = rules.stall_limit
    step = 0
    seat = state.to_move
    while ids.size:
        order = forced.get(step)
        hold = None if order is None else order.hold[ids]
        if hold is not None and not hold.any():
            hold = None
        kind, card, source = counting_choice(layout, a, seat, hold)
        if order is not None:
            chosen = order.kind[ids] >= 0
            kind = np.where(chosen, order.kind[ids], kind)
            card = np.where(chosen, order.card[ids], card)
            source = np.where(chosen, order.source[ids], source)
        if record:
            moves.append((ids.copy(), kind.copy(), card.copy(), source.copy()))
        plays[seat, ids] += 1
        discards[seat, ids] += kind != PLAY
        pile_draws[ids] += source >= 0
        ended = _apply_counting(layout, a, seat, kind, card, source)
        step += 1
        code = np.zeros(ids.size, dtype=np.int64)
        if stall_limit:
            stalled = ~ended & (a["stall"] >= stall_limit)
            code[stalled] = 1
            ended |= stalled
        if step >= max_turns:
            code[~ended] = 2
            ended[:] = True
        if ended.any():
            done = np.flatnonzero(ended)
            rows = ids[done]
            out["laid"][:, rows] = a["laid"][:, done]
            out["ends"][rows] = code[done]
            out["turns"][rows] = step
            keep = ~ended
            ids = ids[keep]
            for f in a:
                a[f] = a[f][keep] if a[f].ndim == 1 or f == "deck" else np.ascontiguousarray(a[f][:, keep])
        seat = 1 - seat
    out["plays"], out["discards"], out["pile_draws"] = plays, discards, pile_draws
    if record:
        out["moves"] = moves
    return out



COUNTING_BATCH = 8_192
"""Rounds the counting policy plays at once: its arrays of every suit then stay small enough for the cache."""


def expedition_scores(layout: CountingLayout, laid: IntArray) -> IntArray:
    """Each expedition's score, shape (suits, rows), for masks of the cards one side laid."""
    table = points_table(layout.rules)
    pattern = np.int64(layout.pattern)
    out = np.zeros((layout.suits, laid.size), dtype=np.int64)
    values = np.array([0] * layout.investments + list(layout.rules.numbers), dtype=np.int64)
    for s in range(layout.suits):
        p = (laid >> (s * layout.ranks)) & pattern
        numbers = np.zeros(laid.size, dtype=np.int64)
        for r in range(layout.investments, layout.ranks):
            numbers += ((p >> r) & 1) * values[r]
        investments = np.bitwise_count(p & ((1 << layout.investments) - 1)).astype(np.int64)
        out[s] = table[numbers, investments, np.bitwise_count(p).astype(np.int64)]
    return out


def counting_result(layout: CountingLayout, out: dict[str, Any]) -> dict[str, IntArray]:
    """``play_counting``'s output in ``BatchResult``'s terms: scores and discards per round and seat."""
    scores = np.stack([expedition_scores(layout, out["laid"][side]).sum(axis=0) for side in (0, 1)], axis=1)
    return {"scores": scores, "discards": out["discards"].T.copy(), "turns": out["turns"], "pile_draws": out["pile_draws"],
            "ends": out["ends"]}
