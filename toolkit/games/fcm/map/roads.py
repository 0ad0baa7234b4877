"""The road graph of a Food Chain Magnate map and the queries on it: connection (FCM-4.2), distance
(FCM-4.3), road range (FCM-3.4, FCM-3.5, FCM-3.7), air range (FCM-3.5) and a buyer's route (FCM-3.5).

Distance is the number of tile borders a route crosses, never the number of squares (FCM-I10). The
square graph ``RoadNetwork.graph`` (networkx; nodes are road squares with their ``pos``, a bridge square
is two nodes, one per lane) is contracted to ``RoadNetwork.contracted``: one node per stretch of road that
is connected inside one tile. Its edges all cost 1, so all distances come from one breadth-first search
per stretch, done once per map: roads never change after assembly.

>>> from toolkit.games.fcm.map.board import map_from_layout, Restaurant
>>> m = map_from_layout([["A0", "Q0"]])
>>> m.put_restaurant(Restaurant("0-1", 0, (3, 8), "nw"))
>>> chain_distance(m, 0, m.houses[2])
1
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import networkx as nx

from ....core.errors import IllegalChoice
from .tiles import BRIDGE, DRINK_CHARS, ROAD, TILE

if TYPE_CHECKING:      # the map holds its road network (board.py imports this module)
    from .board import FcmMap, Restaurant

FAR = 10 ** 6          # "no road connects them"
STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))

#: Road range of each card that measures by road, and the zeppelin's air range (FCM-3.4, 3.5, 3.7).
RANGES = {"marketing trainee": 2, "campaign manager": 3, "local manager": 3,
          "cart operator": 2, "truck driver": 3, "zeppelin pilot": 4}
BUYERS = ("cart operator", "truck driver", "zeppelin pilot")


def range_of(card: str, plus_one: bool = False) -> int:
    """The range of ``card``; ``plus_one`` is the "first cart operator played" milestone, which adds 1 for
    buyers only (FCM-3.5, FCM-I13).

    >>> range_of("cart operator"), range_of("cart operator", plus_one=True), range_of("local manager", True)
    (2, 3, 3)
    """
    return RANGES[card] + (1 if plus_one and card in BUYERS else 0)


#: How road squares on two tiles join (FCM-I10): only at the middle of the tile edge (original rules), or
#: wherever two road squares touch across it (the Deluxe reading).
JOINS = ("midpoint", "any")
MID = TILE // 2


def joins_across(a, b, joins: str = "midpoint") -> bool:
    """Do road squares ``a`` and ``b`` (orthogonal neighbours) join? Inside a tile always; across a tile border
    only at the edge's middle square in the original rules, anywhere by the Deluxe reading (FCM-I10).

    >>> joins_across((2, 4), (2, 5)), joins_across((1, 4), (1, 5)), joins_across((1, 4), (1, 5), "any")
    (True, False, True)
    """
    if (a[0] // TILE, a[1] // TILE) == (b[0] // TILE, b[1] // TILE) or joins == "any":
        return True
    along = a[0] if a[0] == b[0] else a[1]          # the coordinate that runs along the shared edge
    return along % TILE == MID


class RoadNetwork:
    """Road squares as a networkx graph, and its contraction to in-tile stretches (FCM-I10, FCM-I11);
    ``joins`` says how roads join across tile borders (``JOINS``)."""

    def __init__(self, terrain, joins: str = "midpoint"):
        if joins not in JOINS:
            raise ValueError(f"joins must be one of {JOINS}, not {joins!r}")
        self.terrain = tuple(terrain)
        self.joins = joins
        self.height, self.width = len(terrain), len(terrain[0])
        g = nx.Graph()
        for r, row in enumerate(terrain):
            for c, ch in enumerate(row):
                tile = (r // TILE, c // TILE)
                if ch == ROAD:
                    g.add_node((r, c), pos=(c, r), square=(r, c), tile=tile)
                elif ch == BRIDGE:
                    for lane in ("ns", "we"):
                        g.add_node((r, c, lane), pos=(c, r), square=(r, c), tile=tile, lane=lane)
        for r, row in enumerate(terrain):
            for c, ch in enumerate(row):
                if ch not in (ROAD, BRIDGE):
                    continue
                for dr, dc in ((0, 1), (1, 0)):
                    q = (r + dr, c + dc)
                    if self.is_road(q) and joins_across((r, c), q, joins):
                        cost = int((r // TILE, c // TILE) != (q[0] // TILE, q[1] // TILE))
                        g.add_edge(self.node((r, c), dr, dc), self.node(q, dr, dc), weight=cost)
        self.graph = g
        comp_of, comps = {}, []
        for start in sorted(g.nodes):
            if start in comp_of:
                continue
            k, todo, members = len(comps), [start], []
            comp_of[start] = k
            while todo:
                n = todo.pop()
                members.append(n)
                for m, attrs in g.adj[n].items():
                    if attrs["weight"] == 0 and m not in comp_of:
                        comp_of[m] = k
                        todo.append(m)
            comps.append(tuple(sorted(members)))
        self.comp_of, self.comps = comp_of, comps
        c = nx.Graph()
        for k, members in enumerate(comps):
            c.add_node(k, tile=g.nodes[members[0]]["tile"], nodes=members)
        for u, v, w in g.edges(data="weight"):
            if w:
                c.add_edge(comp_of[u], comp_of[v])
        self.contracted = c
        n = len(comps)
        self.hops = [[FAR] * n for _ in range(n)]
        for i in range(n):
            for j, d in nx.single_source_shortest_path_length(c, i).items():
                self.hops[i][j] = d
        self._ends, self._vectors, self.block_memo = {}, {}, None
        self.sources_near: dict = {}     # road square -> the printed drink sources beside it (buyer routes)

    def is_road(self, sq) -> bool:
        r, c = sq
        return 0 <= r < self.height and 0 <= c < self.width and self.terrain[r][c] in (ROAD, BRIDGE)

    def node(self, sq, dr, dc):
        """The graph node of road square ``sq`` for a move along (dr, dc): a bridge has one node per lane."""
        if self.terrain[sq[0]][sq[1]] == BRIDGE:
            return (sq[0], sq[1], "ns" if dr else "we")
        return sq

    def ends(self, squares) -> tuple:
        """Where a location joins the roads: ``(stretch, cost)`` pairs, cost 1 when the road square touching
        the location is on another tile than the square it touches (FCM-I11)."""
        key = tuple(sorted(squares))
        e = self._ends.get(key)
        if e is None:
            best = {}
            for r, c in key:
                for dr, dc in STEPS:
                    q = (r + dr, c + dc)
                    if self.is_road(q):
                        k = self.comp_of[self.node(q, dr, dc)]
                        cost = int((r // TILE, c // TILE) != (q[0] // TILE, q[1] // TILE))
                        if cost < best.get(k, 2):
                            best[k] = cost
            e = self._ends[key] = tuple(sorted(best.items()))
        return e

    def vector(self, ends) -> list:
        """Distance from the location with these ``ends`` to each stretch (FAR when not connected)."""
        v = self._vectors.get(ends)
        if v is None:
            v = [FAR] * len(self.comps)
            for k, cost in ends:
                row = self.hops[k]
                for j in range(len(v)):
                    d = row[j] + cost
                    if d < v[j]:
                        v[j] = d
            self._vectors[ends] = v
        return v

    def between(self, ends_a, ends_b) -> int | None:
        """Distance between two locations given by their ends; None when no road joins them."""
        v = self.vector(ends_a)
        d = min((v[k] + cost for k, cost in ends_b), default=FAR)
        return d if d < FAR else None


# ---------------------------------------------------------------- entrances and distances

def entrances(fmap: FcmMap, restaurant: Restaurant) -> tuple:
    """The entrance squares of a restaurant: its entrance corner, or all four corners while its chain has a
    drive-in and the restaurant is open (FCM-3.7, FCM-I7)."""
    if restaurant.open and restaurant.chain in fmap.drive_ins:
        return restaurant.squares
    return (restaurant.entrance,)


def restaurant_ends(fmap: FcmMap, restaurant: Restaurant) -> tuple:
    """Where routes out of a restaurant start (FCM-I11)."""
    es = entrances(fmap, restaurant)
    net = fmap.roads
    if len(es) == 1:
        return net.ends(es)
    best = {}
    for e in es:
        for k, cost in net.ends((e,)):
            if cost < best.get(k, 2):
                best[k] = cost
    return tuple(sorted(best.items()))


def _house(fmap, house):
    return fmap.houses[house] if isinstance(house, int) else house


def house_distance(fmap: FcmMap, restaurant: Restaurant, house) -> int | None:
    """Tile borders crossed by road from the restaurant's best entrance to the house or its garden; None
    when no road joins them (FCM-4.3, FCM-I10, FCM-I11)."""
    h = _house(fmap, house)
    return fmap.roads.between(restaurant_ends(fmap, restaurant), fmap.roads.ends(h.all_squares))


def is_connected(fmap: FcmMap, restaurant: Restaurant, house) -> bool:
    """Does a road join the restaurant's entrance to the house (at any distance)? (FCM-4.2)"""
    return house_distance(fmap, restaurant, house) is not None


def chain_distance(fmap: FcmMap, chain: int, house, open_only: bool = True) -> int | None:
    """Distance from the chain's nearest (open) restaurant entrance to the house; None if none is joined
    to it by road (FCM-4.2, FCM-4.3)."""
    h = _house(fmap, house)
    net = fmap.roads
    he = net.ends(h.all_squares)
    best = FAR
    for r in fmap.restaurants.values():
        if r.chain == chain and (r.open or not open_only):
            v = net.vector(restaurant_ends(fmap, r))
            for k, cost in he:
                d = v[k] + cost
                if d < best:
                    best = d
    return best if best < FAR else None


def nearest_restaurants(fmap: FcmMap) -> dict:
    """``{(house, chain): (distance, restaurant id)}``: each chain's open restaurant nearest each house (the lowest id
    among the nearest), for the pairs a road joins (FCM-4.2, FCM-4.3). Worked out once per state of the map
    (``FcmMap.remembered``: the houses, the restaurants and the drive-ins decide it), as Dinnertime and the agents
    ask it often. Shared by copies of the map: never change it."""
    def table():
        net = fmap.roads
        starts = [(r.chain, r.rid, net.vector(restaurant_ends(fmap, r)))
                  for _, r in sorted(fmap.restaurants.items()) if r.open]
        out: dict = {}
        for n, house in fmap.houses.items():
            he = net.ends(house.all_squares)
            for chain, rid, v in starts:
                best = FAR
                for k, cost in he:
                    d = v[k] + cost
                    if d < best:
                        best = d
                if best < FAR:
                    known = out.get((n, chain))
                    if known is None or best < known[0]:            # ids in order: the lowest of the nearest
                        out[(n, chain)] = (best, rid)
        return out
    return fmap.remembered(("nearest restaurants",), table)


def dinnertime_distances(fmap: FcmMap, chains=None) -> dict:
    """``{(house, chain): distance or None}`` for every house and chain, open restaurants only (FCM-4.2, FCM-4.3)."""
    chains = fmap.chains() if chains is None else chains
    near = nearest_restaurants(fmap)
    out = {}
    for n in sorted(fmap.houses):
        for ch in chains:
            found = near.get((n, ch))
            out[(n, ch)] = None if found is None else found[0]
    return out


def location_distance(fmap: FcmMap, restaurants, squares, starts=None) -> int | None:
    """Distance from the nearest entrance of ``restaurants`` to a location covering ``squares`` (its road-touching
    squares count, crossing into its tile costs 1 as for houses; FCM-I11). ``starts``: the restaurants'
    ``restaurant_ends``, when worked out already (many locations against the same restaurants)."""
    net = fmap.roads
    ends = net.ends(squares)
    if starts is None:
        starts = [restaurant_ends(fmap, r) for r in restaurants]
    ds = [net.between(start, ends) for start in starts]
    ds = [d for d in ds if d is not None]
    return min(ds) if ds else None


def square_distances(fmap: FcmMap, chain: int) -> list:
    """``[row][col]``: the road distance from the chain's nearest open entrance to a location covering that square
    through the roads it touches (FAR when it touches none joined to them), so that ``location_distance`` of a
    set of squares from those restaurants is the least of its squares' (None when that is FAR). For the squares
    empty and beside a road (``open_ground``), where campaigns go; FAR elsewhere. Worked out once per map state
    and chain (FCM-3.4, FCM-I11, FCM-I18)."""
    def grid():
        net = fmap.roads
        vectors = [net.vector(restaurant_ends(fmap, r)) for r in fmap.chain_restaurants(chain, open_only=True)]
        out = [[FAR] * fmap.width for _ in range(fmap.height)]
        if not vectors:
            return out
        nearest = [min(ds) for ds in zip(*vectors)]            # per stretch of road: the nearest entrance's
        empty, near = fmap.open_ground()
        for r in range(fmap.height):
            for c in range(fmap.width):
                if not (empty[r][c] and near[r][c]):
                    continue
                best = FAR
                for dr, dc in STEPS:                           # as ``RoadNetwork.ends`` joins a square to the roads
                    q = (r + dr, c + dc)
                    if net.is_road(q):
                        border = (r // TILE, c // TILE) != (q[0] // TILE, q[1] // TILE)     # FCM-I11
                        d = nearest[net.comp_of[net.node(q, dr, dc)]] + border
                        if d < best:
                            best = d
                out[r][c] = best
        return out
    return fmap.remembered(("square distances", chain), grid)


def road_distances(fmap: FcmMap, restaurant: Restaurant) -> dict:
    """``{road square: distance}`` from the restaurant's entrances, for every road square joined to it; a
    bridge square takes its nearer lane (FCM-4.3)."""
    net = fmap.roads
    v = net.vector(restaurant_ends(fmap, restaurant))
    out = {}
    for k, members in enumerate(net.comps):
        if v[k] < FAR:
            for n in members:
                sq = n[:2]
                if v[k] < out.get(sq, FAR):
                    out[sq] = v[k]
    return dict(sorted(out.items()))


def squares_in_range(fmap: FcmMap, restaurant: Restaurant, rng: int) -> list:
    """Road squares within road range ``rng`` of the restaurant's entrances (FCM-3.4, FCM-3.5, FCM-3.7).

    >>> from toolkit.games.fcm.map.board import map_from_layout, Restaurant
    >>> m = map_from_layout([["A0", "Q0", "R0"]]); m.put_restaurant(Restaurant("0-1", 0, (0, 0), "ne"))
    >>> sorted({m.tile_of(s) for s in squares_in_range(m, m.restaurants["0-1"], 1)})
    [(0, 0), (0, 1)]
    """
    return [sq for sq, d in road_distances(fmap, restaurant).items() if d <= rng]


def houses_in_range(fmap: FcmMap, restaurant: Restaurant, rng: int) -> list:
    """House numbers within road range ``rng`` of the restaurant (FCM-3.4, FCM-3.5, FCM-3.7)."""
    out = []
    for n in sorted(fmap.houses):
        d = house_distance(fmap, restaurant, n)
        if d is not None and d <= rng:
            out.append(n)
    return out


# ---------------------------------------------------------------- drinks: buyers and zeppelins (FCM-3.5)

def _sources_next_to(fmap: FcmMap, squares) -> list:
    seen = {}
    for r, c in squares:
        for dr, dc in STEPS:
            q = (r + dr, c + dc)
            if fmap.on_map(q):
                ch = fmap.terrain[q[0]][q[1]]
                if ch in DRINK_CHARS:
                    seen[q] = DRINK_CHARS[ch]
    return sorted(seen.items())


def route_cost(fmap: FcmMap, restaurant: Restaurant, route) -> int:
    """Check a buyer's route and return its range used: a list of road squares starting next to one of
    the restaurant's entrances, each step to an orthogonally adjacent road square, straight over a bridge,
    never turning straight back (FCM-3.5, FCM-I12). Raises IllegalChoice for a route that is not one."""
    clauses = ("FCM-3.5", "FCM-I12")
    net = fmap.roads
    route = [tuple(s) for s in route]
    if not route:
        raise IllegalChoice("a route needs at least one road square", clauses)
    for s in route:
        if not net.is_road(s):
            raise IllegalChoice(f"square {s} is not a road", clauses)
    first = route[0]
    # the step from an entrance onto the first square; it costs 1 from another tile (FCM-I11)
    in_moves = {}
    for e in entrances(fmap, restaurant):
        d = (first[0] - e[0], first[1] - e[1])
        if abs(d[0]) + abs(d[1]) == 1:
            in_moves[d] = min(in_moves.get(d, 1), int(fmap.tile_of(first) != fmap.tile_of(e)))
    if not in_moves:
        raise IllegalChoice(f"the route must start on a road square next to an entrance; {first} is not", clauses)
    cost = min(in_moves.values())
    moves = []
    for i in range(1, len(route)):
        a, b = route[i - 1], route[i]
        d = (b[0] - a[0], b[1] - a[1])
        if abs(d[0]) + abs(d[1]) != 1:
            raise IllegalChoice(f"{a} to {b} is not a step to a neighbouring square", clauses)
        if not joins_across(a, b, net.joins):
            raise IllegalChoice(f"the roads at {a} and {b} do not join: across a tile border roads join only at "
                                "the middle of the edge (original rules)", ("FCM-3.5", "FCM-I10"))
        if i >= 2 and route[i - 2] == b:
            raise IllegalChoice(f"the route turns straight back at {a} (no U-turns)", clauses)
        if fmap.terrain[a[0]][a[1]] == BRIDGE:
            if i == 1 and d not in in_moves or i > 1 and d != moves[-1]:
                raise IllegalChoice(f"the route turns on the bridge at {a}; bridges carry roads straight across",
                                    clauses)
            if i == 1:
                cost = in_moves[d]
        moves.append(d)
        cost += int(fmap.tile_of(a) != fmap.tile_of(b))
    return cost


def route_sources(fmap: FcmMap, restaurant: Restaurant, route, rng: int) -> list:
    """The drink sources ``(square, drink)`` a buyer collects along ``route`` within range ``rng``: every source
    orthogonally next to a road square of the route, each once (FCM-3.5, FCM-I12).

    >>> from toolkit.games.fcm.map.board import map_from_layout, Restaurant
    >>> m = map_from_layout([["A0", "Q0"]]); m.put_restaurant(Restaurant("0-1", 0, (3, 3), "nw"))
    >>> route_sources(m, m.restaurants["0-1"], [(2, 3), (2, 4), (2, 5), (2, 6)], 2)
    [((3, 6), 'soda')]
    """
    cost = route_cost(fmap, restaurant, route)
    if cost > rng:
        raise IllegalChoice(f"the route crosses {cost} tile borders; the buyer's range is {rng}", ("FCM-3.5", "FCM-I10"))
    return _sources_next_to(fmap, [tuple(s) for s in route])


def sources_in_range(fmap: FcmMap, restaurant: Restaurant, rng: int) -> list:
    """Drink sources next to some road square within range ``rng``: all a route could reach, though one
    route may not pass them all (FCM-3.5)."""
    return _sources_next_to(fmap, squares_in_range(fmap, restaurant, rng))


def zeppelin_tiles(fmap: FcmMap, restaurant: Restaurant, rng: int = 4) -> list:
    """Tiles a zeppelin can reach by air, moving tile to tile orthogonally at most ``rng`` times from an
    entrance's tile, roads ignored (FCM-3.5, FCM-I13)."""
    starts = {fmap.tile_of(e) for e in entrances(fmap, restaurant)}
    return [(tr, tc) for tr in range(fmap.rows) for tc in range(fmap.cols)
            if min(abs(tr - a) + abs(tc - b) for a, b in starts) <= rng]


def tile_sources(fmap: FcmMap, tiles) -> list:
    """Drink sources ``(square, drink)`` printed on the given tiles."""
    tiles = set(tiles)
    return [(sq, d) for sq, d in fmap.sources() if fmap.tile_of(sq) in tiles]


def zeppelin_routes(fmap: FcmMap, restaurant: Restaurant, rng: int = 4) -> list:
    """Every zeppelin flight: a path of tiles from an entrance's tile, up to ``rng`` moves, never the same
    tile twice (FCM-3.5, FCM-I13). Paths that stop early are included."""
    out = []

    def walk(path):
        out.append(tuple(path))
        if len(path) > rng:
            return
        tr, tc = path[-1]
        for dr, dc in STEPS:
            t = (tr + dr, tc + dc)
            if 0 <= t[0] < fmap.rows and 0 <= t[1] < fmap.cols and t not in path:
                path.append(t)
                walk(path)
                path.pop()

    for t in sorted({fmap.tile_of(e) for e in entrances(fmap, restaurant)}):
        walk([t])
    return out


def best_zeppelin_route(fmap: FcmMap, restaurant: Restaurant, rng: int = 4) -> tuple:
    """The flight passing the most drink sources (first such flight in ``zeppelin_routes`` order) and its
    sources (FCM-3.5)."""
    by_tile = {}
    for sq, d in fmap.sources():
        by_tile.setdefault(fmap.tile_of(sq), []).append((sq, d))
    best, best_n = None, -1
    for path in zeppelin_routes(fmap, restaurant, rng):
        n = sum(len(by_tile.get(t, ())) for t in path)
        if n > best_n:
            best, best_n = path, n
    return best, tile_sources(fmap, best)


def buyer_options(fmap: FcmMap, restaurant: Restaurant, rng: int, maximal: bool = True) -> list:
    """What a cart or truck can bring home: every different set of drink sources some route of range ``rng``
    passes, each with a shortest example route, sorted; with ``maximal`` only sets no other set contains
    (FCM-3.5, FCM-I12, FCM-I23). Returns ``[(sources, route), ...]`` with ``sources`` as in ``route_sources``.

    >>> from toolkit.games.fcm.map.board import map_from_layout, Restaurant
    >>> m = map_from_layout([["A0", "Q0", "R0"]]); m.put_restaurant(Restaurant("0-1", 0, (3, 3), "nw"))
    >>> [[d for _, d in got] for got, route in buyer_options(m, m.restaurants["0-1"], 2)]
    [['soda', 'soda']]

    The answer rests on the printed roads and sources alone, so it is worked out once for each start (the
    entrances), range and join rule, and shared by every copy of the map: never change it.
    """
    key = (entrances(fmap, restaurant), rng, maximal, fmap.joins)
    routes = fmap.route_memo
    got = routes.get(key)
    if got is None:
        got = routes[key] = _buyer_routes(fmap, restaurant, rng, maximal)
    return got


def _buyer_routes(fmap: FcmMap, restaurant: Restaurant, rng: int, maximal: bool) -> list:
    """``buyer_options`` worked out: a breadth-first search of the routes from the restaurant's entrances."""
    from collections import deque
    net = fmap.roads
    g = net.graph
    near = net.sources_near                   # printed, so kept with the roads for every search

    def sources_at(sq):
        got = near.get(sq)
        if got is None:
            got = near[sq] = frozenset(s for s, _ in _sources_next_to(fmap, (sq,)))
        return got

    # 0-1 breadth-first search over (node, previous node, sources so far): the first visit is the cheapest
    parent, todo = {}, deque()
    for e in entrances(fmap, restaurant):
        for dr, dc in STEPS:
            q = (e[0] + dr, e[1] + dc)
            if net.is_road(q):
                cost = int(fmap.tile_of(q) != fmap.tile_of(e))
                if cost <= rng:
                    todo.append((cost, (net.node(q, dr, dc), None, sources_at(q)), None))
    best, squares = {}, {}                    # squares: the route's length so far, in squares
    while todo:
        cost, state, prev_state = todo.popleft()
        if state in best:
            continue
        best[state] = cost
        parent[state] = prev_state
        squares[state] = 1 if prev_state is None else squares[prev_state] + 1
        node, prev, got = state
        for nxt, attrs in g.adj[node].items():
            if prev is not None and nxt[:2] == prev[:2]:
                continue                      # no U-turn
            c = cost + attrs["weight"]
            if c > rng:
                continue
            new = (nxt, node, got | sources_at(nxt[:2]))
            if new not in best:
                if attrs["weight"]:
                    todo.append((c, new, state))
                else:
                    todo.appendleft((c, new, state))
    found = {}
    for state, cost in best.items():
        got = state[2]
        if got not in found or (cost, squares[state]) < found[got][0]:
            found[got] = ((cost, squares[state]), state)
    keep = [s for s in found if not (maximal and any(s < t for t in found))]
    drinks = dict(fmap.sources())
    out = []
    for s in keep:
        state = found[s][1]
        route = []
        while state is not None:
            route.append(state[0][:2])
            state = parent[state]
        out.append(([(sq, drinks[sq]) for sq in sorted(s)], route[::-1]))
    return sorted(out)
