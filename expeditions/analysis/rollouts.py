"""Rollouts: the rest of the round played out many times with the counting policy, from positions
consistent with what the seat has seen. Model 3 of ``start_values`` and the strong player's
questions (``move_values``, ``plan_values``, ``discard_values``, ``pile_values``, ``win_chances``,
``round_end``) are all built on it.

How a rollout goes:

- the hidden cards (the deck, the unknown part of the other hands, the cards set aside) are dealt
  at random, every order consistent with the seat's observation equally likely; the other seats'
  knowledge of the seat's own hand is not in an observation, so they know none of it;
- the seat plays an ``Option`` (moves it makes now, suits it leaves alone for a turn, a plan of the
  suits it plays for the rest of the round), and from then on every seat, the seat itself included,
  plays the counting policy (``expeditions.bots.counting``) to the end of the round;
- every option is played out from the same sampled positions (common random numbers: the policy
  itself draws no random numbers), so differences between options are measured far more precisely
  than their values.

Two-player rule sets that the batch simulator plays run on it (``batch.play_counting``, some
hundred thousand rounds a second on one core); the others on the engine, slower, with the same
meaning (the tests check that both give the same rounds on the same positions).

The work comes in pieces of ``PIECE`` positions, each with its own random stream from the seed, on
any ``concurrent.futures`` executor: the results depend on the seed and on how many pieces were
played, never on where they ran. Every mean is a mean over positions with Student's t interval over
batches of ``BATCH`` positions (``stats.batch_estimate``), because the score differences of
rollouts are skewed (a bonus, a multiplier) and the normal interval of single positions covers the
true mean less often than it says.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from typing import Any, TypeVar, Unpack

import numpy as np
import numpy.typing as npt

from ..bots.counting import counting_move
from ..engine import DECK, NO_DRAW, Table, action_of, spec_for
from ..errors import AnalysisError
from ..moves import Move
from ..observation import Observation
from ..progress import progress_bar
from . import batch
from .batch import (
    REMOVE,
    CountingLayout,
    CountingState,
    Forced,
    card_mask,
    counting_layout,
    counting_state,
    expedition_scores,
    play_counting,
    seen_masks,
)
from .budget import PIECE, Budget, BudgetOptions, budget_of
from .exact import option_text
from .options import Option, play_option, suit_bits
from .parallel import default_workers, parallel_map
from .situation import investments_in_hand, lay_now, situations
from .stats import Estimate, ExpeditionValue, IntArray, batch_estimate, distribution_of, proportion_estimate

T = TypeVar("T")

BATCH = 32
"""Positions per batch of the t interval."""


# --- sampling positions ------------------------------------------------------------------------------------
def sample_state(observation: Observation, positions: int, rng: np.random.Generator) -> CountingState:
    """``positions`` full positions consistent with ``observation`` (two players), as a counting
    state: the unseen cards dealt at random to the unknown part of the other hand, the deck (in
    drawing order) and the cards set aside."""
    rules = observation.rules
    layout = counting_layout(rules)
    spec = spec_for(rules)
    ids = spec.index
    seat, other = observation.seat, 1 - observation.seat
    n = positions
    hidden = np.array([layout.bit_of[ids[c]] for c in observation.unseen], dtype=np.int64)
    order = hidden[np.argsort(rng.random((n, hidden.size)), axis=1)] if hidden.size else np.zeros((n, 0), dtype=np.int64)
    bits = np.int64(1) << order
    known_other = card_mask(layout, (ids[c] for c in observation.known[other]))
    unknown = observation.hand_sizes[other] - len(observation.known[other])
    hands = np.zeros((2, n), dtype=np.int64)
    hands[seat] = card_mask(layout, (ids[c] for c in observation.hand))
    hands[other] = known_other | np.bitwise_or.reduce(bits[:, :unknown], axis=1) if unknown else known_other
    known = np.zeros((2, n), dtype=np.int64)
    known[other] = known_other
    deck = bits[:, unknown : unknown + observation.deck_size]
    seen = seen_masks(layout, [[[ids[c] for c in e] for e in side] for side in observation.expeditions],
                      [[ids[c] for c in pile] for pile in observation.piles], [ids[c] for c in observation.removed])
    return counting_state(layout, seen, hands=hands, known=known, deck=deck if deck.shape[1] else np.zeros((n, 1), dtype=np.int64),
                          deck_left=observation.deck_size, turns=observation.turn, stall=observation.stall,
                          to_move=observation.seat if observation.to_move is None else observation.to_move)


def tables_of_state(state: CountingState) -> list[Table]:
    """The engine's positions of a counting state, one per row (for checks against the engine)."""
    layout = counting_layout(state.rules)
    spec = spec_for(state.rules)

    def ids(mask: int) -> list[int]:
        return [layout.card_of[b] for b in range(64) if mask >> b & 1]

    out = []
    for i in range(state.rows):
        t = Table(spec)
        for seat in (0, 1):
            t.hands[seat] = ids(int(state.hands[seat, i]))
            t.public[seat] = ids(int(state.known[seat, i]))
            laid = ids(int(state.laid[seat, i]))
            for s in range(layout.suits):
                t.expeditions[seat][s] = sorted((c for c in laid if spec.suit_of[c] == s), key=lambda c: layout.bit_of[c])
                for c in t.expeditions[seat][s]:
                    t.open[seat] &= ~spec.closes[c]
        for s in range(layout.suits):
            codes, code = [], int(state.piles[s, i])
            while code:
                codes.append(code & 15)
                code >>= 4
            t.piles[s] = [layout.card_of[s * layout.ranks + c - 1] for c in reversed(codes)]
        t.removed = ids(int(state.gone[i]))
        left = int(state.deck_left[i])
        drawn = int(state.drawn[i])
        t.deck = [layout.card_of[int(b).bit_length() - 1] for b in state.deck[i, drawn : drawn + left]][::-1]
        t.to_move, t.turns, t.stall = state.to_move, int(state.turns[i]), int(state.stall[i])
        out.append(t)
    return out


# --- playing options out ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class RolloutJob:
    """A piece of rollouts: everything a worker process needs (picklable)."""

    observation: Observation
    options: tuple[Option, ...]
    seed: int
    index: int
    positions: int = PIECE


def batch_plays(rules: Any) -> bool:
    """Whether the batch simulator plays ``rules`` (else rollouts run on the engine)."""
    return batch.unsupported(rules) == ""


def _suit_mask(layout: CountingLayout, suits: Sequence[str]) -> int:
    out = 0
    for s in suits:
        out |= layout.suit_masks[layout.rules.suits.index(s)]
    return out


def play_options(observation: Observation, options: Sequence[Option], state: CountingState) -> dict[str, IntArray]:
    """Play every option out from every position of ``state`` on the batch simulator. Returns arrays
    of shape (options, positions, ...): ``scores`` per side, ``expeditions`` and ``cards`` (the
    seat's side, per suit), ``plays`` per seat (turns from now on), ``pile_draws`` and ``ends`` (an
    index into ``batch.END_CODES``)."""
    rules = observation.rules
    layout = counting_layout(rules)
    spec = spec_for(rules)
    seat = observation.seat
    n, k = state.rows, len(options)
    everything = state.take(np.tile(np.arange(n), k))
    forced: dict[int, Forced] = {}

    def forced_at(step: int) -> Forced:
        if step not in forced:
            size = n * k
            forced[step] = Forced(np.full(size, -1, dtype=np.int64), np.zeros(size, dtype=np.int64),
                                  np.zeros(size, dtype=np.int64), np.zeros(size, dtype=np.int64))
        return forced[step]

    players = rules.players
    first = 0 if state.to_move == seat else (seat - state.to_move) % players
    for j, option in enumerate(options):
        rows = slice(j * n, (j + 1) * n)
        if option.allowed is not None:
            everything.allowed[seat, rows] = _suit_mask(layout, option.allowed)
        if option.committed:
            everything.committed[seat, rows] = suit_bits(option.committed, rules.suits)
        if option.blocked:
            forced_at(first).hold[rows] = _suit_mask(layout, option.blocked)
        for turn, move in enumerate(option.moves):
            kind, card, source = action_of(spec, move)
            f = forced_at(first + turn * players)
            f.kind[rows] = REMOVE if option.remove and turn == 0 else kind
            f.card[rows] = 1 << layout.bit_of[card]
            f.source[rows] = DECK if source == NO_DRAW else source
    out = play_counting(everything, forced=forced)
    scores = np.stack([expedition_scores(layout, out["laid"][side]) for side in (0, 1)])  # sides, suits, rows
    mine = out["laid"][observation.side]
    cards = np.stack([np.bitwise_count((mine >> (s * layout.ranks)) & layout.pattern) for s in range(layout.suits)])
    return {
        "scores": scores.sum(axis=1).T.reshape(k, n, 2),
        "expeditions": scores[observation.side].T.reshape(k, n, layout.suits),
        "cards": cards.T.astype(np.int64).reshape(k, n, layout.suits),
        "plays": out["plays"].T.reshape(k, n, 2),
        "pile_draws": out["pile_draws"].reshape(k, n),
        "ends": out["ends"].reshape(k, n),
    }


def engine_options(observation: Observation, options: Sequence[Option], tables: Sequence[Table]) -> dict[str, IntArray]:
    """``play_options`` on the engine, from the given positions (any rule set)."""
    rules = observation.rules
    side, sides, suits = observation.side, rules.sides, len(rules.suits)
    k, n = len(options), len(tables)
    out = {"scores": np.zeros((k, n, sides), dtype=np.int64), "expeditions": np.zeros((k, n, suits), dtype=np.int64),
           "cards": np.zeros((k, n, suits), dtype=np.int64), "plays": np.zeros((k, n, rules.players), dtype=np.int64),
           "pile_draws": np.zeros((k, n), dtype=np.int64), "ends": np.zeros((k, n), dtype=np.int64)}
    for i, start in enumerate(tables):
        for j, option in enumerate(options):
            table = start.clone()
            turns, draws = table.turns, table.pile_draws
            mover = table.to_move
            play_option(table, observation, option)
            out["scores"][j, i] = table.scores()
            out["expeditions"][j, i] = [table.expedition_score(side, s) for s in range(suits)]
            out["cards"][j, i] = [len(table.expeditions[side][s]) for s in range(suits)]
            for t in range(table.turns - turns):
                out["plays"][j, i, (mover + t) % rules.players] += 1
            out["pile_draws"][j, i] = table.pile_draws - draws
            out["ends"][j, i] = batch.END_CODES.index(table.end) if table.end in batch.END_CODES else 0
    return out


def run_rollouts(job: RolloutJob) -> dict[str, IntArray]:
    """One piece: its positions sampled from its own random stream, every option played out."""
    obs = job.observation
    if batch_plays(obs.rules):
        state = sample_state(obs, job.positions, np.random.default_rng([job.seed, job.index]))
        return play_options(obs, job.options, state)
    tables = [obs.sample_table(random.Random(f"{job.seed}:{job.index}:{i}")) for i in range(job.positions)]
    return engine_options(obs, job.options, tables)


# --- collecting and refining --------------------------------------------------------------------------------
@dataclass
class Rollouts:
    """Rollouts collected so far: the arrays of ``play_options`` over every piece played, and the
    seconds they took."""

    observation: Observation
    options: tuple[Option, ...]
    data: dict[str, IntArray] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def positions(self) -> int:
        return int(self.data["pile_draws"].shape[1]) if self.data else 0

    def add(self, parts: Sequence[dict[str, IntArray]]) -> None:
        for part in parts:
            for key, value in part.items():
                self.data[key] = np.concatenate([self.data[key], value], axis=1) if key in self.data else value

    def index(self, option: Option | str) -> int:
        name = option if isinstance(option, str) else option.name
        for j, o in enumerate(self.options):
            if o.name == name:
                return j
        raise AnalysisError(f"no option {name!r}; the options are {', '.join(o.name for o in self.options)}")

    def mean(self, values: npt.ArrayLike) -> Estimate:
        """The mean over positions of per-position ``values`` with its batch-means 95% interval."""
        return batch_estimate(values, BATCH)

    def difference(self, j: int) -> IntArray:
        """Per position: the seat's side's final score minus the best other side's, under option ``j``."""
        scores = self.data["scores"][j]
        side = self.observation.side
        others = np.delete(scores, side, axis=1)
        out: IntArray = scores[:, side] - (others.max(axis=1) if others.size else 0)
        return out

    def own(self, j: int) -> IntArray:
        out: IntArray = self.data["scores"][j][:, self.observation.side]
        return out


ROLLOUTS = Budget(time_limit=2.0)
"""What ``iter_rollouts`` plays unless told otherwise."""


def iter_rollouts(observation: Observation, options: Sequence[Option], *, budget: Budget | None = None,
                  description: str = "rollouts", **limits: Unpack[BudgetOptions]) -> Iterator[Rollouts]:
    """Rollouts of ``options`` in rounds (the budget's ``first`` positions, then doubling), yielding everything
    collected after each round, until its ``max_positions`` positions or ``time_limit`` seconds (the
    caller stops earlier when its numbers are precise enough). Pieces of ``PIECE`` positions run on
    its ``executor`` (or ``workers`` local processes; 1: here). The budget is ``budget`` (default ``ROLLOUTS``)
    with the keywords ``limits`` in place."""
    spent = budget_of(ROLLOUTS, budget, limits)
    seed, first, max_positions, time_limit = spent.seed, spent.first, spent.max_positions, spent.time_limit
    executor, workers, progress = spent.executor, spent.workers, spent.progress
    if observation.to_move is None:
        raise AnalysisError("the round is over: there is nothing left to play out")
    collected = Rollouts(observation, tuple(options))
    count = workers or default_workers()
    with ExitStack() as stack:
        if executor is None and count > 1:
            executor = stack.enter_context(ProcessPoolExecutor(max_workers=count))
        bar = stack.enter_context(progress_bar(max_positions, description, enabled=progress, unit="position"))
        started = time.perf_counter()
        pieces = 0
        size = first
        while collected.positions < max_positions:
            size = min(size, max_positions - collected.positions)
            jobs = [RolloutJob(observation, tuple(options), seed, pieces + i) for i in range(size // PIECE)]
            collected.add(parallel_map(run_rollouts, jobs, executor=executor, workers=1 if executor is None else None))
            pieces += len(jobs)
            bar.update(size)
            collected.seconds = time.perf_counter() - started
            yield collected
            if collected.seconds >= time_limit:
                return
            size = collected.positions


def refine(rollouts: Iterator[Rollouts], summarize: Callable[[Rollouts], T], precision: float,
           width: Callable[[T], float], on_update: Callable[[T], None] | None = None) -> Iterator[T]:
    """Summaries of ever more rollouts, until ``width(summary)`` (the widest 95% half-width that
    counts) is at most ``precision``; ``on_update`` sees each one too."""
    for collected in rollouts:
        summary = summarize(collected)
        if on_update is not None:
            on_update(summary)
        yield summary
        if width(summary) <= precision:
            return


def last(answers: Iterator[T]) -> T:
    """The last of the answers (the most precise one)."""
    final: T | None = None
    for answer in answers:
        final = answer
    if final is None:
        raise AnalysisError("no rollouts were played")
    return final


def answers(observation: Observation, options: Sequence[Option], summarize: Callable[[Rollouts], T],
            width: Callable[[T], float], budget: Budget, *, description: str = "rollouts",
            on_update: Callable[[T], None] | None = None) -> Iterator[T]:
    """The answers of a question asked of rollouts, ever more precise: ``summarize`` turns the
    rollouts collected so far into an answer, ``width`` says how wide its intervals that count are;
    it stops at the budget's ``precision``, ``time_limit`` seconds or ``max_positions`` positions."""
    runs = iter_rollouts(observation, options, budget=budget, description=description)
    return refine(runs, summarize, budget.precision, width, on_update)


def policy_move(observation: Observation) -> Move:
    """The counting policy's own move for the seat to move (it reads only what the seat may know, so
    any position consistent with the observation gives the same move)."""
    if observation.to_move != observation.seat or not observation.legal_moves:
        raise AnalysisError(f"seat {observation.seat} is not to move: there is no move of its own to value")
    return counting_move(observation, random.Random(0))


def moving_observation(observation: Observation) -> Observation:
    """``observation`` checked to be that of the seat to move (the questions about moves need one)."""
    if observation.to_move is None:
        raise AnalysisError("the round is over: there are no moves left to value")
    if observation.to_move != observation.seat:
        raise AnalysisError(f"these questions value the moves of the seat to move: seat {observation.seat} observes, "
                            f"seat {observation.to_move} is to move")
    return observation


# --- model 3 of start_values ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One thing to do with one suit (model 3): ``option`` is ``"lay"``, ``"invest"``, ``"wait"`` or
    ``"never"``; ``rollout`` the ``Option`` played; ``card`` the card laid now; ``investments`` the
    investments laid now (``"invest"``) or already on the expedition."""

    suit: str
    option: str
    rollout: Option
    investments: int
    card: str
    text: str


def decisions_for(observation: Observation) -> list[Decision]:
    """The options model 3 compares for every suit: lay the lowest live number now; invest now (each
    count of the investments in hand, laid on the next turns, when the plays left allow); wait (hold
    the suit back this turn: lay and discard none of its cards, as models 1 and 2 keep them in hand);
    never (lay nothing more of it this round)."""
    if observation.to_move != observation.seat:
        raise AnalysisError("full-round rollouts compare moves, so they need a position where the seat is to move "
                            f"(seat {observation.seat} observes, seat {observation.to_move} is to move)")
    draw = "deck" if observation.deck_size else None
    rules = observation.rules
    out = []
    for suit, s in situations(observation).items():
        others = tuple(x for x in rules.suits if x != suit)
        lay = lay_now(observation, s)
        if lay is not None:
            out.append(Decision(suit, "lay", Option(f"lay {lay} now", (Move.play(lay, draw),)), s.laid_investments, str(lay),
                                option_text(s, "lay", card=str(lay))))
        held = investments_in_hand(observation, s)
        for m in range(1, len(held) + 1):
            if s.outlook.plays > m:
                cards = held[:m]
                moves = tuple(Move.play(c, draw) for c in cards)
                names = " ".join(map(str, cards))
                out.append(Decision(suit, "invest", Option(f"invest {names} now", moves), s.laid_investments + m, names,
                                    option_text(s, "invest", card=names, investments=s.laid_investments + m)))
        out.append(Decision(suit, "wait", Option(f"wait with {suit}", blocked=(suit,)), s.laid_investments, "",
                            option_text(s, "wait")))
        out.append(Decision(suit, "never", Option(f"never {suit}", allowed=others), s.laid_investments, "",
                            option_text(s, "never")))
    return out


def paired(collected: Rollouts, j: int, other: int) -> tuple[Estimate, Estimate]:
    """Option ``j`` against option ``other``, position by position: on the seat's round score, and on
    the score difference (its side's score minus the other side's)."""
    return (collected.mean(collected.own(j) - collected.own(other)),
            collected.mean(collected.difference(j) - collected.difference(other)))


def rollout_summary(collected: Rollouts, decisions: Sequence[Decision]) -> list[ExpeditionValue]:
    """Model 3's rows from rollouts: each decision's expedition score and its gain in the seat's round
    score against never (more of) the suit, paired by position; lay and invest rows also against
    waiting with the suit (``against_wait``), paired likewise; and both again on the score
    difference, the seat's side's score minus the other side's (``difference_gain``,
    ``difference_against_wait``)."""
    rules = collected.observation.rules
    data = collected.data
    never = {d.suit: collected.index(d.rollout) for d in decisions if d.option == "never"}
    wait = {d.suit: collected.index(d.rollout) for d in decisions if d.option == "wait"}
    out = []
    for d in decisions:
        j = collected.index(d.rollout)
        s = rules.suits.index(d.suit)
        expedition = data["expeditions"][j][:, s]
        acts = d.option in ("lay", "invest")
        against_never = (None, None) if d.option == "never" else paired(collected, j, never[d.suit])
        against_wait = paired(collected, j, wait[d.suit]) if acts else (None, None)
        out.append(ExpeditionValue(
            model="rollout", suit=d.suit, investments=d.investments, decision=d.text, value=collected.mean(expedition),
            gain=against_never[0] or Estimate.exact(0.0),
            bonus_chance=proportion_estimate(int((data["cards"][j][:, s] >= rules.bonus_at).sum()), collected.positions),
            distribution=distribution_of(expedition), option=d.option, card=d.card, against_wait=against_wait[0],
            difference_gain=against_never[1] or Estimate.exact(0.0), difference_against_wait=against_wait[1]))
    return out


def rollout_values(observation: Observation, *, budget: Budget | None = None,
                   on_update: Callable[[list[ExpeditionValue]], None] | None = None,
                   **limits: Unpack[BudgetOptions]) -> list[ExpeditionValue]:
    """Model 3 for every suit and option (``decisions_for``), until every value's and gain's 95%
    interval (and every difference from waiting) is within ``±precision`` points, ``time_limit`` seconds have passed, or
    ``max_positions`` positions were played out (a ``Budget``: ``budget``, with the keywords ``limits`` in place)."""
    decisions = decisions_for(observation)
    played = tuple(d.rollout for d in decisions)
    return last(answers(observation, played, lambda c: rollout_summary(c, decisions), lambda rows: max(widest(r) for r in rows),
                        budget_of(Budget(), budget, limits), description="model 3", on_update=on_update))


def widest(row: ExpeditionValue) -> float:
    """The widest 95% half-width among a row's numbers: its value and what it adds, on either measure."""
    return max(e.half_width for e in (row.value, row.gain, row.against_wait, row.difference_gain,
                                      row.difference_against_wait) if e is not None)


__all__ = ["BATCH", "PIECE", "Decision", "Option", "RolloutJob", "Rollouts", "answers", "decisions_for",
           "engine_options", "iter_rollouts", "last", "moving_observation", "play_options", "policy_move", "refine",
           "rollout_values", "run_rollouts", "sample_state", "tables_of_state"]
