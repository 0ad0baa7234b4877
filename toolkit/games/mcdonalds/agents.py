"""A stronger McDonald's player than the heuristic: the planner (agent kind ``planner``, MCD-I21).

The heuristic keeps its rack full and varied. The planner weighs each option by what it does to the points
still to come, on both sides of the table, as far as its seat can see them:

- *extras that will score*: a card that lands in a full slot becomes an extra and scores 1 at the start of
  the next turn if the slot still holds 3 (MCD-7.4); a card taken from a full slot of another player spoils
  the extras that player may hold of that item;
- *orders it can fill*: the points the menus still to be read would give to a rack that can fill them (an
  order is filled from one rack, MCD-5.1, MCD-I8), for its own rack and the others';
- *full slots* (they turn the cards still to come into extras) and the cards themselves.

It reads only what its seat sees (MCD-I20): the racks (open), its own extras, the others' extras whose items
everyone saw arrive (``extras_seen``) and how many extras they hold, and which menus have been read (they lie at
the bottom of the menu pile in the order they were read, MCD-6.3, MCD-I19). Another player's extra drawn from
the pile is believed to be of an item whose slot is full, as likely as that item's cards nobody has seen. It
draws no randomness except where the heuristic would (the race by hand).
"""
from __future__ import annotations

from functools import lru_cache

from .board import CARDS_PER_FOOD, FOOD_INDEX, N, SLOT
from ...core.agents import Agent
from .turn import pair_value, pairs

FOOD = tuple(range(N))


class McDonaldsHeuristic(Agent):
    """Keeps the rack full and varied (a full, varied rack can fill more orders and makes extras score).

    Returns extras before rolling unless it forgets (chance ``forget``, MCD-7.5); trades and takes the items
    its rack is shortest of; gives the items it holds most of. Race decisions by hand are made at random."""

    name = "heuristic"
    trusted = True     # answers from the legal list; no draw on a single option (core/agents.py)

    def __init__(self, forget: float = 0.0):
        self.forget = forget

    def __repr__(self):
        return f"{type(self).__name__}(forget={self.forget})"

    def choose(self, game, d, rng):
        k = d.kind
        me = d.player
        if k == "extras":
            return "roll" if self.forget and rng.random() < self.forget else "return"
        rack = game.racks[me - 1]
        if k == "take-one":
            return min(d.values, key=lambda v: (rack[FOOD_INDEX[v]], FOOD_INDEX[v]))
        if k == "help-partner":
            def gain(s):
                theirs = game.racks[s - 1]
                return sum(min(theirs[i], SLOT - rack[i]) for i in range(N))
            best = max((v for v in d.values if v != "no-trade"), key=lambda s: (gain(s), -s))
            return best if gain(best) > 0 else "no-trade"
        if k == "help-give":
            # give what I hold most of, so the rack stays varied
            return self._two(list(rack), None, most=True)
        if k == "help-take":
            after = list(rack)
            for x in game.stage.give.split("+"):
                after[FOOD_INDEX[x]] -= 1
            return self._two(list(game.racks[game.stage.partner - 1]), after, most=False)
        vals = d.values
        return vals[0] if len(vals) == 1 else vals[int(rng.random() * len(vals))]

    @staticmethod
    def _two(source, mine, most):
        """Two cards from ``source`` (counts): the items it holds most of (most=True), or the items ``mine`` is
        shortest of (most=False), one at a time so that the same item may be picked twice."""
        picked = []
        for _ in range(2):
            if most:
                best = max((i for i in range(N) if source[i]), key=lambda i: (source[i], -i))
            else:
                best = max((i for i in range(N) if source[i]), key=lambda i: (SLOT - mine[i], -i))
                mine[best] += 1
            source[best] -= 1
            picked.append(best)
        return pair_value(*picked)


class ForgetfulHeuristic(McDonaldsHeuristic):
    """The heuristic player who forgets to return the extras half of the time (MCD-7.5)."""

    name = "forgetful"

    def __init__(self, forget: float = 0.5):
        super().__init__(forget)


def _first(pair):
    """Sort key: the gain, then the earlier option (lower item indices) on a tie."""
    return pair[0], [-i for i in pair[1]]


class Orders:
    """The menus still to be read, as (size, needs) with needs the (item, count) pairs of each order."""

    __slots__ = ("needs",)

    def __init__(self, orders):
        self.needs = tuple((sum(o), tuple((i, n) for i, n in enumerate(o) if n)) for o in orders)


@lru_cache(maxsize=512)
def _orders(orders: tuple) -> Orders:
    return Orders(orders)


@lru_cache(maxsize=1 << 16)
def _fill(rack: tuple, orders: Orders) -> float:
    """The mean points of the orders ``rack`` can fill, over ``orders`` (MCD-5.1, MCD-6.1)."""
    total = 0
    for size, needs in orders.needs:
        for i, n in needs:
            if rack[i] < n:
                break
        else:
            total += size
    return total / len(orders.needs)


def unread_menus(game) -> Orders:
    """The menus not yet read (the top of the menu pile), as the table knows them: every menu read goes to
    the bottom (MCD-6.3, MCD-I19), so once all have been read the next one is known."""
    k = game.stats["menus"]
    menus, pile = game.menus, game.menu_pile
    if k >= len(pile):
        return _orders((menus[pile[-1]].order,))
    read = set(pile[:k])
    return _orders(tuple(m.order for i, m in enumerate(menus) if i not in read))


def unseen(game, seat) -> list[int]:
    """Cards of each item ``seat`` has not seen: 15 less every rack, its own extras, the extras it saw the
    others get and cards pulled in a race."""
    total = [CARDS_PER_FOOD] * N
    for r in game.racks:
        for i in FOOD:
            total[i] -= r[i]
    for s, (ext, known) in enumerate(zip(game.extras, game.extras_seen), 1):
        for i in FOOD:               # my extras, and the others' whose items everyone saw arrive (MCD-I20)
            total[i] -= ext[i] if s == seat else known[i]
    if game.reading:
        for p in game.reading["pulled"].values():
            for i in FOOD:
                total[i] -= p[i]
    return [max(0, x) for x in total]


class PlannerAgent(McDonaldsHeuristic):
    """The planner (MCD-I21). ``extra``: worth of an extra that will score; ``fill``: worth of the points of
    the orders a rack can fill (their mean over the menus still to be read); ``card``: worth of a card in a
    rack; ``full``: worth of a full slot; ``deny``: weight of the other players' side (1: their gain is my
    loss); ``trade_margin``: the gain a trade must bring. The defaults were tuned by paired games against
    the heuristic (benchmarks/README.md)."""

    name = "planner"
    trusted = True

    def __init__(self, extra: float = 2.0, fill: float = 0.3, card: float = 0.1, deny: float = 1.0,
                 trade_margin: float = 0.0, full: float = 0.5):
        super().__init__(0.0)
        self.extra, self.fill, self.card, self.deny, self.trade_margin = extra, fill, card, deny, trade_margin
        self.full = full
        self._last = None             # the last trade weighed (see _trade)

    def __repr__(self):
        return (f"PlannerAgent(extra={self.extra:g}, fill={self.fill:g}, card={self.card:g}, deny={self.deny:g}, "
                f"full={self.full:g}, trade_margin={self.trade_margin:g})")

    # --- decisions ----------------------------------------------------------------------------------------
    def choose(self, game, d, rng):
        k = d.kind
        if k == "extras":
            return "return"          # returning never scores less than forgetting (MCD-7.4, MCD-7.5)
        if k not in ("take-one", "help-partner", "help-give", "help-take"):
            return super().choose(game, d, rng)
        me = d.player
        if k == "take-one":
            table = _Table(self, game, me, game.stage.victims[0])
            return max(d.values, key=lambda v: (table.gain((), (FOOD_INDEX[v],)), -FOOD_INDEX[v]))
        if k == "help-partner":
            best, best_v = "no-trade", self.trade_margin
            for s in d.values:
                if s != "no-trade":
                    v, _, _ = self._trade(game, me, s)
                    if v > best_v:
                        best, best_v = s, v
            return best
        if k == "help-give":
            return pair_value(*self._trade(game, me, game.stage.partner)[1])
        # help-take: the cards given are already chosen (stage.give)
        given = tuple(FOOD_INDEX[x] for x in game.stage.give.split("+"))
        return pair_value(*self._trade(game, me, game.stage.partner, given)[2])

    def _trade(self, game, me, partner, given=None):
        """The trade with ``partner`` (``_Table.trade``), remembered for the decisions of the same trade
        (partner, give, take), whose cards are the same until the trade is made."""
        orders = unread_menus(game)
        # everything the trade is weighed on (the racks, my extras, the extras seen and counted, the menus)
        key = (me, partner, orders, tuple(map(tuple, game.racks)), tuple(game.extras[me - 1]),
               tuple(map(tuple, game.extras_seen)), tuple(map(sum, game.extras)))
        if self._last is not None and self._last[0] == key:
            own_give, plan = self._last[1:]
            if (given is None and own_give) or (given is not None and plan[1] == given):
                return plan
        plan = _Table(self, game, me, partner, orders).trade(given)
        self._last = (key, given is None, plan)     # (what it was weighed on, whether I chose the give, the trade)
        return plan


class _Table:
    """What ``me`` sees of its own rack and another player's (``other``) at one decision, and the change in
    worth of a move of cards between them (the planner's weights): extras that will score, orders each rack
    can fill, cards and full slots, for ``me`` less ``deny`` times the same for ``other``."""

    def __init__(self, planner, game, me, other, orders=None):
        self.p = planner
        self.rack, self.ext = game.racks[me - 1], game.extras[me - 1]
        self.theirs = game.racks[other - 1]
        self.orders = unread_menus(game) if orders is None else orders
        seen = unseen(game, me)
        # another's extras (their number is seen, MCD-7.2) are believed of items whose slot is full, each as
        # likely as that item's unseen cards
        known = game.extras_seen[other - 1]
        self.likely = [seen[i] if self.theirs[i] == SLOT else 0 for i in FOOD]
        total = sum(self.likely)
        self.per_likely = (sum(game.extras[other - 1]) - sum(known)) / total if total else 0.0
        self.known = known
        self.fill_mine = _fill(tuple(self.rack), self.orders)
        self.fill_theirs = _fill(tuple(self.theirs), self.orders)

    def gain(self, out, got) -> float:
        """The change in worth when ``me`` gives ``out`` to the other and takes ``got`` from the other's rack
        (the take from the rack as it was, both received at once, into the rack up to 3, MCD-7.1, MCD-I15)."""
        p, rack, ext, theirs = self.p, self.rack, self.ext, self.theirs
        r, t = list(rack), list(theirs)
        new_mine = [0] * N
        given_over = 0                # cards given that overflow into the other's extras: they will score
        for i in out:
            r[i] -= 1
        for i in got:
            t[i] -= 1
            if r[i] < SLOT:
                r[i] += 1
            else:
                new_mine[i] += 1
        for i in out:
            if t[i] < SLOT:
                t[i] += 1
            else:
                given_over += 1
        sure_mine = sure_theirs = cards = full_mine = full_theirs = 0.0
        for i in set(out) | set(got):
            was_full, is_full = rack[i] == SLOT, r[i] == SLOT
            sure_mine += (ext[i] + new_mine[i]) * is_full - ext[i] * was_full
            full_mine += is_full - was_full
            cards += (r[i] - rack[i]) - p.deny * (t[i] - theirs[i])
            was_full, is_full = theirs[i] == SLOT, t[i] == SLOT
            sure_theirs += (self.known[i] + self.likely[i] * self.per_likely) * (is_full - was_full)
            full_theirs += is_full - was_full
        sure_theirs += given_over
        return (p.extra * (sure_mine - p.deny * sure_theirs) + p.card * cards
                + p.full * (full_mine - p.deny * full_theirs)
                + p.fill * (_fill(tuple(r), self.orders) - self.fill_mine
                            - p.deny * (_fill(tuple(t), self.orders) - self.fill_theirs)))

    def trade(self, given=None):
        """(gain, give, take): the 2 cards to give and the 2 to take. The give is chosen first, as the one
        that costs least on its own, then the best take for it (as the engine asks them); with ``given``
        only the take."""
        if given is None:
            _, given = max(((self.gain(g, ()), g) for g in pairs(self.rack)), key=_first)
        gain, take = max(((self.gain(given, t), t) for t in pairs(self.theirs)), key=_first)
        return gain, given, take


__all__ = ["PlannerAgent", "unread_menus", "unseen"]
