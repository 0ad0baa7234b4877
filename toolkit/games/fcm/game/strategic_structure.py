"""The strategic agent's structure (FCM-I75): which cards it puts to work each round, and which stay on
the beach to be trained.

``Restructuring`` scores every structure the engine offers, and one it builds itself (any structure the
engine accepts may be proposed, FCM-I46), by what its cards are worth at work this round (``card_worths``:
cooks, marketeers, buyers, managers' slots, the pricing and luxuries managers, milestones within reach), the
training its trainers give to the wishes of the company plan (``strategic_company``) and the hires its
recruiters make while the plan still wants cards.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import repeat
from operator import mul

from ....core.errors import IllegalChoice
from ..company.structure import arrange, fits
from ..map.placement import MARKETEERS
from .outlook import BUYERS, KITCHEN
from .strategic_company import hire_entry, luxuries_sell
from .styles import next_step

TRAIN_WORTH = 4.0          # a training step spent on a wanted card
HIRE_WORTH = 2.5           # a hire beyond the CEO's, while the plan still wants cards
#: Training worth more than TRAIN_WORTH: cooks (a house buys only its whole order), restaurants, campaigns.
URGENT = {"burger_cook": 5.0, "pizza_cook": 5.0, "burger_chef": 3.0, "pizza_chef": 3.0, "local_manager": 4.0,
          "regional_manager": 4.0, "new_business_developer": 2.0, "campaign_manager": 2.0, "brand_manager": 2.0,
          "brand_director": 3.0}
KIND_TIER = {"billboard": 0, "mailbox": 1, "airplane": 2, "radio": 3}


def _cards(structure: str) -> list[str]:
    """The cards of a structure text (FCM-I32): the words between its brackets, commas and spaces."""
    return structure.replace("(", " ").replace(")", " ").replace(",", " ").split()


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
        self.staff, self.known, self.trains, self.hires = None, {}, {}, {}

    def __call__(self, structure: str, staff) -> tuple:
        if staff is not self.staff or len(self.known) > 50_000:
            self.staff, self.known = staff, {}
            self.trains = {c: e.trains for c, e in staff.employees.items()}     # each card's, read once
            self.hires = {c: e.hires for c, e in staff.employees.items()}
        got = self.known.get(structure)
        if got is None:
            cards = _counted(structure)
            types, counts = tuple(cards), tuple(cards.values())
            trains = sum(map(mul, map(self.trains.__getitem__, types), counts))
            hires = 1 + sum(map(mul, map(self.hires.__getitem__, types), counts))
            got = self.known[structure] = (cards, types, counts, trains, hires)
        return got


_shape = _Shapes()


class Restructuring:
    """The structure worth most this round, weighed against the company plan ``company`` (its wishes say
    what to train and hire)."""

    decides = ("restructure",)

    def __init__(self, company):
        self.company = company

    def restructure(self, game, d, look, style):
        """The structure worth most this round: among the engine's options and this agent's own proposal
        (any structure the engine accepts may be proposed, FCM-I46)."""
        co, staff = game.co, game.co.staff
        hand = look.company.hand
        wishes = self.company.wishes(game, d.player, style)
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
        unmet = [w for w in wishes if w.card is None and self.company.attainable(game, w.target)]
        trainable_hires = sum(1 for w in unmet if hire_entry(w.target, staff) != w.target)
        worth = self.card_worths(game, look, style, set(hand))
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
        mine = self.proposal(game, look, to_train, worth, bool(to_train or trainable_hires), len(unmet))
        if mine is not None and mine not in options:
            options.append(mine)
        scores = [score(v) for v in options]
        return options[scores.index(max(scores))]

    @staticmethod
    def proposal(game, look, to_train, worth, trainees, unmet):
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

    @staticmethod
    def card_worths(game, look, style, cards) -> dict:
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
                v = 6.0 if style.luxury and luxuries_sell(look) else -6.0
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


__all__ = ["Restructuring", "TRAIN_WORTH", "HIRE_WORTH", "URGENT"]
