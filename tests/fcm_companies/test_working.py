"""Phase 3, the people parts: turn order, recruiting and training (FCM-3.1 to FCM-3.3, FCM-3.n1 to FCM-3.n3,
FCM-I35 to FCM-I37) and the milestones they claim."""
import pytest

from toolkit.core import IllegalChoice

from .helpers import all_cards, finish_working, give, new, restructure, to_working


def test_fcm_3_1_players_work_one_after_another_in_turn_order():
    g = new(players=3)
    to_working(g, "", "", "")
    seen = []
    while g.pending() is not None and g.pending().kind == "hire":
        seen.append(g.pending().player)
        g.apply("done")
    assert seen == g.co.order
    assert any(e.kind == "working" and "FCM-3.1" in e.clauses for e in g.events)


def test_fcm_3_2_the_ceo_hires_one_entry_level_card_to_the_beach():
    g = new()
    to_working(g, "", "")
    seat = g.pending().player
    d = g.pending()
    assert d.values == ("done", "hire management_trainee", "hire waitress", "hire pricing_manager",
                        "hire recruiting_girl", "hire trainer", "hire errand_boy", "hire marketing_trainee",
                        "hire kitchen_trainee")
    pile = g.co.supply["waitress"]
    g.apply("hire waitress")
    co = g.co.company(seat)
    assert dict(co.beach) == {"waitress": 1} and g.co.supply["waitress"] == pile - 1
    assert g.pending().player != seat                    # one hire only: the turn passes
    ev = [e for e in g.events if e.kind == "hire"][0]
    assert ev.clauses == ("FCM-3.2",)


def test_fcm_3_2_only_entry_level_cards_can_be_hired():
    g = new()
    to_working(g, "", "")
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply("hire junior_vice_president")
    assert e.value.clauses == ("FCM-3.2",) and g.fingerprint() == before


def test_fcm_3_2_recruiters_add_hires_1_2_4():
    g = new()
    give(g, 1, recruiting_girl=1, recruiting_manager=1, hr_director=1)
    g.co.order = [1, 2]
    to_working(g, "recruiting_girl, recruiting_manager, hr_director", "")
    assert g.pending().player == 1 and g.co.hire_capacity(1) == 8
    for _ in range(8):
        g.apply("hire waitress")
    assert g.co.company(1).beach["waitress"] == 8
    assert g.pending().player == 2


def test_fcm_3_2_an_empty_pile_cannot_be_hired_without_training_it_up():
    g = new()
    g.co.supply["management_trainee"] = 0
    to_working(g, "", "")
    assert "phantom management_trainee" not in g.pending().values
    assert "hire management_trainee" not in g.pending().values


def test_fcm_3_2_fcm_i35_a_hire_from_an_empty_pile_trained_up_at_once():
    g = new()
    give(g, 1, trainer=1)
    g.co.order = [1, 2]
    g.co.supply["management_trainee"] = 0
    to_working(g, "trainer", "")
    assert "phantom management_trainee" in g.pending().values
    g.apply("phantom management_trainee")
    co = g.co.company(1)
    assert co.owns("management_trainee") == co.owned()["management_trainee"] == 1      # FCM-3.n3 counts it
    d = g.pending()
    assert d.kind == "train" and "done" not in d.values          # it must be trained now
    assert "trainer#1: management_trainee (empty pile) > new_business_developer" in d.values
    g.apply("trainer#1: management_trainee (empty pile) > new_business_developer")
    co = g.co.company(1)
    assert dict(co.beach) == {"new_business_developer": 1}
    assert g.co.supply["management_trainee"] == 0


def test_fcm_i35_only_the_final_card_must_be_available():
    """Guru x3 from an empty Management Trainee pile, through empty JVP and VP piles, to a Regional Manager."""
    g = new()
    give(g, 1, guru=1)
    g.co.order = [1, 2]
    for c in ("management_trainee", "junior_vice_president", "vice_president"):
        g.co.supply[c] = 0
    to_working(g, "guru", "")
    g.apply("phantom management_trainee")
    vals = g.pending().values
    assert "guru#1: management_trainee (empty pile) > new_business_developer" in vals
    g.apply("guru#1: management_trainee (empty pile) > junior_vice_president")
    assert "guru#1: junior_vice_president (empty pile) > coach" in g.pending().values
    g.apply("guru#1: junior_vice_president (empty pile) > vice_president")
    # one step left: only cards one step away with a non-empty pile keep the hire possible
    vals = g.pending().values
    assert "guru#1: vice_president (empty pile) > regional_manager" in vals and "done" not in vals
    g.apply("guru#1: vice_president (empty pile) > regional_manager")
    assert dict(g.co.company(1).beach) == {"regional_manager": 1}


def test_fcm_i35_no_hire_from_an_empty_pile_too_far_from_an_available_card():
    g = new()
    give(g, 1, trainer=1)
    g.co.order = [1, 2]
    g.co.supply["management_trainee"] = 0
    for c in ("junior_vice_president", "new_business_developer", "luxuries_manager"):
        g.co.supply[c] = 0
    to_working(g, "trainer", "")
    assert "phantom management_trainee" not in g.pending().values


def test_fcm_3_3_a_trainer_trains_one_beach_card_one_step():
    g = new()
    give(g, 1, trainer=1, kitchen_trainee=1)
    g.co.order = [1, 2]
    to_working(g, "trainer", "")
    g.apply("hire errand_boy")
    d = g.pending()
    assert d.kind == "train" and d.values[0] == "done"
    assert set(d.values[1:]) == {"trainer#1: errand_boy > cart_operator", "trainer#1: kitchen_trainee > burger_cook",
                                 "trainer#1: kitchen_trainee > pizza_cook"}
    cooks = g.co.supply["burger_cook"]
    g.apply("trainer#1: kitchen_trainee > burger_cook")
    co = g.co.company(1)
    assert dict(+co.beach) == {"errand_boy": 1, "burger_cook": 1}
    assert g.co.supply["burger_cook"] == cooks - 1 and g.co.supply["kitchen_trainee"] == 12 - 1 + 1
    assert g.pending().player == 2                      # the trainer's one step is used
    assert "first_to_train" in co.milestones


def test_fcm_3_3_cards_at_work_and_busy_marketeers_cannot_be_trained():
    g = new()
    give(g, 1, trainer=1, errand_boy=1)
    give(g, 1, where="busy", marketing_trainee=1)
    g.co.order = [1, 2]
    to_working(g, "trainer, errand_boy", "")
    g.apply("done")
    assert g.pending().player == 2                      # nothing to train: no training decision
    assert [o.value for o in g.co.train_options(1)] == ["done"]


def test_fcm_3_3_coach_two_steps_on_one_card_but_two_trainers_do_not_stack():
    g = new()
    give(g, 1, coach=1, trainer=1, management_trainee=1)
    g.co.order = [1, 2]
    to_working(g, "coach, trainer", "")
    g.apply("done")
    g.apply("trainer#1: management_trainee > junior_vice_president")
    vals = g.pending().values
    assert not any("junior_vice_president" in v for v in vals)      # the coach may not add to it
    g2 = new()
    give(g2, 1, coach=1, management_trainee=1)
    g2.co.order = [1, 2]
    to_working(g2, "coach", "")
    g2.apply("done")
    g2.apply("coach#1: management_trainee > junior_vice_president")
    assert "coach#1: junior_vice_president (again) > coach" in g2.pending().values
    g2.apply("coach#1: junior_vice_president (again) > vice_president")
    assert dict(+g2.co.company(1).beach) == {"vice_president": 1}


def test_fcm_3_3_with_the_pay_20_milestone_trainers_stack():
    """Deluxe example: 2 trainers + a coach take a new Management Trainee up to Executive VP in one turn."""
    g = new()
    give(g, 1, coach=1, trainer=2)
    g.co.company(1).milestones["first_pay_20"] = 0      # claimed in an earlier round
    g.co.order = [1, 2]
    to_working(g, "coach, trainer, trainer", "")
    g.apply("hire management_trainee")
    for v in ("trainer#1: management_trainee > junior_vice_president",
              "trainer#2: junior_vice_president > vice_president",
              "coach#1: vice_president > senior_vice_president",
              "coach#1: senior_vice_president > executive_vice_president"):
        assert v in g.pending().values
        g.apply(v)
    assert dict(+g.co.company(1).beach) == {"executive_vice_president": 1}


def test_fcm_i36_the_pay_20_milestone_stacks_only_from_the_next_round():
    g = new()
    give(g, 1, trainer=2, management_trainee=1)
    g.co.company(1).milestones["first_pay_20"] = g.co.round
    g.co.order = [1, 2]
    to_working(g, "trainer, trainer", "")
    g.apply("done")
    g.apply("trainer#1: management_trainee > junior_vice_president")
    assert not any("junior_vice_president >" in v for v in g.pending().values)


def test_fcm_3_n3_no_second_copy_of_a_1x_card():
    g = new()
    give(g, 1, trainer=1, vice_president=1)
    g.co.order = [1, 2]
    g.co.company(1).hand["guru"] += 1
    g.co.supply["guru"] -= 1
    to_working(g, "trainer", "")                        # the guru stays on the beach
    g.apply("done")
    vals = g.pending().values
    assert "trainer#1: vice_president > regional_manager" in vals
    assert "trainer#1: vice_president > guru" not in vals
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply("trainer#1: vice_president > guru")
    assert e.value.clauses == ("FCM-3.3",) and g.fingerprint() == before


def test_fcm_i36_no_cfo_after_first_to_have_100():
    g = new()
    give(g, 1, trainer=1, senior_vice_president=1)
    g.co.company(1).milestones["first_cash_100"] = 0
    g.co.order = [1, 2]
    to_working(g, "trainer", "")
    g.apply("done")
    vals = g.pending().values
    assert "trainer#1: senior_vice_president > cfo" not in vals
    assert "trainer#1: senior_vice_president > hr_director" in vals


def test_fcm_i37_hiring_three_claims_two_management_trainees_for_everyone_that_round():
    g = new()
    give(g, 1, recruiting_manager=1)
    give(g, 2, recruiting_manager=1)
    g.co.order = [1, 2]
    to_working(g, "recruiting_manager", "recruiting_manager")
    mts = g.co.supply["management_trainee"]
    for _ in range(3):
        g.apply("hire waitress")
    co = g.co.company(1)
    assert "first_hire_3" in co.milestones and co.beach["management_trainee"] == 2
    assert g.co.supply["management_trainee"] == mts - 2
    ev = [e for e in g.events if e.kind == "milestone"][0]
    assert "FCM-I37" in ev.clauses
    g.co.supply["management_trainee"] = 1               # the second player finds the pile short
    for _ in range(3):
        g.apply("hire waitress")
    assert "first_hire_3" in g.co.company(2).milestones
    assert g.co.company(2).beach["management_trainee"] == 1


def test_fcm_3_n1_mandatory_cards_are_named_when_the_player_works():
    g = new()
    give(g, 1, pricing_manager=2, waitress=1)
    g.co.order = [1, 2]
    to_working(g, "pricing_manager, pricing_manager, waitress", "")
    ev = [e for e in g.events if e.kind == "working" and e.player == 1][0]
    assert "FCM-3.n1" in ev.clauses and "Pricing Manager x2" in ev.text and "Waitress x1" in ev.text


def test_fcm_3_n2_recruiting_comes_before_training():
    g = new()
    give(g, 1, trainer=1, errand_boy=1)
    g.co.order = [1, 2]
    to_working(g, "trainer", "")
    assert g.pending().kind == "hire"
    with pytest.raises(IllegalChoice):
        g.apply("trainer#1: errand_boy > cart_operator")
    g.apply("done")
    assert g.pending().kind == "train"
    assert all(not v.startswith("hire") for v in g.pending().values)
    assert any("FCM-3.n2" in e.clauses for e in g.events)


def test_fcm_i34_played_milestones_are_claimed_at_the_reveal():
    g = new()
    give(g, 1, waitress=1, errand_boy=1)
    give(g, 2, pricing_manager=1)
    restructure(g, "waitress", "pricing_manager")
    assert set(g.co.company(1).milestones) == {"first_waitress"}      # the errand boy is on the beach
    assert set(g.co.company(2).milestones) == {"first_lower_prices"}
    g2 = new(ruleset="deluxe")
    give(g2, 2, pricing_manager=1)
    restructure(g2, "", "pricing_manager")
    assert g2.co.company(2).milestones == {}           # Deluxe: claimed when Dinnertime starts (FCM-I44)


def test_cards_are_never_created_or_lost_by_hiring_and_training():
    g = new()
    give(g, 1, trainer=1, coach=1, recruiting_manager=1)
    start = all_cards(g)
    g.co.order = [1, 2]
    to_working(g, "trainer, coach, recruiting_manager", "")
    g.apply("hire kitchen_trainee")
    g.apply("hire management_trainee")
    g.apply("hire errand_boy")
    g.apply("coach#1: management_trainee > junior_vice_president")
    g.apply("coach#1: junior_vice_president (again) > recruiting_manager")
    g.apply("trainer#1: kitchen_trainee > pizza_cook")
    finish_working(g)
    assert all_cards(g) == start


def test_fcm_i35_an_unfinishable_empty_pile_card_is_cancelled_and_nothing_is_lost():
    g = new()
    give(g, 1, coach=1, management_trainee=1)
    g.co.order = [1, 2]
    g.co.supply["junior_vice_president"] = 0
    to_working(g, "coach", "")
    g.apply("done")
    g.apply("coach#1: management_trainee > junior_vice_president")      # through the empty pile
    co = g.co.company(1)
    assert co.fresh == [{"card": "junior_vice_president", "trainer": "coach#1", "phantom": True,
                         "origin": "management_trainee"}]
    assert g.pending().values == ("coach#1: junior_vice_president (empty pile) > vice_president",
                                  "coach#1: junior_vice_president (empty pile) > local_manager",
                                  "coach#1: junior_vice_president (empty pile) > discount_manager",
                                  "coach#1: junior_vice_president (empty pile) > recruiting_manager",
                                  "coach#1: junior_vice_president (empty pile) > coach")
    for c in ("vice_president", "local_manager", "discount_manager", "recruiting_manager", "coach"):
        g.co.supply[c] = 0                                              # the next step has vanished
    assert g.pending().values == ("done",)
    g.apply("done")
    assert dict(+co.beach) == {"management_trainee": 1} and co.fresh == []
    assert any(e.kind == "cancel" and e.clauses == ("FCM-I35",) for e in g.events)
