"""Shared drawing helpers: the player palette, the frame size, pictures for notebooks and files, and the score
timeline.

Every public drawing function takes ``ax=None``, draws, and returns the Axes; nothing here calls
``plt.show()`` and nothing here decides a rule.

Sizes are designed for a projector. A frame is drawn at ``FRAME_SIZE`` inches and shown at ``FRAME_DPI`` pixels
per inch (912 x 500 px: it fits a 1024 x 768 screen beside the controls), so a point on the figure is a point on
the screen and no text is smaller than ``MIN_TEXT_PT``. Figures wider than ``SHOWN_WIDTH`` pixels are shown
scaled down (a notebook column, a projector), and their text must be larger by as much; the legibility test
(``tests/test_legibility.py``) checks every drawing of every game against this.

Every game's drawing module lists its drawings in ``DRAWINGS`` (a tuple of ``Drawing``), so the legibility and
colour tests and the gallery find a new drawing by themselves, and says in ``DISTINCT_COLOURS`` which groups of
colours it tells things apart by alone.
"""
from __future__ import annotations

import re

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Protocol

import numpy as np
from matplotlib.artist import Artist
from matplotlib.colors import to_rgb

#: Pixels per inch at which frames are shown (CSS pixels: a point on the figure is a point on the screen).
FRAME_DPI = 96
#: The size in inches of a state's frame (``draw_state``): 912 x 500 px at ``FRAME_DPI``.
FRAME_SIZE = (9.5, 5.2)
#: The most a stepper's frame (``draw_state(..., layout="tall")``) may take, in inches: 576 x 634 px at
#: ``FRAME_DPI``. A classroom page shows it scaled to the height it has: 614 px wide (60% of a 1024 x 768 window)
#: at 675 px high, where 8 pt text is 8/72 x 614/6.0 = 11.4 CSS px. Keep it near square (width/height 0.85 to
#: 1.0) and its smallest text at least ``TALL_MIN_PT``.
TALL_FRAME_SIZE = (6.0, 6.6)
#: The smallest text in a tall frame, in points: 11 CSS px when the frame is shown 614 px wide.
TALL_MIN_PT = 8
#: The two arrangements of a state's frame a game's ``draw_state`` offers (``layout=``).
LAYOUTS = ("wide", "tall")
#: Inches a tall frame keeps above its Axes for a title of two lines.
TALL_TITLE = 0.55
#: The widest a figure is shown, in pixels; a wider figure is shown scaled down to this width.
SHOWN_WIDTH = 960
#: The smallest text, in points at the size shown.
MIN_TEXT_PT = 8
#: Notebook pictures are drawn with this many pixels per shown pixel (sharp on a 2x screen).
PIXEL_RATIO = 2

#: Okabe and Ito's colour-blind-safe set, by name.
OKABE_ITO = {"orange": "#E69F00", "sky blue": "#56B4E9", "bluish green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "reddish purple": "#CC79A7", "black": "#000000"}
#: Seats 1..5: Okabe-Ito colours that stay apart under red-green colour blindness; every piece also carries
#: its seat number, so colour is never the only sign of whose it is.
PLAYER_COLOURS = (OKABE_ITO["vermillion"], OKABE_ITO["blue"], OKABE_ITO["bluish green"], OKABE_ITO["orange"],
                  OKABE_ITO["reddish purple"])
INK = "#222222"
FAINT = "#767676"          # grey writing still readable on white (contrast 4.5:1)
PALE = "#bbbbbb"           # grey lines and outlines (no writing)


def player_colour(seat: int) -> str:
    return PLAYER_COLOURS[(seat - 1) % len(PLAYER_COLOURS)]


def _luminance(colour) -> float:
    """WCAG relative luminance of a colour."""
    def lin(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(c) for c in to_rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(colour) -> str:
    """White or ink, whichever reads better on ``colour`` (the higher WCAG contrast).

    >>> text_on("#F0E442"), text_on("#0072B2")
    ('#222222', 'white')
    """
    bg = _luminance(colour)
    white = 1.05 / (bg + 0.05)
    ink = (bg + 0.05) / (_luminance(INK) + 0.05)
    return "white" if white >= ink else INK


class GameDrawing(Protocol):
    """What a game's drawing module (``Game.drawing_module``) offers the stepper, the futures and the gallery.

    ``draw_state(game, viewer=None, ax=None, fast=False, layout="wide")`` draws a state as ``viewer`` (a seat, or
    None: the class view) sees it, from what the rules give that viewer (``game.view(viewer)``, the events it may
    see): a drawing never decides itself what a seat sees. ``fast`` may keep the unchanging parts of a picture
    from one frame to the next; ``layout`` is one of ``LAYOUTS``. A module may also offer ``click_targets(game,
    decision, ax=None)`` and ``click_groups(game, decision, ax=None)``: where on the picture each option lies.
    """

    def draw_state(self, game, viewer=None, ax=None, fast: bool = False, layout: str = "wide"): ...


@dataclass(frozen=True)
class Drawing:
    """One public drawing of a game, as the tests and the gallery call it.

    ``draw(game, viewer)`` draws it in a new figure at the size it is meant to be shown and returns the Axes;
    ``kind`` is ``"board"`` for pictures of things (boards, cards: no ticks, no spines) or ``"chart"`` for data
    axes; ``views`` says whether it differs between the class view and the players' views.
    """
    name: str
    draw: Callable
    kind: str = "board"
    views: bool = True


def new_axes(ax=None, size=FRAME_SIZE, dpi=FRAME_DPI, margins=None):
    """``ax`` itself, or the Axes of a new figure that is not registered with pyplot (no leaks). An Axes alone in
    its figure and still where a plain subplot goes is placed by ``margins``: a number for all four sides, or
    (left, bottom, right, top) as figure fractions (so a stepper that clears its figure and adds a plain subplot
    gets the same frame, and a drawing inside another keeps the outer one's place)."""
    if ax is None:
        from matplotlib.figure import Figure
        ax = Figure(figsize=size, dpi=dpi).add_subplot()
    sp = ax.figure.subplotpars
    plain = all(abs(a - b) < 1e-9 for a, b in zip(ax.get_position().bounds,
                                                  (sp.left, sp.bottom, sp.right - sp.left, sp.top - sp.bottom)))
    if margins is not None and plain and len(ax.figure.axes) == 1:
        m = margins
        left, bottom, right, top = (m, m, 1 - m, 1 - m) if isinstance(m, (int, float)) else m
        ax.set_position((left, bottom, right - left, top - bottom))
    return ax


def check_layout(layout: str) -> str:
    """``layout`` itself if it is one of ``LAYOUTS``; a ValueError naming them otherwise."""
    if layout not in LAYOUTS:
        raise ValueError(f"layout must be one of {LAYOUTS}, not {layout!r}")
    return layout


def tall_axes(ax=None, size=TALL_FRAME_SIZE):
    """``ax``, or the Axes of a new tall frame (``size`` inches, ``TALL_TITLE`` kept above for the title)."""
    return new_axes(ax, size=size, margins=(0.005, 0.005, 0.995, 1 - TALL_TITLE / size[1]))


def fill_limits(ax, x0, x1, y0, y1):
    """Data limits that show the box ``x0..x1`` x ``y0..y1`` at equal scales as large as ``ax``'s place allows and
    fill that place: the box centred across and at the top. A tall frame lays its players' panel across the
    whole width this gives, so the board above is as large as the height allows."""
    fw, fh = ax.figure.get_size_inches()
    place = ax.get_position(original=True)
    w, h = place.width * fw, place.height * fh
    s = min(w / (x1 - x0), h / (y1 - y0))
    middle = (x0 + x1) / 2
    return (middle - w / s / 2, middle + w / s / 2), (y1 - h / s, y1)


def wrapped(text: str, ax, fontsize: float = 11) -> str:
    """``text`` broken into lines that fit ``ax``'s figure's width at ``fontsize`` (a tall frame's title), as
    even as that many lines can be (no word left alone on the last).

    >>> from matplotlib.figure import Figure
    >>> ax = Figure(figsize=(5.4, 1)).add_subplot()
    >>> wrapped("The McDonald's Game (class view): Player 4 wins after 36 turns", ax)
    "The McDonald's Game (class view):\\nPlayer 4 wins after 36 turns"

    A player's name is one word here: a line never ends in "Player" with its number on the next.

    >>> wrapped("Hamburgerspelet (class view): Player 2 wins after 34 turns", Figure(figsize=(2.4, 1)).add_subplot())
    'Hamburgerspelet (class\\nview): Player 2 wins\\nafter 34 turns'
    """
    import textwrap
    text = _PLAYER_NAME.sub("Player\u00a0", text)      # textwrap breaks at ASCII white space only
    chars = int(ax.figure.get_figwidth() * 72 / (0.6 * fontsize))     # (DejaVu Sans: about 0.55 em a letter)
    lines = textwrap.wrap(text, chars)
    even = -(-len(text) // len(lines)) if lines else chars
    fits = (textwrap.wrap(text, n) for n in range(even, chars + 1))
    return "\n".join(next(w for w in fits if len(w) <= len(lines))).replace("\u00a0", " ")


_PLAYER_NAME = re.compile(r"\bPlayer (?=\d)")


def mark_place(ax, key, box) -> None:
    """Record that the place ``key`` (e.g. ``("spot", 4)``) is drawn inside ``box`` = (x0, y0, x1, y1), in ``ax``'s
    data coordinates. A drawing marks its places as it draws them, so a game's ``click_targets`` reads where each
    option lies from the picture itself and never lays the picture out a second time."""
    ax.__dict__.setdefault("_board_places", {})[key] = tuple(float(v) for v in box)


def drawn_places(ax) -> dict:
    """Every place marked on ``ax`` by ``mark_place``: key -> (x0, y0, x1, y1) in data coordinates."""
    return getattr(ax, "_board_places", {})


def place_boxes(ax, draw, keys) -> list:
    """(value, box) for each (value, place key) in ``keys`` whose place is drawn on ``ax`` (``draw()`` makes the
    picture when ``ax`` is None): the common end of every game's ``click_targets``."""
    if ax is None:
        ax = draw()
    places = drawn_places(ax)
    return [(value, places[key]) for value, key in keys if key in places]


_LAYERS: dict = {}      # (key, id(owner), width, height, dpi) -> (owner, RGBA pixels of an unchanging layer)


_OVER: dict = {}       # (id of a layer's pixels, background colour) -> (the pixels, the layer on that colour)


def _over(pixels, colour):
    """A layer's RGBA pixels laid on an opaque colour (kept per layer picture and colour): opaque pixels that a
    renderer can copy in, a small fraction of blending them in (a layer is drawn first, over the figure alone)."""
    key = (id(pixels), tuple(colour))
    kept = _OVER.get(key)
    if kept is not None and kept[0] is pixels:
        return kept[1]
    alpha = pixels[..., 3:4].astype(np.uint16)
    if alpha.min() == 255:
        out = pixels
    else:
        below = np.round(np.asarray(colour[:3]) * 255).astype(np.uint16)
        out = np.empty_like(pixels)
        out[..., :3] = (pixels[..., :3] * alpha + below * (255 - alpha) + 127) // 255
        out[..., 3] = 255
    if len(_OVER) >= 16:
        _OVER.pop(next(iter(_OVER)))
    _OVER[key] = (pixels, out)
    return out


class _StaticLayer(Artist):
    """A picture of ``draw(layer)`` over the data box ``xlim`` x ``ylim`` of ``ax``, rendered once at the exact
    pixels that box covers on the canvas and then drawn with one blit (no resampling, no artists)."""

    zorder = 0

    def __init__(self, ax, key, owner, draw, xlim, ylim):
        super().__init__()
        self.on, self.key, self.owner, self.draw_layer, self.xlim, self.ylim = ax, key, owner, draw, xlim, ylim

    def draw(self, renderer):
        (x0, y0), (x1, y1) = self.on.transData.transform([(self.xlim[0], self.ylim[0]),
                                                         (self.xlim[1], self.ylim[1])])
        left, bottom = round(min(x0, x1)), round(min(y0, y1))         # (limits may run either way)
        w, h = round(max(x0, x1)) - left, round(max(y0, y1)) - bottom
        if w <= 0 or h <= 0:
            return
        pixels = self._pixels(w, h, renderer.dpi)
        background = self.on.figure.patch.get_facecolor()
        put = getattr(renderer, "put_pixels", None)       # a stepper's renderer (frame_render) can copy pixels in
        if put is not None and background[3] == 1 and self.on.figure.patch.get_visible():
            put(left, bottom, _over(pixels, background))  # drawn first, over the figure's colour alone
            return
        gc = renderer.new_gc()
        renderer.draw_image(gc, left, bottom, pixels[::-1])
        gc.restore()

    def layer_axes(self, dpi: float = FRAME_DPI):
        """A new Axes with the layer's artists drawn in ``ax``'s data coordinates (the layer's size in the frame)."""
        from matplotlib.figure import Figure
        box = self.on.get_window_extent()
        fig = Figure(figsize=(box.width / self.on.figure.dpi, box.height / self.on.figure.dpi), dpi=dpi,
                     facecolor="none")
        layer = fig.add_axes((0, 0, 1, 1))
        self.draw_layer(layer)
        layer.set_xlim(*self.xlim)
        layer.set_ylim(*self.ylim)
        layer.axis("off")
        return layer

    def _pixels(self, width: int, height: int, dpi: float):
        key = (self.key, id(self.owner), width, height, dpi)
        kept = _LAYERS.get(key)
        if kept is not None and kept[0] is self.owner:     # (owner None: the key alone names the picture)
            _LAYERS[key] = _LAYERS.pop(key)     # the last used goes last: a frame's unchanging layers stay kept
            return kept[1]                      # while its changing map images come and go
        if len(_LAYERS) >= 16:       # boards, views and output sizes come and go; keep a few
            _LAYERS.pop(next(iter(_LAYERS)))
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        fig = self.layer_axes(dpi).figure
        fig.set_size_inches(width / dpi, height / dpi)
        FigureCanvasAgg(fig)
        fig.canvas.draw()
        pixels = np.asarray(fig.canvas.buffer_rgba()).copy()
        _LAYERS[key] = (self.owner, pixels)      # the owner is kept, so its id stays its own
        return pixels


def static_layer(ax, key, owner, draw, xlim, ylim) -> None:
    """For a stepper's frames: show what never changes in a game as a picture rendered once per board and output
    size. ``draw(layer)`` draws it in data coordinates over ``xlim`` x ``ylim`` (the whole of what it draws must lie
    there, under everything else: the picture is drawn first); ``owner`` (the board, or None) and ``key`` (hashable:
    the players, the language, anything else it shows) must name everything it depends on. A frame then builds and
    renders only what changes over it. Places a drawing marks (``mark_place``) are marked on ``ax`` as usual."""
    ax.add_artist(_StaticLayer(ax, key, owner, draw, xlim, ylim))


class _ImageLayer(_StaticLayer):
    """A picture of ``imshow(image, extent=extent, interpolation="nearest")`` (row 0 at the extent's top), its
    pixels picked from ``image`` by numpy (each pixel the square under its centre): a small fraction of rendering
    it with matplotlib, so a changed image costs a frame little."""

    def __init__(self, ax, key, image, extent):
        super().__init__(ax, key, None, lambda layer: layer.imshow(image, extent=extent, interpolation="nearest"),
                         extent[:2], extent[2:])
        self.image, self.extent = image, extent

    def _pixels(self, width: int, height: int, dpi: float):
        key = (self.key, None, width, height, dpi)
        kept = _LAYERS.get(key)
        if kept is not None:
            _LAYERS[key] = _LAYERS.pop(key)
            return kept[1]
        if len(_LAYERS) >= 16:
            _LAYERS.pop(next(iter(_LAYERS)))
        left, right, bottom, top = self.extent
        (sx0, sy0), (sx1, sy1) = self.on.transData.transform([(left, bottom), (right, top)])
        x_first, x_last = (left, right) if sx0 <= sx1 else (right, left)          # the data x at the box's left
        y_first, y_last = (top, bottom) if sy1 >= sy0 else (bottom, top)          # the data y at the box's top
        rows, cols = self.image.shape[:2]
        x = x_first + (np.arange(width) + 0.5) / width * (x_last - x_first)       # each pixel's centre
        y = y_first + (np.arange(height) + 0.5) / height * (y_last - y_first)
        c = np.clip(np.floor((x - left) / (right - left) * cols).astype(int), 0, cols - 1)
        r = np.clip(np.floor((y - top) / (bottom - top) * rows).astype(int), 0, rows - 1)
        rgba = np.empty((rows, cols, 4), np.uint8)
        rgba[..., :self.image.shape[2]] = np.round(np.asarray(self.image) * 255)
        if self.image.shape[2] == 3:
            rgba[..., 3] = 255
        pixels = np.ascontiguousarray(rgba[r][:, c])       # (row by row: copied onto a canvas quickly)
        _LAYERS[key] = (None, pixels)
        return pixels


def image_layer(ax, key, image, extent) -> None:
    """For a stepper's frames: ``ax.imshow(image, extent=extent, interpolation="nearest", zorder=0)`` (``image``
    RGB or RGBA floats, row 0 at the top of ``extent`` = (left, right, bottom, top)) as a picture kept while
    ``key`` stays the same, its pixels picked by numpy rather than rendered (a changed image costs a few
    milliseconds). It goes under everything else, like a ``static_layer``."""
    ax.add_artist(_ImageLayer(ax, key, image, extent))


def static_layers(ax) -> list:
    """For each static layer on ``ax``, a new Axes with what it is a picture of, drawn as artists in ``ax``'s data
    coordinates: for tests and tools that look for what is drawn where."""
    return [a.layer_axes() for a in ax.artists if isinstance(a, _StaticLayer)]


def clear_drawing(ax) -> None:
    """Take off ``ax`` everything a drawing put there (its artists, legend, title and marked places), keeping the
    Axes and its place: a stepper's next frame is drawn into it (a fraction of the cost of a new Axes)."""
    for group in (ax.patches, ax.texts, ax.collections, ax.lines, ax.images, ax.artists, ax.tables):
        for artist in list(group):
            artist.remove()
    for child in list(ax.child_axes):
        child.remove()
    if ax.legend_ is not None:
        ax.legend_.remove()
    ax.set_title("")
    ax.__dict__.pop("_board_places", None)


def markers(ax, xs, ys, marker="o", s=36.0, fc=INK, ec=INK, lw=1.0, zorder=2):
    """Markers of one look at the points (``xs``, ``ys``), as ``ax.scatter(xs, ys, s, c=fc, marker=marker,
    edgecolors=ec, linewidths=lw)`` draws them (``s`` in points squared), as one line of markers: a small
    fraction of a scatter's cost to build, which counts in a stepper's frame."""
    return ax.plot(xs, ys, ls="none", marker=marker, ms=s ** 0.5, mfc=fc, mec=ec, mew=lw, zorder=zorder)[0]


def board_text(ax, x, y, s, **kw):
    """``ax.text(x, y, s, **kw)`` (in data coordinates, not clipped, as ``ax.text`` makes it), its clip path shared
    with the Axes' other board texts instead of worked out anew for each: about half a text's cost to build, which
    counts in a stepper's frame of many texts."""
    from matplotlib.text import Text
    from matplotlib.transforms import TransformedPatchPath
    patch, clip = ax.__dict__.get("_board_clip", (None, None))
    if patch is not ax.patch:
        clip = TransformedPatchPath(ax.patch)
        ax.__dict__["_board_clip"] = (ax.patch, clip)
    text = Text(x, y, s, **{"transform": ax.transData, "clip_on": False, **kw})
    text.set_clip_path(clip)
    return ax.add_artist(text)


def add_shape(ax, patch):
    """``ax.add_patch(patch)`` without widening the data limits to it: a board drawing sets its limits itself, and
    working out a rounded box's or a circle's extent costs more than drawing it (it counts in a stepper's frame)."""
    return ax.add_artist(patch)


def board_axes(ax):
    """Mark ``ax`` as a picture of things (a board, a card): no ticks, no spines, equal scales."""
    ax.set_aspect("equal")
    ax.axis("off")
    ax.set_gid("board")
    return ax


def figure_bytes(fig, format: str = "png", dpi: float | None = None, crop: bool = False) -> bytes:
    """The figure as PNG, SVG or PDF bytes at ``dpi`` (default ``FRAME_DPI``), on white. Uncropped, every frame of
    a game has the same size; ``crop`` trims the blank margins. SVG and PDF carry no date, so the same picture
    gives the same file."""
    buf = io.BytesIO()
    kw = {"pil_kwargs": {"compress_level": 3}} if format == "png" else {}
    if format == "svg":
        kw["metadata"] = {"Date": None}
    elif format == "pdf":
        kw["metadata"] = {"CreationDate": None}
    if crop:
        kw.update(bbox_inches="tight", pad_inches=0.05)
    fig.savefig(buf, format=format, dpi=dpi or FRAME_DPI, facecolor="white", **kw)
    return buf.getvalue()


def figure_png(fig, dpi: float | None = None) -> bytes:
    """The figure as PNG bytes at ``dpi`` (default ``FRAME_DPI``), blank margins trimmed. Shown at its natural
    size at ``FRAME_DPI``, a point on the figure is a point on the screen; for a notebook, ``picture`` is
    sharper."""
    return figure_bytes(fig, "png", dpi, crop=True)


def frame_image(fig, format: str = "png", ratio: int = PIXEL_RATIO) -> tuple[bytes, int, int]:
    """A frame for a stepper or a classroom page: the figure uncropped (every step the same size) as PNG with
    ``ratio`` times the pixels, or as SVG, and the width and height in pixels to show it at (its natural size
    at ``FRAME_DPI``: give them to the image element so that it is never stretched).

    >>> from matplotlib.figure import Figure
    >>> data, w, h = frame_image(Figure(figsize=FRAME_SIZE))
    >>> (w, h), data[:4] == b"\\x89PNG"
    ((912, 499), True)
    """
    w, h = fig.get_size_inches() * FRAME_DPI
    dpi = FRAME_DPI * (ratio if format == "png" else 1)
    return figure_bytes(fig, format, dpi), round(w), round(h)


class Picture:
    """A figure shown in a notebook: a PNG with ``PIXEL_RATIO`` times the pixels, shown at the size it has at
    ``FRAME_DPI``, so it is sharp on a 2x screen and its text is as large as designed. nbval ignores PNG
    outputs, so notebooks stay testable.

    >>> from matplotlib.figure import Figure
    >>> fig = Figure(figsize=(2, 1)); _ = fig.add_subplot().set_title("x")
    >>> data, size = Picture(fig)._repr_png_()
    >>> data[:4] == b"\\x89PNG" and abs(size["width"] - 2 * FRAME_DPI) < 40      # 2 inches, margins trimmed
    True
    """

    def __init__(self, fig_or_ax):
        self.figure = getattr(fig_or_ax, "figure", fig_or_ax)

    def __repr__(self) -> str:          # deterministic, so a notebook's text output stays the same
        w, h = self.figure.get_size_inches()
        return f"<picture {w:g} x {h:g} in>"

    def _repr_png_(self):
        data = figure_bytes(self.figure, "png", dpi=FRAME_DPI * PIXEL_RATIO, crop=True)
        w, h = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")   # the PNG header
        return data, {"width": round(w / PIXEL_RATIO), "height": round(h / PIXEL_RATIO)}


def picture(fig_or_ax) -> Picture:
    """A figure (or an Axes' figure) to display in a notebook, sharp on any screen: ``picture(draw_state(g))``."""
    return Picture(fig_or_ax)


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
    """Scores of every seat after each turn, from ``game.timeline``; ``target`` draws a goal line. Each line ends
    in its seat's number, so colour is not the only sign of whose it is.

    >>> from toolkit import new_game, play, RandomAgent
    >>> g = new_game("disneyland", players=2, seed=1); _ = play(g, [RandomAgent()] * 2)
    >>> ax = score_timeline(g); ax.get_xlabel()
    'turn'
    """
    ax = new_axes(ax, size=(8, 3.6))
    turns = [0] + [t for t, _ in game.timeline]
    styles = ("-", "--", "-.", ":", (0, (5, 1, 1, 1)))
    for seat in range(1, game.players + 1):
        ys = [0] + [s[seat - 1] for _, s in game.timeline]
        label = names[seat - 1] if names else game.player_name(seat)
        ax.step(turns, ys, where="post", color=player_colour(seat), lw=2, label=label,
                ls=styles[(seat - 1) % len(styles)])
    if target is not None:
        ax.axhline(target, color=INK, ls="--", lw=1)
        ax.set_ylim(0, max(ax.get_ylim()[1], target * 1.15))     # the goal line and its label always show
        ax.annotate(f"{target} to win", (0, target), xytext=(4, 3), textcoords="offset points", fontsize=9)
    ax.set_xlabel("turn", fontsize=10)
    ax.set_ylabel("points", fontsize=10)
    ax.tick_params(labelsize=9)
    ax.set_xlim(0, max(turns) or 1)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=9, frameon=False)
    ax.set_title(f"{game.title}: scores over the turns", fontsize=11)
    ax.figure.subplots_adjust(left=0.09, right=0.98, bottom=0.15, top=0.9)
    return ax


@lru_cache(maxsize=512)
def text_inches(text: str, size: float, bold: bool = False) -> float:
    """How wide ``text`` is set in the default font at ``size`` points, in inches: FreeType's advance at
    ``FRAME_DPI`` with Agg's hinting, and 3% more (hinting at other resolutions widens a line a little)."""
    from matplotlib.backends.backend_agg import get_hinting_flag
    from matplotlib.font_manager import FontProperties, findfont, get_font
    font = get_font(findfont(FontProperties(size=size, weight="bold" if bold else "normal")))
    font.set_size(size, FRAME_DPI)
    font.set_text(text, 0, flags=get_hinting_flag())
    return font.get_width_height()[0] / 64 / FRAME_DPI * 1.03
