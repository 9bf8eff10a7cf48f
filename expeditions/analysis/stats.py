"""Estimates over numpy arrays, and the scoring rule on numpy arrays.

``Estimate`` and its intervals live in ``expeditions.estimate`` (one interval code for the whole
package); this module adds the numpy side: the mean of an array, scores of whole arrays, and the
distribution of simulated scores.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..errors import AnalysisError
from ..estimate import Z95, Estimate, batch_means_estimate, proportion_estimate
from ..rules import Rules
from ..scoring import expedition_points

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


def mean_estimate(samples: npt.ArrayLike) -> Estimate:
    """The mean of ``samples`` (any array) with the normal 95% interval of the sample mean."""
    x = np.asarray(samples, dtype=np.float64)
    n = int(x.size)
    if n == 0:
        raise AnalysisError("no samples to average: give at least one")
    return Estimate.of_mean(float(x.mean()), float(x.std(ddof=1)) if n > 1 else 0.0, n)


def batch_estimate(samples: npt.ArrayLike, batch: int) -> Estimate:
    """The mean of ``samples`` with Student's t 95% interval over the means of consecutive batches of
    ``batch`` samples (``estimate.batch_means_estimate``): the interval for skewed samples such as
    rollouts' score differences. The samples must come in whole, independent batches."""
    x = np.asarray(samples, dtype=np.float64).ravel()
    if batch < 1 or x.size % batch or x.size < 2 * batch:
        raise ValueError(f"{x.size} samples do not make at least 2 whole batches of {batch}")
    return batch_means_estimate(x.reshape(-1, batch).mean(axis=1).tolist(), batch)


def win_share(differences: npt.ArrayLike) -> Estimate:
    """The chance to win from final score differences (yours minus the best other side's), a tie counting half,
    with its Wilson 95% interval."""
    d = np.asarray(differences)
    return proportion_estimate(float((d > 0).sum() + 0.5 * (d == 0).sum()), int(d.size))


@lru_cache(maxsize=32)
def points_table(rules: Rules) -> IntArray:
    """``table[numbers_total, investments, cards]``: ``expedition_points`` for every possible
    expedition of the rule set, so that numpy code scores whole arrays with one lookup."""
    most_total = sum(rules.numbers) + sum(rules.extra_copies)
    most_cards = len(rules.numbers) + len(rules.extra_copies) + rules.investments
    table = np.zeros((most_total + 1, rules.investments + 1, most_cards + 1), dtype=np.int64)
    for total in range(most_total + 1):
        for investments in range(rules.investments + 1):
            for cards in range(most_cards + 1):
                table[total, investments, cards] = expedition_points(total, investments, cards, rules)
    return table


def points(rules: Rules, numbers_total: npt.ArrayLike, investments: npt.ArrayLike, cards: npt.ArrayLike) -> IntArray:
    """``expedition_points`` over arrays (element by element)."""
    index = (np.asarray(numbers_total, dtype=np.int64), np.asarray(investments, dtype=np.int64), np.asarray(cards, dtype=np.int64))
    return points_table(rules)[index]


def distribution_of(scores: npt.ArrayLike, weights: npt.ArrayLike | None = None) -> tuple[tuple[int, float], ...]:
    """The distribution of integer scores: ``((score, chance), ...)`` in rising order of score."""
    s = np.asarray(scores, dtype=np.int64)
    w = np.ones(s.size, dtype=np.float64) if weights is None else np.asarray(weights, dtype=np.float64)
    values, where = np.unique(s, return_inverse=True)
    mass = np.bincount(where.ravel(), weights=w.ravel(), minlength=values.size)
    mass = mass / mass.sum()
    return tuple((int(v), float(m)) for v, m in zip(values, mass, strict=True) if m > 0)


@dataclass(frozen=True)
class ExpeditionValue:
    """One model's answer for one expedition and one decision.

    ``value``: the expected final score of the expedition; ``gain``: the expected change of the
    seat's round score against laying nothing (more) of the suit (in models 1 and 2 the value less
    what the expedition scores as it stands, 0 for one not started; in model 3 measured on the whole
    round); ``bonus_chance``: the chance that the expedition ends with the bonus; ``distribution``:
    its final score and that score's chance; ``numbers_seen``: the expected total of the suit's
    numbers that reach the hand in time (held ones included), when the model tracks it;
    ``option``: ``"lay"``, ``"invest"``, ``"wait"`` or ``"never"`` for the options of
    ``start_values`` (empty for a count of investments at the end); ``card``: the card(s) laid now;
    ``against_wait`` (lay and invest rows): the gain less the gain of waiting with the suit (holding
    it back this turn), measured on the same deals where the model simulates, so the difference is
    far more precise than the two gains apart; ``difference_gain`` and ``difference_against_wait``
    (model 3 only, which plays the opponent too; ``None`` in models 1 and 2, which see one suit
    alone): the same two measured on the score difference, your round score minus the opponent's,
    which is what wins the round.
    """

    model: str
    suit: str
    investments: int
    decision: str
    value: Estimate
    gain: Estimate
    bonus_chance: Estimate
    distribution: tuple[tuple[int, float], ...] = field(repr=False)
    numbers_seen: Estimate | None = None
    option: str = ""
    card: str = ""
    against_wait: Estimate | None = None
    difference_gain: Estimate | None = None
    difference_against_wait: Estimate | None = None

    def added(self, against: str, measure: str) -> Estimate | None:
        """What this option adds against waiting (``against="wait"``) or never, on ``measure``
        (``"score"``: your round score; ``"difference"``: your score minus the opponent's)."""
        if measure == "difference":
            return self.difference_against_wait if against == "wait" else self.difference_gain
        return self.against_wait if against == "wait" else self.gain

    def additions(self, opponent: bool = True) -> tuple[tuple[str, str, Estimate], ...]:
        """Every number a table shows beside the value, as ``(measure, against, estimate)``: on your round
        score, then (model 3 with an ``opponent``) on the score difference, each against never and against
        waiting when the option has it (a never row adds nothing)."""
        measures = ("score", "difference") if opponent and self.difference_gain is not None else ("score",)
        found = ((m, a, self.added(a, m)) for m in measures for a in ("never", "wait"))
        return tuple((m, a, e) for m, a, e in found if e is not None and not (self.option == "never" and a == "never"))

    def __repr__(self) -> str:
        return (f"<ExpeditionValue {self.model}: {self.decision}: {self.value.format()}, gain {self.gain.format()}, "
                f"bonus {self.bonus_chance.format(0, percent=True)}>")

    def quantile(self, q: float) -> int:
        """The smallest final score whose cumulative chance reaches ``q``."""
        if not 0 <= q <= 1:
            raise AnalysisError(f"a quantile is between 0 and 1, got {q!r}")
        running = 0.0
        for score, chance in self.distribution:
            running += chance
            if running >= q - 1e-12:
                return score
        return self.distribution[-1][0]


__all__ = ["Z95", "Estimate", "ExpeditionValue", "FloatArray", "IntArray", "batch_estimate", "distribution_of", "mean_estimate",
           "points", "points_table", "proportion_estimate"]
