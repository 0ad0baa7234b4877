"""Clause tests for the FCM map layer, on small hand-made maps whose answers are worked out by hand.

The maps, as ``FcmMap.text()`` prints them (a space between tiles):

    F0 C0                 G0 H0                 A0 Q0 R0 H0 T0
    HH#.. #####           HH#.. ..#..           ..#.. ..#.. ..#.. ..#.. ..#..
    HH#.. #.HH#           HH#.. ..#..           ..#.. ..#.. .S#.. ..#.. .L#..
    ##### #.HH#           ##X## #####           ##### ##### ##### ##### #####
    ..... #...#           ..#.. .HH..           HH#.. .S... ..#.. .HH.. ..#..
    ..... #####           ..#.. .HH..           HH#.. ..... ..#.. .HH.. ..#..

House 10 is on F, 5 on C, 12 on G, 13 on H, 2 on A.
"""
import pytest

from toolkit.core import IllegalChoice
from toolkit.games.fcm.map.board import Campaign, Restaurant, map_from_layout
from toolkit.games.fcm.map.tiles import load_tiles, parse_tiles
from toolkit.games.fcm.map import placement as pl
from toolkit.games.fcm.map import reach as rc
from toolkit.games.fcm.map import roads as rd


def row_map():
    return map_from_layout([["A0", "Q0", "R0", "H0", "T0"]])


# ---------------------------------------------------------------- distance (FCM-4.3)

def test_fcm_4_3_distance_counts_tile_borders_not_squares():
    """FCM-4.3: from A, house 2 on the same tile is 0 and house 13 three tiles east is 3, however many
    squares lie between."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")        # entrance (3,3) touches roads (2,3), (3,2) on A
    assert rd.chain_distance(m, 0, 2) == 0
    assert rd.chain_distance(m, 0, 13) == 3


def test_fcm_4_3_nearest_restaurant_of_the_chain_counts():
    """FCM-4.3: a chain measures from its nearest entrance: a second restaurant on H makes house 13 distance 0."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    pl.place_starting_restaurant(m, 0, (3, 18), "nw")        # on H, entrance touches (2,18)
    assert rd.chain_distance(m, 0, 13) == 0
    assert rd.chain_distance(m, 0, 2) == 0


def test_fcm_4_3_entrance_road_on_next_tile_starts_at_1():
    """FCM-4.3, FCM-I11: on F0 C0 a restaurant on F whose entrance (4,4) touches only the road (4,5) of tile C
    starts at 1: house 5 on C is 1 away, and house 10 on its own tile F is 2 (F to C, back to F)."""
    m = map_from_layout([["F0", "C0"]])
    r = pl.place_starting_restaurant(m, 0, (3, 3), "se")
    assert rd.house_distance(m, r, 5) == 1
    assert rd.house_distance(m, r, 10) == 2
    # turned so the entrance (3,4) touches the road (2,4) of F: house 10 is 0 away, house 5 is 1
    pl.place_regional_restaurant(m, 0, (3, 3), "ne", move=r.rid)
    r = m.restaurants[r.rid]
    assert rd.house_distance(m, r, 10) == 0
    assert rd.house_distance(m, r, 5) == 1


def test_fcm_4_3_garden_counts_for_distance():
    """FCM-4.3, FCM-I11: a garden east of house 13 (on H) leaves its distance from A at 3."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    pl.place_garden(m, 13, "e")                               # garden (3,18),(4,18)
    assert rd.chain_distance(m, 0, 13) == 3


def test_fcm_4_3_house_reached_only_through_its_garden():
    """FCM-4.3, FCM-I11: on G0 H0 a new house 1 at (3,3) on G with its garden east at (3,5),(4,5) on H touches
    the N-S road (3,2) of G and the road (2,5) of H above its garden; from a restaurant on H the road (2,5)
    is on the garden's own tile, so the distance is 0."""
    m = map_from_layout([["G0", "H0"]])
    h = pl.place_new_house(m, 1, (3, 3), "e")
    assert h.garden == ((3, 5), (4, 5))
    r = pl.place_starting_restaurant(m, 0, (3, 8), "nw")      # entrance (3,8) touches (2,8), (3,9)? (3,9) empty
    assert rd.house_distance(m, r, 1) == 0


def test_fcm_4_3_drive_in_measures_from_the_best_corner():
    """FCM-4.3, FCM-3.7, FCM-I7: on F0 C0 the restaurant at (3,3) with entrance 'se' is 2 from house 10; with a
    drive-in its corner (3,4) touches F's road, so house 10 is 0 away; coming-soon restaurants do not get it."""
    m = map_from_layout([["F0", "C0"]])
    r = pl.place_starting_restaurant(m, 0, (3, 3), "se")
    assert rd.house_distance(m, r, 10) == 2
    m.drive_ins = {0}
    assert rd.house_distance(m, r, 10) == 0
    soon = Restaurant("0-9", 0, (3, 3), "se", open=False)
    assert rd.entrances(m, soon) == ((4, 4),)


# ---------------------------------------------------------------- connection (FCM-4.2) and bridges

def test_fcm_4_2_bridge_roads_do_not_join():
    """FCM-4.2, FCM-I10: on G0 H0 a restaurant whose entrance (4,3) touches only G's north-south road (4,2)
    crosses the bridge without meeting the west-east road, so house 13 is not connected; house 12 touches the
    north-south road at (0,2) and is 0 away."""
    m = map_from_layout([["G0", "H0"]])
    r = pl.place_starting_restaurant(m, 0, (3, 3), "sw")
    assert not rd.is_connected(m, r, 13)
    assert rd.house_distance(m, r, 13) is None
    assert rd.chain_distance(m, 0, 13) is None
    assert rd.house_distance(m, r, 12) == 0


def test_fcm_4_2_west_east_lane_reaches_the_next_tile():
    """FCM-4.2, FCM-4.3: the same restaurant with entrance (3,3), touching the west-east road (2,3), reaches
    house 13 on H at distance 1."""
    m = map_from_layout([["G0", "H0"]])
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    assert rd.is_connected(m, r, 13)
    assert rd.house_distance(m, r, 13) == 1


def test_bridge_is_two_nodes_and_graph_nodes_carry_pos():
    """FCM-I10: the bridge square (2,2) of G is two graph nodes, one per lane, not joined to each other."""
    m = map_from_layout([["G0"]])
    g = m.roads.graph
    assert (2, 2, "ns") in g and (2, 2, "we") in g and (2, 2) not in g
    assert not g.has_edge((2, 2, "ns"), (2, 2, "we"))
    assert g.nodes[(0, 2)]["pos"] == (2, 0)
    assert m.roads.comp_of[(2, 2, "ns")] != m.roads.comp_of[(2, 2, "we")]


def test_fcm_4_2_dinnertime_table():
    """FCM-4.2, FCM-4.3: every house against every chain, open restaurants only."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    pl.place_starting_restaurant(m, 1, (3, 18), "nw")
    pl.place_local_restaurant(m, 0, (3, 13), "nw")            # coming soon on R: does not count yet
    table = rd.dinnertime_distances(m)
    assert table == {(2, 0): 0, (2, 1): 3, (13, 0): 3, (13, 1): 0}
    m.open_restaurants()                                       # FCM-7.3
    assert rd.dinnertime_distances(m)[(13, 0)] == 1


# ---------------------------------------------------------------- range (FCM-3.4, 3.5, 3.7)

def test_fcm_3_5_squares_and_houses_in_range():
    """FCM-3.5: from A, range 2 covers the roads of A, Q and R (3 tiles), range 3 also reaches house 13."""
    m = row_map()
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    tiles2 = sorted({m.tile_of(s) for s in rd.squares_in_range(m, r, 2)})
    assert tiles2 == [(0, 0), (0, 1), (0, 2)]
    assert rd.houses_in_range(m, r, 2) == [2]
    assert rd.houses_in_range(m, r, 3) == [2, 13]
    assert rd.range_of("truck driver") == 3 and rd.range_of("truck driver", plus_one=True) == 4
    assert rd.range_of("marketing trainee", plus_one=True) == 2


def test_fcm_3_5_buyer_route_collects_each_source_once():
    """FCM-3.5, FCM-I12: a cart (range 2) from A along row 2 to R passes soda (3,6) on Q and soda (1,11) on R,
    the latter twice ((2,11) and (1,12) both touch it): each is collected once."""
    m = row_map()
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    route = [(2, c) for c in range(3, 13)] + [(1, 12), (0, 12)]
    assert rd.route_cost(m, r, route) == 2
    assert rd.route_sources(m, r, route, 2) == [((1, 11), "soda"), ((3, 6), "soda")]
    with pytest.raises(IllegalChoice) as e:
        rd.route_sources(m, r, route, 1)
    assert "FCM-3.5" in e.value.clauses


def test_fcm_3_5_no_u_turns_and_routes_start_at_an_entrance():
    """FCM-3.5, FCM-I12: turning straight back is refused, and so is a route not starting next to an entrance."""
    m = row_map()
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    with pytest.raises(IllegalChoice, match="U-turn"):
        rd.route_cost(m, r, [(2, 3), (2, 4), (2, 3)])
    with pytest.raises(IllegalChoice, match="next to an entrance"):
        rd.route_cost(m, r, [(2, 5), (2, 6)])
    with pytest.raises(IllegalChoice, match="not a road"):
        rd.route_cost(m, r, [(2, 3), (3, 3)])


def test_fcm_3_5_bridge_route_goes_straight():
    """FCM-3.5, FCM-I12: on G a route coming up the north-south road may not turn onto the west-east one."""
    m = map_from_layout([["G0", "H0"]])
    r = pl.place_starting_restaurant(m, 0, (3, 3), "sw")      # entrance (4,3) touches (4,2)
    assert rd.route_cost(m, r, [(4, 2), (3, 2), (2, 2), (1, 2), (0, 2)]) == 0
    with pytest.raises(IllegalChoice, match="bridge"):
        rd.route_cost(m, r, [(4, 2), (3, 2), (2, 2), (2, 3)])


def test_fcm_3_5_zeppelin_flies_over_tiles():
    """FCM-3.5, FCM-I13: on the 5-tile row a zeppelin from A with range 4 reaches all five tiles; its best
    flight runs A-Q-R-H-T and takes all three sources; with range 1 it reaches A and Q only."""
    m = row_map()
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    assert rd.zeppelin_tiles(m, r, 4) == [(0, c) for c in range(5)]
    assert rd.zeppelin_tiles(m, r, 1) == [(0, 0), (0, 1)]
    path, sources = rd.best_zeppelin_route(m, r, 4)
    assert path == ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4))
    assert sources == [((1, 11), "soda"), ((1, 21), "lemonade"), ((3, 6), "soda")]


def test_fcm_3_7_local_manager_range_3():
    """FCM-3.7: from A, a local manager's restaurant on H (3 borders away) is allowed and comes soon; on T
    (4 away) it is refused, which a regional manager may still do (open at once)."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    before = m.to_dict()
    with pytest.raises(IllegalChoice) as e:
        pl.place_local_restaurant(m, 0, (3, 23), "nw")
    assert "FCM-3.7" in e.value.clauses and m.to_dict() == before
    new = pl.place_local_restaurant(m, 0, (3, 18), "nw")
    assert not new.open
    far = pl.place_regional_restaurant(m, 0, (3, 23), "nw")
    assert far.open
    with pytest.raises(IllegalChoice, match="already has 3"):
        pl.place_regional_restaurant(m, 0, (0, 0), "se")


def test_fcm_3_7_local_manager_range_from_existing_restaurants_original_open_ones_deluxe():
    """FCM-3.7, FCM-I19: by the original rules a coming-soon restaurant gives range (every existing restaurant
    counts); by the Deluxe rules only open ones do."""
    m = row_map()
    m.put_restaurant(Restaurant("0-1", 0, (3, 3), "nw", open=False))
    pl.check_local_restaurant(m, 0, (3, 8), "nw")
    with pytest.raises(IllegalChoice, match="not within road range"):
        pl.check_local_restaurant(m, 0, (3, 8), "nw", "DLX")
    m.open_restaurants()
    pl.check_local_restaurant(m, 0, (3, 8), "nw", "DLX")


def test_fcm_3_7_regional_manager_moves_and_rotates():
    """FCM-3.7, FCM-I20: moving onto its own old squares is fine; another chain's squares are not."""
    m = row_map()
    a = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    pl.place_starting_restaurant(m, 1, (3, 8), "nw")
    pl.place_regional_restaurant(m, 0, (3, 3), "ne", move=a.rid)     # rotate in place: entrance (3,4)
    assert m.restaurants[a.rid].entrance == (3, 4)
    with pytest.raises(IllegalChoice, match="taken by a restaurant"):
        pl.place_regional_restaurant(m, 0, (3, 8), "nw", move=a.rid)
    with pytest.raises(IllegalChoice, match="must change"):
        pl.place_regional_restaurant(m, 0, (3, 3), "ne", move=a.rid)


def test_fcm_3_7_entrance_must_touch_a_road():
    """FCM-3.7, FCM-I5: on A the restaurant at (3,3) with entrance 'se' (4,4) touches no road."""
    m = row_map()
    with pytest.raises(IllegalChoice, match="does not touch a road"):
        pl.place_regional_restaurant(m, 0, (3, 3), "se")


def test_starting_restaurants_one_entrance_per_tile():
    """FCM-I4: at setup two entrances may not share a tile; other squares may."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    with pytest.raises(IllegalChoice, match="already holds an entrance"):
        pl.place_starting_restaurant(m, 1, (0, 0), "se")
    # restaurant on A's top-left with its entrance 'ne'... (0,1) is on A too: refused; later placements may
    r = pl.place_regional_restaurant(m, 1, (0, 0), "se")
    assert m.tile_of(r.entrance) == (0, 0)


def test_starting_restaurant_needs_empty_squares():
    """FCM-I4, FCM-I6: not on roads, drinks or houses."""
    m = row_map()
    with pytest.raises(IllegalChoice, match="road, not empty"):
        pl.check_starting_restaurant(m, 0, (2, 2), "nw")
    with pytest.raises(IllegalChoice, match="taken by a house"):
        pl.check_starting_restaurant(m, 0, (3, 0), "ne")
    with pytest.raises(IllegalChoice, match="soda, not empty"):
        pl.check_starting_restaurant(m, 0, (3, 5), "ne")


def test_fcm_3_7_local_manager_rb_and_dlx_rulesets_differ():
    """FCM-3.7, FCM-I19: from A, a restaurant at (3,19)-(4,20) straddles H and T. Its square (3,19) touches
    H's road (2,19), 3 borders away; its entrance 'ne' (3,20) touches only T's road (2,20), 4 away. By RB
    (any square in range, entrance at any road) it may go there; by DLX (the entrance's road in range) not."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    pl.check_local_restaurant(m, 0, (3, 19), "ne", ruleset="RB")
    with pytest.raises(IllegalChoice, match="its entrance is not within road range 3"):
        pl.check_local_restaurant(m, 0, (3, 19), "ne", ruleset="DLX")
    assert set(pl.legal_restaurants(m, 0, "local", "DLX")) < set(pl.legal_restaurants(m, 0, "local", "RB"))
    # the game's names for the rules sets mean the same; any other name is refused, not read as the original
    assert pl.legal_restaurants(m, 0, "local", "deluxe") == pl.legal_restaurants(m, 0, "local", "DLX")
    assert pl.legal_restaurants(m, 0, "local", "original") == pl.legal_restaurants(m, 0, "local", "RB")
    for bad in ("Deluxe", "nonsense", None):
        with pytest.raises(ValueError, match="ruleset must be 'original' or 'deluxe'"):
            pl.legal_restaurants(m, 0, "local", bad)
        with pytest.raises(ValueError, match="ruleset must be"):
            pl.check_local_restaurant(m, 0, (3, 19), "ne", ruleset=bad)


# ---------------------------------------------------------------- houses and gardens (FCM-3.6)

def test_fcm_3_6_new_house_with_garden():
    """FCM-3.6, FCM-I8: house tile 1 on empty squares touching a road; its number once only; a garden
    counts for the limit of 5 demand."""
    m = row_map()
    before = m.to_dict()
    with pytest.raises(IllegalChoice, match="road, not empty"):
        pl.place_new_house(m, 1, (3, 3), "n")                 # (2,3),(2,4) would be the garden: road
    assert m.to_dict() == before
    with pytest.raises(IllegalChoice, match="no house-with-garden tile 2"):
        pl.place_new_house(m, 2, (3, 8), "e")
    h = pl.place_new_house(m, 1, (3, 7), "e")                 # (3,7),(3,8),(4,7),(4,8) + (3,9),(4,9) on Q
    assert not h.printed and h.limit == 5
    with pytest.raises(IllegalChoice, match="already on the map"):
        pl.place_new_house(m, 1, (3, 23), "e")
    assert rd.chain_distance(m, 0, 1) is None                 # no restaurant of chain 0 yet


def test_fcm_3_6_new_house_must_touch_a_road():
    """FCM-3.6, FCM-I8: next to A, a user's all-empty tile "Park": a house at (1,6) with its garden east
    touches no road; at (3,5) with its garden west on A's (3,4),(4,4) it touches A's road (2,4)."""
    ts = parse_tiles({"tiles": {"Park": {"rows": ["....."] * 5}}}, "park.json", load_tiles())
    m = map_from_layout([["A0", "Park0"]], ts)
    with pytest.raises(IllegalChoice, match="touch a road"):
        pl.check_new_house(m, 1, (1, 6), "e")
    pl.check_new_house(m, 1, (3, 5), "w")


def test_fcm_3_6_garden_on_printed_house():
    """FCM-3.6, FCM-I8: a garden on an empty side of house 13 (east: (3,18),(4,18)); not on the road
    side, never a second one, and not on a house that came with one."""
    m = row_map()
    with pytest.raises(IllegalChoice, match="road, not empty"):
        pl.place_garden(m, 13, "n")
    pl.place_garden(m, 13, "e")
    assert m.houses[13].garden == ((3, 18), (4, 18)) and m.houses[13].limit == 5
    with pytest.raises(IllegalChoice, match="already has a garden"):
        pl.place_garden(m, 13, "w")
    pl.place_new_house(m, 3, (3, 7), "e")
    with pytest.raises(IllegalChoice, match="came with its garden"):
        pl.place_garden(m, 3, "e")


# ---------------------------------------------------------------- marketing placement (FCM-3.4)

def test_fcm_3_4_marketing_placement():
    """FCM-3.4, FCM-I18: a marketing trainee (range 2, billboards, 2 rounds) from A may put billboard 15 next
    to R's road (2 away) but not next to H's (3 away); a mailbox is beyond it; a brand director may put a
    radio anywhere next to a road."""
    m = row_map()
    pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    pl.check_campaign(m, 0, 15, (3, 13), marketeer="marketing trainee", duration=2)
    with pytest.raises(IllegalChoice, match="range 2"):
        pl.check_campaign(m, 0, 15, (3, 15), marketeer="marketing trainee", duration=2)
    with pytest.raises(IllegalChoice, match="cannot place a mailbox"):
        pl.check_campaign(m, 0, 9, (3, 13), marketeer="marketing trainee", duration=1)
    with pytest.raises(IllegalChoice, match="1 to 2 rounds"):
        pl.check_campaign(m, 0, 15, (3, 13), marketeer="marketing trainee", duration=3)
    with pytest.raises(IllegalChoice, match="next to a road"):
        pl.check_campaign(m, 0, 1, (4, 9), marketeer="brand director", duration=5)
    c = pl.place_campaign(m, 0, 1, (3, 24), "pizza", 5, marketeer="brand director")
    assert c.kind == "radio" and m.occupant((3, 24)) == ("campaign", 1)
    with pytest.raises(IllegalChoice, match="already on the map"):
        pl.place_campaign(m, 0, 1, (4, 24), "pizza", 5, marketeer="brand director")


def test_fcm_3_4_turned_marketing_tile():
    """FCM-3.4, FCM-I18: billboard 13 is 1x3; turned, 3x1. On A it fits turned at (0,0)? No: (2,0) is road.
    It fits unturned at (0,3)? (0,3),(0,4),(0,5): all empty and next to a road."""
    m = row_map()
    assert pl.campaign_squares(m, 13, (0, 3)) == ((0, 3), (0, 4), (0, 5))
    assert pl.campaign_squares(m, 13, (0, 3), turned=True) == ((0, 3), (1, 3), (2, 3))
    pl.check_campaign(m, 0, 13, (0, 3))
    with pytest.raises(IllegalChoice, match="road, not empty"):
        pl.check_campaign(m, 0, 13, (0, 3), turned=True)


def test_fcm_3_4_airplanes_along_the_edge():
    """FCM-3.4, FCM-I16: airplane 5 flies over 3 lines; on the 5-row map its west side allows rows 0-2 to
    2-4 only; the DLX ruleset forbids overlapping planes on one edge."""
    m = row_map()
    pl.check_airplane(m, 0, 5, "w", 2)
    with pytest.raises(IllegalChoice, match="overhang"):
        pl.check_airplane(m, 0, 5, "w", 3)
    pl.place_airplane(m, 0, 5, "w", 2, "burger", 3)
    pl.check_airplane(m, 0, 6, "w", 0, ruleset="RB")
    with pytest.raises(IllegalChoice, match="already flies"):
        pl.check_airplane(m, 0, 6, "w", 0, ruleset="DLX")
    with pytest.raises(IllegalChoice, match="along the map edge"):
        pl.check_campaign(m, 0, 4, (0, 0))


# ---------------------------------------------------------------- marketing reach (FCM-6.2 to 6.6)

def square_map():
    """H0 Q0 / T0 S0 (house 13 on H at rows 3-4, columns 1-2)."""
    return map_from_layout([["H0", "Q0"], ["T0", "S0"]])


def test_fcm_6_2_billboard_reach_orthogonal_only():
    """FCM-6.2: a billboard at (5,1) touches house square (4,1); one at (5,3) touches it only diagonally."""
    m = square_map()
    assert rc.billboard_reach(m, ((5, 1),)) == [13]
    assert rc.billboard_reach(m, ((5, 3),)) == []


def test_fcm_6_2_billboard_reach_through_garden():
    """FCM-6.2, FCM-I14: with a garden east of house 13 at (3,3),(4,3), a billboard at (3,4) reaches it."""
    m = square_map()
    assert rc.billboard_reach(m, ((3, 4),)) == []
    pl.place_garden(m, 13, "e")
    assert rc.billboard_reach(m, ((3, 4),)) == [13]


def test_fcm_6_3_mailbox_block():
    """FCM-6.3, FCM-I15: H's top-left corner (0,0)-(1,1) is a block closed by roads and the edge: no house;
    the big block under row 2 spans H, Q, T and S and holds house 13."""
    m = square_map()
    blocks = rc.mailbox_blocks(m)
    top_left = [s for s, b in blocks.items() if b == blocks[(0, 0)]]
    assert sorted(top_left) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert rc.mailbox_reach(m, ((0, 0),)) == []
    assert rc.mailbox_reach(m, ((6, 9),)) == [13]
    assert blocks[(6, 9)] == blocks[(5, 0)] == blocks[(3, 6)]
    assert blocks[(8, 0)] != blocks[(6, 0)]                   # row 7 is road


def test_fcm_6_4_airplane_reach():
    """FCM-6.4: airplane 5 on the west edge over rows 2-4 reaches house 13 (rows 3-4); over rows 5-7 it
    does not; airplane 4 on the north edge over column 2 reaches it."""
    m = square_map()
    assert rc.airplane_reach(m, "w", (2, 3, 4)) == [13]
    assert rc.airplane_reach(m, "w", (5, 6, 7)) == []
    assert rc.airplane_reach(m, "n", (2,)) == [13]
    assert rc.airplane_reach(m, "s", (5,)) == []


def test_fcm_6_5_radio_reach_3x3_tiles():
    """FCM-6.5, FCM-I17: on the row map a radio on R reaches Q, R and H: house 13 but not house 2."""
    m = row_map()
    assert rc.radio_tiles(m, ((3, 13),)) == [(0, 1), (0, 2), (0, 3)]
    assert rc.radio_reach(m, ((3, 13),)) == [13]
    assert rc.radio_reach(m, ((3, 8),)) == [2]


def test_fcm_6_6_demand_limits_and_full_houses():
    """FCM-6.6, FCM-I9: 3 tokens on a house, 5 with a garden; a full house is skipped."""
    m = square_map()
    m.put_campaign(Campaign(15, "billboard", ((5, 1),), 0, "burger", 2))
    m.put_campaign(Campaign(1, "radio", ((5, 3),), 0, "beer", 5))
    assert rc.run_campaign(m, 15) == {13: 1}
    assert rc.run_campaign(m, 1, per_house=2) == {13: 2}   # FCM-6.n2: two tokens per house
    assert rc.run_campaign(m, 15) == {}
    assert m.demand[13] == ["burger", "beer", "beer"]
    pl.place_garden(m, 13, "e")
    assert rc.run_campaign(m, 1, per_house=2) == {13: 2}
    assert len(m.demand[13]) == 5 and rc.run_campaign(m, 15) == {}


def test_fcm_6_2_campaign_reach_dispatch():
    """FCM-6.2 to FCM-6.5: campaign_reach picks the reach of the tile's kind."""
    m = square_map()
    pl.place_campaign(m, 0, 9, (5, 3), "pizza", 2)            # mailbox in the big block
    pl.place_airplane(m, 0, 4, "n", 2, "soda", 2)
    assert rc.campaign_reach(m, 9) == [13] and rc.campaign_reach(m, 4) == [13]


def test_fcm_3_5_buyer_options():
    """FCM-3.5, FCM-I12: from A a cart (range 2) can bring both sodas home in one route; with range 1 only the
    soda on Q; a zero-range buyer gets nothing on A."""
    m = row_map()
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    opts = rd.buyer_options(m, r, 2)
    assert [got for got, _ in opts] == [[((1, 11), "soda"), ((3, 6), "soda")]]
    assert rd.route_sources(m, r, opts[0][1], 2) == opts[0][0]
    assert [got for got, _ in rd.buyer_options(m, r, 1)] == [[((3, 6), "soda")]]
    assert [got for got, _ in rd.buyer_options(m, r, 0)] == [[]]


def test_fcm_3_5_buyer_options_smaller_sets_on_request():
    """FCM-3.5, FCM-I23: with maximal=False the options also hold routes passing fewer sources: none (stay on
    A), Q's soda alone, or both; R's soda never alone, since every road to R passes Q's soda."""
    m = row_map()
    r = pl.place_starting_restaurant(m, 0, (3, 3), "nw")
    every = [got for got, _ in rd.buyer_options(m, r, 2, maximal=False)]
    assert every == [[], [((1, 11), "soda"), ((3, 6), "soda")], [((3, 6), "soda")]]


def test_fcm_6_1_campaigns_run_in_number_order():
    """FCM-6.1, FCM-6.n2, FCM-6.6: radio 1 (chain 1, with the radio milestone: 2 beer) runs before billboard 15
    (burger) and mailbox 9 (pizza), both reaching house 13; the house fills to 3 in that order, so the
    billboard, number 15, runs last and finds it full."""
    m = square_map()
    m.put_campaign(Campaign(15, "billboard", ((5, 1),), 0, "burger", 2))
    m.put_campaign(Campaign(9, "mailbox", ((5, 3),), 0, "pizza", 2))
    m.put_campaign(Campaign(1, "radio", ((6, 6),), 1, "beer", 2))
    assert rc.run_campaigns(m, radio_milestone={1}) == [(1, {13: 2}), (9, {13: 1}), (15, {})]
    assert m.demand[13] == ["beer", "beer", "pizza"]
