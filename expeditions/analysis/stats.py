"""Estimates with their 95% intervals, and the scoring rule on numpy arrays.

Every simulated number in the analysis comes with a 95% interval: a mean with the normal
interval of the sample mean, a chance with the Wilson score interval. An exact number is an
``Estimate`` whose interval is the number itself.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ..rules import Rules
from ..scoring import expedition_points

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Estimate:
    """A number with its 95% interval ``[low, high]``; ``samples`` is 0 for an exact number."""

    value: float
    low: float
    high: float
    samples: int = 0

    @classmethod
    def exact(cls, value: float) -> Estimate:
        return cls(float(value), float(value), float(value), 0)

    @property
    def is_exact(self) -> bool:
        return self.samples == 0

    @property
    def half_width(self) -> float:
        return (self.high - self.low) / 2

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def format(self, digits: int = 1, percent: bool = False) -> str:
        """``12.3 ± 0.4``, ``41.0% [39.6, 42.4]`` for an asymmetric interval, or ``12.3`` when exact
        (``percent`` shows chances in %)."""
        scale, unit = (100.0, "%") if percent else (1.0, "")
        text = f"{self.value * scale:.{digits}f}{unit}"
        if self.is_exact:
            return text
        below, above = self.value - self.low, self.high - self.value
        if abs(below - above) > 1e-9 * max(1.0, abs(self.value)):  # an asymmetric interval: show its ends
            return f"{text} [{self.low * scale:.{digits}f}, {self.high * scale:.{digits}f}]"
        return f"{text} ± {self.half_width * scale:.{digits}f}{unit}"

    def percent(self, digits: int = 1) -> str:
        """A chance in % with the ends of its interval: ``41.0% [39.6, 42.4]``."""
        return f"{100 * self.value:.{digits}f}% [{100 * self.low:.{digits}f}, {100 * self.high:.{digits}f}]"

    def __str__(self) -> str:
        return self.format()


def mean_estimate(samples: npt.ArrayLike) -> Estimate:
    """The mean of ``samples`` with the normal 95% interval of the sample mean."""
    x = np.asarray(samples, dtype=np.float64)
    n = int(x.size)
    if n == 0:
        raise ValueError("no samples to average")
    mean = float(x.mean())
    half = Z95 * float(x.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf
    return Estimate(mean, mean - half, mean + half, n)


def proportion_estimate(successes: float, n: int) -> Estimate:
    """A chance ``successes / n`` with its Wilson 95% interval (``successes`` may count halves, as ties do)."""
    if n == 0:
        raise ValueError("no samples to count")
    p = successes / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)


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
    seat's round score against the alternative (not starting the suit in models 1 and 2, where it
    equals ``value``; holding back in model 3); ``bonus_chance``: the chance that the expedition
    ends with the bonus; ``distribution``: its final score and that score's chance;
    ``numbers_seen``: the expected total of the suit's numbers that reach the hand in time (held
    ones included), when the model tracks it.
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

    def __repr__(self) -> str:
        return (f"<ExpeditionValue {self.model}: {self.decision}: {self.value.format()}, gain {self.gain.format()}, "
                f"bonus {self.bonus_chance.format(0, percent=True)}>")

    def quantile(self, q: float) -> int:
        """The smallest final score whose cumulative chance reaches ``q``."""
        if not 0 <= q <= 1:
            raise ValueError(f"a quantile is between 0 and 1, got {q}")
        running = 0.0
        for score, chance in self.distribution:
            running += chance
            if running >= q - 1e-12:
                return score
        return self.distribution[-1][0]
