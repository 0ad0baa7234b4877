"""The Disneyland Game: full 4-player games per second on one core (no per-step snapshots, no event
sentences), and milliseconds per redrawn stepper frame. Targets: 1,500 games/s; 100 ms a frame.

Run: python benchmarks/bench_disneyland.py
"""
import time

from toolkit.core.simulate import play_one


def games_per_second(agents="random", n=3000, seed=0):
    play_one("disneyland", seed, 4, agents)          # warm up imports and the board
    t = time.perf_counter()
    for i in range(n):
        play_one("disneyland", seed + i, 4, agents)
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
    for kind in ("random", "heuristic"):
        print(f"disneyland: {games_per_second(kind):,.0f} full 4-player games/s on one core ({kind} agents; target 1,500)")
    print(f"disneyland stepper: {stepper_frame_ms():.0f} ms per redrawn frame (target 100)")
