"""Ctrl-C or SIGTERM while ``python -m toolkit`` is still importing its modules: one line and the shell's exit
status (130, 143), not a ``KeyboardInterrupt`` traceback or a silent end. Nothing has been started or written yet,
so ending at once is safe. ``main()`` takes the signals over (``restore``) before it does any work.

Imports only the standard library: it is set up first thing, before the toolkit's heavy modules.
"""
from __future__ import annotations

import os
import signal
import sys

_STOPS = (signal.SIGINT, signal.SIGTERM)
_before: dict = {}
_over = False


def _stop(signum, frame):
    if _over:                            # a handler put back after the start (by a ``with`` that ends): as default
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
        return
    name = signal.Signals(signum).name
    os.write(2, f"stopped by {name} while starting: no game played, nothing written\n".encode())
    os._exit(128 + signum)


def running_as_main() -> bool:
    """True while ``python -m toolkit`` imports the package: ``runpy`` is finding the module ``toolkit`` to run
    (a ``python -m`` of another module that imports the toolkit keeps its own handling of signals)."""
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "_run_module_as_main" and frame.f_globals.get("__name__") == "runpy":
            return frame.f_locals.get("mod_name") in ("toolkit", "toolkit.__main__")
        frame = frame.f_back
    return False


def stop_while_starting() -> None:
    """Until ``restore``, a stop ends the process with one line. A signal the shell ignores stays ignored."""
    for s in _STOPS:
        handler = signal.getsignal(s)
        if handler is not signal.SIG_IGN and s not in _before:
            _before[s] = handler
            signal.signal(s, _stop)


def restore() -> None:
    """The handlers as they were before ``stop_while_starting`` (those not replaced since)."""
    global _over
    _over = True
    while _before:
        s, handler = _before.popitem()
        if signal.getsignal(s) is _stop:
            signal.signal(s, handler)
