"""Quick frames for steppers: a figure rendered with Agg, each line of text drawn from a bitmap kept from earlier
frames, and the pixels written as a PNG with light compression.

A stepper's frames repeat most of their texts from one step to the next (names, numbers, labels), and matplotlib
3.11 lays out and rasterises text glyph by glyph, which is most of a frame's cost. ``FrameRenderer`` rasterises a
line of text in one piece, as matplotlib did before 3.11 (FreeType places the glyphs at their kerned offsets, the
same offsets the text's size is measured with, and the line's origin falls on a whole pixel), keeps that coverage
bitmap by everything it depends on (the words, the font, its size, the dpi) and draws it again with one blit in
the colour of the moment. The picture differs from ``savefig``'s only within antialiasing (a glyph's edge by up
to half a pixel); the drawings themselves are unchanged.
"""
from __future__ import annotations

import struct
import zlib

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag

try:                          # ISA-L's deflate (the optional extra "frames"): a tenth of zlib's time, no larger
    from isal import isal_zlib

    def _deflate(data, level):
        return isal_zlib.compress(data, min(level, 3))        # (its levels are 0 to 3)
except ImportError:           # zlib's own
    _deflate = zlib.compress

__all__ = ["FrameRenderer", "png_bytes"]

KEPT_LINES = 6000            # lines of text kept (a few KiB each at 2x): a long game's changing numbers and names


class _KeptTextRenderer(RendererAgg):
    """Agg, with each line of text drawn from a coverage bitmap kept in ``lines`` (shared between frames)."""

    def __init__(self, width, height, dpi, lines):
        super().__init__(width, height, dpi)
        self.lines = lines

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath or angle or (mtext is not None and (mtext.get_fontfeatures() or mtext.get_language())):
            return super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        aa = bool(gc.get_antialiased())
        key = (s, hash(prop), prop.get_size_in_points(), self.dpi, aa)
        kept = self.lines.get(key)
        if kept is None:
            kept = self._keep(key, self._line(s, prop, aa))
        image, dx, dy = kept
        if image.size:           # y: the bitmap's bottom row, counted downwards (as Agg's own text drawing)
            self._renderer.draw_text_image(image, round(x + dx), round(y + dy) + 1, 0, gc)

    def get_text_width_height_descent(self, s, prop, ismath):
        """As Agg measures a line; a line measured for the first time is rasterised at once (antialiased, as
        texts are unless told otherwise), so that drawing it does not lay it out a second time."""
        if ismath:
            return super().get_text_width_height_descent(s, prop, ismath)
        font = self._prepare_font(prop)
        font.set_text(s, 0.0, flags=get_hinting_flag())
        w, h = font.get_width_height()
        key = (s, hash(prop), prop.get_size_in_points(), self.dpi, True)
        if key not in self.lines:
            self._keep(key, self._bitmap(font, True))
        return w / 64, h / 64, font.get_descent() / 64

    def _keep(self, key, line):
        self.lines[key] = line
        if len(self.lines) > KEPT_LINES:          # the oldest goes
            del self.lines[next(iter(self.lines))]
        return line

    def _line(self, s, prop, aa):
        """The line rasterised in one piece by FreeType (the string's glyphs at their kerned places, as the
        text's size was measured): its coverage bitmap and where it goes from the text's anchor."""
        font = self._prepare_font(prop)
        font.set_text(s, 0, flags=get_hinting_flag())
        return self._bitmap(font, aa)

    @staticmethod
    def _bitmap(font, aa):
        font.draw_glyphs_to_bitmap(antialiased=aa)
        xo, yo = font.get_bitmap_offset()
        return np.array(font.get_image(), dtype=np.uint8), xo / 64, (yo + font.get_descent()) / 64


class FrameRenderer:
    """Renders figures at ``dpi`` to RGB pixels, drawing texts from the lines kept from earlier frames (one
    renderer per stepper: its kept lines are its frames' texts)."""

    def __init__(self, dpi: float):
        self.dpi = dpi
        self.lines: dict = {}
        self._renderer = None

    def rgba(self, fig) -> np.ndarray:
        """The figure's pixels (height x width x 4, a view valid until the next frame), drawn at ``dpi``."""
        if fig.dpi != self.dpi:
            fig.set_dpi(self.dpi)
        canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
        w, h = canvas.get_width_height(physical=True)
        r = self._renderer
        if r is None or (r.width, r.height) != (w, h):
            r = self._renderer = _KeptTextRenderer(w, h, self.dpi, self.lines)
        r.clear()
        canvas.renderer = r
        fig.draw(r)
        return np.asarray(r.buffer_rgba())

    def png(self, fig, level: int = 1) -> bytes:
        return png_bytes(self.rgba(fig), level)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png_bytes(rgba: np.ndarray, level: int = 1) -> bytes:
    """An opaque frame's pixels as a PNG (RGB, no row filter, deflate ``level``): about twice as quick as Pillow's
    writer with zlib, which tries every row filter, and no larger for frames that are mostly flat colour; with
    ISA-L's deflate (``isal``, if installed) about a fifth of that."""
    h, w = rgba.shape[:2]
    rows = np.empty((h, 1 + 3 * w), np.uint8)
    rows[:, 0] = 0                                   # filter type "none" on every row
    rgb = rows[:, 1:].reshape(h, w, 3)
    for c in range(3):                               # channel by channel: several times quicker than [:, :, :3]
        rgb[:, :, c] = rgba[:, :, c]
    header = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)       # 8-bit RGB, no interlace
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", _deflate(rows, level))
            + _chunk(b"IEND", b""))
