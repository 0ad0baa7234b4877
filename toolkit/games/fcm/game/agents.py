"""Agents for the whole game: a heuristic that builds a working chain (FCM-I71).

The heuristic hires along a fixed plan (a cook, a marketeer, a manager, a trainer, a pricing manager, an
errand boy, waitresses), trains cooks, marketeers and managers up one step, places its restaurant and its
campaigns where the most houses near its restaurants are, makes the food its neighbours want and lowers
its price. It uses only public information and its own hand.
"""
from __future__ import annotations

from collections import Counter

from ....core.agents import Agent
from . import marketing
from ..map.roads import dinnertime_distances

FAMILY = {}
for _fam, _cards in {
    "kitchen": ("kitchen_trainee", "burger_cook", "burger_chef", "pizza_cook", "pizza_chef"),
    "marketing": ("marketing_trainee", "campaign_manager", "brand_manager", "brand_director"),
    "management": ("management_trainee", "junior_vice_president", "vice_president", "senior_vice_president",
                   "executive_vice_president", "new_business_developer", "luxuries_manager", "local_manager",
                   "discount_manager", "recruiting_manager", "coach", "regional_manager", "guru", "cfo", "hr_director"),
    "errand": ("errand_boy", "cart_operator", "truck_driver", "zeppelin_pilot"),
}.items():
    for _c in _cards:
        FAMILY[_c] = _fam

#: Hire plan: (card to hire, how many of its family the chain wants by then).
PLAN = (("kitchen_trainee", 1), ("marketing_trainee", 1), ("management_trainee", 1), ("trainer", 1),
        ("pricing_manager", 1), ("errand_boy", 1), ("waitress", 1), ("kitchen_trainee", 2), ("pricing_manager", 2),
        ("waitress", 2), ("marketing_trainee", 2), ("management_trainee", 2), ("recruiting_girl", 1))
#: Training preferences: (from, into, most wanted of ``into``).
KITCHEN = {"kitchen_trainee": 1, "burger_cook": 3, "pizza_cook": 3, "burger_chef": 8, "pizza_chef": 8}
TRAIN = (("kitchen_trainee", "burger_cook", 1), ("management_trainee", "junior_vice_president", 1),
         ("marketing_trainee", "campaign_manager", 1), ("kitchen_trainee", "pizza_cook", 1),
         ("burger_cook", "burger_chef", 1), ("errand_boy", "cart_operator", 1))
WEIGHT = {"burger_cook": 5, "pizza_cook": 5, "burger_chef": 8, "kitchen_trainee": 3, "campaign_manager": 4,
          "marketing_trainee": 3, "pricing_manager": 3, "waitress": 2, "cart_operator": 2, "errand_boy": 2,
          "junior_vice_president": 1, "trainer": 1, "recruiting_girl": 1}
KIND_ORDER = ("mailbox", "radio", "airplane", "billboard")


def _family_counts(cards: Counter) -> Counter:
    out = Counter()
    for c, n in cards.items():
        out[FAMILY.get(c, c)] += n
    return out


def place_score(game, seat, entrance) -> float:
    """How good a restaurant entrance is: houses by road distance from it (1 at distance 0, 1/2 at 1, ...)."""
    fmap = game.map
    net = fmap.roads
    ends = net.ends((entrance,))
    score = 0.0
    for h in fmap.houses.values():
        d = net.between(ends, net.ends(h.all_squares))
        if d is not None and d <= 3:
            score += (1.0 + len(fmap.demand.get(h.number, ()))) / (1 + d)
    return score


class HeuristicAgent(Agent):
    """A sensible chain builder (FCM-I71)."""

    name = "heuristic"

    def choose(self, game, decision, rng):
        f = getattr(self, "_" + decision.kind, None)
        if f is not None:
            v = f(game, decision)
            if v in decision.values:
                return v
        return decision.values[0]

    # --- company decisions ---------------------------------------------------------------------------
    def _reserve(self, game, d):
        return 200

    def _hire(self, game, d):
        co = game.co.company(d.player)
        owned = co.owned()
        food = sum(n * KITCHEN.get(c, 0) for c, n in owned.items())
        if food < 3 and "hire kitchen_trainee" in d.values and co.hires_used == 0:
            return "hire kitchen_trainee"          # a house may want 3 of a food: make at least 3
        have = _family_counts(owned)
        for card, n in PLAN:
            if have[FAMILY.get(card, card)] < n and f"hire {card}" in d.values:
                return f"hire {card}"
        return "done"

    def _train(self, game, d):
        co = game.co.company(d.player)
        owned = co.owned()
        for src, into, most in TRAIN:
            if owned[into] >= most:
                continue
            for v in d.values:
                if v != "done" and v.split(": ", 1)[1].split(" ")[0] == src and v.endswith(f"> {into}"):
                    return v
        return "done"

    def _restructure(self, game, d):
        """The structure with the most useful cards among the fullest ones."""
        import re
        weight = WEIGHT
        if game.co.company(d.player).hand["marketing_trainee"] and not self._billboards_help(game, d.player):
            weight = dict(WEIGHT, marketing_trainee=-5)    # no billboard would reach a house: train it instead

        def score(v):
            cards = [c for c in re.split(r"[(),\s]+", v) if c]
            return (len(cards) - 2 * sum(weight.get(c, 0) < 0 for c in cards), sum(weight.get(c, 0) for c in cards))
        scores = [score(v) for v in d.values]
        return d.values[scores.index(max(scores))]

    def _billboards_help(self, game, seat) -> bool:
        """Could a marketing trainee's billboard reach a house near this chain now? (Remembered while the map's
        restaurants, campaigns and houses stay the same.)"""
        fmap = game.map
        key = (game.seed, seat, fmap.layout, tuple(sorted(fmap.campaigns)), tuple(sorted(fmap.houses)),
               tuple((r.rid, r.top, r.corner, r.open) for _, r in sorted(fmap.restaurants.items())))
        memo = self.__dict__.setdefault("_memo", {})
        if key not in memo:
            memo[key] = self._billboards_help_now(game, seat)
        return memo[key]

    def _billboards_help_now(self, game, seat) -> bool:
        ts = game.map.tileset
        free = [n for n in ts.marketing_for(game.players) if n not in game.map.campaigns and ts.marketing[n].kind == "billboard"]
        if not free:
            return False
        dist = dinnertime_distances(game.map, [seat])
        places = marketing.places(game, seat, "marketing_trainee", free[0])
        return self._best_campaign_place(game, seat, free[0], places, dist)[0] > 0

    def _freezer(self, game, d):
        """Throw away what the chain holds most of."""
        goods = game.co.company(d.player).goods
        return max(d.values, key=lambda v: (goods[v.split()[1]], -d.values.index(v)))

    def _fire(self, game, d):
        return "done"

    # --- the map ---------------------------------------------------------------------------------------
    def _best_place(self, game, d, skip=("pass", "skip", "cancel")):
        from ..map.board import corner_square
        best, best_v = -1.0, None
        for v in d.values:
            if v in skip:
                continue
            head, corner = v.split()
            r, c = map(int, head.split(","))
            s = place_score(game, d.player, corner_square((r, c), corner))
            if s > best:
                best, best_v = s, v
        return best_v

    def _start_restaurant(self, game, d):
        return self._best_place(game, d)

    def _local_manager(self, game, d):
        return self._best_place(game, d)

    def _regional_manager(self, game, d):
        return "new" if "new" in d.values else "skip"

    def _regional_place(self, game, d):
        return self._best_place(game, d)

    def _developer(self, game, d):
        return "skip"

    # --- marketing -------------------------------------------------------------------------------------
    def _campaign_tile(self, game, d):
        """The first kind (in KIND_ORDER) whose best place reaches a house near the chain; none: skip."""
        seat = d.player
        card = game.tasks[0][1]
        dist = dinnertime_distances(game.map, [seat])
        by_kind = {}
        for v in d.values:
            if v != "skip":
                by_kind.setdefault(game.map.tileset.marketing[int(v.split()[1])].kind, v)
        for k in KIND_ORDER:
            if k in by_kind:
                n = int(by_kind[k].split()[1])
                score, _ = self._best_campaign_place(game, seat, n, marketing.places(game, seat, card, n), dist)
                if score > 0:
                    return by_kind[k]
        return "skip"

    @staticmethod
    def _best_campaign_place(game, seat, n, values, dist):
        fmap = game.map
        best, best_v = 0.0, None
        for v in values:
            if v == "cancel":
                continue
            s = 0.0
            for h in marketing.reached(fmap, n, v):
                dd = dist.get((h, seat))
                if dd is not None and fmap.demand_room(h) > 0:
                    s += 1.0 / (1 + dd)
            if s > best:
                best, best_v = s, v
        return best, best_v

    def _campaign_place(self, game, d):
        dist = dinnertime_distances(game.map, [d.player])
        return self._best_campaign_place(game, d.player, game.sub["tile"], d.values, dist)[1] or d.values[0]

    def _wanted_food(self, game, seat) -> str:
        owned = game.co.company(seat).owned()
        if owned["pizza_cook"] or owned["pizza_chef"]:
            return "pizza"
        return "burger"

    def _campaign_good(self, game, d):
        return self._wanted_food(game, d.player)

    def _campaign_duration(self, game, d):
        return d.values[-1]

    def _cook(self, game, d):
        return "make"                   # never holds food back (FCM-I72)

    def _kitchen(self, game, d):
        return self._wanted_food(game, d.player)

    def _errand(self, game, d):
        fmap = game.map
        dist = dinnertime_distances(fmap, [d.player])
        want = Counter()
        for n, goods in fmap.demand.items():
            if dist.get((n, d.player)) is not None:
                want.update(goods)
        drinks = [v for v in d.values if v != "skip"]          # never fetches nothing (FCM-I72)
        return max(drinks, key=lambda g: (want[g], -d.values.index(g)))

    def _route(self, game, d):
        routes = [v for v in d.values if v != "skip"]          # the most sources, never nothing (FCM-I72)
        return max(routes, key=lambda v: (len(v.split()), -d.values.index(v)))

    def _drinks(self, game, d):
        return d.values[0]              # the whole set the route passes (FCM-I73)


__all__ = ["HeuristicAgent", "place_score"]
