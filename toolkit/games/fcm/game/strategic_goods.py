"""The strategic agent's food and drinks (FCM-I75): what its kitchen trainees cook, which drinks its
errand boys and buyers fetch, and what it keeps in the freezer.

``Supplying`` makes and buys what the houses near the chain want: the goods that let it serve the most
whole orders (a house buys only its whole order, FCM-4.2), then the most needed.
"""
from __future__ import annotations

from collections import Counter

from .outlook import FOODS, goods_of_route
from .production import per_source


class Supplying:
    """Food and drinks. Each answer is a method named for its decision kind (``decides``)."""

    decides = ("kitchen", "errand", "route", "freezer")

    def kitchen(self, game, d, look, style):
        """The food that lets the chain serve the most whole orders near it; else the food its own campaigns
        advertise, else the most needed."""
        served = {g: look.orders_served(extra=g) for g in FOODS}
        if served["burger"] != served["pizza"]:
            return max(FOODS, key=lambda g: served[g])
        mine = Counter(c.good for c in game.map.campaigns.values() if c.chain == d.player and c.good in FOODS)
        if mine:
            return max(FOODS, key=lambda g: (mine[g], g == style.food))
        need = look.need()
        food = look.food(style.food)
        return max(FOODS, key=lambda g: (need[g], g == food))

    def errand(self, game, d, look, style):
        need = look.need()
        drinks = [g for g in d.values if g != "skip"]          # it fetches what it can (FCM-I72 allows skipping)
        served = {g: look.orders_served(extra=g) for g in drinks}
        return max(drinks, key=lambda g: (served[g], need[g], -d.values.index(g)))

    def route(self, game, d, look, style):
        need = look.need()
        card = game.tasks[0][1]
        per = per_source(game, d.player, card)

        def value(v):
            got = goods_of_route(v, per)
            return sum(min(n, need[g]) for g, n in got.items()) * 3 + sum(got.values()) * 0.2
        routes = [v for v in d.values if v != "skip"]          # a planned route, never an empty trip (FCM-I72)
        return max(routes, key=lambda v: (value(v), -d.values.index(v)))

    def freezer(self, game, d, look, style):
        """Throws away first the good held most beyond what the houses near it need."""
        need = look.need()
        goods = look.company.goods
        return min(d.values, key=lambda v: (need[v.split()[1]] - goods[v.split()[1]], d.values.index(v)))


__all__ = ["Supplying"]
