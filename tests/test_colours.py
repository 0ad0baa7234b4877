"""Colour that everyone can read (issue 13): the colours each drawing tells things apart by (its module's
``DISTINCT_COLOURS`` groups, and the shared player palette) stay apart for normal vision and under simulated
deuteranopia and protanopia (Machado et al. 2009, full severity), by a CIEDE2000 difference computed with
colour-science. Okabe and Ito's palette, the reference, keeps every pair at 11.6 or more.
"""
import importlib
import itertools
import warnings

import numpy as np
import pytest
from matplotlib.colors import to_rgb

from toolkit.core.registry import game_class, game_names
from toolkit.drawing import OKABE_ITO, PLAYER_COLOURS

with warnings.catch_warnings():          # colour-science mentions the SciPy features it does without
    warnings.simplefilter("ignore")
    colour = pytest.importorskip("colour")

MIN_DELTA_E = 10.0
VISIONS = ("normal", "Deuteranomaly", "Protanomaly")


def _lab(rgb, vision):
    rgb = np.asarray(rgb, dtype=float)
    if vision != "normal":
        linear = colour.models.eotf_sRGB(rgb)
        seen = np.clip(colour.blindness.matrix_cvd_Machado2009(vision, 1.0) @ linear, 0, 1)
        rgb = colour.models.eotf_inverse_sRGB(seen)
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(rgb))


def closest_pairs(group: dict) -> list:
    """``(difference, vision, a, b)`` for every pair of the group under every vision, closest first."""
    out = []
    for vision in VISIONS:
        lab = {k: _lab(to_rgb(v), vision) for k, v in group.items()}
        for a, b in itertools.combinations(lab, 2):
            out.append((float(colour.delta_E(lab[a], lab[b], method="CIE 2000")), vision, a, b))
    return sorted(out)


def too_close(group: dict) -> list:
    return [p for p in closest_pairs(group) if p[0] < MIN_DELTA_E]


def test_the_check_finds_close_colours():
    assert too_close(OKABE_ITO) == []
    # the old pictures: a gold "good photo" beside the Frontierland orange, and red against green
    assert too_close({"good photo": "#f5b041", "Frontierland": "#f39c12"})
    assert any(v == "Deuteranomaly" for _, v, _, _ in too_close({"red": "#d62728", "green": "#2ca02c"}))


def test_the_player_palette_stays_apart():
    assert too_close(dict(enumerate(PLAYER_COLOURS, 1))) == []


@pytest.mark.parametrize("name", game_names())
def test_each_drawing_tells_things_apart_for_everyone(name):
    module = importlib.import_module(game_class(name).drawing_module)
    groups = module.DISTINCT_COLOURS
    assert groups, "a drawing module lists the colour groups it tells things apart by"
    bad = {g: too_close(cols)[:3] for g, cols in groups.items() if too_close(cols)}
    assert not bad, bad
