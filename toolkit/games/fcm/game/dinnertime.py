"""Dinnertime (FCM-4): houses eat in number order at the chain with the lowest unit price plus distance,
and every house leaves an explanation record (FCM-I55 to FCM-I59).

A record is plain data: the house and its demand, each chain considered (road distance, goods missing,
unit price, sum, waitresses, candidate or why not), the tie-break used, the winner and the money lines.
``explain(record)`` turns it into sentences; the drawing module draws it on the map.

>>> sale_lines(20, ["burger", "beer", "beer"], garden=True, bonus={"burger": 5})[-1]
('total', 125)
>>> sale_lines(9, ["pizza"], garden=True, bonus={"pizza": 5})[-1]
('total', 23)
>>> cfo_bonus(29)
15
"""
from __future__ import annotations

from collections import Counter

from . import bank, bankruptcy, words
from ..map.roads import dinnertime_distances, nearest_restaurant, open_restaurant_vectors

BASE_PRICE = 10            # FCM-4.n2
DRINKS = ("lemonade", "beer", "soda")
MARKETED = {"burger": "first_burger_marketed", "pizza": "first_pizza_marketed", "lemonade": "first_drink_marketed",
            "beer": "first_drink_marketed", "soda": "first_drink_marketed"}
PRICE_CARDS = {"pricing_manager": -1, "discount_manager": -3, "luxuries_manager": 10}


def unit_price(co, seat: int) -> tuple[int, list]:
    """The chain's unit price and why: $10, -$1 per pricing manager, -$3 per discount manager, +$10 with a
    luxuries manager, cards at work only, and -$1 with "First to lower prices" (FCM-4.3, FCM-4.n2)."""
    work = co.company(seat).work.counts()
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


def sale_lines(price: int, items, garden: bool, bonus: dict) -> list:
    """The money lines of one sale: per good, the unit price (doubled by a garden) and the milestone bonus
    (not doubled) (FCM-4.4); the last line is ``('total', dollars)``."""
    lines, total = [], 0
    mult = 2 if garden else 1
    for good, n in sorted(Counter(items).items(), key=lambda kv: list(MARKETED).index(kv[0])):
        each = price * mult + bonus.get(good, 0)
        text = f"{n} x {good} at ${price}" + (" x2 (garden)" if garden else "")
        if bonus.get(good):
            text += f" + ${bonus[good]} milestone"
        lines.append((text, n * each))
        total += n * each
    lines.append(("total", total))
    return lines


def cfo_bonus(earned: int) -> int:
    """Half of what was earned, rounded up (FCM-4.6); negative earnings give a negative bonus (FCM-I54)."""
    return -((-earned) // 2)


def waitresses(co, seat: int) -> int:
    return co.company(seat).work.counts()["waitress"]


def has_cfo(co, seat: int) -> bool:
    """A CFO at work, or "First to have $100" from an earlier round (FCM-4.6)."""
    return bool(co.company(seat).work.counts()["cfo"]) or co.has(seat, "first_cash_100")


def run(game) -> list:
    """Play one Dinnertime on ``game`` (an ``FcmGame``) and return the house records (FCM-4.1 to 4.7)."""
    co, fmap = game.co, game.map
    seats = co.seats()                                   # a bankrupt chain has left the game (FCM-I74)
    game.say("phase", lambda: f"Round {co.round}, phase 4: Dinnertime. Houses eat in number order.", ("FCM-0.2", "FCM-4.1"))
    if co.ruleset == "deluxe":                           # FCM-I44: claimed when Dinnertime starts
        for s in seats:
            w = co.company(s).work.counts()
            if w["pricing_manager"] or w["discount_manager"]:
                co.claim(s, "first_lower_prices", ("FCM-I56",))
    prices = {s: unit_price(co, s) for s in seats}
    bonus = {s: bonuses(co, s) for s in seats}
    wait = {s: waitresses(co, s) for s in seats}
    position = {s: i for i, s in enumerate(co.order)}
    dist = dinnertime_distances(fmap, seats)
    vectors = {}                                         # a selling chain's open restaurants, once a Dinnertime
    earned = {s: 0 for s in seats}
    records = []
    for n in sorted(fmap.houses):
        demand = list(fmap.demand.get(n, ()))
        if not demand:
            continue
        need = Counter(demand)
        house = fmap.houses[n]
        rows = []
        for s in (s for s in co.order if s not in co.bankrupt):   # bankrupt this Dinnertime: sells no more (FCM-I74)
            stock = co.company(s).goods
            d = dist[(n, s)]
            missing = {g: k - stock[g] for g, k in sorted(need.items()) if stock[g] < k}
            price = prices[s][0]
            row = {"seat": s, "distance": d, "missing": missing, "price": price, "sum": None if d is None else price + d,
                   "waitresses": wait[s], "candidate": d is not None and not missing}
            if d is None:
                row["why"] = "no open restaurant joined to the house by road"
            elif missing:
                row["why"] = "cannot serve the whole order: short of " + ", ".join(f"{k} {g}" for g, k in missing.items())
            else:
                row["why"] = f"unit price ${price} + distance {d} = {price + d}"
            rows.append(row)
        cands = [r for r in rows if r["candidate"]]
        rec = {"round": co.round, "house": n, "demand": demand, "garden": bool(house.garden), "chains": rows,
               "tiebreak": None, "winner": None, "restaurant": None, "lines": [], "income": 0}
        if cands:
            low = min(r["sum"] for r in cands)
            tied = [r for r in cands if r["sum"] == low]
            if len(tied) > 1:
                most = max(r["waitresses"] for r in tied)
                by_w = [r for r in tied if r["waitresses"] == most]
                rec["tiebreak"] = "waitresses" if len(by_w) == 1 else "turn order"
                tied = by_w
            win = min(tied, key=lambda r: position[r["seat"]])
            s = win["seat"]
            rec["winner"] = s
            if s not in vectors:
                vectors[s] = open_restaurant_vectors(fmap, s)
            rec["restaurant"] = nearest_restaurant(fmap, vectors[s], house)
            lines = sale_lines(win["price"], demand, bool(house.garden), bonus[s])
            rec["lines"] = [list(x) for x in lines]
            total = lines[-1][1]
            fmap.clear_demand(n)
            co.company(s).goods.subtract(need)
            co.company(s).goods = +co.company(s).goods
            moved = bank.pay(game, s, total, f"house {n}")
            rec["income"] = moved
            earned[s] += moved
            game.sales[s - 1] += len(demand)
            _cash_milestone(co, s, "first_cash_20")
        records.append(rec)
        if game.log:
            paid_bonus = rec["winner"] is not None and any(bonus[rec["winner"]].get(g) for g in demand)
            game.say("house", lambda: explain(rec), _record_clauses(rec, paid_bonus), rec["winner"], record=rec)
    seats = co.seats()
    for s in seats:                                                        # FCM-4.5 tips
        k = wait[s]
        if k:
            tip = co.ms["first_waitress"].params["tip"] if co.has(s, "first_waitress") else 3
            moved = bank.pay(game, s, k * tip, "tips")
            earned[s] += moved
            game.say("tips", lambda: f"Player {s}'s {words.count(k, 'waitress', 'waitresses')} {'earns' if k == 1 else 'earn'} ${tip} each: ${k * tip}.", ("FCM-4.5",), s, amount=k * tip)
    for s in seats:                                                        # FCM-4.6 CFO
        if has_cfo(co, s) and earned[s]:
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
    return records


def _cash_milestone(co, seat, mid):
    if seat in co.bankrupt:                             # out of business for the rest of the Dinnertime (FCM-I78)
        return
    if co.company(seat).cash >= co.ms[mid].params["cash"] and co.can_claim(seat, mid):
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


__all__ = ["BASE_PRICE", "bonuses", "cfo_bonus", "explain", "has_cfo", "run", "sale_lines", "unit_price"]
