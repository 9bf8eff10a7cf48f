"""Scoring: each expedition on its own, then the board.

The rule, as the rules summary (document 001) words it: "Add up its numbers and subtract
20. Multiply by 1 more than the investment cards in it, so ×2, ×3, or ×4. This applies
to a negative score too. Add 20 if the expedition holds 6 cards or more, investment cards
included. This comes after the multiplier." An expedition with no cards scores 0; one of
investment cards only scores −20 times its multiplier. Cost, bonus and the card count for
the bonus come from the rule set.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import SUITS, Card, parse_cards
from .errors import CardError
from .rules import Rules
from .rules import rules as get_rules

CardsLike = str | Card | Iterable[str | Card]


def expedition_points(numbers_total: int, investments: int, cards: int, rules: Rules) -> int:
    """The score of one expedition from its numbers' total, its investment count and its card count."""
    if cards == 0:
        return 0
    points = (numbers_total - rules.cost) * (1 + investments)
    return points + (rules.bonus if cards >= rules.bonus_at else 0)


@dataclass(frozen=True)
class ExpeditionScore:
    """One expedition's score, step by step, as a tutorial shows it."""

    suit: str
    cards: tuple[Card, ...]
    numbers_total: int
    cost: int
    multiplier: int
    bonus: int
    bonus_at: int

    @property
    def before_multiplier(self) -> int:
        return self.numbers_total - self.cost if self.cards else 0

    @property
    def multiplied(self) -> int:
        return self.before_multiplier * self.multiplier

    @property
    def total(self) -> int:
        return self.multiplied + self.bonus

    @property
    def started(self) -> bool:
        return bool(self.cards)

    def __int__(self) -> int:
        return self.total

    def explain(self) -> str:
        """The calculation in words: ``4 + 7 + 9 + 10 = 30, minus 20 = 10, ×3 = 30, 6 cards: +20 = 50``."""
        if not self.cards:
            return "not started: 0"
        numbers = [c.value for c in self.cards if not c.is_investment]
        total = " + ".join(map(str, numbers)) + f" = {self.numbers_total}" if len(numbers) > 1 else str(self.numbers_total)
        parts = [f"{total}, minus {self.cost} = {self.before_multiplier}"]
        if self.multiplier > 1:
            parts.append(f"×{self.multiplier} = {self.multiplied}")
        if self.bonus:
            parts.append(f"{len(self.cards)} cards: +{self.bonus} = {self.total}")
        return ", ".join(parts)

    def __str__(self) -> str:
        return f"{' '.join(map(str, self.cards)) or SUITS[self.suit].name}: {self.explain()}"

    def __repr__(self) -> str:
        return f"<ExpeditionScore {self}>"

    def _repr_html_(self) -> str:
        from .display import expedition_score_html

        return expedition_score_html(self)


@dataclass(frozen=True)
class BoardScore:
    """One side's expeditions scored one by one, and their sum."""

    expeditions: tuple[ExpeditionScore, ...]

    @property
    def total(self) -> int:
        return sum(e.total for e in self.expeditions)

    def __int__(self) -> int:
        return self.total

    def __str__(self) -> str:
        lines = [f"{SUITS[e.suit].name:>8}: {e.total:>4}   {e.explain() if e.started else 'not started'}" for e in self.expeditions]
        return "\n".join(lines + [f"{'total':>8}: {self.total:>4}"])

    def __repr__(self) -> str:
        return f"<BoardScore {self.total}: " + ", ".join(f"{e.suit} {e.total}" for e in self.expeditions) + ">"

    def _repr_html_(self) -> str:
        from .display import board_score_html

        return board_score_html(self)


def breakdown_of(suit: str, cards: tuple[Card, ...], rules: Rules) -> ExpeditionScore:
    """The breakdown of one expedition given as cards of ``suit``, in any order."""
    investments = sum(c.is_investment for c in cards)
    bonus = rules.bonus if len(cards) >= rules.bonus_at else 0
    return ExpeditionScore(suit, cards, sum(c.value for c in cards), rules.cost, 1 + investments, bonus, rules.bonus_at)


def _checked(cards: CardsLike, rules: Rules) -> tuple[Card, ...]:
    """Cards that could lie on one side's expeditions, in laying order within each suit."""
    parsed = parse_cards(cards)
    available = Counter(rules.deck)
    for card, count in Counter(parsed).items():
        if card not in available:
            raise CardError(rules.not_a_card(card))
        if count > 1:
            raise CardError(f"{card} appears {count} times, but an expedition holds each card at most once")
    return tuple(sorted(parsed, key=lambda c: (rules.suits.index(c.suit), c.value)))


def score_breakdown(cards: CardsLike, rules: Rules | str | None = None) -> ExpeditionScore:
    """The score of one expedition, step by step. ``cards`` are of one suit, in any order."""
    r = get_rules(rules) if rules is not None else get_rules()
    ordered = _checked(cards, r)
    suits = {c.suit for c in ordered}
    if len(suits) > 1:
        raise CardError(f"an expedition holds one suit, but these cards are of {len(suits)}: {' '.join(map(str, ordered))}"
                        " (use score_board for a whole board)")
    if not ordered:
        raise CardError("no cards given: name the cards of the expedition, like 'JH 4H 7H'")
    return breakdown_of(ordered[0].suit, ordered, r)


def score_board(cards: CardsLike, rules: Rules | str | None = None) -> BoardScore:
    """The score of one side's expeditions: cards of any suits, grouped by suit."""
    r = get_rules(rules) if rules is not None else get_rules()
    ordered = _checked(cards, r)
    return BoardScore(tuple(breakdown_of(s, tuple(c for c in ordered if c.suit == s), r) for s in r.suits))


def score(cards: CardsLike, rules: Rules | str | None = None) -> int:
    """Points for cards laid on one side's expeditions (one suit or several), like ``score("JS 3S 6S")``."""
    return score_board(cards, rules).total
