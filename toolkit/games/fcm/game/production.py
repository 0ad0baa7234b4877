"""Getting food and drinks (FCM-3.5), composed from the map layer's routes (FCM-I64 to FCM-I66).

Cooks and chefs produce by themselves; a kitchen trainee chooses burger or pizza, an errand boy a drink,
and carts, trucks and zeppelins choose among the sets of drink sources a route can pass (the map layer's
``buyer_options``, maximal sets; FCM-I23).
"""
from __future__ import annotations

from ..map.roads import best_zeppelin_route, buyer_options, tile_sources, zeppelin_routes

COOKS = {"burger_cook": ("burger", 3), "burger_chef": ("burger", 8), "pizza_cook": ("pizza", 3), "pizza_chef": ("pizza", 8)}
DRINKS = ("lemonade", "beer", "soda")
BUYERS = {"cart_operator": (2, 2), "truck_driver": (3, 3), "zeppelin_pilot": (4, 2)}   # card -> (range, per source)


def produce(game, seat: int, good: str, n: int, who: str) -> None:
    co = game.co
    co.company(seat).goods[good] += n
    game.say("produce", lambda: f"Player {seat}'s {who} makes {n} {good}.", ("FCM-3.5",), seat, good=good, count=n)
    if good in ("burger", "pizza"):
        co.claim(seat, f"first_{good}_produced", ("FCM-3.5",))


def cooks(game, seat: int) -> None:
    """Cooks and chefs at work make their food (FCM-3.5; they always do, FCM-I64)."""
    work = game.co.company(seat).work.counts()
    for card in COOKS:
        good, n = COOKS[card]
        for _ in range(work[card]):
            produce(game, seat, good, n, game.co.name(card))


def buyer_range(game, seat: int, card: str) -> int:
    rng = BUYERS[card][0]
    return rng + 1 if game.co.has(seat, "first_cart_operator") else rng      # fact 2.12


def per_source(game, seat: int, card: str) -> int:
    n = BUYERS[card][1]
    return n + 1 if game.co.has(seat, "first_errand_boy") else n             # fact 2.12


def errand_count(game, seat: int) -> int:
    return 2 if game.co.has(seat, "first_errand_boy") else 1


def _code(sources) -> str:
    return " ".join(f"{d}@{r}.{c}" for (r, c), d in sources)


def route_options(game, seat: int, card: str) -> list[tuple[str, str]]:
    """(value, label) of every choice of a cart, truck or zeppelin: one per different maximal set of drink
    sources, from any open restaurant of the chain, in a fixed order (FCM-3.5, FCM-I23, FCM-I65)."""
    fmap = game.map
    rng = buyer_range(game, seat, card)
    found = {}
    for r in fmap.chain_restaurants(seat, open_only=True):
        if card == "zeppelin_pilot":
            sets = {}
            for path in zeppelin_routes(fmap, r, rng):
                src = tuple(tile_sources(fmap, path))
                if src and src not in sets:
                    sets[src] = path
            keys = [s for s in sets if not any(set(s) < set(t) for t in sets)]
            for s in keys:
                found.setdefault(_code(s), (r.rid, s))
        else:
            for sources, _route in buyer_options(fmap, r, rng):
                if sources:
                    found.setdefault(_code(sources), (r.rid, tuple(sources)))
    k = per_source(game, seat, card)
    out = []
    for code in sorted(found):
        rid, s = found[code]
        out.append((code, f"from restaurant {rid}: {k} x " + ", ".join(f"{d} at {sq}" for sq, d in s)))
    return out


def collect(game, seat: int, card: str, code: str) -> None:
    """A buyer brings home ``per_source`` drinks from every source of the chosen set (FCM-3.5)."""
    k = per_source(game, seat, card)
    got = {}
    for part in code.split():
        drink = part.split("@")[0]
        got[drink] = got.get(drink, 0) + k
    co = game.co
    for d, n in got.items():
        co.company(seat).goods[d] += n
    game.say("buy", lambda: f"Player {seat}'s {co.name(card)} brings back " + ", ".join(f"{n} {d}" for d, n in got.items())
             + f" ({k} per source passed).", ("FCM-3.5", "FCM-I65"), seat, drinks=got)


__all__ = ["BUYERS", "COOKS", "DRINKS", "best_zeppelin_route", "collect", "cooks", "errand_count", "produce", "route_options"]
