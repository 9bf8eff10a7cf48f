"""The errors the package raises: every one is a ``ValueError`` with a message in plain words."""

from __future__ import annotations


class ExpeditionsError(ValueError):
    """Base class of every error this package raises on bad input."""


class CardError(ExpeditionsError):
    """Text that does not name a card, or a card that the rule set does not have."""


class RulesError(ExpeditionsError):
    """An unknown rule set, an unknown override, or a value a rule cannot take."""


class NotationError(ExpeditionsError):
    """Text that is not a move in the move notation."""


class PositionError(ExpeditionsError):
    """A hand-built position that cannot occur: a card twice, a card missing, an expedition out of order."""


class IllegalMove(ExpeditionsError):
    """A move the rules forbid in this position; the position is left unchanged.

    ``rule`` is a short key for the rule that forbids it (``"ascending"``,
    ``"investment-after-number"``, ``"draw-own-discard"``, ...) and ``quote`` the
    rule document's own words for it, when the document has them.
    """

    def __init__(self, message: str, *, rule: str, quote: str = "") -> None:
        super().__init__(message)
        self.rule = rule
        self.quote = quote


class RecordError(ExpeditionsError):
    """A game record that cannot be read or does not replay to what it claims."""


class AnalysisError(ExpeditionsError):
    """An analysis was asked something it cannot answer: a bad hand, suit, model or count."""
