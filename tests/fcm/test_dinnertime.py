"""Dinnertime (FCM-4), house by house, with the rulebook's worked examples."""
from collections import Counter

import pytest

from toolkit.games.fcm.game import dinnertime
from toolkit.games.fcm.map.placement import place_garden

from .helpers import put_to_work, setup_game, total_money


def dinner(g):
    return dinnertime.run(g)


@pytest.fixture
def g():
    g = setup_game()
    g.co.bank = 1000
    return g


def test_fcm_4_4_rulebook_example_luxuries_garden_burger_milestone_125(g):
    """RB worked example: a luxuries manager ($20), a garden, 'First burger marketed': 1 burger + 2 beers
    sell for 45 + 40 + 40 = $125 (FCM-4.4, FCM-4.n1)."""
    place_garden(g.map, 18, "s")
    put_to_work(g, 1, "luxuries_manager")
    g.co.claim(1, "first_burger_marketed")
    g.company(1).goods.update({"burger": 1, "beer": 2})
    g.map.demand[18] = ["burger", "beer", "beer"]
    recs = dinner(g)
    assert g.company(1).cash == 125
    assert recs[0]["winner"] == 1 and recs[0]["lines"][-1] == ["total", 125]
    assert recs[0]["chains"][[r["seat"] for r in recs[0]["chains"]].index(1)]["price"] == 20


def test_fcm_4_6_deluxe_example_pricing_garden_pizza_waitresses_cfo_44(g):
    """DLX worked example: 1 pricing manager ($9), garden, 1 pizza with 'First pizza marketed' = $23; two
    waitresses +$6 = $29; the CFO adds half rounded up: $44 (FCM-4.4, FCM-4.5, FCM-4.6)."""
    place_garden(g.map, 18, "s")
    put_to_work(g, 1, "management_trainee(pricing_manager, waitress), waitress, cfo")
    g.co.claim(1, "first_pizza_marketed")
    g.company(1).goods["pizza"] = 1
    g.map.demand[18] = ["pizza"]
    dinner(g)
    assert g.company(1).cash == 44


def test_fcm_4_1_houses_eat_in_number_order_and_stock_runs_out(g):
    """House 18 eats before house 1: with one burger only the lower number is served (FCM-4.1; a sale takes
    its goods from stock, FCM-4.4)."""
    from toolkit.games.fcm.map.placement import place_new_house, legal_new_houses
    top, side = legal_new_houses(g.map, 1)[0]
    place_new_house(g.map, 1, top, side)
    g.company(1).goods["burger"] = 1
    g.map.demand[1] = ["burger"]
    g.map.demand[18] = ["burger"]
    recs = dinner(g)
    assert [r["house"] for r in recs] == [1, 18]
    assert recs[0]["winner"] == 1 and recs[1]["winner"] is None
    assert g.map.demand == {18: ["burger"]}


def test_fcm_4_2_only_chains_that_serve_the_whole_order(g):
    """Chain 1 is nearer but lacks the beer: chain 2 sells; a house nobody can serve keeps its demand (FCM-4.2)."""
    g.company(1).goods.update({"burger": 1})
    g.company(2).goods.update({"burger": 1, "beer": 1})
    g.map.demand[18] = ["burger", "beer"]
    rec = dinner(g)[0]
    assert rec["winner"] == 2
    row1 = next(r for r in rec["chains"] if r["seat"] == 1)
    assert not row1["candidate"] and row1["missing"] == {"beer": 1}
    g.map.demand[18] = ["pizza"]
    rec = dinner(g)[0]
    assert rec["winner"] is None and g.map.demand[18] == ["pizza"]


def test_fcm_4_3_lowest_price_plus_distance_wins(g):
    """Chain 2 at distance 1 with two pricing managers (8 + 1 = 9) beats chain 1 at distance 0 ($10) (FCM-4.3)."""
    put_to_work(g, 2, "pricing_manager, pricing_manager")
    for s in (1, 2):
        g.company(s).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    rec = dinner(g)[0]
    sums = {r["seat"]: r["sum"] for r in rec["chains"]}
    assert sums == {1: 10, 2: 9} and rec["winner"] == 2 and rec["tiebreak"] is None
    assert g.company(2).cash == 8


def test_fcm_4_3_ties_go_to_waitresses_then_turn_order(g):
    """9 + 1 = 10 + 0: a tie; the chain with more waitresses wins, then the earlier in turn order (FCM-4.3)."""
    put_to_work(g, 2, "pricing_manager, waitress")
    for s in (1, 2):
        g.company(s).goods["burger"] = 2
    g.map.demand[18] = ["burger"]
    rec = dinner(g)[0]
    assert rec["tiebreak"] == "waitresses" and rec["winner"] == 2
    put_to_work(g, 2, "pricing_manager")
    g.map.demand[18] = ["burger"]
    rec = dinner(g)[0]
    assert rec["tiebreak"] == "turn order" and rec["winner"] == g.co.order[0]


def test_fcm_4_n1_milestone_bonus_is_not_in_the_comparison(g):
    """Chain 1 has 'First burger marketed' (+$5 per burger) but compares at $10 and loses to $8 + 1 (FCM-4.n1)."""
    g.co.claim(1, "first_burger_marketed")
    put_to_work(g, 2, "pricing_manager, pricing_manager")
    for s in (1, 2):
        g.company(s).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    rec = dinner(g)[0]
    assert rec["winner"] == 2 and next(r for r in rec["chains"] if r["seat"] == 1)["sum"] == 10


def test_fcm_4_n2_standard_unit_price_is_ten():
    g = setup_game()
    assert dinnertime.unit_price(g.co, 1)[0] == 10 == dinnertime.BASE_PRICE
    put_to_work(g, 1, "management_trainee(pricing_manager, pricing_manager), discount_manager")
    assert dinnertime.unit_price(g.co, 1)[0] == 5          # RB example: 2 pricing + 1 discount = $5


def test_fcm_4_4_garden_doubles_the_unit_price_only(g):
    place_garden(g.map, 18, "s")
    g.co.claim(1, "first_drink_marketed")
    g.company(1).goods.update({"soda": 2})
    g.map.demand[18] = ["soda", "soda"]
    rec = dinner(g)[0]
    assert g.company(1).cash == 2 * (2 * 10 + 5) and rec["garden"]


def test_fcm_4_4_fcm_4_n1_a_garden_cites_4_4_and_only_a_paid_bonus_cites_4_n1(g):
    """A garden sale without milestone bonus cites FCM-4.4 and not FCM-4.n1; a bonus line paid (no garden)
    cites FCM-4.n1."""
    place_garden(g.map, 18, "s")
    g.company(1).goods.update({"soda": 1})
    g.map.demand[18] = ["soda"]
    dinner(g)
    ev = [e for e in g.events if e.kind == "house"][-1]
    assert "FCM-4.4" in ev.clauses and "FCM-4.n1" not in ev.clauses and "garden" in ev.text
    h = setup_game()
    h.co.bank = 1000
    h.co.claim(1, "first_drink_marketed")
    h.company(1).goods.update({"soda": 1})
    h.map.demand[18] = ["soda"]
    dinner(h)
    ev = [e for e in h.events if e.kind == "house"][-1]
    assert "FCM-4.4" in ev.clauses and "FCM-4.n1" in ev.clauses and "milestone" in ev.text


def test_fcm_4_5_waitress_tips_and_first_waitress_milestone(g):
    put_to_work(g, 1, "waitress, waitress")
    put_to_work(g, 2, "waitress")
    g.co.claim(2, "first_waitress")
    dinner(g)
    assert g.company(1).cash == 6 and g.company(2).cash == 5


def test_fcm_4_6_cfo_rounds_up_and_the_100_milestone_acts_as_cfo(g):
    put_to_work(g, 1, "waitress, cfo")              # $3 tips -> + $2
    dinner(g)
    assert g.company(1).cash == 5
    g.co.company(2).milestones["first_cash_100"] = g.co.round - 1       # claimed in an earlier round
    put_to_work(g, 2, "waitress")
    dinner(g)
    assert g.company(2).cash == 5
    assert dinnertime.cfo_bonus(-5) == -2


def test_fcm_i54_prices_at_or_below_zero_are_paid_by_the_chain(g):
    put_to_work(g, 1, "management_trainee(discount_manager, discount_manager), discount_manager, discount_manager")
    g.company(1).cash = 5
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    before = total_money(g)
    dinner(g)
    assert g.company(1).cash == 3 and total_money(g) == before       # price -2: pays $2


def test_fcm_4_7_first_break_adds_the_reserve_cards_and_sets_ceo_slots():
    g = setup_game(reserve=300)
    g.co.bank = 5
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    before = total_money(g)
    dinner(g)
    assert g.breaks == 1 and not g.ending
    assert total_money(g) == before + 600
    assert all(c.ceo_slots == 4 for c in g.co.companies)


def test_fcm_4_7_second_break_finishes_dinnertime_and_ends_the_game():
    g = setup_game()
    g.breaks = 1
    g.co.bank = 5
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    put_to_work(g, 2, "waitress")
    before = total_money(g)
    g._dinnertime()
    assert g.ending and g.phase == "over" and g.end_reason == "bank"
    assert g.co.bank == 5 - 10 - 3 and total_money(g) == before          # IOUs: the bank goes below $0
    assert g.pending() is None and g.winner() == 1


def test_fcm_i50_deluxe_bank_breaks_at_zero():
    for ruleset, broke in (("original", 0), ("deluxe", 1)):
        g = setup_game(options={"ruleset": ruleset})
        g.co.bank = 10
        g.company(1).goods["burger"] = 1
        g.map.demand[18] = ["burger"]
        dinner(g)
        assert g.breaks == broke


def test_fcm_i56_deluxe_lower_prices_claimed_at_dinnertime(g):
    gd = setup_game(options={"ruleset": "deluxe"})
    put_to_work(gd, 1, "pricing_manager")
    assert "first_lower_prices" not in gd.company(1).milestones
    dinner(gd)
    assert "first_lower_prices" in gd.company(1).milestones


def test_fcm_i55_explanation_record_and_text(g):
    put_to_work(g, 2, "pricing_manager, waitress")
    for s in (1, 2):
        g.company(s).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    rec = dinner(g)[0]
    text = dinnertime.explain(rec)
    assert "House 18 wants 1 burger" in text and "waitresses" in text and "Player 2 serves it" in text
    assert rec["restaurant"] == "2-1" and Counter(rec["demand"]) == {"burger": 1}
    ev = [e for e in g.events if e.kind == "house"][-1]
    assert "FCM-4.3" in ev.clauses and ev.data["record"] == rec


def test_fcm_4_4_sale_total_is_the_total_of_the_sale_lines():
    """FCM-4.4: the dollars a sale pays (``sale_total``, what the bank pays) are the last of its money lines
    (``sale_lines``, what the record shows), for every mix of goods, garden and milestone bonus."""
    from itertools import combinations_with_replacement
    goods = list(dinnertime.MARKETED)
    for size in (1, 2, 3):
        for items in combinations_with_replacement(goods, size):
            for garden in (False, True):
                for bonus in ({}, {"burger": 5}, {g: 5 for g in goods}):
                    for price in (1, 7, 20):
                        lines = dinnertime.sale_lines(price, items, garden, bonus)
                        need = Counter(items)
                        assert dinnertime.sale_total(price, need, garden, bonus) == lines[-1][1]
                        assert sum(v for _, v in lines[:-1]) == lines[-1][1]


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 8])
def test_fcm_i55_records_read_later_are_those_the_events_told_and_a_fast_game_keeps_the_same(seed):
    """FCM-I55: a Dinnertime keeps the facts that decided each house and writes the records when they are read:
    after every Dinnertime of whole games they are the records its "house" events carried when it happened, a
    game played without events holds the same ones, and a copy taken then keeps them while the game plays on."""
    from toolkit.core import make_agents
    from toolkit.core.loop import agent_step
    from toolkit.games.fcm.game.rules import FcmGame
    logged, fast = FcmGame(players=3, seed=seed), FcmGame(players=3, seed=seed, log=False)
    agents = make_agents("fcm", 3, "heuristic")
    dinners, seen = 0, None
    while not logged.is_over():
        before = len(logged.events)
        value = agent_step(logged, agents)
        fast.apply(value)
        told = [e.data["record"] for e in logged.events[before:] if e.kind == "house"]
        if told:
            dinners += 1
            assert logged.records == told
            assert fast.records == told and fast.to_dict() == logged.to_dict()
            if seen is not None:
                assert seen[0].records == seen[1]             # an earlier copy kept its own Dinnertime
            seen = (logged.clone(), logged.records)
    assert dinners >= 3
