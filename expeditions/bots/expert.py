"""Expert: determinized Monte Carlo search over the hidden cards, guided by the Heuristic.

For the seat to move, the Expert

1. takes the moves that the card-counting score of ``Heuristic`` ranks best (``candidates`` of
   them, and only those within ``margin`` points of the best: a move far ahead is played at once);
2. deals the cards it cannot see at random, consistently with everything it has seen
   (``Observation.sample_table``): every other hand (keeping the cards known to be in it), the
   deck and any cards set aside. Each such deal is a *determinization*; it counts cards, since only
   unseen cards are dealt, and reads the other hands through the cards known to be in them;
3. plays every candidate in every determinization, then ``horizon`` more turns with every seat
   playing the Heuristic's judgement from what that seat may know (``heuristic.HeuristicPolicy``),
   and judges where that leaves it: the final score difference if the round is over by then (the
   end of the deck is played out exactly), else the Heuristic's projection of its side's final
   score minus the best other side's, each side judged from its own hand. What a discard feeds
   the opponent, what the next draws bring and how the deck runs out show up in these results;
4. keeps the better half of the candidates after each batch of determinizations and gives the
   survivors more (successive halving), every candidate meeting the same determinizations and the
   same random numbers, so that differences between moves are measured on equal terms.

The Heuristic's own choice stays unless another candidate beats it by ``confidence`` standard
errors of their paired difference, and the search stops early once the Heuristic's choice beats
every other survivor by as much. The budget is ``rollouts`` per move; with ``seconds`` set the
search also stops when that time is up (then the moves depend on the machine's speed). With the
same seed and the same observations it plays the same moves. In the solitaire it maximises its
own score; in the four-player game the candidates include the best pass to the partner.

With two players whose discards go onto the piles, and numba installed, step 3 runs compiled
(``heuristic_kernel``: the same moves of the Heuristic and the same projection, the same numbers to the
last bit, in about a seventh of the time) once the kernel is loaded (``kernel_loaded``: at the first search, or in a
thread while it compiles); until then, elsewhere, and in the edition in the browser, it runs on the engine in Python.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..arguments import real_number, shown, whole_number
from ..engine import Action, Table, action_of, move_of
from ..errors import ArgumentError
from ..estimate import Estimate, mean_of
from ..moves import Move
from ..observation import Observation
from ..rules import Rules
from .base import NoMoveToChoose, SeededBot
from .heuristic import HeuristicPolicy, PlanMemo, Scorer, Sight, sight_of, sight_of_table
from .policies import Policy

DEFAULT_ROLLOUTS = 200
DEFAULT_CANDIDATES = 4
DEFAULT_HORIZON: int | None = 6
DEFAULT_CONFIDENCE = 1.0
DEFAULT_MARGIN = 8.0
MAX_TURNS = 2_000  # a rollout that would run longer is judged where it stands


@dataclass
class Candidate:
    """One move under examination and the results of its rollouts, by determinization."""

    action: Action
    results: list[float] = field(default_factory=list)
    prior: float = 0.0  # the Heuristic's score
    stage: int = 0  # how many halvings it survived

    @property
    def mean(self) -> float:
        return statistics.fmean(self.results) if self.results else -math.inf

    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean result (normal approximation)."""
        if len(self.results) < 2:
            return (-math.inf, math.inf)
        estimate = mean_of(self.results)
        return (estimate.low, estimate.high)


def compiled_plays(rules: Rules) -> bool:
    """Whether the compiled Heuristic (``heuristic_kernel``) plays this rule set's searches here: two players
    whose discards go onto the piles, with numpy and numba installed (the edition in the browser has neither),
    and the kernel loaded in this process (``kernel_loaded``)."""
    if rules.players != 2 or rules.discards_leave_game:
        return False
    try:
        import numba  # noqa: F401
        import numpy  # noqa: F401
    except ModuleNotFoundError:
        return False
    return kernel_loaded()


LOAD_WAIT = 2.0
"""How long the first search waits for the compiled Heuristic to load (``kernel_loaded``), in seconds."""
_loaded = threading.Event()
_loading: list[threading.Thread] = []
_loading_lock = threading.Lock()


def kernel_loaded(*, wait: bool = False) -> bool:
    """Whether the compiled Heuristic is loaded in this process. The first call loads it in a thread and waits
    up to ``LOAD_WAIT`` seconds: loading it from numba's cache takes about half a second, so it is then ready for
    the first search. Compiling it takes some twenty seconds (once per installation and version): then the thread
    goes on in the background, and the searches play on the engine in Python until it is done, with the same
    numbers, so no move waits for the compiler. With ``wait=True`` the call waits until the loading is over, and so
    does a fork of the process (a pool of worker processes started meanwhile)."""
    with _loading_lock:
        first = not _loading
        if first:
            _loading.append(threading.Thread(target=_load_kernel, name="the compiled Heuristic", daemon=True))
            if hasattr(os, "register_at_fork"):  # not on Windows, which starts processes without forking
                # a process forked while numba compiles would inherit its compiler's lock, held for ever
                os.register_at_fork(before=_loading[0].join)
            _loading[0].start()
    if wait or first:
        # a thread that loads while this one searches gets the interpreter in slices and takes ten times longer
        _loading[0].join(None if wait else LOAD_WAIT)
    return _loaded.is_set()


def _load_kernel() -> None:
    from . import heuristic_kernel

    heuristic_kernel.compile_now()
    _loaded.set()


def side_result(table: Table, side: int) -> float:
    """The score difference of ``side`` against the best other side (its own score in the solitaire)."""
    scores = table.scores()
    if len(scores) == 1:
        return float(scores[0])
    return float(scores[side] - max(s for i, s in enumerate(scores) if i != side))


def leaf_value(table: Table, side: int, memo: PlanMemo | None = None) -> float:
    """What a position is worth to ``side``: its final result once the round is over, else the
    Heuristic's projection of its final score minus the best other side's, each side judged from
    what its own seats may know (partners' hands counted together)."""
    if table.end:
        return side_result(table, side)
    spec = table.spec
    values = []
    for o in range(spec.sides):
        seats = [p for p in range(spec.players) if spec.side_of[p] == o]
        seat = min(seats, key=lambda p: (p - table.to_move) % spec.players)  # the next of its seats to move
        scorer = Scorer(sight_of_table(table, seat), memo)
        hand = [c for p in seats for c in table.hands[p]]
        values.append(scorer.position_value(hand, table.expeditions[o], scorer.now * len(seats)))
    if len(values) == 1:
        return values[0]
    return values[side] - max(v for i, v in enumerate(values) if i != side)


def paired_difference(a: Candidate, b: Candidate, deals: range | None = None) -> Estimate:
    """``a``'s results minus ``b``'s on the same deals (all they share, or ``deals``), with its 95% interval."""
    shared = deals if deals is not None else range(min(len(a.results), len(b.results)))
    return mean_of(a.results[k] - b.results[k] for k in shared)


def better(challenger: Candidate, default: Candidate, z: float) -> bool:
    """Whether ``challenger`` beats ``default`` by more than ``z`` standard errors of their paired
    difference over the determinizations both met."""
    n = min(len(challenger.results), len(default.results))
    if n < 2:
        return False
    diffs = [challenger.results[i] - default.results[i] for i in range(n)]
    spread = statistics.stdev(diffs)
    return statistics.fmean(diffs) > z * spread / math.sqrt(n) if spread else statistics.fmean(diffs) > 0


class Search:
    """Monte Carlo evaluation of moves from one observation (see the module docs).

    Determinization ``i`` and the rollout random numbers that go with it are fixed by ``seed`` and
    ``i``, so every move meets the same hidden cards and the same rollout luck.
    """

    def __init__(self, observation: Observation, *, seed: int = 0, policy: Policy | None = None,
                 horizon: int | None = DEFAULT_HORIZON) -> None:
        if not isinstance(observation, Observation):
            raise ArgumentError(f"the Expert searches from an Observation (what its seat may know: round.observation(seat)), "
                                f"got {shown(observation)}")
        if not observation.legal_moves:
            raise NoMoveToChoose("there is no move to search: the round is over or it is not this seat's turn")
        self.observation = observation
        self.sight: Sight = sight_of(observation)
        self.legal = [action_of(self.sight.f.spec, m) for m in observation.legal_moves]
        self.seed = seed
        self._own_policy = HeuristicPolicy()
        self.policy: Policy = policy or self._own_policy
        self.horizon = horizon
        self._tables: list[Table] = []
        self._arrays: list[tuple[Any, ...]] = []
        self._compiled = policy is None and compiled_plays(observation.rules)
        self.rollouts = 0

    def determinization(self, i: int) -> Table:
        while len(self._tables) <= i:
            rng = random.Random(self.seed * 1_000_003 + len(self._tables))
            self._tables.append(self.observation.sample_table(rng))
        return self._tables[i]

    def result(self, action: Action, i: int) -> float:
        """The result of ``action`` in determinization ``i``, played out to the end of the round."""
        if self._compiled:  # the same play and judgement, compiled: the same number to the last bit
            from . import heuristic_kernel

            while len(self._arrays) <= i:
                self._arrays.append(heuristic_kernel.position_arrays(self.determinization(len(self._arrays))))
            self.rollouts += 1
            return heuristic_kernel.judge_value(heuristic_kernel.rule_arrays(self.sight.f.spec), self._arrays[i], action,
                                                self.horizon if self.horizon is not None else MAX_TURNS, self.sight.side)
        table = self.determinization(i).clone()
        table.apply(action)
        rng = random.Random(self.seed * 7_919 + i * 104_729 + 1)
        limit = table.turns + (self.horizon if self.horizon is not None else MAX_TURNS)
        policy = self.policy
        while not table.end and table.turns < limit:
            table.apply(policy(table, rng))
        self.rollouts += 1
        return leaf_value(table, self.sight.side, self._own_policy.memo)

    def extend(self, candidate: Candidate, samples: int) -> None:
        start = len(candidate.results)
        candidate.results += [self.result(candidate.action, i) for i in range(start, start + samples)]

    def candidates(self, limit: int | None = None) -> list[Candidate]:
        """The legal moves the Heuristic ranks best (all of them with ``limit=None``), best first."""
        scorer = Scorer(self.sight)
        if limit is None:
            ranked = sorted(((scorer.score(a), a) for a in self.legal), key=lambda x: -x[0])
        else:
            ranked = scorer.ranked(self.legal)[:limit]
        return [Candidate(a, prior=v) for v, a in ranked]

    def halve(self, candidates: Sequence[Candidate], rollouts: int, *, first: int = 8, deadline: float | None = None,
              keep: Candidate | None = None, settle: float = 0.0) -> list[Candidate]:
        """Successive halving: every survivor gets an equal share of each stage's rollouts, then the
        worse half drops out (never ``keep``). With ``settle``, the search stops as soon as ``keep``
        beats every other survivor by ``settle`` standard errors. Returns every candidate, the best
        first (by stage reached, then mean)."""
        alive = list(candidates)
        stages = max(1, math.ceil(math.log2(len(alive))))
        per_stage = max(rollouts // stages, first * len(alive))
        for stage in range(1, stages + 1):
            samples = max(1, per_stage // len(alive))
            for c in alive:
                self.extend(c, samples)
            alive.sort(key=lambda c: (-c.mean, -c.prior))
            alive = alive[: math.ceil(len(alive) / 2)]
            if keep is not None and keep not in alive:
                alive.append(keep)
            for c in alive:
                c.stage = stage
            if deadline is not None and time.perf_counter() > deadline:
                break
            if keep is not None and settle and all(better(keep, c, settle) for c in alive if c is not keep):
                break
        return sorted(candidates, key=lambda c: (-c.stage, -c.mean, -c.prior))


class Expert(SeededBot):
    """Expert: determinized Monte Carlo search (see the module docs).

    ``rollouts`` is the budget per move; ``candidates`` how many of the Heuristic's best moves it
    examines; ``seconds``, if given, a time limit per move on top of the budget.
    """

    name = "Expert"

    def __init__(self, seed: int | None = None, *, rollouts: int = DEFAULT_ROLLOUTS, candidates: int = DEFAULT_CANDIDATES,
                 horizon: int | None = DEFAULT_HORIZON, confidence: float = DEFAULT_CONFIDENCE,
                 margin: float = DEFAULT_MARGIN, seconds: float | None = None, policy: Policy | None = None) -> None:
        for name, value in (("rollouts", rollouts), ("candidates", candidates)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ArgumentError(f"the Expert needs at least 1 rollout and 1 candidate, got {name}={shown(value)}")
        if horizon is not None:
            whole_number(horizon, "horizon", least=0)
        if seconds is not None:
            real_number(seconds, "seconds", above=0)
        real_number(confidence, "confidence", least=0)
        real_number(margin, "margin", least=0)
        super().__init__(seed)
        self.rollouts = rollouts
        self.width = candidates
        self.seconds = seconds
        self.policy = policy
        self.horizon = horizon
        self.confidence = confidence
        self.margin = margin

    def search(self, observation: Observation) -> tuple[Search, list[Candidate]]:
        """The search behind a move: every candidate examined, the best first."""
        search = Search(observation, seed=self.rng.getrandbits(48), policy=self.policy, horizon=self.horizon)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        pool = search.candidates(self.width)
        pool = [c for c in pool if c.prior >= pool[0].prior - self.margin]
        if len(pool) == 1:
            return search, pool
        ranked = search.halve(pool, self.rollouts, deadline=deadline, keep=pool[0] if self.confidence else None,
                              settle=self.confidence)
        if self.confidence and ranked[0] is not pool[0] and not better(ranked[0], pool[0], self.confidence):
            ranked.remove(pool[0])
            ranked.insert(0, pool[0])
        return search, ranked

    def decide(self, observation: Observation) -> Move:
        if len(observation.legal_moves) == 1:
            return observation.legal_moves[0]
        search, ranked = self.search(observation)
        return move_of(search.sight.f.spec, ranked[0].action)

    def __repr__(self) -> str:
        return f"<{self.name} bot: {self.rollouts} rollouts over {self.width} candidates>"
