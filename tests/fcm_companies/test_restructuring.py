"""Phase 1 Restructuring (FCM-1.1 to FCM-1.4, FCM-1.n1, FCM-1.n2) and setup (FCM-I31, FCM-I32, FCM-I42, FCM-I46)."""
import itertools
import random

import pytest

from toolkit.core import IllegalChoice
from toolkit.games.fcm.company.practice import CompanyGame
from toolkit.games.fcm.company.structure import Structure, arrange, fits, structure_problem
from toolkit.games.fcm.company.employees import default_staff
from toolkit.games.fcm.company.fitting import fitting_sets

from .helpers import give, new, restructure

S = default_staff()


def test_fcm_i31_setup_bank_cash_ceo_and_secret_reserve_card():
    g = CompanyGame(players=4, seed=3)
    assert g.co.bank == 200
    assert all(c.cash == 0 and c.ceo_slots == 3 for c in g.co.companies)
    assert sorted(g.co.order) == [1, 2, 3, 4]
    d = g.pending()
    assert d.kind == "reserve" and d.values == (100, 200, 300)
    for v in (100, 300, 200, 300):
        g.apply(v)
    assert [c.reserve for c in g.co.companies] == [100, 300, 200, 300]
    assert g.view(2)["company"]["companies"][0]["reserve"] == "(face down)"
    assert g.view(None)["company"]["companies"][0]["reserve"] == 100
    g.co.claim(2, "first_cash_20")                    # may look at the face-down reserve cards
    assert g.view(2)["company"]["companies"][0]["reserve"] == 100
    assert g.view(3)["company"]["companies"][0]["reserve"] == "(face down)"


def test_fcm_i31_first_turn_order_is_random_but_seeded():
    orders = {tuple(CompanyGame(players=4, seed=s).co.order) for s in range(12)}
    assert len(orders) > 3
    assert CompanyGame(players=4, seed=5).co.order == CompanyGame(players=4, seed=5).co.order


def test_fcm_1_n1_round_one_the_ceo_works_alone():
    g = new()
    d = g.pending()
    assert d.kind == "restructure" and d.values == ("",)
    restructure(g, "", "")
    assert all(c.work.items == () for c in g.co.companies)
    assert any("CEO alone" in e.text and "FCM-1.n1" in e.clauses for e in g.events)


def test_fcm_1_1_choices_are_secret_until_all_have_chosen():
    g = new()
    give(g, 1, waitress=1)
    g.apply("waitress")
    assert g.co.company(1).work.items == ()           # not revealed yet
    assert g.view(2)["company"]["secret"]["1"] == "(face down)"
    assert g.view(1)["company"]["secret"]["1"] == "waitress"
    g.apply("")
    assert g.co.company(1).work.cards() == ["waitress"]


def test_fcm_1_2_cards_not_at_work_go_to_the_beach():
    g = new()
    give(g, 1, waitress=2, trainer=1)
    restructure(g, "waitress, trainer", "")
    co = g.co.company(1)
    assert sorted(co.work.cards()) == ["trainer", "waitress"]
    assert dict(co.beach) == {"waitress": 1}
    assert not +co.hand


def test_fcm_1_3_a_manager_and_reports_under_the_ceo():
    g = new()
    give(g, 1, management_trainee=1, waitress=2, trainer=2)
    restructure(g, "management_trainee(waitress, waitress), trainer, trainer", "")
    co = g.co.company(1)
    assert co.work.items == (("management_trainee", ("waitress", "waitress")), ("trainer", ()), ("trainer", ()))
    assert co.work.open_slots(S, 3) == 0


@pytest.mark.parametrize("text, clause_text", [
    ("junior_vice_president(management_trainee)", "managers sit only directly under the CEO"),
    ("waitress(trainer)", "no manager"),
    ("management_trainee(waitress, waitress, trainer)", "has 2 slots but 3"),
    ("management_trainee(waitress), waitress, trainer, trainer", "3 slots but 4"),
])
def test_fcm_1_3_broken_arrangements_are_refused_and_nothing_changes(text, clause_text):
    g = new()
    give(g, 1, management_trainee=1, junior_vice_president=1, waitress=2, trainer=2)
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply(text)
    assert "FCM-1.3" in e.value.clauses and clause_text in str(e.value)
    assert "fit as:" in str(e.value)
    assert g.fingerprint() == before


def test_fcm_1_1_cards_not_in_hand_are_refused():
    g = new()
    give(g, 1, waitress=1)
    give(g, 1, where="busy", marketing_trainee=1)
    before = g.fingerprint()
    for text, clause in (("waitress, waitress", "FCM-1.1"), ("marketing_trainee", "FCM-1.1"),
                         ("CEO: chef", "FCM-I30"), ("waitress(", "FCM-I32"), (["waitress"], "FCM-I32")):
        with pytest.raises(IllegalChoice) as e:
            g.apply(text)
        assert clause in e.value.clauses
    with pytest.raises(IllegalChoice, match="busy"):
        g.apply("marketing_trainee")
    with pytest.raises(IllegalChoice) as e:
        Structure.parse("ceo, waitress", S)
    assert e.value.clauses == ("FCM-1.n1",)
    assert g.fingerprint() == before


def test_fcm_1_4_overfill_sends_everything_but_the_ceo_to_the_beach():
    g = new()
    give(g, 1, waitress=3, trainer=1)
    restructure(g, "waitress, waitress, waitress, trainer", "")
    co = g.co.company(1)
    assert co.overfilled and co.work.items == ()
    assert dict(co.beach) == {"waitress": 3, "trainer": 1}
    ev = [e for e in g.events if e.kind == "overfill"]
    assert ev and ev[0].clauses == ("FCM-1.4",)
    assert g.co.open_slots(1) == 3                    # the CEO alone: all 3 slots open


def test_fcm_1_4_two_managers_too_many_for_them_also_overfill():
    # managers fit under the CEO only: 4 managers never fit 3 slots
    assert not fits(["management_trainee"] * 4, S, 3)
    assert fits(["management_trainee"] * 3 + ["waitress"] * 6, S, 3)
    assert not fits(["management_trainee"] * 3 + ["waitress"] * 7, S, 3)
    assert arrange(["management_trainee"] * 4, S, 3) is None


def test_fcm_i32_a_bare_list_is_arranged_and_names_are_accepted():
    g = new()
    give(g, 1, management_trainee=1, waitress=2, trainer=2)
    restructure(g, "Waitress, trainer, Management Trainee, waitress, TRAINER", "")
    co = g.co.company(1)
    assert structure_problem(co.work, S, 3) is None
    assert co.work.text() == "management_trainee(waitress, waitress), trainer, trainer"
    assert co.work.text(S) == "Management Trainee(Waitress, Waitress), Trainer, Trainer"


def test_fcm_i32_open_slots_do_not_depend_on_the_arrangement():
    a = Structure.parse("junior_vice_president(waitress, trainer), errand_boy", S)
    b = Structure.parse("junior_vice_president(errand_boy), waitress, trainer", S)
    assert a.open_slots(S, 3) == b.open_slots(S, 3) == 3 + 3 - 4


def test_fcm_i46_options_are_fitting_sets_fullest_first_and_any_proposal_is_checked():
    g = new()
    give(g, 1, management_trainee=1, waitress=3, trainer=1)
    vals = g.pending().values
    assert vals[0] == "management_trainee(waitress, waitress), waitress, trainer"
    assert vals[-1] == ""
    assert len(vals) == len(set(vals)) and all(fits(Structure.parse(v, S).cards(), S, 3) for v in vals)
    assert "management_trainee(waitress, trainer)" in vals            # smaller sets leave slots open
    # another arrangement is not offered, but it is legal and accepted as a proposal
    assert "management_trainee(trainer), waitress" not in vals
    g.apply("management_trainee(trainer), waitress")
    assert g.co.secret[1] == "management_trainee(trainer), waitress"


def test_fcm_1_n2_cards_are_public_except_in_hand():
    g = new()
    give(g, 1, waitress=1, trainer=1)
    restructure(g, "waitress", "")
    v = g.view(2)["company"]["companies"][0]
    assert v["work"] == "waitress" and v["beach"] == {"trainer": 1}
    g2 = new()
    give(g2, 1, waitress=2)
    assert g2.view(2)["company"]["companies"][0]["hand"] == {"(cards in hand)": 2}
    assert g2.view(1)["company"]["companies"][0]["hand"] == {"waitress": 2}


def _every_fitting_option(hand, slots=3):
    """Brute force over every sub-multiset of the hand: the FCM-I46 options in their order (written plainly:
    the engine's lazy search of ``company/fitting.py`` is checked against it)."""
    types = sorted(hand)
    texts = set()
    for ks in itertools.product(*(range(hand[t] + 1) for t in types)):
        cards = [t for t, k in zip(types, ks) for _ in range(k)]
        if fits(cards, S, slots):
            texts.add(arrange(cards, S, slots).text())
    return sorted(texts, key=lambda t: (-Structure.parse(t, S).size(), t))


def test_fcm_i46_the_fullest_120_sets_are_offered_whatever_the_card_order():
    """A 16-card hand with 3234 fitting sets: the options are exactly the 120 fullest (ties by text) and the
    CEO alone; a waitress may be left out of a full structure (FCM-I46)."""
    hand = {"management_trainee": 2, "junior_vice_president": 1, "waitress": 2, "pricing_manager": 2,
            "kitchen_trainee": 2, "marketing_trainee": 2, "trainer": 1, "errand_boy": 1, "recruiting_girl": 1,
            "burger_cook": 1}
    g = new()
    give(g, 1, **hand)
    vals = g.pending().values
    every = _every_fitting_option(hand)
    assert len(every) > 3000
    assert list(vals) == every[:120] + [""]
    assert any("waitress" not in v for v in vals[:-1])
    # a small hand: every fitting set is offered
    g = new()
    give(g, 1, management_trainee=1, waitress=3, trainer=1, errand_boy=1)
    assert list(g.pending().values) == _every_fitting_option({"management_trainee": 1, "waitress": 3, "trainer": 1,
                                                               "errand_boy": 1})


def test_fcm_i46_the_lazy_search_gives_the_brute_force_order_for_seeded_hands():
    """Seeded random hands of up to 12 cards (managers of every size, repeated cards) under CEOs of 2 to 4 slots
    and caps from 1 to everything: the same texts in the same order as the brute force, each with its names."""
    rng = random.Random(46)
    cards = [c for c in S.order if c != S.ceo.id]
    managers = [c for c in cards if S[c].is_manager]
    for _ in range(60):
        hand = {}
        for _ in range(rng.randint(0, 12)):
            c = rng.choice(managers if rng.random() < 0.25 else cards)
            hand[c] = hand.get(c, 0) + 1
        slots, cap = rng.choice((2, 3, 4)), rng.choice((1, 7, 120, 10 ** 6))
        got = fitting_sets(hand, S, slots, cap)
        assert [t for t, _ in got] == _every_fitting_option(hand, slots)[:cap], (hand, slots, cap)
        assert all(label == Structure.parse(t, S).text(S) for t, label in got)
