"""What keeps a classroom page's answers honest: the seats a view control may show, the one line an unexpected
error leaves on the page, and how a browser event names the frame it was made on.

Nothing here decides a rule; the stepper uses these so that a click answers only the question it was drawn for
and what a seat may not see never reaches the page.
"""
from __future__ import annotations

import io
import logging
import re
import sys

import ipywidgets as w
from traitlets import TraitError, observe, validate

from ..core.agents import Agent

LOG = logging.getLogger("toolkit.widgets")     # where a callback's full trace goes: the kernel's log, not the page
ARMING_MS = 500      # a person does not read a new decision and click within this: a quicker click is a repeat
FRAME_CLASS = "bgt-frame-"       # + the frame's number: the CSS class on the picture and the stepper of that frame
_FRAME = re.compile(rf"(?:^|\s){FRAME_CLASS}(\d+)(?:\s|$)")
LONGEST = 300        # characters of an error's message shown on the page


def _process_stderr():
    """The kernel process's own stderr: the server's console. Under ipykernel ``sys.stderr`` is sent to the page's
    front end, but its ``fileno()`` is a copy of the process's real stderr (elsewhere: the file descriptor 2)."""
    try:
        return open(sys.stderr.fileno(), "w", buffering=1, closefd=False, errors="replace")
    except (AttributeError, OSError, ValueError, io.UnsupportedOperation):
        return sys.__stderr__


if not LOG.handlers:        # a page's kernel has no logging set up: without this, Python's last resort writes
    _handler = logging.StreamHandler(_process_stderr())     # to sys.stderr, which ipykernel forwards to the page
    _handler.setFormatter(logging.Formatter("[toolkit.widgets] %(levelname)s | %(message)s"))
    LOG.addHandler(_handler)


def error_line(exc: BaseException) -> str:
    """The one plain line a page shows for an unexpected error: its message on one line, control and
    direction characters written out (``\\x1b``), never a trace or a file path from the kernel."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    text = "".join(c if c.isprintable() and not 0x202a <= ord(c) <= 0x202e and not 0x2066 <= ord(c) <= 0x2069
                   else c.encode("unicode_escape").decode() for c in text)
    if len(text) > LONGEST:
        text = text[:LONGEST - 1] + "\N{HORIZONTAL ELLIPSIS}"
    return f"That did not work: {text}"


def event_frame(event: dict) -> int | None:
    """The frame a browser event was made on, from the CSS class its target carried (ipyevents sends the
    target's ``className``); None when the target names no frame (a button inside, a test's event)."""
    target = event.get("target")
    names = target.get("className") if isinstance(target, dict) else None
    m = _FRAME.search(names) if isinstance(names, str) else None
    return int(m.group(1)) if m else None


class SeatViews(w.ToggleButtons):
    """The view control: it takes only the views it offers. ipywidgets' own control accepts ``index`` None (no
    button pressed, so the value None: the class view, every hidden card) and, from the browser, any index; here
    both are refused while not offered, the browser's selection is put back, and nothing is drawn. (traitlets
    skips validators for None, so None is refused where it is noticed: before anything else observes it.)"""

    @validate("index")
    def _validate_index(self, proposal):
        i = proposal.value
        if isinstance(i, bool) or not 0 <= i < len(self._options_labels):
            raise TraitError(f"not a view offered here: {i!r}")
        return i

    @validate("value")
    def _validate_value(self, proposal):
        v = proposal.value
        if not any(self.equals(o, v) for o in self._options_values):
            raise TraitError(f"not a view offered here: {v!r}")
        return next(o for o in self._options_values if self.equals(o, v))

    def _refuse(self, change):
        """Put ``change`` back without telling anyone but the browser, and refuse it."""
        self._trait_values[change.name] = change.old
        self.send_state("index")
        raise TraitError(f"not a view offered here: {change.new!r}")

    @observe("index")
    def _propagate_index(self, change):
        if change.new is None and self._options_labels:
            self._refuse(change)
        super()._propagate_index(change)

    @observe("value")
    def _propagate_value(self, change):
        # a value, None included where the class view is offered, selects its own button (never "no button")
        found = [i for i, o in enumerate(self._options_values) if self.equals(o, change.new)]
        if not found:
            self._refuse(change)
        if self.index is None or not self.equals(self._options_values[self.index], change.new):
            self.index = found[0]

    def set_state(self, sync_data):
        """A state from the browser: a view not offered changes nothing here, and the browser is told back."""
        try:
            super().set_state(sync_data)
        except TraitError:
            LOG.warning("a view not offered was asked for from the browser (%r): refused", sync_data)
            self.send_state("index")


class ClassOr(Agent):
    """Plays as ``agent`` except for the decision kinds the class answers (for any seat)."""

    def __init__(self, agent, kinds, person):
        self.agent, self.kinds, self.person = agent, kinds, person

    def choose(self, game, decision, rng):
        if decision.kind in self.kinds:
            return self.person.choose(game, decision, rng)
        return self.agent.choose(game, decision, rng)
