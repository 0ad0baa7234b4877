"""Hamburgerspelet's searches.

- ``ValueSearchAgent`` is the game's ``search`` kind (HB-I20): the planner (``planner.py``, HB-I18), with its
  ways of moving played out in believed worlds to the end of its turn and valued by a fitted win chance
  (``value.py``); in 2-player games (with more players it plays as the planner).
- ``PlannerSearchAgent`` (HB-I19, the ``search`` kind before HB-I20, now for study: ``bench_search.py --agent
  planner-search``): the core's paired search (``core/search.py``) with the planner as yardstick and its own
  seat's playout agent, the perfect-memory heuristic as the opponents', its pick kept unless another option
  beats it by 3 standard errors, at most 3,000 decisions played out a decision. Measured, it wins as often as
  the planner alone (about 60% against the heuristic, benchmarks/README.md).
- ``HamburgerSearchAgent`` is the same search on the keen agent (``keen.py``), for study
  (``bench_search.py --agent keen-search``): it won less often than the keen agent alone.

They read the real game only through ``determinize`` and the decision in front of it.
"""
from __future__ import annotations

import math
import random

from ...core.loop import play_on
from ...core.search import SearchAgent
from .keen import KeenAgent
from .planner import PlannerAgent
from .agents import PerfectMemory
from .rules import NOT_SEEN
from .value import value

#: The decisions the search compares options at. The others are answered by its yardstick at once: the
#: spots it does not remember are alike to it (a believed world deals them at random), so a take or a
#: place compared in playouts could differ by noise alone, and a stolen tile the card may take is kept.
SEARCHED = frozenset({"move", "name", "steal"})


class HamburgerSearchAgent(SearchAgent):
    """``SearchAgent`` whose own seat plays like ``KeenAgent`` (its yardstick and playouts) and whose
    opponents play like the perfect-memory heuristic; ``keen``: the keen agent's weights; ``steps``: the
    budget in decisions played out (``budget``), ``playouts`` its cap; ``slip``: below 1, believed opponents
    remember mostly tiles they could not keep (``believe``; 1, the default, believes plain determinizations)."""

    yardstick_kind = KeenAgent        # its own seat's playout agent and yardstick

    def __init__(self, playouts: int | None = 400, time_ms: float | None = None, *, steps: int | None = 6500,
                 keen: dict | None = None, slip: float = 1.0, **kw):
        super().__init__(playouts, time_ms, **kw)
        self.own = self.yardstick_kind(**(keen or {}))
        # its own budget in decisions (``budget``), worked out before the search: the core's ``steps`` stays off
        self.decisions, self.cap, self.slip = steps, playouts, slip
        self._seat = None

    def __repr__(self):
        budget = f"steps={self.decisions}, playouts={self.cap}" if self.decisions else f"playouts={self.cap}"
        return f"{type(self).__name__}({budget}, own={self.own!r})"

    def budget(self, game) -> int | None:
        """Playouts for this decision: with ``steps``, as many as fit that many decisions played out (at least
        8, at most ``playouts``), so that early decisions, whose playouts are long, take no longer than late
        ones. A playout lasts about 6.6 decisions for each ingredient still missing from the cards (2-player
        heuristic games: 118 decisions from the start, 12 from 16 ingredients held); the cards are open, so the
        budget depends on what everyone sees."""
        if not self.decisions or self.cap is None:
            return self.cap
        left = max(12.0, 6.6 * (game.n_ingredients * game.players - sum(game.held))) + 10.0   # + a copy's cost
        return max(8, min(self.cap, int(self.decisions / left)))

    def policy(self, game):
        """The playout agents: the keen agent in the searching seat, the heuristic in the others."""
        return self.seated_policy(game, self._seat, self.own, PerfectMemory)

    def believe(self, game, seat, r):
        """A determinization whose other players remember what they would have left lying: a player who
        remembers a tile its card may take takes it at its next chance (a kitchen, a hamburger square, its
        ingredient's square), so a spot another player has seen (public, HB-I5) and the searcher has not holds,
        in a believed world, a tile that player's card may not take, but for a chance ``slip``. A believed tile
        that breaks this is swapped with one from a spot nobody else has seen (both hidden from the searcher,
        so its view stays the same); the others' memories follow the tiles. Without this, a believed opponent
        often remembers tiles it wants and races ahead of the real one."""
        world = game.determinize(seat, r)
        if self.slip >= 1.0:
            return world
        mine, spots, known = world.known[seat - 1], world.spots, world.known
        others = [o for o in range(1, world.players + 1) if o != seat]
        down = [s for s in world.face_down() if mine[s] == NOT_SEEN]
        free = [s for s in down if all(known[o - 1][s] == NOT_SEEN for o in others)]
        r.shuffle(free)
        for s in down:
            who = [o for o in others if known[o - 1][s] != NOT_SEEN]
            if not who or not any(world.can_keep(o, spots[s]) for o in who) or r.random() < self.slip:
                continue
            t = next((t for t in free if not any(world.can_keep(o, spots[t]) for o in who)), None)
            if t is None:
                continue
            free.remove(t)
            spots[s], spots[t] = spots[t], spots[s]
            for o in who:
                known[o - 1][s] = spots[s]
        return world

    def choose(self, game, decision, rng):
        if decision.kind not in SEARCHED or len(decision.values) == 1:
            return self.own.choose(game, decision, rng)
        self._seat = decision.player
        self.playouts = self.budget(game)
        try:
            return super().choose(game, decision, rng)
        finally:
            self.playouts = self.cap


class PlannerSearchAgent(HamburgerSearchAgent):
    """HB-I19's search (the ``search`` kind before HB-I20): the same search with the planner agent (``planner.py``) as its own
    seat's playout agent and yardstick (``keen`` then holds the planner's settings), a swap only at
    ``confidence`` 3 standard errors, and ``steps`` 3,000 decisions played out at most a decision (about 24 ms
    a decision, the longest under 200 ms; benchmarks/README.md)."""

    yardstick_kind = PlannerAgent

    def __init__(self, playouts: int | None = 400, time_ms: float | None = None, *, steps: int | None = 3000,
                 confidence: float = 3.0, **kw):
        super().__init__(playouts, time_ms, steps=steps, confidence=confidence, **kw)


class ValueSearchAgent(SearchAgent):
    """The game's ``search`` kind (HB-I20): the planner (``planner.py``, HB-I18), with its moves checked in
    short playouts valued by a fitted win chance (``value.py``). Every way of moving is played out in the same
    ``worlds`` believed worlds (``game.determinize``: only what its player may see), by the planner, to the
    end of the turn (extra rolls after a double included; ``depth`` turns, the other seat's played by the
    perfect-memory heuristic); a game won or lost there counts 1 or 0, else the value at the turn's end. Another
    way replaces the planner's only when its paired gain is above ``confidence`` standard errors. About 70 ms
    a searched decision, the longest under 200 ms (benchmarks/README.md); other decisions are the planner's."""

    def __init__(self, worlds: int = 64, confidence: float = 1.0, *, kinds=("move",), depth: int = 1,
                 weights=None):
        super().__init__(playouts=worlds)
        self.own, self.other = PlannerAgent(), PerfectMemory()
        self.worlds, self.confidence, self.kinds, self.depth = worlds, confidence, frozenset(kinds), depth
        self.weights = weights

    def __repr__(self):
        return (f"{type(self).__name__}(worlds={self.worlds}, confidence={self.confidence:g}, "
                f"kinds={sorted(self.kinds)}, depth={self.depth})")

    def believe(self, game, seat, r):
        return game.determinize(seat, r)

    def choose(self, game, d, rng):
        if d.kind not in self.kinds or len(d.values) == 1 or game.players != 2:
            return self.own.choose(game, d, rng)
        seat, r = d.player, random.Random(rng.getrandbits(63))
        default = self.own.choose(game, d, r)
        out = {v: [] for v in d.values}
        agents = [self.own if s == seat else self.other for s in range(1, game.players + 1)]
        end = game.turn + self.depth          # playouts stop once ``depth`` turns have ended, this one first
        for _ in range(self.worlds):
            world = self.believe(game, seat, r)
            world.quiet()
            seed = r.getrandbits(63)
            for v in d.values:
                x = world.clone()
                x.apply(v)
                out[v].append(self._to_turn_end(x, seat, agents, end, random.Random(seed)))
        best, edge = default, 0.0
        for v in d.values:
            gains = [a - b for a, b in zip(out[v], out[default])]
            n = len(gains)
            mean = sum(gains) / n
            var = max(sum((x - mean) ** 2 for x in gains) / max(1, n - 1), 1e-6)
            if mean > edge and mean > self.confidence * math.sqrt(var / n):
                best, edge = v, mean
        return best

    def _to_turn_end(self, x, seat, agents, end, r) -> float:
        """Plays on (``agents`` by seat, all drawing from ``r``) to the end of turn ``end`` (the option may
        already have ended it) and returns ``seat``'s chance: 1 or 0 at a game's end, else the value from the
        side of who moved last, the player before the one whose turn it is now (HB-I2)."""
        play_on(x, agents, [r] * len(agents), until_turn=end)
        if x.over:
            return 1.0 if x.winner() == seat else 0.0
        mover = (x.current - 2) % x.players + 1
        p = self.chance(x, mover, mover == seat)
        return p if mover == seat else 1.0 - p

    def chance(self, game, mover, planner):
        """The value of ``game`` for ``mover`` at the end of its turn."""
        return value(game, mover, self.weights, planner)


__all__ = ["HamburgerSearchAgent", "PlannerSearchAgent", "SEARCHED", "ValueSearchAgent"]
