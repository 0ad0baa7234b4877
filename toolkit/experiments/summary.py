"""The summary of a paired comparison: differences against a baseline arm with intervals, each seat's win rate
with Wilson intervals, and how much the pairing reduced the variance."""
from __future__ import annotations

import html
import math

from .stats import mean_interval, wilson


def measure_values(frame, measure: str):
    """A measure's column; ``win_<seat>`` is 1 where that seat won, else 0."""
    if measure.startswith("win_") and measure[4:].isdigit() and measure not in frame:
        return (frame["winner"] == int(measure[4:])).astype(float)
    if measure not in frame:
        raise KeyError(f"no column {measure!r} to compare; columns: {', '.join(map(str, frame.columns))}")
    return frame[measure].astype(float)


def _var(xs) -> float:
    n = len(xs)
    if n < 2:
        return math.nan
    m = sum(xs) / n
    return sum((x - m) ** 2 for x in xs) / (n - 1)


class Comparison:
    """Paired differences of ``measures`` between each arm and ``baseline`` over the seeds both played.

    ``differences``: one row per (arm, measure) with the two means, the mean difference and its t-interval,
    the variance of the paired differences and the variance the difference would have with independent seeds
    (the sum of the two arms' variances), and their ratio ``reduction`` (how many times fewer games pairing
    needs for the same interval). ``win_rates``: each seat's win rate per arm with its Wilson interval.
    """

    def __init__(self, frame, baseline: str | None = None, measures=("turns", "margin"), level: float = 0.95):
        import pandas as pd
        if "arm" not in frame:
            raise ValueError("a comparison needs an 'arm' column (rows from compare())")
        self.arms = list(dict.fromkeys(frame["arm"]))
        self.baseline = self.arms[0] if baseline is None else baseline
        if self.baseline not in self.arms:
            raise ValueError(f"baseline {self.baseline!r} is not an arm; arms: {', '.join(self.arms)}")
        self.measures, self.level = list(measures), level
        self.games = int((frame["arm"] == self.baseline).sum())
        by_arm = {a: frame[frame["arm"] == a].set_index("seed") for a in self.arms}
        base = by_arm[self.baseline]
        diffs = []
        for arm in self.arms:
            if arm == self.baseline:
                continue
            other = by_arm[arm]
            seeds = base.index.intersection(other.index)
            for m in self.measures:
                a = measure_values(other.loc[seeds], m)
                b = measure_values(base.loc[seeds], m)
                ok = a.notna() & b.notna()
                a, b = list(a[ok]), list(b[ok])
                d = [x - y for x, y in zip(a, b)]
                mean, low, high = mean_interval(d, level)
                paired, independent = _var(d), _var(a) + _var(b)
                reduction = (independent / paired if paired > 0 else math.inf) if independent > 0 else math.nan
                diffs.append({"arm": arm, "measure": m, "games": len(d), "baseline_mean": sum(b) / max(1, len(b)),
                              "arm_mean": sum(a) / max(1, len(a)), "difference": mean, "low": low, "high": high,
                              "paired_var": paired, "independent_var": independent, "reduction": reduction})
        self.differences = pd.DataFrame(diffs, columns=["arm", "measure", "games", "baseline_mean", "arm_mean",
                                                        "difference", "low", "high", "paired_var",
                                                        "independent_var", "reduction"])
        wins = []
        for arm in self.arms:
            rows = by_arm[arm]
            n = len(rows)
            for seat in range(1, int(rows["players"].max()) + 1):
                k = int((rows["winner"] == seat).sum())
                rate, low, high = wilson(k, n, level)
                wins.append({"arm": arm, "seat": seat, "wins": k, "games": n, "rate": rate, "low": low, "high": high})
        self.win_rates = pd.DataFrame(wins, columns=["arm", "seat", "wins", "games", "rate", "low", "high"])

    # --- display ----------------------------------------------------------------------------------
    def _tables(self):
        """The two tables as lists of text cells (shared by the text and HTML displays)."""
        d = [["arm", "measure", "baseline mean", "arm mean", "difference", f"{self.level:.0%} interval", "pairing"]]
        for r in self.differences.itertuples():
            d.append([r.arm, r.measure, _num(r.baseline_mean), _num(r.arm_mean), _num(r.difference, sign=True),
                      f"[{_num(r.low, sign=True)}, {_num(r.high, sign=True)}]", _times(r.reduction)])
        w = [["arm"] + [f"seat {s}" for s in sorted(set(self.win_rates["seat"]))]]
        for arm in self.arms:
            rows = self.win_rates[self.win_rates["arm"] == arm]
            w.append([arm] + [f"{r.rate:.0%} [{r.low:.0%}, {r.high:.0%}]" for r in rows.itertuples()])
        return d, w

    def _heads(self):
        return (f"Paired comparison over {self.games} seeds, each played by every arm; differences are arm minus "
                f"baseline '{self.baseline}', with {self.level:.0%} t-intervals.",
                "Pairing: how many times smaller the variance of the difference is than with independent seeds.",
                f"Win rate of each seat ({self.level:.0%} Wilson intervals; a tie wins for nobody).")

    def __str__(self):
        d, w = self._tables()
        head, pairing, wins = self._heads()
        return "\n".join([head, pairing, *_text_table(d), "", wins, *_text_table(w)])

    def __repr__(self):
        return f"<Comparison of {len(self.arms)} arms over {self.games} seeds, baseline {self.baseline!r}>"

    def _repr_html_(self):
        d, w = self._tables()
        head, pairing, wins = self._heads()
        return (f"<p>{html.escape(head)}<br><small>{html.escape(pairing)}</small></p>{_html_table(d)}"
                f"<p>{html.escape(wins)}</p>{_html_table(w)}")


def _num(x, sign=False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    text = f"{x:+.3g}" if sign else f"{x:.3g}"
    return text


def _times(x) -> str:
    if isinstance(x, float) and math.isnan(x):
        return "-"
    return "inf" if math.isinf(x) else f"x{x:.2f}"


def _text_table(rows) -> list[str]:
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def _html_table(rows) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


__all__ = ["Comparison", "measure_values"]
