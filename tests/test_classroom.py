"""``python -m toolkit classroom``: the teacher's one command serves the pages, with nothing from a CDN, and shuts
down the kernel of a page that is gone."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from toolkit.classroom import voila_command

pytest.importorskip("voila")
psutil = pytest.importorskip("psutil")

REPO = Path(__file__).resolve().parents[1]
DEADLINE = 90           # seconds for Voila to answer, and for an abandoned kernel to go: a failure, never a measure


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=DEADLINE) as r:
        assert r.status == 200
        return r.read().decode()


def _kernels(proc) -> list:
    """The page kernels alive under the classroom server (a culled kernel may linger a moment as a zombie, or be
    gone between the listing and the reading of its command line)."""
    alive = []
    for p in psutil.Process(proc.pid).children(recursive=True):
        try:
            if p.status() != psutil.STATUS_ZOMBIE and any("ipykernel" in part for part in p.cmdline()):
                alive.append(p)
        except (psutil.ZombieProcess, psutil.NoSuchProcess):
            continue
    return alive


def test_the_command_line_is_voila_in_the_classroom_template_with_culling():
    cmd, env = voila_command(port=9123, cull_after=120, browser=False, folder="x")
    assert cmd[:3] == [sys.executable, "-m", "voila"] and cmd[-1] == "x"
    assert {"--port=9123", "--template=classroom", "--no-browser", "--MappingKernelManager.cull_idle_timeout=120",
            "--MappingKernelManager.cull_connected=False"} <= set(cmd)
    template = Path(env["JUPYTER_PATH"].split(os.pathsep)[0]) / "voila" / "templates" / "classroom"
    assert (template / "index.html.j2").is_file() and (template / "conf.json").is_file()
    with pytest.raises(ValueError):
        voila_command(cull_after=0)


@pytest.mark.slow
def test_classroom_serves_the_pages_offline_and_culls_a_gone_pages_kernel(tmp_path):
    port = _free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"))
    log = tmp_path / "classroom.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "toolkit", "classroom", f"--port={port}", "--no-browser",
                                 "--cull-after=2"], cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + DEADLINE
        while True:
            assert proc.poll() is None, f"classroom stopped: {log.read_text()[-2000:]}"
            try:
                index = _get(base)
                break
            except OSError:
                assert time.monotonic() < deadline, f"no answer on {base}: {log.read_text()[-2000:]}"
                time.sleep(0.3)
        assert "cdn.jsdelivr.net" not in index
        page = _get(f"{base}voila/render/disneyland_app.ipynb")
        assert "cdn.jsdelivr.net" not in page, "the page asks a CDN for a stylesheet: offline, a console error"
        assert "application/vnd.jupyter.widget-view+json" in page, "the page shows no widget"
        assert _kernels(proc), "the page's kernel did not start"
        # nobody connects to that kernel (no browser): it is a page gone, shut down once idle for 2 s
        while _kernels(proc):
            assert time.monotonic() < deadline + DEADLINE, f"the kernel was not culled: {log.read_text()[-2000:]}"
            time.sleep(0.5)
        assert "Culling kernels with idle durations > 2 seconds" in log.read_text()
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)      # the group we started, nothing else
            proc.wait()


def test_start_here_opens_unmodified_with_a_picture_of_its_stepper():
    """JupyterLab rewrites a notebook's kernel name that differs from the kernel's own (so it opens "modified");
    the stepper's cell keeps a picture of the stepper until it is run, not the widget's raw text."""
    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    nb = nbformat.read(REPO / "notebooks" / "00_start_here.ipynb", as_version=4)
    spec = KernelSpecManager().get_kernel_spec(nb.metadata.kernelspec.name)
    assert nb.metadata.kernelspec.display_name == spec.display_name
    assert "widgets" not in nb.metadata, "saved widget state for widgets the notebook no longer shows"
    cell = next(c for c in nb.cells if c.cell_type == "code" and c.source.splitlines()[-1] == "stepper")
    assert [sorted(o.get("data", {})) for o in cell.outputs] == [["image/png", "text/plain"]]
