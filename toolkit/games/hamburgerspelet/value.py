"""Hamburgerspelet's value: a fitted chance that a player of a 2-player game wins, read at the end of its turn
(for the search agent, ``search.py``, HB-I20). It reads what that player may see: the open cards and chefs,
its own memory (``game.known`` of its seat) and, for the other player, the same facts in the game it is given
(a believed world, in the search: never the real game's hidden tiles).

Fitted to turn ends of games of the planner (HB-I18) against the perfect-memory heuristic: the player who has
just moved, and whether it won. ``benchmarks/hb_value_fit.py`` plays the games and fits the weights again.
"""
from __future__ import annotations

import math

from .keen import KeenAgent

#: the model's terms (``terms_of``): for the player (m) and the other (o): ingredients missing, wanted ones
#: remembered, the missing ones not remembered (e) squared and crossed, a bun remembered, whether the player
#: is the planner, one ingredient missing (and it remembered), the chefs' reach, the chance that a tile not
#: remembered is wanted, the kitchen's exposure to a steal, and e times that chance
TERMS = ("1", "mm", "km", "mo", "ko", "em2", "eo2", "emeo", "bm", "bo", "planner", "mm1", "mo1", "km_mm1", "ko_mo1",
         "rm", "ro", "um", "uo", "xm", "xo", "em_um", "eo_uo")
#: fitted by logistic regression (Newton's method, numpy) with ``python benchmarks/hb_value_fit.py`` (20,000 games, seeds 300000-319999: 428,591 turn ends;
#: held-out log-loss 0.6147 against 0.6153 for the earlier terms refitted on the same turn ends)
WEIGHTS = (-0.7101, -0.8226, 0.5884, 0.8481, -0.5850, 0.0264, -0.0138, -0.0038, 0.1253, -0.1305, 0.6734, 0.2141,
           -0.2854, -0.0518, -0.2430, 0.1628, -0.1548, -0.4317, 0.5328, -0.2235, 0.4023, 0.3018, -0.3765)
_KEEN = KeenAgent()
_ROLLS = [(a, b) for a in range(1, 7) for b in range(1, 7)]


def _exposed(game, thief, seat):
    """The chance that ``thief``'s next roll can bring a chef onto ``seat``'s kitchen (a steal, HB-5.5), if
    ``seat``'s card holds anything; doubles' extra rolls not counted."""
    if not game.held[seat - 1]:
        return 0.0
    kitchen = next(sq for sq, owner in game.owner.items() if owner == seat)
    n = len(game.board.loop)
    a, b = ((kitchen - p) % n for p in game.chefs[thief - 1])
    return sum(1 for d1, d2 in _ROLLS if a in (d1, d2) or b in (d1, d2)) / 36.0


def _player(game, seat):
    """(missing, wanted tiles remembered, a bun remembered, the chefs' reach, the chance that a tile it does
    not remember is one it wants, its kitchen's exposure to the other's chefs) of ``seat``: all public or its
    own memory."""
    mem = game.known[seat - 1]
    wanted, odds, reach = _KEEN.outlook(game, seat, mem)
    p1, p2 = game.chefs[seat - 1]
    return (game.n_ingredients - game.held[seat - 1], sum(1 for i in wanted if i in mem), float(game.bun in mem),
            reach(p1) + reach(p2), sum(odds[i] for i in wanted), _exposed(game, 3 - seat, seat))


def raw(game, seat):
    """The raw features of a 2-player position for ``seat`` (see ``_player``): its own, then the other's."""
    return _player(game, seat) + _player(game, 3 - seat)


def terms_of(r, planner=1.0):
    """The model's terms (``TERMS``) from ``raw``'s features; ``planner``: the player is the planner."""
    mm, km, bm, rm, um, xm, mo, ko, bo, ro, uo, xo = r
    em, eo = mm - km, mo - ko
    return (1.0, mm, km, mo, ko, em * em, eo * eo, em * eo, bm, bo, planner, float(mm == 1), float(mo == 1),
            float(km > 0 and mm == 1), float(ko > 0 and mo == 1), rm, ro, um, uo, xm, xo, em * um, eo * uo)


def value(game, seat, weights=None, planner: bool = True) -> float:
    """The fitted chance that ``seat`` (the planner, or with ``planner`` False the heuristic) wins a 2-player
    game, at the end of its turn."""
    w = weights or WEIGHTS
    t = terms_of(raw(game, seat), float(planner))
    z = sum(a * b for a, b in zip(w, t))
    return 1.0 / (1.0 + math.exp(-z))
