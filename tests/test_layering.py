"""Layers point one way: rule modules never import matplotlib, ipywidgets or IPython."""
import subprocess
import sys

from toolkit.core.registry import GAMES

FORBIDDEN = ("matplotlib", "ipywidgets", "IPython")


def test_rule_modules_import_no_drawing_or_widgets():
    modules = ["toolkit", "toolkit.core"] + [target.split(":")[0] for target in GAMES.values()]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "", f"rule modules pulled in: {out}"


def test_playing_and_simulating_import_no_drawing():
    code = ("import sys\nfrom toolkit import simulate, new_game\n"
            "simulate('disneyland', games=3, seed=1, players=2, progress=False)\n"
            "print(','.join(m for m in sys.modules if m.split('.')[0] in ('matplotlib', 'ipywidgets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == ""
