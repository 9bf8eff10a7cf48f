"""The cards a seat has not seen, dealt afresh: how Undo takes a move back without showing what is to come.

``reshuffle_unseen(game, seat, rng)`` gives ``game`` (a round, or a match and its current round) with every card
``seat`` has not seen shuffled among the places where it could be: the deck (and, in the solitaire, the cards set
aside), and the cards of the other hands that no move has shown. A card is shown once it is played, discarded or
passed (a pass names its cards), and the seat's own cards are its own; every other card of another hand (dealt to
it, or drawn off the deck) may be any of the unseen cards.

The result starts afresh (a new deck order, or a new hand-built setup) and the same moves replay from it, so the
seat sees the position exactly as before: its hand, the table, what it knows of the other hands, every count. The
record of the round (``ex.dumps``) keeps the moves really made, from the new start: it replays exactly.
"""

from __future__ import annotations

import random
from dataclasses import replace

from .arguments import seat as checked_seat
from .arguments import shown
from .cards import Card
from .engine import SET_ASIDE, dealt_to
from .errors import ArgumentError
from .match import Match
from .round import Round, start_round
from .start import Deal, Setup


class _Places:
    """Every card of a round's start as a numbered place (what the start holds there), and where each place's card
    has gone since: the hands, the deck (top first), the cards set aside and the piles, by place number."""

    def __init__(self, rnd: Round) -> None:
        rules, start = rnd.rules, rnd.start
        self.cards: list[Card] = []
        self.shown: set[int] = set()
        if isinstance(start, Deal):
            self.cards = list(start.deck)
            places = dealt_to(rules, start.starter)
            self.hands: list[list[int]] = [[] for _ in range(rules.players)]
            for place, where in enumerate(places):
                if where != SET_ASIDE:
                    self.hands[where].append(place)
            self.aside = [place for place, where in enumerate(places) if where == SET_ASIDE]
            self.deck = list(range(len(places), len(self.cards)))
            self.piles: list[list[int]] = [[] for _ in rules.suits]
        else:
            self.hands = [self._add(hand) for hand in start.hands]
            self.deck = self._add(start.deck)
            self.aside = self._add(start.set_aside)
            self.piles = [self._add(pile) for pile in start.piles]
            self.shown.update(place for pile in self.piles for place in pile)

    def _add(self, cards: tuple[Card, ...]) -> list[int]:
        first = len(self.cards)
        self.cards.extend(cards)
        return list(range(first, len(self.cards)))

    def _take(self, seat: int, card: Card) -> int:
        """The place of a ``card`` leaving ``seat``'s hand: it is shown from now on."""
        hand = self.hands[seat]
        place = next(p for p in hand if self.cards[p] == card)
        hand.remove(place)
        self.shown.add(place)
        return place

    def follow(self, rnd: Round) -> None:
        """Move the places as the round's moves moved their cards."""
        rules = rnd.rules
        for turn in rnd.history():
            seat, move = turn.seat, turn.move
            if move.kind == "pass":
                partner = rules.partner_of(seat)
                assert partner is not None
                self.hands[partner] += [self._take(seat, card) for card in move.cards]
                continue
            place = self._take(seat, move.card)
            if move.kind == "discard" and not rules.discards_leave_game:
                self.piles[rules.suits.index(move.card.suit)].append(place)
            if move.draw == "deck":
                self.hands[seat].append(self.deck.pop(0))
            elif move.draw is not None:
                self.hands[seat].append(self.piles[rules.suits.index(move.draw)].pop())

    def unseen(self, seat: int) -> list[int]:
        """The places whose card ``seat`` has not seen: in the other hands (never shown), the deck, set aside."""
        others = [p for s, hand in enumerate(self.hands) if s != seat for p in hand if p not in self.shown]
        return others + self.deck + self.aside


def reshuffle_unseen(game: Round | Match, seat: int, rng: random.Random) -> Round | Match:
    """``game`` with the cards ``seat`` has not seen shuffled by ``rng`` among their places (see the module's
    docstring): for a match, its current round."""
    if isinstance(game, Match):
        current = reshuffle_unseen(game.current, seat, rng)
        assert isinstance(current, Round)
        return Match(game.rules, game.seed, game.first_starter, game.decks, game.rounds[:-1] + (current,))
    if not isinstance(game, Round):
        raise ArgumentError(f"reshuffle_unseen takes a Round or a Match, got {shown(game)}")
    if not isinstance(rng, random.Random):
        raise ArgumentError(f"rng is a random.Random that shuffles the unseen cards, got {shown(rng)}")
    checked_seat(seat, game.rules.players)
    places = _Places(game)
    places.follow(game)
    chosen = places.unseen(seat)
    cards = [places.cards[p] for p in chosen]
    rng.shuffle(cards)
    dealt = list(places.cards)
    for place, card in zip(chosen, cards, strict=True):
        dealt[place] = card
    start = game.start
    if isinstance(start, Deal):
        fresh: Deal | Setup = Deal(tuple(dealt), start.starter)
    else:
        sizes = [len(h) for h in start.hands]
        hands, at = [], 0
        for size in sizes:
            hands.append(tuple(dealt[at: at + size]))
            at += size
        deck = tuple(dealt[at: at + len(start.deck)])
        at += len(start.deck)
        fresh = replace(start, hands=tuple(hands), deck=deck, set_aside=tuple(dealt[at: at + len(start.set_aside)]))
    return start_round(game.rules, fresh).play_all(game.moves)


__all__ = ["reshuffle_unseen"]
