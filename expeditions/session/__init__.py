"""A game in progress for a person: the match, who sits where, whose turn, undo, messages, save and load.

A ``Session`` is what a card table shows and what its clicks change, below any widget: pure Python, tested with
pytest alone. You sit at ``seat`` (0); bots of the chosen ``level`` sit everywhere else (with four players: your
partner opposite, the opponents left and right). The session decides nothing about legality: every move goes to
the engine (``Match.play``, the one judge), and a refused gesture is put into words with the engine's own reason
and the rule document's quote. ``LessonSession`` is a session that hosts the tutorial's lessons.

Its rooms: ``game`` (the match, your seat, the selection, undo, the rounds), ``gestures`` (select, lay, draw,
pass, type a move), ``turns`` (the bots' turns and the jobs that compute slow work), ``help`` (hints and
reviews), ``records`` (save and load), ``table`` and ``view`` (what the table shows, as frozen values), ``games``
(each finished game kept in your games, and the "Your games" panel), ``replay`` (a kept game reopened move by move),
``host`` (who runs the table beside the engine) and ``lesson`` (the lessons' host); beside the card table's session,
``explorer`` is the what-if explorer's (a position typed in, valued by the models and asked the questions). Who is
called what (``SideWords``) and how a move is said (``move_words``) are the core's words (``expeditions.words``),
which every screen shares.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..words import card_words, move_words, suit_mark, symbolize
from .game import COLOURS, Job
from .help import HINT_LINES
from .records import RECORD_KEY
from .session import Session
from .view import TableView

if TYPE_CHECKING:
    from .lesson import LessonSession


def __getattr__(name: str) -> Any:
    """``LessonSession`` is imported when first asked for: the lessons bring the analysis (numpy) with them."""
    if name == "LessonSession":
        from .lesson import LessonSession

        return LessonSession
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["COLOURS", "HINT_LINES", "RECORD_KEY", "Job", "LessonSession", "Session", "TableView", "card_words",
           "move_words", "suit_mark", "symbolize"]
