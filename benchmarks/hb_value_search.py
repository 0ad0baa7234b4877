"""A study, not an agent kind of the game: Hamburgerspelet's search with short playouts and a fitted value
(``bench_search.py --only hamburgerspelet --agent value-search``; figures in benchmarks/README.md, "Hamburgerspelet's
search with a value").

At a move, a name or a steal (the decisions the ``search`` kind searches, HB-I19) every option is played out in
the same believed worlds (``game.determinize``: only what its player may see) with the planner (HB-I18), but
only to the end of the searching player's turn (its extra rolls after a double included); the position is then
valued by a logistic model of the win chance instead of playing on to the end. Another option replaces the
planner's pick only when its paired gain is above ``confidence`` standard errors. A playout is a few decisions,
so each option gets 24 worlds in about 30 ms.

The model was fitted (Newton's method on the log-likelihood) to 256,797 turn ends of 12,000 two-player games of
the planner against the perfect-memory heuristic (seeds 300000-311999, seats alternated): the player who has just
moved, and won or not. Its features, for that player and the other: ingredients missing from the card, wanted
ingredients remembered on a spot, whether a bun is remembered, and where the chefs stand (the keen agent's worth
of the squares one die beyond each chef, HB-I17); a held-out fifth: log-loss 0.620 (0.693 knowing nothing).
A wanted tile remembered is worth about 0.7 of one on the card.
"""
from __future__ import annotations

import math
import random

from toolkit.core.agents import Agent
from toolkit.games.hamburgerspelet.keen import KeenAgent
from toolkit.games.hamburgerspelet.planner import PlannerAgent
from toolkit.games.hamburgerspelet.search import SEARCHED

# the fitted weights, in the order of ``_terms``
WEIGHTS = (-0.5997, -0.767, 0.551, 0.7545, -0.5443, 0.0501, -0.0405, -0.0039, 0.147, -0.1648, 0.7077, 0.2812,
           -0.4404, -0.0344, -0.2365, 0.3399, -0.2983)
_KEEN = KeenAgent()


def _player(game, seat):
    """(missing, wanted tiles remembered, a bun remembered, the chefs' reach) of ``seat``."""
    mem = game.known[seat - 1]
    wanted = game.wanted(seat)
    _, next_time = _KEEN._squares(game, seat, _KEEN._context(game, seat, mem))
    p1, p2 = game.chefs[seat - 1]
    return (game.n_ingredients - game.held[seat - 1], sum(1 for i in wanted if i in mem), float(game.bun in mem),
            next_time(p1) + next_time(p2))


def _terms(game, seat):
    mm, km, bm, rm = _player(game, seat)
    mo, ko, bo, ro = _player(game, 3 - seat)
    em, eo = mm - km, mo - ko
    # the last-but-six term: the player is the planner (1.0), as the searching seat always is
    return (1.0, mm, km, mo, ko, em * em, eo * eo, em * eo, bm, bo, 1.0, float(mm == 1), float(mo == 1),
            float(km > 0 and mm == 1), float(ko > 0 and mo == 1), rm, ro)


def value(game, seat) -> float:
    """The fitted chance that ``seat`` wins a 2-player game, at the end of its turn."""
    return 1.0 / (1.0 + math.exp(-sum(w * t for w, t in zip(WEIGHTS, _terms(game, seat)))))


class ValueSearchAgent(Agent):
    """The planner, with its moves, names and steals checked in short playouts valued by ``value``."""

    name = "value-search"

    def __init__(self, worlds: int = 24, confidence: float = 2.0):
        self.own, self.worlds, self.confidence = PlannerAgent(), worlds, confidence

    def __repr__(self):
        return f"ValueSearchAgent(worlds={self.worlds}, confidence={self.confidence:g})"

    def choose(self, game, d, rng):
        if d.kind not in SEARCHED or len(d.values) == 1 or game.players != 2:
            return self.own.choose(game, d, rng)
        seat, r = d.player, random.Random(rng.getrandbits(63))
        default = self.own.choose(game, d, r)
        out = {v: [] for v in d.values}
        for _ in range(self.worlds):
            world = game.determinize(seat, r)
            world.quiet()
            seed = r.getrandbits(63)
            for v in d.values:
                x = world.clone()
                x.apply(v)
                out[v].append(self._to_turn_end(x, seat, random.Random(seed)))
        best, edge = default, 0.0
        for v in d.values:
            gains = [a - b for a, b in zip(out[v], out[default])]
            n = len(gains)
            mean = sum(gains) / n
            var = max(sum((x - mean) ** 2 for x in gains) / max(1, n - 1), 1e-6)
            if mean > edge and mean > self.confidence * math.sqrt(var / n):
                best, edge = v, mean
        return best

    def _to_turn_end(self, x, seat, r) -> float:
        d = x.pending()
        while d is not None and x.current == seat:
            v = d.values[0] if len(d.values) == 1 else self.own.choose(x, d, r)
            x.choices.append(v)
            x._apply(d, v)
            d = x.pending()
        if x.over:
            return 1.0 if x.winner() == seat else 0.0
        return value(x, seat)
