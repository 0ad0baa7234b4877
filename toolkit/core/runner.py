"""Running chunks of games: in this process, in local worker processes, or on a Dask cluster.

Whatever runs them, the rows come back in the order of the chunks, so a run gives the same rows with any
backend. Only a few chunks are in flight at a time (the work is made lazily); ``on_done`` is told as each chunk
finishes, in any order (that moves the progress bar). Stopping (an exception, Ctrl-C, SIGTERM turned into one)
ends every worker this module started before the exception goes on.
"""
from __future__ import annotations

import logging
import multiprocessing
import signal
import threading
from collections import deque
from contextlib import contextmanager

from .work import play_chunk

BACKENDS = ("local", "dask")
AHEAD = 2              # chunks in flight per worker: one running, one queued


def run_chunks(chunks, *, jobs: int = 1, backend: str = "local", scheduler=None, on_done=None):
    """Yield each chunk's rows, in the order of ``chunks`` (an iterable, consumed lazily)."""
    on_done = on_done or (lambda n: None)
    if backend == "dask":
        return _on_dask(chunks, jobs, scheduler, on_done)
    if jobs == 1:
        return _here(chunks, on_done)
    return _in_processes(chunks, jobs, on_done)


def _here(chunks, on_done):
    for c in chunks:
        rows = play_chunk(c)
        on_done(len(rows))
        yield rows


def _worker_init():
    # Ctrl-C reaches every process of the terminal: the parent alone decides to stop, and ends the workers;
    # a forked worker must not inherit the parent's SIGTERM handler (terminate() ends it with SIGTERM)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _in_order(chunks, submit, result, width, window):
    """Keep ``width`` chunks submitted (in ``window``); yield their results in order."""
    todo = iter(chunks)

    def fill():
        while len(window) < width:
            c = next(todo, None)
            if c is None:
                return
            window.append(submit(c))

    fill()
    while window:
        rows = result(window[0])
        window.popleft()
        fill()
        yield rows


def _in_processes(chunks, jobs, on_done):
    pool = multiprocessing.get_context().Pool(jobs, initializer=_worker_init)

    def submit(c):
        return pool.apply_async(play_chunk, (c,), callback=lambda rows: on_done(len(rows)))

    def result(r):
        while True:                     # short waits: a signal is handled at once
            try:
                return r.get(timeout=0.2)
            except multiprocessing.TimeoutError:
                pass

    try:
        yield from _in_order(chunks, submit, result, AHEAD * jobs, deque())
        pool.close()
    finally:
        pool.terminate()                # no-op after close(); otherwise ends the workers now
        pool.join()


def dask_client(scheduler=None, workers: int = 2):
    """A Dask client and what to close after: a new two-worker ``LocalCluster`` by default, or a running
    scheduler's address (``"tcp://host:8786"``), a cluster object, or a ``Client`` (left open)."""
    from distributed import Client, LocalCluster
    if scheduler is None:
        with _workers_ignore_ctrl_c():
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR)
        client = Client(cluster)
        return client, [client, cluster]
    if isinstance(scheduler, Client):
        return scheduler, []
    if hasattr(scheduler, "scheduler_address"):
        client = Client(scheduler)
        return client, [client]
    client = Client(str(scheduler), timeout="20s")
    return client, [client]


@contextmanager
def _workers_ignore_ctrl_c():
    """Worker processes started inside inherit an ignored SIGINT (Python keeps it ignored), so that Ctrl-C in
    the terminal reaches only this process, which then closes the cluster in order."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


class _InterruptedSyncCancel(logging.Filter):
    """Drops the one error distributed's event loop logs when Ctrl-C lands while the main thread waits in
    ``distributed.utils.sync``: its ``cancel`` callback then reads a ``future`` not yet set (a NameError inside
    distributed, after the wait is already over). The run has stopped as asked; the traceback would only hide
    the "stopped: N games kept" line."""

    def filter(self, record):
        return not (record.getMessage().startswith("Exception in callback")
                    and "sync.<locals>.cancel" in record.getMessage())


def _on_dask(chunks, jobs, scheduler, on_done):
    quiet = _InterruptedSyncCancel()
    logging.getLogger("tornado.application").addFilter(quiet)
    try:
        yield from _on_dask_client(chunks, jobs, scheduler, on_done)
    finally:
        logging.getLogger("tornado.application").removeFilter(quiet)


def _on_dask_client(chunks, jobs, scheduler, on_done):
    client, to_close = dask_client(scheduler, jobs)
    window = deque()
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))

        def submit(c):
            f = client.submit(play_chunk, c, pure=False)
            f.add_done_callback(lambda f, n=c.count: f.status == "finished" and on_done(n))
            return f

        yield from _in_order(chunks, submit, lambda f: f.result(), AHEAD * workers, window)
    finally:
        client.cancel(list(window))
        for x in to_close:
            x.close()


__all__ = ["BACKENDS", "dask_client", "run_chunks"]
