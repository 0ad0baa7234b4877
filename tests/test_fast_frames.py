"""A stepper's fast frame (issue 14: static layers, texts drawn from kept bitmaps, the Axes emptied and reused, the
PNG written by ``frame_render``) shows the same picture as the full drawing saved by ``savefig``, within
antialiasing, and marks the same click places."""
import importlib
import inspect
import io

import numpy as np
import pytest
from PIL import Image

from toolkit.core import History, game_names, make_agents, new_game, play
from toolkit.drawing import LAYOUTS, clear_drawing, drawn_places, figure_bytes
from toolkit.frame_render import FrameRenderer, png_bytes

DPI = 200                       # the stepper's: dpi=100, pixel_ratio=2
LIMIT = 25                      # grey levels a 16-px block may differ by: a glyph's edge moved by half a pixel


def blocks(rgb, n=16):
    """Mean grey level of each n x n block: antialiasing moves a block by a few levels, a lost label by ~50."""
    grey = rgb.astype(float).mean(axis=2)
    h, w = grey.shape[0] // n * n, grey.shape[1] // n * n
    return grey[:h, :w].reshape(h // n, n, w // n, n).mean(axis=(1, 3))


def saved(ax):
    return np.asarray(Image.open(io.BytesIO(figure_bytes(ax.figure, dpi=DPI))).convert("RGB"))


def worst(a, b):
    assert a.shape == b.shape
    return np.abs(blocks(a) - blocks(b)).max()


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
@pytest.mark.parametrize("name", game_names())
def test_a_fast_frame_is_the_same_picture_with_the_same_places(name, layout):
    h = History(new_game(name, players=3, seed=4))
    mod = importlib.import_module(h.game.drawing_module)
    if "layout" not in inspect.signature(mod.draw_state).parameters:
        if layout != "wide":
            pytest.skip(f"{name}'s draw_state has one layout")
        kw = {}
    else:
        kw = {"layout": layout}
    play(None, make_agents(name, 3, "heuristic"), history=h, max_steps=60)
    render = FrameRenderer(DPI)
    for viewer in (None, 2):
        ax = mod.draw_state(h[0], viewer=viewer, fast=True, **kw)      # then reused, as a stepper reuses its Axes
        for k in (0, len(h) // 2, len(h) - 1):
            clear_drawing(ax)
            mod.draw_state(h[k], viewer=viewer, ax=ax, fast=True, **kw)
            ax.figure.patch.set_facecolor("white")
            png = png_bytes(render.rgba(ax.figure))
            fast = np.asarray(Image.open(io.BytesIO(png)))
            full = mod.draw_state(h[k], viewer=viewer, **kw)
            assert worst(saved(full), fast) < LIMIT, (name, layout, k, viewer)
            assert drawn_places(ax) == drawn_places(full), (name, k, viewer)
            assert ax.get_title() == full.get_title()


@pytest.mark.slow
def test_the_comparison_sees_a_missing_label():
    """The block check can fail: one number left off a board is more than antialiasing."""
    h = History(new_game("mcdonalds", players=3, seed=4))
    mod = importlib.import_module(h.game.drawing_module)
    a = mod.draw_state(h[0])
    b = mod.draw_state(h[0])
    b.texts[0].set_visible(False)
    assert worst(saved(a), saved(b)) >= LIMIT


def test_kept_texts_follow_their_colour_and_place():
    """A kept line of text is drawn again in the colour and at the place of the moment, and the PNG decodes to
    the rendered pixels."""
    from matplotlib.figure import Figure
    render = FrameRenderer(100)
    fig = Figure(figsize=(2, 1), dpi=100)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_axis_off()
    t = ax.text(0.1, 0.5, "kept", color="red", fontsize=20, va="center")
    first = render.rgba(fig).copy()
    t.set_color("blue")
    t.set_x(0.5)
    second = render.rgba(fig).copy()
    assert len(render.lines) == 1                          # drawn from the kept bitmap the second time
    red = (first[..., 0] > 200) & (first[..., 2] < 80)
    blue = (second[..., 2] > 200) & (second[..., 0] < 80)
    assert red.sum() > 50 and blue.sum() > 50
    assert np.nonzero(blue)[1].min() > np.nonzero(red)[1].min() + 60        # moved 0.4 of 200 px to the right
    decoded = np.asarray(Image.open(io.BytesIO(png_bytes(second))))
    assert (decoded == second[..., :3]).all()


def test_an_image_layer_is_the_picture_imshow_gives():
    """``image_layer`` picks each pixel's square by numpy: the same picture as ``imshow`` with nearest squares
    (limits running downwards, as a map's rows do), but for pixels on a square's edge."""
    from matplotlib.figure import Figure
    from toolkit.drawing import image_layer
    image = np.random.default_rng(3).random((5, 7, 3))
    extent = (-0.5, 6.5, 4.5, -0.5)
    pictures = []
    for layer in (True, False):
        fig = Figure(figsize=(3, 2.4), dpi=100, facecolor="white")
        ax = fig.add_axes((0.05, 0.05, 0.9, 0.9))
        ax.set_xlim(-1, 7)
        ax.set_ylim(5, -1)
        ax.set_axis_off()
        if layer:
            image_layer(ax, ("test", image.tobytes()), image, extent)
        else:
            ax.imshow(image, extent=extent, interpolation="nearest", zorder=0, aspect="auto")
        ax.set_xlim(-1, 7)
        ax.set_ylim(5, -1)
        pictures.append(FrameRenderer(DPI).rgba(fig)[..., :3].astype(int).copy())
    off = np.abs(pictures[0] - pictures[1]).max(axis=2) > 2
    assert off.mean() < 0.002                     # (none at this size; a square on its side: 47%)
    assert (pictures[0] != 255).any(axis=2).mean() > 0.5      # the layer is there


@pytest.mark.parametrize("line", ["  hand: 1 Junior Vice President, 2 Management Trainee, 1 Trainer",
                                  "Player 1: $35   unit price $10   sold 3", "house 12: P2 10+3=13 \u2192 $26"])
def test_a_line_put_together_from_words_is_freetypes_line(line):
    """A new line is laid out from kept words: FreeType's width, height and descent exactly, and its ink where
    FreeType puts it within a pixel or two (the cumulative ink along the line)."""
    from matplotlib.backends.backend_agg import get_hinting_flag
    from matplotlib.figure import Figure
    from matplotlib.font_manager import FontProperties
    render = FrameRenderer(DPI)
    render.rgba(Figure(figsize=(1, 1)))                  # (its renderer made)
    r = render._renderer
    prop = FontProperties(size=8)
    image, dx, dy, w, h, d = r._kept(line, prop, True)
    font = r._prepare_font(prop)
    font.set_text(line, 0, flags=get_hinting_flag())
    fw, fh = font.get_width_height()
    assert (w, h, d) == (fw / 64, fh / 64, font.get_descent() / 64)
    assert dx == font.get_bitmap_offset()[0] / 64 and dy == font.get_descent() / 64
    font.draw_glyphs_to_bitmap(antialiased=True)
    whole = np.asarray(font.get_image(), dtype=float)
    n = max(image.shape[1], whole.shape[1]) + 2
    ink = [np.pad(np.cumsum(a.sum(axis=0)), (0, n - a.shape[1]), mode="edge") for a in (image.astype(float), whole)]
    column = whole.sum(axis=0).max()                     # the most ink a column holds
    late, early = np.r_[[0, 0], ink[1][:-2]], np.r_[ink[1][2:], [ink[1][-1]] * 2]
    assert (ink[0] >= late - column).all() and (ink[0] <= early + column).all()
    assert abs(ink[0][-1] - ink[1][-1]) < 0.05 * ink[1][-1]


def test_a_frame_png_decodes_with_either_deflate(monkeypatch):
    """``png_bytes`` writes with ISA-L's deflate when ``isal`` is installed (the extra "frames") and with zlib's
    otherwise: both decode to the pixels."""
    import zlib
    import toolkit.frame_render as fr
    rgba = np.zeros((30, 40, 4), np.uint8)
    rgba[..., 3] = 255
    rgba[5:20, 7:31, 0] = 200
    rgba[::3, :, 2] = np.arange(40, dtype=np.uint8)
    for deflate in {fr._deflate, zlib.compress}:
        monkeypatch.setattr(fr, "_deflate", deflate)
        decoded = np.asarray(Image.open(io.BytesIO(png_bytes(rgba))))
        assert (decoded == rgba[..., :3]).all()
