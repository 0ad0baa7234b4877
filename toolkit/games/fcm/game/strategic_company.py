"""The strategic agent's company plan (FCM-I75): the reserve card and turn order it picks, and the cards it
hires, trains and fires toward its style's plan.

``CompanyPlan`` matches the style's plan, adapted to the map (``wider_marketing``, ``both_foods``), to the
cards the chain owns (``styles.assign``) and answers from it: hire the entry level of the first card still
wanted, train the card whose wish comes first into its next step, and when salaries cannot be paid fire the
card the plan needs least. ``luxuries_sell`` says where a luxuries manager's +$10 may still sell; the
structure put to work (``strategic_structure``) reads the same plan and measure.
"""
from __future__ import annotations

from collections import Counter

from .styles import assign, entry_for, next_step

#: Marketeers whose campaigns stay near the chain's restaurants, and the wider ones, in the order wanted.
NARROW = ("marketing_trainee", "campaign_manager")
WIDE = (("brand_manager", "airplane"), ("brand_director", "radio"))

_ENTRIES: dict = {}          # (target, id of the catalogue) -> (the catalogue, entry_for): a catalogue never changes


def hire_entry(target: str, staff) -> str:
    """``entry_for``, remembered per catalogue (kept with the answer, so that its id names it alone)."""
    got = _ENTRIES.get((target, id(staff)))
    if got is None or got[0] is not staff:
        got = _ENTRIES[(target, id(staff))] = (staff, entry_for(target, staff))
    return got[1]


def luxuries_sell(look) -> bool:
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


class CompanyPlan:
    """The style's plan for the company: reserve card, turn order, hiring, training and firing. Each answer
    is a method named for its decision kind (``decides``)."""

    decides = ("reserve", "turn_order", "hire", "train", "fire", "broke_fire")

    def __init__(self):
        self._assigned = {}      # (plan, owned, busy, catalogue) -> wishes

    def reserve(self, game, d, look, style):
        return style.reserve

    def turn_order(self, game, d, look, style):
        return min(d.values)

    # --- the plan matched to the cards owned ---------------------------------------------------------
    def wishes(self, game, seat, style):
        """The plan matched to the cards owned (``assign``), remembered for the same plan, cards and busy
        cards: most decisions of a round ask it again with nothing changed. The wishes are read, never changed."""
        co = game.co.company(seat)
        plan, owned, busy = self.plan(game, style), co.owned(), tuple(co.busy)
        key = (plan, tuple(owned.items()), busy, id(game.co.staff))
        memo = self._assigned
        got = memo.get(key)
        if got is None:
            if len(memo) > 2000:
                memo.clear()
            got = memo[key] = assign(plan, owned, game.co.staff, busy)
        return got

    @staticmethod
    def plan(game, style) -> tuple:
        """The style's plan, adapted to the map (``wider_marketing``, ``both_foods``)."""
        return both_foods(game, wider_marketing(game, style.plan), style.food)

    @staticmethod
    def attainable(game, target) -> bool:
        """A card that can still be had: not a unique card whose only copy is taken."""
        co = game.co
        return not (co.staff[target].unique and co.supply[target] == 0)

    # --- hiring and training -------------------------------------------------------------------------
    def hire(self, game, d, look, style):
        staff = game.co.staff
        for w in self.wishes(game, d.player, style):
            if w.card is None and self.attainable(game, w.target):
                entry = hire_entry(w.target, staff)
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

    def train(self, game, d, look, style):
        co, staff = game.co, game.co.staff
        wants: dict = {}
        for w in self.wishes(game, d.player, style):
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
                if target == "luxuries_manager" and not luxuries_sell(look):
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

    # --- firing --------------------------------------------------------------------------------------
    def keep_order(self, game, seat, style) -> dict:
        """How much the plan needs each owned card type: a lower number is fired first."""
        keep = {}
        for w in self.wishes(game, seat, style):
            if w.card is not None:
                keep[w.card] = max(keep.get(w.card, -1), 1000 - w.index)
        return keep

    def fire(self, game, d, look, style):
        co, staff, seat = game.co, game.co.staff, d.player
        chosen = Counter(v.split(" ", 1)[1] for v in co.secret.get(seat, ()))
        free = set()
        for mid in look.company.milestones:
            if co.has(seat, mid):
                free.update(co.ms[mid].params.get("no_salary_for", []))
        due = co.salary_due(seat) - 5 * sum(n for c, n in chosen.items() if staff[c].salaried and c not in free)
        if due <= look.company.cash:
            return "done"
        return self.cheapest_to_lose(game, d, style, free) or "done"

    def broke_fire(self, game, d, look, style):
        return self.cheapest_to_lose(game, d, style, set())

    def cheapest_to_lose(self, game, d, style, free):
        """The salaried card (not one a milestone pays) the plan needs least; on the beach before at work."""
        staff = game.co.staff
        keep = self.keep_order(game, d.player, style)
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


def wider_marketing(game, plan) -> tuple:
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


def both_foods(game, plan, food: str) -> tuple:
    """The plan, with a cook of the other food wanted after its first local manager (its own cook and first
    restaurants come first) while some house wants both foods: a house buys only its whole order (FCM-4.2),
    and eternal campaigns keep such orders on the map, so chains that each make one food can leave them
    unsold to the round limit."""
    other = "pizza" if food == "burger" else "burger"
    if not any(food in want and other in want for want in game.map.demand.values()):
        return plan
    at = plan.index("local_manager") + 1 if "local_manager" in plan else len(plan)
    return plan[:at] + (f"{other}_cook",) + plan[at:]


__all__ = ["CompanyPlan", "hire_entry", "luxuries_sell", "wider_marketing", "both_foods"]
