"""A kept game reopened move by move: every position of its rounds, in the order they were reached."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..arguments import shown
from ..errors import ArgumentError
from ..match import Match
from ..moves import Move
from ..record import loads
from ..round import Round
from .games import StoredGame


@dataclass(frozen=True)
class Step:
    """One position of a game: in round ``round_number`` (1 for the first), after ``turn`` moves of that round (0 for
    its start), reached by ``move`` of ``seat`` (``None`` at the start); ``position`` is the round as it stood then."""

    round_number: int
    turn: int
    move: Move | None
    seat: int | None
    position: Round


def positions(game: StoredGame | Round | Match | str) -> Iterator[Step]:
    """Each position of ``game`` (a kept game, a round, a match, or a record's JSON text), round by round: the start
    of a round, then the position after each of its moves, to its end."""
    if isinstance(game, StoredGame):
        played = game.game()
    elif isinstance(game, str):
        played = loads(game)
    elif isinstance(game, Round | Match):
        played = game
    else:
        raise ArgumentError(f"positions takes a kept game, a Round, a Match or a record's text, got {shown(game)}")
    rounds = played.rounds if isinstance(played, Match) else (played,)
    for number, rnd in enumerate(rounds, start=1):
        position = rnd.undo(len(rnd.moves))
        yield Step(number, 0, None, None, position)
        for turn, move in enumerate(rnd.moves, start=1):
            seat = position.to_move
            position = position.play(move)
            yield Step(number, turn, move, seat, position)


__all__ = ["Step", "positions"]
