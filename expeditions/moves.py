"""Moves and their text notation.

A turn is one move. The notation, which ``Move.parse`` reads and ``str(move)`` writes:

=============================  ==========================================================
``play 7H, draw deck``          lay 7H on your expedition of hearts, then draw off the deck
``discard 5S, draw pile H``     discard 5S onto the spades pile, then take the top of the hearts pile
``play 7H``                     solitaire, once the deck is empty: play without drawing
``pass 7H 9S``                  four players: hand 7H and 9S face down to your partner
=============================  ==========================================================

Parsing forgives case, a missing comma, ``draw H`` or ``draw ♥`` or ``draw hearts`` for
``draw pile H``, and suit-first cards. ``Move.parse(str(m)) == m`` for every move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import _SYMBOLS, SUITS, Card, parse_card, parse_cards
from .errors import CardError, NotationError

KINDS = ("play", "discard", "pass")
_MOVE = re.compile(r"^\s*(?P<kind>play|discard|pass)\s+(?P<cards>.+?)(?:\s*,?\s*\bdraw\s+(?P<draw>.+?))?\s*$", re.I)
_SUIT_WORDS = {s.name: s.letter for s in SUITS.values()} | {k.lower(): v for k, v in _SYMBOLS.items()} | {k.lower(): k for k in SUITS}
FORMS = "'play 7H, draw deck', 'discard 5S, draw pile H', 'play 7H' (no draw) or 'pass 7H 9S'"


@dataclass(frozen=True)
class Move:
    """One turn: ``kind`` is ``"play"``, ``"discard"`` or ``"pass"``; ``cards`` holds the card
    played or discarded (two for a pass); ``draw`` is ``"deck"``, a suit letter (the top of that
    suit's discard pile), or ``None`` for no draw (a pass, or the solitaire after the deck).
    """

    kind: str
    cards: tuple[Card, ...]
    draw: str | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise NotationError(f"{self.kind!r} is not a kind of move; the kinds are play, discard and pass")
        if self.kind == "pass":
            if len(self.cards) != 2 or self.draw is not None:
                raise NotationError("a pass hands exactly 2 cards to the partner and draws nothing, like 'pass 7H 9S'")
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=lambda c: (c.suit, c.rank))))
        elif len(self.cards) != 1:
            raise NotationError(f"a {self.kind} moves exactly one card, like '{self.kind} 7H, draw deck'")
        if self.draw is not None and self.draw != "deck" and self.draw not in SUITS:
            raise NotationError(f"{self.draw!r} is not a place to draw from: 'deck' or a suit letter for its pile")

    @classmethod
    def play(cls, card: Card | str, draw: str | None = "deck") -> Move:
        return cls("play", (parse_card(card),), _draw_source(draw))

    @classmethod
    def discard(cls, card: Card | str, draw: str | None = "deck") -> Move:
        return cls("discard", (parse_card(card),), _draw_source(draw))

    @classmethod
    def pass_cards(cls, first: Card | str, second: Card | str) -> Move:
        return cls("pass", (parse_card(first), parse_card(second)))

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move in the notation (see the module docs)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{text!r} is not a move: write {FORMS}")
        match = _MOVE.match(text)
        if match is None:
            raise NotationError(f"{text.strip()!r} is not a move: write {FORMS}")
        kind = match["kind"].lower()
        try:
            cards = parse_cards(match["cards"])
        except CardError as e:
            raise NotationError(f"{text.strip()!r} is not a move: {e}") from None
        if kind == "pass" and match["draw"]:
            raise NotationError(f"{text.strip()!r}: a pass draws nothing; write it like 'pass 7H 9S'")
        return cls(kind, cards, _draw_source(match["draw"]))

    @property
    def card(self) -> Card:
        """The card played or discarded (the first of a pass)."""
        return self.cards[0]

    def __str__(self) -> str:
        cards = " ".join(map(str, self.cards))
        if self.draw is None:
            return f"{self.kind} {cards}"
        return f"{self.kind} {cards}, draw {'deck' if self.draw == 'deck' else 'pile ' + self.draw}"

    def __repr__(self) -> str:
        return f"<{self}>"


def _draw_source(text: str | None) -> str | None:
    if text is None:
        return None
    word = re.sub(r"^(?:from\s+)?(?:the\s+)?", "", text.strip().lower())
    word = re.sub(r"^(?:pile\s+)|(?:\s+pile)$", "", word).strip()
    if word in ("deck", "the deck"):
        return "deck"
    letter = _SUIT_WORDS.get(word)
    if letter is None:
        raise NotationError(f"{text.strip()!r} is not a place to draw from: write 'draw deck' or 'draw pile H' "
                            "(a suit letter, symbol or name)")
    return letter
