"""Drawings of experiments: a forest plot of estimates with their intervals.

Like every drawing of the toolkit: takes ``ax=None``, draws, returns the Axes; never calls ``plt.show()``.
"""
from __future__ import annotations

import math

from matplotlib.lines import Line2D

from ..drawing import INK, new_axes

POINT = "#0072b2"        # Okabe-Ito blue
CROSSES = "#d55e00"      # Okabe-Ito vermilion: an interval that does not cover the reference
NONE = "#999999"         # grey: an estimate without an interval


def forest_plot(data, measure: str | None = None, ax=None, reference: float = 0.0, xlabel: str | None = None,
                title: str | None = None, adjust: str | None = None):
    """One line per estimate: the point and its interval, with a vertical line at ``reference``.

    ``data``: a ``Comparison`` (its paired differences; ``measure`` picks one measure, else all, labelled
    "arm: measure"), or a DataFrame with columns ``label``, ``estimate``, ``low``, ``high``. ``adjust=
    "bonferroni"`` (a Comparison only) draws simultaneous intervals over the comparison's whole table, and the
    axis label says so. An interval that leaves out the reference is drawn in a second colour and its point as a
    square (not colour alone); an estimate with no interval (NaN bounds: too few games) is a hollow grey circle.
    A key above the plot says so, naming only the marks drawn.
    """
    rows = _rows(data, measure, adjust)
    ax = new_axes(ax, size=(7.5, 0.55 * len(rows) + 1.6))
    drawn: set[bool | None] = set()
    for y, (label, est, low, high) in enumerate(reversed(rows)):
        if math.isnan(low) or math.isnan(high):
            ax.plot([est], [y], marker="o", markersize=7, fillstyle="none", color=NONE)
            drawn.add(None)
            continue
        clear = not (low <= reference <= high)
        colour = CROSSES if clear else POINT
        ax.plot([low, high], [y, y], color=colour, linewidth=2.2, solid_capstyle="butt")
        ax.plot([est], [y], marker="s" if clear else "o", markersize=7, color=colour)
        drawn.add(clear)
    ax.axvline(reference, color=INK, linewidth=1, linestyle="--")
    ax.set_yticks(range(len(rows)))
    ax.set_yticklabels([r[0] for r in reversed(rows)], fontsize=11)
    ax.set_ylim(-0.7, len(rows) - 0.3)
    ax.tick_params(axis="x", labelsize=10)
    if xlabel is None and hasattr(data, "baseline"):
        xlabel = f"difference from '{data.baseline}' ({data.level:.0%} interval)"
    if adjust is not None:          # say which correction, on the picture itself
        family = len(data.differences)
        xlabel = (f"{xlabel or 'estimate'}\n{adjust.capitalize()}-adjusted over {family} intervals "
                  f"({1 - (1 - data.level) / family:.2%} each)")
    ax.set_xlabel(xlabel or "estimate (interval)", fontsize=11)
    # the key says what the marks mean, on the picture itself (a slide shows no notebook text)
    ref = f"{reference:g}"
    marks: dict[bool | None, tuple] = {True: (CROSSES, "s", "full", f"interval leaves out {ref}"),
             False: (POINT, "o", "full", f"interval includes {ref}"),
             None: (NONE, "o", "none", "no interval (too few games)")}
    key = [Line2D([], [], color=c, marker=m, markersize=7, fillstyle=f, linewidth=0 if k is None else 2.2, label=t)
           for k, (c, m, f, t) in marks.items() if k in drawn]
    ax.legend(handles=key, loc="lower left", bbox_to_anchor=(0, 1.0), ncol=1, frameon=False, fontsize=10,
              borderaxespad=0.2, handlelength=2.4)
    if title:           # above the key: 17 points a line of it
        ax.set_title(title, fontsize=12, loc="left", pad=10 + 17 * len(key))
    ax.grid(axis="x", color="#e6e6e6", linewidth=0.8)
    ax.set_axisbelow(True)
    for side in ("top", "right"):
        ax.spines[side].set_visible(False)
    ax.figure.tight_layout()
    return ax


def _rows(data, measure, adjust=None):
    if hasattr(data, "intervals"):
        d = data.intervals(measure, adjust=adjust)
        if measure is not None and not len(d):
            raise ValueError(f"nothing to draw: no measure {measure!r}")
    elif adjust is not None:
        raise ValueError("adjust needs a Comparison (the intervals are computed again at the adjusted level)")
    else:
        d = data
    out = list(zip(d["label"], d["estimate"], d["low"], d["high"]))
    if not out:
        raise ValueError("nothing to draw" + (f": no measure {measure!r}" if measure else ""))
    return [(str(a), float(b), float(c), float(d)) for a, b, c, d in out]


__all__ = ["forest_plot"]
