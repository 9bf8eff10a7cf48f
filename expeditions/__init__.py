"""Expeditions: the standard-deck adaptation of Reiner Knizia's Lost Cities, as a Python engine.

The core (this package's top level) is pure Python and knows nothing of Jupyter:

- ``rules(name, **overrides)`` and ``PRESETS``: the rule sets of the rule documents;
- ``card``, ``cards``: cards from text; ``score``, ``score_breakdown``, ``score_board``: scoring;
- ``deal``, ``position``: start a round; ``Round``: its moves, its end and its scores;
- ``Move``: moves and their notation; ``new_match``, ``Match``: rounds in a row;
- ``Observation``: what one seat may know; ``save``, ``load``, ``loads``: JSON game records.

Bad input raises a subclass of ``ExpeditionsError`` (itself a ``ValueError``) whose message says
what was wrong and what is accepted.

Bots (``expeditions.bots``), analysis (``expeditions.analysis``), advice (``expeditions.advice``) and notebook widgets
(``expeditions.widgets``) are imported on first use.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from .cards import SUITS, Card, Cards, Suit, format_cards, parse_card, parse_cards
from .edition import installed_only
from .errors import (
    AnalysisError,
    ArgumentError,
    CardError,
    ExpeditionsError,
    IllegalMove,
    LessonError,
    MatchError,
    NotationError,
    PositionError,
    RecordError,
    RulesError,
    SeatError,
)
from .match import Match, new_match
from .moves import Move, Turn
from .observation import Observation
from .record import load, loads, save
from .round import Deal, Round, Setup, deal, position, shuffled_deck
from .rules import PRESETS, Example, Rules, rules
from .scoring import BoardScore, ExpeditionScore, score, score_board, score_breakdown

__version__ = "0.1.0"
ENGINE_VERSION = 2
"""Bumped whenever a change to the rules engine would replay a stored record differently.

2: a tied ``expeditionen-short`` game is a shared win (no second round); records of hand-built
positions the rules cannot reach, and records with fields that mean nothing, are refused."""

card = parse_card
cards = parse_cards

__all__ = [
    "PRESETS",
    "SUITS",
    "AnalysisError",
    "ArgumentError",
    "BoardScore",
    "Card",
    "CardError",
    "Cards",
    "Deal",
    "Example",
    "ExpeditionScore",
    "ExpeditionsError",
    "IllegalMove",
    "LessonError",
    "Match",
    "MatchError",
    "Move",
    "NotationError",
    "Observation",
    "PositionError",
    "RecordError",
    "Round",
    "Rules",
    "RulesError",
    "SeatError",
    "Setup",
    "Suit",
    "Turn",
    "card",
    "cards",
    "deal",
    "format_cards",
    "load",
    "loads",
    "new_match",
    "parse_card",
    "parse_cards",
    "position",
    "rules",
    "save",
    "score",
    "score_board",
    "score_breakdown",
    "shuffled_deck",
]

_LAZY = ("bots", "analysis", "advice", "history", "lessons", "session", "widgets")


def __getattr__(name: str) -> ModuleType:
    if name in _LAZY:
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as missing:  # numpy in the edition in the browser: said in words
            raise installed_only(missing, "The analysis (expected values, simulations, the strategy tips)",
                                 "notebooks") from None
    raise AttributeError(f"module 'expeditions' has no attribute {name!r}")
