"""Cards, suits and moves in the words a person reads.

Everything a person reads is written with suit symbols (``7♥``, ``J♠``) or, in Lost Cities, the colour names
(``yellow 7``); letter notation (``7H``) stays in the typed-move box and the records. The card table, the hints
and reviews, the lessons and the notebooks' HTML all write cards and moves with these words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from .cards import SUITS, Card, parse_card
from .moves import Move
from .rules import Rules

LETTER_CARD = re.compile(r"\b(?:10|[2-9AJQK])[HSDCYBWGRP]\b")
"""A card in the letter notation of any rule set (``7H``, ``KY``) within a text: what a person never has to
read on screen (the checks of the tables, answers and notebooks look for it)."""


def suit_mark(suit: str) -> str:
    """How a suit is written for a person: its symbol (♥), or a Lost Cities colour's name (yellow)."""
    s = SUITS[suit]
    return s.symbol if s.symbol != suit else s.name


def card_words(card: Card) -> str:
    """A card as a person reads it: ``7♥``, ``J♠``, or ``yellow 7`` in Lost Cities."""
    s = SUITS[card.suit]
    return card.symbol if s.symbol != card.suit else f"{s.name} {card.rank_text}"


def cards_words(cards: Sequence[Card]) -> str:
    return " ".join(card_words(c) for c in cards)


def symbolize(text: str, rules: Rules) -> str:
    """``text`` with every card in letter notation (``7H``, ``KY``) written as a person reads it (``7♥``,
    ``yellow K``): for the engine's reasons and the hints' reasons, which name cards in letters."""
    suits = "".join(rules.suits)
    pattern = re.compile(rf"(?<![\w♥♠♦♣])(10|[2-9AJQK])([{suits}])(?![\w])")
    return pattern.sub(lambda m: card_words(parse_card(m.group(0))), text)


def pile_words(suit: str) -> str:
    """``the ♥ pile``, ``the yellow pile``."""
    return f"the {suit_mark(suit)} pile"


def move_words(move: Move, *, who: str = "", drawn: Card | None = None, taken: Card | None = None,
               imperative: bool = False) -> str:
    """A move in words with suit symbols. ``taken`` is the card a pile draw takes (the pile's top), ``drawn``
    the card drawn off the deck when the reader may see it. ``imperative`` gives a hint's wording
    ("lay 7♥, draw from the deck"); otherwise the past tense after ``who`` ("West laid 7♥ and drew ...")."""
    if move.kind == "pass":
        cards = cards_words(move.cards)
        if imperative:
            return f"pass {cards} to your partner"
        return f"{who} passed {cards if who == 'You' else 'two cards'} to {_partner_of(who)}"
    card = card_words(move.card)
    if imperative:
        lay = f"lay {card}" if move.kind == "play" else f"discard {card}"
        if move.draw is None:
            return lay
        took = f"{card_words(taken)} from " if taken else "from "
        draw = "draw from the deck" if move.draw == "deck" else f"take {took}{pile_words(move.draw)}"
        return f"{lay}, {draw}"
    lay = f"{who} laid {card}" if move.kind == "play" else f"{who} discarded {card}"
    if move.draw is None:
        return lay
    if move.draw == "deck":
        return f"{lay} and drew {card_words(drawn) if drawn else 'from the deck'}" + (" from the deck" if drawn else "")
    return f"{lay} and took {card_words(taken) + ' from ' if taken else 'from '}{pile_words(move.draw)}"


def _partner_of(who: str) -> str:
    return "your partner" if who == "You" else "their partner"


__all__ = ["LETTER_CARD", "card_words", "cards_words", "move_words", "pile_words", "suit_mark", "symbolize"]
