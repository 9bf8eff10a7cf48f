"""A match: rounds in a row, their totals, who starts each round, and who wins.

Who starts the next round is the rule set's ``starter``: ``"rotate"`` moves the start one seat on
each round (a convention: the documents that use it do not say); ``"loser-starts"`` is document
000's "Wer eine Runde gewonnen hat ..., gibt die nächste – so beginnt der Verlierer. Nach einer
unentschiedenen Runde gibt der andere Spieler." The match lasts ``rounds`` rounds; with ``tie =
"extra-round"`` a tied total after them brings one more round ("Bei Gleichstand spielt ihr eine
vierte Runde"); any tie left at the end is a shared win.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from .arguments import Seed, shown
from .arguments import seat as checked_seat
from .arguments import seed as checked_seed
from .cards import Card, parse_cards
from .errors import ArgumentError, MatchError, PositionError
from .moves import Move
from .observation import Observation
from .round import Deal, Round, _rules_of, shuffled_deck, start_round
from .rules import Rules
from .start import deck_problem, first_to_move


class Match:
    """An immutable match. ``rounds`` holds every round so far, the last one being the current one."""

    __slots__ = ("decks", "first_starter", "rounds", "rules", "seed")

    def __init__(self, rules: Rules, seed: Seed, first_starter: int,
                 decks: tuple[tuple[Card, ...], ...], rounds: tuple[Round, ...]) -> None:
        self.rules = rules
        self.seed = seed
        self.first_starter = first_starter
        self.decks = decks
        self.rounds = rounds

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def round_number(self) -> int:
        """1 for the first round."""
        return len(self.rounds)

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's total over the finished rounds (the current one counts once it is over)."""
        sums = [0] * self.rules.sides
        for rnd in self.rounds:
            if rnd.is_over:
                sums = [a + b for a, b in zip(sums, rnd.scores(), strict=True)]
        return tuple(sums)

    @property
    def rounds_to_play(self) -> int:
        """Rounds this match lasts as things stand (one more when ``extra-round`` breaks a tie)."""
        planned = self.rules.rounds
        finished = [r for r in self.rounds if r.is_over]
        if self.rules.tie == "extra-round" and self.rules.sides > 1 and len(finished) >= planned:
            totals = _sum_scores(finished[:planned], self.rules.sides)
            if totals.count(max(totals)) > 1:
                return planned + 1
        return planned

    @property
    def is_over(self) -> bool:
        return self.current.is_over and len(self.rounds) >= self.rounds_to_play

    def winners(self) -> tuple[int, ...]:
        """The sides with the highest total (several share the win)."""
        totals = self.totals
        return tuple(i for i, t in enumerate(totals) if t == max(totals))

    def starter_of_next(self) -> int:
        """The seat that starts the next round."""
        rules = self.rules
        if rules.starter == "rotate":
            return (self.first_starter + len(self.rounds)) % rules.players
        previous = self.current
        winners = previous.winners()
        if len(winners) == 1:
            return 1 - winners[0]  # the winner deals, so the loser starts
        return 1 - first_to_move(previous.start)  # after a tie the other player deals

    def play(self, move: Move | str) -> Match:
        """The match after a move in the current round."""
        return self._with_current(self.current.play(move))

    def undo(self, count: int = 1) -> Match:
        """Undo moves of the current round (a finished round stays finished once the next is dealt)."""
        return self._with_current(self.current.undo(count))

    def next_round(self) -> Match:
        """Deal the next round; the current one must be over and the match not."""
        if not self.current.is_over:
            raise MatchError(f"round {self.round_number} is still being played: finish it before the next is dealt")
        if self.is_over:
            raise MatchError(f"the match is over after {self.round_number} round(s): no round is left to deal")
        k = len(self.rounds)
        deck = self.decks[k] if k < len(self.decks) else shuffled_deck(self.rules, _round_seed(self.seed, k))
        return Match(self.rules, self.seed, self.first_starter, self.decks,
                     self.rounds + (start_round(self.rules, Deal(deck, self.starter_of_next())),))

    def observation(self, seat: int | None = None) -> Observation:
        """What ``seat`` may know of the current round, with the totals of the finished rounds."""
        finished = _sum_scores([r for r in self.rounds[:-1]], self.rules.sides)
        return replace(self.current.observation(seat), totals=tuple(finished))

    def _with_current(self, rnd: Round) -> Match:
        return Match(self.rules, self.seed, self.first_starter, self.decks, self.rounds[:-1] + (rnd,))

    def to_json(self, **extra: Any) -> str:
        from .record import dumps

        return dumps(self, **extra)

    def __repr__(self) -> str:
        state = f"over, winners {list(self.winners())}" if self.is_over else f"round {self.round_number}"
        return f"<Match {self.rules.label}: {state}, totals {list(self.totals)}>"

    def __str__(self) -> str:
        from .display import match_text

        return match_text(self)

    def _repr_html_(self) -> str:
        from .display import match_html

        return match_html(self)


def match_of(game: Round | Match) -> Match:
    """A match that goes on from ``game``; a round becomes the first round of a match that it starts (the later
    rounds of a dealt one shuffled afresh)."""
    if isinstance(game, Match):
        return game
    start = game.start
    decks = (start.deck,) if isinstance(start, Deal) else ()
    return Match(game.rules, None, first_to_move(start), decks, (game,))


def _sum_scores(rounds: Sequence[Round], sides: int) -> list[int]:
    totals = [0] * sides
    for rnd in rounds:
        totals = [a + b for a, b in zip(totals, rnd.scores(), strict=True)]
    return totals


def _round_seed(seed: Seed, k: int) -> Seed:
    return None if seed is None else f"{seed}/{k}"


def new_match(rules: Rules | str | None = None, seed: Seed = None, *, starter: int = 0,
              decks: Iterable[str | Iterable[str | Card]] | None = None) -> Match:
    """Start a match: round ``k`` is shuffled by ``random.Random(f"{seed}/{k}")``, or its deck is
    ``decks[k]`` (top card first) when decks are given. ``starter`` starts the first round."""
    r = _rules_of(rules)
    checked_seat(starter, r.players, "starter", error=PositionError, rules_name=r.name)
    checked_seed(seed)
    if decks is not None and (isinstance(decks, str) or not isinstance(decks, Iterable)):
        raise ArgumentError(f"decks is a list with one deck order per round, got {shown(decks)}")
    orders = tuple(tuple(parse_cards(d)) for d in decks) if decks is not None else ()
    for i, order in enumerate(orders):
        problem = deck_problem(r, order, f"deck {i + 1}")
        if problem:
            raise PositionError(problem)
    first = orders[0] if orders else shuffled_deck(r, _round_seed(seed, 0))
    return Match(r, seed, starter, orders, (start_round(r, Deal(first, starter)),))
