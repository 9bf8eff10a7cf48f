"""What a bot is, and how a round is played out with bots in the seats.

A bot sees a round only through an ``Observation`` (what its seat may know) and answers with
one of ``observation.legal_moves``. It is deterministic for a given seed: the same seed and the
same observations give the same moves.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar, runtime_checkable

from ..arguments import seed as checked_seed
from ..arguments import shown, whole_number
from ..errors import ArgumentError, ExpeditionsError
from ..moves import Move, Turn
from ..observation import Observation
from ..rules import Rules
from ..start import Start


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` picks a legal move from what one seat may know."""

    name: str

    def choose(self, observation: Observation) -> Move: ...


BotFactory = Callable[[int], Bot]
"""Makes a fresh bot from a seed (tournaments make one per game, so games are independent)."""


class NoMoveToChoose(ExpeditionsError):
    """A bot was asked for a move where its seat has none."""


class SeededBot(ABC):
    """What every level shares: a ``name``, a random source seeded by ``seed``, and ``choose``,
    which refuses an observation without legal moves and otherwise asks ``decide``."""

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(checked_seed(seed))

    def choose(self, observation: Observation) -> Move:
        """One of ``observation.legal_moves``."""
        if not isinstance(observation, Observation):
            raise ArgumentError(f"a bot chooses from an Observation (what its seat may know: round.observation(seat)), "
                                f"got {shown(observation)}")
        if not observation.legal_moves:
            raise NoMoveToChoose("there is no move to choose: the round is over or it is not this seat's turn")
        return self.decide(observation)

    @abstractmethod
    def decide(self, observation: Observation) -> Move:
        """The level's choice among ``observation.legal_moves`` (there is at least one)."""

    def __repr__(self) -> str:
        return f"<{self.name} bot>"


class RandomBot(SeededBot):
    """Random: uniform over the legal moves (identical moves counted once), seeded."""

    name = "Random"

    def decide(self, observation: Observation) -> Move:
        return self.rng.choice(observation.legal_moves)


class RoundLike(Protocol):
    """A round as bots play it out and hints review it: ``expeditions.Round`` is one. (A bot itself
    sees a round only through an ``Observation``.)"""

    @property
    def rules(self) -> Rules: ...

    @property
    def start(self) -> Start: ...

    @property
    def moves(self) -> tuple[Move, ...]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def turn(self) -> int: ...

    @property
    def to_move(self) -> int | None: ...

    def play(self, move: Move) -> RoundLike: ...

    def undo(self, count: int = 1) -> RoundLike: ...

    def history(self) -> Sequence[Turn[RoundLike]]: ...

    def observation(self, seat: int | None = None) -> Observation: ...


R = TypeVar("R", bound=RoundLike)


def play_out(rnd: R, bots: Sequence[Bot], *, max_turns: int = 10_000, until: Callable[[R], bool] | None = None) -> R:
    """Play ``rnd`` to its end with ``bots[seat]`` choosing for every seat; returns the finished round, or
    the round as it stands once ``until(round)`` is true (a position in the middle of a round).

    ``max_turns`` guards against bots that would never end a round under rules without a stall rule.
    """
    if isinstance(bots, str) or not isinstance(bots, Sequence):
        raise ArgumentError(f"bots is a list with one bot per seat, got {shown(bots)}")
    if len(bots) != rnd.rules.players:
        raise ArgumentError(f"the {rnd.rules.name} rules seat {rnd.rules.players} player(s), but {len(bots)} bot(s) were given")
    whole_number(max_turns, "max_turns", least=1)
    while not rnd.is_over and not (until is not None and until(rnd)):
        if rnd.turn >= max_turns:
            raise RuntimeError(f"the round did not end within {max_turns} turns")
        seat = rnd.to_move
        assert seat is not None
        rnd = rnd.play(bots[seat].choose(rnd.observation(seat)))  # type: ignore[assignment]
    return rnd
