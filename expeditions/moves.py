"""Moves and their text notation.

A turn is one move. The notation, which ``Move.parse`` reads and ``str(move)`` writes:

=============================  ==========================================================
``play 7H, draw deck``          lay 7H on your expedition of hearts, then draw off the deck
``discard 5S, draw pile H``     discard 5S onto the spades pile, then take the top of the hearts pile
``play 7H``                     solitaire, once the deck is empty: play without drawing
``pass 7H 9S``                  four players: hand 7H and 9S face down to your partner
=============================  ==========================================================

Parsing forgives case, a missing comma, ``draw H`` or ``draw ♥`` or ``draw hearts`` for
``draw pile H``, and suit-first cards. ``Move.parse(str(m)) == m`` for every move. A text is read in one
pass over its characters, and a text longer than ``MOVE_TEXT_LIMIT`` characters is refused unread.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Generic, Literal, TypeVar, cast, get_args

from .arguments import short_text, shown
from .cards import _SYMBOLS, SUITS, Card, parse_card, parse_cards
from .errors import CardError, NotationError

MoveKind = Literal["play", "discard", "pass"]
"""The kinds of move: lay a card on an expedition, discard it onto its pile, or pass two cards to the partner."""
Draw = Literal["deck", "H", "S", "D", "C", "Y", "B", "W", "G", "R", "P"]
"""Where a turn draws from: the deck, or the discard pile of a suit (its letter)."""
KINDS: tuple[MoveKind, ...] = get_args(MoveKind)
DRAWS: tuple[Draw, ...] = get_args(Draw)
assert set(DRAWS[1:]) == set(SUITS), "every suit letter is a pile to draw from"

MOVE_TEXT_LIMIT = 200
"""The longest text read as a move, in characters (the longest move of the notation takes about 40)."""
# The word "draw" (not the end of a longer word) and the space after it: a literal that a search finds in one
# pass over the text. What comes before it is the cards, what comes after is where the turn draws from.
_DRAW = re.compile(r"(?<!\w)draw\s", re.I)
_SUIT_WORDS = {s.name: s.letter for s in SUITS.values()} | {k.lower(): v for k, v in _SYMBOLS.items()} | {k.lower(): k for k in SUITS}
FORMS = "'play 7H, draw deck', 'discard 5S, draw pile H', 'play 7H' (no draw) or 'pass 7H 9S'"


@dataclass(frozen=True)
class Move:
    """One turn: ``kind`` is ``"play"``, ``"discard"`` or ``"pass"``; ``cards`` holds the card
    played or discarded (two for a pass); ``draw`` is ``"deck"``, a suit letter (the top of that
    suit's discard pile), or ``None`` for no draw (a pass, or the solitaire after the deck).
    """

    kind: MoveKind
    cards: tuple[Card, ...]
    draw: Draw | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise NotationError(f"{shown(self.kind)} is not a kind of move; the kinds are play, discard and pass")
        if not isinstance(self.cards, tuple) or not all(isinstance(c, Card) for c in self.cards):
            raise NotationError(f"a move's cards are a tuple of Card values (use Move.play('7H') or Move.parse), "
                                f"got {shown(self.cards)}")
        if self.kind == "pass":
            if len(self.cards) != 2 or self.draw is not None:
                raise NotationError("a pass hands exactly 2 cards to the partner and draws nothing, like 'pass 7H 9S'")
            object.__setattr__(self, "cards", tuple(sorted(self.cards, key=lambda c: (c.suit, c.rank))))
        elif len(self.cards) != 1:
            raise NotationError(f"a {self.kind} moves exactly one card, like '{self.kind} 7H, draw deck'")
        if self.draw is not None and (not isinstance(self.draw, str) or self.draw not in DRAWS):
            raise NotationError(f"{shown(self.draw)} is not a place to draw from: 'deck' or a suit letter for its pile")
        # A move is a value used as a key many times a turn (legal moves, the engine's actions): its hash
        # and its text are worked out once. They are left out of pickles (``__reduce__``): a text's
        # hash differs from one process to the next.
        object.__setattr__(self, "_hash", hash((self.kind, self.cards, self.draw)))
        object.__setattr__(self, "_text", _text_of(self.kind, self.cards, self.draw))

    def __hash__(self) -> int:
        return cast(int, self.__dict__["_hash"])

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.kind, self.cards, self.draw))

    @classmethod
    def play(cls, card: Card | str, draw: str | None = "deck") -> Move:
        """Lay ``card`` on its expedition, then draw from ``draw`` (``"deck"``, a suit, or ``None``)."""
        return _made("play", (parse_card(card),), _draw_source(draw))

    @classmethod
    def discard(cls, card: Card | str, draw: str | None = "deck") -> Move:
        """Discard ``card`` onto its pile, then draw from ``draw`` (``"deck"``, a suit, or ``None``)."""
        return _made("discard", (parse_card(card),), _draw_source(draw))

    @classmethod
    def of(cls, kind: str, card: Card | str, draw: str | None = "deck") -> Move:
        """A play (``kind="play"``) or a discard (``kind="discard"``) of ``card``, then a draw from ``draw``."""
        if kind == "play":
            return cls.play(card, draw)
        if kind == "discard":
            return cls.discard(card, draw)
        raise NotationError(f"{shown(kind)} is not a kind of move that lays a card: 'play' or 'discard'")

    @classmethod
    def pass_cards(cls, first: Card | str, second: Card | str) -> Move:
        """Hand ``first`` and ``second`` face down to the partner (four players)."""
        return _made("pass", (parse_card(first), parse_card(second)), None)

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        """Read a move in the notation (see the module docs)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise NotationError(f"{shown(text)} is not a move: write {FORMS}")
        return _parse(text)

    @property
    def card(self) -> Card:
        """The card played or discarded (the first of a pass)."""
        return self.cards[0]

    def __str__(self) -> str:
        return cast(str, self.__dict__["_text"])

    def __repr__(self) -> str:
        return f"<{self}>"


Position = TypeVar("Position", covariant=True)


@dataclass(frozen=True)
class Turn(Generic[Position]):
    """A move as a round's history keeps it: who made it, and from which position. ``number`` counts the
    round's moves (1 for its first), ``seat`` is the seat that moved and ``before`` the position it moved from
    (``Round.history()`` gives one for every move of a round)."""

    number: int
    seat: int
    move: Move
    before: Position = field(repr=False)


def _text_of(kind: str, cards: tuple[Card, ...], draw: str | None) -> str:
    text = f"{kind} {' '.join(map(str, cards))}"
    if draw is None:
        return text
    return f"{text}, draw {'deck' if draw == 'deck' else 'pile ' + draw}"


def _parse(text: str) -> Move:
    """The move a text names; a text over ``MOVE_TEXT_LIMIT`` characters is refused before it is read."""
    return _parse_short(short_text(text, MOVE_TEXT_LIMIT, "a move", accepted=f"write {FORMS}", error=NotationError))


@lru_cache(maxsize=4096)
def _parse_short(text: str) -> Move:
    """The move a text of at most ``MOVE_TEXT_LIMIT`` characters names (texts met again, as a game's moves
    are, are read once): the kind, the first whitespace-separated word; then the cards, up to the word
    ``draw``; then where the turn draws from."""
    words = text.split(None, 1)
    kind = words[0].lower() if words else ""
    if len(words) < 2 or kind not in KINDS:
        raise NotationError(f"{shown(text.strip())} is not a move: write {FORMS}")
    found = _DRAW.search(words[1])
    cards_text, draw = (words[1], None) if found is None else (words[1][: found.start()], words[1][found.end():])
    try:
        cards = parse_cards(cards_text)
    except CardError as e:
        raise NotationError(f"{shown(text.strip())} is not a move: {e}") from None
    if kind == "pass" and draw is not None:
        raise NotationError(f"{shown(text.strip())}: a pass draws nothing; write it like 'pass 7H 9S'")
    return Move(kind, tuple(cards), _draw_source(draw))


@lru_cache(maxsize=4096)
def _made(kind: MoveKind, cards: tuple[Card, ...], draw: Draw | None) -> Move:
    """The move of the constructors (the same object for the same move, as moves are values)."""
    return Move(kind, cards, draw)


def _draw_source(text: str | None) -> Draw | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise NotationError(f"{shown(text)} is not a place to draw from: write 'deck' or a suit letter, symbol or name")
    return _draw_word(short_text(text, MOVE_TEXT_LIMIT, "a place to draw from", error=NotationError,
                                 accepted="write 'deck' or a suit letter, symbol or name"))


@lru_cache(maxsize=256)
def _draw_word(text: str) -> Draw:
    """``deck`` or a pile's suit, from its words: ``from`` and ``the`` before them and ``pile`` before or after
    them are forgiven (``from the hearts pile``, ``pile H``, ``♥``)."""
    words = text.lower().split()
    for filler in ("from", "the"):
        if words[:1] == [filler]:
            words = words[1:]
    if len(words) > 1 and words[0] == "pile":
        words = words[1:]
    if len(words) > 1 and words[-1] == "pile":
        words = words[:-1]
    word = " ".join(words)
    if word in ("deck", "the deck"):
        return "deck"
    letter = _SUIT_WORDS.get(word)
    if letter is None:
        raise NotationError(f"{shown(text.strip())} is not a place to draw from: write 'draw deck' or 'draw pile H' "
                            "(a suit letter, symbol or name)")
    return cast(Draw, letter)
