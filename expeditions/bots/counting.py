"""Counting: a card-counting engine policy that looks one move ahead, the one analysis plays rounds out with.

A strong player's judgement in whole numbers, so that the batch simulator
(``expeditions.analysis.batch``, policy ``"counting"``) plays exactly the same moves with numpy.
The seat to move looks only at what it may know: its hand, every expedition, the discard piles,
the size of the deck and the cards known to be in other hands (taken off a pile). Words used below:

- **unseen**: the cards the seat cannot place (in the deck, set aside, or unknown in other hands);
  ``U`` is their count. **Plays left** ``P``: the seat's turns until the deck runs out, this one
  included (``ceil(deck / players)``), and ``Q = P - 1`` of its draws come in time to be laid (in
  the solitaire every draw does). So an unseen card reaches the hand in time with chance ``Q / U``.
- a card is **live** when the seat may still lay it (above its expedition's top; an investment
  while no number is down); a suit is **started** when the seat's side has laid a card of it (or
  the seat committed to it: a plan, see ``CountingPolicy``).

Every number is whole: a chance to arrive is counted in twentieths of ``Q / U``, so points are
counted in ``1 / (20 U)`` of a point (``SCALE``), and nothing is rounded but where a rule says so.

1. **A plan for every suit.** What a suit is expected to bring: the numbers laid, the live numbers
   held (each value once) and every unseen live number, the last weighted by its chance to arrive:
   ``ARRIVE_ABOVE / 20 × Q / U`` above the highest number held, ``ARRIVE_BELOW / 20 × Q / U`` below
   it. The total less the cost is multiplied by the investments laid and those worth laying from
   hand (on a suit with no number down, up to one for ``INVEST_HELD`` points laid and held and one
   more for each ``INVEST_STEP``; each one laid also risks ``INVEST_RISK / 20`` of the arrivals'
   points, rounded down), and the bonus is added by how near the cards laid, held and expected
   come to it: all of it at one and a half cards past ``bonus_at``, none one and a half cards
   short, in proportion between. The best number of investments is kept (the fewest on a tie). A
   suit not started counts only if its plan promises points, and then at ``UNSTARTED`` fifths. A
   plan needs plays: the numbers held, the investments it lays and the expected arrivals.
2. **Time.** When the plans of all suits need more plays than the seat has after this turn, each
   play too many is charged the cheapest play of any plan: a number held, its value times the
   multiplier (and the share of a suit not started); an investment the plan lays, the suit's total
   less the cost; an arrival, the arrivals' mean value (in 64ths, rounded down) times the multiplier.
3. **One move ahead.** The candidate moves are: lay the lowest live number of a suit, lay an
   investment of a suit, discard any card. A move is worth the plans after it less the charge for
   time (rule 2). A play changes its suit's plan: a number laid closes the cards below it and the
   arrivals below it. A discard changes it as reckoned from the plan: a live number takes its
   points (at the plan's multiplier and share) and its play out of it, and a suit not started that
   no longer promises points counts nothing; an investment, when the plan lays every one held,
   takes one investment's worth (the suit's total less the cost) and its play; anything else
   changes nothing. A discard is worth less what it feeds: a card another side can still lay on an
   expedition it started is worth to them its value times their multiplier times ``FEED_NEXT /
   20`` when at most one number lies between their top and it, ``FEED_GAP / 20`` otherwise (an
   investment ``FEED_INVESTMENT / 20``); on a suit they have not started, the card's value (3 for
   an investment) times ``FEED_UNSTARTED / 20``, plus ``FEED_INTEREST / 20`` for each card of the
   suit known to be in their hands. On the seat's last play (no play left after this turn) the candidates lay the
   highest live number of a suit instead, and a move is worth what it adds to the score now, a
   discard less what it feeds if the deck holds more than one card. The best move is played; ties
   go to the first in the order: suit by suit, an investment before a number, then the discards in
   the fixed order of the cards.
4. **Take a pile card when it fits.** After its card, the seat takes the top number of a pile
   (never the one it just discarded into) that it can lay on a started suit (or the suit it starts
   now) with at most one unseen card between its top and it (the best: ``FIT + value - 10 ×
   cards in between``); else it draws off the deck.
5. **Make the round last when time is short.** Otherwise, when it has at most ``PROLONG`` plays
   after this turn, more than one card is left in the deck and more live numbers of started suits
   wait in its hand than it has plays, it takes the top number of the first pile it may (a turn off
   a pile leaves the deck as it is, so the round lasts one turn more for everyone), unless that
   would end the round by the stall rule. So it never takes an investment off a pile.

It stops taking pile cards once the round has run ``policies.extra_allowance`` turns without a
deck draw, so rule sets without the stall rule still end. It never passes (four players). Ties
and duplicates are settled in a fixed order of the cards (by suit in the rule set's order, then
investments, then numbers rising), the same in both versions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache
from typing import NamedTuple

from ..engine import DECK, DISCARD, NO_DRAW, PLAY, Action, Spec, Table, move_of
from ..moves import Move
from ..observation import Observation
from .base import SeededBot
from .policies import Facts, extra_turns, facts_for, plays_left, top_number, unseen_counts

# The rules' numbers, set by playing against the Heuristic (tools/counting_duel.py). Chances and shares in twentieths.
ARRIVE_ABOVE = 18
"""Rule 1: an unseen live number above the highest one held arrives with this many twentieths of ``Q / U`` ..."""
ARRIVE_BELOW = 8
"""... one below it with this many."""
INVEST_HELD = 20
"""Rule 1: points laid and held in a suit that make its first investment worth laying ..."""
INVEST_STEP = 5
"""... and the points for each further one."""
INVEST_RISK = 7
"""Rule 1: twentieths of the arrivals' points that each investment laid puts at risk."""
UNSTARTED = 4
"""Rule 1: fifths of its plan that a suit not started counts."""
FEED_NEXT = 19
FEED_GAP = 11
FEED_UNSTARTED = 3
FEED_INTEREST = 4
FEED_INVESTMENT = 80
"""Rule 3: what a discard feeds, in twentieths of a point per point of the card (an investment: in all)."""
FIT = 100
"""Rule 4: a pile card that fits scores ``FIT + value - 10 × cards in between``, the best is taken."""
PROLONG = 3
"""Rule 5: the plays left after this turn at which the seat takes a pile card to make the round last."""
SCALE = 20
"""Every value is counted in ``1 / (SCALE × U)`` of a point (see the module docs)."""
NO_PLAY = 1 << 30
"""The cheapest play of a plan that needs none (rule 2): more than any play is worth."""


@dataclass(frozen=True)
class CardOrder:
    """Per rule set: each card's place in the fixed order (``key``) and its rank within the suit
    (investments first, then the numbers rising), the same numbering as the batch simulator's."""

    key: tuple[int, ...]
    ranks: int
    numbers_up_to: tuple[tuple[int, ...], ...]
    """``numbers_up_to[suit]``: the suit's number cards, lowest first."""


@lru_cache(maxsize=64)
def card_order(spec: Spec) -> CardOrder:
    rules = spec.rules
    ranks = rules.investments + len(rules.numbers)
    key = []
    for card in spec.cards:
        rank = card.rank - 11 if card.is_investment else rules.investments + rules.numbers.index(card.value)
        key.append(spec.suit_index[card.suit] * ranks + rank)
    numbers = tuple(tuple(sorted((c for c in range(len(spec.cards)) if spec.suit_of[c] == s and not spec.is_investment[c]),
                                 key=lambda c: spec.value_of[c])) for s in range(spec.n_suits))
    return CardOrder(tuple(key), ranks, numbers)


class Laid(NamedTuple):
    """A side's expedition of one suit: the numbers' sum, the cards, the investments and the top number."""

    numbers: int
    cards: int
    investments: int
    top: int


class Plan(NamedTuple):
    """Rule 1: what a suit is expected to bring (``value``) and its cheapest play (rule 2), in units
    of ``1 / (5 × SCALE × U)`` of a point, and the plays it needs, in ``1 / (SCALE × U)`` of a play."""

    value: int
    plays: int
    cheapest: int
    per_point: int = 0
    """What one point of a number held is worth to the plan (its multiplier and share of a start)."""
    invested: int = 0
    """The investments it lays from hand."""
    per_investment: int = 0
    """What one of them is worth to it: the suit's total less the cost."""


NOTHING = Plan(0, 0, NO_PLAY)


def plan(f: Facts, unseen: int, reach: int, laid: Laid, numbers: list[int], investments: int, arrivals: list[int],
         started: bool) -> Plan:
    """Rule 1 for one suit: ``numbers`` the distinct live numbers held (rising), ``investments`` the
    live investments held, ``arrivals`` the values of the unseen live numbers."""
    k = SCALE * unseen
    highest = numbers[-1] if numbers else laid.top
    weights = weighted = 0
    for v in arrivals:
        weight = ARRIVE_ABOVE if v > highest else ARRIVE_BELOW
        weights += weight
        weighted += v * weight
    future, expected = reach * weighted, reach * weights
    in_hand = laid.numbers + sum(numbers)
    total = in_hand * k + future
    count = (laid.cards + len(numbers)) * k + expected
    base = total - f.cost * k
    most = 0
    if laid.top == 0 and investments:
        most = min(investments, f.investments - laid.investments, max(0, (in_hand - INVEST_HELD) // INVEST_STEP + 1))
    best = best_k = 0
    for extra in range(most + 1):
        near = min(k, max(0, (count + (extra - f.bonus_at) * k + 3 * k // 2) >> 1))
        points = base * (1 + laid.investments + extra) + f.bonus * near - INVEST_RISK * extra * future // SCALE
        if extra == 0 or points > best:
            best, best_k = points, extra
    if not started and best <= 0:
        return NOTHING
    share = 5 if started else UNSTARTED
    fifths = share * (1 + laid.investments + best_k)
    cheapest = NO_PLAY
    if numbers:
        cheapest = numbers[0] * fifths * k
    if best_k:
        cheapest = min(cheapest, 5 * max(0, base))
    if expected:
        cheapest = min(cheapest, (weighted * 64 // weights) * fifths * k >> 6)
    return Plan(best * share, (len(numbers) + best_k) * k + expected, cheapest, fifths * k, best_k, share * max(0, base))


def _feed(table: Table, f: Facts, card: int, side: int) -> int:
    """Rule 3: what discarding ``card`` feeds the other sides, in twentieths of a point."""
    if not f.feeds:
        return 0
    s, v = f.suit[card], f.value[card]
    total = 0
    for o in range(f.sides):
        if o == side or not table.open[o] >> card & 1:
            continue
        theirs = table.expeditions[o][s]
        if not theirs:
            interest = sum(1 for seat in range(f.players) if f.side_of[seat] == o for c in table.public[seat] if f.suit[c] == s)
            total += (v or 3) * (FEED_UNSTARTED + FEED_INTEREST * interest)
        elif not v:
            total += FEED_INVESTMENT
        else:
            gap = v - max(top_number(f, theirs) + 1, f.lowest)
            total += v * (1 + sum(f.investment[c] for c in theirs)) * (FEED_NEXT if gap <= 1 else FEED_GAP)
    return total


@dataclass
class _Sight:
    """What rules 1 to 3 read, for the seat to move."""

    f: Facts
    unseen: int
    reach: int
    after: int
    laid: list[Laid]
    numbers: list[list[int]]
    investments: list[int]
    arrivals: list[list[int]]
    started: list[bool]
    plans: list[Plan] = field(default_factory=list)
    value: int = 0
    """The plans' values, summed."""
    plays: int = 0
    """The plays they need, summed."""
    others: list[int] = field(default_factory=list)
    """Per suit: the cheapest play of the other suits' plans."""

    def plan(self, s: int, laid: Laid | None = None, numbers: list[int] | None = None, investments: int | None = None) -> Plan:
        """Suit ``s``'s plan, with its expedition, numbers or investments changed by a move."""
        laid = self.laid[s] if laid is None else laid
        arrivals = [v for v in self.arrivals[s] if v > laid.top]
        return plan(self.f, self.unseen, self.reach, laid, self.numbers[s] if numbers is None else numbers,
                    self.investments[s] if investments is None else investments, arrivals,
                    self.started[s] or laid.cards > self.laid[s].cards)

    def without(self, s: int, card: int) -> Plan:
        """Rule 3: suit ``s``'s plan once the live ``card`` is discarded, reckoned from the plan: a
        number takes its points (at the plan's ``per_point``) and its play out of it, and a suit not
        started that no longer promises points counts nothing; an investment, when the plan lays
        every one held, takes one investment's worth and its play out of it (else nothing changes)."""
        p = self.plans[s]
        f = self.f
        k = SCALE * self.unseen
        if not p.plays:
            return p
        if f.investment[card]:
            if p.invested and self.investments[s] <= p.invested:
                return Plan(p.value - p.per_investment, p.plays - k, p.cheapest)
            return p
        value = p.value - f.value[card] * p.per_point
        if not self.started[s] and value <= 0:
            return NOTHING
        return Plan(value, p.plays - k, p.cheapest)

    def worth(self, s: int, changed: Plan) -> int:
        """Rules 2 and 3: the plans with suit ``s``'s changed, less the charge for time, in units of
        ``1 / (5 × (SCALE × U)²)`` of a point."""
        k = SCALE * self.unseen
        worth = k * (self.value - self.plans[s].value + changed.value)
        over = self.plays - self.plans[s].plays + changed.plays - self.after * k
        cheapest = min(self.others[s], changed.cheapest)
        if over > 0 and cheapest < NO_PLAY:
            worth -= over * cheapest
        return worth

    def settle(self) -> None:
        """Work out every suit's plan, their sums and each suit's cheapest other play (for ``worth``)."""
        self.plans = [self.plan(s) for s in range(len(self.laid))]
        self.value = sum(p.value for p in self.plans)
        self.plays = sum(p.plays for p in self.plans)
        cheapest = [p.cheapest for p in self.plans]
        self.others = [min(cheapest[:s] + cheapest[s + 1:], default=NO_PLAY) for s in range(len(cheapest))]


def _sight(table: Table, f: Facts, order: CardOrder, counts: list[int], lay: int, committed: int) -> _Sight:
    seat = table.to_move
    hand = table.hands[seat]
    deck = len(table.deck)
    plays = plays_left(deck, f.players, len(hand), f.play_on)
    mine = table.expeditions[f.side_of[seat]]
    n = f.n_suits
    sight = _Sight(
        f=f, unseen=max(1, sum(counts)), reach=deck if f.play_on else max(0, plays - 1), after=max(0, plays - 1),
        laid=[Laid(sum(f.value[c] for c in e), len(e), sum(f.investment[c] for c in e), top_number(f, e) if e else 0)
              for e in mine],
        numbers=[sorted({f.value[c] for c in hand if f.suit[c] == s and f.value[c] and lay >> c & 1}) for s in range(n)],
        investments=[sum(1 for c in hand if f.suit[c] == s and f.investment[c] and lay >> c & 1) for s in range(n)],
        arrivals=[[f.value[c] for c in order.numbers_up_to[s] if counts[c] > 0 and lay >> c & 1] for s in range(n)],
        started=[bool(mine[s]) or bool(committed >> s & 1) for s in range(n)])
    sight.settle()
    return sight


def counting_action(table: Table, allowed: int | None = None, committed: int = 0, hold: int = 0) -> Action:
    """The counting policy's action for the seat to move (see the module docs). ``allowed``: the
    cards (bit mask of engine card numbers) the seat may lay, default all (the others count as
    dead: a plan that never lays them); ``committed``: a bit mask of suits the seat treats as
    started; ``hold``: cards the seat keeps this turn, neither laid nor discarded, while it values
    them as usual (holding a suit back: what rollouts call waiting); when it holds every card in
    hand, it discards the cheapest of them."""
    spec = table.spec
    f = facts_for(spec)
    order = card_order(spec)
    seat = table.to_move
    side = f.side_of[seat]
    hand = table.hands[seat]
    lay = table.open[side] if allowed is None else table.open[side] & allowed
    counts = unseen_counts(table, seat)
    sight = _sight(table, f, order, counts, lay, committed)
    last = sight.after == 0
    deck = len(table.deck)
    best: tuple[int, int, int] | None = None  # (worth, kind, card)

    def offer(worth: int, kind: int, card: int) -> None:
        nonlocal best
        if best is None or worth > best[0]:
            best = (worth, kind, card)

    ordered = order_of(order, set(hand))
    for s in range(f.n_suits):  # rule 3: the plays
        mine = [c for c in ordered if f.suit[c] == s and lay >> c & 1 and not hold >> c & 1]
        laid = sight.laid[s]
        investment = next((c for c in mine if f.investment[c]), -1)
        if investment >= 0:
            after = Laid(laid.numbers, laid.cards + 1, laid.investments + 1, laid.top)
            offer(_exact(table, f, side, investment) if last
                  else sight.worth(s, sight.plan(s, after, investments=sight.investments[s] - 1)), PLAY, investment)
        numbers = [c for c in mine if f.value[c]]
        if numbers and last:
            offer(_exact(table, f, side, numbers[-1]), PLAY, numbers[-1])
        elif numbers:
            low = numbers[0]
            v = f.value[low]
            after = Laid(laid.numbers + v, laid.cards + 1, laid.investments, v)
            offer(sight.worth(s, sight.plan(s, after, [x for x in sight.numbers[s] if x > v], 0)), PLAY, low)
    free = [c for c in ordered if not hold >> c & 1] or ordered
    feed_unit = 5 * sight.unseen * SCALE * sight.unseen  # twentieths of a point in the units of ``worth``
    unchanged = 0 if last else sight.worth(0, sight.plans[0])
    for c in free:  # rule 3: the discards
        s = f.suit[c]
        if last:
            worth = -_feed(table, f, c, side) if deck > 1 else 0
        else:
            worth = sight.worth(s, sight.without(s, c)) if lay >> c & 1 else unchanged
            worth -= _feed(table, f, c, side) * feed_unit
        offer(worth, DISCARD, c)
    assert best is not None
    _, kind, card = best
    return (kind, card, _draw(table, f, order, counts, sight, lay, kind, card))


def order_of(order: CardOrder, cards: list[int] | set[int]) -> list[int]:
    """``cards`` in the fixed order (see the module docs)."""
    return sorted(cards, key=order.key.__getitem__)


def _exact(table: Table, f: Facts, side: int, card: int) -> int:
    """Rule 3 on the last play: what laying ``card`` adds to the score now, in twentieths of a point."""
    s = f.suit[card]
    before = table.expedition_score(side, s)
    table.expeditions[side][s].append(card)
    after = table.expedition_score(side, s)
    table.expeditions[side][s].pop()
    return SCALE * (after - before)


def _between(f: Facts, order: CardOrder, counts: list[int], lay: int, suit: int, low: int, high: int) -> int:
    """How many unseen numbers of ``suit`` that ``lay`` allows have ``low < value < high``."""
    return sum(counts[c] for c in order.numbers_up_to[suit] if low < f.value[c] < high and counts[c] > 0 and lay >> c & 1)


def _draw(table: Table, f: Facts, order: CardOrder, counts: list[int], sight: _Sight, lay: int, kind: int,
          card: int) -> int:
    """Rules 4 and 5: where to draw from after laying or discarding ``card``."""
    deck = len(table.deck)
    if not deck:
        return NO_DRAW
    if not f.piles or extra_turns(table.turns, deck, f.initial_deck) >= f.extra_allowance:
        return DECK
    played = f.suit[card] if kind == PLAY else -1
    after = lay & ~f.closes[card] if kind == PLAY else lay
    started = [sight.started[s] or s == played for s in range(f.n_suits)]
    source, best = DECK, 0
    for p, pile in enumerate(table.piles):  # rule 4
        if not pile or (kind == DISCARD and p == f.suit[card]):
            continue
        t = pile[-1]
        v = f.value[t]
        if v and after >> t & 1 and started[p]:
            top = f.value[card] if p == played else sight.laid[p].top
            between = _between(f, order, counts, after, p, top, v)
            score = FIT + v - 10 * between
            if between <= 1 and score > best:
                source, best = p, score
    if source != DECK or not 0 < sight.after <= PROLONG or deck < 2:
        return source
    hand = table.hands[table.to_move]
    waiting = len({c for c in hand if c != card and f.value[c] and after >> c & 1 and started[f.suit[c]]})
    stalls = kind == DISCARD and f.spec.stall_limit and table.stall + 1 >= f.spec.stall_limit
    if waiting > sight.after and not stalls:  # rule 5
        for p, pile in enumerate(table.piles):
            if pile and f.value[pile[-1]] and not (kind == DISCARD and p == f.suit[card]):
                return p
    return source


def counting_policy(table: Table, rng: random.Random) -> Action:
    """The counting policy (see the module docs) for the seat to move; it draws no random numbers."""
    return counting_action(table)


@dataclass(frozen=True)
class CountingPolicy:
    """The counting policy with a plan per seat: ``allowed[seat]`` the cards (bit mask of engine card
    numbers) that seat may lay (``None``: all), ``committed[seat]`` a bit mask of suits it treats as
    started. Seats beyond the tuples play freely. Picklable, for rollouts on other processes."""

    allowed: tuple[int | None, ...] = ()
    committed: tuple[int, ...] = field(default=())

    def __call__(self, table: Table, rng: random.Random) -> Action:
        seat = table.to_move
        allowed = self.allowed[seat] if seat < len(self.allowed) else None
        committed = self.committed[seat] if seat < len(self.committed) else 0
        return counting_action(table, allowed, committed)


class Counting(SeededBot):
    """The counting policy as a bot (for tournaments): it plays from the seat's observation alone."""

    name = "Counting"

    def decide(self, observation: Observation) -> Move:
        return counting_move(observation, self.rng)


def counting_move(observation: Observation, rng: random.Random) -> Move:
    """The counting policy's move for the observing seat, on any table consistent with what it sees
    (``rng`` samples the hidden cards: the policy reads only what the seat may know)."""
    table = observation.sample_table(rng)
    return move_of(table.spec, counting_action(table))
