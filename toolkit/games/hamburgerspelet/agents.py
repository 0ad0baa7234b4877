"""Hamburgerspelet's heuristic agents: one play style with three memories (HB-I11): perfect (agent kinds
``heuristic`` and ``perfect-memory``), none (``no-memory``) and fading (``fading-memory``). The keener agents
build on the perfect memory: ``keen.py`` (HB-I17) and ``planner.py`` (HB-I18)."""
from __future__ import annotations

from ...core.agents import Agent
from .rules import EMPTY, NOT_SEEN


def _unknown(spots, mem):
    """The spots (in order) whose tile ``mem`` does not hold."""
    if mem.count(NOT_SEEN) == len(mem):      # nothing remembered (no memory, or early on): all of them
        return spots
    return [s for s in spots if mem[s] == NOT_SEEN]


class MemoryAgent(Agent):
    """One play style, three memories. The agent recalls what its player saw of the middle
    (``game.known``, HB-I11) through ``recall``; everything else is the same, so the value of memory can be
    measured. It moves chefs to squares where it can gain most (HB-4.6), takes a remembered tile it can keep,
    avoids spots it remembers holding useless tiles, names an ingredient it remembers the place of, and steals
    an ingredient it needs (or the one that hurts most)."""

    name = "memory"
    trusted = True     # answers from the legal list; no draw on a single option (core/agents.py)

    def memory(self, game, seat, rng) -> list:
        """For each spot, the ingredient this agent remembers there, or NOT_SEEN (a list not to be changed)."""
        raise NotImplementedError

    def recall(self, game, seat, rng) -> dict:
        """Spot -> ingredient, as far as this agent remembers it."""
        return {s: i for s, i in enumerate(self.memory(game, seat, rng)) if i != NOT_SEEN}

    def choose(self, game, d, rng):
        seat, kind, vals = d.player, d.kind, d.values
        if len(vals) == 1:
            return vals[0]
        if kind == "place":                        # (the commonest kinds first)
            return self._pick(vals, rng)           # any free spot: the agent remembers where it went
        if kind == "take":
            mem = self.memory(game, seat, rng)
            _, want, why = game.stage
            if vals[-1] == "pass":                   # a peek is free knowledge (HB-5.2); "pass" comes last
                unknown = _unknown(vals[:-1], mem)
                return self._pick(unknown, rng) if unknown else "pass"
            if why == "kitchen":                     # the first remembered tile the card may take
                at = self._first_wanted(game, seat, mem)
                if at is not None:
                    return at
            elif want in mem:
                return mem.index(want)
            return self._pick(_unknown(vals, mem) or vals, rng)
        if kind == "move":
            return self._move(game, seat, vals, rng)
        if kind == "keep":
            return "keep"
        if kind == "steal":
            wanted = [v for v in vals if game.can_keep(seat, game.texts.index[v])]
            return self._pick(wanted or vals, rng)
        if kind == "name":
            mem = self.memory(game, seat, rng)
            at = self._first_wanted(game, seat, mem)           # the first remembered tile the card may take
            if at is not None:
                return game.board.ingredients[mem[at]].key
            return self._pick(vals, rng)
        return self._pick(vals, rng)

    @staticmethod
    def _first_wanted(game, seat, mem):
        """The first spot whose remembered tile ``seat``'s card may take, or None (a few C scans of ``mem``
        rather than a Python loop over it)."""
        at = [mem.index(i) for i in game.wanted(seat) if i in mem]
        return min(at) if at else None

    @staticmethod
    def _pick(vals, rng):
        return vals[int(rng.random() * len(vals))]

    def _move(self, game, seat, vals, rng):
        """Both chefs' landing squares, the first chef's weighted a little more (it is resolved first)."""
        d1, d2 = game.dice
        pos = game.chefs[seat - 1]
        loop = game.board.loop
        n = len(loop)
        ctx = self._context(game, seat, self.memory(game, seat, rng))
        # each chef's landing square for each die counts in two options: value it once
        worth, (p1, p2) = self._worth, pos
        dice = (d1,) if d1 == d2 else (d1, d2)
        w1 = {k: worth(game, seat, loop[(p1 + k) % n], ctx) for k in dice}
        w2 = {k: worth(game, seat, loop[(p2 + k) % n], ctx) for k in dice} if p2 != p1 else w1
        chef_steps = game.texts.chef_steps
        best, choice = None, vals[0]
        for v in vals:
            chef, steps = chef_steps[v]
            other = d2 if steps == d1 else d1
            a, b = (w1[steps], w2[other]) if chef == 1 else (w2[steps], w1[other])
            score = a + b + 0.01 * a + 0.001 * rng.random()
            if best is None or score > best:
                best, choice = score, v
        return choice

    @staticmethod
    def _context(game, seat, mem):
        """What the worth of a square depends on: the ingredients wanted, which of them the agent remembers
        a spot of, and how many of each are not on a card (cards are open to all)."""
        wanted = game.wanted(seat)
        down = max(1, len(game.spots) - game.spots.count(EMPTY))
        return wanted, set(wanted).intersection(mem), game.board.copies, game.on_cards, down

    @staticmethod
    def _worth(game, seat, sq, ctx):
        """Roughly the chance of a new ingredient from landing on ``sq``: the tiles not on a card of the
        ingredient(s) it may give, over the face-down tiles."""
        wanted, found, copies, on, down = ctx
        kind = sq.kind
        if kind == "ingredient":
            i = sq.ingredient
            if i not in wanted:
                return 0.0
            return 1.0 if i in found else (copies - on[i]) / down
        if kind == "hamburger":
            return 1.0 if found else (copies - min(map(on.__getitem__, wanted))) / down
        owner = game.owner.get(sq.index)
        if owner is None:
            return 0.0
        if owner == seat:
            return 1.0 if found else (copies * len(wanted) - sum(map(on.__getitem__, wanted))) / down
        if not game.steal_rule:
            return 0.0
        card = game.cards[owner - 1]
        return 1.0 if any(map(card.__getitem__, wanted)) else 0.1 * (game.held[owner - 1] > 0)


class PerfectMemory(MemoryAgent):
    """Remembers every tile its player saw, and where it went (HB-I11)."""

    name = "perfect-memory"

    def memory(self, game, seat, rng):
        return game.known[seat - 1]


class NoMemory(MemoryAgent):
    """Remembers nothing of the middle: every face-down tile is a surprise."""

    name = "no-memory"

    def memory(self, game, seat, rng):
        return [NOT_SEEN] * len(game.spots)


class FadingMemory(MemoryAgent):
    """Recalls a tile seen ``age`` steps ago with probability 0.5 ** (age / half_life), afresh at each
    decision (memory as a chance of recall that fades with time)."""

    name = "fading-memory"

    def __init__(self, half_life: float = 40.0):
        if not half_life > 0:
            raise ValueError("half_life must be positive")
        self.half_life = float(half_life)

    def memory(self, game, seat, rng):
        k, seen, now, h = game.known[seat - 1], game.seen[seat - 1], len(game.choices), self.half_life
        return [i if i != NOT_SEEN and rng.random() < 0.5 ** ((now - t) / h) else NOT_SEEN for i, t in zip(k, seen)]

    def __repr__(self):
        return f"FadingMemory(half_life={self.half_life:g})"
