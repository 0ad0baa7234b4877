"""Small interval estimates for experiments, in plain Python (no SciPy needed).

- ``mean_interval``: the t-interval of a mean (of paired differences);
- ``wilson``: the Wilson score interval of a proportion (a win rate), good even near 0 and 1.
"""
from __future__ import annotations

import math
from statistics import NormalDist

# Student's t quantile at 0.975 for 1..30 degrees of freedom (two-sided 95%); beyond, the series below
_T975 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042)


def t_quantile(p: float, df: int) -> float:
    """Student's t quantile: exact table for p = 0.975 and df <= 30, else the Cornish-Fisher series in 1/df
    (Abramowitz & Stegun 26.7.5), within 0.002 of the exact value for df > 30.

    >>> t_quantile(0.975, 10), round(t_quantile(0.975, 120), 3)
    (2.228, 1.98)
    """
    if df < 1:
        raise ValueError("a t quantile needs at least 1 degree of freedom")
    if abs(p - 0.975) < 1e-12 and df <= len(_T975):
        return _T975[df - 1]
    z = NormalDist().inv_cdf(p)
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    g4 = (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3 + g4 / df ** 4


def mean_interval(values, level: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): the t-interval of the mean of ``values`` (NaN bounds with fewer than 2 values).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 0.446, 4.554]
    """
    xs = [float(x) for x in values]
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n < 2:
        return (m, math.nan, math.nan)
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = t_quantile(0.5 + level / 2, n - 1) * sd / math.sqrt(n)
    return (m, m - h, m + h)


def wilson(successes: int, n: int, level: float = 0.95) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(0, 10)], [round(x, 3) for x in wilson(5, 10)]
    ([0.0, 0.0, 0.278], [0.5, 0.237, 0.763])
    """
    if n == 0:
        return (math.nan, math.nan, math.nan)
    z = NormalDist().inv_cdf(0.5 + level / 2)
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    low = 0.0 if successes == 0 else max(0.0, centre - h)      # exact at the ends (no rounding residue)
    high = 1.0 if successes == n else min(1.0, centre + h)
    return (p, low, high)


__all__ = ["mean_interval", "t_quantile", "wilson"]
