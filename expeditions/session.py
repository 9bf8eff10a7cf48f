"""A game in progress for a person: the match, who sits where, whose turn, undo, messages, save and load.

A ``Session`` is what a card table shows and what its clicks change, below any widget: pure Python,
tested with pytest alone. You sit at ``seat`` (0); bots of the chosen ``level`` sit everywhere else
(with four players: your partner opposite, the opponents left and right). The session decides
nothing about legality: every move goes to the engine (``Match.play``, the one judge), and a refused
gesture is put into words with the engine's own reason and the rule document's quote.

A turn is two gestures, as at a real table: *lay* the selected card on its expedition or on its
discard pile (a pending half-turn: nothing is sent to the engine yet), then *draw* off the deck or a
pile, which completes the move. In the solitaire, once the deck is empty, laying completes the turn.
With four players you may instead select two cards and *pass* them to your partner.

Bots move one at a time (``step_bot``), so that a table can pause between their moves; ``settle``
lets them all move at once. Slow work (a bot's move, a hint, a review) comes as a ``Job``: its
``compute`` is a pure function that may run in another thread, and ``finish`` applies its result if
the game has not moved on in the meantime.

``view()`` is the table as a person sees it, a frozen ``TableView`` whose ``to_dict()`` is plain JSON:
your hand, every side's expeditions with their running scores, the piles, the deck, the legal targets
of the selected card and the legal draw sources, the others' last moves, the turn indicator, the
scores, the end-of-round breakdown, the hint and the review. Everything a person reads is written
with suit symbols (♥ ♠ ♦ ♣) or, in Lost Cities, the colour names; letter notation (``7H``) is for
the typed-move box and the records only.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from .bots import DEFAULT_LEVEL, LEVELS, Bot, BotFactory, Hints, Review, rank_moves, review, review_steps
from .bots.hints import ABOUT_AS_GOOD, BEST, WORSE
from .bots.review import cost_words
from .cards import SUITS, Card, parse_card
from .engine import END_REASONS
from .errors import ExpeditionsError, IllegalMove, NotationError
from .estimate import Estimate
from .match import Match, match_of, new_match
from .moves import Move, Turn
from .record import loads
from .round import Round
from .rules import PRESETS, Rules
from .rules import rules as get_rules
from .scoring import score_breakdown
from .table_view import (
    BreakdownView,
    DeckView,
    ExpeditionLine,
    ExpeditionView,
    HandCardView,
    HintLine,
    HintView,
    LastMoveView,
    MatchRow,
    MessageView,
    MomentView,
    OptionView,
    PileView,
    ReviewView,
    RoundOverView,
    SeatView,
    SideView,
    SuitView,
    TableView,
    card_view,
    card_words,
    cards_words,
    move_words,
    pile_words,
    suit_mark,
    symbolize,
)

T = TypeVar("T")

RECORD_KEY = "session"
"""The top-level key under which a saved record keeps the session's own settings (seat, level, colours)."""

COLOURS = ("four", "two")
"""Deck colours for the standard suits: ``"four"`` (♥ red, ♦ blue, ♣ green, ♠ black) or ``"two"`` (red and black)."""

STANDARD_SUITS = ("H", "S", "D", "C")

HINT_LINES = 5
"""How many of the ranked moves a hint shows in words, at most: the best, those about as good, the first worse one."""

_DIRECTIONS = {1: "West", 2: "North", 3: "East"}
"""Four players: you sit South; play goes round to your left (West), your partner (North), then East."""


# --- slow work ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Job(Generic[T]):
    """Work that may take a while: ``compute()`` (pure: safe to run in another thread) gives a result that
    ``Session.finish`` applies, unless the game has moved on since the job started (``version``)."""

    kind: str
    version: int
    compute: Callable[[], T]
    apply: Callable[[T], None] = field(repr=False)
    text: str = ""
    steps: Callable[[], Iterator[T]] | None = field(default=None, repr=False)
    """For work that grows (a review): yields partial results, the last one complete, each shown by ``show`` as it
    comes (``Session.step``); a runner that has ``steps`` uses them instead of ``compute``, the same work in one go."""
    show: Callable[[T], None] | None = field(default=None, repr=False)


# --- the session -----------------------------------------------------------------------------------
class Session:
    """A match of any rule set, you at ``seat`` and bots of ``level`` in every other seat.

    ``seed`` fixes the deals and the bots' choices (default: a fresh random one, kept in the record);
    ``levels`` maps opponent names to bot factories (default ``expeditions.bots.LEVELS``); ``rounds``
    shortens or lengthens the match (default: the rule set's); ``colours`` is ``"four"`` or ``"two"``.
    Start from any round or match (a hand-built ``ex.position(...)``, a loaded record) with ``Session.at``.
    """

    def __init__(self, rules: Rules | str = "expeditions", *, level: str = DEFAULT_LEVEL, seed: int | str | None = None,
                 seat: int = 0, rounds: int | None = None, colours: str = "four",
                 levels: Mapping[str, BotFactory] | None = None) -> None:
        self.levels: dict[str, BotFactory] = dict(LEVELS if levels is None else levels)
        if not self.levels:
            raise ExpeditionsError("there is no opponent to play against: give levels={'name': factory}")
        if level not in self.levels and levels is not None and level == DEFAULT_LEVEL:
            level = next(iter(self.levels))  # custom opponents without a "Normal": the first of them
        if level not in self.levels:
            raise ExpeditionsError(f"there is no opponent {level!r}: choose {', '.join(map(repr, self.levels))}")
        self.level = level
        self.colours = _checked_colours(colours)
        base = get_rules(rules)
        match = new_match(get_rules(base, rounds=rounds) if rounds else base, _fresh_seed() if seed is None else seed)
        self._reset(match, seat)
        self.message: MessageView | None = MessageView(self._welcome())

    @classmethod
    def at(cls, game: Round | Match, *, seat: int = 0, **options: Any) -> Session:
        """A session that goes on from ``game``: a match, or a round (a hand-built position, a lesson), which
        becomes the first round of a match. ``options`` are those of ``Session``."""
        session = cls(game.rules, **options)
        session._reset(match_of(game), seat)
        session.message = MessageView(session._welcome())
        return session

    # --- state ---------------------------------------------------------------------------------
    def _reset(self, match: Match, seat: int) -> None:
        if not isinstance(seat, int) or not 0 <= seat < match.rules.players:
            raise ExpeditionsError(f"seat {seat!r} does not exist: the {match.rules.name} rules seat 0 to {match.rules.players - 1}")
        self.match = match
        self.seat = seat
        self.selected: list[int] = []
        self.pending: Literal["play", "discard"] | None = None  # "play" or "discard": the selected card is laid, the draw is to come
        self.passing = False
        self.history: list[Match] = []  # the match before each of your moves: what Undo goes back to
        self.hint_result: HintView | None = None
        self.review_result: ReviewView | None = None
        self.job: Job[Any] | None = None
        self.stuck = ""
        self.confirm_new = False
        self.version = getattr(self, "version", 0) + 1
        self._logs: dict[tuple[int, int], list[str]] = {}

    def _changed(self, match: Match) -> None:
        """The match moved on: the selection, the hint and anything computed for the old position go."""
        self.match = match
        self.selected = []
        self.pending = None
        self.passing = False
        self.hint_result = None
        self.confirm_new = False
        self.version += 1

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
        return not rnd.is_over and rnd.to_move != self.seat and not self.stuck

    @property
    def busy(self) -> str:
        """What the table is waiting for: ``"bot"`` (a bot to move), ``"hint"``, ``"review"``, or ``""``."""
        if self.job is not None:
            return self.job.kind
        return "bot" if self.bots_to_move else ""

    @property
    def last_message(self) -> str:
        return self.message.text if self.message else ""

    def say(self, text: str, tone: str = "info", quote: str = "") -> bool:
        """Show a message (``tone`` ``"info"``, ``"move"`` or ``"error"``); False for an error."""
        self.message = MessageView(text, tone, quote, self.rules.document if quote else "")
        return tone != "error"

    def _refuse(self, text: str, quote: str = "", rule: str = "") -> bool:
        """Say why a gesture is refused (with the quote of the ``rule`` that refuses it, when one does)."""
        self.say(text, "error", quote)
        return False

    def _refuse_move(self, e: IllegalMove) -> bool:
        return self._refuse(self._not_allowed(str(e)), e.quote)

    def _not_allowed(self, reason: str) -> str:
        """A refused move as the table says it: the engine's reason, with suit symbols."""
        return f"Not allowed: {symbolize(reason, self.rules)}."

    # --- names ---------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        """``"You"``, ``"Opponent"``, or with four players ``"West"``, ``"North"`` (your partner), ``"East"``."""
        rules = self.rules
        if seat == self.seat:
            return "You"
        if rules.players == 2:
            return "Opponent"
        if rules.players == 4:
            return _DIRECTIONS[(seat - self.seat) % 4]
        return f"Seat {seat}"

    def role(self, seat: int) -> str:
        if seat == self.seat:
            return "you"
        return "partner" if self.rules.partner_of(self.seat) == seat else "opponent"

    def side_name(self, side: int) -> str:
        rules = self.rules
        if rules.partnerships:
            seats = [s for s in range(rules.players) if rules.side_of(s) == side]
            if rules.side_of(self.seat) == side:
                return "You and North" if self.seat in seats else "Your team"
            return " and ".join(self.seat_name(s) for s in seats)
        return self.seat_name(side)

    def side_role(self, side: int) -> str:
        return "you" if side == self.rules.side_of(self.seat) else "opponent"

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

    # --- your gestures ---------------------------------------------------------------------------
    def _cannot_act(self) -> bool:
        """True (and says why) when the table does not wait for you."""
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

    def select(self, card: Card | str | None = None, *, index: int | None = None) -> bool:
        """Select a card of your hand (by card, or by its ``index`` in the hand); selecting it again puts it
        back. With ``passing`` on (four players), up to two cards are selected, to pass."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        hand = self.hand
        if index is None:
            if card is None:
                return self._refuse("Choose a card of your hand.")
            wanted = parse_card(card)
            matches = [i for i, c in enumerate(hand) if c == wanted]
            if not matches:
                return self._refuse(f"You do not hold {card_words(wanted)}.")
            free = [i for i in matches if i not in self.selected]
            index = free[0] if free else matches[0]
        if not isinstance(index, int) or not 0 <= index < len(hand):
            return self._refuse(f"There is no card {index!r} in your hand: it holds {len(hand)}.")
        if self.pending is not None:
            laid = self.selected_cards[0]
            if index in self.selected:
                return self.undo()
            return self._refuse(f"You have laid {card_words(laid)}: now draw, off the deck or a pile (or Undo to take it back).")
        if index in self.selected:
            self.selected.remove(index)  # the turn indicator says what to do now; the message stays
            return True
        if self.passing:
            self.selected = (self.selected + [index])[-2:]
            return True
        self.selected = [index]
        return True

    def _waiting(self, *, bots_too: bool = False) -> bool:
        """True (and says so) while a hint or a review is computed (or, with ``bots_too``, a bot's move): the
        table waits for it. A bot's move in progress is dropped by Undo, New game and Load."""
        if self.job is None or (self.job.kind == "bot" and not bots_too):
            return False
        self.say(f"One moment: {self.job.text}")
        return True

    def _selected_words(self, card: Card) -> str:
        targets = self._targets(card)
        where = []
        if "play" in targets:
            where.append(f"on your {suit_mark(card.suit)} expedition")
        if "discard" in targets:
            where.append(f"on {pile_words(card.suit)}" if not self.rules.discards_leave_game else "on the discards")
        if not where:
            return f"{card_words(card)} cannot be laid or discarded now."
        return f"{card_words(card)}: lay it " + " or ".join(where) + "."

    def _targets(self, card: Card) -> dict[str, list[Move]]:
        """The legal moves of ``card``, by kind (``"play"``, ``"discard"``): the engine's legal moves."""
        out: dict[str, list[Move]] = {}
        for m in self.round.legal_moves():
            if m.kind != "pass" and m.card == card:
                out.setdefault(m.kind, []).append(m)
        return out

    def lay(self, target: str, suit: str | None = None) -> bool:
        """Lay the selected card: ``target`` ``"expedition"`` (play it) or ``"discard"`` (on its pile). ``suit``
        is the column or pile the card was dropped on; a card goes only to its own suit's. Then draw; in the
        solitaire after the deck, the move is made at once."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        targets: dict[str, Literal["play", "discard"]] = {"expedition": "play", "play": "play", "discard": "discard", "pile": "discard"}
        kind = targets.get(target)
        if kind is None:
            return self._refuse(f"{target!r} is not a place to lay a card: an expedition or a discard pile.")
        if self.pending is not None:
            return self._refuse(f"{card_words(self.selected_cards[0])} is laid already: now draw, off the deck or a pile.")
        if len(self.selected) != 1:
            return self._refuse("Choose a card of your hand first." if not self.selected
                                else "Choose one card to lay (two are for passing).")
        card = self.selected_cards[0]
        if suit is not None and suit != card.suit:
            where = "expedition" if kind == "play" else "discard pile"
            return self._refuse(f"{card_words(card)} goes only on its own suit's {where}, the {suit_mark(card.suit)} one.",
                                self.rules.quote("suit"), rule="suit")
        options = self._targets(card).get(kind, [])
        if not options:
            probe = Move.of(kind, card, "deck" if self.round.deck_size else None)
            try:
                self.round.check(probe)
            except IllegalMove as e:
                return self._refuse_move(e)
            return self._refuse(f"{card_words(card)} cannot be {'laid' if kind == 'play' else 'discarded'} now.")
        if all(m.draw is None for m in options):  # the solitaire after the deck: no draw follows
            return self._make(options[0])
        self.pending = kind  # the turn indicator now asks for the draw
        return True

    def drop(self, index: int, target: str, suit: str | None = None) -> bool:
        """A card dragged from your hand (its ``index``) onto ``target`` (``"expedition"`` or ``"discard"``, of
        ``suit``): select it and lay it in one gesture."""
        if self.pending is not None:
            return self.lay(target, suit)  # refused: the card of this turn is laid already
        if self.selected != [index]:
            self.selected, self.passing = [], False
            if not self.select(index=index):
                return False
        return self.lay(target, suit)

    def play(self) -> bool:
        """Lay the selected card on its expedition (the first gesture of a turn)."""
        return self.lay("expedition")

    def discard(self) -> bool:
        """Lay the selected card on its discard pile (the first gesture of a turn)."""
        return self.lay("discard")

    def draw(self, source: str = "deck") -> bool:
        """Draw off the deck (``"deck"``) or the top of a suit's pile (its letter): the second gesture, which
        completes the move."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        if self.pending is None:
            if self.selected and not self.passing:
                return self._refuse(f"First lay {card_words(self.selected_cards[0])} on its expedition or its discard pile, then draw.")
            return self._refuse("First lay a card (on an expedition or a discard pile), then draw.")
        if source != "deck" and source not in self.rules.suits:
            return self._refuse(f"{source!r} is not a place to draw from: the deck or a pile of {' '.join(self.rules.suits)}.")
        return self._make(Move.of(self.pending, self.selected_cards[0], source))

    def start_passing(self, on: bool = True) -> bool:
        """Four players: choose two cards to pass to your partner instead of laying one (``on=False`` stops)."""
        if self._cannot_act():
            return False
        if not self.rules.pass_cards:
            return self._refuse(f"The {self.rules.name} rules have no passing: only the four-player game has it.")
        if self.pending is not None:
            return self._refuse("You have laid a card this turn: draw, or Undo to pass instead.")
        if on:
            reason = self._pass_refusal()
            if reason is not None:
                return self._refuse_move(reason)
        self.passing = on
        self.selected = self.selected[:1] if on else []
        return True

    def _pass_refusal(self) -> IllegalMove | None:
        hand = self.hand
        if len(hand) < 2:
            return IllegalMove("you need two cards to pass", rule="pass", quote=self.rules.quote("pass"))
        try:
            self.round.check(Move.pass_cards(hand[0], hand[1]))
        except IllegalMove as e:
            return e
        return None

    def pass_cards(self, first: Card | str | None = None, second: Card | str | None = None) -> bool:
        """Pass two cards to your partner (the two selected, or the two given): a whole turn."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        if first is not None and second is not None:
            cards: tuple[Card, ...] = (parse_card(first), parse_card(second))
        elif len(self.selected) == 2:
            cards = self.selected_cards
        else:
            return self._refuse("Choose two cards of your hand to pass to your partner.")
        try:
            move = Move.pass_cards(*cards)
        except NotationError as e:
            return self._refuse(str(e))
        return self._make(move)

    def submit(self, move: Move | str) -> bool:
        """Make a whole move at once, typed in the notation (``"play 7H, draw deck"``) or as a ``Move``."""
        self.confirm_new = False
        if self._cannot_act():
            return False
        try:
            parsed = Move.parse(move)
        except NotationError as e:
            return self._refuse(str(e))
        return self._make(parsed)

    def _make(self, move: Move) -> bool:
        """Your move goes to the engine; a refusal leaves everything as it was."""
        before = self.match
        try:
            after = before.play(move)
        except IllegalMove as e:
            return self._refuse_move(e)
        self.history.append(before)
        self._changed(after)
        words = self._move_words(before.current, move, self.seat)
        return self.say(words + "." + (" " + self._over_words() if self.round.is_over else ""), "move")

    def _move_words(self, before: Round, move: Move, seat: int) -> str:
        taken = before.piles[move.draw][-1] if move.draw not in (None, "deck") else None
        drawn = None
        if seat == self.seat and move.draw == "deck" and before.deck:
            drawn = before.deck[0]
        return move_words(move, who=self.seat_name(seat), drawn=drawn, taken=taken)

    # --- bots ------------------------------------------------------------------------------------
    def _bot_seed(self, seat: int) -> int:
        seed = self.match.seed
        base = seed if isinstance(seed, int) else sum(map(ord, str(seed)))
        return (base * 1_000_003 + self.match.round_number * 10_007 + self.round.turn * 101 + seat) % 2**31

    def bot(self, seat: int, level: str | None = None) -> Bot:
        """The bot (of ``level``, by default the opponents') that moves for ``seat`` now (its seed follows from the
        match, the round and the turn, so an undone move answered the same way gets the same answers)."""
        return self.levels[level or self.level](self._bot_seed(seat))

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

    def finish(self, job: Job[T], result: T) -> bool:
        """Apply a job's result; a result for a position that has changed since is dropped. True if applied."""
        if self.job is job:
            self.job = None
        if job.version != self.version:
            return False
        job.apply(result)
        return True

    def fail(self, job: Job[Any], error: BaseException) -> None:
        """A job raised: say so, and wait (for a bot: Undo, or another opponent, goes on)."""
        if self.job is job:
            self.job = None
        if job.version != self.version:
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
        if self.job is not job or job.version != self.version or job.show is None:
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

    # --- help ----------------------------------------------------------------------------------------
    def start_hint(self) -> Job[Hints] | None:
        """The Expert's ranking of your moves, as a job (``None`` and a message when there is nothing to rank)."""
        if self._cannot_act():
            return None
        observation = self.round.observation(self.seat)
        self.confirm_new = False
        return self._start(Job("hint", self.version, lambda: rank_moves(observation), self._apply_hint,
                               "working out your best moves…"))

    def _apply_hint(self, hints: Hints) -> None:
        if not len(hints):
            self.say("There is no move to rank.")
            return
        rnd, rules = self.round, self.rules
        shown = [m for m in hints if m.group in (BEST, ABOUT_AS_GOOD)][: HINT_LINES - 1]
        shown += [m for m in hints if m.group == WORSE][:1]
        lines: list[HintLine] = []
        said: set[str] = set()
        for item in shown:
            move = item.move
            taken = rnd.piles[move.draw][-1] if move.draw not in (None, "deck") and rnd.piles[move.draw] else None
            words = move_words(move, taken=taken, imperative=True)
            why = _reason(symbolize(item.reason, rules))
            if why in said:
                why = "for the same reason"  # a reason is said once
            said.add(why)
            lines.append(HintLine(_capital(words), _points(item.value, item.low, item.high), item.group,
                                  _versus(item.group, item.difference), why))
        about = len(hints.about_as_good) - sum(m.group == ABOUT_AS_GOOD for m in shown)
        worse = sum(m.group == WORSE for m in hints) - sum(m.group == WORSE for m in shown)
        hidden = [f"{about} more about as good" if about else "", f"{worse} worse" if worse else ""]
        more = f"Not shown: {' and '.join(h for h in hidden if h)}." if any(hidden) else ""
        best = hints.best.move
        self.hint_result = HintView(str(hints.card), tuple(str(c) for c in best.cards), hints.target, hints.card.suit,
                                    hints.draw, tuple(lines), hints.value_words,
                                    _capital(hints.situation), tuple(symbolize(p, rules) for p in hints.piles), more)
        also = len(hints.about_as_good)
        self.say(f"Hint: {lines[0].words[0].lower()}{lines[0].words[1:]}" +
                 (f" ({also} other move{'s are' if also > 1 else ' is'} about as good)." if also else "."))

    def hint(self) -> bool:
        """Rank your moves (synchronously) and show the best ones; the best is marked on the table."""
        job = self.start_hint()
        return job is not None and self.run(job)

    def start_review(self) -> Job[Review] | None:
        """The Expert's review of your moves in the finished round, as a job that grows one move at a time: the
        table shows the review so far (its progress, the moments found) while the rest is computed."""
        if self.job is not None:
            self.say(f"One moment: {self.job.text}")
            return None
        rnd = self.round
        if not rnd.is_over:
            self._refuse("The review comes once the round is over.")
            return None
        number = self.match.round_number
        if self.review_result is not None and self.review_result.number == number:
            self.say("The review of this round is shown.")
            return None
        seat = self.seat
        mine = sum(1 for turn in rnd.history() if turn.seat == seat)

        return self._start(Job("review", self.version, lambda: review(rnd, seat),
                               lambda result: self._apply_review(number, result),
                               f"reviewing your {mine} moves against the Expert…", steps=lambda: review_steps(rnd, seat),
                               show=lambda partial: self._show_review(number, partial)))

    def _show_review(self, number: int, result: Review) -> None:
        """The review as far as it is computed: what the table shows."""
        rules = self.rules
        moments = tuple(MomentView(m.number, symbolize(m.headline, rules), symbolize(m.wrong, rules),
                                   symbolize(m.instead, rules), cost_words(m.loss), m.picture) for m in result.moments)
        self.review_result = ReviewView(number, symbolize(result.summary, rules), moments, result.method, result.done,
                                        result.to_review, result.complete)

    def _apply_review(self, number: int, result: Review) -> None:
        self._show_review(number, result)
        self.say(f"Review of round {number}: {symbolize(result.summary, self.rules)}")

    def show_review(self) -> bool:
        """Review the finished round (synchronously)."""
        job = self.start_review()
        return job is not None and self.run(job)

    # --- undo, rounds, games -----------------------------------------------------------------------
    def undo(self) -> bool:
        """Take back the pending half-turn; else your last move and the bots' answers to it."""
        self.confirm_new = False
        if self._waiting():
            return False
        if self.pending is not None:
            self.pending = None
            self.selected = []
            return True
        if self.passing or self.selected:
            self.selected, self.passing = [], False
            return True
        if not self.history:
            return self._refuse("Nothing of yours to undo.")
        previous = self.history.pop()
        undone = [turn.move for turn in _turns_between(previous, self.match)]
        self.job = None
        self.stuck = ""
        self._changed(previous)
        self.review_result = None
        mine = undone[0] if undone else None
        others = len(undone) - 1
        if mine is None:
            return self.say("Undone: your last move.")
        verb = {"play": "laid", "discard": "discarded", "pass": "passed"}[mine.kind]
        answers = "" if others <= 0 else (", and the answer to it" if others == 1 else f", and the {others} answers to it")
        return self.say(f"Undone: you {verb} {cards_words(mine.cards)}{answers}.")

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

    continue_ = next_round

    def set_level(self, level: str) -> bool:
        """Play on against another opponent (the bots' next moves are theirs)."""
        if level not in self.levels:
            return self._refuse(f"There is no opponent {level!r}: choose {', '.join(self.levels)}.")
        self.level = level
        if self.stuck:
            self.stuck = ""
        return self.say(f"Now playing against {level}.")

    def set_colours(self, colours: str) -> bool:
        """``"four"`` (♥ red, ♦ blue, ♣ green, ♠ black) or ``"two"`` (red and black) deck colours."""
        try:
            self.colours = _checked_colours(colours)
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
                _checked_colours(colours)
        except ExpeditionsError as e:
            return self._refuse(str(e))
        if level is not None and level not in self.levels:
            return self._refuse(f"There is no opponent {level!r}: choose {', '.join(self.levels)}.")
        if self.in_progress and not (confirm or self.confirm_new):
            self.confirm_new = True
            return self.say("A game is in progress: click New game again to abandon it (Save keeps it).")
        if level is not None:
            self.level = level
        if colours is not None:
            self.colours = colours
        if seed is None:
            seed = _fresh_seed()
        self._reset(new_match(base, seed), self.seat if self.seat < base.players else 0)
        return self.say(f"New game: {self._welcome()}")

    # --- scripts -------------------------------------------------------------------------------------
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
        your gestures, to the end of the round (or of the match). Returns how many moves it made."""
        name = level or self.level
        if name not in self.levels:
            raise ExpeditionsError(f"there is no opponent {name!r}: choose {', '.join(map(repr, self.levels))}")
        made = 0
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

    # --- records -------------------------------------------------------------------------------------
    def settings(self) -> dict[str, Any]:
        """The session's own settings, as a record keeps them under ``"session"``."""
        return {"seat": self.seat, "level": self.level, "colours": self.colours}

    def to_json(self) -> str:
        """The game record (``ex.loads`` replays it), with the session's settings under ``"session"``."""
        return self.match.to_json(**{RECORD_KEY: self.settings()})

    def save(self, path: str | Path) -> Path:
        """Write the game record to ``path`` (only where you say: there is no default)."""
        target = Path(path)
        target.write_text(self.to_json(), encoding="utf-8")
        self.say(f"Saved to {target}.")
        return target

    def load(self, path: str | Path) -> bool:
        """Go on from the game record at ``path``."""
        target = Path(path)
        try:
            text = target.read_text(encoding="utf-8")
        except OSError as e:
            return self._refuse(f"Cannot read {target}: {e.strerror or e}.")
        return self.load_json(text, source=target.name)

    def load_json(self, text: str, *, source: str = "the record") -> bool:
        """Go on from a game record given as JSON text; a record that does not replay changes nothing."""
        if self._waiting():
            return False
        try:
            game = loads(text)
            settings = json.loads(text).get(RECORD_KEY, {})
        except ExpeditionsError as e:
            return self._refuse(f"{source} cannot be loaded: {e}")
        settings = settings if isinstance(settings, dict) else {}
        seat = settings.get("seat", 0)
        level = settings.get("level")
        colours = settings.get("colours")
        match = match_of(game)
        seat = seat if isinstance(seat, int) and 0 <= seat < match.rules.players else 0
        self._reset(match, seat)
        note = ""
        if isinstance(level, str):
            if level in self.levels:
                self.level = level
            else:
                note = f" (its opponent {level!r} is not here: {self.level} plays on)"
        if colours in COLOURS:
            self.colours = str(colours)
        return self.say(f"Loaded {source}: {self.rules.title}, round {self.match.round_number}{note}.")

    # --- the view ------------------------------------------------------------------------------------
    def _over_words(self) -> str:
        rnd = self.round
        number = self.match.round_number
        if not rnd.is_over:
            return ""
        if self.match.is_over:
            return self._result_words() + " Click New game to play again."
        return f"Round {number} is over: see the scores, then Continue."

    def _result_words(self) -> str:
        rules = self.rules
        totals = self.match.totals
        if rules.sides == 1:
            return f"The game is over: you scored {totals[0]}."
        winners = self.match.winners()
        mine = rules.side_of(self.seat)
        score = " to ".join(str(t) for t in sorted(totals, reverse=True))
        if len(winners) > 1:
            return f"The match is a tie at {totals[winners[0]]}." if mine in winners else \
                f"The match is over: {', '.join(self.side_name(w) for w in winners)} share the win."
        if winners[0] == mine:
            return f"You won the match, {score}!" if rules.sides == 2 else f"You won the match with {totals[mine]}!"
        return f"{self.side_name(winners[0])} won the match, {score}."

    def _turn_words(self) -> tuple[str, str]:
        """The turn indicator: who is to move (``"you"``, ``"bot"``, ``"over"``) and what to do, in words."""
        rnd = self.round
        if rnd.is_over:
            return "over", self._over_words()
        if rnd.to_move != self.seat:
            assert rnd.to_move is not None
            return "bot", self.stuck or f"{self.seat_name(rnd.to_move)} is thinking…"
        if self.pending is not None:
            card = card_words(self.selected_cards[0])
            done = f"{card} laid" if self.pending == "play" else f"{card} discarded"
            return "you", f"{done}: now draw off the deck" + (" or the top card of a discard pile." if self.rules.draw_from_piles else ".")
        if self.passing:
            if len(self.selected) == 2:
                return "you", f"Pass {cards_words(self.selected_cards)} to your partner: click Pass or your partner."
            return "you", "Choose two cards to pass to your partner."
        if self.selected:
            return "you", self._selected_words(self.selected_cards[0])
        if not rnd.deck_size:
            return "you", "The deck is empty: lay or discard your last cards, without drawing."
        also = ", or pass two cards to your partner" if self.rules.pass_cards and self._pass_refusal() is None else ""
        stall = ""
        if self.rules.stall_limit and rnd.stall >= self.rules.stall_limit // 2:
            stall = (f" {rnd.stall} turns in a row only discarded and drew from a pile: at {self.rules.stall_limit} the "
                     "round ends.")
        return "you", f"Choose a card to lay on its expedition or its discard pile{also}.{stall}"

    def view_data(self) -> dict[str, Any]:
        """The table's view as plain data: what a widget draws."""
        return self.view().to_dict()

    def view(self) -> TableView:
        """The table as you see it now."""
        rnd, rules, seat = self.round, self.rules, self.seat
        obs = rnd.observation(seat)
        hand = rnd.hand(seat)
        selected = tuple(self.selected)
        chosen = hand[selected[0]] if len(selected) == 1 else None
        targets = self._targets(chosen) if chosen is not None and self.your_turn else {}
        pending_card = str(chosen) if self.pending and chosen else None
        draws: set[str] = set()
        if self.pending and chosen is not None:
            draws = {m.draw for m in targets.get(self.pending, []) if m.draw}
        hint = self.hint_result
        playable = {m.card for m in rnd.legal_moves() if m.kind == "play"} if self.your_turn else set()
        last = self._last_moves()
        marked_laid: dict[tuple[int, str], str] = {}
        pile_marks: dict[str, str] = {}
        deck_marked = False
        for lm in last:
            if lm.kind == "play":
                marked_laid[(rules.side_of(lm.seat), lm.suit)] = lm.card
            elif lm.kind == "discard":
                pile_marks[lm.suit] = "discarded"
            if lm.draw == "deck":
                deck_marked = True
            elif lm.draw:
                pile_marks[lm.draw] = "taken"

        mine = rules.side_of(seat)
        sides = []
        for side in range(rules.sides):
            role = self.side_role(side)
            columns = []
            for i, suit in enumerate(rules.suits):
                laid = obs.expeditions[side][i]
                pending = pending_card if side == mine and self.pending == "play" and chosen and chosen.suit == suit else None
                cards = laid + ((chosen,) if pending and chosen else ())
                scored = score_breakdown(cards, rules) if cards else None
                columns.append(ExpeditionView(
                    role, suit, tuple(card_view(c) for c in cards), scored.total if scored else 0,
                    scored.explain() if scored else "not started",
                    legal=side == mine and not self.pending and chosen is not None and chosen.suit == suit and "play" in targets,
                    pending=pending, marked=marked_laid.get((side, suit)),
                    hint=hint is not None and side == mine and hint.target == "expedition" and hint.suit == suit))
            shown = sum(c.score for c in columns)
            sides.append(SideView(side, role, self.side_name(side), shown, self.match.totals[side], tuple(columns)))

        piles = []
        for i, suit in enumerate(rules.suits):
            pile = tuple(c for c in obs.removed if c.suit == suit) if rules.discards_leave_game else obs.piles[i]
            pending = pending_card if self.pending == "discard" and chosen and chosen.suit == suit else None
            cards = pile + ((chosen,) if pending and chosen else ())
            legal = (not self.pending and chosen is not None and chosen.suit == suit and "discard" in targets) or suit in draws
            hinted = hint is not None and ((hint.target == "discard" and hint.suit == suit) or hint.draw == suit)
            piles.append(PileView(suit, tuple(card_view(c) for c in cards), legal, pending, pile_marks.get(suit), hinted))

        hand_views = tuple(
            HandCardView(i, card_view(c), c in playable, i in selected,
                         hint is not None and (str(c) == hint.card or (hint.target == "partner" and str(c) in hint.cards)))
            for i, c in enumerate(hand))
        seats = tuple(
            SeatView(s, self.seat_name(s), self.role(s), obs.hand_sizes[s], tuple(card_view(c) for c in obs.known[s]),
                     rnd.to_move == s, hint is not None and hint.target == "partner" and self.role(s) == "partner")
            for s in range(rules.players))
        turn, status = self._turn_words()
        pass_refusal = self._pass_refusal() if rules.pass_cards and self.your_turn and not self.pending else None
        palette = "lost-cities" if any(s not in STANDARD_SUITS for s in rules.suits) else self.colours
        return TableView(
            rules=rules.name, title=rules.title, label=rules.label, colours=self.colours, palette=palette,
            suits=tuple(SuitView(s, SUITS[s].name, SUITS[s].symbol if SUITS[s].symbol != s else "", suit_mark(s))
                        for s in rules.suits),
            players=rules.players, partnerships=rules.partnerships, solitaire=rules.players == 1, seat=seat,
            seats=seats, sides=tuple(sides), hand=hand_views, piles=tuple(piles), draw_from_piles=rules.draw_from_piles,
            out_of_game=rules.discards_leave_game,
            deck=DeckView(rnd.deck_size, "deck" in draws, deck_marked, hint is not None and hint.draw == "deck"),
            selected=selected, pending=self.pending, passing=self.passing,
            pass_legal=self.passing and len(selected) == 2, can_pass=bool(rules.pass_cards) and self.your_turn
            and not self.pending and pass_refusal is None,
            turn=turn, status=status, message=self.message, last_moves=last,
            round_number=self.match.round_number, rounds=self.match.rounds_to_play, totals=self.match.totals,
            round_over=self._round_over() if rnd.is_over else None, hint=hint,
            review=self.review_result if self.review_result and self.review_result.number == self.match.round_number else None,
            busy=self.busy, busy_text=self.job.text if self.job else (status if self.bots_to_move else ""),
            can_undo=bool(self.history) or self.pending is not None or bool(self.selected),
            can_hint=self.your_turn and self.job is None, can_review=rnd.is_over and self.job is None and not (
                self.review_result is not None and self.review_result.number == self.match.round_number),
            log=tuple(self.move_log()), level=self.level,
            levels=tuple(OptionView(name, name) for name in self.levels),
            rule_sets=tuple(OptionView(name, r.title) for name, r in PRESETS.items()),
            confirm_new=self.confirm_new,
        )

    def _last_moves(self) -> tuple[LastMoveView, ...]:
        """The other seats' moves since your last move in this round, in order."""
        history = self.round.history()
        mine = [i for i, turn in enumerate(history) if turn.seat == self.seat]
        start = mine[-1] + 1 if mine else 0
        out = []
        for s, move, before in ((turn.seat, turn.move, turn.before) for turn in history[start:]):
            taken = before.piles[move.draw][-1] if move.draw not in (None, "deck") else None
            out.append(LastMoveView(s, self.seat_name(s), move.kind, str(move.card), move.card.suit, move.draw,
                                    str(taken) if taken else None, self._move_words(before, move, s) + "."))
        return tuple(out)

    def _round_over(self) -> RoundOverView:
        rnd, rules = self.round, self.rules
        number = self.match.round_number
        sides = []
        for side in range(rules.sides):
            board = rnd.score_breakdown(side)
            lines = tuple(ExpeditionLine(e.suit, suit_mark(e.suit), tuple(card_view(c) for c in e.cards),
                                         e.explain() if e.started else "not started: 0", e.total)
                          for e in board.expeditions)
            sides.append(BreakdownView(self.side_name(side), self.side_role(side), board.total, lines))
        rows = [MatchRow(f"Round {i}", tuple(r.scores()) if r.is_over else tuple(None for _ in range(rules.sides)))
                for i, r in enumerate(self.match.rounds, start=1)]
        rows.append(MatchRow("Total", tuple(self.match.totals)))
        over = self.match.is_over
        reason = END_REASONS.get(rnd.end_reason or "", rnd.end_reason or "")
        result = self._result_words() if over else f"Round {number} of {self.match.rounds_to_play} is over."
        return RoundOverView(number, reason[0].upper() + reason[1:] + ".", tuple(sides),
                             tuple(self.side_name(s) for s in range(rules.sides)), tuple(rows), over, result,
                             "New game" if over else "Continue")

    def move_log(self) -> list[str]:
        """Every move of the match so far in words, one line each, oldest first."""
        lines: list[str] = []
        for number, rnd in enumerate(self.match.rounds, start=1):
            key = (number, len(rnd.moves))
            cached = self._logs.get(key) if rnd.is_over else None
            if cached is None:
                cached = [f"Round {number}"]
                for turn in rnd.history():
                    cached.append(self._move_words(turn.before, turn.move, turn.seat))
                if rnd.is_over:
                    scores = ", ".join(f"{self.side_name(s)} {p}" for s, p in enumerate(rnd.scores()))
                    cached.append(f"Round {number} over: {scores}")
                    self._logs[key] = cached
            lines += cached
        return lines


# --- helpers ---------------------------------------------------------------------------------------

def _fresh_seed() -> int:
    """A seed for a new deal: random, and kept in the match (and its record) so that the game replays."""
    return random.randrange(1, 1_000_000)


def _checked_colours(colours: str) -> str:
    if colours not in COLOURS:
        raise ExpeditionsError(f"{colours!r} is not a choice of deck colours: {' or '.join(map(repr, COLOURS))}")
    return colours


def _reason(text: str) -> str:
    """A hint's reason beside its move: "discards 2♥: it no longer fits ..." without the "discards 2♥" its line says."""
    return re.sub(r"^discards [^:]+: ", "", text)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _number(x: float) -> str:
    """A number of points as a hint shows it: one decimal below 10, whole above (``4.7``, ``-12``, ``80``)."""
    return f"{x:.1f}" if abs(x) < 9.95 else f"{x:.0f}"


def _points(value: float, low: float, high: float) -> str:
    """A value with its 95% interval: ``+4.7 [1.8, 7.7]``."""
    return f"{'+' if value > 0 else ''}{_number(value)} [{_number(low)}, {_number(high)}]".replace("-", "−")


def _versus(group: str, difference: Estimate) -> str:
    """How a move compares with the best, in words (``difference`` is its value minus the best's, an ``Estimate``)."""
    if group == BEST:
        return ""
    if group == WORSE:
        points = _number(-difference.value)
        return (f"{points} point{'' if points == '1.0' else 's'} worse [{_number(-difference.high)}, "
                f"{_number(-difference.low)}]").replace("-", "−")
    return "about as good"


def _turns_between(earlier: Match, later: Match) -> list[Turn[Round]]:
    """The moves made from ``earlier`` to ``later`` (the same round, or into the rounds after it)."""
    first = len(earlier.rounds) - 1
    return [turn for k in range(first, len(later.rounds))
            for turn in later.rounds[k].history()[len(earlier.rounds[k].moves) if k == first else 0:]]


__all__ = ["COLOURS", "RECORD_KEY", "Job", "Session", "TableView", "card_words", "move_words", "suit_mark", "symbolize"]
