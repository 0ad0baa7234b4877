"""The structure builder widget, driven without a browser: set ``.value``, call ``.click()``."""
from toolkit.games.fcm.company.widget import CEO, StructureBuilder

from .helpers import give, new


def builder(**hand):
    g = new()
    give(g, 1, **hand)
    return g, StructureBuilder(g, 1)


def test_pick_and_add_builds_the_notation_and_validates():
    g, b = builder(management_trainee=1, waitress=2, trainer=1)
    b.card.value = "management_trainee"
    b.under.value = CEO
    b.add.click()
    assert b.under.options[-1] == ("Management Trainee #1", 0)
    b.card.value = "waitress"
    b.under.value = 0
    b.add.click()
    b.card.value = "trainer"
    b.under.value = CEO
    b.add.click()
    assert b.text.value == "management_trainee(waitress), trainer"
    b.validate.click()
    assert b.verdict["ok"] and not b.verdict["overfilled"]
    assert "Legal" in b.result.value and "2 open slots" in b.result.value
    assert b.chart.value[:4] == b"\x89PNG"


def test_a_manager_under_a_manager_is_refused_with_its_clause():
    g, b = builder(management_trainee=1, junior_vice_president=1)
    before = g.fingerprint()
    b.text.value = "junior_vice_president(management_trainee)"
    b.validate.click()
    assert not b.verdict["ok"] and b.verdict["clauses"] == ("FCM-1.3",)
    assert "Refused" in b.result.value and "FCM-1.3" in b.result.value
    b.play_it.click()
    assert "Refused" in b.result.value
    assert g.fingerprint() == before


def test_cards_not_in_hand_and_overfill_verdicts():
    g, b = builder(waitress=4)
    b.text.value = "waitress, waitress, waitress, waitress, waitress"
    b.validate.click()
    assert not b.verdict["ok"] and "FCM-1.1" in b.verdict["clauses"]
    b.text.value = "waitress, waitress, waitress, waitress"
    b.validate.click()
    assert b.verdict["ok"] and b.verdict["overfilled"] and b.verdict["clauses"] == ("FCM-1.4",)
    assert "Overfilled" in b.result.value


def test_undo_clear_and_typing_stay_in_step():
    g, b = builder(management_trainee=1, waitress=1)
    b.text.value = "management_trainee"
    assert b.under.options[-1][1] == 0
    b.card.value = "waitress"
    b.under.value = 0
    b.add.click()
    assert b.text.value == "management_trainee(waitress)"
    b.undo.click()
    assert b.text.value == "management_trainee"
    b.clear.click()
    assert b.text.value == ""


def test_play_it_answers_the_pending_restructuring():
    g, b = builder(waitress=1)
    b.text.value = "waitress"
    b.play_it.click()
    assert "Played" in b.result.value and g.co.secret[1] == "waitress"
    b.play_it.click()
    assert "no restructuring decision pending" in b.result.value
    assert not b.errors.outputs
