"""Sensible random play for Food Chain Magnate (FCM-I76): random among the options that do not throw the
game away.

Plain uniform choices almost never sell anything in this game (a house buys only when a chain has every
good it wants), so uniform games run to the round limit (FCM-I70). This agent still chooses at random,
with the seat's own stream, but only among options a beginner would call reasonable: it always fills its
structure, hires when it may, trains only what it can pay, places restaurants and campaigns where they reach
houses its chain is joined to, advertises and makes the food it can cook, fetches the drinks wanted near
it, and fires only to pay its salaries.

>>> from toolkit.games.fcm.game.rules import FcmGame
>>> from toolkit.core import play
>>> g = FcmGame(players=4, seed=2, log=False)
>>> play(g, [SensibleRandomAgent() for _ in range(4)])
>>> g.end_reason
'bank'
"""
from __future__ import annotations

import re

from ....core.agents import Agent
from . import marketing
from .outlook import FOODS, KITCHEN, Outlook, goods_of_route, restaurant_reach_score
from .production import per_source

SKIPS = ("pass", "skip", "cancel")
HAND_ENOUGH, HAND_FULL = 8, 14      # cards owned: from 8 on, stopping hiring is one of the choices; at 14 it stops


def _pick(values, rng):
    values = list(values)
    return values[0] if len(values) == 1 else values[int(rng.random() * len(values))]


class SensibleRandomAgent(Agent):
    """Random among the sensible options (FCM-I76)."""

    name = "random"

    def choose(self, game, decision, rng):
        f = getattr(self, "_" + decision.kind, None)
        good = f(game, decision, Outlook(game, decision.player)) if f is not None else None
        good = [v for v in (good or ()) if v in decision.values] or list(decision.values)
        return _pick(good, rng)

    def _restructure(self, game, d, look):
        """The fullest structures that put a cook and a marketeer to work when the hand has them, and never a
        luxuries manager (its +$10 loses nearly every sale)."""
        staff = game.co.staff
        hand = look.company.hand
        wanted = [role for role in ("kitchen", "marketeer") if any(staff[c].role == role for c in hand if hand[c])]
        cards = {v: [c for c in re.split(r"[(),\s]+", v) if c] for v in d.values}
        fine = [v for v, cs in cards.items() if "luxuries_manager" not in cs
                and all(any(staff[c].role == role for c in cs) for role in wanted)] or list(d.values)
        most = max(len(cards[v]) for v in fine)
        return [v for v in fine if len(cards[v]) == most]

    def _hire(self, game, d, look):
        owned = look.company.owned()
        staff = game.co.staff
        for role, entry in (("kitchen", "kitchen_trainee"), ("marketeer", "marketing_trainee")):
            if not any(owned[c] for c in owned if staff[c].role == role) and f"hire {entry}" in d.values:
                return [f"hire {entry}"]            # a chain needs someone to cook and someone to advertise
        n = sum(owned.values())
        if n >= HAND_FULL:
            return ["done"]
        return [v for v in d.values if v.startswith("hire ")] + (["done"] if n >= HAND_ENOUGH else [])

    def _train(self, game, d, look):
        staff = game.co.staff
        out = []
        for v in d.values:
            if v == "done":
                continue
            src, target = v.split(": ", 1)[1].split(" > ")
            card = src.split(" ")[0]
            if target == "luxuries_manager":
                continue
            if "(empty pile)" in src or not staff[target].salaried or staff[card].salaried or look.salary_room():
                out.append(v)
        return out or ["done"]

    def _fire(self, game, d, look):
        co, staff, seat = game.co, game.co.staff, d.player
        chosen = [v.split(" ", 1)[1] for v in co.secret.get(seat, ())]
        due = co.salary_due(seat) - 5 * sum(1 for c in chosen if staff[c].salaried)
        if due <= look.company.cash:
            return ["done"]
        return [v for v in d.values if v != "done" and staff[v.split(" ", 1)[1]].salaried] or ["done"]

    def _start_restaurant(self, game, d, look):
        return [v for v in d.values if v not in SKIPS and restaurant_reach_score(game, d.player, v) >= 1.0]

    def _local_manager(self, game, d, look):
        return [v for v in d.values if v not in SKIPS and restaurant_reach_score(game, d.player, v) >= 1.0]

    def _regional_place(self, game, d, look):
        return self._local_manager(game, d, look)

    def _regional_manager(self, game, d, look):
        return ["new"] if "new" in d.values else None

    def _campaign_tile(self, game, d, look):
        return [v for v in d.values if v != "skip"]

    def _campaign_place(self, game, d, look):
        n = game.sub["tile"]
        near = {v: sum(look.my_distance(h, coming_soon=True) is not None for h in marketing.reached(game.map, n, v))
                for v in d.values if v != "cancel"}
        top = max(near.values(), default=0)
        return [v for v, k in near.items() if k and 2 * k >= top]

    def _campaign_good(self, game, d, look):
        mine = [c.good for c in game.map.campaigns.values() if c.chain == d.player and c.good in FOODS]
        if mine:
            return [mine[0]]                      # one food, so the houses near the chain want what it makes
        made = {g: sum(n * look.company.owned()[c] for c, (good, n) in KITCHEN.items() if good == g) for g in FOODS}
        top = max(made.values())
        return [g for g in FOODS if made[g] == top] if top else list(FOODS)

    def _kitchen(self, game, d, look):
        need = look.need()
        top = max(need[g] for g in FOODS)
        return [g for g in FOODS if need[g] == top]

    def _cook(self, game, d, look):
        return ["make"]                 # holding food back (FCM-I72) is for planners, not for random play

    def _errand(self, game, d, look):
        need = look.need()
        drinks = [g for g in d.values if g != "skip"]
        top = max(need[g] for g in drinks)
        return [g for g in drinks if need[g] == top]

    def _route(self, game, d, look):
        per = per_source(game, d.player, game.tasks[0][1])
        need = look.need()
        got = {v: sum(min(n, need[g]) for g, n in goods_of_route(v, per).items()) for v in d.values if v != "skip"}
        top = max(got.values())
        return [v for v in got if got[v] == top]


__all__ = ["SensibleRandomAgent"]
