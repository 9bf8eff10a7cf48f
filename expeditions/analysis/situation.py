"""What one seat knows about each suit, in the terms the expected-value models use.

Every model starts from an ``Observation`` (what the seat may know, the same view the bots
get) and reduces it, suit by suit, to a ``SuitSituation``: the cards already laid on the seat's
side, the cards in hand that may still go down, the cards that are still unseen and so may yet
arrive, and an ``Outlook`` of how many plays and useful draws the seat has left.

The outlook counts draws off the deck only: a round then lasts exactly as many more turns as the
deck holds cards (every card taken off a discard pile would add a turn), and the seat's last draw
comes too late to be played. In the solitaire, where play goes on after the deck runs out until
the hand is empty, every draw can still be played. With partners, only the seat's own draws are
counted: what the partner draws, lays or passes is left out, so the team's prospects are
understated.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, parse_cards
from ..engine import fits
from ..errors import CardError
from ..observation import Observation
from ..round import Round, position
from ..rules import Rules
from ..rules import rules as get_rules

HandLike = str | Iterable[str | Card]


@dataclass(frozen=True)
class Outlook:
    """How much of the round is left for one seat, if every draw is off the deck.

    ``plays``: the seat's turns left (the current one included when it is to move);
    ``draws_in_time``: its draws whose card it can still play (all but the last one, except in
    the solitaire); ``unseen``: the cards the seat cannot place (the deck, the unknown part of
    other hands, the cards set aside). Each unseen card reaches the seat's hand in time with
    probability ``draws_in_time / unseen``.
    """

    plays: int
    draws_in_time: int
    unseen: int

    @property
    def arrival_chance(self) -> float:
        """The chance that one given unseen card reaches the hand in time to be played."""
        return self.draws_in_time / self.unseen if self.unseen else 0.0


def outlook_of(observation: Observation) -> Outlook:
    """The seat's plays left and useful draws, counting turns until the deck runs out."""
    rules = observation.rules
    unseen = len(observation.unseen)
    if observation.to_move is None:
        return Outlook(0, 0, unseen)
    deck = observation.deck_size
    if rules.play_on_after_deck:  # the solitaire: one play per card still to come into the hand
        return Outlook(deck + len(observation.hand), deck, unseen)
    before_me = (observation.seat - observation.to_move) % rules.players
    plays = max(0, -(-(deck - before_me) // rules.players))
    return Outlook(plays, max(0, plays - 1), unseen)


@dataclass(frozen=True)
class SuitSituation:
    """One suit as one seat sees it.

    ``laid_numbers`` and ``laid_investments`` are on the seat's side of the table;
    ``held_numbers`` and ``held_investments`` are the cards in hand that may still go down (numbers
    above the highest laid, investments while no number is down); ``unseen_numbers`` and
    ``unseen_investments`` are the cards not yet seen that could still go down. Numbers are card
    values; a number held or unseen twice (the four-player deck) is listed twice.
    """

    suit: str
    laid_numbers: tuple[int, ...]
    laid_investments: int
    held_numbers: tuple[int, ...]
    held_investments: int
    unseen_numbers: tuple[int, ...]
    unseen_investments: int
    dead_held: int
    outlook: Outlook

    @property
    def top(self) -> int:
        """The highest number laid (0 when none)."""
        return max(self.laid_numbers, default=0)

    @property
    def laid_cards(self) -> int:
        return len(self.laid_numbers) + self.laid_investments

    @property
    def started(self) -> bool:
        return self.laid_cards > 0

    @property
    def investments_possible(self) -> tuple[int, ...]:
        """The investment counts this expedition can end with (laid, plus those held or unseen)."""
        if self.laid_numbers:
            return (self.laid_investments,)
        most = self.laid_investments + self.held_investments + self.unseen_investments
        return tuple(range(self.laid_investments, most + 1))

    @property
    def can_start_now(self) -> bool:
        """Whether the seat holds a card it may lay on this expedition now."""
        return bool(self.held_numbers or self.held_investments)


def situations(observation: Observation) -> dict[str, SuitSituation]:
    """Every suit of the rule set, as ``observation.seat`` sees it."""
    rules = observation.rules
    outlook = outlook_of(observation)
    unseen = Counter(observation.unseen)
    out = {}
    for suit in rules.suits:
        laid = observation.expedition(observation.side, suit)
        laid_numbers = tuple(c.value for c in laid if not c.is_investment)
        laid_investments = sum(c.is_investment for c in laid)
        mine = [c for c in observation.hand if c.suit == suit]
        live = [c for c in mine if fits(c, laid)]
        hidden = [c for c in unseen.elements() if c.suit == suit]
        out[suit] = SuitSituation(
            suit=suit,
            laid_numbers=laid_numbers,
            laid_investments=laid_investments,
            held_numbers=tuple(sorted(c.value for c in live if not c.is_investment)),
            held_investments=sum(c.is_investment for c in live),
            unseen_numbers=tuple(sorted(c.value for c in hidden if not c.is_investment and fits(c, laid))),
            unseen_investments=0 if laid_numbers else sum(c.is_investment for c in hidden),
            dead_held=len(mine) - len(live),
            outlook=outlook,
        )
    return out


def lay_now(observation: Observation, situation: SuitSituation) -> Card | None:
    """The card "lay" lays: the lowest number of the suit held that may still go down (``None``)."""
    laid = observation.expedition(observation.side, situation.suit)
    numbers = sorted((c for c in observation.hand if c.suit == situation.suit and not c.is_investment and fits(c, laid)),
                     key=lambda c: c.value)
    return numbers[0] if numbers else None


def investments_in_hand(observation: Observation, situation: SuitSituation) -> tuple[Card, ...]:
    """The investments of the suit held that may still go down (none once a number is laid)."""
    if situation.laid_numbers:
        return ()
    return tuple(c for c in observation.hand if c.suit == situation.suit and c.is_investment)


def checked_hand(hand: HandLike, rules: Rules) -> tuple[Card, ...]:
    """The cards of a hand, checked against the rule set: every card in its deck, no card more
    often than the deck holds it, exactly a hand's worth of cards."""
    cards = parse_cards(hand)
    deck = Counter(rules.deck)
    for card, count in Counter(cards).items():
        if card not in deck:
            raise CardError(rules.not_a_card(card))
        if count > deck[card]:
            times = "once" if deck[card] == 1 else f"{deck[card]} times"
            raise CardError(f"{card} appears {count} times in the hand, but the {rules.name} deck holds it {times}")
    if len(cards) != rules.hand_size:
        many = "too many" if len(cards) > rules.hand_size else "too few"
        raise CardError(f"{many} cards: a hand of the {rules.name} rules holds {rules.hand_size} cards, "
                        f"and {len(cards)} were given ({' '.join(map(str, cards)) or 'none'})")
    return cards


def observation_for(what: HandLike | Round | Observation, rules: Rules | str | None = None,
                    seat: int | None = None) -> Observation:
    """The observation to analyse: given as such, taken from a round (``seat`` or the seat to
    move), or, for a bare hand, the start of a round where the seat holding it moves first."""
    if isinstance(what, Observation):
        return what
    if isinstance(what, Round):
        return what.observation(seat)
    r = get_rules() if rules is None else get_rules(rules)
    hand = checked_hand(what, r)
    start = position(r, hands=[hand] + [None] * (r.players - 1), seed=0)
    return start.observation(0)
