"""The generic stepper with Hamburgerspelet: the class decides for a seat, views switch, frames draw."""
import matplotlib

matplotlib.use("Agg")

import pytest  # noqa: E402

from toolkit.core import IllegalChoice  # noqa: E402
from toolkit.widgets import Stepper  # noqa: E402


def test_class_makes_player_ones_choices():
    s = Stepper("hamburgerspelet", players=2, seed=5, agents=["perfect-memory", "no-memory"], class_seat=1)
    d = s.state.pending()
    assert d.player == 1 and d.kind == "move"
    s.decide(d.values[0])
    while s.state.pending() is not None and s.state.pending().player == 1 and s.index < 6:
        d = s.state.pending()
        assert d.kind in ("take", "place", "name", "steal", "keep", "move")
        s.decide(d.values[-1])
    assert s.index >= 2
    with pytest.raises(IllegalChoice, match="not a legal answer"):
        s.decide("no such option")


def test_views_draw():
    s = Stepper("hamburgerspelet", players=3, seed=2, agents="perfect-memory")
    s.slider.value = min(40, s.last)
    for v in (None, 1, 2, 3):
        s.view.value = v
        assert s.frame_png()[:4] == b"\x89PNG"
    assert "HB-" in s.event_log.value
