"""Drawings of Hamburgerspelet: the loop with its kitchens and chefs, the 36 spots in the middle, the collector
cards, and the whole state as the class or one player sees it.

All public functions take ``ax=None`` and return the Axes.

>>> from toolkit.games.hamburgerspelet import HamburgerGame
>>> ax = draw_state(HamburgerGame(players=3, seed=1), viewer=2)
>>> ax.get_title()[:32]
"Hamburgerspelet (Player 2's view"
"""
from __future__ import annotations

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from ...drawing import FAINT, INK, figure_png, new_axes
from .rules import EMPTY, NOT_SEEN

# colours by the board file's keys, so the palette stays out of the rules
KITCHEN_COLOURS = {"red": "#d62728", "blue": "#1f77b4", "green": "#2ca02c", "yellow": "#e6a700"}
INGREDIENT_COLOURS = {"cucumber": "#38761d", "onion": "#b4a7d6", "ketchup": "#cc0000", "mayonnaise": "#fff2cc",
                      "cheese": "#f1c232", "meat": "#783f04", "tomato": "#e06666", "lettuce": "#93c47d",
                      "bun": "#e69138"}
DARK_TEXT = {"mayonnaise", "cheese", "onion", "lettuce", "bun"}     # light tiles get dark writing
FACE_DOWN, UNUSED = "#7f8c8d", "#e5e5e5"
BOARD_BG = "#fbf3e4"

__all__ = ["draw_board", "draw_middle", "draw_cards", "draw_state", "state_png", "kitchen_colour"]


def kitchen_colour(game, seat: int) -> str:
    """The colour of ``seat``'s kitchen and chefs (HB-3.1, HB-I2)."""
    return KITCHEN_COLOURS.get(game.board.colours[seat - 1].key, "#999999")


def _ing_colour(game, i):
    return INGREDIENT_COLOURS.get(game.board.ingredients[i].key, "#cccccc")


def _text_colour(game, i):
    return INK if game.board.ingredients[i].key in DARK_TEXT else "white"


def _short(name: str, n: int = 6) -> str:
    return name if len(name) <= n else name[:n - 1] + "."


def draw_board(game, ax=None, viewer=None):
    """The loop of squares (HB-I1), the kitchens in their colours, and the eight chefs (HB-4.5: shared squares)."""
    ax = new_axes(ax, size=(6, 6))
    b = game.board
    ax.add_patch(Rectangle((-0.55, -0.55), 11.1, 11.1, fc=BOARD_BG, ec=INK, lw=1.2, zorder=0))
    squares = []
    for sq in b.loop:
        x, y = sq.pos
        if sq.kind == "kitchen":
            owner = game.owner.get(sq.index)
            fc = KITCHEN_COLOURS.get(b.colours[sq.colour].key, "#999") if owner else UNUSED
            squares.append(Rectangle((x - 0.5, y - 0.5), 1.0, 1.0, fc=fc, ec="white", lw=1.5))
            label = f"P{owner} kitchen" if owner else "unused"
            ax.text(x, y - 0.36, label, ha="center", va="center", fontsize=4.8,
                    color="white" if owner else "#888", weight="bold", zorder=3)
        elif sq.kind == "hamburger":
            squares.append(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fc="#fde9d9", ec="white", lw=1))
            ax.add_patch(FancyBboxPatch((x - 0.3, y - 0.05), 0.6, 0.22, boxstyle="round,pad=0.04",
                                        fc=INGREDIENT_COLOURS["bun"], ec=INK, lw=0.5, zorder=2))
            ax.add_patch(Rectangle((x - 0.32, y - 0.14), 0.64, 0.08, fc=INGREDIENT_COLOURS["meat"], lw=0, zorder=2))
            ax.add_patch(FancyBboxPatch((x - 0.3, y - 0.3), 0.6, 0.1, boxstyle="round,pad=0.03",
                                        fc=INGREDIENT_COLOURS["bun"], ec=INK, lw=0.5, zorder=2))
        else:
            i = sq.ingredient
            squares.append(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fc=_ing_colour(game, i), ec="white", lw=1))
            ax.text(x, y - 0.28, _short(game.ing_name(i), 7), ha="center", va="center", fontsize=4.6,
                    color=_text_colour(game, i), zorder=3)
        ax.text(x - 0.42, y + 0.42, str(sq.index), ha="left", va="top", fontsize=3.8, color=INK, alpha=0.6, zorder=3)
    ax.add_collection(PatchCollection(squares, match_original=True, zorder=1))
    # the eight chefs: each (seat, chef) has its own place on a square so that shared squares show them all
    for seat in range(1, game.players + 1):
        for c, p in enumerate(game.chefs[seat - 1]):
            x, y = b.loop[p].pos
            dx, dy = -0.3 + 0.2 * (seat - 1), 0.2 - 0.26 * c
            now = seat == game.current and not game.over
            ax.add_patch(Circle((x + dx, y + dy), 0.13, fc=kitchen_colour(game, seat), ec=INK,
                                lw=1.4 if now else 0.5, zorder=6))
            ax.text(x + dx, y + dy, str(c + 1), ha="center", va="center", fontsize=5, color="white",
                    weight="bold", zorder=7)
    ax.set_xlim(-0.6, 10.6)
    ax.set_ylim(-0.6, 10.6)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def draw_middle(game, ax=None, viewer=None):
    """The 36 spots (HB-3.2): the class view shows every tile; a seat's view shows what that player has seen
    (HB-I11) and a grey back elsewhere; a free spot is a dashed outline. The tile in hand is drawn below."""
    ax = new_axes(ax, size=(5, 5))
    b = game.board
    known = None if viewer is None else game.known[viewer - 1]
    tiles, backs = [], []
    for s, (x, y) in enumerate(b.spots):
        t = game.spots[s]
        if t == EMPTY:
            ax.add_patch(Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, fc="none", ec=FAINT, lw=0.8, ls="--", zorder=2))
            continue
        shown = t if known is None else known[s]
        if shown == NOT_SEEN:
            backs.append(Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, fc=FACE_DOWN, ec="white", lw=0.8))
            ax.text(x, y, b.spot_label(s), ha="center", va="center", fontsize=4.5, color="white", zorder=3)
        else:
            tiles.append(Rectangle((x - 0.38, y - 0.38), 0.76, 0.76, fc=_ing_colour(game, shown), ec=INK, lw=0.6))
            ax.text(x, y + 0.12, _short(game.ing_name(shown), 7), ha="center", va="center", fontsize=4.4,
                    color=_text_colour(game, shown), zorder=3)
            ax.text(x, y - 0.2, b.spot_label(s), ha="center", va="center", fontsize=3.8,
                    color=_text_colour(game, shown), zorder=3)
    for group in (backs, tiles):
        if group:
            ax.add_collection(PatchCollection(group, match_original=True, zorder=2))
    # the dice and the tile in hand, below the grid
    xs = [x for x, _ in b.spots]
    ys = [y for _, y in b.spots]
    cx, low = (min(xs) + max(xs)) / 2, min(ys) - 0.75
    if game.dice is not None and not game.over:
        for k, d in enumerate(game.dice):
            ax.add_patch(FancyBboxPatch((cx - 1.6 + 0.6 * k, low - 0.22), 0.44, 0.44, boxstyle="round,pad=0.02",
                                        fc="white", ec=INK, lw=0.8, zorder=3))
            ax.text(cx - 1.38 + 0.6 * k, low, str(d), ha="center", va="center", fontsize=7, weight="bold", zorder=4)
    if game.hand is not None:
        tile, origin, saw = game.hand
        sees = viewer is None or saw[viewer - 1] != NOT_SEEN
        fc = _ing_colour(game, tile) if sees else FACE_DOWN
        ax.add_patch(Rectangle((cx + 0.3, low - 0.3), 0.6, 0.6, fc=fc, ec=INK, lw=1.2, zorder=3))
        ax.text(cx + 1.0, low, "in hand: " + (game.ing_name(tile) if sees else "?"), ha="left", va="center",
                fontsize=6, zorder=3)
    return ax


def draw_cards(game, ax=None, viewer=None, x0=11.3, top=10.5):
    """Each player's collector card (HB-1.1): nine places, filled with the ingredients held; the bun's place
    is last (HB-6.1). Cards are open to everyone, so every view shows them."""
    ax = new_axes(ax, size=(5, 6))
    n = game.n_ingredients
    order = [i for i in range(n) if i != game.bun] + [game.bun]
    cell, gap = 1.0, 0.08
    for seat in range(1, game.players + 1):
        col, row = (seat - 1) % 2, (seat - 1) // 2
        left, ttop = x0 + col * 3.5, top - row * 5.4
        colour = kitchen_colour(game, seat)
        ax.add_patch(FancyBboxPatch((left - 0.1, ttop - 3.75), 3.4, 3.7, boxstyle="round,pad=0.03", fc="white",
                                    ec=colour, lw=2.2 if seat == game.current and not game.over else 1.2, zorder=1))
        ax.text(left, ttop - 0.05, f"Player {seat}: {game.held[seat - 1]}/{n}", fontsize=8, weight="bold",
                color=colour, va="top", zorder=3)
        places = []
        for k, i in enumerate(order):
            x = left + (k % 3) * (cell + gap)
            y = ttop - 0.42 - (k // 3 + 1) * (cell + gap)
            has = game.cards[seat - 1][i]
            places.append(Rectangle((x, y), cell, cell, fc=_ing_colour(game, i) if has else "white",
                                    ec=INK if has else FAINT, lw=0.6, ls="-" if has else ":"))
            ax.text(x + cell / 2, y + cell / 2, _short(game.ing_name(i), 8), ha="center", va="center", fontsize=5.5,
                    color=_text_colour(game, i) if has else "#999999", zorder=3)
        ax.add_collection(PatchCollection(places, match_original=True, zorder=2))
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def _status(game):
    if game.over:
        return f"Player {game.winner()} wins after {game.turn} turns"
    d = game.pending()
    dice = f" ({game.dice[0]} and {game.dice[1]})" if d.kind == "move" else ""
    return f"turn {game.turn + 1}: Player {d.player}: {d.prompt[0].lower() + d.prompt[1:]}{dice}"


def draw_state(game, viewer=None, ax=None):
    """The board, the middle as ``viewer`` knows it (None: the class view, every tile), and the cards."""
    ax = new_axes(ax, size=(11, 6.4), dpi=80)
    draw_board(game, ax=ax, viewer=viewer)
    draw_middle(game, ax=ax, viewer=viewer)
    draw_cards(game, ax=ax, viewer=viewer)
    ax.set_xlim(-0.6, 18.3)
    ax.set_ylim(-0.6, 10.6)
    who = "class view" if viewer is None else f"Player {viewer}'s view"
    ax.set_title(f"{game.title} ({who}): {_status(game)}", fontsize=9)
    return ax


def state_png(game, viewer=None) -> bytes:
    ax = draw_state(game, viewer=viewer)
    return figure_png(ax.figure)


# --- where the options lie on draw_state's picture (for a stepper's board clicks) -------------------------------
def _card_cell(game, seat: int, i: int, x0=11.3, top=10.5):
    """The box of ingredient ``i``'s place on ``seat``'s collector card, as draw_cards lays it out."""
    order = [j for j in range(game.n_ingredients) if j != game.bun] + [game.bun]
    k, cell, gap = order.index(i), 1.0, 0.08
    left, ttop = x0 + ((seat - 1) % 2) * 3.5, top - ((seat - 1) // 2) * 5.4
    x, y = left + (k % 3) * (cell + gap), ttop - 0.42 - (k // 3 + 1) * (cell + gap)
    return (x, y, x + cell, y + cell)


def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for each option of ``decision`` that is a place on
    draw_state's picture: a spot in the middle (take, place), the square a chef would reach (move, where only
    one option reaches it), a place on a collector card (name: your own card; steal: the other player's)."""
    b, kind = game.board, decision.kind
    if kind in ("take", "place"):
        return [(s, (b.spots[s][0] - 0.4, b.spots[s][1] - 0.4, b.spots[s][0] + 0.4, b.spots[s][1] + 0.4))
                for s in decision.values if isinstance(s, int)]
    if kind == "move":
        loop, pos = b.loop, game.chefs[decision.player - 1]
        reach = {}
        for v in decision.values:
            chef, steps = (int(p) for p in str(v).split("-"))
            reach.setdefault((pos[chef - 1] + steps) % len(loop), []).append(v)
        return [(vs[0], (loop[q].pos[0] - 0.5, loop[q].pos[1] - 0.5, loop[q].pos[0] + 0.5, loop[q].pos[1] + 0.5))
                for q, vs in reach.items() if len(vs) == 1]
    if kind in ("name", "steal"):
        seat = decision.player if kind == "name" else game.stage[1]
        index = {ing.key: i for i, ing in enumerate(b.ingredients)}
        return [(v, _card_cell(game, seat, index[v])) for v in decision.values if v in index]
    return []
