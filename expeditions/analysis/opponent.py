"""The opponent: what a discard feeds them, and what taking a pile card is worth.

- ``discard_values``: for every card in your hand, what discarding it (and drawing off the deck)
  feeds the other side: their expected final score when the card goes onto its pile, minus the same
  when it leaves the game instead (so they cannot take it), paired by position, beside what they can
  see now (can they still lay it, have they started its suit, how many unseen cards lie between
  their top and it);
- ``pile_values``: with the counting policy's own card this turn, what taking each pile's top card
  is worth against drawing blind off the deck, on the score difference and on the plays left to
  each side (a card taken off a pile leaves the deck as it is, so the round lasts a turn longer);
- who holds the cards you wait for is ``inference.holding_chances``.

Both play the round out with the counting policy for both sides (``rollouts``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..cards import Card
from ..engine import fits
from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..round import Round
from ..rules import Rules
from .inference import opponent_of
from .rollouts import PIECE, Option, Rollouts, answers, last, moving_observation, policy_move
from .situation import HandLike, observation_for
from .stats import Estimate
from .tables import html_table, text_table


@dataclass(frozen=True)
class DiscardValue:
    """What discarding ``card`` feeds the other side: ``feed`` (their final score when it goes onto
    the pile, minus when it leaves the game), ``difference`` (your score difference when you
    discard it); what they can see now: ``they_can_lay`` it, ``they_started`` its suit, ``between``
    (unseen numbers between their top and it)."""

    card: Card
    feed: Estimate
    difference: Estimate
    they_can_lay: bool
    they_started: bool
    between: int


@dataclass(frozen=True)
class DiscardValues:
    rules: Rules
    seat: int
    rows: tuple[DiscardValue, ...]
    positions: int
    seconds: float

    @property
    def width(self) -> float:
        return max(r.feed.half_width for r in self.rows)

    def get(self, card: Card | str) -> DiscardValue:
        for r in self.rows:
            if str(r.card) == str(card).upper():
                return r
        raise AnalysisError(f"{card} is not in the hand: the cards are {' '.join(str(r.card) for r in self.rows)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"card": str(r.card), "feed": r.feed.value, "feed_low": r.feed.low, "feed_high": r.feed.high,
                 "difference": r.difference.value, "they_can_lay": r.they_can_lay, "they_started": r.they_started,
                 "between": r.between} for r in self.rows]

    def _cells(self) -> tuple[str, list[str], list[list[str]], list[str]]:
        title = f"What each discard of seat {self.seat} feeds the other side ({self.positions:,} positions, {self.seconds:.1f} s)"
        columns = ["discard", "feeds them", "your score difference", "they can lay it", "unseen cards between"]
        lines = [[str(r.card), r.feed.format(), r.difference.format(),
                  ("yes, on their expedition" if r.they_started else "yes, to start it") if r.they_can_lay else "no",
                  str(r.between) if r.they_can_lay and r.they_started else ""] for r in self.rows]
        notes = ["Feeds them: their expected final score when the card goes onto its pile, minus the same when it leaves "
                 "the game instead (paired by position; you draw off the deck either way)."]
        return title, columns, lines, notes

    def __str__(self) -> str:
        return text_table(*self._cells())

    def _repr_html_(self) -> str:
        return html_table(*self._cells(), css="xp-answer-discards")


def _visible_facts(obs: Observation, card: Card, other: int) -> tuple[bool, bool, int]:
    side = obs.rules.side_of(other)
    laid = obs.expedition(side, card.suit)
    top = max((c.value for c in laid if not c.is_investment), default=0)
    can = fits(card, laid)
    between = sum(1 for c in obs.unseen if c.suit == card.suit and not c.is_investment and top < c.value < card.value)
    return can, bool(laid), between


def iter_discard_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                        precision: float = 1.0, time_limit: float = 30.0, seed: int = 0, first: int = 4 * PIECE,
                        max_positions: int = 64 * PIECE, executor: Executor | None = None, workers: int | None = 1,
                        progress: bool = False, on_update: Callable[[DiscardValues], None] | None = None) -> Iterator[DiscardValues]:
    """``discard_values``, ever more precise."""
    obs = moving_observation(observation_for(what, rules, seat))
    if obs.rules.discards_leave_game:
        raise AnalysisError(f"in the {obs.rules.name} rules a discard leaves the game: it feeds nobody")
    other = opponent_of(obs)
    draw = "deck" if obs.deck_size else None
    cards = list(dict.fromkeys(obs.hand))
    options = []
    for c in cards:
        move = Move.discard(c, draw)
        options += [Option(f"discard {c}", (move,)), Option(f"remove {c}", (move,), remove=True)]
    other_side = obs.rules.side_of(other)

    def summarize(collected: Rollouts) -> DiscardValues:
        rows = []
        for k, c in enumerate(cards):
            onto, gone = collected.data["scores"][2 * k][:, other_side], collected.data["scores"][2 * k + 1][:, other_side]
            rows.append(DiscardValue(c, collected.mean(onto - gone), collected.mean(collected.difference(2 * k)),
                                     *_visible_facts(obs, c, other)))
        rows.sort(key=lambda r: r.feed.value)
        return DiscardValues(obs.rules, obs.seat, tuple(rows), collected.positions, collected.seconds)

    return answers(obs, tuple(options), summarize, lambda v: v.width, precision=precision, time_limit=time_limit, seed=seed,
                   first=first, max_positions=max_positions, executor=executor, workers=workers, progress=progress,
                   description="discards", on_update=on_update)


def discard_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                   precision: float = 3.0, time_limit: float = 2.0, seed: int = 0, first: int = 4 * PIECE,
                   max_positions: int = 64 * PIECE, executor: Executor | None = None, workers: int | None = 1,
                   progress: bool = False, on_update: Callable[[DiscardValues], None] | None = None) -> DiscardValues:
    """What discarding each card of your hand feeds the other side (see the module docs), cheapest
    first, until every interval is within ``±precision`` points or ``time_limit`` seconds."""
    return last(iter_discard_values(what, rules, seat=seat, precision=precision, time_limit=time_limit, seed=seed, first=first,
                                    max_positions=max_positions, executor=executor, workers=workers, progress=progress,
                                    on_update=on_update))


@dataclass(frozen=True)
class PileValue:
    """Drawing from ``source`` (``"deck"`` or a suit letter) after this turn's card: ``card`` the card
    taken (``None`` off the deck), ``difference`` (your final score minus theirs), ``gain`` against
    drawing off the deck (paired by position), and the plays left to you and to them from this turn
    on (``your_plays``, ``their_plays``)."""

    source: str
    card: Card | None
    difference: Estimate
    gain: Estimate
    your_plays: Estimate
    their_plays: Estimate


@dataclass(frozen=True)
class PileValues:
    rules: Rules
    seat: int
    move: Move
    rows: tuple[PileValue, ...]
    positions: int
    seconds: float

    @property
    def width(self) -> float:
        return max(r.gain.half_width for r in self.rows)

    def get(self, source: str) -> PileValue:
        for r in self.rows:
            if r.source == source.upper() or r.source == source.lower():
                return r
        raise AnalysisError(f"no draw from {source!r}: the choices are {', '.join(r.source for r in self.rows)}")

    def records(self) -> list[dict[str, Any]]:
        return [{"source": r.source, "card": "" if r.card is None else str(r.card), "difference": r.difference.value,
                 "gain": r.gain.value, "gain_low": r.gain.low, "gain_high": r.gain.high, "your_plays": r.your_plays.value,
                 "their_plays": r.their_plays.value} for r in self.rows]

    def _cells(self) -> tuple[str, list[str], list[list[str]], list[str]]:
        kind, card = self.move.kind, self.move.card
        title = (f"Seat {self.seat} {'lays' if kind == 'play' else 'discards'} {card} (the counting policy's card), then "
                 f"draws: a pile card or the deck ({self.positions:,} positions, {self.seconds:.1f} s)")
        columns = ["draw", "card", "score difference", "against the deck", "your plays left", "their plays left"]
        lines = [["the deck" if r.source == "deck" else f"pile {r.source}", "blind" if r.card is None else str(r.card),
                  r.difference.format(), "" if r.source == "deck" else r.gain.format(), r.your_plays.format(),
                  r.their_plays.format()] for r in self.rows]
        notes = ["A card off a pile leaves the deck as it is, so the round lasts one turn longer (which side gets it "
                 "depends on the cards left: see round_end); plays left count this turn."]
        return title, columns, lines, notes

    def __str__(self) -> str:
        return text_table(*self._cells())

    def _repr_html_(self) -> str:
        return html_table(*self._cells(), css="xp-answer-piles")


def iter_pile_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                     precision: float = 1.0, time_limit: float = 30.0, seed: int = 0, first: int = 4 * PIECE,
                     max_positions: int = 64 * PIECE, executor: Executor | None = None, workers: int | None = 1,
                     progress: bool = False, on_update: Callable[[PileValues], None] | None = None) -> Iterator[PileValues]:
    """``pile_values``, ever more precise."""
    obs = moving_observation(observation_for(what, rules, seat))
    if not obs.deck_size or not obs.rules.draw_from_piles:
        raise AnalysisError("there is no draw to choose: " + ("the deck is empty" if not obs.deck_size
                                                              else f"the {obs.rules.name} rules draw only off the deck"))
    own = policy_move(obs)
    kind, card = own.kind, own.card
    sources = ["deck"] + [s for s in obs.rules.suits if obs.pile(s) and not (kind == "discard" and s == card.suit)]
    options = tuple(Option(f"{kind} {card}, draw {s}", (Move.of(kind, card, s),)) for s in sources)
    other = opponent_of(obs)

    def summarize(collected: Rollouts) -> PileValues:
        plays = collected.data["plays"]
        deck = collected.difference(0)
        rows = []
        for j, s in enumerate(sources):
            d = collected.difference(j)
            rows.append(PileValue(s, None if s == "deck" else obs.pile(s)[-1], collected.mean(d),
                                  Estimate.exact(0.0) if j == 0 else collected.mean(d - deck),
                                  collected.mean(plays[j][:, obs.seat]), collected.mean(plays[j][:, other])))
        return PileValues(obs.rules, obs.seat, own, tuple(rows), collected.positions, collected.seconds)

    return answers(obs, options, summarize, lambda v: v.width, precision=precision, time_limit=time_limit, seed=seed,
                   first=first, max_positions=max_positions, executor=executor, workers=workers, progress=progress,
                   description="piles", on_update=on_update)


def pile_values(what: HandLike | Round | Observation, rules: Rules | str | None = None, *, seat: int | None = None,
                precision: float = 3.0, time_limit: float = 2.0, seed: int = 0, first: int = 4 * PIECE,
                max_positions: int = 64 * PIECE, executor: Executor | None = None, workers: int | None = 1,
                progress: bool = False, on_update: Callable[[PileValues], None] | None = None) -> PileValues:
    """With the counting policy's own card this turn, what drawing each pile's top is worth against
    drawing off the deck, counting the turn it adds to the round (see the module docs)."""
    return last(iter_pile_values(what, rules, seat=seat, precision=precision, time_limit=time_limit, seed=seed, first=first,
                                 max_positions=max_positions, executor=executor, workers=workers, progress=progress,
                                 on_update=on_update))
