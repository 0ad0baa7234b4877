"""Drawings of Hamburgerspelet: every view draws, and a seat's view shows only the tiles that seat has seen."""
import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402
from toolkit.core import make_agents, play  # noqa: E402
from toolkit.games.hamburgerspelet import HamburgerGame  # noqa: E402
from toolkit.games.hamburgerspelet.drawing import draw_middle, draw_state, ingredient_code, state_png  # noqa: E402
from toolkit.games.hamburgerspelet.rules import EMPTY, NOT_SEEN  # noqa: E402


def played(steps, players=3, seed=4):
    g = HamburgerGame(players, seed=seed)
    play(g, make_agents("hamburgerspelet", players, "perfect-memory"), max_steps=steps)
    return g


@pytest.mark.slow
def test_state_png_in_every_view():
    g = played(80)
    for viewer in (None, 1, 2, 3):
        png = state_png(g, viewer=viewer)
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert g._repr_png_()[:4] == b"\x89PNG"


def test_seat_view_reveals_only_seen_tiles():
    """HB-3.2, HB-5.1, HB-I11: the middle as seat 2 knows it; the class view names every tile."""
    g = played(120)
    codes = {ingredient_code(g, i) for i in range(9)}

    def tile_names(viewer):
        return [t.get_text() for t in draw_middle(g, viewer=viewer).texts if t.get_text() in codes]

    down = sum(t != EMPTY for t in g.spots)
    assert len(tile_names(None)) == down
    known = sum(1 for s, k in enumerate(g.known[1]) if k != NOT_SEEN)
    assert known < down and len(tile_names(2)) == known


def test_finished_game_and_swedish_names_draw():
    g = HamburgerGame(2, seed=1, options={"language": "sv"})
    play(g, make_agents("hamburgerspelet", 2, "perfect-memory"))
    ax = draw_state(g)
    assert "wins" in ax.get_title()
    assert any("BRÖ bröd" in t.get_text() for t in ax.texts)      # the key to the codes, in Swedish


def test_hb_5_6_the_tile_in_hand_is_drawn_only_for_those_who_saw_it():
    """HB-5.1, HB-5.6, HB-I11: while a tile waits to go back, only its taker's view names it."""
    from toolkit.games.hamburgerspelet.drawing import draw_middle
    from tests.hamburgerspelet.hb_helpers import new, put, roll
    g = new()
    put(g, 7, "onion")
    roll(g, 6, 1)
    g.apply("1-6")
    g.apply(7)
    assert g.pending().kind == "place"

    def in_hand(viewer):
        ax = draw_middle(g, viewer=viewer)
        return next(t.get_text() for t in ax.texts if t.get_text().startswith("in hand: "))
    assert in_hand(1) == "in hand: onion" and in_hand(None) == "in hand: onion"
    assert in_hand(2) == "in hand: ?"


def test_the_tall_frame_shows_a_seat_only_the_tiles_it_has_seen():
    """HB-I11 in the stepper's tall frame (board above, collector cards below): as in the wide frame, the
    class view names every tile in the middle and seat 2's view only those it has seen; the key is there, in
    Swedish too."""
    g = played(120)
    codes = {ingredient_code(g, i) for i in range(9)}

    def named(viewer, layout):
        return sum(t.get_text() in codes for t in draw_state(g, viewer=viewer, layout=layout).texts)
    for layout in ("wide", "tall"):
        assert named(None, layout) - named(2, layout) == sum(k == NOT_SEEN and t != EMPTY
                                                             for t, k in zip(g.spots, g.known[1]))
    sv = HamburgerGame(2, seed=1, options={"language": "sv"})
    assert any("BRÖ bröd" in t.get_text() for t in draw_state(sv, layout="tall").texts)


def _chefs_and_labels(ax):
    """The chef markers' boxes and the loop squares' labels' boxes (names, owners, numbers), in pixels."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.transforms import Bbox
    fig = ax.figure
    canvas = FigureCanvasAgg(fig)
    canvas.draw()                          # (places the Axes as drawn: the board keeps its aspect)
    renderer = canvas.get_renderer()
    chefs = []
    for line in ax.lines:
        if line.get_gid() == "chef":
            r = line.get_markersize() * fig.dpi / 72 / 2
            for x, y in ax.transData.transform(line.get_xydata()):
                chefs.append((line.get_markersize(), Bbox.from_extents(x - r, y - r, x + r, y + r)))
    labels = [t.get_window_extent(renderer) for t in ax.texts if -0.6 <= t.get_position()[0] <= 10.6
              and -0.6 <= t.get_position()[1] <= 10.6 and t.get_text().strip()]
    return chefs, labels


@pytest.mark.slow
def test_hb_4_5_chefs_are_large_and_never_cover_a_label():
    """HB-4.5: chefs share squares; each chef stays its own marker, at least 12 pt where one or two stand on a
    square (8.5 pt for three or four, as 6.3 pt before), and none covers a square's name, owner or number, in
    both layouts, with 2 to 4 players and up to four chefs on a square."""
    from collections import Counter
    from toolkit.core import History
    crowded = 0
    for players, seed in ((2, 1), (3, 35), (4, 19)):
        h = History(HamburgerGame(players, seed=seed))
        play(None, make_agents("hamburgerspelet", players, "heuristic"), history=h, max_steps=260)
        for k in range(0, len(h), 12):
            g = h[k]
            sharing = Counter(p for seat in g.chefs for p in seat)
            crowded += max(sharing.values()) >= 3
            for layout in ("wide", "tall"):
                ax = draw_state(g, layout=layout)
                chefs, labels = _chefs_and_labels(ax)
                assert len(chefs) == 2 * players
                for size, box in chefs:
                    assert size >= 8.5
                    assert not any(box.overlaps(label) for label in labels), (players, k, layout)
                alone = [size for size, _ in chefs]
                if max(sharing.values()) <= 2:
                    assert min(alone) >= 12, (players, k, layout)
    assert crowded        # the games did put three or more chefs on a square


def _loop_numbers(ax, game, renderer):
    """The loop squares' numbers as drawn: {square: (text, its box in pixels, with its tag if it has one)}."""
    from toolkit.drawing import FAINT
    loop = {str(sq.index): sq for sq in game.board.loop}
    out = {}
    for t in ax.texts:
        x, y = t.get_position()
        sq = loop.get(t.get_text())
        if sq is not None and t.get_color() == FAINT and abs(x - sq.pos[0]) < 1 and abs(y - sq.pos[1]) < 1:
            tag = t.get_bbox_patch()
            out[sq.index] = (t, tag.get_window_extent(renderer) if tag else t.get_window_extent(renderer))
    return out


@pytest.mark.slow
def test_hb_i1_each_squares_number_stands_apart_and_a_corners_is_tagged():
    """HB-I1: every square of the loop has its number beside it; a corner's stands in a tag at the corner's inner
    corner (a row has no room to set "9" and "10" further apart: they read as "910"), its neighbours' at their far
    edges; no two numbers in a line come closer than 4 pixels, with 2 to 4 players in both layouts."""
    from tests.legibility import draw
    for players in (2, 3, 4):
        g = played(6, players=players)
        for layout in ("wide", "tall"):
            ax = draw_state(g, layout=layout)
            _, renderer = draw(ax.figure)
            numbers = _loop_numbers(ax, g, renderer)
            assert set(numbers) == {sq.index for sq in g.board.loop}
            tagged = {q for q, (t, _) in numbers.items() if t.get_bbox_patch() is not None}
            assert tagged == {0, 10, 20, 30}, (players, layout, tagged)          # the kitchens at the corners
            boxes = sorted(numbers.items())
            for i, (a, (_, ba)) in enumerate(boxes):
                for b, (_, bb) in boxes[i + 1:]:
                    apart = max(bb.x0 - ba.x1, ba.x0 - bb.x1, bb.y0 - ba.y1, ba.y0 - bb.y1)
                    assert apart >= 4, (players, layout, a, b, apart)
