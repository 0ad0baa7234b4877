"""Two futures of one game compared (``toolkit.core.futures``): each player's score over the steps as played and
with the other choice, where they branched, the first step whose states differ, and how each ended.

One small panel a player (colour and name both say whose it is), the two futures as a solid and a dashed line in
each, so the eye compares the two futures of one player, never two players' lines crossing.
"""
from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.ticker import MaxNLocator

from .core.futures import compare, scores_by_step
from .drawing import FAINT, FRAME_DPI, INK, PALE, player_colour

#: The strip's size in inches: 912 px wide at ``FRAME_DPI``, the width of a frame, low enough to sit under two
#: boards in a 1024 x 768 window.
STRIP_SIZE = (9.5, 2.7)
SCORE_NAMES = {"fcm": "cash ($)", "hamburgerspelet": "ingredients"}     # what each game's ``scores()`` counts
NAMES = ("as played", "what if")
STYLES = ("-", (0, (4, 2)))            # solid: as played; dashed: the other choice


def _winner(w) -> str:
    return "nobody yet" if w is None else f"Player {w}"


def _fit(text: str, chars: int) -> str:
    """``text`` cut to ``chars`` characters at a word, with an ellipsis where it was cut."""
    if len(text) <= chars:
        return text
    return text[:chars - 1].rsplit(" ", 1)[0] + " \u2026"


def draw_futures(a, b, ax=None, step: int | None = None, names=NAMES, comparison=None, scores=None):
    """Each player's score over the steps in the two futures ``a`` and ``b`` (histories of one game, as
    ``what_if`` gives them), in one panel a player under a title that says what to look at. ``step``: a cursor
    at that step (a stepper's). ``ax``: an Axes whose place the panels share (its figure's other Axes are
    kept). ``comparison`` and ``scores`` (each future's ``scores_by_step``) may be given when already known.
    Returns the first panel's Axes.

    >>> from toolkit import History, new_game, play
    >>> from toolkit.core.futures import what_if
    >>> h = History(new_game("mcdonalds", players=2, seed=3)); _ = play(None, "heuristic", history=h)
    >>> ax = draw_futures(*what_if(h, 4, [v for v in h[4].legal() if v != h.game.choices[4]][0]))
    >>> len(ax.figure.axes)
    2
    """
    c = compare(a, b) if comparison is None else comparison
    sa, sb = (scores_by_step(a), scores_by_step(b)) if scores is None else scores
    game = a.game
    players = game.players
    if ax is None:
        fig = Figure(figsize=STRIP_SIZE, dpi=FRAME_DPI)
        place = (0.065, 0.2, 0.985, 0.66)           # left, bottom, right, top as figure fractions
    else:
        fig = ax.figure
        box = ax.get_position()
        place = (box.x0, box.y0, box.x1, box.y1)
        ax.remove()
    left, bottom, right, top = place
    gap = 0.012
    width = (right - left - gap * (players - 1)) / players
    axes = []
    last = max(len(sa), len(sb)) - 1
    # from a little before the branch: a late choice's two futures are not squeezed into the last tenth
    first_step = 0 if c.branch is None else max(0, c.branch - max(20, 2 * (last - c.branch)))
    if step is not None:
        first_step = min(first_step, step)
    high = max(max(max(s) for s in sa), max(max(s) for s in sb), 1)
    for seat in range(1, players + 1):
        x0 = left + (seat - 1) * (width + gap)
        pax = fig.add_axes((x0, bottom, width, top - bottom), sharey=axes[0] if axes else None)
        colour = player_colour(seat)
        for scores_, style, name in ((sa, STYLES[0], names[0]), (sb, STYLES[1], names[1])):
            ys = [s[seat - 1] for s in scores_]
            pax.plot(range(len(ys)), ys, color=colour, ls=style, lw=2.0, solid_capstyle="butt", label=name)
            # each future's end, so a jump on the last step shows: filled as played, open with the other choice
            pax.plot([len(ys) - 1], [ys[-1]], marker="o", ms=5, color=colour, clip_on=False,
                     mfc=colour if style == STYLES[0] else "white")
        ends = [c.ends[0][seat - 1], c.ends[1][seat - 1]]
        marks = ["\u2605" if w == seat else "" for w in c.winners]        # the winner of each future: a star
        pax.set_title(f"Player {seat}: {ends[0]}{marks[0]} \u2192 {ends[1]}{marks[1]}", fontsize=10,
                      color=INK, loc="left", pad=3)
        for spine in ("top", "right"):
            pax.spines[spine].set_visible(False)
        if c.branch is not None:
            pax.axvline(c.branch, color=FAINT, lw=1, ls=":")
        if step is not None:
            pax.axvline(step, color=INK, lw=1.2, alpha=0.6)
        pax.tick_params(labelsize=9, length=3, pad=1)
        pax.set_xlim(first_step, last)
        pax.set_ylim(0, high * 1.08)
        pax.yaxis.set_major_locator(MaxNLocator(nbins=4, integer=True))     # points, ingredients, dollars: whole
        pax.margins(x=0)
        if seat > 1:
            pax.tick_params(labelleft=False)
        else:               # once: the other panels' place under them is the legend's
            pax.set_xlabel("step", fontsize=9, labelpad=1)
            pax.set_ylabel(SCORE_NAMES.get(game.name, "score"), fontsize=9, labelpad=2)
        pax.grid(axis="y", color=PALE, lw=0.5, alpha=0.6)
        axes.append(pax)
    # what to look at: the branch, the first state that differs and why, the winners
    lines = [f"{names[0]}: {_winner(c.winners[0])} wins after {c.steps[0]} steps \u00b7 "
             f"{names[1]}: {_winner(c.winners[1])} wins after {c.steps[1]} steps"]
    if c.branch is not None:
        lines.append(f"Step {c.branch}: Player {c.player} took \u201c{c.labels[0]}\u201d, not \u201c{c.labels[1]}\u201d")
    if c.first is not None:
        lines.append(f"First different state: step {c.first}: {c.said[1]}")
    chars = int(fig.get_figwidth() * (1 - left) * 72 / (0.55 * 10.5))
    fig.text(left, 0.995, "\n".join(_fit(t, chars) for t in lines), fontsize=10.5, va="top", ha="left",
             color=INK, linespacing=1.25)
    handles = [Line2D([], [], color=INK, ls=STYLES[0], lw=2, marker="o", ms=5, label=names[0]),
               Line2D([], [], color=INK, ls=STYLES[1], lw=2, marker="o", ms=5, mfc="white", label=names[1]),
               Line2D([], [], color=FAINT, ls=":", lw=1, label="branch")]
    if step is not None:
        handles.append(Line2D([], [], color=INK, lw=1.2, alpha=0.6, label=f"step {step}"))
    fig.legend(handles=handles, loc="lower right", ncol=len(handles), fontsize=9, frameon=False,
               bbox_to_anchor=(right, 0.0), borderaxespad=0.1, handlelength=2.4)
    return axes[0]


__all__ = ["draw_futures", "STRIP_SIZE", "SCORE_NAMES"]
