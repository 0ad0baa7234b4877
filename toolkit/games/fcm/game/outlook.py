"""What a chain can see and weigh when it decides: public facts of the map and the chains, and its own
company (FCM-I75). The strategic and the sensible random agents share these measures.

Everything here reads only what every player may see (the map, demand, campaigns, the cards at work once
revealed, milestones, the last Dinnertime's records, the supply piles) and the deciding player's own company.
"""
from __future__ import annotations

from collections import Counter

from . import marketing
from .dinnertime import unit_price
from ..map.board import corner_square
from ..map.placement import garden_squares
from ..map.reach import campaign_reach
from ..map.roads import FAR as FAR_ROAD, dinnertime_distances, location_distance, restaurant_ends

FOODS = ("burger", "pizza")
DRINKS = ("lemonade", "beer", "soda")
SALARY = 5
#: Kitchen cards and what they make.
KITCHEN = {"kitchen_trainee": (None, 1), "burger_cook": ("burger", 3), "burger_chef": ("burger", 8),
           "pizza_cook": ("pizza", 3), "pizza_chef": ("pizza", 8)}
BUYERS = ("errand_boy", "cart_operator", "truck_driver", "zeppelin_pilot")
FAR = 99


class Outlook:
    """One seat's picture of the game at one decision; measures are worked out when first asked."""

    def __init__(self, game, seat: int):
        self.game, self.seat = game, seat
        self.map, self.co = game.map, game.co
        self.company = game.co.company(seat)
        self._dist = None
        self._worth = None
        self._prices = None
        self._mine = {}
        self._rival = {}           # house -> rival_sum
        self._house_worth = {}     # (house, distance) -> house_worth at this chain's price
        self._gains = {}           # restaurant entrance ends -> restaurant_gain: many places share an entrance
        self._income = None
        self._room = {}
        self._near = None
        self._weighed = None
        self._route_starts = None

    # --- distances and competition ---------------------------------------------------------------
    @property
    def dist(self) -> dict:
        """``{(house, chain): distance or None}`` over open restaurants (FCM-4.3)."""
        if self._dist is None:
            self._dist = dinnertime_distances(self.map, list(range(1, self.game.players + 1)))
        return self._dist

    def my_distance(self, house: int, coming_soon: bool = False):
        key = (house, coming_soon)
        if key not in self._mine:
            self._mine[key] = self._my_distance(house, coming_soon)
        return self._mine[key]

    def _my_distance(self, house: int, coming_soon: bool):
        d = self.dist.get((house, self.seat))
        if coming_soon and self.company.coming_soon:
            soon = [r for r in self.map.chain_restaurants(self.seat) if not r.open]
            e = location_distance(self.map, soon, self.map.houses[house].all_squares)
            if e is not None and (d is None or e < d):
                d = e
        return d

    def rival_sum(self, house: int) -> int:
        """The lowest unit price plus distance of any other chain joined to ``house`` (FAR: none)."""
        best = self._rival.get(house)
        if best is None:
            best = self._rival[house] = self._rival_sum(house)
        return best

    def _rival_sum(self, house: int) -> int:
        best = FAR
        for s in range(1, self.game.players + 1):
            if s == self.seat:
                continue
            d = self.dist.get((house, s))
            if d is not None:
                best = min(best, self.prices[s] + d)
        return best

    @property
    def prices(self) -> dict:
        """Every chain's unit price now (cards at work are public once revealed; FCM-4.3)."""
        if self._prices is None:
            self._prices = {s: unit_price(self.co, s)[0] for s in range(1, self.game.players + 1)}
        return self._prices

    def my_price(self) -> int:
        return self.prices[self.seat]

    def house_worth(self, house: int, distance=None, price=None) -> float:
        """How much demand on ``house`` is worth to this chain: more when near, cheaper than the rivals and
        with a garden (which doubles the price); nothing when no road joins it to the chain."""
        d = self.my_distance(house, coming_soon=True) if distance is None else distance
        if d is None:
            return 0.0
        if price is None:
            key = (house, d)
            w = self._house_worth.get(key)
            if w is None:
                w = self._house_worth[key] = self._house_worth_at(house, d, self.my_price())
            return w
        return self._house_worth_at(house, d, price)

    def _house_worth_at(self, house: int, d: int, price: int) -> float:
        rival = self.rival_sum(house)
        mine = price + d
        edge = 1.0 if mine < rival else (0.5 if mine == rival else 0.2)
        garden = 2.0 if self.map.houses[house].garden else 1.0
        return edge * garden / (1.0 + 0.35 * d)

    def worth(self) -> dict:
        """``{house: worth}`` for every house (cached)."""
        if self._worth is None:
            self._worth = {h: self.house_worth(h) for h in sorted(self.map.houses)}
        return self._worth

    # --- goods ---------------------------------------------------------------------------------------
    def demand_near(self) -> Counter:
        """Demand tokens on houses joined to the chain, by good, plus what this chain's campaigns will add."""
        if self._near is None:
            self._near = self._demand_near()
        return Counter(self._near)

    def _demand_near(self) -> Counter:
        out = Counter()
        for h, goods in self.map.demand.items():
            if self.my_distance(h) is not None:
                out.update(goods)
        for c in self.map.campaigns.values():
            if c.chain == self.seat:
                out[c.good] += sum(1 for h in self._campaign_reach(c) if self.my_distance(h) is not None)
        return out

    def _campaign_reach(self, c) -> tuple:
        """The houses campaign ``c`` on the map reaches, remembered with the map (``FcmMap.reach_answer``)."""
        return self.map.reach_answer(("on the map", c.number, c.kind, c.squares, c.side, c.lines),
                                     lambda: tuple(marketing_reach(self.map, c)))

    def orders_served(self, extra: str | None = None) -> int:
        """Demand tokens of the houses near the chain whose whole order its stock (plus one ``extra`` good)
        could serve, houses taken in number order as at Dinnertime (FCM-4.1, FCM-4.2)."""
        stock = Counter(self.company.goods)
        if extra:
            stock[extra] += 1
        n = 0
        for h in sorted(self.map.demand):
            want = Counter(self.map.demand[h])
            if want and self.my_distance(h) is not None and not (want - stock):
                stock -= want
                n += sum(want.values())
        return n

    def need(self) -> Counter:
        """Goods wanted near the chain and not yet in stock."""
        return self.demand_near() - self.company.goods

    def food(self, style_food: str) -> str:
        """The food to make and advertise: what the chain's cooks make, else the style's."""
        owned = self.company.owned()
        made = Counter()
        for card, (good, n) in KITCHEN.items():
            if good:
                made[good] += n * owned[card]
        if made:
            top = max(made.values())
            if made[style_food] == top:
                return style_food
            return max(FOODS, key=lambda g: made[g])
        return style_food

    def expected_income(self) -> int:
        """What the chain earned at the last Dinnertime (its house sales and tips)."""
        if self._income is None:
            dinner = self.game.dinner
            sold = 0 if dinner is None else dinner.income(self.seat)
            self._income = sold + 3 * self.company.work.counts()["waitress"]
        return self._income

    # --- money -----------------------------------------------------------------------------------------
    def salary_room(self, extra: int = 1) -> bool:
        """Could the chain pay ``extra`` more salaried cards at the coming Payday without firing?"""
        room = self._room.get(extra)
        if room is None:
            room = self._room[extra] = self._salary_room(extra)
        return room

    def _salary_room(self, extra: int) -> bool:
        due = self.co.salary_due(self.seat)
        if self.co.can_claim(self.seat, "first_to_train"):
            due = max(0, due - 15)
        return due + SALARY * extra <= self.company.cash + int(0.8 * self.expected_income())

    # --- restaurants -----------------------------------------------------------------------------------
    def restaurant_gain(self, value: str) -> float:
        """The demand a restaurant at ``value`` ('r,c corner') would bring within reach, beyond what the
        chain's restaurants reach already."""
        head, corner = value.split()
        r, c = map(int, head.split(","))
        ends = self.map.roads.ends((corner_square((r, c), corner),))
        gain = self._gains.get(ends)
        if gain is None:
            gain = self._gains[ends] = self._gain_from(ends)
        return gain

    def _gain_from(self, ends) -> float:
        """``restaurant_gain`` for a place whose entrance joins the roads at ``ends``."""
        v = self.map.roads.vector(ends)
        gain = 0.0
        for n, house_ends, base in self._houses_weighed():
            d = min((v[k] + cost for k, cost in house_ends), default=FAR_ROAD)
            if d > 5:                              # also FAR_ROAD: no road joins them
                continue
            now = self.my_distance(n, coming_soon=True)
            if now is not None and now <= d:
                continue
            worth = self.house_worth(n, distance=d) * base
            if now is not None:
                worth -= self.house_worth(n, distance=now) * base
            gain += worth
        return gain

    def _houses_weighed(self) -> list:
        """``(house, its road ends, its weight)`` for every house in map order: what ``restaurant_gain`` reads
        per house, the same for every place weighed in one decision."""
        if self._weighed is None:
            net = self.map.roads
            self._weighed = [(n, net.ends(h.all_squares),
                              1.0 + 0.6 * len(self.map.demand.get(n, ())) + (1.0 if h.garden else 0.0))
                             for n, h in self.map.houses.items()]
        return self._weighed

    # --- marketing ------------------------------------------------------------------------------------
    def campaign_gain(self, number: int, value: str, good: str | None = None) -> float:
        """Demand a campaign of tile ``number`` at ``value`` would place where this chain can sell it; a house
        already wanting another good is worth less (it buys only its whole order, FCM-4.2)."""
        w = self.worth()
        gain = 0.0
        for h in marketing.reached(self.map, number, value):
            room = self.map.demand_room(h)
            mixed = good is not None and any(g != good for g in self.map.demand.get(h, ()))
            gain += w.get(h, 0.0) * (1.0 if room > 0 else 0.3) * (0.3 if mixed else 1.0)
        return gain

    def best_campaign(self, card: str, number: int, values=None, good: str | None = None):
        """(gain, place) of the best place of tile ``number`` for this marketeer; (0, None) when none helps."""
        vals = marketing.places(self.game, self.seat, card, number) if values is None else values
        best, best_v = 0.0, None
        for v in vals:
            if v == "cancel":
                continue
            g = self.campaign_gain(number, v, good)
            if g > best:
                best, best_v = g, v
        return best, best_v

    # --- houses and gardens ----------------------------------------------------------------------------
    def new_house_gain(self, number: int, value: str) -> float:
        head, side = value.split()
        r, c = map(int, head.split(","))
        return self._spot_gain(((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)) + garden_squares((r, c), side))

    def garden_gain(self, number: int) -> float:
        d = self.my_distance(number, coming_soon=True)
        if d is None:
            return 0.0
        return self.house_worth(number, distance=d) * (1.0 + 0.5 * len(self.map.demand.get(number, ())))

    def _spot_gain(self, squares) -> float:
        mine, rivals = self._starts()
        d = location_distance(self.map, (), squares, starts=mine)
        if d is None:
            return 0.0
        rd = location_distance(self.map, (), squares, starts=rivals) if rivals else None
        edge = 1.0 if rd is None or rd > d + 1 else (0.6 if rd >= d else 0.3)
        return 2.0 * edge / (1.0 + 0.35 * d)

    def _starts(self) -> tuple:
        """Where routes start from this chain's restaurants and from the rivals' open ones (``restaurant_ends``),
        worked out once for the many spots weighed in one decision."""
        if self._route_starts is None:
            fmap = self.map
            self._route_starts = ([restaurant_ends(fmap, r) for r in fmap.chain_restaurants(self.seat)],
                                  [restaurant_ends(fmap, r) for r in fmap.restaurants.values()
                                   if r.chain != self.seat and r.open])
        return self._route_starts


def marketing_reach(fmap, campaign) -> list:
    """Houses a campaign on the map reaches (FCM-6.2 to 6.5)."""
    return campaign_reach(fmap, campaign.number)


def goods_of_route(code: str, per: int) -> Counter:
    """Drinks a buyer's route option brings back: ``per`` for each source in its code."""
    got = Counter()
    for part in code.split():
        got[part.split("@")[0]] += per
    return got


def restaurant_reach_score(game, seat, value) -> float:
    """A plain measure for a restaurant place: houses near its entrance by road (no rivals counted)."""
    head, corner = value.split()
    r, c = map(int, head.split(","))
    net = game.map.roads
    ends = net.ends((corner_square((r, c), corner),))
    s = 0.0
    for h in game.map.houses.values():
        d = net.between(ends, net.ends(h.all_squares))
        if d is not None and d <= 3:
            s += 1.0 / (1 + d)
    return s


__all__ = ["BUYERS", "DRINKS", "FOODS", "KITCHEN", "Outlook", "goods_of_route", "restaurant_reach_score"]
