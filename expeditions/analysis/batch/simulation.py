"""The batch simulator's entry point: ``simulate`` plays many random rounds with one policy for every
seat, in pieces on any executor, and gives a ``BatchResult``."""

from __future__ import annotations

from concurrent.futures import Executor
from dataclasses import dataclass

import numpy as np

from ...arguments import whole_number
from ...errors import AnalysisError
from ...rules import Rules
from ...rules import rules as get_rules
from ..parallel import check_pool, parallel_map
from ..stats import Estimate, IntArray, mean_estimate, proportion_estimate
from .counting_layout import counting_layout
from .counting_play import COUNTING_BATCH, counting_result, play_counting
from .counting_state import counting_deals
from .layout import END_CODES, layout_for, shuffled_bits
from .random_play import play_playable_seats, play_uniform

POLICIES = ("playable", "uniform", "counting")
CHOICES = ("card", "move")


@dataclass(frozen=True)
class BatchResult:
    """Rounds played by the batch simulator: per round, ``scores`` (seat 0, seat 1), ``discards``
    per seat, ``turns``, ``pile_draws`` and ``ends`` (an index into ``END_CODES``)."""

    rules: Rules
    policy: str
    by: str
    scores: IntArray
    discards: IntArray
    turns: IntArray
    pile_draws: IntArray
    ends: IntArray

    @property
    def rounds(self) -> int:
        return int(self.turns.size)

    def mean_score(self, seat: int | None = None) -> Estimate:
        """The mean score of ``seat``, or of both seats together (each round counted once per seat)."""
        values = self.scores.ravel() if seat is None else self.scores[:, seat]
        return mean_estimate(values)

    def mean(self, what: str) -> Estimate:
        """The mean of ``"turns"``, ``"pile_draws"`` or ``"discards"`` (per seat and round)."""
        if what not in ("turns", "pile_draws", "discards"):
            raise AnalysisError(f"{what!r} is not measured; choose turns, pile_draws or discards")
        values: IntArray = getattr(self, what)
        return mean_estimate(values.ravel())

    def end_share(self, reason: str) -> Estimate:
        """The share of rounds that ended for ``reason`` (``"deck"``, ``"stall"`` or ``"turn-cap"``)."""
        if reason not in END_CODES:
            raise AnalysisError(f"{reason!r} is not an end of a round; the ends are {', '.join(END_CODES)}")
        return proportion_estimate(int((self.ends == END_CODES.index(reason)).sum()), self.rounds)

    def __repr__(self) -> str:
        return (f"<BatchResult {self.rules.label}, {self.policy} by {self.by}: {self.rounds:,} rounds, "
                f"mean score {self.mean_score().format(2)}>")

    @staticmethod
    def merge(parts: list[BatchResult]) -> BatchResult:
        first = parts[0]
        return BatchResult(first.rules, first.policy, first.by,
                           *(np.concatenate([getattr(p, f) for p in parts]) for f in ("scores", "discards", "turns",
                                                                                      "pile_draws", "ends")))


def _check_choice(policy: str, by: str) -> None:
    if not isinstance(policy, str) or policy not in POLICIES:
        raise AnalysisError(f"{policy!r} is not a batch policy; the policies are {', '.join(POLICIES)}")
    if not isinstance(by, str) or by not in CHOICES:
        raise AnalysisError(f"by={by!r}: a policy picks by 'card' (every card in hand a choice) or by 'move' "
                            "(the investments of a suit are one move)")
    if policy == "counting" and by != "card":
        raise AnalysisError("the counting policy chooses by its rules, never at random: leave by='card'")


def play_batch(rules: Rules, policy: str, rounds: int, *, by: str = "card", seed: int | np.random.SeedSequence | None = None,
               batch: int = 16_384) -> BatchResult:
    """``rounds`` random rounds in batches of ``batch`` rounds, in this process."""
    _check_choice(policy, by)
    layout = layout_for(rules)
    rng = np.random.default_rng(seed)
    left = rules.draw_deck_after_deal
    parts = []
    step = min(batch, COUNTING_BATCH) if policy == "counting" else batch
    for start in range(0, rounds, step):
        size = min(step, rounds - start)
        decks = shuffled_bits(layout, size, rng)
        if policy == "counting":  # any uniformly shuffled numbering of the cards is a shuffled deck of card ids
            out = counting_result(counting_layout(rules), play_counting(counting_deals(counting_layout(rules), decks)))
        elif policy == "playable":
            if left % 2:  # seat 1 has one draw fewer: pad its slot (never used)
                decks = np.concatenate([decks, decks[:, :1]], axis=1)
            out = play_playable_seats(layout, decks, left, None, by == "move", rng)
        else:
            out = play_uniform(layout, decks, by_move=by == "move", rng=rng)
        parts.append(BatchResult(rules, policy, by, out["scores"], out["discards"], out["turns"], out["pile_draws"],
                                 out["ends"]))
    return BatchResult.merge(parts)


@dataclass(frozen=True)
class _Job:
    rules: Rules
    policy: str
    rounds: int
    by: str
    seed: np.random.SeedSequence
    batch: int


def _run(job: _Job) -> BatchResult:
    return play_batch(job.rules, job.policy, job.rounds, by=job.by, seed=job.seed, batch=job.batch)


def simulate(rules: Rules | str = "expeditions", policy: str = "playable", rounds: int = 100_000, *, by: str = "card",
             seed: int | None = 0, batch: int = 16_384, piece: int = 262_144, executor: Executor | None = None,
             workers: int | None = 1, progress: bool = False) -> BatchResult:
    """Play ``rounds`` random rounds with every seat on ``policy`` (``"playable"`` or ``"uniform"``),
    choosing ``by`` card or by move (see the module docs).

    The rounds are split into pieces of ``piece`` rounds, each with its own random stream spawned
    from ``seed``, and the pieces run on ``executor`` (a process pool, or a Dask client's
    ``get_executor()``), on ``workers`` local processes, or here (``workers=1``, the default): the
    result depends only on ``seed``, ``rounds`` and ``piece``, never on where the pieces ran.
    Within a piece, ``batch`` rounds advance together."""
    r = get_rules(rules)
    _check_choice(policy, by)
    layout_for(r)
    whole_number(rounds, "rounds", least=1, error=AnalysisError)
    whole_number(batch, "batch", least=1, error=AnalysisError)
    whole_number(piece, "piece", least=1, error=AnalysisError)
    if seed is not None:
        whole_number(seed, "seed", least=0, error=AnalysisError)
    check_pool(executor, workers, progress)
    sizes = [min(piece, rounds - start) for start in range(0, rounds, piece)]
    streams = np.random.SeedSequence(seed).spawn(len(sizes))
    jobs = [_Job(r, policy, n, by, s, batch) for n, s in zip(sizes, streams, strict=True)]
    return BatchResult.merge(parallel_map(_run, jobs, executor=executor, workers=workers, progress=progress,
                                          description=f"{policy} rounds"))

