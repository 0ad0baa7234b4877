"""Properties of the FCM map layer over many random maps, and the contracted graph checked against a plain
shortest-path search on the square graph (FCM-4.3, FCM-6.3, FCM-I3, FCM-I10, FCM-I11)."""
import copy
import dataclasses
import pickle
import random

import networkx as nx
import pytest

from toolkit.core import Streams
from toolkit.core.errors import IllegalChoice
from toolkit.games.fcm.map.tiles import TILE, load_tiles
from toolkit.games.fcm.map.board import FcmMap, assemble_map
from toolkit.games.fcm.map import placement as pl
from toolkit.games.fcm.map import reach as rc
from toolkit.games.fcm.map import roads as rd

CASES = [(players, seed) for players in (2, 3, 4, 5) for seed in range(8)]


def random_map(players, seed, restaurants=4):
    """A random map with a few restaurants of chains 0.. placed where a regional manager could."""
    m = assemble_map(players, Streams(seed)["map"])
    rng = random.Random(seed)
    for chain in range(restaurants):
        legal = pl.legal_restaurants(m, chain, "regional")
        if legal:
            top, corner = rng.choice(legal)
            pl.place_regional_restaurant(m, chain, top, corner)
    return m


def rotate_map(m: FcmMap) -> FcmMap:
    """The whole map turned a quarter clockwise: tile grid turned, each tile turned once more."""
    rows = len(m.layout)
    layout = [[(m.layout[rows - 1 - j][i][0], m.layout[rows - 1 - j][i][1] + 1) for j in range(rows)]
              for i in range(m.cols)]
    return FcmMap(m.tileset, layout)


def test_fcm_i3_assembly_is_seeded_and_draws_distinct_tiles():
    """FCM-I3: same seed, same map; tiles never repeat; the size follows the player count (FCM-I2)."""
    for players, size in ((2, (3, 3)), (3, (3, 4)), (4, (4, 4)), (5, (5, 4))):
        a = assemble_map(players, Streams(11)["map"])
        assert a == assemble_map(players, Streams(11)["map"])
        assert (a.cols, a.rows) == size
        names = [n for row in a.layout for n, _ in row]
        assert len(set(names)) == len(names)
    layouts = {assemble_map(5, Streams(s)["map"]).layout for s in range(10)}
    assert len(layouts) == 10


@pytest.mark.parametrize("players,seed", CASES[::3])
def test_fcm_i3_assembly_never_adds_roads(players, seed):
    """FCM-I3: every square of the map is its tile's square, turned: no road is added or removed."""
    m = assemble_map(players, Streams(seed)["map"])
    ts = load_tiles()
    for tr, row in enumerate(m.layout):
        for tc, (name, turns) in enumerate(row):
            rows = ts.tiles[name].rotated(turns)
            for r in range(TILE):
                assert m.terrain[TILE * tr + r][TILE * tc:TILE * tc + TILE] == rows[r]


@pytest.mark.parametrize("players,seed", CASES)
def test_fcm_4_3_contracted_distances_match_square_graph(players, seed):
    """FCM-4.3, FCM-I10, FCM-I11: every house-restaurant distance from the contracted graph equals a
    Dijkstra search on the square graph with border-crossing weights and the endpoint costs."""
    m = random_map(players, seed)
    g = m.roads.graph
    for r in m.restaurants.values():
        starts = {}
        for e in rd.entrances(m, r):
            for dr, dc in rd.STEPS:
                q = (e[0] + dr, e[1] + dc)
                if m.is_road(q):
                    n = m.roads.node(q, dr, dc)
                    starts[n] = min(starts.get(n, 9), int(m.tile_of(q) != m.tile_of(e)))
        h2 = nx.Graph(g)
        h2.add_node("S")
        for n, cost in starts.items():
            h2.add_edge("S", n, weight=cost)
        dist = nx.single_source_dijkstra_path_length(h2, "S", weight="weight") if starts else {}
        for house in m.houses.values():
            best = None
            for s in house.all_squares:
                for dr, dc in rd.STEPS:
                    q = (s[0] + dr, s[1] + dc)
                    if m.is_road(q):
                        n = m.roads.node(q, dr, dc)
                        if n in dist:
                            d = dist[n] + int(m.tile_of(q) != m.tile_of(s))
                            best = d if best is None else min(best, d)
            assert rd.house_distance(m, r, house) == best


@pytest.mark.parametrize("players,seed", CASES)
def test_fcm_4_3_distance_symmetric_between_entrances(players, seed):
    """FCM-4.3, FCM-I11: the distance from one entrance to another is the same both ways, and never more
    than the number of tiles."""
    m = random_map(players, seed, restaurants=5)
    net = m.roads
    es = [r.entrance for _, r in sorted(m.restaurants.items())]
    for a in es:
        for b in es:
            d = net.between(net.ends((a,)), net.ends((b,)))
            assert d == net.between(net.ends((b,)), net.ends((a,)))
            assert d is None or d <= m.rows * m.cols
    for (h, ch), d in rd.dinnertime_distances(m).items():
        assert d is None or 0 <= d <= m.rows * m.cols


@pytest.mark.parametrize("players,seed", CASES[::2])
def test_fcm_4_3_distance_unchanged_by_turning_the_whole_map(players, seed):
    """FCM-4.3: turning the map a quarter (tiles and squares alike) changes no distance."""
    m = random_map(players, seed)
    t = rotate_map(m)
    height = m.height

    def turn(sq):
        return (sq[1], height - 1 - sq[0])

    for r in range(m.height):
        for c in range(m.width):
            assert m.terrain[r][c] == t.terrain[c][height - 1 - r]
    assert sorted(m.houses) == sorted(t.houses)
    for n, h in m.houses.items():
        assert sorted(turn(s) for s in h.squares) == sorted(t.houses[n].squares)
    for r in m.restaurants.values():
        e = r.entrance
        for h in m.houses.values():
            d1 = m.roads.between(m.roads.ends((e,)), m.roads.ends(h.all_squares))
            d2 = t.roads.between(t.roads.ends((turn(e),)), t.roads.ends([turn(s) for s in h.all_squares]))
            assert d1 == d2


@pytest.mark.parametrize("players,seed", CASES[::2])
def test_fcm_4_3_zero_within_a_tile(players, seed):
    """FCM-4.3: a stretch of road never leaves its tile, and every road square of the stretch an entrance
    touches on its own tile is at distance 0; so is every house touching that stretch on its own tile."""
    m = random_map(players, seed)
    net = m.roads
    for members in net.comps:
        assert len({net.graph.nodes[n]["tile"] for n in members}) == 1
    for r in m.restaurants.values():
        e = r.entrance
        dmap = rd.road_distances(m, r)
        for dr, dc in rd.STEPS:
            q = (e[0] + dr, e[1] + dc)
            if m.is_road(q) and m.tile_of(q) == m.tile_of(e):
                k = net.comp_of[net.node(q, dr, dc)]
                for n in net.comps[k]:
                    assert dmap[n[:2]] == 0
                for h in m.houses.values():
                    if any((k, 0) == end for end in net.ends(h.all_squares)):
                        assert rd.house_distance(m, r, h) == 0


@pytest.mark.parametrize("players,seed", CASES)
def test_fcm_6_3_mailbox_blocks_partition_the_non_road_squares(players, seed):
    """FCM-6.3, FCM-I15: every non-road square is in exactly one block, no road square is in any, and
    orthogonal non-road neighbours share their block; each block is connected."""
    m = assemble_map(players, Streams(seed)["map"])
    blocks = rc.mailbox_blocks(m)
    for r in range(m.height):
        for c in range(m.width):
            assert ((r, c) in blocks) != m.is_road((r, c))
            for q in ((r + 1, c), (r, c + 1)):
                if (r, c) in blocks and q in blocks:
                    assert blocks[(r, c)] == blocks[q]
    for b in set(blocks.values()):
        part = {s for s, k in blocks.items() if k == b}
        g = nx.grid_2d_graph(m.height, m.width).subgraph(part)
        assert nx.is_connected(g)


@pytest.mark.parametrize("players,seed", CASES[::4])
def test_fcm_6_5_radio_and_airplane_reach_by_geometry(players, seed):
    """FCM-6.4, FCM-6.5: a radio's reach is exactly the houses with a square within one tile of its tile;
    an airplane over all rows reaches every house."""
    m = assemble_map(players, Streams(seed)["map"])
    for r in range(0, m.height, 3):
        for c in range(0, m.width, 3):
            tr, tc = m.tile_of((r, c))
            expect = [n for n, h in sorted(m.houses.items())
                      if any(abs(s[0] // TILE - tr) <= 1 and abs(s[1] // TILE - tc) <= 1 for s in h.squares)]
            assert rc.radio_reach(m, ((r, c),)) == expect
    assert rc.airplane_reach(m, "w", range(m.height)) == sorted(m.houses)


def test_copies_are_independent_and_equal():
    """The engine copies the map: copies compare equal, share the road network, and change separately."""
    m = random_map(5, 3)
    rd.chain_distance(m, 0, next(iter(m.houses)))
    c = copy.deepcopy(m)
    assert c == m and c.to_dict() == m.to_dict() and c.roads is m.roads
    n = sorted(m.houses)[0]
    c.add_demand(n, "burger")
    rid = sorted(c.restaurants)[0]
    c.remove_restaurant(rid)
    assert m.demand == {} and rid in m.restaurants and m.occupant(m.restaurants[rid].top) is not None
    assert c != m
    assert pickle.loads(pickle.dumps(m)) == m


def test_refused_placements_leave_the_map_unchanged():
    """FCM-3.4, FCM-3.6, FCM-3.7: a refusal cites a clause and changes nothing."""
    m = random_map(4, 5)
    before = m.to_dict()
    attempts = [
        lambda: pl.place_starting_restaurant(m, 9, (0, 0), "up"),
        lambda: pl.place_local_restaurant(m, 7, (0, 0), "nw"),
        lambda: pl.place_new_house(m, 2, (0, 0), "e"),
        lambda: pl.place_garden(m, 999, "e"),
        lambda: pl.place_campaign(m, 0, 99, (0, 0), "beer", 1),
        lambda: pl.place_airplane(m, 0, 6, "n", m.width - 2, "beer", 1),
    ]
    for attempt in attempts:
        with pytest.raises(ValueError) as e:
            attempt()
        assert e.value.clauses and all(c.startswith("FCM-") for c in e.value.clauses)
        assert m.to_dict() == before


def test_every_cited_clause_is_on_the_rules_page():
    """The map layer cites only clauses its rules page defines."""
    import re
    from pathlib import Path
    from toolkit.core.game import rules_page
    page = rules_page("toolkit.games.fcm")
    folder = Path(rd.__file__).parent
    cited = set()
    for f in ("tiles.py", "board.py", "roads.py", "reach.py", "placement.py"):
        cited |= set(re.findall(r"FCM-(?:I\d+|\d+\.n?\d+)", (folder / f).read_text()))
    assert cited and cited <= set(page), sorted(cited - set(page))


@pytest.mark.parametrize("players,seed", CASES[::3])
def test_fcm_3_5_buyer_options_are_real_routes(players, seed):
    """FCM-3.5, FCM-I12: each option's route is legal and collects exactly its sources; together the options
    cover every source next to a road square in range (a shortest route never needs a U-turn)."""
    m = random_map(players, seed)
    for r in m.restaurants.values():
        for rng in (2, 3):
            opts = rd.buyer_options(m, r, rng)
            for got, route in opts:
                assert rd.route_sources(m, r, route, rng) == got
            for a, _ in opts:
                assert not any(set(a) < set(b) for b, _ in opts)
            assert sorted({s for got, _ in opts for s in got}) == rd.sources_in_range(m, r, rng)


@pytest.mark.parametrize("players,seed", CASES[::4])
def test_to_dict_round_trip(players, seed):
    """to_dict describes the whole map: from_dict rebuilds an equal map."""
    m = random_map(players, seed)
    m.add_demand(sorted(m.houses)[0], "beer", 2)
    m.drive_ins = {1}
    pl.place_airplane(m, 1, 4, "e", 0, "pizza", 2)
    assert FcmMap.from_dict(m.to_dict()) == m


@pytest.mark.parametrize("players,seed", CASES[::2])
def test_fcm_4_3_nearest_restaurant_table_is_each_chains_nearest_and_follows_every_change(players, seed):
    """FCM-4.2, FCM-4.3: ``nearest_restaurants`` gives, for every house and chain, the distance from the chain's
    nearest open restaurant (``house_distance``) and the lowest id among the nearest; remembered per map state, it
    is worked out anew once a house or restaurant is placed, a restaurant closes or a drive-in opens."""
    m = random_map(players, seed, restaurants=5)
    rng = random.Random(seed)
    for chain in (0, 0, 1, 1):                                  # chains with several restaurants: ties of distance
        legal = pl.legal_restaurants(m, chain, "regional")
        if legal:
            pl.place_regional_restaurant(m, chain, *rng.choice(legal))

    def expected():
        out = {}
        for n, house in m.houses.items():
            for rid, r in sorted(m.restaurants.items()):
                d = rd.house_distance(m, r, house) if r.open else None
                if d is not None and ((n, r.chain) not in out or d < out[(n, r.chain)][0]):
                    out[(n, r.chain)] = (d, rid)
        return out

    assert rd.nearest_restaurants(m) == expected()
    for number in m.tileset.house_tiles[:3]:                     # new houses
        legal = pl.legal_new_houses(m, number)
        if legal:
            pl.place_new_house(m, number, *rng.choice(legal))
            assert rd.nearest_restaurants(m) == expected()
    legal = pl.legal_restaurants(m, 6, "regional")             # a new chain's restaurant
    if legal:
        pl.place_regional_restaurant(m, 6, *rng.choice(legal))
        assert rd.nearest_restaurants(m) == expected()
    r = min(m.restaurants.values(), key=lambda r: r.rid)
    m.put_restaurant(dataclasses.replace(r, open=False))       # coming soon (FCM-7.3)
    assert rd.nearest_restaurants(m) == expected()
    m.put_restaurant(r)
    m.drive_ins = {r.chain}                                     # a drive-in: all four corners are entrances
    assert rd.nearest_restaurants(m) == expected()
    assert rd.dinnertime_distances(m) == {(n, ch): (expected().get((n, ch)) or (None,))[0]
                                          for n in sorted(m.houses) for ch in m.chains()}


@pytest.mark.parametrize("players,seed", CASES[::3])
def test_fcm_3_6_legal_new_houses_are_every_place_the_check_allows(players, seed):
    """FCM-3.6, FCM-I8: the places listed for a house-with-garden tile are exactly those ``check_new_house``
    allows, in square then side order, before and after houses and restaurants are placed (the list is remembered
    per map state: each change is seen)."""
    m = random_map(players, seed)
    rng = random.Random(seed)

    def every_allowed(number):
        out = []
        for r in range(m.height - 1):
            for c in range(m.width - 1):
                for side in pl.SIDES:
                    try:
                        pl.check_new_house(m, number, (r, c), side)
                    except IllegalChoice:
                        continue
                    out.append(((r, c), side))
        return out

    for number in m.tileset.house_tiles[:4]:
        assert pl.legal_new_houses(m, number) == every_allowed(number)
        legal = pl.legal_new_houses(m, number)
        if legal:
            pl.place_new_house(m, number, *rng.choice(legal))
            assert pl.legal_new_houses(m, number) == [] == every_allowed(number)
    legal = pl.legal_restaurants(m, 7, "regional")
    if legal:
        pl.place_regional_restaurant(m, 7, *rng.choice(legal))
    for number in m.tileset.house_tiles[4:6]:
        assert pl.legal_new_houses(m, number) == every_allowed(number)


def test_fcm_i12_buyer_routes_pinned():
    """FCM-3.5, FCM-I12: the sets a buyer can bring home and each set's example route (the cheapest, then the
    fewest squares, the first found on a tie) are those the search gave before it was made faster (issue 32):
    576 searches on six maps under both join rules (FCM-I10), every range 1 to 4, maximal sets and all sets."""
    import hashlib
    from toolkit.core.rng import Streams
    from toolkit.games.fcm.map.board import Restaurant, assemble_map
    digest, searches = hashlib.sha256(), 0
    for players, seed in [(2, 1), (3, 2), (4, 3), (5, 4), (4, 9), (5, 12)]:
        m = assemble_map(players, Streams(seed)["map"])
        for joins in ("midpoint", "any"):
            m.set_joins(joins)
            rng = random.Random(seed)
            legal = pl.legal_restaurants(m, 1, "start")
            for top, corner in rng.sample(legal, min(6, len(legal))):
                r = Restaurant("1-1", 1, top, corner, True)
                for reach in (1, 2, 3, 4):
                    for maximal in (True, False):
                        digest.update(repr(rd._buyer_routes(m, r, reach, maximal)).encode())
                        searches += 1
    assert (searches, digest.hexdigest()[:16]) == (576, "42a0a9048776db64")
