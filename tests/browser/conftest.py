"""One Voilà server and one headless Chromium for the whole session, both started and stopped here.

Voilà serves ``notebooks/apps`` on a free localhost port exactly as ``python -m toolkit classroom`` does (the same
command line, its template and kernel culling, from ``toolkit.classroom.voila_command``); Chromium is Debian's ``/usr/bin/chromium`` driven by
Playwright (never a downloaded browser). Without that Chromium the browser tests are skipped (see test_apps.py).
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APPS_DIR = REPO / "notebooks" / "apps"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
START_TIMEOUT = 60      # seconds for Voilà to answer; a failure, never a measurement
SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"     # git-ignored; kept after the run to look at
SEED = "11"             # the pages draw a fresh seed (seed=None); the test fixes it, for the pages and their twins


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _log_tail(path: Path, lines: int = 30) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory):
    """The base URL of a Voilà server serving notebooks/apps (pages at ``voila/render/<name>.ipynb``)."""
    port = _free_port()
    folder = tmp_path_factory.mktemp("voila")
    log = folder / "voila.log"
    # port_retries=0: if the port was taken meanwhile Voilà stops, rather than serving on a port we do not poll
    from toolkit.classroom import voila_command
    from toolkit.widgets.stepper import SEED_VARIABLE
    cmd, env = voila_command(port, browser=False, folder=APPS_DIR,
                             extra=["--Voila.ip=127.0.0.1", "--Voila.port_retries=0", "--show_tracebacks=True"])
    env.update({"JUPYTER_RUNTIME_DIR": str(folder / "runtime"), SEED_VARIABLE: SEED})
    with open(log, "wb") as out:
        proc = subprocess.Popen(cmd, cwd=REPO, stdout=out, stderr=subprocess.STDOUT, env=env,
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + START_TIMEOUT
        while True:
            if proc.poll() is not None:
                pytest.fail(f"Voilà exited with code {proc.returncode} before serving; its log:\n{_log_tail(log)}")
            try:
                with urllib.request.urlopen(url, timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"Voilà did not answer on {url} within {START_TIMEOUT} s; its log:\n{_log_tail(log)}")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()            # Voilà shuts its kernels down on SIGTERM
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)     # the group we started, nothing else
            proc.wait()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium under Playwright."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def screenshots():
    SCREENSHOTS.mkdir(exist_ok=True)
    print(f"\nbrowser test screenshots: {SCREENSHOTS}")
    return SCREENSHOTS


def pytest_collection_modifyitems(items):
    """Every browser test is in the slow tier (a Voilà server and Chromium): ``pytest -m "not slow"`` leaves them
    out of the edit-test loop."""
    here = Path(__file__).resolve().parent
    for item in items:
        if here in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.slow)
