"""Phase 5 Payday (FCM-5.1 to FCM-5.3, FCM-5.n1, FCM-5.n2, FCM-I38 to FCM-I40)."""
import pytest

from toolkit.core import IllegalChoice

from .helpers import all_cards, finish_working, give, new, to_working


def at_payday(cash=100, work1="", work2="", hand1=None, beach1=None, busy1=None, milestones1=None, hires=None):
    g = new(cash=cash)
    give(g, 1, **(hand1 or {}))
    give(g, 1, where="busy", **(busy1 or {}))
    g.co.company(1).milestones.update(milestones1 or {})
    g.co.order = [1, 2]
    to_working(g, work1, work2)
    for h in hires or ():
        g.apply(h)
    finish_working(g)
    for card, n in (beach1 or {}).items():
        give(g, 1, where="beach", **{card: n})
    assert g.pending().kind == "fire"
    return g


def test_fcm_5_1_fire_from_work_or_beach_never_the_ceo_or_a_busy_marketeer():
    g = at_payday(hand1={"coach": 1, "waitress": 1}, busy1={"campaign_manager": 1}, work1="coach")
    d = g.pending()
    assert d.player == 1 and d.values == ("done", "work coach", "beach waitress")
    assert d.options[0].label == "fire nobody"          # said for people: nobody, then nobody else
    pile = g.co.supply["coach"]
    g.apply("work coach")
    assert g.pending().player == 1 and g.pending().options[0].label == "fire nobody else"
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply("busy campaign_manager")
    assert e.value.clauses == ("FCM-5.1",) and g.fingerprint() == before
    g.apply("done")
    g.apply("done")                                    # the firings are carried out together (FCM-I39)
    assert g.co.company(1).cards()["coach"] == 0 and g.co.supply["coach"] == pile + 1
    ev = [e for e in g.events if e.kind == "fire"][0]
    assert ev.clauses == ("FCM-5.1",)


def test_fcm_5_2_five_dollars_per_salaried_card_at_work_on_the_beach_and_busy():
    g = at_payday(cash=100, hand1={"coach": 1, "burger_cook": 1, "waitress": 1}, busy1={"campaign_manager": 1},
                  work1="coach, waitress")
    assert g.co.salary_due(1) == 15
    g.apply("done")
    g.apply("done")
    assert g.co.company(1).cash == 85 and g.co.company(1).paid == 15
    ev = [e for e in g.events if e.kind == "pay" and e.player == 1][0]
    assert "FCM-5.2" in ev.clauses and "$15" in ev.text


def test_fcm_5_2_fcm_i38_unused_recruiting_actions_are_discounts():
    # recruiting manager (2 actions) + HR director (4): 2 hires, one beyond the CEO's -> 5 unused -> -$25
    g = at_payday(hand1={"recruiting_manager": 1, "hr_director": 1, "coach": 1}, work1="recruiting_manager, hr_director, coach",
                  hires=["hire waitress", "hire waitress"])
    assert g.co.unused_recruit_discounts(1) == 5
    assert [v for _, v, _ in g.co.salary_lines(1)] == [5, 5, 5, -25]
    assert g.co.salary_due(1) == 0                    # never below $0
    g.apply("work recruiting_manager")                # a fired recruiter gives no discount (FCM-I38)
    g.apply("done")
    g.apply("done")
    pay = next(e for e in g.events if e.kind == "pay" and e.player == 1)
    assert "3 unused recruiting actions x -$5" in pay.text and g.co.company(1).paid == 0


def test_fcm_i38_recruiting_girl_hires_come_first():
    g = at_payday(hand1={"recruiting_manager": 1, "recruiting_girl": 1}, work1="recruiting_manager, recruiting_girl",
                  hires=["hire waitress", "hire waitress", "hire waitress"])
    assert g.co.unused_recruit_discounts(1) == 1       # CEO + girl free; the third hire uses one action
    assert g.co.salary_due(1) == 0


def test_fcm_5_n2_first_to_train_takes_15_dollars_off():
    g = at_payday(hand1={"coach": 1, "vice_president": 1, "cfo": 1, "guru": 1}, work1="coach, vice_president, cfo",
                  milestones1={"first_to_train": 0})
    assert [v for _, v, _ in g.co.salary_lines(1)] == [5, 5, 5, 5, -15]
    assert g.co.salary_due(1) == 5


def test_fcm_5_n1_first_billboard_frees_the_marketeers_salaries():
    g = at_payday(hand1={"brand_manager": 1, "coach": 1}, busy1={"campaign_manager": 1, "brand_director": 1},
                  work1="brand_manager, coach", milestones1={"first_billboard": 1})
    lines = g.co.salary_lines(1)
    assert g.co.salary_due(1) == 5                     # only the coach
    assert any("FCM-5.n1" in c for _, _, c in lines)


def test_fcm_5_3_a_broke_player_fires_salaried_cards_busy_ones_last():
    g = at_payday(cash=5, hand1={"coach": 1, "burger_cook": 1, "waitress": 1}, busy1={"campaign_manager": 1},
                  work1="coach, waitress")
    g.apply("done")
    g.apply("done")
    d = g.pending()
    assert d.kind == "broke_fire" and d.player == 1
    assert d.values == ("work coach", "beach burger_cook")     # no waitress (no salary), no busy card yet
    assert any(e.kind == "broke" and e.clauses == ("FCM-5.3",) for e in g.events)
    g.apply("work coach")
    assert g.pending().values == ("beach burger_cook",)
    g.apply("beach burger_cook")
    # only the busy marketeer is left: $5 due, $5 in hand, so it can be paid
    assert g.pending() is None or g.pending().kind != "broke_fire"
    assert g.co.company(1).cash == 0 and g.co.company(1).busy == ["campaign_manager"]


def test_fcm_5_3_the_busy_marketeer_goes_only_when_nothing_else_is_left():
    g = at_payday(cash=0, hand1={"burger_cook": 1}, busy1={"campaign_manager": 1})
    g.apply("done")
    g.apply("done")
    assert g.pending().values == ("beach burger_cook",)
    g.apply("beach burger_cook")
    assert g.pending().values == ("busy campaign_manager",)
    g.apply("busy campaign_manager")
    co = g.co.company(1)
    assert co.busy == [] and co.cash == 0 and co.paid == 0
    assert any("campaign keeps running" in e.text for e in g.events)


def test_fcm_i40_paying_20_or_more_claims_the_stacking_milestone():
    g = at_payday(cash=100, hand1={"coach": 2, "burger_cook": 2})
    g.apply("done")
    g.apply("done")
    assert g.co.company(1).paid == 20 and "first_pay_20" in g.co.company(1).milestones
    assert g.co.company(1).milestones["first_pay_20"] == 1
    assert g.co.round == 2 and g.co.has(1, "first_pay_20")     # works from the next round's training


def test_fcm_i39_first_to_have_100_fires_the_cfo():
    g = at_payday(cash=100, hand1={"cfo": 1}, work1="cfo", milestones1={"first_cash_100": 1})
    g.apply("done")
    g.apply("done")
    co = g.co.company(1)
    assert co.cards()["cfo"] == 0 and co.cash == 100
    assert any(e.kind == "fire" and e.clauses == ("FCM-I39",) for e in g.events)


def test_payday_keeps_money_and_cards_whole():
    g = at_payday(cash=12, hand1={"coach": 2, "burger_cook": 1, "vice_president": 1}, work1="vice_president(coach)")
    money = g.co.bank + sum(c.cash for c in g.co.companies)
    cards = all_cards(g)
    while g.pending() is not None and g.pending().kind in ("fire", "broke_fire"):
        g.apply(g.pending().values[-1] if g.pending().kind == "broke_fire" else "done")
    assert g.co.bank + sum(c.cash for c in g.co.companies) == money
    assert all_cards(g) == cards
    assert all(c.cash >= 0 for c in g.co.companies)


def test_fcm_5_1_fcm_i39_firing_is_face_down_until_everyone_is_done():
    """Player 1's firing is hidden from player 2 (view, events) until the last player is done; then all
    firings happen together (FCM-5.1, FCM-I39)."""
    g = at_payday(hand1={"coach": 1, "waitress": 1}, work1="coach")
    pile = g.co.supply["waitress"]
    g.apply("beach waitress")
    assert g.pending().player == 1 and g.pending().values == ("done", "work coach")   # the one waitress is chosen
    g.apply("done")
    v = g.view(2)["company"]
    assert v["secret"] == {"1": "(face down)"} and v["companies"][0]["beach"] == {"waitress": 1}
    assert g.view(1)["company"]["secret"] == {"1": ["beach waitress"]}
    assert not [e for e in g.events if e.kind == "fire"] and g.co.supply["waitress"] == pile
    assert any(e.kind == "choose-fire" and e.player == 1 and "waitress" not in e.text for e in g.events)
    assert g.pending().player == 2
    g.apply("done")
    fired = [e for e in g.events if e.kind == "fire"]
    assert [(e.player, e.data["card"]) for e in fired] == [(1, "waitress")] and fired[0].clauses == ("FCM-5.1",)
    assert g.co.supply["waitress"] == pile + 1 and g.co.company(1).cards()["waitress"] == 0
