"""Fast policies on the integer engine, for rollouts and batch play.

A policy is ``policy(table, rng) -> action`` for the seat to move in ``table`` (an
``expeditions.engine.Table``). It may look at everything in the table, so it is for simulations
of positions that were already sampled from what a seat may know (``Observation.sample_table``),
never for deciding a real move from hidden information. ``playout`` plays a table to its end.

- ``uniform_policy``: uniform over the legal actions;
- ``playable_policy``: a random playable card, else a random discard; always the deck;
- ``sensible_policy``: a fair player's game without card counting, about as strong as the
  Beginner bot and fast (several thousand rounds a second): it continues its expeditions with
  its lowest card, opens a suit only with enough of it in hand (and lays investments only with a
  strong suit), discards what it cannot use and what does not feed another side, takes a pile
  card that fits its own expeditions, and hurries when the deck runs low.

The Heuristic's judgement as a policy (much stronger, some twenty times slower) is
``expeditions.bots.heuristic.heuristic_policy``; the Expert's rollouts use it. No policy here or
there stalls a round for ever: past ``extra_allowance`` turns without a deck draw, they stop
drawing off the piles (and passing).

This module also holds the per-rule-set numbers (``Facts``) and small helpers the bots share.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..engine import DECK, DISCARD, NO_DRAW, PLAY, Action, Spec, Table

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


# --- what every bot needs to know about a rule set, on integers ---------------------------------
class Facts:
    """Per-card and per-rule-set numbers that bots and policies read in their hot loops."""

    def __init__(self, spec: Spec) -> None:
        rules = spec.rules
        self.spec = spec
        self.suit = spec.suit_of
        self.value = spec.value_of  # 0 for an investment
        self.investment = spec.is_investment
        self.closes = spec.closes
        self.n_suits = spec.n_suits
        self.players = spec.players
        self.sides = spec.sides
        self.side_of = spec.side_of
        self.investments = rules.investments
        self.cost = rules.cost
        self.bonus = rules.bonus
        self.bonus_at = rules.bonus_at
        self.lowest = min(rules.numbers)
        self.initial_deck = rules.draw_deck_after_deal
        self.piles = rules.draw_from_piles
        self.feeds = not rules.discards_leave_game  # a discard can be taken by another player
        self.play_on = rules.play_on_after_deck
        self.extra_allowance = extra_allowance(rules.draw_deck_after_deal)
        self.suit_cards = [[c for c in range(len(spec.cards)) if spec.suit_of[c] == s] for s in range(spec.n_suits)]
        # how many copies of each card the deck holds (the 4-player deck doubles 2, 3 and 4)
        self.copies = [spec.deck_ids.count(c) for c in range(len(spec.cards))]


@lru_cache(maxsize=64)
def facts_for(spec: Spec) -> Facts:
    return Facts(spec)


def unseen_counts(table: Table, seat: int) -> list[int]:
    """How many copies of each card ``seat`` cannot place (see ``Observation.unseen``)."""
    spec = table.spec
    counts = facts_for(spec).copies[:]
    for c in table.hands[seat]:
        counts[c] -= 1
    for side in table.expeditions:
        for exp in side:
            for c in exp:
                counts[c] -= 1
    for pile in table.piles:
        for c in pile:
            counts[c] -= 1
    for c in table.removed:
        counts[c] -= 1
    partner = spec.partner_of[seat]
    for s in range(spec.players):
        if s != seat:
            for c in table.public[s]:
                counts[c] -= 1
            if s == partner:
                for c in table.via_pass[s]:
                    counts[c] -= 1
    return counts


def extra_allowance(initial_deck: int) -> int:
    """How many turns of a round may go by without a draw off the deck (drawing off a pile, passing)
    before bots stop doing either: rules without a stall rule then still end."""
    return max(12, initial_deck // 2)


def extra_turns(turns: int, deck_left: int, initial_deck: int) -> int:
    """Turns of the round so far that did not take a card off the deck (pile draws and passes)."""
    return turns - (initial_deck - deck_left)


def plays_left(deck_left: int, players: int, hand: int, play_on: bool) -> int:
    """About how many more turns the seat to move gets (this one included), if nobody draws off a pile."""
    return -(-deck_left // players) + (hand if play_on else 0)


def top_number(f: Facts, expedition: Sequence[int]) -> int:
    """The highest number of an expedition of the fast policies' cards: its last card's (0 while it holds none; the
    cards as ``Card`` values: ``engine.top_number``)."""
    return f.value[expedition[-1]] if expedition else 0


# thresholds of ``sensible_policy``
OPEN_AT = 17  # numbers in hand of a suit to open it with plenty of plays left
INVEST_AT = 24  # numbers in hand of a suit to lay an investment on it
GAP_OK = 2  # numbers a continuing play may skip with plenty of plays left
PILE_GAP_OK = 2  # numbers a card off a pile may skip to be worth taking


def sensible_policy(table: Table, rng: random.Random) -> Action:
    """A fair player's game without card counting, on the engine (see the module docs).

    Looks only at the mover's hand and the table, not at other hands or the deck order.
    """
    f = facts_for(table.spec)
    seat = table.to_move
    side = f.side_of[seat]
    hand = table.hands[seat]
    lay = table.open[side]
    mine = table.expeditions[side]
    deck = len(table.deck)
    value, suit = f.value, f.suit
    left = plays_left(deck, f.players, len(hand), f.play_on)
    n = f.n_suits

    low = [-1] * n  # lowest playable number in hand, per suit
    total = [0] * n  # numbers in hand that can still go on that expedition
    count = [0] * n
    invest = [-1] * n
    for c in hand:
        if lay >> c & 1:
            s = suit[c]
            v = value[c]
            count[s] += 1
            if v:
                total[s] += v
                if low[s] < 0 or v < value[low[s]]:
                    low[s] = c
            else:
                invest[s] = c
    waiting = sum(count[s] for s in range(n) if mine[s])

    play, best = -1, 0.0
    for s in range(n):
        if not count[s]:
            continue
        if mine[s]:
            top = top_number(f, mine[s])
            if top == 0 and invest[s] >= 0 and total[s] >= INVEST_AT and left > count[s] + 2:
                score = 9.0
                card = invest[s]
            elif low[s] >= 0:
                card = low[s]
                gap = value[card] - max(top + 1, f.lowest)
                hurry = waiting >= left
                score = 8.0 - gap + (6.0 if hurry else 0.0) if (gap <= GAP_OK or hurry or left <= 3) else 0.0
            else:
                continue
        elif low[s] >= 0 and total[s] >= OPEN_AT + max(0, 8 - left) * 2 and count[s] <= left:
            if invest[s] >= 0 and total[s] >= INVEST_AT and left > count[s] + 3:
                card = invest[s]
            else:
                card = low[s]
            score = 2.0 + (total[s] - OPEN_AT) / 4
        else:
            continue
        if score > best:
            play, best = card, score

    if play >= 0:
        kind, card = PLAY, play
        lay &= ~f.closes[card]
    else:
        kind, card = DISCARD, _cheapest_discard(table, f, hand, lay, mine, total, side)
    return (kind, card, _draw_source(table, f, kind, card, lay, mine, deck))


def _cheapest_discard(table: Table, f: Facts, hand: list[int], lay: int, mine: list[list[int]], total: list[int], side: int) -> int:
    value, suit = f.value, f.suit
    pick, cheapest = hand[0], 1e9
    for c in hand:
        s = suit[c]
        v = value[c]
        if lay >> c & 1:
            keep = 12.0 + v / 2 if mine[s] else (total[s] + (8 if not v else 0)) / 2
        else:
            keep = 0.0
        if f.feeds:
            for o in range(f.sides):
                if o != side and table.open[o] >> c & 1:
                    keep += (v + 4.0 if v else 6.0) if table.expeditions[o][s] else v / 3
        if keep < cheapest:
            pick, cheapest = c, keep
    return pick


def _draw_source(table: Table, f: Facts, kind: int, card: int, lay: int, mine: list[list[int]], deck: int) -> int:
    if not deck:
        return NO_DRAW
    if not f.piles or extra_turns(table.turns, deck, f.initial_deck) >= f.extra_allowance:
        return DECK
    value = f.value
    played = f.suit[card] if kind == PLAY else -1
    skip = f.suit[card] if kind == DISCARD else -1
    source, best = DECK, -1
    for s, pile in enumerate(table.piles):
        if not pile or s == skip:
            continue
        d = pile[-1]
        if not lay >> d & 1 or not (mine[s] or s == played):
            continue
        top = value[card] if s == played else top_number(f, mine[s])
        gap = value[d] - max(top + 1, f.lowest)
        if value[d] and gap <= PILE_GAP_OK and value[d] > best:
            source, best = s, value[d]
    return source
