"""The stage a game waits in is one of the named stage tuples (turn.py, wish.py, clock.py), whose first field is the
kind of decision pending; the records and fingerprints hold it as the plain list it was before it had names."""
import pytest

from toolkit.core import make_agents
from toolkit.core.loop import agent_step
from toolkit.games.disneyland import DisneylandGame
from toolkit.games.disneyland.clock import ClockHide, ClockPick, StayOpen
from toolkit.games.disneyland.turn import Roll
from toolkit.games.disneyland.wish import Take, WishHide, WishKind, WishPick, WishTarget

STAGES = (Roll, WishTarget, WishKind, WishHide, WishPick, Take, StayOpen, ClockHide, ClockPick)


@pytest.mark.parametrize("players", [2, 4])
def test_every_stage_is_named_and_says_the_pending_kind(players):
    seen = set()
    for seed in range(12):
        g = DisneylandGame(players, seed)
        agents = make_agents("disneyland", players, "heuristic")
        while not g.is_over():
            st = g.stage
            assert type(st) in STAGES, st
            assert st.kind == g.pending().kind
            assert g.to_dict()["stage"] == list(st)
            seen.add(type(st))
            agent_step(g, agents)
    assert {Roll, WishTarget, WishKind, WishHide, WishPick, Take, StayOpen} <= seen


def test_the_picker_sees_the_pick_stage_without_the_smiling_hand():
    g = DisneylandGame(2, 0)
    g.stage = WishPick("pick", 1, "left", 2, "photo", "wish")
    assert g.view(1)["stage"] == ["pick", 1, "?", 2, "photo", "wish"]
    assert g.view(2)["stage"] == ["pick", 1, "left", 2, "photo", "wish"]
    g.stage = ClockPick("pick", 2, "right", 2, 1, "clock")
    assert g._hider() == 1 and g.view(2)["stage"] == ["pick", 2, "?", 2, 1, "clock"]
