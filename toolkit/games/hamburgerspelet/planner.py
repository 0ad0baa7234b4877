"""A Hamburgerspelet player that plans each roll (agent kind ``planner``): the keen agent (``keen.py``) with
three changes, each measured against the perfect-memory heuristic (benchmarks/README.md):

- **the roll as a sequence** (HB-4.6, HB-I3): the first chef's square is dealt with before the second chef
  moves, so what the first landing gives changes what the second is worth. A blind take that misses shows a
  tile; if that tile is one the card may take, a hamburger square or the own kitchen reached by the second
  chef takes it for sure, and so does the second chef's ingredient square if it is that ingredient. Each way
  of moving is valued as the expectation over the first landing's outcomes (a tile kept, a tile seen) of what
  it gives plus what the second landing is then worth. The heuristic and the keen agent add the two squares'
  worths, as if the order did not matter, and so often look first where a miss is wasted;
- **blind takes where its hopes are likelier**: which spots each player has looked at is public (HB-I5,
  HB-I16), and a player who remembers a tile its card may take takes it at its next chance, so a spot another
  player has seen and left lying holds a tile that player's card may take less often than one nobody has
  seen (a chance ``slip`` as often). A blind take picks its spot in the group of spots (by who has seen them)
  where what it hopes for is likeliest;
- **the first of its remembered tiles**: of the wanted tiles it remembers, it takes (or names) first one
  another player has seen and could keep, which that player would take at its next chance, then the
  scarcest.

It reads what its player may see: its own memory (``game.known`` of its seat), the open cards, the chefs and
which spots each player has seen (public, HB-I5); never another player's memory of what a tile is.
"""
from __future__ import annotations

from .keen import KeenAgent
from .rules import NOT_SEEN


class PlannerAgent(KeenAgent):
    """The keen agent planning each roll as a sequence (see the module's text). ``slip``: in a spot another
    player has seen and left lying, the chance of a tile that player's card may take, relative to a spot
    nobody else has seen; the other settings are the keen agent's."""

    name = "planner"

    def __init__(self, steal: float = 2.0, spoil: float = 0.3, peek: float = 0.05, ahead: float = 0.3,
                 slip: float = 0.6):
        super().__init__(steal=steal, spoil=spoil, peek=peek, ahead=ahead)
        self.slip = slip

    def __repr__(self):
        return (f"PlannerAgent(steal={self.steal:g}, spoil={self.spoil:g}, peek={self.peek:g}, "
                f"ahead={self.ahead:g}, slip={self.slip:g})")

    # --- the roll as a sequence ----------------------------------------------------------------------
    def _move(self, game, seat, vals, rng):
        d1, d2 = game.dice
        p1, p2 = game.chefs[seat - 1]
        loop = game.board.loop
        n = len(loop)
        mem = self.memory(game, seat, rng)
        ctx = self._context(game, seat, mem)
        odds, worth = ctx[2], self._worth
        at, next_time = self._squares(game, seat, ctx)
        best, choice = None, vals[0]
        for v in vals:
            chef, steps = game.texts.chef_steps[v]
            other = d2 if steps == d1 else d1
            q1, q2 = (p1 + steps, p2 + other) if chef == 1 else (p2 + steps, p1 + other)
            second = loop[q2 % n]
            outcomes = self._first_landing(game, seat, loop[q1 % n], ctx, mem)
            if outcomes is None:
                value = at(q1) + at(q2)
            else:
                value = sum(p * (gain + worth(game, seat, second, (wanted, found, odds)))
                            for p, gain, wanted, found in outcomes)
            score = value + self.ahead * (next_time(q1) + next_time(q2)) + 0.001 * rng.random()
            if best is None or score > best:
                best, choice = score, v
        return choice

    def _first_landing(self, game, seat, sq, ctx, mem):
        """What landing on ``sq`` first may give: ``[(chance, ingredients gained, wanted, found)]`` with what the
        card may take and which of those it remembers afterwards; None where the landing changes neither (a
        steal, an unused kitchen: valued as the keen agent does)."""
        wanted, found, odds = ctx
        kind = sq.kind
        if kind == "ingredient":
            i = sq.ingredient
            if i in found:
                return [(1.0, 1.0) + self._gained(game, seat, mem, i)]
            return self._blind_take(game, seat, ctx, mem, {i} if i in wanted else ())    # a look (HB-5.2)
        if kind != "hamburger" and game.owner.get(sq.index) != seat:
            return None
        if found:                            # a remembered tile: the one it would take or name
            return [(1.0, 1.0) + self._gained(game, seat, mem, mem[self._first_wanted(game, seat, mem)])]
        if kind == "hamburger":
            return self._blind_take(game, seat, ctx, mem, {max(wanted, key=odds.__getitem__)} if wanted else ())
        return self._blind_take(game, seat, ctx, mem, set(wanted))          # the own kitchen (HB-5.4)

    def _blind_take(self, game, seat, ctx, mem, hope):
        """A take from a spot it does not remember: each ingredient with its chance; one in ``hope`` goes on
        the card, another it may take later is remembered (found)."""
        wanted, found, odds = ctx
        out = []
        for t, p in enumerate(odds):
            if p <= 0.0:
                continue
            if t in hope:
                out.append((p, 1.0) + self._gained(game, seat, mem, t))
            else:
                out.append((p, 0.0, wanted, found | {t} if t in wanted else found))
        return out

    @staticmethod
    def _gained(game, seat, mem, i):
        """(wanted, found) once ``i`` is on the card (the bun wanted from the eighth on, HB-6.1)."""
        left = game.wanted(seat, adding=i)
        return left, set(left).intersection(mem)

    # --- takes -------------------------------------------------------------------------------------------
    def choose(self, game, d, rng):
        if d.kind == "take" and len(d.values) > 1:
            seat, vals = d.player, d.values
            mem = self.memory(game, seat, rng)
            _, want, why = game.stage
            if vals[-1] == "pass":                             # a free look (HB-5.2): where a wanted tile is likeliest
                spots = [s for s in vals[:-1] if mem[s] == NOT_SEEN]
                return self._blind(game, seat, spots, game.wanted(seat), mem, rng) if spots else "pass"
            if why == "kitchen":
                at = self._first_wanted(game, seat, mem)
                if at is not None:
                    return at
                hope = game.wanted(seat)
            else:
                if want in mem:
                    return self._first_of(game, seat, [s for s in vals if mem[s] == want], mem)
                hope = (want,)
            spots = [s for s in vals if mem[s] == NOT_SEEN]
            return self._blind(game, seat, spots, hope, mem, rng) if spots else self._pick(vals, rng)
        return super().choose(game, d, rng)

    def _blind(self, game, seat, spots, hope, mem, rng):
        """A spot, of those it does not remember, in the group (by who else has seen it) where a tile in
        ``hope`` is likeliest. In a group seen by others, an ingredient one of them may take counts ``slip``
        times; the unseen copies of each ingredient are shared out over the groups by size and weight."""
        others = [o for o in range(1, game.players + 1) if o != seat]
        groups = {}
        for s in spots:
            groups.setdefault(tuple(o for o in others if game.known[o - 1][s] != NOT_SEEN), []).append(s)
        if len(groups) > 1:
            odds = self._odds(game, mem)
            ings = range(len(odds))
            weight = {who: [odds[i] * (self.slip if any(game.can_keep(o, i) for o in who) else 1.0) for i in ings]
                      for who in groups}
            share = [sum(len(groups[who]) * weight[who][i] for who in groups) for i in ings]
            best = None
            for who, group in groups.items():
                # copies of each ingredient expected in one spot of this group, then its chance of a hoped one
                per = [weight[who][i] * odds[i] / share[i] if share[i] > 0 else 0.0 for i in ings]
                total = sum(per)
                chance = sum(per[i] for i in hope) / total if total > 0 else 0.0
                if best is None or chance > best:
                    best, spots = chance, group
        return self._pick(spots, rng)

    def _first_wanted(self, game, seat, mem):
        """Of the spots whose remembered tile the card may take: first one another player has seen and could
        keep (it would take it at its next chance), then the scarcest ingredient, then the first spot."""
        spots = [s for s, t in enumerate(mem) if t != NOT_SEEN and game.can_keep(seat, t)]
        return self._first_of(game, seat, spots, mem) if spots else None

    def _first_of(self, game, seat, spots, mem):
        if len(spots) == 1:
            return spots[0]
        others = [o for o in range(1, game.players + 1) if o != seat]
        odds = self._odds(game, mem)

        def order(s):
            t = mem[s]
            wanted_by_other = any(game.known[o - 1][s] != NOT_SEEN and game.can_keep(o, t) for o in others)
            return not wanted_by_other, mem.count(t), odds[t], s
        return min(spots, key=order)


__all__ = ["PlannerAgent"]
