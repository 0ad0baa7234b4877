"""Helpers for tests that decide games through the Stepper."""
from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def frames_left_out(stepper):
    """Decide steps without drawing their frames: tests that read the views and the log, not the pictures
    (the frames have tests of their own), spend most of their time on pictures otherwise."""
    draw = stepper.frame_png
    stepper.frame_png = lambda k=None, viewer="current": b""
    try:
        yield stepper
    finally:
        stepper.frame_png = draw
