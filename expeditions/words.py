"""The language of the game: cards, suits, moves, seats and sides in the words a person reads.

Everything a person reads is written with suit symbols (``7♥``, "your ♥ expedition") or, in Lost Cities, the
colour names (``yellow 7``); letter notation (``7H``) stays in the typed-move box and the records, and
``symbolize`` reads it only where a person typed it or the engine says it (a refused move's reason). The card
table, the hints and reviews, the lessons, the analysis' answers and the notebooks' HTML all speak with these words:

- ``suit_mark``, ``card_words``, ``cards_words``, ``pile_words``: a suit, a card, cards, a pile;
- ``move_words(move, mood)``: a move in the mood a screen needs ("You laid 3♥ and drew 10♦ from the deck", "lay
  3♥, draw from the deck", "you laid 3♥ on your ♥ expedition", "play 3♥, draw deck");
- ``SideWords``: who sits where, as the person at a seat names the seats and sides ("You", "Opponent", "North";
  "the bot", "the other team"), or by number where nobody in particular is addressed;
- ``count_word``, ``ordinal``, ``plural``: small words for numbers.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from .cards import SUITS, Card, parse_card
from .moves import Move
from .rules import Rules

LETTER_CARD = re.compile(r"\b(?:10|[2-9AJQK])[HSDCYBWGRP]\b")
"""A card in the letter notation of any rule set (``7H``, ``KY``) within a text: what a person never has to
read on screen (the checks of the tables, answers and notebooks look for it)."""

_COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


# --- numbers, suits and cards ----------------------------------------------------------------------
def count_word(n: int) -> str:
    """``three`` for 3 (up to ten), digits above."""
    return _COUNTS[n] if 0 <= n < len(_COUNTS) else str(n)


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``22nd``."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 play``, ``3 plays`` (``many``: the plural when it is not ``word`` + s)."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def suit_mark(suit: str) -> str:
    """How a suit is written for a person: its symbol (♥), or a Lost Cities colour's name (yellow)."""
    s = SUITS[suit]
    return s.symbol if s.symbol != suit else s.name


def card_words(card: Card) -> str:
    """A card as a person reads it: ``7♥``, ``J♠``, or ``yellow 7`` in Lost Cities."""
    s = SUITS[card.suit]
    return card.symbol if s.symbol != card.suit else f"{s.name} {card.rank_text}"


def cards_words(cards: Iterable[Card]) -> str:
    """Cards as a person reads them: ``7♥ 9♠``."""
    return " ".join(card_words(c) for c in cards)


def pile_words(suit: str) -> str:
    """``the ♥ pile``, ``the yellow pile``."""
    return f"the {suit_mark(suit)} pile"


def symbolize(text: str, rules: Rules) -> str:
    """``text`` with every card in letter notation (``7H``, ``KY``) written as a person reads it (``7♥``,
    ``yellow K``): for what a person typed and the engine's reasons, which name cards in letters."""
    suits = "".join(rules.suits)
    pattern = re.compile(rf"(?<![\w♥♠♦♣])(10|[2-9AJQK])([{suits}])(?![\w])")
    return pattern.sub(lambda m: card_words(parse_card(m.group(0))), text)


# --- moves -------------------------------------------------------------------------------------------------
Mood = Literal["past", "advice", "plan", "review", "short", "notation"]
"""How a move is said: ``"past"`` what a seat did, after its name ("West laid 7♥ and drew from the deck");
``"advice"`` what to do, as a hint's line ("lay 7♥, draw from the deck"); ``"plan"`` a move as a hint or a review
describes it, with its expedition ("lay 7♥ on your ♥ expedition and draw from the deck"); ``"review"`` the same of
a move you made ("you laid 7♥ on your ♥ expedition and drew from the deck"); ``"short"`` what you did with the
card alone ("you laid 7♥", "you passed 7♥ 9♠"); ``"notation"`` the notation with suit symbols, for tables ("play
7♥, draw deck")."""

_VERBS = {"play": ("lay", "laid"), "discard": ("discard", "discarded"), "pass": ("pass", "passed")}


def move_words(move: Move, mood: Mood = "past", *, who: str = "", drawn: Card | None = None, taken: Card | None = None,
               own: str = "your") -> str:
    """``move`` in words with suit symbols, in ``mood`` (see ``Mood``). ``who`` names the seat that moved (the
    ``"past"``); ``taken`` is the card a pile draw takes (the pile's top), ``drawn`` the card drawn off the deck when
    the reader may see it; ``own`` whose expedition a card goes on (``"your"``, ``"your team's"``)."""
    cards = cards_words(move.cards)
    if mood == "notation":
        if move.draw is None:
            return f"{move.kind} {cards}"
        return f"{move.kind} {cards}, draw {'deck' if move.draw == 'deck' else 'pile ' + suit_mark(move.draw)}"
    past = mood in ("past", "review", "short")
    verb = _VERBS[move.kind][past]
    if mood == "short":
        return f"you {verb} {cards}"
    if move.kind == "pass":
        if mood == "past":
            return f"{who} passed {cards if who == 'You' else 'two cards'} to {'your' if who == 'You' else 'their'} partner"
        act = f"{verb} {cards} to your partner"
    else:
        act = f"{verb} {card_words(move.card)}"
        if mood in ("plan", "review") and move.kind == "play":
            act += f" on {own} {suit_mark(move.card.suit)} expedition"
        if move.draw is not None:
            act += (", " if mood == "advice" else " and ") + _draw_words(move.draw, past, mood, drawn, taken)
    if mood == "past":
        return f"{who} {act}"
    return f"you {act}" if mood == "review" else act


def _draw_words(draw: str, past: bool, mood: Mood, drawn: Card | None, taken: Card | None) -> str:
    if draw == "deck":
        card = f"{card_words(drawn)} " if drawn is not None and mood == "past" else ""
        return f"{'drew' if past else 'draw'} {card}from the deck"
    take = "took" if past else "take"
    if mood in ("plan", "review"):
        return f"{take} {card_words(taken)} off {pile_words(draw)}" if taken else f"{take} the top of {pile_words(draw)}"
    return f"{take} {card_words(taken) + ' from' if taken else 'from'} {pile_words(draw)}"


# --- seats and sides ---------------------------------------------------------------------------------------
DIRECTIONS = {1: "West", 2: "North", 3: "East"}
"""Four players: you sit South; play goes round to your left (West), your partner (North), then East."""


@dataclass(frozen=True)
class SideWords:
    """The seats and sides of ``rules`` in words, as the person at ``seat`` names them; with ``seat`` ``None``, by
    number (``"seat 1"``, ``"team 0 (seats 0 and 2)"``), for a board nobody in particular looks at."""

    rules: Rules
    seat: int | None = None

    # the table's names: "You", "Opponent", "West" ...
    def seat_name(self, seat: int) -> str:
        """``"You"``, ``"Opponent"``, or with four players ``"West"``, ``"North"`` (your partner), ``"East"``."""
        if self.seat is None:
            return f"seat {seat}"
        if seat == self.seat:
            return "You"
        if self.rules.players == 2:
            return "Opponent"
        if self.rules.players == 4:
            return DIRECTIONS[(seat - self.seat) % 4]
        return f"Seat {seat}"

    def side_name(self, side: int) -> str:
        """A side by its seats: ``"You"``, ``"Opponent"``; with partners ``"You and North"``, ``"West and East"``;
        by number, ``"seat 1"``, ``"team 0 (seats 0 and 2)"`` (``"you"`` in the solitaire)."""
        rules = self.rules
        if self.seat is None:
            if rules.partnerships:
                return f"team {side} (seats {side} and {side + 2})"
            return "you" if rules.players == 1 else f"seat {side}"
        if rules.partnerships:
            seats = [s for s in range(rules.players) if rules.side_of(s) == side]
            if rules.side_of(self.seat) == side:
                return "You and North" if self.seat in seats else "Your team"
            return " and ".join(self.seat_name(s) for s in seats)
        return self.seat_name(side)

    def role(self, seat: int) -> str:
        """``"you"``, ``"partner"`` or ``"opponent"``."""
        if seat == self.seat:
            return "you"
        return "partner" if self.seat is not None and self.rules.partner_of(self.seat) == seat else "opponent"

    def side_role(self, side: int) -> str:
        """``"you"`` for your side, else ``"opponent"``."""
        return "you" if self.seat is not None and side == self.rules.side_of(self.seat) else "opponent"

    # the words of advice, spoken to the seat's side: "you" and "the bot", "your team" and "the other team"
    @property
    def us(self) -> str:
        """Your side: ``"you"``, or ``"your team"`` with partners."""
        return "your team" if self.rules.partnerships else "you"

    @property
    def yours(self) -> str:
        """``"your"``, or ``"your team's"`` with partners."""
        return "your team's" if self.rules.partnerships else "your"

    @property
    def them(self) -> str:
        """The other side: ``"the bot"``, or ``"the other team"`` with partners."""
        return "the other team" if self.rules.partnerships else "the bot"

    @property
    def theirs(self) -> str:
        return f"{self.them}'s"

    def named(self, side: int) -> str:
        """A side as advice names it: ``us`` for the seat's own side, else ``them``."""
        own = self.seat is not None and side == self.rules.side_of(self.seat)
        return self.us if own else self.them


__all__ = ["DIRECTIONS", "LETTER_CARD", "Mood", "SideWords", "card_words", "cards_words", "count_word", "move_words",
           "ordinal", "pile_words", "plural", "suit_mark", "symbolize"]
