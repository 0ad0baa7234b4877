"""The whole game's interpretations (FCM-I50 to FCM-I71), one scripted situation each."""
from toolkit.games.fcm.game import bank, dinnertime, marketing, production
from toolkit.games.fcm.map.board import Campaign
from toolkit.games.fcm.map.placement import check_airplane

from .helpers import put_to_work, setup_game, to_working, total_money


def test_fcm_i51_ceo_slots_tie_goes_to_the_higher():
    assert bank.ceo_slots_after_break([100, 100, 300, 300]) == 4
    assert bank.ceo_slots_after_break([100, 100, 200]) == 2
    assert bank.ceo_slots_after_break([200, 300, 100]) == 4


def test_fcm_i53_winner_tie_goes_to_turn_order():
    g = setup_game()
    g.breaks = 1
    g.co.bank = 0
    g.company(1).cash = g.company(2).cash = 40
    g.co.bank = 0
    g._dinnertime()                        # nothing to pay: the round limit is not reached, so it goes on
    assert g.phase == "payday"
    g2 = setup_game(options={"max_rounds": 1})
    g2.company(1).cash = g2.company(2).cash = 40
    g2.co.bank -= 80
    g2._dinnertime()
    assert g2.phase == "over" and g2.winner() == g2.co.order[0] and g2.end_reason == "round limit"


def test_fcm_i57_first_to_have_20_after_a_sale():
    g = setup_game()
    g.co.bank = 1000
    put_to_work(g, 1, "luxuries_manager")
    g.company(1).goods["burger"] = 1
    g.map.demand[18] = ["burger"]
    dinnertime.run(g)
    assert "first_cash_20" in g.company(1).milestones and "first_cash_100" not in g.company(1).milestones


def test_fcm_i62_a_fired_busy_marketeer_leaves_its_campaign_running_and_nobody_returns():
    g = setup_game()
    g.map.put_campaign(Campaign(14, "billboard", ((3, 2), (3, 3)), 1, "pizza", 1, False))
    g.busy_chips["14"] = [1, None]                        # the campaign manager was fired at Payday
    before = total_money(g)
    marketing.run_phase(g)
    assert 14 not in g.map.campaigns and g.busy_chips == {} and g.map.demand[18] == ["pizza"]
    assert g.company(1).hand["campaign_manager"] == 0 and total_money(g) == before


def test_fcm_i63_demand_log_after_each_marketing_phase():
    g = setup_game()
    g.map.put_campaign(Campaign(13, "billboard", ((3, 2), (3, 3), (3, 4)), 1, "burger", 2, False))
    g.busy_chips["13"] = [1, "marketing_trainee"]
    g.company(1).busy.append("marketing_trainee")
    g.co.supply["marketing_trainee"] -= 1
    marketing.run_phase(g)
    marketing.run_phase(g)
    assert g.demand_log == [{"18": 1}, {"18": 2}]


def test_fcm_i65_zeppelin_and_the_buyer_milestones():
    g = setup_game()
    g.co.claim(2, "first_errand_boy")
    g.co.claim(2, "first_cart_operator")
    assert production.buyer_range(g, 2, "cart_operator") == 3 and production.per_source(g, 2, "cart_operator") == 3
    assert production.buyer_range(g, 2, "zeppelin_pilot") == 5 and production.per_source(g, 2, "zeppelin_pilot") == 3
    opts = production.route_options(g, 1, "zeppelin_pilot")
    assert opts and all("soda" in v for v, _ in opts)
    production.collect(g, 1, "zeppelin_pilot", opts[0][0])
    assert g.company(1).goods["soda"] == 2 * len(opts[0][0].split())


def test_fcm_i67_deluxe_airplanes_may_not_overlap_and_local_manager_road_rule():
    for ruleset, offered in (("original", True), ("deluxe", False)):
        g = setup_game(options={"ruleset": ruleset})
        g.map.put_campaign(Campaign(5, "airplane", (), 2, "beer", 2, False, "n", (2, 3, 4)))
        g.busy_chips["5"] = [2, "brand_manager"]
        vals = marketing.places(g, 1, "brand_manager", 4)
        assert ("n 3" in vals) == offered
        assert "s 3" in vals
    try:
        check_airplane(g.map, 1, 4, "n", 3, "brand manager", 1, "DLX")
    except Exception as e:
        assert "FCM-I16" in e.clauses


def test_fcm_i66_regional_manager_new_restaurant_opens_at_once():
    g = setup_game()
    d = to_working(g, {1: ["regional_manager"], 2: []})
    assert d.values[:2] == ("skip", "new")
    g.apply("new")
    g.apply(g.pending().values[0])
    new = [r for r in g.map.chain_restaurants(1) if r.rid != "1-1"]
    assert len(new) == 1 and new[0].open and new[0].rid in g.company(1).restaurants


def test_fcm_i69_drive_in_measures_from_every_corner():
    g = setup_game()
    from toolkit.games.fcm.map.roads import entrances
    r = g.map.restaurants["1-1"]
    assert len(entrances(g.map, r)) == 1
    to_working(g, {1: ["local_manager"], 2: []})
    assert len(entrances(g.map, g.map.restaurants["1-1"])) == 4


def test_fcm_i68_no_salaries_in_the_introductory_game():
    g = setup_game(options={"intro": True})
    g.company(1).beach["burger_cook"] = 1
    assert g.co.salary_due(1) == 0 and g.co.bank == 150
    assert not g.co.claim(1, "first_waitress")


def test_fcm_i71_heuristic_builds_a_working_chain():
    from toolkit.core import make_agents, play
    g = setup_game(log=False)
    g2 = __import__("toolkit.games.fcm.game.rules", fromlist=["FcmGame"]).FcmGame(players=3, seed=9, log=False)
    play(g2, make_agents("fcm", 3, "heuristic"))
    assert sum(s > 0 for s in g2.sales) >= 2 and g2.sales[g2.winner() - 1] > 0 and g2.end_reason == "bank"
    assert all("first_burger_produced" in c.milestones or "first_pizza_produced" in c.milestones for c in g2.co.companies)
    assert g.pending().kind == "restructure"


def test_fcm_5_3_fcm_6_7_fcm_i62_forced_firing_names_the_campaign_and_only_its_marketeer_is_gone():
    """Two busy Campaign Managers (campaigns #11, 3 rounds left, and #13, 1 round left): the broke player fires
    the one on #13; when #13 ends nobody comes back, and #11's manager stays busy (FCM-5.3, FCM-6.7, FCM-I62)."""
    g = setup_game()
    co, c1 = g.co, g.company(1)
    c1.cash, co.bank = 5, co.bank - 5
    c1.busy = ["campaign_manager", "campaign_manager"]
    co.supply["campaign_manager"] -= 2
    g.map.put_campaign(Campaign(11, "billboard", ((0, 5),), 1, "beer", 3, False))
    g.map.put_campaign(Campaign(13, "billboard", ((4, 5),), 1, "beer", 1, False))
    g.busy_chips.update({"11": [1, "campaign_manager"], "13": [1, "campaign_manager"]})
    co.step, g.phase = "idle", "payday"
    co.begin_payday()
    g.refresh()
    g.apply("done")
    g.apply("done")
    d = g.pending()
    assert d.kind == "broke_fire" and d.values == ("busy 11", "busy 13")
    assert "#13" in d.options[1].label
    g.apply("busy 13")                                     # $5 left to pay for #11's manager: paid
    assert any(e.kind == "fire" and "#13" in e.text for e in g.events)
    ended = [e for e in g.events if e.kind == "campaign-end"]
    assert [e.data["number"] for e in ended] == [13] and "nobody comes back" in ended[0].text
    assert sorted(g.map.campaigns) == [11] and g.busy_chips == {"11": [1, "campaign_manager"]}
    assert c1.busy == ["campaign_manager"] and c1.cards()["campaign_manager"] == 1
