"""Model 1, the exact ceiling: which cards of a suit reach your hand in time, counted exactly.

Assumptions (the model behind the strategy tips):

- every draw from now on is off the deck, so the round lasts as many more turns as the deck holds
  cards, and your last draw comes too late to be played (in the solitaire every draw is played);
- every unseen card (in the deck, in the unknown part of another hand, set aside) is equally
  likely to be any of them, so the suit's unseen cards that reach your hand in time follow the
  hypergeometric law: a given set of ``k`` of the suit's ``K`` unseen cards arrives, and no other,
  with chance ``C(U - K, d - k) / C(U, d)`` for ``U`` unseen cards and ``d`` draws in time;
- the ceiling: every card of the suit that you hold or that reaches you is laid, as if each one
  arrived in the right order. Investments go first, as many as you aim for (``investments``, the
  count on the expedition at the end) and can get; then the numbers, each value once. If you have
  fewer plays left than cards to lay, the highest numbers are kept;
- not starting the expedition scores 0, and the suit's cards take nothing from the other suits.

So the model counts every card you will see, not the ones you will manage to play in order: its
value is an upper bound for any way of playing the suit on deck draws.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..errors import AnalysisError
from ..rules import Rules
from .situation import SuitSituation, observation_for, outlook_of
from .stats import Estimate, ExpeditionValue, FloatArray, IntArray, distribution_of, points

MAX_UNSEEN_CARDS = 20
"""Sets of arriving cards are enumerated: at most 2**20 of them."""


@dataclass(frozen=True)
class Arrivals:
    """Every set of the suit's unseen cards that can reach the hand in time, with its chance.

    Card ``j`` of ``cards`` (0 for an investment, else its value) is in set ``i`` when bit ``j`` of
    ``sets[i]`` is 1.
    """

    cards: tuple[int, ...]
    sets: IntArray
    chances: FloatArray


def arrival_chance_by_count(unseen: int, draws: int, suit_cards: int) -> FloatArray:
    """``chance[k]``: that one given set of ``k`` of the suit's unseen cards, and none of the
    others, reaches the hand (``draws`` of the ``unseen`` cards reach it, all equally likely)."""
    total = math.comb(unseen, draws)
    return np.array([math.comb(unseen - suit_cards, draws - k) / total if draws >= k else 0.0
                     for k in range(suit_cards + 1)], dtype=np.float64)


def arrivals(situation: SuitSituation) -> Arrivals:
    """The hypergeometric law of which unseen cards of the suit reach the hand in time."""
    cards = (0,) * situation.unseen_investments + situation.unseen_numbers
    if len(cards) > MAX_UNSEEN_CARDS:
        raise AnalysisError(f"{len(cards)} unseen cards in one suit are too many to enumerate (at most {MAX_UNSEEN_CARDS})")
    out = situation.outlook
    sets = np.arange(1 << len(cards), dtype=np.int64)
    by_count = arrival_chance_by_count(out.unseen, min(out.draws_in_time, out.unseen), len(cards))
    return Arrivals(cards, sets, by_count[np.bitwise_count(sets)])


def _value_bits(values: tuple[int, ...] | list[int]) -> int:
    bits = 0
    for v in values:
        bits |= 1 << v
    return bits


def ceiling_outcomes(situation: SuitSituation, rules: Rules, investments: int) -> tuple[IntArray, IntArray, FloatArray]:
    """For every set of arriving cards: the expedition's final score, its card count, and the
    set's chance, when everything held or arriving is laid (see the module's assumptions)."""
    check_investments(situation, investments)
    law = arrivals(situation)
    sets = law.sets
    values = np.full(sets.size, _value_bits(situation.held_numbers), dtype=np.int64)
    arrived_investments = np.zeros(sets.size, dtype=np.int64)
    for j, card in enumerate(law.cards):
        here = (sets >> j) & 1
        if card == 0:
            arrived_investments += here
        else:
            values |= here << card
    if situation.laid_numbers:
        new_investments = np.zeros(sets.size, dtype=np.int64)
    else:
        have = situation.laid_investments + situation.held_investments + arrived_investments
        new_investments = np.minimum(have, investments) - situation.laid_investments
    plays = situation.outlook.plays
    new_investments = np.minimum(new_investments, plays)
    room = plays - new_investments
    while True:  # more numbers than plays left: drop the lowest
        over = np.bitwise_count(values) > room
        if not over.any():
            break
        values = np.where(over, values & (values - 1), values)
    numbers_total = np.full(sets.size, sum(situation.laid_numbers), dtype=np.int64)
    for v in range(1, max(rules.numbers) + 1):
        numbers_total += ((values >> v) & 1) * v
    cards = situation.laid_cards + new_investments + np.bitwise_count(values).astype(np.int64)
    final_investments = situation.laid_investments + new_investments
    return points(rules, numbers_total, final_investments, cards), cards, law.chances


def check_investments(situation: SuitSituation, investments: int) -> None:
    possible = situation.investments_possible
    if investments not in possible:
        raise AnalysisError(f"the {situation.suit} expedition cannot end with {investments} investment(s) from here: "
                            f"it can end with {', '.join(map(str, possible))}")


def numbers_seen(situation: SuitSituation) -> float:
    """The expected total of the suit's numbers that are in hand or reach it in time (numbers that
    can still go down only): what you hold, plus each unseen number times its arrival chance."""
    return sum(situation.held_numbers) + sum(situation.unseen_numbers) * situation.outlook.arrival_chance


def exact_value(situation: SuitSituation, rules: Rules, investments: int = 0) -> ExpeditionValue:
    """Model 1 for one suit: the exact expected ceiling score of the expedition, with
    ``investments`` on it at the end (as many as held or arriving allow, up to that count)."""
    scores, cards, chances = ceiling_outcomes(situation, rules, investments)
    mean = float(np.dot(scores, chances))
    bonus = float(np.dot(cards >= rules.bonus_at, chances))
    return ExpeditionValue(
        model="exact",
        suit=situation.suit,
        investments=investments,
        decision=decision_text(situation, investments),
        value=Estimate.exact(mean),
        gain=Estimate.exact(mean),
        bonus_chance=Estimate.exact(bonus),
        distribution=distribution_of(scores, chances),
        numbers_seen=Estimate.exact(numbers_seen(situation)),
    )


def decision_text(situation: SuitSituation, investments: int) -> str:
    """The decision a row values: ``start H``, ``start H, 2 investments``, ``go on with H``, or
    ``start H, 2 investments (waits for 1)`` when some of them are not in hand yet."""
    verb = "go on with" if situation.started else "start"
    text = f"{verb} {situation.suit}"
    if investments > situation.laid_investments:
        text += f", {investments} investment{'s' if investments != 1 else ''}"
        missing = investments - situation.laid_investments - situation.held_investments
        if missing > 0:
            text += f" (waits for {missing})"
    return text


def numbers_line(rules: Rules) -> tuple[float, float]:
    """The tip's rule of thumb at the start of a round, for the seat that moves first: the
    expected total of one suit's numbers that reach your hand in time is ``intercept + slope × H``
    for ``H`` the total of that suit's numbers you hold. Exact under the model's assumptions."""
    start = observation_for(rules.deck[: rules.hand_size], rules)  # any hand: the count does not depend on it
    chance = outlook_of(start).arrival_chance
    suit_total = sum(rules.numbers) + sum(rules.extra_copies)
    return suit_total * chance, 1 - chance
