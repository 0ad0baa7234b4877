"""Drawings of The McDonald's Game: every part draws for every kind of state, views hide the extras, and the
rules never import the drawing layer."""
from __future__ import annotations

import subprocess
import sys

import pytest
from matplotlib.colors import to_hex

from toolkit.core import RandomAgent, make_agents, play
from toolkit.games.mcdonalds import McDonaldsGame, drawing

from .helpers import arrange, counts


def _colours(ax):
    out = []
    for coll in ax.collections:
        if hasattr(coll, "get_facecolor"):
            out += [to_hex(c) for c in coll.get_facecolor()]
    return out


def test_state_draws_at_start_mid_race_and_at_the_end():
    g = McDonaldsGame(players=4, seed=3, options={"race": "by_hand"})
    assert drawing.state_png(g)[:4] == b"\x89PNG"
    agent = RandomAgent()
    while not (g.reading and g.reading["pulled"]):
        d = g.pending()
        g.apply(agent.choose(g, d, g.streams["t"]))
    ax = drawing.draw_state(g)
    assert "race (by hand)" in ax.get_title() and any(t.get_text() == "chute" for t in ax.texts)
    play(g, [agent] * 4)
    ax = drawing.draw_state(g, viewer=2)
    assert "wins" in ax.get_title() and "Player 2's view" in ax.get_title()
    assert g._repr_png_()[:4] == b"\x89PNG"


def test_mcd_7_2_extras_are_face_down_in_another_players_view():
    g = arrange(players=2, extras={2: counts(pie=2)})

    def texts(viewer):
        return [t.get_text() for t in drawing.draw_racks(g, viewer=viewer).texts]
    assert "+2" in texts(2) and "+2" in texts(None)           # counted under the pie's slot
    assert "+2" not in texts(1) and "face\ndown" in texts(1) and "extras: 2" in texts(1)


def test_menu_card_shows_red_and_black_lines_and_the_order():
    g = McDonaldsGame(players=2, seed=1)
    menu = next(m for m in g.menus if m.decoys() and m.changes)
    ax = drawing.draw_menu(menu)
    colours = {t.get_text().split("  ")[-1]: t.get_color() for t in ax.texts}
    assert any(c == drawing.RED for c in colours.values()) and any(c == drawing.BLACK for c in colours.values())
    assert any(t.get_text().startswith("the order") for t in ax.texts)


def test_score_timeline_has_the_25_point_line():
    g = McDonaldsGame(players=3, seed=2, log=False)
    play(g, make_agents("mcdonalds", 3, "heuristic"))
    ax = drawing.score_timeline(g)
    assert any(t.get_text() == "25 to win" for t in ax.texts) and len(ax.lines) >= 4


def test_rules_do_not_import_the_drawing_layer():
    code = ("import sys, toolkit.games.mcdonalds as m; m.McDonaldsGame(2, 1); "
            "bad = [k for k in sys.modules if k.split('.')[0] in ('matplotlib', 'ipywidgets', 'IPython')]; "
            "print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_mcd_5_3_race_drawn_step_by_step():
    """The race drawing reads marbles from the bottom up to the right pull; the ones above are 'not read'."""
    g = McDonaldsGame(players=4, seed=43, options={"speed": [5.0, 4.0, 3.5, 3.0], "errors": [0.05, 0.15, 0.3, 0.5]})
    assert drawing.draw_race(g).texts[0].get_text() == "no race yet"
    agents = make_agents("mcdonalds", 4, "heuristic")
    while not (g.last_race and g.last_race["winner"] and g.last_race["marbles"][0] != g.last_race["winner"]):
        play(g, agents, max_steps=1)
    texts = [t.get_text().lstrip("\u2713\u2717 ") for t in drawing.draw_race(g).texts]   # past the tick or cross
    assert texts.index("wrong") < texts.index("right: fills the order")
    assert len(g.last_race["marbles"]) < 3 or "not read" in texts


def test_mcd_7_2_the_tall_frame_keeps_extras_face_down_too():
    """The stepper's tall frame (board above, racks below, the points beside each rack) hides another player's
    extras as the wide frame does."""
    g = arrange(players=2, extras={2: counts(pie=2)})

    def texts(viewer):          # under the board (whose track has "+2" spaces), above the key (its "+2" sign)
        from toolkit.drawing import drawn_places
        ax = drawing.draw_state(g, viewer=viewer, layout="tall")
        key = drawn_places(ax)["key"]
        return [t.get_text() for t in ax.texts if key[3] < t.get_position()[1] < drawing.BOARD_LIMITS[0]]
    assert "+2" in texts(2) and "+2" in texts(None)
    assert "+2" not in texts(1) and "face\ndown" in texts(1) and "extras: 2" in texts(1)
    assert {"Player 1 (Ronald McDonald)", "0 points"} <= set(texts(None))


@pytest.mark.slow
def test_the_key_names_every_food_and_both_plus_marks_clear_of_the_board_and_racks():
    """Both frames, with 2 to 4 players, carry a key of the foods' letters named as the menus name them and of
    the "+" marks (the cards a space gives, MCD-3.3; extra cards under a slot, MCD-7.2); its text is 9 pt on the
    wide frame and 8 pt on the tall one (10 px where a 1024 x 768 page shows it at 0.95 of its size), overlaps
    no other text, and its place lies clear of the board and every rack and inside the frame."""
    from tests.legibility import key_problems, key_texts
    from toolkit.drawing import drawn_places
    from toolkit.games.mcdonalds.board import FOOD_NAMES, FOODS
    for players in (2, 3, 4):
        g = McDonaldsGame(players=players, seed=3)
        play(g, make_agents("mcdonalds", players, "heuristic"), max_steps=40)
        for layout, least in (("wide", drawing.KEY_SIZE), ("tall", drawing.TALL_KEY_SIZE)):
            ax = drawing.draw_state(g, layout=layout)
            said = {t.get_text() for t in key_texts(ax)}
            assert set(FOOD_NAMES.values()) | {drawing.FOOD_SHORT[f] for f in FOODS} | {"+1", "+2"} <= said
            places = drawn_places(ax)
            board = (drawing.BOARD_LIMITS[0], drawing.BOARD_LIMITS[0], drawing.BOARD_LIMITS[1],
                     drawing.BOARD_LIMITS[1])
            racks = [places[("rack", s)] for s in range(1, players + 1)]
            problems = key_problems(ax, apart=[board, *racks], least_pt=least)
            assert not problems, (players, layout, problems)
