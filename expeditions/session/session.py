"""The session: a game in progress for a person, its rooms put together."""

from __future__ import annotations

from typing import Any, TypeVar

from ..match import Match, match_of
from ..round import Round
from .help import Help
from .records import Records
from .table import Table
from .view import MessageView

S = TypeVar("S", bound="Session")


class Session(Help, Records, Table):
    """A match of any rule set, you at ``seat`` and bots of ``level`` in every other seat.

    ``seed`` fixes the deals and the bots' choices (default: a fresh random one, kept in the record);
    ``levels`` maps opponent names to bot factories (default ``expeditions.advice.LEVELS``); ``rounds``
    shortens or lengthens the match (default: the rule set's); ``colours`` is ``"four"`` or ``"two"``;
    ``game_store`` is where each finished game is kept (``history.GameStore``; default ``GameStore()``: your
    state directory, or what ``EXPEDITIONS_GAMES`` says).
    Start from any round or match (a hand-built ``ex.position(...)``, a loaded record) with ``Session.at``.

    Its rooms: the game and your gestures (``game``, ``gestures``), the bots' turns and the jobs (``turns``),
    hints and reviews (``help``), save and load (``records``), what the table shows (``table``, ``view``), and your
    games (``games``: ``session.your_games``, each finished game kept and the "Your games" panel).
    """

    @classmethod
    def at(cls: type[S], game: Round | Match, *, seat: int = 0, **options: Any) -> S:
        """A session that goes on from ``game``: a match, or a round (a hand-built position, a lesson), which
        becomes the first round of a match. ``options`` are those of ``Session``."""
        session = cls(game.rules, **options)
        session._reset(match_of(game), seat)
        session.message = MessageView(session._welcome())
        return session


__all__ = ["Session"]
