"""The first rules of the counting policy (2026-11-30: plain rules of thumb, no look-ahead), kept here
only as a yardstick for ``counting_strength.py``: the rules themselves are described in that day's
``benchmarks/RESULTS.md`` section and in the history of ``expeditions/bots/counting.py``."""

from __future__ import annotations

from dataclasses import dataclass

from expeditions.bots.base import SeededBot
from expeditions.bots.counting import CardOrder, card_order
from expeditions.bots.policies import Facts, extra_turns, facts_for, plays_left, top_number, unseen_counts
from expeditions.engine import DECK, DISCARD, NO_DRAW, PLAY, Action, Table, move_of
from expeditions.moves import Move
from expeditions.observation import Observation

# The rules' numbers (points, or ranks of a rule), set by hand and checked by playing against the other bots.
CONTINUE_GAP = 3
"""Rule 5: a started suit goes on over a gap when the unseen cards it skips are worth at most the
cheapest discard plus this many points."""
INVEST_HELD = 4
"""Rule 2: numbers held in a suit (points) that let it take its first investment ..."""
INVEST_STEP = 5
"""... and each further one."""
START_MARGIN = 4
"""Rules 2 and 3: the promise a suit needs, in points, to be started."""
START_GAP = 5
"""Rule 3: a start waits for lower cards worth more than the cheapest discard plus this many points."""
OWN_STARTED = 30
OWN_SPARE = 5
FEED_STARTED = 5
FEED_INVESTMENT = 10

# Rule tiers: the higher tier wins; within a tier, the lower card (starts: the better promise, up to 99 points).
HURRY, INVEST_MORE, START_INVESTED, START, FREE, CONTINUE = 1000, 900, 800, 700, 600, 400
FIT = 100
"""Rule 7: a pile card that fits scores ``FIT + value - 10 × cards in between``, the best is taken."""


@dataclass
class _Suit:
    """One suit as the seat to move sees it (see the module docs for the words)."""

    top: int = 0
    laid: int = 0
    invested: int = 0
    started: bool = False
    low: int = -1  # the lowest live number held (card), -1 for none
    low_value: int = 0
    held_sum: int = 0
    held_count: int = 0
    investment: int = -1  # the first live investment held (card), -1 for none
    gap_sum: int = 0  # unseen live numbers below the lowest held
    above_sum: int = 0  # unseen live numbers above the lowest held (above the top without one)
    above_count: int = 0
    promise0: int = 0  # × U: the promise without and with one investment
    promise1: int = 0


def _between(f: Facts, order: CardOrder, counts: list[int], lay: int, suit: int, low: int, high: int) -> tuple[int, int]:
    """Count and value of the unseen numbers of ``suit`` that ``lay`` allows, with ``low < value < high``."""
    count = total = 0
    for c in order.numbers_up_to[suit]:
        v = f.value[c]
        if low < v < high and counts[c] > 0 and lay >> c & 1:
            count += counts[c]
            total += v * counts[c]
    return count, total


def _suits(table: Table, f: Facts, order: CardOrder, counts: list[int], lay: int, committed: int,
           unseen: int, reach: int) -> list[_Suit]:
    seat = table.to_move
    side = f.side_of[seat]
    rules = f.spec.rules
    out = [_Suit() for _ in range(f.n_suits)]
    for s, exp in enumerate(table.expeditions[side]):
        info = out[s]
        info.laid = len(exp)
        info.invested = sum(f.investment[c] for c in exp)
        info.top = top_number(f, exp) if exp else 0
        info.started = bool(exp) or bool(committed >> s & 1)
    for c in sorted(set(table.hands[seat]), key=order.key.__getitem__):
        if not lay >> c & 1:
            continue
        info = out[f.suit[c]]
        if f.investment[c]:
            if info.investment < 0:
                info.investment = c
            continue
        info.held_sum += f.value[c]
        info.held_count += 1
        if info.low < 0:
            info.low, info.low_value = c, f.value[c]
    for s, info in enumerate(out):
        floor = info.low_value if info.low >= 0 else info.top
        _, info.gap_sum = _between(f, order, counts, lay, s, info.top, floor) if info.low >= 0 else (0, 0)
        info.above_count, info.above_sum = _between(f, order, counts, lay, s, floor, 1 << 30)
        numbers = info.held_sum * unseen + info.above_sum * reach
        cards = info.held_count * unseen + info.above_count * reach
        cost = rules.cost * unseen
        info.promise0 = numbers - cost + (rules.bonus * unseen if cards >= rules.bonus_at * unseen else 0)
        info.promise1 = 2 * (numbers - cost) + (rules.bonus * unseen if cards + unseen >= rules.bonus_at * unseen else 0)
    return out


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
    deck = len(table.deck)
    plays = plays_left(deck, f.players, len(hand), f.play_on)
    reach = deck if f.play_on else max(0, plays - 1)
    counts = unseen_counts(table, seat)
    unseen = max(1, sum(counts))
    suits = _suits(table, f, order, counts, lay, committed, unseen, reach)
    throw, cheapest = _discard(table, f, order, suits, lay, unseen, hold)
    kind, card = PLAY, _play(f, order, suits, hand, lay, plays, reach, unseen, cheapest, hold)
    if card < 0:
        kind, card = DISCARD, throw
    return (kind, card, _draw(table, f, order, counts, suits, lay, kind, card))


def _play(f: Facts, order: CardOrder, suits: list[_Suit], hand: list[int], lay: int, plays: int, reach: int,
          unseen: int, cheapest: int, hold: int = 0) -> int:
    """Rules 1 to 5: the card to lay (never one of ``hold``), or -1."""
    waiting = sum(s.held_count for s in suits if s.started)
    best, best_tier, best_value = -1, 0, 0

    def offer(tier: int, card: int, value: int) -> None:
        nonlocal best, best_tier, best_value
        if hold >> card & 1:
            return
        if tier > best_tier or (tier == best_tier and value < best_value):
            best, best_tier, best_value = card, tier, value

    if waiting and waiting >= plays:  # rule 1
        drop = waiting - plays
        threshold = 0
        values = sorted(f.value[c] for c in set(hand) if lay >> c & 1 and f.value[c] and suits[f.suit[c]].started)
        for v in f.spec.rules.numbers:
            if sum(1 for x in values if x <= v) <= drop:
                threshold = v
        for s, info in enumerate(suits):
            if info.started:
                kept = [c for c in order.numbers_up_to[s]
                        if c in hand and lay >> c & 1 and not hold >> c & 1 and f.value[c] > threshold]
                if kept:
                    offer(HURRY, kept[0], f.value[kept[0]])
        return best
    for info in suits:
        if info.started:
            if info.top == 0 and info.investment >= 0 and info.held_sum >= INVEST_HELD + INVEST_STEP * info.invested \
                    and plays >= info.held_count + 2:
                offer(INVEST_MORE, info.investment, 0)  # rule 2
            elif info.low >= 0:
                if info.gap_sum == 0:
                    offer(FREE, info.low, info.low_value)  # rule 4
                elif info.gap_sum * reach * (1 + info.invested) <= (cheapest + CONTINUE_GAP) * unseen:
                    offer(CONTINUE, info.low, info.low_value)
        elif info.held_count + waiting < plays:
            if info.investment >= 0 and info.held_sum >= INVEST_HELD and plays >= info.held_count + 3 \
                    and info.promise1 > info.promise0 and info.promise1 > START_MARGIN * unseen:
                offer(START_INVESTED, info.investment, -info.promise1)  # rule 2
            elif info.low >= 0 and info.promise0 > START_MARGIN * unseen \
                    and (info.gap_sum * reach <= (cheapest + START_GAP) * unseen or plays <= info.held_count + 2):
                offer(START, info.low, -info.promise0)  # rule 3
    return best


def _discard(table: Table, f: Facts, order: CardOrder, suits: list[_Suit], lay: int, unseen: int,
             hold: int = 0) -> tuple[int, int]:
    """Rule 6: the card cheapest to lose, and what losing it costs (points); never one of ``hold``
    unless the hand holds nothing else."""
    seat = table.to_move
    side = f.side_of[seat]
    best, cheapest = -1, 0
    hand = set(table.hands[seat])
    free = {c for c in hand if not hold >> c & 1}
    for c in sorted(free or hand, key=order.key.__getitem__):
        s, v = f.suit[c], f.value[c]
        keep = 0
        if lay >> c & 1:
            info = suits[s]
            keep = OWN_STARTED + 2 * v if info.started else OWN_SPARE
        if f.feeds:
            for o in range(f.sides):
                if o != side and table.open[o] >> c & 1:
                    theirs = table.expeditions[o][s]
                    if theirs:
                        keep += v * (1 + sum(f.investment[x] for x in theirs)) + FEED_STARTED if v else FEED_INVESTMENT
                    else:
                        keep += v if v else 2
        if best < 0 or keep < cheapest:
            best, cheapest = c, keep
    return best, cheapest


def _draw(table: Table, f: Facts, order: CardOrder, counts: list[int], suits: list[_Suit], lay: int, kind: int,
          card: int) -> int:
    """Rule 7: where to draw from after laying or discarding ``card``."""
    deck = len(table.deck)
    if not deck:
        return NO_DRAW
    if not f.piles or extra_turns(table.turns, deck, f.initial_deck) >= f.extra_allowance:
        return DECK
    played = f.suit[card] if kind == PLAY else -1
    after = lay & ~f.closes[card] if kind == PLAY else lay
    source, best = DECK, 0
    for p, pile in enumerate(table.piles):
        if not pile or (kind == DISCARD and p == f.suit[card]):
            continue
        t = pile[-1]
        v = f.value[t]
        if v and after >> t & 1 and (suits[p].started or p == played):
            top = f.value[card] if p == played else suits[p].top
            between, _ = _between(f, order, counts, after, p, top, v)
            score = FIT + v - 10 * between
            if between <= 1 and score > best:
                source, best = p, score
    return source


def first_counting_action(table: Table) -> Action:
    """The first rules' action for the seat to move."""
    return counting_action(table)


class FirstCounting(SeededBot):
    """The first counting rules as a bot: it plays from the seat's observation alone."""

    name = "First counting"

    def decide(self, observation: Observation) -> Move:
        table = observation.sample_table(self.rng)
        return move_of(table.spec, counting_action(table))
