"""Drawings of a Food Chain Magnate map: the map itself, demand, campaign reach, road range, distances
from an entrance, a buyer's route and a zeppelin's flight. Every function takes ``ax=None`` and returns the
Axes; nothing here decides a rule (the queries come from ``roads`` and ``reach``).

Square ``(row, col)`` is drawn centred at x = col, y = row, with row 0 at the top. The map is labelled as the
decisions and events name its squares ("restaurant at 3,4" is row 3, column 4, counted from 0): row numbers down
its left edge, column numbers along its top.
"""
from __future__ import annotations

import io

import numpy as np
from matplotlib.collections import PolyCollection
from matplotlib.colors import to_rgb
from matplotlib.patches import Patch, Rectangle

from ....drawing import (FRAME_DPI, INK, board_axes, board_text, image_layer, mark_place, markers, new_axes,
                         static_layer, text_inches, text_on)
from ....key_drawing import KeyItem
from . import reach as _reach
from . import roads as _roads
from .badges_drawing import BADGE_HANDLER, BADGE_SAMPLE, ETERNAL, badge_entry, rounds_badges, text_box
from .board import BRIDGE, DRINK_CHARS, TILE, FcmMap
from .colours_drawing import PALETTE, chain_colour
from .tiles import GOODS, MARKETING_KINDS

DISTANCE_MAX = 8                      # distances are coloured on one scale, 0 to this (and beyond), in every map
_LUT = {"#": "road", BRIDGE: "bridge", ".": "empty", "H": "house", **DRINK_CHARS}
_LETTER = {drink: ch for ch, drink in DRINK_CHARS.items()}      # a drink source is drawn as the map writes it


#: Inches kept left of the map for the row numbers and above it for the column numbers (8-point, two digits).
LABEL_ROOM = (0.2, 0.17)
LABEL_GAP = 0.03                      # inches between a number and the map's edge


def map_axes(ax, fmap: FcmMap, scale=0.36):
    """``ax``, or a new figure sized for the map: ``scale`` inches a square (35 px at 96 dpi, room for 8-point
    numbers)."""
    height = fmap.height * scale + 0.9 + LABEL_ROOM[1]
    return new_axes(ax, size=(fmap.width * scale + 0.6 + LABEL_ROOM[0], height), margins=(0.01, 0.01, 0.99, 1 - 0.5 / height))


def map_image(fmap: FcmMap) -> np.ndarray:
    """The map's squares as an RGB array (terrain, placed houses and gardens)."""
    rgb = {k: to_rgb(PALETTE[v]) for k, v in _LUT.items()}
    img = np.array([[rgb[ch] for ch in row] for row in fmap.terrain])
    house, garden = to_rgb(PALETTE["house"]), to_rgb(PALETTE["garden"])
    for h in fmap.houses.values():
        if not h.printed:
            for r, c in h.squares:
                img[r, c] = house
        for r, c in h.garden:
            img[r, c] = garden
    return img


def _rects(ax, boxes, zorder, hatch=None, **style):
    """Rectangles ``(x, y, width, height)`` as one collection of their corners (far faster than one patch each, or
    a collection of patches, which works out each rectangle's transform)."""
    if not boxes:
        return None
    b = np.asarray(boxes, dtype=float)
    x0, y0, x1, y1 = b[:, 0], b[:, 1], b[:, 0] + b[:, 2], b[:, 1] + b[:, 3]
    corners = np.stack([np.stack([x0, x1, x1, x0], 1), np.stack([y0, y0, y1, y1], 1)], 2)
    coll = PolyCollection(corners, zorder=zorder, hatch=hatch, **style)
    ax.add_collection(coll, autolim=False)
    return coll


def _bbox(squares):
    rs = [s[0] for s in squares]
    cs = [s[1] for s in squares]
    return min(rs), min(cs), max(rs), max(cs)


def _airplane_box(fmap, c, labels=(0.0, 0.0)):
    """An airplane's banner beside its side of the map, along the lines it flies over. Where airplanes on one
    side fly over some of the same lines (the base game allows it), each has its own lane of the banner's depth,
    so that none hides another and its number. ``labels`` (squares left of and above the map kept for its row
    and column numbers) moves a banner on the west or north side out beyond them."""
    lo, hi = min(c.lines) - 0.5, max(c.lines) + 0.5
    side = sorted((a for a in fmap.campaigns.values() if a.kind == "airplane" and a.side == c.side),
                  key=lambda a: a.number)
    shared = any(min(a.lines) <= max(b.lines) and min(b.lines) <= max(a.lines)
                 for a in side for b in side if a is not b)
    depth = 1.8 / len(side) if shared else 1.8
    out = side.index(c) * depth if shared else 0.0       # from the outer edge of the banner's room
    if c.side == "n":
        return lo, -2.5 - labels[1] + out, hi - lo, depth
    if c.side == "s":
        return lo, fmap.height + 1.5 - out - depth, hi - lo, depth
    if c.side == "w":
        return -2.5 - labels[0] + out, lo, depth, hi - lo
    return fmap.width + 1.5 - out - depth, lo, depth, hi - lo


def _pads(fmap) -> dict:
    """Squares of room round the map on each side: an airplane's banner where one flies, else a little."""
    sides = {c.side for c in fmap.campaigns.values() if c.kind == "airplane"}
    return {s: 2.7 if s in sides else 0.3 for s in "nswe"}


def _square_inches(ax, fmap) -> float:
    """Inches a square will take in ``ax`` when the map fills it (its labels' room and pads included)."""
    pad = _pads(fmap)
    w_in, h_in = ax.bbox.width / ax.figure.dpi, ax.bbox.height / ax.figure.dpi
    return min((w_in - LABEL_ROOM[0]) / (fmap.width + pad["w"] + pad["e"]),
               (h_in - LABEL_ROOM[1]) / (fmap.height + pad["n"] + pad["s"]))


def coordinate_labels(ax, fmap: FcmMap, square_in: float, fast: bool = False) -> None:
    """Row numbers down the map's left edge and column numbers along its top, 0-based, as the decisions and
    events name squares ("3,4" is row 3, column 4); every other one where a square (``square_in`` inches) is
    too small for each. ``fast`` (a stepper's frame) draws each strip of numbers as a picture kept from frame to
    frame (``static_layer``): the same in every frame of a game."""
    px = square_in * FRAME_DPI
    col_every = 1 if px >= 6.8 * len(str(fmap.width - 1)) + 3 else 2       # 8-point digits are 6.8 px wide
    row_every = 1 if px >= 12 else 2                                        # ... and 11 px tall
    gap = LABEL_GAP / square_in
    style = dict(fontsize=8, color=INK, zorder=3)

    def rows(on):
        for r in range(0, fmap.height, row_every):
            board_text(on, -0.5 - gap, r, str(r), ha="right", va="center", **style)

    def cols(on):
        for c in range(0, fmap.width, col_every):
            board_text(on, c, -0.5 - gap, str(c), ha="center", va="bottom", **style)
    if not fast:
        rows(ax)
        cols(ax)
        return
    # each strip lies beyond the map, where nothing else is drawn (airplane banners keep out of it)
    left, top = -0.5 - LABEL_ROOM[0] / square_in, -0.5 - LABEL_ROOM[1] / square_in
    strips = (("fcm rows", rows, (left, -0.5), (fmap.height - 0.5, -0.5)),
              ("fcm columns", cols, (-0.5, fmap.width - 0.5), (-0.5, top)))
    for name, draw, xlim, ylim in strips:
        static_layer(ax, (name, fmap.height, fmap.width, row_every, col_every, xlim, ylim), None, draw, xlim, ylim)


BRIDGE_SIGN = "\u2016"                 # a bridge's two white rails, as the key shows them
def map_key() -> tuple:
    """What the map's signs mean, as a key (``toolkit.drawing.draw_key``): the squares (road, bridge, house with
    its number, garden), the restaurants (open, in their chain's colour with "P" and its number; hatched, "coming
    soon", FCM-3.7, FCM-7.3) and their entrances (white squares; a drive-in has one in each corner), the drink
    sources' letters (as the tiles write them), the demand tokens' dots by good (FCM-6.6) and the campaign tiles
    by kind, whose number is the order they run in, lowest first (FCM-6.1), and their badges of rounds left
    (FCM-6.7; "∞": eternal, FCM-6.n1). The names are the tiles' own."""
    return squares_key() + goods_key()


def squares_key() -> tuple:
    """The first part of ``map_key``: the squares, the restaurants and their entrances."""
    chain = chain_colour(1)
    return (KeyItem("the map:", shape="head"),
            KeyItem("road", fc=PALETTE["road"], shape="s"),
            KeyItem("bridge", BRIDGE_SIGN, PALETTE["road"], "s"),
            KeyItem("house", "7", PALETTE["house"], "s"),
            KeyItem("garden", fc=PALETTE["garden"], shape="s"),
            KeyItem("restaurant", "P1", chain, "s", ec=chain),
            KeyItem("coming soon", fc="white", shape="s", ec=chain, hatch="////"),
            KeyItem("entrance", fc="white", shape="s"))


def goods_key() -> tuple:
    """The rest of ``map_key``: the drink sources, the demand and the campaigns."""
    return ((KeyItem("drink sources:", shape="head"),)
            + tuple(KeyItem(drink, ch, PALETTE[drink], "s") for ch, drink in DRINK_CHARS.items())
            + (KeyItem("demand:", shape="head"),) + tuple(KeyItem(g, fc=PALETTE[g], shape="o") for g in GOODS)
            + (KeyItem("campaigns, lowest # first:", shape="head"),)
            + tuple(KeyItem(kind, "#", PALETTE[kind], "s") for kind in MARKETING_KINDS)
            + (KeyItem(f"rounds left ({ETERNAL}: for ever)", BADGE_SAMPLE, PALETTE["ink"], "c", group=True),))


def draw_map(fmap: FcmMap, ax=None, title: str | None = None, fast: bool = False, small: bool = False,
             square_in: float | None = None):
    """The map: tiles with faint borders, roads and bridges, drink sources, houses with their numbers and
    gardens, restaurants in chain colours with their entrances, marketing tiles with their numbers. ``small``
    (a map drawn at less than 0.26 inches a square, where "#16" is wider than its square) numbers a one-square
    campaign without its "#". Rows are numbered down the left edge and columns along the top (``coordinate_labels``),
    in room kept beyond the map's own; ``square_in`` (inches a square, when the caller sets the limits) sizes that
    room, else the map is taken to fill ``ax``.

    >>> from toolkit.games.fcm.map.board import map_from_layout
    >>> ax = draw_map(map_from_layout([["G0", "H0"]])); ax.get_title()
    'FCM map, 2x1 tiles (squares named row,column)'
    """
    ax = map_axes(ax, fmap)
    ink = PALETTE["ink"]
    h, w = fmap.height, fmap.width
    square_in = square_in or _square_inches(ax, fmap)
    labels = (LABEL_ROOM[0] / square_in, LABEL_ROOM[1] / square_in)     # in squares
    image, extent = map_image(fmap), (-0.5, w - 0.5, h - 0.5, -0.5)
    if fast:        # a stepper's frame: the squares' picture kept while no house or garden changes it
        image_layer(ax, ("fcm map", image.shape, image.tobytes()), image, extent)
    else:
        ax.imshow(image, extent=extent, interpolation="nearest", zorder=0)
    mark_place(ax, "squares", (-0.5, -0.5, w - 0.5, h - 0.5))    # column 0's left edge, row 0's top edge, ...
    ax.vlines([k * TILE - 0.5 for k in range(fmap.cols + 1)], -0.5, h - 0.5, colors=PALETTE["tile border"], lw=0.8, zorder=1)
    ax.hlines([k * TILE - 0.5 for k in range(fmap.rows + 1)], -0.5, w - 0.5, colors=PALETTE["tile border"], lw=0.8, zorder=1)
    bridges = [(r, c) for r, row in enumerate(fmap.terrain) for c, ch in enumerate(row) if ch == BRIDGE]
    # the north-south road passes over the west-east one, drawn with white rails
    _rects(ax, [(c - 0.32, r - 0.5, 0.64, 1.0) for r, c in bridges], fc=PALETTE["road"], ec="none", zorder=2)
    if bridges:             # both rails of every bridge as one collection
        ax.vlines([c + d for _, c in bridges for d in (-0.34, 0.34)], [r - 0.5 for r, _ in bridges for _ in "ab"],
                  [r + 0.5 for r, _ in bridges for _ in "ab"], colors="white", lw=1.2, zorder=2)
    for (r, c), drink in fmap.sources():
        board_text(ax, c, r, _LETTER[drink], ha="center", va="center", fontsize=8, fontweight="bold", color=ink,
                   zorder=3)
    boxes = []
    for n, house in fmap.houses.items():
        r0, c0, r1, c1 = _bbox(house.squares)
        boxes.append((c0 - 0.45, r0 - 0.45, c1 - c0 + 0.9, r1 - r0 + 0.9))
        mark_place(ax, ("house", n), (c0 - 0.45, r0 - 0.45, c1 + 0.45, r1 + 0.45))
        board_text(ax, (c0 + c1) / 2, (r0 + r1) / 2, str(n), ha="center", va="center", fontsize=9,
                   fontweight="bold", color=ink, zorder=3, gid=f"house {n}")
    _rects(ax, boxes, fc="none", ec=ink, lw=0.8, zorder=2)
    rests = sorted(fmap.restaurants.values(), key=lambda r: r.rid)
    for opened in (True, False):
        mine = [r for r in rests if r.open == opened]
        _rects(ax, [(r.top[1] - 0.42, r.top[0] - 0.42, 1.84, 1.84) for r in mine],
               fc=[chain_colour(r.chain) if opened else "white" for r in mine],
               ec=[chain_colour(r.chain) for r in mine], lw=1.5, hatch=None if opened else "////", zorder=4)
    for r in rests:             # "P" and the chain's number, so colour is not the only sign and no house is meant
        mark_place(ax, ("restaurant", r.rid), (r.top[1] - 0.42, r.top[0] - 0.42, r.top[1] + 1.42, r.top[0] + 1.42))
        fc = chain_colour(r.chain) if r.open else "white"
        label = f"P{r.chain}"
        size = 9 if text_inches(label, 9, True) <= 1.7 * square_in else 8       # inside its 1.84 squares
        # off the centre, away from the entrance's white square, as far as its tile leaves room for
        off = min(0.22, max(0.0, 0.9 - text_inches(label, size, True) / square_in / 2))
        dx = -off if "e" in r.corner else off
        dy = off if "n" in r.corner else -off
        if len(_roads.entrances(fmap, r)) > 1:            # a drive-in: its corners' doors keep the centre free
            dx = dy = 0.0
        board_text(ax, r.top[1] + 0.5 + dx, r.top[0] + 0.5 + dy, label, ha="center", va="center", fontsize=size,
                   fontweight="bold", color=text_on(fc), zorder=5, gid=f"restaurant {r.rid}")
    doors = []
    for rest in rests:
        es = _roads.entrances(fmap, rest)
        if len(es) == 1:
            doors += [(c - 0.3, r - 0.3, 0.6, 0.6) for r, c in es]
        else:                   # a drive-in's four doors, smaller, out in its corners, clear of its number
            top, left = rest.top
            doors += [(c + (0.14 if c > left else -0.14) - 0.18, r + (0.14 if r > top else -0.14) - 0.18, 0.36, 0.36)
                      for r, c in es]
    _rects(ax, doors, fc="white", ec=ink, lw=0.8, zorder=5)
    boxes, colours, tagged = [], [], []
    for cmp in sorted(fmap.campaigns.values(), key=lambda c: c.number):
        if cmp.kind == "airplane":
            x, y, bw, bh = _airplane_box(fmap, cmp, labels)
        else:
            r0, c0, r1, c1 = _bbox(cmp.squares)
            x, y, bw, bh = c0 - 0.45, r0 - 0.45, c1 - c0 + 0.9, r1 - r0 + 0.9
        boxes.append((x, y, bw, bh))
        colours.append(PALETTE[cmp.kind])
        mark_place(ax, ("campaign", cmp.number), (x, y, x + bw, y + bh))
        along = bw < 1 < bh                                  # along a tile one square wide, inside it
        label, weight = _campaign_label(cmp.number, (bh if along else bw) * square_in, small and len(cmp.squares) == 1)
        if text_inches(label, 8, weight == "bold") > (bh if along else bw) * square_in - 0.02 \
                or 8 * 1.2 / 72 > (bw if along else bh) * square_in:
            tagged.append((cmp, (x, y, bw, bh), label))    # too small a tile for its number: a tag beside it
            continue
        board_text(ax, x + bw / 2, y + bh / 2, label, ha="center", va="center", fontsize=8,
                   color=text_on(PALETTE[cmp.kind]), fontweight=weight, zorder=5, gid=f"campaign {cmp.number}",
                   rotation=90 if along else 0)
    _rects(ax, boxes, fc=colours, ec=ink, lw=0.8, zorder=4)
    pad = _pads(fmap)
    x0, y0, x1, y1 = -0.5 - pad["w"] - labels[0], -0.5 - pad["n"] - labels[1], w - 0.5 + pad["e"], h - 0.5 + pad["s"]
    rounds_badges(ax, fmap, boxes, square_in, (-0.5, -0.5, x1, y1), (x0, y0, x1, y1))
    numbers = ((-0.5 - labels[0], -0.5, -0.5, h - 0.5), (-0.5, -0.5 - labels[1], w - 0.5, -0.5))   # rows', columns'
    _tags(ax, tagged, square_in, (-0.5, -0.5, x1, y1), (x0, y0, x1, y1), numbers)     # clear of the badges too
    coordinate_labels(ax, fmap, square_in, fast)
    ax.set_xlim(x0, x1)
    ax.set_ylim(y1, y0)
    board_axes(ax)
    # titles may hold dollars ("$23 + 6 tips"): shown as written, never as mathematics
    ax.set_title(title or f"FCM map, {fmap.cols}x{fmap.rows} tiles (squares named row,column)", fontsize=10,
                 parse_math=False)
    return ax


def _tags(ax, tagged, square_in: float, room: tuple, frame: tuple, numbers=()) -> None:
    """Each (campaign, its tile's box, its number) whose tile is too small to hold the number: the number on a tag
    of the tile's colour beside the tile (above, below, right or left, or a little further out: the first place
    that covers no text already drawn and stays in ``room``, as ``rounds_badges``' room, or for an airplane
    ``frame``, clear of the strips ``numbers`` kept for the rows' and columns' numbers), joined to it by a short
    line. The tag is marked as the place ("campaign tag", number) its number stays within."""
    if not tagged:
        return
    taken = [text_box(t, square_in) for t in ax.texts if t.get_transform() is ax.transData] + list(numbers)
    for cmp, (x, y, bw, bh), label in tagged:
        x0, y0, x1, y1 = frame if cmp.kind == "airplane" else room
        w = (text_inches(label, 8, True) + 0.06) / square_in
        h = (8 * 1.2 / 72 + 0.03) / square_in
        cx, cy = x + bw / 2, y + bh / 2
        places = [(cx, y - h / 2 - out) for out in (0.05, 0.5)] + [(cx, y + bh + h / 2 + out) for out in (0.05, 0.5)]
        places += [(x + bw + w / 2 + out, cy) for out in (0.05, 0.5)] + [(x - w / 2 - out, cy) for out in (0.05, 0.5)]
        # each moved into the room where it would stick out (a tag is taller than a square)
        places = [(min(max(px, x0 + w / 2), x1 - w / 2), min(max(py, y0 + h / 2), y1 - h / 2)) for px, py in places]

        def cost(p):
            a, b, c, d = p[0] - w / 2, p[1] - h / 2, p[0] + w / 2, p[1] + h / 2
            cover = sum(max(0.0, min(c, t[2]) - max(a, t[0])) * max(0.0, min(d, t[3]) - max(b, t[1])) for t in taken)
            return cover + 10 * (max(0.0, x0 - a) + max(0.0, y0 - b) + max(0.0, c - x1) + max(0.0, d - y1))
        tx, ty = min(places, key=lambda p: (cost(p) > 0, cost(p)))        # the first free place, else the least bad
        box = (tx - w / 2, ty - h / 2, tx + w / 2, ty + h / 2)
        taken.append(box)
        colour = PALETTE[cmp.kind]
        ax.plot([cx, tx], [cy, ty], color=PALETTE["ink"], lw=0.8, zorder=5.5)
        _rects(ax, [(box[0], box[1], w, h)], fc=colour, ec=PALETTE["ink"], lw=0.8, zorder=6)
        mark_place(ax, ("campaign tag", cmp.number), box)
        board_text(ax, tx, ty, label, ha="center", va="center", fontsize=8, color=text_on(colour), fontweight="bold",
                   zorder=7, gid=f"campaign {cmp.number}")


def _campaign_label(number: int, room: float, bare: bool = False) -> tuple:
    """A campaign tile's number and its weight, the first of "#10" bold, "10" bold, "10" that fits in ``room``
    inches (the tile's length along its label), so that it stays on its tile; ``bare``: never with its "#"."""
    tries = ([] if bare else [(f"#{number}", "bold")]) + [(str(number), "bold"), (str(number), "normal")]
    return next(((t, w) for t, w in tries if text_inches(t, 8, w == "bold") <= room - 0.02), tries[-1])


def shade_squares(ax, fmap, squares, colour, alpha=0.45, zorder=1.5):
    over = np.zeros((fmap.height, fmap.width, 4))
    rgb = to_rgb(colour)
    for r, c in squares:
        over[r, c] = (*rgb, alpha)
    ax.imshow(over, extent=(-0.5, fmap.width - 0.5, fmap.height - 0.5, -0.5), interpolation="nearest", zorder=zorder)


def outline_houses(ax, fmap, numbers, colour, lw=2.5):
    boxes = []
    for n in numbers:
        r0, c0, r1, c1 = _bbox(fmap.houses[n].all_squares)
        boxes.append((c0 - 0.5, r0 - 0.5, c1 - c0 + 1, r1 - r0 + 1))
    _rects(ax, boxes, fc="none", ec=colour, lw=lw, zorder=3.5)


def demand_dots(ax, fmap: FcmMap, demand: dict | None = None):
    """A layer on a drawn map: each house's demand tokens as a row of dots along its bottom edge, coloured by
    good (FCM-6.6); returns the dots (a line of markers for each good), or None when no house has demand.
    ``demand`` ({house: goods}) draws other tokens than the map's own (the demand at an earlier moment)."""
    dots = {}
    for n, goods in sorted((fmap.demand if demand is None else demand).items()):
        r0, c0, r1, _ = _bbox(fmap.houses[n].squares)
        for i, g in enumerate(goods):
            xs, ys = dots.setdefault(g, ([], []))
            xs.append(c0 - 0.3 + 0.4 * i)
            ys.append(r1 + 0.3)
    return [markers(ax, xs, ys, s=28, fc=PALETTE[g], ec=PALETTE["ink"], lw=0.6, zorder=6)
            for g, (xs, ys) in dots.items()] or None


def draw_demand(fmap: FcmMap, ax=None, title: str | None = None):
    """The map with each house's demand tokens as coloured dots (one per token, by good) and their key beside
    it (FCM-6.6), which also names the campaigns' badges of rounds left where there are campaigns."""
    if ax is None:                   # room on the right for the key; the whole within a screen's width
        ax = map_axes(None, fmap, scale=min(0.36, (8.3 - LABEL_ROOM[0]) / fmap.width))
        w, h = ax.figure.get_size_inches()
        ax.figure.set_size_inches(w + 1.1, h)
        ax.set_position((0.01 * w / (w + 1.1), 0.01, 0.98 * w / (w + 1.1), 1 - 0.5 / h - 0.01))
    ax = draw_map(fmap, ax, title or "Demand on the houses")
    demand_dots(ax, fmap)
    badge = [badge_entry("\n")] if fmap.campaigns else []
    ax.legend(handles=[Patch(fc=PALETTE[g], ec=PALETTE["ink"], label=g) for g in ("burger", "pizza", "beer", "lemonade", "soda")]
              + badge, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False,
              handler_map=BADGE_HANDLER)
    return ax


def campaign_area(fmap: FcmMap, number: int) -> list:
    """The squares a campaign covers, for shading: a billboard's neighbours, a mailbox's block, an
    airplane's lines, a radio's 3x3 tiles (FCM-6.2 to FCM-6.5)."""
    c = fmap.campaigns[number]
    if c.kind == "billboard":
        return sorted({(r + dr, cc + dc) for r, cc in c.squares for dr, dc in _roads.STEPS
                       if fmap.on_map((r + dr, cc + dc))} - set(c.squares))
    if c.kind == "mailbox":
        blocks = _reach.mailbox_blocks(fmap)
        mine = {blocks[s] for s in c.squares}
        return [s for s, b in blocks.items() if b in mine]
    if c.kind == "airplane":
        axis = 0 if c.side in ("w", "e") else 1
        return [(r, cc) for r in range(fmap.height) for cc in range(fmap.width) if (r, cc)[axis] in c.lines]
    tiles = set(_reach.radio_tiles(fmap, c.squares))
    return [(r, cc) for r in range(fmap.height) for cc in range(fmap.width) if fmap.tile_of((r, cc)) in tiles]


def _key_below(ax, handles, **style):
    """A legend of ``handles`` under ``ax`` (centred, its top at the axes' bottom edge), in three columns where
    they fit in the axes' width, else in one; where no layout engine places ``ax``, its bottom edge is raised (if
    need be) so that the key lies inside the figure, as a figure saved as it is (not cropped) shows it."""
    fig = ax.figure
    pad = 0.2                           # the key's gap below the axes, in font sizes
    x, y, w, h = ax.get_position(original=True).bounds
    fig_w, fig_h = fig.bbox.width / fig.dpi, fig.bbox.height / fig.dpi
    across = w * fig_w                  # inches across the axes' place (an engine's: its grid cell's share)
    spec = ax.get_subplotspec()
    if fig.get_layout_engine() is not None and spec is not None:
        across = fig_w * len(spec.colspan) / spec.get_gridspec().ncols
    for ncols in (3, 1):
        key = ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, 0.0), ncols=ncols, fontsize=8,
                        frameon=False, handletextpad=0.5, columnspacing=1.5, borderaxespad=pad,
                        handler_map=BADGE_HANDLER, **style)
        if key.get_window_extent().width / fig.dpi <= across:     # clear of the figure's edges and of panels beside
            break
    if fig.get_layout_engine() is None:     # (an engine, as "constrained", makes room for the key itself)
        room = (key.get_window_extent().height / fig.dpi + pad * 8 / 72 + 0.03) / fig_h
        if y < room:
            ax.set_position((x, room, w, h - (room - y)))
    return key


def draw_reach(fmap: FcmMap, number: int, ax=None):
    """A campaign's area shaded and the houses it reaches outlined (FCM-6.2 to FCM-6.5), with a key under the
    map for the area, the outline and the campaigns' badges of rounds left (FCM-6.7), inside the figure (room
    is made for it in the caller's figure too, unless a layout engine places the axes)."""
    c = fmap.campaigns[number]
    houses = _reach.campaign_reach(fmap, number)
    if ax is None:                  # room under the map for the key
        ax = map_axes(None, fmap)
        w, h = ax.figure.get_size_inches()
        ax.figure.set_size_inches(w, h + 0.35)
        ax.set_position((0.01, 0.36 / (h + 0.35), 0.98, (h - 0.5) / (h + 0.35)))
    else:                           # a lone plain subplot fills its figure, as draw_map places it
        ax = map_axes(ax, fmap)
    _key_below(ax, [Patch(fc=PALETTE[c.kind], alpha=0.35, label=f"{c.kind} {number}'s area"),
                    Patch(fc="none", ec=PALETTE["reach"], lw=2.5, label="houses it reaches"), badge_entry()])
    reached = f"houses {', '.join(map(str, houses))}" if len(houses) > 1 else f"house {houses[0]}" if houses else "no house"
    ax = draw_map(fmap, ax, f"{c.kind} {number} reaches {reached}")
    shade_squares(ax, fmap, campaign_area(fmap, number), PALETTE[c.kind], alpha=0.35)
    outline_houses(ax, fmap, houses, PALETTE["reach"])
    return ax


def draw_range(fmap: FcmMap, restaurant, rng: int, ax=None):
    """Road squares within road range ``rng`` of a restaurant's entrances shaded, houses in range outlined
    (FCM-3.4, FCM-3.5, FCM-3.7)."""
    r = fmap.restaurants[restaurant] if isinstance(restaurant, str) else restaurant
    houses = _roads.houses_in_range(fmap, r, rng)
    ax = draw_map(fmap, ax, f"Road range {rng} from restaurant {r.rid}: houses {', '.join(map(str, houses)) or 'none'}")
    shade_squares(ax, fmap, _roads.squares_in_range(fmap, r, rng), PALETTE["range"], alpha=0.55, zorder=1.6)
    outline_houses(ax, fmap, houses, PALETTE["reach"])
    return ax


def draw_distances(fmap: FcmMap, restaurant, ax=None, numbers: bool = True):
    """Every road square coloured and numbered by its distance (tile borders crossed) from the restaurant's
    entrances (FCM-4.3); squares not joined to it stay grey. One colour scale (0 to ``DISTANCE_MAX``) serves
    every map, so a colour means the same distance in panels side by side."""
    from matplotlib import colormaps
    r = fmap.restaurants[restaurant] if isinstance(restaurant, str) else restaurant
    dist = _roads.road_distances(fmap, r)
    ax = draw_map(fmap, ax, f"Distance from restaurant {r.rid} (tile borders crossed)")
    cmap = colormaps["viridis"]
    over = np.zeros((fmap.height, fmap.width, 4))
    for (rr, cc), d in dist.items():
        over[rr, cc] = cmap(min(d, DISTANCE_MAX) / DISTANCE_MAX)
        if numbers:
            ax.text(cc, rr, str(d), ha="center", va="center", fontsize=8, color=text_on(over[rr, cc][:3]),
                    zorder=3)
    ax.imshow(over, extent=(-0.5, fmap.width - 0.5, fmap.height - 0.5, -0.5), interpolation="nearest", zorder=1.6)
    return ax


def draw_route(fmap: FcmMap, restaurant, route, rng: int | None = None, ax=None):
    """A buyer's route as a line from the entrance, with the drink sources it collects circled (FCM-3.5)."""
    r = fmap.restaurants[restaurant] if isinstance(restaurant, str) else restaurant
    cost = _roads.route_cost(fmap, r, route)
    got = _roads.route_sources(fmap, r, route, cost if rng is None else rng)
    ax = draw_map(fmap, ax, f"Route of range {cost}: {', '.join(d for _, d in got) or 'no drinks'}")
    first = tuple(route[0])
    start = min(_roads.entrances(fmap, r), key=lambda e: abs(e[0] - first[0]) + abs(e[1] - first[1]))
    pts = [start] + [tuple(s) for s in route]
    ax.plot([p[1] for p in pts], [p[0] for p in pts], color=PALETTE["route"], lw=2.5, zorder=6)
    ax.plot([pts[-1][1]], [pts[-1][0]], marker="o", color=PALETTE["route"], zorder=6)
    for (sr, sc), _ in got:
        ax.add_patch(Rectangle((sc - 0.5, sr - 0.5), 1, 1, fill=False, ec=PALETTE["route"], lw=2, zorder=6))
    return ax


def draw_zeppelin(fmap: FcmMap, restaurant, rng: int = 4, ax=None):
    """Tiles within air range shaded and the flight passing the most drink sources drawn (FCM-3.5)."""
    r = fmap.restaurants[restaurant] if isinstance(restaurant, str) else restaurant
    tiles = set(_roads.zeppelin_tiles(fmap, r, rng))
    path, got = _roads.best_zeppelin_route(fmap, r, rng)
    ax = draw_map(fmap, ax, f"Zeppelin range {rng}: best flight takes {len(got)} sources")
    shade_squares(ax, fmap, [(a, b) for a in range(fmap.height) for b in range(fmap.width) if fmap.tile_of((a, b)) in tiles],
           PALETTE["airplane"], alpha=0.25)
    ax.plot([tc * TILE + 2 for _, tc in path], [tr * TILE + 2 for tr, _ in path], color=PALETTE["route"], lw=2.5,
            marker="o", zorder=6)
    return ax


def draw_state(game, viewer=None, ax=None):
    """The map of a game (``game.map``) or a map itself; everything on the map is public, so ``viewer``
    changes nothing."""
    fmap = game if isinstance(game, FcmMap) else game.map
    return draw_map(fmap, ax)


def map_png(fmap: FcmMap, dpi: int = 100) -> bytes:
    """The map as PNG bytes (the figure is not kept)."""
    ax = draw_map(fmap)
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png", dpi=dpi, bbox_inches="tight", facecolor="white")
    return buf.getvalue()


def state_png(game, viewer=None) -> bytes:
    fmap = game if isinstance(game, FcmMap) else game.map
    return map_png(fmap)
