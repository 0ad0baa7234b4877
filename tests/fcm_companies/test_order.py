"""Phase 2 Order of Business (FCM-2.1 to FCM-2.3, FCM-I43)."""
import pytest

from toolkit.core import IllegalChoice

from .helpers import give, new, restructure


def with_waitresses(*counts):
    """A game of ``len(counts)`` players, in seat order, each of whose CEO has so many waitresses under it (each
    takes one of its 3 slots), waiting for the first to choose a place in turn order."""
    g = new(players=len(counts))
    g.co.order = list(range(1, len(counts) + 1))
    for seat, n in enumerate(counts, 1):
        give(g, seat, waitress=n)
    restructure(g, *(", ".join(["waitress"] * n) for n in counts))
    return g


def test_fcm_2_1_open_slots_of_ceo_and_managers():
    g = new(players=3)
    give(g, 1, junior_vice_president=1, waitress=1)      # 3 + 3 - 2 = 4
    give(g, 2, waitress=2)                               # 3 - 2 = 1
    restructure(g, "junior_vice_president(waitress)", "waitress, waitress", "")
    assert [g.co.open_slots(s) for s in (1, 2, 3)] == [4, 1, 3]
    ev = [e for e in g.events if e.kind == "order"][-1]
    assert "FCM-2.1" in ev.clauses and ev.data["slots"] == {"1": 4, "3": 3, "2": 1}


def test_fcm_2_1_airplane_milestone_adds_two_open_slots_from_the_next_round():
    g = new(players=2)
    g.co.company(2).milestones["first_airplane"] = g.co.round      # claimed this round: not yet
    assert g.co.open_slots(2) == 3
    g.co.company(2).milestones["first_airplane"] = g.co.round - 1  # claimed last round
    assert g.co.open_slots(2) == 5


def test_fcm_2_2_most_open_slots_chooses_first_any_position():
    g = with_waitresses(3, 1, 0)                         # 0, 2 and 3 open slots
    d = g.pending()
    assert (d.kind, d.player, d.values) == ("turn_order", 3, (1, 2, 3))
    g.apply(3)                                           # any free position, even the last
    d = g.pending()
    assert (d.player, d.values) == (2, (1, 2))
    before = g.fingerprint()
    with pytest.raises(IllegalChoice) as e:
        g.apply(3)
    assert e.value.clauses == ("FCM-2.2", "FCM-2.3") and g.fingerprint() == before
    g.apply(1)
    assert g.pending().player == 1 and g.pending().values == (2,)
    g.apply(2)
    assert g.co.order == [2, 1, 3]
    assert any(e.kind == "turn-order" and "FCM-2.3" in e.clauses for e in g.events)


def test_fcm_2_2_ties_go_to_the_earlier_player_of_the_previous_order():
    g = new(players=3)
    g.co.order = [3, 1, 2]
    restructure(g, "", "", "")                           # all have 3 open slots
    assert g.co.choosers == [3, 1, 2]


def test_fcm_2_3_everyone_gets_a_position():
    g = new(players=4)
    restructure(g, "", "", "", "")
    while g.pending().kind == "turn_order":
        g.apply(g.pending().values[-1])
    assert sorted(g.co.order) == [1, 2, 3, 4]
    assert g.pending().kind in ("hire", "train")


def test_fcm_2_2_the_prompt_counts_the_choosers_own_open_slots_not_the_places_left():
    """With one place left, "(3 open slots)" read as if three places were open: the prompt says whose they are."""
    g = with_waitresses(3, 2, 0)                         # 0, 1 and 3 open slots
    prompts = []
    while g.pending().kind == "turn_order":
        prompts.append((g.pending().prompt, len(g.pending().values)))
        g.apply(g.pending().values[0])
    assert prompts == [("Choose your place in turn order (you have 3 open slots)", 3),
                       ("Choose your place in turn order (you have 1 open slot)", 2),
                       ("Choose your place in turn order (you have 0 open slots)", 1)]
