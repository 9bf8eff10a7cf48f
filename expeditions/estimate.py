"""Numbers with their 95% intervals: the one place where an interval is computed.

Every simulated number this package shows comes with a 95% interval: a mean with the normal
(Student's t for small samples) interval of the sample mean, a chance with the Wilson score
interval. An exact number is an ``Estimate`` whose interval is the number itself. Pure Python, so
that bots and the core can use it without numpy.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import AnalysisError

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


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

    @classmethod
    def of_mean(cls, mean: float, sd: float, n: int) -> Estimate:
        """The mean of ``n`` samples whose standard deviation is ``sd``, with the normal 95% interval
        of the sample mean (infinite for a single sample)."""
        if n < 1:
            raise AnalysisError("no samples to average: give at least one")
        half = Z95 * sd / math.sqrt(n) if n > 1 else math.inf
        return cls(float(mean), float(mean - half), float(mean + half), n)

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


def mean_of(samples: Iterable[float]) -> Estimate:
    """The mean of ``samples`` (a plain sequence) with the normal 95% interval of the sample mean."""
    values = [float(x) for x in samples]
    if not values:
        raise AnalysisError("no samples to average: give at least one")
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return Estimate.of_mean(statistics.fmean(values), sd, len(values))


def sum_of(estimates: Iterable[Estimate]) -> Estimate:
    """The sum of independent estimates with its 95% interval: their variances add, so the half-width
    is the root of the sum of the squared half-widths (exact when every term is; 0 for no terms)."""
    terms = list(estimates)
    value = sum(e.value for e in terms)
    half = math.sqrt(sum(e.half_width**2 for e in terms))
    if all(e.is_exact for e in terms):
        return Estimate.exact(value)
    return Estimate(value, value - half, value + half, min(e.samples for e in terms if not e.is_exact))


def proportion_estimate(successes: float, n: int) -> Estimate:
    """A chance ``successes / n`` with its Wilson 95% interval (``successes`` may count halves, as ties do)."""
    if n == 0:
        raise AnalysisError("no samples to count: a proportion needs at least one trial")
    p = successes / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
