"""Numbers with their 95% intervals: the one place where an interval is computed.

Every simulated number this package shows comes with a 95% interval: a mean with the normal
interval of the sample mean, a chance with the Wilson score interval, and a mean of skewed
samples (the score differences of rollouts: a rare bonus or multiplier makes a long tail) with
Student's t interval over the means of independent batches of samples (``batch_means_estimate``),
which holds where the normal interval of single samples comes out too narrow. An exact number is
an ``Estimate`` whose interval is the number itself. Pure Python, so that bots and the core can
use it without numpy.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

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

    def format(self, digits: int = 1, percent: bool = False, sign: bool = False) -> str:
        """``12.3 ± 0.4``, ``41.0% [39.6, 42.4]`` for an asymmetric interval, or ``12.3`` when exact
        (``percent`` shows chances in %; ``sign`` writes ``+12.3`` for a value above 0)."""
        scale, unit = (100.0, "%") if percent else (1.0, "")
        text = f"{self.value * scale:.{digits}f}{unit}"
        if sign and not text.startswith("-") and float(text.rstrip("%")) != 0:
            text = "+" + text
        if self.is_exact:
            return text
        below, above = self.value - self.low, self.high - self.value
        if abs(below - above) > 1e-9 * max(1.0, abs(self.value)):  # an asymmetric interval: show its ends
            return f"{text} [{self.low * scale:.{digits}f}, {self.high * scale:.{digits}f}]"
        return f"{text} ± {self.half_width * scale:.{digits}f}{unit}"

    def plain(self, unit: str = "points") -> str:
        """The number in plain words for a learner: ``about 14 points (give or take 0.2)``, the value rounded to
        a whole number and the farther end of its 95% interval as what it may be off by; ``about 22 points``
        when exact (the exact figures are ``format()``'s)."""
        text = f"about {self.value:.0f} {unit}"
        if self.is_exact:
            return text
        off = max(self.value - self.low, self.high - self.value)
        return f"{text} (give or take {off:.1f})"

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


def _t_within(t: float, df: int) -> float:
    """``P(|T| <= t)`` for Student's t with ``df`` degrees of freedom (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    if df % 2:
        term, total = math.cos(theta), 0.0
        for k in range(1, (df - 1) // 2 + 1):
            total += term
            term *= c2 * (2 * k) / (2 * k + 1)
        return 2 / math.pi * (theta + math.sin(theta) * total) if df > 1 else 2 * theta / math.pi
    term, total = 1.0, 0.0
    for k in range(1, df // 2 + 1):
        total += term
        term *= c2 * (2 * k - 1) / (2 * k)
    return math.sin(theta) * total


@lru_cache(maxsize=1024)
def t_quantile(df: int) -> float:
    """The two-sided 95% quantile of Student's t distribution with ``df`` degrees of freedom:
    Newton's method on the exact distribution function, from the Cornish-Fisher expansion about the
    normal quantile (Abramowitz and Stegun 26.7.5)."""
    if df < 1:
        raise ValueError(f"Student's t needs at least 1 degree of freedom, got {df}")
    if df == 1:
        return math.tan(math.pi * 0.475)
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    t = z + g1 / df + g2 / df**2 + g3 / df**3
    scale = math.exp(math.lgamma((df + 1) / 2) - math.lgamma(df / 2)) / math.sqrt(df * math.pi)
    for _ in range(6):
        density = scale * (1 + t * t / df) ** (-(df + 1) / 2)
        t -= (_t_within(t, df) - 0.95) / (2 * density)
    return t


def batch_means_estimate(batch_means: Iterable[float], samples_per_batch: int = 1) -> Estimate:
    """The mean of equal independent batches of samples, from each batch's mean, with Student's t
    95% interval over the batch means (``len - 1`` degrees of freedom). A batch's mean is close to
    normal even when single samples are skewed, so the interval keeps its 95% where the normal
    interval of the single samples does not. ``samples`` of the result counts the single samples."""
    means = [float(x) for x in batch_means]
    k = len(means)
    if k < 2:
        raise ValueError("an interval over batch means needs at least 2 batches")
    centre = math.fsum(means) / k
    spread = math.sqrt(math.fsum((x - centre) ** 2 for x in means) / (k - 1))
    half = t_quantile(k - 1) * spread / math.sqrt(k)
    return Estimate(centre, centre - half, centre + half, len(means) * samples_per_batch)


def proportion_estimate(successes: float, n: int) -> Estimate:
    """A chance ``successes / n`` with its Wilson 95% interval (``successes`` may count halves, as ties do)."""
    if n == 0:
        raise AnalysisError("no samples to count: a proportion needs at least one trial")
    p = successes / n
    denominator = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denominator
    return Estimate(p, max(0.0, centre - half), min(1.0, centre + half), n)
