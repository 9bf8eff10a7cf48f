"""Who runs the table beside the engine: what a gesture may do, how your move is judged, what the panel says.

A ``Session`` asks its ``host`` at the few places where a table can be run another way: the play app's host
(``PlayHost``) lets every gesture through, has the engine judge every move, keeps each match in your games once it
is over and says nothing more; a lesson's host (``session.lesson``) holds the table to the lesson's task, judges a
move by the lesson and says in the lesson's panel why a gesture was refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Protocol

from ..errors import IllegalMove
from ..match import Match
from ..moves import Move
from ..round import Round
from .view import MessageView, TableView

Gesture = Literal["table", "hint", "level", "load"]
"""What a person asks of the table: a gesture on it (a card, its target, a draw, a pass, a typed move), a hint,
another opponent, a record loaded."""


@dataclass(frozen=True)
class Judged:
    """Your move as a host judged it, where not the engine alone: ``after``, the match it leads to when it stands
    (``None``: the table stays where it was); ``message``, what the table says when it does not stand; ``again``
    when the gesture is taken back whole (the card goes back to the hand) rather than only refused."""

    after: Match | None
    message: MessageView | None = None
    again: bool = False


class Host(Protocol):
    """What a session asks beside the engine (see the module docs)."""

    # what a gesture may do
    @property
    def bots_move(self) -> bool:
        """Whether the bots take their turns."""
        ...

    def may(self, gesture: Gesture) -> str | None:
        """Why the table does not take ``gesture`` here (said as a refusal), or ``None``."""
        ...

    def taken(self, message: MessageView | None) -> MessageView | None:
        """The table took a gesture of yours (a card selected or laid, a move made, something undone): what its
        message line shows now (``message``: what it showed)."""
        ...

    # how a move is judged
    def judge(self, before: Match, move: Move) -> Judged | None:
        """Your ``move`` judged here, or ``None`` for the engine to judge it as in any game."""
        ...

    def moved(self, match: Match) -> None:
        """A move stood (yours or a bot's): ``match`` is the game after it."""
        ...

    def finished(self, match: Match) -> Round | Match | None:
        """The game that ``match`` has just finished, to keep in your games (``None`` while it goes on, or when the
        table's games are not kept)."""
        ...

    # what the panel says
    def refused(self, message: MessageView, refusal: IllegalMove | None) -> MessageView:
        """What the table says when it refuses a gesture: ``message`` is the table's own words for it, ``refusal``
        the rule that refuses it, if one does (its reason, rule and quote)."""
        ...

    def turn_words(self) -> tuple[str, str] | None:
        """The turn indicator (who is to move, what to do), or ``None`` for the table's own."""
        ...

    def over_words(self) -> str | None:
        """What the table says once the round is over, or ``None`` for the table's own."""
        ...

    def shown(self, view: TableView) -> TableView:
        """The table's view as this host shows it."""
        ...

    def panel(self) -> dict[str, Any]:
        """More for the table to draw beside its view (a lesson's panel), as plain data."""
        ...


@dataclass(frozen=True)
class PlayHost:
    """The play app's host: every gesture goes through, the engine judges, the table says what it says."""

    @property
    def bots_move(self) -> bool:
        return True

    def may(self, gesture: Gesture) -> str | None:
        return None

    def taken(self, message: MessageView | None) -> MessageView | None:
        return message

    def judge(self, before: Match, move: Move) -> Judged | None:
        return None

    def moved(self, match: Match) -> None:
        return None

    def finished(self, match: Match) -> Round | Match | None:
        """The match, once it is over."""
        return match if match.is_over else None

    def refused(self, message: MessageView, refusal: IllegalMove | None) -> MessageView:
        return message

    def turn_words(self) -> tuple[str, str] | None:
        return None

    def over_words(self) -> str | None:
        return None

    def shown(self, view: TableView) -> TableView:
        return view

    def panel(self) -> dict[str, Any]:
        return {}


__all__ = ["Gesture", "Host", "Judged", "PlayHost"]
