"""The McDonald's search agent (agent kind ``search``, MCD-I21): the planner as its yardstick and its own
playout agent, and a paired comparison with a few other options at the decisions that move cards.

What it considers:

- its yardstick is the planner's pick (``agents.PlannerAgent``), which alone wins about 64-66% of 2-player games
  against the heuristic (benchmarks/README.md; the comparison below has added nothing measurable to it, so
  its guard is strict);
- at the decisions of ``SEARCHED`` kinds (the trade and the cards taken, MCD-3.4, MCD-3.5) the alternatives
  are the heuristic's pick and random other options, at most ``alternatives`` of them; returning extras is
  never worse than forgetting them (MCD-7.4), so that and the roll are answered at once;
- each candidate is played out in the same believed worlds (``Game.determinize``) with the same future chance,
  its own seat by the planner and the other seats by the heuristic, to the end, valued by the core's
  ``reward`` (win, and the score margin with weight ``margin``);
- the planner's pick stays unless another beats it by ``confidence`` standard errors of the paired gains.

It reads the real game only through ``determinize`` and the decision in front of it, and the planner reads
only what its seat sees; with a budget in playouts it is deterministic.
"""
from __future__ import annotations

import random

from ...core.search import SearchAgent
from .agents import McDonaldsHeuristic, PlannerAgent

#: The decisions whose options the search compares (the others are the planner's alone).
SEARCHED = frozenset({"help-partner", "help-give", "help-take", "take-one"})


class McdSearchAgent(SearchAgent):
    """The search agent for The McDonald's Game (MCD-I21). ``playouts``: the most playouts a decision
    (candidates times worlds); ``steps``: the most decisions played out a decision (worlds stop once they
    are spent: a search early in a game, whose playouts are long, sees fewer worlds); ``alternatives``:
    options compared with the planner's pick at most; the rest as ``SearchAgent``. Both budgets count
    play, not time, so the choices do not depend on the machine (a ``time_ms`` is refused)."""

    def __init__(self, playouts: int | None = 48, time_ms: float | None = None, *, steps: int = 400,
                 alternatives: int = 2, margin: float = 0.25, confidence: float = 2.0, **kw):
        if time_ms is not None:
            raise ValueError("McDonald's search agent counts play, not time: give playouts or steps, not time_ms")
        super().__init__(playouts, None, margin=margin, confidence=confidence, **kw)
        self.alternatives, self.steps = max(1, int(alternatives)), max(1, int(steps))
        self.own, self.rival = PlannerAgent(), McDonaldsHeuristic()
        self._seat = None

    def __repr__(self):
        return (f"McdSearchAgent(playouts={self.playouts}, steps={self.steps}, alternatives={self.alternatives}, "
                f"confidence={self.confidence:g})")

    def policy(self, game):
        """The playout agents: the planner in the searching seat, the heuristic elsewhere."""
        return [self.own if s == self._seat else self.rival for s in range(1, game.players + 1)]

    def choose(self, game, decision, rng):
        values = decision.values
        if decision.kind not in SEARCHED or len(values) == 1:
            return self.own.choose(game, decision, rng)
        self._seat = seat = decision.player
        r = random.Random(rng.getrandbits(63))       # one draw from the seat's stream: the rest is ours
        default = self.own.choose(game, decision, r)
        self.yardstick = default
        cands = [default]
        v = self.rival.choose(game, decision, r)
        if v != default:
            cands.append(v)
        others = [v for v in values if v not in cands]
        r.shuffle(others)
        cands += others[:max(0, self.alternatives + 1 - len(cands))]
        worlds = max(1, (self.playouts or 2 * len(cands)) // len(cands))
        gains = {v: [] for v in cands[1:]}
        self._played = 0                   # decisions played out so far (the core's playouts count them)
        for _ in range(worlds):
            if self._played >= self.steps:
                break
            world = self.believe(game, seat, r)
            world.quiet()
            out = self._played_out(world, cands, seat, r.getrandbits(63))     # same world, dice and randomness
            for v in cands[1:]:
                gains[v].append(out[v] - out[default])
        self.last = {v: (len(g), sum(g) / len(g)) for v, g in gains.items()}
        best = max(cands[1:], key=lambda v: self.last[v][1])
        return self._guarded(best, gains[best], default)


__all__ = ["McdSearchAgent", "SEARCHED"]
