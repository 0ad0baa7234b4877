"""The company drawings: charts, milestones table, turn-order track, training tree, whole state."""
from collections import Counter

import pytest

from tests.legibility import problems
from toolkit.core import play
from toolkit.games.fcm.company import drawing as d
from toolkit.games.fcm.company.practice import BuilderAgent, CompanyGame
from toolkit.games.fcm.company.employees import default_staff

from .helpers import give, new, restructure


def texts(ax):
    return [t.get_text() for t in ax.texts]


def test_company_chart_shows_the_pyramid_beach_busy_cash_and_milestones():
    g = new(cash=35)
    give(g, 1, management_trainee=1, waitress=2, trainer=1)
    give(g, 1, where="busy", campaign_manager=1)
    restructure(g, "management_trainee(waitress, waitress)", "")
    ax = d.draw_company(g, 1)
    t = " | ".join(texts(ax))
    assert "CEO\n(3 slots)" in t and "Mgmt Trainee" in t and "Waitress" in t
    assert "Trainer x1" in t and "busy marketeers: Campaign Mgr" in t and "$35" in t
    assert "milestones: First waitress played" in t and "2 open slots" in t


def test_company_chart_hides_other_hands_from_a_seat_view():
    g = new()
    give(g, 1, waitress=2)
    class_view = " ".join(texts(d.draw_company(g, 1)))
    seat2_view = " ".join(texts(d.draw_company(g, 1, viewer=2)))
    assert "Waitress" in class_view and "2 cards" in seat2_view and "Waitress" not in seat2_view


def test_overfill_is_shown_on_the_chart():
    g = new()
    give(g, 1, waitress=4)
    restructure(g, "waitress, waitress, waitress, waitress", "")
    assert any("FCM-1.4" in t for t in texts(d.draw_company(g, 1)))


def test_milestones_table_and_turn_order_track():
    g = CompanyGame(players=3, seed=2, options={"rounds": 3, "start_cash": 30})
    play(g, [BuilderAgent()] * 3)
    ax = d.draw_milestones(g)
    t = texts(ax)
    assert len([x for x in t if x.startswith("First")]) == 18
    assert any("(gone)" in x for x in t) and any(x.startswith("round ") for x in t)
    ax = d.draw_turn_order(g)
    assert [x for x in texts(ax) if x.startswith("P")] == [f"P{s}" for s in g.co.order]


def test_training_tree_has_every_card_and_arrow():
    ax = d.draw_training_tree(default_staff(), highlight=("trainer",))
    assert len(d.training_levels(default_staff())) == 32
    assert len([t for t in ax.texts if t.get_text()]) == 32
    assert len([c for c in ax.get_children() if type(c).__name__ == "Annotation"]) == 24


@pytest.mark.slow
def test_state_png_and_repr_png():
    g = CompanyGame(players=5, seed=1, options={"rounds": 2})
    play(g, [BuilderAgent()] * 5, max_steps=30)
    png = d.state_png(g)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert g._repr_png_()[:4] == b"\x89PNG"
    ax = d.draw_state(g, viewer=1)
    # every chart, in rows that a screen shows at their natural size
    assert sorted(t for t in texts(ax) if t.startswith("Player ")) == [f"Player {s}" for s in range(1, 6)]
    assert problems(ax.figure, "board") == []


def test_the_largest_legal_company_is_legible():
    """FCM-1.3 at its limits: a CEO with 4 slots (FCM-I31, FCM-I51), each holding a manager with the most slots (an
    Executive VP's 10, three Senior VPs' 5), every slot filled, an overfull beach and every milestone held: the
    chart keeps 8-point names at the width it is shown, nothing cut or overlapping (the legibility contract)."""
    from toolkit.games.fcm.company.structure import Structure, structure_problem

    g = new(players=2)
    co, staff = g.co.company(1), g.co.staff
    co.ceo_slots = 4
    co.work = Structure.parse(
        "executive_vice_president(waitress, waitress, waitress, trainer, trainer, coach, guru, pricing_manager, "
        "discount_manager, luxuries_manager), senior_vice_president(new_business_developer, new_business_developer, "
        "local_manager, regional_manager, cfo), senior_vice_president(recruiting_girl, recruiting_manager, "
        "hr_director, errand_boy, cart_operator), senior_vice_president(truck_driver, zeppelin_pilot, "
        "marketing_trainee, campaign_manager, brand_director)", staff)
    assert structure_problem(co.work, staff, co.ceo_slots) is None and co.work.open_slots(staff, 4) == 0
    co.beach = Counter({c: 2 for c in staff.employees if c != staff.ceo.id})
    co.hand = Counter(waitress=2, brand_manager=1, burger_chef=1, pizza_chef=1, kitchen_trainee=3)
    co.busy = ["campaign_manager", "brand_manager"]
    co.milestones = {m: 1 for m in g.co.ms}
    for viewer in (None, 2):
        ax = d.draw_company(g, 1, viewer=viewer)
        assert problems(ax.figure, "board") == []
        names = " ".join(texts(ax))
        assert "Executive VP" in names and names.count("Senior VP") >= 3 and "0 open slots" in names
