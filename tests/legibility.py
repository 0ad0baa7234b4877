"""The legibility contract (issue 13), as a checker over a drawn figure: what a class at the back of the room
could not read. ``problems(fig, kind)`` lists every breach; the tests plant each kind of defect to see it found.
"""
from __future__ import annotations

from contextlib import contextmanager
from unittest import mock

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text

from toolkit.drawing import FRAME_DPI, MIN_TEXT_PT, SHOWN_WIDTH

OVERLAP_PX = 1.5          # texts may touch, not overlap by more than this (pixels at FRAME_DPI)
EDGE_PX = 1.0             # and may reach this far past an edge (anti-aliasing)


def shown_scale(fig) -> float:
    """How much the figure is scaled when shown: 1 at its natural size, less if it is wider than the screen."""
    width = fig.get_size_inches()[0] * FRAME_DPI
    return min(1.0, SHOWN_WIDTH / width)


@contextmanager
def _drawn_texts():
    """Record every Text that is really drawn (visible, with its parents, and not empty)."""
    drawn = []
    original = Text.draw

    def draw(self, renderer):
        if self.get_visible() and self.get_text().strip():
            drawn.append(self)
        return original(self, renderer)

    with mock.patch.object(Text, "draw", draw):
        yield drawn


def draw(fig):
    """Draw the figure at FRAME_DPI and return the texts drawn and the renderer."""
    fig.set_dpi(FRAME_DPI)
    FigureCanvasAgg(fig)
    with _drawn_texts() as texts:
        fig.canvas.draw()
    return texts, fig.canvas.get_renderer()


def _inside(bb, box, tol=EDGE_PX) -> bool:
    return bb.x0 >= box.x0 - tol and bb.y0 >= box.y0 - tol and bb.x1 <= box.x1 + tol and bb.y1 <= box.y1 + tol


def _name(t) -> str:
    return repr(t.get_text()[:40])


def problems(fig, kind: str = "board") -> list[str]:
    """Every breach of the contract in ``fig``; ``kind`` "board" (a picture of things) or "chart" (data axes)."""
    texts, renderer = draw(fig)
    scale = shown_scale(fig)
    out = []
    boxes = []
    for t in texts:
        size = t.get_fontsize() * scale
        if size < MIN_TEXT_PT - 1e-6:
            out.append(f"{_name(t)} is {size:.1f} pt as shown (at least {MIN_TEXT_PT})")
        if "$" in t.get_text() and t._preprocess_math(t.get_text())[1]:
            out.append(f"{_name(t)} is typeset as mathematics, not shown with its dollar signs")
        bb = t.get_window_extent(renderer)
        if not _inside(bb, fig.bbox):
            out.append(f"{_name(t)} is cut by the figure's edge")
        ax = t.axes
        if ax is not None and ax.axison and t in ax.texts and not _inside(bb, ax.bbox):
            out.append(f"{_name(t)} leaves its axes' box")
        boxes.append((t, bb))
    for i, (a, ba) in enumerate(boxes):
        for b, bb in boxes[i + 1:]:
            w = min(ba.x1, bb.x1) - max(ba.x0, bb.x0)
            h = min(ba.y1, bb.y1) - max(ba.y0, bb.y0)
            if w > OVERLAP_PX and h > OVERLAP_PX:
                out.append(f"{_name(a)} and {_name(b)} overlap")
    for ax in fig.axes:
        board = kind == "board" or ax.get_gid() == "board"
        if board and ax.axison:
            out.append(f"a board or card keeps its axes (ticks and spines): {ax.get_title()[:40]!r}")
    return out


def key_texts(ax, name: str = "key") -> list:
    """The texts of a drawing's key (those whose anchor lies in the place ``name`` it marked), full frames only."""
    from toolkit.drawing import drawn_places
    x0, y0, x1, y1 = drawn_places(ax)[name]
    e = 1e-6 * max(1.0, abs(x1 - x0), abs(y1 - y0))           # (the place is rounded to 9 decimals)
    return [t for t in ax.texts if x0 - e <= t.get_position()[0] <= x1 + e and y0 - e <= t.get_position()[1] <= y1 + e]


def key_problems(ax, apart=(), name: str = "key", least_pt: float = MIN_TEXT_PT) -> list[str]:
    """What keeps a drawing's key from being read: a key text under ``least_pt`` points, a key text overlapping
    any other text, and the key's place overlapping one of the data boxes ``apart`` (x0, y0, x1, y1) (the board,
    the panels), or leaving the figure."""
    from matplotlib.transforms import Bbox

    from toolkit.drawing import drawn_places
    texts, renderer = draw(ax.figure)
    mine = set(map(id, key_texts(ax, name)))
    out = [f"{_name(t)} is {t.get_fontsize()} pt (at least {least_pt})" for t in texts
           if id(t) in mine and t.get_fontsize() < least_pt]
    boxes = [(t, t.get_window_extent(renderer)) for t in texts]
    for a, ba in boxes:
        if id(a) not in mine:
            continue
        if not _inside(ba, ax.figure.bbox):
            out.append(f"{_name(a)} is cut by the figure's edge")
        for b, bb in boxes:
            if id(b) not in mine and ba.overlaps(bb):
                out.append(f"the key's {_name(a)} overlaps {_name(b)}")
    def pixels(box):          # (limits may run either way)
        (a, b), (c, d) = ax.transData.transform([box[:2], box[2:]])
        return Bbox.from_extents(min(a, c), min(b, d), max(a, c), max(b, d))
    key = pixels(drawn_places(ax)[name])
    if not _inside(key, ax.figure.bbox):
        out.append("the key leaves the figure")
    for box in apart:
        if key.overlaps(pixels(box)):
            out.append(f"the key overlaps the box {tuple(round(v, 2) for v in box)}")
    return out


def labels_leaving_places(ax, kinds=("house", "restaurant", "campaign")) -> list[str]:
    """Every map label that leaves the place it names: a text whose gid is "<kind> <id>" (a house's number, a
    restaurant's "P2", a campaign's "#10") against the box marked for ``(kind, id)`` (a campaign's tag, where its
    tile is too small for its number and it is written beside it), in pixels as drawn."""
    from matplotlib.transforms import Bbox

    from toolkit.drawing import drawn_places
    texts, renderer = draw(ax.figure)
    places = drawn_places(ax)
    out = []
    for t in texts:
        kind, _, name = (t.get_gid() or "").partition(" ")
        if kind not in kinds:
            continue
        key = (kind, name if kind == "restaurant" else int(name))
        box = places.get(("campaign tag", key[1])) if kind == "campaign" else None
        x0, y0, x1, y1 = box or places[key]
        (a, b), (c, d) = ax.transData.transform([(x0, y0), (x1, y1)])
        if not _inside(t.get_window_extent(renderer), Bbox.from_extents(min(a, c), min(b, d), max(a, c), max(b, d)),
                       tol=0.5):
            out.append(f"{_name(t)} ({t.get_gid()}) leaves its place")
    return out
