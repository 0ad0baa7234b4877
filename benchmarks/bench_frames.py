"""Benchmark of the stepper's frames (issue 14: at most 100 ms a frame, median): CPU ms per frame as
``Stepper.frame_png`` makes them, over 24 steps spread through a played 4-player heuristic game (seed 1), half in
the class view and half in Player 2's view, at the stepper's size (``dpi=100, pixel_ratio=2``: its default tall
frame 1080 x 1320 px; ``--frame wide``: the notebooks' wide frame, 1900 x 1040 px).

"frame" is a step's first showing (texts not seen before are rasterised then), its state already at hand
("state": the light history rebuilds a step's state by replaying from the last copy; counted apart). In the same
process, alternating step by step with the stepper's frames, it times the same pictures made the way main made
them before issue 14: the full wide drawing (``draw_state`` without ``fast``, at 9.5 x 5.2 in, the only frame
then) into a cleared figure, saved by
``savefig`` as a PNG at compress level 3. It also splits a frame shown again into building the drawing,
rendering it and encoding the PNG, and times whole slider moves to steps not shown yet (the state, the frame,
the event log's HTML and the decision widgets).

A plain script: ``python benchmarks/bench_frames.py [game ...] [--frame tall|wide]`` (default: every game, tall). Run with
``PYTHONPATH=<another tree>`` it measures that tree's stepper alone (the columns it lacks say "-").
"""
import io
import os
import statistics
import sys
import time

import matplotlib
from matplotlib.figure import Figure

from toolkit.core import game_names
from toolkit.widgets.stepper import Stepper

try:
    from toolkit.frame_render import png_bytes
except ImportError:           # a tree from before issue 14's frames
    png_bytes = None

STEPS = 24


def cpu_ms(f):
    t = time.process_time()
    f()
    return (time.process_time() - t) * 1e3


def before(s, fig, state, viewer):
    """main's frame before issue 14: the full drawing, cleared and redrawn, saved by savefig (level 3)."""
    fig.clf()
    s.drawing.draw_state(state, viewer=viewer, ax=fig.add_subplot())        # wide: the default layout
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=s.dpi * s.pixel_ratio, facecolor="white",
                pil_kwargs={"compress_level": 3})


def measure(name, frame):
    try:
        s = Stepper(name, players=4, seed=1, frame=frame)
    except TypeError:             # a tree from before the tall frame: its stepper draws the wide one
        s = Stepper(name, players=4, seed=1)
    steps = list(range(1, s.last + 1, max(1, s.last // STEPS)))[:STEPS]
    views = [None if i % 2 == 0 else 2 for i in range(len(steps))]
    full = Figure(figsize=(9.5, 5.2))
    s.view_png(steps[0], None)          # the first frame renders what later frames keep
    before(s, full, s.history[steps[0]], None)
    new, old, build, render, encode, moves, states = [], [], [], [], [], [], []
    for k, v in zip(steps, views):
        states.append(cpu_ms(lambda: s.history[k]))        # the state itself (light histories rebuild it)
        new.append(cpu_ms(lambda: s.view_png(k, v)))
        old.append(cpu_ms(lambda: before(s, full, s.history[k], v)))
        if png_bytes is not None:
            build.append(cpu_ms(lambda: s._draw(s.history[k], v)))
            pixels = []
            render.append(cpu_ms(lambda: pixels.append(s._render.rgba(s._fig))))
            encode.append(cpu_ms(lambda: png_bytes(pixels[0])))
    s.view.value = None
    half = max(1, (steps[1] - steps[0]) // 2)
    for k in steps:               # a slider move to a step not shown yet: its state, frame, log and decision widgets
        moves.append(cpu_ms(lambda: setattr(s.slider, "value", min(s.last, k + half))))
    med = statistics.median

    def show(xs):
        return f"{med(xs):.0f}" if xs else "-"
    print(f"{name:16} {frame} frame {show(new):>4} ms (worst {max(new):.0f})   before {show(old):>4} ms   "
          f"shown again: build {show(build)} + render {show(render)} + PNG {show(encode)}   "
          f"state {show(states)}   slider move {show(moves)} ms", flush=True)


def main():
    print(f"matplotlib {matplotlib.__version__}; load average {os.getloadavg()[0]:.1f} (1 min); CPU ms, "
          f"median of {STEPS} steps (class and Player 2's views)")
    args = sys.argv[1:]
    frame = args[args.index("--frame") + 1] if "--frame" in args else "tall"
    names = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] != "--frame")]
    for name in names or game_names():     # (run_all's flags are left out)
        measure(name, frame)


if __name__ == "__main__":
    main()
