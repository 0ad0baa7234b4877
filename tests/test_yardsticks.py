"""benchmarks/yardsticks.py finds the shared yardsticks where they lie and times this checkout against them with
their own functions (issue 32). Skipped where no shared yardsticks lie beside the checkout."""
import importlib.util
import math
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location("yardsticks", Path(__file__).parent.parent / "benchmarks" / "yardsticks.py")
yardsticks = importlib.util.module_from_spec(spec)
spec.loader.exec_module(yardsticks)

try:
    FOLDER = yardsticks.folder()
except FileNotFoundError:
    FOLDER = None
needs_them = pytest.mark.skipif(FOLDER is None, reason="no shared/yardsticks beside this checkout")


@needs_them
def test_the_yardsticks_are_called_where_they_lie_not_copied():
    assert (FOLDER / "ratios.py").is_file()
    assert Path(yardsticks.module("ratios").__file__).resolve() == (FOLDER / "ratios.py").resolve()
    here = Path(yardsticks.__file__).parent
    assert not list(here.glob("tight_*.py")) and not (here / "yardstick.py").exists()


def test_a_named_folder_without_the_yardsticks_is_refused(monkeypatch, tmp_path):
    monkeypatch.setenv("YARDSTICKS", str(tmp_path))
    with pytest.raises(FileNotFoundError, match="no ratios.py"):
        yardsticks.folder()


@needs_them
def test_a_ratio_times_both_sides_and_plays_games_of_the_same_length():
    row = yardsticks.ratio("mcdonalds", rounds=2, scale=0.02)       # 20 toolkit and 100 tight games a round
    assert len(row["rounds"]) == 2 and all(math.isfinite(x) and x > 0 for x in row["rounds"])
    toolkit, tight = row["turns"]
    assert 30 < toolkit < 50 and 30 < tight < 50                     # about 39 turns a game on both sides
    assert row["target"] == 2.5 and "target 2.5x" in yardsticks.report(row)


@needs_them
def test_the_dinnertime_ratio_rests_on_the_yardsticks_check_of_the_same_sales():
    row = yardsticks.fcm_dinnertime(rounds=1, scale=0.02)
    p, t = row["ms"]
    assert p > 0 and t > 0 and row["ratio"] == pytest.approx(p / t)


@needs_them
@pytest.mark.parametrize("name", ["disneyland", "mcdonalds", "hamburgerspelet"])
def test_the_floor_goes_through_the_games_own_decisions_and_answers(name, monkeypatch):
    """benchmarks/bench_floor.py times a game's decisions without its rules: it must go through the decisions the
    game asked, answered as the game's agents answered them, and time the engine against the tight loop."""
    monkeypatch.syspath_prepend(str(Path(yardsticks.__file__).parent))
    floor = importlib.import_module("bench_floor")
    from toolkit.core import make_agents, new_game, play
    from toolkit.core.agents import RandomAgent
    for seed in (3, 4):
        streams, turns, decisions = floor.taken_down(name, seed)
        game = new_game(name, players=4, seed=seed, log=False)
        play(game, make_agents(name, 4, "random"))
        assert turns == game.turn and len(decisions) == len(game.choices)
        assert "agent-1" in streams and set(streams) == set(game.streams)
        assert floor.floor_game(seed, streams, decisions, RandomAgent().choose) == game.choices
        assert floor.floor_game(seed, streams, decisions, RandomAgent().choose, make=False) == game.choices
        fresh = [d for *_, made, d in decisions if made]
        assert len(fresh) == len({id(d) for *_, d in decisions})      # made afresh: each decision object once
        if name != "mcdonalds":                                      # a roll, a move: shared, not made again
            assert len(fresh) < len(decisions)
    row = floor.measure(name, 2)
    assert 0 < row["floor_us"] < row["engine_us"] and row["tight_us"] > 0
    assert 0 < row["seeding_us"] < row["floor_us"] and 0 < row["unmade_us"] < row["engine_us"]
