"""A finished game as the store keeps it: its record, who played it how, its result, and what its review found.

``finished_game`` builds the entry for a game just played (the caller says the level, the seat, whether
Undo was used and how many hints were asked); ``imported_game`` builds it from a record read back from
a file, whose top-level field ``"played"`` carries the same details (an export writes it; the record
loader ignores it, so every exported record still replays on its own).

A game's ``key`` is a hash of its record's own content (rule set, seed, decks or start, moves,
results), so the same game kept or imported twice is one game, whatever notes or details ride along.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from ..arguments import flag, real_number, shown, whole_number
from ..arguments import seat as checked_seat
from ..errors import ArgumentError, RecordError
from ..estimate import Estimate
from ..match import Match
from ..record import RECORD_FIELDS, dumps, from_dict, loads, to_dict
from ..round import Round

Result = Literal["win", "loss", "tie"]
RESULTS: tuple[Result, ...] = ("win", "loss", "tie")
SHARES: dict[Result, float] = {"win": 1.0, "tie": 0.5, "loss": 0.0}
"""A result as a share of a win: a tie counts half, as everywhere in the package."""

PLAYED_KEY = "played"
"""The top-level field of an exported record that carries how the game was played (level, seat, dates, Undo,
hints, review)."""
PLAYED_FIELDS = ("level", "seat", "finished", "undo", "hints", "practice", "review")
SESSION_KEY = "session"
"""The top-level field in which the play app's saved records keep their seat and level (``expeditions.session``'s
``RECORD_KEY``): an import reads the seat and level there when a record has no ``"played"`` field."""
REVIEW_FIELDS = ("cost", "low", "high", "samples", "costly_moves", "par", "mistake_kinds")
KIND_LENGTH = 80
"""The longest name of a kind of mistake."""


@dataclass(frozen=True)
class ReviewFigures:
    """What a review of the game found, as the store keeps it.

    ``cost``: the points the costly moves cost in all, with its 95% interval; ``costly_moves``: how many
    moves cost points; ``par``: the review's par for the game, when it gives one; ``mistake_kinds``: each kind
    of mistake (a short category name of the review's) with the number of times it was made, most first.

    ``ReviewFigures.of`` also takes a plain mapping: ``{"cost": Estimate or number, "low": number, "high":
    number, "samples": whole number, "costly_moves": whole number, "par": number or None, "mistake_kinds": [...]}``,
    where ``low`` and ``high`` (the interval) are needed when the cost is a number, ``samples`` (how many samples
    the interval rests on) is optional, and the kinds of mistakes are a list of names (one per costly move, a name
    repeated as often as that mistake was made) or a mapping from name to times. ``to_dict`` gives that mapping.
    """

    cost: Estimate
    costly_moves: int
    par: float | None = None
    mistake_kinds: tuple[tuple[str, int], ...] = ()

    @classmethod
    def of(cls, figures: ReviewFigures | Mapping[str, Any]) -> ReviewFigures:
        """The figures given as ``ReviewFigures`` or as a plain mapping (see the class's docstring), checked."""
        if isinstance(figures, ReviewFigures):
            return figures
        if not isinstance(figures, Mapping):
            raise ArgumentError(f"a review's figures are ReviewFigures or a mapping with the fields {', '.join(REVIEW_FIELDS)}, "
                                f"got {shown(figures)}")
        unknown = [k for k in figures if k not in REVIEW_FIELDS]
        if unknown:
            raise ArgumentError(f"a review's figures have field(s) that mean nothing: {', '.join(map(repr, unknown))}; "
                                f"the fields are {', '.join(REVIEW_FIELDS)}")
        missing = [k for k in ("cost", "costly_moves") if k not in figures]
        if missing:
            raise ArgumentError(f"a review's figures lack {' and '.join(missing)}")
        cost = _cost(figures)
        costly = whole_number(figures["costly_moves"], "a review's costly_moves", least=0)
        par = figures.get("par")
        return cls(cost, costly, None if par is None else real_number(par, "a review's par"),
                   _kinds(figures.get("mistake_kinds", ())))

    @property
    def mistakes(self) -> int:
        """How many mistakes the kinds count in all."""
        return sum(n for _, n in self.mistake_kinds)

    def to_dict(self) -> dict[str, Any]:
        """The figures as plain data (what ``of`` reads back)."""
        return {"cost": self.cost.value, "low": self.cost.low, "high": self.cost.high, "samples": self.cost.samples,
                "costly_moves": self.costly_moves, "par": self.par, "mistake_kinds": dict(self.mistake_kinds)}


def _cost(figures: Mapping[str, Any]) -> Estimate:
    cost = figures["cost"]
    if isinstance(cost, Estimate):
        if any(k in figures for k in ("low", "high", "samples")):
            raise ArgumentError("a review's cost given as an Estimate carries its own interval: leave out low, high and samples")
        value, low, high, samples = cost.value, cost.low, cost.high, cost.samples
    else:
        value = real_number(cost, "a review's cost")
        if "low" not in figures or "high" not in figures:
            raise ArgumentError("a review's cost given as a number needs its 95% interval: give low and high too "
                                "(or give the cost as an Estimate)")
        low, high = real_number(figures["low"], "a review's low"), real_number(figures["high"], "a review's high")
        samples = whole_number(figures.get("samples", 0 if low == high else 1), "a review's samples", least=0)
    if not all(math.isfinite(x) for x in (value, low, high)) or not low <= value <= high:
        raise ArgumentError(f"a review's cost {value} must lie within its interval [{low}, {high}], all finite numbers")
    return Estimate(float(value), float(low), float(high), samples)


def _kinds(kinds: Any) -> tuple[tuple[str, int], ...]:
    """The kinds of mistakes, from a list of names or a mapping from name to times: most first, then by name."""
    counts: dict[str, int] = {}
    if isinstance(kinds, Mapping):
        pairs = [(name, whole_number(times, f"the times of the mistake {shown(name)}", least=1)) for name, times in kinds.items()]
    elif isinstance(kinds, list | tuple):
        pairs = [(name, 1) for name in kinds]
    else:
        raise ArgumentError(f"a review's mistake_kinds are a list of short names, or a mapping from name to times, got {shown(kinds)}")
    for name, times in pairs:
        if not isinstance(name, str) or not name.strip() or len(name) > KIND_LENGTH:
            raise ArgumentError(f"a kind of mistake is a short name (text of 1 to {KIND_LENGTH} characters), got {shown(name)}")
        counts[name.strip()] = counts.get(name.strip(), 0) + times
    return tuple(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


@dataclass(frozen=True)
class StoredGame:
    """One finished game: its ``record`` (JSON text that ``ex.loads`` replays), ``kind`` (``"round"`` or ``"match"``),
    ``rules`` (the rule set's name, with any overrides: ``Rules.label``), the ``level`` played against (``None`` when
    not known), the person's ``seat``, every side's ``scores`` (a match's totals), the seat's side's ``score``, its
    ``difference`` (its score minus the best other side's; ``None`` in the solitaire), the ``result`` from that side
    (``None`` in the solitaire), when it ``finished`` (UTC), whether Undo was used, how many hints were asked,
    whether it is ``practice`` (kept apart from the rated figures: every game with Undo is), and its review's
    figures once a review ran. ``stored`` is False while the game is kept in memory only (the database could not
    take it)."""

    key: str
    record: str = field(repr=False)
    kind: Literal["round", "match"]
    rules: str
    level: str | None
    seat: int
    scores: tuple[int, ...]
    score: int
    difference: int | None
    result: Result | None
    finished: datetime
    undo_used: bool
    hints: int
    practice: bool
    review: ReviewFigures | None = None
    stored: bool = True

    @property
    def rated(self) -> bool:
        """Counted in the rated figures: not practice, and against an opponent (not the solitaire)."""
        return not self.practice and self.result is not None

    @property
    def share(self) -> float | None:
        """The result as a share of a win (a tie counts half); ``None`` in the solitaire."""
        return None if self.result is None else SHARES[self.result]

    def game(self) -> Round | Match:
        """The game replayed from its record."""
        return loads(self.record)

    def played(self) -> dict[str, Any]:
        """How the game was played, as an exported record's ``"played"`` field holds it."""
        return {"level": self.level, "seat": self.seat, "finished": self.finished.isoformat(), "undo": self.undo_used,
                "hints": self.hints, "practice": self.practice, "review": None if self.review is None else self.review.to_dict()}

    def exported(self) -> dict[str, Any]:
        """The record as plain data with its ``"played"`` field: a record ``ex.loads`` replays on its own."""
        data: dict[str, Any] = json.loads(self.record)
        return data | {PLAYED_KEY: self.played()}

    def row(self) -> dict[str, Any]:
        """The game as one flat row of plain values (a DataFrame's row); the record itself is left out."""
        review = self.review
        return {"key": self.key, "finished": self.finished, "rules": self.rules, "level": self.level, "kind": self.kind,
                "seat": self.seat, "score": self.score, "difference": self.difference, "result": self.result,
                "share": self.share, "practice": self.practice, "undo_used": self.undo_used, "hints": self.hints,
                "reviewed": review is not None, "review_cost": None if review is None else review.cost.value,
                "review_low": None if review is None else review.cost.low,
                "review_high": None if review is None else review.cost.high,
                "costly_moves": None if review is None else review.costly_moves, "par": None if review is None else review.par,
                "stored": self.stored}


def content_key(game: Round | Match) -> str:
    """The hash of the game's record content (its own fields only, written one way): the same game, the same key."""
    text = json.dumps(to_dict(game), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def utc_moment(when: datetime | None) -> datetime:
    """``when`` (default: now) in UTC, to the second; a time without a zone is taken as local time."""
    if when is None:
        when = datetime.now(UTC)
    if not isinstance(when, datetime):
        raise ArgumentError(f"finished takes a datetime, got {shown(when)}")
    return when.astimezone(UTC).replace(microsecond=0)


def _outcome(game: Round | Match, seat: int) -> tuple[tuple[int, ...], int, int | None, Result | None]:
    rules = game.rules
    scores = game.totals if isinstance(game, Match) else game.scores()
    side = rules.side_of(seat)
    if rules.sides == 1:
        return tuple(scores), scores[side], None, None
    difference = scores[side] - max(s for i, s in enumerate(scores) if i != side)
    winners = game.winners()
    result: Result = "loss" if side not in winners else "win" if len(winners) == 1 else "tie"
    return tuple(scores), scores[side], difference, result


def _unfinished(game: Round | Match) -> str | None:
    """Why ``game`` is not finished, in words, or ``None`` when it is."""
    if isinstance(game, Match):
        if game.is_over:
            return None
        if game.current.is_over:
            return f"round {game.round_number} of the match is over, but the match goes on"
        return f"round {game.round_number} of the match is still being played"
    return None if game.is_over else "the round is still being played"


def finished_game(game: Round | Match, *, level: str | None, seat: int = 0, undo_used: bool = False, hints: int = 0,
                  practice: bool | None = None, finished: datetime | None = None,
                  review: ReviewFigures | Mapping[str, Any] | None = None, extra: Mapping[str, Any] | None = None) -> StoredGame:
    """The store's entry for a finished ``game`` (a ``Round`` or a ``Match``). ``practice`` defaults to ``undo_used``;
    a game with Undo is always practice. ``extra`` top-level fields (notes) are written into the record."""
    if not isinstance(game, Round | Match):
        raise ArgumentError(f"a finished game is a Round or a Match, got {shown(game)}")
    why = _unfinished(game)
    if why is not None:
        raise ArgumentError(f"only finished games are kept: {why}")
    if level is not None and (not isinstance(level, str) or not level.strip()):
        raise ArgumentError(f"level names the opponent's level as text (like 'Normal'), or is None, got {shown(level)}")
    checked_seat(seat, game.rules.players, rules_name=game.rules.name)
    undo = flag(undo_used, "undo_used")
    if practice is not None and not flag(practice, "practice") and undo:
        raise ArgumentError("a game in which Undo was used is practice: leave practice out, or give practice=True")
    scores, score, difference, result = _outcome(game, seat)
    return StoredGame(
        key=content_key(game), record=dumps(game, **dict(extra or {})), kind="match" if isinstance(game, Match) else "round",
        rules=game.rules.label, level=None if level is None else level.strip(), seat=seat, scores=scores, score=score,
        difference=difference, result=result, finished=utc_moment(finished), undo_used=undo,
        hints=whole_number(hints, "hints", least=0), practice=undo if practice is None else practice,
        review=None if review is None else ReviewFigures.of(review))


def imported_game(data: Any, *, finished: datetime) -> StoredGame:
    """The entry for a record read back as plain data: its ``"played"`` field gives how it was played. A record
    without one is kept as practice (whether Undo was used is not known), at ``finished``, with the seat and level of
    a play app's ``"session"`` field when it has them. Raises ``RecordError`` for a record that does not replay or
    is not finished, or whose ``"played"`` field is wrong."""
    game = from_dict(data)
    assert isinstance(data, dict)
    extra = {k: v for k, v in data.items() if k not in RECORD_FIELDS and k not in (PLAYED_KEY,)}
    played = data.get(PLAYED_KEY)
    try:
        if played is None:
            return finished_game(game, **_from_session(data.get(SESSION_KEY), game.rules.players), practice=True,
                                 finished=finished, extra=extra)
        return finished_game(game, **_from_played(played), extra=extra)
    except ArgumentError as e:
        where = "" if played is None else f'its "{PLAYED_KEY}" field: '
        raise RecordError(f"the record cannot be kept: {where}{e}") from None


def _from_session(settings: Any, players: int) -> dict[str, Any]:
    """The seat and level of a play app's saved settings, where they make sense (others are left out)."""
    if not isinstance(settings, dict):
        return {"level": None}
    seat, level = settings.get("seat"), settings.get("level")
    return {"level": level if isinstance(level, str) and level.strip() else None,
            "seat": seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < players else 0}


def _from_played(played: Any) -> dict[str, Any]:
    if not isinstance(played, dict):
        raise ArgumentError(f"it is an object with the fields {', '.join(PLAYED_FIELDS)}, got {shown(played)}")
    unknown = [k for k in played if k not in PLAYED_FIELDS]
    if unknown:
        raise ArgumentError(f"field(s) that mean nothing: {', '.join(map(repr, unknown))}; the fields are {', '.join(PLAYED_FIELDS)}")
    when = played.get("finished")
    try:
        moment = datetime.fromisoformat(when) if isinstance(when, str) else None
    except ValueError:
        moment = None
    if moment is None:
        raise ArgumentError(f"finished is a date and time like '2026-11-30T14:05:00+00:00', got {shown(when)}")
    return {"level": played.get("level"), "seat": played.get("seat", 0), "undo_used": played.get("undo", False),
            "hints": played.get("hints", 0), "practice": played.get("practice"), "finished": moment,
            "review": played.get("review")}


__all__ = [
    "PLAYED_KEY",
    "RESULTS",
    "SESSION_KEY",
    "SHARES",
    "Result",
    "ReviewFigures",
    "StoredGame",
    "content_key",
    "finished_game",
    "imported_game",
    "utc_moment",
]
