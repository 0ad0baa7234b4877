"""Monte Carlo: many seeded games, one row per game (pandas, or a CSV file written as the games finish).

Game i of a run uses seed ``seed + i``, and every row holds what replays it (``replay_row``), so the rows do
not depend on ``jobs`` or the backend. The work is made lazily in chunks of consecutive seeds (``work.py``),
run here, in local processes or on Dask (``runner.py``). Ctrl-C (or SIGTERM under ``sigterm_stops``) stops a
run cleanly: the rows of the chunks finished in seed order are kept, and ``Stopped`` says how many. Any other end
(a failed game, a lost worker, a full disk, a closed pipe) raises its own error, which carries ``kept`` and
``where`` too, so that the command line can say in one line what happened and what the file keeps.
"""
from __future__ import annotations

import csv
import io
import os
import signal
import sys
import threading
from contextlib import closing, contextmanager
from pathlib import Path
from types import FrameType

from .files import RowFile
from .rows import replay_row  # noqa: F401 - re-exported
from .runner import BACKENDS, run_chunks
from .settings import SEED_LIMIT, check_seed
from .work import Arm, chunk_size, chunks


class Terminated(KeyboardInterrupt):
    """SIGTERM, turned into an exception by ``sigterm_stops`` so that a run stops like on Ctrl-C."""


class Stopped(KeyboardInterrupt):
    """A run stopped by Ctrl-C or SIGTERM. ``kept`` games were kept in ``where``; ``frame`` holds them when the
    run was kept in memory. ``exit_code`` is the shell's 128 + signal number."""

    def __init__(self, kept: int, where: str, signum: int = signal.SIGINT, frame=None):
        name = signal.Signals(signum).name
        super().__init__(f"stopped by {name}: {kept or 'no'} games kept in {where}")
        self.kept, self.where, self.signum, self.frame = kept, where, int(signum), frame
        self.exit_code = 128 + int(signum)

    def __str__(self):
        return self.args[0]


@contextmanager
def sigterm_stops():
    """While inside, SIGTERM raises ``Terminated`` (a KeyboardInterrupt) in the main thread, so that a run
    stops cleanly instead of dying with its workers left behind."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        raise Terminated()

    before = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


@contextmanager
def signals_held():
    """Ctrl-C and SIGTERM wait while inside and arrive on leaving, so that a chunk's rows are written and counted
    together: a stop between the two would report fewer games than the file keeps. (A handler that only notes the
    signal, not a blocked signal mask: the mask is per thread, and a run's pool threads would take the signal.)"""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught = []
    held = (signal.SIGINT, signal.SIGTERM)
    before = {s: signal.signal(s, lambda signum, frame: caught.append(signum)) for s in held}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)
        if caught:
            signal.raise_signal(caught[0])      # now handled as it would have been


class _StopsKept:
    """Ctrl-C and SIGTERM (under ``sigterm_stops``) are taken as before, and also noted: a stop that lands while
    the interpreter runs a ``__del__`` (a Dask future's, collected mid-run) has its exception dropped (it would be
    printed: here it is not), and the run would go on. ``check``, called between chunks, raises a noted stop
    again, so that it ends the run as any other stop does."""

    def __init__(self):
        self.caught: list = []
        self.before: dict = {}
        self.hook = None

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            for s in (signal.SIGINT, signal.SIGTERM):
                handler = signal.getsignal(s)
                if callable(handler):          # a handler that raises (Python's own for Ctrl-C, sigterm_stops')
                    self.before[s] = handler
                    signal.signal(s, self._noted)
            self.hook, sys.unraisablehook = sys.unraisablehook, self._unraisable
        return self

    def _noted(self, signum, frame):
        self.caught.append(signum)
        self.before[signum](signum, frame)

    def _unraisable(self, unraisable):
        if not (self.caught and issubclass(unraisable.exc_type, KeyboardInterrupt)):
            self.hook(unraisable)

    def check(self) -> None:
        if self.caught:
            signum = self.caught[0]
            self.before[signum](signum, None)

    def __exit__(self, *exc):
        for s, handler in self.before.items():
            signal.signal(s, handler)
        if self.hook is not None:
            sys.unraisablehook = self.hook
        return False


class RowWriter:
    """CSV rows appended a chunk at a time, each chunk in one piece, so that the file is valid CSV at every
    moment: a full disk or a failed write cuts the file back to the last whole chunk (``files.RowFile``). The
    header goes first, before any game is played."""

    def __init__(self, out, columns, force=False):
        self.columns = list(columns)
        self.rows = 0
        if hasattr(out, "write"):
            self.stream, self.file, self.where = out, None, getattr(out, "name", "the stream")
            if self.stream is sys.stdout:
                self.where = "standard output"
        else:
            self.file = RowFile(out, force)
            self.stream, self.where = None, str(self.file.path)
        self._put([dict(zip(self.columns, self.columns))], header=True)

    def write(self, rows) -> None:
        self._put(rows)
        self.rows += len(rows)

    def _put(self, rows, header=False):
        buf = io.StringIO()
        w = csv.DictWriter(buf, self.columns, lineterminator="\n")
        w.writerows(rows)
        if self.file is not None:
            self.file.write(buf.getvalue().encode("utf-8"), rows=not header)
        else:
            self.stream.write(buf.getvalue())
            self.stream.flush()

    def close(self):
        if self.file is not None:
            self.file.close()

    def discard(self) -> None:
        """Remove the file this writer made, if it holds no rows (a run that failed or stopped before any): a
        rerun then needs no --force. A file that was there before the run is left as it was."""
        if self.file is not None and self.rows == 0:
            self.file.discard()


def _columns(arms) -> list[str]:
    """The union of the arms' columns, from the arm with most seats first (its score columns come in order)."""
    out = {}
    for arm in sorted(arms, key=lambda a: -a.players):
        out.update(dict.fromkeys(arm.columns()))
    return list(out)


def progress_shown(progress: bool | None, total: int) -> bool:
    """Whether a run shows its bar: never when ``TQDM_DISABLE`` is set (tqdm's own switch); else as asked;
    by default for 500 games or more, and only on a terminal or in a notebook (a log gets no bar frames)."""
    if os.environ.get("TQDM_DISABLE", "").strip().lower() not in ("", "0", "false", "no", "off"):
        return False
    if progress is not None:
        return bool(progress)
    return total >= 500 and (_in_notebook() or _terminal(sys.stderr))


def _terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):         # no stream, or a closed one
        return False


def _in_notebook() -> bool:
    """A Jupyter kernel runs this process (IPython imported and its shell a kernel's)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None and hasattr(ipython, "get_ipython") else None
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def check_main_guard() -> None:
    """A new Dask LocalCluster starts its workers by importing the main script again: a script that starts the
    run at its top level (no ``if __name__ == "__main__":``), or code read from standard input, would then start
    it again in every worker and end in "Nanny failed to start". Refused here in one line, before any work."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    if main is None or path is None or getattr(main, "__spec__", None) is not None:
        return            # a notebook, python -c, python -m: nothing of the caller is imported again
    advice = ('backend="dask" starts worker processes that import the main script again: ')
    if not os.path.isfile(path):
        raise RuntimeError(advice + f"code from {path} cannot be imported; save it to a file with the run "
                           'under `if __name__ == "__main__":`, or give scheduler= (a running cluster)')
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and not (frame.f_globals is main.__dict__ and frame.f_code.co_name == "<module>"):
        frame = frame.f_back
    if frame is not None and not _under_main_guard(path, frame.f_lineno):
        raise RuntimeError(advice + f'put the run in {Path(path).name} under `if __name__ == "__main__":` '
                           "(line {}), or give scheduler= (a running cluster)".format(frame.f_lineno))


def _under_main_guard(path: str, line: int) -> bool:
    """Whether ``line`` of the script is inside an ``if __name__ == "__main__":`` block."""
    import ast
    try:
        tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return True                 # cannot tell: let Dask try
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and _is_main_test(node.test) and node.body:
            if node.body[0].lineno <= line <= (node.body[-1].end_lineno or line):
                return True
    return False


def _is_main_test(test) -> bool:
    import ast
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s.id for s in sides if isinstance(s, ast.Name)]
    texts = [s.value for s in sides if isinstance(s, ast.Constant)]
    return names == ["__name__"] and texts == ["__main__"]


class _Bar:
    """A tqdm bar updated from worker-callback threads."""

    def __init__(self, total, show, desc):
        from tqdm.auto import tqdm
        self.bar = tqdm(total=total, disable=not show, desc=desc, unit="game")
        self.lock = threading.Lock()

    def update(self, n):
        with self.lock:
            self.bar.update(n)

    def close(self):
        self.bar.close()


def run_study(arms, *, games: int, seed: int = 0, jobs: int = 1, backend: str = "local", scheduler=None,
              out=None, force: bool = False, progress: bool | None = None, chunk: int | None = None, desc: str = ""):
    """Play ``games`` seeds in every arm. Returns a DataFrame (arm by arm, each in seed order), or with ``out``
    the path the rows were written to as chunks finished (rows are then not held in memory, so a long run does
    not grow; the file is in chunk order: a run of seeds for every arm, then the next)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a whole number of at least 1, not {games!r}")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"jobs must be a number of worker processes, at least 1, not {jobs!r}")
    if scheduler is not None:
        backend = "dask"
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if chunk is not None and (not isinstance(chunk, int) or chunk < 1):
        raise ValueError(f"chunk must be a number of games, at least 1, not {chunk!r}")
    seed = check_seed(seed)                      # refused here, not as the first game's failure
    if seed + games > SEED_LIMIT:
        raise ValueError(f"{games} games from seed {seed} need seeds up to {seed + games - 1}, past the largest "
                         "seed 2**64 - 1: start from a smaller seed or play fewer games")
    columns = _columns(arms)
    kept, rows_all, writer, bar = 0, [], None, None
    total = games * len(arms)
    if backend == "dask" and scheduler is None:
        check_main_guard()
    work = chunks(arms, seed, games, chunk or chunk_size(games, jobs if backend == "local" else max(2, jobs)))
    try:
        with signals_held():            # a stop waits until the file is made and known, so it is removed
            writer = RowWriter(out, columns, force) if out is not None else None   # checked before the work
        bar = _Bar(total, progress_shown(progress, total), desc)
        with _StopsKept() as stops, \
                closing(run_chunks(work, jobs=jobs, backend=backend, scheduler=scheduler, on_done=bar.update)) as done:
            for rows in done:
                stops.check()                   # a stop the interpreter dropped is taken here, between chunks
                with signals_held():
                    if writer is not None:
                        writer.write(rows)
                    else:
                        rows_all.extend(rows)
                    kept += len(rows)
    except KeyboardInterrupt as e:
        signum = signal.SIGTERM if isinstance(e, Terminated) else signal.SIGINT
        frame = None if writer is not None else _frame(rows_all, columns, arms)
        if writer is not None and kept == 0:
            writer.discard()
        raise Stopped(kept, writer.where if writer is not None else "memory (Stopped.frame)", signum,
                      frame) from None
    except BaseException as e:
        if writer is None and out is not None:      # the output was refused: no work was done
            raise
        if writer is not None and kept == 0:        # only the header this run wrote (no cluster, a failed game)
            writer.discard()
        try:                                        # what the command line's one line says
            setattr(e, "kept", kept)        # (any exception: not attributes a type checker knows)
            setattr(e, "where", writer.where if writer is not None else "memory")
        except AttributeError:
            pass
        raise
    finally:
        if bar is not None:
            bar.close()
        if writer is not None:
            writer.close()
    if writer is None:
        return _frame(rows_all, columns, arms)
    return writer.file.path if writer.file is not None else out


def _frame(rows, columns, arms):
    """The rows arm by arm, each in seed order: the same frame whatever the chunks were."""
    import pandas as pd
    if len(arms) > 1:
        order = {a.name: i for i, a in enumerate(arms)}
        rows.sort(key=lambda r: order[r["arm"]])
    return pd.DataFrame(rows, columns=columns)


def simulate(game: str, games: int = 1000, seed: int = 0, players: int = 4, agents="random", jobs: int = 1,
             options: dict | None = None, progress: bool | None = None, *, backend: str = "local", scheduler=None,
             out=None, force: bool = False, chunk: int | None = None):
    """Play ``games`` games of ``game`` from seeds ``seed, seed + 1, ...``; one row per game.

    ``agents``: a kind for every seat, or one per seat (a kind name, or ``{"kind": ..., parameters}``).
    ``jobs``: local worker processes (or Dask workers of a new LocalCluster). ``backend="dask"`` runs the
    chunks on Dask: a new two-worker LocalCluster (closed at the end), or ``scheduler="tcp://host:8786"`` (a
    running scheduler), or a ``distributed.Client`` or cluster to reuse across calls (left open).
    ``out``: a CSV path (or open text stream) the rows are appended to as chunks finish; an existing file is
    refused unless ``force``. Returns a DataFrame, or the path with ``out``.

    >>> df = simulate("disneyland", games=3, seed=1, players=2, progress=False)
    >>> list(df.columns[:4]), len(df), df.agents[0], df.options[0]
    (['seed', 'players', 'winner', 'turns'], 3, 'random', '{}')
    """
    arm = Arm.make(game, None, players, agents, options)
    return run_study([arm], games=games, seed=seed, jobs=jobs, backend=backend, scheduler=scheduler, out=out,
                     force=force, progress=progress, chunk=chunk, desc=f"{game} x{games}")


__all__ = ["RowWriter", "Stopped", "Terminated", "run_study", "signals_held", "sigterm_stops", "simulate"]
