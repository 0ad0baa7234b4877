"""Phase 7 Clean-up (FCM-7.1 to FCM-7.5, FCM-I33, FCM-I41) and milestone timing."""
from collections import Counter

import pytest

from toolkit.core import IllegalChoice

from .helpers import finish_working, give, new, to_working


def to_cleanup(g, *works):
    to_working(g, *works)
    finish_working(g)
    while g.pending() is not None and g.pending().kind == "fire":
        g.apply("done")


def test_fcm_7_1_goods_are_thrown_away_and_claim_the_freezer():
    g = new()
    g.co.company(1).goods.update(burger=3, beer=2)
    to_cleanup(g, "", "")
    co = g.co.company(1)
    assert not +co.goods and "first_throw_away" in co.milestones
    assert "first_throw_away" not in g.co.company(2).milestones        # nothing to throw away
    ev = [e for e in g.events if e.kind == "throw"][0]
    assert ev.clauses == ("FCM-7.1",) and "3 x burger" in ev.text


def test_fcm_7_1_a_freezer_works_from_the_next_clean_up_and_keeps_up_to_10():
    g = new()
    co = g.co.company(1)
    co.goods.update(pizza=4)
    to_cleanup(g, "", "")
    assert co.milestones["first_throw_away"] == 1 and not +co.goods
    co.goods.update(pizza=8, soda=4)                  # round 2: 12 goods, the freezer holds 10
    to_cleanup(g, "", "")
    d = g.pending()
    assert d.kind == "freezer" and d.player == 1 and d.values == ("throw pizza", "throw soda")
    before = g.fingerprint()
    with pytest.raises(IllegalChoice):
        g.apply("throw beer")
    assert g.fingerprint() == before
    g.apply("throw soda")
    g.apply("throw soda")
    assert co.goods == Counter(pizza=8, soda=2)
    assert any(e.kind == "freezer" and "FCM-7.1" in e.clauses for e in g.events)


def test_fcm_7_2_cards_go_back_to_hand_busy_marketeers_stay_out():
    g = new()
    give(g, 1, waitress=1, trainer=1)
    give(g, 1, where="busy", marketing_trainee=1)
    to_cleanup(g, "waitress", "")
    co = g.co.company(1)
    assert co.hand == Counter(waitress=1, trainer=1, **{k: n for k, n in co.hand.items() if k not in ("waitress", "trainer")})
    assert co.work.items == () and not +co.beach and co.busy == ["marketing_trainee"]
    assert any(e.kind == "hand" and e.clauses == ("FCM-7.2",) for e in g.events)


def test_fcm_7_3_coming_soon_restaurants_open():
    g = new()
    g.co.company(2).coming_soon.append("R2-2")
    to_cleanup(g, "", "")
    assert g.co.company(2).restaurants == ["R2-2"] and g.co.company(2).coming_soon == []
    assert any(e.kind == "open" and e.clauses == ("FCM-7.3",) for e in g.events)


def test_fcm_7_4_claimed_milestones_are_gone_for_the_others_after_clean_up():
    g = new(players=3)
    give(g, 1, waitress=1)
    give(g, 2, waitress=1)
    give(g, 3, waitress=1)
    # players 1 and 2 play a waitress in round 1: both claim it
    to_cleanup(g, "waitress", "waitress", "")
    assert {s for s in (1, 2, 3) if "first_waitress" in g.co.company(s).milestones} == {1, 2}
    assert "first_waitress" in g.co.gone
    assert any(e.kind == "milestone-gone" and e.clauses == ("FCM-7.4",) for e in g.events)
    # player 3 plays one in round 2: too late
    to_cleanup(g, "", "", "waitress")
    assert "first_waitress" not in g.co.company(3).milestones
    assert g.co.has(1, "first_waitress")                # effects are permanent


def test_fcm_7_5_tokens_stay_and_the_round_advances():
    g = new()
    to_cleanup(g, "", "")
    assert g.co.round == 2 and g.turn == 1
    assert any(e.kind == "tokens" and e.clauses == ("FCM-7.5",) for e in g.events)
    assert g.pending().kind == "restructure"


def test_fcm_i33_next_round_effects_wait_for_the_next_round():
    g = new()
    g.co.claim(1, "first_airplane", ("FCM-I33",))
    assert not g.co.has(1, "first_airplane") and g.co.open_slots(1) == 3
    g.co.claim(1, "first_to_train")
    assert g.co.has(1, "first_to_train")                # at once: this Payday
    to_cleanup(g, "", "")
    assert g.co.has(1, "first_airplane")
    assert not g.co.claim(2, "first_airplane")          # gone for the others
