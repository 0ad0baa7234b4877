"""Where the options of a decision lie on ``draw_state``'s map, for a stepper's board clicks (x = column,
y = row, as the map drawing lays squares out). Nothing here decides a rule: every value comes from the decision.

A restaurant's place is the outer corner of its entrance square (each top-left square and entrance corner has
its own quarter square); a campaign's, the top-left square of its footprint; a new house's, its garden; a garden's,
the side of the house it goes on; a restaurant to move, the restaurant. Places shared by two options are left to
the buttons (the stepper drops overlapping places).
"""
from __future__ import annotations

from ..map.board import corner_square
from ..map.placement import garden_squares


def _box(squares, shrink=0.05):
    rows = [r for r, _ in squares]
    cols = [c for _, c in squares]
    return (min(cols) - 0.5 + shrink, min(rows) - 0.5 + shrink, max(cols) + 0.5 - shrink, max(rows) + 0.5 - shrink)


def _top(text: str) -> tuple:
    r, c = text.split(",")
    return int(r), int(c)


def _restaurant_place(value: str):
    head, corner = value.split()
    r, c = corner_square(_top(head), corner)
    x0 = c if corner[1] == "e" else c - 0.5           # the quarter of the entrance square at the outer corner
    y0 = r if corner[0] == "s" else r - 0.5
    return (x0, y0, x0 + 0.5, y0 + 0.5)


def click_targets(game, decision, ax=None):
    """(option value, (x0, y0, x1, y1) in data coordinates) for each option of ``decision`` that is a place."""
    kind, fmap, out = decision.kind, game.map, []
    for v in decision.values:
        if not isinstance(v, str) or v in ("skip", "pass", "cancel", "new"):
            continue
        if kind in ("start_restaurant", "local_manager", "regional_place"):
            out.append((v, _restaurant_place(v)))
        elif kind == "campaign_place" and "," in v.split()[0]:
            out.append((v, _box([_top(v.split()[0])])))
        elif kind == "developer_place" and " " in v:
            top, side = v.split()
            out.append((v, _box(garden_squares(_top(top), side))))
        elif kind == "developer_place":          # a garden beside house n, on side v
            n = int(game.sub["what"].split()[1])
            squares = fmap.houses[n].squares
            top = (min(r for r, _ in squares), min(c for _, c in squares))
            out.append((v, _box(garden_squares(top, v))))
        elif kind == "developer" and v.startswith("garden "):
            out.append((v, _box(fmap.houses[int(v.split()[1])].squares)))
        elif kind == "regional_manager" and v.startswith("move "):
            out.append((v, _box(fmap.restaurants[v.split()[1]].squares)))
    return out
