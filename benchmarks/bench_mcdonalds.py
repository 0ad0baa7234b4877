"""Benchmark: full 4-player games of The McDonald's Game per second on one core (target 1,000).

Plays seeded games through the core play loop with events off (``log=False``), as ``simulate`` does. Also the
toolkit against the shared yardstick's tight loop of the same rules (random players), per turn, by CPU time in
one process (``yardsticks.py``, issue 32); target: at most 2.5x.

Usage: python benchmarks/bench_mcdonalds.py [games] [--big]
"""
from __future__ import annotations

import sys
import time

from toolkit.core import make_agents, play
from toolkit.games.mcdonalds import McDonaldsGame


def bench(agents: str, games: int, options=None) -> tuple[float, float]:
    """(games per second, decisions per game) for ``games`` 4-player games with ``agents`` in every seat."""
    seats = make_agents("mcdonalds", 4, agents)
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        g = McDonaldsGame(players=4, seed=seed, options=options, log=False)
        play(g, seats)
        decisions += len(g.choices)
    return games / (time.perf_counter() - start), decisions / games


def main():
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    import yardsticks
    print(yardsticks.report(yardsticks.ratio("mcdonalds", rounds=5 if "--big" in sys.argv else 3)))
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(args[0]) if args else 2000
    print(f"The McDonald's Game, 4 players, {games} games per line, one core:")
    for agents in ("random", "heuristic"):
        rate, per = bench(agents, games)
        print(f"  {agents:9} agents: {rate:7.0f} games/s ({per:.0f} decisions per game)")
    rate, per = bench("random", games // 4, {"race": "by_hand"})
    print(f"  random agents, races by hand: {rate:5.0f} games/s ({per:.0f} decisions per game)")


if __name__ == "__main__":
    main()
