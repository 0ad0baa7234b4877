"""Drawings of Hamburgerspelet: every view draws, and a seat's view shows only the tiles that seat has seen."""
import matplotlib

matplotlib.use("Agg")

from toolkit.core import make_agents, play  # noqa: E402
from toolkit.games.hamburgerspelet import HamburgerGame  # noqa: E402
from toolkit.games.hamburgerspelet.drawing import draw_middle, draw_state, ingredient_code, state_png  # noqa: E402
from toolkit.games.hamburgerspelet.rules import EMPTY, NOT_SEEN  # noqa: E402


def played(steps, players=3, seed=4):
    g = HamburgerGame(players, seed=seed)
    play(g, make_agents("hamburgerspelet", players, "perfect-memory"), max_steps=steps)
    return g


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
