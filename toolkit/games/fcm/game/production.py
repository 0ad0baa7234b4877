"""Getting food and drinks (FCM-3.5), composed from the map layer's routes (FCM-I64 to FCM-I66, FCM-I72, FCM-I73).

Every producer may hold back (FCM-I72): each cook or chef is asked to make its food or not, a kitchen trainee
chooses burger, pizza or nothing, an errand boy a drink or nothing. Carts, trucks and zeppelins choose in two
steps (FCM-I73): first among the largest sets of drink sources a route can pass (the map layer's
``buyer_options``, maximal sets; FCM-I23) or nothing, then, when a route stopping early brings less, how many
of each drink to bring.
"""
from __future__ import annotations

from . import words
from ..map.roads import best_zeppelin_route, buyer_options, tile_sources, zeppelin_routes

COOKS = {"burger_cook": ("burger", 3), "burger_chef": ("burger", 8), "pizza_cook": ("pizza", 3), "pizza_chef": ("pizza", 8)}
DRINKS = ("lemonade", "beer", "soda")
BUYERS = {"cart_operator": (2, 2), "truck_driver": (3, 3), "zeppelin_pilot": (4, 2)}   # card -> (range, per source)


def produce(game, seat: int, good: str, n: int, who: str) -> None:
    co = game.co
    co.company(seat).goods[good] += n
    game.say("produce", lambda: f"Player {seat}'s {who} makes {words.count(n, good)}.", ("FCM-3.5",), seat, good=good, count=n)
    if good in ("burger", "pizza"):
        co.claim(seat, f"first_{good}_produced", ("FCM-3.5",))


def cook(game, seat: int, card: str) -> None:
    """A cook or chef at work makes its food: 3 or 8 of its kind (FCM-3.5, FCM-I64)."""
    good, n = COOKS[card]
    produce(game, seat, good, n, game.co.name(card))


def hold_back(game, seat: int, who: str, clauses=("FCM-3.5", "FCM-I72")) -> None:
    """A producer makes or fetches nothing this round: it is optional (FCM-I72)."""
    game.say("hold-back", lambda: f"Player {seat}'s {who} makes or fetches nothing this round.", clauses, seat)


def buyer_range(game, seat: int, card: str) -> int:
    rng = BUYERS[card][0]
    return rng + 1 if game.co.has(seat, "first_cart_operator") else rng      # FCM-I65


def per_source(game, seat: int, card: str) -> int:
    n = BUYERS[card][1]
    return n + 1 if game.co.has(seat, "first_errand_boy") else n             # FCM-I65


def errand_count(game, seat: int) -> int:
    return 2 if game.co.has(seat, "first_errand_boy") else 1


def _code(sources) -> str:
    return " ".join(f"{d}@{r}.{c}" for (r, c), d in sources)


def _sets(game, seat: int, card: str, maximal: bool) -> dict:
    """{code: (restaurant id, sources)} of the drink-source sets a route or flight from an open restaurant of
    the chain passes; with ``maximal`` only the sets no other set from the same restaurant contains (FCM-I23)."""
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
            keys = [s for s in sets if not (maximal and any(set(s) < set(t) for t in sets))]
            for s in keys:
                found.setdefault(_code(s), (r.rid, s))
        else:
            for sources, _route in buyer_options(fmap, r, rng, maximal):
                if sources:
                    found.setdefault(_code(sources), (r.rid, tuple(sources)))
    return found


def route_options(game, seat: int, card: str) -> list[tuple[str, str]]:
    """(value, label) of every choice of a cart, truck or zeppelin: one per different maximal set of drink
    sources, from any open restaurant of the chain, in a fixed order (FCM-3.5, FCM-I23, FCM-I65). Bringing
    nothing ("skip", FCM-I72) and smaller sets (``drink_choices``, FCM-I73) are offered by the game."""
    found = _sets(game, seat, card, maximal=True)
    k = per_source(game, seat, card)
    out = []
    for code in sorted(found):
        rid, s = found[code]
        out.append((code, f"from restaurant {rid}: {k} x " + ", ".join(f"{d} at {words.square(sq)}" for sq, d in s)))
    return out


def _counts(sources, k: int) -> dict:
    got = {}
    for _sq, drink in sources:
        got[drink] = got.get(drink, 0) + k
    return dict(sorted(got.items()))


def counts_text(got: dict) -> str:
    """{'beer': 2, 'soda': 4} -> '2 beer, 4 soda' (the value of a ``drinks`` answer)."""
    return ", ".join(f"{n} {d}" for d, n in sorted(got.items()))


def read_counts(text: str) -> dict:
    """'2 beer, 4 soda' -> {'beer': 2, 'soda': 4}."""
    out = {}
    for part in text.split(", "):
        n, d = part.split()
        out[d] = int(n)
    return out


def drink_choices(game, seat: int, card: str, code: str) -> list[tuple[str, str]]:
    """What a buyer that chose the largest set ``code`` may bring home: the drinks of every non-empty set of
    sources some route or flight passes within that set (stopping early, FCM-I12, FCM-I13), as counts per
    drink, most first; the first choice is the whole set (FCM-3.5, FCM-I73)."""
    chosen = set(_parse(code))
    k = per_source(game, seat, card)
    seen = {}
    for _rid, s in _sets(game, seat, card, maximal=False).values():
        if set(s) <= chosen:
            got = _counts(s, k)
            seen.setdefault(counts_text(got), got)
    full = counts_text(_counts(_parse(code), k))
    order = sorted(seen, key=lambda t: (t != full, -sum(seen[t].values()), t))
    return [(t, f"bring back {t}" + ("" if t == full else " (the route stops early)")) for t in order]


def _parse(code: str) -> list:
    out = []
    for part in code.split():
        drink, sq = part.split("@")
        r, c = sq.split(".")
        out.append(((int(r), int(c)), drink))
    return out


def collect(game, seat: int, card: str, code: str) -> None:
    """A buyer brings home ``per_source`` drinks from every source of the chosen set (FCM-3.5)."""
    bring(game, seat, card, _counts(_parse(code), per_source(game, seat, card)))


def bring(game, seat: int, card: str, got: dict, clauses=("FCM-3.5", "FCM-I65")) -> None:
    """The drinks ``got`` ({drink: count}) go into the chain's stock (FCM-3.5)."""
    k = per_source(game, seat, card)
    co = game.co
    for d, n in got.items():
        co.company(seat).goods[d] += n
    game.say("buy", lambda: f"Player {seat}'s {co.name(card)} brings back " + ", ".join(f"{n} {d}" for d, n in got.items())
             + f" ({k} per source passed).", clauses, seat, drinks=dict(got))


__all__ = ["BUYERS", "COOKS", "DRINKS", "best_zeppelin_route", "bring", "collect", "cook", "counts_text", "drink_choices",
           "errand_count", "hold_back", "produce", "read_counts", "route_options"]
