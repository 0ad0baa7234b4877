"""Dinnertime (FCM-4): houses eat in number order at the chain with the lowest unit price plus distance,
and every house leaves an explanation record (FCM-I55 to FCM-I59).

A record is plain data: the house and its demand, each chain considered (road distance, goods missing,
unit price, sum, waitresses, candidate or why not), the tie-break used, the winner and the money lines.
``explain(record)`` turns it into sentences; the drawing module draws it on the map. ``run`` keeps the facts
that decided each house (``HouseFacts``) and returns them as a ``Dinner``, a sequence that writes each record when
it is read: a fast run, where nobody reads them, never pays for the rows and sentences (benchmarks/README.md).

>>> sale_lines(20, ["burger", "beer", "beer"], garden=True, bonus={"burger": 5})[-1]
('total', 125)
>>> sale_total(20, {"burger": 1, "beer": 2}, garden=True, bonus={"burger": 5})
125
>>> sale_lines(9, ["pizza"], garden=True, bonus={"pizza": 5})[-1]
('total', 23)
>>> cfo_bonus(29)
15
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import NamedTuple

from . import bank, bankruptcy, words
from ..map.roads import nearest_restaurants

BASE_PRICE = 10            # FCM-4.n2
DRINKS = ("lemonade", "beer", "soda")
MARKETED = {"burger": "first_burger_marketed", "pizza": "first_pizza_marketed", "lemonade": "first_drink_marketed",
            "beer": "first_drink_marketed", "soda": "first_drink_marketed"}
PRICE_CARDS = {"pricing_manager": -1, "discount_manager": -3, "luxuries_manager": 10}
LINE_ORDER = {good: i for i, good in enumerate(MARKETED)}      # a sale's lines: burger, pizza, then the drinks


def unit_price(co, seat: int, work: Counter | None = None) -> tuple[int, list]:
    """The chain's unit price and why: $10, -$1 per pricing manager, -$3 per discount manager, +$10 with a
    luxuries manager, cards at work only, and -$1 with "First to lower prices" (FCM-4.3, FCM-4.n2). ``work``: the
    chain's cards at work counted, when the caller has them."""
    work = co.company(seat).work.counts() if work is None else work
    price, why = BASE_PRICE, [f"base ${BASE_PRICE}"]
    for card, step in PRICE_CARDS.items():
        if work[card]:
            price += step * work[card]
            why.append(f"{work[card]} x {co.name(card)} {'+' if step > 0 else '-'}${abs(step) * work[card]}")
    if co.has(seat, "first_lower_prices"):
        price += co.ms["first_lower_prices"].params["price"]
        why.append("'First to lower prices' -$1")
    return price, why


def bonuses(co, seat: int) -> dict:
    """+$5 per item of a marketed kind with the matching milestone (milestones.json, FCM-I33; per item after
    the comparison, FCM-4.4, FCM-4.n1, FCM-I59)."""
    return {g: 5 for g, mid in MARKETED.items() if co.has(seat, mid)}


def sale_total(price: int, need: dict, garden: bool, bonus: dict) -> int:
    """The dollars of one sale, ``need`` counting the items by good: each at the unit price, doubled by a garden,
    plus the milestone bonus, not doubled (FCM-4.4). ``sale_lines`` tells the same sale line by line."""
    unit, total = price * 2 if garden else price, 0
    for good, n in need.items():
        total += n * (unit + bonus.get(good, 0))
    return total


def sale_lines(price: int, items, garden: bool, bonus: dict) -> list:
    """The money lines of one sale: per good, the unit price (doubled by a garden) and the milestone bonus
    (not doubled) (FCM-4.4); the last line is ``('total', dollars)``, the ``sale_total``."""
    lines, total = [], 0
    mult = 2 if garden else 1
    counts: dict = {}
    for good in items:
        counts[good] = counts.get(good, 0) + 1
    for good in sorted(counts, key=LINE_ORDER.__getitem__):
        n, extra = counts[good], bonus.get(good, 0)
        each = price * mult + extra
        text = f"{n} x {good} at ${price}" + (" x2 (garden)" if garden else "")
        if extra:
            text += f" + ${extra} milestone"
        lines.append((text, n * each))
        total += n * each
    lines.append(("total", total))
    return lines


def cfo_bonus(earned: int) -> int:
    """Half of what was earned, rounded up (FCM-4.6); negative earnings give a negative bonus (FCM-I54)."""
    return -((-earned) // 2)


def waitresses(co, seat: int, work: Counter | None = None) -> int:
    return (co.company(seat).work.counts() if work is None else work)["waitress"]


def has_cfo(co, seat: int, work: Counter | None = None) -> bool:
    """A CFO at work, or "First to have $100" from an earlier round (FCM-4.6)."""
    work = co.company(seat).work.counts() if work is None else work
    return bool(work["cfo"]) or co.has(seat, "first_cash_100")


def run(game) -> "Dinner":
    """Play one Dinnertime on ``game`` (an ``FcmGame``) and return its house records (FCM-4.1 to 4.7): a
    ``Dinner``, whose records are written when read."""
    co, fmap = game.co, game.map
    seats = co.seats()                                   # a bankrupt chain has left the game (FCM-I74)
    game.say("phase", lambda: f"Round {co.round}, phase 4: Dinnertime. Houses eat in number order.", ("FCM-0.2", "FCM-4.1"))
    work = {s: co.company(s).work.counts() for s in seats}         # cards at work do not change at Dinnertime
    if co.ruleset == "deluxe":                           # FCM-I44: claimed when Dinnertime starts
        for s in seats:
            if work[s]["pricing_manager"] or work[s]["discount_manager"]:
                co.claim(s, "first_lower_prices", ("FCM-I56",))
    prices = {s: unit_price(co, s, work[s])[0] for s in seats}
    bonus = {s: bonuses(co, s) for s in seats}
    wait = {s: waitresses(co, s, work[s]) for s in seats}
    position = {s: i for i, s in enumerate(co.order)}
    near = nearest_restaurants(fmap)                     # (house, chain) -> (distance, nearest restaurant)
    earned = {s: 0 for s in seats}
    stocks = {s: co.company(s).goods for s in seats}     # the same Counters all Dinnertime (sales change them)
    dinner = Dinner(co.round, prices, wait, bonus)
    gone, live = None, ()
    for n in sorted(fmap.houses):
        demand = tuple(fmap.demand.get(n, ()))
        if not demand:
            continue
        if len(co.bankrupt) != gone:                     # bankrupt this Dinnertime: sells no more (FCM-I74)
            gone, live = len(co.bankrupt), tuple(s for s in co.order if s not in co.bankrupt)
        need: dict = {}
        for g in demand:
            need[g] = need.get(g, 0) + 1
        garden = bool(fmap.houses[n].garden)
        distances, short = [], None
        low = tied = None                                # tied: the chains on the lowest sum, when more than one
        for s in live:
            found = near.get((n, s))                     # FCM-4.2: joined by road to an open restaurant
            d = None if found is None else found[0]
            distances.append(d)
            stock = stocks[s]
            for g, k in need.items():
                if stock.get(g, 0) < k:                  # FCM-4.2: a chain short of a good cannot serve it
                    short = short or {}
                    short[s] = {g: k - stock.get(g, 0) for g, k in sorted(need.items()) if stock.get(g, 0) < k}
                    break
            else:
                if d is not None:                        # FCM-4.3: the lowest unit price + distance
                    total = prices[s] + d
                    if low is None or total < low:
                        low, winner, tied = total, s, None
                    elif total == low:
                        tied = (tied or [winner]) + [s]
        tiebreak = restaurant = None
        income = 0
        if low is None:
            winner = None
        else:
            if tied:                                     # then the most waitresses, then turn order
                most = max(wait[s] for s in tied)
                by_w = [s for s in tied if wait[s] == most]
                tiebreak = "waitresses" if len(by_w) == 1 else "turn order"
                winner = min(by_w, key=position.__getitem__)
            s = winner
            restaurant = near[(n, s)][1]
            fmap.clear_demand(n)
            stock = stocks[s]
            for g, k in need.items():                    # every good was in stock: the chain was a candidate
                left = stock[g] - k
                if left:
                    stock[g] = left
                else:
                    del stock[g]
            income = bank.pay(game, s, sale_total(prices[s], need, garden, bonus[s]), f"house {n}")
            earned[s] += income
            game.sales[s - 1] += len(demand)
            _cash_milestone(co, s, "first_cash_20")
        house = HouseFacts(n, demand, garden, live, distances, short, tiebreak, winner, restaurant, income)
        dinner.houses.append(house)
        if game.log:
            rec = dinner.record(house)
            paid_bonus = winner is not None and any(bonus[winner].get(g) for g in demand)
            game.say("house", lambda: explain(rec), _record_clauses(rec, paid_bonus), winner, record=rec)
    seats = co.seats()
    for s in seats:                                                        # FCM-4.5 tips
        k = wait[s]
        if k:
            tip = co.ms["first_waitress"].params["tip"] if co.has(s, "first_waitress") else 3
            moved = bank.pay(game, s, k * tip, "tips")
            earned[s] += moved
            game.say("tips", lambda: f"Player {s}'s {words.count(k, 'waitress', 'waitresses')} {'earns' if k == 1 else 'earn'} ${tip} each: ${k * tip}.", ("FCM-4.5",), s, amount=k * tip)
    for s in seats:                                                        # FCM-4.6 CFO
        if has_cfo(co, s, work[s]) and earned[s]:
            extra = cfo_bonus(earned[s])
            moved = bank.pay(game, s, extra, "the CFO bonus")
            game.say("cfo", lambda: f"Player {s}'s CFO adds half of the ${earned[s]} earned, rounded up: ${extra}.",
                     ("FCM-4.6",), s, amount=extra)
            earned[s] += moved
    for s in earned:
        if s in co.bankrupt:
            bankruptcy.leave(game, s)
        else:
            _cash_milestone(co, s, "first_cash_20")
            _cash_milestone(co, s, "first_cash_100")
        game.income[s - 1] += earned[s]
    game.say("dinner-end", lambda: "Dinnertime earnings: " + ", ".join(f"Player {s} ${earned[s]}" for s in earned)
             + f"; the bank holds ${co.bank}.", ("FCM-4.4", "FCM-4.7"), earned={str(s): earned[s] for s in earned}, bank=co.bank)
    return dinner


class HouseFacts(NamedTuple):
    """What happened at one house in a Dinnertime: its demand, the chains considered (``seats``, in turn order) with
    their road distances (None: no road), the goods each chain short of one lacked (``short``: seat -> goods
    missing; None when no chain was), the tie-break used, the winner, its nearest restaurant and the dollars
    paid. Shared with the game's copies: never changed."""
    house: int
    demand: tuple
    garden: bool
    seats: tuple
    distances: list
    short: dict | None
    tiebreak: str | None
    winner: int | None
    restaurant: str | None
    income: int


class Dinner(Sequence):
    """One Dinnertime: a read-only sequence of its house records, in number order, each written afresh from the
    facts when it is read (a fast run never reads them). The facts: the round, each chain's unit price,
    waitresses and milestone bonuses, and ``houses`` (``HouseFacts``). Never changed once the Dinnertime is
    over, so copies of a game share it."""

    __slots__ = ("round", "prices", "wait", "bonus", "houses")

    def __init__(self, round_: int, prices: dict, wait: dict, bonus: dict):
        self.round, self.prices, self.wait, self.bonus, self.houses = round_, prices, wait, bonus, []

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self

    def __len__(self) -> int:
        return len(self.houses)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self.record(h) for h in self.houses[i]]
        return self.record(self.houses[i])

    def __repr__(self) -> str:
        return f"<Dinner round {self.round}: {len(self.houses)} houses with demand>"

    def record(self, h: HouseFacts) -> dict:
        """A house's record: its demand, every chain with why it could or could not serve the house (FCM-4.2,
        FCM-4.3), the tie-break, the winner and the money lines (FCM-4.4)."""
        rows = []
        for s, d in zip(h.seats, h.distances):
            price = self.prices[s]
            missing = h.short.get(s, ()) if h.short else ()
            if d is None:
                why = "no open restaurant joined to the house by road"
            elif missing:
                why = "cannot serve the whole order: short of " + ", ".join(f"{k} {g}" for g, k in missing.items())
            else:
                why = f"unit price ${price} + distance {d} = {price + d}"
            rows.append({"seat": s, "distance": d, "missing": dict(missing), "price": price,
                         "sum": None if d is None else price + d, "waitresses": self.wait[s],
                         "candidate": d is not None and not missing, "why": why})
        s = h.winner
        lines = [] if s is None else [list(x) for x in sale_lines(self.prices[s], h.demand, h.garden, self.bonus[s])]
        return {"round": self.round, "house": h.house, "demand": list(h.demand), "garden": h.garden, "chains": rows,
                "tiebreak": h.tiebreak, "winner": s, "restaurant": h.restaurant, "lines": lines, "income": h.income}

    def records(self) -> list:
        """Every house's record, as plain data (see the module's docstring)."""
        return [self.record(h) for h in self.houses]

    def income(self, seat: int) -> int:
        """The dollars ``seat`` took from houses."""
        return sum(h.income for h in self.houses if h.winner == seat)


def _cash_milestone(co, seat, mid):
    if seat in co.bankrupt:                             # out of business for the rest of the Dinnertime (FCM-I78)
        return
    if co.can_claim(seat, mid) and co.company(seat).cash >= co.ms[mid].params["cash"]:
        co.claim(seat, mid, ("FCM-I57",))


def _record_clauses(rec, paid_bonus: bool) -> tuple:
    """FCM-4.4 covers the sale, a garden's doubling included; FCM-4.n1 only when a milestone bonus was paid."""
    out = ["FCM-4.1", "FCM-4.2"]
    if sum(r["candidate"] for r in rec["chains"]) > 1:
        out.append("FCM-4.3")
    if rec["winner"] is not None:
        out.append("FCM-4.4")
        if paid_bonus:
            out.append("FCM-4.n1")
    return tuple(out)


def explain(rec) -> str:
    """One house's Dinnertime in words: demand, every chain and why, tie-break, winner, money."""
    demand = ", ".join(f"{k} {g}" for g, k in sorted(Counter(rec["demand"]).items()))
    head = f"House {rec['house']}{' (garden)' if rec['garden'] else ''} wants {demand}. "
    parts = []
    for r in rec["chains"]:
        parts.append(f"Player {r['seat']}: {r['why']}" + ("" if r["candidate"] else " (out)"))
    text = head + "Chains: " + "; ".join(parts) + ". "
    if rec["winner"] is None:
        return text + "No chain can serve it: the house stays home and keeps its demand."
    if rec["tiebreak"] == "waitresses":
        text += "A tie on the lowest sum is broken by the most waitresses at work. "
    elif rec["tiebreak"] == "turn order":
        text += "A tie on the lowest sum and on waitresses is broken by turn order. "
    money = "; ".join(f"{t} = ${v}" for t, v in rec["lines"][:-1])
    return text + f"Player {rec['winner']} serves it: {money}; total ${rec['lines'][-1][1]}."


__all__ = ["BASE_PRICE", "Dinner", "HouseFacts", "bonuses", "cfo_bonus", "explain", "has_cfo", "run", "sale_lines",
           "sale_total", "unit_price"]
