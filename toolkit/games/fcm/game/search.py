"""FCM's search agent (agent kind ``search``, FCM-I77): the strategic agent of one style as its yardstick and
playout agent, and a paired comparison at the decisions where other styles would choose otherwise.

A whole FCM game is some 300 decisions and a strategic playout of what is left of it costs about a tenth of a
second, so a search of every option at every decision is out of reach at 200 ms a decision. What the search
considers instead:

- its yardstick is the strategic agent with its own style (``style``; by default pizza-radio, the style
  that won most against the dealt styles in 2-player games, benchmarks/README.md);
- at the decisions of ``SEARCHED`` kinds, the alternatives are the picks the other styles' strategic agents
  would make there (a plausible rival of the yardstick, not a random option), plus random other options when
  a decision has at most ``few`` options; a decision where no one disagrees is answered at once;
- each candidate is played out in the same believed worlds (``Game.determinize``) with the same future chance,
  its own seat by the yardstick's style and the other seats by the strategic agent with the style the world's
  seed deals (the rival's style is not seen: every world draws one), cut after ``max_steps`` decisions (fewer
  between grown companies, ``playout_steps``) and valued by the core's ``reward`` (win and cash margin, or the margin alone when cut);
- the yardstick's pick stays unless another beats it by ``confidence`` standard errors of the paired gains.

Every other decision is answered by the yardstick directly. The agent reads the real game only through
``determinize`` and the decision in front of it, as the strategic agent does (FCM-I75); with a budget in
playouts it is deterministic.
"""
from __future__ import annotations

import gc
import random

from ....core.search import SearchAgent
from .strategic import StrategicAgent
from .styles import STYLES

#: Decisions whose options the search compares: placements, campaigns, foods, drinks, hiring, training and
#: firing, where the styles' picks differ and the difference shows within a few rounds. Not turn order: comparing
#: its picks changed none in 67 decisions measured, most tying exactly (benchmarks/README.md).
SEARCHED = frozenset({"start_restaurant", "local_manager", "regional_place", "developer", "developer_place",
                      "campaign_tile", "campaign_place", "campaign_good", "kitchen", "errand", "route",
                      "fire", "hire", "train"})


class FcmSearchAgent(SearchAgent):
    """The search agent for FCM (FCM-I77). ``style``: the yardstick's and own playouts' style; ``playouts``:
    the most playouts a decision (candidates times worlds); ``alternatives``: rivals of the yardstick at most;
    ``few``: decisions with at most so many options also try random others; ``crowd``: cards a company owns on
    average beyond which playouts are cut sooner (None: never); the rest as ``SearchAgent``
    (``time_ms`` bounds only ``method="uct"``: the paired comparison's budget is ``playouts``)."""

    def __init__(self, playouts: int | None = 4, time_ms: float | None = None, *, style: str = "pizza-radio",
                 alternatives: int = 2, few: int = 4, max_steps: int | None = 32, margin: float = 0.5,
                 confidence: float = 1.0, crowd: int | None = 14, **kw):
        super().__init__(playouts, time_ms, max_steps=max_steps, margin=margin, confidence=confidence, **kw)
        self.style = STYLES[style]
        self.alternatives, self.few, self.crowd = max(1, alternatives), few, crowd
        self.own = StrategicAgent(self.style)
        self._rivals = [StrategicAgent(s) for name, s in STYLES.items() if name != self.style.name]
        self._seat = None

    def __repr__(self):
        return f"FcmSearchAgent(playouts={self.playouts}, style={self.style.name!r}, max_steps={self.max_steps})"

    def policy(self, game):
        """The playout agents: the own style in the searching seat, the dealt style elsewhere."""
        return self.seated_policy(game, self._seat, self.own, StrategicAgent)

    def playout_steps(self, world):
        """``max_steps``, fewer once the companies own more than ``crowd`` cards each on average: a decision
        costs about in proportion to the cards in play, so a playout between grown companies is cut sooner
        (counted in the believed world, so still in decisions: the same search on any machine)."""
        if self.max_steps is None or not self.crowd:
            return self.max_steps
        cards = sum(sum(world.company(s).owned().values()) for s in range(1, world.players + 1))
        room = self.crowd * world.players
        return self.max_steps if cards <= room else max(1, self.max_steps * room // cards)

    def choose(self, game, decision, rng):
        values = decision.values
        if decision.kind not in SEARCHED or len(values) == 1:
            return self.own.choose(game, decision, rng)
        collecting = gc.isenabled()
        gc.disable()             # a search's copies are short-lived: no full collection in the middle of one
        try:
            return self._search(game, decision, rng)
        finally:
            if collecting:
                gc.enable()

    def _search(self, game, decision, rng):
        values = decision.values
        self._seat = decision.player
        if self.method != "paired":                   # the core's tree over every option, these playouts
            return super().choose(game, decision, rng)
        self._policies = {}
        r = random.Random(rng.getrandbits(63))       # one draw from the seat's stream: the rest is ours
        first = self.believe(game, decision.player, r)
        first.quiet()
        d = first.pending()
        default = self.own.choose(first, d, r)
        self.yardstick = default
        cands = [default]
        for agent in self._rivals:
            v = agent.choose(first, d, r)
            if v not in cands and len(cands) <= self.alternatives:
                cands.append(v)
        if len(values) <= self.few:
            others = [v for v in values if v not in cands]
            r.shuffle(others)
            cands += others[:max(0, self.alternatives + 1 - len(cands))]
        if len(cands) == 1:
            self.last = {}
            return default
        return self._compare(game, decision.player, cands, first, r)

    def _compare(self, game, seat, cands, first, r):
        """Paired playouts of ``cands`` (the yardstick first) in the same worlds; the verdict with the guard."""
        budget = self.playouts or 2 * len(cands)
        worlds = max(1, budget // len(cands))
        gains = {v: [] for v in cands[1:]}
        world = first
        for _ in range(worlds):
            world = world or self.believe(game, seat, r)
            world.quiet()
            out = self._played_out(world, cands, seat, r.getrandbits(63))
            for v in cands[1:]:
                gains[v].append(out[v] - out[cands[0]])
            world = None
        self.last = {v: (len(g), sum(g) / len(g)) for v, g in gains.items()}
        best = max(cands[1:], key=lambda v: self.last[v][1])
        return self._guarded(best, gains[best], cands[0])


__all__ = ["FcmSearchAgent", "SEARCHED"]
