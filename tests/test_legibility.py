"""The legibility contract over every drawing of every registered game (issue 13): in the class view and every
player's view, at the start, part way and at the end of seeded games, no text under 8 pt as shown, none cut by
the figure or its axes, no two texts overlapping, no ticks or spines on boards and cards, and a ``$`` always a
dollar sign. The checker is tried on planted defects first, so that it cannot pass by seeing nothing.
"""
import importlib
import inspect

import pytest
from matplotlib.figure import Figure

from tests.legibility import problems
from toolkit.core.registry import game_class, game_names
from toolkit.drawing import FRAME_DPI
from toolkit.gallery import drawings, sample_states, views

SEEDS = ((1, 3, (0.0, 0.5, 1.0)), (2, 4, (0.3,)))        # (seed, players, where in the game)


def _fig(size=(4, 2)):
    fig = Figure(figsize=size, dpi=FRAME_DPI, layout="constrained")
    return fig, fig.add_subplot()


def test_the_checker_passes_a_clean_chart():
    fig, ax = _fig()
    ax.set_title("a title", fontsize=10)
    ax.text(0.5, 0.5, "costs $23", fontsize=9, parse_math=False, ha="center")
    assert problems(fig, "chart") == []


@pytest.mark.parametrize("plant, found", [
    (lambda ax: ax.text(0.5, 0.5, "tiny", fontsize=6), "pt as shown"),
    (lambda ax: ax.text(0.5, 0.5, "$23 + 6 tips + $15", fontsize=9), "mathematics"),
    (lambda ax: ax.text(0.99, 0.5, "runs off the edge of the axes", fontsize=9), "leaves its axes"),
    (lambda ax: ax.set_title("a title far too long to fit in a figure only four inches wide", fontsize=12),
     "cut by the figure"),
    (lambda ax: (ax.text(0.3, 0.5, "one text", fontsize=9), ax.text(0.35, 0.5, "another", fontsize=9)),
     "overlap"),
])
def test_the_checker_finds_each_planted_defect(plant, found):
    fig, ax = _fig()
    plant(ax)
    assert any(found in p for p in problems(fig, "chart"))


def test_the_checker_finds_ticks_on_a_board_and_scales_wide_figures():
    fig, ax = _fig()
    ax.plot([0, 1], [0, 1])
    assert any("keeps its axes" in p for p in problems(fig, "board"))
    fig, ax = _fig(size=(20, 2))         # shown at half its size: 12 pt reads as 4.8 pt
    ax.axis("off")
    ax.text(0.5, 0.5, "small once scaled", fontsize=12)
    assert any("pt as shown" in p for p in problems(fig, "board"))


@pytest.mark.parametrize("name", game_names())
def test_every_public_drawing_is_listed(name):
    """A new public drawing must be listed in DRAWINGS, so the contract and the gallery see it."""
    module = importlib.import_module(game_class(name).drawing_module)
    public = {n for n in module.__all__ if (n.startswith("draw_") or n.endswith("_timeline"))
              and inspect.isfunction(getattr(module, n))}
    listed = {d.name for d in module.DRAWINGS}
    assert public <= listed, f"not in DRAWINGS: {sorted(public - listed)}"
    assert all(d.kind in ("board", "chart") for d in module.DRAWINGS)


@pytest.fixture(scope="module")
def states():
    return {}


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_every_drawing_is_legible(name):
    found = []
    for seed, players, steps in SEEDS:
        for k, game in sample_states(name, players=players, seed=seed, steps=steps):
            for d in drawings(name):
                for viewer in views(d, game):
                    fig = d.draw(game, viewer).figure
                    for p in problems(fig, d.kind):
                        found.append(f"{d.name}, seed {seed}, step {k}, viewer {viewer}: {p}")
    assert not found, f"{len(found)} problems, the first: \n" + "\n".join(found[:25])


#: A classroom page at 1024 x 768 shows a stepper's tall frame scaled to the height it has, at least 60% of the
#: width (614 CSS px); there its smallest text must be at least 11 CSS px (issue 29, part 2 of the pages).
PAGE_BOARD_PX, PAGE_LEAST_PX = 614, 11


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_the_tall_frame_reads_on_a_projected_page(name):
    """Every game's tall frame (``layout="tall"``, the stepper's) is near square (width/height 0.85 to 1.0), so a
    page scaling it to its height can show it 614 px wide at 1024 x 768, and its smallest text drawn, at the
    start, part way and at the end of a seeded game in the class view and a seat's, is then at least 11 CSS px:
    size (pt) / 72 x 614 / width (in) >= 11."""
    from tests.legibility import draw
    from toolkit.drawing import TALL_FRAME_SIZE, TALL_MIN_PT
    assert TALL_MIN_PT / 72 * PAGE_BOARD_PX / TALL_FRAME_SIZE[0] >= PAGE_LEAST_PX      # the constants agree
    module = importlib.import_module(game_class(name).drawing_module)
    for k, game in sample_states(name, players=3, seed=1, steps=(0.0, 0.5, 1.0)):
        for viewer in (None, 1):
            fig = module.draw_state(game, viewer=viewer, layout="tall").figure
            w, h = fig.get_size_inches()
            assert 0.85 <= w / h <= 1.0, (name, w, h)
            texts, _ = draw(fig)
            least = min(t.get_fontsize() for t in texts)
            assert least >= TALL_MIN_PT and least / 72 * PAGE_BOARD_PX / w >= PAGE_LEAST_PX, (name, k, viewer, least, w)
