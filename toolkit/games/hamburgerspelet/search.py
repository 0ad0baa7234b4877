"""Hamburgerspelet's searches: the core's paired search (``core/search.py``) with a stronger player than the
heuristic as its yardstick and its own seat's playout agent, and the perfect-memory heuristic as the opponents'
(the opponent model).

- ``PlannerSearchAgent`` is the game's ``search`` kind (HB-I19): the planner (``planner.py``, HB-I18) as
  yardstick, its pick kept unless another option beats it by 3 standard errors of the paired gains, at most
  3,000 decisions played out a decision. Measured, it wins as often as the planner alone (about 60% against
  the heuristic, benchmarks/README.md): the planner's choices are hard to beat one decision at a time.
- ``HamburgerSearchAgent`` is the same search on the keen agent (``keen.py``), for study
  (``bench_search.py --agent keen-search``): it won less often than the keen agent alone.

The core search compares the playout agent's pick with a few other options in the same believed worlds and
keeps the pick unless another beats it clearly. Nothing else differs from ``SearchAgent``: it reads the real
game only through ``determinize`` and the decision in front of it.
"""
from __future__ import annotations

from ...core.search import SearchAgent
from .keen import KeenAgent
from .planner import PlannerAgent
from .rules import NOT_SEEN, PerfectMemory

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
    """The game's ``search`` kind (HB-I19): the same search with the planner agent (``planner.py``) as its own
    seat's playout agent and yardstick (``keen`` then holds the planner's settings), a swap only at
    ``confidence`` 3 standard errors, and ``steps`` 3,000 decisions played out at most a decision (about 24 ms
    a decision, the longest under 200 ms; benchmarks/README.md)."""

    yardstick_kind = PlannerAgent

    def __init__(self, playouts: int | None = 400, time_ms: float | None = None, *, steps: int | None = 3000,
                 confidence: float = 3.0, **kw):
        super().__init__(playouts, time_ms, steps=steps, confidence=confidence, **kw)


__all__ = ["HamburgerSearchAgent", "PlannerSearchAgent", "SEARCHED"]
