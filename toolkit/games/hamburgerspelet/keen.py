"""A keener Hamburgerspelet player (agent kind ``keen``): the perfect-memory heuristic's play with sharper odds.

It remembers what its player saw (``game.known``, HB-I11) as the perfect-memory heuristic does, and differs
where that heuristic guesses:

- the worth of a square is the chance of a new ingredient counted over the tiles it has *not* seen (the copies
  not on a card and not remembered elsewhere, over the face-down spots it does not remember), not over all;
- a steal counts twice (a card gains what the other loses), a steal of nothing it needs a little (the other
  card still loses it), a square whose ingredient it has a little (a free look, HB-5.2);
- where the chefs end up counts too: the worth of the squares one die can reach from there next time;
- on a hamburger square it names the ingredient it is likeliest to find (HB-5.3), not any one it lacks;
- it steals the ingredient it needs that is hardest to come by (none remembered, the fewest copies unseen).

It reads what its player may see: its own memory, the open cards, the chefs and which spots hold a tile; never
another player's memory. The weights are settings, tuned in paired 2-player games against the perfect-memory
heuristic (benchmarks/README.md, "The search agent against the heuristic").
"""
from __future__ import annotations

from .agents import PerfectMemory
from .rules import NOT_SEEN


class KeenAgent(PerfectMemory):
    """The perfect-memory heuristic with sharper odds (see the module's text). ``steal``: the worth of
    stealing an ingredient it needs; ``spoil``: of stealing one it does not need; ``peek``: of a square whose
    ingredient it has; ``ahead``: the weight of the squares within one die of where the chefs end up."""

    name = "keen"

    def __init__(self, steal: float = 2.0, spoil: float = 0.3, peek: float = 0.05, ahead: float = 0.3,
                 late: float = 0.0):
        self.steal, self.spoil, self.peek, self.ahead, self.late = steal, spoil, peek, ahead, late

    def __repr__(self):
        return (f"KeenAgent(steal={self.steal:g}, spoil={self.spoil:g}, peek={self.peek:g}, "
                f"ahead={self.ahead:g})")

    # --- the odds ------------------------------------------------------------------------------------
    @staticmethod
    def _odds(game, mem):
        """For each ingredient, the chance that a face-down tile this player does not remember is one of it:
        its copies not on a card nor remembered on a spot, over the face-down spots not remembered (the
        engine forgets a spot once its tile leaves it, so ``mem`` names only face-down tiles)."""
        copies, on = game.board.copies, game.on_cards
        unknown = len(game.middle.down) - (len(mem) - mem.count(NOT_SEEN))
        if unknown <= 0:
            return [0.0] * len(on)
        count = mem.count
        return [max(0, copies - c - count(i)) / unknown for i, c in enumerate(on)]

    def outlook(self, game, seat, mem):
        """``(wanted, odds, reach)`` of ``seat`` remembering ``mem``, as this agent sees them: the ingredients its
        card may take (``game.wanted``); ``odds[i]``, the chance that a face-down tile it does not remember is
        ingredient ``i``; ``reach(p)``, the mean worth to it of the six squares one die beyond the square ``p``
        steps round the loop. (For the fitted value, ``value.py``.)"""
        ctx = self._context(game, seat, mem)
        return ctx[0], ctx[2], self._squares(game, seat, ctx)[1]

    def _context(self, game, seat, mem):
        wanted = game.wanted(seat)
        return wanted, set(wanted).intersection(mem), self._odds(game, mem)

    def _worth(self, game, seat, sq, ctx):
        wanted, found, odds = ctx
        kind = sq.kind
        if kind == "ingredient":
            i = sq.ingredient
            if i in found:
                return 1.0
            if i in wanted:
                return odds[i]
            return self.peek                         # a free look (HB-5.2)
        if kind == "hamburger":
            return 1.0 if found else max((odds[i] for i in wanted), default=0.0)
        owner = game.owner.get(sq.index)
        if owner is None:
            return 0.0
        if owner == seat:
            return 1.0 if found else min(1.0, sum(odds[i] for i in wanted))
        if not game.steal_rule or not game.held[owner - 1]:
            return 0.0
        card, held = game.cards[owner - 1], game.held[owner - 1]
        late = self.late * max(0, held - 5) / 3.0     # a card near full: any steal sets it back
        return (self.steal if any(card[i] for i in wanted) else self.spoil) + late

    def _squares(self, game, seat, ctx):
        """``at(p)``: the worth of the square ``p`` steps round the loop (cached for one decision), and
        ``next_time(p)``: the mean worth of a square one die beyond it."""
        loop, worth, cache = game.board.loop, self._worth, {}
        n = len(loop)

        def at(p):
            w = cache.get(p)
            if w is None:
                w = cache[p] = worth(game, seat, loop[p % n], ctx)
            return w

        def next_time(p):
            return sum(at(p + k) for k in range(1, 7)) / 6.0
        return at, next_time

    def _move(self, game, seat, vals, rng):
        d1, d2 = game.dice
        p1, p2 = game.chefs[seat - 1]
        loop = game.board.loop
        n = len(loop)
        at, next_time = self._squares(game, seat, self._context(game, seat, self.memory(game, seat, rng)))
        best, choice = None, vals[0]
        for v in vals:
            chef, steps = game.texts.chef_steps[v]
            other = d2 if steps == d1 else d1
            q1, q2 = (p1 + steps, p2 + other) if chef == 1 else (p2 + steps, p1 + other)
            a, b = at(q1), at(q2)
            if loop[q1 % n] is loop[q2 % n] or self._same(loop[q1 % n], loop[q2 % n]):
                b = (1.0 - min(1.0, a)) * b          # the first landing may already give what the second would
            score = a + b + 0.01 * a + self.ahead * (next_time(q1) + next_time(q2)) + 0.001 * rng.random()
            if best is None or score > best:
                best, choice = score, v
        return choice

    @staticmethod
    def _same(s1, s2):
        return s1.kind == "ingredient" and s2.kind == "ingredient" and s1.ingredient == s2.ingredient

    # --- names and steals ----------------------------------------------------------------------------
    def choose(self, game, d, rng):
        kind, vals = d.kind, d.values
        if len(vals) > 1:
            if kind == "name":
                mem = self.memory(game, d.player, rng)
                at = self._first_wanted(game, d.player, mem)
                if at is None:                       # nothing remembered: the likeliest to be found
                    odds, index = self._odds(game, mem), game.texts.index
                    return max(vals, key=lambda v: odds[index[v]])
            elif kind == "steal":
                seat, index = d.player, game.texts.index
                wanted = [v for v in vals if game.can_keep(seat, index[v])]
                if wanted:            # the hardest to come by: not remembered anywhere, the fewest copies unseen
                    mem = self.memory(game, seat, rng)
                    odds = self._odds(game, mem)
                    return min(wanted, key=lambda v: (index[v] in mem, odds[index[v]]))
        return super().choose(game, d, rng)
