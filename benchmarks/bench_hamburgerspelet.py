"""Hamburgerspelet speed: full 4-player games per second on one core (log=False, as in ``simulate``).

Also the toolkit against the shared yardstick's tight loop of the same rules (random players), per turn, by CPU
time in one process (``yardsticks.py``, issue 32); target: at most 3x.

Run: python benchmarks/bench_hamburgerspelet.py [seconds per agent kind] [--big]
Prints, for each kind of agent, games per second (by the clock, and by this process's CPU time, which a busy
machine disturbs less), decisions per second and the mean game length (a turn is one player's turn). Game
length depends mostly on the agents: random players take hundreds of turns. The machine's load average is
printed first: on a shared machine the clock figures fall with it.
"""
import os
import sys
import time

from toolkit.core import make_agents, play
from toolkit.games.hamburgerspelet import HamburgerGame


def bench(kind, seconds, players=4):
    games = decisions = turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        g = HamburgerGame(players=players, seed=games, log=False)
        play(g, make_agents("hamburgerspelet", players, kind))
        games += 1
        decisions += len(g.choices)
        turns += g.turn
    took, cpu = time.perf_counter() - start, time.process_time() - cpu
    return games / took, games / cpu, decisions / took, turns / games


def main():
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import yardsticks
    print(yardsticks.report(yardsticks.ratio("hamburgerspelet", rounds=5 if "--big" in sys.argv else 3)))
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    seconds = float(args[0]) if args else 3.0
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "unknown"
    print(f"Hamburgerspelet, 4 players, one core, {seconds:g} s per kind (load average {load}, "
          f"{os.cpu_count()} cores)")
    print(f"{'agents':<16}{'games/s':>10}{'(by CPU)':>10}{'decisions/s':>14}{'turns/game':>12}")
    for kind in ("perfect-memory", "fading-memory", "no-memory", "random"):
        gps, cps, dps, turns = bench(kind, seconds)
        print(f"{kind:<16}{gps:>10.0f}{cps:>10.0f}{dps:>14.0f}{turns:>12.1f}")
    gps, cps, dps, turns = bench("perfect-memory", seconds, players=2)
    print(f"for comparison, 2 players, perfect-memory: {gps:.0f} games/s ({cps:.0f} by CPU), {turns:.1f} turns/game")


if __name__ == "__main__":
    main()
