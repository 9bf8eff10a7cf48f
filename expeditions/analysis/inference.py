"""Who holds the cards you wait for: a simple model of the other hand, from what its owner played.

A player lays each expedition upward and lays low cards first, so a number of a suit below the top
of that player's expedition is a card they passed over: had they held it when they laid the higher
one, they would most likely have laid it first, and now they can no longer lay it, so they throw it
away when they can. The same goes for an investment of a suit where they have laid a number. (What
they discarded is on the piles for everyone to see, but an observation does not say who discarded
which card, so the model reads only their expeditions.) The model, stated plainly:

- every unseen card has a **weight**: ``PASSED_OVER`` for a card the other side passed over (a
  number below the top of their expedition of its suit, or an investment of a suit where they have
  laid a number), 1 for every other unseen card;
- the unknown part of their hand (their cards that you have not seen them take off a pile) is a
  set of ``h`` of the ``U`` unseen cards, each possible set as likely as the product of its cards'
  weights (Fisher's noncentral multivariate hypergeometric law: with every weight 1, every set is
  equally likely, which is the uniform deal the rollouts use);
- the cards not in their hand lie in the deck or set aside, in random order, so one reaches your
  hand in time with chance ``draws_in_time / (U - h)``.

The chances are exact under the model: the chance that a set of cards ``A`` misses their hand is
``e_h(w outside A) / e_h(w)``, with ``e_h`` the elementary symmetric polynomial of degree ``h`` of
the weights.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..engine import fits, top_number
from ..errors import AnalysisError
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from ..words import card_words, suit_mark
from .situation import HandLike, observation_for, outlook_of, situations
from .tables import Cells, TableAnswer, find_row

PASSED_OVER = 0.25
"""The weight of a card the other side passed over, against 1 for any other unseen card."""


def elementary(weights: Sequence[float], degree: int) -> float:
    """``e_degree(weights)``: the sum over every set of ``degree`` weights of their product."""
    e = [1.0] + [0.0] * degree
    for w in weights:
        for k in range(degree, 0, -1):
            e[k] += e[k - 1] * w
    return e[degree]


def passed_over(observation: Observation, card: Card, other: int) -> bool:
    """Whether seat ``other``'s side passed ``card`` over (see the module docs)."""
    rules = observation.rules
    laid = observation.expedition(rules.side_of(other), card.suit)
    return top_number(laid) > 0 and not fits(card, laid)


def opponent_of(observation: Observation) -> int:
    """The other side's seat that moves next after the observing seat."""
    rules = observation.rules
    for step in range(1, rules.players):
        seat = (observation.seat + step) % rules.players
        if rules.side_of(seat) != observation.side:
            return seat
    raise AnalysisError(f"the {rules.name} rules have no other side: there is no opponent's hand to read")


@dataclass(frozen=True)
class HandModel:
    """The model of one other hand: the unseen cards with their weights, the size ``h`` of its
    unknown part and the draws in time of the observing seat."""

    cards: tuple[Card, ...]
    weights: tuple[float, ...]
    unknown: int
    draws_in_time: int

    def chance_none(self, wanted: Iterable[Card]) -> float:
        """The chance that none of ``wanted`` (unseen cards) is in the unknown part of the hand."""
        wanted_count = Counter(wanted)
        rest = []
        for c, w in zip(self.cards, self.weights, strict=True):
            if wanted_count[c] > 0:
                wanted_count[c] -= 1
            else:
                rest.append(w)
        total = elementary(self.weights, self.unknown)
        return elementary(rest, self.unknown) / total if total else 1.0

    def chance_in_hand(self, card: Card) -> float:
        return 1.0 - self.chance_none([card])

    def chance_to_you(self, card: Card) -> float:
        """The chance that ``card`` reaches your hand in time: not in theirs, then among your draws."""
        elsewhere = len(self.cards) - self.unknown
        return (1.0 - self.chance_in_hand(card)) * min(1.0, self.draws_in_time / elsewhere) if elsewhere else 0.0


def hand_model(observation: Observation, other: int | None = None, *, weight: float = PASSED_OVER) -> HandModel:
    """The model of seat ``other``'s hand (default ``opponent_of``) as ``observation.seat`` sees it;
    ``weight=1`` gives the uniform deal."""
    seat = opponent_of(observation) if other is None else other
    cards = tuple(observation.unseen)
    weights = tuple(weight if passed_over(observation, c, seat) else 1.0 for c in cards)
    unknown = observation.hand_sizes[seat] - len(observation.known[seat])
    return HandModel(cards, weights, unknown, outlook_of(observation).draws_in_time)


@dataclass(frozen=True)
class WaitedCard:
    """One card you wait for: the chance it is in the other hand (uniform deal and the model), and
    the chance it reaches you in time (under the model)."""

    card: Card
    passed_over: bool
    uniform: float
    inferred: float
    to_you: float


@dataclass(frozen=True)
class SuitWait:
    """The cards you wait for in one suit: the unseen numbers you could still lay below your lowest
    number of it in hand (all unseen numbers you could lay, if you hold none), and the chance that
    at least one of them is in the other hand."""

    suit: str
    cards: tuple[WaitedCard, ...]
    any_uniform: float
    any_inferred: float


@dataclass(frozen=True, repr=False)
class HoldingChances(TableAnswer):
    """Per suit you play or hold, the cards you wait for and who holds them (see the module docs)."""

    css = "xp-answer-holding"

    rules: Rules
    seat: int
    opponent: int
    unknown: int
    suits: tuple[SuitWait, ...]

    def get(self, suit: str) -> SuitWait:
        return find_row(self.suits, lambda s: s.suit == suit.upper(),
                        f"you wait for no card of {suit!r}: the suits you wait in are {' '.join(s.suit for s in self.suits)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"suit": s.suit, "card": str(c.card), "passed_over": c.passed_over, "uniform": c.uniform,
                 "inferred": c.inferred, "to_you": c.to_you} for s in self.suits for c in s.cards]

    def _cells(self) -> Cells:
        title = (f"The cards seat {self.seat} waits for: in seat {self.opponent}'s hand ({self.unknown} cards you have not "
                 "seen), or still to come to you")
        columns = ["suit", "card", "in their hand (uniform)", "in their hand (model)", "reaches you in time"]
        lines = []
        for s in self.suits:
            for c in s.cards:
                lines.append([suit_mark(s.suit), card_words(c.card) + (" (passed over)" if c.passed_over else ""),
                              f"{c.uniform:.0%}", f"{c.inferred:.0%}", f"{c.to_you:.0%}"])
            lines.append([suit_mark(s.suit), "at least one of them", f"{s.any_uniform:.0%}", f"{s.any_inferred:.0%}", ""])
        notes = [] if self.suits else ["You wait for no card: you hold no number you could lay and have started no suit."]
        notes += [f"Model: a card they passed over (below the top of their expedition, or an investment after their first "
                  f"number) weighs {PASSED_OVER:g} against 1 for any other unseen card; every possible hand is as likely "
                  "as the product of its cards' weights. Uniform: every unseen card alike."]
        return title, columns, lines, notes


def waited_for(observation: Observation) -> dict[str, tuple[Card, ...]]:
    """Per suit you have started or hold a number of: the unseen numbers you could still lay below
    your lowest number of it in hand (every one you could lay, if you hold none)."""
    out = {}
    unseen = observation.unseen
    for suit, s in situations(observation).items():
        if not (s.started or s.held_numbers):
            continue
        low = min(s.held_numbers, default=11)
        cards = tuple(sorted({c for c in unseen if c.suit == suit and not c.is_investment and s.top < c.value < low},
                             key=lambda c: c.value))
        if cards:
            out[suit] = cards
    return out


def holding_chances(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                    opponent: int | None = None, weight: float = PASSED_OVER) -> HoldingChances:
    """The chance that the other side holds the cards you wait for, under the uniform deal and under
    the model of the module docs (cards they passed over weigh ``weight``), beside the chance each
    reaches you in time. Exact under the model (no simulation)."""
    obs = observation_for(what, rules, seat)
    other = opponent_of(obs) if opponent is None else opponent
    model = hand_model(obs, other, weight=weight)
    uniform = hand_model(obs, other, weight=1.0)
    suits = []
    for suit, cards in waited_for(obs).items():
        rows = tuple(WaitedCard(c, passed_over(obs, c, other), uniform.chance_in_hand(c), model.chance_in_hand(c),
                                model.chance_to_you(c)) for c in cards)
        suits.append(SuitWait(suit, rows, 1 - uniform.chance_none(cards), 1 - model.chance_none(cards)))
    return HoldingChances(obs.rules, obs.seat, other, model.unknown, tuple(suits))
