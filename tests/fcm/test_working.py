"""Working 9-5 in the whole game: campaigns, food and drinks, houses, restaurants (FCM-3.4 to FCM-3.7)."""
from collections import Counter

import pytest

from toolkit.core import IllegalChoice
from toolkit.games.fcm.game import marketing
from toolkit.games.fcm.map.board import Campaign

from .helpers import setup_game, to_working


def answer_until(g, kinds):
    while g.pending() is not None and g.pending().kind in kinds:
        yield g.pending()


def test_fcm_3_4_marketing_trainee_places_an_eternal_first_billboard():
    """A marketing trainee offers billboards only, within road range 2; the first billboard claims its
    milestone and is eternal, so no duration is asked; the marketeer is busy (FCM-3.4, FCM-6.n1, FCM-I61)."""
    g = setup_game()
    d = to_working(g, {1: ["marketing_trainee"], 2: []})
    assert d.kind == "campaign_tile" and d.player == 1
    kinds = {g.map.tileset.marketing[int(v.split()[1])].kind for v in d.values if v != "skip"}
    assert kinds == {"billboard"}
    g.apply("tile 11")
    d = g.pending()
    assert d.kind == "campaign_place" and d.values
    with pytest.raises(IllegalChoice) as e:
        before = g.fingerprint()
        g.apply("99,99")
    assert g.fingerprint() == before and "FCM-3.4" in e.value.clauses
    g.apply(d.values[0])
    g.apply("burger")
    c = g.map.campaigns[11]
    assert c.eternal and c.good == "burger" and c.chain == 1
    co = g.company(1)
    assert co.busy == ["marketing_trainee"] and g.busy_chips == {"11": [1, "marketing_trainee"]}
    assert {"first_billboard", "first_burger_marketed"} <= set(co.milestones)


def test_fcm_6_7_campaign_runs_out_and_marketeer_returns_to_the_hand():
    g = setup_game()
    d = to_working(g, {1: ["campaign_manager"], 2: []})
    mailbox = next(v for v in d.values if v != "skip" and g.map.tileset.marketing[int(v.split()[1])].kind == "mailbox")
    g.apply(mailbox)
    g.apply(g.pending().values[0])
    g.apply("pizza")
    d = g.pending()
    assert d.kind == "campaign_duration" and d.values == (1, 2, 3)
    g.apply(2)
    n = int(mailbox.split()[1])
    assert not g.map.campaigns[n].eternal
    marketing.run_phase(g)
    assert g.map.campaigns[n].duration == 1
    marketing.run_phase(g)
    assert n not in g.map.campaigns and g.company(1).busy == [] and g.company(1).hand["campaign_manager"] == 1
    assert g.busy_chips == {}


def test_fcm_6_n1_eternal_campaigns_never_end():
    g = setup_game()
    g.map.put_campaign(Campaign(13, "billboard", ((3, 2), (3, 3), (3, 4)), 1, "burger", 1, True))
    g.busy_chips["13"] = [1, "marketing_trainee"]
    g.company(1).busy.append("marketing_trainee")
    for _ in range(3):
        marketing.run_phase(g)
        g.map.demand.clear()
    assert 13 in g.map.campaigns and g.company(1).busy == ["marketing_trainee"]


def test_fcm_6_1_campaigns_run_in_number_order_and_6_6_full_houses_take_nothing():
    """Billboards 13 (burger) and 14 (pizza) both reach house 18; 13 runs first. The house holds 3 (FCM-6.1, FCM-6.6)."""
    g = setup_game()
    g.map.put_campaign(Campaign(14, "billboard", ((3, 2), (3, 3)), 2, "pizza", 3, False))
    g.map.put_campaign(Campaign(13, "billboard", ((1, 1),), 1, "burger", 3, False))
    g.busy_chips.update({"13": [1, "marketing_trainee"], "14": [2, "marketing_trainee"]})
    log = marketing.run_phase(g)
    assert [n for n, _ in log] == [13, 14] and g.map.demand[18] == ["burger", "pizza"]
    marketing.run_phase(g)
    assert g.map.demand[18] == ["burger", "pizza", "burger"]     # full: 14 places nothing
    assert log[0][1] == {18: 1}


def test_fcm_6_n2_radio_milestone_places_two():
    g = setup_game()
    g.map.put_campaign(Campaign(1, "radio", ((4, 4),), 1, "beer", 2, False))
    g.busy_chips["1"] = [1, "brand_director"]
    g.co.claim(1, "first_radio")
    marketing.run_phase(g)
    assert g.map.demand[18] == ["beer", "beer"]


def test_fcm_3_5_cooks_trainee_errand_boy_and_cart():
    g = setup_game()
    d = to_working(g, {1: [], 2: ["burger_cook", "kitchen_trainee", "errand_boy"]},
                   structures={2: "burger_cook, kitchen_trainee, errand_boy"})
    assert d.kind == "cook" and d.player == 2 and d.values == ("make", "skip")   # optional (FCM-I72)
    g.apply("make")
    d = g.pending()
    assert d.kind == "kitchen" and d.player == 2
    assert g.company(2).goods["burger"] == 3                # the cook made its full amount (FCM-I64)
    assert "first_burger_produced" in g.company(2).milestones
    g.apply("pizza")
    d = g.pending()
    assert d.kind == "errand" and d.values == ("lemonade", "beer", "soda", "skip")
    g.apply("beer")                                        # 'First errand boy played': 2 of one kind
    assert "first_errand_boy" in g.company(2).milestones
    assert +g.company(2).goods == Counter({"burger": 3, "pizza": 1, "beer": 2})


def test_fcm_3_5_cart_operator_collects_two_per_source():
    g = setup_game()
    d = to_working(g, {1: [], 2: ["cart_operator"]})
    assert d.kind == "route" and d.player == 2 and d.values[-1] == "skip"        # FCM-I72
    assert all("soda" in v for v in d.values[:-1])
    g.apply(d.values[0])
    if g.pending() is not None and g.pending().kind == "drinks":                 # FCM-I73: the whole set first
        g.apply(g.pending().values[0])
    assert g.company(2).goods["soda"] == 2 * len(d.values[0].split())


def test_fcm_3_6_new_business_developer_adds_a_garden():
    g = setup_game()
    d = to_working(g, {1: ["new_business_developer"], 2: []})
    assert d.kind == "developer" and "garden 18" in d.values
    g.apply("garden 18")
    assert g.pending().values == ("s", "w")
    g.apply("s")
    assert g.map.houses[18].garden and g.map.houses[18].limit == 5


def test_fcm_3_7_local_manager_coming_soon_and_drive_in_then_7_3_opens():
    g = setup_game()
    d = to_working(g, {1: ["local_manager"], 2: []})
    assert 1 in g.map.drive_ins                              # FCM-I7, FCM-I69
    assert d.kind == "local_manager" and len(d.values) > 1
    g.apply(d.values[1])
    new = [r for r in g.map.chain_restaurants(1) if not r.open]
    assert len(new) == 1 and g.company(1).coming_soon == [new[0].rid]
    while g.pending() is not None and g.co.round == 1:
        g.apply("done" if "done" in g.pending().values else g.pending().values[0])
    assert all(r.open for r in g.map.chain_restaurants(1)) and g.map.drive_ins == set()
    assert new[0].rid in g.company(1).restaurants


def test_fcm_3_7_regional_manager_moves_a_restaurant_open_at_once():
    g = setup_game()
    d = to_working(g, {1: ["regional_manager"], 2: []})
    assert d.kind == "regional_manager" and "move 1-1" in d.values
    g.apply("move 1-1")
    v = g.pending().values[-1]
    g.apply(v)
    r = g.map.restaurants["1-1"]
    assert r.open and f"{r.top[0]},{r.top[1]} {r.corner}" == v


def test_fcm_3_n2_actions_follow_the_rulebook_order():
    g = setup_game()
    to_working(g, {1: ["regional_manager", "new_business_developer", "errand_boy", "marketing_trainee"], 2: []},
               structures={1: "regional_manager, new_business_developer, errand_boy"})
    g2 = setup_game()
    hand = ["management_trainee", "local_manager", "new_business_developer", "errand_boy", "marketing_trainee"]
    to_working(g2, {1: hand, 2: []}, structures={1: "management_trainee(local_manager, new_business_developer), errand_boy, marketing_trainee"})
    kinds = [t[0] for t in g2.tasks]
    assert kinds == ["market", "cooks", "errand", "nbd", "local"] or kinds == ["market", "errand", "nbd", "local"]


def test_fcm_3_n1_pricing_cards_always_act():
    """Pricing managers are not asked: they lower the price whenever they are at work (FCM-3.n1)."""
    from toolkit.games.fcm.game import dinnertime
    g = setup_game()
    g.company(1).hand["pricing_manager"] = 1
    g.co.supply["pricing_manager"] -= 1
    g.refresh()
    g.apply("pricing_manager") if g.pending().player == 1 else None
    while g.pending().kind == "restructure":
        g.apply("pricing_manager" if g.pending().player == 1 else "")
    assert "first_lower_prices" in g.company(1).milestones        # claimed as the card is played (original rules)
    assert dinnertime.unit_price(g.co, 1)[0] == 8        # -1, and 'First to lower prices' -1
