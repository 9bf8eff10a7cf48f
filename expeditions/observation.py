"""What one seat may know: the observation that bots and analysis see instead of the position.

A seat sees its own hand, every expedition on the table, every discard pile in full and in
order (each card in it was seen face up), how many cards are left in the deck and in every
hand, the cards known to be in another hand because that player drew them off a pile (or,
with partners, because you passed them), and the scores. It never sees the deck order,
the set-aside cards or the rest of another hand.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property

from .cards import Card
from .engine import Table, spec_for, table_of
from .moves import Move
from .rules import Rules


@dataclass(frozen=True)
class Observation:
    """What ``seat`` may know of a round. Expeditions are per side, then per suit of ``rules.suits``;
    piles per suit, bottom card first; ``known[s]`` the cards known to be in seat ``s``'s hand
    (the whole hand for ``seat`` itself); ``scores`` what each side's expeditions score now; ``totals`` the
    match so far, when the round is part of a match."""

    rules: Rules
    seat: int
    to_move: int | None
    turn: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    expeditions: tuple[tuple[tuple[Card, ...], ...], ...]
    piles: tuple[tuple[Card, ...], ...]
    deck_size: int
    removed: tuple[Card, ...]
    set_aside_size: int
    stall: int
    passed: tuple[bool, ...]
    scores: tuple[int, ...]
    legal_moves: tuple[Move, ...]
    totals: tuple[int, ...] = ()
    """Each side's total over the finished rounds of the match (empty for a round played alone)."""

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def is_over(self) -> bool:
        return self.to_move is None

    def expedition(self, side: int, suit: str) -> tuple[Card, ...]:
        return self.expeditions[side][self.rules.suits.index(suit)]

    def pile(self, suit: str) -> tuple[Card, ...]:
        return self.piles[self.rules.suits.index(suit)]

    @cached_property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot place: in the deck, set aside, or unknown in other hands."""
        seen = Counter(self.hand)
        for s, cards in enumerate(self.known):
            if s != self.seat:
                seen.update(cards)
        for side in self.expeditions:
            for exp in side:
                seen.update(exp)
        for pile in self.piles:
            seen.update(pile)
        seen.update(self.removed)
        return tuple((Counter(self.rules.deck) - seen).elements())

    def sample_table(self, rng: random.Random) -> Table:
        """A full position consistent with this observation: the unseen cards dealt at random to the
        unknown part of every other hand, the deck and the set-aside cards (for simulations)."""
        hidden = list(self.unseen)
        rng.shuffle(hidden)
        hands: list[tuple[Card, ...]] = []
        pos = 0
        for s in range(self.rules.players):
            if s == self.seat:
                hands.append(self.hand)
            else:
                unknown = self.hand_sizes[s] - len(self.known[s])
                hands.append(self.known[s] + tuple(hidden[pos : pos + unknown]))
                pos += unknown
        deck = hidden[pos : pos + self.deck_size]
        return table_of(spec_for(self.rules), hands=hands, expeditions=self.expeditions, piles=self.piles,
                        deck=deck[::-1], removed=self.removed, set_aside=hidden[pos + self.deck_size :],
                        to_move=self.seat if self.to_move is None else self.to_move, turns=self.turn, stall=self.stall,
                        passed=self.passed, known=[() if s == self.seat else k for s, k in enumerate(self.known)],
                        end="" if self.to_move is not None else "deck")

    def __str__(self) -> str:
        from .display import observation_text

        return observation_text(self)

    def _repr_html_(self) -> str:
        from .display import observation_html

        return observation_html(self)
