"""A tight Dinnertime (FCM-4.1 to FCM-4.6) in plain Python: the yardstick for ``dinnertime.run`` (``bench_fcm.py``).

It reads the same state (houses and demand, the chains' cards at work, stock, milestones, cash) into plain
lists and dicts, takes the road distances from the same map query (``dinnertime_distances``, cached by the map
layer for both), and sells, tips and pays the CFO bonus: no explanation records and no sentences. The bank is
assumed not to break during the benchmark's Dinnertime (its bank holds $1,000,000). Returns each seat's income
and the restaurant that served each house.
"""
from toolkit.games.fcm.map.roads import dinnertime_distances, house_distance

GOODS = ("burger", "pizza", "lemonade", "beer", "soda")


def run(game):
    co, fmap = game.co, game.map
    seats = list(range(1, game.players + 1))
    price, bonus, wait, cfo, stock = {}, {}, {}, {}, {}
    for s in seats:
        company = co.company(s)
        work = company.work.counts()
        price[s] = (10 - work["pricing_manager"] - 3 * work["discount_manager"] + 10 * work["luxuries_manager"]
                    - (1 if co.has(s, "first_lower_prices") else 0))
        bonus[s] = {g: 5 for g, mid in (("burger", "first_burger_marketed"), ("pizza", "first_pizza_marketed"),
                                        ("lemonade", "first_drink_marketed"), ("beer", "first_drink_marketed"),
                                        ("soda", "first_drink_marketed")) if co.has(s, mid)}
        wait[s] = work["waitress"]
        cfo[s] = bool(work["cfo"]) or co.has(s, "first_cash_100")
        stock[s] = company.goods
    order = list(co.order)
    dist = dinnertime_distances(fmap, seats)
    earned = dict.fromkeys(seats, 0)
    served = {}
    for n in sorted(fmap.houses):
        demand = fmap.demand.get(n)
        if not demand:
            continue
        need = {}
        for g in demand:
            need[g] = need.get(g, 0) + 1
        best = None                                       # (sum, -waitresses, place in turn order, seat)
        for k, s in enumerate(order):
            d = dist[(n, s)]
            if d is None or any(stock[s][g] < m for g, m in need.items()):
                continue
            key = (price[s] + d, -wait[s], k, s)
            if best is None or key < best:
                best = key
        if best is None:
            continue
        s = best[3]
        house = fmap.houses[n]
        # the restaurant that serves it (the toolkit records it; the drawings show it)
        ds = [(house_distance(fmap, r, house), r.rid) for r in fmap.chain_restaurants(s, open_only=True)]
        served[n] = min((d, rid) for d, rid in ds if d is not None)[1]
        mult = 2 if house.garden else 1
        total = sum(m * (price[s] * mult + bonus[s].get(g, 0)) for g, m in need.items())
        fmap.demand[n] = []
        for g, m in need.items():
            stock[s][g] -= m
        co.company(s).cash += total
        co.bank -= total
        earned[s] += total
        game.sales[s - 1] += len(demand)
    for s in seats:                                        # FCM-4.5 tips, FCM-4.6 CFO
        if wait[s]:
            tip = co.ms["first_waitress"].params["tip"] if co.has(s, "first_waitress") else 3
            co.company(s).cash += wait[s] * tip
            co.bank -= wait[s] * tip
            earned[s] += wait[s] * tip
        if cfo[s] and earned[s]:
            extra = -((-earned[s]) // 2)
            co.company(s).cash += extra
            co.bank -= extra
            earned[s] += extra
    return earned, served
