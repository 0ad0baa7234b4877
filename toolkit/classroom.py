"""The classroom pages for a teacher: ``python -m toolkit classroom [--port N]``.

It serves the game pages of ``notebooks/apps`` with Voila, in the toolkit's own page template (``classroom``:
Voila's, with no stylesheet from a CDN, so an offline room's browsers log no error), and shuts down the kernel
of a page that is gone: a kernel with no page connected is culled once idle for ``cull_after`` seconds (each
page's kernel holds about 120 MB; a page still open keeps its game however long the class talks).
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

#: Where the ``classroom`` Voila template lives, as a Jupyter data folder (``voila/templates/classroom``).
PAGES_DATA = Path(__file__).resolve().parent / "pages"
TEMPLATE = "classroom"
CULL_AFTER = 180        # seconds a kernel with no page may stay idle before it is shut down
PORT = 8866             # Voila's own default


def apps_folder() -> Path:
    """The folder of game pages: the repository's ``notebooks/apps`` (beside the package, as in a clone or an
    editable install), else ``notebooks/apps`` under the current folder."""
    for root in (PAGES_DATA.parents[1], Path.cwd()):
        folder = root / "notebooks" / "apps"
        if folder.is_dir():
            return folder
    raise FileNotFoundError("no notebooks/apps folder: run this from the repository's root")


def voila_command(port: int = PORT, cull_after: int = CULL_AFTER, browser: bool = True, folder=None,
                  extra=()) -> tuple[list[str], dict]:
    """The Voila command line and environment that serve the pages.

    >>> cmd, env = voila_command(port=9000, browser=False, folder="apps")
    >>> cmd[1:4], cmd[-1], "--template=classroom" in cmd
    (['-m', 'voila', '--port=9000'], 'apps', True)
    """
    if cull_after < 1:
        raise ValueError(f"cull_after must be at least 1 second, not {cull_after}")
    interval = min(60, max(1, cull_after // 2))        # how often idle kernels are looked for
    cmd = [sys.executable, "-m", "voila", f"--port={port}", f"--template={TEMPLATE}",
           f"--MappingKernelManager.cull_idle_timeout={cull_after}",
           f"--MappingKernelManager.cull_interval={interval}",
           "--MappingKernelManager.cull_connected=False"]       # a page still open is never culled
    if not browser:
        cmd.append("--no-browser")
    cmd += [*extra, str(apps_folder() if folder is None else folder)]
    paths = [str(PAGES_DATA)] + [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    return cmd, dict(os.environ, JUPYTER_PATH=os.pathsep.join(paths))


def serve(port: int = PORT, cull_after: int = CULL_AFTER, browser: bool = True) -> int:
    """Serve the pages until stopped (Ctrl-C). On POSIX this process becomes Voila, so stopping it stops Voila
    and its kernels."""
    cmd, env = voila_command(port, cull_after, browser)
    print(f"classroom pages on http://localhost:{port}/ (Ctrl-C stops them)", flush=True)
    if os.name == "posix":
        os.execve(cmd[0], cmd, env)
    try:
        return subprocess.call(cmd, env=env)
    except KeyboardInterrupt:
        return 130


def add_arguments(parser) -> None:
    parser.add_argument("--port", type=int, default=PORT, help=f"the port to serve on (default: {PORT})")
    parser.add_argument("--cull-after", type=int, default=CULL_AFTER, metavar="SECONDS",
                        help="shut down a page's kernel this long after its page is gone "
                             f"(default: {CULL_AFTER})")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser on the list of pages")


def run(args) -> int:
    return serve(args.port, args.cull_after, browser=not args.no_browser)
