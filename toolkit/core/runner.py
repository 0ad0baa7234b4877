"""Running chunks of games: in this process, in local worker processes, or on a Dask cluster.

Whatever runs them, the rows come back in the order of the chunks, so a run gives the same rows with any
backend. Only a few chunks are in flight at a time (the work is made lazily); ``on_done`` is told as each chunk
finishes, in any order (that moves the progress bar). Stopping (an exception, Ctrl-C, SIGTERM turned into one)
ends every worker this module started before the exception goes on.
"""
from __future__ import annotations

import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
from collections import deque
from contextlib import contextmanager, nullcontext
from multiprocessing.connection import wait
from multiprocessing.pool import ExceptionWithTraceback  # type: ignore[attr-defined]  # the pool's own wrapper

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
    team = _Team()
    try:
        team.start(jobs)
        yield from team.play(chunks, on_done)
    except BaseException:               # a stop (KeyboardInterrupt, Terminated, close()) or a failed game
        team.end(stop=True)
        raise
    team.end(stop=False)


GRACE = 2.0            # seconds a worker has to end, asked (SIGTERM), before it is killed (SIGKILL)
_STOPS = {signal.SIGINT, signal.SIGTERM}


class WorkerLost(RuntimeError):
    """A local worker process ended with chunks unplayed (killed from outside, out of memory, os._exit)."""


class _Worker:
    def __init__(self, process, conn):
        self.process, self.conn, self.todo = process, conn, deque()     # todo: the chunk numbers sent to it


class _Team:
    """Worker processes, each with a pipe of its own to this process. Nothing is shared between processes, so a
    worker ended at any moment (even halfway through sending its rows) leaves no lock held that this process would
    wait for; and this process never waits for a worker without a deadline. (``multiprocessing.Pool`` shares a
    locked queue: ``terminate()`` could kill a worker holding its lock and then wait for that lock forever.)"""

    def __init__(self):
        self.workers: list[_Worker] = []

    def start(self, jobs):
        ctx = multiprocessing.get_context()
        # Ctrl-C and SIGTERM wait while the workers are made, so that none arrives in a worker before it ignores
        # Ctrl-C: each worker unblocks them once its handlers are set; here they arrive on leaving
        before = _mask(signal.SIG_BLOCK, _STOPS)
        try:
            for k in range(jobs):
                here, there = ctx.Pipe()
                mine = [w.conn for w in self.workers] + [here]         # ends a worker closes: only this process
                p = ctx.Process(target=_serve, args=(there, mine), name=f"toolkit-worker-{k + 1}", daemon=True)
                try:
                    p.start()
                except BaseException:
                    here.close()
                    raise
                finally:
                    there.close()
                self.workers.append(_Worker(p, here))           # only started workers: end() stops these
        finally:
            _mask(signal.SIG_SETMASK, before)

    def play(self, chunks, on_done):
        """Yield each chunk's rows in order; at most ``AHEAD`` chunks per worker sent or waiting to be yielded."""
        todo, done, following = enumerate(chunks), {}, 0
        room = AHEAD * len(self.workers)
        more = True
        while True:
            while more and len(done) + sum(len(w.todo) for w in self.workers) < room:
                w = min(self.workers, key=lambda w: len(w.todo))
                i, c = next(todo, (None, None))
                if i is None:
                    more = False
                    break
                try:
                    w.conn.send(c)
                except OSError:         # it died before or while it took the chunk in (a broken pipe)
                    raise self._lost(w) from None
                w.todo.append(i)
            while following in done:
                ok, rows = done.pop(following)
                if not ok:
                    raise rows
                following += 1
                yield rows
            busy = [w for w in self.workers if w.todo]
            if not busy:
                if not more and not done:
                    return
                continue
            # short waits: a signal is handled at once even if it lands in another thread of this process
            ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], 0.2)
            for w in busy:
                if w.conn in ready:
                    ok, rows = self._receive(w)
                    if ok:
                        on_done(len(rows))
                    done[w.todo.popleft()] = (ok, rows)
                elif w.process.sentinel in ready:
                    raise self._lost(w)

    def _receive(self, w):
        try:
            return w.conn.recv()
        except (EOFError, OSError):     # its pipe closed; killed halfway through sending: "connection reset"
            raise self._lost(w) from None

    @staticmethod
    def _lost(w):
        w.process.join(GRACE)           # its exit code, if it has ended
        code = w.process.exitcode
        if code is None:
            how = "its pipe closed while it still runs"
        elif code < 0:
            how = f"killed by {_signal_name(-code)} (from outside, or out of memory?)"
        else:                           # sys.exit is sent back as an error (_serve): this is os._exit or worse
            how = "it exited by itself (os._exit() in a game or an agent, or Python itself failed?)"
        return WorkerLost(f"worker process {w.process.pid} ended (exit code {code}) with its chunks unplayed: {how}")

    def end(self, stop: bool):
        """End every worker within a few seconds whatever it is doing: a stop asks at once (SIGTERM); at the end of
        a run each is told there is no more work first. One still there after ``GRACE`` is killed (SIGKILL)."""
        try:
            if not stop:
                for w in self.workers:
                    try:
                        w.conn.send(None)
                    except OSError:
                        pass
                self._wait_all(GRACE)
            for w in self.workers:
                if w.process.exitcode is None:
                    w.process.terminate()
            self._wait_all(GRACE)
        finally:                        # even if a second Ctrl-C lands in the waits above
            for w in self.workers:
                if w.process.exitcode is None:
                    w.process.kill()
            for w in self.workers:
                w.process.join(GRACE)
                w.conn.close()
                if w.process.exitcode is not None:
                    # its sentinel pipes now, not when the Process is collected: an error's traceback keeps it
                    w.process.close()

    def _wait_all(self, seconds):
        end = time.monotonic() + seconds
        while (left := [w.process.sentinel for w in self.workers if w.process.exitcode is None]):
            if time.monotonic() >= end:
                return
            wait(left, max(0.0, end - time.monotonic()))


def _mask(how, signals):
    return signal.pthread_sigmask(how, signals) if hasattr(signal, "pthread_sigmask") else set()   # not on Windows


def _signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _serve(conn, theirs):
    """A worker: play each chunk sent, send back ``(True, rows)`` or ``(False, exception)``; end on ``None``, when
    this process's pipe closes, or when this process ends."""
    # Ctrl-C reaches every process of the terminal: this process alone decides to stop, and ends the workers;
    # a forked worker must not keep this process's SIGTERM handler (a stop ends it with SIGTERM)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _mask(signal.SIG_UNBLOCK, _STOPS)
    for c in theirs:                    # else this process's end of a pipe never closes when it dies
        c.close()
    inbox = queue.SimpleQueue()
    threading.Thread(target=_take_in, args=(conn, inbox), name="toolkit-worker-inbox", daemon=True).start()
    while (chunk := inbox.get()) is not None:
        if type(chunk) is _Unreadable:  # the error is this chunk's; the worker goes on with the next
            error = RuntimeError(f"worker process {os.getpid()} could not unpickle the chunk sent to it: "
                                 f"{chunk.error!r}")
            answer = (False, ExceptionWithTraceback(error, chunk.error.__traceback__))
        else:
            try:
                answer = (True, play_chunk(chunk))
            except (Exception, SystemExit) as e:    # sys.exit in a game or an agent: an error that says so
                error = e if isinstance(e, Exception) else RuntimeError(
                    f"worker process {os.getpid()} was told to exit (SystemExit({e.code!r}): sys.exit() in a game or "
                    f"an agent?) while playing {_short(chunk)}")
                answer = (False, ExceptionWithTraceback(error, e.__traceback__))
        try:
            conn.send(answer)
        except OSError:                 # this process is gone
            return
        except Exception as e:          # rows or an exception that cannot be pickled
            conn.send((False, RuntimeError(f"the result of {_short(chunk)} could not be sent back: {e!r}")))


def _take_in(conn, inbox):
    """The worker's reader: each chunk is taken off the pipe as soon as it comes, so that this process never waits
    to send a chunk while the worker waits to send rows (a chunk and rows larger than the pipe holds would
    otherwise leave both writing for ever). ``None`` in ``inbox`` ends the worker: this process said so, its pipe
    closed, or it ended."""
    parent = multiprocessing.parent_process()
    try:
        while conn in wait([conn] + ([parent.sentinel] if parent else [])):
            try:
                chunk = conn.recv()
            except (EOFError, OSError):
                raise
            except Exception as e:      # its bytes came whole, only unpickling failed: the pipe is still in step
                chunk = _Unreadable(e)
            if chunk is None:
                break
            inbox.put(chunk)
    except (EOFError, OSError):
        pass
    finally:
        inbox.put(None)


class _Unreadable:
    """A chunk the worker could not unpickle (a class or function it cannot import?): answered by that error."""

    def __init__(self, error):
        self.error = error


def _short(chunk, most=300):
    text = repr(chunk)
    return text if len(text) <= most else text[:most] + "..."


def dask_client(scheduler=None, workers: int = 2, forked: bool = False):
    """A Dask client and what to close after: a new two-worker ``LocalCluster`` by default, or a running
    scheduler's address (``"tcp://host:8786"``), a cluster object, or a ``Client`` (left open). ``forked``: the
    workers come from a fork server that never takes Ctrl-C (``_workers_forked_ignoring_ctrl_c``); else Ctrl-C is
    ignored while they start, so that they inherit it ignored."""
    from distributed import Client, LocalCluster
    if scheduler is None:
        with nullcontext() if forked else _workers_ignore_ctrl_c():
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=logging.CRITICAL)   # errors come as
            # exceptions (":0": any free port; its HTTP server starts even without a dashboard, and on the
            # default 8787 it warns when two runs overlap); distributed's own log lines ("Couldn't gather keys") would break the one-line end
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
    with _workers_forked_ignoring_ctrl_c() as forked:
        yield from _on_dask_client_forked(chunks, jobs, scheduler, on_done, forked)


@contextmanager
def _workers_forked_ignoring_ctrl_c():
    """While a run lasts, a LocalCluster's nannies start their workers from multiprocessing's fork server (on
    POSIX), started here with Ctrl-C blocked: it and every worker it forks inherit the block (Python never lifts
    it), so none takes a Ctrl-C at any moment, the worker a nanny starts again after one was killed from outside
    too (spawned from this process, it took Ctrl-C while still importing, and printed a traceback). This process
    blocks Ctrl-C only while it starts the server, and never ignores it: one that comes meanwhile arrives after."""
    import dask
    import distributed  # noqa: F401 - its config first: leaving ``config.set`` would drop a key it did not know
    from distributed.utils import get_mp_context
    if "forkserver" not in multiprocessing.get_all_start_methods() or not hasattr(signal, "pthread_sigmask"):
        yield False
        return
    with dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"}):
        get_mp_context()                    # gives the fork server distributed's preload, before it starts
        from multiprocessing import forkserver, resource_tracker
        resource_tracker.ensure_running()   # first: starting, it unblocks Ctrl-C, which would undo the block below
        before = _mask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            forkserver.ensure_running()
        finally:
            _mask(signal.SIG_SETMASK, before)
        yield True


def _on_dask_client_forked(chunks, jobs, scheduler, on_done, forked=False):
    client, to_close = dask_client(scheduler, jobs, forked)
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


__all__ = ["BACKENDS", "WorkerLost", "dask_client", "run_chunks"]
