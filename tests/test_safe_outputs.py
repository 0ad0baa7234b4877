"""Outputs that cannot be turned against their user (issue 35, items 1-4): only a regular or a new file is
written, a failed run removes only a file it made, rows are whole at every moment, and every way a run ends
prints one line saying what happened and how many games were kept."""
import csv
import os
import signal
import stat
import subprocess
import sys

import pytest

from toolkit import simulate
from toolkit.core import GameFailed
from toolkit.core.registry import AGENTS
from toolkit.games.mcdonalds.agents import McDonaldsHeuristic


def cli(*args, **kw):
    return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True, **kw)


class _Broken(McDonaldsHeuristic):
    name = "broken"

    def choose(self, game, decision, rng):
        raise ZeroDivisionError("a broken agent")


@pytest.fixture
def broken(monkeypatch):
    monkeypatch.setitem(AGENTS["mcdonalds"], "broken", _Broken)


def _rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def test_a_device_fifo_or_symlink_is_refused_untouched_even_with_force(tmp_path, broken):
    """Item 1: a failed --force run unlinked its output, whatever it was (a device node, a symlink); item 2: a FIFO
    hung the run. Each is now refused before any work, with one line, and left as it was."""
    target = tmp_path / "target.csv"
    target.write_text("keep me\n")
    link, fifo, node = tmp_path / "link.csv", tmp_path / "fifo", tmp_path / "node"
    link.symlink_to(target)
    os.mkfifo(fifo)
    outs = [link, fifo]
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))      # a /dev/null of our own (needs root)
        outs.append(node)
    except PermissionError:
        pass
    before = {p: os.lstat(p) for p in outs}
    for out in outs:
        with pytest.raises(OSError, match="not a regular file: outputs are written only to regular files"):
            simulate("mcdonalds", games=4, players=2, agents="broken", out=out, force=True, progress=False)
        after = os.lstat(out)
        assert (after.st_mode, after.st_ino, after.st_rdev) == (before[out].st_mode, before[out].st_ino,
                                                                before[out].st_rdev)
    assert target.read_text() == "keep me\n"
    # the command line: one line, exit 2, even for a FIFO nobody reads (the timeout only guards a hang)
    r = cli("simulate", "mcdonalds", "--games", "4", "--players", "2", "--out", str(fifo), "--force", timeout=60)
    assert r.returncode == 2 and r.stderr == f"error: {fifo} is a named pipe (FIFO), not a regular file: outputs " \
                                             "are written only to regular files\n"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_a_failed_run_removes_only_a_file_it_made(tmp_path, broken):
    """Item 1: a forced run failing before its first row removed the file that was there; it is now left whole
    (the rows would have replaced it only once the first were written). A file the run made itself is removed,
    so the same command runs again without --force."""
    old, new = tmp_path / "old.csv", tmp_path / "new.csv"
    old.write_text("the last run's rows\n")
    failures = []
    for out in (old, new):
        with pytest.raises(GameFailed) as e:
            simulate("mcdonalds", games=4, seed=6, players=2, agents="broken", out=out, force=True, progress=False)
        failures.append(e.value)
    assert old.read_text() == "the last run's rows\n"
    assert not new.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.csv"]         # no temporary file left either
    assert [(e.kept, e.where) for e in failures] == [(0, str(old)), (0, str(new))]
    # a forced run that succeeds replaces the old file whole
    simulate("mcdonalds", games=3, players=2, out=old, force=True, progress=False)
    assert [r["seed"] for r in _rows(old)] == ["0", "1", "2"]


_LIMITED = r"""
import resource, signal, sys
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)       # a write past the limit then fails with EFBIG, as on a full disk
limit = int(sys.argv[1])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from toolkit.__main__ import main
sys.exit(main(sys.argv[2:]))
"""


def test_a_full_disk_leaves_only_whole_rows(tmp_path):
    """Item 3: a full disk left a half row (``1197,4,2,87,``). The file cannot grow past a few rows here (a file
    size limit: the kernel writes what fits, then refuses, as a full disk does); the run ends with one line saying
    so and how many games were kept, and the file holds exactly those games, whole."""
    out = tmp_path / "rows.csv"
    r = subprocess.run([sys.executable, "-c", _LIMITED, "2000", "simulate", "disneyland", "--games", "200",
                        "--chunk", "3", "--out", str(out)], capture_output=True, text=True)
    text = out.read_text()
    assert text.endswith("\n") and len(text) <= 2000
    rows = _rows(out)
    assert [int(r["seed"]) for r in rows] == list(range(len(rows))) and all(r["options"] == "{}" for r in rows)
    assert r.returncode == 1, r.stderr
    said = r.stderr.strip()
    assert "\n" not in said and said.startswith("error: the output could not grow: File too large"), said
    assert said.endswith(f"; {len(rows)} games kept in {out}") and len(rows) % 3 == 0 and rows, said


def test_a_closed_output_pipe_ends_the_run_with_one_line():
    """Item 4: ``simulate ... | head -1``: the run ends saying the output was closed and how many games went out."""
    p = subprocess.Popen([sys.executable, "-m", "toolkit", "simulate", "disneyland", "--games", "100000",
                          "--chunk", "50"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().startswith("seed,")
        p.stdout.close()
        err = p.stderr.read()
        p.wait(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 1
    assert err.count("\n") == 1 and err.startswith("error: the output was closed (broken pipe); "), err
    assert err.strip().endswith("games kept in standard output"), err


_LIMITED_MEMORY = r"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (1500 * 2**20, 1500 * 2**20))    # an old run is stopped, not the machine
from toolkit.__main__ import main
code = main(sys.argv[1:])
# this process's own peak (VmHWM): ru_maxrss would keep the peak of the pytest worker it was forked from
peak = next(line for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(int(peak.split()[1]) // 1024)
sys.exit(code)
"""


def _endless_mcdonalds_record(path, options):
    """A 1 KB McDonald's record whose options make a menu read again and again (issue 35 item 6)."""
    import json
    from toolkit.core import RandomAgent, make_record, new_game, play
    g = new_game("mcdonalds", players=2, seed=1)
    play(g, [RandomAgent()] * 2, max_steps=12)
    record = {k: v for k, v in make_record(g).items() if k not in ("start", "final", "scores", "winner")}
    record["options"] = options
    path.write_text(json.dumps(record))
    assert path.stat().st_size < 1100


@pytest.mark.slow
def test_the_endless_record_of_the_issue_is_refused_cheaply(tmp_path):
    """Item 6: ``errors`` 0.999999 in a 1 KB record ran 77 s and 3.0 GB (with ``max_readings`` 10**6 too, 100 s and
    4.2 GB). McDonald's now stops a race at its 20,000th reading (MCD-I18), so the replay ends in one line (here
    the record's fingerprints no longer match), well under 500 MB."""
    options = {"errors": 0.999999, "max_readings": 10**6}
    path = tmp_path / "endless.json"
    _endless_mcdonalds_record(path, options)
    r = subprocess.run([sys.executable, "-c", _LIMITED_MEMORY, "replay", str(path), "--partial"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith("error: "), r.stderr
    assert int(r.stdout) < 500, f"{r.stdout} MB"


def test_a_replay_is_stopped_by_the_event_limit(tmp_path):
    """Item 6: whatever a record's options, a replay stops once its game passes ``MAX_EVENTS`` events, even inside
    one decision. Shown with the limit lowered in the replaying process, on a real Hamburgerspelet game."""
    import json
    from toolkit.core import RandomAgent, make_record, new_game, play
    from toolkit.core import records
    assert records.MAX_EVENTS == 250_000            # the limit the README documents
    g = new_game("hamburgerspelet", players=4, seed=3)
    play(g, [RandomAgent()] * 4, max_steps=400)
    assert len(g.events) > 600
    path = tmp_path / "long.json"
    path.write_text(json.dumps(make_record(g)))
    lowered = _LIMITED_MEMORY.replace("from toolkit.__main__ import main",
                                      "import toolkit.core.records as records\nrecords.MAX_EVENTS = 600\n"
                                      "from toolkit.__main__ import main")
    r = subprocess.run([sys.executable, "-c", lowered, "replay", str(path), "--partial"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "replay stopped at decision" in r.stderr and "the game passed 600 events" in r.stderr, r.stderr


@pytest.mark.slow
def test_render_refuses_a_dpi_that_would_pass_a_gigabyte(tmp_path):
    """Item 6: ``render --dpi 1200`` of an FCM record took 10.6 s and 2.6 GB. A picture of more than 25 million
    pixels is refused before it is drawn, naming the largest dpi that fits."""
    from toolkit.core import new_game, save_record
    record, png = tmp_path / "fcm.json", tmp_path / "fcm.png"
    save_record(new_game("fcm", players=2, seed=1), record)
    r = subprocess.run([sys.executable, "-c", _LIMITED_MEMORY, "render", str(record), "--out", str(png),
                        "--dpi", "1200"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 2 and r.stderr.startswith("error: --dpi 1200 would draw this picture 11400 x 6240 pixels, "
                                                     "more than 25 million"), r.stderr
    assert r.stderr.strip().endswith("use --dpi 711 or less") and not png.exists()


_TRIPWIRE = r"""
import os, runpy, signal, sys
sig, at = getattr(signal, sys.argv[1]), sys.argv[2]
signal.signal(signal.SIGINT, signal.default_int_handler)      # as in a terminal, whatever the shell handed on


class Tripwire:
    "Sends the signal as the module ``at`` starts to be imported: a moment found without timing."

    def find_spec(self, name, path=None, target=None):
        if name == at:
            sys.meta_path.remove(self)
            os.kill(os.getpid(), sig)


sys.meta_path.insert(0, Tripwire())
sys.argv = ["-m", *sys.argv[3:]]                       # as python -m toolkit sets it while importing the package
runpy._run_module_as_main("toolkit")                   # what python -m toolkit calls
"""


@pytest.mark.parametrize("sig, at, said", [
    ("SIGTERM", "toolkit.core", "stopped by SIGTERM while starting: no game played, nothing written"),
    ("SIGINT", "toolkit.core.runner", "stopped by SIGINT while starting: no game played, nothing written"),
    ("SIGINT", "toolkit.gallery", "stopped by SIGINT: nothing written"),                   # parsing the arguments
    ("SIGTERM", "tqdm.auto", "stopped by SIGTERM: no games kept in {out}"),               # the run's own imports
    ("SIGINT", "distributed.http.scheduler", "stopped by SIGINT: no games kept in {out}"),   # a Dask cluster starts
])
@pytest.mark.slow
def test_a_stop_during_the_imports_says_so_in_one_line(tmp_path, sig, at, said):
    """Item 4: a signal in the first ~50 ms (the imports) gave a KeyboardInterrupt traceback (SIGINT) or a silent
    exit (SIGTERM). Sent as a given module is imported, it now gives one line, the shell's status, and no file.
    The last moment is a Dask LocalCluster starting: Ctrl-C was ignored then (so that its workers would ignore it
    too), and the run went on to its end."""
    out = tmp_path / "rows.csv"
    dask = ["--backend", "dask", "--jobs", "2"] if at.startswith("distributed") else []
    r = subprocess.run([sys.executable, "-c", _TRIPWIRE, sig, at, "simulate", "disneyland", "--games", "50", *dask,
                        "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert r.stderr == said.format(out=out) + "\n" and r.returncode == 128 + getattr(signal, sig), r.stderr
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_worker_killed_from_outside_ends_the_run_with_one_line(tmp_path):
    """Item 4: a local worker killed from outside gave a 24-27-line ``RuntimeError`` traceback that did not say how
    many games were kept. Now one line names the worker and the signal, and the count matches the CSV."""
    import time

    import psutil
    out = tmp_path / "rows.csv"
    p = subprocess.Popen([sys.executable, "-m", "toolkit", "simulate", "mcdonalds", "--games", str(10 ** 9),
                          "--players", "2", "--chunk", "5", "--jobs", "2", "--out", str(out)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        while not (out.exists() and out.read_text().count("\n") > 12):
            assert p.poll() is None, p.communicate()
            time.sleep(0.2)
        worker = psutil.Process(p.pid).children()[0]
        worker.kill()
        _, err = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
    assert p.returncode == 1 and err.count("\n") == 1, err
    assert err.startswith(f"error: worker process {worker.pid} ended (exit code -9) with its chunks unplayed: "
                          "killed by SIGKILL"), err
    kept = int(err.split("; ")[-1].split()[0])
    assert err.strip().endswith(f"; {kept} games kept in {out}")
    rows = _rows(out)
    assert len(rows) == kept and [int(r["seed"]) for r in rows] == list(range(kept))
