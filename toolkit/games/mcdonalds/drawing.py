"""Drawings of The McDonald's Game: the board with its characters, the chute, a menu card, the racks and
extras, the whole state, and the score timeline with the 25-point line.

All public functions take ``ax=None`` and return the Axes.

>>> from toolkit.games.mcdonalds import McDonaldsGame
>>> ax = draw_state(McDonaldsGame(players=3, seed=1)); ax.get_title()[:22]
"The McDonald's Game (c"
"""
from __future__ import annotations

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from ...drawing import FAINT, INK, figure_png, new_axes, player_colour, status_title
from ...drawing import score_timeline as _timeline
from .data import FOOD_NAMES, FOODS, SLOT
from .rules import TARGET

FOOD_COLOURS = {"bigmac": "#8e5a2b", "cheeseburger": "#f1c40f", "hamburger": "#e67e22", "fries": "#e74c3c",
                "shake": "#5b3a29", "fish": "#3498db", "pie": "#27ae60", "cookies": "#9b59b6"}
FOOD_SHORT = {"bigmac": "BM", "cheeseburger": "CB", "hamburger": "HB", "fries": "FF", "shake": "SH",
              "fish": "FO", "pie": "AP", "cookies": "CK"}
SPACE_FILL = {"menu": "#ffcc00", "break": "#f5b7b1", "bonus": "#fad7a0", "gift": "#d5f5e3", "help": "#d6eaf8",
              "take": "#e8daef"}
SPACE_SHORT = {"menu": "LET'S GO", "break": "BREAK", "bonus": "BONUS", "gift": "GIFT", "help": "MAY I\nHELP",
               "take": "TAKE 1\nEACH"}
RED, BLACK, HIDDEN, CHUTE = "#c0392b", "#222222", "#95a5a6", "#fdebd0"

__all__ = ["draw_board", "draw_chute", "draw_menu", "draw_race", "draw_racks", "draw_state", "score_timeline", "state_png",
           "FOOD_COLOURS"]


def draw_board(game, ax=None, viewer=None):
    """The track with its kinds of spaces, the four characters' corners, the pieces, the piles and the chute."""
    ax = new_axes(ax, size=(6, 6))
    b = game.board
    squares = []
    for s in b.track:
        x, y = s.pos
        corner = s.corner is not None
        squares.append(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fc=SPACE_FILL[s.kind], ec=RED if corner else "white",
                                 lw=1.5 if corner else 1))
        text = SPACE_SHORT[s.kind] + (f"\n{s.cards}" if s.cards else "")
        if corner:
            text = "LET'S GO\n" + s.corner.replace(" ", "\n", 1)
        ax.text(x, y, text, ha="center", va="center", fontsize=4.3, color=INK, zorder=3, linespacing=0.95)
        ax.text(x - 0.42, y + 0.42, str(s.index), ha="left", va="top", fontsize=3.5, color="#777", zorder=3)
    ax.add_collection(PatchCollection(squares, match_original=True, zorder=1))
    # the pieces (MCD-7.7: several may share a space)
    here: dict = {}
    for seat in range(1, game.players + 1):
        here.setdefault(game.pos[seat - 1], []).append(seat)
    for p, seats in here.items():
        x, y = b.track[p].pos
        for k, seat in enumerate(seats):
            dx = (k - (len(seats) - 1) / 2) * 0.22
            ax.add_patch(Circle((x + dx, y - 0.3), 0.13, fc=player_colour(seat), ec="white", lw=1,
                                zorder=5 + (seat == game.current)))
            ax.text(x + dx, y - 0.3, str(seat), ha="center", va="center", fontsize=5, color="white", zorder=7)
    # the food pile and the menu pile, face down
    for (x, label, n) in ((6.3, "food cards", len(game.pile)), (6.3, "menus", len(game.menu_pile))):
        y = 5.3 if label == "food cards" else 2.7
        ax.add_patch(FancyBboxPatch((x - 0.55, y - 0.65), 1.1, 1.3, boxstyle="round,pad=0.03",
                                    fc=HIDDEN if n else "white", ec=INK, lw=0.8))
        ax.text(x, y + 0.15, str(n), ha="center", va="center", fontsize=11, weight="bold",
                color="white" if n else FAINT)
        ax.text(x, y - 0.35, label, ha="center", va="center", fontsize=5.5, color="white" if n else FAINT)
    draw_chute(game, ax=ax, x=4.9, y0=1.6, height=4.8)
    race = _race(game)
    if race is not None:
        draw_menu(game.menus[race["menu_index"]], ax=ax, x0=1.1, y0=1.2, width=2.9, height=5.6)
    ax.set_xlim(-0.6, 8.6)
    ax.set_ylim(-0.6, 8.6)
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def _race(game):
    """The race under way (by hand) or the last one, as marbles bottom first with what each pulled."""
    r = game.reading
    if r is not None:
        return {"menu_index": r["menu"], "marbles": list(r["marbles"]), "pulled": dict(r["pulled"]),
                "winner": None, "reading": r["count"], "live": True}
    last = game.last_race
    if last is None:
        return None
    index = next(k for k, m in enumerate(game.menus) if m.id == last["menu"])
    return {"menu_index": index, "marbles": last["marbles"], "pulled": {int(s): p for s, p in last["pulled"].items()},
            "winner": last["winner"], "reading": last["reading"], "live": False}


def draw_chute(game, ax=None, x=0.0, y0=0.0, height=4.0):
    """The chute with the marbles of the race under way (or of the last race), bottom first (MCD-5.2, MCD-5.3).
    A tick marks the marble whose cards filled the order, a cross a wrong pull."""
    ax = new_axes(ax, size=(2, 5))
    ax.add_patch(FancyBboxPatch((x - 0.35, y0), 0.7, height, boxstyle="round,pad=0.05", fc=CHUTE, ec=RED, lw=1.5,
                                zorder=2))
    ax.text(x, y0 + height + 0.2, "chute", ha="center", fontsize=6, color=RED)
    race = _race(game)
    if race is None:
        return ax
    order = game.menus[race["menu_index"]].order
    read = True                       # marbles above the filler's are never read (MCD-5.3)
    for k, seat in enumerate(race["marbles"]):
        y = y0 + 0.35 + k * 0.62
        ax.add_patch(Circle((x, y), 0.26, fc=player_colour(seat), ec=INK, lw=0.8, zorder=4, alpha=1 if read else 0.5))
        ax.text(x, y, str(seat), ha="center", va="center", fontsize=7, color="white", weight="bold", zorder=5)
        pull = race["pulled"].get(seat)
        if pull is not None and read:
            read = tuple(pull) != tuple(order)
            right = tuple(pull) == tuple(order)
            ax.text(x + 0.42, y, "\u2713" if right else "\u2717", ha="left", va="center", fontsize=9,
                    color="#27ae60" if right else RED, zorder=5)
    state = "race under way" if race["live"] else (f"Player {race['winner']} filled it" if race["winner"]
                                                    else "nobody filled it")
    ax.text(x, y0 - 0.2, f"{state}\n(reading {race['reading']})", ha="center", va="top", fontsize=5, color=INK)
    return ax


def draw_race(game, ax=None):
    """The last race step by step (MCD-5.3): the order, then each marble from the bottom up with the cards its
    player pulled, read until a right pull fills the order; marbles above it are never read."""
    race = _race(game)
    ax = new_axes(ax, size=(7, 3))
    if race is None:
        ax.text(0.5, 0.5, "no race yet", ha="center", va="center", transform=ax.transAxes)
        ax.axis("off")
        return ax
    menu = game.menus[race["menu_index"]]
    rows = [("the order", menu.order, None, INK)]
    read = True
    for k, seat in enumerate(race["marbles"], 1):
        pull = race["pulled"].get(seat)
        if pull is None:
            verdict, colour = "not yet decided", FAINT
        elif not read:
            verdict, colour = "not read", FAINT
        elif tuple(pull) == tuple(menu.order):
            verdict, colour = "right: fills the order", "#27ae60"
            read = False
        else:
            verdict, colour = "wrong", RED
        rows.append((f"marble {k}: Player {seat}", pull, verdict, colour))
    cards = []
    for r, (label, counts, verdict, colour) in enumerate(rows):
        y = -r
        ax.text(-0.2, y, label, ha="right", va="center", fontsize=8, color=colour, weight="bold")
        x = 0.0
        for i, n in enumerate(counts or ()):
            for _ in range(n):
                cards.append(Rectangle((x, y - 0.35), 0.5, 0.7, fc=FOOD_COLOURS[FOODS[i]], ec="white", lw=0.8))
                ax.text(x + 0.25, y, FOOD_SHORT[FOODS[i]], ha="center", va="center", fontsize=6, color="white",
                        zorder=3)
                x += 0.55
        if verdict:
            ax.text(max(x, 0.0) + 0.2, y, verdict, ha="left", va="center", fontsize=8, color=colour)
    ax.add_collection(PatchCollection(cards, match_original=True, zorder=2))
    ax.set_xlim(-3.2, 7.5)
    ax.set_ylim(-len(rows) + 0.4, 0.7)
    ax.axis("off")
    state = f"Player {race['winner']} filled it" if race["winner"] else (
        "under way" if race["live"] else "nobody filled it")
    ax.set_title(f"The race for \"{menu.name}\" (reading {race['reading']}, bottom marble first): {state}",
                 fontsize=9)
    return ax


def draw_menu(menu, ax=None, x0=0.0, y0=0.0, width=3.0, height=5.0):
    """A menu card: the printed lines in red (ordered) or black (decoys), the red changes at the bottom, and
    the order they make (MCD-4.2, MCD-4.3)."""
    ax = new_axes(ax, size=(3, 5))
    ax.add_patch(FancyBboxPatch((x0, y0), width, height, boxstyle="round,pad=0.04", fc="white", ec=INK, lw=0.8,
                                zorder=2))
    y = y0 + height - 0.3
    ax.text(x0 + width / 2, y, menu.name, ha="center", va="center", fontsize=7, weight="bold", zorder=3)
    step = min(0.4, (height - 1.6) / max(1, len(menu.lines) + len(menu.changes) + 3))
    y -= 0.45
    for ln in menu.lines:
        ax.text(x0 + 0.15, y, f"{ln.qty}  {FOOD_NAMES[ln.item]}", ha="left", va="center", fontsize=6,
                color=RED if ln.red else BLACK, zorder=3)
        y -= step
    if menu.changes:
        y -= step * 0.3
        ax.text(x0 + 0.15, y, "changes:", ha="left", va="center", fontsize=5.5, color=RED, style="italic", zorder=3)
        y -= step
        for ch in menu.changes:
            ax.text(x0 + 0.25, y, ch.text(), ha="left", va="center", fontsize=5.5, color=RED, zorder=3)
            y -= step
    ax.plot([x0 + 0.1, x0 + width - 0.1], [y0 + 0.95, y0 + 0.95], color=FAINT, lw=0.6, zorder=3)
    ax.text(x0 + 0.15, y0 + 0.75, "the order:", ha="left", va="center", fontsize=5.5, zorder=3)
    parts = [f"{n} {FOOD_SHORT[FOODS[i]]}" for i, n in enumerate(menu.order) if n]
    ax.text(x0 + 0.15, y0 + 0.35, ", ".join(parts), ha="left", va="center", fontsize=6.5, weight="bold", zorder=3)
    return ax


def draw_racks(game, ax=None, viewer=None, x0=0.0, top=8.4, width=9.0):
    """Each player's rack (8 slots of up to 3 cards), the face-down extras and the score. A seat's view shows
    its own extras; other players' extras are face down (MCD-7.2, MCD-I6)."""
    ax = new_axes(ax, size=(7, 6))
    rows = game.players
    h = min(2.2, (top + 0.4) / rows)
    cards = []
    for seat in range(1, rows + 1):
        y = top - (seat - 1) * h
        rack, ext = game.racks[seat - 1], game.extras[seat - 1]
        c = player_colour(seat)
        turn = "  (to play)" if seat == game.current and not game.over else ""
        ax.text(x0, y, f"{game.player_name(seat)}: {game.points[seat - 1]} points{turn}", ha="left", va="top",
                fontsize=7, weight="bold", color=c)
        for i, food in enumerate(FOODS):
            sx = x0 + i * 0.72
            sy = y - h + 0.35
            cards.append(Rectangle((sx, sy), 0.62, 3 * 0.32 + 0.08, fc="white", ec=FAINT, lw=0.6))
            for k in range(rack[i]):
                cards.append(Rectangle((sx + 0.04, sy + 0.04 + k * 0.32), 0.54, 0.28, fc=FOOD_COLOURS[food],
                                       ec="white", lw=0.4))
            ax.text(sx + 0.31, sy - 0.12, FOOD_SHORT[food], ha="center", va="center", fontsize=4.5, color=INK)
        ex = x0 + 8 * 0.72 + 0.2
        n = sum(ext)
        ax.text(ex, y - 0.35, f"extras: {n}", ha="left", va="top", fontsize=5.5, color=INK)
        show = viewer is None or viewer == seat
        items = [FOODS[i] for i in range(len(FOODS)) for _ in range(ext[i])]
        for k, food in enumerate(items[:12]):
            cx, cy = ex + (k % 6) * 0.26, y - h + 0.35 + (k // 6) * 0.45
            cards.append(Rectangle((cx, cy), 0.22, 0.38, fc=FOOD_COLOURS[food] if show else HIDDEN, ec=INK, lw=0.4))
        if n > 12:
            ax.text(ex + 1.6, y - h + 0.5, f"+{n - 12}", fontsize=5)
        full = sum(ext[i] for i in range(len(FOODS)) if rack[i] == SLOT)
        if n and show:
            ax.text(ex, y - h + 0.15, f"{full} would score", fontsize=4.5, color="#555")
    ax.add_collection(PatchCollection(cards, match_original=True, zorder=2))
    ax.set_xlim(min(ax.get_xlim()[0], x0 - 0.2), max(ax.get_xlim()[1], x0 + width))
    ax.set_aspect("equal")
    ax.axis("off")
    return ax


def draw_state(game, viewer=None, ax=None):
    """The board and, to its right, every player's rack and extras, on one Axes; the title says what is next."""
    ax = new_axes(ax, size=(11.5, 5.6), dpi=80)
    draw_board(game, ax=ax, viewer=viewer)
    draw_racks(game, ax=ax, viewer=viewer, x0=9.2, top=8.4, width=8.6)
    ax.set_xlim(-0.6, 17.9)
    ax.set_ylim(-0.6, 8.6)
    ax.set_title(status_title(game, viewer, f"Player {game.winner()} wins after {game.turn} turns"), fontsize=9)
    return ax


def score_timeline(game, ax=None):
    """Scores after each turn with the 25-point line (MCD-8.1)."""
    ax = _timeline(game, ax=ax, target=TARGET)
    ax.legend(loc="lower right", fontsize=8, frameon=False)      # the 25-point label sits top left
    return ax


def state_png(game, viewer=None) -> bytes:
    ax = draw_state(game, viewer=viewer)
    return figure_png(ax.figure)


# --- where the options lie on draw_state's picture (for a stepper's board clicks) -------------------------------
def _rack_row(game, seat: int, x0=9.2, top=8.4):
    """The box of ``seat``'s rack row and its slot height, as draw_state lays out draw_racks."""
    h = min(2.2, (top + 0.4) / game.players)
    y = top - (seat - 1) * h
    return (x0, y - h + 0.2, x0 + 8 * 0.72, y), h


def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for the options that are places on draw_state's
    picture: the player to trade with (their rack, MCD-3.4) and the card to take from a rack (its slot, MCD-3.5)."""
    if decision.kind == "help-partner":
        return [(s, _rack_row(game, s)[0]) for s in decision.values if isinstance(s, int)]
    if decision.kind == "take-one":
        (x0, _, _, y), h = _rack_row(game, game.stage[1][0])
        slots = {food: i for i, food in enumerate(FOODS)}
        return [(v, (x0 + slots[v] * 0.72, y - h + 0.35, x0 + slots[v] * 0.72 + 0.62, y - h + 0.35 + 1.04))
                for v in decision.values if v in slots]
    return []
