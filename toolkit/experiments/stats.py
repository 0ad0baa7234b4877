"""Interval estimates, tests and corrections for experiments; every distribution comes from ``scipy.stats``.

- ``mean_interval``: the t-interval of a mean (of paired differences);
- ``wilson``: the Wilson score interval of a proportion (a win rate), good even near 0 and 1;
- ``paired_t`` and ``mcnemar``: p-values of a paired difference (exact McNemar for win indicators);
- ``holm`` and ``benjamini_hochberg``: p-values adjusted for the many comparisons of one table;
- ``pairing_gain_interval``: a bootstrap interval for how much pairing reduced the variance.
"""
from __future__ import annotations

import math
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np



def _stats():
    """scipy.stats, imported when first needed (it takes a second: ``import toolkit`` should not)."""
    from scipy import stats
    return stats


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile (``scipy.stats.t.ppf``).

    >>> round(t_quantile(0.975, 10), 4), round(t_quantile(0.995, 1), 2)
    (2.2281, 63.66)
    """
    if not df >= 1:
        raise ValueError("a t quantile needs at least 1 degree of freedom")
    return float(_stats().t.ppf(p, df))


def z_quantile(p: float) -> float:
    """The standard normal quantile (``scipy.stats.norm.ppf``)."""
    return float(_stats().norm.ppf(p))


def mean_interval(values, level: float = 0.95) -> tuple[float, float, float]:
    """(mean, low, high): the t-interval of the mean of ``values`` (NaN bounds with fewer than 2 values).

    >>> [round(x, 3) for x in mean_interval([1.0, 2.0, 3.0, 4.0])]
    [2.5, 0.446, 4.554]
    """
    import numpy as np
    xs = np.asarray(list(values), dtype=float)
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = float(xs.mean())
    if n < 2:
        return (m, math.nan, math.nan)
    h = t_quantile(0.5 + level / 2, n - 1) * float(xs.std(ddof=1)) / math.sqrt(n)
    return (m, m - h, m + h)


def wilson(successes: int, n: int, level: float = 0.95) -> tuple[float, float, float]:
    """(rate, low, high): the Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(0, 10)], [round(x, 3) for x in wilson(5, 10)]
    ([0.0, 0.0, 0.278], [0.5, 0.237, 0.763])
    """
    if n == 0:
        return (math.nan, math.nan, math.nan)
    z = z_quantile(0.5 + level / 2)
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    low = 0.0 if successes == 0 else max(0.0, centre - h)      # exact at the ends (no rounding residue)
    high = 1.0 if successes == n else min(1.0, centre + h)
    return (p, low, high)


def paired_t(differences) -> float:
    """Two-sided p-value of the paired t-test that the mean difference is 0 (NaN if it cannot be computed).

    >>> round(paired_t([1.0, 2.0, 0.5, 1.5, 1.0]), 4)
    0.0093
    """
    import numpy as np
    d = np.asarray(list(differences), dtype=float)
    if len(d) < 2:
        return math.nan
    if d.std(ddof=1) == 0:
        return 1.0 if d[0] == 0 else 0.0        # no spread: every game differs by the same amount
    return float(_stats().ttest_1samp(d, 0.0).pvalue)


def mcnemar(a, b) -> float:
    """Exact McNemar p-value for paired 0/1 outcomes: of the pairs that disagree, are the two kinds equally
    likely? (A two-sided binomial test with ``scipy.stats.binomtest``.)

    >>> round(mcnemar([1, 1, 1, 1, 1, 0, 1], [0, 0, 0, 0, 0, 0, 1]), 4)
    0.0625
    """
    import numpy as np
    a, b = np.asarray(list(a), dtype=float), np.asarray(list(b), dtype=float)
    only_a, only_b = int(((a == 1) & (b == 0)).sum()), int(((a == 0) & (b == 1)).sum())
    if only_a + only_b == 0:
        return 1.0
    return float(_stats().binomtest(only_a, only_a + only_b, 0.5).pvalue)


def holm(pvalues) -> np.ndarray:
    """Holm's step-down adjusted p-values (controls the chance of any false claim among the table's); NaN stays NaN.

    >>> [round(float(p), 3) for p in holm([0.01, 0.04, 0.03])]
    [0.03, 0.06, 0.06]
    """
    import numpy as np
    p = np.asarray(list(pvalues), dtype=float)
    out = np.full(len(p), np.nan)
    ok = np.flatnonzero(~np.isnan(p))
    m = len(ok)
    if m == 0:
        return out
    order = ok[np.argsort(p[ok], kind="stable")]
    scaled = np.maximum.accumulate((m - np.arange(m)) * p[order])
    out[order] = np.minimum(scaled, 1.0)
    return out


def benjamini_hochberg(pvalues) -> np.ndarray:
    """Benjamini-Hochberg adjusted p-values (controls the expected share of false claims;
    ``scipy.stats.false_discovery_control``); NaN stays NaN.

    >>> [round(float(p), 3) for p in benjamini_hochberg([0.01, 0.04, 0.03])]
    [0.03, 0.04, 0.04]
    """
    import numpy as np
    p = np.asarray(list(pvalues), dtype=float)
    out = np.full(len(p), np.nan)
    ok = ~np.isnan(p)
    if ok.any():
        out[ok] = _stats().false_discovery_control(p[ok], method="bh")
    return out


CORRECTIONS = {"holm": holm, "bh": benjamini_hochberg}


def pairing_gain(a, b) -> float:
    """How many times smaller the variance of the paired differences is than with independent seeds."""
    import numpy as np
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(a) < 2:
        return math.nan
    independent = a.var(ddof=1) + b.var(ddof=1)
    paired = (a - b).var(ddof=1)
    if independent == 0:
        return math.nan
    return float(independent / paired) if paired > 0 else math.inf


def pairing_gain_interval(a, b, level: float = 0.95, seed: int = 0, resamples: int = 2000) -> tuple[float, float]:
    """A percentile bootstrap interval (``scipy.stats.bootstrap``, games resampled as pairs) for
    ``pairing_gain``; NaN where the gain is not finite or there are fewer than 3 games. ``seed`` fixes the
    resampling, so the same rows give the same interval."""
    import numpy as np
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if len(a) < 3 or not math.isfinite(pairing_gain(a, b)):
        return (math.nan, math.nan)

    def gain(x, y, axis=-1):
        paired = np.var(x - y, ddof=1, axis=axis)
        with np.errstate(divide="ignore", invalid="ignore"):
            return (np.var(x, ddof=1, axis=axis) + np.var(y, ddof=1, axis=axis)) / paired

    with np.errstate(invalid="ignore"), warnings.catch_warnings():
        # a resample of equal differences has an infinite gain; a few games can make every resample degenerate
        warnings.simplefilter("ignore", _stats().DegenerateDataWarning)
        res = _stats().bootstrap((a, b), gain, paired=True, vectorized=True, n_resamples=resamples, batch=200,
                              confidence_level=level, method="percentile", rng=np.random.default_rng(seed))
    return (float(res.confidence_interval.low), float(res.confidence_interval.high))


__all__ = ["CORRECTIONS", "benjamini_hochberg", "holm", "mcnemar", "mean_interval", "paired_t", "pairing_gain",
           "pairing_gain_interval", "t_quantile", "wilson", "z_quantile"]
