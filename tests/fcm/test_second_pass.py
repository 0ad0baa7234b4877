"""The second pass over FCM's readings (issue 12, part 3): road joins by ruleset, "existing" restaurants, the
house end of a distance, optional food and drinks, buyers that stop early and bankruptcy. One scripted
situation per clause or interpretation, named after it."""
import pytest

from toolkit.core.errors import IllegalChoice
from toolkit.games.fcm.game.rules import FcmGame
from toolkit.games.fcm.map.board import Restaurant, map_from_layout
from toolkit.games.fcm.map.roads import route_cost

from . import invariants


def test_fcm_i10_original_roads_join_across_tiles_only_at_edge_midpoints():
    # C0 D0: both tiles have road all along their shared edge; rows 0 and 1 touch there, row 2 is the middle
    m = map_from_layout([["C0", "D0"]])
    r = Restaurant("1-1", 1, (3, 5), "nw")            # entrance (3, 5) touches (2, 5) on D
    m.put_restaurant(r)
    route = [(2, 5), (1, 5), (1, 4)]                  # (1, 5) on D to (1, 4) on C: not the edge's middle
    with pytest.raises(IllegalChoice) as e:
        route_cost(m, r, route)
    assert "FCM-I10" in e.value.clauses
    assert route_cost(m, r, [(2, 5), (2, 4)]) == 1   # the middle square of the edge joins
    m.set_joins("any")                                # the Deluxe reading: every touching pair joins
    assert route_cost(m, r, route) == 1
    assert FcmGame(2, seed=1, log=False).map.joins == "midpoint"
    assert FcmGame(2, seed=1, options={"ruleset": "deluxe"}, log=False).map.joins == "any"


def _coming_soon(fmap, chain, rid="1-9"):
    """Put a coming-soon restaurant of ``chain`` on the first free regional place of the map."""
    from toolkit.games.fcm.map.placement import legal_restaurants
    top, corner = legal_restaurants(fmap, chain, "regional")[0]
    fmap.put_restaurant(Restaurant(rid, chain, top, corner, False))
    return fmap.restaurants[rid]


def test_fcm_i19_a_local_managers_range_counts_coming_soon_restaurants_in_the_original_rules():
    from toolkit.games.fcm.map.placement import check_local_restaurant, legal_restaurants
    m = map_from_layout([["K0", "Q0"]])
    _coming_soon(m, 1)                                 # chain 1's only restaurant is coming soon
    spots = legal_restaurants(m, 1, "local", "RB")
    assert spots                                       # the original rules: every existing restaurant counts
    assert legal_restaurants(m, 1, "local", "DLX") == []   # the Deluxe reading: open ones only
    with pytest.raises(IllegalChoice) as e:
        check_local_restaurant(m, 1, *spots[0], "DLX")
    assert "FCM-I19" in e.value.clauses


def test_fcm_i20_a_regional_manager_may_move_a_coming_soon_restaurant_which_stays_coming_soon():
    from .helpers import setup_game, to_working
    g = setup_game()
    r = _coming_soon(g.map, 1)
    g.company(1).coming_soon.append(r.rid)
    d = to_working(g, {1: ["regional_manager"]})
    while d.player != 1 or d.kind != "regional_manager":
        g.apply(d.values[0])
        d = g.pending()
    assert f"move {r.rid}" in d.values
    g.apply(f"move {r.rid}")
    g.apply(g.pending().values[0])
    moved = g.map.restaurants[r.rid]
    assert (moved.top, moved.corner) != (r.top, r.corner) and not moved.open   # it opens in Clean-up (FCM-7.3)
    ev = [e for e in g.events if e.kind == "restaurant"][-1]
    assert "FCM-I20" in ev.clauses
    gd = setup_game(options={"ruleset": "deluxe"})
    r = _coming_soon(gd.map, 1)
    d = to_working(gd, {1: ["regional_manager"]})
    while d.player != 1 or d.kind != "regional_manager":
        gd.apply(d.values[0])
        d = gd.pending()
    assert f"move {r.rid}" not in d.values


def test_fcm_i11_the_house_end_plus_one_decides_a_sale_between_equal_prices():
    """A0 H1: house 13 (on H) touches A's road at (2, 4), across the tile border, and H's own road in column 7.
    Chain 1's restaurant on A reaches it only through (2, 4): 0 borders on the road, +1 at the house end; chain
    2's on H is 0 away. At equal prices chain 2 sells; without the house end's +1 both would be 0 away and turn
    order (chain 1 first) would give chain 1 the sale."""
    from toolkit.games.fcm.game import dinnertime
    from toolkit.games.fcm.map.roads import restaurant_ends
    from .helpers import setup_game
    g = setup_game(options={"layout": "A0 H1"}, spots={1: "0,0 ne", 2: "0,8 nw"})
    g.co.order = [1, 2]
    for s in (1, 2):
        g.company(s).goods["burger"] = 1
    g.map.demand[13] = ["burger"]
    rec = next(r for r in dinnertime.run(g) if r["house"] == 13)
    dist = {row["seat"]: row["distance"] for row in rec["chains"]}
    assert dist == {1: 1, 2: 0} and rec["winner"] == 2 and rec["tiebreak"] is None
    # the other reading, measured on the same roads: no cost at the house end makes it a tie
    net, ends = g.map.roads, g.map.roads.ends(g.map.houses[13].all_squares)
    assert any(cost for _, cost in ends)
    other = {s: min(net.vector(restaurant_ends(g.map, r))[k] for r in g.map.chain_restaurants(s) for k, _ in ends)
             for s in (1, 2)}
    assert other == {1: 0, 2: 0}


def test_fcm_i72_producing_food_and_drinks_is_optional():
    from .helpers import setup_game, to_working
    cases = ((["burger_cook", "kitchen_trainee", "errand_boy"], ("cook", "kitchen", "errand")),
             (["cart_operator"], ("route",)))
    for cards, kinds in cases:
        g = setup_game()
        to_working(g, {1: [], 2: cards})
        for kind in kinds:
            d = g.pending()
            assert d.kind == kind and d.player == 2 and d.values[-1] == "skip" and "FCM-I72" in d.clauses
            before = g.fingerprint()
            with pytest.raises(IllegalChoice):
                g.apply("half")                           # refused: nothing changes
            assert g.fingerprint() == before
            g.apply("skip")
        assert not +g.company(2).goods                      # nothing made or fetched
        assert "first_burger_produced" not in g.company(2).milestones   # held back: the milestone waits
        held = [e for e in g.events if e.kind == "hold-back"]
        assert len(held) == len(kinds) and all("FCM-I72" in e.clauses for e in held)


def test_fcm_i73_a_buyer_may_stop_early_route_first_then_how_many_of_each():
    """A0 S0: chain 1's cart from (0, 0) 'ne' passes the soda at (0, 8) and the beer at (3, 5) on its largest
    route; a route stopping early passes the beer alone."""
    from .helpers import setup_game, to_working
    g = setup_game(options={"layout": "A0 S0"}, spots={1: "0,0 ne", 2: "3,8 nw"})
    d = to_working(g, {1: ["cart_operator"], 2: []})
    assert d.kind == "route" and d.player == 1
    assert d.values == ("soda@0.8 beer@3.5", "skip")      # the largest set, or nothing
    before = g.fingerprint()
    with pytest.raises(IllegalChoice):
        g.apply("soda@0.8")                               # a smaller set is not a route choice: asked next
    assert g.fingerprint() == before                      # refused: nothing changed
    g.apply("soda@0.8 beer@3.5")
    d = g.pending()
    assert d.kind == "drinks" and d.values == ("2 beer, 2 soda", "2 beer") and "FCM-I73" in d.clauses
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply("2 soda")                                 # no route passes the soda without the beer
    assert g.fingerprint() == before and "FCM-I73" in e.value.clauses
    g.apply("2 beer")
    assert +g.company(1).goods == {"beer": 2}
    ev = [e for e in g.events if e.kind == "buy"][-1]
    assert "FCM-I73" in ev.clauses and ev.data["drinks"] == {"beer": 2}


# ---------------------------------------------------------------- bankruptcy (FCM-I54, FCM-I74)

CHEAP = ["management_trainee", "discount_manager", "discount_manager", "discount_manager", "discount_manager"]
CHEAP_AT_WORK = "management_trainee(discount_manager, discount_manager), discount_manager, discount_manager"  # $-2


def _broke_seller(options=None, both=False):
    """A0 H1: chain 1 (on A) alone reaches house 2, chain 2 (on H) is nearest to house 13. Chains with four
    discount managers sell at $-2; chain 1 (and with ``both`` chain 2) has $1 and a burger the house wants.
    Plays from the first Restructuring to the next decision after Dinnertime."""
    from .helpers import setup_game, to_working, total_money
    g = setup_game(options={"layout": "A0 H1", **(options or {})}, spots={1: "0,0 ne", 2: "0,8 nw"})
    sellers = (1, 2) if both else (1,)
    for s in sellers:
        g.company(s).cash = 1
        g.company(s).goods["burger"] = 1
    g.co.bank -= len(sellers)
    g.map.demand[2] = ["burger"]
    g.map.demand[13] = ["burger"] if both else []
    if not both:                     # chain 1 runs a campaign for 2 rounds (#11) and an eternal one (#12)
        from toolkit.games.fcm.map.board import Campaign
        for number, square, eternal in ((11, (3, 3), False), (12, (4, 3), True)):
            g.map.put_campaign(Campaign(number, "billboard", (square,), 1, "pizza", 1 if eternal else 2, eternal))
            g.busy_chips[str(number)] = [1, "marketing_trainee"]
            g.company(1).busy.append("marketing_trainee")
            g.co.supply["marketing_trainee"] -= 1
    money = total_money(g)
    to_working(g, {s: CHEAP for s in sellers}, structures={s: CHEAP_AT_WORK for s in sellers})
    return g, money


def test_fcm_i74_a_chain_that_cannot_pay_goes_bankrupt_and_leaves_the_game():
    from toolkit.core import RandomAgent
    from .helpers import total_money
    g, money = _broke_seller()
    assert g.co.bankrupt == {1: 1} and g.company(1).cash == 0
    assert total_money(g) == money                        # it paid its $1; the rest of the debt is lost with it
    assert g.co.order == [2] and g.co.seats() == [2]
    kinds = {e.kind: e for e in g.events}
    assert "FCM-I74" in kinds["bankrupt"].clauses and "FCM-I74" in kinds["leave"].clauses
    assert "1-1" in g.map.restaurants                     # its restaurant stays on the map
    assert sorted(g.map.campaigns) == [12] and g.company(1).busy == ["marketing_trainee"]   # the eternal one stays
    assert kinds["leave"].data["campaigns_removed"] == [11]
    assert not g.company(1).work.items and not +g.company(1).goods
    rng = __import__("random").Random(0)
    invariants.check(g, None)
    for _ in range(300):                                  # it takes no more turns and sells nothing
        d = g.pending()
        if d is None:
            break
        assert d.player == 2
        before = invariants.snapshot(g)
        g.apply(RandomAgent().choose(g, d, rng))
        invariants.check(g, before)                       # with the bankruptcy invariants (FCM-I74)
    assert all(row["seat"] == 2 for rec in g.records for row in rec["chains"])
    assert g.winner() in (None, 2)


def test_fcm_i74_the_old_write_off_is_a_named_option():
    g, _money = _broke_seller({"bankruptcy": "write-off"})
    assert g.co.bankrupt == {} and g.co.seats() == [1, 2] and sorted(g.co.order) == [1, 2]
    short = [e for e in g.events if e.kind == "short"]
    assert short and "FCM-I54" in short[0].clauses
    with pytest.raises(ValueError):
        FcmGame(2, seed=1, options={"bankruptcy": "forgive"}, log=False)


def test_fcm_i74_when_every_chain_is_bankrupt_everyone_loses():
    g, money = _broke_seller(both=True)
    assert g.co.bankrupt == {1: 1, 2: 1}
    assert g.is_over() and g.end_reason == "bankrupt" and g.winner() is None
    invariants.check(g, None)
    assert g.events[-1].kind == "game-end" and "FCM-I74" in g.events[-1].clauses
