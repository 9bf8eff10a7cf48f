"""The game at the table: the match, your seat, the selection, the undo stack, the messages, and the rounds.

``Game`` holds what the rooms of a session share: the match (``Match``: the engine decides every move), the seat
you sit at, the cards you selected and a half-turn laid but not drawn yet, the match before each of your moves
(what Undo goes back to), the work in progress (a ``Job``), the message line, and your games (``games``: each
finished game kept, and how the one in progress is played). Its gestures are in
``gestures``, its bots and jobs in ``turns``, hints and reviews in ``help``, records in ``records`` and its view in
``table``; ``Session`` puts them together.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

from ..advice import DEFAULT_LEVEL, LEVELS
from ..arguments import shown
from ..bots import BotFactory
from ..cards import Card
from ..errors import ExpeditionsError, IllegalMove
from ..history import GameStore
from ..match import Match, new_match
from ..round import Round
from ..rules import Rules
from ..rules import rules as get_rules
from ..words import SideWords, symbolize
from .games import YourGames
from .host import Host, PlayHost
from .snapshot import Snapshot, snapshot_of
from .view import HintView, MessageView, ReviewView

T = TypeVar("T")

COLOURS = ("four", "two")
"""Deck colours for the standard suits: ``"four"`` (♥ red, ♦ blue, ♣ green, ♠ black) or ``"two"`` (red and black)."""


@dataclass(frozen=True)
class Job(Generic[T]):
    """Work that may take a while: ``compute()`` (pure: safe to run in another thread) gives a result that
    ``Session.finish`` applies, unless the game has moved on since the job started (``version``) or the job was
    cancelled. A table has one job at a time: a job it drops (Undo, New game, a record or a lesson loaded) is
    cancelled, and work that asks ``stop`` (a hint: the analyst's ``cancelled``) stops computing at its next check."""

    kind: str
    version: int
    compute: Callable[[], T]
    apply: Callable[[T], None] = field(repr=False)
    text: str = ""
    steps: Callable[[], Iterator[T]] | None = field(default=None, repr=False)
    """For work that grows (a review): yields partial results, the last one complete, each shown by ``show`` as it
    comes (``Session.step``); a runner that has ``steps`` uses them instead of ``compute``, the same work in one go."""
    show: Callable[[T], None] | None = field(default=None, repr=False)
    stop: threading.Event = field(default_factory=threading.Event, repr=False, compare=False)
    """Set once the job is cancelled; ``compute`` may watch it (``stop.is_set``) to end early."""

    def cancel(self) -> None:
        """The table no longer wants this job: its work may stop, and its result is never applied."""
        self.stop.set()

    @property
    def cancelled(self) -> bool:
        return self.stop.is_set()


class Game:
    """A match of any rule set, you at ``seat`` and bots of ``level`` in every other seat (see ``Session``)."""

    host: Host = PlayHost()
    """Who runs the table beside the engine (``host``): the play app's, unless a lesson runs it."""

    def __init__(self, rules: Rules | str = "expeditions", *, level: str = DEFAULT_LEVEL, seed: int | str | None = None,
                 seat: int = 0, rounds: int | None = None, colours: str = "four",
                 levels: Mapping[str, BotFactory] | None = None, game_store: GameStore | None = None) -> None:
        self.your_games = YourGames(game_store)
        self.levels: dict[str, BotFactory] = dict(LEVELS if levels is None else levels)
        if not self.levels:
            raise ExpeditionsError("there is no opponent to play against: give levels={'name': factory}")
        if level == DEFAULT_LEVEL and levels is not None and level not in self.levels:
            level = next(iter(self.levels))  # custom opponents without a "Normal": the first of them
        if not self._known_level(level):
            raise ExpeditionsError(f"there is no opponent {shown(level)}: choose {', '.join(map(repr, self.levels))}")
        self.level = level
        self.colours = checked_colours(colours)
        base = get_rules(rules)
        match = new_match(get_rules(base, rounds=rounds) if rounds else base, fresh_seed() if seed is None else seed)
        self._reset(match, seat)
        self.message: MessageView | None = MessageView(self._welcome())

    # --- state ---------------------------------------------------------------------------------
    def _reset(self, match: Match, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.rules.players:
            raise ExpeditionsError(f"seat {shown(seat)} does not exist: the {match.rules.name} rules seat 0 to {match.rules.players - 1}")
        self.match = match
        self.seat = seat
        self.selected: list[int] = []
        self.pending: Literal["play", "discard"] | None = None  # "play" or "discard": the selected card is laid, the draw is to come
        self.passing = False
        self.history: list[Match] = []  # the match before each of your moves: what Undo goes back to
        self.hint_result: HintView | None = None
        self.review_result: ReviewView | None = None
        self._drop_job()
        self.stuck = ""
        self.confirm_new = False
        self.version = getattr(self, "version", 0) + 1
        self._logs: dict[tuple[int, int], list[str]] = {}
        self.your_games.new_game()
        self._shuffler = random.Random(None if match.seed is None else f"{match.seed}/unseen")  # what Undo reshuffles with

    def _drop_job(self) -> None:
        """The table's job, if any, is dropped and cancelled (its result will not be applied)."""
        job: Job[Any] | None = getattr(self, "job", None)
        if job is not None:
            job.cancel()
        self.job: Job[Any] | None = None

    def snapshot(self) -> Snapshot:
        """What the session holds now, to put back (``Snapshot.restore``) when a handler fails."""
        return snapshot_of(self)

    def _changed(self, match: Match) -> None:
        """The match moved on: the selection, the hint and anything computed for the old position go."""
        self.match = match
        self.selected = []
        self.pending = None
        self.passing = False
        self.hint_result = None
        self.confirm_new = False
        self.version += 1

    def _after_move(self) -> None:
        """A move stood (yours or a bot's): the host hears of it, and a game it finishes is kept in your games."""
        self.host.moved(self.match)
        finished = self.host.finished(self.match)
        if finished is not None:
            self.your_games.keep(finished, level=self.level if self.rules.players > 1 else None, seat=self.seat)

    @property
    def practice(self) -> bool:
        """Whether this game is practice (Undo was used, or it was loaded from a record): kept apart from the rated."""
        return self.your_games.playing.practice

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def round(self) -> Round:
        """The round being played (or just finished)."""
        return self.match.current

    @property
    def hand(self) -> tuple[Card, ...]:
        """Your hand (the card of a pending half-turn still in it)."""
        return self.round.hand(self.seat)

    @property
    def selected_cards(self) -> tuple[Card, ...]:
        hand = self.hand
        return tuple(hand[i] for i in self.selected)

    @property
    def your_turn(self) -> bool:
        return not self.round.is_over and self.round.to_move == self.seat

    @property
    def bots_to_move(self) -> bool:
        """True when a bot is to move (the table waits for it, not for you)."""
        rnd = self.round
        return not rnd.is_over and rnd.to_move != self.seat and not self.stuck and self.host.bots_move

    @property
    def busy(self) -> str:
        """What the table is waiting for: ``"bot"`` (a bot to move), ``"hint"``, ``"review"``, or ``""``."""
        if self.job is not None:
            return self.job.kind
        return "bot" if self.bots_to_move else ""

    # --- names ---------------------------------------------------------------------------------
    @property
    def seating(self) -> SideWords:
        """Who sits where, in your words."""
        return SideWords(self.rules, self.seat)

    def seat_name(self, seat: int) -> str:
        """``"You"``, ``"Opponent"``, or with four players ``"West"``, ``"North"`` (your partner), ``"East"``."""
        return self.seating.seat_name(seat)

    def role(self, seat: int) -> str:
        return self.seating.role(seat)

    def side_name(self, side: int) -> str:
        return self.seating.side_name(side)

    def side_role(self, side: int) -> str:
        return self.seating.side_role(side)

    # --- messages ------------------------------------------------------------------------------
    @property
    def last_message(self) -> str:
        return self.message.text if self.message else ""

    def say(self, text: str, tone: str = "info", quote: str = "") -> bool:
        """Show a message (``tone`` ``"info"``, ``"move"`` or ``"error"``); False for an error."""
        self.message = MessageView(text, tone, quote, self.rules.document if quote else "")
        return tone != "error"

    def refuse(self, text: str) -> bool:
        """Say why a message from the page was refused, or why a gesture failed (nothing else changes); False."""
        return self._refuse(text)

    def _refuse(self, text: str, quote: str = "", rule: str = "") -> bool:
        """Say why a gesture is refused (with the quote of the ``rule`` that refuses it, when one does)."""
        refusal = IllegalMove(text.rstrip("."), rule=rule, quote=quote) if rule else None
        self.message = self.host.refused(MessageView(text, "error", quote, self.rules.document if quote else ""), refusal)
        return False

    def _refuse_move(self, e: IllegalMove) -> bool:
        """Say why the engine refuses a move: its reason, with the rule document's quote."""
        message = MessageView(self._not_allowed(str(e)), "error", e.quote, self.rules.document if e.quote else "")
        self.message = self.host.refused(message, e)
        return False

    def _not_allowed(self, reason: str) -> str:
        """A refused move as the table says it: the engine's reason, with suit symbols."""
        return f"Not allowed: {symbolize(reason, self.rules)}."

    def _welcome(self) -> str:
        if self.stuck:
            return self.stuck
        rules = self.rules
        first = self.round.to_move
        start = "You start." if first == self.seat else f"{self.seat_name(first if first is not None else 0)} starts."
        if rules.players == 1:
            return f"{rules.title}: a solitaire against the deck. {start}"
        if rules.partnerships:
            return f"{rules.title}: you and North against West and East, {self.level} bots. {start}"
        return f"{rules.title} against a {self.level} bot. {start}"

    def _over_words(self) -> str:
        said = self.host.over_words()
        if said is not None:
            return said
        if not self.round.is_over:
            return ""
        if self.match.is_over:
            return result_words(self.match, self.seat, self.side_name) + " Click New game to play again."
        return f"Round {self.match.round_number} is over: see the scores, then Continue."

    # --- whether the table waits for you -------------------------------------------------------
    def _cannot_act(self) -> bool:
        """True (and says why) when the table does not wait for you."""
        why = self.host.may("table")
        if why is not None:
            return not self._refuse(why)
        if self.job is not None:
            self.say(f"One moment: {self.job.text}")
            return True
        rnd = self.round
        if rnd.is_over:
            self.say(self._over_words())
            return True
        if rnd.to_move != self.seat:
            assert rnd.to_move is not None
            self.say(self.stuck or f"It is {self.seat_name(rnd.to_move)}'s turn.")
            return True
        return False

    def _waiting(self, *, bots_too: bool = False) -> bool:
        """True (and says so) while a hint or a review is computed (or, with ``bots_too``, a bot's move): the
        table waits for it. A bot's move in progress is dropped by Undo, New game and Load."""
        if self.job is None or (self.job.kind == "bot" and not bots_too):
            return False
        self.say(f"One moment: {self.job.text}")
        return True

    def _took(self, made: bool) -> bool:
        """A gesture of yours was taken (when ``made``): the host may clear what it said about the one before."""
        if made:
            self.message = self.host.taken(self.message)
        return made

    # --- rounds and games ----------------------------------------------------------------------
    def next_round(self) -> bool:
        """Deal the next round of the match (once this one is over): the *Continue* button."""
        self.confirm_new = False
        if self._waiting(bots_too=True):
            return False
        if not self.round.is_over:
            return self._refuse(f"Round {self.match.round_number} is still being played: finish it first.")
        if self.match.is_over:
            return self.new_game(confirm=True)
        self._changed(self.match.next_round())
        self.review_result = None
        first = self.round.to_move
        who = "you start" if first == self.seat else f"{self.seat_name(first or 0)} starts"
        return self.say(f"Round {self.match.round_number} of {self.match.rounds_to_play}: {who}.")

    def continue_(self) -> bool:
        """The *Continue* button: ``next_round``."""
        return self.next_round()

    def set_level(self, level: str) -> bool:
        """Play on against another opponent (the bots' next moves are theirs)."""
        why = self.host.may("level")
        if why is not None:
            return self._refuse(why)
        if not self._known_level(level):
            return self._refuse(f"There is no opponent {shown(level)}: choose {', '.join(self.levels)}.")
        self.level = level
        if self.stuck:
            self.stuck = ""
        return self.say(f"Now playing against {level}.")

    def set_colours(self, colours: str) -> bool:
        """``"four"`` (♥ red, ♦ blue, ♣ green, ♠ black) or ``"two"`` (red and black) deck colours."""
        try:
            self.colours = checked_colours(colours)
        except ExpeditionsError as e:
            return self._refuse(str(e))
        return True

    @property
    def in_progress(self) -> bool:
        """A game under way: moves made and the match not over."""
        return not self.match.is_over and (len(self.match.rounds) > 1 or bool(self.round.moves))

    def new_game(self, rules: Rules | str | None = None, *, level: str | None = None, seed: int | str | None = None,
                 rounds: int | None = None, colours: str | None = None, confirm: bool = False) -> bool:
        """Deal a new match (of ``rules``, default the same). A game in progress is abandoned only with
        ``confirm`` or on the second ask (the first says how to keep it: Save)."""
        if self._waiting():
            return False
        try:
            base = self.rules if rules is None else get_rules(rules)
            if rounds:
                base = get_rules(base, rounds=rounds)
            if colours is not None:
                checked_colours(colours)
            match = new_match(base, fresh_seed() if seed is None else seed)
        except ExpeditionsError as e:
            return self._refuse(str(e))
        if level is not None and not self._known_level(level):
            return self._refuse(f"There is no opponent {shown(level)}: choose {', '.join(self.levels)}.")
        if self.in_progress and not (confirm or self.confirm_new):
            self.confirm_new = True
            return self.say("A game is in progress: click New game again to abandon it (Save keeps it).")
        if level is not None:
            self.level = level
        if colours is not None:
            self.colours = colours
        self._reset(match, self.seat if self.seat < base.players else 0)
        return self.say(f"New game: {self._welcome()}")

    def _known_level(self, level: object) -> bool:
        """Whether ``level`` names one of the opponents (a text: a list or a dict names none)."""
        return isinstance(level, str) and level in self.levels


def fresh_seed() -> int:
    """A seed for a new deal: random, and kept in the match (and its record) so that the game replays."""
    return random.randrange(1, 1_000_000)


def checked_colours(colours: str) -> str:
    if colours not in COLOURS:
        raise ExpeditionsError(f"{colours!r} is not a choice of deck colours: {' or '.join(map(repr, COLOURS))}")
    return colours



def result_words(match: Match, seat: int, side_name: Callable[[int], str]) -> str:
    """How a finished match ended, said to the person at ``seat`` (``side_name`` names the other sides)."""
    rules = match.rules
    totals = match.totals
    if rules.sides == 1:
        return f"The game is over: you scored {totals[0]}."
    winners = match.winners()
    mine = rules.side_of(seat)
    score = " to ".join(str(t) for t in sorted(totals, reverse=True))
    if len(winners) > 1:
        return f"The match is a tie at {totals[winners[0]]}." if mine in winners else \
            f"The match is over: {', '.join(side_name(w) for w in winners)} share the win."
    if winners[0] == mine:
        return f"You won the match, {score}!" if rules.sides == 2 else f"You won the match with {totals[mine]}!"
    return f"{side_name(winners[0])} won the match, {score}."


__all__ = ["COLOURS", "Game", "Job", "checked_colours", "fresh_seed"]
