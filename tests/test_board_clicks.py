"""Board clicks land where the places are drawn, for every registered game.

For seeded games of each game, at every step where the class must decide and the decision is a place, the frame
is drawn as the stepper draws it; the middle of each option's place is turned into the PNG pixel a browser reports
(``dataX``, ``dataY``) and fed through the stepper's click path, which must decide exactly that option; and each
place must be where its thing is drawn (a shape centred in it, or, for a player's row, their name in it). So a
drawing whose layout moves without its places, or a click mapping that drifts, fails here.
"""
from __future__ import annotations

import importlib
import inspect
from types import SimpleNamespace

import numpy as np
import pytest
from matplotlib.image import AxesImage

from toolkit.core.play import play
from toolkit.core.registry import game_class, game_names
from toolkit.core.seating import make_agents
from toolkit.drawing import TALL_FRAME_SIZE, drawn_places, static_layers
from toolkit.widgets import Stepper
from toolkit.widgets.stepper import CLICK_GID

from .stepping import frames_left_out

#: Per game: seeds to play, the class's decisions to walk through in each, and the place decisions that must
#: come up (so the test cannot pass by finding nothing to click).
PLAN = {
    "hamburgerspelet": (range(1, 4), 40, {"take", "place", "move", "name", "steal"}),
    "fcm": (range(3, 5), 6, {"start_restaurant"}),        # the later decisions: test_fcm_clicks_place_...
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


def check_clicks(s, d, targets):
    """Every place of ``d`` drawn and a click in the middle of each deciding exactly its option (recorded, not
    played)."""
    check_places_are_drawn(s, targets)
    decided, play_on = [], s.decide
    s.decide = decided.append
    try:
        for value, (x0, y0, x1, y1) in targets:
            s._board_clicked(_pixel(s, (x0 + x1) / 2, (y0 + y1) / 2))
    finally:
        s.decide = play_on
    assert not s.errors.outputs, s.errors.outputs
    assert decided == [v for v, _ in targets], f"{s.game_name} seed {s.seed}: clicks decided {decided}"


def _middle(box):
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def check_group_clicks(s, d, every=4):
    """A decision offered in two clicks (``click_groups``): the groups' boxes do not overlap and lie on the map's
    squares; a click in a group's box (every ``every``-th group, and the last) narrows the decision to that group,
    whose places are then all clickable (none overlapping another) and each decides exactly its option.
    Returns the last group's places, narrowed to it."""
    groups = s._groups(d)
    assert groups and not s._targets(d), "before the first click no single place is offered"
    boxes = [b for _, b, _ in groups]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]), (a, b)
    if s.game_name == "fcm":
        assert all(_on_map_squares(s._ax, b) for b in boxes)
    assert sorted(v for *_, vs in groups for v in vs) == sorted(set(v for *_, vs in groups for v in vs))
    targets = []
    for group in groups[::every] + groups[-1:]:
        if s._narrow is not None:       # "another square": every group again (a narrowed place may lie on one)
            another = [b for row in s.decision.children[1:] for b in row.children
                       if getattr(b, "description", "") == "another square"]
            assert len(another) == 1
            another[0].click()
            assert s._narrow is None and not s._targets(d)
        k = s.index
        s._board_clicked(_pixel(s, *_middle(group[1])))
        assert s._narrow == group and s.index == k, "the first click did not narrow the decision to its group"
        targets = s._targets(d)
        assert [v for v, _ in targets] == list(group[2]), (group, targets)   # every place clickable, in order
        check_clicks(s, d, targets)
    return targets


#: Each kind of place decision is checked this many times in a game; later ones are played without pictures.
REPEATS = 3


def _decide_unseen(s, value):
    """Play on without drawing the frame (the next checked step draws its own)."""
    with frames_left_out(s):
        s.decide(value)


def walk(game, seed, moves):
    """The class's place decisions in one seeded game: every place clicked (the value decided recorded, not
    played), then the last one clicked for real to play on. Yields each decision kind checked."""
    s = Stepper(game, players=3, seed=seed, class_seat=1, answer_single=False)     # one-option places too
    checked = {}
    for _ in range(moves):
        d = s.state.pending()
        if d is None:
            return
        varied = d.values[(s.index // 2) % len(d.values)]           # a varied game: both hands, all kinds
        if checked.get(d.kind, 0) >= REPEATS:
            _decide_unseen(s, varied)
            continue
        s.frame_png()                                                # this step's frame, as the stepper shows it
        targets = s._targets(d)
        if not targets and s._groups(d):
            targets = check_group_clicks(s, d)                       # two clicks: narrowed to the last group
        elif targets:
            check_clicks(s, d, targets)
        if not targets:
            _decide_unseen(s, varied)
            continue
        checked[d.kind] = checked.get(d.kind, 0) + 1
        k, before = s.index, s.history[s.index].fingerprint()
        x0, y0, x1, y1 = targets[-1][1]
        s._board_clicked(_pixel(s, (x0 + x1) / 2, (y0 + y1) / 2))
        assert not s.errors.outputs, s.errors.outputs
        assert s.history[k + 1].choices[-1] == targets[-1][0] and s.history[k].fingerprint() == before
        yield d.kind


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(PLAN))
def test_a_click_in_the_middle_of_each_drawn_place_decides_its_option(game):
    seeds, moves, must = PLAN[game]
    seen = set()
    for seed in seeds:
        seen.update(walk(game, seed, moves))
        if must <= seen:
            break
    assert must <= seen, f"{game}: no board click was tried for {sorted(must - seen)}"



#: FCM's place decisions after the starting restaurants, as the strategic agents come to them (the class takes
#: each where it first comes up, then goes on to the decision it leads to): a campaign; a New Business Developer's
#: garden (a click on the house) and where a new house or a garden goes; a Local Manager's new restaurant; a
#: Regional Manager's restaurant to move and where it goes.
FCM_LATER = {"campaign_place": {"campaign_place"},
             "developer": {"developer", "developer_place house", "developer_place garden"},
             "local_manager": {"local_manager"},
             "regional_manager": {"regional_manager", "regional_place"}}
#: Seeds searched in order until every kind has come up: 5 first, where the agents of this writing reach them all
#: by step 300; the others only a bound, in case the agents change.
FCM_SEEDS = (5, 3, 1, 2, 4, 6, 7, 8)


def _fcm_from(kinds, bound=800):
    """FCM starting where the strategic agents of a seeded game first have one of ``kinds`` pending (or at the end,
    or after ``bound`` steps), played on the plain path: the stepper shows that decision as its step 0."""
    base = game_class("fcm")

    class FromThere(base):
        def __init__(self, players, seed=0, options=None, **kw):
            super().__init__(players, seed, options, **kw)
            agents = make_agents(base, players, "heuristic")
            for _ in range(bound):
                d = self.pending()
                if d is None or d.kind in kinds:
                    break
                play(self, agents, max_steps=1)
    return FromThere


def _label(d) -> str:
    if d.kind != "developer_place":
        return d.kind
    return "developer_place house" if any(" " in v for v in d.values) else "developer_place garden"


def _check_pending(s, seen):
    d = s.state.pending()
    if _label(d) in seen:
        return
    targets = s._targets(d)
    if targets:
        check_clicks(s, d, targets)
        seen.add(_label(d))
    elif s._groups(d):
        check_group_clicks(s, d)
        seen.add(_label(d))


@pytest.mark.slow
def test_fcm_clicks_place_campaigns_houses_gardens_and_restaurants():
    """Each kind where it first comes up in a seeded game of strategic agents (a fresh stepper for each, so the
    many campaigns and restaurants between are played on the plain path), and what it leads to."""
    seen, wanted = set(), set().union(*FCM_LATER.values())
    for seed in FCM_SEEDS:
        tried = set()                                    # kinds taken at their first decision in this seed
        while kinds := {k for k, labels in FCM_LATER.items() if not labels <= seen} - tried:
            s = Stepper(_fcm_from(kinds), players=3, seed=seed, answer_single=False,     # one-option places too
                        class_kinds=kinds | {"developer_place", "regional_place"})
            d = s.state.pending()
            if d is None or d.kind not in kinds:
                break                                    # none of them in this seed's game: the next seed
            tried.add(d.kind)
            _check_pending(s, seen)
            # the decisions it leads to, each from this one (a fork): a new house, a garden, a restaurant to move
            for prefix, label in (("house ", "developer_place house"), ("garden ", "developer_place garden"),
                                  ("move ", "regional_place")):
                value = next((v for v in d.values if v.startswith(prefix)), None)
                if label in seen or value is None:
                    continue
                s.slider.value = 0
                s.decide(value)
                assert s.state.pending().kind == label.split()[0]
                _check_pending(s, seen)
        if wanted <= seen:
            break
    assert wanted <= seen, f"fcm: no board click was tried for {sorted(wanted - seen)}"


def _tall_games():
    """The games whose draw_state offers the tall frame (a stepper's, beside its decision column)."""
    return [name for name in sorted(PLAN) if "layout" in inspect.signature(
        importlib.import_module(game_class(name).drawing_module).draw_state).parameters]


@pytest.mark.slow
@pytest.mark.parametrize("game", _tall_games())
def test_a_tall_frame_marks_every_place_the_wide_frame_marks(game):
    """For each kind of place decision (as the heuristic agents come to them): the tall frame, drawn fast into
    an Axes as a stepper's, has a place for every option the wide frame has, in the same order, and each is
    where its thing is drawn."""
    seeds, _moves, must = PLAN[game]
    mod = importlib.import_module(game_class(game).drawing_module)
    seen: dict = {}
    for seed in seeds:
        g = game_class(game)(players=3, seed=seed)
        agents = make_agents(game, 3, "heuristic")
        while (d := g.pending()) is not None and not must <= set(seen):
            if d.kind in must and seen.get(d.kind, 0) < REPEATS:
                wide = mod.click_targets(g, d, ax=mod.draw_state(g, viewer=d.player))
                tall_ax = mod.draw_state(g, viewer=d.player, fast=True, layout="tall")
                tall = mod.click_targets(g, d, ax=tall_ax)
                assert [v for v, _ in tall] == [v for v, _ in wide], (game, seed, d.kind)
                if tall:
                    check_places_are_drawn(SimpleNamespace(_ax=tall_ax, game_name=game), tall)
                    seen[d.kind] = seen.get(d.kind, 0) + 1
            play(g, agents, max_steps=1)
        if must <= set(seen):
            break
    assert must <= set(seen), f"{game}: no tall frame was tried for {sorted(must - set(seen))}"


@pytest.mark.slow
def test_a_tall_frame_fits_its_size_and_an_unknown_layout_is_refused():
    """A tall frame is at most TALL_FRAME_SIZE, for every number of players; a layout not in LAYOUTS is refused
    with an error that names them."""
    for name in _tall_games():
        cls = game_class(name)
        mod = importlib.import_module(cls.drawing_module)
        for players in range(cls.min_players, cls.max_players + 1):
            w, h = mod.draw_state(cls(players=players, seed=1), layout="tall").figure.get_size_inches()
            assert w <= TALL_FRAME_SIZE[0] and h <= TALL_FRAME_SIZE[1], (name, players)
        with pytest.raises(ValueError, match="wide.*tall"):
            mod.draw_state(cls(players=2, seed=1), layout="square")
