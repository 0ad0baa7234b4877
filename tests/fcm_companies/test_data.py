"""The employee and milestone data (FCM-I30, FCM-I33) and clear errors for bad files."""
import json
from importlib import resources

import pytest

from toolkit.core import DataFileError
from toolkit.games.fcm.company.employees import default_staff, load_staff, parse_staff
from toolkit.games.fcm.company.milestones import default_milestones, load_milestones, parse_milestones

ENTRY = {"management_trainee", "waitress", "pricing_manager", "recruiting_girl", "trainer", "errand_boy",
         "marketing_trainee", "kitchen_trainee"}
UNIQUE = {"executive_vice_president", "luxuries_manager", "cfo", "regional_manager", "hr_director", "guru",
          "zeppelin_pilot", "brand_director", "burger_chef", "pizza_chef"}


def raw(name="employees.json"):
    return json.loads((resources.files("toolkit.games.fcm.company") / name).read_text(encoding="utf-8"))


def test_fcm_i30_the_box_holds_222_cards_of_32_types():
    staff = default_staff()
    assert len(staff.employees) == 32
    assert staff.box_size() == 222 == staff.box_total
    assert staff.ceo.slots == 3 and staff.ceo.hires == 1


def test_fcm_i30_entry_level_cards_are_the_salary_free_ones():
    staff = default_staff()
    assert {e.id for e in staff.employees.values() if e.entry} == ENTRY
    assert {e.id for e in staff.employees.values() if not e.salaried} == ENTRY


def test_fcm_i30_ten_unique_types_of_three_cut_by_player_count():
    staff = default_staff()
    assert {e.id for e in staff.employees.values() if e.unique} == UNIQUE
    assert all(staff[c].box == 3 for c in UNIQUE)
    for players, copies in ((2, 1), (3, 1), (4, 2), (5, 3)):
        piles = staff.pile_sizes(players)
        assert all(piles[c] == copies for c in UNIQUE)
        assert all(piles[c] == staff[c].box for c in staff.employees if c not in UNIQUE)
        assert sum(piles.values()) == 222 - (3 - copies) * 10


def test_fcm_1_3_manager_slots_2_3_4_5_10():
    staff = default_staff()
    slots = {e.id: e.slots for e in staff.employees.values() if e.is_manager}
    assert slots == {"management_trainee": 2, "junior_vice_president": 3, "vice_president": 4,
                     "senior_vice_president": 5, "executive_vice_president": 10}


def test_fcm_3_2_recruiters_and_fcm_3_3_trainers_actions():
    staff = default_staff()
    assert {c: staff[c].hires for c in ("recruiting_girl", "recruiting_manager", "hr_director")} == \
        {"recruiting_girl": 1, "recruiting_manager": 2, "hr_director": 4}
    assert {c: staff[c].trains for c in ("trainer", "coach", "guru")} == {"trainer": 1, "coach": 2, "guru": 3}
    assert staff["recruiting_manager"].discount == staff["hr_director"].discount == 5
    assert staff["recruiting_girl"].discount == 0


def test_fcm_3_n1_mandatory_cards():
    staff = default_staff()
    assert {e.id for e in staff.employees.values() if e.mandatory} == {
        "pricing_manager", "discount_manager", "luxuries_manager", "cfo", "recruiting_manager", "hr_director", "waitress"}


def test_fcm_i30_training_paths_of_the_worked_examples():
    """Deluxe examples: MT -> NBD in 1 step; MT -> JVP -> VP -> Regional Manager; MT ... EVP in 4."""
    staff = default_staff()
    assert staff.steps("management_trainee", "new_business_developer") == 1
    assert staff.steps("management_trainee", "regional_manager") == 3
    assert staff.steps("management_trainee", "executive_vice_president") == 4
    assert staff.steps("management_trainee", "coach") == 2
    assert staff.steps("kitchen_trainee", "pizza_chef") == 2
    assert staff.steps("errand_boy", "zeppelin_pilot") == 3
    assert staff.steps("marketing_trainee", "brand_director") == 3
    assert staff.steps("burger_cook", "pizza_chef") is None
    for c in ("waitress", "pricing_manager", "recruiting_girl", "trainer"):
        assert staff[c].trains_into == ()            # they cannot be trained
    # a tree: every card above entry level is trained from exactly one card
    assert len(staff.edges()) == 24
    assert all(len(staff.trained_from(c)) == (0 if c in ENTRY else 1) for c in staff.employees)


def test_fcm_i33_eighteen_milestones_with_84_cards_and_timing():
    ms = default_milestones()
    assert len(ms) == 18
    assert sum(m.rb_cards for m in ms.values()) == 84
    later = {m.id for m in ms.values() if m.starts == "next round"}
    assert later == {"first_airplane", "first_throw_away", "first_cash_100", "first_pay_20"}
    assert ms["first_to_train"].params["salary_discount"] == 15
    assert ms["first_hire_3"].params["gain"] == {"management_trainee": 2}


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["employees"][0].update(box=0), "employees[0] (management_trainee).box"),
    (lambda d: d["employees"][1].update(trains_into=["nobody"]), "employees (junior_vice_president).trains_into"),
    (lambda d: d["employees"][2].update(id="junior_vice_president"), "employees[2] (junior_vice_president).id"),
    (lambda d: d["employees"][5].update(role="cook"), "employees[5] (waitress).role"),
    (lambda d: d["employees"][5].update(unique=True), "employees[5] (waitress).unique"),
    (lambda d: d["employees"][4].update(trains_into=["management_trainee"]), "employees (executive_vice_president).trains_into"),
    (lambda d: d.update(box_total=223), "box_total"),
    (lambda d: d.pop("ceo"), "ceo"),
])
def test_fcm_i30_bad_employee_files_name_the_field(edit, field):
    d = raw()
    edit(d)
    with pytest.raises(DataFileError) as e:
        parse_staff(d, "bad.json")
    assert e.value.field == field and e.value.path == "bad.json"


def test_fcm_i30_training_in_a_circle_is_refused():
    d = raw()
    d["employees"][4]["trains_into"] = ["vice_president"]     # EVP -> VP -> SVP -> EVP
    with pytest.raises(DataFileError, match="circle"):
        parse_staff(d)


def test_fcm_i30_missing_or_broken_files(tmp_path):
    with pytest.raises(DataFileError, match="no such file"):
        load_staff(tmp_path / "none.json")
    p = tmp_path / "bad.json"
    p.write_text("{not json")
    with pytest.raises(DataFileError, match="not valid JSON"):
        load_staff(p)
    with pytest.raises(DataFileError, match="not valid JSON"):
        load_milestones(p)


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["milestones"][0].update(starts="later"), "milestones[0] (first_billboard).starts"),
    (lambda d: d["milestones"][1].update(id="first_billboard"), "milestones[1] (first_billboard).id"),
    (lambda d: d["milestones"][2].pop("effect"), "milestones[2] (first_hire_3).effect"),
    (lambda d: d.update(rb_cards_total=85), "rb_cards_total"),
])
def test_fcm_i33_bad_milestone_files_name_the_field(edit, field):
    d = raw("milestones.json")
    edit(d)
    with pytest.raises(DataFileError) as e:
        parse_milestones(d, "ms.json")
    assert e.value.field == field
