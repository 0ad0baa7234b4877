"""The summary of a paired comparison: differences against a baseline arm with intervals, p-values (adjusted
for the many comparisons of the table) and effect sizes, each seat's win rate with Wilson intervals, and how much
the pairing reduced the variance."""
from __future__ import annotations

import html
import math
import warnings
from types import FrameType


from .sequences import sequence_interval
from .stats import (benjamini_hochberg, holm, mcnemar, mean_interval, paired_t, pairing_gain,
                    pairing_gain_interval, wilson)

CORRECTION_NAMES = {"holm": "Holm", "bh": "Benjamini-Hochberg", "bonferroni": "Bonferroni"}


class IntervalWarning(UserWarning):
    """An interval of a comparison has no width (every game gave the same difference) or no bounds (too few
    games): it says nothing about the uncertainty."""


def is_win(measure: str) -> bool:
    return measure.startswith("win_") and measure[4:].isdigit()


def measure_values(frame, measure: str):
    """A measure's column as floats; ``win_<seat>`` is 1 where that seat won, else 0 (a tie wins for nobody),
    and missing (NaN) in a game with fewer seats: a seat that was not there neither won nor lost."""
    if is_win(measure) and measure not in frame:
        seat = int(measure[4:])
        won = frame["winner"].eq(seat).fillna(False).astype(float)
        return won.where(frame["players"] >= seat) if "players" in frame else won
    if measure not in frame:
        raise KeyError(f"no column {measure!r} to compare; columns: {', '.join(map(str, frame.columns))}")
    return frame[measure].astype(float)


def check_level(level) -> None:
    """A confidence level is a fraction: 0.95, not 95."""
    if isinstance(level, bool) or not isinstance(level, (int, float)) or not 0 < level < 1:
        hint = f" (for {level:g}% write {level / 100:g})" if isinstance(level, (int, float)) and 1 < level < 100 \
            else ""
        raise ValueError(f"level is a fraction between 0 and 1, such as 0.95, not {level!r}{hint}")


class Comparison:
    """Paired differences of ``measures`` between each arm and ``baseline`` over the seeds both played.

    ``differences``: one row per (arm, measure) with the two means, the mean difference and its interval
    (``interval`` names it: a t-interval, or for the measures of ``sequential`` an anytime-valid confidence
    sequence, see ``toolkit.experiments.sequences``); the two-sided ``p_value`` of ``test`` (paired t, or exact
    McNemar for a win indicator) and the p-values adjusted over every row of the table (``p_holm``,
    ``p_bh``: Holm, Benjamini-Hochberg); an ``effect`` of kind ``effect_kind`` (paired d_z = mean / sd of the
    differences, or the risk difference of a win indicator); the variance of the paired differences, the
    variance the difference would have with independent seeds (the sum of the two arms' variances), their ratio
    ``reduction`` (how many times fewer games pairing needs for the same interval) and its percentile bootstrap
    interval (``reduction_low``, ``reduction_high``). ``win_rates``: each seat's win rate per arm with its Wilson
    interval. An interval of no width or with NaN bounds raises an ``IntervalWarning``.
    """

    def __init__(self, frame, baseline: str | None = None, measures=("turns", "margin"), level: float = 0.95,
                 sequential=(), tuned_for: int = 1000, seed: int = 0):
        import pandas as pd
        if "arm" not in frame:
            raise ValueError("a comparison needs an 'arm' column (rows from compare())")
        check_level(level)
        self.arms = [str(a) for a in dict.fromkeys(frame["arm"])]
        self.baseline = self.arms[0] if baseline is None else baseline
        if self.baseline not in self.arms:
            raise ValueError(f"baseline {self.baseline!r} is not an arm; arms: {', '.join(self.arms)}")
        self.measures, self.level = list(measures), level
        self.sequential, self.tuned_for = set(sequential), tuned_for
        self.stopping = None                   # set by compare(..., until=...)
        arm_of = frame["arm"].astype(str)
        self.games = int((arm_of == self.baseline).sum())
        by_arm = {a: frame[arm_of == a].set_index("seed") for a in self.arms}
        base = by_arm[self.baseline]
        diffs, self._pairs = [], []
        for arm in self.arms:
            if arm == self.baseline:
                continue
            other = by_arm[arm]
            seeds = base.index.intersection(other.index).sort_values()
            for m in self.measures:
                a = measure_values(other.loc[seeds], m)
                b = measure_values(base.loc[seeds], m)
                ok = a.notna() & b.notna()
                a, b = a[ok].to_numpy(), b[ok].to_numpy()
                self._pairs.append((a, b))
                d = a - b
                mean, low, high = self._interval(m, d, level)
                win = is_win(m)
                sd = float(d.std(ddof=1)) if len(d) > 1 else math.nan
                effect = mean if win else (mean / sd if sd > 0 else math.nan)
                gain_low, gain_high = pairing_gain_interval(a, b, level, seed)
                diffs.append({
                    "arm": arm, "measure": m, "games": len(d),
                    "baseline_mean": float(b.mean()) if len(b) else math.nan,
                    "arm_mean": float(a.mean()) if len(a) else math.nan,
                    "difference": mean, "low": low, "high": high,
                    "interval": "confidence sequence" if m in self.sequential else "t",
                    "test": "exact McNemar" if win else "paired t",
                    "p_value": math.nan if not len(d) else mcnemar(a, b) if win else paired_t(d),   # no pairs: no test
                    "p_holm": math.nan, "p_bh": math.nan,
                    "effect": effect, "effect_kind": "risk difference" if win else "d_z",
                    "paired_var": float(d.var(ddof=1)) if len(d) > 1 else math.nan,
                    "independent_var": float(a.var(ddof=1) + b.var(ddof=1)) if len(d) > 1 else math.nan,
                    "reduction": pairing_gain(a, b), "reduction_low": gain_low, "reduction_high": gain_high})
        columns = ["arm", "measure", "games", "baseline_mean", "arm_mean", "difference", "low", "high", "interval",
                   "test", "p_value", "p_holm", "p_bh", "effect", "effect_kind", "paired_var", "independent_var",
                   "reduction", "reduction_low", "reduction_high"]
        self.differences = pd.DataFrame(diffs, columns=columns)
        self.differences["p_holm"] = holm(self.differences["p_value"])
        self.differences["p_bh"] = benjamini_hochberg(self.differences["p_value"])
        self._warn_empty_intervals()
        wins = []
        seats = int(frame["players"].max()) if len(frame) else 0
        for arm in self.arms:
            rows = by_arm[arm]
            n = len(rows)
            for seat in range(1, int(rows["players"].max()) + 1 if n else 1):
                k = int(rows["winner"].eq(seat).fillna(False).sum())
                rate, low, high = wilson(k, n, level)
                wins.append({"arm": arm, "seat": seat, "wins": k, "games": n, "rate": rate, "low": low, "high": high})
        self.seats = seats
        self.win_rates = pd.DataFrame(wins, columns=["arm", "seat", "wins", "games", "rate", "low", "high"])

    def _interval(self, measure, d, level):
        if measure in self.sequential:
            return sequence_interval(d, level, bounded=(-1.0, 1.0) if is_win(measure) else None,
                                     tuned_for=self.tuned_for)
        return mean_interval(d, level)

    def _warn_empty_intervals(self):
        d = self.differences
        empty = d[d["low"].isna() | d["high"].isna() | (d["low"] == d["high"])]
        if len(empty):
            which = ", ".join(f"{r.arm}: {r.measure}" for r in empty.itertuples())
            warnings.warn(f"{len(empty)} interval(s) with no width or no bounds ({which}): every game gave the "
                          "same difference, or too few games; they say nothing about the uncertainty",
                          IntervalWarning, stacklevel=_outside_toolkit())

    def intervals(self, measure: str | None = None, adjust: str | None = None):
        """The differences as ``label``, ``estimate``, ``low``, ``high`` (what ``forest_plot`` draws).
        ``adjust="bonferroni"``: simultaneous intervals, each at level 1 - (1 - level) / m for the m rows of
        the table, so that all of them cover together with chance ``level``."""
        import pandas as pd
        if adjust not in (None, "bonferroni"):
            raise ValueError(f"adjust must be None or 'bonferroni' (intervals), not {adjust!r}")
        d = self.differences
        level = self.level if adjust is None else 1 - (1 - self.level) / max(1, len(d))
        out = []
        for r, (a, b) in zip(d.itertuples(), self._pairs):
            if measure is not None and r.measure != measure:
                continue
            est, low, high = (r.difference, r.low, r.high) if adjust is None else self._interval(r.measure, a - b,
                                                                                                   level)
            out.append({"label": r.arm if measure is not None else f"{r.arm}: {r.measure}", "estimate": est,
                        "low": low, "high": high})
        frame = pd.DataFrame(out, columns=["label", "estimate", "low", "high"])
        frame.attrs.update(level=self.level, each=level, adjust=adjust, family=len(d), baseline=self.baseline)
        return frame

    # --- display ----------------------------------------------------------------------------------
    def _tables(self):
        """The two tables as lists of text cells (shared by the text and HTML displays)."""
        d = [["arm", "measure", "baseline mean", "arm mean", "difference", f"{self.level:.0%} interval", "p",
              "p Holm", "effect", "pairing"]]
        for r in self.differences.itertuples():
            seq = "*" if r.interval == "confidence sequence" else ""
            kind = "RD" if r.effect_kind == "risk difference" else "dz"
            d.append([r.arm, r.measure, _num(r.baseline_mean), _num(r.arm_mean), _num(r.difference, sign=True),
                      f"[{_num(r.low, sign=True)}, {_num(r.high, sign=True)}]{seq}", _p(r.p_value),
                      _p(r.p_holm), f"{kind} {_num(r.effect, sign=True)}",
                      f"{_times(r.reduction)} [{_times(r.reduction_low, x='')}, {_times(r.reduction_high, x='')}]"])
        seats = sorted(set(self.win_rates["seat"]))
        w = [["arm"] + [f"seat {s}" for s in seats]]
        for arm in self.arms:
            rows = self.win_rates[self.win_rates["arm"] == arm].set_index("seat")
            w.append([arm] + [f"{rows.at[s, 'rate']:.0%} [{rows.at[s, 'low']:.0%}, {rows.at[s, 'high']:.0%}]"
                              if s in rows.index else "-" for s in seats])     # an arm with fewer seats: "-"
        return d, w

    def _heads(self):
        seq = ("; * an anytime-valid confidence sequence (the study stopped when it was narrow enough)"
               if self.sequential else "")
        stop = ""
        if self.stopping:
            s = self.stopping
            stop = (f" Played until every half-width reached its target ({s['targets']}): "
                    f"{'reached' if s['reached'] else 'not reached, stopped at max_games'}.")
        one = ("; with one arm there is nothing to compare: give compare() a second arm" if len(self.arms) == 1
               else "")
        return (f"Paired comparison over {self.games} seed{'' if self.games == 1 else 's'}, each played by every "
                f"arm{one}; differences are arm minus "
                f"baseline '{self.baseline}', with {self.level:.0%} t-intervals{seq}. p: paired t-test (exact "
                f"McNemar for win_); p Holm: adjusted over the table's {len(self.differences)} rows. Effect: dz = "
                f"mean / sd of the differences, RD = risk difference.{stop}",
                f"Pairing: how many times smaller the variance of the difference is than with independent seeds "
                f"[{self.level:.0%} bootstrap interval].",
                f"Win rate of each seat ({self.level:.0%} Wilson intervals; a tie wins for nobody).")

    def __str__(self):
        d, w = self._tables()
        head, pairing, wins = self._heads()
        return "\n".join([head, pairing, *_text_table(d), "", wins, *_text_table(w)])

    def __repr__(self):
        return (f"<Comparison of {len(self.arms)} arm{'' if len(self.arms) == 1 else 's'} over {self.games} "
                f"seed{'' if self.games == 1 else 's'}, baseline {self.baseline!r}>")

    def _repr_html_(self):
        d, w = self._tables()
        head, pairing, wins = self._heads()
        return (f"<p>{html.escape(head)}<br><small>{html.escape(pairing)}</small></p>{_html_table(d)}"
                f"<p>{html.escape(wins)}</p>{_html_table(w)}")


def _outside_toolkit() -> int:
    """The stack level of the first caller outside this package (so a warning names the analyst's line)."""
    import sys
    frame: FrameType | None = sys._getframe(1)
    level = 1
    while frame is not None and frame.f_globals.get("__name__", "").startswith("toolkit."):
        frame, level = frame.f_back, level + 1
    return level


def _p(p) -> str:
    if p is None or (isinstance(p, float) and math.isnan(p)):
        return "-"
    return "<0.001" if p < 0.001 else f"{p:.3f}"


def _num(x, sign=False) -> str:
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "-"
    text = f"{x:+.3g}" if sign else f"{x:.3g}"
    return text


def _times(v, x: str = "x") -> str:
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    return "inf" if math.isinf(v) else f"{x}{v:.2f}"


def _text_table(rows) -> list[str]:
    widths = [max(len(str(r[i])) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]


def _html_table(rows) -> str:
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows[1:])
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


__all__ = ["Comparison", "IntervalWarning", "check_level", "is_win", "measure_values"]
