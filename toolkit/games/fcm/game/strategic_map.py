"""The strategic agent on the map (FCM-I75): where its restaurants, new houses and gardens go, and which
marketing campaigns it runs.

``Placing`` puts restaurants (starting, local and regional managers') and a new business developer's house
or garden where they bring the most demand within the chain's reach; ``Campaigning`` picks the campaign
tile, place, good and duration, chasing the campaign milestones. Both weigh places by ``Outlook``.
"""
from __future__ import annotations

from collections import Counter

from ..map.roads import sources_in_range
from .outlook import BUYERS, DRINKS

SKIPS = ("pass", "skip", "cancel", "done")
MILESTONE_KIND = {"billboard": ("first_billboard", 3.0), "airplane": ("first_airplane", 1.5), "radio": ("first_radio", 2.5)}


class Placing:
    """Restaurants, houses and gardens. Each answer is a method named for its decision kind (``decides``)."""

    decides = ("start_restaurant", "local_manager", "regional_manager", "regional_place", "developer",
               "developer_place")

    @staticmethod
    def best_restaurant(d, look):
        """(gain, place) of the restaurant place that brings the most demand in reach; (0.0, None): none."""
        best, best_v = 0.0, None
        for v in d.values:
            if v in SKIPS:
                continue
            g = look.restaurant_gain(v)
            if best_v is None or g > best:
                best, best_v = g, v
        return best, best_v

    def start_restaurant(self, game, d, look, style):
        return self.best_restaurant(d, look)[1]

    def local_manager(self, game, d, look, style):
        g, v = self.best_restaurant(d, look)
        return v if g > 0.3 else "skip"

    def regional_manager(self, game, d, look, style):
        return "new" if "new" in d.values else "skip"

    def regional_place(self, game, d, look, style):
        return self.best_restaurant(d, look)[1]

    def developer(self, game, d, look, style):
        houses = [v for v in d.values if v.startswith("house")]
        best, best_v = (0.8, houses[0]) if houses else (0.3, "skip")     # where it goes is chosen next
        for v in d.values:
            if v.startswith("garden"):
                g = look.garden_gain(int(v.split()[1])) * style.gardens
                if g > best:
                    best, best_v = g, v
        return best_v

    def developer_place(self, game, d, look, style):
        what, n = game.sub["what"].split()
        if what != "house":
            return d.values[0]
        return max(d.values, key=lambda v: (look.new_house_gain(int(n), v) if v != "cancel" else -1.0))


class Campaigning:
    """Marketing campaigns. Each answer is a method named for its decision kind (``decides``)."""

    decides = ("campaign_tile", "campaign_place", "campaign_good", "campaign_duration")

    def campaign_tile(self, game, d, look, style):
        card = game.tasks[0][1]
        ts = game.map.tileset
        groups = {}              # one tile per kind and size, the lowest number (runs first): same places
        for v in d.values:
            if v == "skip":
                continue
            n = int(v.split()[1])
            groups.setdefault((ts.marketing[n].kind, ts.marketing[n].size), v)
        best, best_v = 0.4, "skip"
        co, seat = game.co, d.player
        for (kind, _size), v in groups.items():
            n = int(v.split()[1])
            gain, place = look.best_campaign(card, n, good=look.food(style.food))
            if place is None:
                continue
            score = gain
            if co.has(seat, "first_billboard") or (kind == "billboard" and co.can_claim(seat, "first_billboard")):
                score *= 2.0                         # eternal (FCM-6.n1)
            if kind == "radio" and co.has(seat, "first_radio"):
                score *= 1.6
            mid, bonus = MILESTONE_KIND.get(kind, (None, 0.0))
            if mid and co.can_claim(seat, mid):
                score += bonus
            score += 0.5 * (len(style.kinds) - style.kinds.index(kind))
            if score > best:
                best, best_v = score, v
        return best_v

    def campaign_place(self, game, d, look, style):
        card = game.tasks[0][1]
        return look.best_campaign(card, game.sub["tile"], d.values, good=look.food(style.food))[1] or d.values[0]

    def campaign_good(self, game, d, look, style):
        co, seat = game.co, d.player
        owned = look.company.owned()
        if co.can_claim(seat, "first_drink_marketed") and any(owned[b] for b in BUYERS[1:]):
            mine = [c for c in game.map.campaigns.values() if c.chain == seat]
            if mine:
                supply = Counter()
                for r in game.map.chain_restaurants(seat, open_only=True):
                    supply.update(s for s in _near_drinks(game, r))
                if supply:
                    return max(DRINKS, key=lambda g: (supply[g], -DRINKS.index(g)))
        return look.food(style.food)

    def campaign_duration(self, game, d, look, style):
        return max(d.values)


def _near_drinks(game, restaurant):
    """Drink kinds at the sources a cart could reach from ``restaurant`` (for choosing a drink to advertise)."""
    return [d for _sq, d in sources_in_range(game.map, restaurant, 3)]


__all__ = ["Placing", "Campaigning"]
