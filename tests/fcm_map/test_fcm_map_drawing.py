"""Smoke tests for the FCM map drawings: each takes ``ax=None`` or an Axes and returns the Axes."""
import random

import pytest
import matplotlib
from matplotlib.figure import Figure

from toolkit.core import Streams
from toolkit.games.fcm.map import drawing as md
from toolkit.games.fcm.map import placement as pl
from toolkit.games.fcm.map import reach as rc
from toolkit.games.fcm.map.board import assemble_map, map_from_layout


def busy_map():
    m = assemble_map(5, Streams(3)["map"])
    rng = random.Random(1)
    for ch in (1, 2, 3):
        top, corner = rng.choice(pl.legal_restaurants(m, ch, "start"))
        pl.place_starting_restaurant(m, ch, top, corner)
    m.drive_ins = {2}
    for n in (11, 7, 1):
        top, turned = pl.legal_campaigns(m, 1, n)[0]
        pl.place_campaign(m, 1, n, top, "burger", 2, turned=turned)
    pl.place_airplane(m, 1, 5, "n", 4, "soda", 2)
    for n in sorted(m.campaigns):
        rc.run_campaign(m, n)
    return m


def test_every_drawing_returns_its_axes():
    m = busy_map()
    rid = sorted(m.restaurants)[0]
    for draw in (lambda ax: md.draw_map(m, ax), lambda ax: md.draw_demand(m, ax),
                 lambda ax: md.draw_range(m, rid, 3, ax), lambda ax: md.draw_distances(m, rid, ax),
                 lambda ax: md.draw_zeppelin(m, rid, 4, ax),
                 *[(lambda n: lambda ax: md.draw_reach(m, n, ax))(n) for n in sorted(m.campaigns)]):
        ax = draw(None)
        assert isinstance(ax, matplotlib.axes.Axes) and ax.get_title()
        given = Figure().add_subplot()
        assert draw(given) is given


def test_route_drawing_and_pngs():
    m = map_from_layout([["A0", "Q0", "R0"]])
    pl.place_starting_restaurant(m, 1, (3, 3), "nw")
    ax = md.draw_route(m, "1-1", [(2, c) for c in range(3, 12)])
    assert "soda, soda" in ax.get_title()
    png = md.map_png(m)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert m._repr_png_()[:4] == b"\x89PNG" and md.state_png(m)[:4] == b"\x89PNG"


def test_drawing_changes_nothing():
    m = busy_map()
    before = m.to_dict()
    md.draw_demand(m)
    md.draw_distances(m, sorted(m.restaurants)[0])
    assert m.to_dict() == before


def test_no_number_is_hidden_by_a_drive_ins_doors_or_another_airplane():
    """A drive-in's number is clear of its four doors, and two airplanes flying over some of the same columns
    (the base game allows it) each show their number (FCM-3.7, FCM-I16)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    m = busy_map()
    pl.place_airplane(m, 1, 6, "n", 4, "beer", 2)           # over the same columns as #5
    ax = md.draw_map(m)
    FigureCanvasAgg(ax.figure).draw()
    renderer = ax.figure.canvas.get_renderer()
    label = {t.get_text(): t.get_window_extent(renderer).padded(-1) for t in ax.texts}
    assert not label["#5"].overlaps(label["#6"])
    (x5, y5, w5, h5), (x6, y6, w6, h6) = (md._airplane_box(m, m.campaigns[n]) for n in (5, 6))
    assert y5 + h5 <= y6 or y6 + h6 <= y5            # one banner beside the other, neither over the other
    doors = next(c for c in ax.collections if c.get_zorder() == 5)          # the entrances, white
    boxes = [p.transformed(ax.transData).get_extents() for p in doors.get_paths()]
    assert len(boxes) >= 4 + 2                       # the drive-in's four doors and the others' one each
    assert not any(box.overlaps(label["P2"]) for box in boxes)


@pytest.mark.slow
def test_fcm_6_7_the_reach_drawing_keys_its_badges_of_rounds_left():
    """draw_reach shows each campaign tile with its badge of rounds left (as every map does): its key, under the
    map, names the badge as the frame's key and draw_demand's do, with the shaded area and the outlined houses;
    the title names the houses reached in number ("house 13", "houses 2, 8", "no house"); nothing overlaps, alone
    or in a grid of panels."""
    from tests.legibility import problems
    import matplotlib.pyplot as plt
    m = busy_map()
    for n in sorted(m.campaigns):
        ax = md.draw_reach(m, n)
        said = [t.get_text() for t in ax.get_legend().get_texts()]
        assert said == [f"{m.campaigns[n].kind} {n}'s area", "houses it reaches", f"rounds left ({md.ETERNAL}: for ever)"]
        houses = rc.campaign_reach(m, n)
        named = ", ".join(map(str, houses))
        assert ax.get_title().endswith({0: "reaches no house", 1: f"reaches house {named}"}.get(
            len(houses), f"reaches houses {named}"))
        assert problems(ax.figure, "board") == []
        plt.close(ax.figure)
    fig, axs = plt.subplots(2, 2, figsize=(10, 8.4), layout="constrained")
    for ax, n in zip(axs.flat, sorted(m.campaigns)):
        md.draw_reach(m, n, ax=ax)
    assert problems(fig, "board") == []
    plt.close(fig)


@pytest.mark.slow
def test_fcm_6_7_the_reach_key_lies_inside_the_callers_figure():
    """draw_reach on a caller's axes (notebook 04 draws on ``figsize=(8.6, 7)``) keeps its key inside the figure,
    so that ``savefig`` without cropping shows it: wide, square, low and narrow figures (where the key takes one
    column), and two panels side by side; nothing is cut or overlaps."""
    import matplotlib.pyplot as plt

    from tests.legibility import draw, problems
    m = busy_map()
    for size, panels in (((8.6, 7), 1), ((6, 6), 1), ((10, 4), 1), ((4.2, 4.2), 1), ((10, 4.2), 2)):
        fig, axs = plt.subplots(1, panels, figsize=size, squeeze=False)
        for ax in axs.flat:
            md.draw_reach(m, 11, ax=ax)
        _, renderer = draw(fig)
        for ax in axs.flat:
            key = ax.get_legend().get_window_extent(renderer)
            assert fig.bbox.x0 <= key.x0 and key.x1 <= fig.bbox.x1, size
            assert fig.bbox.y0 <= key.y0 and key.y1 <= fig.bbox.y1, size
            assert key.y1 <= ax.get_window_extent(renderer).y0 + 1, size          # under the map, not on it
        assert problems(fig, "board") == [], size
        plt.close(fig)


def test_fcm_6_7_the_legends_badge_shows_a_digit_as_the_frames_key_does():
    """The badge of rounds left in draw_reach's and draw_demand's legends is a dark disc with a white digit on
    it, as on the map and in the frame's key (``map_key``), not a plain disc."""
    from matplotlib.text import Text
    m = busy_map()
    frame_badge = next(item for item in md.map_key() if item.shape == "c")
    for ax in (md.draw_reach(m, 11), md.draw_demand(m)):
        legend = ax.get_legend()
        disc = legend.legend_handles[-1]
        digits = [t for t in legend.findobj(Text) if t.get_text() == frame_badge.sign]
        assert disc.get_marker() == "o" and disc.get_markerfacecolor() == md.PALETTE["ink"]
        assert len(digits) == 1 and digits[0].get_color() == "white" and digits[0].get_fontweight() == "bold"
        assert tuple(digits[0].get_position()) == (disc.get_xdata()[0], disc.get_ydata()[0])     # on the disc
