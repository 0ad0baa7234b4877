"""Hamburgerspelet speed: full 4-player games per second on one core (log=False, as in ``simulate``).

Run: python benchmarks/bench_hamburgerspelet.py [seconds per agent kind]
Prints, for each kind of agent, games per second, decisions per second and the mean game length (a turn is
one player's turn). Game length depends mostly on the agents: random players take hundreds of turns.
"""
import sys
import time

from toolkit.core import make_agents, play
from toolkit.games.hamburgerspelet import HamburgerGame


def bench(kind, seconds, players=4):
    games = decisions = turns = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        g = HamburgerGame(players=players, seed=games, log=False)
        play(g, make_agents("hamburgerspelet", players, kind))
        games += 1
        decisions += len(g.choices)
        turns += g.turn
    took = time.perf_counter() - start
    return games / took, decisions / took, turns / games


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print(f"Hamburgerspelet, 4 players, one core, {seconds:g} s per kind")
    print(f"{'agents':<16}{'games/s':>10}{'decisions/s':>14}{'turns/game':>12}")
    for kind in ("perfect-memory", "fading-memory", "no-memory", "random"):
        gps, dps, turns = bench(kind, seconds)
        print(f"{kind:<16}{gps:>10.0f}{dps:>14.0f}{turns:>12.1f}")
    gps, dps, turns = bench("perfect-memory", seconds, players=2)
    print(f"for comparison, 2 players, perfect-memory: {gps:.0f} games/s, {turns:.1f} turns/game")


if __name__ == "__main__":
    main()
