"""Heuristic: a card-counting bot that looks one move ahead.

It scores every legal move by what the position after it is worth to its side, suit by suit:

- **what a suit can still bring**: the numbers laid, the numbers in hand that can still go on
  (each value once), and every unseen card above the expedition's top, weighted by the chance
  that it reaches this side in time (the share of the unseen cards that lie in the deck, this
  side's share of the draws, and how many plays are left to lay it). The total, minus the cost,
  is multiplied by the investments laid and those worth laying from hand, and the bonus is added
  by how likely the count reaches it. A suit not yet started counts only if it promises points.
- **time**: a seat gets about (deck ÷ players) more plays; when the cards it means to lay need
  more plays than that, the least valuable ones are given up (the endgame counting of the tips).
- **what a discard feeds**: a card another side can still lay on a started expedition is worth
  about its value (times their multiplier) to them; one they have passed, or of a suit nobody
  plays, is a safe throw.
- **draws**: a card off a pile joins the hand and is denied to the other side; it costs about
  half a deck card (over the round a seat still draws its share of the deck, and the turn it
  adds goes to everyone). A deck card is worth what the unseen cards promise, and at least a
  little: it may open a new suit.
- **passes** (four players): a pass keeps every card in the team, so it is worth the position as
  it stands, less a small cost for the turn; the best pair hands over the cards most worth
  keeping.

It never draws off a pile or passes once the round has run ``policies.extra_allowance`` turns
without a deck draw, so rule sets without a stall rule end. The same scoring serves the Expert:
it picks the candidate moves of the search, plays the rollouts (``heuristic_policy``, which
scores a shorter list of moves: the lowest and highest playable card of each suit, every
discard, and the piles worth taking) and judges where they end (``Scorer.position_value``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from ..engine import DECK, DISCARD, NO_DRAW, PASS, PLAY, Action, Table, action_of, move_of, spec_for, table_of
from ..moves import Move
from ..observation import Observation
from .base import SeededBot
from .policies import Facts, extra_turns, facts_for, plays_left, top_number, unseen_counts

# weights, set by hand and checked by playing variants against each other
UNSTARTED = 0.8  # an unstarted suit's promise counts at this share: it is not committed yet
ARRIVE_ABOVE = 0.8  # a card above every card held in its suit usually arrives in time to be laid
ARRIVE_BELOW = 0.4  # a card below a held card arrives in time less often
INVEST_RISK = 0.35  # each investment multiplies the uncertain part of the projection too
INVEST_HELD = 20  # numbers laid and held in a suit that justify its first investment (the tips) ...
INVEST_STEP = 5  # ... and each further one
FEED_NEXT = 0.95  # chance another side takes a card that fits its expedition with a small gap
FEED_GAP = 0.55  # ... with a larger gap
FEED_UNSTARTED = 0.15  # share of a card's value it is worth to a side that has not started its suit
DENY = 0.5  # share of what a pile card is worth to another side that taking it denies them
DECK_CARD_AT_LEAST = 2.0  # a card off the deck is worth at least this much: it may open a new suit
PASS_COST = 3.0  # a pass (4 players) spends a turn: prefer a move that does not lose more than this


@dataclass(slots=True)
class Sight:
    """What one seat may know, on the engine's integers, for fast scoring."""

    f: Facts
    seat: int
    side: int
    hand: list[int]
    expeditions: list[list[list[int]]]  # per side, per suit
    open: list[int]  # per side: bit mask of the cards it may still lay
    piles: list[list[int]]
    unseen_total: int  # cards this seat cannot place (deck, set aside, hidden in other hands)
    unseen_numbers: list[list[tuple[int, int]]]  # per suit: (value, copies) of the unseen numbers
    deck: int
    turn: int
    known: list[list[int]]  # per seat: cards known to be in that hand


def _unseen_numbers(f: Facts, counts: list[int]) -> list[list[tuple[int, int]]]:
    numbers: list[list[tuple[int, int]]] = [[] for _ in range(f.n_suits)]
    value, suit = f.value, f.suit
    for c, n in enumerate(counts):
        if n > 0 and value[c]:
            numbers[suit[c]].append((value[c], n))
    return numbers


def sight_of(obs: Observation) -> Sight:
    """The integer view of an observation."""
    spec = spec_for(obs.rules)
    f = facts_for(spec)
    ids = spec.index
    seen = table_of(spec, hands=[obs.hand if s == obs.seat else obs.known[s] for s in range(obs.rules.players)],
                    expeditions=obs.expeditions, piles=obs.piles, to_move=obs.seat, end="")
    counts = [0] * len(spec.cards)
    for card in obs.unseen:
        counts[ids[card]] += 1
    return Sight(f=f, seat=obs.seat, side=obs.side, hand=seen.hands[obs.seat], expeditions=seen.expeditions, open=seen.open,
                 piles=seen.piles, unseen_total=len(obs.unseen), unseen_numbers=_unseen_numbers(f, counts),
                 deck=obs.deck_size, turn=obs.turn, known=seen.hands)


def sight_of_table(table: Table, seat: int | None = None) -> Sight:
    """What ``seat`` (default: the seat to move) may know in a full position, the same as
    ``sight_of(observation)``: for policies that play out sampled positions."""
    f = facts_for(table.spec)
    seat = table.to_move if seat is None else seat
    counts = unseen_counts(table, seat)
    hand = table.hands[seat]
    partner = f.spec.partner_of[seat]
    known = [hand if s == seat else table.public[s] + table.via_pass[s] if s == partner else table.public[s]
             for s in range(f.players)]
    hidden = len(table.deck) + len(table.set_aside) + sum(len(table.hands[s]) - len(known[s]) for s in range(f.players) if s != seat)
    return Sight(f=f, seat=seat, side=f.side_of[seat], hand=hand, expeditions=table.expeditions, open=table.open,
                 piles=table.piles, unseen_total=hidden, unseen_numbers=_unseen_numbers(f, counts), deck=len(table.deck),
                 turn=table.turns, known=known)


class SuitPlan(NamedTuple):
    """What one suit is expected to be worth to a side, and the plays that needs."""

    value: float
    plays: float  # cards still to lay: from hand, and the expected arrivals
    worth: tuple[tuple[float, float], ...]  # (points per play, plays) for each planned card or arrival
    arrivals: float  # the points expected from cards still to arrive


NOTHING = SuitPlan(0.0, 0.0, (), 0.0)


class PlanMemo:
    """The suit plans worked out in one search, shared by its many similar positions (make a new one
    for each search: it only grows). A plan depends on the suit's cards laid and held and on its
    arrivals; each distinct list of arrivals gets a number once, so a lookup hashes two short tuples
    and a number instead of the arrivals' chances again."""

    __slots__ = ("arrivals", "plans")

    def __init__(self) -> None:
        self.plans: dict[tuple[tuple[int, ...], tuple[int, ...], int], SuitPlan] = {}
        self.arrivals: dict[tuple[tuple[int, float], ...], int] = {}

    def arrivals_key(self, arriving: tuple[tuple[int, float], ...]) -> int:
        return self.arrivals.setdefault(arriving, len(self.arrivals))


class Scorer:
    """Scores positions and moves from one seat's sight (see the module docs)."""

    def __init__(self, sight: Sight, memo: PlanMemo | None = None) -> None:
        self.s = sight
        f = sight.f
        self.f = f
        side_seats = f.players // f.sides
        self.now = plays_left(sight.deck, f.players, len(sight.hand), f.play_on)
        # chance that a given unseen card reaches this side's hands in time to be laid
        in_deck = sight.deck / max(1, sight.unseen_total)
        self.reach = in_deck * side_seats / f.players * (self.now - 1) / self.now if self.now > 0 else 0.0
        # a suit's plan depends only on its cards laid and held and on its arrivals: positions met
        # in one search share many of them (``memo``)
        memo = PlanMemo() if memo is None else memo
        self._plans = memo.plans
        # each unseen number with the chance that it reaches this side (before timing)
        self.arriving = [tuple((v, min(1.0, self.reach * copies)) for v, copies in suit) for suit in sight.unseen_numbers]
        self._arrivals_keys = [memo.arrivals_key(a) for a in self.arriving]
        self.mine = sight.expeditions[sight.side]
        self.held: list[list[int]] = [[] for _ in range(f.n_suits)]
        for c in sight.hand:
            self.held[f.suit[c]].append(c)
        self.base = [self.plan(s, tuple(self.mine[s]), tuple(sorted(self.held[s]))) for s in range(f.n_suits)]
        self._deck_card = -1.0
        self._after_draw = self._after_no_draw = -1
        self._feeds: dict[int, float] = {}

    # --- a suit, a hand, a position ----------------------------------------------------------
    def plan(self, suit: int, laid: tuple[int, ...], held: tuple[int, ...]) -> SuitPlan:
        key = (laid, held, self._arrivals_keys[suit])
        found = self._plans.get(key)
        if found is None:
            found = self._plans[key] = self._plan(suit, laid, held)
        return found

    def _plan(self, suit: int, laid: tuple[int, ...], held: tuple[int, ...]) -> SuitPlan:
        f = self.f
        value = f.value
        top = top_number(f, laid)
        laid_numbers = 0
        laid_investments = 0
        for c in laid:
            laid_numbers += value[c]
            laid_investments += f.investment[c]
        # card numbers rise with the rank within a suit, and identical cards share one number,
        # so a sorted ``held`` gives its values in order: each value counts once
        numbers: list[int] = []
        held_investments = 0
        for c in held:
            v = value[c]
            if v > top and (not numbers or v != numbers[-1]):
                numbers.append(v)
            elif not v:
                held_investments += 1
        in_hand = laid_numbers + sum(numbers)
        investments = 0
        if top == 0:
            investments = min(held_investments, f.investments - laid_investments, max(0, (in_hand - INVEST_HELD) // INVEST_STEP + 1))
        highest = numbers[-1] if numbers else top
        future = expected = 0.0
        for v, chance in self.arriving[suit]:
            if v > top and v not in numbers:
                chance *= ARRIVE_ABOVE if v > highest else ARRIVE_BELOW
                future += v * chance
                expected += chance
        total = in_hand + future
        count = len(laid) + len(numbers) + expected
        best, best_k = -1e9, 0
        for k in range(investments + 1):
            bonus = min(1.0, max(0.0, (count + k - f.bonus_at + 1.5) / 2))
            points = (total - f.cost) * (1 + laid_investments + k) + f.bonus * bonus - INVEST_RISK * k * future
            if points > best:
                best, best_k = points, k
        multiplier = float(1 + laid_investments + best_k)
        if not laid:
            if best <= 0:
                return NOTHING
            best *= UNSTARTED
            multiplier *= UNSTARTED
        worth = [(v * multiplier, 1.0) for v in numbers]
        if best_k:
            worth += [(max(0.0, total - f.cost), 1.0)] * best_k
        if expected:
            worth.append((future / expected * multiplier, expected))
        return SuitPlan(best, len(numbers) + best_k + expected, tuple(worth), future * multiplier)

    def plans(self, hand: list[int], laid: list[list[int]]) -> list[SuitPlan]:
        by_suit: list[list[int]] = [[] for _ in range(self.f.n_suits)]
        for c in hand:
            by_suit[self.f.suit[c]].append(c)
        return [self.plan(s, tuple(laid[s]), tuple(sorted(by_suit[s]))) for s in range(self.f.n_suits)]

    def position_value(self, hand: list[int], laid: list[list[int]], plays: int) -> float:
        """What this side's expeditions and ``hand`` are expected to bring with ``plays`` plays left."""
        plans = self.plans(hand, laid)
        return sum(p.value for p in plans) - self._overflow(plans, plays)

    def deck_card_worth(self) -> float:
        """What a card off the deck is expected to add now: the arrivals' points per unseen card."""
        if self._deck_card < 0:
            arriving = sum(p.arrivals for p in self.base)
            self._deck_card = max(DECK_CARD_AT_LEAST, arriving / (self.reach * max(1, self.s.unseen_total))) if self.reach > 0 else 0.0
        return self._deck_card

    @staticmethod
    def _overflow(plans: list[SuitPlan], plays: int) -> float:
        """Points given up when the planned cards need more plays than are left: the cheapest go."""
        over = sum(p.plays for p in plans) - plays
        if over <= 0:
            return 0.0
        lost = 0.0
        for points, amount in sorted(w for p in plans for w in p.worth):
            take = min(amount, over)
            lost += points * take
            over -= take
            if over <= 0:
                break
        return lost

    # --- what other sides gain ------------------------------------------------------------------
    def worth_to_others(self, card: int) -> float:
        """About how many points ``card`` is worth to the other sides if it lies on top of its pile."""
        found = self._feeds.get(card)
        if found is None:
            found = self._feeds[card] = self._worth_to_others(card)
        return found

    def _worth_to_others(self, card: int) -> float:
        f, s = self.f, self.s
        suit, v = f.suit[card], f.value[card]
        total = 0.0
        for o in range(f.sides):
            if o == s.side or not s.open[o] >> card & 1:
                continue
            exp = s.expeditions[o][suit]
            if exp:
                if not v:  # an investment, only before their first number
                    total += 4.0
                    continue
                top = top_number(f, exp)
                multiplier = 1 + sum(f.investment[c] for c in exp)
                gap = v - max(top + 1, f.lowest)
                total += v * multiplier * (FEED_NEXT if gap <= 1 else FEED_GAP)
            else:
                interest = sum(1 for seat in range(f.players) if f.side_of[seat] == o for c in s.known[seat] if f.suit[c] == suit)
                total += (v or 3) * (FEED_UNSTARTED + 0.2 * interest)
        return total

    # --- moves -------------------------------------------------------------------------------------
    def plays_after(self, source: int) -> int:
        """Plays left to this seat after its turn. A pile draw spares a deck card, but the turn it adds
        goes to every seat alike, so it counts as a deck draw here."""
        if source == NO_DRAW:
            if self._after_no_draw < 0:
                self._after_no_draw = self._plays_after(NO_DRAW)
            return self._after_no_draw
        if self._after_draw < 0:
            self._after_draw = self._plays_after(DECK)
        return self._after_draw

    def _plays_after(self, source: int) -> int:
        f, s = self.f, self.s
        deck = s.deck - 1 if source != NO_DRAW else 0
        hand = len(s.hand) - (1 if source == NO_DRAW else 0)
        return plays_left(max(0, deck - (f.players - 1)), f.players, hand, f.play_on) if deck > 0 else (hand if f.play_on else 0)

    def may_take_piles(self) -> bool:
        s = self.s
        return extra_turns(s.turn, s.deck, self.f.initial_deck) < self.f.extra_allowance

    def score(self, action: Action) -> float:
        """The move's worth: the position after it, minus what it feeds, plus what it denies."""
        f, s = self.f, self.s
        kind, card, source = action
        plans = self.base[:]
        if kind == PASS:
            return sum(p.value for p in plans) - self._overflow(plans, self.plays_after(DECK)) - PASS_COST
        suit = f.suit[card]
        held = self.held[suit][:]
        held.remove(card)
        laid = (*self.mine[suit], card) if kind == PLAY else tuple(self.mine[suit])
        gain = 0.0
        if source >= 0:
            drawn = s.piles[source][-1]
            other = f.suit[drawn]
            if other == suit:
                held.append(drawn)
            else:
                plans[other] = self.plan(other, tuple(self.mine[other]), tuple(sorted((*self.held[other], drawn))))
            # over the round this side still draws about its share of the deck, less half a card
            gain += DENY * self.worth_to_others(drawn) - self.deck_card_worth() / 2
        if kind == PLAY or (source >= 0 and f.suit[s.piles[source][-1]] == suit) or s.open[s.side] >> card & 1:
            plans[suit] = self.plan(suit, laid, tuple(sorted(held)))
        # else: a card this side can no longer lay leaves the suit's plan as it was
        if kind == DISCARD and f.feeds:
            gain -= self.worth_to_others(card)
        return sum(p.value for p in plans) - self._overflow(plans, self.plays_after(source)) + gain

    def ranked(self, legal: list[Action]) -> list[tuple[float, Action]]:
        """The ``legal`` moves with their scores, best first; pile draws and passes only while the
        round may still stretch (see ``policies.extra_turns``), and of the passes only the best."""
        piles_ok = self.may_take_piles()
        out = []
        passes = []
        for a in legal:
            if a[0] == PASS:
                passes.append(a)
            elif a[2] >= 0 and not piles_ok:
                continue
            else:
                out.append((self.score(a), a))
        if passes and piles_ok:
            out.append((self.score(passes[0]), self.best_pass(passes)))
        if not out:  # nothing but pile draws is left: the round has stretched, take one anyway
            out = [(self.score(a), a) for a in legal]
        out.sort(key=lambda x: -x[0])
        return out

    def quick(self) -> Action:
        """A good move found fast, for rollouts: the lowest and highest playable card of each suit and
        every discard are scored with a deck draw; then the best two try every pile instead."""
        f, s = self.f, self.s
        seat_open = s.open[s.side]
        source = DECK if s.deck else NO_DRAW
        tried: list[tuple[float, Action]] = []
        seen = set()
        for suit in range(f.n_suits):
            playable = [c for c in self.held[suit] if seat_open >> c & 1]
            if playable:
                numbers = [c for c in playable if f.value[c]]
                picks = {c for c in playable if not f.value[c]}
                if numbers:
                    picks |= {min(numbers, key=f.value.__getitem__), max(numbers, key=f.value.__getitem__)}
                for c in picks:
                    tried.append((self.score((PLAY, c, source)), (PLAY, c, source)))
        for c in s.hand:
            if c not in seen:
                seen.add(c)
                tried.append((self.score((DISCARD, c, source)), (DISCARD, c, source)))
        tried.sort(key=lambda x: -x[0])
        best_score, best = tried[0]
        if source == DECK and f.piles and self.may_take_piles():
            # a pile card is worth taking only if this side can lay it or another side wants it
            piles = [p for p, cards in enumerate(s.piles) if cards and (seat_open >> cards[-1] & 1 or self.worth_to_others(cards[-1]) > 0)]
            for _, (kind, card, _) in tried[:2]:
                for pile in piles:
                    if not (kind == DISCARD and pile == f.suit[card]):
                        value = self.score((kind, card, pile))
                        if value > best_score:
                            best_score, best = value, (kind, card, pile)
        return best

    def best_pass(self, passes: list[Action]) -> Action:
        """The pass that hands the partner the two cards most worth keeping (high cards of the team's
        expeditions): the partner can lay them as well, and they are safe from a discard."""
        f, s = self.f, self.s
        lay = s.open[s.side]
        mine = s.expeditions[s.side]

        def keep(c: int) -> float:
            if not lay >> c & 1:
                return -1.0
            return f.value[c] + (10.0 if mine[f.suit[c]] else 0.0)

        return max(passes, key=lambda a: keep(a[1]) + keep(a[2]))


class Heuristic(SeededBot):
    """Heuristic: a card-counting bot of the kind the strongest simple Lost Cities bots are (see
    the module docs). Deterministic: the seed is accepted for the common bot interface."""

    name = "Heuristic"

    def decide(self, observation: Observation) -> Move:
        sight = sight_of(observation)
        spec = sight.f.spec
        best = Scorer(sight).ranked([action_of(spec, m) for m in observation.legal_moves])[0][1]
        return move_of(spec, best)


def heuristic_policy(table: Table, rng: random.Random) -> Action:
    """The Heuristic's judgement as a rollout policy (``Scorer.quick``): for the seat to move, from
    what that seat may know in ``table``."""
    return Scorer(sight_of_table(table)).quick()


class HeuristicPolicy:
    """``heuristic_policy`` with a memory of the suit plans it has worked out, for the many similar
    positions of one search (make a new one for each search: the memory only grows)."""

    def __init__(self) -> None:
        self.memo = PlanMemo()

    def __call__(self, table: Table, rng: random.Random) -> Action:
        return Scorer(sight_of_table(table), self.memo).quick()
