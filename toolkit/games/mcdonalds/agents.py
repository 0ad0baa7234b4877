"""A stronger McDonald's player than the heuristic: the planner (agent kind ``planner``, MCD-I21).

The heuristic keeps its rack full and varied. The planner weighs each option by what it does to the points
still to come, on both sides of the table, as far as its seat can see them:

- *extras that will score*: a card that lands in a full slot becomes an extra and scores 1 at the start of
  the next turn if the slot still holds 3 (MCD-7.4); a card taken from a full slot of another player spoils
  the extras that player may hold of that item;
- *orders it can fill*: the points the menus still to be read would give to a rack that can fill them (an
  order is filled from one rack, MCD-5.1, MCD-I8), for its own rack and the others';
- the cards themselves (a fuller rack can fill more later).

It reads only what its seat sees (MCD-I20): the racks (open), its own extras, how many extras the others hold,
and which menus have been read (they lie at the bottom of the menu pile in the order they were read, MCD-6.3,
MCD-I19). An extra of another player is believed to be of an item whose slot is full, in proportion to the
cards of that item nobody has seen. It draws no randomness except where the heuristic would (the race by hand).
"""
from __future__ import annotations

from functools import lru_cache

from .data import CARDS_PER_FOOD, FOOD_INDEX, SLOT
from .rules import N, McDonaldsHeuristic, pair_value, pairs

FOOD = tuple(range(N))


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
    """Cards of each item ``seat`` has not seen: 15 less every rack, its own extras and cards pulled in a race."""
    total = [CARDS_PER_FOOD] * N
    for r in game.racks:
        for i in FOOD:
            total[i] -= r[i]
    for i in FOOD:
        total[i] -= game.extras[seat - 1][i]
    if game.reading:
        for p in game.reading["pulled"].values():
            for i in FOOD:
                total[i] -= p[i]
    return [max(0, x) for x in total]


def _sure(rack, extras) -> int:
    """Extras that score if returned now: those whose slot holds 3 (MCD-7.4)."""
    return sum(extras[i] for i in FOOD if rack[i] == SLOT)


class Planner(McDonaldsHeuristic):
    """The planner (MCD-I21). ``extra``: worth of an extra that will score; ``fill``: worth of the points of
    the orders a rack can fill (their mean over the menus still to be read); ``card``: worth of a card in a
    rack; ``deny``: weight of the other players' side (1: their gain is my loss)."""

    name = "planner"
    trusted = True

    def __init__(self, extra: float = 2.0, fill: float = 0.3, card: float = 0.1, deny: float = 1.0,
                 trade_margin: float = 0.0, full: float = 0.5):
        super().__init__(0.0)
        self.extra, self.fill, self.card, self.deny, self.trade_margin = extra, fill, card, deny, trade_margin
        self.full = full

    def __repr__(self):
        return (f"Planner(extra={self.extra:g}, fill={self.fill:g}, card={self.card:g}, deny={self.deny:g}, "
                f"trade_margin={self.trade_margin:g})")

    # --- what a rack is worth ---------------------------------------------------------------------------
    def _worth(self, rack, sure, orders, fill) -> float:
        """A rack's worth with ``sure`` extras that will score and ``fill`` the weight of the orders it can fill."""
        return (self.extra * sure + fill * _fill(tuple(rack), orders) + self.card * sum(rack)
                + self.full * rack.count(SLOT))

    # --- decisions ----------------------------------------------------------------------------------------
    def choose(self, game, d, rng):
        k = d.kind
        if k == "extras":
            return "return"          # returning never scores less than forgetting (MCD-7.4, MCD-7.5)
        if k not in ("take-one", "help-partner", "help-give", "help-take"):
            return super().choose(game, d, rng)
        me = d.player
        orders = unread_menus(game)
        seen = unseen(game, me)
        rack, ext = list(game.racks[me - 1]), list(game.extras[me - 1])
        if k == "take-one":
            victim = game.stage[1][0]
            return max(d.values, key=lambda v: (self._take_gain(game, me, victim, (FOOD_INDEX[v],), rack, ext,
                                                                orders, seen), -FOOD_INDEX[v]))
        if k == "help-partner":
            best, best_v = "no-trade", self.trade_margin
            for s in d.values:
                if s == "no-trade":
                    continue
                v, _, _ = self._best_trade(game, me, s, rack, ext, orders, seen)
                if v > best_v:
                    best, best_v = s, v
            return best
        if k == "help-give":
            _, give, _ = self._best_trade(game, me, game.stage[1], rack, ext, orders, seen)
            return pair_value(*give)
        # help-take: the cards given are already chosen (stage[2])
        partner, given = game.stage[1], tuple(FOOD_INDEX[x] for x in game.stage[2].split("+"))
        _, _, take = self._best_trade(game, me, partner, rack, ext, orders, seen, given)
        return pair_value(*take)

    def _after(self, rack, ext, out, got):
        """My rack and extras after giving ``out`` and getting ``got`` (into the rack up to 3, MCD-7.1)."""
        r, e = list(rack), list(ext)
        for i in out:
            r[i] -= 1
        for i in got:
            if r[i] < SLOT:
                r[i] += 1
            else:
                e[i] += 1
        return r, e

    def _take_gain(self, game, me, victim, got, rack, ext, orders, seen, out=()):
        """The change in worth when ``me`` gives ``out`` to ``victim`` and takes ``got`` from its rack."""
        theirs = game.racks[victim - 1]
        hidden = sum(game.extras[victim - 1])
        # another's extra is believed of an item whose slot is full, as likely as that item's unseen cards
        likely = [seen[i] if theirs[i] == SLOT else 0 for i in FOOD]
        total = sum(likely)

        def theirs_sure(t):
            return hidden * sum(likely[i] for i in FOOD if t[i] == SLOT) / total if total else 0.0

        mine_f = theirs_f = self.fill
        before = (self._worth(rack, _sure(rack, ext), orders, mine_f)
                  - self.deny * self._worth(theirs, theirs_sure(theirs), orders, theirs_f))
        r, e = self._after(rack, ext, out, got)
        t = list(theirs)
        for i in got:
            t[i] -= 1
        sure = 0
        for i in out:                 # cards I give them: into their rack, else a seen extra of theirs
            if t[i] < SLOT:
                t[i] += 1
            else:
                sure += 1
        after = (self._worth(r, _sure(r, e), orders, mine_f)
                 - self.deny * self._worth(t, theirs_sure(t) + sure, orders, theirs_f))
        return after - before

    def _best_trade(self, game, me, partner, rack, ext, orders, seen, given=None):
        """(gain, give, take): the 2 cards to give and the 2 to take with ``partner``. The give is chosen
        first, as the one that costs least on its own, then the best take for it (as the engine asks them);
        with ``given`` only the take."""
        if given is None:
            _, given = max(((self._take_gain(game, me, partner, (), rack, ext, orders, seen, g), g)
                            for g in pairs(rack)), key=_first)
        gain, take = max(((self._take_gain(game, me, partner, t, rack, ext, orders, seen, given), t)
                          for t in pairs(game.racks[partner - 1])), key=_first)
        return gain, given, take


__all__ = ["Planner", "unread_menus", "unseen"]
