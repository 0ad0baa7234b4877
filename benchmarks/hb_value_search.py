"""A study, not an agent kind of the game: Hamburgerspelet's search with short playouts and a fitted value
(``bench_search.py --only hamburgerspelet --agent value-search``; figures in benchmarks/README.md, "Hamburgerspelet's
search with a value" and "a second pass").

At a move, a name or a steal (the decisions the ``search`` kind searches, HB-I19) every option is played out in
the same believed worlds (``game.determinize``: only what its player may see) with the planner (HB-I18), but
only to the end of the searching player's turn (its extra rolls after a double included; with ``depth`` 3,
through the other's turn, played by the heuristic, and its own next one); the position is then valued by a
logistic model of the win chance instead of playing on to the end. Another option replaces the planner's pick
only when its paired gain is above ``confidence`` standard errors. A playout is a few decisions, so each option
gets 24 worlds in about 30 ms.

The earlier model (the default, ``OLD_WEIGHTS``) was fitted (Newton's method on the log-likelihood) to 256,797
turn ends of 12,000 two-player games of the planner against the perfect-memory heuristic (seeds 300000-311999,
seats alternated): the player who has just moved, and won or not. Its features, for that player and the other:
ingredients missing from the card, wanted ingredients remembered on a spot, whether a bun is remembered, and
where the chefs stand (the keen agent's worth of the squares one die beyond each chef, HB-I17); a held-out
fifth: log-loss 0.620 (0.693 knowing nothing). A wanted tile remembered is worth about 0.7 of one on the card.
``WEIGHTS`` (``weights="new"``) adds terms and was refitted on 20,000 games by ``hb_value_fit.py``.

Run as a script, it is the **decision judge** (``judge``: a search's changed picks against the planner's, played
out to the end in paired believed worlds; a few minutes where whole games would take hours) or, with
``--oracle``, measures what any one-decision search could add (``oracle``):

    python benchmarks/hb_value_search.py [--positions N] [--worlds W] [--set NAME=VALUE ...] [--agent search]
    python benchmarks/hb_value_search.py --oracle [--positions N] [--worlds W]
"""
from __future__ import annotations

import argparse
import math
import random
import time

from toolkit.core.loop import agent_step
from toolkit.core import make_agents, new_game
from toolkit.core.loop import play_on
from toolkit.games.hamburgerspelet.planner import PlannerAgent
from toolkit.games.hamburgerspelet.agents import PerfectMemory
from toolkit.games.hamburgerspelet.search import SEARCHED, HamburgerSearchAgent, PlannerSearchAgent
from toolkit.games.hamburgerspelet.search import ValueSearchAgent as GameValueSearch
from toolkit.games.hamburgerspelet.value import raw, terms_of, value

# the earlier model's weights (256,797 turn ends of 12,000 games, seeds 300000-311999), in the order of OLD_TERMS
OLD_WEIGHTS = (-0.5997, -0.767, 0.551, 0.7545, -0.5443, 0.0501, -0.0405, -0.0039, 0.147, -0.1648, 0.7077, 0.2812,
               -0.4404, -0.0344, -0.2365, 0.3399, -0.2983)
OLD_TERMS = ("1", "mm", "km", "mo", "ko", "em2", "eo2", "emeo", "bm", "bo", "planner", "mm1", "mo1", "km_mm1",
             "ko_mo1", "rm", "ro")
class ValueSearchAgent(GameValueSearch):
    """The value search of the first pass (``value-search``): moves, names and steals, 24 worlds, a swap at 2
    standard errors, the earlier model. ``weights``: ``"old"`` (the default: the earlier model, as measured in
    benchmarks/README.md) or ``"new"`` (``value.WEIGHTS``); ``slip``: below 1, believed worlds in which the
    other player remembers mostly tiles it could not keep (``HamburgerSearchAgent.believe``)."""

    name = "value-search"

    def __init__(self, worlds: int = 24, confidence: float = 2.0, kinds=SEARCHED, weights="old", slip: float = 1.0,
                 depth: int = 1):
        super().__init__(worlds, confidence, kinds=kinds, depth=depth,
                         weights=OLD_WEIGHTS if weights == "old" else None if weights == "new" else weights)
        self.slip = slip

    def __repr__(self):
        return (f"ValueSearchAgent(worlds={self.worlds}, confidence={self.confidence:g}, kinds={sorted(self.kinds)}, "
                f"weights={'old' if self.weights is OLD_WEIGHTS else 'fitted'}, slip={self.slip:g}, depth={self.depth})")

    def believe(self, game, seat, r):
        if self.slip < 1.0:
            return HamburgerSearchAgent.believe(self, game, seat, r)
        return game.determinize(seat, r)

    def chance(self, game, mover, planner):
        if self.weights is OLD_WEIGHTS:
            t = terms_of(raw(game, mover), float(planner))[:len(OLD_TERMS)]
            return 1.0 / (1.0 + math.exp(-sum(a * b for a, b in zip(OLD_WEIGHTS, t))))
        return value(game, mover, self.weights, planner)


# --- the decision judge ------------------------------------------------------------------------------------
def positions(n: int, seed: int = 500000, every: int = 2):
    """``n`` positions of planner-against-heuristic games (seats alternated, seeds from ``seed``): every
    ``every``-th decision of the planner's seat that the search would search (a move, a name or a steal with
    two or more options)."""
    out = []
    while len(out) < n:
        me = 1 + seed % 2
        agents = make_agents("hamburgerspelet", 2, "heuristic")
        agents[me - 1] = PlannerAgent()
        g = new_game("hamburgerspelet", 2, seed=seed, log=False)
        d, k = g.pending(), 0
        while d is not None and len(out) < n:
            if d.player == me and d.kind in SEARCHED and len(d.values) > 1:
                if k % every == 0:
                    out.append(g.clone())
                k += 1
            agent_step(g, agents, d)
            d = g.pending()
        seed += 1
    return out


def _to_end(x, seat, r, agents) -> float:
    """Plays ``x`` to its end (``agents`` by seat, all drawing from ``r``): 1.0 if ``seat`` won, else 0.0."""
    play_on(x, agents, [r] * len(agents))
    return 1.0 if x.won == seat else 0.0


def judge(agent, n: int = 400, worlds: int = 200, seed: int = 500000) -> dict:
    """The decision judge: at ``n`` positions (``positions``) where ``agent``'s pick differs from the planner's,
    both are played out to the end in ``worlds`` paired believed worlds (the planner in the searching seat,
    the heuristic in the other: the real opponent), valued 1 for a win; the mean difference is the win chance
    the change adds. The believed worlds come from a fixed seed per position, so two agents are judged in the
    same worlds. Much cheaper than whole games for telling whether a search's changes are gains."""
    planner, found, kinds, cpu, longest = PlannerAgent(), [], {}, 0.0, 0.0
    for k, g in enumerate(positions(n, seed)):
        d = g.pending()
        seat = d.player
        y = planner.choose(g, d, random.Random(k))
        t = time.process_time()
        pick = agent.choose(g, d, random.Random(k))
        spent = time.process_time() - t
        cpu, longest = cpu + spent, max(longest, spent)
        if pick == y:
            continue
        agents = [PerfectMemory(), PerfectMemory()]
        agents[seat - 1] = PlannerAgent()
        r, total = random.Random(10 ** 6 + k), 0.0
        for _ in range(worlds):
            w = g.determinize(seat, r)
            w.quiet()
            s = r.getrandbits(63)
            a, b = w.clone(), w.clone()
            a.apply(pick)
            b.apply(y)
            total += _to_end(a, seat, random.Random(s), agents) - _to_end(b, seat, random.Random(s), agents)
        found.append(total / worlds)
        kinds.setdefault(d.kind, []).append(total / worlds)
    m = len(found)
    mean = sum(found) / max(1, m)
    se = math.sqrt(sum((x - mean) ** 2 for x in found) / max(1, m - 1) / max(1, m))
    return {"positions": n, "changed": m, "gain": mean, "se": se, "per_position": sum(found) / n,
            "per_position_se": se * m / n, "ms": 1000 * cpu / n, "longest_ms": 1000 * longest,
            "kinds": {k: (len(v), sum(v) / len(v)) for k, v in kinds.items()}}


def oracle(n: int = 150, worlds: int = 200, seed: int = 500000) -> dict:
    """What a search with many full playouts could add: at ``n`` positions every option is played out to the
    end in ``worlds`` paired believed worlds (as in ``judge``); the best option is chosen on the first half of
    the worlds and its gain over the planner's pick measured on the second half (an honest estimate: the noise
    that chose it does not count it), and on all of them (an upper figure, noise included)."""
    planner, honest, upper, by_kind = PlannerAgent(), [], [], {}
    for k, g in enumerate(positions(n, seed)):
        d = g.pending()
        seat = d.player
        y = planner.choose(g, d, random.Random(k))
        agents = [PerfectMemory(), PerfectMemory()]
        agents[seat - 1] = PlannerAgent()
        r, out = random.Random(10 ** 6 + k), {v: [] for v in d.values}
        for _ in range(worlds):
            w = g.determinize(seat, r)
            w.quiet()
            s = r.getrandbits(63)
            for v in d.values:
                x = w.clone()
                x.apply(v)
                out[v].append(_to_end(x, seat, random.Random(s), agents))
        half = worlds // 2
        gain = {v: [a - b for a, b in zip(out[v], out[y])] for v in d.values}
        pick = max(d.values, key=lambda v: sum(gain[v][:half]))
        honest.append(sum(gain[pick][half:]) / (worlds - half))
        upper.append(max(sum(g_) for g_ in gain.values()) / worlds)
        by_kind.setdefault(d.kind, []).append(honest[-1])

    def mean_se(xs):
        m = sum(xs) / len(xs)
        return m, math.sqrt(sum((x - m) ** 2 for x in xs) / max(1, len(xs) - 1) / len(xs))
    return {"positions": n, "honest": mean_se(honest), "upper": mean_se(upper),
            "kinds": {k: (len(v), round(sum(v) / len(v), 4)) for k, v in by_kind.items()}}


def main():
    ap = argparse.ArgumentParser(description="The decision judge for Hamburgerspelet's value search")
    ap.add_argument("--positions", type=int, default=400)
    ap.add_argument("--worlds", type=int, default=200, help="paired worlds a changed decision is judged in")
    ap.add_argument("--seed", type=int, default=500000)
    ap.add_argument("--set", nargs="*", default=[], metavar="NAME=VALUE", help="the value search's settings")
    ap.add_argument("--agent", default="value-search", choices=("value-search", "search", "planner-search"),
                    help="value-search (this file's, the first pass), search (the game's kind), planner-search")
    ap.add_argument("--oracle", action="store_true", help="every option in full playouts: what could be gained")
    a = ap.parse_args()
    if a.oracle:
        r = oracle(a.positions, a.worlds, a.seed)
        print(f"oracle over {r['positions']} positions, {a.worlds} worlds: the best option (chosen on half the worlds) "
              f"adds {r['honest'][0]:+.4f} (se {r['honest'][1]:.4f}) a position; upper figure {r['upper'][0]:+.4f}; "
              f"by kind {r['kinds']}", flush=True)
        return
    settings = {k: eval(v) for k, v in (s.split("=", 1) for s in a.set)}
    kind = {"value-search": ValueSearchAgent, "search": GameValueSearch, "planner-search": PlannerSearchAgent}
    agent = kind[a.agent](**settings)
    r = judge(agent, a.positions, a.worlds, a.seed)
    print(f"{agent!r}: changed {r['changed']} of {r['positions']}; gain a change {r['gain']:+.4f} (se {r['se']:.4f}); "
          f"a position {r['per_position']:+.4f} (se {r['per_position_se']:.4f}); {r['ms']:.0f} ms a decision, "
          f"the longest {r['longest_ms']:.0f}; by kind {r['kinds']}", flush=True)


if __name__ == "__main__":
    main()
