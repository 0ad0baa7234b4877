"""Every link in every notebook resolves (the notebooks open from the repository root, so rules pages open too),
and the README's quick start is two commands, the JupyterLab one serving the root with the first notebook open."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").rglob("*.ipynb"))
MD_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HTML_LINK = re.compile(r"""(?:href|src)\s*=\s*["']([^"']+)["']""")
HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$", re.M)
HTML_ID = re.compile(r"""<[^>]+\b(?:id|name)\s*=\s*["']([^"']+)["']""")


def _markdown_of(path: Path) -> str:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        return "\n\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return path.read_text(encoding="utf-8")


def anchors(path: Path) -> set[str]:
    """The anchors a heading gets in JupyterLab (spaces to hyphens) and on GitHub (lower case, no punctuation)."""
    text = _markdown_of(path)
    found = set(HTML_ID.findall(text))
    for title in HEADING.findall(text):
        plain = re.sub(r"[`*_]|<[^>]+>", "", re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", title)).strip()
        found.add(plain.replace(" ", "-"))
        found.add(re.sub(r"[^\w\- ]", "", plain.lower()).replace(" ", "-"))
    return found


def links(path: Path) -> list[str]:
    text = _markdown_of(path)
    text = re.sub(r"```.*?```|`[^`\n]*`", "", text, flags=re.S)        # code is not a link
    return MD_LINK.findall(text) + HTML_LINK.findall(text)


def test_the_notebooks_have_links_to_check():
    assert NOTEBOOKS and any(links(nb) for nb in NOTEBOOKS)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: str(p.relative_to(REPO)))
def test_every_link_in_the_notebook_resolves(notebook):
    broken = []
    for link in links(notebook):
        url = urlparse(link)
        if url.scheme in ("http", "https", "mailto", "data"):
            continue                     # outside the repository: not checked here (no network in tests)
        target = notebook if not url.path else (notebook.parent / unquote(url.path)).resolve()
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif REPO not in target.parents and target != REPO:
            broken.append(f"{link}: outside the repository, so JupyterLab cannot open it")
        elif url.fragment and target.is_file() and unquote(url.fragment) not in anchors(target):
            broken.append(f"{link}: no heading or id '{url.fragment}' in {target.name}")
    assert not broken, f"{notebook.name}: broken links:\n" + "\n".join(broken)


def test_readme_quick_start_is_two_commands_and_lab_opens_the_root():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```bash\n(.*?)```", quick, flags=re.S)
    assert len(commands) == 2 and all(c.strip().count("\n") == 0 for c in commands), \
        "the quick start is exactly two one-line commands"
    lab = next(c for c in commands if "jupyter lab" in c)
    # the root directory is the repository's (so ../toolkit/... links open), with the first notebook open
    assert "--ServerApp.root_dir=." in lab and lab.strip().endswith("notebooks/00_start_here.ipynb")
    from jupyter_server.serverapp import ServerApp
    app = ServerApp(root_dir=str(REPO), file_to_run=str(REPO / "notebooks" / "00_start_here.ipynb"))
    assert app._resolve_file_to_run_and_root_dir() == str(Path("notebooks", "00_start_here.ipynb"))


def test_binder_installs_the_package_with_voila():
    import tomllib
    extras = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    lines = [ln.strip() for ln in (REPO / "binder" / "requirements.txt").read_text().splitlines()
             if ln.strip() and not ln.startswith("#")]
    wanted = {x for ln in lines for x in re.findall(r"^-e \.\[([\w,]+)\]$", ln)[0].split(",")} if lines else set()
    installs = {re.split(r"[<>=]", r)[0] for e in wanted for r in extras[e]}
    assert {"voila", "jupyterlab"} <= installs, f"binder/requirements.txt installs {sorted(installs)}"
