"""Cards and their text form.

A card is a rank and a suit. Ranks are ``A`` (1, only in the aces variant), the
numbers ``2`` to ``10``, and the three investment cards ``J``, ``Q``, ``K``
(worth nothing themselves; they multiply the expedition). The standard-deck rule
sets use the suits ``H S D C`` (also written ``♥ ♠ ♦ ♣``); the Lost Cities rule
sets use the colours ``Y B W G R`` and ``P`` (yellow, blue, white, green, red,
purple), whose three wager cards are written ``J Q K`` as well, so every rule set
shares one notation.

Text is rank then suit (``7H``, ``10H``, ``KH``, ``10♥``, ``J♠``, ``AH``); suit then
rank (``H7``, ``SJ``) and ``T`` for ten are read too. A card prints as rank then
suit, so ``parse_card(str(card)) == card``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .arguments import short_text, shown
from .errors import CardError


@dataclass(frozen=True)
class Suit:
    """One suit: its letter, name, symbol for display, and the colour it is printed in."""

    letter: str
    name: str
    symbol: str
    colour: str


SUITS: dict[str, Suit] = {
    s.letter: s
    for s in (
        Suit("H", "hearts", "♥", "#c8102e"),
        Suit("S", "spades", "♠", "#1a1a1a"),
        Suit("D", "diamonds", "♦", "#c8102e"),
        Suit("C", "clubs", "♣", "#1a1a1a"),
        Suit("Y", "yellow", "Y", "#b8860b"),
        Suit("B", "blue", "B", "#1f5fbf"),
        Suit("W", "white", "W", "#6b6b6b"),
        Suit("G", "green", "G", "#2e8b3d"),
        Suit("R", "red", "R", "#c8102e"),
        Suit("P", "purple", "P", "#7b3fa0"),
    )
}
"""Every suit any rule set uses, by letter."""

_SYMBOLS = {"♥": "H", "♡": "H", "♠": "S", "♤": "S", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10, **{str(n): n for n in range(2, 11)}}
INVESTMENT_RANKS = (11, 12, 13)

_RANK = r"10|[2-9AJQKT]"
_SUIT = "[" + "".join(SUITS) + "".join(_SYMBOLS) + "]"
_TOKEN = re.compile(rf"^(?:(?P<r1>{_RANK})(?P<s1>{_SUIT})|(?P<s2>{_SUIT})(?P<r2>{_RANK}))$")
_SEPARATORS = re.compile(r"[\s,;]+")  # one character class repeated: a single pass, nothing to backtrack into
CARDS_TEXT_LIMIT = 4_000
"""The longest text read as a list of cards, in characters: a whole deck of the largest rule set takes about 1,200."""
ACCEPTED = (
    "write a card as its rank then its suit, like 7H, 10H, KH, AH, 10♥ or J♠ "
    "(ranks A, 2-10, J, Q, K; suits H S D C or ♥ ♠ ♦ ♣, and Y B W G R P for Lost Cities)"
)


@dataclass(frozen=True, slots=True)
class Card:
    """A card: ``rank`` 1 (ace) to 10 for the numbers, 11-13 for J, Q, K; ``suit`` a letter of ``SUITS``."""

    rank: int
    suit: str

    def __post_init__(self) -> None:
        if not isinstance(self.suit, str) or self.suit not in SUITS:
            raise CardError(f"{shown(self.suit)} is not a suit; the suits are {' '.join(SUITS)}")
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or not 1 <= self.rank <= 13:
            raise CardError(f"{shown(self.rank)} is not a rank; ranks run from 1 (ace) to 13 (king)")

    @property
    def is_investment(self) -> bool:
        """True for J, Q and K: the investment (wager) cards."""
        return self.rank > 10

    @property
    def value(self) -> int:
        """What the card adds to its expedition's numbers: its rank, or 0 for an investment."""
        return 0 if self.rank > 10 else self.rank

    @property
    def rank_text(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank))

    @property
    def symbol(self) -> str:
        """Rank and suit symbol, like ``7♥``."""
        return self.rank_text + SUITS[self.suit].symbol

    def __str__(self) -> str:
        return self.rank_text + self.suit

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        from .display import card_html

        return card_html(self)


class Cards(tuple[Card, ...]):
    """A tuple of cards that shows itself as card chips in a notebook; equal to the plain tuple."""

    __slots__ = ()

    def __str__(self) -> str:
        return format_cards(self)

    def _repr_html_(self) -> str:
        from .display import cards_html

        return cards_html(self, "no cards")


def parse_card(text: str | Card) -> Card:
    """Read one card from text such as ``7H``, ``10♥``, ``J♠`` or ``AH``."""
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError(f"{shown(text)} is not a card: {ACCEPTED}")
    token = text.strip().upper()
    match = _TOKEN.match(token)
    if match is None:
        raise CardError(f"{shown(text.strip())} is not a card: {ACCEPTED}")
    rank = match["r1"] or match["r2"]
    suit = match["s1"] or match["s2"]
    return Card(_RANKS[rank], _SYMBOLS.get(suit, suit))


def parse_cards(text: str | Card | Iterable[str | Card]) -> Cards:
    """Read several cards: ``"KH QH 4H 7H"`` (spaces or commas between them, at most ``CARDS_TEXT_LIMIT``
    characters in all) or a list of cards or texts."""
    if isinstance(text, Card):
        return Cards((text,))
    if isinstance(text, str):
        short_text(text, CARDS_TEXT_LIMIT, "a list of cards", accepted="give text like '7H 8H KS'", error=CardError)
        tokens: Iterable[str | Card] = [t for t in _SEPARATORS.split(text) if t]
    elif isinstance(text, Iterable) and not isinstance(text, bytes | bytearray | Mapping):
        tokens = text
    else:
        raise CardError(f"{shown(text)} is not a list of cards: give text like '7H 8H KS' or a list of cards")
    return Cards(parse_card(t) for t in tokens)


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as text, separated by spaces: the form ``parse_cards`` reads."""
    return " ".join(str(c) for c in cards)
