"""The Disneyland Game: full 4-player games per second on one core (no per-step snapshots, no event
sentences), and milliseconds per redrawn stepper frame. Targets: 1,500 games/s; 100 ms a frame.

Also the toolkit against the shared yardstick's tight loop of the same rules, per turn, by CPU time in one process
(``yardsticks.py``, issue 32); target: at most 2.5x.

Run: python benchmarks/bench_disneyland.py [--big]
"""
import sys
import time

from toolkit.core import make_agents, play
from toolkit.games.disneyland.rules import DisneylandGame


def games_per_second(agents="random", n=3000, seed=0):
    seats = make_agents("disneyland", 4, agents)
    play(DisneylandGame(4, seed, log=False), seats)          # warm up imports and the board
    t = time.perf_counter()
    for i in range(n):
        play(DisneylandGame(4, seed + i, log=False), seats)
    return n / (time.perf_counter() - t)


def stepper_frame_ms(frames=40):
    from toolkit.widgets import Stepper
    s = Stepper("disneyland", players=4, seed=7, agents="heuristic")
    s.frame_png(0)
    t = time.perf_counter()
    for k in range(frames):          # what a click on "step" does: move the slider, redraw, update the log
        s.slider.value = 1 + k % (s.last - 1)
    return 1000 * (time.perf_counter() - t) / frames


if __name__ == "__main__":
    sys.path.insert(0, str(__import__("pathlib").Path(__file__).parent))
    import yardsticks
    print(yardsticks.report(yardsticks.ratio("disneyland", rounds=5 if "--big" in sys.argv else 3)))
    for kind in ("random", "heuristic"):
        print(f"disneyland: {games_per_second(kind):,.0f} full 4-player games/s on one core ({kind} agents; target 1,500)")
    print(f"disneyland stepper: {stepper_frame_ms():.0f} ms per redrawn frame (target 100)")
