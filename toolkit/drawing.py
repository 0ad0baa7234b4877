"""Shared drawing helpers: the player palette, figure-to-PNG, and the score timeline.

Every public drawing function takes ``ax=None``, draws, and returns the Axes; nothing here calls
``plt.show()`` and nothing here decides a rule.
"""
from __future__ import annotations

import io

PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#e6a700", "#9467bd")   # seats 1..5
INK = "#222222"
FAINT = "#bbbbbb"


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[(seat - 1) % len(PLAYER_COLOURS)]


def new_axes(ax=None, size=(8, 6), dpi=100):
    """``ax`` itself, or the Axes of a new figure that is not registered with pyplot (no leaks)."""
    if ax is not None:
        return ax
    from matplotlib.figure import Figure
    fig = Figure(figsize=size, dpi=dpi)
    return fig.add_subplot()


def figure_png(fig, dpi=None) -> bytes:
    """The figure as PNG bytes."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", facecolor="white")
    return buf.getvalue()


def status_title(game, viewer, ended: str) -> str:
    """A state's title: the game, whose view, and what comes next (or ``ended`` once the game is over)."""
    who = "class view" if viewer is None else f"Player {viewer}'s view"
    if game.is_over():
        status = ended
    else:
        d = game.pending()
        status = f"turn {game.turn + 1}, Player {d.player}: {d.prompt}"
    return f"{game.title} ({who}): {status}"


def score_timeline(game, ax=None, target: int | None = None, names=None):
    """Scores of every seat after each turn, from ``game.timeline``; ``target`` draws a goal line.

    >>> from toolkit import new_game, play, RandomAgent
    >>> g = new_game("disneyland", players=2, seed=1); _ = play(g, [RandomAgent()] * 2)
    >>> ax = score_timeline(g); ax.get_xlabel()
    'turn'
    """
    ax = new_axes(ax, size=(7, 3.5))
    turns = [0] + [t for t, _ in game.timeline]
    for seat in range(1, game.players + 1):
        ys = [0] + [s[seat - 1] for _, s in game.timeline]
        label = names[seat - 1] if names else game.player_name(seat)
        ax.step(turns, ys, where="post", color=player_colour(seat), lw=2, label=label)
    if target is not None:
        ax.axhline(target, color=INK, ls="--", lw=1)
        ax.annotate(f"{target} to win", (0, target), xytext=(2, 3), textcoords="offset points", fontsize=8)
    ax.set_xlabel("turn")
    ax.set_ylabel("points")
    ax.set_xlim(0, max(turns) or 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8, frameon=False)
    ax.set_title(f"{game.title}: scores over the turns", fontsize=10)
    return ax
