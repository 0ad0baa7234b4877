"""The rounds-left badges of a Food Chain Magnate map's campaigns (FCM-6.7): a dark disc with a white count on
a corner of the campaign's tile, placed clear of the texts already drawn; and their entry in a legend."""
from __future__ import annotations

import numpy as np
from matplotlib.legend_handler import HandlerBase
from matplotlib.lines import Line2D
from matplotlib.text import Text

from ....drawing import board_text, markers, text_inches
from .board import FcmMap
from .colours_drawing import PALETTE

ETERNAL = "\u221e"                    # an eternal campaign's rounds left: it never ends (FCM-6.n1)
BADGE_PT = 10.5                       # a rounds-left badge's width, in points: room for one 8-point digit
BADGE_SAMPLE = "3"                    # the rounds left a key's or a legend's badge shows, as an example


def rounds_label(c) -> str:
    """What a campaign's badge says: the rounds it still runs (the engine's ``Campaign.rounds_left``, FCM-6.7),
    or "∞" for an eternal one."""
    left = c.rounds_left
    return ETERNAL if left is None else str(left)


def text_box(t, unit: float) -> tuple:
    """The box (x0, y0, x1, y1) a centred board text takes, in squares of ``unit`` inches (its advance, and 1.2
    times its size for its height)."""
    x, y = t.get_position()
    hw = text_inches(t.get_text(), t.get_fontsize(), t.get_fontweight() == "bold") / unit / 2
    hh = t.get_fontsize() * 1.2 / 72 / unit / 2
    if t.get_rotation() == 90:
        hw, hh = hh, hw
    return x - hw, y - hh, x + hw, y + hh


def _badge_places(c, box, r: float) -> list:
    """Where a campaign's rounds-left badge (of radius ``r`` squares) may sit, best first: on its tile's lower
    right corner, then its other corners, then the same a little further out (clear of the number of a tile one
    square wide); an airplane's on an end of its banner (its lane's middle), then just beyond it: beside the map,
    clear of its row and column numbers and of the airplanes in other lanes."""
    x, y, bw, bh = box
    if c.kind == "airplane":
        if c.side in "ns":
            return [(x + bw + out, y + bh / 2) for out in (0.0, r)] + [(x - out, y + bh / 2) for out in (0.0, r)]
        return [(x + bw / 2, y + bh + out) for out in (0.0, r)] + [(x + bw / 2, y - out) for out in (0.0, r)]
    x0, y0, x1, y1 = x - 0.05, y - 0.05, x + bw + 0.05, y + bh + 0.05       # its squares' edges
    corners = ((x1, y1, 1, 1), (x1, y0, 1, -1), (x0, y1, -1, 1), (x0, y0, -1, -1))
    return [(cx + sx * out, cy + sy * out) for out in (0.0, r / 2) for cx, cy, sx, sy in corners]


def rounds_badges(ax, fmap: FcmMap, boxes, square_in: float, room: tuple, frame: tuple) -> None:
    """A layer on a drawn map: each campaign's rounds left (``rounds_label``), white on a small dark disc (apart
    from the restaurants' white doors and the coloured demand dots) on a corner of its tile (``boxes``: the tiles'
    drawn boxes, in number order), the first corner where it covers no text already drawn nor leaves ``room``
    (x0, y0, x1, y1: the map's squares and the room beyond them free of row and column numbers; an airplane's:
    ``frame``, the drawing's limits). The counts are
    read from the engine's state: the drawing decides nothing."""
    cmps = sorted(fmap.campaigns.values(), key=lambda c: c.number)
    if not cmps:
        return
    r = BADGE_PT / 72 / 2 / square_in                  # the disc's radius, in squares
    taken = np.array([text_box(t, square_in) for t in ax.texts if t.get_transform() is ax.transData]
                     + [(np.inf, np.inf, -np.inf, -np.inf)])        # (no text: overlaps nothing)
    at = []
    for c, box in zip(cmps, boxes):
        places = np.array(_badge_places(c, box, r))
        discs = np.hstack([places - r, places + r])[:, None, :]     # place x text
        cover = (np.clip(np.minimum(discs[..., 2], taken[:, 2]) - np.maximum(discs[..., 0], taken[:, 0]), 0, None)
                 * np.clip(np.minimum(discs[..., 3], taken[:, 3]) - np.maximum(discs[..., 1], taken[:, 1]), 0, None))
        x0, y0, x1, y1 = frame if c.kind == "airplane" else room
        d = discs[:, 0, :]
        out = (np.clip(x0 - d[:, 0], 0, None) + np.clip(y0 - d[:, 1], 0, None) + np.clip(d[:, 2] - x1, 0, None)
               + np.clip(d[:, 3] - y1, 0, None))
        cost = cover.sum(axis=1) + 10 * out
        free = np.flatnonzero(cost == 0.0)
        x, y = places[free[0] if len(free) else int(np.argmin(cost))]   # the first free place, else the least bad
        at.append((x, y))
        taken = np.vstack([taken, (x - r, y - r, x + r, y + r)])
    markers(ax, [x for x, _ in at], [y for _, y in at], s=BADGE_PT ** 2, fc=PALETTE["ink"], ec="white", lw=0.8,
            zorder=6).set_gid("rounds left")
    for c, (x, y) in zip(cmps, at):
        board_text(ax, x, y, rounds_label(c), ha="center", va="center", fontsize=8, fontweight="bold",
                   color="white", zorder=7, gid=f"rounds left #{c.number}")


class _Badge(Line2D):
    """A legend's entry for the campaigns' badges of rounds left, drawn by ``_BadgeHandler``."""


class _BadgeHandler(HandlerBase):
    """Draws a legend's badge as the map and the frame's key do: a dark disc with a white digit on it."""

    def create_artists(self, legend, orig_handle, xdescent, ydescent, width, height, fontsize, trans):
        x, y = width / 2 - xdescent, (height - ydescent) / 2       # the handle's middle (as Line2D's handler)
        disc = Line2D([x], [y], ls="none", marker="o", ms=BADGE_PT, mfc=PALETTE["ink"], mec="white", mew=0.8,
                      transform=trans)
        digit = Text(x, y, BADGE_SAMPLE, ha="center", va="center", fontsize=8, fontweight="bold", color="white",
                     transform=trans)
        return [disc, digit]


#: What a legend holding ``badge_entry`` is given, so that its badge shows a digit.
BADGE_HANDLER = {_Badge: _BadgeHandler()}


def badge_entry(sep=" "):
    """A legend's entry for the campaigns' badges of rounds left (as ``map_key`` names them); the legend needs
    ``handler_map=BADGE_HANDLER`` to show the digit on it."""
    return _Badge([], [], label=f"rounds left{sep}({ETERNAL}: for ever)")
