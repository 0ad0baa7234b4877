"""Board clicks land where the places are drawn, for every registered game.

For seeded games of each game, at every step where the class must decide and the decision is a place, the frame
is drawn as the stepper draws it; the middle of each option's place is turned into the PNG pixel a browser reports
(``dataX``, ``dataY``) and fed through the stepper's click path, which must decide exactly that option; and each
place must be where its thing is drawn (a shape centred in it, or, for a player's row, their name in it). So a
drawing whose layout moves without its places, or a click mapping that drifts, fails here.
"""
from __future__ import annotations

import numpy as np
import pytest
from matplotlib.image import AxesImage
from matplotlib.text import Text

from toolkit.core.registry import game_names
from toolkit.drawing import drawn_places, static_layers
from toolkit.widgets import Stepper
from toolkit.widgets.stepper import CLICK_GID

#: Per game: seeds to play, the class's decisions to walk through in each, and the place decisions that must
#: come up (so the test cannot pass by finding nothing to click).
PLAN = {
    "hamburgerspelet": (range(1, 4), 40, {"take", "place", "move", "name", "steal"}),
    "fcm": (range(3, 5), 40, {"start_restaurant"}),
    "disneyland": (range(1, 9), 60, {"wish-target", "take"}),
    "mcdonalds": (range(1, 13), 150, {"help-partner", "take-one"}),
}


def test_every_game_is_planned():
    assert set(PLAN) == set(game_names())


def _pixel(s, x, y):
    """The click at data (x, y) of the stepper's frame as ipyevents reports it: the PNG's pixel from the top left."""
    fx, fy = s._ax.transData.transform((x, y))
    scale = s.dpi * s.pixel_ratio / s._fig.dpi
    return {"type": "click", "dataX": float(fx * scale), "dataY": float((s._fig.bbox.height - fy) * scale)}


def _drawn(frame):
    """Centres of the shapes drawn on the Axes ``frame`` (patches, patch collections, scatter points) and the
    texts, in data coordinates, with what its static layers (a stepper's pictures of the unchanging board) show."""
    return _drawn_on([frame] + static_layers(frame))


def _drawn_on(axes):
    centres, texts = [], []
    for ax in axes:
        c, t = _drawn_one(ax)
        centres.extend(c)
        texts.extend(t)
    return np.array(centres), texts


def _drawn_one(ax):
    centres = []
    for p in ax.patches:
        if p.get_gid() == CLICK_GID:           # the stepper's outlines of the places: not what the game drew
            continue
        (x0, y0), (x1, y1) = p.get_path().transformed(p.get_patch_transform()).get_extents().get_points()
        centres.append(((x0 + x1) / 2, (y0 + y1) / 2))
    for coll in ax.collections:
        offsets = coll.get_offsets()
        if len(offsets) and coll.get_offset_transform() == ax.transData:       # scatter points
            centres.extend(map(tuple, offsets))
        for path in coll.get_paths():
            if len(path.vertices) >= 4 and not len(offsets) > 1:
                (x0, y0), (x1, y1) = path.vertices.min(axis=0), path.vertices.max(axis=0)
                centres.append(((x0 + x1) / 2, (y0 + y1) / 2))
    texts = [(t.get_position(), t.get_text()) for t in ax.texts]
    return centres, texts


def _inside(box, x, y):
    x0, y0, x1, y1 = box
    return min(x0, x1) <= x <= max(x0, x1) and min(y0, y1) <= y <= max(y0, y1)


def _on_map_squares(ax, box):
    """An FCM place not drawn yet (a restaurant or a garden to come) lies on the map picture, along its squares:
    its edges fall on the squares' edges or their halves, as the map image lays squares out."""
    image = next(a for on in [ax] + static_layers(ax) for a in on.get_children() if isinstance(a, AxesImage))
    left, right, bottom, top = image.get_extent()
    rows, cols = image.get_array().shape[:2]
    ux, uy = (right - left) / cols, (bottom - top) / rows
    assert drawn_places(ax)["squares"] == (left, top, right, bottom), "the map's squares are not where the map is"
    for v, o, u in ((box[0], left, ux), (box[2], left, ux), (box[1], top, uy), (box[3], top, uy)):
        k = (v - o) / u * 2
        if abs(k - round(k)) > 0.11:                    # on an edge or a half (or just inside: shrunk by 0.05)
            return False
    return left <= min(box[0], box[2]) and max(box[0], box[2]) <= right


def check_places_are_drawn(s, targets):
    """Each place is where its thing is drawn: a shape centred in its box (the box is that shape's), or a
    player's name inside it (a row), or, for a place still empty on the FCM map, squares of the map."""
    centres, texts = _drawn(s._ax)
    for value, box in targets:
        (x0, y0, x1, y1), cx, cy = box, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        tol = 0.1 * max(abs(x1 - x0), abs(y1 - y0))
        centred = len(centres) and (np.hypot(centres[:, 0] - cx, centres[:, 1] - cy) <= tol).any()
        named = any(text.startswith(("Player", "P")) and _inside(box, *xy) for xy, text in texts
                    if abs(y1 - y0) > 1.5)
        assert centred or named or (s.game_name == "fcm" and _on_map_squares(s._ax, box)), \
            f"{s.game_name}: nothing is drawn at the place of option {value!r} {box}"


def walk(game, seed, moves):
    """The class's place decisions in one seeded game: every place clicked (the value decided recorded, not
    played), then the last one clicked for real to play on. Yields each decision kind checked."""
    s = Stepper(game, players=3, seed=seed, class_seat=1)
    for _ in range(moves):
        d = s.state.pending()
        if d is None:
            return
        targets = s._targets(d)
        if not targets:
            s.decide(d.values[(s.index // 2) % len(d.values)])       # a varied game: both hands, all kinds
            continue
        check_places_are_drawn(s, targets)
        decided, play_on = [], s.decide
        s.decide = decided.append
        try:
            for value, (x0, y0, x1, y1) in targets:
                s._board_clicked(_pixel(s, (x0 + x1) / 2, (y0 + y1) / 2))
        finally:
            s.decide = play_on
        assert not s.errors.outputs, s.errors.outputs
        assert decided == [v for v, _ in targets], f"{game} seed {seed}: clicks decided {decided}"
        k, before = s.index, s.history[s.index].fingerprint()
        x0, y0, x1, y1 = targets[-1][1]
        s._board_clicked(_pixel(s, (x0 + x1) / 2, (y0 + y1) / 2))
        assert not s.errors.outputs, s.errors.outputs
        assert s.history[k + 1].choices[-1] == targets[-1][0] and s.history[k].fingerprint() == before
        yield d.kind


@pytest.mark.parametrize("game", sorted(PLAN))
def test_a_click_in_the_middle_of_each_drawn_place_decides_its_option(game):
    seeds, moves, must = PLAN[game]
    seen = set()
    for seed in seeds:
        seen.update(walk(game, seed, moves))
        if must <= seen:
            break
    assert must <= seen, f"{game}: no board click was tried for {sorted(must - seen)}"
