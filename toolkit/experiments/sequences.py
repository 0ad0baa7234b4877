"""Anytime-valid confidence sequences: intervals that keep their coverage when a study stops because they look
narrow enough (``compare(..., until=...)``).

A t-interval is valid for a number of games fixed in advance; looking after every chunk and stopping when it is
narrow enough gives it less coverage than it says. A confidence sequence covers the mean at *every* number of
games at once (with chance ``level``), so it also covers at a stopping time chosen by looking at it.

- ``betting_sequence``, for a measure bounded in [lo, hi] (a win indicator, or a difference of two): the
  predictable plug-in empirical-Bernstein confidence sequence of Waudby-Smith & Ramdas, "Estimating means of
  bounded random variables by betting", J. R. Stat. Soc. B 86(1), 2024 (arXiv:2010.09686), Theorem 2 with
  their predictable bets (their eqs. 24-26). Valid at every size, not only for many games.
- ``asymptotic_sequence``, for an unbounded measure (turns, scores, margins): the asymptotic confidence
  sequence of Waudby-Smith, Arnold, Wu, Howard & Ramdas, "Time-uniform central limit theory and asymptotic
  confidence sequences", Ann. Statist. 52(6), 2024 (arXiv:2103.06476), Theorem 2.2: Robbins' two-sided
  normal-mixture boundary (Howard, Ramdas, McAuliffe & Sekhon 2021, Ann. Statist. 49(2), eq. 14) with the
  running standard deviation. Its coverage holds as the number of games grows; ``compare`` looks only after its
  first round of games (at least ``MIN_GAMES``).
"""
from __future__ import annotations

import math


MIN_GAMES = 30          # the asymptotic sequence is not consulted on fewer games


def betting_sequence(values, level: float = 0.95, lo: float = 0.0, hi: float = 1.0):
    """(centre, low, high) after each value: the empirical-Bernstein betting confidence sequence for the mean
    of values known to lie in [lo, hi]. Arrays of the values' length.

    >>> c, low, high = betting_sequence([1, 0, 1, 1, 0, 1, 0, 1] * 50)
    >>> bool(low[-1] < 0.625 < high[-1]), round(float(high[-1] - low[-1]), 2)
    (True, 0.18)
    """
    import numpy as np
    x = (np.asarray(values, dtype=float) - lo) / (hi - lo)
    if len(x) and (x.min() < 0 or x.max() > 1):
        raise ValueError(f"a betting confidence sequence needs values in [{lo}, {hi}]")
    alpha = 1 - level
    t = np.arange(1, len(x) + 1)
    mean = (0.5 + np.cumsum(x)) / (t + 1)                       # mu-hat_t, shrunk towards 1/2
    var = (0.25 + np.cumsum((x - mean) ** 2)) / (t + 1)         # sigma-hat^2_t
    mean_before = np.concatenate(([0.5], mean[:-1]))            # predictable: from the values before
    var_before = np.concatenate(([0.25], var[:-1]))
    bet = np.minimum(np.sqrt(2 * math.log(2 / alpha) / (var_before * t * np.log1p(t))), 0.5)
    psi = (-np.log1p(-bet) - bet) / 4
    v = 4 * (x - mean_before) ** 2
    total = np.cumsum(bet)
    centre = np.cumsum(bet * x) / total
    half = (math.log(2 / alpha) + np.cumsum(v * psi)) / total
    low, high = np.maximum(centre - half, 0.0), np.minimum(centre + half, 1.0)
    scale = hi - lo
    return lo + scale * centre, lo + scale * low, lo + scale * high


def asymptotic_sequence(values, level: float = 0.95, tuned_for: int = 1000):
    """(mean, low, high) after each value: the asymptotic (normal-mixture) confidence sequence for the mean.
    ``tuned_for``: the number of games where it is narrowest for its kind (a choice of the mixture's width).

    >>> m, low, high = asymptotic_sequence([i % 7 for i in range(1000)], tuned_for=500)
    >>> bool(low[-1] < 3 < high[-1]), round(float(high[-1] - low[-1]), 2)
    (True, 0.39)
    """
    import numpy as np
    x = np.asarray(values, dtype=float)
    alpha = 1 - level
    t = np.arange(1, len(x) + 1)
    mean = np.cumsum(x) / t
    with np.errstate(invalid="ignore", divide="ignore"):
        var = np.maximum(np.cumsum(x * x) / t - mean ** 2, 0.0) * t / np.maximum(t - 1, 1)
        rho2 = (-2 * math.log(alpha) + math.log(-2 * math.log(alpha) + 1)) / max(1, tuned_for)
        half = np.sqrt(var) * np.sqrt(2 * (t * rho2 + 1) / (t * t * rho2) * np.log(np.sqrt(t * rho2 + 1) / alpha))
    half[t < 2] = np.nan
    return mean, mean - half, mean + half


def sequence_interval(values, level: float = 0.95, bounded: tuple | None = None, tuned_for: int = 1000):
    """(estimate, low, high) of the confidence sequence after all of ``values``: the betting sequence when
    ``bounded=(lo, hi)``, else the asymptotic one (NaN bounds before ``MIN_GAMES`` values)."""
    import numpy as np
    if len(values) == 0:
        return (math.nan, math.nan, math.nan)
    if bounded is not None:
        c, low, high = betting_sequence(values, level, *bounded)
        return (float(np.mean(values)), float(low[-1]), float(high[-1]))
    m, low, high = asymptotic_sequence(values, level, tuned_for)
    if len(values) < MIN_GAMES:
        return (float(m[-1]), math.nan, math.nan)
    return (float(m[-1]), float(low[-1]), float(high[-1]))


__all__ = ["MIN_GAMES", "asymptotic_sequence", "betting_sequence", "sequence_interval"]
