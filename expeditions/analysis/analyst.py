"""The analyst: one valuation of the moves of a position, under every piece of advice.

``analyse(observation)`` values every legal move of the seat to move from what that seat can see,
and every consumer asks it: the hints, the review (and its par), the explorer's *Which card?*, the
lessons' judgements and the Hard bot. How it values a move:

- it deals the cards the seat cannot see at random, every deal consistent with the observation
  (``Observation.sample_table``; the batch simulator's ``rollouts.sample_state`` deals the same
  way), and plays **every move on the same deals** (common random numbers), then the rest of the
  round with the counting policy for every seat. A move's result on a deal is the final score
  difference: the seat's side's score minus the best other side's (its own score in the
  solitaire). Rule sets the batch simulator plays run on it; the others, and an edition without
  numpy, on the engine (the same rounds, slower);
- it samples adaptively: every move first meets ``Effort.first`` deals; then each move still in
  contention gets as many more as its interval says it needs to reach ``Effort.precision`` (at most
  twice what it has: ``deals_wanted``), and again, until the best move is *separated* (every other
  move is worse), the rest are *settled* (each worse or about as good), every move left is measured to
  ``Effort.precision``, the deals reach ``Effort.most``, or ``Effort.seconds`` of processor time
  have passed. The answer says which of these happened (``Analysis.stop``);
- it reports every move as its **paired difference to the best**, with a 95% interval (Student's
  t over batches of ``BATCH`` deals, since single results are skewed by bonuses and multipliers).
  What is shown is what is ranked: the moves are in the order of their differences, the best's is 0
  and every other is at most 0, so a move shown higher is never ranked lower;
- a move is **about as good** as the best when its interval lies within ``Effort.tie`` points of 0
  either way, **worse** when its interval lies below 0, and **not decided** otherwise (a wide
  interval: the budget could not tell). Since it looks again after every round of deals, it stops
  giving a move deals only when a wider interval (``DECIDE`` times the 95% one) decides it, so
  that the intervals it shows keep their 95%;
- it is deterministic for a position and an effort: its deals are seeded from the position itself
  (``position_seed``), so a hint and a review of the same position give the same verdict.

Deals come in pieces of ``PIECE``; piece ``k`` of a position is always the same deals, so more
deals for a move extend what it has and every comparison stays paired.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Protocol

from ..arguments import real_number, shown, whole_number
from ..bots.heuristic import Scorer, sight_of
from ..engine import Table, action_of, move_of, spec_for
from ..errors import AnalysisError, ArgumentError
from ..estimate import Estimate, batch_means_estimate, proportion_estimate
from ..moves import Move
from ..observation import Observation
from ..round import deal
from .options import Option, play_option, side_result

if TYPE_CHECKING:  # the edition in the browser has no numpy: the batch simulator is imported where it plays
    from .batch import CountingState

PIECE = 64
"""Deals per piece: the unit in which moves get more deals."""
BATCH = 16
"""Deals per batch of the t interval (a piece holds four)."""

BEST, ABOUT_AS_GOOD, WORSE, UNDECIDED = "best", "about as good", "worse", "not decided"
VERDICTS = (BEST, ABOUT_AS_GOOD, WORSE, UNDECIDED)

ONLY_MOVE, SEPARATED, SETTLED, PRECISE, DEALS, TIME, CANCELLED = (
    "only move", "separated", "settled", "precise", "deals", "time", "cancelled")
STOPS = {
    ONLY_MOVE: "there was only one legal move",
    SEPARATED: "the best move is separated: every other move is worse",
    SETTLED: "every other move is settled: worse, or about as good as the best",
    PRECISE: "every move still open is measured to the precision asked for",
    DEALS: "the deals reached the budget's most",
    TIME: "the time budget ended",
    CANCELLED: "it was stopped before it was done",
}
"""Why an analysis stopped, in words."""


@dataclass(frozen=True)
class Effort:
    """How hard the analyst looks: ``first`` deals for every move, then more for the moves in contention (at
    most twice as many each time: ``deals_wanted``) up to ``most``; ``tie`` (points) is how close two moves'
    paired difference must be known to be, either way, to call them about as good; a move still undecided
    stops getting deals once its interval is within ``±precision``; ``seconds`` of processor time end it in
    any case; ``seed`` picks another set of deals for the same position; ``candidates`` (0: every legal
    move) limits the moves examined to that many of those the Heuristic's card counting ranks best, for
    positions with very many moves on the engine's slower playouts."""

    first: int = 128
    most: int = 2048
    tie: float = 2.0
    precision: float = 1.0
    seconds: float = 10.0
    seed: int = 0
    candidates: int = 0

    def __post_init__(self) -> None:
        for name in ("first", "most"):
            value = getattr(self, name)
            whole_number(value, name, least=PIECE)
            if value % PIECE:
                raise ArgumentError(f"{name} counts deals in pieces of {PIECE}, got {shown(value)}")
        if self.most < self.first:
            raise ArgumentError(f"most ({self.most}) must be at least first ({self.first})")
        real_number(self.tie, "tie", least=0)
        real_number(self.precision, "precision", above=0)
        real_number(self.seconds, "seconds", above=0)
        whole_number(self.seed, "seed", least=0)
        whole_number(self.candidates, "candidates", least=0)


HINT = Effort(first=64, most=4096, tie=2.0, precision=1.5)
"""The effort behind a hint and a review on the batch simulator: every move's paired interval within
±1.5 points of the best, or decided."""

ENGINE_HINT = Effort(first=64, most=256, tie=2.0, precision=3.0, seconds=1.5, candidates=8)
"""The same on the engine's playouts (rule sets the batch simulator cannot play, or no numpy), which are
some forty times slower: the eight moves the Heuristic ranks best, fewer deals, and the answer says how
far it got."""


def hint_effort(observation: Observation) -> Effort:
    """The effort of a hint and a review for this position: ``HINT`` where the batch simulator plays it,
    else ``ENGINE_HINT``."""
    return effort_for(observation, HINT, ENGINE_HINT)


def effort_for(observation: Observation, batch: Effort, engine: Effort) -> Effort:
    """``batch`` where the batch simulator plays this position's rule set here, else ``engine``."""
    return batch if batch_can_play(observed(observation)) else engine


def observed(observation: object) -> Observation:
    """``observation``, checked to be one (what the analyst values moves from)."""
    if not isinstance(observation, Observation):
        raise ArgumentError(f"the analyst values moves from an Observation (what a seat may know: round.observation(seat)), "
                            f"got {shown(observation)}")
    return observation


@dataclass(frozen=True)
class MoveVerdict:
    """One move as the analyst sees it: ``against_best`` is its final score difference less the best
    move's, paired deal by deal, with its 95% interval (exactly 0 for the best); ``value`` the final
    score difference it is expected to bring: the best move's value plus ``against_best``, its
    interval from both (so the values are in the order of the ranking); ``deals`` how many deals it
    was played on; ``verdict`` one of ``VERDICTS``; and, on its own deals, ``score`` (your final
    round score) and ``win`` (the chance to win the round, a tie counting half)."""

    move: Move
    against_best: Estimate
    deals: int
    verdict: str
    value: Estimate
    score: Estimate
    win: Estimate


@dataclass(frozen=True)
class Analysis:
    """The analyst's answer for one position: the moves ranked by their paired difference to the best
    (``moves``, best first), the best move's expected final score difference (``value``), why the
    analysis stopped (``stop``, one of ``STOPS``), the most deals a move met and the processor
    seconds it took, and what played the rounds out (``playouts``: ``"batch"`` or ``"engine"``)."""

    seat: int
    moves: tuple[MoveVerdict, ...]
    value: Estimate
    stop: str
    deals: int
    seconds: float = field(compare=False)
    effort: Effort
    playouts: str

    @property
    def best(self) -> MoveVerdict:
        return self.moves[0]

    def get(self, move: Move | str) -> MoveVerdict:
        """The verdict on ``move`` (a ``Move`` or its text)."""
        wanted = Move.parse(move) if isinstance(move, str) else move
        for verdict in self.moves:
            if verdict.move == wanted:
                return verdict
        raise AnalysisError(f"{wanted} is not a legal move here; the legal moves are {', '.join(str(v.move) for v in self.moves)}")

    def value_of(self, move: Move | str) -> float:
        """The final score difference the analyst expects after ``move``: the best move's value plus the
        move's paired difference to it (so the values are in the order of the ranking)."""
        return self.get(move).value.value

    @property
    def stop_words(self) -> str:
        return STOPS[self.stop]

    def __str__(self) -> str:
        lines = [f"{len(self.moves)} moves, {self.deals} deals at most ({self.playouts} playouts, {self.seconds:.2f} s): "
                 f"{self.stop_words}. Best: {self.best.move}, {self.value.format(1, sign=True)}."]
        for v in self.moves[1:]:
            lines.append(f"  {v.move}: {v.against_best.format(1, sign=True)} against the best, {v.verdict} ({v.deals} deals)")
        return "\n".join(lines)


# --- where the deals are played ------------------------------------------------------------------------
Results = list[tuple[list[int], list[int]]]
"""Per move: the final score difference and the seat's own final score on each deal, deal by deal."""


class Playouts(Protocol):
    """Plays moves out on the deals of some pieces: ``results(moves, pieces)`` gives, per move, the
    final score difference and the seat's own score on each deal of the pieces, piece after piece
    (the same deals for every move; piece ``k`` is always the same ``PIECE`` deals)."""

    name: str

    def results(self, moves: Sequence[Move], pieces: Sequence[int]) -> Results: ...


class EnginePlayouts:
    """Deals and playouts on the engine (any rule set, no numpy)."""

    name = "engine"

    def __init__(self, observation: Observation, seed: int) -> None:
        self.observation = observation
        self.seed = seed
        self._pieces: dict[int, list[Table]] = {}

    def results(self, moves: Sequence[Move], pieces: Sequence[int]) -> Results:
        obs = self.observation
        for piece in pieces:
            if piece not in self._pieces:
                self._pieces[piece] = [obs.sample_table(random.Random(f"{self.seed}:{piece}:{i}")) for i in range(PIECE)]
        tables = [t for piece in pieces for t in self._pieces[piece]]
        side = obs.side
        out: Results = []
        for move in moves:
            option = Option(str(move), (move,))
            differences, own = [], []
            for start in tables:
                table = play_option(start.clone(), obs, option)
                differences.append(side_result(table, side))
                own.append(table.scores()[side])
            out.append((differences, own))
        return out


class BatchPlayouts:
    """Deals and playouts on the batch simulator (two-player rule sets it plays; needs numpy)."""

    name = "batch"

    def __init__(self, observation: Observation, seed: int, executor: Executor | None = None, workers: int | None = 1) -> None:
        self.observation = observation
        self.seed = seed
        self.executor = executor
        self.workers = workers
        self._dealt: dict[int, CountingState] = {}
        """The pieces dealt so far and played in this process (each is dealt once here)."""
        compiled_here()

    def results(self, moves: Sequence[Move], pieces: Sequence[int]) -> Results:
        from .parallel import parallel_map, runs_here

        jobs = [BatchJob(self.observation, tuple(moves), self.seed, tuple(pieces[k:k + BATCH_PIECES]))
                for k in range(0, len(pieces), BATCH_PIECES)]
        if runs_here(self.executor, self.workers, len(jobs)):
            parts = [batch_results(job, self._dealt) for job in jobs]
        else:
            parts = parallel_map(batch_results, jobs, executor=self.executor, workers=self.workers if self.executor is None else None)
        return [([d for part in parts for d in part[j][0]], [o for part in parts for o in part[j][1]]) for j in range(len(moves))]


@cache
def compiled_here() -> None:
    """Have the compiled counting policy ready in this process before an analysis starts its clock: the
    first call compiles it (seconds) or reads it from numba's cache (about a second), and a first hint
    or a first move of Hard would otherwise spend its time budget on that instead of on deals. It plays
    one move of a fresh deal on one piece; later calls do nothing."""
    observation = deal(seed=0).observation()
    batch_results(BatchJob(observation, observation.legal_moves[:1], 0, (0,)))


BATCH_PIECES = 16
"""Pieces the batch simulator plays in one go (and one job of an executor)."""


@dataclass(frozen=True)
class BatchJob:
    """Moves to play on some pieces of a position's deals, on the batch simulator (picklable, for other processes)."""

    observation: Observation
    moves: tuple[Move, ...]
    seed: int
    pieces: tuple[int, ...]


def batch_results(job: BatchJob, dealt: dict[int, CountingState] | None = None) -> Results:
    """The results of ``job``'s moves on its pieces (piece ``k`` deals from the random stream ``[seed, k]``);
    ``dealt`` keeps the pieces dealt so far (by piece), to deal each one once."""
    import numpy as np

    from .batch import CountingState
    from .rollouts import play_options, sample_state

    obs = job.observation
    kept: dict[int, CountingState] = {} if dealt is None else dealt
    for piece in job.pieces:
        if piece not in kept:
            kept[piece] = sample_state(obs, PIECE, np.random.default_rng([job.seed, piece]))
    state = CountingState.concatenate([kept[piece] for piece in job.pieces])
    scores = play_options(obs, [Option(str(m), (m,)) for m in job.moves], state)["scores"]
    side = obs.side
    difference = scores[:, :, side] - scores[:, :, 1 - side]
    return [(row.tolist(), own.tolist()) for row, own in zip(difference, scores[:, :, side], strict=True)]


def batch_can_play(observation: Observation) -> bool:
    """Whether the batch simulator plays this position's rule set here (it needs numpy and numba)."""
    try:
        import numba  # noqa: F401  (the edition in the browser has neither)
        import numpy  # noqa: F401
    except ModuleNotFoundError:
        return False
    from .rollouts import batch_plays

    return batch_plays(observation.rules)


def playouts_for(observation: Observation, seed: int, executor: Executor | None = None, workers: int | None = 1) -> Playouts:
    """The batch simulator where it plays the rule set (its pieces on ``executor``, or ``workers`` local
    processes), else the engine (here)."""
    if batch_can_play(observation):
        return BatchPlayouts(observation, seed, executor, workers)
    return EnginePlayouts(observation, seed)


def position_seed(observation: Observation, seed: int = 0) -> int:
    """A seed drawn from the position itself (what the seat sees, in a fixed order) and ``seed``:
    the same position always meets the same deals."""
    def cards(cs: Sequence[object]) -> str:
        return " ".join(sorted(map(str, cs)))

    text = "|".join([
        repr(observation.rules), str(observation.seat), str(observation.to_move), str(observation.turn),
        cards(observation.hand), ",".join(map(str, observation.hand_sizes)), ";".join(cards(k) for k in observation.known),
        ";".join(" ".join(map(str, e)) for side in observation.expeditions for e in side),
        ";".join(" ".join(map(str, p)) for p in observation.piles), str(observation.deck_size), cards(observation.removed),
        str(observation.set_aside_size), str(observation.stall), ",".join(map(str, observation.passed)), str(seed)])
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


# --- the analyst -------------------------------------------------------------------------------------
@dataclass
class _Move:
    """A move under analysis: its results so far, as the sum of each batch of ``BATCH`` deals (the
    deals of batch ``k`` are the same for every move, so two moves' batches pair up)."""

    move: Move
    sums: list[int] = field(default_factory=list)
    own: list[int] = field(default_factory=list)
    wins: float = 0.0

    @property
    def deals(self) -> int:
        return BATCH * len(self.sums)

    def add(self, differences: Sequence[int], own: Sequence[int]) -> None:
        self.sums.extend(sum(differences[k:k + BATCH]) for k in range(0, len(differences), BATCH))
        self.own.extend(sum(own[k:k + BATCH]) for k in range(0, len(own), BATCH))
        self.wins += sum(1.0 if d > 0 else 0.5 if d == 0 else 0.0 for d in differences)


def paired(a: _Move, b: _Move) -> Estimate:
    """``a`` less ``b`` deal by deal over the deals both have, with the t interval over batches of ``BATCH``."""
    n = min(len(a.sums), len(b.sums))
    if n < 2:
        raise AnalysisError(f"a paired difference needs at least {2 * BATCH} shared deals, got {BATCH * n}")
    return batch_means_estimate([(x - y) / BATCH for x, y in zip(a.sums[:n], b.sums[:n], strict=True)], BATCH)


def mean_value(a: _Move) -> Estimate:
    """The mean result of ``a`` with the t interval over batches of ``BATCH``."""
    return batch_means_estimate([x / BATCH for x in a.sums], BATCH)


def shifted(value: Estimate, difference: Estimate) -> Estimate:
    """``value`` plus ``difference``, the halves of their intervals combined as independent errors (exact when both are)."""
    centre = value.value + difference.value
    half = math.hypot(value.half_width, difference.half_width)
    return Estimate(centre, centre - half, centre + half, difference.samples)


SPARE = 1.1
"""The deals a move is given beyond those its interval's width says it needs (``deals_wanted``)."""
GRID = 4 * PIECE
"""Past this many deals, a move's next deals are counted on a grid of as many (moves on the same count play together)."""


def deals_wanted(deals: int, half_width: float, effort: Effort) -> int:
    """The deals to give next to a move in contention that has ``deals`` and a paired interval of
    ``±half_width``: as many as bring its interval to ``effort.precision`` (an interval narrows as one
    over the square root of the deals), with ``SPARE`` to spare and rounded up to a piece (to ``GRID``
    past it); at least a piece more, at most twice as many, and never more than ``effort.most``."""
    grid = GRID if deals >= GRID else PIECE
    needed = SPARE * deals * (half_width / effort.precision) ** 2
    return min(effort.most, 2 * deals, max(deals + PIECE, grid * math.ceil(needed / grid)))


DECIDE = 1.43
"""How much wider than its 95% interval a move's interval must lie below 0, or within the tie margin, for the
analyst to stop giving it deals (about a 99.7% interval): it looks at its moves again after every round of deals,
and deciding on 95% intervals each time would decide wrongly more often than one time in twenty."""


def widened(e: Estimate) -> Estimate:
    """``e`` with its interval ``DECIDE`` times as wide (the interval a decision to stop rests on)."""
    half = DECIDE * e.half_width
    return Estimate(e.value, e.value - half, e.value + half, e.samples)


def verdict_of(difference: Estimate, tie: float) -> str:
    """``about as good`` when the interval lies within ``±tie``, ``worse`` when it lies below 0, else not decided."""
    if difference.low >= -tie and difference.high <= tie:
        return ABOUT_AS_GOOD
    if difference.high < 0:
        return WORSE
    return UNDECIDED


class Analyst:
    """The working state of one analysis: the moves, their results so far, and the deals they met.
    ``steps()`` yields an ``Analysis`` after each round of deals (the last one is final);
    ``measure(move, deals)`` plays a move and the best on more deals, for a review."""

    def __init__(self, observation: Observation, effort: Effort = HINT, *, playouts: Playouts | None = None,
                 cancelled: Callable[[], bool] | None = None, candidates: Sequence[Move] | None = None,
                 executor: Executor | None = None, workers: int | None = 1) -> None:
        observed(observation)
        if not isinstance(effort, Effort):
            raise ArgumentError(f"effort is an Effort (first, most, tie, precision, seconds, seed), got {shown(effort)}")
        if observation.to_move is None:
            raise AnalysisError("the round is over: there are no moves left to value")
        if observation.to_move != observation.seat or not observation.legal_moves:
            raise AnalysisError(f"the analyst values the moves of the seat to move: seat {observation.seat} observes, "
                                f"seat {observation.to_move} is to move")
        self.observation = observation
        self.effort = effort
        self.playouts = playouts or playouts_for(observation, position_seed(observation, effort.seed), executor, workers)
        self.cancelled = cancelled
        pool = observation.legal_moves if candidates is None else tuple(candidates)
        if candidates is None and effort.candidates and len(pool) > effort.candidates:
            pool = heuristic_choices(observation, effort.candidates)
        illegal = [m for m in pool if m not in observation.legal_moves]
        if illegal or not pool:
            raise AnalysisError(f"the candidates must be legal moves here, got {', '.join(map(str, illegal)) or 'none'}")
        distinct = {action_of_move(observation, m): m for m in pool}  # one per distinct action
        self.moves = [_Move(m) for m in distinct.values()]
        self.seconds = 0.0
        self.stop = ""

    # -- playing
    def _extend(self, moves: Sequence[_Move], deals: int) -> None:
        """Play ``moves`` on their next pieces until each has ``deals`` deals."""
        by_start: dict[int, list[_Move]] = {}  # moves with as many deals play the same pieces together
        for m in moves:
            if m.deals < deals:
                by_start.setdefault(m.deals // PIECE, []).append(m)
        for start, group in sorted(by_start.items()):
            began = time.thread_time()
            pieces = range(start, deals // PIECE)
            for m, (differences, own) in zip(group, self.playouts.results([m.move for m in group], pieces), strict=True):
                m.add(differences, own)
            self.seconds += time.thread_time() - began

    # -- judging
    def _best(self) -> _Move:
        most = max(m.deals for m in self.moves)
        return max((m for m in self.moves if m.deals == most), key=lambda m: sum(m.sums))

    def analysis(self) -> Analysis:
        """The answer as it stands."""
        best = self._best()
        tie = self.effort.tie
        value = mean_value(best)
        rows = [self._verdict(best, Estimate.exact(0.0), BEST, value)]
        others = []
        for m in self.moves:
            if m is best:
                continue
            d = paired(m, best)
            others.append(self._verdict(m, d, verdict_of(d, tie), shifted(value, d)))
        others.sort(key=lambda v: -v.against_best.value)
        return Analysis(self.observation.seat, tuple(rows + others), value, self.stop or DEALS,
                        max(m.deals for m in self.moves), self.seconds, self.effort, self.playouts.name)

    @staticmethod
    def _verdict(m: _Move, against: Estimate, verdict: str, value: Estimate) -> MoveVerdict:
        score = batch_means_estimate([x / BATCH for x in m.own], BATCH)
        return MoveVerdict(m.move, against, m.deals, verdict, value, score, proportion_estimate(m.wins, m.deals))

    def _open(self) -> tuple[_Move, list[tuple[_Move, Estimate]], list[_Move]]:
        """The best move, the moves still undecided and wide (each with its paired difference from the
        best), and the moves that must catch up with the best (fewer deals, and ahead of it on those)."""
        best = self._best()
        undecided, behind = [], []
        for m in self.moves:
            if m is best:
                continue
            d = paired(m, best)
            if m.deals < best.deals and d.value > 0:
                behind.append(m)
            elif verdict_of(widened(d), self.effort.tie) == UNDECIDED and d.half_width > self.effort.precision:
                undecided.append((m, d))
        return best, undecided, behind

    def steps(self, *, every: bool = True) -> Iterator[Analysis]:
        """The analysis after each round of deals, until it stops (see the module docs); with ``every=False``
        only the last."""
        effort = self.effort
        if len(self.moves) == 1:
            self._extend(self.moves, effort.first)
            self.stop = ONLY_MOVE
            yield self.analysis()
            return
        self._extend(self.moves, effort.first)
        while True:
            best, undecided, behind = self._open()
            if behind:  # a move ahead of the best on fewer deals gets the best's deals first
                self._extend(behind, best.deals)
                continue
            if not undecided:
                self.stop = self._settled_stop(best)
                break
            if all(m.deals >= effort.most for m, _ in undecided):
                self.stop = DEALS
                break
            if self.seconds >= effort.seconds:
                self.stop = TIME
                break
            if self.cancelled is not None and self.cancelled():
                self.stop = CANCELLED
                break
            if every:
                yield self.analysis()
            self._more(best, undecided)
        yield self.analysis()

    def _more(self, best: _Move, undecided: list[tuple[_Move, Estimate]]) -> None:
        """Give each move in contention (with its paired difference from the best) the deals it is expected
        to need (``deals_wanted``), and the best as many as the most of them, so that every comparison
        stays paired."""
        wanted: dict[int, list[_Move]] = {}
        for m, d in undecided:
            wanted.setdefault(deals_wanted(m.deals, d.half_width, self.effort), []).append(m)
        most = max(wanted)
        self._extend([best, *wanted.pop(most)], most)
        for deals, group in sorted(wanted.items()):
            self._extend(group, deals)

    def _settled_stop(self, best: _Move) -> str:
        verdicts = [verdict_of(paired(m, best), self.effort.tie) for m in self.moves if m is not best]
        if all(v == WORSE for v in verdicts):
            return SEPARATED
        if all(v != UNDECIDED for v in verdicts):
            return SETTLED
        return PRECISE

    def run(self) -> Analysis:
        """The final analysis."""
        final: Analysis | None = None
        for step in self.steps(every=False):
            final = step
        assert final is not None
        return final

    def _entry(self, move: Move | str) -> _Move:
        """The move's entry; a legal move the analysis did not examine joins it now (a review's move)."""
        wanted = Move.parse(move) if isinstance(move, str) else move
        key = action_of_move(self.observation, wanted)
        found = next((m for m in self.moves if action_of_move(self.observation, m.move) == key), None)
        if found is None:
            if wanted not in self.observation.legal_moves:
                raise AnalysisError(f"{wanted} is not a legal move here; the legal moves are "
                                    f"{', '.join(map(str, self.observation.legal_moves))}")
            found = _Move(wanted)
            self.moves.append(found)
        return found

    def compare(self, move: Move | str, other: Move | str, deals: int) -> Estimate:
        """``move`` less ``other``, paired over at least ``deals`` deals (both are played on more deals
        when they have fewer), with its 95% interval; exactly 0 for the same move."""
        whole_number(deals, "deals", least=2 * BATCH)
        a, b = self._entry(move), self._entry(other)
        if a is b:
            return Estimate.exact(0.0)
        target = PIECE * math.ceil(deals / PIECE)
        self._extend([m for m in (a, b) if m.deals < target], target)
        return paired(a, b)


def heuristic_choices(observation: Observation, k: int) -> tuple[Move, ...]:
    """The ``k`` legal moves the Heuristic's card counting ranks best (``bots.heuristic.Scorer``)."""
    sight = sight_of(observation)
    spec = sight.f.spec
    ranked = Scorer(sight).ranked([action_of(spec, m) for m in observation.legal_moves])
    return tuple(move_of(spec, a) for _, a in ranked[:k])


def action_of_move(observation: Observation, move: Move) -> tuple[int, int, int]:
    """The engine's action of ``move``: two moves with the same action are one move (two copies of a card)."""
    return action_of(spec_for(observation.rules), move)


def analyse(observation: Observation, effort: Effort = HINT, *, cancelled: Callable[[], bool] | None = None) -> Analysis:
    """Every legal move of the seat to move, valued by the analyst (see the module docs)."""
    return Analyst(observation, effort, cancelled=cancelled).run()


def iter_analyse(observation: Observation, effort: Effort = HINT, *,
                 cancelled: Callable[[], bool] | None = None) -> Iterator[Analysis]:
    """``analyse``, as it grows: an answer after each round of deals, the last one final."""
    return Analyst(observation, effort, cancelled=cancelled).steps()


__all__ = ["ABOUT_AS_GOOD", "BATCH", "BEST", "ENGINE_HINT", "HINT", "PIECE", "STOPS", "UNDECIDED", "VERDICTS", "WORSE", "Analysis",
           "Analyst", "BatchPlayouts", "Effort", "EnginePlayouts", "MoveVerdict", "Playouts", "analyse", "batch_can_play",
           "effort_for", "hint_effort", "iter_analyse", "paired", "playouts_for", "position_seed", "verdict_of"]
