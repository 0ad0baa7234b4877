"""A search agent for every game: Monte Carlo search over determinizations (information-set MCTS).

Every playout starts from a state consistent with what the searching seat has seen
(``Game.determinize(seat, rng)``: hidden facts and the future's chance drawn afresh) and is played out by the
playout agents (the game's heuristic where it has one, else random). Two ways to spend the playouts:

- ``method="paired"`` (the default): sequential halving at the root with common random numbers. The
  candidates (the playout agent's own pick, the yardstick, and up to ``4 * widen`` others) are played out in
  the same believed worlds with the same dice and the same playout randomness, so a difference between two
  candidates comes from the decision alone; the weaker half is dropped round by round.
- ``method="uct"``: a tree of the seat's own decisions walked with UCB, shared by every determinization, so a
  node counts how often each of its options was *available* as well as how often it was taken (the
  information-set form of UCB); decisions with many options are widened progressively (the playout agent's
  pick first, then the others in a seeded random order). With ``tree_depth=0`` (the default) it is UCB over
  the root's options.

Either way the playout agent's pick stays unless another option beats it by ``confidence`` standard errors:
a few hundred playouts of a game full of chance tell options apart only when they differ clearly, and
without this guard a search trades a sound rule of thumb for noise (measured: it lost more than it won).

The agent never reads the real game beyond ``determinize`` and the decision in front of it, and it draws
its randomness only from the ``rng`` it is given: with a budget in playouts it is deterministic.
"""
from __future__ import annotations

import math
import random
import time

from .agents import Agent, RandomAgent
from .registry import game_agent
from .loop import play_on


class _Node:
    """A point in the seat's own decisions: children by (decision kind, value)."""

    __slots__ = ("children", "visits", "prio")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.prio: dict = {}          # (kind, value) -> widening order (lower comes in first)


class _Child:
    __slots__ = ("node", "visits", "total", "squares", "avail")

    def __init__(self):
        self.node = _Node()
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance(self) -> float:
        """The variance of the mean (with a floor, so two lucky playouts do not look certain)."""
        n = self.visits
        if n < 2:
            return 0.25
        m = self.total / n
        return max(self.squares / n - m * m, 0.01) / n


class SearchAgent(Agent):
    """Information-set Monte Carlo tree search through the common agent interface.

    ``playouts``: iterations per decision (deterministic for a given ``rng``); ``time_ms``: a time budget
    per decision instead (or as well: whichever ends first); ``playout``: the agent kind that plays the
    playouts (``"heuristic"`` if the game has it, else ``"random"``); ``exploration``: the UCB constant;
    ``widen``: options a node considers at first, growing as ``widen * visits ** 0.25``; ``max_steps``: cut a
    playout after so many decisions and value the position by the score margin; ``margin``: the weight of
    the normalised score margin in the reward (0: a win is 1, a loss 0); ``tree_depth``: own decisions kept
    in the tree below the root; ``confidence``: standard errors by which an option must beat the playout
    agent's own pick at the root (0: the most visited option wins); ``steps``: the most decisions a paired
    search plays out in all (the first world is always played): its playouts are planned at the length of the
    playouts so far, and no world is begun that would, at that length, pass ``steps``; so a decision early in
    a game, whose playouts are long, costs about what a late one does.
    """

    name = "search"

    def __init__(self, playouts: int | None = 200, time_ms: float | None = None, *, playout: str = "heuristic",
                 exploration: float = 0.7, widen: int = 3, max_steps: int | None = None, margin: float = 0.25,
                 tree_depth: int = 0, confidence: float = 1.0, method: str = "paired", steps: int | None = None):
        if playouts is None and time_ms is None:
            raise ValueError("a search needs a budget: playouts, time_ms or both")
        if playouts is not None and playouts < 1:
            raise ValueError("playouts must be at least 1")
        if not 0.0 <= margin <= 1.0:
            raise ValueError("margin is a weight between 0 and 1")
        self.playouts, self.time_ms = playouts, time_ms
        self.playout, self.exploration, self.widen = playout, exploration, max(1, int(widen))
        self.max_steps, self.margin, self.tree_depth = max_steps, margin, tree_depth
        self.confidence = confidence
        if steps is not None and steps < 1:
            raise ValueError("steps must be at least 1")
        self.steps, self._played = steps, 0
        if method not in ("paired", "uct"):
            raise ValueError("method is 'paired' (sequential halving at the root) or 'uct' (a tree of own decisions)")
        self.method = method
        self._policies: dict = {}
        self.last = None              # what the last search found: {value: (visits, mean)}, for study
        self.yardstick = None         # the playout agent's pick in the last paired search, for study

    def __repr__(self):
        budget = [f"playouts={self.playouts}"] if self.playouts is not None else []
        if self.time_ms is not None:
            budget.append(f"time_ms={self.time_ms:g}")
        if self.steps is not None:
            budget.append(f"steps={self.steps}")
        if self.confidence != 1.0:
            budget.append(f"confidence={self.confidence:g}")
        return f"SearchAgent({', '.join(budget)}, playout={self.playout!r})"

    # --- the playout agents ------------------------------------------------------------------------
    def policy(self, game):
        """One playout agent per seat (the game's ``playout`` kind if it has one, else random)."""
        cls = type(game)
        agents = self._policies.get((cls, game.players))
        if agents is None:
            make = game_agent(cls.name, self.playout) or RandomAgent
            agents = self._policies[(cls, game.players)] = [make() for _ in range(game.players)]
        return agents

    def seated_policy(self, game, seat, own, make_rival):
        """Playout agents for a search whose own seat plays ``own`` and every other seat a ``make_rival()``,
        kept per kind of game, number of players and seat (``seat`` None: rivals only)."""
        key = (type(game), game.players, seat)
        agents = self._policies.get(key)
        if agents is None:
            agents = [make_rival() for _ in range(game.players)]
            if seat is not None:
                agents[seat - 1] = own
            self._policies[key] = agents
        return agents

    # --- the search ----------------------------------------------------------------------------------
    def choose(self, game, decision, rng):
        values = decision.values
        if len(values) == 1:
            return values[0]
        seat = decision.player
        r = random.Random(rng.getrandbits(63))       # one draw from the seat's stream: the rest is ours
        self._policies = {}      # fresh playout agents: their caches would fill with believed worlds
        stop = None if self.time_ms is None else time.perf_counter() + self.time_ms / 1000.0
        if self.method == "paired":
            return self._paired(game, decision, seat, r, stop)
        root = _Node()
        default = None
        n = 0
        self._played = 0          # decisions made in the believed worlds, in the tree and in the playouts after it
        while True:
            if self.playouts is not None and n >= self.playouts:
                break
            if stop is not None and n and time.perf_counter() >= stop:
                break
            world = self.believe(game, seat, r)
            world.quiet()
            if default is None:                       # the playout agent's pick, made in a believed world
                default = self.policy(world)[seat - 1].choose(world, world.pending(), r)
                root.prio[(decision.kind, default)] = -1.0
            self._iterate(root, world, seat, r)
            n += 1
        stats = {key[1]: c for key, c in root.children.items() if key[0] == decision.kind and key[1] in values}
        self.last = {v: (c.visits, c.mean()) for v, c in stats.items()}
        return self._verdict(stats, default, values)

    def _paired(self, game, decision, seat, r, stop):
        """Sequential halving at the root with common random numbers: every candidate is played out in the
        same believed worlds, with the same future chance and the same playout randomness, so that the
        difference between two candidates comes from the decision alone. The playout agent's pick stays in
        to the end as the yardstick; the best other candidate replaces it only when its mean paired gain is
        above ``confidence`` standard errors."""
        values = decision.values
        started = time.perf_counter()
        first = self.believe(game, seat, r)
        first.quiet()
        default = self.policy(first)[seat - 1].choose(first, first.pending(), r)
        self.yardstick = default
        others = [v for v in values if v != default]
        r.shuffle(others)
        cap = self.widen * 4 if self.playouts is None else max(2, min(self.widen * 4, self.playouts // 2))
        cands = [default] + others[:max(1, cap) - 1]
        gains = {v: [] for v in cands[1:]}            # paired gains over the default, world by world

        def one_world(world):
            world = world or self.believe(game, seat, r)
            world.quiet()
            out = self._played_out(world, cands, seat, r.getrandbits(63))
            for v in cands[1:]:
                gains[v].append(out[v] - out[default])
            return len(cands)

        self._played = 0
        spent = one_world(first)
        budget = self.playouts
        if budget is None:                             # a time budget: playouts at the rate of the first world
            rate = spent / max(1e-6, time.perf_counter() - started)
            budget = max(spent, int(rate * self.time_ms / 1000.0))
        rounds = max(1, math.ceil(math.log2(len(cands))))
        for k in range(rounds):
            if self.steps is not None:                 # a budget in decisions: at the playouts' mean length so far
                budget = max(spent, min(budget, int(self.steps * spent / max(1, self._played))))
            worlds = max(1, (budget - spent) // (rounds - k) // len(cands))
            for _ in range(worlds):
                if spent + len(cands) > budget or (stop is not None and time.perf_counter() >= stop):
                    break
                if self.steps is not None and self._played + self._played * len(cands) / spent > self.steps:
                    break                              # the next world would, at the mean length, pass the budget
                spent += one_world(None)
            if k == rounds - 1 or (stop is not None and time.perf_counter() >= stop):
                break
            keep = sorted(cands[1:], key=lambda v: -sum(gains[v]) / len(gains[v]))
            cands = [default] + keep[:max(1, len(cands) // 2 - 1)]
        self.last = {v: (len(g), sum(g) / len(g)) for v, g in gains.items() if g}
        final = [v for v in cands[1:] if gains[v]]
        if not final:
            return default
        best = max(final, key=lambda v: (self.last[v][1], self.last[v][0]))
        return self._guarded(best, gains[best], default)

    def _guarded(self, best, gains, default):
        """``best`` if its paired gains over ``default`` are above ``confidence`` standard errors, else
        ``default`` (the variance floored, so that a few equal playouts do not look certain)."""
        n = len(gains)
        mean = sum(gains) / n
        var = max(sum((x - mean) ** 2 for x in gains) / max(1, n - 1), 0.01)
        return best if mean > 0 and mean > self.confidence * math.sqrt(var / n) else default

    def _played_out(self, world, cands, seat, seed) -> dict:
        """``{candidate: reward}``: each candidate applied to a copy of ``world`` and played out with the same
        playout randomness (``seed``), so that two candidates differ by the decision alone."""
        out = {}
        for v in cands:
            w = world.clone()
            w.apply(v)
            out[v] = self._playout(w, seat, random.Random(seed))
        return out

    def believe(self, game, seat, r):
        """A world the seat may believe: a determinization (the one place a search draws its worlds)."""
        return game.determinize(seat, r)

    def _playout(self, world, seat, r) -> float:
        """Play ``world`` on with the playout agents, every seat drawing from ``r``, through the play loop
        (``play_on``: a trusted agent's answers applied unchecked, a single option answered for it)."""
        _, steps = play_on(world, self.policy(world), [r] * world.players, self.playout_steps(world))
        self._played += steps
        return self.reward(world, seat)

    def playout_steps(self, world) -> int | None:
        """Where a playout from ``world`` is cut: ``max_steps`` decisions (None: at the end of the game)."""
        return self.max_steps

    def _verdict(self, stats, default, values):
        """The most visited option, or the playout agent's pick unless an option beats it clearly."""
        order = {v: i for i, v in enumerate(values)}
        tried = [v for v in stats if stats[v].visits]
        if not tried:
            return default if default in order else values[0]
        best = max(tried, key=lambda v: (stats[v].visits, stats[v].mean(), -order[v]))
        if not self.confidence or default not in stats or best == default or not stats[default].visits:
            return best
        b, d = stats[best], stats[default]
        gap = b.mean() - d.mean()
        return best if gap > self.confidence * math.sqrt(b.variance() + d.variance()) else default

    def _iterate(self, root, world, seat, r) -> None:
        agents = self.policy(world)
        node, path, depth, steps = root, [], 0, 0
        limit = self.playout_steps(world)
        while True:
            d = world.pending()
            if d is None or (limit is not None and steps >= limit):
                break
            if node is None:                        # out of the tree: the rest is a playout
                steps += play_on(world, agents, [r] * world.players, None if limit is None else limit - steps)[1]
                break
            if d.player == seat and len(d.values) > 1:
                child, value = self._select(node, d, world, agents[seat - 1], r)
                path.append(child)
                node.visits += 1
                if child.visits == 0 or depth >= self.tree_depth:
                    node = None                     # a new leaf: the rest is the playout
                else:
                    node = child.node
                depth += 1
            else:
                value = agents[d.player - 1].choose(world, d, r)
            world.apply(value)
            steps += 1
        self._played += steps
        reward = self.reward(world, seat)
        for child in path:
            child.visits += 1
            child.total += reward
            child.squares += reward * reward

    def _select(self, node, d, world, policy, r):
        """The option to follow at ``node``: an untried one if the widening allows, else the best by UCB
        over the options available in this determinization."""
        kind, prio = d.kind, node.prio
        keys = [(kind, v) for v in d.values]
        if len(keys) > self.widen:
            for k in keys:
                if k not in prio:
                    prio[k] = r.random()
            if node.visits == 0 and not any(p < 0 for p in prio.values()):   # the playout agent's pick first
                prio[(kind, policy.choose(world, d, r))] = -1.0
            allowed = math.ceil(self.widen * (node.visits + 1) ** 0.25)
            keys = sorted(keys, key=prio.__getitem__)[:allowed]
        children = node.children
        best, best_key = None, None
        for k in keys:
            c = children.get(k)
            if c is None:
                c = children[k] = _Child()
            c.avail += 1
            if c.visits == 0:
                if best is None or best != math.inf:
                    best, best_key = math.inf, k
                continue
            if best == math.inf:
                continue
            score = c.total / c.visits + self.exploration * math.sqrt(math.log(c.avail) / c.visits)
            if best is None or score > best:
                best, best_key = score, k
        return children[best_key], best_key[1]

    def reward(self, world, seat) -> float:
        """1 for a win, 0 for a loss, blended with the normalised score margin (``margin``); a playout cut
        before the end is valued by the margin alone."""
        sc = world.scores()
        others = [x for i, x in enumerate(sc, 1) if i != seat]
        scale = max(1, max(abs(x) for x in sc))
        edge = 0.5 + 0.5 * (sc[seat - 1] - max(others)) / scale
        w = world.winner() if world.is_over() else None
        if w is None:
            return edge
        win = 1.0 if w == seat else 0.0
        return (1.0 - self.margin) * win + self.margin * edge
