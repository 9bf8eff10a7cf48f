"""Hints and reviews: the Expert's ranking of moves, with reasons in words.

``rank_moves(observation)`` examines every legal move the way the Expert does (determinized
Monte Carlo over the hidden cards, see ``expert``) and returns them with the Expert's own move
first, then the others best first, each with the estimated final score difference for the
mover's side against the best other side (in the solitaire: the expected own score), its 95%
interval, and a short reason: what the move opens or adds to, what it feeds the opponent, what
it draws, and how many plays are left. ``hint_table(ranked)`` shows such a list as a table.

``review(round, seat)`` goes through a round (finished or not) and sets each of ``seat``'s moves
beside the Expert's choice in the same position, with the points the Expert estimates were lost.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from html import escape

from ..arguments import seat as checked_seat
from ..cards import SUITS, Card
from ..engine import Action, action_of, move_of
from ..estimate import mean_of
from ..moves import Move
from ..observation import Observation
from ..progress import progress_bar
from .base import RoundLike
from .expert import DEFAULT_CANDIDATES, DEFAULT_HORIZON, DEFAULT_ROLLOUTS, Candidate, Expert, Search
from .heuristic import Scorer, Sight
from .policies import plays_left


@dataclass(frozen=True)
class RankedMove:
    """One legal move as the Expert sees it: ``value`` is the estimated final score difference for
    the mover's side against the best other side (the expected own score in the solitaire), with
    its 95% interval ``low``..``high``; ``samples`` the determinizations it was played in."""

    move: Move
    value: float
    low: float
    high: float
    reason: str
    samples: int

    def __str__(self) -> str:
        return f"{self.move}: {self.value:+.1f} [{self.low:+.1f}, {self.high:+.1f}] ({self.reason})"


def rank_moves(observation: Observation, *, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS, samples: int = 24,
               candidates: int = DEFAULT_CANDIDATES, horizon: int | None = DEFAULT_HORIZON) -> list[RankedMove]:
    """Every legal move of ``observation``'s seat by the Expert's estimate: first the move that
    ``Expert(seed)`` plays here (its search, with ``rollouts``, ``candidates`` and ``horizon``), then
    every other move by its mean result, best first.

    Every move is played in at least ``samples`` determinizations, the same ones for all; the moves
    the Expert's search examined have more, so their intervals are narrower. The Expert keeps the
    Heuristic's choice unless another move beats it clearly, so a move further down may show a
    slightly higher mean within the noise.
    """
    expert = Expert(seed, rollouts=rollouts, candidates=candidates, horizon=horizon)
    search, examined = expert.search(observation)
    chosen = examined[0]
    scorer = Scorer(search.sight)
    seen = {c.action for c in examined}
    others = examined[1:] + [Candidate(a, prior=scorer.score(a)) for a in search.legal if a not in seen]
    for c in [chosen, *others]:
        if len(c.results) < samples:
            search.extend(c, samples - len(c.results))
    others.sort(key=lambda c: (-c.mean, -c.prior))
    return [_ranked(search, c) for c in [chosen, *others]]


def _ranked(search: Search, c: Candidate) -> RankedMove:
    low, high = c.interval()
    move = _move(search.sight, c.action)
    return RankedMove(move, c.mean, low, high, reason(search.observation, move), len(c.results))


def _move(sight: Sight, action: Action) -> Move:
    return move_of(sight.f.spec, action)


# --- reasons in words ---------------------------------------------------------------------------------
def _name(suit: str) -> str:
    return SUITS[suit].name


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(map(str, cards))


def _top(cards: Sequence[Card]) -> int:
    return max((c.value for c in cards), default=0)


def _other_sides(obs: Observation) -> list[int]:
    return [o for o in range(obs.rules.sides) if o != obs.side]


def _opponent(obs: Observation) -> str:
    return "the other team" if obs.rules.partnerships else "your opponent"


def _own(obs: Observation) -> str:
    return "your team's" if obs.rules.partnerships else "your"


def reason(obs: Observation, move: Move) -> str:
    """A short reason in words for ``move`` in ``obs``: what it opens or adds to, what a discard
    feeds the other side, what it draws, and how many plays are left."""
    parts = [_what_it_does(obs, move)]
    if move.kind == "discard":
        parts.append(_what_it_feeds(obs, move.card))
    if move.draw is not None and move.draw != "deck":
        parts.append(_what_it_takes(obs, move))
    parts.append(_plays_left(obs))
    return "; ".join(p for p in parts if p)


def _what_it_does(obs: Observation, move: Move) -> str:
    if move.kind == "pass":
        return f"hands {_cards(move.cards)} to your partner and spares a discard"
    card = move.card
    suit = card.suit
    laid = obs.expedition(obs.side, suit)
    held = [c for c in obs.hand if c.suit == suit and c != card]
    if move.kind == "play":
        if card.is_investment:
            numbers = sum(c.value for c in held if c.value > _top(laid))
            investments = sum(c.is_investment for c in laid) + 1
            return (f"lays an investment on {_name(suit)} (×{investments + 1}): "
                    f"{numbers} in {_name(suit)} numbers in hand to back it")
        if not laid:
            numbers = sum(c.value for c in held if c.value > card.value) + card.value
            later = [c for c in held if c.value > card.value]
            rest = f", {_cards(later)} to follow" if later else ""
            return f"opens {_name(suit)} with {card}{rest} ({numbers} in numbers against the cost of {obs.rules.cost})"
        skipped = _live_between(obs, suit, _top(laid), card.value)
        skip = f", giving up {_cards(skipped)}" if skipped else ""
        return f"adds {card} to {_own(obs)} {_name(suit)} ({len(laid) + 1} cards){skip}"
    top = _top(laid)
    still_fits = top == 0 if card.is_investment else card.value > top
    if not laid:
        why = f"you have not started {_name(suit)}"
    elif still_fits:
        why = f"gives up a card {_own(obs)} {_name(suit)} could still take"
    else:
        why = f"it can no longer go on {_own(obs)} {_name(suit)}"
    return f"discards {card}: {why}"


def _live_between(obs: Observation, suit: str, low: int, high: int) -> list[Card]:
    """Numbers of ``suit`` between ``low`` and ``high`` that could still come to this seat."""
    gone = {c for side in obs.expeditions for exp in side for c in exp} | set(obs.removed)
    wanted = [c for c in obs.rules.deck if c.suit == suit and not c.is_investment and low < c.value < high and c not in gone]
    return sorted(set(wanted), key=lambda c: c.value)


def _what_it_feeds(obs: Observation, card: Card) -> str:
    if obs.rules.discards_leave_game:
        return "the card leaves the game"
    for o in _other_sides(obs):
        laid = obs.expedition(o, card.suit)
        top = _top(laid)
        if laid and (top == 0 if card.is_investment else card.value > top):
            return f"it feeds {_opponent(obs)}: their {_name(card.suit)} expedition stands at {top or 'investments only'} and can take it"
    if any(obs.expedition(o, card.suit) for o in _other_sides(obs)):
        return f"safe: {_opponent(obs)} {'is' if not obs.rules.partnerships else 'are'} past it"
    known = [c for s, cards in enumerate(obs.known) if s != obs.seat and obs.rules.side_of(s) != obs.side for c in cards
             if c.suit == card.suit]
    if known:
        return f"{_opponent(obs)} has not started {_name(card.suit)} but holds {_cards(known)}"
    return f"{_opponent(obs)} has not started {_name(card.suit)}"


def _what_it_takes(obs: Observation, move: Move) -> str:
    assert move.draw is not None
    pile = obs.pile(move.draw)
    if not pile:
        return ""
    card = pile[-1]
    laid = obs.expedition(obs.side, card.suit)
    if move.kind == "play" and move.card.suit == card.suit:
        laid = (*laid, move.card)
    fits = (card.is_investment and _top(laid) == 0) or (not card.is_investment and card.value > _top(laid))
    wanted = [o for o in _other_sides(obs) if obs.expedition(o, card.suit)
              and not card.is_investment and card.value > _top(obs.expedition(o, card.suit))]
    bits = [f"takes {card} off the {_name(card.suit)} pile"]
    if fits and laid:
        bits.append(f"it fits {_own(obs)} {_name(card.suit)}")
    if wanted:
        bits.append(f"keeps it from {_opponent(obs)}")
    bits.append("and spares the deck a card")
    return ", ".join(bits[:-1]) + " " + bits[-1] if len(bits) > 1 else bits[0]


def _plays_left(obs: Observation) -> str:
    rules = obs.rules
    if not obs.deck_size:
        return f"the deck is empty: {len(obs.hand)} card{'s' if len(obs.hand) != 1 else ''} left to play" if rules.play_on_after_deck \
            else "the deck is empty"
    left = plays_left(obs.deck_size, rules.players, len(obs.hand), rules.play_on_after_deck)
    each = "" if rules.players == 1 else " each"
    return f"{obs.deck_size} in the deck: about {left} play{'s' if left != 1 else ''} left{each}"


# --- a table of hints ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class HintTable:
    """Ranked moves as a table (``_repr_html_`` in a notebook, text with ``print``)."""

    moves: tuple[RankedMove, ...]

    def __iter__(self) -> Iterator[RankedMove]:
        return iter(self.moves)

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, i: int) -> RankedMove:
        return self.moves[i]

    def _rows(self) -> list[list[str]]:
        best = self.moves[0].value if self.moves else 0.0
        return [[str(i), str(m.move), f"{m.value:+.1f}", f"[{m.low:+.1f}, {m.high:+.1f}]", f"{m.value - best:+.1f}", m.reason]
                for i, m in enumerate(self.moves, start=1)]

    _HEAD = ("#", "move", "value", "95% interval", "vs best", "why")

    def __str__(self) -> str:
        rows = [list(self._HEAD), *self._rows()]
        widths = [max(len(r[i]) for r in rows) for i in range(len(self._HEAD) - 1)]
        return "\n".join("  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1] for r in rows)

    def _repr_html_(self) -> str:
        cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
        head = "".join(f"<th style='{cell}'>{escape(h)}</th>" for h in self._HEAD)
        body = "".join("<tr>" + "".join(f"<td style='{cell}'>{escape(c)}</td>" for c in r) + "</tr>" for r in self._rows())
        return f"<table style='border-collapse:collapse;font-family:sans-serif;font-size:13px'><tr>{head}</tr>{body}</table>"


def hint_table(ranked: Sequence[RankedMove], top: int | None = None) -> HintTable:
    """The ranked moves (the first ``top`` of them) as a table."""
    return HintTable(tuple(ranked[:top] if top is not None else ranked))


# --- reviews ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ReviewRow:
    """One move of the reviewed seat: the turn (1 for the round's first), the move played, the
    Expert's move, the points the Expert estimates it lost (0 when they agree) with its 95%
    interval, and the reason for the Expert's move."""

    turn: int
    played: Move
    expert: Move
    lost: float
    low: float
    high: float
    reason: str


@dataclass(frozen=True)
class Review:
    """Every move of ``seat`` in a round beside the Expert's choice; ``total`` is the points lost."""

    seat: int
    rows: tuple[ReviewRow, ...]

    @property
    def total(self) -> float:
        return sum(r.lost for r in self.rows)

    @property
    def agreed(self) -> int:
        """How many moves were the Expert's own choice."""
        return sum(r.played == r.expert for r in self.rows)

    def _cells(self) -> list[list[str]]:
        return [[str(r.turn), str(r.played), "=" if r.played == r.expert else str(r.expert),
                 f"{r.lost:.1f}" if r.played != r.expert else "0", r.reason] for r in self.rows]

    _HEAD = ("turn", "played", "Expert", "points lost", "why the Expert's move")

    def _summary(self) -> str:
        return (f"seat {self.seat}: {len(self.rows)} moves, {self.agreed} as the Expert would play; "
                f"about {self.total:.1f} points lost in all")

    def __str__(self) -> str:
        rows = [list(self._HEAD), *self._cells()]
        widths = [max(len(r[i]) for r in rows) for i in range(len(self._HEAD) - 1)]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r[:-1], widths, strict=True)) + "  " + r[-1] for r in rows]
        return "\n".join([self._summary(), *lines])

    def _repr_html_(self) -> str:
        cell = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"
        head = "".join(f"<th style='{cell}'>{escape(h)}</th>" for h in self._HEAD)
        body = "".join("<tr>" + "".join(f"<td style='{cell}'>{escape(c)}</td>" for c in r) + "</tr>" for r in self._cells())
        return (f"<div style='font-family:sans-serif'><b>{escape(self._summary())}</b>"
                f"<table style='border-collapse:collapse;font-size:13px'><tr>{head}</tr>{body}</table></div>")


def review(rnd: RoundLike, seat: int, *, seed: int = 0, rollouts: int = DEFAULT_ROLLOUTS, samples: int = 24,
           candidates: int = DEFAULT_CANDIDATES, horizon: int | None = DEFAULT_HORIZON, progress: bool = False) -> Review:
    """Each of ``seat``'s moves in ``rnd`` beside the Expert's choice in the same position.

    The Expert searches each position as it would in play (with ``rollouts``, ``candidates`` and
    ``horizon``, seeded from ``seed`` and the turn); the move played is then examined on the same
    determinizations as the Expert's move (at least ``samples`` of them), so the points lost (the
    Expert's move's mean result minus the played move's; 0 when they agree) compare like with like.
    """
    checked_seat(seat, rnd.rules.players)
    position = rnd.undo(len(rnd.moves))
    mine = [i for i in range(len(rnd.moves)) if _seat_of(rnd, i) == seat]
    rows = []
    with progress_bar(len(mine), "review", enabled=progress) as bar:
        for i, move in enumerate(rnd.moves):
            if i in mine:
                expert = Expert(seed * 1_000 + i, rollouts=rollouts, candidates=candidates, horizon=horizon)
                rows.append(_review_move(position.observation(seat), move, i + 1, expert, samples))
                bar.update(1)
            position = position.play(move)
    return Review(seat, tuple(rows))


def _seat_of(rnd: RoundLike, index: int) -> int:
    starter = getattr(rnd.start, "starter", getattr(rnd.start, "to_move", 0))
    return int((starter + index) % rnd.rules.players)


def _review_move(obs: Observation, played: Move, turn: int, expert: Expert, samples: int) -> ReviewRow:
    search, examined = expert.search(obs)
    best = examined[0]
    played_action = action_of(search.sight.f.spec, played)
    if played_action == best.action:
        return ReviewRow(turn, played, played, 0.0, 0.0, 0.0, reason(obs, played))
    mine = next((c for c in examined if c.action == played_action), None) or Candidate(played_action)
    n = max(samples, len(best.results), len(mine.results))
    for c in (best, mine):
        search.extend(c, n - len(c.results))
    lost = mean_of(best.results[k] - mine.results[k] for k in range(n))
    move = _move(search.sight, best.action)
    return ReviewRow(turn, played, move, max(0.0, lost.value), lost.low, lost.high, reason(obs, move))


__all__ = ["HintTable", "RankedMove", "Review", "ReviewRow", "hint_table", "rank_moves", "reason", "review"]
