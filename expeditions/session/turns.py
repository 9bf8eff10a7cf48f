"""The bots' turns and the table's slow work.

Bots move one at a time (``step_bot``), so that a table can pause between their moves; ``settle`` lets them all
move at once. Slow work (a bot's move, a hint, a review) comes as a ``Job``: its ``compute`` is a pure function that
may run in another thread, and ``finish`` applies its result if the game has not moved on in the meantime.
``autoplay`` lets a bot make your moves through the same gestures, ``play_script`` a list of moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from ..arguments import Seed
from ..bots import Bot, BotFactory
from ..errors import ExpeditionsError
from ..moves import Move
from ..observation import Observation
from .game import Job
from .gestures import Gestures

T = TypeVar("T")


class Turns(Gestures):
    """The bots of a game and the jobs of its table."""

    # --- bots ------------------------------------------------------------------------------------
    def _bot_seed(self, seat: int) -> int:
        return table_seed(self.match.seed, self.match.round_number, self.round.turn, seat)

    def bot(self, seat: int, level: str | None = None) -> Bot:
        """The bot (of ``level``, by default the opponents') that moves for ``seat`` now (its seed follows from the
        match, the round and the turn, so an undone move answered the same way gets the same answers)."""
        return self.levels[level or self.level](self._bot_seed(seat))

    def replaying(self, seat: int) -> Bot:
        """A bot that plays ``seat`` of this round as the table's bots do, turn by turn (the same level, the same
        seeds): the opponent of a replay of the round, such as a review's par."""
        return _TurnSeeded(self.levels[self.level], self.match.seed, self.match.round_number, seat)

    def start_bot_move(self) -> Job[Move] | None:
        """The next bot's move as a job (``None`` when no bot is to move)."""
        if self.job is not None or not self.bots_to_move:
            return None
        seat = self.round.to_move
        assert seat is not None
        bot, observation = self.bot(seat), self.round.observation(seat)
        return self._start(Job("bot", self.version, lambda: bot.choose(observation), self._apply_bot_move,
                               f"{self.seat_name(seat)} is thinking…"))

    def _apply_bot_move(self, move: Move) -> None:
        before = self.match
        seat = before.current.to_move
        assert seat is not None
        self.match = before.play(move)
        self.hint_result = None
        self.version += 1
        words = self._move_words(before.current, move, seat) + "."
        if self.message is not None and self.message.tone == "move":  # your move and the answers to it, together
            words = f"{self.message.text} {words}"
        if self.round.is_over:
            words += " " + self._over_words()
        self.say(words, "move")
        self._after_move()

    def step_bot(self) -> Move | None:
        """Let the next bot make its move (synchronously); returns it, or ``None`` when no bot is to move."""
        job = self.start_bot_move()
        if job is None:
            return None
        moves = len(self.round.moves)
        self.run(job)
        return self.round.moves[moves] if len(self.round.moves) > moves else None

    def settle(self) -> int:
        """Let the bots move until it is your turn or the round is over; returns how many moves they made."""
        made = 0
        while self.step_bot() is not None:
            made += 1
        return made

    # --- jobs ------------------------------------------------------------------------------------
    def _start(self, job: Job[T]) -> Job[T]:
        self.job = job
        return job

    def _current(self, job: Job[Any]) -> bool:
        """Whether ``job`` is still the table's work: not dropped, not cancelled, for the game as it is."""
        return self.job is job and not job.cancelled and job.version == self.version

    def finish(self, job: Job[T], result: T) -> bool:
        """Apply a job's result; the result of a job the table dropped or cancelled, or for a position that has
        changed since, is never applied. True if applied."""
        current = self._current(job)
        if self.job is job:
            self.job = None
        if not current:
            return False
        job.apply(result)
        return True

    def fail(self, job: Job[Any], error: BaseException) -> None:
        """A job raised: say so, and wait (for a bot: Undo, or another opponent, goes on)."""
        current = self._current(job)
        if self.job is job:
            self.job = None
        if not current:
            return
        what = f"{type(error).__name__}: {error}"
        if job.kind == "bot":
            self.stuck = f"The {self.level} bot could not move ({what}). Undo, or choose another opponent, to go on."
            self._refuse(self.stuck)
        else:
            if job.kind == "review" and self.review_result is not None and not self.review_result.complete:
                self.review_result = None  # a review cut short can be asked for again
            self._refuse(f"The {job.kind} failed ({what}).")

    def step(self, job: Job[T], partial: T) -> bool:
        """Show a partial result of a job that grows (a review so far), if the job is still the table's work and
        the game has not moved on. True if shown."""
        if not self._current(job) or job.show is None:
            return False
        job.show(partial)
        return True

    def run(self, job: Job[T]) -> bool:
        """Run a job here and now, showing each partial result of work that grows (what tests and scripts do; a
        widget runs the work in a thread)."""
        try:
            if job.steps is None:
                result = job.compute()
            else:
                for result in job.steps():
                    self.step(job, result)
        except Exception as e:  # a broken bot or analysis must not freeze the table without a word
            self.fail(job, e)
            return False
        return self.finish(job, result)

    # --- your moves, made for you ------------------------------------------------------------------
    def play_script(self, moves: Sequence[Move | str]) -> int:
        """Make these moves for you, one after the other, the bots answering each and the next round dealt when
        one ends; stops at the first move the rules refuse (the message says why). Returns how many were made."""
        made = 0
        self.settle()
        for move in moves:
            if self.round.is_over and (self.match.is_over or not self.next_round()):
                break
            self.settle()
            if not self.submit(move):
                break
            self.settle()
            made += 1
        return made

    def autoplay(self, level: str | None = None, *, whole_match: bool = True) -> int:
        """Let a bot of ``level`` (default: the opponents' level) make your moves, through the same path as
        your gestures, to the end of the round (or of the match). Returns how many moves it made. A game a bot
        played for you is not yours: it is not kept in your games."""
        name = level or self.level
        if name not in self.levels:
            raise ExpeditionsError(f"there is no opponent {name!r}: choose {', '.join(map(repr, self.levels))}")
        made = 0
        self.your_games.playing.autoplayed = True  # a bot plays your seat: not your game, not kept
        while True:
            self.settle()
            if self.round.is_over:
                if not whole_match or self.match.is_over:
                    return made
                self.next_round()
                continue
            if self.stuck:
                raise ExpeditionsError(self.stuck)
            move = self.bot(self.seat, name).choose(self.round.observation(self.seat))
            if not self.submit(move):
                raise ExpeditionsError(f"the {name} bot chose a move the rules refuse: {self.last_message}")
            made += 1


__all__ = ["Turns"]


def table_seed(match_seed: Seed, round_number: int, turn: int, seat: int) -> int:
    """The seed of the bot that moves for ``seat`` at ``turn`` of a round of a match: the same position of the same
    match always meets the same answer."""
    base = match_seed if isinstance(match_seed, int) else sum(map(ord, str(match_seed)))
    return (base * 1_000_003 + round_number * 10_007 + turn * 101 + seat) % 2**31


class _TurnSeeded:
    """A bot of one level that, like a game's table, takes a fresh seed at every turn (``table_seed``)."""

    def __init__(self, factory: BotFactory, match_seed: Seed, round_number: int, seat: int) -> None:
        self.factory = factory
        self.where = (match_seed, round_number, seat)
        self.name = factory(0).name

    def choose(self, observation: Observation) -> Move:
        match_seed, round_number, seat = self.where
        return self.factory(table_seed(match_seed, round_number, observation.turn, seat)).choose(observation)
