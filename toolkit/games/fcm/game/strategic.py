"""The strategic agent: a chain that follows a named style's plan and weighs every decision by what it can
see (FCM-I75).

It hires and trains toward its style's plan (``styles``), puts to work the structure worth most this round
(leaving on the beach the cards its trainers will train), chooses campaigns, restaurants and new houses by
the demand they bring within its reach (``outlook``), makes and buys what the houses near it want, keeps its
salaries payable and fires the cards its plan needs least when money is short. It chooses only among the
engine's options and reads only public facts and its own company.

>>> from toolkit.games.fcm.game.rules import FcmGame
>>> from toolkit.core import play
>>> g = FcmGame(players=3, seed=4, log=False)
>>> play(g, [StrategicAgent("burgers-billboards"), StrategicAgent("pizza-radio"), StrategicAgent("price-war")])
>>> g.end_reason
'bank'
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from itertools import repeat
from operator import mul

from ....core.agents import Agent
from ....core.errors import IllegalChoice
from ..company.structure import arrange, fits
from ..map.placement import MARKETEERS
from ..map.roads import sources_in_range
from .outlook import BUYERS, DRINKS, FOODS, KITCHEN, Outlook, goods_of_route
from .production import per_source
from .styles import STYLES, Style, assign, dealt_style, entry_for, next_step

SKIPS = ("pass", "skip", "cancel", "done")
TRAIN_WORTH = 4.0          # a training step spent on a wanted card
HIRE_WORTH = 2.5           # a hire beyond the CEO's, while the plan still wants cards
#: Training worth more than TRAIN_WORTH: cooks (a house buys only its whole order), restaurants, campaigns.
URGENT = {"burger_cook": 5.0, "pizza_cook": 5.0, "burger_chef": 3.0, "pizza_chef": 3.0, "local_manager": 4.0,
          "regional_manager": 4.0, "new_business_developer": 2.0, "campaign_manager": 2.0, "brand_manager": 2.0,
          "brand_director": 3.0}
KIND_TIER = {"billboard": 0, "mailbox": 1, "airplane": 2, "radio": 3}
#: Marketeers whose campaigns stay near the chain's restaurants, and the wider ones, in the order wanted.
NARROW = ("marketing_trainee", "campaign_manager")
WIDE = (("brand_manager", "airplane"), ("brand_director", "radio"))
MILESTONE_KIND = {"billboard": ("first_billboard", 3.0), "airplane": ("first_airplane", 1.5), "radio": ("first_radio", 2.5)}


def _cards(structure: str) -> list[str]:
    return [c for c in re.split(r"[(),\s]+", structure) if c]


@lru_cache(maxsize=50_000)
def _counted(structure: str) -> Counter:
    """The cards of a structure text, counted (remembered: the same texts come back round after round; the
    caller never changes it)."""
    return Counter(_cards(structure))


class _Shapes:
    """(the cards counted, the card types and their counts in that order, their training steps, 1 + the hires
    they make) of structure texts, remembered for one
    catalogue: the same texts come back round after round and game after game. Never change an answer."""

    def __init__(self):
        self.staff, self.known = None, {}

    def __call__(self, structure: str, staff) -> tuple:
        if staff is not self.staff or len(self.known) > 50_000:
            self.staff, self.known = staff, {}
        got = self.known.get(structure)
        if got is None:
            cards = _counted(structure)
            got = self.known[structure] = (cards, tuple(cards), tuple(cards.values()),
                                           sum(staff[c].trains * n for c, n in cards.items()),
                                           1 + sum(staff[c].hires * n for c, n in cards.items()))
        return got


_shape = _Shapes()
_ENTRIES: dict = {}          # (target, id of the catalogue) -> (the catalogue, entry_for): a catalogue never changes


def _entry(target: str, staff) -> str:
    """``entry_for``, remembered per catalogue (kept with the answer, so that its id names it alone)."""
    got = _ENTRIES.get((target, id(staff)))
    if got is None or got[0] is not staff:
        got = _ENTRIES[(target, id(staff))] = (staff, entry_for(target, staff))
    return got[1]


class StrategicAgent(Agent):
    """A chain builder with a style (FCM-I75). ``style`` is a name of ``STYLES``, a ``Style``, or None: the
    style dealt to the seat from the game's seed (``dealt_style``)."""

    name = "strategic"

    def __init__(self, style: str | Style | None = None):
        self.style = STYLES[style] if isinstance(style, str) else style
        self.name = self.style.name if self.style else "heuristic"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.style.name!r})" if self.style else f"{type(self).__name__}()"

    def style_for(self, game, seat: int) -> Style:
        return self.style or dealt_style(game.seed, seat)

    def choose(self, game, decision, rng):
        f = getattr(self, "_" + decision.kind, None)
        if f is not None:
            look = Outlook(game, decision.player, self.__dict__.setdefault("_outlook_memo", {}))
            v = f(game, decision, look, self.style_for(game, decision.player))
            if v is not None and (v in decision.values or decision.kind == "restructure"):
                return v
        return decision.values[0]

    # --- the company ------------------------------------------------------------------------------
    def _reserve(self, game, d, look, style):
        return style.reserve

    def _turn_order(self, game, d, look, style):
        return min(d.values)

    def _wishes(self, game, seat, style):
        """The plan matched to the cards owned (``assign``), remembered for the same plan, cards and busy
        cards: most decisions of a round ask it again with nothing changed. The wishes are read, never changed."""
        co = game.co.company(seat)
        plan, owned, busy = self._plan(game, style), co.owned(), tuple(co.busy)
        key = (plan, tuple(owned.items()), busy, id(game.co.staff))
        memo = self.__dict__.setdefault("_assigned", {})
        got = memo.get(key)
        if got is None:
            if len(memo) > 2000:
                memo.clear()
            got = memo[key] = assign(plan, owned, game.co.staff, busy)
        return got

    @staticmethod
    def _plan(game, style) -> tuple:
        """The style's plan, adapted to the map (``_wider_marketing``, ``_both_foods``)."""
        return _both_foods(game, _wider_marketing(game, style.plan), style.food)

    def _attainable(self, game, seat, target) -> bool:
        co = game.co
        return not (co.staff[target].unique and co.supply[target] == 0)

    def _hire(self, game, d, look, style):
        staff = game.co.staff
        for w in self._wishes(game, d.player, style):
            if w.card is None and self._attainable(game, d.player, w.target):
                entry = _entry(w.target, staff)
                if f"hire {entry}" in d.values:
                    return f"hire {entry}"
        owned = look.company.owned()
        if (game.round >= 3 and not owned["waitress"] and look.company.cash < 10 and look.expected_income() < 10
                and "hire waitress" in d.values):
            return "hire waitress"                 # tips pay the first salaries when nothing sells yet (FCM-4.5)
        for filler, most in (("waitress", 1),):
            if owned[filler] < most and f"hire {filler}" in d.values:
                return f"hire {filler}"
        return "done"

    def _train(self, game, d, look, style):
        co, staff = game.co, game.co.staff
        wants: dict = {}
        for w in self._wishes(game, d.player, style):
            if w.card is not None and w.card != w.target:
                wants.setdefault(w.card, []).append(w)
        best, best_key = None, None
        for v in d.values:
            if v == "done":
                continue
            move = v.split(": ", 1)[1]
            src, target = move.split(" > ")
            card = src.split(" ")[0]
            forced = "(empty pile)" in src
            prio = None
            for w in wants.get(card, []):
                if target in next_step(card, w.target, staff):
                    prio = w.index
                    break
            if prio is None and not forced:
                continue
            if not forced:
                if target == "luxuries_manager" and not self._quiet(look):
                    continue                       # +$10 sells only where no rival is near: salaried for nothing
                if co.supply[target] == 0:
                    continue                       # an empty pile: the card would have to be trained on at once
                if staff[target].salaried and not staff[card].salaried and not look.salary_room():
                    continue
            key = (not forced, prio if prio is not None else 999)
            if best_key is None or key < best_key:
                best, best_key = v, key
        if best is not None:
            return best
        return "done" if "done" in d.values else d.values[0]

    def _restructure(self, game, d, look, style):
        """The structure worth most this round: among the engine's options and this agent's own proposal
        (any structure the engine accepts may be proposed, FCM-I46)."""
        co, staff = game.co, game.co.staff
        hand = look.company.hand
        wishes = self._wishes(game, d.player, style)
        to_train: dict = {}                      # card -> worths of training it this round, best first
        for w in wishes:
            if w.card is None or w.card == w.target or not hand[w.card]:
                continue
            steps = [t for t in next_step(w.card, w.target, staff) if co.supply[t] > 0]
            if steps and (not staff[steps[0]].salaried or staff[w.card].salaried or look.salary_room()):
                to_train.setdefault(w.card, []).append(TRAIN_WORTH + URGENT.get(w.target, 0.0))
        for c, ws in to_train.items():
            ws.sort(reverse=True)
            del ws[hand[c]:]
        unmet = [w for w in wishes if w.card is None and self._attainable(game, d.player, w.target)]
        trainable_hires = sum(1 for w in unmet if _entry(w.target, staff) != w.target)
        worth = self._card_worths(game, look, style, set(hand))
        claim3 = co.can_claim(d.player, "first_hire_3") and len(unmet) >= 3

        trained: dict = {}                       # what the training steps add, by what decides it

        def training(cards, hires, steps):
            """The best ``steps`` of the training worths left: the wishes whose cards stay on the beach, and
            the hires that could be trained."""
            key = (tuple(cards[c] for c in to_train), min(hires, trainable_hires), steps)
            got = trained.get(key)
            if got is None:
                left = sorted((x for c, ws in to_train.items() for x in ws[:hand[c] - cards[c]]), reverse=True)
                left += [TRAIN_WORTH] * min(hires, trainable_hires)
                got = trained[key] = sum(sorted(left, reverse=True)[:steps])
            return got

        def score(v):
            cards, types, counts, steps, hires = _shape(v, staff)
            base = sum(map(mul, map(worth.get, types, repeat(0.0)), counts))     # worth x count, card by card
            if steps:                            # the training steps go to the best wishes left to train
                base += training(cards, hires, steps)
            base += HIRE_WORTH * min(hires - 1, max(0, len(unmet) - 1))
            if claim3 and hires >= 3:
                base += 4.0
            return base, len(cards)
        options = list(d.values)
        mine = self._proposal(game, look, to_train, worth, bool(to_train or trainable_hires), len(unmet))
        if mine is not None and mine not in options:
            options.append(mine)
        scores = [score(v) for v in options]
        return options[scores.index(max(scores))]

    def _proposal(self, game, look, to_train, worth, trainees, unmet):
        """A structure built card by card: the cards to be trained stay on the beach, managers first (for
        their slots), then the others by worth; None when the engine would not accept it."""
        co, staff = game.co, game.co.staff
        company = look.company
        hand = company.hand
        steps = sum(staff[c].trains * n for c, n in hand.items())
        out = Counter()
        for c, ws in sorted(to_train.items(), key=lambda kv: -kv[1][0]):
            k = min(len(ws), steps)
            out[c] += k
            steps -= k
        avail = hand - out
        value = dict(worth)
        for c in avail:
            e = staff[c]
            if e.trains:
                value[c] = TRAIN_WORTH * e.trains if trainees else 0.1
            elif e.role == "recruiter" and not e.discount:
                value[c] = HIRE_WORTH if unmet > 1 else 0.1
        pool = [c for c in sorted(avail, key=lambda c: staff.order[c]) for _ in range(avail[c])]
        chosen = []
        for c in sorted((c for c in pool if staff[c].is_manager), key=lambda c: -staff[c].slots):
            if fits(chosen + [c], staff, company.ceo_slots):
                chosen.append(c)
        for c in sorted((c for c in pool if not staff[c].is_manager), key=lambda c: -value.get(c, 0.0)):
            if value.get(c, 0.0) > 0 and fits(chosen + [c], staff, company.ceo_slots):
                chosen.append(c)
        s = arrange(chosen, staff, company.ceo_slots)
        if s is None:
            return None
        text = s.text()
        try:
            _, over = co.read_structure(look.seat, text)
        except IllegalChoice:
            return None
        return None if over else text

    def _card_worths(self, game, look, style, cards) -> dict:
        """What each card type in hand is worth at work this round (beyond the slots managers give)."""
        co, staff, seat = game.co, game.co.staff, look.seat
        has_restaurant = bool(game.map.chain_restaurants(seat))
        n_rest = len(game.map.chain_restaurants(seat))
        food = look.food(style.food)
        free_kinds = {game.map.tileset.marketing[n].kind for n in game.map.tileset.marketing_for(game.players)
                      if n not in game.map.campaigns}
        out = {}
        for c in cards:
            e = staff[c]
            v = 0.0
            if e.role == "manager":
                v = 0.3
            elif c in KITCHEN:
                good, n = KITCHEN[c]
                v = 1.2 * n * (1.0 if good in (None, food) else 0.6)
                if good is None and co.can_claim(seat, f"first_{food}_produced"):
                    v += 3.0
            elif e.role == "marketeer":
                kinds = MARKETEERS[c.replace("_", " ")][0]
                v = (4.5 + KIND_TIER[kinds[-1]] * 0.5) if has_restaurant and free_kinds & set(kinds) else 0.0
            elif c == "waitress":
                v = 2.5 + (1.5 if co.has(seat, "first_waitress") else 0.0) + (3.0 if co.can_claim(seat, "first_waitress") else 0.0)
            elif c == "pricing_manager":
                v = style.cheap + (3.0 if co.can_claim(seat, "first_lower_prices") else 0.0)
            elif c == "discount_manager":
                v = 3.0 * style.cheap - 1.0
            elif c == "luxuries_manager":
                v = 6.0 if style.luxury and self._quiet(look) else -6.0
            elif c == "cfo":
                v = 1.0 + 0.25 * look.expected_income()
            elif c in ("recruiting_manager", "hr_director"):
                v = 2.0 * e.hires
            elif c in BUYERS:
                v = {"errand_boy": 1.5, "cart_operator": 2.5, "truck_driver": 3.5, "zeppelin_pilot": 4.0}[c]
                mid = {"errand_boy": "first_errand_boy", "cart_operator": "first_cart_operator"}.get(c)
                if mid and co.can_claim(seat, mid):
                    v += 3.0
            elif c == "new_business_developer":
                v = 2.5
            elif c in ("local_manager", "regional_manager"):
                v = (7.0 if c == "local_manager" else 8.0) if n_rest < 3 else 1.5
            elif e.role == "trainer" or e.role == "recruiter":
                v = 0.2
            out[c] = v
        return out

    @staticmethod
    def _quiet(look) -> bool:
        """Few houses near this chain are also near a rival: a luxuries manager's +$10 may still sell. A house
        is contested when a rival's unit price plus distance would beat or tie the chain's own with the $10
        added (FCM-4.3)."""
        near = contested = 0
        price = look.my_price() + (0 if look.company.work.counts()["luxuries_manager"] else 10)
        for h in look.map.houses:
            d = look.my_distance(h)
            if d is None or d > 3:
                continue
            near += 1
            if look.rival_sum(h) <= price + d:
                contested += 1
        return near > 0 and contested <= near // 3

    def _keep_order(self, game, seat, style) -> dict:
        """How much the plan needs each owned card type: a lower number is fired first."""
        keep = {}
        for w in self._wishes(game, seat, style):
            if w.card is not None:
                keep[w.card] = max(keep.get(w.card, -1), 1000 - w.index)
        return keep

    def _fire(self, game, d, look, style):
        co, staff, seat = game.co, game.co.staff, d.player
        chosen = Counter(v.split(" ", 1)[1] for v in co.secret.get(seat, ()))
        free = set()
        for mid in look.company.milestones:
            if co.has(seat, mid):
                free.update(co.ms[mid].params.get("no_salary_for", []))
        due = co.salary_due(seat) - 5 * sum(n for c, n in chosen.items() if staff[c].salaried and c not in free)
        if due <= look.company.cash:
            return "done"
        return self._cheapest_to_lose(game, d, style, free) or "done"

    def _broke_fire(self, game, d, look, style):
        return self._cheapest_to_lose(game, d, style, set())

    def _cheapest_to_lose(self, game, d, style, free):
        staff = game.co.staff
        keep = self._keep_order(game, d.player, style)
        best, best_k = None, None
        for v in d.values:
            if v == "done":
                continue
            where, card = v.split(" ", 1)
            if where == "busy":
                chip = game.busy_chips.get(card)
                card = chip[1] if chip else None
                if card is None:
                    continue
            if not staff[card].salaried or card in free:
                continue
            k = (keep.get(card, -1), where == "work")
            if best_k is None or k < best_k:
                best, best_k = v, k
        return best

    def _freezer(self, game, d, look, style):
        need = look.need()
        goods = look.company.goods
        return min(d.values, key=lambda v: (need[v.split()[1]] - goods[v.split()[1]], d.values.index(v)))

    # --- the map ------------------------------------------------------------------------------------
    def _best_restaurant(self, d, look):
        best, best_v = 0.0, None
        for v in d.values:
            if v in SKIPS:
                continue
            g = look.restaurant_gain(v)
            if best_v is None or g > best:
                best, best_v = g, v
        return best, best_v

    def _start_restaurant(self, game, d, look, style):
        return self._best_restaurant(d, look)[1]

    def _local_manager(self, game, d, look, style):
        g, v = self._best_restaurant(d, look)
        return v if g > 0.3 else "skip"

    def _regional_manager(self, game, d, look, style):
        return "new" if "new" in d.values else "skip"

    def _regional_place(self, game, d, look, style):
        return self._best_restaurant(d, look)[1]

    def _developer(self, game, d, look, style):
        houses = [v for v in d.values if v.startswith("house")]
        best, best_v = (0.8, houses[0]) if houses else (0.3, "skip")     # where it goes is chosen next
        for v in d.values:
            if v.startswith("garden"):
                g = look.garden_gain(int(v.split()[1])) * style.gardens
                if g > best:
                    best, best_v = g, v
        return best_v

    def _developer_place(self, game, d, look, style):
        what, n = game.sub["what"].split()
        if what != "house":
            return d.values[0]
        return max(d.values, key=lambda v: (look.new_house_gain(int(n), v) if v != "cancel" else -1.0))

    # --- marketing ----------------------------------------------------------------------------------
    def _campaign_tile(self, game, d, look, style):
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

    def _campaign_place(self, game, d, look, style):
        card = game.tasks[0][1]
        return look.best_campaign(card, game.sub["tile"], d.values, good=look.food(style.food))[1] or d.values[0]

    def _campaign_good(self, game, d, look, style):
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

    def _campaign_duration(self, game, d, look, style):
        return max(d.values)

    # --- food and drinks ----------------------------------------------------------------------------
    def _kitchen(self, game, d, look, style):
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

    def _errand(self, game, d, look, style):
        need = look.need()
        drinks = [g for g in d.values if g != "skip"]          # it fetches what it can (FCM-I72 allows skipping)
        served = {g: look.orders_served(extra=g) for g in drinks}
        return max(drinks, key=lambda g: (served[g], need[g], -d.values.index(g)))

    def _route(self, game, d, look, style):
        need = look.need()
        card = game.tasks[0][1]
        per = per_source(game, d.player, card)

        def value(v):
            got = goods_of_route(v, per)
            return sum(min(n, need[g]) for g, n in got.items()) * 3 + sum(got.values()) * 0.2
        routes = [v for v in d.values if v != "skip"]          # a planned route, never an empty trip (FCM-I72)
        return max(routes, key=lambda v: (value(v), -d.values.index(v)))


def _wider_marketing(game, plan) -> tuple:
    """The plan; once every billboard is on the map (eternal ones stay for good), the marketing
    trainees and campaign managers it wants after its first become brand managers or a brand director, in
    their places in the plan (airplanes and
    radio reach houses far from the chain's restaurants): campaigns are what grows demand, and a game
    whose campaigns stay as they are can run to the round limit without the bank breaking again."""
    ts = game.map.tileset
    free = {ts.marketing[n].kind for n in ts.marketing_for(game.players) if n not in game.map.campaigns}
    if "billboard" in free:
        return plan
    wider = [c for c, kind in WIDE if kind in free and game.co.supply[c] > 0]
    if not wider:
        return plan
    first = next((i for i, c in enumerate(plan) if c in NARROW), None)      # the opening billboard's trainee
    return tuple(wider[0] if c in NARROW and i != first else c for i, c in enumerate(plan))


def _both_foods(game, plan, food: str) -> tuple:
    """The plan, with a cook of the other food wanted after its first local manager (its own cook and first
    restaurants come first) while some house wants both foods: a house buys only its whole order (FCM-4.2),
    and eternal campaigns keep such orders on the map, so chains that each make one food can leave them
    unsold to the round limit."""
    other = "pizza" if food == "burger" else "burger"
    if not any(food in want and other in want for want in game.map.demand.values()):
        return plan
    at = plan.index("local_manager") + 1 if "local_manager" in plan else len(plan)
    return plan[:at] + (f"{other}_cook",) + plan[at:]


def _near_drinks(game, restaurant):
    """Drink kinds at the sources a cart could reach from ``restaurant`` (for choosing a drink to advertise)."""
    return [d for _sq, d in sources_in_range(game.map, restaurant, 3)]


__all__ = ["StrategicAgent"]
