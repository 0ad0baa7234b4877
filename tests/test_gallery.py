"""The gallery (issue 13): one command draws every drawing of every game, class and player views, a few steps
each, into one HTML page; and ``render`` writes PNG, SVG or PDF at a chosen dpi."""
import re
import subprocess
import sys
from html.parser import HTMLParser

import pytest
from toolkit.core.registry import game_names
from toolkit.gallery import build, drawings, sample_states, views


class _Figures(HTMLParser):
    def __init__(self):
        super().__init__()
        self.figures, self._current = [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "figure":
            self._current = a
        elif tag == "img" and self._current is not None:
            self.figures.append({**self._current, "src": a["src"]})


def _valid(path) -> bool:
    data = path.read_bytes()
    return data[:8] == b"\x89PNG\r\n\x1a\n" if path.suffix == ".png" else (
        path.suffix == ".svg" and b"<svg" in data[:2000] and data.rstrip().endswith(b"</svg>"))


@pytest.mark.slow
def test_the_gallery_shows_every_drawing_of_every_game_in_every_view(tmp_path):
    steps = (0.0, 1.0)
    page = build(tmp_path, players=2, seed=3, steps=steps)
    parser = _Figures()
    parser.feed(page.read_text(encoding="utf-8"))
    shown = {(f["data-game"], f["data-drawing"], f["data-view"], f["data-step"]) for f in parser.figures}
    expected = set()
    for name in game_names():
        for k, game in sample_states(name, players=2, seed=3, steps=steps):
            for d in drawings(name):
                for viewer in views(d, game):
                    expected.add((name, d.name, "class" if viewer is None else f"p{viewer}", str(k)))
    assert shown == expected
    assert {v for _, _, v, _ in shown} >= {"class", "p1", "p2"}
    for f in parser.figures:
        assert _valid(tmp_path / f["src"]), f["src"]


@pytest.mark.slow
def test_the_gallery_command_writes_svg(tmp_path):
    out = subprocess.run([sys.executable, "-m", "toolkit", "gallery", "--out", str(tmp_path), "--games",
                          "disneyland", "--players", "2", "--format", "svg"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    files = sorted(tmp_path.glob("*.svg"))
    assert files and all(_valid(f) for f in files)
    assert {f.name for f in files} == set(re.findall(r"src='([^']+)'", (tmp_path / "index.html").read_text()))
    bad = subprocess.run([sys.executable, "-m", "toolkit", "gallery", "--out", str(tmp_path), "--games", "chess"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown game" in bad.stderr and len(bad.stderr.splitlines()) == 1


@pytest.mark.slow
def test_render_writes_png_svg_and_pdf_at_a_chosen_dpi(tmp_path):
    def run(*args):
        return subprocess.run([sys.executable, "-m", "toolkit", *args], capture_output=True, text=True)
    rec = tmp_path / "g.json"
    assert run("play", "mcdonalds", "--seed", "3", "--players", "3", "--out", str(rec)).returncode == 0
    sizes = {}
    for dpi in ("96", "192"):
        png = tmp_path / f"s{dpi}.png"
        assert run("render", str(rec), "--step", "5", "--dpi", dpi, "--out", str(png)).returncode == 0
        data = png.read_bytes()
        sizes[dpi] = int.from_bytes(data[16:20], "big")
    assert sizes["192"] == 2 * sizes["96"]
    svg, pdf = tmp_path / "s.svg", tmp_path / "s.pdf"
    assert run("render", str(rec), "--out", str(svg)).returncode == 0 and _valid(svg)
    assert run("render", str(rec), "--format", "pdf", "--view", "2", "--out", str(pdf)).returncode == 0
    assert pdf.read_bytes()[:5] == b"%PDF-"
    bad = run("render", str(rec), "--format", "gif", "--out", str(tmp_path / "x.gif"))
    assert bad.returncode == 2 and len(bad.stderr.splitlines()) == 1
