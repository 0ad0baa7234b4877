"""Drawings of The Disneyland Game: the board, the players' collections, the whole state.

All public functions take ``ax=None`` and return the Axes.
"""
from __future__ import annotations

import math

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from ...drawing import (FRAME_SIZE, INK, OKABE_ITO, PLAYER_COLOURS, Drawing, add_shape, board_axes, check_layout,
                        figure_bytes, fill_limits, mark_place, new_axes, place_boxes, player_colour, score_timeline,
                        static_layer, status_title, tall_axes, text_inches, text_on, wrapped)
from .rules import HOURS

# the piles' colours, Okabe-Ito where the game's colour allows: all seven stay apart for colour-blind eyes
PILE_COLOURS = {"red": OKABE_ITO["vermillion"], "green": OKABE_ITO["bluish green"], "orange": OKABE_ITO["orange"],
                "pink": OKABE_ITO["reddish purple"], "blue": OKABE_ITO["blue"], "yellow": OKABE_ITO["yellow"],
                "purple": "#4B2E83"}
SPACE_FILL = {"camera": "#d5d8dc", "star": "#fdebd0", "clock": "#d6eaf8"}
# photos also carry their worth ("5", "0") or "?" face down, so they never rest on colour alone
GOOD, BAD, HIDDEN = "#FFFFFF", "#555555", "#BBBBBB"
PHOTO_MARK = {GOOD: "5", BAD: "0", HIDDEN: "?"}
CLOSED = "#B03A00"          # the clock's hand and the closing hour (dark enough to read as text)

#: Colours told apart by colour: a collection's cards by pile and its photos; the trains by seat.
DISTINCT_COLOURS = {"cards and photos": {**PILE_COLOURS, "good photo": GOOD, "bad photo": BAD,
                                         "face-down photo": HIDDEN},
                    "players": dict(enumerate(PLAYER_COLOURS[:4], 1))}

__all__ = ["draw_board", "draw_collections", "draw_state", "state_png", "score_timeline", "DRAWINGS",
           "DISTINCT_COLOURS"]


def _xy(pos):
    """Board file coordinates (y down) to plot coordinates (y up)."""
    return pos[0], 9 - pos[1]


CLOCK = (3.9, 4.6, 1.05)         # centre x, y and radius of the park clock
BOARD_LIMITS = (-0.6, 9.6)
BOARD_SIZE = (4.6, 4.6)          # inches: the board's size inside draw_state's frame


def _pile_xy(k):
    """Where the k-th colour pile lies inside the loop."""
    return 1.7 + (k % 4) * 1.9 + (0.95 if k >= 4 else 0), (7.25 if k < 4 else 2.05)


def _board_static(ax, board):
    """Everything on the board that never moves: track, icons, pile boxes' names, the clock face, the photo
    deck's box and the wishing stars."""
    squares, icons, stars = [], [], []
    for s in board.track:
        x, y = _xy(s.pos)
        fill = PILE_COLOURS.get(s.pile, "#ccc") if s.kind == "draw" else SPACE_FILL[s.kind]
        squares.append(Rectangle((x - 0.46, y - 0.46), 0.92, 0.92, fc=fill, ec="white", lw=1))
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
        ax.text(px, py - 0.68, _short(board.lands[colour]), ha="center", va="top", fontsize=8, color=INK, zorder=3,
                linespacing=1.0)
    icons.append(FancyBboxPatch((6.2, 4.0), 1.1, 1.3, boxstyle="round,pad=0.02", fc=HIDDEN, ec=INK, lw=0.8))
    cx, cy, r = CLOCK
    icons.append(Circle((cx, cy), r, fc="white", ec=INK, lw=1.5))
    # collections draw many patches at once and skip per-patch autoscaling
    ax.add_collection(PatchCollection(squares, match_original=True, zorder=1))
    ax.add_collection(PatchCollection(icons, match_original=True, zorder=2))
    ax.scatter(*zip(*stars), marker="*", s=150, c="#f39c12", edgecolors=INK, linewidths=0.5, zorder=2)
    for h in (12, 3, 6, 9):
        a = math.radians(90 - h * 30)
        ax.text(cx + 0.76 * r * math.cos(a), cy + 0.76 * r * math.sin(a), str(h), ha="center", va="center",
                fontsize=8, zorder=3)
    ax.text(6.75, 4.15, "photos", ha="center", va="bottom", fontsize=8, color=text_on(HIDDEN), zorder=3)
    ax.plot([1.5, 1.5], [5.3, 4.5], ls="none", marker="*", ms=16, color="#f4d03f", mec=INK, mew=0.6)
    ax.text(1.5, 4.1, "wishing\nstars", ha="center", va="top", fontsize=8)


def _board_dynamic(ax, game):
    """What changes: each pile (faded to an outline once empty) with the cards left, the photos left, the clock
    hand, the trains."""
    for k, colour in enumerate(game.board.piles):
        px, py = _pile_xy(k)
        left = len(game.piles[colour])
        fill = PILE_COLOURS.get(colour, "#ccc")
        add_shape(ax, FancyBboxPatch((px - 0.6, py - 0.6), 1.2, 1.2, boxstyle="round,pad=0.02", zorder=2,
                                    fc=fill if left else "white", ec=fill if not left else INK,
                                    lw=2 if not left else 0.8, ls="--" if not left else "-"))
        ax.text(px, py, str(left), ha="center", va="center", fontsize=13, weight="bold", zorder=5,
                color=text_on(fill) if left else INK)
    ax.text(6.75, 4.95, str(len(game.photos)), ha="center", va="center", fontsize=13, weight="bold",
            color=text_on(HIDDEN), zorder=5)
    cx, cy, r = CLOCK
    hour = game.hour()
    a = math.radians(90 - hour * 30)
    ax.plot([cx, cx + 0.55 * r * math.cos(a)], [cy, cy + 0.55 * r * math.sin(a)], color=CLOSED, lw=2.5,
            solid_capstyle="round", zorder=4)
    add_shape(ax, Circle((cx, cy), 0.06 * r, fc=INK, zorder=5))
    closed = game.clock >= HOURS
    ax.text(cx, cy - r - 0.15, "park closed" if closed else f"{hour} o'clock, {HOURS - game.clock} h left",
            ha="center", va="top", fontsize=9, color=CLOSED if closed or game.clock == HOURS - 1 else INK)
    for seat, p in enumerate(game.pos, 1):
        x, y = _xy(game.board.track[p].pos)
        ring = 2.5 if seat == game.current and not game.over else 1
        add_shape(ax, Circle((x, y - 0.05), 0.34, fc=player_colour(seat), ec=INK, lw=ring, zorder=6))
        ax.text(x, y - 0.05, str(seat), ha="center", va="center", color=text_on(player_colour(seat)), fontsize=9,
                weight="bold", zorder=7)


def draw_board(game, ax=None, viewer=None, fast=False):
    """The track, the seven piles with what is left, the photo deck, the clock, the stars and the trains.

    ``fast`` draws the unchanging part as a cached picture (for steppers) instead of shapes and text.
    """
    ax = new_axes(ax, size=BOARD_SIZE, margins=0.01)
    if fast:
        static_layer(ax, "disneyland", game.board, lambda layer: _board_static(layer, game.board), BOARD_LIMITS,
                     BOARD_LIMITS)
    else:
        _board_static(ax, game.board)
    _board_dynamic(ax, game)
    ax.set_xlim(*BOARD_LIMITS)
    ax.set_ylim(*BOARD_LIMITS)
    return board_axes(ax)


def _short(land: str) -> str:
    """A land's name on two short lines, enough to tell the piles apart: "Adventure-/land", "Main/Street",
    "Matter-/horn", "New/Orleans".

    >>> [_short(x) for x in ("Adventureland", "Main Street, U.S.A.", "Matterhorn and Storybook Land")]
    ['Adventure-\\nland', 'Main\\nStreet', 'Matter-\\nhorn']
    """
    words = land.replace(",", "").split()
    first = words[0]
    if len(first) > 4 and first.lower().endswith(("land", "horn")):
        return f"{first[:-4]}-\n{first[-4:]}"
    return first if len(first) > 4 else "\n".join(words[:2])


def draw_collections(game, ax=None, viewer=None, x0=0.0, width=10.0, top=9.6, height=10.2, legend=True):
    """Each player's cards face up and photos face down (shown only to their holder and in the class view).
    A card has its pile's colour, with a white star if it is a character (2 points); a photo shows its worth,
    5 or 0, or "?" when face down."""
    ax = new_axes(ax, size=(5.2, 5.2), margins=0.01)
    band = (height - (0.5 if legend else 0)) / game.players
    cells = [(seat, x0, top - (seat - 1) * band, width, band) for seat in range(1, game.players + 1)]
    ax.set_xlim(min(ax.get_xlim()[0], x0 - 0.2), max(ax.get_xlim()[1], x0 + width))
    ax.set_ylim(min(ax.get_ylim()[0], top - height), max(ax.get_ylim()[1], top))
    _collections(ax, game, viewer, cells, (x0, top - height + 0.05) if legend else None)
    return board_axes(ax)


def _collections(ax, game, viewer, cells, legend_at):
    """Each seat's collection in its cell (seat, left, top, width, height); the key at ``legend_at`` (or none)."""
    view = game.view(viewer)
    stars, cards, discs = [], [], []
    for seat, x0, y, width, band in cells:
        items = [("card", c) for c in game.held_cards[seat - 1]] + [("photo", p) for p in game.held_photos[seat - 1]]
        rows = max(1, int((band - 0.65 - 0.74) / 0.85) + 1)          # rows of cards the cell holds
        per_row = max(int(width / 0.5), -(-len(items) // rows))       # closer together rather than out of the cell
        step = min(0.5, width / per_row)
        w = min(0.42, step - 0.06)
        pts = view["scores"][seat - 1]
        photos = view["held_photos"][seat - 1]
        sees = view["good_photos"][seat - 1] is not None
        mark_place(ax, ("player", seat), (x0, y - band + 0.05, x0 + width, y))
        label = f"Player {seat}: {_points(pts)}" + ("" if sees or not photos else " + photos")
        if game.is_over():       # the count of DL-7.1, in its parts, as long as the cell has room for
            on_cards = game.card_points(seat)
            room = (width - 0.6) * _inches_per_unit(ax)
            label = next(t for t in (f"{label} ({on_cards} for cards, {pts - on_cards} for photos)",
                                     f"{label}: {on_cards} cards + {pts - on_cards} photos",
                                     f"Player {seat}: {on_cards} + {pts - on_cards} photos = {pts}", label)
                         if text_inches(t, 9, bold=True) <= room or t == label)
        discs.append(Circle((x0 + 0.22, y - 0.3), 0.22, fc=player_colour(seat), ec=INK, lw=0.6))
        ax.text(x0 + 0.22, y - 0.3, str(seat), ha="center", va="center", fontsize=8, weight="bold", zorder=3,
                color=text_on(player_colour(seat)))
        ax.text(x0 + 0.6, y - 0.3, label, fontsize=9, weight="bold", color=INK, va="center")
        n_cards = len(game.held_cards[seat - 1])
        for k, (what, item) in enumerate(items):
            cx = x0 + (k % per_row) * step
            cy = y - 0.65 - (k // per_row) * 0.85
            # a card's place is named by the card, a face-down photo's by its place among the photos (DL-5.5)
            mark_place(ax, ("card", seat, item) if what == "card" else ("photo", seat, f"photo@{k - n_cards}"),
                       (cx, cy - 0.74, cx + w, cy))
            if what == "card":
                c = game.card[item]
                fc = PILE_COLOURS.get(c.colour, "#ccc")
                if c.kind == "character":
                    stars.append((cx + w / 2, cy - 0.37))
            else:
                shown = photos[k - n_cards]
                fc = HIDDEN if shown == "?" else GOOD if game.photo_good[shown] else BAD
                ax.text(cx + w / 2, cy - 0.37, PHOTO_MARK[fc], ha="center", va="center", fontsize=8, weight="bold",
                        color=text_on(fc), zorder=3)
            cards.append(Rectangle((cx, cy - 0.74), w, 0.74, fc=fc, ec=INK, lw=0.5))
        if not items:
            ax.text(x0 + 0.6, y - 0.8, "no cards yet", fontsize=8, color="#666666", va="top")
    for group in (cards, discs):
        if group:
            ax.add_collection(PatchCollection(group, match_original=True, zorder=2))
    if stars:     # one scatter for every character's star keeps a frame fast
        ax.scatter(*zip(*stars), marker="*", s=40, c="white", edgecolors=INK, linewidths=0.4, zorder=3)
    if legend_at is not None:
        ax.text(*legend_at, "\u2605 character (2 points)   photos: 5 good, 0 bad, ? face down",
                fontsize=8, color="#444444", va="bottom")


def _inches_per_unit(ax) -> float:
    """Inches a data unit takes on ``ax`` (equal scales) as its limits stand."""
    (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
    place, (fw, fh) = ax.get_position(original=True), ax.figure.get_size_inches()
    return min(place.width * fw / abs(x1 - x0), place.height * fh / abs(y1 - y0))


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def draw_state(game, viewer=None, ax=None, legend=True, fast=False, layout="wide"):
    """The board and every player's collection, on one Axes; the title says whose turn it is. ``layout="wide"``
    puts the collections right of the board (``FRAME_SIZE``, for notebooks); ``"tall"`` puts them under it, two
    to a row (``TALL_FRAME_SIZE``, for a stepper beside its decision column).

    Cards: attraction (1 point), with a white star a character (2); photos 5 (good), 0 (bad) or "?" face
    down. ``legend=False`` leaves out that key; ``fast=True`` draws the board over its cached picture.
    """
    if check_layout(layout) == "tall":
        return _draw_tall(game, viewer, ax, legend, fast)
    ax = new_axes(ax, size=FRAME_SIZE, margins=(0.005, 0.005, 0.995, 0.93))
    draw_board(game, ax=ax, viewer=viewer, fast=fast)
    ax.set_xlim(-0.6, 20.4)
    ax.set_ylim(-0.6, 9.6)
    draw_collections(game, ax=ax, viewer=viewer, x0=10.2, width=10.0, legend=legend)
    ax.set_title(_title(game, viewer), fontsize=11)
    return ax


def _title(game, viewer):
    return status_title(game, viewer, f"park closed after {game.turn} turns: Player {game.winner()} wins")


#: A tall frame's players' panel under the board, in board units: two rows of cells (a heading and two rows of
#: cards each; a 2-player game one row of cells with four rows of cards) and the key; and the gap above it.
PANEL, GAP = 5.05, 0.25


def _draw_tall(game, viewer, ax, legend, fast):
    ax = tall_axes(ax)
    draw_board(game, ax=ax, viewer=viewer, fast=fast)
    top = BOARD_LIMITS[0] - GAP
    (left, right), ylim = fill_limits(ax, *BOARD_LIMITS, top - PANEL, BOARD_LIMITS[1])
    rows = 1 if game.players <= 2 else 2
    band = (PANEL - (0.45 if legend else 0)) / rows
    width = (right - left - 0.2) / 2
    cells = [(seat, left + 0.1 + (seat - 1) % 2 * width, top - (seat - 1) // 2 * band, width - 0.2, band)
             for seat in range(1, game.players + 1)]
    ax.set_xlim(left, right)
    ax.set_ylim(*ylim)
    _collections(ax, game, viewer, cells, (left + 0.1, top - PANEL + 0.05) if legend else None)
    ax.set_title(wrapped(_title(game, viewer), ax), fontsize=11)
    return ax


def state_png(game, viewer=None, dpi=None, format="png") -> bytes:
    """The state's frame as PNG (or ``format`` "svg", "pdf") at ``dpi`` (default ``FRAME_DPI``)."""
    return figure_bytes(draw_state(game, viewer=viewer).figure, format, dpi)


#: Every public drawing, as the legibility test and the gallery call it.
DRAWINGS = (
    Drawing("draw_state", lambda game, viewer: draw_state(game, viewer=viewer)),
    Drawing("draw_state_tall", lambda game, viewer: draw_state(game, viewer=viewer, layout="tall")),
    Drawing("draw_board", lambda game, viewer: draw_board(game, viewer=viewer), views=False),
    Drawing("draw_collections", lambda game, viewer: draw_collections(game, viewer=viewer)),
    Drawing("score_timeline", lambda game, viewer: score_timeline(game), kind="chart", views=False),
)


# --- where the options lie on draw_state's picture (for a stepper's board clicks) -------------------------------
def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for the options that are places on draw_state's
    picture: the player to wish from (their row of cards, DL-5.3) and the card to take from them (DL-5.5)."""
    keys = []
    if decision.kind == "wish-target":
        keys = [(t, ("player", t)) for t in decision.values]
    elif decision.kind == "take":
        t = game.stage.target                 # the player wished from (wish.Take)
        keys = [(v, ("photo" if str(v).startswith("photo@") else "card", t, v)) for v in decision.values]
    return place_boxes(ax, lambda: draw_state(game), keys)
