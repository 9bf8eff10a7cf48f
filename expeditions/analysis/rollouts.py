"""Model 3, full-round rollouts: the rest of the round played out by a policy, from positions
consistent with what the seat has seen, comparing what to do with each suit now.

Assumptions:

- the hidden cards (the deck, the unknown part of other hands, the cards set aside) lie in any
  order consistent with the seat's observation, all equally likely (``Observation.sample_table``);
- after the seat's move every seat, the seat itself included, is played to the end of the round by
  the same engine policy (default: the strongest policy of ``expeditions.bots.policies``); so the
  values are those of that policy's play, and a weak policy wastes good starts;
- the decisions compared for each suit, all drawing off the deck: **start** (lay your lowest
  number of the suit now), **invest** (lay one of its investments now, while no number is down;
  more investments are up to the policy), and **hold back** (the policy's own move with the suit's
  plays forbidden for this one move). Every decision is played out from the same sampled positions
  with the same random choices afterwards (common random numbers), so their differences are
  measured more precisely than their values;
- ``value`` is the expedition's final score, ``gain`` the change in the seat's round score against
  holding back, each with its 95% interval.

Rollouts run in chunks on any ``concurrent.futures`` executor (a local process pool by default,
or a Dask client's executor), until every interval is as narrow as asked or the time runs out.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..bots import policies
from ..bots.policies import Policy, playout
from ..engine import PLAY, Action, Table, action_of, spec_for
from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..progress import progress_bar
from .exact import decision_text
from .parallel import default_workers, parallel_map
from .situation import situations
from .stats import Estimate, ExpeditionValue, distribution_of, mean_estimate, proportion_estimate

STRONGEST_FIRST = ("expert_policy", "heuristic_policy", "sensible_policy", "beginner_policy", "playable_policy")
"""The engine policies model 3 looks for in ``expeditions.bots.policies``, strongest first."""


def best_policy() -> Policy:
    """The strongest engine policy available in ``expeditions.bots.policies``."""
    for name in STRONGEST_FIRST:
        found = getattr(policies, name, None)
        if found is not None:
            return found  # type: ignore[no-any-return]
    return policies.playable_policy


@dataclass(frozen=True)
class Decision:
    """One thing to do now with one suit: ``kind`` is ``"start"``, ``"invest"`` or ``"hold"``;
    ``move`` is the move played (``None`` for holding back: the policy chooses)."""

    suit: str
    kind: str
    move: Move | None
    investments: int
    text: str


def decisions_for(observation: Observation) -> list[Decision]:
    """The decisions model 3 compares for every suit: hold back, start, invest (where possible)."""
    if observation.to_move != observation.seat:
        raise AnalysisError("full-round rollouts compare moves, so they need a position where the seat is to move "
                            f"(seat {observation.seat} observes, seat {observation.to_move} is to move)")
    draw = "deck" if observation.deck_size else None
    out = []
    for suit, s in situations(observation).items():
        hand = [c for c in observation.hand if c.suit == suit]
        out.append(Decision(suit, "hold", None, s.laid_investments, f"hold back {suit}"))
        numbers = sorted((c for c in hand if not c.is_investment and c.value > s.top), key=lambda c: c.value)
        if numbers:
            out.append(Decision(suit, "start", Move.play(numbers[0], draw), s.laid_investments,
                                decision_text(s, s.laid_investments) + f": play {numbers[0]} now"))
        investments = [c for c in hand if c.is_investment]
        if investments and not s.laid_numbers:
            out.append(Decision(suit, "invest", Move.play(investments[0], draw), s.laid_investments + 1,
                                decision_text(s, s.laid_investments + 1).split(" (")[0] + f": play {investments[0]} now"))
    return out


@dataclass(frozen=True)
class RolloutJob:
    """A chunk of rollouts: everything a worker process needs (picklable)."""

    observation: Observation
    decisions: tuple[Decision, ...]
    policy: Policy
    seed: int
    samples: range


def _held_back(table: Table, suit: int, policy: Policy, rng: random.Random) -> Action:
    """The policy's move with plays of ``suit`` forbidden for the seat to move."""
    view = table.clone()
    spec = table.spec
    side = spec.side_of[table.to_move]
    for card in range(len(spec.cards)):
        if spec.suit_of[card] == suit:
            view.open[side] &= ~(1 << card)
    if not view.legal():
        return policy(table, rng)
    action = policy(view, rng)
    if action[0] == PLAY and spec.suit_of[action[1]] == suit:  # a policy that ignored ``open``
        raise AnalysisError("the rollout policy laid a card it may not lay")
    return action


def run_rollouts(job: RolloutJob) -> npt.NDArray[np.int64]:
    """Play every decision out from each sampled position of the chunk. Returns an array of shape
    (samples, decisions, 3): the seat's round score, the decided suit's expedition score and that
    expedition's card count."""
    obs = job.observation
    spec = spec_for(obs.rules)
    side = obs.side
    actions = [None if d.move is None else action_of(spec, d.move) for d in job.decisions]
    suit_index = [spec.suit_index[d.suit] for d in job.decisions]
    out = np.zeros((len(job.samples), len(job.decisions), 3), dtype=np.int64)
    players = [job.policy] * obs.rules.players
    for row, i in enumerate(job.samples):
        start = obs.sample_table(random.Random(f"{job.seed}:{i}:deal"))
        for col, (action, suit) in enumerate(zip(actions, suit_index, strict=True)):
            rng = random.Random(f"{job.seed}:{i}:play")
            table = start.clone()
            table.apply(action if action is not None else _held_back(table, suit, job.policy, rng))
            playout(table, players, rng)
            out[row, col] = (table.scores()[side], table.expedition_score(side, suit), len(table.expeditions[side][suit]))
    return out


def rollout_values(observation: Observation, *, policy: Policy | None = None, precision: float = 2.0,
                   time_limit: float = 10.0, max_samples: int = 20_000, min_samples: int = 200, seed: int = 0,
                   executor: Executor | None = None, workers: int | None = None, chunk: int = 100,
                   progress: bool = False) -> list[ExpeditionValue]:
    """Model 3 for every suit: rollouts until each value's and gain's 95% interval is within
    ``±precision`` points, or ``time_limit`` seconds have passed, or ``max_samples`` positions
    were sampled. Chunks of ``chunk`` positions run on ``executor`` (or ``workers`` local
    processes; ``workers=1`` runs here). Every sampled position has its own random stream, so the
    results depend on the seed and on when the run stopped, never on where the chunks ran."""
    decisions = tuple(decisions_for(observation))
    job_policy = policy or best_policy()
    count = workers or default_workers()
    with ExitStack() as stack:
        if executor is None and count > 1:  # one pool for every batch of the run
            executor = stack.enter_context(ProcessPoolExecutor(max_workers=count))
        bar = stack.enter_context(progress_bar(max_samples, "rollouts", enabled=progress, unit="position"))
        started = time.perf_counter()
        results: list[npt.NDArray[np.int64]] = []
        done = 0
        while True:
            batch = min(max(done or min_samples, chunk), max_samples - done)  # double the samples each time
            pieces = [range(done + r.start, done + r.stop) for r in _split(batch, chunk)]
            jobs = [RolloutJob(observation, decisions, job_policy, seed, p) for p in pieces]
            results += parallel_map(run_rollouts, jobs, executor=executor, workers=1 if executor is None else None)
            done += batch
            bar.update(batch)
            values = _values(observation, decisions, np.concatenate(results))
            widest = max(max(v.value.half_width, v.gain.half_width) for v in values)
            if widest <= precision or done >= max_samples or time.perf_counter() - started >= time_limit:
                return values


def _split(total: int, size: int) -> list[range]:
    return [range(a, min(a + size, total)) for a in range(0, total, size)]


def _values(observation: Observation, decisions: Sequence[Decision], results: npt.NDArray[np.int64]) -> list[ExpeditionValue]:
    rules = observation.rules
    rounds, expeditions, cards = results[:, :, 0], results[:, :, 1], results[:, :, 2]
    hold = {d.suit: k for k, d in enumerate(decisions) if d.kind == "hold"}
    out = []
    for k, d in enumerate(decisions):
        gain = Estimate.exact(0.0) if d.kind == "hold" else mean_estimate(rounds[:, k] - rounds[:, hold[d.suit]])
        out.append(ExpeditionValue(
            model="rollout",
            suit=d.suit,
            investments=d.investments,
            decision=d.text,
            value=mean_estimate(expeditions[:, k]),
            gain=gain,
            bonus_chance=proportion_estimate(int((cards[:, k] >= rules.bonus_at).sum()), len(results)),
            distribution=distribution_of(expeditions[:, k]),
        ))
    return out
