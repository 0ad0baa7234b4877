"""The side-by-side timing of benchmarks/yardstick.py plays the number of games it is asked for, in each arm."""
import importlib.util
import random
from pathlib import Path

import pytest

spec = importlib.util.spec_from_file_location("yardstick", Path(__file__).parent.parent / "benchmarks" / "yardstick.py")
yardstick = importlib.util.module_from_spec(spec)
spec.loader.exec_module(yardstick)


def _busy(turns: int) -> int:
    """A stand-in game: some CPU work (so that a batch's CPU time is not zero), then its number of turns."""
    sum(i * i for i in range(500))
    return turns


@pytest.mark.parametrize("games,batches", [(300, 40), (10, 40), (81, 8), (40, 40)])
def test_compare_plays_the_games_asked_for_in_both_arms(games, batches):
    seeds, draws = [], []

    def toolkit_game(seed):
        seeds.append(seed)
        return _busy(3)

    def tight_game(rng: random.Random):
        draws.append(rng)
        return _busy(3)
    r = yardstick.compare(toolkit_game, tight_game, games, batches)
    assert r["games"] == games
    assert seeds[1:] == list(range(games)) and len(draws) == games + 1      # (the first of each: the warm-up)
    assert len(r["batch_ratios"]) == min(games, batches) and r["ratio"] > 0
