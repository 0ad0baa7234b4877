"""Where the options of a decision lie on ``draw_state``'s map, for a stepper's board clicks. Nothing here decides
a rule: every value comes from the decision. The places come from the drawing itself: the map's grid of squares,
its houses and its restaurants, as ``draw_map`` marked them (``toolkit.drawing.mark_place``).

A restaurant's place is the outer corner of its entrance square (each top-left square and entrance corner has
its own quarter square), or the whole entrance square where no other option has its entrance; a campaign's, the top-left square of its footprint; a new house's, its garden; a garden's,
the side of the house it goes on; a restaurant to move, the restaurant. Places shared by two options are left to
the buttons (the stepper drops overlapping places).

A restaurant's place also comes in two clicks (``click_groups``): first the square at its top-left (each place
of the restaurant has one), then its entrance corner among the legal ones there. So the first turn's ~190
places are ~50 squares to click, then at most four corners, each on its own entrance square (within one
top-left square the four corners' entrance squares differ, so each is clicked anywhere in its square).
"""
from __future__ import annotations

from ....drawing import drawn_places
from ..map.board import corner_square
from ..map.placement import garden_squares


def _box(grid, squares, shrink=0.05):
    """The box of ``squares`` (row, column) on the map whose squares fill ``grid`` = (x0, y0, x1, y1)."""
    x0, y0 = grid[:2]                  # one data unit a square, as draw_map lays the map out
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    return (x0 + min(cols) + shrink, y0 + min(rows) + shrink, x0 + max(cols) + 1 - shrink, y0 + max(rows) + 1 - shrink)


def _top(text: str) -> tuple:
    r, c = text.split(",")
    return int(r), int(c)


def _entrance(value: str) -> tuple:
    head, corner = value.split()
    return corner_square(_top(head), corner)


def _restaurant_place(grid, value: str, whole: bool = False):
    """The quarter of the entrance square at the restaurant's outer corner (the whole square when ``whole``: no
    other option has its entrance there)."""
    if whole:
        return _box(grid, [_entrance(value)])
    head, corner = value.split()
    x0, y0, x1, y1 = _box(grid, [corner_square(_top(head), corner)], shrink=0)
    xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
    (xa, xb), (ya, yb) = (xm, x1) if corner[1] == "e" else (x0, xm), (ym, y1) if corner[0] == "s" else (y0, ym)
    return (xa, ya, xb, yb)


PLACES = ("start_restaurant", "local_manager", "regional_place")     # decisions whose values are "r,c corner"


def click_groups(game, decision, ax):
    """(label, box, values) for each square where a restaurant of ``decision`` may have its top-left square: the
    box is that square in data coordinates, the values its legal entrance corners ("r,c corner"), in the
    decision's order. Only for the restaurant places (``PLACES``); [] for any other decision."""
    if decision.kind not in PLACES:
        return []
    grid = drawn_places(ax).get("squares")
    if grid is None:
        return []
    tops: dict = {}
    for v in decision.values:
        if isinstance(v, str) and " " in v and "," in v.split()[0]:
            tops.setdefault(v.split()[0], []).append(v)
    out = []
    for top, values in tops.items():
        r, c = _top(top)
        out.append((f"row {r}, column {c}", _box(grid, [(r, c)]), tuple(values)))
    return out


def click_targets(game, decision, ax):
    """(option value, (x0, y0, x1, y1) in data coordinates) for each option of ``decision`` that is a place: the
    squares, houses and restaurants as draw_state marked them on ``ax``."""
    places = drawn_places(ax)
    grid = places.get("squares")
    if grid is None:
        return []
    kind, fmap, out = decision.kind, game.map, []
    if kind in PLACES:      # an entrance square no other option shares is clicked anywhere in it
        entrances = [_entrance(v) for v in decision.values if isinstance(v, str) and " " in v]
        alone = {e for e in entrances if entrances.count(e) == 1}
    for v in decision.values:
        if not isinstance(v, str) or v in ("skip", "pass", "cancel", "new"):
            continue
        if kind in PLACES:
            out.append((v, _restaurant_place(grid, v, whole=_entrance(v) in alone)))
        elif kind == "campaign_place" and "," in v.split()[0]:
            out.append((v, _box(grid, [_top(v.split()[0])])))
        elif kind == "developer_place" and " " in v:
            top, side = v.split()
            out.append((v, _box(grid, garden_squares(_top(top), side))))
        elif kind == "developer_place":          # a garden beside house n, on side v
            n = int(game.sub["what"].split()[1])
            squares = fmap.houses[n].squares
            top = (min(r for r, _ in squares), min(c for _, c in squares))
            out.append((v, _box(grid, garden_squares(top, v))))
        elif kind == "developer" and v.startswith("garden "):
            out.append((v, places.get(("house", int(v.split()[1])))))
        elif kind == "regional_manager" and v.startswith("move "):
            out.append((v, places.get(("restaurant", v.split()[1]))))
    return [(v, box) for v, box in out if box is not None]
