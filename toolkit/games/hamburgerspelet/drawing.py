"""Drawings of Hamburgerspelet: the loop with its kitchens and chefs, the 36 spots in the middle, the collector
cards, and the whole state as the class or one player sees it.

All public functions take ``ax=None`` and return the Axes. Ingredients are written as three-letter codes
(``CUC`` cucumber, in the game's language) with a key beside the cards; spots have their row letters and
column numbers around the grid; each player's chefs have their own shape, chef 1 filled and chef 2 open; so
nothing rests on colour alone.

>>> from toolkit.games.hamburgerspelet import HamburgerGame
>>> ax = draw_state(HamburgerGame(players=3, seed=1), viewer=2)
>>> ax.get_title()[:32]
"Hamburgerspelet (Player 2's view"
"""
from __future__ import annotations

import textwrap

from matplotlib.collections import PatchCollection
from matplotlib.patches import FancyBboxPatch, Rectangle
from matplotlib.patheffects import Normal, Stroke

from ...drawing import (FAINT, FRAME_SIZE, INK, OKABE_ITO, PALE, Drawing, add_shape, board_axes, board_text,
                        check_layout, figure_bytes, fill_limits, mark_place, markers, new_axes, place_boxes,
                        static_layer, tall_axes, text_on, wrapped)
from .rules import EMPTY

# colours by the board file's keys, so the palette stays out of the rules (Okabe-Ito: apart for everyone)
KITCHEN_COLOURS = {"red": OKABE_ITO["vermillion"], "blue": OKABE_ITO["blue"], "green": OKABE_ITO["bluish green"],
                   "yellow": OKABE_ITO["yellow"]}
CHEF_MARKERS = "os^D"            # seat 1..4: circle, square, triangle, diamond
INGREDIENT_COLOURS = {"cucumber": "#38761d", "onion": "#b4a7d6", "ketchup": "#cc0000", "mayonnaise": "#fff2cc",
                      "cheese": "#f1c232", "meat": "#783f04", "tomato": "#e06666", "lettuce": "#93c47d",
                      "bun": "#e69138"}
FACE_DOWN, UNUSED = "#7f8c8d", "#e5e5e5"
BOARD_BG = "#fbf3e4"
XLIM, YLIM = (-0.6, 18.0), (-0.6, 10.6)      # draw_state's Axes
BOARD = (-0.6, 10.6)                         # the board's limits, across and up

#: Colours told apart by colour: the kitchens and their chefs (chefs also differ in shape).
DISTINCT_COLOURS = {"kitchens": dict(KITCHEN_COLOURS)}

__all__ = ["draw_board", "draw_middle", "draw_cards", "draw_state", "state_png", "kitchen_colour",
           "ingredient_code", "DRAWINGS", "DISTINCT_COLOURS"]


def kitchen_colour(game, seat: int) -> str:
    """The colour of ``seat``'s kitchen and chefs (HB-3.1, HB-I2)."""
    return KITCHEN_COLOURS.get(game.board.colours[seat - 1].key, "#999999")


def ingredient_code(game, i: int) -> str:
    """A short name for ingredient ``i`` in the game's language: its first three letters, more if another
    ingredient begins the same way.

    >>> from toolkit.games.hamburgerspelet import HamburgerGame
    >>> g = HamburgerGame(players=2, seed=1)
    >>> [ingredient_code(g, i) for i in range(3)]
    ['CUC', 'ONI', 'KET']
    """
    names = [game.ing_name(k).upper() for k in range(game.n_ingredients)]
    n = 3
    while n < max(map(len, names)) and len({nm[:n] for nm in names}) < len(names):
        n += 1
    return names[i][:n]


def _ing_colour(game, i):
    return INGREDIENT_COLOURS.get(game.board.ingredients[i].key, "#cccccc")


#: Where chefs stand on a square of the loop, by how many share it (HB-4.5): offsets from the square's centre in
#: board units and the markers' width in points. They stand above the square's name or owner, so both stay
#: readable (the square's number is outside, on the loop's inner side); fewer chefs on a square are drawn larger.
CHEF_SPOTS = {
    1: ([(0.0, 0.15)], 14.0),
    2: ([(-0.23, 0.15), (0.23, 0.15)], 12.0),
    3: ([(-0.2, 0.3), (0.2, 0.3), (-0.2, 0.0)], 8.5),
    4: ([(-0.2, 0.3), (0.2, 0.3), (-0.2, 0.0), (0.2, 0.0)], 8.5),
}
CHEF_RING = [Stroke(linewidth=3.2, foreground="white"), Normal()]
MANY_CHEFS = ([(-0.33 + 0.22 * (k % 4), 0.3 - 0.28 * (k // 4)) for k in range(8)], 7.0)   # 5 to 8 on a square


def _chefs(ax, game):
    """Chefs as markers on the loop: each seat its shape, in its kitchen's colour; chef 1 filled, chef 2 open;
    the player to play's a little larger. Those sharing a square stand side by side in seat order."""
    on = {}
    for seat in range(1, game.players + 1):
        for c, p in enumerate(game.chefs[seat - 1]):
            on.setdefault(p, []).append((seat, c))
    looks = {}
    for p, chefs in on.items():
        x, y = game.board.loop[p].pos
        spots, width = CHEF_SPOTS.get(len(chefs), MANY_CHEFS)
        for (seat, c), (dx, dy) in zip(chefs, spots):
            looks.setdefault((seat, c, width), []).append((x + dx, y + dy))
    for (seat, c, width), pts in sorted(looks.items()):
        colour = kitchen_colour(game, seat)
        now = seat == game.current and not game.over
        chef = markers(ax, *zip(*pts), marker=CHEF_MARKERS[(seat - 1) % 4], s=(width * (1.1 if now else 1.0)) ** 2,
                       zorder=6, fc=colour if c == 0 else "white", ec=colour if c else INK,
                       lw=2.4 if c else (1.8 if now else 1.0))
        chef.set_gid("chef")
        if c == 0:       # a white ring parts a filled chef from a square of its own colour (its kitchen)
            chef.set_path_effects(CHEF_RING)


def _loop(ax, game):
    """The loop's squares with their names and numbers, and the kitchens' owners: fixed for the whole game."""
    b = game.board
    ax.add_patch(Rectangle((-0.55, -0.55), 11.1, 11.1, fc=BOARD_BG, ec=INK, lw=1.2, zorder=0))
    squares = []
    edges = min(min(sq.pos) for sq in b.loop), max(max(sq.pos) for sq in b.loop)
    for sq in b.loop:
        x, y = sq.pos
        if sq.kind == "kitchen":
            owner = game.owner.get(sq.index)
            fc = KITCHEN_COLOURS.get(b.colours[sq.colour].key, "#999") if owner else UNUSED
            squares.append(Rectangle((x - 0.5, y - 0.5), 1.0, 1.0, fc=fc, ec="white", lw=1.5))
            board_text(ax, x, y - 0.32, f"P{owner}" if owner else "free", ha="center", va="center", fontsize=8,
                       color=text_on(fc), weight="bold", zorder=3)
        elif sq.kind == "hamburger":
            squares.append(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fc="#fde9d9", ec="white", lw=1))
            # a small burger under where chefs stand, as low in the square as the others' names
            ax.add_patch(FancyBboxPatch((x - 0.28, y - 0.24), 0.56, 0.08, boxstyle="round,pad=0.03",
                                        fc=INGREDIENT_COLOURS["bun"], ec=INK, lw=0.5, zorder=2))
            ax.add_patch(Rectangle((x - 0.3, y - 0.33), 0.6, 0.06, fc=INGREDIENT_COLOURS["meat"], lw=0, zorder=2))
            ax.add_patch(FancyBboxPatch((x - 0.28, y - 0.42), 0.56, 0.05, boxstyle="round,pad=0.03",
                                        fc=INGREDIENT_COLOURS["bun"], ec=INK, lw=0.5, zorder=2))
        else:
            i = sq.ingredient
            fc = _ing_colour(game, i)
            squares.append(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fc=fc, ec="white", lw=1))
            board_text(ax, x, y - 0.33, ingredient_code(game, i), ha="center", va="center", fontsize=8, weight="bold",
                       color=text_on(fc), zorder=3)
        _number(ax, sq, edges)
    ax.add_collection(PatchCollection(squares, match_original=True, zorder=1))


def _number(ax, sq, edges):
    """A square's number just inside the loop, beside the square, so the square keeps room for its chefs; a
    corner's number in a small tag at its inner corner, and its neighbours' numbers away from it (along a row,
    ended at the far edge of their squares): a row has no room to set two numbers apart by more than a space or
    two, and "9" beside "10" read as "910". ``edges``: the least and greatest centre of a square, across or up."""
    x, y = sq.pos
    dx = (x == edges[0]) - (x == edges[1])          # inwards: +1, -1, or 0 (along a row)
    dy = (y == edges[0]) - (y == edges[1])
    ha = {1: "left", 0: "center", -1: "right"}[dx]
    va = {1: "bottom", 0: "center", -1: "top"}[dy]
    if dx and dy:                                    # a corner
        x, y = x + 0.54 * dx, y + 0.54 * dy              # (its tag reaching inwards from there)
    elif dx:                                         # on a column: away from a corner above or below
        away = (y == edges[0] + 1) - (y == edges[1] - 1)
        x, y = x + 0.56 * dx, y + 0.05 * away
        va = {1: "bottom", 0: "center", -1: "top"}[away]
    else:
        away = (x == edges[0] + 1) - (x == edges[1] - 1)
        x, y = x + 0.46 * away, y + 0.56 * dy
        ha = {1: "right", 0: "center", -1: "left"}[away]
    box = dict(boxstyle="round,pad=0.15", fc="white", ec=FAINT, lw=0.6) if dx and dy else None     # a corner's tag
    board_text(ax, x, y, str(sq.index), fontsize=8, color=FAINT, zorder=3, ha=ha, va=va, bbox=box)


def _loop_places(ax, board):
    for q, sq in enumerate(board.loop):
        x, y = sq.pos
        mark_place(ax, ("square", q), (x - 0.5, y - 0.5, x + 0.5, y + 0.5))


def draw_board(game, ax=None, viewer=None):
    """The loop of squares (HB-I1), the kitchens in their colours, and the eight chefs (HB-4.5: shared squares)."""
    ax = new_axes(ax, size=(4.6, 4.6), margins=0.01)
    _loop(ax, game)
    _loop_places(ax, game.board)
    _chefs(ax, game)
    ax.set_xlim(*BOARD)
    ax.set_ylim(*BOARD)
    return board_axes(ax)


def _rows_columns(board):
    return sorted({x for x, _ in board.spots}), sorted({y for _, y in board.spots}, reverse=True)


def _spot_names(ax, board):
    """Row letters and column numbers around the middle, as the events name spots ("C4")."""
    xs, ys = _rows_columns(board)
    for k, y in enumerate(ys):
        board_text(ax, xs[0] - 0.62, y, chr(65 + k), ha="center", va="center", fontsize=8, color=FAINT)
    for k, x in enumerate(xs):
        board_text(ax, x, ys[0] + 0.58, str(k + 1), ha="center", va="center", fontsize=8, color=FAINT)


def draw_middle(game, ax=None, viewer=None, names=True):
    """The 36 spots (HB-3.2), named by row letter and column number: the class view shows every tile; a seat's
    view shows what that player has seen (HB-I11) and a grey back elsewhere; a free spot is a dashed outline.
    The dice and the tile in hand are drawn below."""
    own = ax is None
    ax = new_axes(ax, size=(3.4, 3.4), margins=0.01)
    b = game.board
    view = game.view(viewer)         # the middle as the viewer knows it ("?" face down, None free)
    tiles, backs, free = [], [], []
    for s, (x, y) in enumerate(b.spots):
        shown = view["spots"][s]
        mark_place(ax, ("spot", s), (x - 0.38, y - 0.38, x + 0.38, y + 0.38))
        if shown is None or shown == EMPTY:
            free.append(Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, fc="none", ec=PALE, lw=0.8, ls="--"))
            continue
        if shown == "?":
            backs.append(Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, fc=FACE_DOWN, ec="white", lw=0.8))
        else:
            fc = _ing_colour(game, shown)
            tiles.append(Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, fc=fc, ec=INK, lw=0.6))
            board_text(ax, x, y, ingredient_code(game, shown), ha="center", va="center", fontsize=8, weight="bold",
                       color=text_on(fc), zorder=3)
    for group in (free, backs, tiles):       # collections: far quicker to build than a patch each
        if group:
            ax.add_collection(PatchCollection(group, match_original=True, zorder=2))
    xs, ys = _rows_columns(b)
    if names:                             # (a stepper's fast frame has them in its static layer)
        _spot_names(ax, b)
    cx, low = (xs[0] + xs[-1]) / 2, ys[-1] - 0.8
    if game.dice is not None and not game.over:
        for k, d in enumerate(game.dice):
            add_shape(ax, FancyBboxPatch((cx - 2.3 + 0.6 * k, low - 0.22), 0.44, 0.44, boxstyle="round,pad=0.02",
                                        fc="white", ec=INK, lw=0.8, zorder=3))
            board_text(ax, cx - 2.08 + 0.6 * k, low, str(d), ha="center", va="center", fontsize=9, weight="bold",
                       zorder=4)
    if game.hand is not None:
        tile = game.hand[0]
        sees = view["hand"][0] != "?"
        fc = _ing_colour(game, tile) if sees else FACE_DOWN
        add_shape(ax, Rectangle((cx - 0.9, low - 0.3), 0.6, 0.6, fc=fc, ec=INK, lw=1.2, zorder=3))
        board_text(ax, cx - 0.15, low, "in hand: " + (game.ing_name(tile) if sees else "?"), ha="left", va="center",
                   fontsize=8, zorder=3)
    if own:
        ax.set_xlim(xs[0] - 1.0, xs[-1] + 0.6)
        ax.set_ylim(low - 0.5, ys[0] + 0.9)
        board_axes(ax)
    return ax


def draw_cards(game, ax=None, viewer=None, x0=10.9, top=10.5, width=7.0):
    """Each player's collector card (HB-1.1): nine places in a row, filled with the ingredients held; the bun's
    place is last (HB-6.1). Cards are open to everyone, so every view shows them. Below, the key to the codes
    and to the chefs' shapes."""
    own = ax is None
    ax = new_axes(ax, size=(3.8, 4.4), margins=0.01)
    band = 1.6
    _cards(ax, game, [(seat, x0, top - (seat - 1) * band, width) for seat in range(1, game.players + 1)])
    y = top - 4 * band - 0.1
    _key(ax, game, x0, y, 44)
    if own:
        ax.set_xlim(x0 - 0.1, x0 + width)
        ax.set_ylim(y - 1.3, top + 0.1)
        board_axes(ax)
    return ax


def _order(game):
    """The ingredients in a collector card's order: the bun's place last (HB-6.1)."""
    return [i for i in range(game.n_ingredients) if i != game.bun] + [game.bun]


def _cards(ax, game, cells, beside=None):
    """Each seat's collector card in its cell (seat, left, top, width): the player's name and count above the
    nine places, or, with ``beside`` = (the name's width, the row's height), left of them on the same row
    (the tall frame's, whose rows run across the whole frame)."""
    n = game.n_ingredients
    order = _order(game)
    for seat, x0, y, width in cells:
        colour = kitchen_colour(game, seat)
        now = seat == game.current and not game.over
        name = f"Player {seat}: {game.held[seat - 1]}/{n}"
        if beside is None:
            cell_w = cell_h = min(0.75, width / n - 0.03)
            left, top = x0, y - 0.5
            name += "  (to play)" if now else ""
        else:
            cell_w, cell_h = (width - beside[0]) / n - 0.03, beside[1] - 0.15
            left, top = x0 + beside[0], y - 0.05
        markers(ax, [x0 + 0.15], [y - 0.2], marker=CHEF_MARKERS[(seat - 1) % 4], s=60, fc=colour, ec=INK, lw=0.6,
                zorder=3)
        board_text(ax, x0 + 0.4, y - 0.2, name, fontsize=9, weight="bold", color=INK, va="center", zorder=3)
        if beside is not None and now:
            board_text(ax, x0 + 0.4, y - 0.55, "to play", fontsize=8, color=INK, va="center", zorder=3)
        places = []
        for k, i in enumerate(order):
            x = left + k * (cell_w + 0.03)
            has = game.cards[seat - 1][i]
            mark_place(ax, ("card", seat, i), (x, top - cell_h, x + cell_w, top))
            fc = _ing_colour(game, i) if has else "white"
            places.append(Rectangle((x, top - cell_h), cell_w, cell_h, fc=fc, ec=INK if has else PALE,
                                    lw=0.6, ls="-" if has else ":"))
            board_text(ax, x + cell_w / 2, top - cell_h / 2, ingredient_code(game, i), ha="center", va="center",
                       fontsize=8, color=text_on(fc) if has else FAINT, zorder=3)
        ax.add_collection(PatchCollection(places, match_original=True, zorder=2))


def _key(ax, game, x0, y, chars, sep="\n"):
    """The key to the ingredients' codes and to the chefs' shapes, its top left at (``x0``, ``y``), lines of
    ``chars`` letters at most; ``sep`` between the two keys ("\\n": the chefs' on a line of their own)."""
    key = ", ".join(f"{ingredient_code(game, i)} {game.ing_name(i)}" for i in _order(game))
    chefs = "chef 1 filled, chef 2 open"
    text = textwrap.fill(key, chars) + "\n" + chefs if sep == "\n" else textwrap.fill(key + sep + chefs, chars)
    board_text(ax, x0, y, text, fontsize=8, color="#444444", va="top", linespacing=1.25)


def _status(game):
    if game.over:
        return f"Player {game.winner()} wins after {game.turn} turns"
    d = game.pending()
    dice = f" ({game.dice[0]} and {game.dice[1]})" if d.kind == "move" else ""
    return f"turn {game.turn + 1}: Player {d.player}: {d.prompt[0].lower() + d.prompt[1:]}{dice}"


def _title(game, viewer):
    who = "class view" if viewer is None else f"Player {viewer}'s view"
    return f"{game.title} ({who}): {_status(game)}"


def _board_layer(ax, game, xlim, ylim, tall=False):
    """For a fast frame: the loop's squares and the spots' names as a picture rendered once, with the places and
    the chefs over it."""
    codes = tuple(ingredient_code(game, i) for i in range(game.n_ingredients))
    static_layer(ax, ("hamburgerspelet", tuple(sorted(game.owner.items())), codes, tall), game.board,
                 lambda layer: (_loop(layer, game), _spot_names(layer, game.board)), xlim, ylim)
    _loop_places(ax, game.board)
    _chefs(ax, game)


def draw_state(game, viewer=None, ax=None, fast=False, layout="wide"):
    """The board, the middle as ``viewer`` knows it (None: the class view, every tile), and the cards.
    ``layout="wide"`` puts the cards right of the board (``FRAME_SIZE``, for notebooks); ``"tall"`` puts them
    under it, a row each (``TALL_FRAME_SIZE``, for a stepper beside its decision column). ``fast=True`` (for
    steppers) draws what never changes in a game (the loop's squares, the spots' names) as a picture rendered
    once (``static_layer``); the picture is the same within antialiasing."""
    if check_layout(layout) == "tall":
        return _draw_tall(game, viewer, ax, fast)
    ax = new_axes(ax, size=FRAME_SIZE, margins=(0.005, 0.005, 0.995, 0.93))
    if fast:
        _board_layer(ax, game, XLIM, YLIM)
    else:
        draw_board(game, ax=ax, viewer=viewer)
    draw_middle(game, ax=ax, viewer=viewer, names=not fast)
    draw_cards(game, ax=ax, viewer=viewer)
    ax.set_xlim(*XLIM)
    ax.set_ylim(*YLIM)
    ax.set_title(_title(game, viewer), fontsize=11)
    return board_axes(ax)


#: A tall frame's row for each player's collector card under the board, in board units (the name left of the
#: nine places, each as wide as a ninth of the rest of the frame), the key's height under them, the gap above the
#: first; and the name's width, in inches.
CARD_ROW, KEY, GAP, NAME = 0.85, 0.85, 0.2, 0.95


def _draw_tall(game, viewer, ax, fast):
    ax = tall_axes(ax)
    top = BOARD[0] - GAP
    bottom = top - game.players * CARD_ROW - KEY
    xlim, ylim = fill_limits(ax, *BOARD, bottom, BOARD[1])
    if fast:
        _board_layer(ax, game, xlim, ylim, tall=True)
    else:
        draw_board(game, ax=ax, viewer=viewer)
    draw_middle(game, ax=ax, viewer=viewer, names=not fast)
    width = xlim[1] - xlim[0] - 0.2
    inch = (xlim[1] - xlim[0]) / (ax.get_position(original=True).width * ax.figure.get_figwidth())   # units an inch
    _cards(ax, game, [(seat, xlim[0] + 0.1, top - (seat - 1) * CARD_ROW, width)
                      for seat in range(1, game.players + 1)], beside=(0.4 + NAME * inch, CARD_ROW))
    _key(ax, game, xlim[0] + 0.1, bottom + KEY - 0.05, 80, sep="; ")     # (the frame's width at 8 pt)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_title(wrapped(_title(game, viewer), ax), fontsize=11)
    return board_axes(ax)


def state_png(game, viewer=None, dpi=None, format="png") -> bytes:
    """The state's frame as PNG (or ``format`` "svg", "pdf") at ``dpi`` (default ``FRAME_DPI``)."""
    return figure_bytes(draw_state(game, viewer=viewer).figure, format, dpi)


#: Every public drawing, as the legibility test and the gallery call it.
DRAWINGS = (
    Drawing("draw_state", lambda game, viewer: draw_state(game, viewer=viewer)),
    Drawing("draw_state_tall", lambda game, viewer: draw_state(game, viewer=viewer, layout="tall")),
    Drawing("draw_board", lambda game, viewer: draw_board(game, viewer=viewer), views=False),
    Drawing("draw_middle", lambda game, viewer: draw_middle(game, viewer=viewer)),
    Drawing("draw_cards", lambda game, viewer: draw_cards(game, viewer=viewer), views=False),
)


# --- where the options lie on draw_state's picture (for a stepper's board clicks) -------------------------------
def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for each option of ``decision`` that is a place on
    draw_state's picture: a spot in the middle (take, place), the square a chef would reach (move, where only
    one option reaches it), a place on a collector card (name: your own card; steal: the other player's).
    The boxes are the places draw_state marked on ``ax`` as it drew them (drawn afresh when ``ax`` is None)."""
    b, kind = game.board, decision.kind
    keys = []
    if kind in ("take", "place"):
        keys = [(s, ("spot", s)) for s in decision.values if isinstance(s, int)]
    elif kind == "move":
        pos, reach = game.chefs[decision.player - 1], {}
        for v in decision.values:
            chef, steps = (int(p) for p in str(v).split("-"))
            reach.setdefault((pos[chef - 1] + steps) % len(b.loop), []).append(v)
        keys = [(vs[0], ("square", q)) for q, vs in reach.items() if len(vs) == 1]
    elif kind in ("name", "steal"):
        seat = decision.player if kind == "name" else game.stage[1]
        index = {ing.key: i for i, ing in enumerate(b.ingredients)}
        keys = [(v, ("card", seat, index[v])) for v in decision.values if v in index]
    return place_boxes(ax, lambda: draw_state(game), keys)
