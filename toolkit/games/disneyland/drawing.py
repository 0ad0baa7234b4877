"""Drawings of The Disneyland Game: the board, the players' collections, the whole state.

All public functions take ``ax=None`` and return the Axes.
"""
from __future__ import annotations

import math

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from ...drawing import FAINT, INK, figure_png, new_axes, player_colour, score_timeline, status_title
from .rules import HOURS

PILE_COLOURS = {"red": "#e74c3c", "green": "#27ae60", "orange": "#f39c12", "pink": "#f78fb3",
                "blue": "#3498db", "yellow": "#f1c40f", "purple": "#8e44ad"}
SPACE_FILL = {"camera": "#d5d8dc", "star": "#fdebd0", "clock": "#d6eaf8"}
GOOD, BAD, HIDDEN = "#f5b041", "#5d6d7e", "#aab7b8"

__all__ = ["draw_board", "draw_collections", "draw_state", "state_png", "score_timeline"]


def _xy(pos):
    """Board file coordinates (y down) to plot coordinates (y up)."""
    return pos[0], 9 - pos[1]


CLOCK = (3.9, 4.6, 1.05)         # centre x, y and radius of the park clock
BOARD_LIMITS = (-0.6, 9.6)


def _pile_xy(k):
    """Where the k-th colour pile lies inside the loop."""
    return 1.7 + (k % 4) * 1.9 + (0.95 if k >= 4 else 0), (7.1 if k < 4 else 1.9)


def _board_static(ax, board):
    """Everything on the board that never moves: track, icons, pile boxes and names, the clock face, the
    photo deck's box and the wishing stars."""
    squares, icons, stars = [], [], []
    for s in board.track:
        x, y = _xy(s.pos)
        fill = PILE_COLOURS.get(s.pile, "#ccc") if s.kind == "draw" else SPACE_FILL[s.kind]
        squares.append(Rectangle((x - 0.46, y - 0.46), 0.92, 0.92, fc=fill, ec="white", lw=1, alpha=0.9))
        if s.kind == "star":
            stars.append((x, y))
        elif s.kind == "clock":
            icons.append(Circle((x, y), 0.25, fc="white", ec=INK, lw=0.8))
            ax.plot([x, x, x + 0.12], [y + 0.17, y, y], color=INK, lw=1, zorder=3)
        elif s.kind == "camera":
            icons.append(Rectangle((x - 0.25, y - 0.15), 0.5, 0.32, fc=INK))
            icons.append(Circle((x, y + 0.01), 0.1, fc="white"))
    for k, colour in enumerate(board.piles):
        px, py = _pile_xy(k)
        icons.append(FancyBboxPatch((px - 0.6, py - 0.7), 1.2, 1.4, boxstyle="round,pad=0.02",
                                    fc=PILE_COLOURS.get(colour, "#ccc"), ec=INK, lw=0.8, alpha=0.95))
        ax.text(px, py - 0.35, _short(board.lands[colour]), ha="center", va="center", fontsize=5.5, color="white",
                zorder=3)
    icons.append(FancyBboxPatch((6.2, 4.0), 1.1, 1.3, boxstyle="round,pad=0.02", fc=HIDDEN, ec=INK, lw=0.8))
    cx, cy, r = CLOCK
    icons.append(Circle((cx, cy), r, fc="white", ec=INK, lw=1.5))
    # collections draw many patches at once and skip per-patch autoscaling
    ax.add_collection(PatchCollection(squares, match_original=True, zorder=1))
    ax.add_collection(PatchCollection(icons, match_original=True, zorder=2))
    ax.scatter(*zip(*stars), marker="*", s=150, c="#f39c12", edgecolors=INK, linewidths=0.5, zorder=2)
    for h in (12, 3, 6, 9):
        a = math.radians(90 - h * 30)
        ax.text(cx + 0.78 * r * math.cos(a), cy + 0.78 * r * math.sin(a), str(h), ha="center", va="center",
                fontsize=6, zorder=3)
    ax.text(6.75, 4.3, "photos", ha="center", fontsize=6, color="white", zorder=3)
    ax.plot([1.6, 1.6], [5.0, 4.2], ls="none", marker="*", ms=16, color="#f4d03f", mec=INK, mew=0.6)
    ax.text(1.6, 3.8, "wishing\nstars", ha="center", va="top", fontsize=5.5)


def _board_dynamic(ax, game):
    """What changes: cards left in each pile, photos left, the clock hand, the trains."""
    for k, colour in enumerate(game.board.piles):
        px, py = _pile_xy(k)
        left = len(game.piles[colour])
        if not left:      # an empty pile fades
            ax.add_patch(Rectangle((px - 0.62, py - 0.72), 1.24, 1.44, fc="white", ec="none", alpha=0.7, zorder=4))
        ax.text(px, py + 0.25, str(left), ha="center", va="center", fontsize=12, weight="bold", color="white",
                zorder=5)
    ax.text(6.75, 4.85, str(len(game.photos)), ha="center", fontsize=12, weight="bold", color="white", zorder=5)
    cx, cy, r = CLOCK
    hour = game.hour()
    a = math.radians(90 - hour * 30)
    ax.plot([cx, cx + 0.6 * r * math.cos(a)], [cy, cy + 0.6 * r * math.sin(a)], color="#c0392b", lw=2.5,
            solid_capstyle="round", zorder=4)
    ax.add_patch(Circle((cx, cy), 0.06 * r, fc=INK, zorder=5))
    closed = game.clock >= HOURS
    ax.text(cx, cy - r - 0.25, "park closed" if closed else f"{hour} o'clock, {HOURS - game.clock} h left",
            ha="center", va="top", fontsize=7, color="#c0392b" if closed or game.clock == HOURS - 1 else INK)
    for seat, p in enumerate(game.pos, 1):
        x, y = _xy(game.board.track[p].pos)
        ring = 2.5 if seat == game.current and not game.over else 1
        ax.add_patch(Circle((x, y - 0.05), 0.3, fc=player_colour(seat), ec=INK, lw=ring, zorder=6))
        ax.text(x, y - 0.05, str(seat), ha="center", va="center", color="white", fontsize=8, weight="bold", zorder=7)


_BACKGROUNDS: dict = {}     # id(board) -> (board, pixels, size); the board is kept so its id stays its own


def _background(board):
    """The static layer rendered once per board as an image: a stepper frame then draws only what changes."""
    key = id(board)
    if key not in _BACKGROUNDS:
        if len(_BACKGROUNDS) >= 8:      # custom boards come and go; keep a few
            _BACKGROUNDS.pop(next(iter(_BACKGROUNDS)))
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        fig = Figure(figsize=(4.1, 4.1), dpi=170)      # the board's size inside draw_state's figure, at 2x
        FigureCanvasAgg(fig)
        ax = fig.add_axes((0, 0, 1, 1))
        _board_static(ax, board)
        ax.set_xlim(*BOARD_LIMITS)
        ax.set_ylim(*BOARD_LIMITS)
        ax.axis("off")
        fig.canvas.draw()
        _BACKGROUNDS[key] = (board, fig.canvas.buffer_rgba().tobytes(), fig.canvas.get_width_height())
    return _BACKGROUNDS[key]


def draw_board(game, ax=None, viewer=None, fast=False):
    """The track, the seven piles with what is left, the photo deck, the clock, the stars and the trains.

    ``fast`` draws the unchanging part as a cached picture (for steppers) instead of shapes and text.
    """
    ax = new_axes(ax, size=(6, 6))
    if fast:
        import numpy as np
        _, pixels, (w, h) = _background(game.board)
        ax.imshow(np.frombuffer(pixels, dtype=np.uint8).reshape(h, w, 4), extent=BOARD_LIMITS * 2,
                  interpolation="antialiased", zorder=0)
    else:
        _board_static(ax, game.board)
    _board_dynamic(ax, game)
    ax.set_xlim(*BOARD_LIMITS)
    ax.set_ylim(*BOARD_LIMITS)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def _short(land: str) -> str:
    """The first word of a land's name ("Main", "Fantasyland", "New ..."), enough to tell the piles apart."""
    words = land.replace(",", "").split()
    return words[0] if len(words[0]) > 4 else " ".join(words[:2])


def draw_collections(game, ax=None, viewer=None, x0=0.0, width=10.0, top=9.6, height=10.2, legend=True):
    """Each player's cards face up and photos face down (shown only to their holder and in the class view)."""
    ax = new_axes(ax, size=(6, 6))
    band = height / game.players
    view = game.view(viewer)
    for seat in range(1, game.players + 1):
        y = top - (seat - 1) * band
        pts = view["scores"][seat - 1]
        sees = viewer in (None, seat)
        label = f"Player {seat}: {pts} points" + ("" if sees or not game.held_photos[seat - 1] else " + photos")
        ax.text(x0, y - 0.15, label, fontsize=8, weight="bold", color=player_colour(seat), va="top")
        items = [("card", c) for c in game.held_cards[seat - 1]] + [("photo", p) for p in game.held_photos[seat - 1]]
        per_row = int(width / 0.5)
        stars, marks, cards = [], [], []
        for k, (what, item) in enumerate(items):
            cx = x0 + (k % per_row) * 0.5
            cy = y - 0.75 - (k // per_row) * 0.95
            if what == "card":
                c = game.card[item]
                fc = PILE_COLOURS.get(c.colour, "#ccc")
                if c.kind == "character":
                    stars.append((cx + 0.21, cy - 0.4))
            elif sees:
                fc = GOOD if game.photo_good[item] else BAD
            else:
                fc = HIDDEN
                marks.append((cx + 0.21, cy - 0.4))
            cards.append(Rectangle((cx, cy - 0.75), 0.42, 0.7, fc=fc, ec=INK, lw=0.5))
        if cards:
            ax.add_collection(PatchCollection(cards, match_original=True, zorder=2))
        # one scatter per symbol keeps a frame fast: a star on characters (2 points), a ring on hidden photos
        if stars:
            ax.scatter(*zip(*stars), marker="*", s=28, c="white", zorder=3, linewidths=0)
        if marks:
            ax.scatter(*zip(*marks), marker="o", s=14, facecolors="none", edgecolors="white", zorder=3)
        if not items:
            ax.text(x0, y - 0.8, "no cards yet", fontsize=7, color=FAINT, va="top")
    if legend:
        ax.text(x0, top - height - 0.05, "star: character (2)   gold: good photo (5)   slate: bad (0)   grey: face down",
                fontsize=6, color="#555", va="bottom")
    ax.set_xlim(min(ax.get_xlim()[0], x0 - 0.2), max(ax.get_xlim()[1], x0 + width))
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def draw_state(game, viewer=None, ax=None, legend=True, fast=False):
    """The board and, to its right, every player's collection, on one Axes; the title says whose turn it is.

    Cards: attraction (1 point), with a white star a character (2); photos gold (good, 5), slate (bad, 0), grey
    with a ring when face down. ``legend=False`` leaves out that key; ``fast=False`` draws the board as shapes
    rather than over its cached picture.
    """
    ax = new_axes(ax, size=(11, 5.6), dpi=80)
    draw_board(game, ax=ax, viewer=viewer, fast=fast)
    draw_collections(game, ax=ax, viewer=viewer, x0=10.3, width=10.0, legend=legend)
    ax.set_xlim(-0.6, 20.6)
    ax.set_ylim(-0.6, 9.6)
    ax.set_title(status_title(game, viewer, f"park closed after {game.turn} turns: Player {game.winner()} wins"),
                 fontsize=10)
    return ax


def state_png(game, viewer=None) -> bytes:
    ax = draw_state(game, viewer=viewer)
    return figure_png(ax.figure)


# --- where the options lie on draw_state's picture (for a stepper's board clicks) -------------------------------
def _collection_band(game, seat: int, x0=10.3, width=10.0, top=9.6, height=10.2):
    """The box of ``seat``'s row of cards, as draw_state lays out draw_collections."""
    band = height / game.players
    y = top - (seat - 1) * band
    return (x0, y - band + 0.05, x0 + width, y)


def _card_box(seat_band, k: int, width=10.0):
    x0, _, _, y = seat_band
    per_row = int(width / 0.5)
    cx, cy = x0 + (k % per_row) * 0.5, y - 0.75 - (k // per_row) * 0.95
    return (cx, cy - 0.75, cx + 0.42, cy - 0.05)


def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for the options that are places on draw_state's
    picture: the player to wish from (their row of cards, DL-5.3) and the card to take from them (DL-5.5)."""
    if decision.kind == "wish-target":
        return [(t, _collection_band(game, t)) for t in decision.values]
    if decision.kind == "take":
        t = game.stage[1]
        band, cards = _collection_band(game, t), game.held_cards[t - 1]
        out = []
        for v in decision.values:
            k = int(v.split("@")[1]) + len(cards) if str(v).startswith("photo@") else cards.index(v)
            out.append((v, _card_box(band, k)))
        return out
    return []
