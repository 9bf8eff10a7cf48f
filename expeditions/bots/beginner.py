"""Beginner: plays by the beginner tips of the rule documents, and nothing more.

The tips (document 001's strategy tips, document 000's "Tipps für Einsteiger") turned into rules
of thumb, in the order the bot asks them:

1. *At the end, play what scores now*: when the plays left do not cover the cards waiting for
   its expeditions, it lays the best of them (the high ones) and skips the low ones.
2. *Lay an investment only when the numbers to justify it are already in your hand*: 20 or more
   of that suit in hand, before any number, with time to lay them.
3. It continues an expedition with its lowest card of that suit when that skips at most one
   number (*play low cards early or lose them*).
4. *Don't start too many expeditions*: it opens a suit only while it has fewer than three going,
   holding at least three of it worth 18 or more together, and with plays enough left.
5. Otherwise it discards *carefully*: a card it cannot use any more, else one of a suit it has
   not started; among those, the one that feeds the opponent least (*your discards are your
   opponent's draw pile*).
6. It draws off the deck, except for a pile card that goes straight onto one of its own
   expeditions.

It counts no cards and does not read the opponent beyond the tops of their expeditions.
"""

from __future__ import annotations

from ..engine import DECK, DISCARD, NO_DRAW, PLAY, Action, move_of
from ..moves import Move
from ..observation import Observation
from .base import SeededBot
from .heuristic import Sight, sight_of
from .policies import extra_turns, plays_left, top_number

OPEN_CARDS = 3  # cards of a suit in hand to open it ...
OPEN_POINTS = 18  # ... worth this much together
MAX_EXPEDITIONS = 3  # expeditions going at once
INVEST_POINTS = 20  # numbers of a suit in hand that justify an investment


class Beginner(SeededBot):
    """Beginner: the tips of the rule documents as rules of thumb (see the module docs).
    Deterministic: the seed is accepted for the common bot interface."""

    name = "Beginner"

    def decide(self, observation: Observation) -> Move:
        sight = sight_of(observation)
        return move_of(sight.f.spec, beginner_action(sight))


def beginner_action(s: Sight) -> Action:
    f = s.f
    lay = s.open[s.side]
    mine = s.expeditions[s.side]
    left = plays_left(s.deck, f.players, len(s.hand), f.play_on)
    playable = [c for c in s.hand if lay >> c & 1]
    card = _play(s, playable, left)
    if card is not None:
        return (PLAY, card, _draw(s, PLAY, card, lay & ~f.closes[card]))
    throw = _discard(s, lay, mine)
    return (DISCARD, throw, _draw(s, DISCARD, throw, lay))


def _play(s: Sight, playable: list[int], left: int) -> int | None:
    f = s.f
    mine = s.expeditions[s.side]
    value, suit = f.value, f.suit
    waiting = sorted((c for c in playable if mine[suit[c]] and value[c]), key=lambda c: -value[c])
    if waiting and len(waiting) >= left > 0:
        keep = waiting[:left]  # the high ones; of those, the lowest goes first so the others still fit
        return min(keep, key=lambda c: (value[c], c))
    by_suit: dict[int, list[int]] = {}
    for c in playable:
        by_suit.setdefault(suit[c], []).append(c)
    # investments on a strong suit, before its numbers
    for st, cards in sorted(by_suit.items()):
        strength = sum(value[c] for c in cards)
        investment = next((c for c in cards if f.investment[c]), None)
        if investment is not None and top_number(f, s.expeditions[s.side][st]) == 0 and strength >= INVEST_POINTS and left > len(cards) + 2:
            return investment
    # continue an expedition when its lowest card in hand skips at most one number
    best: int | None = None
    for st, cards in sorted(by_suit.items()):
        numbers = [c for c in cards if value[c]]
        if mine[st] and numbers:
            low = min(numbers, key=value.__getitem__)
            gap = value[low] - max(top_number(f, s.expeditions[s.side][st]) + 1, f.lowest)
            if gap <= 1 and (best is None or value[low] < value[best]):
                best = low
    if best is not None:
        return best
    # open a new expedition only with a strong suit in hand
    going = sum(1 for exp in mine if exp)
    if going < MAX_EXPEDITIONS:
        for st, cards in sorted(by_suit.items(), key=lambda kv: -sum(value[c] for c in kv[1])):
            numbers = [c for c in cards if value[c]]
            if not mine[st] and numbers and len(cards) >= OPEN_CARDS and sum(value[c] for c in numbers) >= OPEN_POINTS \
                    and len(cards) < left:
                return min(numbers, key=value.__getitem__)
    return None


def _discard(s: Sight, lay: int, mine: list[list[int]]) -> int:
    f = s.f

    def feeds(c: int) -> int:
        """What the card may give the opponent: its value if they can still lay it on an expedition they started."""
        worth = 0
        for o in range(f.sides):
            if f.feeds and o != s.side and s.open[o] >> c & 1 and s.expeditions[o][f.suit[c]]:
                worth = max(worth, f.value[c] or 5)
        return worth

    def usefulness(c: int) -> int:
        if not lay >> c & 1:
            return 0  # it can never go on my expedition
        if mine[f.suit[c]]:
            return 2  # it continues an expedition of mine
        return 1

    return min(s.hand, key=lambda c: (usefulness(c), feeds(c), f.value[c], c))


def _draw(s: Sight, kind: int, card: int, lay: int) -> int:
    f = s.f
    if not s.deck:
        return NO_DRAW
    if not f.piles or extra_turns(s.turn, s.deck, f.initial_deck) >= f.extra_allowance:
        return DECK
    mine = s.expeditions[s.side]
    for st, pile in enumerate(s.piles):
        if not pile or (kind == DISCARD and st == f.suit[card]):
            continue
        top_card = pile[-1]
        started = mine[st] or (kind == PLAY and f.suit[card] == st)
        top = f.value[card] if kind == PLAY and f.suit[card] == st else top_number(f, s.expeditions[s.side][st])
        if started and f.value[top_card] and lay >> top_card & 1 and f.value[top_card] - max(top + 1, f.lowest) <= 0:
            return st
    return DECK
