"""Fast policies on the integer engine, for rollouts and batch play.

A policy is ``policy(table, rng) -> action`` for the seat to move in ``table`` (an
``expeditions.engine.Table``). It may look at everything in the table, so it is for simulations
of positions that were already sampled from what a seat may know (``Observation.sample_table``),
never for deciding a real move from hidden information. ``playout`` plays a table to its end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine import DECK, DISCARD, NO_DRAW, PLAY, Action, Table

Policy = Callable[[Table, random.Random], Action]


def uniform_policy(table: Table, rng: random.Random) -> Action:
    """Uniform over the legal actions (identical actions counted once)."""
    legal = table.legal()
    return legal[int(rng.random() * len(legal))]


def playable_policy(table: Table, rng: random.Random) -> Action:
    """Play a random playable card, else discard a random card; always draw off the deck
    (nothing once the deck is empty). Picks among the cards in hand, not among distinct moves."""
    seat = table.to_move
    hand = table.hands[seat]
    lay = table.open[table.spec.side_of[seat]]
    source = DECK if table.deck else NO_DRAW
    playable = [c for c in hand if lay >> c & 1]
    if playable:
        return (PLAY, playable[int(rng.random() * len(playable))], source)
    return (DISCARD, hand[int(rng.random() * len(hand))], source)


def playout(table: Table, policies: Sequence[Policy], rng: random.Random, *, max_turns: int = 2_000) -> Table:
    """Play ``table`` to its end in place, ``policies[seat]`` acting for each seat; returns it.

    After ``max_turns`` more turns the round is ended with the reason ``"turn-cap"``.
    """
    limit = table.turns + max_turns
    while not table.end:
        if table.turns >= limit:
            table.end = "turn-cap"
            break
        table.apply(policies[table.to_move](table, rng))
    return table
