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
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from ..cards import Card, parse_cards
from ..errors import AnalysisError
from ..rules import Rules
from ..scoring import expedition_points
from ..words import card_words, suit_mark
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
    scores, cards = ceiling_scores(situation, rules, investments, law.cards, law.sets)
    return scores, cards, law.chances


def ceiling_scores(situation: SuitSituation, rules: Rules, investments: int, arriving: tuple[int, ...],
                   sets: IntArray) -> tuple[IntArray, IntArray]:
    """The expedition's final score and card count for each set of arriving cards (``sets[i]`` has
    bit ``j`` set when card ``j`` of ``arriving`` arrives: 0 for an investment, else its value), when
    everything held or arriving is laid, as if in order (see the module's assumptions)."""
    values = np.full(sets.size, _value_bits(situation.held_numbers), dtype=np.int64)
    arrived_investments = np.zeros(sets.size, dtype=np.int64)
    for j, card in enumerate(arriving):
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
    return points(rules, numbers_total, final_investments, cards), cards


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


OPTIONS = ("lay", "invest", "wait", "never")
"""What a player can do with a suit now, in every model: lay its lowest live number now, lay
investments now (those in hand), wait (lay nothing of it this turn: for a lower card or an
investment to come, valued with no investment laid beyond those in hand), never lay (more of) it."""


def option_text(situation: SuitSituation, option: str, *, card: str = "", investments: int = 0) -> str:
    """An option in words with suit symbols, the same in every model: ``start: lay 9♠ now``, ``invest
    now: K♥ (1 investment)``, ``wait: lay no ♠ this turn``, ``never start ♠`` (``lay no more ♠`` once
    started). ``card`` is the card(s) laid now, in the notation (``KH``, ``JH QH``)."""
    suit = suit_mark(situation.suit)
    cards = " ".join(card_words(c) for c in parse_cards(card))
    if option == "lay":
        return f"{'go on' if situation.started else 'start'}: lay {cards} now"
    if option == "invest":
        return f"invest now: {cards} ({investments} investment{'s' if investments != 1 else ''})"
    if option == "wait":
        return f"wait: lay no {suit} this turn"
    return f"lay no more {suit}" if situation.started else f"never start {suit}"


def current_score(situation: SuitSituation, rules: Rules) -> int:
    """What the expedition scores as it stands (0 when it holds no card)."""
    if not situation.laid_cards:
        return 0
    return expedition_points(sum(situation.laid_numbers), situation.laid_investments, situation.laid_cards, rules)


def after_laying(situation: SuitSituation, value: int) -> SuitSituation:
    """The suit once the number ``value`` (held) is laid now: every card below it and every
    investment is closed, and one play is used."""
    out = situation.outlook
    return replace(situation, laid_numbers=(*situation.laid_numbers, value),
                   held_numbers=tuple(v for v in situation.held_numbers if v > value), held_investments=0,
                   unseen_numbers=tuple(v for v in situation.unseen_numbers if v > value), unseen_investments=0,
                   outlook=replace(out, plays=max(0, out.plays - 1)))


def after_waiting(situation: SuitSituation) -> SuitSituation:
    """The suit when nothing of it is laid this turn: one play fewer for it, the same cards to come."""
    return replace(situation, outlook=replace(situation.outlook, plays=max(0, situation.outlook.plays - 1)))


def exact_options(situation: SuitSituation, rules: Rules, lay: Card | None, investments_held: Sequence[Card]) -> list[ExpeditionValue]:
    """Model 1 for every option of one suit (``OPTIONS``): ``lay`` the card laid now (``None``: none
    may go down), ``investments_held`` the investments in hand that may go down. The ceiling of what
    each option leaves: lay closes the cards below the card; invest counts exactly the investments
    laid now and every number that comes; wait counts every card that comes, with no investment
    beyond those already laid (its cards are assumed to arrive as counted, in order). Lay and invest
    rows carry their difference from waiting (``against_wait``), exact."""
    never = current_score(situation, rules)
    rows = []

    def row(option: str, source: SuitSituation, investments: int, card: str = "",
            wait: ExpeditionValue | None = None) -> ExpeditionValue:
        base = exact_value(source, rules, investments)
        return ExpeditionValue(model="exact", suit=situation.suit, investments=investments,
                               decision=option_text(situation, option, card=card, investments=investments),
                               value=base.value, gain=Estimate.exact(base.value.value - never),
                               bonus_chance=base.bonus_chance, distribution=base.distribution,
                               numbers_seen=base.numbers_seen, option=option, card=card,
                               against_wait=None if wait is None else Estimate.exact(base.value.value - wait.value.value))

    waiting = row("wait", after_waiting(situation), situation.laid_investments)
    if lay is not None:
        rows.append(row("lay", after_laying(situation, lay.value), situation.laid_investments, str(lay), waiting))
    for m in range(1, len(investments_held) + 1):
        if situation.outlook.plays > m:
            rows.append(row("invest", situation, situation.laid_investments + m, " ".join(map(str, investments_held[:m])),
                            waiting))
    rows.append(waiting)
    laid_cards = situation.laid_cards
    rows.append(ExpeditionValue(model="exact", suit=situation.suit, investments=situation.laid_investments,
                                decision=option_text(situation, "never"), value=Estimate.exact(never), gain=Estimate.exact(0.0),
                                bonus_chance=Estimate.exact(float(laid_cards >= rules.bonus_at)),
                                distribution=((never, 1.0),), option="never"))
    return rows


def decision_text(situation: SuitSituation, investments: int) -> str:
    """The decision a row values: ``start ♥``, ``start ♥, 2 investments``, ``go on with ♥``, or
    ``start ♥, 2 investments (1 of them not in hand: it must still come)`` when some are not held."""
    verb = "go on with" if situation.started else "start"
    text = f"{verb} {suit_mark(situation.suit)}"
    if investments > situation.laid_investments:
        text += f", {investments} investment{'s' if investments != 1 else ''}"
        missing = investments - situation.laid_investments - situation.held_investments
        if missing > 0:
            text += f" ({missing} of them not in hand: {'it' if missing == 1 else 'they'} must still come)"
    return text


def numbers_line(rules: Rules) -> tuple[float, float]:
    """The tip's rule of thumb at the start of a round, for the seat that moves first: the
    expected total of one suit's numbers that reach your hand in time is ``intercept + slope × H``
    for ``H`` the total of that suit's numbers you hold. Exact under the model's assumptions."""
    start = observation_for(rules.deck[: rules.hand_size], rules)  # any hand: the count does not depend on it
    chance = outlook_of(start).arrival_chance
    suit_total = sum(rules.numbers) + sum(rules.extra_copies)
    return suit_total * chance, 1 - chance
