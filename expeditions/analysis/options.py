"""What a seat may do from now on, and playing it out on the engine: the part of the rollouts that
needs no numpy (the analyst's engine playouts run on it, as does every rule set the batch simulator
cannot play).

An ``Option`` is one way for the seat to play from now on; afterwards, and for everything it leaves
open, every seat plays the counting policy (``expeditions.bots.counting``) to the end of the round.
``play_option`` plays it out on an engine position in place: the meaning that the batch simulator's
``rollouts.play_options`` reproduces row by row (the tests check the two against each other).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots.counting import counting_action
from ..engine import DISCARD, Action, Table, action_of
from ..moves import Move
from ..observation import Observation

TURN_CAP = 2_000
"""Turns after which a round played out without a stall rule is ended (``"turn-cap"``), as ``playout`` ends it."""


@dataclass(frozen=True)
class Option:
    """One way for the seat to play from now on; afterwards (and for everything it leaves open) the
    counting policy plays.

    ``moves``: the moves the seat makes on its next turns, in order (one that is no longer legal
    when its turn comes, which only a partner can cause, is left to the policy); ``remove``: the
    first move's card leaves the game instead of going onto its pile (what a discard feeds,
    measured against feeding nothing); ``blocked``: suits the seat holds back on its next turn: it
    neither lays nor discards a card of them (unless its hand holds nothing else), and still values
    them as live;
    ``allowed``: the suits the seat may lay for the rest of the round (``None``: all);
    ``committed``: suits the seat treats as started (it plays them as its expeditions)."""

    name: str
    moves: tuple[Move, ...] = ()
    remove: bool = False
    blocked: tuple[str, ...] = ()
    allowed: tuple[str, ...] | None = None
    committed: tuple[str, ...] = ()


def suit_bits(suits: tuple[str, ...], order: tuple[str, ...]) -> int:
    """Bit ``i`` for each suit of ``suits`` that is ``order[i]``."""
    return sum(1 << order.index(s) for s in suits)


def play_option(table: Table, observation: Observation, option: Option) -> Table:
    """Play ``option`` for ``observation``'s seat out on ``table`` to the end of the round, in place;
    every other seat, and the seat once its option's moves are made, plays the counting policy."""
    spec = table.spec
    rules = spec.rules
    seat = observation.seat
    allowed_mask = spec.all_cards
    if option.allowed is not None:
        allowed_mask = sum(1 << c for c in range(len(spec.cards)) if spec.cards[c].suit in option.allowed)
    committed = suit_bits(option.committed, rules.suits)
    held = sum(1 << c for c in range(len(spec.cards)) if spec.cards[c].suit in option.blocked)
    own_turn = 0
    limit = table.turns + TURN_CAP
    while not table.end:
        if table.turns >= limit:
            table.end = "turn-cap"
            break
        mover = table.to_move
        if mover == seat:
            action: Action | None = None
            if own_turn < len(option.moves):
                candidate = action_of(spec, option.moves[own_turn])
                if candidate in table.legal() or (option.remove and own_turn == 0):
                    action = candidate
            if action is not None and option.remove and own_turn == 0:
                _remove_turn(table, action)
                own_turn += 1
                continue
            if action is None:
                action = counting_action(table, allowed_mask, committed, held if own_turn == 0 else 0)
            own_turn += 1
        else:
            action = counting_action(table)
        table.apply(action)
    return table


def _remove_turn(table: Table, action: Action) -> None:
    """A turn whose card leaves the game (seen by all) instead of going onto its pile."""
    _, card, source = action
    suit = table.spec.suit_of[card]
    table.turn(DISCARD, card, source)
    table.piles[suit].pop()
    table.removed.append(card)


def side_result(table: Table, side: int) -> int:
    """A finished table's result for ``side``: its score minus the best other side's (its own score in the solitaire)."""
    scores = table.scores()
    if len(scores) == 1:
        return scores[0]
    return scores[side] - max(s for i, s in enumerate(scores) if i != side)


__all__ = ["TURN_CAP", "Option", "play_option", "side_result", "suit_bits"]
