"""The stepper over every registered game, driven without a browser (set values, click buttons)."""
import matplotlib

matplotlib.use("Agg")
import pytest  # noqa: E402

from toolkit.core import game_class, game_names  # noqa: E402
from toolkit.widgets import Stepper  # noqa: E402


@pytest.mark.parametrize("name", game_names())
def test_stepper_builds_steps_and_changes_view(name):
    cls = game_class(name)
    s = Stepper(name, players=cls.min_players, seed=3, agents="heuristic")
    assert s.last > 0 and s.index == 0
    first = s.image.value
    assert first[:4] == b"\x89PNG"
    s.step_button.click()
    assert s.index == 1 and "[" in s.event_log.value          # events carry their clause IDs
    s.back_button.click()
    assert s.image.value == first
    s.view.value = 1
    s.end_button.click()
    assert s.index == s.last
    assert not s.errors.outputs


@pytest.mark.parametrize("name", game_names())
def test_the_class_makes_seat_ones_decisions(name):
    cls = game_class(name)
    s = Stepper(name, players=cls.min_players, seed=4, agents="heuristic", class_seat=1)
    for _ in range(12):
        d = s.history.game.pending()
        if d is None:
            break
        assert d.player == 1
        if s.index < s.last:                                   # a button leads to the class's next decision
            s.decision.children[0].click()
        assert s.index == s.last and len(s.decision.children) == 2      # the prompt and the options
        s.decide(d.values[0])
    assert not s.errors.outputs
    assert len(s.history[s.index].choices) == s.index     # the picture shown is the state after that many steps


def test_class_kinds_let_the_class_decide_every_race_by_hand():
    """MCD-5.3 with MCD-I11: races by hand are decided by the class, whoever reads the menu."""
    s = Stepper("mcdonalds", players=3, seed=2, options={"race": "by_hand"},
                class_kinds=("race-marble", "race-pull"))
    d = s.state.pending()
    assert d.kind in ("race-marble", "race-pull") and s.decision.children
    k = s.index
    s.decide(d.values[0])
    assert s.index == k + 1 and "The race (by hand)" in s.event_log.value
