"""Drawings of The McDonald's Game: the board with its characters, the chute, a menu card, the racks and
extras, the whole state, and the score timeline with the 25-point line.

All public functions take ``ax=None`` and return the Axes. Every space says what it is in words, every marble
and piece carries its seat's number, and extras are counted per food under the rack, so no meaning rests on
colour alone.

>>> from toolkit.games.mcdonalds import McDonaldsGame
>>> ax = draw_state(McDonaldsGame(players=3, seed=1)); ax.get_title()[:22]
"The McDonald's Game (c"
"""
from __future__ import annotations

import textwrap

from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from ...drawing import (FAINT, FRAME_SIZE, INK, PLAYER_COLOURS, Drawing, add_shape, board_axes, check_layout,
                        figure_bytes, fill_limits, mark_place, new_axes, place_boxes, player_colour, static_layer,
                        status_title, tall_axes, text_on, wrapped)
from ...key_drawing import KeyItem, draw_key, key_height, key_rows
from ...drawing import score_timeline as _timeline
from .board import FOOD_NAMES, FOODS, SLOT
from .race import TARGET

FOOD_COLOURS = {"bigmac": "#8e5a2b", "cheeseburger": "#f1c40f", "hamburger": "#e67e22", "fries": "#e74c3c",
                "shake": "#5b3a29", "fish": "#3498db", "pie": "#27ae60", "cookies": "#9b59b6"}
FOOD_SHORT = {"bigmac": "BM", "cheeseburger": "CB", "hamburger": "HB", "fries": "FF", "shake": "SH",
              "fish": "FO", "pie": "AP", "cookies": "CK"}
SPACE_FILL = {"menu": "#ffcc00", "break": "#f5b7b1", "bonus": "#fad7a0", "gift": "#d5f5e3", "help": "#d6eaf8",
              "take": "#e8daef"}
# each space's kind in a word: LET'S GO TO McDonald's, YOU DESERVE A BREAK TODAY, INSTANT BONUS, GIFT,
# MAY I HELP YOU, TAKE 1 EACH
SPACE_SHORT = {"menu": "GO", "break": "BREAK", "bonus": "BONUS", "gift": "GIFT", "help": "HELP", "take": "TAKE"}
RED, BLACK, HIDDEN, CHUTE = "#c0392b", "#222222", "#95a5a6", "#fdebd0"
RIGHT = "#117733"            # a right pull's tick (a cross marks a wrong one: the shapes differ too)

#: Colours told apart by colour: a menu's ordered (red) and decoy (black) lines; the players' pieces.
DISTINCT_COLOURS = {"menu lines": {"ordered": RED, "decoy": BLACK},
                    "players": dict(enumerate(PLAYER_COLOURS[:4], 1))}

__all__ = ["draw_board", "draw_chute", "draw_menu", "draw_race", "draw_racks", "draw_state", "score_timeline",
           "state_png", "FOOD_COLOURS", "DRAWINGS", "DISTINCT_COLOURS"]

BOARD_LIMITS = (-0.6, 8.6)
XLIM, YLIM = (-0.6, 17.3), (-0.6, 8.6)        # draw_state's Axes (the wide frame's, at most 3 players)
KEY_SIZE = 9            # points of the key's text (read from the back of the room) in the wide frame
TALL_KEY_SIZE = 8       # ... in the tall frame: two rows across it, so that the board loses no more than 6%
KEY_GAP = 0.08          # inches between the key and the racks above it


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def frame_key(narrow: bool = False) -> tuple:
    """What the frame's short signs mean, as a key (``toolkit.drawing.draw_key``): each food's letters, named as
    the menus name it (``FOOD_NAMES``), and the two "+" marks: the food cards a space gives to take (MCD-3.3) and
    a player's extra cards of a food, under its slot (MCD-7.2). The wide frame sets the letters on their cards'
    colour; ``narrow`` (the tall frame, two rows across it) writes them as the racks do, each row led by a mark,
    in fewer words."""
    if narrow:
        foods = [KeyItem(FOOD_NAMES[f], FOOD_SHORT[f]) for f in FOODS]
        return (KeyItem("cards to take", "+2"), *foods[:4], KeyItem("extra cards", "+1"), *foods[4:])
    foods = [KeyItem(FOOD_NAMES[f], FOOD_SHORT[f], FOOD_COLOURS[f], "s") for f in FOODS]
    return (*foods, KeyItem("food cards a space gives", "+2", group=True),
            KeyItem("extra cards of a food (face down)", "+1"))


def _track(ax, board):
    """The track's spaces with their kinds, numbers and cards to take: fixed for the whole game."""
    squares = []
    for s in board.track:
        x, y = s.pos
        corner = s.corner is not None
        squares.append(Rectangle((x - 0.47, y - 0.47), 0.94, 0.94, fc=SPACE_FILL[s.kind], ec=RED if corner else "white",
                                 lw=2 if corner else 1))
        ax.text(x, y + 0.02, SPACE_SHORT[s.kind], ha="center", va="center", fontsize=8, color=INK, zorder=3,
                weight="bold" if corner else "normal")
        ax.text(x - 0.42, y + 0.43, str(s.index), ha="left", va="top", fontsize=8, color="#555555", zorder=3)
        if s.cards:
            ax.text(x + 0.42, y + 0.43, f"+{s.cards}", ha="right", va="top", fontsize=8, color=INK, zorder=3)
    ax.add_collection(PatchCollection(squares, match_original=True, zorder=1))


def draw_board(game, ax=None, viewer=None, track=True):
    """The track with its kinds of spaces (number top left, cards to take top right), the four characters'
    corners, the pieces, the piles, the chute and the menu being read (or the last one). ``track=False`` leaves
    the track out (a stepper's fast frame has it in its static layer)."""
    return _board(game, new_axes(ax, size=(5, 5), margins=0.01), track)


#: The menu card inside the track: where it starts across and how wide it is, in the wide frame and in the
#: tall one (whose board is drawn a little smaller: the card widens into the room left of the chute, and an
#: order of four foods or more takes two lines). The wide card holds five foods on a line ("1 BM, 1 CB, 1 HB,
#: 1 SH, 2 FO", Friday Treat); a longer order would wrap.
MENU_CARD = {"wide": {"x0": 0.75, "width": 3.25, "order_chars": 28},
             "tall": {"x0": 0.6, "width": 3.45, "order_chars": 17}}


def _board(game, ax, track, layout="wide"):
    b = game.board
    if track:
        _track(ax, b)
    # the pieces (MCD-7.7: several may share a space)
    here: dict = {}
    for seat in range(1, game.players + 1):
        here.setdefault(game.pos[seat - 1], []).append(seat)
    for p, seats in here.items():
        x, y = b.track[p].pos
        for k, seat in enumerate(seats):
            dx = (k - (len(seats) - 1) / 2) * 0.23
            now = seat == game.current and not game.over
            add_shape(ax, Circle((x + dx, y - 0.28), 0.16, fc=player_colour(seat), ec=INK, lw=1.8 if now else 0.6,
                                zorder=5 + now))
            ax.text(x + dx, y - 0.28, str(seat), ha="center", va="center", fontsize=8, weight="bold", zorder=7,
                    color=text_on(player_colour(seat)))
    # the food pile and the menu pile, face down
    for y, label, n in ((5.3, "food\ncards", len(game.pile)), (2.7, "menus", len(game.menu_pile))):
        add_shape(ax, FancyBboxPatch((6.3 - 0.55, y - 0.65), 1.1, 1.3, boxstyle="round,pad=0.03",
                                    fc=HIDDEN if n else "white", ec=INK, lw=0.8))
        ink = text_on(HIDDEN) if n else FAINT
        ax.text(6.3, y + 0.3, str(n), ha="center", va="center", fontsize=12, weight="bold", color=ink)
        ax.text(6.3, y - 0.25, label, ha="center", va="center", fontsize=8, color=ink, linespacing=1.0)
    draw_chute(game, ax=ax, x=4.85, y0=2.45, height=3.95)
    race = _race(game)
    if race is not None:
        draw_menu(game.menus[race["menu_index"]], ax=ax, y0=1.0, height=6.1, **MENU_CARD[layout])
    ax.set_xlim(*BOARD_LIMITS)
    ax.set_ylim(*BOARD_LIMITS)
    return board_axes(ax)


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
    own = ax is None
    ax = new_axes(ax, size=(1.8, 4.2), margins=0.02)
    add_shape(ax, FancyBboxPatch((x - 0.35, y0), 0.7, height, boxstyle="round,pad=0.05", fc=CHUTE, ec=RED, lw=1.5,
                                zorder=2))
    ax.text(x, y0 + height + 0.12, "chute", ha="center", va="bottom", fontsize=8, color=RED)
    race = _race(game)
    if race is not None:
        order = game.menus[race["menu_index"]].order
        read = True                       # marbles above the filler's are never read (MCD-5.3)
        for k, seat in enumerate(race["marbles"]):
            y = y0 + 0.35 + k * 0.62
            add_shape(ax, Circle((x, y), 0.26, fc=player_colour(seat), ec=INK, lw=0.8, zorder=4,
                                alpha=1 if read else 0.5))
            ax.text(x, y, str(seat), ha="center", va="center", fontsize=9, color=text_on(player_colour(seat)),
                    weight="bold", zorder=5)
            pull = race["pulled"].get(seat)
            if pull is not None and read:
                right = tuple(pull) == tuple(order)
                read = not right
                ax.text(x + 0.36, y, "\u2713" if right else "\u2717", ha="left", va="center", fontsize=10,
                        color=RIGHT if right else RED, zorder=5)
        state = "under way" if race["live"] else (f"Player {race['winner']}\nfilled it" if race["winner"]
                                                  else "nobody\nfilled it")
        ax.text(x, y0 - 0.12, f"{state}\nreading {race['reading']}", ha="center", va="top", fontsize=8, color=INK,
                linespacing=1.0)
    if own:
        ax.set_xlim(x - 1.0, x + 1.0)
        ax.set_ylim(y0 - 1.0, y0 + height + 0.5)
        board_axes(ax)
    return ax


def draw_race(game, ax=None):
    """The last race step by step (MCD-5.3): the order, then each marble from the bottom up with the cards its
    player pulled, read until a right pull fills the order; marbles above it are never read."""
    race = _race(game)
    ax = new_axes(ax, size=(8, 3.2), margins=(0.01, 0.01, 0.99, 0.88))
    if race is None:
        ax.text(0.5, 0.5, "no race yet", ha="center", va="center", fontsize=10, transform=ax.transAxes)
        return board_axes(ax)
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
            verdict, colour = "\u2713 right: fills the order", RIGHT
            read = False
        else:
            verdict, colour = "\u2717 wrong", RED
        rows.append((f"marble {k}: Player {seat}", pull, verdict, colour))
    cards = []
    right = 0.0
    for r, (label, counts, verdict, colour) in enumerate(rows):
        y = -r
        ax.text(-0.2, y, label, ha="right", va="center", fontsize=9, color=colour, weight="bold")
        x = 0.0
        for i, n in enumerate(counts or ()):
            for _ in range(n):
                fc = FOOD_COLOURS[FOODS[i]]
                cards.append(Rectangle((x, y - 0.35), 0.6, 0.7, fc=fc, ec="white", lw=0.8))
                ax.text(x + 0.3, y, FOOD_SHORT[FOODS[i]], ha="center", va="center", fontsize=8, weight="bold",
                        color=text_on(fc), zorder=3)
                x += 0.65
        if verdict:
            ax.text(max(x, 0.0) + 0.2, y, verdict, ha="left", va="center", fontsize=9, color=colour)
        right = max(right, x + 0.2 + (0.16 * len(verdict) if verdict else 0))
    ax.add_collection(PatchCollection(cards, match_original=True, zorder=2))
    ax.set_xlim(-3.6, max(8.0, right + 0.3))
    ax.set_ylim(-len(rows) + 0.4, 0.6)
    state = f"Player {race['winner']} filled it" if race["winner"] else (
        "under way" if race["live"] else "nobody filled it")
    ax.set_title(f"The race for \"{menu.name}\" (reading {race['reading']}, bottom marble first): {state}",
                 fontsize=10)
    board_axes(ax)
    ax.set_aspect("auto")
    return ax


def draw_menu(menu, ax=None, x0=0.0, y0=0.0, width=3.0, height=5.0, order_chars=None):
    """A menu card: the printed lines in red (ordered) or black (decoys, also marked "not ordered"), the red
    changes at the bottom, and the order they make (MCD-4.2, MCD-4.3), on lines of ``order_chars`` letters at
    most if given."""
    own = ax is None
    ax = new_axes(ax, size=(2.8, 4.4), margins=0.01)
    add_shape(ax, FancyBboxPatch((x0, y0), width, height, boxstyle="round,pad=0.04", fc="white", ec=INK, lw=0.8,
                                zorder=2))
    y = y0 + height - 0.3
    ax.text(x0 + width / 2, y, menu.name, ha="center", va="center", fontsize=9, weight="bold", zorder=3)
    changes = [textwrap.wrap(ch.text(), 22) for ch in menu.changes]       # long changes take two lines
    parts = [f"{n} {FOOD_SHORT[FOODS[i]]}" for i, n in enumerate(menu.order) if n]
    order = textwrap.wrap(", ".join(parts), order_chars) if order_chars else [", ".join(parts)]
    up = 0.33 * (len(order) - 1)                 # an order on two lines lifts "the order:" by a line
    step = min(0.4, (height - 1.6 - up) / max(1, len(menu.lines) + sum(map(len, changes)) + 3))
    y -= 0.5
    for ln in menu.lines:
        ax.text(x0 + 0.15, y, f"{ln.qty}  {FOOD_NAMES[ln.item]}", ha="left", va="center", fontsize=8,
                color=RED if ln.red else BLACK, zorder=3, weight="bold" if ln.red else "normal")
        y -= step
    if menu.changes:
        y -= step * 0.3
        ax.text(x0 + 0.15, y, "changes:", ha="left", va="center", fontsize=8, color=RED, style="italic", zorder=3)
        y -= step
        for lines in changes:
            for k, line in enumerate(lines):
                ax.text(x0 + 0.25 + 0.2 * (k > 0), y, line, ha="left", va="center", fontsize=8, color=RED, zorder=3)
                y -= step
    ax.plot([x0 + 0.1, x0 + width - 0.1], [y0 + 0.95 + up, y0 + 0.95 + up], color=FAINT, lw=0.6, zorder=3)
    ax.text(x0 + 0.15, y0 + 0.72 + up, "the order:", ha="left", va="center", fontsize=8,
            zorder=3)
    for k, line in enumerate(order):
        ax.text(x0 + 0.15, y0 + 0.32 + up - 0.33 * k, line, ha="left", va="center", fontsize=9, weight="bold",
                zorder=3)
    if own:
        ax.set_xlim(x0 - 0.1, x0 + width + 0.1)
        ax.set_ylim(y0 - 0.1, y0 + height + 0.1)
        board_axes(ax)
    return ax


def _row_height(players, top):
    return min(2.25, (top + 0.5) / players)


#: A rack's slot across, of its room (the rest between slots); a card across, of the slot.
SLOT_SHARE, CARD_SHARE = 0.62 / 0.72, 0.54 / 0.62


def _wide_racks(players, x0, top):
    """Where each seat's rack goes in the wide frame: (seat, left, top, height, slot pitch), one under another."""
    h = _row_height(players, top)
    return [(seat, x0, top - (seat - 1) * h, h, 0.72) for seat in range(1, players + 1)]


def _slots(ax, racks):
    """The racks' empty slots and their names: fixed for the whole game."""
    slots = []
    for _seat, x0, y, _h, pitch in racks:
        sy = y - 1.45
        for i, food in enumerate(FOODS):
            sx = x0 + i * pitch
            slots.append(Rectangle((sx, sy), pitch * SLOT_SHARE, 3 * 0.32 + 0.08, fc="white", ec=FAINT, lw=0.6))
            ax.text(sx + pitch * SLOT_SHARE / 2, sy - 0.05, FOOD_SHORT[food], ha="center", va="top", fontsize=8,
                    color=INK)
    ax.add_collection(PatchCollection(slots, match_original=True, zorder=2))


def draw_racks(game, ax=None, viewer=None, x0=0.0, top=8.4, width=8.6, slots=True):
    """Each player's rack (8 slots of up to 3 cards, named under each slot), the face-down extras counted under
    their slots and the score. A seat's view shows its own extras; other players' extras are face down
    (MCD-7.2, MCD-I6). ``slots=False`` leaves out the empty slots and their names (a stepper's fast frame has
    them in its static layer)."""
    own = ax is None
    ax = new_axes(ax, size=(4.6, 4.6), margins=0.01)
    racks = _wide_racks(game.players, x0, top)
    _racks(ax, game, viewer, racks, slots)
    if own:
        rows, h = game.players, racks[0][3]
        ax.set_xlim(x0 - 0.2, x0 + width)
        ax.set_ylim(top - rows * h - 0.1, top + 0.1)
        board_axes(ax)
    return ax


def _racks(ax, game, viewer, racks, slots, tall=False):
    """Each seat's rack where ``racks`` puts it (seat, left, top, height, slot pitch). The wide frame heads a rack
    with the player's name and points; the tall one, narrower, writes the points beside the rack."""
    if slots:
        _slots(ax, racks)
    cards, discs = [], []
    extras = game.view(viewer)["extras"]          # a list per food where the viewer sees them, else a count
    parts = point_parts(game) if game.over else None
    for seat, x0, y, h, pitch in racks:
        rack, ext = game.racks[seat - 1], game.extras[seat - 1]
        c = player_colour(seat)
        now = seat == game.current and not game.over
        discs.append(Circle((x0 + 0.2, y - 0.18), 0.2, fc=c, ec=INK, lw=0.6))
        ax.text(x0 + 0.2, y - 0.18, str(seat), ha="center", va="center", fontsize=8, weight="bold", color=text_on(c),
                zorder=3)
        split = parts[seat - 1] if parts else None
        head = game.player_name(seat) if tall else (f"{game.player_name(seat)}: {_points(game.points[seat - 1])}"
                                                   + ("  (to play)" if now else ""))
        ax.text(x0 + 0.5, y - 0.18, head, ha="left", va="center", fontsize=9, weight="bold", color=INK)
        sy = y - 1.45
        show = not isinstance(extras[seat - 1], int)
        slot, card = pitch * SLOT_SHARE, pitch * SLOT_SHARE * CARD_SHARE
        # the tall frame's place for a player: clear of the heading above, the points and extras in it
        lift, beside = (0.1, BESIDE) if tall else (0.0, 0.0)
        mark_place(ax, ("rack", seat), (x0, y - h + 0.05, x0 + 8 * pitch + beside, y + lift))
        for i, food in enumerate(FOODS):
            sx = x0 + i * pitch
            mark_place(ax, ("slot", seat, food), (sx, sy, sx + slot, sy + 3 * 0.32 + 0.08))
            for k in range(rack[i]):
                cards.append(Rectangle((sx + (slot - card) / 2, sy + 0.04 + k * 0.32), card, 0.28,
                                       fc=FOOD_COLOURS[food], ec="white", lw=0.4))
            if show and ext[i]:
                ax.text(sx + slot / 2, sy - 0.38, f"+{ext[i]}", ha="center", va="top", fontsize=8, weight="bold",
                        color=INK)
        n = sum(ext)
        full = sum(ext[i] for i in range(len(FOODS)) if rack[i] == SLOT)
        note = ("" if game.over else f"{full} would\nscore" if show else "face\ndown") if n else ""
        right = x0 + 8 * pitch + 0.1
        if tall:          # beside the rack: the points, whose turn, the extras
            ax.text(right, sy + 1.08, _points(game.points[seat - 1]), ha="left", va="top", fontsize=9,
                    weight="bold", color=INK)
            if now:
                ax.text(right, sy + 0.7, "to play", ha="left", va="top", fontsize=8, color=INK)
        top = sy + (0.34 if tall else 1.0)
        if split:        # the final points in their parts, where "to play" and the extras were
            ax.text(right, sy + 0.7 if tall else top, f"{split[0]} for orders\n{split[1]} for extras", ha="left",
                    va="top", fontsize=8, color=INK, linespacing=1.15)
        else:
            ax.text(right, top, f"extras: {n}", ha="left", va="top", fontsize=8, color=INK)
        if note:
            ax.text(right, top - 0.45, note, ha="left", va="top", fontsize=8, color="#555555", linespacing=1.0)
    if cards:
        ax.add_collection(PatchCollection(cards, match_original=True, zorder=2))
    ax.add_collection(PatchCollection(discs, match_original=True, zorder=2))


def point_parts(game) -> list | None:
    """Each seat's points as (for orders filled, for extras returned) (MCD-6.1, MCD-7.4), read from the game's
    events; None when the game kept no events or they do not add up to the points."""
    parts = [[0, 0] for _ in range(game.players)]
    for e in game.events:
        if e.kind in ("score", "extras") and e.player is not None:
            parts[e.player - 1][e.kind == "extras"] += e.data.get("points", 0)
    if [a + b for a, b in parts] != list(game.points):
        return None
    return [tuple(p) for p in parts]


def draw_state(game, viewer=None, ax=None, fast=False, layout="wide"):
    """The board and every player's rack and extras, on one Axes, with a key of the foods' letters and the "+"
    marks (``frame_key``); the title says what is next. ``layout="wide"`` puts the racks right of the board and
    the key under them (``FRAME_SIZE``, for notebooks); ``"tall"`` puts the racks under it, two to a row, and the
    key across the foot (``TALL_FRAME_SIZE``, for a stepper beside its decision column). ``fast=True`` (for steppers) draws what
    never changes in a game (the track, the racks' slots) as a picture rendered once (``static_layer``); the
    picture is the same within antialiasing."""
    if check_layout(layout) == "tall":
        return _draw_tall(game, viewer, ax, fast)
    ax = new_axes(ax, size=FRAME_SIZE, margins=(0.005, 0.005, 0.995, 0.93))
    racks, xlim, ylim, key, unit = _wide_frame(ax, game.players)
    if fast:
        static_layer(ax, ("mcdonalds", game.players), game.board,
                     lambda layer: (_track(layer, game.board), _slots(layer, racks)), xlim, ylim)
    draw_board(game, ax=ax, viewer=viewer, track=not fast)
    _racks(ax, game, viewer, racks, slots=not fast)
    draw_key(ax, key, RACKS_X, ylim[0] + 0.05 + key_height(key, KEY_SIZE) / unit, unit, KEY_SIZE, fast=fast)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_title(_title(game, viewer), fontsize=11)
    return board_axes(ax)


RACKS_X, RACKS_TOP = 9.0, 8.6     # the wide frame's racks: left edge and top
RACK_LEAST = 2.1                  # the least height of a wide frame's rack: heading, slots, names, extras


def _wide_frame(ax, players):
    """The wide frame's racks (right of the board, one under another), limits, key (at the foot of the racks'
    column) and inches a unit. Where the racks and the key need more height than the board's, the frame reaches
    lower and everything is drawn a little smaller (4 players)."""
    pos, (fw, fh) = ax.get_position(original=True), ax.figure.get_size_inches()
    box_w, box_h = pos.width * fw, pos.height * fh
    ylo = YLIM[0]
    for _ in range(3):              # the unit depends on the height, the key's height in units on the unit
        unit = box_h / (YLIM[1] - ylo)
        xlim = (XLIM[0], max(XLIM[1], XLIM[0] + box_w / unit))
        key = key_rows(frame_key(), (xlim[1] - RACKS_X) * unit - 0.1, KEY_SIZE, grid=True)
        below = 2.05 + (key_height(key, KEY_SIZE) + KEY_GAP) / unit + 0.05      # the last rack and the key
        need = RACKS_TOP - below - RACK_LEAST * (players - 1)
        ylo = min(YLIM[0], need)
    h = min(2.25, (RACKS_TOP - below - ylo) / max(1, players - 1))
    racks = [(seat, RACKS_X, RACKS_TOP - (seat - 1) * h, h, 0.72) for seat in range(1, players + 1)]
    return racks, xlim, (ylo, YLIM[1]), key, unit


def _title(game, viewer):
    return status_title(game, viewer, f"Player {game.winner()} wins after {game.turn} turns")


#: A tall frame's row of two racks under the board, in board units (a heading, the rack with its names and
#: extras under it), the gap above the first, and the room right of a rack for the points and extras.
RACK_ROW, GAP, BESIDE = 2.3, 0.25, 2.1


def _draw_tall(game, viewer, ax, fast):
    ax = tall_axes(ax)
    top = BOARD_LIMITS[0] - GAP
    rows = (game.players + 1) // 2
    bottom = top - rows * RACK_ROW
    pos, (fw, fh) = ax.get_position(original=True), ax.figure.get_size_inches()
    box_w, box_h = pos.width * fw, pos.height * fh
    key = key_rows(frame_key(narrow=True), box_w - 0.2, TALL_KEY_SIZE)     # the key across the frame's foot
    below = 0.0
    for _ in range(3):              # the unit depends on the key's room, the key's room in units on the unit
        xlim, ylim = fill_limits(ax, *BOARD_LIMITS, bottom - below, BOARD_LIMITS[1])
        unit = box_h / (ylim[1] - ylim[0])
        below = (key_height(key, TALL_KEY_SIZE) + KEY_GAP) / unit
    width = (xlim[1] - xlim[0] - 0.2) / 2
    pitch = min(0.72, (width - 0.2 - BESIDE) / 8)
    racks = [(seat, xlim[0] + 0.1 + (seat - 1) % 2 * width, top - 0.1 - (seat - 1) // 2 * RACK_ROW, RACK_ROW - 0.1,
              pitch) for seat in range(1, game.players + 1)]
    if fast:
        static_layer(ax, ("mcdonalds", game.players, "tall"), game.board,
                     lambda layer: (_track(layer, game.board), _slots(layer, racks)), xlim, ylim)
    _board(game, ax, track=not fast, layout="tall")
    _racks(ax, game, viewer, racks, slots=not fast, tall=True)
    draw_key(ax, key, xlim[0] + 0.1, bottom - KEY_GAP / unit, unit, TALL_KEY_SIZE, fast=fast)
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_title(wrapped(_title(game, viewer), ax), fontsize=11)
    return board_axes(ax)


def score_timeline(game, ax=None):
    """Scores after each turn with the 25-point line (MCD-8.1)."""
    ax = _timeline(game, ax=ax, target=TARGET)
    ax.legend(loc="lower right", fontsize=9, frameon=False)      # the 25-point label sits top left
    return ax


def state_png(game, viewer=None, dpi=None, format="png") -> bytes:
    """The state's frame as PNG (or ``format`` "svg", "pdf") at ``dpi`` (default ``FRAME_DPI``)."""
    return figure_bytes(draw_state(game, viewer=viewer).figure, format, dpi)


def _menu_shown(game):
    """The menu being read or last read, else the top of the menu pile."""
    race = _race(game)
    return game.menus[race["menu_index"] if race else game.menu_pile[0] if game.menu_pile else 0]


#: Every public drawing, as the legibility test and the gallery call it.
DRAWINGS = (
    Drawing("draw_state", lambda game, viewer: draw_state(game, viewer=viewer)),
    Drawing("draw_state_tall", lambda game, viewer: draw_state(game, viewer=viewer, layout="tall")),
    Drawing("draw_board", lambda game, viewer: draw_board(game, viewer=viewer), views=False),
    Drawing("draw_racks", lambda game, viewer: draw_racks(game, viewer=viewer)),
    Drawing("draw_chute", lambda game, viewer: draw_chute(game), views=False),
    Drawing("draw_menu", lambda game, viewer: draw_menu(_menu_shown(game)), views=False),
    Drawing("draw_race", lambda game, viewer: draw_race(game), views=False),
    Drawing("score_timeline", lambda game, viewer: score_timeline(game), kind="chart", views=False),
)


# --- where the options lie on draw_state's picture (for a stepper's board clicks) -------------------------------
def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for the options that are places on draw_state's
    picture: the player to trade with (their rack, MCD-3.4) and the card to take from a rack (its slot, MCD-3.5)."""
    keys = []
    if decision.kind == "help-partner":
        keys = [(s, ("rack", s)) for s in decision.values if isinstance(s, int)]
    elif decision.kind == "take-one":
        keys = [(v, ("slot", game.stage.victims[0], v)) for v in decision.values]
    return place_boxes(ax, lambda: draw_state(game), keys)
