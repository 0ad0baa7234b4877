"""A small batch of the soak (benchmarks/soak.py): every game with every agent kind, invariants after every
step; a crash, a hang or an invariant break is reported with the seed that replays it."""
import importlib.util
from pathlib import Path

import pytest

from toolkit.core import game_names

spec = importlib.util.spec_from_file_location("soak", Path(__file__).parent.parent / "benchmarks" / "soak.py")
soak = importlib.util.module_from_spec(spec)
spec.loader.exec_module(soak)


@pytest.mark.slow
@pytest.mark.parametrize("name", game_names())
def test_a_small_soak_batch_finds_nothing(name):
    games = 4 if name == "fcm" else 30
    total = soak.soak(name, games, seed=500, out=None)
    assert total["games"] == games and total["decisions"] > games
    assert total["findings"] == [], total["findings"][:5]


def test_the_soak_reports_what_breaks(monkeypatch):
    """A game that crashes, one that never ends and one that breaks an invariant are each reported."""
    monkeypatch.setitem(soak.STEPS, "disneyland", 30)          # no Disneyland game ends in 30 decisions
    total = soak.soak("disneyland", 2, out=None)
    assert total["hang"] == 2 and total["findings"][0][:2] == ("hang", 0)
    monkeypatch.setitem(soak.STEPS, "disneyland", 20_000)

    class Broken:
        @staticmethod
        def check(g, before):
            assert len(g.choices) < 5, "five decisions is too many"
    monkeypatch.setattr(soak, "invariants", lambda name: Broken)
    total = soak.soak("disneyland", 2, out=None)
    assert total["invariant"] == 2 and "too many" in total["findings"][0][4]

    def crash(*a, **k):
        raise KeyError("boom")
    monkeypatch.setattr(soak, "play_checked", crash)
    total = soak.soak("disneyland", 1, out=None)
    assert total["crash"] == 1 and "KeyError" in total["findings"][0][4]
