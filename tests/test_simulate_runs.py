"""Long runs: lazy work, rows written as chunks finish, clean stops on SIGINT/SIGTERM with no worker left,
the output path checked before the work, failing games named, rows that replay."""
import csv
import os
import re
import signal
import subprocess
import sys
import time
import tracemalloc

import psutil
import pytest

from toolkit import replay_row, simulate
from toolkit.core import GameFailed, RowMismatch
from toolkit.core.runner import run_chunks
from toolkit.core.work import Arm, chunks
from toolkit.games.hamburgerspelet.agents import FadingMemory
from toolkit.core.registry import AGENTS
from toolkit.core.agents import RandomAgent
from toolkit.core.simulate import Stopped
from toolkit.games.mcdonalds.agents import McDonaldsHeuristic


def test_a_billion_games_are_made_lazily():
    tracemalloc.start()
    work = chunks([Arm.make("mcdonalds", None, 2)], 0, 10 ** 9, 200)
    first = [next(work) for _ in range(3)]
    size, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [(c.first, c.count) for c in first] == [(0, 200), (200, 200), (400, 200)]
    assert peak < 1_000_000


def test_the_progress_moves_as_each_chunk_finishes():
    done = []
    rows = list(run_chunks(chunks([Arm.make("mcdonalds", None, 2)], 0, 20, 3), jobs=2, on_done=done.append))
    assert sorted(done) == [2, 3, 3, 3, 3, 3, 3] and [len(r) for r in rows] == [3, 3, 3, 3, 3, 3, 2]


def test_rows_are_the_same_with_any_jobs_and_chunk_size():
    one = simulate("mcdonalds", games=30, seed=7, players=3, agents="heuristic", progress=False)
    two = simulate("mcdonalds", games=30, seed=7, players=3, agents="heuristic", jobs=2, chunk=4, progress=False)
    assert one.equals(two) and list(one.seed) == list(range(7, 37))


def test_out_writes_the_same_rows_and_refuses_an_existing_file(tmp_path):
    import pandas as pd
    path = tmp_path / "runs.csv"
    got = simulate("disneyland", games=12, seed=3, players=2, out=path, chunk=5, progress=False)
    assert got == path
    df = simulate("disneyland", games=12, seed=3, players=2, progress=False)
    back = pd.read_csv(path, keep_default_na=False)
    assert list(back.columns) == list(df.columns) and list(back.seed) == list(df.seed)
    assert list(back.score_1) == list(df.score_1) and list(back.options) == ["{}"] * 12
    with pytest.raises(FileExistsError, match="exists"):
        simulate("disneyland", games=2, players=2, out=path, progress=False)
    simulate("disneyland", games=2, players=2, out=path, force=True, progress=False)
    assert len(pd.read_csv(path)) == 2
    with pytest.raises(FileNotFoundError, match="no such folder"):
        simulate("disneyland", games=2, players=2, out=tmp_path / "nope" / "x.csv", progress=False)
    with pytest.raises(IsADirectoryError):
        simulate("disneyland", games=2, players=2, out=tmp_path, progress=False)


def test_bad_run_arguments_are_refused():
    for kw, text in (({"jobs": 0}, "jobs"), ({"games": 0}, "games"), ({"backend": "spark"}, "backend"),
                     ({"chunk": 0}, "chunk"), ({"agents": "person"}, "person")):
        with pytest.raises(ValueError, match=text):
            simulate("mcdonalds", **{"games": 2, "players": 2, "progress": False, **kw})


def test_rows_replay_from_a_frame_and_from_csv(tmp_path):
    import pandas as pd
    kinds = ["no-memory", FadingMemory(half_life=20)]
    df = simulate("hamburgerspelet", games=4, seed=11, players=2, agents=kinds, progress=False)
    assert df.agents[0] == '["no-memory",{"kind":"fading-memory","half_life":20.0}]'
    for _, row in df.iterrows():
        game = replay_row(row)
        assert game.scores() == [row.score_1, row.score_2] and game.turn == row.turns
    df.to_csv(tmp_path / "r.csv", index=False)
    row = pd.read_csv(tmp_path / "r.csv").iloc[2]
    assert replay_row(row).seed == 13
    bad = dict(df.iloc[0])
    bad["score_1"] += 1
    with pytest.raises(RowMismatch, match="score_1"):
        replay_row(bad)


def test_an_agent_that_a_row_cannot_rebuild_is_refused():
    class Odd(FadingMemory):
        name = "odd"
    with pytest.raises(ValueError, match="not a registered kind"):
        simulate("hamburgerspelet", games=1, players=2, agents=Odd(), progress=False)


class _Broken(McDonaldsHeuristic):
    name = "broken"

    def choose(self, game, d, rng):
        if game.seed == 6:
            raise ZeroDivisionError("deliberately")
        return super().choose(game, d, rng)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failing_game_names_its_game_arm_and_seed(monkeypatch, jobs):
    from toolkit.experiments import compare
    monkeypatch.setitem(AGENTS["mcdonalds"], "broken", _Broken)
    with pytest.raises(GameFailed, match=r"mcdonalds seed 6, arm 'b': ZeroDivisionError: deliberately") as e:
        compare("mcdonalds", {"a": {}, "b": {"agents": "broken"}}, games=8, seed=2, players=2, jobs=jobs,
                chunk=2, progress=False)
    assert (e.value.game, e.value.arm, e.value.seed) == ("mcdonalds", "b", 6)


def test_a_run_that_fails_before_any_row_leaves_no_file_behind(monkeypatch, tmp_path):
    """A failure before the first chunk (here the first game; or no Dask scheduler) removes the header-only file
    the run made, so the same command runs again without --force; rows already written stay."""
    monkeypatch.setitem(AGENTS["mcdonalds"], "broken", _Broken)
    first, later = tmp_path / "first.csv", tmp_path / "later.csv"
    with pytest.raises(GameFailed, match="seed 6"):
        simulate("mcdonalds", games=4, seed=6, players=2, agents="broken", out=first, progress=False)
    assert not first.exists()
    with pytest.raises(GameFailed, match="seed 6"):
        simulate("mcdonalds", games=6, seed=2, players=2, agents="broken", chunk=2, out=later, progress=False)
    with open(later, newline="") as f:
        assert [int(r["seed"]) for r in csv.DictReader(f)] == [2, 3, 4, 5]


def _start(tmp_path, *args):
    out = tmp_path / "long.csv"
    cmd = [sys.executable, "-m", "toolkit", "simulate", "mcdonalds", "--games", str(10 ** 9), "--players", "2",
           "--chunk", "5", "--out", str(out), *args]
    # Ctrl-C as a terminal gives it: a shell starting the suite in the background hands on SIGINT ignored
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    return p, out


def _wait_for_rows(p, out, rows=12, timeout=120):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if out.exists() and out.read_text().count("\n") > rows:
            return
        assert p.poll() is None, p.communicate()
        time.sleep(0.2)
    raise AssertionError("no rows were written")


@pytest.mark.slow
def test_workers_end_with_their_parent_even_when_it_is_killed(tmp_path):
    p, out = _start(tmp_path, "--jobs", "2")
    try:
        _wait_for_rows(p, out)
        workers = psutil.Process(p.pid).children(recursive=True)
        assert len(workers) >= 2
        p.kill()                           # SIGKILL: no handler runs, nothing cleans up in the parent
        p.communicate(timeout=60)
        _, alive = psutil.wait_procs(workers, timeout=10)
        assert not alive
        with open(out, newline="") as f:
            rows = list(csv.DictReader(f))
        assert [int(r["seed"]) for r in rows] == list(range(len(rows)))     # whole chunks only
    finally:
        if p.poll() is None:
            p.kill()


@pytest.mark.slow
@pytest.mark.parametrize("how, backend", [("SIGINT to the process group (Ctrl-C)", "local"),
                                          ("SIGTERM to the parent", "local"),
                                          ("SIGINT to the process group (Ctrl-C)", "dask"),
                                          ("SIGINT to the process group after a worker is killed", "dask")])
def test_a_stopped_run_keeps_a_valid_csv_and_leaves_no_worker(tmp_path, how, backend):
    """A stop mid-run; with Dask also after one of its workers was killed from outside: its nanny starts another,
    which must ignore Ctrl-C as the first did (issue 35 item 4: it printed a KeyboardInterrupt traceback)."""
    if backend == "dask":
        pytest.importorskip("distributed")
    p, out = _start(tmp_path, "--jobs", "2", "--backend", backend)
    try:
        _wait_for_rows(p, out)
        me = psutil.Process(p.pid)
        workers = me.children(recursive=True)
        assert len(workers) >= 2
        assert me.memory_info().rss < 400 * 2 ** 20         # a billion games asked for, nothing allocated for them
        if "killed" in how:
            server = next(w for w in me.children() if "forkserver" in " ".join(w.cmdline()))
            victim = server.children()[0]                   # the workers are forked by multiprocessing's server
            victim.kill()
            victim.wait(10)
            end = time.monotonic() + 120                    # a deadline for a hang, not a timed assertion
            while len(_alive(server.children())) < 2 and time.monotonic() < end:
                time.sleep(0.2)
            assert len(_alive(server.children())) == 2      # a new worker took the place of the killed one
            before = out.read_text().count("\n")
            _wait_for_rows(p, out, rows=before + 20)        # and the run goes on
            workers = me.children(recursive=True)
        if how.startswith("SIGINT"):
            os.killpg(p.pid, signal.SIGINT)
            code = 130
        else:
            p.send_signal(signal.SIGTERM)
            code = 143
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == code, err
    lines = err.strip().splitlines()
    name = "SIGINT" if how.startswith("SIGINT") else "SIGTERM"
    assert len(lines) == 1 and lines[0].startswith(f"stopped by {name}: "), err
    assert lines[0].endswith(f"games kept in {out}"), err
    kept = int(lines[0].split()[3])
    with open(out, newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == kept > 0 and [int(r["seed"]) for r in rows] == list(range(kept))
    assert all(r["options"] == "{}" and r["game"] == "mcdonalds" for r in rows)
    time.sleep(0.5)
    assert not [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]


def _alive(processes):
    alive = []
    for w in processes:
        try:
            if w.status() != psutil.STATUS_ZOMBIE:
                alive.append(w)
        except psutil.NoSuchProcess:
            pass
    return alive


def test_cli_checks_the_output_path_before_the_work(tmp_path):
    out = tmp_path / "x.csv"
    out.write_text("keep me\n")
    run = [sys.executable, "-m", "toolkit", "simulate", "mcdonalds", "--games", "3", "--players", "2"]
    r = subprocess.run(run + ["--out", str(out)], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.strip().endswith("exists: use --force (force=True) to overwrite it")
    assert out.read_text() == "keep me\n"
    r = subprocess.run(run + ["--out", str(out), "--force", "--options", '{"errors": 0.3}'], capture_output=True,
                       text=True)
    assert r.returncode == 0, r.stderr
    assert out.read_text().count("\n") == 4 and '"{""errors"":0.3}"' in out.read_text()
    r = subprocess.run(run + ["--jobs", "0"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("error: jobs must be") and "Traceback" not in r.stderr


def test_a_stop_waits_until_a_chunk_is_written_and_counted(request):
    """A Ctrl-C between writing a chunk and counting it made the run report fewer games than its file kept (seen
    under load: 'stopped: 370 games' over 375 rows); inside ``signals_held`` the signal waits, then arrives."""
    from toolkit.core.simulate import signals_held
    done = []
    before = signal.signal(signal.SIGINT, signal.default_int_handler)   # as in a terminal, even if the suite's
    request.addfinalizer(lambda: signal.signal(signal.SIGINT, before))  # shell handed SIGINT on ignored
    with pytest.raises(KeyboardInterrupt):
        with signals_held():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)
            done.append("written")
            done.append("counted")
    assert done == ["written", "counted"]


def test_only_distributeds_interrupted_wait_is_kept_off_a_stopped_dask_run():
    """Ctrl-C landing inside distributed's ``sync`` makes its event loop log a NameError from the ``cancel``
    callback (distributed's own, after the wait is over): the runner drops that one record while a Dask run
    lasts, so a stopped run prints only its "stopped: ..." line; every other loop error still shows."""
    import logging

    from toolkit.core.runner import _InterruptedSyncCancel

    def record(msg):
        return logging.LogRecord("tornado.application", logging.ERROR, __file__, 1, msg, None, None)
    quiet = _InterruptedSyncCancel()
    assert not quiet.filter(record("Exception in callback functools.partial(<function sync.<locals>.cancel at 0x7f>)"))
    assert quiet.filter(record("Exception in callback functools.partial(<function Worker.heartbeat at 0x7f>)"))
    assert quiet.filter(record("Uncaught exception in a request"))


_STUCK_RUN = r"""
import os, signal, sys, threading, time
from pathlib import Path
from toolkit import simulate
from toolkit.core.registry import AGENTS
from toolkit.core.simulate import Stopped
from toolkit.games.mcdonalds.agents import McDonaldsHeuristic

how, marker, out = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
signal.signal(signal.SIGINT, signal.default_int_handler)     # as in a terminal, whatever the shell handed on


class Stuck(McDonaldsHeuristic):
    name = "stuck"

    def choose(self, game, d, rng):
        if game.seed == 3:
            marker.write_text(str(os.getpid()))
            if how == "dies":
                os.kill(os.getpid(), signal.SIGKILL)        # as the out-of-memory killer ends a process
            signal.signal(signal.SIGTERM, signal.SIG_IGN)   # a worker stuck where SIGTERM cannot end it
            while True:
                time.sleep(1)
        return super().choose(game, d, rng)


AGENTS["mcdonalds"]["stuck"] = Stuck


def ctrl_c():
    while not marker.exists():
        time.sleep(0.05)
    os.kill(os.getpid(), signal.SIGINT)


if how == "ignores SIGTERM":
    threading.Thread(target=ctrl_c, daemon=True).start()
try:
    simulate("mcdonalds", games=40, players=2, agents="stuck", jobs=2, chunk=1, out=out, progress=False)
except (Stopped, RuntimeError) as e:
    print(type(e).__name__, e)
"""


@pytest.mark.slow
@pytest.mark.parametrize("how", ["ignores SIGTERM", "dies"])
def test_a_stuck_or_dead_worker_cannot_hold_up_the_end_of_a_run(tmp_path, how):
    """A stop ends a worker that ignores SIGTERM (SIGKILL after a grace); a worker that dies (killed from outside,
    perhaps while sending its rows: ``multiprocessing.Pool`` then waited for ever for a lock it held, or for its
    rows) ends the run with an error naming it. Either way no worker is left, and whole chunks are kept."""
    marker, out = tmp_path / "stuck.pid", tmp_path / "rows.csv"
    p = subprocess.Popen([sys.executable, "-c", _STUCK_RUN, how, str(marker), str(out)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        said, err = p.communicate(timeout=60)
    finally:                            # a hung run and its stuck worker are not left on the machine
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 0, err
    if how == "dies":
        assert said.startswith(f"WorkerLost worker process {marker.read_text()} ended (exit code -9)"), said
    else:
        assert said.startswith("Stopped stopped by SIGINT: ") and said.strip().endswith(f"games kept in {out}"), said
    stuck = int(marker.read_text())
    assert not psutil.pid_exists(stuck) or psutil.Process(stuck).status() == psutil.STATUS_ZOMBIE
    seeds = []                          # a run failing before its first rows leaves no file
    if out.exists():
        with open(out, newline="") as f:
            seeds = [int(row["seed"]) for row in csv.DictReader(f)]
    assert seeds == list(range(len(seeds))) and len(seeds) <= 3      # seed 3 was never finished
    if how != "dies":
        assert said.split()[4] == (str(len(seeds)) if seeds else "no")


def test_a_failed_run_keeps_no_pipe_of_its_workers_open(monkeypatch):
    """The error of a failed run is kept (a notebook keeps the last one, with its traceback and so the ended
    workers), yet the workers' pipes are closed at once, not when the error is garbage-collected."""
    monkeypatch.setitem(AGENTS["mcdonalds"], "broken", _Broken)
    me = psutil.Process()
    before = me.num_fds()
    with pytest.raises(GameFailed) as kept:
        simulate("mcdonalds", games=8, seed=2, players=2, agents="broken", jobs=2, chunk=2, progress=False)
    assert me.num_fds() == before, kept.value


class _Exits(McDonaldsHeuristic):
    """Ends its process in game 6: ``sys.exit(3)``, or ``os._exit(5)`` (no exception, no clean-up) when ``hard``."""
    name = "exits"
    hard = False

    def choose(self, game, d, rng):
        if game.seed == 6:
            if self.hard:
                os._exit(5)
            sys.exit(3)
        return super().choose(game, d, rng)


@pytest.mark.parametrize("hard", [False, True])
def test_a_worker_that_exits_by_itself_says_so_and_is_not_called_killed(monkeypatch, hard):
    """sys.exit in a game comes back as an error naming SystemExit, its code and the chunk (the worker goes on); a
    worker that ends itself without an exception (os._exit) is named with its exit code, not as killed from outside
    (the one report a killed worker gets: test_a_stuck_or_dead_worker_cannot_hold_up_the_end_of_a_run)."""
    monkeypatch.setattr(_Exits, "hard", hard)
    monkeypatch.setitem(AGENTS["mcdonalds"], "exits", _Exits)
    with pytest.raises(RuntimeError) as e:
        simulate("mcdonalds", games=8, seed=2, players=2, agents="exits", jobs=2, chunk=2, progress=False)
    said = str(e.value)
    assert "killed" not in said and "out of memory" not in said, said
    if hard:
        assert re.fullmatch(r"worker process \d+ ended \(exit code 5\) with its chunks unplayed: it exited by itself "
                            r"\(os\._exit\(\) in a game or an agent, or Python itself failed\?\)", said), said
    else:
        assert re.match(r"worker process \d+ was told to exit \(SystemExit\(3\): sys\.exit\(\) in a game or an "
                        r"agent\?\) while playing Chunk\(arm=Arm\(game='mcdonalds'.*first=6, count=2\)$", said), said
        assert "sys.exit(3)" in str(e.value.__cause__)          # the worker's traceback: where it was told to exit


_LARGE_CHUNKS = """
import sys
from toolkit.core.runner import run_chunks
from toolkit.core.work import Arm, Chunk

# an arm whose description (here its name; or many agents' settings) is larger than a pipe holds, and so is each row
arm = Arm("mcdonalds", "x" * int(sys.argv[1]), 2, ("random", "random"), "{}")
rows = list(run_chunks((Chunk(arm, seed, 1) for seed in range(8)), jobs=2))
print([r[0]["seed"] for r in rows], {len(r[0]["arm"]) for r in rows})
"""


def test_chunks_and_rows_larger_than_a_pipe_holds_do_not_hang_the_run():
    """With a chunk queued behind the one a worker plays, this process sent the next chunk while the worker sent its
    rows: both larger than a pipe holds, each waited for the other to read, for ever. Time-bound in a process of its
    own, so that a hang fails here instead of holding up the suite."""
    size = 400_000                      # a Unix socket pair holds about 200 KB each way
    p = subprocess.Popen([sys.executable, "-c", _LARGE_CHUNKS, str(size)], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        said, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        said, err = "", "hung: no rows within 60 s"
    finally:                            # a hung run and its workers are not left on the machine
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
    assert p.returncode == 0 and said.strip() == f"[0, 1, 2, 3, 4, 5, 6, 7] {{{size}}}", err


def _rebuild_refused():
    raise ValueError("this chunk cannot be rebuilt in a worker")


class _Unreadable:
    """Pickles here, fails to unpickle in the worker (as a chunk naming a class the worker cannot import would)."""

    def __reduce__(self):
        return _rebuild_refused, ()


def test_a_chunk_a_worker_cannot_unpickle_is_named_as_such():
    """The worker's reader thread once ended the worker quietly (exit code 0) on a chunk it could not unpickle, and
    the run blamed 'os._exit() in a game'; now that chunk's error comes back in its turn, after the chunks before it."""
    arm = Arm.make("mcdonalds", None, 2)
    done = []
    with pytest.raises(RuntimeError) as e:
        for rows in run_chunks([*chunks([arm], 0, 4, 2), _Unreadable()], jobs=2):
            done.append(rows[0]["seed"])
    said = str(e.value)
    assert done == [0, 2], said
    assert re.fullmatch(r"worker process \d+ could not unpickle the chunk sent to it: ValueError\('this chunk cannot "
                        r"be rebuilt in a worker'\)", said), said
    assert "_rebuild_refused" in str(e.value.__cause__)         # the worker's traceback: where unpickling failed


def _exit_now():
    os._exit(5)


class _ExitsOnArrival:
    """Ends the worker that unpickles it (``os._exit(5)``) before it reads what was sent after it."""

    def __reduce__(self):
        return _exit_now, ()


def test_a_worker_that_dies_while_a_chunk_is_sent_to_it_is_reported_as_any_death():
    """The first worker dies on taking in its first chunk while its second chunk, larger than a pipe holds, is
    being sent: the send breaks (BrokenPipeError, before) and the run says how the worker ended, as for any death."""
    arm = Arm.make("mcdonalds", None, 2)
    small = list(chunks([arm], 0, 2, 1))
    sent = [_ExitsOnArrival(), small[0], "x" * 1_000_000, small[1]]        # workers 1, 2, 1, 2
    with pytest.raises(RuntimeError) as e:
        list(run_chunks(sent, jobs=2))
    assert re.fullmatch(r"worker process \d+ ended \(exit code 5\) with its chunks unplayed: it exited by itself "
                        r"\(os\._exit\(\) in a game or an agent, or Python itself failed\?\)", str(e.value)), e.value


def test_an_arm_crosses_to_workers_as_its_fields_after_playing_here(monkeypatch):
    """An arm keeps what it looked up for its games (class, options, agent kinds) but sends only its fields to a
    worker: a kind made in a notebook (a lambda, which cannot be pickled) does not stop a run, and the arm that
    arrives plays the same games."""
    import pickle
    from toolkit.core.agents import RandomAgent
    monkeypatch.setitem(AGENTS, "disneyland", {**AGENTS.get("disneyland", {}), "mine": lambda: RandomAgent()})
    arm = Arm.make("disneyland", "mine-arm", 3, "mine", {})
    here = [arm.play(s) for s in (1, 2)]
    sent = pickle.loads(pickle.dumps(arm))
    assert sent == arm and "_made" not in vars(sent)
    assert [sent.play(s) for s in (1, 2)] == here
    assert here[0]["agents"] == "mine" and here[0]["arm"] == "mine-arm"


class _StopInDel:
    """Sends this process Ctrl-C from inside ``__del__``, where Python prints the exception and drops it."""

    def __del__(self):
        signal.raise_signal(signal.SIGINT)


class _DropsAStop(RandomAgent):
    """A random agent that, once, lets a Ctrl-C land inside an object's ``__del__`` (as a Dask future's does)."""
    fired = False

    def choose(self, game, decision, rng):
        if game.seed == 7 and not _DropsAStop.fired:
            _DropsAStop.fired = True
            _StopInDel()                    # made and dropped at once: its __del__ runs here
        return super().choose(game, decision, rng)


def test_a_stop_dropped_inside_a_del_still_ends_the_run(monkeypatch, capfd):
    """A Ctrl-C that lands while the interpreter runs a ``__del__`` is printed and dropped by Python; the run
    takes it at the chunk's end instead of playing on, and says nothing but that it stopped (a Dask run's futures
    are collected mid-run: a CI run once lost its Ctrl-C that way)."""
    import sys
    import threading
    if threading.current_thread() is not threading.main_thread():
        pytest.skip("signal handlers are set only from the main thread")
    monkeypatch.setitem(AGENTS["mcdonalds"], "drops-a-stop", _DropsAStop)
    monkeypatch.setattr(_DropsAStop, "fired", False)
    # Ctrl-C as an interactive session takes it (a process started in the background ignores it from birth)
    outside = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        before = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), sys.unraisablehook)
        with pytest.raises(Stopped) as stop:
            simulate("mcdonalds", games=400, seed=0, players=2, agents="drops-a-stop", chunk=5, progress=False)
        after = (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM), sys.unraisablehook)
    finally:
        signal.signal(signal.SIGINT, outside)
    assert _DropsAStop.fired
    assert stop.value.kept == 5                     # taken as the chunk of seeds 5-9 ends: as any stop mid-chunk,
    assert list(stop.value.frame.seed) == list(range(5))     # that chunk is not kept
    assert "Exception ignored" not in capfd.readouterr().err
    assert after == before
