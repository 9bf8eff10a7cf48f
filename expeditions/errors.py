"""The errors the package raises: every one is a ``ValueError`` with a message in plain words.

Bad input never gets another exception: every class here derives from ``ExpeditionsError``, itself
a ``ValueError``, and its message says what was wrong and what is accepted. What was refused is left
as it was (a refused move leaves the round unchanged, a refused record loads nothing).
"""

from __future__ import annotations


class ExpeditionsError(ValueError):
    """Base class of every error this package raises on bad input."""


class ArgumentError(ExpeditionsError):
    """An argument of the wrong kind or out of its range: a count below its least value, a seed
    that is neither a number nor a text, something given where an ``Observation`` is expected."""


class SeatError(ArgumentError):
    """A seat or side that the rule set does not have: seats and sides are numbered from 0."""


class CardError(ExpeditionsError):
    """Text that does not name a card, or a card (or suit) that the rule set does not have."""


class RulesError(ExpeditionsError):
    """An unknown rule set, an unknown override, or a value a rule cannot take."""


class NotationError(ExpeditionsError):
    """Text that is not a move in the move notation."""


class PositionError(ExpeditionsError):
    """A hand-built position that cannot occur: a card twice, a card missing, an expedition out of order,
    a hand of a size the rules never leave, a count out of its range."""


class IllegalMove(ExpeditionsError):
    """A move the rules forbid in this position; the position is left unchanged.

    ``rule`` is a short key for the rule that forbids it (``"ascending"``,
    ``"investments"``, ``"draw"``, ...) and ``quote`` the rule document's own words for it,
    when the document has them.
    """

    def __init__(self, message: str, *, rule: str, quote: str = "") -> None:
        super().__init__(message)
        self.rule = rule
        self.quote = quote


class MatchError(ExpeditionsError):
    """A match asked for what it cannot do now: the next round while one is being played, or after
    the match is over."""


class RecordError(ExpeditionsError):
    """A game record that cannot be read or does not replay to what it claims."""


class AnalysisError(ExpeditionsError):
    """An analysis was asked something it cannot answer: a bad hand, suit, model or count."""


class LessonError(ExpeditionsError):
    """A lesson file that cannot be read, or an answer that is not of the form a lesson takes."""


class MessageError(ExpeditionsError):
    """A message from the page (a widget's gesture, a value the page sets) that is not of the form the widget
    takes: an unknown action, a field of the wrong kind or size, a text that cannot be sent back to the page."""
