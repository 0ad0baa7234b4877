"""Quick frames for steppers: a figure rendered with Agg, each line of text drawn from a bitmap kept from earlier
frames, and the pixels written as a PNG with light compression.

A stepper's frames repeat most of their texts from one step to the next (names, numbers, labels), and matplotlib
3.11 lays out and rasterises text glyph by glyph, which is most of a frame's cost. ``FrameRenderer`` keeps each
line of text as a coverage bitmap by everything it depends on (the words, the font, its size, the dpi) and draws
it again with one blit in the colour of the moment. A line not seen before is put together from its words, each
rasterised in one piece by FreeType and kept (a panel's lines change at most steps, their words seldom): its
width, height and descent are FreeType's own, so the layout is unchanged, and a word sits within a pixel (at
the stepper's 2x pixels) of where FreeType would put it. The picture differs from ``savefig``'s only within
antialiasing; the drawings themselves are unchanged.
"""
from __future__ import annotations

import struct
import zlib

import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg, RendererAgg, get_hinting_flag
from matplotlib.font_manager import fontManager, get_font

try:                          # ISA-L's deflate (the optional extra "frames"): a tenth of zlib's time, no larger
    from isal import isal_zlib

    def _deflate(data, level):
        return isal_zlib.compress(data, min(level, 3))        # (its levels are 0 to 3)
except ImportError:           # zlib's own
    _deflate = zlib.compress

__all__ = ["FrameRenderer", "png_bytes"]

KEPT_LINES = 6000            # lines of text kept (a few KiB each at 2x): a long game's changing numbers and names


class _KeptTextRenderer(RendererAgg):
    """Agg, with each line of text drawn from a coverage bitmap kept in ``lines`` (shared between frames), a new
    line put together from the words kept in ``words``."""

    def __init__(self, width, height, dpi, lines, words, heights):
        super().__init__(width, height, dpi)
        self.lines, self.words, self.heights = lines, words, heights

    def draw_text(self, gc, x, y, s, prop, angle, ismath=False, mtext=None):
        if ismath or angle or (mtext is not None and (mtext.get_fontfeatures() or mtext.get_language())):
            return super().draw_text(gc, x, y, s, prop, angle, ismath, mtext)
        image, dx, dy = self._kept(s, prop, bool(gc.get_antialiased()))[:3]
        if image.size:           # y: the bitmap's bottom row, counted downwards (as Agg's own text drawing)
            self._renderer.draw_text_image(image, round(x + dx), round(y + dy) + 1, 0, gc)

    def _get_font_height_metrics(self, prop):
        """A font's ascent, descent and line gap at its size, as ``Text`` works them out from the font's tables for
        every text it lays out (matplotlib 3.11 asks the renderer first): kept per font, size and dpi."""
        key = (hash(prop), prop.get_size_in_points(), self.dpi)
        kept = self.heights.get(key)
        if kept is None:
            kept = (None, None, None)
            font = get_font(fontManager._find_fonts_by_props(prop))
            for name, gap, ascent, descent in (("OS/2", "sTypoLineGap", "sTypoAscender", "sTypoDescender"),
                                               ("hhea", "lineGap", "ascent", "descent")):
                table = font.get_sfnt_table(name)
                if table is not None:
                    scale = 1 / font.get_sfnt_table("head")["unitsPerEm"] * prop.get_size_in_points() * self.dpi / 72
                    kept = (table[ascent] * scale, -table[descent] * scale, table[gap] * scale)
                    break
            self.heights[key] = kept
        return kept

    def put_pixels(self, left, bottom, pixels):
        """Opaque RGBA ``pixels`` (top row first) copied onto the canvas with their bottom-left corner at
        (``left``, ``bottom``) from the canvas' bottom-left: what ``draw_image`` gives for opaque pixels without
        blending them."""
        canvas = np.asarray(self.buffer_rgba())
        height, width = canvas.shape[:2]
        top = height - bottom - pixels.shape[0]
        r0, c0 = max(0, -top), max(0, -left)
        r1, c1 = min(pixels.shape[0], height - top), min(pixels.shape[1], width - left)
        if r1 > r0 and c1 > c0:
            canvas[top + r0:top + r1, left + c0:left + c1] = pixels[r0:r1, c0:c1]

    def get_text_width_height_descent(self, s, prop, ismath):
        """As Agg measures a line; a line measured for the first time is rasterised at once (antialiased, as
        texts are unless told otherwise), so that drawing it does not lay it out a second time."""
        if ismath:
            return super().get_text_width_height_descent(s, prop, ismath)
        return self._kept(s, prop, True)[3:]

    def _kept(self, s, prop, aa):
        """(bitmap, dx, dy, width, height, descent) of the line: from the kept lines, or made and kept."""
        key = (s, hash(prop), prop.get_size_in_points(), self.dpi, aa)
        kept = self.lines.get(key)
        if kept is None:
            kept = self.lines[key] = self._line(s, prop, aa, key[1:])
            if len(self.lines) > KEPT_LINES:          # the oldest goes
                del self.lines[next(iter(self.lines))]
        return kept

    def _line(self, s, prop, aa, look):
        """A line of several words: each word's bitmap (kept by ``look``, its font, size, dpi and antialiasing) at
        its place, the words laid side by side with a space's advance between them, as FreeType lays out the line
        (its width, height and descent come out the same; a word may sit up to a pixel from where FreeType would
        put it, as a whole line's glyphs fall on fractions of a pixel). A line of one word, as FreeType draws it."""
        font = self._prepare_font(prop)
        parts = s.split(" ")
        if len(parts) == 1 or not s.strip():
            image, left, top, width, descent = self._word(font, s, aa, look)
            return image, left / 64, descent / 64, width / 64, (top + descent) / 64, descent / 64
        space = self._word(font, " ", aa, look)[3]
        pen, placed = 0, []
        for k, part in enumerate(parts):
            if part:
                placed.append((pen, self._word(font, part, aa, look)))
                pen += placed[-1][1][3]
            if k < len(parts) - 1:
                pen += space
        # the line's box (26.6 units) spans the words' ink and the origin (FreeType counts a space's empty box)
        left = min(0, min(p + w[1] for p, w in placed))
        top = max(0, max(w[2] for _, w in placed))
        descent = max(0, max(w[4] for _, w in placed))
        cols = [(p + 64 * -(-w[1] // 64) - 64 * -(-left // 64)) // 64 for p, w in placed]
        image = np.zeros((-(-(top + descent) // 64) + 2, max(c + w[0].shape[1] for c, (_, w) in zip(cols, placed))),
                         np.uint8)
        for c, (_, w) in zip(cols, placed):
            row = (top - w[2]) // 64
            region = image[row:row + w[0].shape[0], c:c + w[0].shape[1]]
            np.maximum(region, w[0][:region.shape[0]], out=region)
        return image, left / 64, descent / 64, pen / 64, (top + descent) / 64, descent / 64

    def _word(self, font, word, aa, look):
        """A word as FreeType lays it out and rasterises it: (bitmap, ink's left, top above the baseline, advance,
        descent), in 26.6 units."""
        key = (word, *look)
        kept = self.words.get(key)
        if kept is None:
            font.set_text(word, 0, flags=get_hinting_flag())
            width, height = font.get_width_height()
            descent = font.get_descent()
            font.draw_glyphs_to_bitmap(antialiased=aa)
            kept = self.words[key] = (np.array(font.get_image(), dtype=np.uint8), font.get_bitmap_offset()[0],
                                      height - descent, width, descent)
            if len(self.words) > KEPT_LINES:
                del self.words[next(iter(self.words))]
        return kept


class FrameRenderer:
    """Renders figures at ``dpi`` to RGB pixels, drawing texts from the lines kept from earlier frames (one
    renderer per stepper: its kept lines are its frames' texts)."""

    def __init__(self, dpi: float):
        self.dpi = dpi
        self.lines: dict = {}
        self.words: dict = {}
        self.heights: dict = {}
        self._renderer = None

    def rgba(self, fig) -> np.ndarray:
        """The figure's pixels (height x width x 4, a view valid until the next frame), drawn at ``dpi``."""
        if fig.dpi != self.dpi:
            fig.set_dpi(self.dpi)
        canvas = fig.canvas if isinstance(fig.canvas, FigureCanvasAgg) else FigureCanvasAgg(fig)
        w, h = canvas.get_width_height(physical=True)
        r = self._renderer
        if r is None or (r.width, r.height) != (w, h):
            r = self._renderer = _KeptTextRenderer(w, h, self.dpi, self.lines, self.words, self.heights)
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
